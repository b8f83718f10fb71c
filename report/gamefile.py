"""A drafted game (app/draft.py) as a commented TOML game file (interfaces.md §1; issue 13).

Every field is explained once, beside it; the ruleset's schedule defaults and options are written
commented out with their default values; roles and events are commented examples. The text is
pure: `votal init` writes it, tests load it back through tally/game.py.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import date, time, timedelta
from typing import Any, Protocol

from votal.tally.presets import PRESETS

# A role the ruleset's rules read (interfaces.md §1 "Roles"), for the commented example.
ROLE_EXAMPLES = {
    "palermo-extreme": ("mayor", "town"),
    "palermo-classic": ("killer", "mafia"),
    "mafia-baku": ("don", "mafia"),
    "lupus-mirtillo": ("lupo mannaro", "lupi"),
    "mafia-forum-ru": ("mafioso", "мафия"),
    "mafiascum": ("vanilla townie", "town"),
}
COLUMN = 34


# What the file is rendered from (app/draft.py's Draft and app/signup.py's Entry give it): the
# renderer says what it reads, and imports nothing of the use case that drafts it.
class DraftedPlayer(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def author_id(self) -> str | None: ...
    @property
    def written(self) -> str | None: ...
    @property
    def seen(self) -> bool: ...


class DraftedGame(Protocol):
    @property
    def title(self) -> str: ...
    @property
    def source_key(self) -> str: ...          # "thread", "pages" or "posts"
    @property
    def source(self) -> str: ...
    @property
    def canonical(self) -> str | None: ...
    @property
    def ruleset(self) -> str: ...
    @property
    def ruleset_note(self) -> str: ...
    @property
    def language(self) -> str: ...
    @property
    def timezone(self) -> str: ...
    @property
    def day1(self) -> date: ...
    @property
    def moderators(self) -> Sequence[str]: ...
    @property
    def players(self) -> Sequence[DraftedPlayer]: ...
    @property
    def players_from(self) -> str: ...
    @property
    def hours_needed(self) -> bool: ...
    @property
    def notes(self) -> Sequence[str]: ...


def toml_value(value: Any) -> str:
    """A TOML literal (JSON string escapes are TOML basic-string escapes)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, time):
        return json.dumps(value.strftime("%H:%M"))
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return json.dumps(str(value), ensure_ascii=False)


def _line(code: str, comment: str = "") -> str:
    if not comment:
        return code
    return f"{code:<{COLUMN}}# {comment}" if len(code) < COLUMN - 1 else f"{code}  # {comment}"


def _header(d: DraftedGame) -> list[str]:
    out = ["# votal game file, started by `votal init`; every key, role and event is explained in",
           "# docs/gamefile.md of votal's repository. Check it with `votal check FILE`, which",
           "# also prints the schedule it implies day by day.",
           f"# {d.ruleset_note}.",
           f"# {d.players_from}."]
    out += [f"# NOTE: {n}." for n in d.notes]
    if d.hours_needed:
        out.append(f"# FILL IN: ruleset {d.ruleset} has no fixed hours: give [schedule] deadline "
                   "and day_change (C-09).")
    return out + [""]


def _top(d: DraftedGame) -> list[str]:
    return [
        _line(f"title = {toml_value(d.title)}", "the game's name, shown in every report"),
        _line(f"ruleset = {toml_value(d.ruleset)}", ", ".join(PRESETS)),
        _line(f"timezone = {toml_value(d.timezone)}",
              "IANA zone of the game's clock (deadlines, day changes)"),
        _line(f"language = {toml_value(d.language)}", "language of the reports: el, it, ru, en"),
        _line(f"moderators = {toml_value(list(d.moderators))}",
              "their posts are never votes (C-01); add co-moderators"),
        "",
    ]


def _source(d: DraftedGame) -> list[str]:
    what = {"thread": "the thread's URL: refreshed into the store at each tally",
            "pages": "a folder of saved thread pages, relative to this file",
            "posts": "normalised posts (JSONL), relative to this file"}[d.source_key]
    out = [_line("[source]", "exactly one of thread / pages / posts"),
           _line(f"{d.source_key} = {toml_value(d.source)}", what)]
    if d.canonical and d.source_key != "thread":
        out.append(_line(f"# thread = {toml_value(d.canonical)}", "the live thread, to follow it"))
    vote_thread = "# vote_thread = \"\""
    if PRESETS[d.ruleset].vote_thread:
        vote_thread = "vote_thread = \"\""
    out.append(_line(vote_thread, "FILL IN: the separate vote thread (MB-01)"
                     if PRESETS[d.ruleset].vote_thread else
                     "rulesets with a separate vote thread (mafia-baku)"))
    return out + [""]


def _schedule(d: DraftedGame) -> list[str]:
    preset = PRESETS[d.ruleset]
    out = ["[schedule]",
           _line(f"day1 = {toml_value(d.day1)}", "date of day 1 (the opening post's day)")]
    hours = (("deadline", preset.deadline, "the vote closes (HH:MM, the game's zone)"),
             ("day_change", preset.day_change, "one day ends and the next begins"),
             ("murder", preset.murder, "the scheduled murder announcement"))
    for key, default, why in hours:
        if default is None and key != "murder":
            out.append(_line(f"# {key} = \"HH:MM\"", f"FILL IN, then uncomment: {why}"))
        elif default is not None:
            out.append(_line(f"# {key} = {toml_value(default)}", f"the ruleset's default: {why}"))
    out.append(_line(f"# skip_weekends = {toml_value(preset.skip_weekends)}",
                     "no day on Saturdays and Sundays (C-10, PC-01)"))
    out.append(_line("# holidays = [2026-12-25]", "dates without a day (C-10)"))
    out.append("# [schedule.day.3]                 # a moved day: exact instants")
    out.append("# deadline = 2026-11-04T21:00:00+02:00")
    return out + [""]


def _options(d: DraftedGame) -> list[str]:
    out = [_line("[options]", f"{d.ruleset}'s options, shown with their defaults")]
    preset = PRESETS[d.ruleset]
    for key, value in preset.options.items():
        if value is None:
            continue
        words = preset.option_values.get(key)
        out.append(_line(f"# {key} = {toml_value(value)}",
                         OPTION_NOTES.get(key, "") or
                         ("one of " + ", ".join(toml_value(w) for w in words) if words else "")))
    return out + [""]


# What an option's words mean, beside it in the template (docs/gamefile.md says it all).
OPTION_NOTES = {
    "deadline": 'no majority at the deadline: "plurality" or "no-lynch" (MS-03)',
    "tie": 'a tie at the deadline: "no-lynch" or "first-to-reach" (MS-03)',
    "votes_at_line_start": "true: a vote counts only at the beginning of a line (a house rule, MS-01)",
}


def _players(d: DraftedGame) -> list[str]:
    out = ["# The players: the forum's exact usernames; aliases are other spellings votes use.",
           "# Substitutions: joined = 2026-11-05T10:00:00+02:00 and replaces = \"OldName\"."]
    for e in d.players:
        out += ["", "[[players]]"]
        comment = f"forum user id {e.author_id}" if e.author_id else ""
        if not e.seen:
            comment = "not seen posting yet: check the spelling"
        out.append(_line(f"name = {toml_value(e.name)}", comment))
        if e.written:
            out.append(_line(f"aliases = {toml_value([e.written])}", "as the sign-up list writes it"))
    role, faction = ROLE_EXAMPLES[d.ruleset]
    out += ["", "# Roles and factions are private (never in a public tally); add them to a player:",
            f"# role = {toml_value(role)}", f"# faction = {toml_value(faction)}",
            "# vote_weight = 2", ""]
    return out


def _events(d: DraftedGame) -> list[str]:
    name = d.players[0].name if d.players else "Player"
    return ["# The moderators' private log, one [[events]] table per event (docs/gamefile.md):",
            "# murdered, eliminated, revived, removed, replaced, excused, lawyer, cop_swap, block,",
            "# immunity, card, poll, runoff, owl, priest, convert, reset, ruling. For example:",
            "# [[events]]", "# type = \"murdered\"", "# day = 2",
            f"# at = {(d.day1 + timedelta(days=1)).isoformat()}T13:00:00", f"# player = {toml_value(name)}", ""]


def render_game_file(d: DraftedGame) -> str:
    """The whole file, ready to write."""
    parts = (_header(d), _top(d), _source(d), _schedule(d), _options(d), _players(d), _events(d))
    return "\n".join(line for part in parts for line in part).rstrip() + "\n"
