"""Incremental scrape of one thread into the store (interfaces.md §4 ``votal scrape``).

The engine is chosen by an ``engine:URL`` prefix, else by the store (a thread scraped before keeps
its engine), else by URL pattern, else by the markup of the first page fetched. A URL-pattern
match is confirmed on the first page: markup the engine does not recognise falls back to markup
detection, and a page no engine recognises is NotAThreadError naming the URL.
Pages are walked with the adapter's ``page_info``/``page_url``: the run keeps the last page's
``PageInfo`` and hands it to ``page_url`` (offset-paged engines need the page size it read), so
nothing is shared between threads; a page already stored is asked again at its stored URL.

Re-running on a known thread starts from the last stored page (conditional GET with the stored
ETag / Last-Modified; a 304 is re-read from the stored body), so an unchanged thread of any length
costs one request (a thread first found from its markup keeps its engine in the store).
``full=True`` walks every page again (still conditionally), which catches edits on earlier pages
(C-07).
An engine that declares its own fetch strategy (``Engine.api``, a ``PostStreamApi``: Discourse)
is fetched through it: the topic answer gives every post id, only the ids not stored yet are
asked.
Every page is stored in its own transaction as soon as it is read: an interrupted scrape keeps
what it finished and the next run resumes from there.

Bounded (issue 8): a page whose posts were all read on another page of this run (a forum, cache
or SEO plugin that answers page 1 for every page number, or clamps page N+1 to N) ends the walk
with a note, and is not stored, so page 1's stored URL is never overwritten. One run visits at most
the pages the first pagination announced plus a margin (``_margin``), or ``MAX_PAGES`` where no
last page is announced; a thread that keeps growing past that is continued by the next run.
``recheck_since`` (what ``tally`` asks for the day it counts) starts the walk one page before the
first stored page holding a post of that moment or later, so edits there are seen (304s are
cheap); ``ScrapeSummary.unchecked`` says which earlier pages were not asked again.
A page that gives no posts is an error naming it (``explain_empty``), on any page of the walk,
save one case: the stored page a re-run starts from, emptied by deletions, whose own pagination
now ends before it; the run says so in a note and reads from the new last page.

Dated by the server (issue 11): a page's relative dates ("Today, 09:41", "Χθες στις 20:04",
"5 minutes ago") count from the answer's ``Date`` header (RFC 9110 §6.6.1, parsed by
``http.http_date``), not from this computer's clock, which may be hours or days off. The moment
and its source are stored with the page (``PageRecord.dated``/``dated_by``), so a body re-read
from the store (a 304) gives the same times. An answer without a usable ``Date`` is dated by the
local clock, and the run says so once (a note) when the page holds relative dates.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from votal.errors import (
    ChallengeError,
    InputError,
    LoginWallError,
    NotAThreadError,
    UnknownEngineError,
)
from votal.scraper import engines
from votal.scraper.engines.base import Engine, PageInfo, PostStreamApi
from votal.scraper.http import HttpClient, Response, is_challenge, is_login_wall
from votal.scraper.model import Post
from votal.scraper.pagekind import not_a_page
from votal.scraper.privacy import check_no_credentials, clean_url
from votal.scraper.store import PageRecord, Store, body_hash

Progress = Callable[[int, "int | None"], None]
MAX_PAGES = 5000  # one run's bound when the pages announce no last page


def _margin(span: int) -> int:
    """Pages a run may visit beyond the ``span`` announced when it began (the thread grows)."""
    return 10 + span // 10


class _Repeat(Exception):
    """A page that holds only posts already read on another page of this run."""


class _Shrunk(Exception):
    """The stored page a run starts from now gives no posts, and its own pagination ends
    before it: posts were deleted and the thread is shorter now (its ``last`` page)."""

    def __init__(self, last: int) -> None:
        super().__init__(last)
        self.last = last


@dataclass(frozen=True, slots=True)
class ScrapeSummary:
    pages: int  # pages read this run (fetched, or answered 304 and re-read from the store)
    posts: int  # posts on those pages
    new: int  # posts never stored before
    edited: int  # posts whose body differs from every stored version (a new version was kept)
    requests: int  # HTTP requests sent, retries included
    thread: str = ""  # the store's key of the thread
    engine: str = ""
    unchecked: int = 0  # pages 1..unchecked were stored before and not asked again this run
    # why the walk stopped early, when it did; relative dates counted from the local clock
    notes: tuple[str, ...] = ()

    def line(self) -> str:
        def n(count: int, word: str) -> str:
            return f"{count} {word}{'' if count == 1 else 's'}"

        text = (f"{n(self.pages, 'page')}, {n(self.posts, 'post')}, {self.new} new, "
                f"{self.edited} edited ({n(self.requests, 'request')})")
        if self.unchecked:
            pages = "page 1" if self.unchecked == 1 else f"pages 1–{self.unchecked}"
            text += f"; {pages} not rechecked for edits (--full rechecks them)"
        return text


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):   # OSError: a name too long for a file
        shown = name if len(name) <= 60 else name[:60] + "…"
        raise InputError(f"unknown time zone '{shown}' (use an IANA name like Europe/Athens)") \
            from None


def check_url(url: str) -> str:
    """``url`` when it is a URL votal can request, else an InputError naming it (issue 8)."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises on a port that is not a number
        if not parts.hostname:
            raise ValueError("no host name")
    except ValueError as e:
        raise InputError(f"{url}: not a valid URL ({e})") from None
    return url


def resolve_engine(source: str) -> tuple[Engine | None, str]:
    """The engine a URL names (forced prefix or URL pattern) without fetching, and the bare URL."""
    forced, url = engines.split_forced(source)
    check_url(url)
    if forced:
        return engines.get(forced), url
    return engines.for_url(url), url


def explain_empty(url: str, html: str, engine: Engine | None) -> Exception:
    """Why a page gave no posts: a login wall, no page at all (an empty file, a PDF: issue 20),
    or not a thread page."""
    online = url.startswith(("http://", "https://"))
    if engine is not None and (own := engine.why_empty(html, url)) is not None:
        return own
    if is_challenge(html):   # (a live answer's is refused by HttpClient before this)
        return ChallengeError(f"{url}: an anti-bot check (Cloudflare or alike) saved instead of "
                              "the thread: open the thread in a browser, wait until its posts "
                              "show, and save the page again")
    if (error := error_page(html)) is not None:
        return NotAThreadError(f"{url}: the forum's error page ({error!r}), not the thread: "
                               + ("saved from a wrong or deleted link? save the thread page "
                                  "again" if not online else "is the link right?"))
    if is_login_wall(html):
        if not online:  # cookies do nothing for a saved file (issue 20: advice that works)
            return LoginWallError(f"{url}: a login page, not the thread (saved while logged "
                                  "out?): log in, save the thread page again, or scrape its URL "
                                  "with --cookies FILE")
        return LoginWallError(f"{url}: the forum asks for a login to read this thread; export "
                              "your browser cookies and pass them with --cookies FILE")
    if nothing := not_a_page(html, "answer" if online else "file"):
        return NotAThreadError(f"{url}: {nothing}")
    what = f"a {engine.label or engine.name} thread page" if engine else "a forum thread page"
    return NotAThreadError(f"{url}: not {what} (no posts found)")


_TITLE = re.compile(r"<title[^>]*>([^<]{1,200})</title>", re.I)
_ERROR_TITLE = re.compile(
    r"(?:error|http|errore|σφάλμα|ошибка)?\W*(?:40[34]|410|50[0234])\b"
    r"|.*\b(?:not found|forbidden|internal server error|service unavailable|bad gateway)\b",
    re.I)


def error_page(html: str) -> str | None:
    """The title of a web server's or forum's error page ("404 Not Found", "Error 503"), or
    None: said instead of "no engine recognises this page" when such a page was saved or served
    as the thread (only asked of a page that gave no posts)."""
    m = _TITLE.search(html[:20_000])
    title = " ".join(m.group(1).split()) if m else ""
    return title if title and _ERROR_TITLE.match(title) else None


def scrape(url: str, *, store: Store, client: HttpClient, timezone: str, full: bool = False,
           progress: Progress | None = None,
           now: Callable[[], datetime] | None = None,
           recheck_since: datetime | None = None) -> ScrapeSummary:
    """Fetch a thread (or its new pages) into ``store``; see the module docstring."""
    run = _ScrapeRun(store=store, client=client, tz=zone(timezone), progress=progress,
                     now=now or (lambda: datetime.now(UTC)), requests0=client.requests,
                     recheck_since=recheck_since)
    forced = engines.split_forced(url)[0] is not None
    engine, url = resolve_engine(url)
    url = clean_url(check_no_credentials(url))  # never sent, stored or printed (issue 8)
    first: Response | None = None
    if not forced:  # a thread scraped before: its engine is known, no request to find it
        known, known_url = _known_engine(store, url, engine)
        if known is not None:
            engine, url = known, known_url
        elif engine is not None and engine.api is None:
            # a new thread whose URL looks like an engine's: its page must look like one too
            first = client.get(engine.thread_url(url))
            confirmed = confirm_engine(engine, first, url)
            # the answer to the request page 1 would have made: stored as page 1 whatever it says
            return _scrape_pages(run, confirmed, url, first, full, page_one=confirmed is engine)
    if engine is None:
        first = client.get(url)
        try:
            engine = engines.for_page(first.text, url)
        except UnknownEngineError:
            if is_login_wall(first.text):
                raise explain_empty(url, first.text, None) from None
            raise
    return _scrape_pages(run, engine, first.url if first else url, first, full)


def confirm_engine(engine: Engine, first: Response, url: str | None = None) -> Engine:
    """The engine of a thread's first page fetched: ``engine`` (matched by URL) when the markup
    is its own, else the engine the markup names (§1 fingerprints).

    Neither: a login wall is reported as such, anything else as not a thread page.
    """
    url = url or first.url
    if engine.detect(first.text[:300_000]):
        return engine
    try:
        return engines.for_page(first.text, url)
    except UnknownEngineError:
        if is_login_wall(first.text) or not_a_page(first.text, "answer"):
            raise explain_empty(url, first.text, None) from None
        raise NotAThreadError(
            f"{url}: not a thread page (the URL looks like {engine.label or engine.name}, "
            "but neither that engine nor any other recognises the page)") from None


def _scrape_pages(run: _ScrapeRun, engine: Engine, url: str, first: Response | None,
                  full: bool, page_one: bool = False) -> ScrapeSummary:
    store = run.store
    run.engine = engine
    run.thread_url = engine.thread_url(url)
    run.key = run.thread_url
    store.ensure_thread(run.key, engine.name, run.thread_url, run.now())
    if engine.api is not None:
        _scrape_api(run, engine.api, run.thread_url, full)
        store.mark_scraped(run.key, run.now())
        return run.summary()
    known_last = store.last_fetched_page(run.key)  # (saved pages may sit there too: issue 20)
    start = 1 if (full or known_last is None) else known_last
    if run.recheck_since is not None and start > 1:
        day_page = store.first_page_since(run.key, run.recheck_since)
        # one page earlier too: deleted posts move later posts to earlier pages
        start = min(start, max(1, (day_page or start) - 1))
    run.start = start
    try:
        if first is not None and (page_one and start == 1
                                  or engine.page_info(first.text, first.url).current == start):
            info = run.process(start, first.url, first)
        else:
            info = run.visit(start)
    except _Shrunk as s:  # a re-run after deletions: the thread ends earlier now
        run.note(f"{run.thread_url}: page {start} holds no posts any more and the thread "
                 f"now ends at page {s.last} (posts deleted?); read again from page {s.last}")
        run.start = s.last
        info = run.visit(s.last)
    run.walk(info)
    store.mark_scraped(run.key, run.now())
    return run.summary(unchecked=run.start - 1)


def _known_engine(store: Store, url: str,
                  matched: Engine | None = None) -> tuple[Engine | None, str]:
    """The engine and first-page URL a stored thread was scraped with (found by the URL given,
    or by the thread URL the URL-matched engine makes of it), when it has stored pages."""
    candidates = [url] + ([matched.thread_url(url)] if matched is not None else [])
    for candidate in candidates:
        rec = store.find_thread(candidate)
        if rec is None or store.last_page(rec.key) is None:
            continue
        try:
            return engines.get(rec.engine), rec.url
        except UnknownEngineError:
            return None, url
    return None, url


def _scrape_api(run: _ScrapeRun, api: PostStreamApi, url: str, full: bool) -> None:
    """An engine's post-stream API (Discourse, forum-engines §3.10: ``/t/ID.json``): the topic
    answer for the stream of post ids (stored as page 1, asked conditionally), then batches for
    the ids not stored yet (all of them with ``full``). An unchanged topic costs one request."""
    key, store = run.key, run.store
    topic_url = api.topic_url(url)
    stored = store.page(key, 1)
    cond = stored if stored is not None and stored.body is not None else None
    body = cond.body if cond is not None else None  # kept with its body: ask conditionally
    resp = run.client.get(topic_url, etag=cond.etag if cond is not None else None,
                          last_modified=cond.last_modified if cond is not None else None)
    if resp.not_modified and body is not None and not full:
        store.touch_page(key, 1, run.now())
        run.counts["pages"] += 1
        return
    text = body if resp.not_modified and body is not None else resp.text
    topic = api.parse_topic(text, topic_url)
    known = {p.id: p for p in store.posts(key)}
    embedded = {p.id for p in topic.posts}
    wanted = [i for i in topic.stream if str(i) not in embedded and (full or str(i) not in known)]
    batches = [list(topic.posts)]
    urls = api.batch_urls(url, wanted)
    for u in urls:
        batches.append(api.parse_batch(run.client.get(u).text, u, run.thread_url))
    fresh = {p.id: p for batch in batches for p in batch}
    linked = api.link_quotes(list({**known, **fresh}.values()))
    by_id = {p.id: p for p in linked if p.id in fresh}
    pages: list[tuple[int, str, Response | None, list[Post]]] = [
        (1, topic_url, resp, [by_id[p.id] for p in batches[0]])]
    pages += [(n + 2, u, None, [by_id[p.id] for p in b]) for n, (u, b) in
              enumerate(zip(urls, batches[1:]))]
    run.total = len(pages)
    for number, page_url, r, posts in pages:
        body = text if number == 1 else None
        fetched = run.now()
        dated = r.date if r is not None and r.date is not None else None
        record = PageRecord(number, page_url, fetched, r.etag if r else None,
                            r.last_modified if r else None, body_hash(body or page_url), body,
                            dated or fetched, "http-date" if dated else "local-clock")
        result = store.save_page(key, record, posts)
        run.counts["new"] += result.new
        run.counts["edited"] += result.edited
        run.counts["pages"] += 1
        run.counts["posts"] += len(posts)
        if run.progress is not None:
            run.progress(run.counts["pages"], run.total)


@dataclass
class _ScrapeRun:
    """One scrape of one thread: its store, client and clock, and what it has counted so far
    (not the tally's replay, tally/replay.py)."""

    store: Store
    client: HttpClient
    tz: ZoneInfo
    progress: Progress | None
    now: Callable[[], datetime]
    requests0: int
    engine: Engine | None = None
    thread_url: str = ""
    key: str = ""
    counts: dict = field(default_factory=lambda: {"pages": 0, "posts": 0, "new": 0, "edited": 0})
    seen_pages: set = field(default_factory=set)
    total: int | None = None
    start: int = 1
    info: PageInfo | None = None  # the last page read: what it taught goes to page_url
    recheck_since: datetime | None = None
    seen_posts: dict = field(default_factory=dict)  # post id -> page number it was read on
    limit: int | None = None  # pages this run may visit (set from the first pagination read)
    notes: list = field(default_factory=list)
    undated: bool = False  # an answer without a usable Date was met (said once)

    def summary(self, unchecked: int = 0) -> ScrapeSummary:
        c = self.counts
        return ScrapeSummary(c["pages"], c["posts"], c["new"], c["edited"],
                             self.client.requests - self.requests0, self.key, self._engine().name,
                             unchecked, tuple(self.notes))

    def _engine(self) -> Engine:
        """The thread's engine: _scrape_pages sets it before any page is read or summed up."""
        assert self.engine is not None
        return self.engine

    def note(self, text: str) -> None:
        self.notes.append(text)
        self.client.notify(text)

    def walk(self, info: PageInfo) -> None:
        """Follow the pages after ``info`` until the last one (which may grow meanwhile), within
        this run's bound; a page repeating posts already read ends the walk."""
        try:
            while True:
                nxt = info.current + 1
                more = info.last >= nxt if info.last is not None else bool(info.next_url)
                if not more or nxt in self.seen_pages:  # (a forum clamping N+1 back to N)
                    return
                room = self.limit - self.counts["pages"]
                if room <= 0:
                    self.note(f"{self.thread_url}: stopped after {self.counts['pages']} pages, "
                              "the most one run reads of this thread (it announced more and "
                              "more pages); run again to continue")
                    return
                if info.last is not None:
                    info = self.visit_many(list(range(nxt, min(info.last, nxt + room - 1) + 1)))
                else:
                    info = self.visit(nxt, info.next_url)
        except _Repeat as r:
            self.note(str(r))

    def page_url(self, number: int) -> str:
        if number == 1:
            return self.thread_url
        return self._engine().page_url(self.thread_url, number, self.info)

    def request(self, number: int, url: str | None = None) -> tuple[str, str | None, str | None]:
        """URL and validators (ETag, Last-Modified) for page ``number``; read in the caller's
        thread, so worker threads never touch the store."""
        stored = self.store.page(self.key, number)
        if url is None:
            # a stored page is asked again at its own URL: the page size offset-paged engines
            # (phpBB, SMF, Forumotion) compute page URLs with may have changed since
            known = stored.url if stored is not None else ""
            url = known if known.startswith(("http://", "https://")) else self.page_url(number)
        if stored is not None and stored.body is not None:
            return url, stored.etag, stored.last_modified
        return url, None, None

    def fetch(self, url: str, etag: str | None, last_modified: str | None) -> Response:
        return self.client.get(url, etag=etag, last_modified=last_modified)

    def visit(self, number: int, url: str | None = None) -> PageInfo:
        req = self.request(number, url)
        return self.process(number, req[0], self.fetch(*req))

    def visit_many(self, numbers: list[int]) -> PageInfo:
        """Fetch pages concurrently (the client keeps it polite), store them in page order."""
        workers = max(1, min(self.client.options.concurrency, len(numbers)))
        if workers == 1:
            for n in numbers:
                info = self.visit(n)
            return info
        # a sliding window of ``workers`` requests: when a page ends the walk (a repeat, an
        # error) at most ``workers - 1`` more were sent
        pool = ThreadPoolExecutor(max_workers=workers)
        pending: list = []
        try:
            for n in numbers:
                req = self.request(n)
                pending.append((n, req[0], pool.submit(self.fetch, *req)))
                if len(pending) < workers:
                    continue
                n0, url0, fut = pending.pop(0)
                info = self.process(n0, url0, fut.result())
            for n0, url0, fut in pending:
                info = self.process(n0, url0, fut.result())
            return info
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    def process(self, number: int, url: str, resp: Response) -> PageInfo:
        """Parse one answer and store it in one transaction (a repeat is not stored)."""
        stored = self.store.page(self.key, number)
        fetched = self.now()
        if resp.not_modified and stored is not None and stored.body is not None:
            html, page_url = stored.body, stored.url
            # the stored body's relative dates count from when it was fetched, not from now
            dated, dated_by = stored.dated or stored.fetched, stored.dated_by or "stored"
        else:
            html, page_url = resp.text, resp.url
            dated, dated_by = (resp.date, "http-date") if resp.date else (fetched, "local-clock")
        engine = self._engine()
        if not html.strip():  # an empty answer: said so, never handed to a parser (issue 20)
            raise explain_empty(url, html, engine)
        # posts and pagination from one parse of the page (issue 22)
        posts, info = engine.read_page(html, page_url, self.tz, dated.astimezone(self.tz))
        if dated_by == "local-clock":
            self._say_undated(engine, html, page_url, posts, url, fetched)
        if not posts:
            if number == self.start > 1 and info.last is not None and info.last < number \
                    and stored is not None and not self.counts["pages"]:
                raise _Shrunk(info.last)   # the stored last page, emptied by deletions
            raise explain_empty(url, html, engine)
        self._check_repeat(number, url, posts)
        if self.limit is None:
            span = (info.last - self.start + 1) if info.last is not None else 0
            self.limit = span + _margin(span) if span > 0 else MAX_PAGES
        if resp.not_modified:
            self.store.touch_page(self.key, number, fetched)
        else:
            if info.current != number:
                # the forum answered another page than the one asked: keep the URL that page
                # is known by (never page 1's overwritten by page 2's, issue 8)
                known = self.store.page(self.key, info.current)
                page_url = known.url if known is not None else page_url
            record = PageRecord(info.current, page_url, fetched, resp.etag, resp.last_modified,
                                body_hash(html), html, dated, dated_by)
            result = self.store.save_page(self.key, record, posts)
            self.counts["new"] += result.new
            self.counts["edited"] += result.edited
        self.counts["pages"] += 1
        self.counts["posts"] += len(posts)
        self.seen_pages.add(info.current)
        if info.per_page or self.info is None:
            self.info = info
        for post in posts:
            self.seen_posts.setdefault(post.id, number)
        self._report(info)
        return info

    def _say_undated(self, engine: Engine, html: str, page_url: str, posts: list[Post],
                     url: str, fetched: datetime) -> None:
        """An answer without a usable ``Date``: its relative dates ("Today, 09:41") were
        counted from this computer's clock, which may be off; said once per run, and only when
        the page has such dates (read again without a fetch time, their posts lose their time)."""
        if self.undated:
            return
        undated = engine.parse_page(html, page_url, self.tz, None)
        timed = {p.id for p in undated if p.time is not None}
        if all(p.id in timed for p in posts if p.time is not None):
            return
        self.undated = True
        self.note(f"{clean_url(url)}: the forum's answer has no usable Date header; its relative "
                  "dates (\"Today, 09:41\") were counted from this computer's clock "
                  f"({fetched.astimezone(self.tz):%Y-%m-%d %H:%M %Z})")

    def _check_repeat(self, number: int, url: str, posts: list) -> None:
        pages = {self.seen_posts.get(p.id) for p in posts}
        if None in pages or pages == {number}:
            return
        raise _Repeat(
            f"{clean_url(url)}: page {number} holds only posts already read on page "
            f"{min(p for p in pages if p is not None)} (the forum ignores or rewrites the page number); stopped there, page "
            f"{number} and later were not read: check the thread URL, or save the pages and "
            "give their folder")

    def _report(self, info: PageInfo) -> None:
        if info.last is not None:
            self.total = max(1, info.last - self.start + 1)
        if self.progress is not None:
            self.progress(self.counts["pages"], self.total)
