"""End of game, checked after each day's elimination (PX-21, PC-07, LM-08, MR-08).

Needs the game file's factions; without them no verdict is given. The verdict goes to the result's
``end`` field: ``{"winner": ..., "rule": ..., "note": ...}``.
"""

from __future__ import annotations

from votal.tally.model import Status
from votal.tally.rules.context import Day

KILLER_FACTIONS = ("mafia", "killers", "killer", "scum")
TOWN = "town"


def _survivors(day: Day) -> list[str]:
    """Who is still in the game once the day is over (its elimination and removals applied)."""
    return [s for s in day.timeline.slots if day.active(s, max(day.end, day.close))]


def _faction(day: Day, slot: str) -> str | None:
    f = day.game.player(day.name(slot)).faction
    return f.lower() if f else None


def _role(day: Day, slot: str) -> str:
    return (day.game.player(day.name(slot)).role or "").lower()


def _known(day: Day) -> bool:
    return any(p.faction for p in day.game.players)


def _killers(day: Day, slots: list[str]) -> list[str]:
    return [s for s in slots if _faction(day, s) in KILLER_FACTIONS or "killer" in _role(day, s)]


def _killer_label(day: Day) -> str:
    for p in day.game.players:
        if p.faction and p.faction.lower() in KILLER_FACTIONS:
            return p.faction.lower()
    return "mafia"


def killers_gone_or_outnumber(day: Day) -> None:
    """PX-21: all killers ghosts or out (town wins), or the killers outnumber everyone else."""
    _killers_check(day, "PX-21", lambda k, rest: k > rest)


def killers_equal_rest(day: Day) -> None:
    """PC-07: all killers out (town wins), or killers equal the rest at the end of a round."""
    _killers_check(day, "PC-07", lambda k, rest: k >= rest)


def _killers_check(day: Day, rule: str, killers_win) -> None:
    if not _known(day) or day.running:
        return
    alive = _survivors(day)
    killers = _killers(day, alive)
    if not killers:
        day.game_end = {"winner": TOWN, "rule": rule, "note": "no killer is left in the game"}
    elif killers_win(len(killers), len(alive) - len(killers)):
        day.game_end = {"winner": _killer_label(day), "rule": rule,
                   "note": f"{len(killers)} killers against {len(alive) - len(killers)}"}


def lupus_factions(day: Day) -> None:
    """LM-08: Village, Pack (wolves) and Coven (vampires) win conditions; two may win together."""
    if not _known(day) or day.running:
        return
    alive = _survivors(day)
    groups = {"village": 0, "pack": 0, "coven": 0}
    for s in alive:
        f = _faction(day, s)
        groups["pack" if f in ("pack", "wolves", "lupi") else
               "coven" if f in ("coven", "vampires", "vampiri") else "village"] += 1
    dracula = any("dracula" in _role(day, s) for s in alive)
    necromancer = any("negromante" in _role(day, s) or "necromancer" in _role(day, s) for s in alive)
    winners = []
    if not groups["pack"] and not dracula and (not necromancer or not groups["coven"]):
        winners.append("village")
    if groups["pack"] and not dracula and groups["pack"] >= groups["village"] + groups["coven"]:
        winners.append("pack")
    if groups["coven"] and groups["coven"] >= groups["village"] + groups["pack"]:
        winners.append("coven")
    if winners:
        day.game_end = {"winner": winners[0], "winners": winners, "rule": "LM-08", "note": ""}


def duel_by_votes(day: Day) -> None:
    """MR-08: two players of opposed camps left: fewer votes against him over the game wins.

    Equal: the one against whom a first vote was cast earlier loses; none against either: a duel.
    """
    for b in day.final.values():
        if b.status is Status.COUNTED and b.target:
            day.state.votes_against[b.target] += b.weight
            day.state.first_vote_against.setdefault(b.target, b.time)
    if not _known(day) or day.running:
        return
    alive = _survivors(day)
    if len(alive) != 2 or _faction(day, alive[0]) == _faction(day, alive[1]):
        return
    a, b = alive
    va, vb = day.state.votes_against.get(a, 0), day.state.votes_against.get(b, 0)
    if va != vb:
        winner = a if va < vb else b
    else:
        fa, fb = day.state.first_vote_against.get(a), day.state.first_vote_against.get(b)
        if fa is None and fb is None:
            day.game_end = {"winner": None, "rule": "MR-08", "note": "no votes against either: a duel"}
            return
        winner = b if fb is None or (fa is not None and fa < fb) else a
    day.game_end = {"winner": _faction(day, winner) or day.name(winner), "rule": "MR-08",
               "note": f"{day.name(winner)} had fewer votes against him"}
