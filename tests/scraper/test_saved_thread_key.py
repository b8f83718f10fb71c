"""issue 20, item 10: saved pages belong to their thread. The store keys saved pages by the
thread they name (canonical link, og:url, saved-from note: the key an HTTP scrape of the thread
has), no longer by their file's path: reading the same posts again from another file or folder,
or over HTTP, finds them known (0 new). Stores written before, which keyed them by path, keep
every post and version: they are merged into the thread's key when the pages are read again."""

from __future__ import annotations

import shutil
import sqlite3
import sys
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.conftest import FIXTURES
from votal.scraper.model import Post
from votal.scraper.sources import read_saved_folder, scrape_source, store_saved
from votal.scraper.store import PageRecord, Store

sys.path.insert(0, str(Path(__file__).parent))
import fakeforum as ff  # noqa: E402

DEMO = FIXTURES / "demo" / "pages"
DEMO_THREAD = "https://forum.palermo.example/forums/topic/4312-palermo-43-extreme/"
ZONE = "Europe/Athens"


def scrape(source, db: Path):
    summary, posts = scrape_source(str(source), db=db, timezone=ZONE)
    return summary, posts


def test_one_page_after_its_folder_is_known(tmp_path):
    db = tmp_path / "s.sqlite"
    first, _ = scrape(DEMO, db)
    assert (first.thread, first.posts, first.new) == (DEMO_THREAD, 62, 62)
    again, posts = scrape(DEMO / "page-2.html", db)  # was "25 posts, 25 new"
    assert (again.thread, again.posts, again.new, again.edited) == (DEMO_THREAD, 25, 0, 0)
    assert len(posts) == 62  # the thread's posts, not the file's
    with Store(db) as store:
        assert [t.key for t in store.threads()] == [DEMO_THREAD]


def test_the_same_pages_in_another_folder_are_known(tmp_path):
    db = tmp_path / "s.sqlite"
    scrape(DEMO, db)
    copy = tmp_path / "elsewhere" / "saved"
    shutil.copytree(DEMO, copy)
    summary, _ = scrape(copy, db)
    assert (summary.posts, summary.new) == (62, 0)


def saved_phpbb(folder: Path, posts, pages: dict[int, str], canonical: str | None) -> None:
    """phpBB pages as a browser saves them: with the thread's canonical address."""
    folder.mkdir(parents=True, exist_ok=True)
    for n, name in pages.items():
        html = ff.render_phpbb(posts, n)
        if canonical is not None:
            href = canonical + ("" if n == 1 else f"&amp;start={(n - 1) * 20}")
            html = html.replace("<head>", f'<head><link rel="canonical" href="{href}">', 1)
        (folder / name).write_text(html, encoding="utf-8")


def test_an_edit_between_saves_in_two_folders_is_a_second_version(tmp_path):
    db, thread = tmp_path / "s.sqlite", "https://forum.example/viewtopic.php?f=3&t=77"
    posts = ff.make_thread(2)
    saved_phpbb(tmp_path / "monday", posts, {1: "a.html", 2: "b.html"}, thread)
    posts[5].html = "<p>post 6 edited</p>"
    saved_phpbb(tmp_path / "tuesday", posts, {1: "p1.html"}, thread)
    scrape(tmp_path / "monday", db)
    summary, read = scrape(tmp_path / "tuesday", db)
    assert (summary.thread, summary.new, summary.edited) == (thread, 0, 1)
    (post,) = [p for p in read if p.id == str(posts[5].id)]
    assert "post 6" in post.html and "edited" not in post.html  # the first version counts (C-07)
    assert ["edited" in v.html for v in post.versions] == [True]


@pytest.fixture
def forum():
    with ff.ForumServer() as srv:
        posts = ff.make_thread(2)
        for n in (1, 2):
            srv.pages[ff.phpbb_path(n)] = ff.render_phpbb(posts, n)
        srv.posts = posts
        yield srv


def test_saved_pages_and_the_live_thread_are_one_thread(forum, tmp_path):
    db = tmp_path / "s.sqlite"
    url = forum.url(ff.PHPBB_TOPIC)
    online, _ = scrape(url, db)
    assert (online.posts, online.new) == (40, 40)
    saved_phpbb(tmp_path / "saved", forum.posts, {1: "1.html", 2: "2.html"}, url)
    summary, _ = scrape(tmp_path / "saved", db)
    assert (summary.thread, summary.posts, summary.new) == (online.thread, 40, 0)


def test_a_saved_page_never_makes_a_scrape_skip_the_pages_before_it(forum, tmp_path):
    """The scrape resumes from the last page it *fetched*: page 2 saved by hand is no such
    point, page 1 was never read."""
    db = tmp_path / "s.sqlite"
    url = forum.url(ff.PHPBB_TOPIC)
    saved_phpbb(tmp_path / "saved", forum.posts, {2: "2.html"}, url)
    assert scrape(tmp_path / "saved", db)[0].new == 20
    online, posts = scrape(url, db)
    assert (online.pages, online.new) == (2, 20)
    assert len(posts) == 40


def test_pages_naming_different_threads_stay_under_their_folder(tmp_path, capsys):
    db = tmp_path / "s.sqlite"
    posts = ff.make_thread(2)
    folder = tmp_path / "mixed"
    saved_phpbb(folder, posts, {1: "1.html"}, "https://forum.example/viewtopic.php?t=77")
    saved_phpbb(folder, posts, {2: "2.html"}, "https://forum.example/viewtopic.php?t=78")
    summary, _ = scrape(folder, db)
    assert summary.thread == str(folder.resolve())
    assert any("name different threads" in n and "t=78" in n for n in summary.notes)


@pytest.mark.parametrize("canonical", ["https://forum.example/", "https://forum.example/index.php",
                                       "https://forum.example/viewforum.php?f=3"])
def test_a_canonical_naming_the_home_page_or_a_board_is_no_thread(canonical, tmp_path):
    """(a misconfigured SEO plugin: one key for every thread of the forum would mix games)"""
    page = tmp_path / "page.html"
    page.write_text(ff.render_phpbb(ff.make_thread(1), 1).replace(
        "<head>", f'<head><link rel="canonical" href="{canonical}">', 1), encoding="utf-8")
    assert scrape(page, tmp_path / "s.sqlite")[0].thread == str(page.resolve())


# ---- stores written before: saved pages keyed by their path ------------------------------------

T0 = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)
T1 = datetime(2026, 11, 3, 9, 0, tzinfo=UTC)


def _old_store(db: Path, folder: Path) -> str:
    """A schema-2 store as votal wrote it before issue 20: the demo folder under its path, one
    post stored in two versions (an edit seen between two saves)."""
    pages = read_saved_folder(folder, ZONE)
    key = str(folder.resolve())
    with Store(db) as store:
        store_saved(store, key, pages, T0)
        first = pages[0].posts[3]
        edited = replace(first, html=first.html + "<p>edited later</p>")
        store.save_page(key, PageRecord(1, pages[0].path.resolve().as_uri(), T1, None, None,
                                        "h", pages[0].html), [edited])
    raw = sqlite3.connect(db)
    raw.executescript("ALTER TABLE pages DROP COLUMN dated; ALTER TABLE pages DROP COLUMN dated_by;"
                      "PRAGMA user_version = 2;")
    raw.close()
    return key


def test_an_old_store_keyed_by_path_is_merged_into_the_thread(tmp_path):
    folder = tmp_path / "pages"
    shutil.copytree(DEMO, folder)
    db = tmp_path / "old.sqlite"
    old_key = _old_store(db, folder)
    summary, posts = scrape(folder, db)  # an up-to-date votal reads the same folder again
    assert (summary.thread, summary.posts, summary.new, summary.edited) == (DEMO_THREAD, 62, 0, 0)
    with Store(db) as store:
        assert [t.key for t in store.threads()] == [DEMO_THREAD]
        assert store.thread(old_key) is None
        assert store.thread(DEMO_THREAD).first_seen == T0
        assert sqlite3.connect(db).execute("PRAGMA user_version").fetchone()[0] == 3
    edited = [p for p in posts if p.versions]
    assert len(edited) == 1 and "edited later" in edited[0].versions[0].html
    assert edited[0].versions[0].seen == T1 and "edited later" not in edited[0].html


def test_merging_keeps_every_body_in_the_order_first_seen(tmp_path):
    """A post stored under both keys: the first reading's row, each distinct body once."""
    def post(html):
        return Post(id="9", number=9, thread="t", url="u#9", author="Νίκος", author_id=None,
                    time=T0, edited=None, html=html)

    with Store(tmp_path / "s.sqlite") as store:
        for key in ("/saved/pages", "https://f/t/1"):
            store.ensure_thread(key, "phpbb", key, T0)
        page = PageRecord(1, "file:///saved/pages/1.html", T0, None, None, "h", "<html/>")
        store.save_page("/saved/pages", page, [post("<p>A</p>")])                   # seen T0
        later = PageRecord(1, "https://f/t/1", T1, None, None, "h", "<html/>")
        store.save_page("https://f/t/1", later, [post("<p>B</p>")])                 # seen T1
        store.save_page("https://f/t/1", replace_seen(later), [post("<p>A</p>")])   # A again
        assert store.merge_thread("/saved/pages", "https://f/t/1")
        assert not store.merge_thread("/saved/pages", "https://f/t/1")  # nothing left there
        (merged,) = store.posts("https://f/t/1")
        assert merged.html == "<p>A</p>" and [v.html for v in merged.versions] == ["<p>B</p>"]
        assert store.page("https://f/t/1", 1).url == "https://f/t/1"  # the thread's own row
        assert [t.key for t in store.threads()] == ["https://f/t/1"]


def replace_seen(page: PageRecord) -> PageRecord:
    return replace(page, fetched=datetime(2026, 11, 4, tzinfo=UTC))
