"""bbcode_to_html: BBCode posts to the normalised HTML of interfaces.md §2."""

from __future__ import annotations

import pytest

from votal.scraper.bbcode import bbcode_to_html, quote_source
from votal.tally.bodies.extract import MarkKind, read_post


@pytest.mark.parametrize("source, html", [
    ("[b]a[/b] [i]b[/i] [u]c[/u] [s]d[/s]", "<b>a</b> <i>b</i> <u>c</u> <s>d</s>"),
    ("[B]loud[/B]", "<b>loud</b>"),
    ("[color=red]Nikos[/color]", '<span style="color: red">Nikos</span>'),
    ('[color="#ff0000"]Nikos[/color]', '<span style="color: #ff0000">Nikos</span>'),
    ("[color=rgb(226, 80, 65)]N[/color]", '<span style="color: rgb(226, 80, 65)">N</span>'),
    ("[spoiler]role[/spoiler]", "<details><summary>Spoiler</summary>role</details>"),
    ("[spoiler=Night]x[/spoiler]", "<details><summary>Night</summary>x</details>"),
    ("[url]https://a.example/t?x=1&y=2[/url]",
     '<a href="https://a.example/t?x=1&amp;y=2">https://a.example/t?x=1&amp;y=2</a>'),
    ("[url=https://a.example/]there[/url]", '<a href="https://a.example/">there</a>'),
    ("[img]https://a.example/i.png[/img]", '<img src="https://a.example/i.png">'),
    ("[vote]Blood Queen[/vote]", '<span class="bbvote">VOTE: Blood Queen</span>'),
    ("[unvote][/unvote]", '<span class="bbvote">UNVOTE: </span>'),
    ("[unvote]", '<span class="bbvote">UNVOTE: </span>'),
    ("a\nb", "a<br>\nb"),
    ("[list][*]one[*]two[/list]", "<ul><li>one<li>two</ul>"),
])
def test_tags(source: str, html: str) -> None:
    assert bbcode_to_html(source) == html


@pytest.mark.parametrize("source, author, post", [
    ('[quote="Lampros" post_id=123 time=1700000000 user_id=5]x[/quote]', "Lampros", "123"),
    ("[quote=Lampros post_id=123 time=1700000000 user_id=5]x[/quote]", "Lampros", "123"),
    ("[quote=Lampros]x[/quote]", "Lampros", None),
    ('[quote="Nikos Pap"]x[/quote]', "Nikos Pap", None),
    ('[quote="nikos, post:3, topic:1"]x[/quote]', "nikos", "3"),
    ('[QUOTE="Anna, post: 12345, member: 678"]x[/QUOTE]', "Anna", "12345"),
    ("[quote=Bob;999]x[/quote]", "Bob", "999"),
    ("[quote author=Some One link=topic=12.msg456#msg456 date=1]x[/quote]", "Some One", "456"),
])
def test_quote_dialects(source: str, author: str, post: str | None) -> None:
    html = bbcode_to_html(source)
    reading = read_post(html, "red")
    (quote,) = reading.quotes
    assert (quote.author, quote.post_id) == (author, post)
    assert quote.text == "x"


def test_plain_quote_has_no_attributes() -> None:
    assert bbcode_to_html("[quote]x[/quote]y") == "<blockquote>x</blockquote>y"


def test_nested_quotes() -> None:
    html = bbcode_to_html("[quote=B][quote=A]inner[/quote]outer[/quote]mine")
    assert html == ('<blockquote data-author="B"><blockquote data-author="A">inner</blockquote>'
                    "outer</blockquote>mine")


def test_html_in_text_and_attributes_is_escaped() -> None:
    assert bbcode_to_html("<script>alert(1)</script> & co") == \
        "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co"
    assert bbcode_to_html('[quote="a&quot;><b>"]x[/quote]') == \
        '<blockquote data-author="a&amp;quot;&gt;&lt;b&gt;">x</blockquote>'
    assert bbcode_to_html("[vote]<b>x</b>[/vote]") == \
        '<span class="bbvote">VOTE: &lt;b&gt;x&lt;/b&gt;</span>'


def test_unsafe_values_are_not_used() -> None:
    assert bbcode_to_html("[color=red;background:url(x)]N[/color]") == "<span>N</span>"
    assert bbcode_to_html("[url=javascript:alert(1)]t[/url]") == "t"
    assert bbcode_to_html('[img]javascript:x[/img]') == "javascript:x"


@pytest.mark.parametrize("source, html", [
    ("[b]open", "[b]open"),
    ("close[/b]", "close[/b]"),
    ("[b]x[i]y[/b]z[/i]", "<b>x[i]y</b>z[/i]"),   # badly nested: the inner pair breaks
    ("[quote=A]never closed", "[quote=A]never closed"),
    ("[url]x [b]y[/b]", "[url]x <b>y</b>"),
    ("[foo]bar[/foo]", "[foo]bar[/foo]"),          # unknown tags stay text
    ("[*]item", "[*]item"),                         # an item outside a list
])
def test_unbalanced_or_unknown_tags_stay_text(source: str, html: str) -> None:
    assert bbcode_to_html(source) == html


def test_tags_inside_url_are_its_text() -> None:
    assert bbcode_to_html("[url=https://a.example/][b]x[/b][/url]") == \
        '<a href="https://a.example/">[b]x[/b]</a>'


def test_empty_input() -> None:
    assert bbcode_to_html("") == ""


def test_quote_source_without_parameters() -> None:
    assert quote_source("") == (None, None)


def test_round_trip_to_votes() -> None:
    """A BBCode post reads like its HTML twin: own red mark, quoted mark kept apart (MR-03)."""
    html = bbcode_to_html('[quote="Ворон" post_id=1001]Голосую [color=#ff0000]Лиса[/color]'
                          "[/quote]Согласен. [color=red]Сова[/color]")
    reading = read_post(html, "red")
    assert [m.text for m in reading.marks] == ["Сова"]
    assert reading.quotes[0].author == "Ворон" and reading.quotes[0].post_id == "1001"
    assert [m.text for m in reading.quotes[0].marks] == ["Лиса"]
    ms = read_post(bbcode_to_html("[vote]Nikos[/vote]\n[b]unvote[/b]"), "mafiascum")
    assert [(m.kind, m.text) for m in ms.marks] == [(MarkKind.VOTE, "Nikos"),
                                                     (MarkKind.UNVOTE, "")]
