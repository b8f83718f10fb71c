"""Real MafiaScum days render in every text format; the terminal gets colour only on a TTY."""

from __future__ import annotations

import io

import pytest

from votal.report import render
from votal.report.terminal import write_out

from ..conftest import SHARED, shared_path
from .engine_runs import game_days

REAL_DAYS = sorted(p.name for p in (SHARED / "real" / "mafiascum" / "days").glob("*")) \
    if SHARED.exists() else []


@pytest.mark.parametrize("day_dir", REAL_DAYS)
def test_real_mafiascum_day(day_dir):
    game = shared_path("real", "mafiascum", "days", day_dir, "game.toml")
    for result in game_days(str(game)):
        out = render(result, "bbcode", lang="en")
        assert out.count("[url=") == out.count("[/url]")
        if result.get("majority"):
            assert f"Majority: {result['majority']} votes" in out
        for row in result["tally"]:
            assert f"[b]{row['player']}[/b] ({row['votes']}" in out
        votes = result["votes"]
        last = {v["voter"]: v for v in votes}     # an unvote that is the voter's last word
        unvotes = [v for v in last.values() if not v.get("target") and v["status"] != "counted"]
        if unvotes:
            assert "→ unvote" in render(result, "text", lang="en")


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_text_is_plain_when_piped_and_coloured_on_a_tty():
    text = "Vote count — Day 1\nGame\n\nCount\n  A (1): B\n  C → D — vote for oneself (V-SELF)\n"
    piped = io.StringIO()
    write_out(text, "text", piped)
    assert piped.getvalue() == text
    tty = _Tty()
    write_out(text, "text", tty)
    assert "\x1b[" in tty.getvalue()
    assert "vote for oneself" in tty.getvalue()
    raw = _Tty()
    write_out("[b]x[/b]\n", "bbcode", raw)       # only text is coloured
    assert raw.getvalue() == "[b]x[/b]\n"
