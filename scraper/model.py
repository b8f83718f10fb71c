"""The normalised post (interfaces.md §2): what every adapter produces and every later layer reads.

Pure data and (de)serialisation; no HTTP, no HTML parsing beyond the BBCode conversion hook.

A post an adapter could read only in part is kept with what it could read (interfaces.md §2,
revision 2; issue 11): ``time`` None, ``author`` or ``html`` empty, and ``problems`` naming
what is missing (``"time"``, ``"author"``, ``"body"``). Nothing downstream drops it silently:
the scrape summary names it and the tally puts it in review (``V-UNREADABLE-POST``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timezone, tzinfo
from pathlib import Path

from votal.errors import PostsFileError
from votal.scraper.bbcode import bbcode_to_html


@dataclass(frozen=True, slots=True)
class PostVersion:
    """A later distinct version of a post body, with the time votal first saw it (C-07)."""

    seen: datetime
    html: str


PROBLEMS = ("author", "time", "body")  # what a post can lack, in the order they are named


def _filled(text: str) -> bool:
    """``bool(text.strip())`` without the stripped copy of a whole body."""
    return bool(text) and not text.isspace()
_LAST = datetime.max.replace(tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class Post:
    id: str
    number: int | None
    thread: str
    url: str
    author: str
    author_id: str | None
    time: datetime | None  # None only when "time" is in problems
    edited: datetime | None
    html: str
    # Extension: later versions of the body, oldest first (the store fills it; JSONL key "versions").
    versions: tuple[PostVersion, ...] = field(default=())
    # What could not be read off the page (interfaces.md §2 rev. 2): "author", "time", "body".
    problems: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if self.time is not None and self.time.tzinfo is None:
            raise ValueError(f"post {self.id}: time {self.time} has no offset")
        if not self.problems and self.time is not None and _filled(self.author) \
                and _filled(self.html):
            return  # a post read whole (most): nothing to name (isspace: what strip() strips)
        unknown = set(self.problems) - set(PROBLEMS)
        if unknown:
            raise ValueError(f"post {self.id}: unknown problems {sorted(unknown)}")
        # what is missing is a problem whether or not the adapter named it (issue 11)
        found = set(self.problems)
        found.update(p for p, missing in (("author", not self.author.strip()),
                                          ("time", self.time is None),
                                          ("body", not self.html.strip())) if missing)
        if found != set(self.problems):
            object.__setattr__(self, "problems", tuple(p for p in PROBLEMS if p in found))

    @property
    def readable(self) -> bool:
        """Author, time and body all read: the post can be placed and judged."""
        return not self.problems

    def sort_key(self) -> tuple:
        """Thread order: time, then number; a post without time goes after the timed ones."""
        return (self.time or _LAST, self.number if self.number is not None else 0, self.id)

    def to_dict(self) -> dict:
        d: dict[str, object] = {
            "id": self.id,
            "number": self.number,
            "thread": self.thread,
            "url": self.url,
            "author": self.author,
            "author_id": self.author_id,
            "time": self.time.isoformat() if self.time else None,
            "edited": self.edited.isoformat() if self.edited else None,
            "html": self.html,
        }
        if self.problems:
            d["problems"] = list(self.problems)
        if self.versions:
            d["versions"] = [{"seen": v.seen.isoformat(), "html": v.html} for v in self.versions]
        return d


def describe_problems(post: Post) -> str:
    """What the scrape summary and the review say of a partly read post."""
    return f"post {post.id}: " + ", ".join(post.problems) + " not found"


# one tzinfo object per UTC offset read (datetime.fromisoformat makes a new one for each time)
_OFFSETS: dict[tzinfo, tzinfo] = {}


def shared_offset(t: datetime) -> datetime:
    """``t`` with the one tzinfo object its offset has in this process: equal, printed alike,
    but two times with the same tzinfo object compare without asking it their offsets (issue 22:
    a 100k-post game sorts and places its posts by time; ``sorted`` of its posts 58 -> 15 ms)."""
    zone = t.tzinfo
    if zone is None:
        return t
    shared = _OFFSETS.setdefault(zone, zone)
    if shared is zone:
        return t
    # two fixed offsets that are equal are the same offset: the same wall time in the shared
    # object, as replace() gives it, at half its cost (replace's keyword parsing; issue 22)
    if zone.__class__ is timezone and shared.__class__ is timezone and not t.fold:
        return t.astimezone(shared)
    return t.replace(tzinfo=shared)


# The years votal reads a moment in — a post's time, a game file's date or moment, ``--at``: the
# schedule lays out up to 2000 days from day 1 in dates Python holds, and year 1 or 9999
# overflows a zone's arithmetic (issue 8: one range, refused where it is read).
YEARS = (1900, 2999)


def _parse_time(value: object, where: str, key: str) -> datetime:
    if not isinstance(value, str):
        raise PostsFileError(f"{where}: '{key}' must be an ISO 8601 string, got {value!r}")
    try:
        t = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise PostsFileError(f"{where}: '{key}' is not an ISO 8601 time: {value!r}") from None
    if t.tzinfo is None:
        raise PostsFileError(f"{where}: '{key}' has no UTC offset: {value!r}")
    if not YEARS[0] <= t.year <= YEARS[1]:   # year 1 overflows any zone's arithmetic
        raise PostsFileError(f"{where}: '{key}' {value!r} is out of range: a forum post's year "
                             f"is from {YEARS[0]} to {YEARS[1]}")
    return shared_offset(t)


def _time_or_none(value: str) -> datetime | None:
    """:func:`_parse_time` of a string, or None where it would refuse it."""
    try:
        t = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    if t.tzinfo is None or not YEARS[0] <= t.year <= YEARS[1]:
        return None
    return shared_offset(t)


def _plain_post(d: dict) -> Post | None:
    """:func:`post_from_dict` of the record a posts file or a scrape writes for a post read
    whole (an id, author, body and time that are strings, a whole number or none, no problems,
    no versions), with the same checks and the same Post; None for any other record, which the
    general reading reads or refuses, naming what is wrong (issue 22: a tenth of loading a
    100k-post game was the general reading's checks of records that pass them all)."""
    get = d.get
    pid, author, html, t = get("id"), get("author"), get("html"), get("time")
    if (pid.__class__ is not str or author.__class__ is not str or html.__class__ is not str
            or t.__class__ is not str or get("problems") or get("versions")):
        return None
    number = get("number")
    if number is not None and number.__class__ is not int:
        return None
    time = _time_or_none(t)
    edited = get("edited")
    if edited:
        edited = _time_or_none(edited) if edited.__class__ is str else None
        if edited is None:
            return None
    else:
        edited = None
    if time is None:
        return None
    author_id = get("author_id")
    return Post(pid, number, str(get("thread") or ""), str(get("url") or ""), author,
                None if author_id is None else str(author_id), time, edited, html)


def post_from_dict(d: dict, where: str = "post") -> Post:
    """Build a Post from one JSON object; ``bbcode`` is converted to HTML when ``html`` is absent."""
    if d.__class__ is dict:
        post = _plain_post(d)
        if post is not None:
            return post
    if not isinstance(d, dict):
        raise PostsFileError(f"{where}: expected a JSON object")
    for key in ("id", "author", "time"):
        if key not in d:
            raise PostsFileError(f"{where}: missing '{key}'")
    problems = _problems(d, where)
    html = d.get("html")
    if d["id"].__class__ is not str or d["author"].__class__ is not str or html.__class__ is not str:
        _check_kinds(d, where)   # (most posts: three strings, checked no further)
    if html is None:
        if d.get("bbcode") is None:
            raise PostsFileError(f"{where}: needs 'html' or 'bbcode'")
        html = bbcode_to_html(d["bbcode"])
    number = d.get("number")
    if number is not None and (isinstance(number, bool) or not isinstance(number, int)):
        if not (isinstance(number, str) and number.strip().isdigit()):
            raise PostsFileError(f"{where}: 'number' must be a whole number, got {number!r}")
    versions = d.get("versions") or []
    if not isinstance(versions, list) or not all(isinstance(v, dict) for v in versions):
        raise PostsFileError(f"{where}: 'versions' must be a list of objects with 'seen' and 'html'")
    versions = tuple(
        PostVersion(_parse_time(v.get("seen"), where, "versions.seen"), str(v.get("html", "")))
        for v in versions
    )
    return Post(
        id=str(d["id"]),
        number=int(number) if number is not None else None,
        thread=str(d.get("thread") or ""),
        url=str(d.get("url") or ""),
        author=d["author"] or "",   # null: not read (the problem "author")
        author_id=str(d["author_id"]) if d.get("author_id") is not None else None,
        time=_parse_time(d["time"], where, "time") if d["time"] is not None else None,
        edited=_parse_time(d["edited"], where, "edited") if d.get("edited") else None,
        html=str(html),
        versions=versions,
        problems=problems,
    )


def _check_kinds(d: dict, where: str) -> None:
    """A post id that is a string or a whole number, an author, body and links that are text
    or null (an author not read: problems holds "author"); anything else (a list, a table, a
    null id) refused, naming the line, instead of read as its Python spelling ("None", "['a']")."""
    pid = d["id"]
    if isinstance(pid, bool) or not isinstance(pid, str | int) or not str(pid).strip():
        raise PostsFileError(f"{where}: 'id' must be the post's id, a string, got {_cut(pid)}")
    for key in ("author", "html", "bbcode", "thread", "url", "author_id"):
        value = d.get(key)
        if value is not None and not isinstance(value, str) and not (
                key == "author_id" and isinstance(value, int) and not isinstance(value, bool)):
            raise PostsFileError(f"{where}: '{key}' must be a string or null, got {_cut(value)}")


def _cut(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:80] + "…"


def _problems(d: dict, where: str) -> tuple[str, ...]:
    """``problems`` as given, plus what the record itself shows missing (a null time)."""
    given = d.get("problems") or []
    if not isinstance(given, list) or any(p not in PROBLEMS for p in given):
        raise PostsFileError(f"{where}: 'problems' must be a list of {', '.join(PROBLEMS)}; "
                             f"got {given!r}")
    found = set(given)
    if d["time"] is None:
        found.add("time")
    return tuple(p for p in PROBLEMS if p in found)


def iter_posts_jsonl(path: Path) -> Iterator[Post]:
    try:
        fh = path.open("rb")
    except OSError as e:
        raise PostsFileError(f"{path}: cannot read posts file ({e.strerror})") from None
    with fh:
        for n, raw in enumerate(fh, 1):
            try:
                line = raw.decode("utf-8-sig" if n == 1 else "utf-8")
            except UnicodeDecodeError as e:
                raise PostsFileError(f"{path}:{n}: not UTF-8 text (byte {raw[e.start]:#04x} at column "
                                     f"{e.start + 1}); save the file as UTF-8") from None
            if not line or line.isspace():   # what strip() strips, without a copy of the line
                continue
            d = _json_object(line)
            post = _plain_post(d) if d is not None else None
            if post is None:
                where = f"{path}:{n}"
                post = post_from_dict(parse_json(line, where) if d is None else d, where)
            yield post


# the scanner json.loads runs (a decoder with the defaults: strict, no hooks), called directly
_SCAN = json.JSONDecoder().scan_once  # type: ignore[attr-defined]  # set in __init__, not in typeshed
_LINE_ENDS = ("", "\n", "\r\n")


def _json_object(line: str) -> dict | None:
    """``json.loads(line)`` of a line holding one JSON object and nothing after it but its line
    end, by the scanner json.loads runs, without its three calls around it (issue 22: a tenth
    of loading a posts file); None for any other line (:func:`parse_json` reads it, or names
    its fault)."""
    if not line.startswith("{"):
        return None
    try:
        found, end = _SCAN(line, 0)
    except (StopIteration, ValueError, RecursionError):
        return None
    return found if line[end:] in _LINE_ENDS else None


def parse_json(text: str, where: str):
    """One JSON document; any fault (syntax, nesting too deep for Python) is a PostsFileError."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise PostsFileError(f"{where}: not JSON ({e.msg}, column {e.colno})") from None
    except RecursionError:
        raise PostsFileError(f"{where}: JSON nested too deeply to read") from None


def read_posts_jsonl(path: Path) -> list[Post]:
    """All posts of a JSONL file, in thread order (time, then number); an empty file gives none
    (``votal scrape`` refuses it; the tally warns, see :func:`empty_posts_message`)."""
    return sorted(iter_posts_jsonl(Path(path)), key=Post.sort_key)


def empty_posts_message(path: Path) -> str:
    return f"{path}: no posts in this file (it is empty)"


def write_posts_jsonl(posts: Iterable[Post], path: Path) -> int:
    n = 0
    with Path(path).open("w", encoding="utf-8") as fh:
        for p in sorted(posts, key=Post.sort_key):
            fh.write(json.dumps(p.to_dict(), ensure_ascii=False) + "\n")
            n += 1
    return n
