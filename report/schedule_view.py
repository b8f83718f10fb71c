"""`votal check`: a game file's summary and the schedule it implies, day by day (issue 13).

Pure over a loaded Game: each played day's start, deadline, change window (PX-03) and end, and
the dates without a day between them (weekends under PC-01, holidays, C-10), so a moderator sees
at once when the time zone or day 1 is wrong. The days are the tally's own (tally/schedule.py):
one after another, each ending where the next begins; the loader refused any that would not.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from votal.tally.game import Game
from votal.tally.presets import schedule_of
from votal.tally.validate import game_warnings
from votal.tally.verdict import END_RULES, sides_missing

DAYS = 7


def _t(t: datetime, tz) -> str:
    return t.astimezone(tz).strftime("%a %d/%m %H:%M")


def game_summary(game: Game) -> str:
    source = next(f"{k} {v}" for k, v in (("thread", game.source.thread),
                                          ("pages", game.source.pages),
                                          ("posts", game.source.posts),
                                          ("source", "(none)")) if v)
    events = len(game.events)
    return (f"{game.path}: ok — {game.title!r}, ruleset {game.ruleset}, {len(game.players)} "
            f"players, {events} event{'' if events == 1 else 's'}, time zone {game.timezone}, "
            f"language {game.language}, {source}")


def schedule_lines(game: Game, days: int = DAYS) -> list[str]:
    """One line per played day (and one per date without a day between them)."""
    schedule = schedule_of(game)
    tz = game.tz
    out = [f"schedule ({game.timezone}, days 1–{days}):"]
    previous = None
    for n in range(1, days + 1):
        start, deadline, end = schedule.bounds(n)
        d = schedule.date_of(n)
        if previous is not None:
            gap = previous + timedelta(days=1)
            while gap < d:
                if schedule.paused(gap):   # not the dates a longer day (given instants) spans
                    why = "weekend" if gap.weekday() >= 5 and game.schedule.skip_weekends \
                        else "holiday"
                    out.append(f"  paused  {gap.strftime('%a %d/%m')}: no day ({why}, C-10)")
                gap += timedelta(days=1)
        previous = d
        clock = schedule.clock(n)
        window = (f", change window {clock.window_open.astimezone(tz):%H:%M}–"
                  f"{clock.window_close.astimezone(tz):%H:%M} (PX-03)"
                  if clock.window_open and clock.window_close else "")
        murder = schedule.murder_time(n)
        murder_text = ""
        if murder:   # a day longer than one date says the murder's date too
            spans = end.astimezone(tz).date() - start.astimezone(tz).date() > timedelta(days=1)
            murder_text = f", murder {_t(murder, tz) if spans else f'{murder.astimezone(tz):%H:%M}'}"
        moved = f" (given in [schedule.day.{n}])" if n in game.schedule.days else ""
        out.append(f"  day {n:<3} {_t(start, tz)} → deadline {_t(deadline, tz)}{window}"
                   f"{murder_text}, ends {_t(end, tz)}{moved}")
    return out


def end_note(game: Game) -> str | None:
    """A note, not an error (issue 20): the players whose side (role or faction) the file does
    not give, so that no end of the game that depends on one of them is ever declared."""
    rule = END_RULES.get(game.ruleset)
    missing = sides_missing(game)
    if rule is None or not missing:
        return None
    many = f"{len(missing)} of {len(game.players)} players have" if len(missing) > 1 \
        else "1 player has"
    return (f"note: {many} no side in this file (no role or faction the end, {rule}, can place): "
            f"{', '.join(missing)} — no end of the game is declared while it depends on them")


def describe(game: Game, days: int = DAYS) -> str:
    note = end_note(game)
    warnings = [f"warning: {w}" for w in game_warnings(game)]
    return "\n".join([game_summary(game), *warnings, *([note] if note else []),
                      *schedule_lines(game, days)]) + "\n"
