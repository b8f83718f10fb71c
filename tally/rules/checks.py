"""Rule checks on the game file's events: a file that breaks its ruleset is refused.

:func:`votal.tally.validate.check_events` runs them. Each check raises GameFileError naming the
file, the event (index and type) and the rule id.
"""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

from votal.errors import GameFileError
from votal.tally.game import Event, Game
from votal.tally.roles import canonical
from votal.tally.rules.context import EventCheck, need
from votal.tally.schedule import Schedule
from votal.tally.wins import clans, is_son, names_clan


def fail(game: Game, event: Event, rule: str, message: str) -> GameFileError:
    return GameFileError(f"{game.path}: {event.label()}: {message} ({rule})")


def events_after_day1(game: Game, e: Event, schedule: Schedule) -> None:
    """No event belongs before day 1 (C-09; turn 0 has no vote, MR-01)."""
    if e.day is not None and e.day < 1:
        raise fail(game, e, "C-09", f"day {e.day} is before day 1")
    if e.at is not None and e.at < schedule.start(1):
        raise fail(game, e, "C-09", f"at {e.at.isoformat()} is before day 1 starts "
                                    f"({schedule.start(1).isoformat()})")


def lawyer_not_self(game: Game, schedule: Schedule) -> None:
    """The lawyer defends one player, not himself (PX-07)."""
    for e in game.events_of("lawyer"):
        if e.target == e.actor:
            raise fail(game, e, "PX-07", f"the lawyer {e.actor} cannot defend himself")


def lawyer_from_day2(game: Game, schedule: Schedule) -> None:
    """The lawyer acts each night after the first vote: from day 2's vote on (PX-07)."""
    for e in game.events_of("lawyer"):
        if e.day is not None and e.day < 2:
            raise fail(game, e, "PX-07", "the lawyer defends from the night after the first vote")


def one_cop_swap(game: Game, schedule: Schedule) -> None:
    """The corrupt cop's swap (PX-08): once per game, in [20:05, 20:10), two players other than the cop himself."""
    seen: Counter[str] = Counter()
    for e in game.events_of("cop_swap"):
        actor = need(e.actor, e)
        seen[actor] += 1
        if seen[actor] > 1:
            raise fail(game, e, "PX-08", f"{e.actor} already swapped votes once this game")
        if e.actor in (e.a, e.b) or e.a == e.b:
            raise fail(game, e, "PX-08", "the swap needs two players other than the cop himself")
        if e.at is not None and e.day is not None:
            clock = schedule.clock(e.day)   # no window (a ruleset without one): no swap in it
            if clock.window_open is None or not (clock.window_open <= e.at < clock.close):
                raise fail(game, e, "PX-08", "the swap must be made in the 20:05-20:10 window")


def emperor_self_once(game: Game, schedule: Schedule) -> None:
    """Immunity (PX-10) from the night after the first vote; the emperor may protect himself once per game."""
    for e in game.events_of("immunity"):
        if e.day is not None and e.day < 2:
            raise fail(game, e, "PX-10", "the emperor grants immunity from the night after the "
                                         "first vote: from day 2")
    selves = [e for e in game.events_of("immunity") if e.target == e.actor]
    if len(selves) > 1:
        raise fail(game, selves[1], "PX-10", f"{selves[1].actor} protected himself twice")


def arrest_cancel_in_time(game: Game, schedule: Schedule) -> None:
    """An arrest cancellation is played within 5 hours of the arrest (PX-13).

    (rev. 2) Without a target it cancels the round's one arrest (game.py fills it in; two
    arrests that round and no target refuse the file there).
    """
    arrests = [e for e in game.events_of("card") if e.card == "arrest"]
    for e in (x for x in game.events_of("card") if x.card == "arrest_cancel"):
        match = [a for a in arrests if a.target == e.target and a.day == e.day]
        if not match:
            whom = f"of {e.target} " if e.target else ""
            raise fail(game, e, "PX-13", f"no arrest {whom}on day {e.day} to cancel")
        a = match[-1]
        if e.at and a.at and not (a.at <= e.at <= a.at + timedelta(hours=5)):
            raise fail(game, e, "PX-13", "an arrest cancellation must come within 5 hours")


def cards_need_target(game: Game, schedule: Schedule) -> None:
    """Every card (PX-11 to PX-16) but extra_vote, echo and exemption names its target."""
    for e in game.events_of("card"):
        if e.card not in ("extra_vote", "echo", "exemption", "failed_murder", "arrest_cancel") \
                and not e.target:
            raise fail(game, e, "PX-12", f"card {e.card} needs a target")


def failed_murder_by_murdered(game: Game, schedule: Schedule) -> None:
    """PX-22: Failed murder is played by the player murdered that day, from the murder's
    announcement until 20:00."""
    for e in game.events_of("card"):
        if e.card != "failed_murder":
            continue
        murders = [m for m in game.events_of("murdered", day=e.day) if m.player == e.actor]
        if not murders:
            raise fail(game, e, "PX-22", f"{e.actor} was not murdered on day {e.day}: only the "
                                         "murdered player plays Failed murder")
        start = murders[0].at or (schedule.murder_time(e.day) if e.day else None)
        if e.at is not None and e.day is not None and start is not None \
                and not (start <= e.at < schedule.deadline(e.day)):
            raise fail(game, e, "PX-22", "Failed murder is played from the murder's announcement "
                                         "until 20:00")


def block_not_twice_running(game: Game, schedule: Schedule) -> None:
    """PX-23: the prostitute cannot visit the same player two days running."""
    seen = {(e.actor, e.target, e.day) for e in game.events_of("block") if e.day is not None}
    for e in game.events_of("block"):
        if e.day is not None and (e.actor, e.target, e.day - 1) in seen:
            raise fail(game, e, "PX-23", f"{e.actor} visited {e.target} on day {e.day - 1} "
                                         f"already: not two days running")


def kamikaze_victim(game: Game, schedule: Schedule) -> None:
    """Only the kamikaze takes a victim (MB-09: ``eliminated`` with ``by``), on a given day."""
    for e in game.events_of("eliminated"):
        if e.by is None:
            continue
        if canonical(game.ruleset, game.player(e.by).role) != "kamikaze":
            raise fail(game, e, "MB-09", f"{e.by} is not the kamikaze: only he takes a victim")
        if e.day is None:
            raise fail(game, e, "MB-09", "the kamikaze's victim needs the day of his vote")
        if e.player == e.by:
            raise fail(game, e, "MB-09", "the kamikaze's victim is another player")


def owl_not_self(game: Game, schedule: Schedule) -> None:
    """The gufonauta owls "un altro giocatore", not himself (LM-04 rev. 2)."""
    for e in game.events_of("owl"):
        if e.target == e.actor:
            raise fail(game, e, "LM-04", f"{e.actor} cannot owl himself")


def priest_runoff(game: Game, schedule: Schedule) -> None:
    """A runoff removal (LM-05 rev. 2) is a second ``priest`` event of the same day, by the
    parroco who removed a day vote that day; one per day removal."""
    day_acts = {(e.actor, e.day) for e in game.events_of("priest") if not e.runoff}
    seen: Counter[tuple[str | None, int | None]] = Counter()
    for e in game.events_of("priest"):
        if not e.runoff:
            continue
        seen[(e.actor, e.day)] += 1
        if (e.actor, e.day) not in day_acts:
            raise fail(game, e, "LM-05", f"{e.actor} removed no day vote on day {e.day}: the "
                                         "runoff removal goes with the day's one")
        if seen[(e.actor, e.day)] > 1:
            raise fail(game, e, "LM-05", f"a second runoff removal by {e.actor} on day {e.day}")


def once_per_game(kind: str, rule: str) -> EventCheck:
    """The ability is used once per game (LM-04, LM-05)."""
    def check(game: Game, schedule: Schedule) -> None:
        seen: Counter[str] = Counter()
        for e in game.events_of(kind):
            if e.runoff:          # LM-05: the runoff removal comes besides the day's one
                continue
            actor = need(e.actor, e)
            seen[actor] += 1
            if seen[actor] > 1:
                raise fail(game, e, rule, f"{e.actor} may use {kind} only once per game")
    check.__name__ = f"once_per_game[{kind}]"
    return check


def one_lawyer_per_day(game: Game, schedule: Schedule) -> None:
    """One defended player per day (MB-05, PX-07)."""
    days: Counter[int | None] = Counter()
    for e in game.events_of("lawyer"):
        days[e.day] += 1
        if days[e.day] > 1:
            raise fail(game, e, "MB-05", f"a second lawyer choice on day {e.day}")


def vsb_clan_given(game: Game, schedule: Schedule) -> None:
    """A VSB's clan must be known where it can be two (MR-08, interfaces.md §1 rev. 3): a VSB
    whose faction names no clan (``мирные``, or none) is of the game's only clan; with several
    clans the file is incomplete and refused, asking for his clan."""
    everyone = [(p.name, p.role, p.faction) for p in game.players]
    several = clans(everyone)
    if len(several) < 2:
        return
    for i, p in enumerate(game.players, 1):
        if is_son(p.role) and not names_clan(p.faction):
            named = ", ".join(repr(c) for c in several.values())
            raise GameFileError(
                f"{game.path}: player #{i} {p.name!r} is a VSB whose faction names no clan, and "
                f"the game has {len(several)} clans ({named}): give his clan as his faction, "
                f'e.g. faction = "{next(iter(several.values()))}" (MR-08)')
