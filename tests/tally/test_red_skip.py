"""A body whose colours are surely not red is not parsed for red marks (C-05, issue 22).

tally/rules/reading.py skips, for the red syntax, a body in which every "color" starts a colour
declaration or attribute of a value that is not red; anything it cannot be sure of is parsed.
Checked here by hand-written bodies either way, and over generated bodies against the walk
itself: a body skipped never has a red element in its tree.
"""

from __future__ import annotations

import random

import pytest

from votal.scraper.colour import element_colour, is_red
from votal.tally.bodies.body import parse
from votal.tally.bodies.extract import read_post
from votal.tally.presets import get_preset
from votal.tally.rules.reading import _WORDS, _may_be_red, _may_hold

NOT_RED = [
    '<p>I think <span style="color: green">Irini</span> is town</p>',
    '<font color="#0000FF">Pavlos</font> and <font color=navy size=2>Tasos</font>',
    '<span style="font-weight: bold; color : rgb(0, 128, 0) !important">Zoi</span>',
    "<span style='color:Blue'>Aris</span><span style=\"background-color: #ccc\">x</span>",
]
MAYBE_RED = [
    '<span style="color: #e25041">Nikos</span>',
    '<font color=red size=2>Nikos</font>',                        # unquoted, then another attribute
    '<span style="color: green">Anna</span> <font color="FF0000">Nikos</font>',
    '<span style="color: blue">x</span> what color is it?',       # prose: cannot be sure
    '<span style="color:&#114;ed">Nikos</span>',                  # a character reference
    '<span style="color: blue">x</span> &amp; more',
    '<span style="color:/* blue */ red">Nikos</span>',            # a CSS comment
    '<span style="color:\u00a0red">Nikos</span>',                 # whitespace the pattern refuses
    '<span style="background-color: red; color: blue">Nikos</span>',   # red anywhere is enough
]


@pytest.mark.parametrize("html", NOT_RED)
def test_a_body_coloured_only_in_other_colours_is_skipped_and_holds_no_red_mark(html):
    assert not _may_be_red(html)
    assert not _may_hold(_WORDS["red"], html, red=True)
    assert _may_hold(_WORDS["red"], html)   # a reader of other colours still reads it
    assert read_post(html, "red").marks == ()


@pytest.mark.parametrize("html", MAYBE_RED)
def test_a_body_that_may_be_red_is_parsed(html):
    assert _may_be_red(html)


def test_only_a_ruleset_that_reads_no_other_colour_skips_them():
    assert get_preset("mafia-forum-ru").traits.coloured   # MR-02: names in other colours
    assert not get_preset("palermo-extreme").traits.coloured


_VALUES = ["red", "RED", "blue", "#f00", "#FF0000", "ff0000", "#00f", "green", "rgb(255,0,0)",
           "rgb (255,0,0)", "rgb(0, 0, 255)", "hsl(0, 100%, 50%)", "rgba(255,0,0,0)", "darkred",
           "navy", "#e25041", "transparent", "", "red !important", "blue !important", "blue red",
           "'red'", "blue'red", "blue>red", "\tred", "re d", "crimson", "tomato"]


def _generated(rnd: random.Random) -> str:
    out = []
    for _ in range(rnd.randint(1, 4)):
        value = rnd.choice(_VALUES)
        name = rnd.choice(["color", "COLOR", "Color", "background-color"])
        space = rnd.choice(["", " ", "\n"])
        if rnd.random() < 0.5:
            quote = rnd.choice(['"', "'"])
            style = f"{name}{space}:{space}{value}{rnd.choice(['', ';', '; color: blue'])}"
            out.append(f"<span style={quote}{style.replace(quote, '')}{quote}>Nikos</span>")
        else:
            quote = rnd.choice(['"', "'", ""])
            value = value if quote else (value.split() or ["x"])[0]
            out.append(f"<font {name}{space}={space}{quote}{value}{quote}"
                       f"{rnd.choice(['', ' size=2'])}>Nikos</font>")
        out.append(rnd.choice(["", " and ", "<p>", "<blockquote>"]))
    return "".join(out)


def test_no_skipped_body_has_a_red_element():
    rnd = random.Random(22)
    skipped = 0
    for _ in range(3000):
        html = _generated(rnd)
        if _may_be_red(html):
            continue
        skipped += 1
        root, _ = parse(html)
        assert root is not None
        assert not any(is_red(c) for el in root.iter()
                       if (c := element_colour(el)) is not None), html
        assert read_post(html, "red").marks == ()
    assert skipped > 300   # the generator makes both kinds


# A body that begins with a quote: its red names are the quoted player's (vocabulary), so a
# reader of the author's own marks skips it when its own colours are surely not red.
QUOTE_ONLY_RED = [
    '<blockquote data-author="Anna" data-post="7"><p>vote <span style="color: red">Nikos'
    '</span></p></blockquote><p>no, not him</p>',
    '\n<BLOCKQUOTE><div><cite>Anna wrote:</cite><font color="#f00"><b>Nikos</font></div>'
    '</Blockquote ><p>I think <span style="color: green">Irini</span> is town</p>',
    '<blockquote><span style="color:red">Nikos</span><blockquote><font color=red>Pavlos</font>'
    '</blockquote>so</blockquote>and <span style="color: blue">Tasos</span>',
]
OWN_MAYBE_RED = [
    '<blockquote><p>Anna said so</p></blockquote><p><span style="color: red">Nikos</span></p>',
    # a tag the quote cannot be told to hold to its end tag: read
    '<blockquote><font color=red>Nikos</font></body><font color=red>Pavlos</font></blockquote>',
    '<blockquote><font color=red>Nikos</font><table><tr><td>x</td></tr></table></blockquote>',
    '<p>first</p><blockquote><font color=red>Nikos</font></blockquote>',   # not at the start
    '<blockquote><font color=red>Nikos</font>',                              # never closed
    '<blockquote><font color=red>Nikos</font></blockquote>&#114;ed',          # a reference after
    # after a nested quote's end the outer quote's text is not told apart from the author's
    '<blockquote><blockquote>x</blockquote><font color=red>Nikos</font></blockquote>',
]


@pytest.mark.parametrize("html", QUOTE_ONLY_RED)
def test_a_body_red_only_in_the_quote_it_begins_with_is_skipped_for_own_marks(html):
    assert _may_hold(_WORDS["red"], html, red=True)             # a reader of quotes reads it
    assert not _may_hold(_WORDS["red"], html, red=True, own=True)
    assert read_post(html, "red").marks == ()
    assert any(q.marks for q in read_post(html, "red").quotes)   # the quote's marks are there


@pytest.mark.parametrize("html", OWN_MAYBE_RED)
def test_a_body_that_may_be_red_outside_its_quote_is_parsed(html):
    assert _may_hold(_WORDS["red"], html, red=True, own=True)


_QUOTED = ["p", "b", "span", "font", "div", "br", "a", "blockquote", "cite", "q", "ul", "li", "s",
           "i", "img", "hr", "body", "html", "table", "td", "script", "textarea", "title", "form",
           "plaintext", "xmp", "head", "font-x"]
_PIECES = ["x", " ", "\n", "<!-- </blockquote> -->", "</blockquote>", "&amp;", "a < b", "</",
           "<p>", "</p>", '<span style="color: red">R</span>', '<font color="#f00">R',
           '<span style="color: green">G</span>']


def _inside(rnd: random.Random, depth: int = 0) -> str:
    out = []
    for _ in range(rnd.randint(0, 4)):
        if rnd.random() < 0.4 or depth >= 4:
            out.append(rnd.choice(_PIECES))
            continue
        tag = rnd.choice(_QUOTED)
        attrs = rnd.choice(["", ' style="color: red"', ' color="blue"', ' title="</blockquote>"',
                            ' class="quote"'])
        roll = rnd.random()
        if roll < 0.2:
            out.append(f"<{tag}{attrs}>{_inside(rnd, depth + 1)}")            # left open
        elif roll < 0.3:
            out.append(f"</{tag}>")                                           # a stray end tag
        else:
            out.append(f"<{tag}{attrs}>{_inside(rnd, depth + 1)}</{tag}>")
    return "".join(out)


def test_no_body_skipped_for_its_quote_has_an_own_red_mark():
    """Generated bodies that begin with a quote holding a red name, its end tag in any case,
    stray and open tags on both sides: whenever the reader of own marks skips one, the parse of
    this lxml/libxml2 reads no own red mark in it (the parser's behaviour the skip relies on)."""
    rnd = random.Random(21)
    skipped = 0
    for _ in range(4000):
        html = (rnd.choice(["<blockquote>", '<blockquote data-author="A">', "<BLOCKQUOTE>"])
                + _inside(rnd) + '<span style="color: red">R</span>' + _inside(rnd)
                + rnd.choice(["</blockquote>", "</BLOCKQUOTE>", "</blockquote >", ""])
                + _inside(rnd).replace("red", "blue").replace("#f00", "#00f"))
        if _may_hold(_WORDS["red"], html, red=True, own=True):
            continue
        skipped += 1
        assert read_post(html, "red", quotes=False).marks == (), html
    assert skipped > 100   # the generator makes both kinds
