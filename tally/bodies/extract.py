"""Reading a post body: the author's own text, his vote marks, and what he quotes.

Pure functions over the post's HTML (interfaces.md §2 normalised form, and raw phpBB markup as in
the real Mafiascum threads), read from its one parsed tree (tally/bodies/body.py). Rules served here:

- vocabulary / C-05: a vote is a nickname marked in red in the author's OWN text; text inside a
  quote (``<blockquote>`` in any form, nested or not) or a spoiler (``<details>``, hidden blocks)
  is never the author's; every maximal red run is one mark, so several red names are visible.
- MS-01: ``[vote]`` tags (``span.bbvote``), bold ``vote X`` / ``VOTE: X`` (bold in each rendering
  phpBB has used: ``<b>``, ``<strong>``, ``font-weight`` styles, ``span.noboldsig``), plain
  ``VOTE: X`` on its own line, ``unvote``, ``No Lynch``; colour means nothing there.
- MR-02 / PX-03: :func:`words_besides` and :func:`only_mark`.
- MR-03: quotes keep their author, post id and the marks inside them; links to posts are kept.
- MR-02: the names of the author's own text coloured in another colour than red.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from lxml import etree

from votal.tally.bodies import htmlwalk as walk
from votal.tally.bodies.body import Body, body_of
from votal.tally.bodies.votesyntax import vote_marks


class MarkKind(Enum):
    RED = "red"
    VOTE = "vote"
    UNVOTE = "unvote"
    NO_LYNCH = "no_lynch"


@dataclass(frozen=True)
class Mark:
    kind: MarkKind
    text: str
    colour: str | None = None
    ballot: int = 1            # MS-08: 2 for "second vote: X" / "vote 2: X" / "unvote 2"
    malformed: bool = False    # MS-01: a [vote] tag that did not close as the player meant


@dataclass(frozen=True)
class Quote:
    author: str | None
    post_id: str | None
    marks: tuple[Mark, ...]
    text: str


@dataclass(frozen=True)
class PostReading:
    marks: tuple[Mark, ...]    # the author's OWN marks, in document order (never quoted/spoilered)
    own_text: str              # the author's own text (no quotes, no spoilers), whitespace folded
    quotes: tuple[Quote, ...]  # top-level quotes, with the marks found inside each
    links: tuple[str, ...] = ()  # ids of posts the author links to in his own text (MR-03)
    # why the body could not be read completely ("" when it was): marks after that point may be
    # missing, so the post goes to review (V-UNREADABLE-POST), never dropped in silence
    unreadable: str = ""
    # MR-02: (colour, text) of each element of the author's own text coloured in another colour
    # than red, in document order
    coloured: tuple[tuple[str, str], ...] = ()


SYNTAXES = ("red", "mafiascum")

_WORD = re.compile(r"\w+")
_NON_SPACE = re.compile(r"\S")


def read_post(html: str | Body, syntax: str, *, quotes: bool = True) -> PostReading:
    """Vocabulary, C-05, MS-01: the marks, own text and quotes of one post body.

    ``quotes=False``: the quotes are not read (``quotes`` is empty), for a reader that never
    looks at them (only MR-03 does): a quote is walked as long as the post's own text (issue 22).
    """
    if syntax not in SYNTAXES:
        raise ValueError(f"unknown vote syntax {syntax!r} (expected one of {', '.join(SYNTAXES)})")
    body = body_of(html)
    root, unreadable = body.root, body.unreadable
    if root is None:
        return PostReading((), "", (), unreadable=unreadable)
    own = walk.walk(root)
    read = tuple(_quote(q, syntax) for q in own.quotes) if quotes else ()
    return PostReading(_marks(own.pieces, syntax), _fold_space(own.pieces), read, own.links,
                       unreadable, tuple(own.coloured))


def words_besides(reading: PostReading, mark: Mark) -> int:
    """How many words of the author's own text are not the mark's text (MR-02: reasons ≥ 3)."""
    text = reading.own_text
    if mark.text:
        text = text.replace(mark.text, " ", 1)
    return len(_WORD.findall(text))


def only_mark(reading: PostReading) -> bool:
    """The post holds only the name (punctuation and whitespace allowed, nothing else; PX-03)."""
    if not reading.marks:
        return False
    text = reading.own_text
    for mark in reading.marks:
        text = text.replace(mark.text, " ", 1)
    return _WORD.search(text) is None


def _quote(block: etree._Element, syntax: str) -> Quote:
    """A top-level quote (MR-03), with the quoted author's own marks (nested quotes excluded)."""
    author, post_id = walk.quote_source(block)
    inner = walk.walk(block, top=True)
    return Quote(author, post_id, _marks(inner.pieces, syntax), _fold_space(inner.pieces))


def _fold_space(pieces: list[walk.Piece]) -> str:
    return " ".join("".join([p[0] for p in pieces]).split())   # p[0]: the piece's text


def _marks(pieces: list[walk.Piece], syntax: str) -> tuple[Mark, ...]:
    if syntax == "red":
        return _red_marks(pieces)
    return tuple(Mark(MarkKind.VOTE, text, malformed=True) if kind == "MALFORMED" else
                 Mark(MarkKind[kind.rstrip("2")], text, None, 2 if kind.endswith("2") else 1)
                 for kind, text in vote_marks(pieces))


def _red_marks(pieces: list[walk.Piece]) -> tuple[Mark, ...]:
    """Vocabulary, C-05: each maximal run of red text is one mark.

    Adjacent red elements with nothing between them are one run (``Ni`` + ``kos``); any other
    text, a line break or a block boundary ends the run; whitespace-only runs are not marks.
    Struck-through red text is a withdrawn mark, not a mark.
    """
    marks: list[Mark] = []
    run: list[str] = []
    colour: str | None = None
    for text, red, _group, struck in pieces:
        if red is not None and not struck and text != "\n":
            if not run:
                colour = red
            run.append(text)
            continue
        if run:
            _close_run(marks, run, colour)
            run = []
    if run:
        _close_run(marks, run, colour)
    return tuple(marks)


def _close_run(marks: list[Mark], run: list[str], colour: str | None) -> None:
    text = " ".join("".join(run).split())
    if _NON_SPACE.search(text):
        marks.append(_red_mark(text, colour))


@lru_cache(maxsize=4096)
def _red_mark(text: str, colour: str | None) -> Mark:
    """A red mark: frozen, so one per name and colour serves every post that marks it (a game
    marks a few hundred names tens of thousands of times; issue 22)."""
    return Mark(MarkKind.RED, text, colour)
