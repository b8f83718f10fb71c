"""End to end over real HTTP: a 30-page thread on a server on 127.0.0.1, faults included.

429 with Retry-After, a 500, a slow page, an edit between two runs, new posts, an interruption.
Sleeps are fake (the fake clock advances instead), so the test is fast.
"""

from __future__ import annotations

import math
import sys
import threading
from dataclasses import replace
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import fakeforum as ff  # noqa: E402

from votal.scraper.fetch import scrape  # noqa: E402
from votal.scraper.http import HttpClient, HttpOptions  # noqa: E402
from votal.scraper.store import Store  # noqa: E402

TID = 7


class FakeClock:
    """time.monotonic + time.sleep that never really waits."""

    def __init__(self):
        self.t = 1000.0
        self.slept: list[float] = []
        self.lock = threading.Lock()

    def __call__(self) -> float:
        with self.lock:
            return self.t

    def sleep(self, s: float) -> None:
        with self.lock:
            self.slept.append(s)
            self.t += s


def path(n: int) -> str:
    return f"/fake/t/{TID}" if n == 1 else f"/fake/t/{TID}/page-{n}"


# the engine's markup and URLs: the test engine, and the real phpBB adapter (prosilver 3.3)
FLAVOURS = {
    "fakeforum": (path, lambda posts, n: ff.render_page(TID, posts, n)),
    "phpbb": (ff.phpbb_path, ff.render_phpbb),
}


def publish(srv: ff.ForumServer, posts: list[ff.FakePost], flavour: str = "fakeforum") -> int:
    page_path, render = FLAVOURS[flavour]
    last = -(-len(posts) // 20)
    for n in range(1, last + 1):
        srv.pages[page_path(n)] = render(posts, n)
    return last


def client(clock: FakeClock, **kw) -> HttpClient:
    return HttpClient(HttpOptions(**kw), clock=clock, sleep=clock.sleep)


def statuses(srv, since=0):
    return [s for _, _, s in srv.log[since:]]


@pytest.fixture
def forum():
    with ff.fake_engine(), ff.ForumServer() as srv:
        yield srv


@pytest.mark.parametrize("flavour", ["fakeforum", "phpbb"])
def test_thirty_pages_faults_edit_and_minimal_refresh(forum, tmp_path, flavour):
    path = FLAVOURS[flavour][0]
    posts = ff.make_thread(30)
    publish(forum, posts, flavour)
    forum.faults[path(5)] = [(429, {"Retry-After": "7"})]
    forum.faults[path(9)] = [(500, {})]
    forum.delays[path(12)] = 0.2
    clock = FakeClock()
    url = forum.url(path(1))
    with Store(tmp_path / "s.sqlite") as store, client(clock) as c:
        s1 = scrape(url, store=store, client=c, timezone="Europe/Athens")
        assert (s1.engine, s1.pages, s1.posts, s1.new, s1.edited) == (flavour, 30, 600, 600, 0)
        assert s1.requests == 32  # 30 pages + the 429 + the 500
        assert 7.0 in clock.slept  # Retry-After honoured
        assert statuses(forum).count(429) == 1 and statuses(forum).count(500) == 1
        stored = store.posts(s1.thread)
        assert [p.id for p in stored] == [str(p.id) for p in posts]  # every post once, in order
        # politeness: with the fake clock, 32 requests at 1/s span at least 31 seconds
        assert clock.t - 1000.0 >= 31

        # run 2: the last post is edited; only the last page is fetched
        posts[-1] = replace(posts[-1], html="<p>post 600, edited: vote Νίκος</p>")
        publish(forum, posts, flavour)
        mark = len(forum.log)
        s2 = scrape(url, store=store, client=c, timezone="Europe/Athens")
        assert (s2.new, s2.edited, s2.requests) == (0, 1, 1)
        assert [p for _, p, _ in forum.log[mark:]] == [path(30)]
        last = store.posts(s1.thread)[-1]
        assert last.html == "<p>post 600</p>"  # first-seen version stands (C-07)
        assert [v.html for v in last.versions] == ["<p>post 600, edited: vote Νίκος</p>"]

        # run 3: nothing changed: one conditional request answered 304
        mark = len(forum.log)
        s3 = scrape(url, store=store, client=c, timezone="Europe/Athens")
        assert (s3.new, s3.edited, s3.requests) == (0, 0, 1)
        assert statuses(forum, mark) == [304]

        # run 4: 5 new posts open page 31: pages 30 and 31 are fetched, nothing else
        posts += ff.make_thread(1, per_page=5)[:5]
        for i, p in enumerate(posts[-5:]):
            posts[-5 + i] = replace(p, id=5000 + i, number=601 + i)
        publish(forum, posts, flavour)
        mark = len(forum.log)
        s4 = scrape(url, store=store, client=c, timezone="Europe/Athens")
        assert (s4.new, s4.edited, s4.requests) == (5, 0, 2)
        assert [p for _, p, _ in forum.log[mark:]] == [path(30), path(31)]
        assert len(store.posts(s1.thread)) == 605

        # --full walks every page again (pages 1-29 changed: their page count moved to 31)
        s5 = scrape(url, store=store, client=c, timezone="Europe/Athens", full=True)
        assert (s5.pages, s5.new, s5.edited) == (31, 0, 0)
        # ... conditionally: a second full walk of the unchanged thread gets 304 everywhere
        mark = len(forum.log)
        s6 = scrape(url, store=store, client=c, timezone="Europe/Athens", full=True)
        assert (s6.pages, s6.posts, s6.new, s6.edited) == (31, 605, 0, 0)
        assert statuses(forum, mark) == [304] * 31


def test_interrupted_scrape_keeps_pages_and_resumes(forum, tmp_path):
    posts = ff.make_thread(12)
    publish(forum, posts)
    url = forum.url(path(1))
    clock = FakeClock()
    calls = []

    def progress(done, total):
        calls.append((done, total))
        if done == 6:
            raise KeyboardInterrupt  # Ctrl-C after the 6th page was stored

    with Store(tmp_path / "s.sqlite") as store, client(clock, concurrency=1) as c:
        with pytest.raises(KeyboardInterrupt):
            scrape(url, store=store, client=c, timezone="UTC", progress=progress)
        key = store.find_thread(url).key
        assert store.page_numbers(key) == [1, 2, 3, 4, 5, 6]
        assert len(store.posts(key)) == 120
        mark = len(forum.log)
        s = scrape(url, store=store, client=c, timezone="UTC")
        # resumes at the last stored page (304), then pages 7..12; page 1 is not fetched again
        assert [p for _, p, _ in forum.log[mark:]] == [path(n) for n in range(6, 13)]
        assert statuses(forum, mark)[0] == 304
        assert (s.new, s.edited) == (120, 0)
        assert [p.id for p in store.posts(key)] == [str(p.id) for p in posts]
    assert calls[0] == (1, 12)


def test_network_loss_keeps_stored_pages(forum, tmp_path):
    posts = ff.make_thread(5)
    publish(forum, posts)
    forum.faults[path(4)] = [(503, {})] * 10  # more failures than retries
    clock = FakeClock()
    from votal.errors import FetchError

    with Store(tmp_path / "s.sqlite") as store, client(clock, concurrency=1, retries=2) as c:
        with pytest.raises(FetchError, match="503"):
            scrape(forum.url(path(1)), store=store, client=c, timezone="UTC")
        key = store.find_thread(forum.url(path(1))).key
        assert store.page_numbers(key) == [1, 2, 3]
        assert clock.slept[-2:] == [1.0, 2.0]  # exponential backoff
        forum.faults.clear()
        s = scrape(forum.url(path(1)), store=store, client=c, timezone="UTC")
        assert s.new == 40 and len(store.posts(key)) == 100


def test_user_agent_names_votal(forum, tmp_path):
    publish(forum, ff.make_thread(1))
    with Store(tmp_path / "s.sqlite") as store, client(FakeClock()) as c:
        scrape(forum.url(path(1)), store=store, client=c, timezone="UTC")
    ua = forum.headers_seen[0]["User-Agent"]
    from votal import __version__
    assert ua.startswith(f"votal/{__version__} (") and "vote counter" in ua


def test_refresh_without_etag_support_still_costs_one_request(forum, tmp_path):
    forum.etags = False
    publish(forum, ff.make_thread(40))  # a 40-page thread on a server that never answers 304
    with Store(tmp_path / "s.sqlite") as store, client(FakeClock(), rate=math.inf) as c:
        url = forum.url(path(1))
        assert scrape(url, store=store, client=c, timezone="UTC").requests == 40
        mark = len(forum.log)
        s = scrape(url, store=store, client=c, timezone="UTC")
    assert (s.requests, s.new, s.edited) == (1, 0, 0)
    assert forum.log[mark:] == [("GET", path(40), 200)]


def test_killed_process_keeps_stored_pages(forum, tmp_path):
    """kill -9 in the middle of a scrape: every finished page stays; the next run resumes."""
    import os
    import signal
    import subprocess
    import time as _time

    posts = ff.make_thread(8)
    publish(forum, posts)
    forum.delays[path(6)] = 60.0  # the process hangs on page 6, after storing pages 1-5
    db = tmp_path / "s.sqlite"
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import fakeforum as ff\n"
        "from votal.scraper.fetch import scrape\n"
        "from votal.scraper.http import HttpClient, HttpOptions\n"
        "from votal.scraper.store import Store\n"
        "with ff.fake_engine(), Store(sys.argv[2]) as st, "
        "HttpClient(HttpOptions(rate=float('inf'), concurrency=1)) as c:\n"
        "    scrape(sys.argv[3], store=st, client=c, timezone='UTC')\n")
    proc = subprocess.Popen([sys.executable, "-c", code, str(Path(__file__).parent), str(db),
                             forum.url(path(1))])
    try:
        for _ in range(600):  # wait (up to 60 s) until the child has stored pages 1-5
            if proc.poll() is not None or _stored_pages(db) >= 5:
                break
            _time.sleep(0.1)
        _time.sleep(0.3)  # it is now waiting for page 6, which never comes
        assert proc.poll() is None, "the scrape ended before it could be killed"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    forum.delays.clear()
    with Store(db) as store, client(FakeClock(), rate=math.inf) as c:
        key = store.find_thread(forum.url(path(1))).key
        assert store.page_numbers(key) == [1, 2, 3, 4, 5]
        mark = len(forum.log)
        s = scrape(forum.url(path(1)), store=store, client=c, timezone="UTC")
        assert sorted(p for _, p, _ in forum.log[mark:]) == sorted(path(n) for n in (5, 6, 7, 8))
        assert s.new == 60 and len(store.posts(key)) == 160


def _stored_pages(db: Path) -> int:
    import sqlite3
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        try:
            return con.execute("SELECT COUNT(*) FROM pages").fetchone()[0]
        finally:
            con.close()
    except sqlite3.Error:  # not created yet
        return 0
