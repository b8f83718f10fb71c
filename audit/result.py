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

# An audit's verdict has three states (issue 20): what was compared agrees, something disagrees,
# or there was nothing to compare — and then what was missing.
AGREES, DISAGREES, NOTHING = "agrees", "disagrees", "nothing-compared"
MISSING = ("moderator-counts", "announced-eliminations")


def _verdict(disagrees: bool, compared: bool) -> str:
    return DISAGREES if disagrees else AGREES if compared else NOTHING


def verdict_of(entry: dict) -> str:
    """The ``verdict`` of an audit's or a day's JSON; one written before issue 20 (no
    ``verdict``) read from its ``agrees``."""
    return entry.get("verdict") or (AGREES if entry.get("agrees", True) else DISAGREES)


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
    def disagrees(self) -> bool:
        """A moderator's count or an announced elimination differs from votal's."""
        return not (all(c.agrees for c in self.counts) and all(e.agrees for e in self.eliminations))

    @property
    def missing(self) -> tuple[str, ...]:
        """What the day had nothing of to compare (:data:`MISSING`)."""
        return tuple(k for k, have in (("moderator-counts", self.counts),
                                       ("announced-eliminations", self.eliminations)) if not have)

    @property
    def verdict(self) -> str:
        """``disagrees``, ``agrees`` (something compared, all equal) or ``nothing-compared``."""
        return _verdict(self.disagrees, bool(self.counts or self.eliminations))

    @property
    def agrees(self) -> bool:
        """Something was compared and all of it agrees (nothing compared is no agreement)."""
        return self.verdict == AGREES

    @property
    def unread_counts(self) -> int:
        """The day's counts that could not be read (issue 21): in ``review``, never compared."""
        return sum(1 for r in self.review if r.get("rule") == "V-UNREADABLE-COUNT")

    def to_dict(self) -> dict:
        return _jsonable({
            "day": self.day, "agrees": self.agrees, "verdict": self.verdict,
            "missing": list(self.missing), "result": self.result,
            "votecounts": [votecount_dict(c) for c in self.counts],
            "unread_counts": self.unread_counts,
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
        """1 when a day disagrees with what the moderators announced, else 0 — also when there
        was nothing to compare (interfaces.md §4: only a disagreement needs a human)."""
        return 1 if any(d.disagrees for d in self.days) else 0

    @property
    def verdict(self) -> str:
        """``disagrees`` (a day does), ``agrees`` (something compared, nothing differs) or
        ``nothing-compared`` (no moderator count and no announced elimination in any day)."""
        return _verdict(self.exit_code == 1, any(d.verdict != NOTHING for d in self.days))

    @property
    def missing(self) -> tuple[str, ...]:
        """What no day had to compare (:data:`MISSING`)."""
        return tuple(k for k in MISSING if all(k in d.missing for d in self.days))

    def to_dict(self) -> dict:
        """The whole audit, private (interfaces.md §3 "The audit as JSON", revision 2)."""
        counts = [c for d in self.days for c in d.counts]
        return _jsonable({
            "game": self.game, "ruleset": self.ruleset, "language": self.language,
            "timezone": self.timezone,
            "agrees": self.verdict == AGREES, "exit_code": self.exit_code,
            "verdict": self.verdict, "missing": list(self.missing),
            "counts": {"checked": len(counts), "agreeing": sum(c.agrees for c in counts),
                       "unread": sum(d.unread_counts for d in self.days)},
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
        # only for a count that says the post it counts up to (audit/asof.py)
        **({"as_of": c.as_of, "as_of_status": c.as_of_status, "as_of_text": c.as_of_text}
           if c.as_of is not None else {}),
    }


_SCALARS = frozenset({str, int, float, bool, type(None)})


def _jsonable(value):
    """The audit's dict as JSON values (times as ISO text). The exact types first: most values
    are text, numbers and plain lists and dicts (issue 22, the archive converts every game)."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is dict:
        return {k: _jsonable(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [_jsonable(v) for v in value]
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    return value
