"""Freezing a day's count (the rules' working state) into a DayResult.

The result as JSON (interfaces.md §3) is :meth:`votal.tally.model.DayResult.to_dict`; rendering
(text, BBCode, Markdown, HTML, CSV) lives in votal.report.
"""

from __future__ import annotations

from collections.abc import Callable

from votal.tally.model import (
    NO_LYNCH,
    DayResult,
    Outcome,
    Removal,
    Status,
    TallyRow,
    Violation,
    Vote,
)
from votal.tally.roles import Revealed
from votal.tally.rules.context import Day


def freeze(day: Day) -> DayResult:
    """C-06: the day's working state (rules/context.Day) as frozen records, slots shown by name:
    every ballot, counted, void or ignored, becomes a Vote that keeps its post (id, link) and
    the rule that decided it."""
    name = _names(day)
    rows = sorted(
        (TallyRow(name(t), n, tuple(name(v) for v in day.votes.voters.get(t, ())))
         for t, n in day.votes.counts.items() if n > 0),
        key=lambda r: (-r.votes, r.player))
    ignored = Status.IGNORED
    votes = tuple([Vote(
        name(b.voter), name(b.target) if b.target else None, post.id, post.url,
        post.time if post.time is not None else b.time, post.number, b.weight,
        b.status or ignored, b.rule or "C-06", b.window, b.note, b.blame, b.resolved_by)
        for b in day.votes.ballots for post in (b.post,)])
    outcome = day.out.outcome
    assert outcome is not None, "the engine gives every day an outcome before freezing it"
    outcome = Outcome(outcome.kind, tuple(name(p) for p in outcome.players), outcome.reason,
                      outcome.rule, outcome.next,
                      tuple((name(p), r, post) for p, r, post in outcome.lynches),
                      tuple(name(p) for p in outcome.between))
    players = day.inputs.game.players
    roles = tuple((p.name, p.role) for p in players if p.role)
    factions = tuple((p.name, p.faction) for p in players if p.faction)
    weights = tuple((p.name, p.vote_weight) for p in players if p.vote_weight != 1)
    return DayResult(
        game=day.inputs.game.title, ruleset=day.inputs.game.ruleset, day=day.inputs.number,
        language=day.inputs.game.language, timezone=day.inputs.game.timezone,
        thread=day.inputs.game.source.thread, start=day.inputs.start,
        deadline=day.inputs.clock.deadline,
        majority=day.votes.majority, tally=tuple(rows), outcome=outcome,
        absent=tuple(name(s) for s in day.players.absent),
        removed=tuple(Removal(name(r.player), r.reason, r.rule) for r in day.out.removed),
        votes=votes, violations=tuple(sorted(day.out.violations, key=_violation_key)),
        review=tuple(day.out.review), revealed=tuple(_reveal_key(r) for r in day.out.revealed),
        notes=tuple(day.out.notes), end=day.out.game_end, roles=roles, factions=factions,
        weights=weights, effects=tuple(day.out.effects), seed=day.out.seed,
        extra={"revealed": list(day.out.revealed)})


def _names(day: Day) -> Callable[[str], str]:
    """A slot's name as shown (NO_LYNCH as itself): its occupant at the deadline
    (``Players.name``), looked up once per slot for the day (issue 22: twice for every vote)."""
    shown: dict[str, str] = {NO_LYNCH: NO_LYNCH}

    def name(slot: str) -> str:
        found = shown.get(slot)
        if found is None:
            found = shown[slot] = day.players.name(slot)
        return found
    return name


def _reveal_key(r: Revealed) -> str:
    return f"{r['player']}: {r.get('role') or '?'}"


def _violation_key(v: Violation):
    return (v.time is None, v.time.timestamp() if v.time else 0.0, v.post or "", v.code)
