"""`lupus-mirtillo` rules (LM-*): runoff (ballottaggio), owl, priest, black cat."""

from __future__ import annotations

import hashlib
import random
from datetime import datetime

from votal.tally.factions import side
from votal.tally.model import Effect, Outcome, OutcomeKind, Reason, Status
from votal.tally.rules.common import leaders
from votal.tally.rules.context import Day, Inputs, Outputs, Players, Votes, need, parts

ABSTAIN = "abstain"


@parts
def priest(inputs: Inputs, votes: Votes, players: Players, out: Outputs) -> None:
    """LM-05: the parroco removes one of the votes a player received (his count drops by one).

    (rev. 2) The event may name the ``voter`` whose vote goes (default: the target's latest vote
    received); the removed vote is void (rule LM-05) and the public output shows it nowhere.
    A ``runoff = true`` event acts in the runoff only (:func:`runoff_result`).
    """
    for e in inputs.events("priest"):
        if e.runoff:
            continue
        slot = players.timeline.slot_of(need(e.target, e))
        voters = votes.voters.get(slot, [])
        voter = players.timeline.slot_of(e.voter) if e.voter else (voters[-1] if voters else None)
        if votes.counts.get(slot, 0) <= 0 or voter is None or voter not in voters:
            out.effects.append(Effect("LM-05", e.actor, e.target, "no such vote to remove"))
            continue
        b = votes.final[voter]
        votes.counts[slot] -= b.weight
        voters.remove(voter)
        b.decide(Status.VOID, "LM-05", "removed by the parroco", blame=False)
        out.effects.append(Effect("LM-05", e.actor, e.target,
                                  f"{players.name(voter)}'s vote removed"))


def owl(day: Day) -> Outcome | None:
    """LM-04: if the day's leader is not the owled player, a runoff with the owled player follows."""
    _, top = leaders(day.votes, day.players)
    for e in day.inputs.events("owl"):
        owled = day.players.timeline.slot_of(need(e.target, e))
        if top and owled not in top and day.players.active(owled, day.inputs.vote_end):
            candidates = tuple(top) + (owled,)
            return _runoff_or_tie(day, candidates, "LM-04")
    return None


def runoff_on_tie(day: Day) -> Outcome | None:
    """LM-02: a tie for the lead goes to a runoff among the tied."""
    _, top = leaders(day.votes, day.players)
    if len(top) < 2:
        return None
    return _runoff_or_tie(day, tuple(top), "LM-02")


def _runoff_or_tie(day: Day, candidates: tuple[str, ...], rule: str) -> Outcome:
    """The runoff's result (LM-02, LM-03) once a `runoff` event records it; before, and in a
    running count (the runoff follows the day's vote), the tie and ``next`` runoff."""
    events = () if day.inputs.running else day.inputs.events("runoff")
    if not events:
        return Outcome(OutcomeKind.TIE, candidates, None, rule, "runoff")
    return runoff_result(day, candidates, events[-1].ballots)


def runoff_result(day: Day, candidates: tuple[str, ...],
                  ballots: tuple[tuple[str, str], ...]) -> Outcome:
    """Runoff votes, day votes carried over for the silent (LM-02), then the Village count (LM-03)."""
    votes: dict[str, str] = {day.players.timeline.slot_of(v): (t if t == ABSTAIN else day.players.timeline.slot_of(t))
                             for v, t in ballots}
    for voter, b in day.votes.final.items():
        # LM-05 (rev. 2): the parroco's day removal leaves the runoff untouched: that day vote
        # still carries over
        if voter not in votes and (b.status is Status.COUNTED or b.rule == "LM-05") \
                and b.target in candidates \
                and day.players.active(voter, day.inputs.vote_end):
            votes[voter] = b.target
            day.out.notes.append(
                f"LM-02: {day.players.name(voter)}'s day vote carried into the runoff")
    counts = {c: 0 for c in candidates}
    for target in votes.values():
        if target in counts:
            counts[target] += 1
    # LM-05 (rev. 2): only a runoff removal touches the runoff
    for e in day.inputs.events("priest"):
        if not e.runoff:
            continue
        slot = day.players.timeline.slot_of(need(e.target, e))
        received = [v for v, t in votes.items() if t == slot]
        removed = (day.players.timeline.slot_of(e.voter) if e.voter
                   else received[-1] if received else None)
        if removed is not None and removed in received:
            voter = removed
            counts[slot] -= 1
            del votes[voter]
            day.out.effects.append(Effect("LM-05", e.actor, e.target,
                                          f"{day.players.name(voter)}'s runoff vote removed"))
        else:
            day.out.effects.append(Effect("LM-05", e.actor, e.target, "no such runoff vote"))
    top = max(counts.values())
    tied = [c for c in candidates if counts[c] == top]
    if len(tied) > 1:
        tied = _village_tiebreak(day, tied, votes)
    return Outcome(OutcomeKind.ELIMINATED, tuple(tied), Reason.RUNOFF, "LM-03" if len(tied) else "LM-02",
                   between=candidates)


def _village_tiebreak(day: Day, tied: list[str], votes: dict[str, str]) -> list[str]:
    """LM-03: the candidate voted by more Village players in the runoff; still tied: all die."""
    village = {s for s in day.players.timeline.slots if _village(day, s, day.inputs.close)}
    by_village = {c: sum(1 for v, t in votes.items() if t == c and v in village) for c in tied}
    best = max(by_village.values())
    return [c for c in tied if by_village[c] == best]


def _village(day: Day, slot: str, t: datetime) -> bool:
    """Of faction Village at t, ``convert`` events included (LM-03, LM-06; LM-08 rev. 2)."""
    return side(None, day.faction_of(slot, t)) == "town"


def black_cat(day: Day) -> None:
    """LM-06: the Gatto Nero sent to the stake curses one Village voter, drawn with a seed."""
    if not day.out.outcome or day.out.outcome.kind is not OutcomeKind.ELIMINATED:
        return
    for slot in day.out.outcome.players:
        if day.role_of(slot) != "gatto nero":
            continue
        village = sorted(v for v, b in day.votes.final.items() if b.status is Status.COUNTED
                         and b.target == slot and _village(day, v, day.inputs.close))
        drawn = f"{day.inputs.game.title}|{day.inputs.number}".encode()
        seed = int(hashlib.sha256(drawn).hexdigest()[:8], 16)
        day.out.seed = seed
        if village:
            cursed = random.Random(seed).choice(village)
            day.out.effects.append(Effect("LM-06", day.players.name(slot), day.players.name(cursed), "cursed by draw"))


@parts
def abstention_limit(inputs: Inputs, players: Players, out: Outputs) -> None:
    """LM-01: at most 2 abstentions per player per game; a third is reported."""
    limit = inputs.options.abstentions
    abstentions = players.carried.abstentions
    for slot in players.absent:
        abstentions[slot] += 1
        if abstentions[slot] > limit:
            out.violate("V-ABSTENTION-LIMIT", players.name(slot), None,
                        f"abstention {abstentions[slot]} of at most {limit}")
