"""fetch.py hardening over real HTTP (a server on 127.0.0.1):

* a thread resumed in a new process asks its last stored page at the stored URL, not at a URL
  rebuilt from a page size the adapter learnt in the earlier process (phpBB ``start`` offsets);
* a URL that looks like one engine's is confirmed on the page: other markup falls back to
  markup detection, no known markup is NotAThreadError naming the URL.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import fakeforum as ff  # noqa: E402

from votal.errors import LoginWallError, NotAThreadError  # noqa: E402
from votal.scraper.fetch import scrape  # noqa: E402
from votal.scraper.http import HttpClient, HttpOptions  # noqa: E402
from votal.scraper.store import Store  # noqa: E402

PER_PAGE = 25  # not phpBB's default (10): the page size must be learnt from the links


def client() -> HttpClient:
    return HttpClient(HttpOptions(rate=math.inf, concurrency=1, retries=0))


def publish_phpbb(srv: ff.ForumServer, posts: list[ff.FakePost]) -> int:
    last = -(-len(posts) // PER_PAGE)
    for n in range(1, last + 1):
        srv.pages[ff.phpbb_path(n, PER_PAGE)] = ff.render_phpbb(posts, n, PER_PAGE)
    return last


def paths(srv: ff.ForumServer, since: int) -> list[str]:
    return [p for _, p, _ in srv.log[since:]]


def test_resume_in_a_new_process_asks_the_stored_page_url(tmp_path):
    posts = ff.make_thread(4, per_page=PER_PAGE)  # 100 posts, 4 pages of 25
    with ff.ForumServer() as srv, Store(tmp_path / "s.sqlite") as store, client() as c:
        assert publish_phpbb(srv, posts[:75]) == 3
        url = srv.url(ff.phpbb_path(1))
        first = scrape(url, store=store, client=c, timezone="UTC")
        assert (first.pages, first.new) == (3, 75)
        # a new run knows nothing of this thread's page size before it reads a page (phpBB's
        # default is 10, which would ask page 3 at start=20, a page this server does not have)
        publish_phpbb(srv, posts)  # page 4 new (page 3 now links to it)
        mark = len(srv.log)
        again = scrape(url, store=store, client=c, timezone="UTC")
        assert paths(srv, mark) == [ff.phpbb_path(3, PER_PAGE), ff.phpbb_path(4, PER_PAGE)]
        assert [s for _, _, s in srv.log[mark:]] == [200, 200]
        assert (again.new, again.edited) == (25, 0)
        key = store.find_thread(url).key
        assert [p.number for p in store.posts(key)] == list(range(1, 101))


def test_url_of_one_engine_with_markup_of_another_falls_back_to_the_markup(tmp_path):
    posts = ff.make_thread(1)
    with ff.fake_engine(), ff.ForumServer() as srv, Store(tmp_path / "s.sqlite") as store, \
            client() as c:
        srv.pages[ff.PHPBB_TOPIC] = ff.render_page(77, posts, 1)  # phpBB URL, fake-forum page
        url = srv.url(ff.PHPBB_TOPIC)
        s = scrape(url, store=store, client=c, timezone="UTC")
        assert (s.engine, s.pages, s.new, s.requests) == ("fakeforum", 1, 20, 1)
        assert store.thread(s.thread).engine == "fakeforum"
        assert [p.author for p in store.posts(s.thread)] == [p.author for p in posts]
        # the next run keeps the engine the markup named and costs one conditional request
        mark = len(srv.log)
        again = scrape(url, store=store, client=c, timezone="UTC")
        assert (again.engine, again.requests, again.new) == ("fakeforum", 1, 0)
        assert srv.log[mark:] == [("GET", ff.PHPBB_TOPIC, 304)]


def test_url_of_an_engine_with_no_known_markup_is_not_a_thread(tmp_path):
    with ff.ForumServer() as srv, Store(tmp_path / "s.sqlite") as store, client() as c:
        srv.pages[ff.PHPBB_TOPIC] = ("<html><head><title>Blog</title></head><body><article>"
                                     "<p>viewtopic.php is a phpBB page, this is not</p>"
                                     "</article></body></html>")
        url = srv.url(ff.PHPBB_TOPIC)
        with pytest.raises(NotAThreadError) as err:
            scrape(url, store=store, client=c, timezone="UTC")
        assert url in str(err.value) and "phpBB" in str(err.value)
        assert store.find_thread(url) is None  # nothing stored under a wrong engine


def test_url_of_an_engine_behind_a_login_wall_says_so(tmp_path):
    with ff.ForumServer() as srv, Store(tmp_path / "s.sqlite") as store, client() as c:
        srv.pages[ff.PHPBB_TOPIC] = ("<html><body><p>You must be registered and logged in to "
                                     "view this topic.</p><form action='./ucp.php?mode=login'>"
                                     "<input type='password' name='password'></form>"
                                     "</body></html>")
        with pytest.raises(LoginWallError, match="--cookies"):
            scrape(srv.url(ff.PHPBB_TOPIC), store=store, client=c, timezone="UTC")


def test_a_phpbb_page_at_a_phpbb_url_costs_no_extra_request(tmp_path):
    posts = ff.make_thread(3, per_page=PER_PAGE)
    with ff.ForumServer() as srv, Store(tmp_path / "s.sqlite") as store, client() as c:
        publish_phpbb(srv, posts)
        url = srv.url(ff.phpbb_path(1))
        s = scrape(url, store=store, client=c, timezone="UTC")
        assert (s.engine, s.pages, s.requests, s.new) == ("phpbb", 3, 3, 75)
        assert paths(srv, 0) == [ff.phpbb_path(n, PER_PAGE) for n in (1, 2, 3)]
