"""`votal audit GAME`: the game file and its thread loaded, every day replayed and audited.

The use case returns the audit (:class:`votal.audit.result.GameAudit`); the command line renders
it (report/audit_report.py) and turns its verdict into the exit code.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from votal.app.load import load_game, load_posts
from votal.audit import audit_game
from votal.audit.result import GameAudit
from votal.scraper.sources import Network


def audit_file(game_file: str | Path, *, offline: bool = False, db: Path | None = None,
               net: Network | None = None,
               warn: Callable[[str], None] | None = None) -> GameAudit:
    """The audit of the game at ``game_file``: its posts read (refreshed first unless
    ``offline``, through ``net``), every day replayed and checked against the moderators'
    counts and announcements. ``warn`` hears the game file's warnings. A last day whose vote is
    still open now is audited as its running count, never as if it had closed (issue 16)."""
    game = load_game(game_file, warn=warn)
    posts = load_posts(game, offline=offline, db=db, net=net)
    return audit_game(game, posts, at=datetime.now(UTC))
