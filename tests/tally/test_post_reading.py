"""A post's reading folds its own text only when asked, and is still the frozen value it was
(issue 22): compared, hashed and printed by its six fields, whether the text was folded yet."""

from __future__ import annotations

import copy
import pickle

import pytest

from votal.tally.bodies.extract import Mark, MarkKind, PostReading, read_post

BODY = '<p>I  vote\n<span style="color: red">Nikos</span></p><p>\tbecause   he lied</p>'


def test_the_own_text_is_folded_when_asked_and_read_post_gives_it_so():
    raw = PostReading((), "  a \n b\t", (), folded=False)
    assert raw.own_text == "a b"
    assert raw.own_text == "a b"   # folded once, kept
    assert read_post(BODY, "red").own_text == "I vote Nikos because he lied"


def test_a_reading_compares_hashes_and_prints_by_its_folded_text():
    eager = PostReading((Mark(MarkKind.RED, "Nikos", "red"),), "I vote Nikos because he lied", ())
    lazy = read_post(BODY, "red", quotes=False)
    assert lazy == eager and hash(lazy) == hash(eager)
    assert read_post(BODY, "red", quotes=False) == eager   # equal before the fold too
    assert repr(read_post(BODY, "red")) == (
        "PostReading(marks=(Mark(kind=<MarkKind.RED: 'red'>, text='Nikos', colour='red', "
        "ballot=1, malformed=False, inline=False),), own_text='I vote Nikos because he lied', quotes=(), "
        "links=(), unreadable='', coloured=(), hidden=())")
    assert eager != PostReading(eager.marks, "I vote Nikos", ())
    assert eager != ("not", "a", "reading")


def test_a_reading_is_frozen():
    reading = read_post(BODY, "red")
    with pytest.raises(AttributeError):
        reading.marks = ()   # type: ignore[misc]
    with pytest.raises(AttributeError):
        del reading.own_text   # type: ignore[misc]


def test_a_reading_is_pickled_and_copied_as_it_reads():
    reading = read_post(BODY, "red")
    for again in (pickle.loads(pickle.dumps(reading)), copy.deepcopy(reading), copy.copy(reading)):
        assert again == reading and again.own_text == "I vote Nikos because he lied"


def test_a_reading_with_a_spoilered_mark_is_pickled_and_copied_with_it():
    reading = read_post('<details><summary>x</summary><span style="color:red">Nikos</span></details>',
                        "red")
    assert reading.marks == () and [m.text for m in reading.hidden] == ["Nikos"]
    for again in (pickle.loads(pickle.dumps(reading)), copy.deepcopy(reading), copy.copy(reading)):
        assert again == reading and again.hidden == reading.hidden
