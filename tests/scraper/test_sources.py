"""Every [source] form into Post records: URL (online/offline), saved page(s), JSONL, BBCode JSONL;
and the `votal scrape` command over them."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import fakeforum as ff  # noqa: E402

from votal.cli import main  # noqa: E402
from votal.errors import InputError, PostsFileError, ScrapeError  # noqa: E402
from votal.scraper.model import read_posts_jsonl, write_posts_jsonl  # noqa: E402
from votal.scraper.sources import saved_url, scrape_source, source_posts  # noqa: E402
from votal.scraper.store import Store  # noqa: E402

DEMO_PAGES = Path(__file__).resolve().parents[2] / "fixtures" / "demo" / "pages"


@pytest.fixture
def fake():
    with ff.fake_engine() as e:
        yield e


def save_pages(folder: Path, posts, names: dict[int, str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for n, name in names.items():
        (folder / name).write_text(ff.render_page(7, posts, n), encoding="utf-8")


def test_folder_sorted_by_page_number_not_file_name(fake, tmp_path):
    posts = ff.make_thread(3)
    # file names that sort the wrong way: page 3 first, page 1 last
    save_pages(tmp_path / "pages", posts, {3: "a.html", 2: "b.htm", 1: "c.html"})
    got = source_posts("pages", base_dir=tmp_path, db=None, timezone="Europe/Athens", offline=True)
    assert [p.id for p in got] == [str(p.id) for p in posts]


def test_folder_with_the_same_page_twice_is_refused(fake, tmp_path):
    posts = ff.make_thread(2)
    save_pages(tmp_path / "pages", posts, {1: "p1.html", 2: "p2.html"})
    (tmp_path / "pages" / "p1-copy.html").write_text(ff.render_page(7, posts, 1))
    with pytest.raises(InputError, match="both page 1"):
        source_posts("pages", base_dir=tmp_path, db=None, timezone="UTC", offline=True)


def test_single_saved_page_and_missing_paths(fake, tmp_path):
    save_pages(tmp_path, ff.make_thread(2), {2: "page2.html"})
    got = source_posts(str(tmp_path / "page2.html"), base_dir=Path("/"), db=None, timezone="UTC",
                     offline=True)
    assert [p.number for p in got] == list(range(21, 41))
    with pytest.raises(InputError, match="no such file"):
        source_posts("nope.html", base_dir=tmp_path, db=None, timezone="UTC", offline=True)
    (tmp_path / "notes.txt").write_text("x")
    with pytest.raises(InputError, match="not a saved page"):
        source_posts("notes.txt", base_dir=tmp_path, db=None, timezone="UTC", offline=True)
    (tmp_path / "empty").mkdir()
    with pytest.raises(InputError, match="no saved pages"):
        source_posts("empty", base_dir=tmp_path, db=None, timezone="UTC", offline=True)


def test_unknown_zone_is_an_input_error(tmp_path):
    with pytest.raises(InputError, match="Mars/Olympus"):
        source_posts("x.jsonl", base_dir=tmp_path, db=None, timezone="Mars/Olympus", offline=True)


def test_posts_jsonl_and_bbcode_jsonl(tmp_path):
    rows = [{"id": "2", "number": 2, "author": "Νίκος", "time": "2026-11-02T19:00:00+02:00",
             "html": "<p>b</p>"},
            {"id": "1", "number": 1, "author": "Λάμπρος", "time": "2026-11-02T18:00:00+02:00",
             "html": "<p>a</p>"}]
    (tmp_path / "posts.jsonl").write_text("\n".join(json.dumps(r) for r in rows))
    got = source_posts("posts.jsonl", base_dir=tmp_path, db=None, timezone="UTC", offline=True)
    assert [p.id for p in got] == ["1", "2"]
    bb = [{"id": "9", "author": "Ελένη", "time": "2026-11-02T18:00:00+02:00",
           "bbcode": "[color=red]Νίκος[/color]"}]
    (tmp_path / "bb.jsonl").write_text(json.dumps(bb[0], ensure_ascii=False))
    (post,) = source_posts("bb.jsonl", base_dir=tmp_path, db=None, timezone="UTC", offline=True)
    assert "color" in post.html and "Νίκος" in post.html and "[color" not in post.html


def test_bad_jsonl_names_file_and_line(tmp_path):
    (tmp_path / "p.jsonl").write_text('{"id": "1", "author": "A"}\n')
    with pytest.raises(PostsFileError, match=r"p.jsonl:1: missing 'time'"):
        source_posts("p.jsonl", base_dir=tmp_path, db=None, timezone="UTC", offline=True)


def test_saved_pages_go_into_the_store_and_keep_edits(fake, tmp_path):
    posts = ff.make_thread(2)
    save_pages(tmp_path / "pages", posts, {1: "1.html", 2: "2.html"})
    db = tmp_path / "s.sqlite"
    first = source_posts("pages", base_dir=tmp_path, db=db, timezone="UTC", offline=True)
    assert len(first) == 40
    posts[5].html = "<p>post 6 edited</p>"
    save_pages(tmp_path / "pages", posts, {1: "1.html"})  # saved again after the edit
    again = source_posts("pages", base_dir=tmp_path, db=db, timezone="UTC", offline=True)
    assert again[5].html == "<p>post 6</p>"
    assert [v.html for v in again[5].versions] == ["<p>post 6 edited</p>"]
    with Store(db) as store:
        assert store.thread(str((tmp_path / "pages").resolve())) is not None


def test_url_online_then_offline(fake, tmp_path):
    posts = ff.make_thread(3)
    db = tmp_path / "s.sqlite"
    with ff.ForumServer() as srv:
        for n in (1, 2, 3):
            srv.pages["/fake/t/7" + ("" if n == 1 else f"/page-{n}")] = ff.render_page(7, posts, n)
        url = srv.url("/fake/t/7/page-2")  # any page of the thread names it
        with pytest.raises(ScrapeError, match="not in the store"):
            source_posts(url, base_dir=tmp_path, db=db, timezone="UTC", offline=True)
        online = source_posts(url, base_dir=tmp_path, db=db, timezone="UTC", offline=False)
        served = len(srv.log)
    offline = source_posts(url, base_dir=tmp_path, db=db, timezone="UTC", offline=True)
    assert [p.id for p in online] == [p.id for p in offline] == [str(p.id) for p in posts]
    assert served == 3


def test_demo_pages_as_an_offline_folder(tmp_path):
    got = source_posts(str(DEMO_PAGES), base_dir=tmp_path, db=None, timezone="Europe/Athens",
                     offline=True)
    assert len(got) == 62 and got[0].author == "Αφηγητής" and got[-1].author == "Κατερίνα"


def test_scrape_command_folder_to_store_and_out(fake, tmp_path, capsys):
    save_pages(tmp_path / "pages", ff.make_thread(2), {1: "1.html", 2: "2.html"})
    out, db = tmp_path / "posts.jsonl", tmp_path / "s.sqlite"
    rc = main(["scrape", str(tmp_path / "pages"), "--db", str(db), "--out", str(out)])
    text = capsys.readouterr().out
    assert rc == 0
    assert "2 pages, 40 posts, 40 new, 0 edited (0 requests)" in text
    assert f"wrote 40 posts to {out}" in text
    assert [p.number for p in read_posts_jsonl(out)] == list(range(1, 41))
    # a later command reads the same thread from the store
    summary, posts = scrape_source(str(tmp_path / "pages"), db=db, timezone="UTC")
    assert (summary.new, len(posts)) == (0, 40)


def test_scrape_command_errors_are_one_line_exit_2(tmp_path, capsys):
    rc = main(["scrape", str(tmp_path / "missing"), "--db", str(tmp_path / "s.sqlite")])
    err = capsys.readouterr().err
    assert rc == 2 and err.startswith("votal: ") and err.count("\n") == 1
    assert "missing: no such file or folder" in err


def test_scrape_command_over_http_with_url(fake, tmp_path, capsys):
    posts = ff.make_thread(1)
    with ff.ForumServer() as srv:
        srv.pages["/fake/t/7"] = ff.render_page(7, posts, 1)
        rc = main(["scrape", srv.url("/fake/t/7"), "--db", str(tmp_path / "s.sqlite"),
                   "--rate", "50", "--timezone", "Europe/Athens"])
    assert rc == 0
    assert "1 page, 20 posts, 20 new, 0 edited (1 request)" in capsys.readouterr().out


def test_write_posts_jsonl_round_trip_keeps_versions(fake, tmp_path):
    posts = ff.make_thread(1)
    save_pages(tmp_path / "p", posts, {1: "1.html"})
    db = tmp_path / "s.sqlite"
    source_posts("p", base_dir=tmp_path, db=db, timezone="UTC", offline=True)
    posts[0].html = "<p>changed</p>"
    save_pages(tmp_path / "p", posts, {1: "1.html"})
    got = source_posts("p", base_dir=tmp_path, db=db, timezone="UTC", offline=True)
    write_posts_jsonl(got, tmp_path / "o.jsonl")
    back = read_posts_jsonl(tmp_path / "o.jsonl")
    assert back[0].html == "<p>post 1</p>" and back[0].versions[0].html == "<p>changed</p>"


def test_saved_page_in_windows_1251_is_decoded(fake, tmp_path):
    posts = ff.make_thread(1)
    posts[0].author = "Вася"
    html = ff.render_page(7, posts, 1).replace('<meta charset="utf-8">',
                                                '<meta charset="windows-1251">')
    (tmp_path / "ru.html").write_bytes(html.encode("cp1251", errors="replace"))
    got = source_posts("ru.html", base_dir=tmp_path, db=None, timezone="UTC", offline=True)
    assert got[0].author == "Вася"


def test_failed_first_scrape_leaves_nothing_to_read_offline(fake, tmp_path):
    db = tmp_path / "s.sqlite"
    with ff.ForumServer() as srv:  # serves nothing: 404
        url = srv.url("/fake/t/9")
        from votal.errors import FetchError
        with pytest.raises(FetchError, match="404"):
            source_posts(url, base_dir=tmp_path, db=db, timezone="UTC", offline=False)
    with pytest.raises(ScrapeError, match="not in the store"):
        source_posts(url, base_dir=tmp_path, db=db, timezone="UTC", offline=True)


def test_saved_page_names_the_forum_thread_not_the_file(tmp_path):
    got = source_posts(str(DEMO_PAGES / "page-2.html"), base_dir=tmp_path, db=None,
                     timezone="Europe/Athens", offline=True)
    base = "https://forum.palermo.example/forums/topic/4312-palermo-43-extreme/"
    assert {p.thread for p in got} == {base}
    assert got[0].number == 26 and got[0].url.startswith(base)


def test_offline_reads_a_store_on_a_read_only_disk(fake, tmp_path):
    """issue 8: --offline opens the store mode=ro; nothing is written, the posts are read."""
    posts = ff.make_thread(2)
    db = tmp_path / "ro" / "s.sqlite"
    with ff.ForumServer() as srv:
        for n in (1, 2):
            srv.pages["/fake/t/7" + ("" if n == 1 else f"/page-{n}")] = ff.render_page(7, posts, n)
        url = srv.url("/fake/t/7")
        source_posts(url, base_dir=tmp_path, db=db, timezone="UTC", offline=False)
    before = db.read_bytes()
    db.chmod(0o444)
    db.parent.chmod(0o555)
    try:
        got = source_posts(url, base_dir=tmp_path, db=db, timezone="UTC", offline=True)
    finally:
        db.parent.chmod(0o755)
        db.chmod(0o644)
    assert [p.id for p in got] == [str(p.id) for p in posts]
    assert db.read_bytes() == before


@pytest.mark.parametrize("head,want", [
    ('<link rel="canonical" href="https://f.example/t/1?page=2&amp;x=1">'
     '<meta property="og:url" content="https://f.example/other">',
     "https://f.example/t/1?page=2&x=1"),
    ('<meta content="https://f.example/topic/9-x/" property="og:url">',
     "https://f.example/topic/9-x/"),
    ("<!-- saved from url=(0046)https://f.example/viewtopic.php?t=5&start=20 -->\n<html>",
     "https://f.example/viewtopic.php?t=5&start=20"),
    ("<html><head><title>no address</title>", None),
    ("<!-- saved from url=(0014)about:internet -->", None),
])
def test_saved_url_from_canonical_og_url_or_the_browsers_note(head, want):
    assert saved_url(head) == want
