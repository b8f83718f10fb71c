"""The sign-up list of a game's first post, and each name on it as the forum spells it (pure).

Issue 13 (`votal init`). A moderator lists the players in the opening post in one of a few ways;
:func:`find_signup` tries them from the most explicit to the least:

1. an inline list after a word like "Players:" / "Παίκτες:" / "Giocatori:" / "Игроки:"
   (names separated by commas, "and", "και", "e", "и"), or one name per line under that word;
2. an HTML list (``<ol>``/``<ul>``) of at least three short items;
3. at least three consecutive numbered or bulleted lines ("1. Nikos", "- Nikos", "• Nikos");
4. at least three consecutive lines each wholly bold or coloured (one name per line).

Struck-through names (``<s>``, ``<del>``) are players who dropped out and are left out; quotes
are someone else's words and are skipped. :func:`resolve_signup` then matches every written name
to a poster of the thread (folded, then the fuzzy rules of tally/names.py), so that the game file
holds the forum's exact username (and user id) and later votes match.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from votal.scraper.model import Post
from votal.tally.bodies.body import Body, body_of
from votal.tally.names import NameResolver, fold

MIN_LIST = 3
MAX_NAME_WORDS = 4
MAX_NAME_CHARS = 40

KEYWORDS = re.compile(
    r"(?:^|[\s>(\[])(?:players?(?:\s+list)?|sign[- ]?ups?|signed\s+up|alive|roster|"
    r"παίκτες|παικτες|παίχτες|συμμετέχοντες|συμμετέχουν|συμμετοχές|"
    r"giocatori|partecipanti|iscritti|"
    r"игроки|участники|список\s+игроков)"
    r"\s*(?:\(\s*\d+\s*\))?\s*[:：]\s*(?P<rest>.*)$", re.I)
_SPLIT = re.compile(r"\s*(?:[,;·|/]|\s(?:and|και|kai|e|ed|и)\s)\s*", re.I)
_BULLET = re.compile(r"^\s*(?:\(?\d{1,3}\s*[.):\-–]|#\d{1,3}|[-–—•*·●▪►✓✔☐☑]|\d{1,3}\s)\s*")
_BRACKETS = re.compile(r"\s*[(\[{][^)\]}]*[)\]}]")
_EDGE = re.compile(r"^[^\w@]+|[^\w]+$")
_BLOCKS = frozenset({"p", "div", "li", "ul", "ol", "tr", "table", "h1", "h2", "h3", "h4", "h5",
                     "h6", "center", "section", "article", "dd", "dt", "pre", "summary"})
_SKIP = frozenset({"blockquote", "script", "style", "q"})
_STRUCK = frozenset({"s", "del", "strike"})
_BOLD = re.compile(r"font-weight\s*:\s*(?:bold|[6-9]00)", re.I)


@dataclass
class _Line:
    parts: list[tuple[str, bool]] = field(default_factory=list)   # (text, bold or coloured)
    item: int | None = None                                       # id of the <ol>/<ul> it is in
    struck: bool = False                                          # held struck-through text

    @property
    def text(self) -> str:
        return " ".join("".join(t for t, _ in self.parts).split())

    @property
    def styled(self) -> bool:
        shown = [(t, s) for t, s in self.parts if t.strip()]
        return bool(shown) and all(s for _, s in shown)


@dataclass(frozen=True, slots=True)
class Signup:
    names: tuple[str, ...]     # as written in the post, in order
    how: str                   # which of the four forms was found, for the user


@dataclass(frozen=True, slots=True)
class Entry:
    name: str                  # the forum's username when found, else the name as written
    author_id: str | None      # the forum's user id when the pages show it
    written: str | None        # the name as the list writes it, when it differs from ``name``
    seen: bool                 # whether this user posted on the pages read


# ---- reading the post -----------------------------------------------------------------------


def _lines(body: str | Body) -> list[_Line]:
    root = body_of(body).root
    if root is None:
        return []
    lines = [_Line()]
    lists = [0]

    def brk(item: int | None = None) -> None:
        if lines[-1].parts or lines[-1].struck or lines[-1].item != item:
            lines.append(_Line(item=item))
        else:
            lines[-1].item = item

    def walk(el: Any, styled: bool, item: int | None) -> None:   # an lxml element
        tag = el.tag if isinstance(el.tag, str) else ""
        if tag in _SKIP or "quote" in (el.get("class") or ""):
            return
        if tag in _STRUCK or "line-through" in (el.get("style") or ""):
            lines[-1].struck = True       # a player who dropped out: neither a name nor a gap
            return
        outer = item
        style = el.get("style") or ""
        styled = styled or tag in ("b", "strong", "font") or "color" in style.lower() \
            or bool(_BOLD.search(style)) or "noboldsig" in (el.get("class") or "")
        if tag in ("ol", "ul"):
            lists[0] += 1
            item = lists[0]
        if tag == "br":
            if not lines[-1].parts:       # an empty line ends a list
                lines[-1].parts.append(("", False))
            lines.append(_Line(item=item))
        elif tag in _BLOCKS:
            brk(item)
        if el.text and tag:
            lines[-1].parts.append((el.text, styled))
        for child in el:
            walk(child, styled, item)
            if child.tail:
                lines[-1].parts.append((child.tail, styled))
        if tag in _BLOCKS:
            brk(outer)

    walk(root, False, None)
    # lines without parts are block boundaries; a struck line without text is no gap either
    return [ln for ln in lines if ln.parts and (ln.text or not ln.struck)]


def clean_name(text: str) -> str | None:
    """A list entry reduced to the name: numbering, bullets, brackets, edge punctuation gone."""
    name = _BULLET.sub("", text, count=1)
    name = _BRACKETS.sub("", name)
    name = re.split(r"\s+[-–—:]\s+", name, maxsplit=1)[0]
    name = _EDGE.sub("", name.strip()).lstrip("@").strip()
    if not name or len(name) > MAX_NAME_CHARS or len(name.split()) > MAX_NAME_WORDS:
        return None
    return name


_DROPPED = ""   # a struck-through entry: a player who dropped out, neither a name nor a gap


def _entry(line: _Line) -> str | None:
    name = clean_name(line.text)
    return _DROPPED if name is None and line.struck else name


def _names(lines: Iterable[_Line]) -> list[str] | None:
    out = [_entry(ln) for ln in lines]
    return [n for n in out if n] if out and all(n is not None for n in out) else None


def _after_keyword(lines: list[_Line]) -> Signup | None:
    for i, line in enumerate(lines):
        m = KEYWORDS.search(line.text)
        if not m:
            continue
        rest = m.group("rest").strip()
        if rest:
            rest = re.split(r"(?<=\w)[.!?](?:\s|$)", rest, maxsplit=1)[0]
            parts = [clean_name(p) for p in _SPLIT.split(rest) if p.strip()]
            names = [n for n in parts if n]
            if len(names) == len(parts) and len(names) >= 2:   # every part is a name
                return Signup(tuple(names), f"the list after {m.group(0).split(':')[0].strip()!r}")
            continue
        following: list[str] = []
        item = lines[i + 1].item if i + 1 < len(lines) else None
        for nxt in lines[i + 1:]:
            name = _entry(nxt)
            if name is None or nxt.item != item:   # a gap, a sentence, or the list ended
                break
            if name:
                following.append(name)
        if len(following) >= 2:
            return Signup(tuple(following), f"the names under {line.text.rstrip(':：').strip()!r}")
    return None


def _html_list(lines: list[_Line]) -> Signup | None:
    groups: dict[int, list[_Line]] = {}
    for line in lines:
        if line.item is not None:
            groups.setdefault(line.item, []).append(line)
    best = None
    for items in groups.values():
        names = _names(items)
        if names and len(names) >= MIN_LIST and (best is None or len(names) > len(best)):
            best = names
    return Signup(tuple(best), "a list in the first post") if best else None


def _runs(lines: list[_Line], keep: Callable[[_Line], bool]) -> list[list[str]]:
    runs: list[list[str]] = []
    run: list[str] = []
    for line in lines:
        name = _entry(line) if keep(line) or line.struck else None
        if name == _DROPPED:
            continue
        if name:
            run.append(name)
        else:
            if run:
                runs.append(run)
            run = []
    if run:
        runs.append(run)
    return [r for r in runs if len(r) >= MIN_LIST]


def _longest(runs: list[list[str]], how: str) -> Signup | None:
    if not runs:
        return None
    longest: list[str] = max(runs, key=len)
    return Signup(tuple(longest), how)


def first_line(body: str, limit: int = 80) -> str | None:
    """The first line of a post when short enough to be a heading (a title for `init`)."""
    for line in _lines(body):
        if line.text:
            return line.text if len(line.text) <= limit else None
    return None


def find_signup(body: str) -> Signup | None:
    """The sign-up list of a post body (normalised HTML), or None when it has none."""
    lines = _lines(body)
    return (_after_keyword(lines) or _html_list(lines)
            or _longest(_runs(lines, lambda ln: bool(_BULLET.match(ln.text))),
                        "numbered or bulleted lines in the first post")
            or _longest(_runs(lines, lambda ln: ln.styled),
                        "bold or coloured names, one per line, in the first post"))


# ---- the forum's usernames --------------------------------------------------------------------


def posters(posts: Iterable[Post]) -> dict[str, str | None]:
    """Every author of the posts, in order of first post, with the user id when shown."""
    out: dict[str, str | None] = {}
    for p in posts:
        if p.author and (p.author not in out or out[p.author] is None):
            out[p.author] = p.author_id
    return out


def resolve_signup(names: Sequence[str], authors: dict[str, str | None]) -> list[Entry]:
    """Each written name as the forum's username (tally/names.py rules), duplicates dropped."""
    resolver = NameResolver({a: () for a in authors})
    out: list[Entry] = []
    seen: set[str] = set()
    for written in names:
        found = resolver.resolve(written).player
        name = found or written
        if fold(name) in seen:
            continue
        seen.add(fold(name))
        out.append(Entry(name=name, author_id=authors.get(found) if found else None,
                         written=written if found and written != found else None,
                         seen=found is not None))
    return out


def poster_entries(authors: dict[str, str | None], moderators: Iterable[str]) -> list[Entry]:
    """Without a sign-up list: every distinct poster but the moderators."""
    mods = {fold(m) for m in moderators}
    return [Entry(a, i, None, True) for a, i in authors.items() if fold(a) not in mods]
