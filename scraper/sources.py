"""Every form a game's posts can come from (interfaces.md §1 ``[source]``), as ``Post`` records.

``SOURCE`` is one of:

* a thread URL (``engine:URL`` forces an adapter): refreshed into the store unless ``offline``,
  then read back from the store (first-seen bodies, later versions in ``Post.versions``, C-07);
* a saved thread page (``.html``/``.htm``): engine detected from the markup;
* a saved Discourse JSON answer (``/t/slug/123.json``, ``/t/123/posts.json``: the same document
  votal reads over HTTP, issue 11);
* a folder of saved pages: every ``.html``/``.htm`` (and Discourse ``.json``) in it, in
  page-number order;
* a ``.jsonl`` of normalised posts (interfaces.md §2), or of BBCode posts (``bbcode`` field).

Relative paths are taken from ``base_dir`` (the game file's folder). Saved pages and JSONL files
also go into the store when a store is given, so an edit between two saves is kept as a second
version; without a store they are read as they are. Saved pages are kept under the thread they
name (:func:`saved_thread`: their canonical link, og:url or saved-from address, as the engine
names the thread's first page — the key an HTTP scrape of the thread has), so the same posts
read again from another file or folder, or over HTTP, are known, not new (issue 20); pages that
name no thread, and JSONL files, under the resolved file/folder path. Pages an older votal
stored under their path are merged into their thread's key when read again
(:meth:`Store.merge_thread`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from html import unescape
from pathlib import Path
from urllib.parse import urlsplit

from votal.errors import InputError, PostsFileError, ScrapeError, UnknownEngineError
from votal.scraper import engines
from votal.scraper.encoding import decode
from votal.scraper.engines import discourse
from votal.scraper.engines.base import Engine, PageInfo
from votal.scraper.fetch import (
    Progress,
    ScrapeSummary,
    error_page,
    explain_empty,
    resolve_engine,
    scrape,
    zone,
)
from votal.scraper.http import HttpClient, HttpOptions, is_challenge, is_login_wall
from votal.scraper.model import Post, empty_posts_message, read_posts_jsonl
from votal.scraper.pageclock import date_by_neighbours, page_clock
from votal.scraper.pagekind import content_kind, not_a_page
from votal.scraper.privacy import check_no_credentials, clean_url, strip_sessions
from votal.scraper.store import PageRecord, Store, body_hash, default_db_path

PAGE_SUFFIXES = (".html", ".htm")
JSON_SUFFIX = ".json"  # a saved Discourse answer



def parse_fetched_at(text: str, tz_name: str) -> datetime:
    """``--fetched-at``: an ISO time; without an offset it is in the forum's zone."""
    try:
        t = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise InputError(f"--fetched-at: not an ISO time: {text!r} "
                         "(e.g. 2026-12-01T09:41 or 2026-12-01T09:41+02:00)") from None
    return t if t.tzinfo is not None else t.replace(tzinfo=zone(tz_name))


def is_url(source: str) -> bool:
    return engines.split_forced(source)[1].startswith(("http://", "https://"))


@dataclass(frozen=True, slots=True)
class SavedPage:
    path: Path
    engine: Engine
    info: PageInfo
    posts: list[Post]
    html: str
    dated: datetime | None = None  # what its relative dates count from (None: nothing)
    dated_by: str | None = None  # "--fetched-at", or the page's own clue (pageclock.py)
    note: str = ""  # why its relative dates fixed no day, when they did not


_CANONICAL = re.compile(
    r'<link[^>]+rel=["\']canonical["\'][^>]*href=["\'](https?://[^"\']+)'
    r'|<link[^>]+href=["\'](https?://[^"\']+)["\'][^>]*rel=["\']canonical', re.I)


_OG_URL = re.compile(
    r'<meta[^>]+property=["\']og:url["\'][^>]*content=["\'](https?://[^"\']+)'
    r'|<meta[^>]+content=["\'](https?://[^"\']+)["\'][^>]*property=["\']og:url', re.I)
# what browsers write at the top of a page saved with "Save as" (the length, then the address)
_SAVED_FROM = re.compile(r"<!--\s*saved from url=\(\d+\)(https?://[^\s>]+?)\s*-->", re.I)


def saved_url(html: str) -> str | None:
    """The forum URL a saved page came from, so that threads and permalinks name the forum, not
    the file: its ``<link rel="canonical">``, else its ``og:url``, else the address a browser
    wrote when saving it (``<!-- saved from url=(0052)https://… -->``)."""
    head = html[:200_000]
    for rx in (_CANONICAL, _OG_URL, _SAVED_FROM):
        m = rx.search(head)
        if m:
            return unescape(next(g for g in m.groups() if g))
    return None


def read_saved_page(path: Path, tz_name: str, forced: str | None = None,
                    fetched_at: datetime | None = None) -> SavedPage:
    """Parse one saved page; the engine comes from the markup (or ``forced``).

    Relative dates are anchored on ``fetched_at`` (``--fetched-at``), else on the fetch time
    the page states itself (scraper/pageclock.py); else they fix no instant (review).
    """
    try:
        # <meta charset> (cp1251 boards), else UTF-8; session ids in its links dropped (issue 8)
        html = strip_sessions(decode(path.read_bytes(), None))
    except OSError as e:
        raise InputError(f"{path}: cannot read saved page ({e.strerror})") from None
    if nothing := not_a_page(html):  # an empty file, a PDF…: said so, whatever the engine
        raise InputError(f"{path}: {nothing}")
    try:
        engine = engines.get(forced) if forced else engines.for_page(html, str(path))
    except UnknownEngineError:
        if is_login_wall(html) or is_challenge(html) or error_page(html):
            # the forum's login page, an anti-bot check or an error page saved instead
            raise explain_empty(str(path), html, None) from None
        raise
    url = saved_url(html) or path.resolve().as_uri()
    tz = zone(tz_name)
    # no fetch time known: relative dates fix no day and their posts go to review (issue 11);
    # a file's modification time is no evidence (copies change it)
    clock = (fetched_at, "--fetched-at") if fetched_at else page_clock(html, tz)
    now, dated_by = clock if clock else (None, None)
    note = ""
    try:
        if now is None:  # the last clue: its absolutely dated posts may fix the day
            found = date_by_neighbours(lambda when: engine.parse_page(html, url, tz, when), tz)
            posts, now, note = found.posts, found.anchor, found.note
            dated_by = "neighbour-posts" if now is not None else None
        else:
            posts = engine.parse_page(html, url, tz, now)
    except discourse.AppShellError:  # said of the file, not of the forum URL it names
        raise explain_empty(str(path), html, engine) from None
    if not posts:
        raise explain_empty(str(path), html, engine)
    if note:
        note = (f"{path.name}: relative dates fix no day: {note}; those posts are kept for "
                "review (give --fetched-at TIME, when the page was saved)")
    return SavedPage(path, engine, engine.page_info(html, url), posts, html, now, dated_by,
                     note)


def read_saved_json(path: Path, number: int = 1) -> SavedPage:
    """A saved Discourse JSON answer (``/t/slug/123.json`` or ``posts.json``) as one page: the
    same parse as over HTTP; its times are machine times, so no zone or fetch time is needed."""
    try:
        text = strip_sessions(decode(path.read_bytes(), None))
    except OSError as e:
        raise InputError(f"{path}: cannot read saved file ({e.strerror})") from None
    if (kind := content_kind(text)) not in (None, "JSON"):  # empty, a PDF, … (issue 20)
        raise InputError(f"{path}: empty file" if kind == "empty" else
                         f"{path}: not a saved Discourse answer ({kind})")
    if '"post_stream"' not in text[:4096] and '"post_stream"' not in text:
        raise InputError(f"{path}: not a saved Discourse answer (no \"post_stream\"); votal reads "
                         "saved pages (.html/.htm), Discourse JSON and posts files (.jsonl)")
    engine = engines.get("discourse")
    url = path.resolve().as_uri()
    posts = discourse.parse_posts_json(text, url, url, link=True)
    if not posts:
        raise ScrapeError(f"{path}: this Discourse answer holds no posts")
    # the answer names no host: permalinks point into the saved file
    posts = [replace(p, url=f"{url}#post-{p.number or p.id}") for p in posts]
    return SavedPage(path, engine, PageInfo(number, None, None), posts, text)


def read_saved_folder(folder: Path, tz_name: str, fetched_at: datetime | None = None,
                      forced: str | None = None) -> list[SavedPage]:
    """Every saved page of a folder, sorted by the page number the pages print (saved
    Discourse JSON answers: by their first post's number)."""
    files = sorted(p for p in folder.iterdir() if p.suffix.lower() in PAGE_SUFFIXES)
    answers = sorted(p for p in folder.iterdir() if p.suffix.lower() == JSON_SUFFIX)
    if answers and not files:  # a topic saved through its JSON API: quotes link across answers
        pages = sorted((read_saved_json(f) for f in answers),
                       key=lambda p: (p.posts[0].number or 0, p.path.name))
        thread = pages[0].posts[0].thread
        pages = [SavedPage(p.path, p.engine, p.info, [replace(x, thread=thread) for x in p.posts],
                           p.html) for p in pages]
        linked = {x.id: x for x in discourse.link_quotes([x for p in pages for x in p.posts])}
        return [SavedPage(p.path, p.engine, PageInfo(i, None, None),
                          [linked[x.id] for x in p.posts], p.html)
                for i, p in enumerate(pages, 1)]
    if not files:
        raise InputError(f"{folder}: no saved pages (.html/.htm) in this folder")
    pages = [read_saved_page(f, tz_name, forced, fetched_at=fetched_at) for f in files]
    pages.sort(key=lambda p: (p.info.current, p.path.name))
    for a, b in zip(pages, pages[1:]):
        if a.info.current == b.info.current:
            raise InputError(f"{folder}: {a.path.name} and {b.path.name} are both page "
                             f"{a.info.current} of the thread; keep one")
    return pages


def _dedupe(posts: list[Post]) -> list[Post]:
    by_id: dict[str, Post] = {}
    for p in posts:
        by_id.setdefault(p.id, p)
    return sorted(by_id.values(), key=Post.sort_key)


# a canonical naming a board, not a thread (a misconfigured SEO plugin): never one key for the
# pages of every thread of that board
_BOARD = re.compile(r"viewforum\.php|forumdisplay\.php|[?&](?:board|showforum)=\d+"
                    r"|/forums/[^/?#]+\.\d+/?$", re.I)
_HOME = frozenset({"", "index.php", "index.html", "forum", "forums", "community", "board",
                   "boards"})


def _thread_of(page: SavedPage) -> str | None:
    """The thread a saved page names: the first-page URL its engine makes of the page's
    canonical / og:url / saved-from address (the key an HTTP scrape of that thread has), when
    that address is a thread's — not the forum's home page nor a board's."""
    named = saved_url(page.html)
    if named is None:
        return None
    thread = page.engine.thread_url(clean_url(named))
    parts = urlsplit(thread)
    if _BOARD.search(thread) or (parts.path.strip("/").lower() in _HOME and not parts.query):
        return None
    known = page.engine.matches_url(thread) or engines.for_url(thread) is not None
    return thread if known or re.search(r"\d", f"{parts.path}?{parts.query}") else None


def saved_thread(pages: list[SavedPage], where: Path) -> tuple[str | None, str]:
    """The store key of saved pages (issue 20): the thread they name (:func:`_thread_of`), so
    that the same posts read from another file or folder, or over HTTP, are known. None when no
    page names one, or when they name different threads (then the note says which)."""
    named = {t: p for p in pages if (t := _thread_of(p)) is not None}
    if len(named) <= 1:
        return next(iter(named), None), ""
    (a, pa), (b, pb) = list(named.items())[:2]
    return None, (f"{where}: its pages name different threads ({pa.path.name}: {a}; "
                  f"{pb.path.name}: {b}); stored under the folder's own name")


def store_saved(store: Store, key: str, pages: list[SavedPage], now: datetime,
                formerly: tuple[str, ...] = ()) -> ScrapeSummary:
    """Saved pages into the store under ``key`` (one transaction per page). ``formerly``: the
    keys an older votal stored the same pages under (their files' paths), merged into ``key``
    first, so that nothing stored before is lost or counted new again (issue 20)."""
    if pages:
        store.ensure_thread(key, pages[0].engine.name, key, now)
    for old in formerly:
        store.merge_thread(old, key)
    new = edited = n = 0
    for page in pages:
        record = PageRecord(page.info.current, page.path.resolve().as_uri(), now, None, None,
                            body_hash(page.html), page.html, page.dated, page.dated_by)
        r = store.save_page(key, record, page.posts)
        new, edited, n = new + r.new, edited + r.edited, n + r.posts
    store.mark_scraped(key, now)
    engine = pages[0].engine.name if pages else ""
    return ScrapeSummary(len(pages), n, new, edited, 0, key, engine,
                         notes=tuple(p.note for p in pages if p.note))


def store_jsonl(store: Store, key: str, path: Path, posts: list[Post],
                now: datetime) -> ScrapeSummary:
    """A posts JSONL into the store under ``key`` as one page."""
    store.ensure_thread(key, "jsonl", key, now)
    record = PageRecord(1, path.resolve().as_uri(), now, None, None,
                        body_hash(path.read_bytes()), None)
    r = store.save_page(key, record, posts)
    store.mark_scraped(key, now)
    return ScrapeSummary(1, r.posts, r.new, r.edited, 0, key, "jsonl")


def forced_file(source: str) -> tuple[str | None, str]:
    """``"phpbb:page.html"`` -> ``("phpbb", "page.html")``: a saved page read with a named
    engine (only a registered engine's name counts, so ``C:\\x`` stays a path)."""
    head, sep, rest = source.partition(":")
    if sep and rest and not rest.startswith("//") and head in {e.name for e in
                                                               engines.all_engines()}:
        return head, rest
    return None, source


def import_file_source(path: Path, tz_name: str, store: Store | None,
                       now: datetime, fetched_at: datetime | None = None,
                       forced: str | None = None) -> tuple[list[Post], ScrapeSummary]:
    """Read a saved page, folder or JSONL; store it when ``store`` is given; return its posts.

    ``fetched_at``: when the saved pages were fetched (anchors their relative dates);
    ``forced``: the engine named by the user (``phpbb:page.html``)."""
    key = str(path.resolve())
    if path.is_dir():
        pages = read_saved_folder(path, tz_name, fetched_at, forced)
    elif path.suffix.lower() in PAGE_SUFFIXES:
        pages = [read_saved_page(path, tz_name, forced, fetched_at=fetched_at)]
    elif path.suffix.lower() == JSON_SUFFIX:
        pages = [read_saved_json(path)]
    elif path.suffix.lower() == ".jsonl":
        posts = read_posts_jsonl(path)
        if not posts and store is not None:  # `votal scrape empty.jsonl`: nothing to store
            raise PostsFileError(f"{empty_posts_message(path)}; give the thread's posts, one "
                                 "JSON object per line (docs/formats.md)")
        if store is None:
            return posts, ScrapeSummary(1, len(posts), len(posts), 0, 0, key, "jsonl")
        summary = store_jsonl(store, key, path, posts, now)
        return store.posts(key), summary
    else:
        raise InputError(f"{path}: not a saved page (.html/.htm), a saved Discourse answer "
                         "(.json), a folder of them, or a posts file (.jsonl)")
    if store is None:
        posts = _dedupe([p for page in pages for p in page.posts])
        return posts, ScrapeSummary(len(pages), len(posts), len(posts), 0, 0, key,
                                    pages[0].engine.name)
    thread, note = saved_thread(pages, path)
    paths = (key, *(str(p.path.resolve()) for p in pages))  # what votal keyed them by before
    summary = store_saved(store, thread or key, pages, now,
                          tuple(k for k in dict.fromkeys(paths) if k != (thread or key)))
    if note:
        summary = replace(summary, notes=(*summary.notes, note))
    return store.posts(thread or key), summary


def resolve_path(source: str, base_dir: Path) -> Path:
    path = Path(source).expanduser()
    if not path.is_absolute():
        path = base_dir / path
    if not path.exists():
        raise InputError(f"{path}: no such file or folder")
    return path


def thread_key(store: Store, source: str) -> str:
    """The store key of a thread URL, without any request."""
    engine, url = resolve_engine(source)
    url = clean_url(check_no_credentials(url))
    for candidate in filter(None, (engine.thread_url(url) if engine else None, url)):
        rec = store.find_thread(candidate)
        if rec is not None and store.last_page(rec.key) is not None:
            return rec.key
    raise not_stored(source)


def not_stored(source: str) -> ScrapeError:
    url = resolve_engine(source)[1]
    return ScrapeError(f"{url}: this thread is not in the store yet; run `votal scrape {source}` "
                       "first (tally, history, chart, report and audit without --offline also "
                       "fetch it)")


@dataclass(frozen=True, slots=True)
class Network:
    """The network options of every command that refreshes a thread (``--cookies``, ``--rate``,
    ``--concurrency``), plus where progress and retry lines go (the CLI: stderr)."""

    options: HttpOptions = HttpOptions()
    cookies: Path | None = None
    progress: Progress | None = None
    notify: Callable[[str], None] | None = None


def refresh(source: str, *, store: Store, timezone: str, net: Network = Network(),
            full: bool = False, recheck_since: datetime | None = None,
            client_factory: Callable[..., HttpClient] = HttpClient) -> ScrapeSummary:
    """A thread URL fetched (or its new pages) into ``store`` through the one :class:`Network`
    of the command (its options, cookies, progress and retry lines, passed whole)."""
    extra = {"notify": net.notify} if net.notify is not None else {}  # factories without it work on
    with client_factory(net.options, cookies=net.cookies, **extra) as client:
        return scrape(source, store=store, client=client, timezone=timezone, full=full,
                      progress=net.progress, recheck_since=recheck_since)


def recheck(source: str, *, db: Path | None, timezone: str, since: datetime,
            net: Network = Network()) -> ScrapeSummary | None:
    """Ask again (conditionally: unchanged pages answer 304) every page of a thread URL that holds
    posts from ``since`` on, so that edits there are stored as new versions (C-07); None for a
    file source. ``tally`` does it for the day it counts (issue 8)."""
    if not is_url(source):
        return None
    with Store(db or default_db_path()) as store:
        try:
            key = thread_key(store, source)
        except ScrapeError:
            return None  # not stored: the refresh before read it whole, or failed
        first = store.first_page_since(key, since)
        if first is None or max(1, first - 1) >= (store.last_page(key) or 1):
            return None  # the refresh before asked the last page: nothing earlier holds the day
        return refresh(source, store=store, timezone=timezone, net=net, recheck_since=since)


def source_posts(source: str, *, base_dir: Path, db: Path | None, timezone: str,
                 offline: bool, net: Network = Network()) -> list[Post]:
    """The posts of ``source`` in thread order (see the module docstring).

    A URL uses the store at ``db`` (default: :func:`default_db_path`); a file source uses the
    store only when ``db`` is given.
    """
    zone(timezone)
    now = datetime.now(UTC)
    if is_url(source):
        # --offline only reads: the store is opened read-only (works on a read-only disk)
        db = db or default_db_path()
        if offline and not Path(db).is_file():
            raise not_stored(source)
        with Store(db, readonly=offline) as store:
            if offline:
                key = thread_key(store, source)
            else:
                key = refresh(source, store=store, timezone=timezone, net=net).thread
            return store.posts(key)
    path = resolve_path(source, base_dir)
    if db is None:
        return import_file_source(path, timezone, None, now)[0]
    with Store(db) as store:
        return import_file_source(path, timezone, store, now)[0]


def scrape_source(source: str, *, db: Path, timezone: str, full: bool = False,
                  net: Network = Network(), base_dir: Path | None = None,
                  fetched_at: datetime | None = None) -> tuple[ScrapeSummary, list[Post]]:
    """``votal scrape``: any source into the store at ``db``; the thread's posts read back.

    ``net``: the command's network options, passed whole. ``fetched_at``
    (``--fetched-at``) dates saved pages; a thread fetched over HTTP is dated by the server's
    answer, so it is refused there."""
    zone(timezone)
    if fetched_at is not None and is_url(source):
        raise InputError("--fetched-at is for saved pages: a thread fetched over HTTP is dated "
                         "by the server's answer")
    with Store(db) as store:
        if is_url(source):
            summary = refresh(source, store=store, timezone=timezone, net=net, full=full)
            return summary, store.posts(summary.thread)
        forced, rest = forced_file(source)
        path = resolve_path(rest, base_dir or Path.cwd())
        posts, summary = import_file_source(path, timezone, store, datetime.now(UTC),
                                            fetched_at, forced)
        for note in summary.notes:  # (a URL's notes were said while it was fetched)
            if net.notify is not None:
                net.notify(note)
        return summary, posts
