"""Audit finished games: replay every day, violations, edits, moderators' counts and announcements.

Public surface: :func:`audit_game` (replay a loaded game), :class:`GameAudit`, :func:`render`,
:func:`read_mod_post` (a moderator's post → official count and announced eliminations).
"""

from votal.audit.replay import DayAudit, GameAudit, audit_game
from votal.audit.votecounts import read_mod_post


def render(audit, fmt: str, lang: str, *, public: bool = False) -> str:
    from votal.audit.render import render as _render

    return _render(audit, fmt, lang, public=public)


__all__ = ["DayAudit", "GameAudit", "audit_game", "read_mod_post", "render"]
