"""End-of-game conditions as pure predicates over the living players (name, role, faction).

Shared by the engine (the result's ``end`` field, tally/rules/endgame.py) and the audit (the first
moment a finished game's condition held, audit/wincheck.py). Each returns the winning sides, empty
while the game goes on. ``death`` is the departure just applied (its ``how``), when known.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from votal.tally.factions import counts_as, side
from votal.tally.roles import canonical, known


class Departure(Protocol):
    how: str           # "eliminated" | "murdered" | "removed" | ...


_DAY_DEATHS = ("eliminated", "lynched", "removed", "modkilled")


Alive = Sequence[tuple[str, "str | None", "str | None"]]

_PX_KILLERS = frozenset({"archmafioso", "open_mafioso", "hidden_mafioso"})


def _keys(ruleset: str, alive: Alive) -> list[tuple[str | None, str]]:
    """(canonical role key or None when unknown, side) per living player."""
    return [(canonical(ruleset, r) if known(ruleset, r) else None, side(r, f)) for _, r, f in alive]


def _is(key: str | None, side_: str, keys: frozenset[str]) -> bool:
    """A role the rules name decides; a role they do not know falls back on the faction's side."""
    return key in keys if key is not None else side_ == "mafia" and bool(keys)


def px21(alive: Alive, death: Departure | None = None, *, took_over: bool = False) -> tuple[str, ...]:
    """PX-21 (rev. 2): town wins when every killer is a ghost or out (the rival mafioso too, once
    he has taken over); the killers win when they outnumber everyone else.

    The killers are the mafiosi proper (archmafioso, open and hidden mafiosi); the corrupt cop and
    the prostitute win with the mafia but are no killers: they count among "everyone else". When
    every mafioso is gone the rival mafioso takes over and wins if he and one more remain
    (``rival``); a mafioso who comes back after that (``took_over``) plays as a plain citizen.
    """
    keys = _keys("palermo-extreme", alive)
    killers = 0 if took_over else sum(
        1 for k, s in keys if k not in ("corrupt_cop", "prostitute", "rival_mafioso")
        and _is(k, s, _PX_KILLERS))
    rival = sum(1 for k, _ in keys if k == "rival_mafioso")
    if killers == 0:
        if rival:
            return ("rival",) if len(alive) <= 2 else ()
        return ("town",)
    return ("mafia",) if killers > len(alive) - killers else ()


def rival_takes_over(alive: Alive) -> bool:
    """The rival mafioso takes over (PX-21): he is in the game, every mafioso a ghost or out."""
    keys = _keys("palermo-extreme", alive)
    return any(k == "rival_mafioso" for k, _ in keys) and not any(
        k not in ("corrupt_cop", "prostitute", "rival_mafioso") and _is(k, s, _PX_KILLERS)
        for k, s in keys)


def pc07(alive: Alive, death: Departure | None = None) -> tuple[str, ...]:
    """PC-07 (rev. 2): town wins when every killer is out (the prostitute may still be in);
    the killers win when they, with the prostitute, are as many as the other players."""
    keys = _keys("palermo-classic", alive)
    killers = sum(1 for k, s in keys if k != "prostitute" and _is(k, s, frozenset({"killer"})))
    prostitutes = sum(1 for k, _ in keys if k == "prostitute")
    if killers == 0:
        return ("town",)
    side_ = killers + prostitutes
    return ("mafia",) if side_ >= len(alive) - side_ else ()


def mb10(alive: Alive, death: Departure | None = None) -> tuple[str, ...]:
    """MB-10 (rev. 2): civilians win when no mafia member is left; the mafia wins when the
    civilians are as many as or fewer than the mafia. The maniac is no civilian ("a separate
    substance"): he wins left alone."""
    keys = _keys("mafia-baku", alive)
    mafia = sum(1 for k, s in keys if k != "maniac" and _is(k, s, frozenset({"don", "mafioso"})))
    maniacs = sum(1 for k, _ in keys if k == "maniac")
    civilians = len(alive) - mafia - maniacs
    if mafia == 0:
        if maniacs and civilians == 0:
            return ("maniac",)
        return ("civilians",) if civilians else ()
    return ("mafia",) if civilians <= mafia else ()


_MR = "mafia-forum-ru"


def mr_camp(role: str | None, faction: str | None) -> str | None:
    """A player's camp in mafia-forum-ru (rules.md "Winners", MR-10): ``civilians``, ``maniac``,
    or his clan (a mafioso's ``faction`` as written, ``mafia`` when it names none); None when the
    game file places him nowhere (no role the rules know, no faction of a side)."""
    key = canonical(_MR, role) if known(_MR, role) else None
    if key == "maniac":
        return "maniac"
    if key == "mafioso" or (key is None and side(role, faction) == "mafia"):
        return faction if names_clan(faction) else "mafia"
    if key is not None or side(role, faction) == "town":
        return "civilians"
    return None


def names_clan(faction: str | None) -> bool:
    """A faction that names a clan: not empty, not the civilians' word (interfaces.md §1 rev. 3)."""
    return bool(faction and faction.strip()) and side(None, faction) != "town"


def clans(everyone: Alive) -> dict[str, str]:
    """The game's mafia clans (MR-08): each mafioso's clan, folded, with the faction as written."""
    out: dict[str, str] = {}
    for _, r, f in everyone:
        camp = mr_camp(r, f)
        if camp not in (None, "civilians", "maniac"):
            out.setdefault(_clan(camp), camp)
    return out


def is_son(role: str | None) -> bool:
    return known(_MR, role) and canonical(_MR, role) == "vsb"


def sons_clans(alive: Alive, everyone: Alive) -> list[tuple[str, str | None, str | None]]:
    """The VSBs' clans (MR-08; interfaces.md §1 rev. 3): a VSB whose ``faction`` names no clan
    (``мирные``, or none) is of the game's only clan; with no clan known his clan, and so his
    side for the end, is unknown (given as no role and no faction). Several clans and none named:
    the game file is refused before any count (tally/rules/checks.py)."""
    known_clans = clans(everyone)
    only = next(iter(known_clans.values())) if len(known_clans) == 1 else None
    out: list[tuple[str, str | None, str | None]] = []
    for name, role, faction in alive:
        if is_son(role) and not names_clan(faction):
            out.append((name, role, only) if only else (name, None, None))
        else:
            out.append((name, role, faction))
    return out


def mr10(alive: Alive, death: Departure | None = None) -> tuple[str, ...]:
    """MR-10 (rev. 2): civilians win when every mafioso and the maniac are dead and a civilian
    lives; the maniac wins "only if he remains alone"; a clan wins when "all the other characters
    are killed" and one of its mafiosi lives (winner: the clan's faction as written).
    MR-08: a mafioso and the VSB of his clan left: the civilians win. VSBs' clans are resolved
    beforehand (:func:`sons_clans`)."""
    camps = [mr_camp(r, f) or "civilians" for _, r, f in alive]
    mafiosi = [c for c in camps if c not in ("civilians", "maniac")]
    maniacs = camps.count("maniac")
    civilians = camps.count("civilians")
    if not mafiosi and not maniacs:
        return ("civilians",) if civilians else ()
    if maniacs and len(alive) == 1:
        return ("maniac",)
    if mafiosi and not maniacs and civilians == 0 and len({_clan(c) for c in mafiosi}) == 1:
        return (mafiosi[0],)
    if mafioso_and_his_son(alive):
        return ("civilians",)
    return ()


def mafioso_and_his_son(alive: Alive) -> bool:
    """Two players left, a mafioso and the VSB of his clan (MR-08 rev. 2: the civilians win)."""
    if len(alive) != 2:
        return False
    mafiosi = [c for c in (mr_camp(r, f) for _, r, f in alive) if c not in (None, "civilians", "maniac")]
    sons = [f for _, r, f in alive if is_son(r)]
    return len(mafiosi) == 1 and len(sons) == 1 and _clan(sons[0] or "mafia") == _clan(mafiosi[0])


def _clan(faction: str | None) -> str:
    return (faction or "").casefold().strip()


def same_camp(a: str, b: str) -> bool:
    """Two camps of :func:`mr_camp` are one (a clan as written, folded)."""
    return _clan(a) == _clan(b)


def ms_parity(alive, death: Departure | None = None) -> tuple[str, ...]:
    """MS (convention): town wins when no mafia and no other killer is left; mafia at parity.

    **Interpretation** (the Mafiascum moderators' "endgame"): after a day's elimination, when the
    mafia's night kill alone brings parity and no other living player holds a role that could stop
    or answer the kill — vanilla, or a role that only talks (neighbor, mason) or only learns (cop,
    tracker, watcher) —, the game is decided for the mafia then (real games 1091, 1589).
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
            and all(_inert(r) for _, r, f in alive if side(r, f) != "mafia"):
        return ("mafia",)
    return ()


_INERT = ("vanilla", "neighbor", "neighbour", "mason", "cop", "tracker", "watcher")
_ACTIVE = ("doctor", "vigilante", "vig", "jail", "block", "guard", "bulletproof", "commute",
           "one-shot", "one shot", "x-shot", "strongman", "bomb", "hider", "protect")


def _inert(role: str | None) -> bool:
    """A role that cannot stop or answer a night kill: vanilla, talking or learning only."""
    text = (role or "").casefold()
    if text in ("townie", "villager"):
        return True
    return any(w in text for w in _INERT) and not any(w in text for w in _ACTIVE)


def lm08(alive, death: Departure | None = None) -> tuple[str, ...]:
    """LM-08: Village / Pack / Coven, by "counts as" values; two factions may win together."""
    alive = [(n, canonical("lupus-mirtillo", r), f) for n, r, f in alive]   # "werewolf": a wolf
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
