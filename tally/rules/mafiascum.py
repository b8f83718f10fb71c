"""`mafiascum` rules (MS-*): vote tags, unvote, majority hammer, deadline plurality, weights."""

from __future__ import annotations

from votal.tally.model import NO_LYNCH, Outcome, OutcomeKind, Reason, Status
from votal.tally.rules import common
from votal.tally.rules.common import leaders
from votal.tally.rules.context import Ballot, Day


def majority_of(day: Day) -> int:
    """MS-02: more than half of the living players, unless the game file gives the number."""
    given = day.options.get("majority")
    if given:
        return int(given)
    living = [s for s in day.timeline.slots if day.active(s, day.start)]
    return len(living) // 2 + 1


def running_votes(day: Day) -> None:
    """MS-01/MS-02: votes replace, unvotes remove; a majority ends the day at once (the hammer).

    Every later vote of the day is ignored; the hammer's post fixes the outcome.
    """
    day.majority = majority = majority_of(day)
    nl_needed = majority - 1 if day.options.get("one_less_for_no_lynch") else majority
    weights = {day.timeline.slot_of(p.name): p.vote_weight for p in day.game.players}
    standing: dict[str, Ballot] = {}
    hammer: Ballot | None = None
    for b in day.ballots:
        if b.status is not None:
            continue
        if hammer is not None:
            b.decide(Status.IGNORED, "MS-02", "after the hammer")
            continue
        previous = standing.pop(b.voter, None)
        if previous is not None:
            previous.decide(Status.IGNORED, "MS-01", "unvoted" if b.unvote else "changed later")
        if b.unvote:
            b.decide(Status.IGNORED, "MS-01", "unvote")
            continue
        b.weight = weights.get(b.voter, 1)
        standing[b.voter] = b
        total = sum(x.weight for x in standing.values() if x.target == b.target
                    and day.active(x.voter, b.time))
        if total >= (nl_needed if b.target == NO_LYNCH else majority):
            hammer = b
    day.final = standing
    if hammer is not None:
        day.cache["hammer"] = hammer


def gone_at_hammer(day: Day) -> None:
    """C-02/C-04 with MS-02: a hammer ends the day's vote at once, so who may vote and be voted
    is judged at the hammer's post, not at the deadline: a night kill after the hammer takes no
    vote away from the lynch. Without a hammer, at the deadline as everywhere."""
    b = day.cache.get("hammer")
    if b is None:
        common.voter_gone(day)
        common.target_gone(day)
        return
    for voter, x in day.final.items():
        if x.status is not None:
            continue
        if not day.can_vote(voter, b.time):
            x.decide(Status.IGNORED, "C-02", "voter not active at the hammer")
        elif x.target != NO_LYNCH and not day.active(x.target, b.time):
            x.decide(Status.VOID, "C-04", f"{day.name(x.target)} cannot be voted at the hammer",
                     blame=False)


def hammer(day: Day) -> Outcome | None:
    """MS-02: the majority reached ends the day with that player lynched (or no lynch)."""
    b = day.cache.pop("hammer", None)
    if b is None:
        return None
    day.notes.append(f"MS-02: hammer by {day.name(b.voter)} in post {b.post.id}")
    if b.target == NO_LYNCH:
        return Outcome(OutcomeKind.NO_ELIMINATION, (), Reason.NO_LYNCH, "MS-02")
    return Outcome(OutcomeKind.ELIMINATED, (b.target,), Reason.MAJORITY, "MS-02")


def at_deadline(day: Day) -> Outcome | None:
    """MS-03: no majority at the deadline: plurality lynch, or no lynch on a tie (or by option)."""
    if day.options.get("deadline", "plurality") == "no-lynch":
        return Outcome(OutcomeKind.NO_ELIMINATION, (), Reason.NO_LYNCH, "MS-03")
    _, top = leaders(day)
    if len(top) == 1 and top[0] != NO_LYNCH:
        return Outcome(OutcomeKind.ELIMINATED, (top[0],), Reason.PLURALITY, "MS-03")
    return Outcome(OutcomeKind.NO_ELIMINATION, (), Reason.NO_LYNCH, "MS-03")
