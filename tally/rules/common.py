"""Common rules of every ruleset (C-02..C-04, C-09) and the shared steps of a count."""

from __future__ import annotations

import functools
from collections.abc import Callable
from datetime import datetime
from typing import TypeVar

from votal.tally.model import NO_LYNCH, Outcome, OutcomeKind, Reason, Status
from votal.tally.rules.context import (
    Ballot,
    Check,
    Day,
    Filter,
    Inputs,
    Outputs,
    Players,
    Step,
    Votes,
    ballot_parts,
    need,
    parts,
    streams,
)

G = TypeVar("G", bound=Callable[..., object])


def secret(fn: G) -> G:
    """A step, outcome check or ballot filter whose effect the rules keep secret until the vote
    closes, left out of a count made for the public while it is open (``Inputs.withhold``).

    The mayor is never named (PX-06); the lawyer's defence (PX-07), the corrupt cop's swap
    (PX-08) and the cards (PX-11, PX-12) are sent to the moderator by private message and show
    only in the count he announces at the close; so do the Baku lawyer's save (MB-05), the
    owl's runoff (LM-04) and the parroco's removal ("unannounced", LM-05). Applied before the
    close, they would show when and whose vote weighs more or counts for nothing: a public
    running count shows the votes as posted, each as one (issue 20). Every other count — the
    final one, the moderator's private running count — applies them.
    """
    @functools.wraps(fn)
    def guarded(day: Day, *rest: Ballot) -> object:
        if day.inputs.withhold:
            return None
        return fn(day, *rest)
    return guarded  # type: ignore[return-value]


def each_open(*filters: Filter) -> Step:
    """Run ballot filters in order on every undecided ballot; the first that decides wins.

    A filter decides its ballot from the ballot, the day's inputs, the players and the ballots
    before it, never those after: so the step reads the posts a batch at a time (``streams``,
    a running count's stream, tally/replay.py) as it reads them at once."""
    def step(day: Day) -> None:
        for ballot in day.votes.new():
            for f in filters:
                if ballot.status is not None:
                    break
                f(day, ballot)
    step.__name__ = "each_open(" + ", ".join(f.__name__ for f in filters) + ")"
    step.__doc__ = "\n".join((f.__doc__ or "").strip().split("\n")[0] for f in filters)
    return streams(step)


# -- ballot filters ----------------------------------------------------------------------------

@ballot_parts
def after_deadline(inputs: Inputs, b: Ballot) -> None:
    """A vote at or after the deadline does not count for the day (C-09: intervals half-open)."""
    if b.time >= inputs.clock.deadline:
        b.decide(Status.IGNORED, "C-09", "after the deadline")


def inactive_voter(day: Day, b: Ballot) -> None:
    """C-02: a vote by a player who is not active at the post's time is ignored."""
    if not day.can_vote(b.voter, b.time):
        state = day.players.state_of(b.voter, b.time).value
        b.decide(Status.IGNORED, "C-02", f"voter is {state}")
        day.out.violate("V-INACTIVE-VOTER", day.players.name(b.voter), b.post, f"voter is {state}")


@ballot_parts
def self_vote(inputs: Inputs, players: Players, out: Outputs, b: Ballot) -> None:
    """C-03: a vote for oneself is invalid and counts as no vote; it replaces nothing.

    Option ``self_vote_counts`` (mafiascum: true, the English forums' convention, where a
    self-hammer ends the day) lets it count.
    """
    if inputs.options.self_vote_counts:
        return
    if b.target is not None and b.target == b.voter:
        b.decide(Status.INVALID, "C-03", "vote for oneself")
        out.violate("V-SELF", players.name(b.voter), b.post)


def invalid_target(day: Day, b: Ballot) -> None:
    """A vote cast after its target became unvotable is invalid (C-04, V-INVALID-TARGET)."""
    if b.target is None or b.target == NO_LYNCH:
        return
    since, why = unvotable_since(day, b.target)
    if since is not None and since <= b.time:
        b.decide(Status.INVALID, "C-04", f"{day.players.name(b.target)} cannot be voted ({why})")
        day.out.violate("V-INVALID-TARGET", day.players.name(b.voter), b.post, b.note)


def unvotable_since(day: Day, target: str) -> tuple[datetime | None, str]:
    """C-04: since when the target cannot be voted in this day's vote (out or a ghost, PX-17;
    immune, PX-10; exempt, PX-15: the preset's ``unvotable``), decided here for both halves of
    the rule: a vote cast from then on is invalid (``invalid_target``), a standing vote cast
    before is void without blame (``target_gone``). The preset's tests read the day's inputs
    and the timeline only: their answer is kept per target while the timeline is unchanged."""
    key = (target, day.players.timeline.revision)
    found = day.unvotable.get(key)
    if found is None:
        found = day.unvotable[key] = _unvotable_since(day, target)
    return found


def _unvotable_since(day: Day, target: str) -> tuple[datetime | None, str]:
    found: list[tuple[datetime, str]] = []
    for fn in day.inputs.traits.unvotable:
        hit = fn(day, target)
        if hit is not None:
            found.append(hit)
    if not found:
        return None, ""
    return min(found)


def not_active_target(day: Day, target: str) -> tuple[datetime, str] | None:
    """A target out or a ghost at the deadline, since he left (C-04; PX-17's murdered)."""
    if day.players.active(target, day.inputs.vote_end):
        return None
    since = day.players.timeline.left_at(target, day.inputs.vote_end)
    cause = day.players.timeline.cause(target, day.inputs.vote_end) or "out"
    return (since or day.inputs.start, cause)


# -- selection ---------------------------------------------------------------------------------

def select_last_valid(rule: str) -> Step:
    """The last valid vote of each voter stands; earlier ones are superseded (PC-03, LM-01;
    Palermo Extreme's PX-01 is ``palermo.select_with_window``)."""
    @parts
    def step(votes: Votes) -> None:
        """The last valid vote stands (the rule id is the one given to select_last_valid)."""
        for b in votes.open():
            previous = votes.final.get(b.voter)
            if previous is not None:
                previous.decide(Status.IGNORED, rule, "changed later")
            votes.final[b.voter] = b
    step.__name__ = f"select_last_valid[{rule}]"
    return step


# -- end of the vote -----------------------------------------------------------------------------

def voter_gone(day: Day) -> None:
    """A vote counts only if its voter is still active at the deadline (C-02, no violation)."""
    for voter, b in list(day.votes.final.items()):
        if b.status is None and not day.can_vote(voter, day.inputs.vote_end):
            b.decide(Status.IGNORED, "C-02", "voter not active at the deadline")
        elif b.status is None and not day.players.active(voter, day.inputs.vote_end) \
                and day.players.active(voter, b.time):
            # PX-14: a ghost votes again once the echo is in force; his vote from before his
            # death does not stand.
            b.decide(Status.IGNORED, "PX-14", "a ghost's vote from before his death")


def target_gone(day: Day) -> None:
    """A standing vote for a target unvotable at the deadline is void without blame (C-04)."""
    for b in day.votes.final.values():
        if b.status is None and b.target not in (None, NO_LYNCH):
            since, why = unvotable_since(day, b.target)
            if since is not None:
                b.decide(Status.VOID, "C-04",
                         f"{day.players.name(b.target)} cannot be voted ({why})", blame=False)


def count_votes(rule: str) -> Step:
    """MS-05: the standing valid votes become counted votes per target, each weighing its
    voter's ``vote_weight`` (a double voter counts 2) where the ruleset counts weights
    (``Preset.weights``: mafiascum), else 1. A weight is private (interfaces.md §1): a count
    made for the public while the vote is open (``Inputs.withhold``) weighs every vote 1."""
    @parts
    def step(inputs: Inputs, votes: Votes, players: Players) -> None:
        """Counted votes per target (the rule id is the one given to count_votes)."""
        weights = {players.timeline.slot_of(p.name): p.vote_weight for p in inputs.game.players}
        for b in sorted(votes.final.values(), key=lambda b: b.order):
            if b.status is not None or b.target is None:
                if b.status is None:
                    b.decide(Status.IGNORED, rule, "unvote")
                continue
            b.weight = weights.get(b.voter, 1) \
                if inputs.traits.weights and not inputs.withhold else 1
            b.decide(Status.COUNTED, b.rule or rule, b.note, blame=True)
            votes.counts[b.target] = votes.counts.get(b.target, 0) + b.weight
            votes.voters.setdefault(b.target, []).append(b.voter)
    step.__name__ = f"count_votes[{rule}]"
    return step


def leaders(votes: Votes, players: Players) -> tuple[int, list[str]]:
    """The top count and the players who have it (No Lynch included where it is a target)."""
    live = {t: n for t, n in votes.counts.items() if n > 0}
    if not live:
        return 0, []
    top = max(live.values())
    # No Lynch is a target (MS-01) but no slot: it has no occupant to be named by.
    return top, sorted((t for t, n in live.items() if n == top),
                       key=lambda t: t if t == NO_LYNCH else players.name(t))


def first_to_reach(votes: Votes, players: Players) -> str | None:
    """Of the players tied for the top count, the one whose standing votes reached that count
    first (in post order), or None without a tie (MR-05; MS-03 with ``tie = "first-to-reach"``).

    Only the votes that stand at the end are replayed: a vote later changed or withdrawn is no
    part of the final count, so it reached nothing (the ruling: a wagon's final count is reached
    by its last standing vote)."""
    top_n, top = leaders(votes, players)
    if len(top) < 2:
        return None
    running: dict[str, int] = {}
    for b in sorted((b for b in votes.final.values() if b.status is Status.COUNTED),
                    key=lambda b: b.post.sort_key()):
        target = b.target
        if target is None:   # an unvote adds to no one (None is never among the leaders)
            continue
        running[target] = running.get(target, 0) + b.weight
        if target in top and running[target] >= top_n:
            return target
    return None


# -- who is charged --------------------------------------------------------------------------------

def charged(inputs: Inputs, votes: Votes, players: Players) -> list[str]:
    """interfaces §3 `absent`: active at the deadline, not excused, no counted vote, not spared."""
    excused = {players.timeline.slot_of(need(e.player, e)) for e in inputs.events("excused")}
    out = []
    for slot in players.timeline.slots:
        if (not players.active(slot, inputs.vote_end) or slot in excused
                or slot in players.cancelled
                or (slot in players.spared and slot not in votes.final)):
            continue
        b = votes.final.get(slot)
        if b is not None and (b.status is Status.COUNTED or not b.blame):
            continue
        out.append(slot)
    return out


@parts
def mark_absent(inputs: Inputs, votes: Votes, players: Players) -> None:
    """Who is charged for having no counted vote today (the absences of PX-18 and PC-05, MB-06's
    no-vote removals, MR-06's refusals, LM-01's abstentions act on it)."""
    players.absent = charged(inputs, votes, players)


# -- outcome helpers ------------------------------------------------------------------------------

def decide(*checks: Check) -> Step:
    """Ordered outcome checks: the first that gives an outcome decides (python-chess style)."""
    def step(day: Day) -> None:
        if day.out.outcome is not None:
            return
        for check in checks:
            outcome = check(day)
            if outcome is not None:
                day.out.outcome = outcome
                return
    step.__name__ = "decide(" + ", ".join(c.__name__ for c in checks) + ")"
    return step


@parts
def no_votes(votes: Votes) -> Outcome | None:
    """No counted vote at all: no elimination (reason no-votes)."""
    if not any(n > 0 for n in votes.counts.values()):
        return Outcome(OutcomeKind.NO_ELIMINATION, (), Reason.NO_VOTES, "C-02")
    return None


def sole_leader(rule: str) -> Check:
    """PX-05 / PC-03: the one player with the most votes leaves (plurality).

    The same check is the plurality half of MB-04, LM-01 and MR-05 (the preset gives the id).
    """
    @parts
    def check(votes: Votes, players: Players) -> Outcome | None:
        """The one player with the most votes leaves (the id given to sole_leader)."""
        _, top = leaders(votes, players)
        if len(top) == 1:
            return Outcome(OutcomeKind.ELIMINATED, (top[0],), Reason.PLURALITY, rule)
        return None
    check.__name__ = f"sole_leader[{rule}]"
    return check


def tie(rule: str, next_step: str | None, reason: Reason | None = None) -> Check:
    """PC-04 / MB-04: a tie for the lead: a poll among the tied follows (PC-04: outcome tie,
    next poll; PX-06's poll when the mayor does not decide), or no one leaves and night falls
    (MB-04: outcome no-elimination, reason tie)."""
    @parts
    def check(votes: Votes, players: Players) -> Outcome | None:
        _, top = leaders(votes, players)
        if len(top) < 2:
            return None
        if next_step is None:
            return Outcome(OutcomeKind.NO_ELIMINATION, (), reason or Reason.TIE, rule)
        return Outcome(OutcomeKind.TIE, tuple(top), None, rule, next_step)
    check.__name__ = f"tie[{rule}]"
    return check


@parts
def poll_event(inputs: Inputs, players: Players) -> Outcome | None:
    """A `poll` event with votes decides the day's outcome (reason poll, C-11). The poll follows
    the day's vote: a running count, made before it, leaves it for later (the tie and ``next``)."""
    if inputs.running:
        return None
    for e in inputs.events("poll"):
        top = max(n for _, n in e.poll) if e.poll else 0
        winners = tuple(players.timeline.slot_of(p) for p, n in e.poll if n == top)
        if len(winners) == 1:
            return Outcome(OutcomeKind.ELIMINATED, winners, Reason.POLL, "C-11",
                           between=tuple(players.timeline.slot_of(p) for p, _ in e.poll))
        return Outcome(OutcomeKind.TIE, winners, None, "C-11", "poll")
    return None


def removal(day: Day, slot: str, reason: str, rule: str) -> None:
    """A player removed at the end of the day (once): :meth:`Outputs.removal`."""
    day.out.removal(slot, reason, rule)


def names_of(day: Day, slot: str | None) -> list[str]:
    """The names and aliases of the players of a slot: the words of a red run besides them are
    the author's own words (MR-02 reasons, PX-03 chatter; issue 21)."""
    if slot is None or slot == NO_LYNCH:
        return []
    slot_of = day.players.timeline.slot_of
    return [n for p in day.inputs.game.players if slot_of(p.name) == slot for n in (p.name, *p.aliases)]
