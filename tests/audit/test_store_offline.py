"""votal audit --offline over the local store: a thread URL, no network, edits kept as versions."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime

from tests.conftest import FIXTURES
from votal.cli import main
from votal.scraper.model import read_posts_jsonl
from votal.scraper.store import PageRecord, Store, body_hash

URL = "https://forum.example/threads/ms-miscount.1/"


def _page(n: int, fetched: datetime, body: str) -> PageRecord:
    return PageRecord(n, URL, fetched, None, None, body_hash(body), None)


def test_audit_from_the_store_finds_an_edit_after_the_deadline(tmp_path, capsys):
    posts = read_posts_jsonl(FIXTURES / "audit" / "ms-agree" / "posts.jsonl")
    db = tmp_path / "votal.db"
    first = datetime(2026, 11, 2, 17, 0, tzinfo=UTC)
    late = datetime(2026, 11, 2, 23, 30, tzinfo=UTC)   # the day's deadline is 23:00
    edited = [replace(p, html=p.html.replace("VOTE: Bill</span> fine", "VOTE: Chris</span> fine"))
              for p in posts]
    assert edited != posts
    with Store(db) as store:
        store.ensure_thread(URL, "xenforo", URL, first)
        store.save_page(URL, _page(1, first, "a"), posts)
        store.save_page(URL, _page(1, late, "b"), edited)
    game = (FIXTURES / "audit" / "ms-agree" / "game.toml").read_text(encoding="utf-8")
    (tmp_path / "game.toml").write_text(game.replace('posts = "posts.jsonl"', f'thread = "{URL}"'),
                                        encoding="utf-8")
    code = main(["audit", str(tmp_path / "game.toml"), "--offline", "--db", str(db),
                 "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0  # the first version is the one judged (C-07): every count still agrees
    edits = report["days"][0]["edits"]
    assert [(e["player"], e["first"], e["later"], e["after_deadline"]) for e in edits] == [
        ("Dora", ["Bill"], ["Chris"], True)]
    assert edits[0]["seen"] == "2026-11-02T23:30:00+00:00"
