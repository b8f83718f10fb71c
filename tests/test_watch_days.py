"""issue 20 item 2: `votal watch` follows only a day that exists.

A finished game has no day after the one whose result ended it; a saved thread (posts, pages, a
replay) has no day after its last post; a live thread has, besides its days with posts, the next
day, begun or not (the watch waits for it). Otherwise the watch refuses as `tally --day 30`
does: exit 2, one line naming the last day there is, no official post written. Fake clocks, no
network, nothing really waits.
"""

from __future__ import annotations

import io
import json
import shutil
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from votal.app.load import load_game, load_posts
from votal.app.watch import Watcher, watch_game
from votal.cli import main
from votal.errors import InputError, ScrapeError
from votal.report.watchscreen import LineScreen
from votal.scraper.model import Post
from votal.tally.engine import GamePosts, ended_on

from .conftest import FIXTURES
from .test_watch import MAFIASCUM  # the five-player mafiascum game, its [source] replaced

ATHENS = ZoneInfo("Europe/Athens")
NY = ZoneInfo("America/New_York")


@pytest.fixture
def athens(tmp_path) -> Path:
    """palermo-athens (ended on day 4 by PX-21: its file gives every player's role and side)."""
    shutil.copytree(FIXTURES / "games" / "palermo-athens", tmp_path / "g")
    return tmp_path / "g" / "game.toml"


class Clock:
    def __init__(self, start: datetime):
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def sleep(self, s: float) -> None:
        self.now += timedelta(seconds=s)


def _watch(game_file: Path, clock: Clock, refresh, **kw) -> tuple[str, Path]:
    return watch_game(game_file, render=lambda r: f"FINAL day {r.day}\n",
                      screen=LineScreen("text", io.StringIO()), live_refresh=refresh,
                      clock=clock, sleep=clock.sleep, fmt="text", **kw)


def _stored(game_file: Path):
    game = load_game(game_file)
    return lambda g: load_posts(game, offline=True, db=None)


def test_the_fixture_game_ended_on_day_4():
    game = load_game(FIXTURES / "games" / "palermo-athens" / "game.toml")
    end = ended_on(game, load_posts(game, offline=True, db=None))
    assert end is not None and end.day == 4 and end.end and end.end["rule"] == "PX-21"


def test_a_watch_of_today_after_the_game_ended_is_refused(athens):
    """The issue's case: on 1 December day 30 by the schedule; the game ended on day 4."""
    clock = Clock(datetime(2026, 12, 1, 12, 0, tzinfo=ATHENS))
    with pytest.raises(InputError) as e:
        _watch(athens, clock, _stored(athens))
    assert str(e.value) == (f"{athens}: day 30 (today's, by the schedule): the game ended on "
                            "day 4 (PX-21); there is no day 30 (the last day is 4)")
    assert not list(athens.parent.glob("game-day*"))             # no official post written


def test_the_command_refuses_in_one_line_and_writes_nothing(athens, capsys):
    for args in (["--replay", "--day", "30"], ["--replay", "--day", "5"], ["--day", "30"]):
        assert main(["watch", str(athens), *args, "--speed", "1e12"]) == 2, args
        err = capsys.readouterr().err.splitlines()
        assert len(err) == 1 and "the game ended on day 4 (PX-21)" in err[0], err
        assert err[0].endswith("(the last day is 4)")
    assert not list(athens.parent.glob("game-day*"))
    # the days that exist are watched as before: a replay of the last day by default
    assert main(["watch", str(athens), "--replay", "--speed", "1e12"]) == 0
    assert (athens.parent / "game-day4.bbcode").exists()
    assert "wrote " in capsys.readouterr().err


def test_a_replay_by_default_follows_the_last_day_there_is_not_the_chatter_after_the_end(
        athens, capsys):
    """Posts after the game's end (a day of chatter) make no day: the replay's default is day 4."""
    posts = athens.parent / "posts.jsonl"
    last = json.loads(posts.read_text(encoding="utf-8").splitlines()[-1])
    chatter = dict(last, id="9001", number=(last.get("number") or 0) + 1,
                   url=last["url"] + "-chatter", time="2026-11-06T12:00:00+02:00",
                   html="<p>GG! Καλό παιχνίδι σε όλους.</p>")
    with posts.open("a", encoding="utf-8") as f:
        f.write(json.dumps(chatter, ensure_ascii=False) + "\n")
    assert main(["watch", str(athens), "--replay", "--speed", "1e12", "--format", "json"]) == 0
    out = capsys.readouterr().out
    assert json.loads(out[out.index("\n{") + 1:])["day"] == 4
    assert main(["watch", str(athens), "--replay", "--day", "5"]) == 2
    assert "the game ended on day 4" in capsys.readouterr().err


def _post(i: int, voter: str, target: str, t: datetime) -> Post:
    return Post(str(i), i, "t", f"t#{i}", voter, None, t, None,
                f'<span class="bbvote">VOTE: {target}</span>')


DAY1 = [_post(1, "Ann", "Bob", datetime(2026, 11, 3, 10, 0, tzinfo=NY)),
        _post(2, "Cid", "Dee", datetime(2026, 11, 3, 11, 0, tzinfo=NY))]


def _mini(tmp_path: Path, source: str) -> Path:
    """A game whose file gives no side: it never ends by itself (no end is declared)."""
    game_file = tmp_path / "game.toml"
    game_file.write_text(MAFIASCUM.replace('posts = "posts.jsonl"', source), encoding="utf-8")
    (tmp_path / "posts.jsonl").write_text("", encoding="utf-8")
    return game_file


def test_a_saved_thread_has_no_day_after_its_last_post(tmp_path):
    game_file = _mini(tmp_path, 'posts = "posts.jsonl"')
    clock = Clock(datetime(2026, 11, 5, 12, 0, tzinfo=NY))       # day 3 by the schedule
    with pytest.raises(InputError, match=r"day 3 \(today's, by the schedule\): no post belongs "
                                         r"to day 3 .*; so far only day 1$"):
        _watch(game_file, clock, lambda g: GamePosts(tuple(DAY1)))
    with pytest.raises(InputError, match=r"--day 2: no post belongs to day 2"):
        _watch(game_file, Clock(datetime(2026, 11, 4, 12, 0, tzinfo=NY)),
               lambda g: GamePosts(tuple(DAY1)), day=2)
    assert not list(tmp_path.glob("game-day*"))


def test_a_live_thread_waits_for_its_next_day(tmp_path):
    """Day 2 has begun on the forum and nobody has posted yet: the watch follows it and counts
    the vote that comes at 10:00; the official post is day 2's."""
    game_file = _mini(tmp_path, 'thread = "https://forum.example/t/1"')
    clock = Clock(datetime(2026, 11, 4, 8, 30, tzinfo=NY))
    later = _post(3, "Eve", "Cid", datetime(2026, 11, 4, 10, 0, tzinfo=NY))
    seen: list[int] = []

    def refresh(game):
        posts = [p for p in (*DAY1, later) if p.time <= clock.now]
        seen.append(len(posts))
        return GamePosts(tuple(posts))

    text, path = watch_game(game_file, render=lambda r: json.dumps(r.to_dict()),
                            screen=LineScreen("text", io.StringIO()), live_refresh=refresh,
                            clock=clock, sleep=clock.sleep, every=3600, fmt="json")
    result = json.loads(text)
    assert result["day"] == 2 and path.name == "game-day2.json"
    assert [(v["voter"], v["target"]) for v in result["votes"]] == [("Eve", "Cid")]
    assert seen[0] == 2 and seen[-1] == 3


def test_a_live_thread_has_no_day_two_days_after_its_last_post(tmp_path):
    game_file = _mini(tmp_path, 'thread = "https://forum.example/t/1"')
    clock = Clock(datetime(2026, 11, 5, 12, 0, tzinfo=NY))       # day 3; posts on day 1 only
    with pytest.raises(InputError, match=r"day 3 \(today's, by the schedule\): no post belongs "
                                         r"to day 3"):
        _watch(game_file, clock, lambda g: GamePosts(tuple(DAY1)))
    with pytest.raises(InputError, match=r"--day 4: day 4 has not started yet"):
        _watch(game_file, clock, lambda g: GamePosts(tuple(DAY1)), day=4)


def test_the_day_is_judged_on_the_first_good_refresh(tmp_path):
    """A refresh that fails (the forum is down) shows nothing of the thread: the day is judged
    once one succeeds, not on the empty store."""
    game_file = _mini(tmp_path, 'thread = "https://forum.example/t/1"')
    clock = Clock(datetime(2026, 11, 3, 21, 0, tzinfo=NY))
    calls = {"n": 0}

    def refresh(game):
        calls["n"] += 1
        if calls["n"] == 1:
            raise ScrapeError("forum.example: connection refused")
        return GamePosts(tuple(DAY1))

    out = io.StringIO()
    Watcher(game_file, refresh=refresh, clock=clock, sleep=clock.sleep,
            screen=LineScreen("text", out), render=lambda r: "FINAL\n", every=600,
            day=1).run()
    assert calls["n"] >= 2 and "connection refused" in out.getvalue()
    # the same watch of day 3, judged on the first good refresh: refused
    calls["n"] = 0
    day3 = Clock(datetime(2026, 11, 5, 12, tzinfo=NY))
    with pytest.raises(InputError, match="no post belongs to day 3"):
        Watcher(game_file, refresh=refresh, clock=day3, sleep=day3.sleep,
                screen=LineScreen("text", io.StringIO()), render=lambda r: "FINAL\n",
                every=600).run()
    assert calls["n"] == 2
