"""The store: versions kept forever (C-07), one transaction per page, schema version check."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta, timezone

import pytest

from votal.errors import StoreError
from votal.scraper.model import Post
from votal.scraper.store import SCHEMA_VERSION, PageRecord, Store, body_hash, default_db_path

ATH = timezone(timedelta(hours=2))
T0 = datetime(2026, 11, 3, 19, 0, tzinfo=ATH)


def post(pid: str, minute: int, html: str, number: int | None = None) -> Post:
    return Post(id=pid, number=number, thread="https://f/t/1", url=f"https://f/t/1#p{pid}",
                author="Λάμπρος", author_id="9", time=T0 + timedelta(minutes=minute),
                edited=None, html=html)


def page(n: int, seen: datetime, body: str = "<html>x</html>") -> PageRecord:
    return PageRecord(n, f"https://f/t/1/page-{n}", seen, '"e1"', None, body_hash(body), body)


def test_default_location(monkeypatch, tmp_path):
    monkeypatch.delenv("VOTAL_DB", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_db_path() == tmp_path / ".local/share/votal/votal.sqlite"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_db_path() == tmp_path / "xdg/votal/votal.sqlite"
    monkeypatch.setenv("VOTAL_DB", str(tmp_path / "mine.sqlite"))
    assert default_db_path() == tmp_path / "mine.sqlite"


def test_versions_are_kept_and_first_seen_wins(tmp_path):
    with Store(tmp_path / "s.sqlite") as st:
        st.ensure_thread("k", "fake", "https://f/t/1", T0)
        r1 = st.save_page("k", page(1, T0), [post("2", 2, "<p>vote A</p>", 2),
                                             post("1", 1, "<p>hi</p>", 1)])
        assert (r1.posts, r1.new, r1.edited) == (2, 2, 0)
        later = T0 + timedelta(hours=2)
        r2 = st.save_page("k", page(1, later), [post("1", 1, "<p>hi</p>", 1),
                                                post("2", 2, "<p>vote B</p>", 2)])
        assert (r2.new, r2.edited) == (0, 1)
        # going back to an earlier body is not a new version: that body was already seen
        r3 = st.save_page("k", page(1, later + timedelta(hours=1)),
                          [post("2", 2, "<p>vote A</p>", 2)])
        assert (r3.new, r3.edited) == (0, 0)
        posts = st.posts("k")
    assert [p.id for p in posts] == ["1", "2"]
    assert posts[1].html == "<p>vote A</p>"
    assert [(v.seen, v.html) for v in posts[1].versions] == [(later, "<p>vote B</p>")]
    assert posts[0].versions == ()
    assert posts[1].thread == "https://f/t/1"


def test_thread_order_is_time_then_number(tmp_path):
    with Store(tmp_path / "s.sqlite") as st:
        st.ensure_thread("k", "fake", "u", T0)
        st.save_page("k", page(2, T0), [post("30", 5, "c", 3), post("20", 5, "b", 2)])
        st.save_page("k", page(1, T0), [post("99", 0, "a", 1)])
        assert [p.id for p in st.posts("k")] == ["99", "20", "30"]
        assert st.last_page("k") == 2
        assert st.page("k", 1).body == "<html>x</html>"


def test_one_transaction_per_page(tmp_path):
    def broken():
        yield post("1", 1, "<p>one</p>")
        raise KeyboardInterrupt  # e.g. Ctrl-C in the middle of a page

    with Store(tmp_path / "s.sqlite") as st:
        st.ensure_thread("k", "fake", "u", T0)
        st.save_page("k", page(1, T0), [post("0", 0, "<p>zero</p>")])
        with pytest.raises(KeyboardInterrupt):
            st.save_page("k", page(2, T0), broken())
    with Store(tmp_path / "s.sqlite") as st:
        assert [p.id for p in st.posts("k")] == ["0"]
        assert st.page_numbers("k") == [1]


def test_newer_schema_is_refused(tmp_path):
    path = tmp_path / "s.sqlite"
    Store(path).close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(StoreError, match="newer"):
        Store(path)


def test_garbage_file_is_a_store_error(tmp_path):
    path = tmp_path / "s.sqlite"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StoreError, match="s.sqlite"):
        Store(path)


def test_wal_mode(tmp_path):
    with Store(tmp_path / "s.sqlite") as st:
        assert st._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_find_thread_by_page_url(tmp_path):
    with Store(tmp_path / "s.sqlite") as st:
        st.ensure_thread("https://f/t/1", "fake", "https://f/t/1", T0)
        st.save_page("https://f/t/1", page(3, T0), [post("1", 1, "x")])
        assert st.find_thread("https://f/t/1/page-3").key == "https://f/t/1"
        assert st.find_thread("https://f/t/2") is None


def test_naive_time_refused(tmp_path):
    with Store(tmp_path / "s.sqlite") as st:
        with pytest.raises(StoreError, match="naive"):
            st.ensure_thread("k", "fake", "u", datetime(2026, 1, 1))
