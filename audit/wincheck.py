"""End-of-game checks after each elimination and murder (pure; needs roles/factions: a verdict
only where it holds whatever the players the file does not place are, tally/verdict.py).

One small check per ruleset, first that fires decides (python-chess's ``outcome()`` habit):
PX-21 (palermo-extreme), PC-07 (palermo-classic), LM-08 (lupus-mirtillo, with each role's
"counts as" value), MS (mafiascum convention: the game ends when no mafia is left or the mafia
reach parity), MB-10 (mafia-baku) and MR-10 (mafia-forum-ru; MR-08's vote count needs the
whole game and is the engine's).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from votal.tally.factions import side
from votal.tally.verdict import decide
from votal.tally.wins import lm08, mb10, mr10, ms_parity, pc07, px21


@dataclass(frozen=True, slots=True)
class Death:
    """A player who left the game (vote, murder, removal), in game order."""

    player: str
    day: int
    how: str                         # "eliminated" | "murdered" | "removed" | ...
    at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Win:
    rule: str
    winners: tuple[str, ...]         # "town", "mafia", "village", "pack", "coven"
    day: int
    after: str | None                # the death after which the condition held (None: at start)
    alive: tuple[tuple[str, int], ...]  # side → living count, for the report


Check = Callable[..., tuple[str, ...]]
RETURNS = ("revived",)


CHECKS: Mapping[str, tuple[str, Check]] = {
    "palermo-extreme": ("PX-21", px21),
    "palermo-classic": ("PC-07", pc07),
    "lupus-mirtillo": ("LM-08", lm08),
    "mafia-baku": ("MB-10", mb10),
    "mafia-forum-ru": ("MR-10", mr10),
    "mafiascum": ("MS", ms_parity),
}


def first_win(ruleset: str, players: Sequence[tuple[str, str | None, str | None]],
              deaths: Sequence[Death]) -> Win | None:
    """The first moment the ruleset's end condition held: after which death, on which day.

    ``players`` are (name, role, faction); ``deaths`` in game order, returns included
    (``how == "revived"``: the player is back, and the check waits for the next departure). None
    when the ruleset has no check, or when the condition never held whatever the sides the file
    does not give (tally/verdict.py: an end that depends on an unknown side is no end).
    """
    if ruleset not in CHECKS or not players:
        return None
    rule, check = CHECKS[ruleset]
    alive = list(players)
    for i, death in enumerate(deaths):
        undone = any(d.player == death.player and d.how in RETURNS for d in deaths[i + 1:])
        if death.how in RETURNS:  # PX-13 arrest cancelled, PX-16 necromancy, a revived event
            back = [p for p in players if p[0] == death.player and p not in alive]
            alive += back
            continue
        if all(p[0] != death.player for p in alive):
            continue  # already out: a second record of the same departure
        alive = [p for p in alive if p[0] != death.player]
        if death.how == "arrested" and undone:
            continue  # PX-13: an arrest later cancelled never ended anything
        winners = decide(ruleset, functools.partial(_after, check, death), alive, players)
        if winners:
            return Win(rule, winners, death.day, death.player, _census(alive))
    return None


def _after(check: Check, death: Death, alive: Sequence[tuple[str, str | None, str | None]]
           ) -> tuple[str, ...]:
    return check(alive, death)


def _census(alive) -> tuple[tuple[str, int], ...]:
    counts: dict[str, int] = {}
    for _, r, f in alive:
        counts[side(r, f)] = counts.get(side(r, f), 0) + 1
    return tuple(sorted(counts.items()))
