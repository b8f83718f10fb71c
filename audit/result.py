"""The audit's result as plain data: frozen records and their JSON form (interfaces.md §3, rev. 2).

:meth:`GameAudit.to_dict` is the full, private audit — what ``votal audit --format json`` prints
and what every renderer of ``report/`` reads (``report/audit_report.py``); what a public report
may show is decided in ``report/public.py: public_audit``, nowhere here.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import datetime

from votal.audit.compare import CountCheck, EliminationCheck
from votal.audit.edits import EditedVote
from votal.audit.wincheck import Win


@dataclass(frozen=True, slots=True)
class DayAudit:
    day: int
    result: dict                    # the day's tally (interfaces.md §3)
    counts: tuple[CountCheck, ...] = ()
    eliminations: tuple[EliminationCheck, ...] = ()
    edits: tuple[EditedVote, ...] = ()
    draw: dict | None = None
    unread: tuple[tuple[str, str, str], ...] = ()   # (post, url, line): announcement of no player
    review: tuple[dict, ...] = ()   # counts that could not be read (V-UNREADABLE-COUNT), for a human

    @property
    def agrees(self) -> bool:
        return all(c.agrees for c in self.counts) and all(e.agrees for e in self.eliminations)

    def to_dict(self) -> dict:
        return _jsonable({
            "day": self.day, "agrees": self.agrees, "result": self.result,
            "votecounts": [votecount_dict(c) for c in self.counts],
            "eliminations": [asdict(e) for e in self.eliminations],
            "edits": [dict(asdict(e), code="V-EDITED-VOTE") for e in self.edits],
            "unread_announcements": [{"post": p, "url": u, "text": t} for p, u, t in self.unread],
            "review": list(self.review),
            "draw": self.draw,
        })


@dataclass(frozen=True, slots=True)
class GameAudit:
    game: str
    ruleset: str
    language: str
    timezone: str
    days: tuple[DayAudit, ...]
    win: Win | None = None
    went_on: tuple[int, ...] = ()          # days with votes after the end condition held
    notes: tuple[str, ...] = field(default=())

    @property
    def exit_code(self) -> int:
        """0 when every day agrees with what the moderators announced, 1 otherwise."""
        return 0 if all(d.agrees for d in self.days) else 1

    def to_dict(self) -> dict:
        """The whole audit, private (interfaces.md §3 "The audit as JSON", revision 2)."""
        counts = [c for d in self.days for c in d.counts]
        return _jsonable({
            "game": self.game, "ruleset": self.ruleset, "language": self.language,
            "timezone": self.timezone,
            "agrees": self.exit_code == 0, "exit_code": self.exit_code,
            "counts": {"checked": len(counts), "agreeing": sum(c.agrees for c in counts)},
            "days": [d.to_dict() for d in self.days],
            "win": asdict(self.win) if self.win is not None else None,
            "went_on": list(self.went_on),
        })


def votecount_dict(c: CountCheck) -> dict:
    """One moderator's count compared: ``{post, url, agrees, confidence, differences}`` and the
    detail behind them (the lines that differ, the names no player answers to)."""
    return {
        "post": c.post, "number": c.number, "url": c.url, "label": c.label, "agrees": c.agrees,
        "confidence": c.confidence,
        "differences": [asdict(x) for x in c.differences],
        "lines": c.lines, "lines_agreeing": c.lines_agreeing,
        "voters": c.voters, "voters_agreeing": c.voters_agreeing,
        "diffs": [asdict(x) for x in c.diffs], "unresolved": list(c.unresolved),
    }


def _jsonable(value):
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    return value
