"""Rule checks on the game file's events: a file that breaks its ruleset is refused.

Each check raises GameFileError naming the file, the event (index and type) and the rule id.
"""

from __future__ import annotations

from collections import Counter
from datetime import timedelta
from typing import Callable

from votal.errors import GameFileError
from votal.tally.game import Event, Game


def fail(game: Game, event: Event, rule: str, message: str) -> GameFileError:
    return GameFileError(f"{game.path}: {event.label()}: {message} ({rule})")


def check_events(game: Game) -> None:
    """Run the common checks, then the ruleset's own (presets list them)."""
    from votal.tally.schedule import Schedule

    schedule = Schedule(game.schedule, game.tz, window=game.preset.window)
    for e in game.events:
        events_after_day1(game, e, schedule)
    for check in game.preset.event_checks:
        check(game, schedule)


def events_after_day1(game: Game, e: Event, schedule) -> None:
    """C-09: no event belongs before day 1 (turn 0 has no vote)."""
    if e.day is not None and e.day < 1:
        raise fail(game, e, "C-09", f"day {e.day} is before day 1")
    if e.at is not None and e.at < schedule.start(1):
        raise fail(game, e, "C-09", f"at {e.at.isoformat()} is before day 1 starts "
                                    f"({schedule.start(1).isoformat()})")


def lawyer_not_self(game: Game, schedule) -> None:
    """PX-07: the lawyer defends one player, not himself."""
    for e in game.events_of("lawyer"):
        if e.target == e.actor:
            raise fail(game, e, "PX-07", f"the lawyer {e.actor} cannot defend himself")


def lawyer_from_day2(game: Game, schedule) -> None:
    """PX-07: the lawyer acts each night after the first vote: from day 2's vote on."""
    for e in game.events_of("lawyer"):
        if e.day is not None and e.day < 2:
            raise fail(game, e, "PX-07", "the lawyer defends from the night after the first vote")


def one_cop_swap(game: Game, schedule) -> None:
    """PX-08: once per game, in [20:05, 20:10), two players other than the cop himself."""
    seen: Counter[str] = Counter()
    for e in game.events_of("cop_swap"):
        seen[e.actor] += 1
        if seen[e.actor] > 1:
            raise fail(game, e, "PX-08", f"{e.actor} already swapped votes once this game")
        if e.actor in (e.a, e.b) or e.a == e.b:
            raise fail(game, e, "PX-08", "the swap needs two players other than the cop himself")
        if e.at is not None and e.day is not None:
            clock = schedule.clock(e.day)
            if not (clock.window_open <= e.at < clock.close):
                raise fail(game, e, "PX-08", "the swap must be made in the 20:05-20:10 window")


def emperor_self_once(game: Game, schedule) -> None:
    """PX-10: from the night after the first vote; the emperor may protect himself once per game."""
    for e in game.events_of("immunity"):
        if e.day is not None and e.day < 2:
            raise fail(game, e, "PX-10", "the emperor grants immunity from the night after the "
                                         "first vote: from day 2")
    selves = [e for e in game.events_of("immunity") if e.target == e.actor]
    if len(selves) > 1:
        raise fail(game, selves[1], "PX-10", f"{selves[1].actor} protected himself twice")


def arrest_cancel_in_time(game: Game, schedule) -> None:
    """PX-13: an arrest cancellation is played within 5 hours of the arrest."""
    arrests = [e for e in game.events_of("card") if e.card == "arrest"]
    for e in (x for x in game.events_of("card") if x.card == "arrest_cancel"):
        match = [a for a in arrests if a.target == e.target and a.day == e.day]
        if not match:
            raise fail(game, e, "PX-13", f"no arrest of {e.target} on day {e.day} to cancel")
        a = match[-1]
        if e.at and a.at and not (a.at <= e.at <= a.at + timedelta(hours=5)):
            raise fail(game, e, "PX-13", "an arrest cancellation must come within 5 hours")


def cards_need_target(game: Game, schedule) -> None:
    """PX-11..PX-16: every card but extra_vote, echo and exemption names its target."""
    for e in game.events_of("card"):
        if e.card not in ("extra_vote", "echo", "exemption", "failed_murder") and not e.target:
            raise fail(game, e, "PX-12", f"card {e.card} needs a target")


def once_per_game(kind: str, rule: str) -> Callable[[Game, object], None]:
    """LM-04/LM-05: the ability is used once per game."""
    def check(game: Game, schedule) -> None:
        seen: Counter[str] = Counter()
        for e in game.events_of(kind):
            seen[e.actor] += 1
            if seen[e.actor] > 1:
                raise fail(game, e, rule, f"{e.actor} may use {kind} only once per game")
    check.__name__ = f"once_per_game[{kind}]"
    return check


def one_lawyer_per_day(game: Game, schedule) -> None:
    """MB-05/PX-07: one defended player per day."""
    days: Counter[int | None] = Counter()
    for e in game.events_of("lawyer"):
        days[e.day] += 1
        if days[e.day] > 1:
            raise fail(game, e, "MB-05", f"a second lawyer choice on day {e.day}")
