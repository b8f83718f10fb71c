"""End of game, checked after each day's elimination (PX-21, PC-07, MB-10, LM-08, MR-08, MR-10).

Needs the game file's factions or roles: a verdict is given only when it holds whatever the
living players the file does not place turn out to be (:mod:`votal.tally.verdict`, issue 20). The verdict goes to the
result's ``end`` field: ``{"winner": ..., "rule": ..., "note": ...}`` with the winner words of
rules.md "Winners" (``winner`` a list where several win together, LM-08). Factions are taken as
they stand once the day is over, ``convert`` events included (LM-08 rev. 2).
"""

from __future__ import annotations

from collections.abc import Callable

from votal.tally import verdict, wins
from votal.tally.model import Status
from votal.tally.rules.context import Day
from votal.tally.wins import Alive


def _survivors(day: Day) -> list[str]:
    """Who is still in the game once the day is over (its elimination and removals applied)."""
    at = max(day.inputs.end, day.inputs.close)
    eliminated = day.out.eliminated()
    return [s for s in day.players.timeline.slots
            if day.players.active(s, at) and s not in eliminated and
            all(r.player != s for r in day.out.removed)]


def _everyone(day: Day) -> list[tuple[str, str | None, str | None]]:
    """Every player of the file as (name, role, faction): what the end reads of the whole game
    (the VSB's only clan, MR-08; the roles a game has once, tally/verdict.py)."""
    return [(p.name, p.role, p.faction) for p in day.inputs.game.players]


def _alive(day: Day) -> list[tuple[str, str | None, str | None]]:
    """The survivors as (name, role, faction), what the shared predicates of tally/wins.py read.

    A converted player's role no longer decides his side: his new faction does (LM-08 rev. 2).
    """
    return [_alive_one(day, s) for s in _survivors(day)]


def killers_gone_or_outnumber(day: Day) -> None:
    """Palermo Extreme's end (PX-21, ``wins.px21``): all killers ghosts or out (town wins), or the killers outnumber everyone else;
    the rival mafioso's own win once he has taken over."""
    if day.inputs.running:
        return
    alive, everyone = _alive(day), _everyone(day)
    took_over = day.players.carried.rival_took_over
    winners = verdict.decide(day.inputs.game.ruleset, lambda a: wins.px21(a, took_over=took_over),
                             alive, everyone)
    if not took_over and verdict.decide(
            day.inputs.game.ruleset, lambda a: ("rival",) if wins.rival_takes_over(a) else (),
            alive, everyone):
        day.players.carried.rival_took_over = True
    _verdict(day, "PX-21", winners, alive)


def killers_equal_rest(day: Day) -> None:
    """Palermo classic's end (PC-07, ``wins.pc07``): all killers out (town wins), or killers with the prostitute equal the rest."""
    _check(day, "PC-07", wins.pc07)


def mafia_at_parity(day: Day) -> None:
    """mafia-baku's end (MB-10, ``wins.mb10``): civilians win when no mafia member is left; the mafia at parity."""
    _check(day, "MB-10", wins.mb10)


def lupus_factions(day: Day) -> None:
    """Lupus's end (LM-08, ``wins.lm08``): Village, Pack (wolves) and Coven (vampires) win conditions, by each role's "counts
    as" value; two may win together."""
    _check(day, "LM-08", wins.lm08)


def mafiascum_parity(day: Day) -> None:
    """MS (convention): town wins when no mafia and no third party is left; mafia at parity."""
    _check(day, "MS", wins.ms_parity)


def _check(day: Day, rule: str, predicate: Callable[[Alive], tuple[str, ...]]) -> None:
    if day.inputs.running:
        return
    alive = _alive(day)
    winners = verdict.decide(day.inputs.game.ruleset, predicate, alive, _everyone(day))
    _verdict(day, rule, winners, alive)


_NOTES = {"town": "no killer is left in the game", "civilians": "no mafioso is left in the game",
          "village": "the village's enemies are dead", "rival": "the rival mafioso and one more "
          "player remain", "maniac": "the maniac remains alone"}


def _verdict(day: Day, rule: str, winners: tuple[str, ...], alive: Alive) -> None:
    if not winners:
        return
    winner: str | list[str] = winners[0] if len(winners) == 1 else list(winners)
    note = _NOTES.get(winners[0], f"{len(alive)} players left: {winners[0]} wins")
    day.out.game_end = {"winner": winner, "rule": rule, "note": note}
    if rule == "LM-08":  # LM-08: two factions can win together; `winners` always lists them
        day.out.game_end["winners"] = list(winners)


def forum_ru_end(day: Day) -> None:
    """The end of a mafia-forum-ru game, checked after each turn: MR-10 (``wins.mr10``), then
    MR-08's duel (``duel_by_votes``)."""
    _count_votes_against(day)
    if day.inputs.running:
        return
    alive, everyone = _alive(day), _everyone(day)
    winners = verdict.decide(day.inputs.game.ruleset, wins.mr10, alive, everyone)
    if winners:
        if wins.mafioso_and_his_son(verdict.prepared(day.inputs.game.ruleset, alive, everyone)):
            day.out.game_end = {"winner": "civilians", "rule": "MR-08", "note": _SON}
        else:
            _verdict(day, "MR-10", winners, alive)
        return
    duel_by_votes(day)


_SON = "a mafioso and the VSB of his clan remain"


def _count_votes_against(day: Day) -> None:
    for b in day.votes.final.values():
        if b.status is Status.COUNTED and b.target:
            day.players.carried.votes_against[b.target] += b.weight
            day.players.carried.first_vote_against.setdefault(b.target, b.time)


def duel_by_votes(day: Day) -> None:
    """MR-08: two players of opposed camps left: fewer votes against him over the game wins.

    Equal: **Interpretation** the one against whom a first vote was cast earlier loses; none
    against either: a duel (no winner yet). Only when the file gives both camps (issue 20).
    """
    alive = _survivors(day)
    if len(alive) != 2:
        return
    ca, cb = (_camp(day, s) for s in alive)
    if ca is None or cb is None or wins.same_camp(ca, cb):
        return
    a, b = alive
    va, vb = day.players.carried.votes_against.get(a, 0), day.players.carried.votes_against.get(b, 0)
    if va != vb:
        winner = a if va < vb else b
    else:
        fa, fb = day.players.carried.first_vote_against.get(a), day.players.carried.first_vote_against.get(b)
        if fa is None and fb is None:
            day.out.game_end = {"winner": None, "rule": "MR-08", "note": "no votes against either: a duel"}
            return
        winner = b if fb is None or (fa is not None and fa < fb) else a
    day.out.game_end = {"winner": ca if winner == a else cb, "rule": "MR-08",
                        "note": f"{day.players.name(winner)} had fewer votes against him"}


def _camp(day: Day, slot: str) -> str | None:
    """rules.md "Winners": ``civilians``, ``maniac``, or a clan's faction as written (None: the
    file does not say)."""
    (_, role, faction), = verdict.prepared(day.inputs.game.ruleset, [_alive_one(day, slot)],
                                           _everyone(day))
    return wins.mr_camp(role, faction)


def _alive_one(day: Day, slot: str) -> tuple[str, str | None, str | None]:
    p = day.inputs.game.player(day.players.name(slot))
    return (p.name, None if day.converted(slot) else p.role, day.faction_of(slot))
