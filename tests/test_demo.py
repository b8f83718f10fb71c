"""`votal demo`: the saved Invision pages over real HTTP on 127.0.0.1, and the hand-computed result
of fixtures/demo/README.md."""

from __future__ import annotations

import io
import json

import pytest

from votal.app.demo import DEMO_DIR, DemoForum, _tally, run_demo, write_game_file
from votal.cli import main
from votal.scraper.store import Store


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    workdir = tmp_path_factory.mktemp("demo")
    out = io.StringIO()
    run_demo(main, out=out, workdir=workdir)
    return workdir, out.getvalue()


def test_demo_scrapes_the_thread_over_http(demo):
    workdir, text = demo
    assert "3 pages, 62 posts, 62 new, 0 edited (3 requests)" in text
    assert "1 page, 12 posts, 0 new, 0 edited (1 request)" in text  # unchanged: one request
    with Store(workdir / "votal.sqlite") as store:
        (thread,) = store.threads()
        posts = store.posts(thread.key)
    assert len(posts) == 62 and len({p.id for p in posts}) == 62
    assert [p.number for p in posts] == list(range(1, 63))
    assert {p.author for p in posts} == {"Αφηγητής", "Λάμπρος", "Νίκος", "Ελένη", "Φώτης", "Γιώτα",
                                         "Χάρης", "Δήμητρα", "Σωτήρης", "Κατερίνα"}
    assert thread.url.startswith("http://127.0.0.1:")
    # post #43: Κατερίνα quotes Λάμπρος's vote (post #14)
    assert f'data-post="{posts[13].id}"' in posts[42].html
    assert posts[12].edited is not None  # Ελένη's typo fix
    assert posts[54].time.isoformat() == "2026-11-02T18:06:12+00:00"  # 20:06:12 Athens


def test_demo_tally_matches_the_hand_computed_result(demo):
    workdir, text = demo
    rc, out, err = _tally(main, workdir / "game.toml", workdir / "votal.sqlite", "json")
    assert rc == 0, err
    result = json.loads(out)
    assert [(t["player"], t["votes"]) for t in result["tally"]] == [("Νίκος", 5), ("Φώτης", 4)]
    assert sorted(result["tally"][0]["voters"]) == sorted(["Λάμπρος", "Ελένη", "Φώτης", "Δήμητρα"])
    assert sorted(result["tally"][1]["voters"]) == sorted(["Νίκος", "Χάρης", "Σωτήρης", "Γιώτα"])
    assert result["outcome"]["kind"] == "eliminated"
    assert result["outcome"]["players"] == ["Νίκος"]
    assert result["outcome"]["reason"] == "mayor"
    assert result["absent"] == ["Κατερίνα"]
    assert result["removed"] == [] and result["violations"] == []
    assert "official tally, day 1" in text


def test_demo_post_declares_no_end(demo):
    """The demo's file gives only the mayor's side: nothing says no killer is left, so neither
    the JSON nor the official post ends the game (issue 20; PX-21 needs every living side)."""
    workdir, text = demo
    rc, out, err = _tally(main, workdir / "game.toml", workdir / "votal.sqlite", "json")
    assert rc == 0, err
    assert json.loads(out)["end"] is None
    post = text.split("official tally, day 1 (bbcode):", 1)[1]
    assert "[b]Αποχωρεί ο Νίκος[/b]" in post   # the result, a sentence of its own (issue 20 item 7)
    assert "Λήξη παιχνιδιού" not in post and "PX-21" not in post


def test_demo_server_serves_pages_and_404s():
    with DemoForum() as forum:
        status, body = forum.answer("/forums/topic/4312-palermo-43-extreme/page/2/")
        assert status == 200 and forum.base.encode() in body
        assert b"forum.palermo.example" not in body
        assert forum.answer("/forums/topic/4312-palermo-43-extreme/page/9/")[0] == 404


def test_game_file_gets_the_port(tmp_path):
    game = write_game_file(tmp_path, "http://127.0.0.1:4321")
    assert 'thread = "http://127.0.0.1:4321/forums/topic/4312-palermo-43-extreme/"' in \
        game.read_text(encoding="utf-8")
    assert "PORT" in (DEMO_DIR / "game.toml").read_text(encoding="utf-8")
