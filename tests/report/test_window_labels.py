"""A running count inside the change window (PX-03) no longer lists the players without a vote
as "not voted yet": from the deadline on they can no longer vote (issue 16)."""

from __future__ import annotations

from pathlib import Path

from votal.app.tally import tally_file
from votal.report import render_day

GAME = Path(__file__).resolve().parents[2] / "fixtures" / "games" / "palermo-athens" / "game.toml"


def _text(at: str, lang: str) -> str:
    return render_day(tally_file(GAME, day=1, at=at, offline=True).result, "text", lang=lang)


def test_before_the_deadline_they_have_not_voted_yet():
    text = _text("2026-11-02T19:30", "en")
    assert "running count" in text and "Not voted yet: " in text


def test_inside_the_window_they_are_without_a_vote():
    for lang, yet, label in (("en", "Not voted yet", "Not voting"),
                             ("el", "Δεν έχουν ψηφίσει ακόμα", "Χωρίς ψήφο (απουσία)")):
        text = _text("2026-11-02T20:07", lang)
        assert yet not in text
        assert f"{label}: Φωτεινή" in text.splitlines()
