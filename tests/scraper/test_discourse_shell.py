"""A page read to no post is never dropped in silence (issue 21: "a vote votal could not read is
never dropped without a word").

Discourse: the JavaScript app's shell (seven WCXB benchmark pages: splash, setup and asset
elements, a ``rel=next`` link to ``?page=2``, but neither the crawler view nor a drawn post) is an
AppShellError naming the page and saying what works, never 0 posts and a next link. Any engine:
a page of the walk that gives no posts stops the scrape with an error naming that page; the
pages before it stay stored and the page after it is never asked."""

from __future__ import annotations

import sys
from pathlib import Path
from zoneinfo import ZoneInfo

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).parent))
import fakeforum as ff  # noqa: E402

from votal.cli import main  # noqa: E402
from votal.errors import NotAThreadError  # noqa: E402
from votal.scraper import engines  # noqa: E402
from votal.scraper.engines.discourse import AppShellError, app_shell  # noqa: E402
from votal.scraper.fetch import scrape  # noqa: E402
from votal.scraper.http import HttpClient, HttpOptions  # noqa: E402
from votal.scraper.store import Store  # noqa: E402

URL = "https://talk.example.net/t/village-of-twelve-day-two/4242"
UTC = ZoneInfo("UTC")
SPLASH = '<section id="d-splash"><div class="preloader-image"><i class="dot"></i></div></section>'
SETUP = '<meta id="data-discourse-setup" data-base-url="">'
ASSETS = "<discourse-assets><link rel='stylesheet' href='/s/desktop.css'></discourse-assets>"
EMBER = '<div id="ember7" class="ember-view"></div>'
CRAWLER_POST = ('<div class="topic-body crawler-post" id="post_1"><div class="crawler-post-meta">'
                '<span class="creator" itemprop="author" itemscope><a href="/u/wren">'
                '<span itemprop="name">wren</span></a></span>'
                '<span itemprop="position">1</span>'
                '<time itemprop="datePublished" datetime="2026-11-30T18:00:00Z"></time></div>'
                '<div class="post" itemprop="text"><p>vote: heron</p></div></div>')


def shell(*marks: str, body: str = "") -> str:
    """A Discourse topic page as the app serves it to a browser, its crawler copy left out."""
    return ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            "<title>Village of Twelve, day two - Games - Talk</title>"
            '<meta name="generator" content="Discourse 3.4.0">'
            f'<link rel="canonical" href="{URL}">'
            f'<link rel="next" href="/t/village-of-twelve-day-two/4242?page=2">'
            f"{''.join(m for m in marks if m.startswith('<meta'))}</head><body>"
            f"{''.join(m for m in marks if not m.startswith('<meta'))}{body}"
            '<form id="hidden-login-form" method="post" action="/login">'
            '<input name="username"><input name="password" type="password"></form>'
            "</body></html>")


DISCOURSE = engines.get("discourse")


@pytest.mark.parametrize("marks", [(SPLASH, SETUP, ASSETS), (SPLASH,), (SETUP,), (ASSETS,),
                                   (EMBER,)], ids=["all", "splash", "setup", "assets", "ember"])
def test_an_app_shell_is_an_error_naming_the_page_and_never_a_next_link(marks):
    html = shell(*marks)
    assert DISCOURSE.detect(html) and app_shell(html)
    for read in (DISCOURSE.read_page, DISCOURSE.parse_page):
        with pytest.raises(AppShellError) as e:
            read(html, URL, UTC, None)
        assert str(e.value).startswith(f"{URL}: a Discourse page without its posts")
        assert "votal scrape URL" in str(e.value) and "JSON API" in str(e.value)
    info = DISCOURSE.page_info(html, URL)
    assert (info.current, info.last, info.next_url) == (1, 1, None)


def test_the_same_page_with_its_crawler_view_is_read_and_keeps_its_next_link():
    html = shell(SPLASH, SETUP, ASSETS, body=f"<noscript>{CRAWLER_POST}</noscript>")
    assert not app_shell(html)
    posts, info = DISCOURSE.read_page(html, URL, UTC, None)
    assert [(p.number, p.author) for p in posts] == [(1, "wren")]
    assert "heron" in posts[0].html
    assert info.next_url == f"{URL}?page=2" and info.last is None


def test_a_saved_shell_says_what_to_save_and_stores_nothing(tmp_path, capsys):
    page = tmp_path / "day2.html"
    page.write_text(shell(SPLASH, SETUP, ASSETS), encoding="utf-8")
    db = tmp_path / "s.sqlite"
    assert main(["scrape", str(page), "--db", str(db)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert err.startswith(f"votal: {page}: a Discourse page without its posts")
    assert "?print=true" in err and "JavaScript off" in err and "votal scrape URL" in err
    with Store(db) as store:
        assert store.find_thread(URL) is None and store.find_thread(str(page)) is None


def test_a_walk_page_without_posts_stops_the_scrape_naming_it(tmp_path):
    """Page 2 of 3 answers a page without posts (a broken template, a moved thread): an error
    naming page 2; page 1 is stored, page 3 never asked."""
    thread = ff.make_thread(3)
    asked: list[str] = []

    def answer(request: httpx.Request) -> httpx.Response:
        asked.append(str(request.url))
        n = int(str(request.url).rpartition("page-")[2]) if "page-" in str(request.url) else 1
        html = ff.render_page(7, thread, n)
        if n == 2:
            html = html.split('<div class="post"')[0] + "</body></html>"
        return httpx.Response(200, text=html)

    client = HttpClient(HttpOptions(concurrency=1), transport=httpx.MockTransport(answer),
                        clock=lambda: 0.0, sleep=lambda s: None)
    with ff.fake_engine(), Store(tmp_path / "s.sqlite") as store:
        with pytest.raises(NotAThreadError) as e:
            scrape("https://f.example/fake/t/7", store=store, client=client, timezone="UTC")
        assert str(e.value).startswith("https://f.example/fake/t/7/page-2: ")
        assert "no posts found" in str(e.value)
        assert [p.number for p in store.posts("https://f.example/fake/t/7")] == \
            list(range(1, 21))
    assert not any(u.endswith("page-3") for u in asked)


def _fake_client(state: dict, asked: list[str]) -> HttpClient:
    def answer(request: httpx.Request) -> httpx.Response:
        url = str(request.url)
        asked.append(url)
        n = int(url.rpartition("page-")[2]) if "page-" in url else 1
        html = ff.render_page(7, state["posts"], n)
        if state.get("announce"):  # the page's navigation still counts the old last page
            html = html.replace('data-last="2"', f'data-last="{state["announce"]}"')
        return httpx.Response(200, text=html)

    return HttpClient(HttpOptions(concurrency=1), transport=httpx.MockTransport(answer),
                      clock=lambda: 0.0, sleep=lambda s: None)


def test_a_rerun_after_deletions_emptied_the_stored_last_page_reads_the_new_last(tmp_path):
    """The stored last page (3) gives no posts now and its own navigation ends at page 2:
    the thread shrank. Said in a note; page 2 is read again; no error."""
    state: dict = {"posts": ff.make_thread(3)}
    asked: list[str] = []
    key = "https://f.example/fake/t/7"
    with ff.fake_engine(), Store(tmp_path / "s.sqlite") as store:
        scrape(key, store=store, client=_fake_client(state, asked), timezone="UTC")
        state["posts"] = state["posts"][:40]
        asked.clear()
        s = scrape(key, store=store, client=_fake_client(state, asked), timezone="UTC")
        assert asked == [f"{key}/page-3", f"{key}/page-2"]
        assert (s.pages, s.posts, s.new, s.unchecked) == (1, 20, 0, 1)
        assert any("page 3 holds no posts any more" in n and "ends at page 2" in n
                   for n in s.notes)


def test_a_stored_last_page_emptied_while_still_announced_is_an_error(tmp_path):
    """Page 3 gives no posts but still calls itself page 3 of 3: no shrinking thread, an error
    naming page 3."""
    state: dict = {"posts": ff.make_thread(3)}
    key = "https://f.example/fake/t/7"
    with ff.fake_engine(), Store(tmp_path / "s.sqlite") as store:
        scrape(key, store=store, client=_fake_client(state, []), timezone="UTC")
        state.update(posts=state["posts"][:40], announce=3)
        with pytest.raises(NotAThreadError, match=f"^{key}/page-3: .*no posts found"):
            scrape(key, store=store, client=_fake_client(state, []), timezone="UTC")
