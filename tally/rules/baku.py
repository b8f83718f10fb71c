"""`mafia-baku` rules (MB-*): a separate vote thread, one post each, a presence window."""

from __future__ import annotations

from datetime import timedelta

from votal.tally.model import Effect, Outcome, OutcomeKind, Reason, Status
from votal.tally.rules.common import leaders
from votal.tally.rules.context import (
    Ballot,
    Day,
    Inputs,
    Outputs,
    Players,
    Votes,
    ballot_parts,
    need,
    parts,
    post_time,
)


@parts
def extra_posts(inputs: Inputs, votes: Votes, players: Players, out: Outputs) -> None:
    """MB-02: only a participant's first post in the vote thread counts; more are violations."""
    seen: set[str] = set()
    by_post: dict[str, list[Ballot]] = {}
    for b in votes.ballots:
        by_post.setdefault(b.post.id, []).append(b)
    for post in inputs.vote_posts:
        slot = inputs.author_slot(post.author, post_time(post))
        if slot is None or not players.active(slot, post_time(post)):
            continue
        if slot in seen:
            out.violate("V-EXTRA-POST", players.name(slot), post, "only the first post counts")
            for b in by_post.get(post.id, []):
                b.decide(Status.IGNORED, "MB-02", "not the first post in the vote thread")
        seen.add(slot)


@ballot_parts
def late(inputs: Inputs, players: Players, out: Outputs, b: Ballot) -> None:
    """MB-03: a vote outside the presence window (10:00-21:00) is not counted (V-LATE)."""
    if not (inputs.start <= b.time < inputs.clock.deadline):
        b.decide(Status.IGNORED, "MB-03", "outside the presence window")
        out.violate("V-LATE", players.name(b.voter), b.post)


@parts
def select_first(votes: Votes) -> None:
    """A vote cannot be changed: the first one stands (MB-02)."""
    for b in votes.ballots:
        if b.status is None:
            if b.voter in votes.final:
                b.decide(Status.IGNORED, "MB-02", "a vote cannot be changed")
            else:
                votes.final[b.voter] = b


@parts
def lawyer_save(inputs: Inputs, votes: Votes, players: Players, out: Outputs) -> Outcome | None:
    """MB-05: the lawyer's client, if he leads alone, is saved (at most twice per game)."""
    _, top = leaders(votes, players)
    hours = inputs.options.lawyer_hours
    saves = players.carried.saves
    for e in inputs.events("lawyer"):
        if e.at is not None and e.at > inputs.start + timedelta(hours=hours):
            out.effects.append(Effect("MB-05", e.actor, e.target, "late choice: no choice"))
            continue
        client = players.timeline.slot_of(need(e.target, e))
        if top != [client]:
            continue
        if saves.get(client, 0) >= inputs.options.lawyer_saves:
            out.effects.append(Effect("MB-05", e.actor, e.target, "already saved twice: no effect"))
            continue
        saves[client] = saves.get(client, 0) + 1
        out.effects.append(Effect("MB-05", e.actor, e.target, "saved from the vote"))
        return Outcome(OutcomeKind.NO_ELIMINATION, (), Reason.LAWYER, "MB-05")
    return None


def lawyer_blind(day: Day) -> None:
    """No one leaves, and not by his save: the lawyer defended blindly (MB-05); the second day
    without a choice removes him."""
    lawyers = [s for s in day.role_holders("lawyer") if day.players.active(s, day.inputs.vote_end)]
    if not lawyers:
        return
    chosen_by = day.inputs.start + timedelta(hours=day.inputs.options.lawyer_hours)
    if not [e for e in day.inputs.events("lawyer") if e.at is None or e.at <= chosen_by]:
        day.players.carried.lawyer_missed += 1  # a late choice is no choice
        if day.players.carried.lawyer_missed >= 2:
            for slot in lawyers:
                day.out.removal(slot, "no-choice", "MB-05")
    # the seed: "если на дневном голосовании никто не вылетает, тогда всем объявляют, что адвокат
    # защищал вслепую"; when his choice saved the leader the host announces that instead
    # ("Адвокат оправдал-защитил игрока"): one announcement, never both (issue 20, item 7)
    outcome = day.out.outcome
    if outcome and outcome.kind is not OutcomeKind.ELIMINATED \
            and outcome.reason is not Reason.LAWYER:
        day.out.notes.append("MB-05: the lawyer defended blindly")


@parts
def no_vote_removals(inputs: Inputs, players: Players, out: Outputs) -> None:
    """MB-06: a player with no vote and no excuse is removed (reason no-vote)."""
    for slot in players.absent:
        out.removal(slot, "no-vote", "MB-06")
        for item in out.review:   # MB-02 (rev. 2): his only vote post is waiting for a human
            if item.player == players.name(slot) and item.rule == "V-MULTI-TARGET":
                out.notes.append(f"MB-02: {item.player}'s removal depends on review item "
                                 f"(post {item.post})")
    if players.absent and inputs.options.no_vote_note:
        out.notes.append("MB-06: players removed for no vote; the host may keep the leader")


@parts
def inactive_removals(inputs: Inputs, players: Players, out: Outputs) -> None:
    """MB-07: no post at all in the main game thread during the day: removed (inactive).

    mafia-forum-ru's missing player (MR-06, the preset's ``inactive_rule``) is the same step.
    """
    posted = {inputs.author_slot(p.author, post_time(p)) for p in inputs.posts}
    for slot in players.timeline.slots:
        if players.active(slot, inputs.start) and players.active(slot, inputs.vote_end) \
                and slot not in posted:
            out.removal(slot, "inactive", inputs.traits.inactive_rule)


def kamikaze(day: Day) -> None:
    """MB-09: the kamikaze voted out by the day's vote takes a victim with him: a game-file
    ``eliminated`` event of that day with ``by`` naming him. The report says so only once that
    event exists; an event whose kamikaze did not leave by the vote is noted for the host."""
    if day.inputs.running:
        return
    leaving = day.out.eliminated()
    for e in day.inputs.events("eliminated"):
        if e.by is None:
            continue
        if day.players.timeline.slot_of(e.by) in leaving:
            day.out.effects.append(Effect("MB-09", e.by, e.player, "the kamikaze's victim"))
            day.out.notes.append(f"MB-09: {e.by}, voted out, takes {e.player} with him")
        else:
            day.out.effects.append(Effect("MB-09", e.by, e.player,
                                          "not voted out today: the victim does not follow the vote"))
