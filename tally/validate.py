"""A game file read and checked against its ruleset: the one way from a parsed TOML dict to a Game.

Above both the file model (:mod:`votal.tally.game`, which does not know the presets) and the
rulesets (:mod:`votal.tally.presets`): :func:`parse_game` builds the records with the ruleset's
defaults, then runs the common event checks and the ruleset's own (:mod:`votal.tally.rules.checks`).
Anything wrong is a GameFileError naming the file, the event (index and type) and the rule id;
a role written as a key with a typo is one too, naming the player and the key meant. What is not
wrong but leaves the end of the game blind (a faction no side of the ruleset's end is named by)
is a warning, :func:`game_warnings`, which ``check`` prints and the other commands write on
stderr: every command loads a game through :func:`parse_game`, so ``check`` passing means
``tally`` will not refuse (issue 20).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from votal.errors import GameFileError
from votal.tally.factions import named_side, side_words
from votal.tally.game import Game, build_game
from votal.tally.names import typo_of
from votal.tally.presets import PRESETS, Preset, get_preset, schedule_of
from votal.tally.roles import misspelt
from votal.tally.rules.checks import events_after_day1
from votal.tally.schedule import MAX_DAYS, schedule_problem
from votal.tally.verdict import end_sides, placed


def parse_game(data: Mapping[str, Any], *, path: str = "game.toml") -> Game:
    """Build a Game from a parsed game file; GameFileError on any breach (interfaces.md §1)."""
    game = build_game(data, path=path, rulesets=PRESETS)
    check_roles(game)
    preset = get_preset(game.ruleset)
    check_schedule(game)
    check_events(game, preset)
    return game


def check_schedule(game: Game) -> None:
    """The days the game file gives (``[schedule.day.N]``) follow one another (C-09): a
    deadline after its start, a start not before the previous day's vote closed. A schedule that
    runs backwards or overlaps is refused, naming the file and the day."""
    late = [n for n in game.schedule.days if n > MAX_DAYS]
    if late:
        raise GameFileError(f"{game.path}: [schedule.day.{min(late)}]: votal lays out days 1 to "
                            f"{MAX_DAYS} (C-09); give a day within them")
    problem = schedule_problem(schedule_of(game))
    if problem is not None:
        day, what = problem
        raise GameFileError(f"{game.path}: {what} (C-09); every post must fall in one day: fix "
                            f"the instants of day {day}")


def check_roles(game: Game) -> None:
    """A role written as one of the ruleset's keys with a typo ("mayr") refuses the file, naming
    the player and the key: the rules would not read it. Free text the rules do not read at all
    ("Town Vanilla", "veggente") stays valid (tally/roles.py :func:`misspelt`)."""
    for i, p in enumerate(game.players, 1):
        meant = misspelt(game.ruleset, p.role)
        if meant is None:
            continue
        key, written = meant
        closest = f"{key!r}" if written == key else f"{written!r} (key {key!r})"
        raise GameFileError(f"{game.path}: player #{i} {p.name!r}: role {p.role!r} is no role key "
                            f"of {game.ruleset} (closest: {closest}); the rules read only its "
                            "keys and their synonyms")


def game_warnings(game: Game) -> list[str]:
    """Factions the end of the game cannot place (a warning, not an error: factions are free
    text): one line each, naming the file and the player or the ``convert`` event."""
    out = []
    for i, p in enumerate(game.players, 1):
        why = _faction_warning(game.ruleset, p.role, p.faction)
        if why:
            out.append(f"{game.path}: player #{i} {p.name!r}: {why}")
    for e in game.events_of("convert"):   # a converted player's role no longer decides (LM-08)
        why = _faction_warning(game.ruleset, None, e.faction)
        if why:
            out.append(f"{game.path}: {e.label()}: {why}")
    return out


def _faction_warning(ruleset: str, role: str | None, faction: str | None) -> str | None:
    """A faction the end cannot place (:func:`votal.tally.verdict.placed`); or one that names no
    side, placed all the same (by the role, or as a third party), but a typo of a side's word
    ("twon"): what else reads the faction (the audit's tables, its draws) would misread it."""
    if not faction:
        return None
    sides = end_sides(ruleset)
    listed = sorted(sides if sides is not None else {"town", "mafia"}, key=_SIDE_ORDER.index)
    near = typo_of(faction, [w for w, s in side_words().items() if s in listed])
    if not placed(ruleset, role, faction):
        closest = f"; closest: {near!r}" if near else ""
        return (f"faction {faction!r} is none of the sides {ruleset}'s end knows "
                f"({', '.join(listed)}{closest}), and the role does not give one")
    if named_side(faction) is None and near:
        how = (f"{ruleset}'s end takes it for a third party of its own" if sides is None
               else f"the end places the player by the role {role!r}")
        return f"faction {faction!r} names no side (closest: {near!r}); {how}"
    return None


_SIDE_ORDER = ("town", "mafia", "pack", "coven")


def check_events(game: Game, preset: Preset) -> None:
    """Run the common checks, then the ruleset's own (presets list them)."""
    schedule = schedule_of(game)
    for e in game.events:
        if e.day is not None and e.day > MAX_DAYS:
            raise GameFileError(f"{game.path}: {e.label()}: day {e.day} is after day {MAX_DAYS}, "
                                "the last day votal lays out (C-09)")
        events_after_day1(game, e, schedule)
    for check in preset.event_checks:
        check(game, schedule)
