"""End-of-game conditions as pure predicates over the living players (name, role, faction).

Shared by the engine (the result's ``end`` field, tally/rules/endgame.py) and the audit (the first
moment a finished game's condition held, audit/wincheck.py). Each returns the winning sides, empty
while the game goes on. ``death`` is the departure just applied (its ``how``), when known.
"""

from __future__ import annotations

from typing import Protocol

from votal.tally.factions import counts_as, side


class Departure(Protocol):
    how: str           # "eliminated" | "murdered" | "removed" | ...


_DAY_DEATHS = ("eliminated", "lynched", "removed", "modkilled")


def px21(alive, death: Departure | None = None) -> tuple[str, ...]:
    """PX-21: all killers ghosts or out (town wins), or killers outnumber everyone else."""
    killers = sum(1 for _, r, f in alive if side(r, f) == "mafia")
    rest = len(alive) - killers
    if killers == 0:
        return ("town",)
    return ("mafia",) if killers > rest else ()


def pc07(alive, death: Departure | None = None) -> tuple[str, ...]:
    """PC-07: all killers out (town wins), or killers equal the rest (killers win)."""
    killers = sum(1 for _, r, f in alive if side(r, f) == "mafia")
    rest = len(alive) - killers
    if killers == 0:
        return ("town",)
    return ("mafia",) if killers >= rest else ()


def ms_parity(alive, death: Departure | None = None) -> tuple[str, ...]:
    """MS (convention): town wins when no mafia and no other killer is left; mafia at parity.

    **Interpretation** (the Mafiascum moderators' "endgame"): after a day's elimination, when the
    mafia's night kill alone brings parity and every other living player is vanilla (no role that
    could stop or answer the kill), the game is decided for the mafia then (real game 1091).
    """
    sides = [side(r, f) for _, r, f in alive]
    mafia = sides.count("mafia")
    third = sum(1 for s in sides if s not in ("town", "mafia"))
    rest = len(sides) - mafia
    if mafia == 0 and third == 0:
        return ("town",)
    if mafia and mafia >= rest:
        return ("mafia",)
    if mafia and death is not None and death.how in _DAY_DEATHS and mafia >= rest - 1 \
            and all(_vanilla(r) for _, r, f in alive if side(r, f) != "mafia"):
        return ("mafia",)
    return ()


def _vanilla(role: str | None) -> bool:
    text = (role or "").casefold()
    return text in ("townie", "villager") or "vanilla" in text


def lm08(alive, death: Departure | None = None) -> tuple[str, ...]:
    """LM-08: Village / Pack / Coven, by "counts as" values; two factions may win together."""
    kinds = [counts_as(r, f) for _, r, f in alive]
    roles = {(r or "").casefold() for _, r, _ in alive}
    humans, wolves, vamps = kinds.count("human"), kinds.count("wolf"), kinds.count("vampire")
    dracula = "dracula" in roles
    necro = bool(roles & {"negromante", "necromancer"})
    wolves_dead = sum(1 for _, r, f in alive if side(r, f) == "pack") == 0
    won = []
    if wolves_dead and not dracula and (necro is False or vamps == 0):
        won.append("village")
    if wolves and wolves >= humans + vamps and not dracula:
        won.append("pack")
    if vamps and vamps >= humans + wolves:
        won.append("coven")
    return tuple(won)
