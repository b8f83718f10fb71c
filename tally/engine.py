"""Tally a day or a whole game: one question each, over a :class:`~votal.tally.replay.Replay`.

The replay (tally/replay.py) sorts and splits the posts once, counts each day once and keeps each
day's start; a command that asks several things of a game builds one and asks it (issue 22).
These functions build one per call, for a caller that asks one thing.
"""

from __future__ import annotations

from datetime import datetime

from votal.tally.game import Game
from votal.tally.model import DayResult
from votal.tally.names import NameResolver
from votal.tally.options import Options
from votal.tally.replay import (
    GamePosts,
    Replay,
    Until,
    as_of,
    merge_versions,
    reader,
    replay_from_day_one,
    ruled_post,
)

__all__ = ["GamePosts", "Replay", "as_of", "check_day", "check_watched_day", "ended_on",
           "last_day", "merge_versions", "player_resolver", "replay_from_day_one", "ruled_post",
           "tally_at", "tally_day", "tally_game"]


def tally_day(game: Game, posts: GamePosts, day: int, *, until: Until | None = None,
              withhold: bool = False) -> DayResult:
    """The result of day ``day`` (days before it replayed); ``until`` gives a running count
    (marked provisional, ``as_of`` the instant: end-of-day removals are not applied).

    ``withhold``: the count is for the public and the vote still open, so the day's secret
    abilities, cards and weights are left out (``rules.common.secret``, issue 20): it shows the
    votes as posted, each as one. The days before are replayed whole either way.
    """
    replay = Replay(game, posts)
    return replay.day(day, withhold=withhold) if until is None else \
        replay.running(day, until, withhold=withhold)


def tally_at(game: Game, posts: GamePosts, day: int, now: datetime, *,
             withhold: bool = False) -> DayResult:
    """:meth:`Replay.at`: the final result once the day's vote is closed, else the running count
    (``withhold``: a public one)."""
    return Replay(game, posts).at(day, now, withhold=withhold)


def tally_game(game: Game, posts: GamePosts, *, at: datetime | None = None,
               withhold: bool = False) -> list[DayResult]:
    """:meth:`Replay.days`: every day from 1 to the last day with posts; ``at``: a last day still
    open then is its running count (``withhold``: a public one)."""
    return Replay(game, posts).days(at=at, withhold=withhold)


def last_day(game: Game, posts: GamePosts) -> int:
    """The current or last day: the last day with posts (1 when there are none)."""
    return Replay(game, posts).last_day


def check_day(game: Game, posts: GamePosts, day: int, now: datetime | None = None, *,
              what: str | None = None) -> int:
    """:meth:`Replay.check_day`: ``day`` when it is a day of the game so far, else an InputError."""
    return Replay(game, posts).check_day(day, now, what=what)


def ended_on(game: Game, posts: GamePosts) -> DayResult | None:
    """:meth:`Replay.ended_on`: the day whose result ended the game, None while it goes on."""
    return Replay(game, posts).ended_on()


def check_watched_day(game: Game, posts: GamePosts, day: int, now: datetime, *, live: bool,
                      what: str | None = None) -> int:
    """:meth:`Replay.check_watched_day`: ``day`` when a watch may follow it, else an InputError."""
    return Replay(game, posts).check_watched_day(day, now, live=live, what=what)


def player_resolver(game: Game) -> NameResolver:
    """The game's players by their own names (a substitute is himself, not his slot), read with
    the game's name options as votes are: what a command resolves a player named on its command
    line with (``history --player``, :func:`votal.tally.names.pick_player`)."""
    return reader({p.name: [p.name, *p.aliases] for p in game.players}, Options.of(game.options))
