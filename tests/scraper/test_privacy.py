"""issue 8: session ids in links and credentials in URLs are never stored or printed."""

from __future__ import annotations

import math
import sqlite3
import sys
import zlib
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import fakeforum as ff  # noqa: E402

from votal.cli import main  # noqa: E402
from votal.errors import InputError  # noqa: E402
from votal.scraper.fetch import scrape  # noqa: E402
from votal.scraper.http import HttpClient, HttpOptions  # noqa: E402
from votal.scraper.privacy import clean_url, strip_sessions  # noqa: E402
from votal.scraper.store import Store  # noqa: E402

SID = "0123456789abcdef0123456789abcdef"


@pytest.mark.parametrize("text, expected", [
    (f"viewtopic.php?f=3&amp;t=77&amp;sid={SID}", "viewtopic.php?f=3&amp;t=77"),
    (f"viewtopic.php?sid={SID}&amp;f=3", "viewtopic.php?f=3"),
    (f"./memberlist.php?mode=viewprofile&amp;u=5&amp;sid={SID}#x", "./memberlist.php?mode=viewprofile&amp;u=5#x"),
    (f"index.php?sid={SID}", "index.php"),
    (f"showthread.php?s={SID}&t=5", "showthread.php?t=5"),
    (f"showthread.php?t=5&s={SID}&p=2", "showthread.php?t=5&p=2"),
    ("index.php?PHPSESSID=abcdef123456;topic=12.0", "index.php?topic=12.0"),
    ("index.php?topic=12.0;PHPSESSID=abcdef123456", "index.php?topic=12.0"),
    ("/t/1;jsessionid=ABCDEF1234?p=2", "/t/1?p=2"),
    ("/forum?sessionid=a1b2c3d4e5&t=1", "/forum?t=1"),
    (f'var SESSIONURL = "s={SID}&amp;";', 'var SESSIONURL = "";'),
    (f'<input type="hidden" name="sid" value="{SID}" />', '<input type="hidden" name="sid" value="" />'),
    # not session ids: kept
    ("search.php?s=hello", "search.php?s=hello"),
    ("viewtopic.php?f=3&amp;t=77&amp;start=20", "viewtopic.php?f=3&amp;t=77&amp;start=20"),
    ("<p>the sid=12 of my cousin</p>", "<p>the sid=12 of my cousin</p>"),
])
def test_strip_sessions(text, expected):
    assert strip_sessions(text) == expected


def test_clean_url_drops_credentials_and_session():
    assert clean_url(f"https://bob:hunter2@forum.example/viewtopic.php?t=1&sid={SID}") == \
        "https://forum.example/viewtopic.php?t=1"


@pytest.fixture
def forum():
    with ff.fake_engine(), ff.ForumServer() as srv:
        yield srv


def every_stored_text(db: Path) -> str:
    con = sqlite3.connect(db)
    parts = []
    for table in ("threads", "pages", "posts", "post_versions"):
        for row in con.execute(f"SELECT * FROM {table}"):
            for v in row:
                if isinstance(v, bytes):
                    v = zlib.decompress(v).decode("utf-8")
                parts.append(str(v))
    con.close()
    return "\n".join(parts)


def test_phpbb_session_ids_never_reach_the_store_or_the_output(forum, tmp_path, capsys):
    posts = ff.make_thread(2)
    posts[3].html = (f'<p>see <a href="./viewtopic.php?p=1003&amp;sid={SID}#p1003">this</a></p>')
    for n in (1, 2):
        html = ff.render_phpbb(posts, n).replace("viewtopic.php?", f"viewtopic.php?sid={SID}&amp;")
        html = html.replace("memberlist.php?", f"memberlist.php?sid={SID}&amp;")
        forum.pages[ff.phpbb_path(n)] = html
    db = tmp_path / "s.sqlite"
    url = forum.url(ff.phpbb_path(1)) + f"&sid={SID}"  # copied from the browser, sid included
    out = tmp_path / "posts.jsonl"
    assert main(["scrape", url, "--db", str(db), "--out", str(out), "--rate", "1000"]) == 0
    printed = capsys.readouterr()
    assert "40 posts, 40 new" in printed.out
    assert SID not in printed.out + printed.err
    stored = every_stored_text(db)
    assert SID not in stored and "viewtopic.php" in stored
    assert SID not in out.read_text(encoding="utf-8")
    with Store(db) as st:
        (thread,) = st.threads()
        assert thread.key == forum.url(ff.phpbb_path(1))


def test_url_with_credentials_is_refused_without_printing_them(forum, tmp_path, capsys):
    forum.pages["/fake/t/7"] = ff.render_page(7, ff.make_thread(1), 1)
    url = forum.url("/fake/t/7").replace("http://", "http://bob:hunter2@")
    db = tmp_path / "s.sqlite"
    assert main(["scrape", url, "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert "hunter2" not in err and "bob" not in err
    assert err.startswith(f"votal: {forum.url('/fake/t/7')}: the URL holds a user name and "
                          "password") and "--cookies" in err
    assert forum.log == []  # nothing was sent
    assert not db.exists() or "hunter2" not in every_stored_text(db)


def test_credentials_in_a_redirect_are_never_sent_or_kept(forum, tmp_path):
    forum.pages["/fake/t/7"] = ff.render_page(7, ff.make_thread(1), 1)
    forum.faults["/fake/t/7"] = [(302, {"Location": forum.url("/fake/t/7").replace(
        "http://", "http://eve:s3cret@")})]
    with Store(tmp_path / "s.sqlite") as st, \
            HttpClient(HttpOptions(rate=math.inf), sleep=lambda s: None) as c:
        summary = scrape(forum.url("/fake/t/7"), store=st, client=c, timezone="UTC")
        assert "s3cret" not in every_stored_text(tmp_path / "s.sqlite")
    assert summary.new == 20
    assert all("Authorization" not in h for h in forum.headers_seen)


def test_scrape_refuses_credentials_in_the_library_too(tmp_path):
    with Store(tmp_path / "s.sqlite") as st, HttpClient() as c:
        with pytest.raises(InputError, match="user name and password") as e:
            scrape("https://u:pw@forum.example/fake/t/1", store=st, client=c, timezone="UTC")
    assert "pw@" not in str(e.value)


def test_saved_pages_lose_their_session_ids_too(tmp_path):
    with ff.fake_engine():
        from votal.scraper.sources import source_posts

        posts = ff.make_thread(1)
        posts[0].html = f'<a href="viewtopic.php?t=1&amp;sid={SID}">link</a>'
        (tmp_path / "p1.html").write_text(ff.render_page(7, posts, 1), encoding="utf-8")
        db = tmp_path / "s.sqlite"
        got = source_posts("p1.html", base_dir=tmp_path, db=db, timezone="UTC", offline=True)
    assert got[0].html == '<a href="viewtopic.php?t=1">link</a>'
    assert SID not in every_stored_text(db)
