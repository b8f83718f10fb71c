"""`votal tally GAME [--day N] [--format json|text] [--offline]` (interfaces.md §3, §4)."""

from __future__ import annotations

import json

from votal.cli import main

GAME = '''title = "CLI game"
ruleset = "palermo-classic"
timezone = "Europe/Athens"
language = "en"
moderators = ["Host"]

[source]
posts = "posts.jsonl"

[schedule]
day1 = 2026-11-02

[[players]]
name = "Ann"

[[players]]
name = "Ben"

[[players]]
name = "Cat"
'''


def post(pid: str, n: int, author: str, time: str, target: str) -> str:
    return json.dumps({"id": pid, "number": n, "thread": "t", "url": f"https://f.example/{pid}",
                       "author": author, "author_id": None, "time": time, "edited": None,
                       "html": f'<p><span style="color: #ff0000">{target}</span></p>'})


def write_game(tmp_path, game: str = GAME):
    (tmp_path / "game.toml").write_text(game, encoding="utf-8")
    (tmp_path / "posts.jsonl").write_text("\n".join([
        post("1", 1, "Ann", "2026-11-02T10:00:00+02:00", "Ben"),
        post("2", 2, "Cat", "2026-11-02T11:00:00+02:00", "Ben"),
        post("3", 3, "Ben", "2026-11-02T12:00:00+02:00", "Ann"),
        post("4", 4, "Ann", "2026-11-03T10:00:00+02:00", "Cat"),
    ]) + "\n", encoding="utf-8")
    return tmp_path / "game.toml"


def test_json_of_a_given_day(tmp_path, capsys):
    game = write_game(tmp_path)
    assert main(["tally", str(game), "--day", "1", "--format", "json", "--offline"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["day"] == 1 and out["ruleset"] == "palermo-classic"
    assert out["tally"] == [{"player": "Ben", "votes": 2, "voters": ["Ann", "Cat"]},
                            {"player": "Ann", "votes": 1, "voters": ["Ben"]}]
    assert out["outcome"]["kind"] == "eliminated" and out["outcome"]["players"] == ["Ben"]


def test_default_day_is_the_last_day_with_posts_and_text_is_readable(tmp_path, capsys):
    game = write_game(tmp_path)
    assert main(["tally", str(game), "--offline", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["day"] == 2
    assert main(["tally", str(game), "--offline"]) == 0
    text = capsys.readouterr().out
    assert "Cat (1): Ann" in text
    assert "Ben (" not in text                 # Ben was voted out on day 1: no votes, no row


def test_bad_game_file_is_one_line_and_exit_2(tmp_path, capsys):
    game = write_game(tmp_path, GAME + '\n[[events]]\ntype = "lawyer"\nactor = "Ann"\n')
    assert main(["tally", str(game), "--offline"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "game.toml" in err and "event #1 (lawyer)" in err
