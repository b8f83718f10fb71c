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
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from lxml import etree

from votal.tally.bodies import htmlwalk as walk
from votal.tally.bodies.body import Body, body_of
from votal.tally.bodies.mentions import not_names
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
    # MS-01: a command with prose before it on its line (not at the beginning of a line: a
    # house rule's ``votes_at_line_start`` does not count it; votesyntax.vote_marks)
    inline: bool = False


@dataclass(frozen=True)
class Quote:
    author: str | None
    post_id: str | None
    marks: tuple[Mark, ...]
    text: str


class PostReading:
    """A post body read: frozen, compared, hashed and printed by its six fields as the frozen
    dataclass it was. ``own_text`` is folded (every run of whitespace one space) when first
    asked for: most readings are never asked (a Palermo tally asks only the window's posts,
    PX-03), and the fold was a tenth of reading a post (issue 22)."""

    __slots__ = ("marks", "_own", "_raw", "quotes", "links", "unreadable", "coloured", "hidden")

    marks: tuple[Mark, ...]    # the author's OWN marks, in document order (never quoted/spoilered)
    quotes: tuple[Quote, ...]  # top-level quotes, with the marks found inside each
    links: tuple[str, ...]     # ids of posts the author links to in his own text (MR-03)
    # why the body could not be read completely ("" when it was): marks after that point may be
    # missing, so the post goes to review (V-UNREADABLE-POST), never dropped in silence
    unreadable: str
    # MR-02: (colour, text) of each element of the author's own text coloured in another colour
    # than red, in document order
    coloured: tuple[tuple[str, str], ...]
    # the marks inside the author's own spoilers (hidden text, never counted: the rules put a
    # post whose spoiler holds a vote in review instead of dropping it in silence; issue 21)
    hidden: tuple[Mark, ...]
    _own: str     # the own text, folded unless _raw
    _raw: bool

    def __init__(self, marks: tuple[Mark, ...], own_text: str, quotes: tuple[Quote, ...],
                 links: tuple[str, ...] = (), unreadable: str = "",
                 coloured: tuple[tuple[str, str], ...] = (), *, folded: bool = True,
                 hidden: tuple[Mark, ...] = ()):
        """``folded=False``: ``own_text`` is the author's own text as written, to fold."""
        init = object.__setattr__
        init(self, "marks", marks)
        init(self, "_own", own_text)
        init(self, "_raw", not folded)
        init(self, "quotes", quotes)
        init(self, "links", links)
        init(self, "unreadable", unreadable)
        init(self, "coloured", coloured)
        init(self, "hidden", hidden)

    @property
    def own_text(self) -> str:
        """The author's own text (no quotes, no spoilers), whitespace folded."""
        if self._raw:
            object.__setattr__(self, "_own", " ".join(self._own.split()))
            object.__setattr__(self, "_raw", False)
        return self._own

    def _fields(self) -> tuple[object, ...]:
        return (self.marks, self.own_text, self.quotes, self.links, self.unreadable,
                self.coloured, self.hidden)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, PostReading)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"PostReading(marks={self.marks!r}, own_text={self.own_text!r}, "
                f"quotes={self.quotes!r}, links={self.links!r}, "
                f"unreadable={self.unreadable!r}, coloured={self.coloured!r}, "
                f"hidden={self.hidden!r})")

    def __reduce__(self) -> tuple[type[PostReading], tuple[object, ...], dict[str, object]]:
        # pickled and copied folded; ``hidden`` is keyword-only
        return PostReading, self._fields()[:-1], {"hidden": self.hidden}

    def __setstate__(self, state: dict[str, object]) -> None:
        object.__setattr__(self, "hidden", state["hidden"])

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: a PostReading is frozen")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: a PostReading is frozen")


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
    return PostReading(_marks(own.pieces, syntax), "".join([p[0] for p in own.pieces]), read,
                       own.links, unreadable, tuple(own.coloured), folded=False,
                       hidden=_hidden_marks(body.html, root, syntax))


def _hidden_marks(html: str, root: etree._Element, syntax: str) -> tuple[Mark, ...]:
    """The marks inside the author's own spoilers (``<details>``, any element whose class says
    spoiler: XenForo's ``bbCodeSpoiler-content``, IPS's ``ipsSpoiler_contents``, phpBB and
    Discourse mods'), none inside a quote, each walked for its own text (the walk skips the
    spoilers inside it, read in their turn), in document order. A body without the word is not
    searched."""
    if "poiler" not in html and "<details" not in html:
        return ()   # two substring searches ("Spoiler", "bbCodeSpoiler", "ipsSpoiler"…)
    found: list[Mark] = []
    for el in root.iter("details", "div", "span", "section", "aside"):
        if not _spoiler(el) or any(_quoting(a) for a in el.iterancestors()):
            continue
        found.extend(_marks(walk.walk(el).pieces, syntax))
    return tuple(found)


def _spoiler(el: etree._Element) -> bool:
    cls = (el.get("class") or "").lower()
    return el.tag == "details" or ("spoiler" in cls and "title" not in cls
                                   and "button" not in cls and "header" not in cls)


def _quoting(el: etree._Element) -> bool:
    return el.tag in ("blockquote", "q") or (el.tag == "div" and "quote" in (el.get("class") or "").lower())


def words_besides(reading: PostReading, mark: Mark, names: Iterable[str] = ()) -> int:
    """How many words of the author's own text are not the mark's text (MR-02: reasons ≥ 3).

    ``names``: the marked player's names and aliases. The words of the mark that are none of
    them count too: a red run that holds more than the nickname ("Лиса потому что молчит",
    the reasons coloured with the name; "Голосую против Волка") has its reasons in the author's
    own text as much as uncoloured ones (issue 21)."""
    text = reading.own_text
    if mark.text:
        text = text.replace(mark.text, " ", 1)
    found = len(_WORD.findall(text))
    if names and mark.text:
        found += len(not_names(mark.text, names))
    return found


def only_mark(reading: PostReading, names: Iterable[str] = ()) -> bool:
    """The post holds only the name (punctuation and whitespace allowed, nothing else; PX-03).

    ``names``: the marked player's names and aliases; a mark holding other words than them
    ("Γιάννη γιατί κρύβεται" all in red) holds more than the name, as those words outside it
    would (issue 21)."""
    if not reading.marks:
        return False
    text = reading.own_text
    for mark in reading.marks:
        text = text.replace(mark.text, " ", 1)
    if _WORD.search(text) is not None:
        return False
    return not names or not any(not_names(m.text, names) for m in reading.marks)


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
    return tuple(Mark(MarkKind.VOTE, text, malformed=True, inline=inline) if kind == "MALFORMED"
                 else Mark(MarkKind[kind.rstrip("2")], text, None, 2 if kind.endswith("2") else 1,
                           inline=inline)
                 for kind, text, inline in vote_marks(pieces))


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
