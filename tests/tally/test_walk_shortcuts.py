"""The walk's shortcuts read what the plain walk reads (issue 22).

tally/bodies/htmlwalk.py walks a parsed body from its ``<body>`` when ``<html>`` and ``<body>`` are
bare, and works out what an element is from its tag and attributes once per combination. Both
are checked here against the walk that takes neither: the document's ``<html>`` given an
attribute that means nothing to the walk (so the whole document is walked), and an empty table
of element effects before every walk.
"""

from __future__ import annotations

import pytest

from votal.tally.bodies import htmlwalk
from votal.tally.bodies.body import parse

BODIES = [
    "plain words, no markup",
    '<p>I vote <span style="color: #ff0000">Nikos</span> today</p>',
    '<p>first</p>\n<p>second <b>bold <span style="color:red">Ma</span>'
    '<span style="color:red">ria</span></b></p>',
    '<blockquote data-author="Eva" data-post="9"><p><font color="red">Eva</font></p>'
    '</blockquote>then <font color="#FF0000">Petros</font>',
    '<div class="quote">quoted <span style="color:red">X</span></div>'
    '<span style="color: green">Anna <i>and</i> Irini</span>',
    '<details><summary>spoiler</summary><span style="color:red">hidden</span></details>'
    '<s><span style="color:red">struck</span></s> <br> <a href="viewtopic.php?p=77#p77">see</a>',
    '<span class="bbvote">VOTE: <span class="bbvote">Kelp</span></span> and '
    '<span style="font-weight: bold">vote: Brine</span>',
    '<div style="display:inline">inline</div><div style="display: none">gone</div>tail',
    '<title>head</title><p>after a head</p>',
    '<body style="color: red">all red</body>',
    "text<table><tr><td>cell</td></tr></table>after",
]


def _walked(w: htmlwalk.Walked) -> tuple:
    return (w.pieces, [q.get("data-post") for q in w.quotes], w.links, w.coloured)


@pytest.mark.parametrize("html", BODIES)
def test_walking_from_the_bare_body_reads_what_the_whole_document_reads(html):
    root, _ = parse(html)
    whole, _ = parse(html)
    whole.set("data-walk", "whole")   # no longer bare: the walk starts at <html>
    assert htmlwalk._content(whole) is whole
    assert _walked(htmlwalk.walk(root)) == _walked(htmlwalk.walk(whole))
    for quote, again in zip(htmlwalk.walk(root).quotes, htmlwalk.walk(whole).quotes, strict=True):
        assert _walked(htmlwalk.walk(quote, top=True)) == _walked(htmlwalk.walk(again, top=True))


@pytest.mark.parametrize("html", BODIES)
def test_the_table_of_element_effects_changes_no_walk(html, monkeypatch):
    root, _ = parse(html)
    remembered = _walked(htmlwalk.walk(root))
    monkeypatch.setattr(htmlwalk, "_EFFECTS", ({}, {}))
    assert _walked(htmlwalk.walk(root)) == remembered
    monkeypatch.setattr(htmlwalk, "_EFFECTS_KEPT", 1)   # emptied before every new element kind
    assert _walked(htmlwalk.walk(root)) == remembered
