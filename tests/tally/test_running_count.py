"""A running count while the day's vote is open (tally_at; `votal tally --at`).

PX-04: the vote closes at the end of the change window (20:10 in Palermo Extreme); before that a
tally is provisional: only the posts so far, nobody charged an absence or removed (PX-18).
"""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import datetime
from zoneinfo import ZoneInfo

from votal.app.load import load_game, load_posts
from votal.tally.engine import tally_at, tally_day

from ..conftest import FIXTURES

ATHENS = ZoneInfo("Europe/Athens")
GAME = FIXTURES / "games" / "palermo-athens" / "game.toml"


def _game():
    game = load_game(GAME)
    return game, load_posts(game, offline=True)


def test_before_the_close_only_posts_so_far_count_and_nobody_is_absent_yet():
    game, posts = _game()
    final = tally_day(game, posts, 1).to_dict()
    running = tally_at(game, posts, 1, datetime(2026, 11, 2, 15, 0, tzinfo=ATHENS)).to_dict()
    assert running["provisional"] is True
    assert running["as_of"] == "2026-11-02T15:00:00+02:00"
    assert not final["provisional"] and final["as_of"] is None
    cutoff = datetime(2026, 11, 2, 15, 0, tzinfo=ATHENS)
    assert all(datetime.fromisoformat(v["time"]) < cutoff for v in running["votes"])
    assert len(running["votes"]) < len(final["votes"])
    assert running["removed"] == []


def test_at_or_after_the_window_close_the_result_is_final():
    """PX-04: 20:10 closes day 1's vote; a tally asked then is the official one."""
    game, posts = _game()
    final = tally_day(game, posts, 1).to_dict()
    for moment in (datetime(2026, 11, 2, 20, 10, tzinfo=ATHENS),
                   datetime(2026, 11, 29, 12, 0, tzinfo=ATHENS)):
        assert tally_at(game, posts, 1, moment).to_dict() == final


def test_cli_at_marks_the_running_count_in_every_language():
    words = {"en": "running count", "el": "προσωρινή καταμέτρηση", "it": "conteggio provvisorio",
             "ru": "промежуточный подсчёт"}
    for lang, word in words.items():
        out = subprocess.run(
            [sys.executable, "-m", "votal.cli", "tally", str(GAME), "--day", "1", "--offline",
             "--at", "2026-11-02T15:00", "--lang", lang, "--format", "bbcode"],
            capture_output=True, text=True, check=True).stdout
        assert word in out.splitlines()[0]
    js = subprocess.run([sys.executable, "-m", "votal.cli", "tally", str(GAME), "--day", "1",
                         "--offline", "--format", "json"], capture_output=True, text=True,
                        check=True).stdout
    assert json.loads(js)["provisional"] is False  # --offline without --at: the whole day


def test_cli_at_rejects_what_is_not_a_time():
    run = subprocess.run([sys.executable, "-m", "votal.cli", "tally", str(GAME), "--offline",
                          "--at", "yesterday"], capture_output=True, text=True)
    assert run.returncode == 2
    assert "--at 'yesterday'" in run.stderr and "Traceback" not in run.stderr


def test_a_game_read_on_a_live_thread_shows_its_open_day_as_its_running_count():
    """tally_game(at=…) (history, chart and report of a live thread, issue 20): the last day,
    still open, is its running count — public: withheld as `tally --at` withholds it — and the
    days before are their results."""
    from votal.tally.engine import tally_game

    game, posts = _game()
    four = datetime(2026, 11, 5, 15, 0, tzinfo=ATHENS)
    days = [d.to_dict() for d in tally_game(game, posts, at=four, withhold=True)]
    assert [d["provisional"] for d in days] == [False, False, False, True]
    assert days[-1] == tally_at(game, posts, 4, four, withhold=True).to_dict()
    assert days[:3] == [d.to_dict() for d in tally_game(game, posts)][:3]
    # day 1's mayor (PX-06) before its close, publicly: a tie for a poll, not his double vote
    one = datetime(2026, 11, 2, 20, 7, tzinfo=ATHENS)
    public = tally_at(game, posts, 1, one, withhold=True).to_dict()
    private = tally_at(game, posts, 1, one).to_dict()
    assert (public["outcome"]["kind"], public["outcome"].get("next")) == ("tie", "poll")
    assert private["outcome"]["reason"] == "mayor"
    assert public["tally"][0]["votes"] == private["tally"][0]["votes"] - 1
