"""The Mafiascum end-of-game check (wincheck.py, MS convention) against ten real finished games:
the game must end on the day its moderator ended it, with the recorded winner."""

from __future__ import annotations

import json

from tests.conftest import shared_path
from votal.audit.wincheck import Death, first_win


def _games():
    path = shared_path("real", "mafiascum", "games.jsonl")
    return [json.loads(line) for line in path.open(encoding="utf-8")]


def _deaths(game: dict) -> list[Death]:
    """Lynches (day N) before the kills of night N; "endgamed" and "survived" are not deaths."""
    gone = [s for s in game["slots"] if s["fate_type"] not in ("survived", "endgamed")]
    gone.sort(key=lambda s: (s["fate_number"], 0 if s["fate_phase"] == "day" else 1))
    return [Death(s["current_name"], s["fate_number"] + (s["fate_phase"] == "night"),
                  s["fate_type"]) for s in gone]


def test_real_games_end_when_their_moderators_ended_them():
    games = _games()
    assert len(games) == 10
    for game in games:
        players = [(s["current_name"], s["role"], s["faction_guess"]) for s in game["slots"]]
        deaths = _deaths(game)
        win = first_win("mafiascum", players, deaths)
        winner = {"Mafia Win": "mafia", "Town Win": "town"}[game["result"]]
        assert win is not None and win.winners == (winner,), (game["number"], win)
        # The condition first holds after the game's last death: it did not go on past its end.
        assert win.after == deaths[-1].player, (game["number"], win, deaths[-1])
