"""`votal history`, `chart` and `report GAME`: every day of a game tallied, as plain data.

A day whose vote is still open now (on a live thread, offline or from a file) is its running
count, as `votal tally` shows it: for a public report, without the secrets the close reveals (issue 20).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from votal.app.load import load_game, load_posts
from votal.errors import InputError
from votal.scraper.sources import Network
from votal.tally.engine import player_resolver, tally_game
from votal.tally.game import Game
from votal.tally.names import NameResolver


@dataclass(frozen=True)
class GameDays:
    game: Game
    days: list[dict[str, Any]]   # each day's tally JSON (interfaces.md §3)

    @property
    def language(self) -> str:
        """The game's report language: its days' (``en`` for a game without days)."""
        return str(self.days[0]["language"]) if self.days else "en"

    def resolver(self) -> NameResolver:
        """The game's players by their own names, as `history --player` names one."""
        return player_resolver(self.game)

    def chosen(self, day: int | None, where: str) -> dict[str, Any]:
        """Day ``day``'s tally (default: the last day); a day the game has no posts for is
        refused, naming ``where`` (the game file)."""
        found = [d for d in self.days if d["day"] == day] if day is not None else self.days[-1:]
        if not found:
            raise InputError(f"{where}: --day {day}: no day {day} (days with posts: 1 to "
                             f"{len(self.days)})")
        return found[0]


def game_days(game_file: str | Path, *, offline: bool = False, db: Path | None = None,
              net: Network | None = None, public: bool = True,
              warn: Callable[[str], None] | None = None) -> GameDays:
    """Every day of the game at ``game_file`` tallied (refreshed first unless ``offline``)."""
    game = load_game(game_file, warn=warn)
    posts = load_posts(game, offline=offline, db=db, net=net)
    # offline too: a last day whose vote is still open now is its running count (issue 16)
    at = datetime.now(UTC)
    return GameDays(game, [d.to_dict() for d in tally_game(game, posts, at=at, withhold=public)])
