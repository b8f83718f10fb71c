"""The local store: the ONLY module that writes SQLite (style.md).

Where it lives (first that applies): ``--db PATH``; ``$VOTAL_DB``; ``$XDG_DATA_HOME/votal/votal.sqlite``;
``~/.local/share/votal/votal.sqlite``.

A votal store is marked ``PRAGMA application_id = 0x766F7461`` ("vota") and carries its schema
version in ``PRAGMA user_version``; a newer schema is refused with StoreError, and so is any other
application's SQLite file (votal never adds its tables to a foreign database). Schema creation is
one ``BEGIN IMMEDIATE`` transaction with ``IF NOT EXISTS``, so two scrapes creating the same new
store at once both succeed. ``Store(path, readonly=True)`` (every ``--offline`` read) opens the file
``mode=ro`` and never writes, so a store on a read-only disk can still be read.

Tables:

* ``threads``  one row per thread, keyed by its canonical first-page URL — also for saved pages,
  by the thread they name (issue 20; an older votal keyed them by their path, merged into the
  thread's key when they are read again: :meth:`Store.merge_thread`) — or, for posts files and
  saved pages that name no thread, the resolved path of the file/folder.
* ``pages``    one row per thread page: URL, page number, fetch time, ETag / Last-Modified, the
  sha256 of the body and the body itself (zlib) so a 304 answer can be re-read without a request.
  A page row is a cache of the latest fetch of that page; posts and versions are the record.
  ``dated`` / ``dated_by`` (schema 3, issue 11): the moment the stored body's relative dates
  ("Today, 09:41") count from and what said so (``http-date``: the answer's ``Date``;
  ``local-clock``: the answer had none; ``--fetched-at``; a page clue such as ``singlefile``), so
  that the body re-read from the store (a 304 answer) gives the same times. A 304 moves
  ``fetched`` only: the body, and so its dating, are the first answer's. NULL in a page stored by
  an older votal: its ``fetched`` is all there is.
* ``posts``    one row per post with what the forum said when votal first saw it (never updated,
  except to complete what a first reading lacked: a post stored without its time, ``time`` ''
  and ``problems`` "time", gets the time a later reading found; schema 2, issue 11).
* ``post_versions``  every distinct body of a post with the time votal first saw it. Nothing is
  ever overwritten or deleted: an edit made after a deadline stays visible (rules.md C-07).

Each page is saved in one transaction, so an interrupted scrape keeps every page it finished.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import time
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from votal.errors import StoreError
from votal.scraper.model import Post, PostVersion, shared_offset

SCHEMA_VERSION = 3
# how a store gets its threads, for any command that found none (watch and archive read the
# store without an --offline option to drop: issue 20)
FILL_HINT = ("run `votal scrape URL` first (tally, history, chart, report and audit without "
             "--offline also fetch their game's thread into it)")
APPLICATION_ID = 0x766F7461  # "vota"
_TABLES = frozenset({"threads", "pages", "posts", "post_versions"})

_SCHEMA = """
CREATE TABLE IF NOT EXISTS threads (
    key TEXT PRIMARY KEY, engine TEXT NOT NULL, url TEXT NOT NULL,
    first_seen TEXT NOT NULL, last_scraped TEXT
);
CREATE TABLE IF NOT EXISTS pages (
    thread TEXT NOT NULL REFERENCES threads(key), number INTEGER NOT NULL, url TEXT NOT NULL,
    fetched TEXT NOT NULL, etag TEXT, last_modified TEXT, hash TEXT NOT NULL, body BLOB,
    dated TEXT, dated_by TEXT,
    PRIMARY KEY (thread, number)
);
CREATE INDEX IF NOT EXISTS pages_url ON pages(url);
CREATE TABLE IF NOT EXISTS posts (
    thread TEXT NOT NULL REFERENCES threads(key), id TEXT NOT NULL, number INTEGER,
    thread_url TEXT NOT NULL, url TEXT NOT NULL, author TEXT NOT NULL, author_id TEXT,
    time TEXT NOT NULL, page INTEGER, first_seen TEXT NOT NULL,
    problems TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (thread, id)
);
CREATE TABLE IF NOT EXISTS post_versions (
    thread TEXT NOT NULL, post_id TEXT NOT NULL, seq INTEGER NOT NULL, seen TEXT NOT NULL,
    edited TEXT, hash TEXT NOT NULL, html TEXT NOT NULL,
    PRIMARY KEY (thread, post_id, seq),
    FOREIGN KEY (thread, post_id) REFERENCES posts(thread, id)
);
"""


def default_db_path() -> Path:
    """The documented default location of the store (see the module docstring)."""
    if os.environ.get("VOTAL_DB"):
        return Path(os.environ["VOTAL_DB"]).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base).expanduser() / "votal" / "votal.sqlite"


def body_hash(body: str | bytes) -> str:
    data = body.encode("utf-8") if isinstance(body, str) else body
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True, slots=True)
class ThreadRecord:
    key: str
    engine: str
    url: str
    first_seen: datetime
    last_scraped: datetime | None


@dataclass(frozen=True, slots=True)
class PageRecord:
    """One fetched page as stored (``body`` is the decoded HTML, or None when not kept)."""

    number: int
    url: str
    fetched: datetime
    etag: str | None
    last_modified: str | None
    hash: str
    body: str | None
    dated: datetime | None = None  # what the body's relative dates count from (schema 3)
    dated_by: str | None = None  # what said so: "http-date", "local-clock", "--fetched-at", …


@dataclass(frozen=True, slots=True)
class SaveResult:
    posts: int
    new: int
    edited: int


def _iso(t: datetime | None) -> str | None:
    if t is None:
        return None
    if t.tzinfo is None:
        raise StoreError(f"naive datetime {t} cannot be stored")
    return t.isoformat()


def _dt(s: str | None) -> datetime | None:
    return shared_offset(datetime.fromisoformat(s)) if s else None


def _dt_set(s: str) -> datetime:
    """A time from a NOT NULL column, which only ever holds _iso() of a datetime."""
    return shared_offset(datetime.fromisoformat(s))


class Store:
    """A SQLite store of threads, pages, posts and post versions (use as a context manager)."""

    last_opened: Path | None = None

    def __init__(self, path: Path | str, *, readonly: bool = False):
        self.path = Path(path)
        Store.last_opened = self.path  # named by the CLI when SQLite finds the file damaged later
        self.readonly = readonly
        try:
            if readonly:
                self._db = self._open_readonly()
                self._check_marker(self._db)
            else:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._db = sqlite3.connect(self.path, isolation_level=None,
                                           check_same_thread=False, timeout=30.0)
                _while_busy(lambda: self._check_marker(self._db))
                _while_busy(self._migrate)
                # switching to WAL takes a lock SQLite's busy handler does not wait for
                _while_busy(lambda: self._db.execute("PRAGMA journal_mode=WAL"))
                self._db.execute("PRAGMA foreign_keys=ON")
        except sqlite3.Error as e:
            raise store_error(self.path, e) from None
        except OSError as e:
            raise StoreError(f"{self.path}: cannot open the store ({e.strerror})") from None

    def _open_readonly(self) -> sqlite3.Connection:
        """``mode=ro``; on a read-only disk a WAL store may lack its -shm file and cannot be
        created: then ``immutable=1`` (nobody can write a read-only disk anyway)."""
        if not self.path.is_file():
            raise StoreError(f"{self.path}: no store here yet; {FILL_HINT}")
        uri = self.path.resolve().as_uri()
        for query in ("?mode=ro", "?mode=ro&immutable=1"):
            db = sqlite3.connect(uri + query, uri=True, isolation_level=None,
                                 check_same_thread=False, timeout=30.0)
            try:
                db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
                return db
            except sqlite3.OperationalError:
                db.close()
                if query.endswith("immutable=1"):
                    raise
        raise AssertionError("unreachable")

    def _check_marker(self, db: sqlite3.Connection) -> None:
        """Refuse another application's SQLite file, a schema too new, an empty read-only store."""
        app = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = {r[0] for r in db.execute(
            "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'")}
        ours = app == APPLICATION_ID or (app == 0 and (
            _TABLES <= tables if version else tables <= _TABLES))
        if not ours:
            raise StoreError(f"{self.path}: not a votal store (another application's SQLite "
                             "database); votal leaves it untouched: give --db another path")
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path}: store schema version {version} is newer than this votal "
                f"understands ({SCHEMA_VERSION}); upgrade votal")
        if self.readonly and version == 0:
            raise StoreError(f"{self.path}: the store is empty; {FILL_HINT}")
        # schema 2 differs only by the pages' dating (NULL in it): read as it is, not refused
        self._dating = version >= 3 or not self.readonly
        if self.readonly and version < 2:
            raise StoreError(f"{self.path}: the store was made by an older votal; open it once "
                             "where it is writable to upgrade it (`votal scrape URL`, or tally, "
                             "history, chart, report or audit without --offline)")

    def _migrate(self) -> None:
        """Create or upgrade the schema once, atomically: concurrent openers wait on BEGIN
        IMMEDIATE and find it done."""
        if self._db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION:
            return
        self._db.execute("BEGIN IMMEDIATE")
        try:
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            if version == 0:
                self._check_marker(self._db)  # nobody else created something else meanwhile
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        self._db.execute(statement)
            if version == 1:  # schema 2: posts read only in part (issue 11)
                self._db.execute("ALTER TABLE posts ADD COLUMN problems TEXT NOT NULL DEFAULT ''")
            if 1 <= version <= 2:  # schema 3: what a stored body's dates count from (issue 11)
                self._db.execute("ALTER TABLE pages ADD COLUMN dated TEXT")
                self._db.execute("ALTER TABLE pages ADD COLUMN dated_by TEXT")
            if version < SCHEMA_VERSION:
                self._db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise

    def _tx(self):
        return _Transaction(self._db, self.path)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ---- threads -------------------------------------------------------------------------

    def ensure_thread(self, key: str, engine: str, url: str, now: datetime) -> ThreadRecord:
        with self._tx():
            self._db.execute(
                "INSERT OR IGNORE INTO threads(key, engine, url, first_seen) VALUES (?,?,?,?)",
                (key, engine, url, _iso(now)))
        rec = self.thread(key)
        assert rec is not None
        return rec

    def thread(self, key: str) -> ThreadRecord | None:
        row = self._db.execute(
            "SELECT key, engine, url, first_seen, last_scraped FROM threads WHERE key=?",
            (key,)).fetchone()
        if row is None:
            return None
        return ThreadRecord(row[0], row[1], row[2], _dt_set(row[3]), _dt(row[4]))

    def find_thread(self, url: str) -> ThreadRecord | None:
        """The thread whose key, first-page URL or any stored page URL is ``url``."""
        row = self._db.execute(
            "SELECT key FROM threads WHERE key=? OR url=? UNION "
            "SELECT thread FROM pages WHERE url=? LIMIT 1", (url, url, url)).fetchone()
        return self.thread(row[0]) if row else None

    def threads(self) -> list[ThreadRecord]:
        keys = [r[0] for r in self._db.execute("SELECT key FROM threads ORDER BY key")]
        return [t for k in keys if (t := self.thread(k)) is not None]

    def merge_thread(self, old: str, into: str) -> bool:
        """Move everything stored under the thread key ``old`` to ``into``, in one transaction
        (issue 20: saved pages an older votal keyed by their file's path belong to the thread
        they name). Nothing is lost: a post known under both keeps every distinct body, in the
        order votal first saw them (C-07), and the row of its first reading; a page number known
        under both keeps ``into``'s row (a page row is a cache of the latest fetch). False when
        there was nothing under ``old``."""
        if old == into or self.thread(old) is None:
            return False
        with self._tx():
            self._db.execute("PRAGMA defer_foreign_keys = ON")  # children move before parents
            self._db.execute(
                "INSERT OR IGNORE INTO threads(key, engine, url, first_seen, last_scraped) "
                "SELECT ?, engine, ?, first_seen, last_scraped FROM threads WHERE key=?",
                (into, into, old))
            self._db.execute("UPDATE threads SET first_seen = MIN(first_seen, (SELECT first_seen "
                             "FROM threads WHERE key=?)) WHERE key=?", (old, into))
            self._db.execute("UPDATE OR IGNORE pages SET thread=? WHERE thread=?", (into, old))
            self._db.execute("DELETE FROM pages WHERE thread=?", (old,))
            both = [r[0] for r in self._db.execute(
                "SELECT id FROM posts WHERE thread=? AND id IN (SELECT id FROM posts WHERE "
                "thread=?)", (old, into))]
            for post_id in both:
                self._merge_post(old, into, post_id)
            self._db.execute("UPDATE post_versions SET thread=? WHERE thread=?", (into, old))
            self._db.execute("UPDATE posts SET thread=? WHERE thread=?", (into, old))
            self._db.execute("DELETE FROM threads WHERE key=?", (old,))
        return True

    def _merge_post(self, old: str, into: str, post_id: str) -> None:
        """One post known under both keys: its distinct bodies under ``into`` in first-seen
        order, the earlier reading's row kept (what the forum said when votal first saw it)."""
        rows = self._db.execute(
            "SELECT thread, seen, edited, hash, html FROM post_versions WHERE post_id=? AND "
            "thread IN (?, ?) ORDER BY seen, thread = ?, seq", (post_id, old, into, old)).fetchall()
        first: dict[str, tuple] = {}
        for row in rows:
            first.setdefault(row[3], row)
        firsts = {t: self._db.execute("SELECT first_seen FROM posts WHERE thread=? AND id=?",
                                      (t, post_id)).fetchone()[0] for t in (old, into)}
        if firsts[old] < firsts[into]:  # the old key's reading came first: it is the record
            self._db.execute("DELETE FROM posts WHERE thread=? AND id=?", (into, post_id))
            self._db.execute("UPDATE posts SET thread=? WHERE thread=? AND id=?",
                             (into, old, post_id))
        else:
            self._db.execute("DELETE FROM posts WHERE thread=? AND id=?", (old, post_id))
        self._db.execute("DELETE FROM post_versions WHERE post_id=? AND thread IN (?, ?)",
                         (post_id, old, into))
        for seq, (_, seen, edited, h, html) in enumerate(first.values()):
            self._db.execute(
                "INSERT INTO post_versions(thread, post_id, seq, seen, edited, hash, html) "
                "VALUES (?,?,?,?,?,?,?)", (into, post_id, seq, seen, edited, h, html))

    def mark_scraped(self, key: str, now: datetime) -> None:
        with self._tx():
            self._db.execute("UPDATE threads SET last_scraped=? WHERE key=?", (_iso(now), key))

    # ---- pages ---------------------------------------------------------------------------

    def last_page(self, key: str) -> int | None:
        row = self._db.execute("SELECT MAX(number) FROM pages WHERE thread=?", (key,)).fetchone()
        return row[0]

    def last_fetched_page(self, key: str) -> int | None:
        """The last page fetched over HTTP: where a scrape resumes. A saved page (stored with
        its file's URL) is no such point: the pages before it may never have been read."""
        row = self._db.execute("SELECT MAX(number) FROM pages WHERE thread=? AND (url LIKE "
                               "'http://%' OR url LIKE 'https://%')", (key,)).fetchone()
        return row[0]

    def page(self, key: str, number: int) -> PageRecord | None:
        row = self._db.execute(
            "SELECT number, url, fetched, etag, last_modified, hash, body, "
            + ("dated, dated_by" if self._dating else "NULL, NULL")
            + " FROM pages WHERE thread=? AND number=?", (key, number)).fetchone()
        if row is None:
            return None
        body = zlib.decompress(row[6]).decode("utf-8") if row[6] is not None else None
        return PageRecord(row[0], row[1], _dt_set(row[2]), row[3], row[4], row[5], body,
                          _dt(row[7]), row[8])

    def first_page_since(self, key: str, since: datetime) -> int | None:
        """The first stored page holding a post made at ``since`` or later."""
        pages = [page for page, t in self._db.execute(
            "SELECT page, time FROM posts WHERE thread=? AND page IS NOT NULL AND time != ''",
            (key,)) if _dt_set(t) >= since]  # (a post whose time was not read has time '')
        return min(pages, default=None)

    def page_numbers(self, key: str) -> list[int]:
        return [r[0] for r in self._db.execute(
            "SELECT number FROM pages WHERE thread=? ORDER BY number", (key,))]

    def touch_page(self, key: str, number: int, fetched: datetime) -> None:
        """A 304 answer: the page is unchanged; only its fetch time moves."""
        with self._tx():
            self._db.execute("UPDATE pages SET fetched=? WHERE thread=? AND number=?",
                             (_iso(fetched), key, number))

    def save_page(self, key: str, page: PageRecord, posts: Iterable[Post]) -> SaveResult:
        """Store one page and its posts in ONE transaction; returns how many posts were new/edited.

        C-07: a body that differs from every stored version of the post is added as a new
        version; nothing already stored changes.
        """
        seen = page.fetched
        body = zlib.compress(page.body.encode("utf-8"), 6) if page.body is not None else None
        n = new = edited = 0
        with self._tx():
            self._db.execute(
                "INSERT INTO pages(thread, number, url, fetched, etag, last_modified, hash, body, "
                "dated, dated_by) VALUES (?,?,?,?,?,?,?,?,?,?) ON CONFLICT(thread, number) DO "
                "UPDATE SET url=excluded.url, fetched=excluded.fetched, etag=excluded.etag, "
                "last_modified=excluded.last_modified, hash=excluded.hash, body=excluded.body, "
                "dated=excluded.dated, dated_by=excluded.dated_by",
                (key, page.number, page.url, _iso(seen), page.etag, page.last_modified,
                 page.hash, body, _iso(page.dated), page.dated_by))
            for post in posts:
                n += 1
                outcome = self._save_post(key, post, page.number, seen)
                new += outcome == "new"
                edited += outcome == "edited"
        return SaveResult(n, new, edited)

    def _save_post(self, key: str, post: Post, page: int | None, seen: datetime) -> str:
        h = body_hash(post.html)
        cur = self._db.execute(
            "INSERT OR IGNORE INTO posts(thread, id, number, thread_url, url, author, author_id, "
            "time, page, first_seen, problems) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (key, post.id, post.number, post.thread or key, post.url, post.author, post.author_id,
             _iso(post.time) or "", page, _iso(seen), ",".join(post.problems)))
        if cur.rowcount:
            self._add_version(key, post, 0, h, seen)
            return "new"
        self._complete(key, post)
        known = self._db.execute(
            "SELECT 1 FROM post_versions WHERE thread=? AND post_id=? AND hash=?",
            (key, post.id, h)).fetchone()
        if known:
            return "same"
        seq = self._db.execute(
            "SELECT COALESCE(MAX(seq), -1) + 1 FROM post_versions WHERE thread=? AND post_id=?",
            (key, post.id)).fetchone()[0]
        self._add_version(key, post, seq, h, seen)
        return "edited"

    def _complete(self, key: str, post: Post) -> None:
        """A later reading fills what the stored one lacked (never changes what was read)."""
        row = self._db.execute("SELECT author, time, problems FROM posts WHERE thread=? AND id=?",
                               (key, post.id)).fetchone()
        if row is None or not row[2]:
            return
        lacking = set(row[2].split(","))
        author = post.author if "author" in lacking and "author" not in post.problems else row[0]
        time = _iso(post.time) if "time" in lacking and post.time is not None else row[1]
        # "body" stays: the body a later reading found is a later version, read back as the body
        still = [p for p in row[2].split(",")
                 if not (p == "author" and author) and not (p == "time" and time)]
        self._db.execute("UPDATE posts SET author=?, time=?, problems=? WHERE thread=? AND id=?",
                         (author, time, ",".join(still), key, post.id))

    def _add_version(self, key: str, post: Post, seq: int, h: str, seen: datetime) -> None:
        self._db.execute(
            "INSERT INTO post_versions(thread, post_id, seq, seen, edited, hash, html) "
            "VALUES (?,?,?,?,?,?,?)",
            (key, post.id, seq, _iso(seen), _iso(post.edited), h, post.html))

    # ---- reading back --------------------------------------------------------------------

    def posts(self, key: str) -> list[Post]:
        """The thread's posts in thread order: first-seen body as ``html``, later ones in
        ``versions`` (C-07); ``edited`` is the forum's latest "last edited" time seen."""
        versions: dict[str, list[tuple]] = {}
        for row in self._db.execute(
                "SELECT post_id, seen, edited, html FROM post_versions WHERE thread=? "
                "ORDER BY post_id, seq", (key,)):
            versions.setdefault(row[0], []).append(row[1:])
        out = []
        for row in self._db.execute(
                "SELECT id, number, thread_url, url, author, author_id, time, problems FROM posts "
                "WHERE thread=?", (key,)):
            vs = versions.get(row[0]) or [(None, None, "")]
            edited = next((_dt(v[1]) for v in reversed(vs) if v[1]), None)
            problems = tuple(row[7].split(",")) if row[7] else ()
            html, later = vs[0][2], vs[1:]
            if "body" in problems and not html and later:  # the body a later reading found
                html, later, problems = later[0][2], later[1:], tuple(
                    p for p in problems if p != "body")
            out.append(Post(
                id=row[0], number=row[1], thread=row[2], url=row[3], author=row[4],
                author_id=row[5], time=_dt(row[6]), edited=edited, html=html,
                versions=tuple(PostVersion(_dt_set(v[0]), v[2]) for v in later),
                problems=problems))
        return sorted(out, key=Post.sort_key)


def _while_busy(step, attempts: int = 200, pause: float = 0.05):
    """Run ``step`` again while another connection holds a lock SQLite does not wait for
    (a concurrent schema creation or journal-mode switch): at most ~10 s."""
    for attempt in range(attempts):
        try:
            return step()
        except sqlite3.OperationalError as e:
            low = str(e).lower()
            if attempt == attempts - 1 or not ("locked" in low or "busy" in low):
                raise
            time.sleep(pause)


def store_error(path: Path | str, e: sqlite3.Error) -> StoreError:
    """One accurate line for a SQLite failure: read-only, locked, full, or not a store."""
    text = str(e)
    low = text.lower()
    if "readonly" in low or "read-only" in low or "unable to open" in low:
        return StoreError(f"{path}: cannot write the store (read-only disk or no write "
                          "permission); tally, history, chart, report and audit read it with "
                          "--offline; to write, give --db a writable path")
    if "locked" in low or "busy" in low:
        return StoreError(f"{path}: the store is busy (another votal is writing it); try again")
    if "not a database" in low or "malformed" in low or "corrupt" in low:
        return StoreError(f"{path}: not a usable votal store (not SQLite, or damaged: {text}); "
                          "give another --db, or move the file away and scrape again")
    hint = "; free some space and run again" if "full" in low else ""
    return StoreError(f"{path}: the store refused a write ({text}){hint}; what was stored "
                      "before is kept")


class _Transaction:
    """BEGIN IMMEDIATE … COMMIT, or ROLLBACK on any exception (KeyboardInterrupt included).

    A SQLite failure inside (read-only disk, full disk, locked) becomes one StoreError line
    naming the store: the transaction is rolled back, so what earlier ones stored is kept."""

    def __init__(self, db: sqlite3.Connection, path: Path | str = "the store"):
        self._db, self._path = db, path

    def __enter__(self) -> None:
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as e:
            raise store_error(self._path, e) from None

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None:
            try:
                self._db.execute("COMMIT")
            except sqlite3.Error as e:
                self._rollback()
                raise store_error(self._path, e) from None
            return
        self._rollback()
        if isinstance(exc, sqlite3.Error):
            raise store_error(self._path, exc) from None

    def _rollback(self) -> None:
        if self._db.in_transaction:  # SQLite already rolled back after some errors (SQLITE_FULL)
            self._db.execute("ROLLBACK")
