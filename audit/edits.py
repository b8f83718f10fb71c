"""C-07: posts whose vote changed in a later version (pure).

The store keeps every version of a post (``Post.versions``: later versions with the time votal
first saw each). The tally judges a post by the version seen first; the audit reports each later
version that changes the post's vote marks, with both versions and their times, and flags the
edit when it was first seen at or after the deadline of the post's day (intervals are half-open).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime

from votal.scraper.model import Post
from votal.tally.rules.context import BodyReadings
from votal.tally.rules.reading import read_marks

Marks = tuple[str, ...]
ReadMarks = Callable[[str], Marks]


@dataclass(frozen=True, slots=True)
class EditedVote:
    """V-EDITED-VOTE (C-07): a later version of a post changes its vote."""

    post: str
    url: str
    player: str
    posted: datetime
    seen: datetime
    first: Marks                   # the vote marks of the version judged (seen first)
    later: Marks                   # the vote marks of the later version
    first_html: str
    later_html: str
    after_deadline: bool
    deadline: datetime | None
    rule: str = "C-07"


def marks_reader(syntax: str, bodies: BodyReadings | None = None) -> ReadMarks:
    """Vote marks of a body as short strings ("vote:Nikos", "unvote:"), via tally.bodies.extract.

    ``bodies``: the body readings of the game's replay (``Replay.bodies``), where the tally's
    C-07 step has read these versions already (issue 22: each body read once per game); a body
    that cannot hold a mark of the syntax is not parsed, as the tally skips it (``read_marks``)."""
    readings: BodyReadings = {} if bodies is None else bodies

    def read(html: str) -> Marks:
        reading = read_marks(readings, html, syntax, quotes=False)   # marks only: as the tally
        return tuple(_shown(m.kind.name.lower(), m.text.strip()) for m in reading.marks)
    return read


def _shown(kind: str, text: str) -> str:
    """A mark as a reader writes it: the name, "unvote", "No Lynch"."""
    if kind == "unvote":
        return "unvote"
    if kind == "no_lynch":
        return "No Lynch"
    return text


def edited_votes(posts: Iterable[Post], read_marks: ReadMarks,
                 deadline_of: Callable[[Post], datetime | None]) -> tuple[EditedVote, ...]:
    """Every later version whose vote marks differ from the version before it (C-07 in the audit)."""
    found: list[EditedVote] = []
    for post in posts:
        if not post.versions or post.time is None:  # timeless: in review (V-UNREADABLE-POST)
            continue
        first = read_marks(post.html)
        prev_marks, prev_html = first, post.html
        deadline = deadline_of(post)
        for version in post.versions:
            marks = read_marks(version.html)
            if marks != prev_marks:
                found.append(EditedVote(
                    post=post.id, url=post.url, player=post.author, posted=post.time,
                    seen=version.seen, first=prev_marks, later=marks, first_html=prev_html,
                    later_html=version.html, deadline=deadline,
                    after_deadline=deadline is not None and version.seen >= deadline))
            prev_marks, prev_html = marks, version.html
    return tuple(found)
