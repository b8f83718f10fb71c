"""Freezing a day's count into a DayResult, and the result as JSON (interfaces.md §3).

Rendering (text, BBCode, Markdown, HTML, CSV) lives in votal.report.
"""

from __future__ import annotations

from datetime import datetime

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


def freeze(day) -> DayResult:
    """The day's working state (rules/context.Day) as frozen records, slots shown by name."""
    name = day.name
    rows = sorted(
        (TallyRow(_n(day, t), n, tuple(name(v) for v in day.voters.get(t, ())))
         for t, n in day.counts.items() if n > 0),
        key=lambda r: (-r.votes, r.player))
    votes = tuple(Vote(
        voter=name(b.voter), target=_n(day, b.target) if b.target else None, post=b.post.id,
        url=b.post.url, time=b.post.time, number=b.post.number, weight=b.weight,
        status=b.status or Status.IGNORED, rule=b.rule or "C-06", window=b.window, note=b.note,
        blame=b.blame, resolved_by=b.resolved_by) for b in day.ballots)
    outcome = day.outcome
    outcome = Outcome(outcome.kind, tuple(_n(day, p) for p in outcome.players), outcome.reason,
                      outcome.rule, outcome.next,
                      tuple((_n(day, p), r, post) for p, r, post in outcome.lynches))
    players = day.game.players
    roles = tuple((p.name, p.role) for p in players if p.role)
    factions = tuple((p.name, p.faction) for p in players if p.faction)
    weights = tuple((p.name, p.vote_weight) for p in players if p.vote_weight != 1)
    return DayResult(
        game=day.game.title, ruleset=day.game.ruleset, day=day.number,
        language=day.game.language, timezone=day.game.timezone,
        thread=day.game.source.thread, start=day.start, deadline=day.clock.deadline,
        majority=day.majority, tally=tuple(rows), outcome=outcome,
        absent=tuple(name(s) for s in day.absent),
        removed=tuple(Removal(name(r.player), r.reason, r.rule) for r in day.removed),
        votes=votes, violations=tuple(sorted(day.violations, key=_violation_key)),
        review=tuple(day.review), revealed=tuple(_reveal_key(r) for r in day.revealed),
        notes=tuple(day.notes), end=day.game_end, roles=roles, factions=factions, weights=weights, effects=tuple(day.effects), seed=day.seed,
        extra={"revealed": list(day.revealed)})


def _n(day, slot: str) -> str:
    return slot if slot == NO_LYNCH else day.name(slot)


def _reveal_key(r: dict) -> str:
    return f"{r['player']}: {r.get('role') or '?'}"


def _violation_key(v: Violation):
    return (v.time is None, v.time.timestamp() if v.time else 0.0, v.post or "", v.code)


def _iso(t: datetime | None) -> str | None:
    return t.isoformat() if t else None


def _vote(v: Vote) -> dict:
    row = {"voter": v.voter, "target": v.target, "post": v.post, "url": v.url,
           "time": _iso(v.time), "weight": v.weight, "status": v.status.value,
           "rule": v.rule, "window": v.window, "note": v.note}
    if v.resolved_by:   # interfaces.md §3 (rev. 2): only for a name read inexactly
        row["resolved_by"] = v.resolved_by
    return row


def day_to_dict(r: DayResult) -> dict:
    """interfaces.md §3 (extended as tally-api.md says); ``private`` holds everything secret."""
    outcome: dict[str, object] = {"kind": r.outcome.kind.value, "players": list(r.outcome.players),
               "reason": r.outcome.reason.value if r.outcome.reason else None,
               "rule": r.outcome.rule or None}
    if r.outcome.next:
        outcome["next"] = r.outcome.next
    if r.outcome.lynches:   # rules.md MS-06
        outcome["lynches"] = [{"player": p, "reason": reason.value, "post": post}
                              for p, reason, post in r.outcome.lynches]
    return {
        "game": r.game, "ruleset": r.ruleset, "day": r.day, "language": r.language,
        "timezone": r.timezone, "thread": r.thread, "start": _iso(r.start),
        "deadline": _iso(r.deadline), "majority": r.majority,
        "tally": [{"player": t.player, "votes": t.votes, "voters": list(t.voters)} for t in r.tally],
        "outcome": outcome,
        "absent": list(r.absent),
        "removed": [{"player": x.player, "reason": x.reason, "rule": x.rule} for x in r.removed],
        "votes": [_vote(v) for v in r.votes],
        "violations": [{"rule": v.code, "player": v.player, "post": v.post, "url": v.url,
                        "time": _iso(v.time), "note": v.note} for v in r.violations],
        "review": [{"rule": i.rule, "player": i.player, "post": i.post, "url": i.url,
                    "text": i.text, "candidates": list(i.candidates)} for i in r.review],
        "revealed": list(r.extra.get("revealed", [])),
        "notes": list(r.notes),
        "end": dict(r.end) if r.end else None,
        "provisional": r.as_of is not None, "as_of": _iso(r.as_of),
        "private": {"roles": dict(r.roles), "factions": dict(r.factions), "weights": dict(r.weights),
                    "effects": [{"rule": e.rule, "actor": e.actor, "target": e.target,
                                 "effect": e.effect} for e in r.effects],
                    "seed": r.seed},
    }
