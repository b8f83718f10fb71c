"""Audit finished games: replay every day, violations, edits, moderators' counts and announcements.

Public surface: :func:`audit_game` (replay a loaded game) and its plain-data result
:class:`GameAudit` / :class:`DayAudit` (``to_dict()``: interfaces.md §3, "The audit as JSON").
Rendering is ``report/``'s (``votal.report.render_audit``); the reader of moderators' counts is
``tally/votecounts.py``.
"""

from votal.audit.replay import audit_game
from votal.audit.result import DayAudit, GameAudit

__all__ = ["DayAudit", "GameAudit", "audit_game"]
