"""Palermo rules: `palermo-extreme` (PX-*) and `palermo-classic` (PC-*)."""

from __future__ import annotations

import bisect
from datetime import datetime, timedelta

from votal.scraper.model import Post
from votal.tally.bodies.extract import only_mark
from votal.tally.model import Effect, Outcome, OutcomeKind, Reason, Status
from votal.tally.rules.common import leaders, names_of
from votal.tally.rules.context import (
    Ballot,
    Day,
    Inputs,
    Outputs,
    Players,
    Step,
    Votes,
    ballot_parts,
    need,
    parts,
    post_time,
    streams,
    target_of,
)
from votal.tally.rules.reading import reading

# -- the 20:00 lock and the 20:05-20:10 window -------------------------------------------------------


def _window_open(inputs: Inputs) -> datetime:
    """The Palermo schedule always has the PX-03 change window (Schedule(window=...))."""
    if inputs.clock.window_open is None:
        raise ValueError(f"day {inputs.number}: the Palermo rules need the 20:05-20:10 window")
    return inputs.clock.window_open


def _posts_in(posts: list[Post], start: datetime, end: datetime) -> list[Post]:
    """The posts made in [start, end): a day's posts are in thread order (``Post.sort_key``:
    by time first, every one timed), so they are a slice (issue 22: a bisection instead of a
    look at every post of the day, at every running count)."""
    lo = bisect.bisect_left(posts, start, key=post_time)
    return posts[lo:bisect.bisect_left(posts, end, lo, key=post_time)]


@streams
@parts
def locked_posts(inputs: Inputs, players: Players, out: Outputs) -> None:
    """PX-02: posts in [20:00, 20:05) are not accepted (V-LOCKED)."""
    for post in _posts_in(inputs.posts, inputs.clock.deadline, _window_open(inputs)):
        t = post_time(post)
        slot = inputs.author_slot(post.author, t)
        if slot is not None and players.active(slot, t):
            out.violate("V-LOCKED", players.name(slot), post, "posted while the thread is locked")


@ballot_parts
def locked(inputs: Inputs, b: Ballot) -> None:
    """A vote in [20:00, 20:05) is not accepted (PX-02; ``locked_posts`` reports the post)."""
    if inputs.clock.deadline <= b.time < _window_open(inputs):
        b.decide(Status.IGNORED, "PX-02", "thread locked")


@ballot_parts
def after_window(inputs: Inputs, b: Ballot) -> None:
    """PX-04: posts at or after 20:10 do not count for that day's vote."""
    if b.time >= inputs.close:
        b.decide(Status.IGNORED, "PX-04", "after the change window")


def in_window(inputs: Inputs, b: Ballot) -> bool:
    return _window_open(inputs) <= b.time < inputs.close


def locked_vote(day: Day, b: Ballot) -> None:
    """The holder of an extra vote (PX-11) cannot change his vote after playing the card."""
    for card in day.inputs.events("card", card="extra_vote"):
        if day.players.timeline.slot_of(need(card.actor, card)) != b.voter or card.at is None or b.time < card.at:
            continue
        earlier = [x for x in day.votes.ballots if x.voter == b.voter and x.order < b.order
                   and x.status is None and x.target is not None]
        if earlier and earlier[-1].target != b.target:
            b.decide(Status.IGNORED, "PX-11", "vote locked by the extra-vote card")
            day.out.violate("V-LOCKED-VOTE", day.players.name(b.voter), b.post)


def select_with_window(day: Day) -> None:
    """PX-01: the last valid vote before 20:00 stands; votes change freely before 20:00; a post in
    the window goes to PX-03's one name-only change (``_window_change``)."""
    changed: set[str] = set()
    for b in day.votes.ballots:
        if b.status is not None:
            continue
        if not in_window(day.inputs, b):
            previous = day.votes.final.get(b.voter)
            if previous is not None:
                previous.decide(Status.IGNORED, "PX-01", "changed later")
            day.votes.final[b.voter] = b
            continue
        _window_change(day, b, changed)


def _window_change(day: Day, b: Ballot, changed: set[str]) -> None:
    """PX-03: one change, only the name, only by a player with a vote standing at 20:00."""
    b.window = True
    if not only_mark(reading(day, b.post), names_of(day, b.target)):
        b.decide(Status.IGNORED, "PX-03", "window post with other text, ignored as deleted")
        day.out.violate("V-WINDOW-CHATTER", day.players.name(b.voter), b.post)
    elif b.voter not in day.votes.final and not day.inputs.options.window_first_vote:
        b.decide(Status.IGNORED, "PX-03", "no vote standing at 20:00")
        day.out.violate("V-WINDOW-NO-VOTE", day.players.name(b.voter), b.post)
    elif b.voter in changed:
        b.decide(Status.IGNORED, "PX-03", "second change in the window")
        day.out.violate("V-WINDOW-EXTRA", day.players.name(b.voter), b.post)
    else:
        changed.add(b.voter)
        previous = day.votes.final.get(b.voter)
        if previous is not None:
            previous.decide(Status.IGNORED, "PX-03", "changed in the window")
        b.rule, b.note = "PX-03", "window change"
        day.votes.final[b.voter] = b


@streams
@parts
def window_chatter(inputs: Inputs, votes: Votes, players: Players, out: Outputs) -> None:
    """A window post without a vote is chatter too, ignored as deleted (PX-03)."""
    if not inputs.posts:
        return
    voted = {b.post.id for b in votes.new()}
    for post in _posts_in(inputs.posts, _window_open(inputs), inputs.close):
        t = post_time(post)
        if post.id in voted:
            continue
        slot = inputs.author_slot(post.author, t)
        if slot is not None and players.active(slot, t):
            out.violate("V-WINDOW-CHATTER", players.name(slot), post, "window post without a vote")


# -- who cannot be voted ---------------------------------------------------------------------------


def immune_target(day: Day, target: str) -> tuple[datetime, str] | None:
    """PX-10 / PX-24: the emperor's protected player cannot be voted (unless the emperor is
    blocked, PX-09): votes for him are void (C-04). That is all immunity does: it is read
    only here, in the preset's ``unvotable``, so the cards work on an immune player (PX-24:
    ``vote_cancel`` and ``arrest`` do not ask)."""
    for e in day.inputs.events("immunity"):
        if day.players.timeline.slot_of(need(e.target, e)) == target and \
                not day.inputs.blocked(day.players.timeline.slot_of(need(e.actor, e))):
            return (e.at or day.inputs.start, "immune")
    return None


def exempt_target(day: Day, target: str) -> tuple[datetime, str] | None:
    """PX-15: the holder of a vote-exemption card cannot be voted that round."""
    for e in day.inputs.events("card", card="exemption"):
        if day.players.timeline.slot_of(need(e.actor, e)) == target:
            return (e.at or day.inputs.start, "exempt")
    return None


# -- cards and abilities, in the order of PX-20 ---------------------------------------------------


@parts
def vote_cancel(inputs: Inputs, votes: Votes, players: Players, out: Outputs) -> None:
    """PX-12: the named person's vote is cancelled that round; no absence is charged for it."""
    for e in inputs.events("card", card="vote_cancel"):
        if e.target is not None:   # the card's target is optional in the file: no one cancelled
            slot = players.timeline.slot_of(e.target)
            players.cancelled.add(slot)
            b = votes.final.get(slot)
            if b is not None and b.status is None:
                b.decide(Status.VOID, "PX-12", "cancelled by a card", blame=False)
        out.effects.append(Effect("PX-12", e.actor, e.target, "vote cancelled"))


@parts
def extra_votes(inputs: Inputs, votes: Votes, players: Players, out: Outputs) -> None:
    """PX-11: the card adds one vote to its holder's vote."""
    for e in inputs.events("card", card="extra_vote"):
        b = votes.final.get(players.timeline.slot_of(need(e.actor, e)))
        if b is None or b.status is not Status.COUNTED:
            out.effects.append(Effect("PX-11", e.actor, e.target, "no counted vote: no effect"))
            continue
        b.weight += 1
        target = target_of(b)
        votes.counts[target] = votes.counts.get(target, 0) + 1
        out.effects.append(Effect("PX-11", e.actor, players.name(target), "one extra vote"))


@parts
def cop_swap(inputs: Inputs, votes: Votes, players: Players, out: Outputs) -> None:
    """PX-08: the corrupt cop swaps the vote counts of two players.

    PX-09 (option ``block_covers_window``, default true): a block of that day also covers the
    20:05-20:10 window, so a blocked cop's swap has no effect; false: the seed's "20:10 - 20:00"
    read to the letter, the window is not covered.
    """
    covers = inputs.options.block_covers_window
    for e in inputs.events("cop_swap"):
        if covers and inputs.blocked(players.timeline.slot_of(need(e.actor, e))):
            out.effects.append(Effect("PX-09", e.actor, None, "cop swap blocked"))
            continue
        a, b = players.timeline.slot_of(need(e.a, e)), players.timeline.slot_of(need(e.b, e))
        votes.counts[a], votes.counts[b] = votes.counts.get(b, 0), votes.counts.get(a, 0)
        votes.voters[a], votes.voters[b] = votes.voters.get(b, []), votes.voters.get(a, [])
        out.effects.append(Effect("PX-08", e.actor, f"{e.a}, {e.b}", "vote counts swapped"))


@parts
def lawyer_zero(inputs: Inputs, votes: Votes, players: Players, out: Outputs) -> None:
    """PX-07: all votes the defended player received are set to zero (not if blocked, PX-09)."""
    for e in inputs.events("lawyer"):
        if inputs.blocked(players.timeline.slot_of(need(e.actor, e))):
            out.effects.append(Effect("PX-09", e.actor, e.target, "lawyer blocked"))
            continue
        slot = players.timeline.slot_of(need(e.target, e))
        before = votes.counts.get(slot, 0)
        votes.counts[slot] = 0
        out.effects.append(Effect("PX-07", e.actor, e.target, f"{before} votes set to zero"))


# -- outcome --------------------------------------------------------------------------------------


@parts
def arrest(inputs: Inputs) -> Outcome | None:
    """PX-13: an arrest not cancelled within 5 hours means no elimination by vote that round."""
    for e in inputs.events("card", card="arrest"):
        undone = any(c.target == e.target and (c.at is None or e.at is None
                                               or c.at <= e.at + timedelta(hours=5))
                     for c in inputs.events("card", card="arrest_cancel"))
        if not undone:
            return Outcome(OutcomeKind.NO_ELIMINATION, (), Reason.ARREST, "PX-13")
    return None


def completes_absences(inputs: Inputs, players: Players, slot: str) -> bool:
    """Today's absence makes two consecutive played days or three in total (PX-18's limit)."""
    past = players.carried.absences.get(slot, [])
    limit_run = inputs.options.absences_consecutive
    limit_total = inputs.options.absences_total
    run = 1
    while inputs.number - run in past:
        run += 1
    return run >= limit_run or len(past) + 1 >= limit_total


@parts
def absence_tie(inputs: Inputs, votes: Votes, players: Players) -> Outcome | None:
    """PX-19: players who complete their absence limit and tie for the lead leave, no poll."""
    _, top = leaders(votes, players)
    if len(top) < 2:
        return None
    leaving = tuple(p for p in top
                    if p in players.absent and completes_absences(inputs, players, p))
    if leaving:
        return Outcome(OutcomeKind.ELIMINATED, leaving, Reason.ABSENCE_TIE, "PX-19")
    return None
# (rev. 2) PX-19's leavers leave for good, role revealed: absence_removals puts every leaver who
# completes his absences out for good, PX-19's tied leavers and PX-18's sole leader alike.


def mayor(day: Day) -> Outcome | None:
    """PX-06: in a tie the mayor's vote for one of the tied counts double; that player leaves."""
    _, top = leaders(day.votes, day.players)
    if len(top) < 2:
        return None
    for slot in day.role_holders("mayor"):
        if not day.players.active(slot, day.inputs.vote_end) or day.inputs.blocked(slot):
            continue
        b = day.votes.final.get(slot)
        if b is not None and b.status is Status.COUNTED and b.target in top:
            day.votes.counts[b.target] += b.weight
            day.out.effects.append(Effect("PX-06", day.players.name(slot),
                                          day.players.name(b.target),
                                          "mayor's vote counted double"))
            return Outcome(OutcomeKind.ELIMINATED, (b.target,), Reason.MAYOR, "PX-06")
    return None


def absence_removals(rule: str) -> Step:
    """PX-18 / PC-05: two consecutive absences or three in total: out for good at once.

    (rev. 2) The removal applies after the day's outcome; the sole leader who completes his
    absences leaves by the vote (last words) yet out for good, role revealed, not in ``removed``.
    """
    def step(day: Day) -> None:
        """Absences charged, removals applied (the id given to absence_removals)."""
        leaving = day.out.eliminated()
        for slot in day.players.absent:
            completes = completes_absences(day.inputs, day.players, slot)
            day.players.carried.absences.setdefault(slot, []).append(day.inputs.number)
            if not completes:
                continue
            if slot in leaving:
                day.players.for_good.add(slot)
            else:
                day.out.removal(slot, "absences", rule)
            if day.inputs.options.reveal_on_absences:  # PX-18: role revealed
                day.reveal(slot, rule)
    step.__name__ = f"absence_removals[{rule}]"
    return step


def reveal_alternately(day: Day) -> None:
    """PC-06: from round 2, the murdered's and the voted-out's roles are revealed alternately.

    (rev. 2) The informer and the prostitute are revealed as ``citizen`` (tally/roles.py).
    """
    if day.inputs.number < 2:
        return
    if day.inputs.number % 2 == 1:
        for e in day.inputs.events("murdered"):
            day.reveal(day.players.timeline.slot_of(need(e.player, e)), "PC-06")
    elif day.out.outcome and day.out.outcome.kind is OutcomeKind.ELIMINATED:
        for slot in day.out.outcome.players:
            day.reveal(slot, "PC-06")


def grave_robbing(day: Day) -> None:
    """PX-16: Grave robbing puts a ghost out for good, role revealed; Necromancy brings a ghost
    back, and (PX-18) has no effect on a player out for good (the private report says so)."""
    for e in day.inputs.events("card", card="grave_robbing"):
        day.reveal(day.players.timeline.slot_of(need(e.target, e)), "PX-16")
    for e in day.inputs.events("card", card="necromancy"):
        if e.target is None:   # optional in the file; no one named, nothing revived in vain
            continue
        slot = day.players.timeline.slot_of(e.target)
        t = e.at or day.inputs.start
        if day.players.timeline.revived_in_vain(slot, t):
            day.out.effects.append(Effect("PX-18", e.actor, e.target,
                                          "out for good: Necromancy has no effect"))
