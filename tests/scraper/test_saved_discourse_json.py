"""Discourse saved as JSON (``/t/slug/123.json``, ``posts.json``) is a file source (issue 11):
the same document that parses over HTTP parses from disk, alone or as a folder of answers."""

from __future__ import annotations

import json
import shutil

from tests.conftest import FIXTURES, shared_path
from votal.cli import main

DISCOURSE = FIXTURES / "engines" / "discourse"


def _scrape(tmp_path, source) -> list[dict]:
    out = tmp_path / "posts.jsonl"
    code = main(["scrape", str(source), "--db", str(tmp_path / "s.sqlite"), "--out", str(out)])
    assert code == 0
    return [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]


def test_saved_topic_json(tmp_path):
    posts = _scrape(tmp_path, DISCOURSE / "palermo7_topic.json")
    assert [(p["id"], p["number"], p["author"]) for p in posts] == [
        ("5001", 1, "Moderator"), ("5004", 2, "Lampros")]
    assert posts[1]["time"] == "2026-11-17T18:04:12.345000+00:00"
    assert posts[1]["url"].endswith("palermo7_topic.json#post-2")


def test_folder_of_answers_links_quotes_across_them(tmp_path):
    folder = tmp_path / "saved"
    folder.mkdir()
    for name in ("palermo7_topic.json", "palermo7_posts_batch.json"):
        shutil.copy(DISCOURSE / name, folder / name)
    posts = _scrape(tmp_path, folder)
    assert [p["number"] for p in posts] == [1, 2, 3]
    assert len({p["thread"] for p in posts}) == 1
    assert 'data-post="5004"' in posts[2]["html"]  # the quote of post #2, by its id


def test_real_posts_json(tmp_path):
    posts = _scrape(tmp_path, shared_path("real", "engines", "discourse",
                                          "criticalfallibilism_t2144_posts.json"))
    assert len(posts) == 20
    assert posts[0]["id"] == "20089" and posts[0]["author"] == "Elliot"
    assert posts[0]["time"].startswith("2026-01-08T19:23:48")


def test_other_json_is_one_clear_line(tmp_path, capsys):
    bad = tmp_path / "x.json"
    bad.write_text('{"hello": 1}', encoding="utf-8")
    assert main(["scrape", str(bad), "--db", str(tmp_path / "s.sqlite")]) == 2
    assert "not a saved Discourse answer" in capsys.readouterr().err
