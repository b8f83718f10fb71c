"""A day whose vote is still open is never printed as if it had closed (issue 16).

Read offline or from a posts file, `votal tally`, `history`, `chart` and `report` used to count
the whole day as final: a deadline still to come, and yet "Eliminated: Bill" (and, where the
rules charge absences, the players who had not voted yet listed as absent). Now the day is its running count until its vote
closes; a day whose deadline has passed is counted whole, as before.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from votal.app.audit import audit_file
from votal.app.days import game_days
from votal.app.tally import tally_file
from votal.report import render_audit, render_day

PLAYERS = ("Anna", "Bill", "Chris", "Dora", "Eve")


def _game(folder: Path, deadline: datetime, voters: tuple[str, ...] = ("Anna", "Chris")) -> Path:
    """A five-player mafiascum day begun three hours ago, ``voters``' votes on Bill from an hour
    ago, a minute apart (two by default: no majority)."""
    start = datetime.now(UTC) - timedelta(hours=3)
    posted = datetime.now(UTC) - timedelta(hours=1)
    folder.mkdir()
    stamp = "%Y-%m-%dT%H:%M:%SZ"
    (folder / "game.toml").write_text(
        'title = "Open day"\nruleset = "mafiascum"\ntimezone = "UTC"\nlanguage = "en"\n'
        'moderators = ["Host"]\n[source]\nposts = "posts.jsonl"\n'
        f'[schedule]\nday1 = {start:%Y-%m-%d}\ndeadline = "23:00"\nday_change = "23:00"\n'
        f'[schedule.day.1]\nstart = {start:{stamp}}\ndeadline = {deadline:{stamp}}\n'
        + "".join(f'[[players]]\nname = "{p}"\n' for p in PLAYERS), encoding="utf-8")
    posts = [{"id": str(100 + i), "number": i + 1, "thread": "https://forum.example/t/1/",
              "url": f"https://forum.example/t/1/{100 + i}", "author": who, "author_id": None,
              "time": (posted + timedelta(minutes=i)).isoformat(), "edited": None,
              "html": "<p><b>VOTE: Bill</b></p>"} for i, who in enumerate(voters)]
    (folder / "posts.jsonl").write_text("".join(json.dumps(p) + "\n" for p in posts),
                                        encoding="utf-8")
    return folder / "game.toml"


def test_a_day_still_open_is_its_running_count_offline(tmp_path):
    game = _game(tmp_path / "open", datetime.now(UTC) + timedelta(days=2))
    result = tally_file(game, offline=True).result
    assert result.to_dict()["provisional"] is True
    text = render_day(result, "text", lang="en")
    assert "running count" in text and "If the vote closed now: Bill would be eliminated" in text
    assert "Eliminated: Bill" not in text


def test_history_and_report_days_say_the_same(tmp_path):
    game = _game(tmp_path / "open", datetime.now(UTC) + timedelta(days=2))
    [day] = game_days(game, offline=True).days
    assert day["provisional"] is True


def test_a_day_whose_deadline_passed_is_counted_whole(tmp_path):
    game = _game(tmp_path / "closed", datetime.now(UTC) - timedelta(minutes=5))
    result = tally_file(game, offline=True).result
    assert result.to_dict()["provisional"] is False
    text = render_day(result, "text", lang="en")
    assert "Eliminated: Bill" in text and "running count" not in text   # plurality, MS-03
    [day] = game_days(game, offline=True).days
    assert day["provisional"] is False


def test_a_running_count_says_the_zone_of_its_moment(tmp_path):
    """The running count's title gives its moment with the zone's offset, as the deadline does."""
    game = _game(tmp_path / "open", datetime.now(UTC) + timedelta(days=2))
    title = render_day(tally_file(game, offline=True).result, "text", lang="en").splitlines()[0]
    assert title.startswith("Vote count — Day 1 — running count, ") and title.endswith(" (UTC)")


def test_a_day_the_hammer_ended_is_closed_before_its_deadline(tmp_path):
    """MS-02: the majority ends the day at once; the deadline still to come does not keep it
    open, so the tally is the day's result, never "if the vote closed now" (issue 16)."""
    game = _game(tmp_path / "hammer", datetime.now(UTC) + timedelta(days=2),
                 ("Anna", "Chris", "Dora"))
    result = tally_file(game, offline=True).result
    assert result.to_dict()["provisional"] is False
    assert result.outcome.players == ("Bill",) and result.outcome.rule == "MS-02"
    text = render_day(result, "text", lang="en")
    assert "Eliminated: Bill" in text and "running count" not in text
    assert "If the vote closed now" not in text
    [day] = game_days(game, offline=True).days   # history and report say the same
    assert day["provisional"] is False and day["outcome"]["players"] == ["Bill"]
    # before the hammer (Dora's vote, the third), the same day is still its running count
    before = (datetime.now(UTC) - timedelta(hours=1) + timedelta(seconds=90)).isoformat()
    running = tally_file(game, offline=True, at=before).result
    assert running.to_dict()["provisional"] is True
    assert "If the vote closed now" in render_day(running, "text", lang="en")


def test_the_audit_of_a_day_still_open_claims_no_outcome(tmp_path):
    """`votal audit` of a game going on: its last day, vote open, is its running count — no
    "Eliminated: Bill", no departure for the game's end (issue 16)."""
    game = _game(tmp_path / "open", datetime.now(UTC) + timedelta(days=2))
    audit = audit_file(game, offline=True).to_dict()
    [day] = audit["days"]
    assert day["result"]["provisional"] is True
    text = render_audit(audit, "text", lang="en")
    assert "If the vote closed now: Bill would be eliminated" in text
    assert "Eliminated: Bill" not in text
    closed = audit_file(_game(tmp_path / "closed", datetime.now(UTC) - timedelta(minutes=5)),
                        offline=True).to_dict()
    assert closed["days"][0]["result"]["provisional"] is False
    assert "Eliminated: Bill" in render_audit(closed, "text", lang="en")
