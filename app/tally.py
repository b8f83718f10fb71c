"""`votal tally GAME`: the moderator's evening decisions before a day is counted.

The use case loads the game and its posts, and decides what the command line used to: live or
offline (a game file that names a thread, refreshed first, is counted as of now), the recheck of
the counted day's pages (C-07 edits there), which day (the last one with posts, or the one asked,
checked to exist) and at which moment. It returns the day's result and whether it cites the rule ids; cli.py renders it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from votal.app.load import load_game, load_posts, recheck_day, shows_codes
from votal.errors import InputError
from votal.scraper.model import YEARS
from votal.scraper.sources import Network
from votal.tally.localtime import local
from votal.tally.model import DayResult
from votal.tally.replay import Replay


@dataclass(frozen=True, slots=True)
class Tallied:
    """A day's tally and whether its rendering cites the rule ids (:func:`shows_codes`)."""

    result: DayResult
    codes: bool | None


def tally_file(game_file: str | Path, *, day: int | None = None, at: str | None = None,
               offline: bool = False, db: Path | None = None, net: Network | None = None,
               withhold: bool = False, codes: bool | None = None,
               warn: Callable[[str], None] | None = None) -> Tallied:
    """The day's tally of the game at ``game_file``: day ``day`` (default: the current or last
    day), as it stood at ``at`` ('now' or an ISO time; default: now for a live thread, the whole
    day with ``offline`` or a file source once its vote has closed, its running count now
    before). ``withhold``: a running count made for the public,
    the secret abilities, cards and weights left for the close (issue 20; the rendering's
    ``public``). ``codes``: ``--codes``/``--no-codes``, else the game file's. ``warn`` hears
    the game file's warnings."""
    game = load_game(game_file, warn=warn)
    posts = load_posts(game, offline=offline, db=db, net=net)
    replay = Replay(game, posts)   # one replay of the game for the whole command (issue 22)
    if not offline and (day is None or day >= 1):  # (a bad day is refused below)
        # the pages of the day counted are asked again: edits there (C-07)
        rechecked = recheck_day(game, day or replay.last_day, posts, db=db, net=net)
        if rechecked is not posts:   # new posts or versions: the replay of those
            replay = Replay(game, rechecked, bodies=replay.bodies)
    if at is None and not offline and game.source.thread:
        at = "now"  # a live thread: while the day's vote is open, show the running count
    when = moment(at, game.tz) if at else None
    n = replay.last_day if day is None else replay.check_day(day, when)
    # offline or a file source: the whole day, once its vote has closed; a day whose vote is
    # still open now is its running count, never a result (an elimination, absences charged)
    # as if it had closed (issue 16)
    result = replay.at(n, when or datetime.now(UTC), withhold=withhold)
    return Tallied(result, shows_codes(game, codes))


def moment(text: str, tz: ZoneInfo) -> datetime:
    """``--at``: "now" or an ISO time (a time without offset is in the game's zone)."""
    if text.strip().lower() == "now":
        return datetime.now(UTC)
    try:
        t = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise InputError(f"--at {text!r}: give 'now' or an ISO time like "
                         "2026-11-03T19:30 (the game's time zone) or 2026-11-03T19:30+02:00") from None
    if not YEARS[0] <= t.year <= YEARS[1]:   # (year 1 overflowed in the zone's arithmetic)
        raise InputError(f"--at {text!r}: give a moment from year {YEARS[0]} to {YEARS[1]}")
    return t if t.tzinfo else local(t, tz)  # C-13 across a daylight-saving change
