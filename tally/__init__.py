"""The tally: pure vote counting over normalised posts (rules.md), one preset per ruleset."""

from __future__ import annotations

__all__ = ["tally_day", "tally_at", "tally_game", "GamePosts", "DayResult"]


def __getattr__(name: str):
    # Lazy: the pure helper modules (colour, extract, names) import without the engine.
    if name in ("tally_day", "tally_at", "tally_game", "GamePosts", "last_day"):
        from votal.tally import engine

        return getattr(engine, name)
    if name == "DayResult":
        from votal.tally.model import DayResult

        return DayResult
    raise AttributeError(name)
