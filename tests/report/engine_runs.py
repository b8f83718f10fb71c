"""Real engine output for the report tests: every day of a game, tallied once per session."""

from __future__ import annotations

from functools import cache
from pathlib import Path


@cache
def game_days(game_toml: str) -> tuple[dict, ...]:
    from votal.app.load import load_game, load_posts
    from votal.tally.engine import tally_game

    game = load_game(Path(game_toml))
    posts = load_posts(game, offline=True, db=None)
    return tuple(d.to_dict() for d in tally_game(game, posts))
