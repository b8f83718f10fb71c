"""A post read only in part is kept and reported, never dropped (interfaces.md §2 rev. 2, issue 11).

`tally` still prints its result (exit 0) with a ``V-UNREADABLE-POST`` review item, in every
format, public or private; a post without time is placed on the day its neighbours span.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from votal.app.load import load_game, load_posts
from votal.cli import main
from votal.scraper.model import Post, read_posts_jsonl
from votal.tally.engine import tally_day

GAME = """title = "Unreadable posts"
ruleset = "palermo-extreme"
timezone = "Europe/Athens"
language = "en"
moderators = ["Host"]

[source]
posts = "posts.jsonl"

[schedule]
day1 = 2026-11-02

[[players]]
name = "Alpha"

[[players]]
name = "Beta"

[[players]]
name = "Gamma"
"""
THREAD = "https://forum.example/threads/unreadable.1/"


def _post(n: int, author: str, time: str | None, html: str, problems=()) -> dict:
    d = {"id": str(1000 + n), "number": n, "thread": THREAD, "url": f"{THREAD}post-{1000 + n}",
         "author": author, "author_id": None, "time": time, "edited": None, "html": html}
    if problems:
        d["problems"] = list(problems)
    return d


def _red(name: str) -> str:
    return f'<p><span style="color: #ff0000">{name}</span></p>'


@pytest.fixture
def game(tmp_path: Path) -> Path:
    posts = [
        _post(1, "Alpha", "2026-11-02T10:00:00+02:00", _red("Beta")),
        _post(2, "Beta", None, _red("Alpha")),                      # time not read
        _post(3, "", "2026-11-02T12:00:00+02:00", _red("Alpha"), ["author"]),
        _post(4, "Gamma", "2026-11-02T13:00:00+02:00", _red("Beta")),
    ]
    (tmp_path / "posts.jsonl").write_text(
        "".join(json.dumps(p) + "\n" for p in posts), encoding="utf-8")
    (tmp_path / "game.toml").write_text(GAME, encoding="utf-8")
    return tmp_path / "game.toml"


def test_jsonl_keeps_null_time_and_problems(game: Path):
    posts = {p.id: p for p in read_posts_jsonl(game.parent / "posts.jsonl")}
    assert posts["1002"].time is None and posts["1002"].problems == ("time",)
    assert posts["1003"].problems == ("author",)
    assert posts["1002"].to_dict()["time"] is None
    assert posts["1002"].to_dict()["problems"] == ["time"]


def test_what_is_missing_is_a_problem_even_unnamed():
    p = Post("1", 1, THREAD, THREAD, "", None, None, None, "")
    assert p.problems == ("author", "time", "body") and not p.readable
    with pytest.raises(ValueError):
        Post("2", 2, THREAD, THREAD, "A", None, None, None, "<p>x</p>", problems=("colour",))


def test_tally_counts_the_rest_and_reviews_the_unreadable(game: Path):
    g = load_game(game)
    result = tally_day(g, load_posts(g), 1)
    assert {r.player: r.votes for r in result.tally} == {"Beta": 2}
    review = [(i.rule, i.post, i.player, i.text) for i in result.review]
    assert ("V-UNREADABLE-POST", "1002", "Beta", "post 1002: time not found") in review
    assert ("V-UNREADABLE-POST", "1003", None, "post 1003: author not found") in review
    assert not any(v.post in ("1002", "1003") for v in result.votes)


@pytest.mark.parametrize("fmt", ["text", "bbcode", "markdown", "html", "json", "csv"])
@pytest.mark.parametrize("visibility", ["--public", "--private"])
def test_every_format_names_the_unreadable_post(game: Path, fmt, visibility, capsys):
    code = main(["tally", str(game), "--day", "1", "--format", fmt, visibility])
    out = capsys.readouterr().out
    if fmt == "markdown":
        out = out.replace("\\", "")  # Markdown escapes the colon
    assert code == 0
    assert "post 1002: time not found" in out
    assert "post 1003: author not found" in out


def test_scrape_names_each_partial_post_and_exits_1(game: Path, tmp_path: Path, capsys):
    out = tmp_path / "out.jsonl"
    code = main(["scrape", str(game.parent / "posts.jsonl"), "--db", str(tmp_path / "s.sqlite"),
                 "--out", str(out)])
    captured = capsys.readouterr()
    assert code == 1  # interfaces.md §4: stored, but something needs a human
    assert "post 1002: time not found" in captured.out
    assert "post 1003: author not found" in captured.out
    assert "2 post(s) read only in part" in captured.err
    kept = read_posts_jsonl(out)
    assert {p.id for p in kept} == {"1001", "1002", "1003", "1004"}  # nothing dropped
