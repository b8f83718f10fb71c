"""Freezing a day's count (the rules' working state) into a DayResult.

The result as JSON (interfaces.md §3) is :meth:`votal.tally.model.DayResult.to_dict`; rendering
(text, BBCode, Markdown, HTML, CSV) lives in votal.report.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from datetime import datetime
from typing import Any

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
    rows = _rows(day, name)
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
        extra={"revealed": list(day.out.revealed)}, closed=day.out.closed)


def _rows(day: Day, name: Callable[[str], str]) -> list[TallyRow]:
    """The tally: each target with votes, most votes first, then by name."""
    return sorted(
        (TallyRow(name(t), n, tuple(name(v) for v in day.votes.voters.get(t, ())))
         for t, n in day.votes.counts.items() if n > 0),
        key=lambda r: (-r.votes, r.player))


class CountJSON(Mapping[str, Any]):
    """A running count's tally JSON (``DayResult.to_dict`` of its :func:`freeze`, ``as_of`` its
    instant), each key made when it is first read: its ``tally`` at once from the day's working
    state, the rest frozen and made whole on the first read of another key. What the audit
    compares with a moderator's count (issue 22): the tally of every count, the votes and the
    review only of one that differs (audit/compare.py)."""

    def __init__(self, day: Day, as_of: datetime):
        self._day, self._as_of = day, as_of
        self._tally: list[dict[str, Any]] | None = None
        self._whole: dict[str, Any] | None = None

    def __getitem__(self, key: str) -> Any:
        if key == "tally" and self._whole is None:
            if self._tally is None:
                self._tally = [{"player": r.player, "votes": r.votes, "voters": list(r.voters)}
                               for r in _rows(self._day, _names(self._day))]
            return self._tally
        return self._made()[key]

    def _made(self) -> dict[str, Any]:
        if self._whole is None:
            self._whole = replace(freeze(self._day), as_of=self._as_of).to_dict()
        return self._whole

    def __iter__(self) -> Iterator[str]:
        return iter(self._made())

    def __len__(self) -> int:
        return len(self._made())


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
