"""Names learned from the moderator's own vote counts (issue 10, option ``learn_aliases_from_counts``).

When a moderator's count in the thread lists a voter under a target for a text votal could not
resolve, that text becomes the target's alias for the **whole game** (issue 21): every vote of
that text, on any day, before or after the count, counts for the target (``resolved_by =
"moderator-count"``, review item ``V-LEARNED-ALIAS`` with the count's link). Only from a count
read with high confidence (a "Vote Count" title and ``VoteCount.confidence`` ≥ 0.8) whose names
all answer to players (tally/rostercount.py: nothing unread), so one misread count cannot rewrite
a game; a text votal resolved itself is never overridden (the resolver answers first), and a text
two counts teach differently is learned from neither. Pure: one pass over the game's posts
before its days are replayed (tally/replay.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import datetime

from votal.scraper.model import Post
from votal.tally.bodies.extract import MarkKind, PostReading
from votal.tally.model import NO_LYNCH
from votal.tally.names import NameResolver, fold
from votal.tally.rostercount import Roster, read_count
from votal.tally.rules.context import Day, Learned
from votal.tally.votecounts import VoteCount

HIGH_CONFIDENCE = 0.8   # tally/rostercount.py's scale: a titled count whose lines add up


def learned(day: Day) -> dict[str, Learned]:
    """fold(text) → what a moderator's count taught, for the whole replay (all days)."""
    return day.cache.learned


def learn_game(posts: Iterable[Post], read: Callable[[Post], PostReading],
               voter_of: Callable[[str, datetime], str | None], is_moderator: Callable[[str], bool],
               resolver: NameResolver, roster: Roster) -> dict[str, Learned]:
    """Every text the game's moderator counts teach (fold(text) → target), from the whole game.

    ``posts`` in thread order; ``read`` a post's vote marks; ``voter_of(author, time)`` the slot
    an author holds then (None for a moderator or a non-player); names resolve to slots.
    """
    last: dict[str, str | None] = {}          # voter slot -> his last mark's unresolved text
    found: dict[str, Learned] = {}
    clashing: set[str] = set()
    for post in posts:
        if post.time is None:
            continue
        if is_moderator(post.author):
            lines = _exact_lines(read_count(post.html, roster)[0], resolver)
            for listed, target in (lines or {}).items():
                text = last.get(listed)
                key = fold(text) if text else ""
                if not key or key in clashing:
                    continue
                if key in found and found[key].slot != target:
                    clashing.add(key)
                    del found[key]
                    continue
                found.setdefault(key, Learned(target, post.id, post.url))
            continue
        voter = voter_of(post.author, post.time)
        if voter is None:
            continue
        for mark in read(post).marks:
            if mark.kind is MarkKind.UNVOTE or mark.kind is MarkKind.NO_LYNCH:
                last[voter] = None
            elif mark.kind in (MarkKind.VOTE, MarkKind.RED) and not mark.malformed:
                last[voter] = None if resolver.resolve(mark.text).player else mark.text
    return found


def _exact_lines(count: VoteCount | None, resolver: NameResolver) -> Mapping[str, str] | None:
    """voter slot → target slot of a high-confidence count every name of which answers to a
    player (the roster reader's canonical names, resolved to slots); None when unusable."""
    if count is None or count.label is None or count.confidence < HIGH_CONFIDENCE or count.unread:
        return None
    out: dict[str, str] = {}
    for line in count.lines:
        target = NO_LYNCH if line.target == NO_LYNCH else resolver.resolve(line.target).player
        if target is None:
            return None
        for name in line.voters:
            voter = resolver.resolve(name).player
            if voter is None:
                return None
            out[voter] = target
    return out
