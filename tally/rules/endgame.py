"""End of game, checked after each day's elimination (PX-21, PC-07, LM-08, MR-08).

Needs the game file's factions; without them no verdict is given. The verdict goes to the result's
``end`` field: ``{"winner": ..., "rule": ..., "note": ...}``.
"""

from __future__ import annotations

from votal.tally import wins
from votal.tally.factions import side
from votal.tally.model import Status
from votal.tally.rules.context import Day

TOWN = "town"


def _survivors(day: Day) -> list[str]:
    """Who is still in the game once the day is over (its elimination and removals applied)."""
    return [s for s in day.timeline.slots if day.active(s, max(day.end, day.close))]


def _faction(day: Day, slot: str) -> str | None:
    f = day.game.player(day.name(slot)).faction
    return f.lower() if f else None


def _known(day: Day) -> bool:
    return any(p.faction for p in day.game.players)


def _alive(day: Day) -> list[tuple[str, str | None, str | None]]:
    """The survivors as (name, role, faction), what the shared predicates of tally/wins.py read."""
    players = [day.game.player(day.name(s)) for s in _survivors(day)]
    return [(p.name, p.role, p.faction) for p in players]


def killers_gone_or_outnumber(day: Day) -> None:
    """PX-21: all killers ghosts or out (town wins), or the killers outnumber everyone else."""
    _check(day, "PX-21", wins.px21)


def killers_equal_rest(day: Day) -> None:
    """PC-07: all killers out (town wins), or killers equal the rest at the end of a round."""
    _check(day, "PC-07", wins.pc07)


def lupus_factions(day: Day) -> None:
    """LM-08: Village, Pack (wolves) and Coven (vampires) win conditions, by each role's "counts
    as" value; two may win together."""
    _check(day, "LM-08", wins.lm08)


def _check(day: Day, rule: str, predicate) -> None:
    if not _known(day) or day.running:
        return
    alive = _alive(day)
    winners = predicate(alive)
    if not winners:
        return
    killers = sum(1 for _, r, f in alive if side(r, f) == "mafia")
    note = {"town": "no killer is left in the game",
            "mafia": f"{killers} killers against {len(alive) - killers}"}.get(winners[0], "")
    end = {"winner": winners[0]}
    if len(winners) > 1 or rule == "LM-08":  # LM-08: two factions can win together
        end["winners"] = list(winners)
    day.game_end = {**end, "rule": rule, "note": note}


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
