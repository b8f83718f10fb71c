"""`mafiascum` rules (MS-*): vote tags, unvote, majority hammer, deadline plurality, weights,
several lynches a day (MS-06), two ballots (MS-08), unvote required (MS-09)."""

from __future__ import annotations

from datetime import datetime

from votal.tally.model import NO_LYNCH, Outcome, OutcomeKind, Reason, Status
from votal.tally.rules import common
from votal.tally.rules.common import first_to_reach, leaders
from votal.tally.rules.context import (
    Ballot,
    Day,
    Inputs,
    Outputs,
    Players,
    Votes,
    need,
    parts,
    target_of,
)


def majority_of(inputs: Inputs, players: Players) -> int:
    """The majority (MS-02): more than half of the living players, unless the game file gives the number."""
    given = inputs.options.majority
    if given:
        return int(given)
    living = [s for s in players.timeline.slots if players.active(s, inputs.start)]
    return len(living) // 2 + 1


def running_votes(day: Day) -> None:
    """MS-06: the day's running count, lynch after lynch: votes replace, unvotes remove (MS-01);
    a majority ends the day at once (the hammer, MS-02).

    Every later vote of the day is ignored; the hammer's post fixes the outcome. MS-06
    (``lynches_per_day``): after a lynch short of the day's number, the lynched leaves, every vote
    stops standing (from the hammer post, or from the moderator's announcement: an `eliminated`
    event for him with a time), the majority is recomputed from those alive, and the count goes
    on. MS-08: a player's second ballot stands beside his first. MS-09 (``unvote_required``): a
    vote while one of the same ballot stands is ignored until the player unvotes (V-NO-UNVOTE).
    """
    allowed = max(1, int(day.inputs.options.lynches_per_day or 1))
    ballots = [b for b in day.votes.ballots if b.status is None]
    gone: set[str] = set()
    hammers: list[Ballot] = []
    rounds: list[dict[tuple[str, int], Ballot]] = []
    majorities = [majority_of(day.inputs, day.players)]
    i = 0
    while True:
        standing, hammer, i = _round(day, ballots, i, majorities[-1], gone)
        rounds.append(standing)
        if hammer is None:
            break
        hammers.append(hammer)
        if len(hammers) >= allowed or hammer.target == NO_LYNCH:
            for b in ballots[i:]:
                b.decide(Status.IGNORED, "MS-02", "after the hammer")
            day.out.closed = hammer.time   # the day's vote is over at the (last) hammer
            break
        gone.add(target_of(hammer))
        reset_at = _announced(day, hammer)
        while i < len(ballots) and ballots[i].time < reset_at:
            ballots[i].decide(Status.IGNORED, "MS-06", "before the votes were reset", blame=False)
            i += 1
        living = [s for s in day.players.timeline.slots
                  if day.players.active(s, day.inputs.start) and s not in gone]
        majorities.append(len(living) // 2 + 1)
    # the tally is the count that decided the last lynch (MS-06), else the running count
    deciding = len(hammers) - 1 if hammers else 0
    for n, standing in enumerate(rounds):
        if n != deciding:
            why = (f"decided the lynch of {day.players.name(target_of(hammers[n]))}, "
                   "then votes reset" if n < len(hammers)
                   else "no further majority before the deadline")
            for b in standing.values():
                b.decide(Status.IGNORED, "MS-06", why, blame=False)
    if deciding != len(rounds) - 1 and rounds[-1]:
        day.out.notes.append("MS-06: no further majority after the last lynch; the tally is the "
                             "count that decided it")
    day.votes.majority = majorities[deciding]
    day.votes.final = {(voter if n == 1 else f"{voter}\n{n}"): b
                 for (voter, n), b in rounds[deciding].items()}
    day.votes.hammers = hammers


def _round(day: Day, ballots: list[Ballot], i: int, majority: int,
           gone: set[str]) -> tuple[dict[tuple[str, int], Ballot], Ballot | None, int]:
    """MS-08 / MS-09: one count from ballot ``i`` until a hammer or the end: (standing, hammer,
    next index). A vote stands per (player, ballot): a player with ``ballots = 2`` has two
    independent votes, each weighing 1 (MS-08); with ``unvote_required`` a vote while one of
    the same ballot stands is ignored (V-NO-UNVOTE, MS-09). Weights and
    ``one_less_for_no_lynch`` as MS-05 says. A count made for the public while the day is open
    (``Inputs.withhold``) shows every vote as one (a weight is private), but the hammer, which
    the moderator announces, is reached by the weights (MS-02)."""
    nl_needed = majority - 1 if day.inputs.options.one_less_for_no_lynch else majority
    unvote_first = bool(day.inputs.options.unvote_required)
    two = {day.players.timeline.slot_of(p.name) for p in day.inputs.game.players if p.ballots > 1}
    weights = {day.players.timeline.slot_of(p.name): p.vote_weight for p in day.inputs.game.players}

    def weight(x: Ballot) -> int:
        return 1 if x.voter in two else weights.get(x.voter, 1)   # MS-08: each ballot 1

    standing: dict[tuple[str, int], Ballot] = {}
    while i < len(ballots):
        b = ballots[i]
        i += 1
        if b.status is not None:
            continue
        if b.voter in gone:
            b.decide(Status.IGNORED, "C-02", "voter lynched earlier today")
            continue
        if b.target in gone:
            b.decide(Status.INVALID, "C-04",
                     f"{day.players.name(b.target)} was lynched earlier today")
            day.out.violate("V-INVALID-TARGET", day.players.name(b.voter), b.post, b.note)
            continue
        key = (b.voter, b.ballot)
        previous = standing.get(key)
        if previous is not None and not b.unvote and unvote_first:
            b.decide(Status.IGNORED, "MS-09", "a vote while another stands, without an unvote")
            day.out.violate("V-NO-UNVOTE", day.players.name(b.voter), b.post, b.text)
            continue
        standing.pop(key, None)
        if previous is not None:
            previous.decide(Status.IGNORED, "MS-01", "unvoted" if b.unvote else "changed later")
        if b.unvote:
            b.decide(Status.IGNORED, "MS-01", "unvote")
            continue
        b.weight = 1 if day.inputs.withhold else weight(b)
        if b.ballot > 1:
            b.note = f"ballot {b.ballot}"
        standing[key] = b
        if b.target not in (None, NO_LYNCH) and not day.players.active(b.target, b.time):
            continue   # C-04: a vote for one who cannot be voted reaches no majority (voided later)
        total = sum(weight(x) for x in standing.values() if x.target == b.target
                    and day.players.active(x.voter, b.time))
        if total >= (nl_needed if b.target == NO_LYNCH else majority):
            return standing, b, i
    return standing, None, i


def _announced(day: Day, hammer: Ballot) -> datetime:
    """Votes reset (MS-06) from the moderator's announcement of the lynch (an `eliminated` event
    for the lynched player with a time, this day), else from the hammer post."""
    for e in day.inputs.events("eliminated"):
        if e.at is not None and e.at >= hammer.time and \
                day.players.timeline.slot_of(need(e.player, e)) == hammer.target:
            return e.at
    return hammer.time


def gone_at_hammer(day: Day) -> None:
    """A hammer (MS-02) ends the day's vote at once, so who may vote and be voted (C-02, C-04)
    is judged at the hammer's post, not at the deadline: a night kill after the hammer takes no
    vote away from the lynch. Without a hammer, at the deadline as everywhere."""
    if not day.votes.hammers:
        common.voter_gone(day)
        common.target_gone(day)
        return
    b = day.votes.hammers[-1]
    for x in day.votes.final.values():
        if x.status is not None:
            continue
        if not day.can_vote(x.voter, b.time):
            x.decide(Status.IGNORED, "C-02", "voter not active at the hammer")
        elif x.target not in (None, NO_LYNCH) and not day.players.active(x.target, b.time):
            x.decide(Status.VOID, "C-04",
                     f"{day.players.name(x.target)} cannot be voted at the hammer", blame=False)


@parts
def hammer(votes: Votes, players: Players, out: Outputs) -> Outcome | None:
    """MS-02: the majority reached ends the day with that player lynched (or no lynch)."""
    hammers = votes.hammers
    if not hammers:
        return None
    b = hammers[-1]
    for h in hammers:
        out.notes.append(f"MS-02: hammer by {players.name(h.voter)} in post {h.post.id}")
    lynched = tuple(target_of(h) for h in hammers if h.target != NO_LYNCH)
    if len(hammers) > 1:   # MS-06: every lynch of the day, in order
        lynches = tuple((target_of(h), Reason.MAJORITY if h.target != NO_LYNCH
                         else Reason.NO_LYNCH, h.post.id) for h in hammers)
        return Outcome(OutcomeKind.ELIMINATED, lynched, Reason.MAJORITY, "MS-06", lynches=lynches)
    if b.target == NO_LYNCH:
        return Outcome(OutcomeKind.NO_ELIMINATION, (), Reason.NO_LYNCH, "MS-02")
    return Outcome(OutcomeKind.ELIMINATED, (target_of(b),), Reason.MAJORITY, "MS-02")


@parts
def at_deadline(inputs: Inputs, votes: Votes, players: Players) -> Outcome | None:
    """MS-03: no majority at the deadline: plurality lynch, or no lynch on a tie (or by option
    ``deadline = "no-lynch"``). With ``tie = "first-to-reach"`` a tie goes to the tied player whose
    standing votes reached the top count first (reason ``first-to-max``, as MR-05 says it); when
    that is No Lynch, nobody is lynched."""
    if inputs.options.deadline == "no-lynch":
        return Outcome(OutcomeKind.NO_ELIMINATION, (), Reason.NO_LYNCH, "MS-03")
    _, top = leaders(votes, players)
    if len(top) == 1 and top[0] != NO_LYNCH:
        return Outcome(OutcomeKind.ELIMINATED, (top[0],), Reason.PLURALITY, "MS-03")
    first = first_to_reach(votes, players) if inputs.options.tie == "first-to-reach" else None
    if first is not None and first != NO_LYNCH:
        return Outcome(OutcomeKind.ELIMINATED, (first,), Reason.FIRST_TO_MAX, "MS-03")
    return Outcome(OutcomeKind.NO_ELIMINATION, (), Reason.NO_LYNCH, "MS-03")
