"""The fast paths of normalize.py give the trees and strings of the plain lxml recipes they
replace (the bench's speed must not change what the adapters read).

Each fast helper is compared with the straightforward version, written out here, on tricky input.
"""

from __future__ import annotations

from html import escape

import lxml.html
import pytest
from lxml import etree

from votal.scraper import normalize as nz
from votal.scraper.engines import discourse

FRAGMENTS = [
    "", "   ", "plain text", "  lead <b>bold</b> tail  ", "<p>one</p><p>two</p>",
    "<!-- c --><p>x</p>", "text</div>after a stray end tag<p>p</p>", "<div><b>unclosed",
    "<table><tr><td>1</td></tr></table>tail", "<body class='x'><p>body tag inside</p>",
    "<html><body><p>whole document</p></body></html>", "<!DOCTYPE html><p>doctype</p>",
    "a &lt; b &amp; <i>c</i>", "<script>var a = '<p>';</script><p>after</p>",
    "<li>bare item</li><li>two</li>", "Ψηφίζω <span style='color:red'>Νίκο</span>",
]


def html(el: etree._Element) -> str:
    return etree.tostring(el, encoding="unicode", method="html")


@pytest.mark.parametrize("source", FRAGMENTS)
def test_fragment_is_lxml_fragment_fromstring(source):
    ref = lxml.html.fragment_fromstring(source, create_parent="div")
    got = nz.fragment(source)
    assert got.tag == "div" and html(got) == html(ref)
    assert got.text == ref.text
    # the wrapper is its document's root, as lxml's is: absolute paths stay inside it
    assert got.getparent() is None and got.getroottree().getroot() is got


def _inner_html_reference(el: etree._Element) -> str:
    parts = [escape(el.text or "", quote=False)]   # the leading text escaped as every other text
    for child in el:
        parts.append(etree.tostring(child, encoding="unicode", method="html", with_tail=True))
    return "".join(parts).strip()


@pytest.mark.parametrize("source", FRAGMENTS + [
    "<blockquote class='q' data-x='1 > 0'>a<br>b<br/>c</blockquote>",
    "<div id='k' style='color: red'>text &lt;raw&gt; <b>x</b> y <!-- z --> w</div>",
])
def test_inner_html_is_the_children_serialised_one_by_one(source):
    root = nz.fragment(source)
    for el in [root, *root.iter()]:
        if not isinstance(el.tag, str):
            continue
        attrib, text = dict(el.attrib), el.text
        assert nz.inner_html(el) == _inner_html_reference(el)
        assert dict(el.attrib) == attrib and el.text == text  # left as found


def _make_quote_reference(el, content, author, post_id):
    bq = etree.Element("blockquote")
    if author:
        bq.set("data-author", author.strip())
    if post_id:
        bq.set("data-post", str(post_id).strip())
    src = el if content is None else content
    bq.text = src.text
    for child in list(src):
        bq.append(child)
    bq.tail = el.tail
    el.getparent().replace(el, bq)


QUOTES = [
    # (markup, xpath of the quote block, xpath of its content or None)
    ("<p>a</p><blockquote class='q' cite='x'>quoted <b>vote</b></blockquote> after", "//blockquote",
     None),
    ("<aside class='quote' data-post='2'><div class='title'>X:</div><blockquote id='b'>in"
     "<p>side</p></blockquote></aside>tail", "//aside", "//aside/blockquote"),
    ("<div class='bbcode'><div class='msg'>text <i>it</i></div></div>tail", "//div[@class='bbcode']",
     "//div[@class='msg']"),
]


@pytest.mark.parametrize("markup,box,content", QUOTES)
def test_make_quote_reusing_a_blockquote_gives_the_same_tree(markup, box, content):
    trees = [nz.fragment(markup), nz.fragment(markup)]
    for tree, fn in zip(trees, (nz.make_quote, _make_quote_reference)):
        el = tree.xpath(box)[0]
        fn(el, tree.xpath(content)[0] if content else None, " Anna ", " 12 ")
    assert html(trees[0]) == html(trees[1])
    assert '<blockquote data-author="Anna" data-post="12">' in html(trees[0])


def _colors_reference(root):
    for el in list(root.iter("font")):
        color = el.get("color")
        if color:
            span = etree.Element("span", style=f"color: {color.strip()}")
            nz._replace_keeping_children(el, span)
        else:
            el.drop_tag()
    for el in list(root.iter()):
        if not isinstance(el.tag, str) or el.tag in ("span", "blockquote", "details", "summary"):
            continue
        color = nz.css_color(el)
        if color and el.tag not in ("div", "p", "td", "li"):
            nz._replace_keeping_children(el, etree.Element("span", style=f"color: {color}"))
    for el in root.iter("span"):
        color = nz.css_color(el)
        if color:
            for attr in list(el.attrib):
                del el.attrib[attr]
            el.set("style", f"color: {color}")


@pytest.mark.parametrize("source", [
    "<font color='red'>a <font color='#00f'>b</font></font><font size=2>plain</font>",
    "<b style='COLOR: Red; font-weight: bold'>x <span class='k' style='color:blue'>y</span></b>",
    "<span style='background-color: red'>bg only</span><em style='color: rgb(255, 0, 0)'>e</em>",
    "<div style='color:red'>div keeps</div><td style='color:red'>td</td><p style='color:red'>p</p>",
    "<blockquote style='color:red'>q <span style='color: red ; x: y'>s</span></blockquote>",
])
def test_colours_in_one_walk_match_the_three_pass_version(source):
    fast, ref = nz.fragment(source), nz.fragment(source)
    nz.normalize_colors(fast)
    _colors_reference(ref)
    assert html(fast) == html(ref)


def test_discourse_runs_every_step_when_character_references_hide_a_class():
    # class="spoi&#108;er" is "spoiler" once parsed: the source check must not skip the step
    cooked = "<div class='spoi&#108;er'>hidden vote</div><p>open</p>"
    assert discourse.normalize_cooked(cooked) == (
        "<details><summary>Spoiler</summary>hidden vote</details><p>open</p>")
    # and the same post with the class spelt out reads the same
    assert discourse.normalize_cooked(cooked.replace("&#108;", "l")) == (
        discourse.normalize_cooked(cooked))


def test_discourse_quote_controls_outside_a_title_are_still_dropped():
    cooked = ("<aside class='quote' data-username='Anna' data-post='3'><div class='title'>"
              "<div class='quote-controls'></div>Anna:</div><blockquote><p>vote X</p>"
              "</blockquote></aside><div class='quote-controls'>stray</div><p>mine</p>")
    out = discourse.normalize_cooked(cooked, 7)
    assert "quote-controls" not in out and "stray" not in out
    assert out.startswith('<blockquote data-author="Anna" data-post="#3">')


def test_a_literal_tag_in_the_leading_text_stays_text():
    """"&lt;b&gt;vote: Kelp&lt;/b&gt;" typed by a player is text: written raw it became a real
    bold vote once the body was parsed again (and "&amp;lt;" a "<")."""
    from votal.tally.bodies.extract import read_post

    root = nz.fragment("&lt;b&gt;vote: Kelp&lt;/b&gt; AT&amp;T <i>x</i>")
    body = nz.inner_html(root)
    assert body.startswith("&lt;b&gt;vote: Kelp&lt;/b&gt; AT&amp;T")
    assert nz.fragment(body).text == root.text
    assert read_post(body, "mafiascum").marks == ()
