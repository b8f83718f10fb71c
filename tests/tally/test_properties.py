"""Properties (hypothesis): reading never crashes; a quoted name is never the author's mark;
the resolver never picks one of two players whose names fold equal."""

from __future__ import annotations

import re
from html import escape, unescape

from hypothesis import given, settings
from hypothesis import strategies as st

from votal.scraper.bbcode import bbcode_to_html
from votal.tally.bodies.extract import PostReading, read_post
from votal.tally.names import NameResolver, fold
from votal.tally.rules import reading as reading_module

SYNTAXES = st.sampled_from(["red", "mafiascum"])

_TAGS = ["<b>", "</b>", "<p>", "</p>", "<br>", "<blockquote>", "</blockquote>",
         '<blockquote data-author="A" data-post="1">', "<details>", "</details>", "<s>", "</s>",
         '<span style="color:red">', '<span style="color: #ff8c00">', "</span>",
         '<span class="bbvote">', '<div style="display:inline;font-weight:bold">', "</div>",
         "<cite>", "</cite>", '<a href="?p=12">', "</a>", "<font color=red>", "</font>",
         "<!--", "-->", "<", ">", "&", "&amp;", "&#0;", "VOTE: ", "unvote", "\n", "[b]", "[/b]"]
TAG_SOUP = st.lists(st.one_of(st.sampled_from(_TAGS), st.text(max_size=8)), max_size=40) \
    .map("".join)


@settings(max_examples=300, deadline=None)
@given(st.text(), SYNTAXES)
def test_read_post_never_crashes_on_any_text(text: str, syntax: str) -> None:
    assert isinstance(read_post(text, syntax), PostReading)


@settings(max_examples=300, deadline=None)
@given(TAG_SOUP, SYNTAXES)
def test_read_post_never_crashes_on_tag_soup(html: str, syntax: str) -> None:
    reading = read_post(html, syntax)
    assert isinstance(reading, PostReading)
    assert all(m.text == m.text.strip() for m in reading.marks)


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_bbcode_never_crashes_and_reads(text: str) -> None:
    assert isinstance(read_post(bbcode_to_html(text), "red"), PostReading)


# names that are not themselves vote keywords ("vote", "count", "no lynch")
NAMES = st.text(alphabet="abcdefghijklmnopqrstuvwxyzΑΒΕΖΗΙΚΜΝΟΡΤΥΧабвгдежзик",
                min_size=3, max_size=10).filter(
                    lambda n: not re.search(r"(?i)vote|count|tally|^no", n))
OWN_WORDS = st.lists(st.sampled_from(["I", "vote", "agree", "hmm", "ok", "πάμε", "да"]),
                     max_size=5).map(" ".join)
QUOTE_FORMS = [
    '<blockquote>{}</blockquote>',
    '<blockquote data-author="X" data-post="9">{}</blockquote>',
    '<blockquote><div><cite>X wrote:</cite>{}</div></blockquote>',
    '<blockquote class="uncited"><div>{}</div></blockquote>',
    '<blockquote><blockquote>{}</blockquote></blockquote>',
    '<p><blockquote data-author="X">words {} words</blockquote></p>',
]


def _red(name: str) -> str:
    return f'<span style="color: #ff0000">{escape(name)}</span>'


def _cmd(name: str) -> str:
    return f'<span class="bbvote">VOTE: {escape(name)}</span><br><b>vote: {escape(name)}</b>'


@settings(max_examples=300, deadline=None)
@given(st.lists(NAMES, min_size=1, max_size=3), st.lists(NAMES, max_size=2), OWN_WORDS,
       st.sampled_from(QUOTE_FORMS), st.booleans())
def test_quoted_names_are_never_own_marks(quoted: list[str], own: list[str], words: str,
                                          form: str, before: bool) -> None:
    own = [n for n in own if n not in quoted]
    for syntax, mark in (("red", _red), ("mafiascum", _cmd)):
        quote = form.format("<br>".join(mark(n) for n in quoted))
        mine = escape(words) + " " + " , ".join(mark(n) for n in own)
        html = quote + mine if before else mine + quote
        texts = {m.text for m in read_post(html, syntax).marks}
        assert not texts & set(quoted)
        assert texts == set(own)


@settings(max_examples=300, deadline=None)
@given(NAMES, st.text(max_size=12), st.lists(NAMES, max_size=3))
def test_resolver_never_picks_one_of_two_players_that_fold_equal(name: str, text: str,
                                                               others: list[str]) -> None:
    twin = name.upper() if fold(name.upper()) == fold(name) and name.upper() != name else None
    if twin is None:
        twin = name + "\u200b"   # invisible difference, same fold
    players = {name: [], twin: [], **{o: [] for o in others if fold(o) != fold(name)}}
    resolver = NameResolver(players)
    for probe in (name, twin, text, name.lower(), f"{name} because"):
        assert resolver.resolve(probe).player not in (name, twin)


# Issue 10: names built to collide with the new rules (initials, words, prefixes, look-alike and
# transliterated letters), so that a rule added after exact names and aliases would show if it
# ever took a vote they had decided.
_PIECES = ["Gray", "Swan", "GS", "The", "Last", "Knight", "TLK", "QRZT", "Raven", "Mik", "hos",
           "Νίκος", "Nikos", "Лиса", "Lisa", "Zeb", "edee", "_", ".", "-", "665", " ", "IW", "M"]
_NAME = st.lists(st.sampled_from(_PIECES), min_size=1, max_size=4).map("".join) \
    .filter(lambda n: fold(n).strip(" _.-") != "")


def _case_variants(text: str) -> st.SearchStrategy[str]:
    return st.sampled_from([text, text.upper(), text.lower(), f"  {text} ", text.swapcase()])


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(_NAME, st.lists(_NAME, max_size=2), min_size=1, max_size=6), st.data())
def test_new_name_rules_never_change_an_exact_or_alias_resolution(players, data) -> None:
    """A text that folds to exactly one player's name or alias resolves to him, as exact,
    folded or alias (no ``resolved_by``), whatever the other names and the new rules say; a text
    that folds to two players' names is ambiguous."""
    owners: dict[str, set[str]] = {}
    for name, aliases in players.items():
        for t in (name, *aliases):
            owners.setdefault(fold(t), set()).add(name)
    name = data.draw(st.sampled_from(sorted(players)))
    text = data.draw(st.sampled_from([name, *players[name]]).flatmap(_case_variants))
    resolver = NameResolver(players, short_prefixes=data.draw(st.booleans()))
    res = resolver.resolve(text)
    mine = owners[fold(text)]
    if len(mine) == 1:
        assert res.player == name and res.how in ("exact", "folded", "alias"), (text, res)
        assert res.resolved_by is None
    else:
        assert res.player is None and res.how == "ambiguous", (text, res)


@settings(max_examples=300, deadline=None)
@given(TAG_SOUP, SYNTAXES)
def test_a_reading_without_quotes_is_the_reading_less_its_quotes(html: str, syntax: str) -> None:
    """issue 22: ``quotes=False`` (what every reader but MR-03 asks for) leaves the quotes
    unread and changes nothing else of the reading."""
    full, own = read_post(html, syntax), read_post(html, syntax, quotes=False)
    assert own.quotes == ()
    assert (own.marks, own.own_text, own.links, own.unreadable, own.coloured) == \
        (full.marks, full.own_text, full.links, full.unreadable, full.coloured)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(["color", "COLOR", "CoLoR", "vote", "VOTE", "Lynch",
                                           "İ", "\u212a", "olor", "c", "&#99;", "&#x6f;", "&#39;", "&"]),
                          st.text(max_size=6)),
                max_size=12).map("".join), SYNTAXES)
def test_the_hint_search_finds_what_the_lowered_body_holds(text: str, syntax: str) -> None:
    """issue 22: rules/reading.py skips a body without its syntax's hint words, searched in any
    case of their letters without lowering the body: the same bodies as ``h in text.lower()``."""
    seen = text.lower() + " " + unescape(text).lower()   # the references as the parser reads them
    lowered = any(h in seen for h in reading_module._HINTS[syntax])
    assert reading_module._may_hold(reading_module._WORDS[syntax], text) == lowered
