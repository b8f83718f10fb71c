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


# ---- issue 8: foreign files, read-only disks, concurrent creation ----------------------------

def test_a_new_store_carries_votal_marker(tmp_path):
    from votal.scraper.store import APPLICATION_ID

    Store(tmp_path / "s.sqlite").close()
    db = sqlite3.connect(tmp_path / "s.sqlite")
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    db.close()


@pytest.mark.parametrize("user_version", [0, 1, 7])
def test_foreign_sqlite_file_is_refused_and_left_untouched(tmp_path, user_version):
    path = tmp_path / "places.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT)")
    db.execute(f"PRAGMA user_version = {user_version}")
    db.commit()
    db.close()
    before = path.read_bytes()
    for readonly in (False, True):
        with pytest.raises(StoreError, match=r"places\.sqlite: not a votal store") as e:
            Store(path, readonly=readonly)
        assert "\n" not in str(e.value)
    assert path.read_bytes() == before
    db = sqlite3.connect(path)
    assert {r[0] for r in db.execute("SELECT name FROM sqlite_master")} == {"moz_places"}
    db.close()


def test_other_application_id_is_refused(tmp_path):
    path = tmp_path / "other.db"
    db = sqlite3.connect(path)
    db.execute("PRAGMA application_id = 1234")
    db.execute("CREATE TABLE threads (x)")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="not a votal store"):
        Store(path)


def test_store_of_an_older_votal_without_marker_still_opens(tmp_path):
    path = tmp_path / "s.sqlite"
    with Store(path) as st:
        st.ensure_thread("k", "fake", "u", T0)
    db = sqlite3.connect(path)
    db.execute("PRAGMA application_id = 0")
    db.commit()
    db.close()
    with Store(path) as st:
        assert st.thread("k").engine == "fake"


def _filled_store(path):
    with Store(path) as st:
        st.ensure_thread("https://f/t/1", "fake", "https://f/t/1", T0)
        st.save_page("https://f/t/1", page(1, T0), [post("1", 1, "vote")])


def test_readonly_store_reads_and_never_writes(tmp_path):
    path = tmp_path / "ro" / "s.sqlite"
    _filled_store(path)
    before = path.read_bytes()
    path.chmod(0o444)
    path.parent.chmod(0o555)  # (as root the bits are not enforced; mode=ro still is)
    try:
        with Store(path, readonly=True) as st:
            assert [p.html for p in st.posts("https://f/t/1")] == ["vote"]
            with pytest.raises(StoreError, match="cannot write the store .read-only") as e:
                st.ensure_thread("k2", "fake", "u", T0)
            assert "damaged" not in str(e.value) and "usable" not in str(e.value)
    finally:
        path.parent.chmod(0o755)
        path.chmod(0o644)
    assert path.read_bytes() == before  # (SQLite may add its -shm index file where it can)


def test_readonly_open_of_a_wal_store_without_shm_file(tmp_path, monkeypatch):
    """A read-only disk where the -shm file cannot be created: the immutable fallback reads."""
    path = tmp_path / "s.sqlite"
    _filled_store(path)
    real = sqlite3.connect
    calls = []

    class Conn:
        def __init__(self, target, *a, **kw):
            calls.append(target)
            self._c = real(target, *a, **kw)

        def execute(self, sql, *a):
            if "immutable" not in calls[-1] and "sqlite_master" in sql:
                raise sqlite3.OperationalError("unable to open database file")
            return self._c.execute(sql, *a)

        def close(self):
            self._c.close()

    monkeypatch.setattr("votal.scraper.store.sqlite3.connect", Conn)
    st = Store(path, readonly=True)
    assert [p.html for p in st.posts("https://f/t/1")] == ["vote"]
    assert calls[-1].endswith("mode=ro&immutable=1")
    st.close()


def test_readonly_open_of_a_missing_or_empty_store(tmp_path):
    with pytest.raises(StoreError, match="no store here yet"):
        Store(tmp_path / "none.sqlite", readonly=True)
    (tmp_path / "empty.sqlite").write_bytes(b"")
    with pytest.raises(StoreError, match="empty"):
        Store(tmp_path / "empty.sqlite", readonly=True)


def test_unwritable_store_message_is_not_corruption(tmp_path, monkeypatch):
    from votal.scraper.store import store_error

    e = store_error(tmp_path / "s.sqlite", sqlite3.OperationalError(
        "attempt to write a readonly database"))
    assert "read-only" in str(e) and "damaged" not in str(e)
    assert "free some space" in str(store_error(tmp_path, sqlite3.OperationalError(
        "database or disk is full")))


def test_concurrent_creation_of_a_new_store_threads(tmp_path):
    import threading

    for round_ in range(15):
        path = tmp_path / f"new{round_}.sqlite"
        barrier = threading.Barrier(6)
        errors = []

        def create(barrier=barrier, path=path, errors=errors):
            barrier.wait()
            try:
                with Store(path) as st:
                    st.ensure_thread("k", "fake", "u", T0)
            except Exception as e:  # noqa: BLE001 — collected and asserted below
                errors.append(e)

        workers = [threading.Thread(target=create) for _ in range(6)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
        assert errors == []
        with Store(path) as st:
            assert [t.key for t in st.threads()] == ["k"]


def test_concurrent_creation_of_a_new_store_processes(tmp_path):
    import subprocess
    import sys

    code = ("import sys; from datetime import datetime, UTC; from votal.scraper.store import Store\n"
            "with Store(sys.argv[1]) as st: st.ensure_thread('k', 'f', 'u', datetime.now(UTC))\n")
    for round_ in range(3):
        path = tmp_path / f"p{round_}.sqlite"
        procs = [subprocess.Popen([sys.executable, "-c", code, str(path)],
                                  stderr=subprocess.PIPE, text=True) for _ in range(2)]
        results = [(p.wait(), p.stderr.read()) for p in procs]
        assert results == [(0, ""), (0, "")]
