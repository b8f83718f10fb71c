"""issue 20, item 9: a cut-off answer is not a page. A compressed answer (gzip, deflate) cut off
mid-stream, a body shorter than its Content-Length, a chunked body without its last chunk: each is
a failed fetch, retried, then refused in one line; nothing of it is stored as if whole.

Against a real server on 127.0.0.1; sleeps are fake (recorded, never slept).
"""

from __future__ import annotations

import gzip
import math
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import fakeforum as ff  # noqa: E402

from votal.cli import main  # noqa: E402
from votal.errors import FetchError  # noqa: E402
from votal.scraper import codings  # noqa: E402
from votal.scraper.http import HttpClient, HttpOptions  # noqa: E402
from votal.scraper.store import Store  # noqa: E402


class CutServer:
    """Serves ``pages`` (path -> html) gzip-compressed; ``plan[path]`` lists how the next answers
    to that path go wrong, one each, before they come whole:

    ``gzip-cut`` / ``deflate-cut``: the compressed stream's first half, with a Content-Length
    that matches it (a proxy that passed on what it had); ``short``: the first half of the bytes
    its Content-Length announces, then the connection closes; ``chunked-cut``: chunked, the
    connection closing before the last chunk.
    """

    def __init__(self):
        self.pages: dict[str, str] = {}
        self.plan: dict[str, list[str]] = {}
        self.asked: list[str] = []
        self.lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_GET(self):
                with server.lock:
                    server.asked.append(self.path)
                    plan = server.plan.get(self.path) or []
                    mode = plan.pop(0) if plan else "whole"
                page = server.pages.get(self.path)
                if page is None:
                    self.send_response(404)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                raw = page.encode("utf-8")
                body = zlib.compress(raw) if mode == "deflate-cut" else gzip.compress(raw)
                self.close_connection = True
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Encoding", "deflate" if mode == "deflate-cut" else "gzip")
                self.send_header("Connection", "close")
                if mode == "chunked-cut":
                    self.send_header("Transfer-Encoding", "chunked")
                    self.end_headers()
                    half = body[: len(body) // 2]
                    self.wfile.write(f"{len(half):x}\r\n".encode() + half + b"\r\n")
                    return  # no 0-length last chunk: the connection just closes
                if mode in ("gzip-cut", "deflate-cut"):
                    body = body[: len(body) // 2]
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body[: len(body) // 2] if mode == "short" else body)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def __enter__(self) -> CutServer:
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


POSTS = ff.make_thread(2)


@pytest.fixture
def forum():
    with CutServer() as srv:
        for n in (1, 2):
            srv.pages[ff.phpbb_path(n)] = ff.render_phpbb(POSTS, n)
        yield srv


def client(lines, slept, **kw):
    kw.setdefault("rate", math.inf)
    return HttpClient(HttpOptions(**kw), sleep=slept.append, notify=lines.append)


def test_a_whole_gzip_answer_is_read_whole(forum):
    with client([], []) as c:
        resp = c.get(forum.base + ff.phpbb_path(1))
    assert resp.text == forum.pages[ff.phpbb_path(1)]


def test_a_gzip_answer_cut_mid_stream_is_retried_then_refused(forum):
    path = ff.phpbb_path(2)
    forum.plan[path] = ["gzip-cut"] * 5
    lines, slept = [], []
    url = forum.base + path
    with client(lines, slept) as c, pytest.raises(FetchError) as e:
        c.get(url)
    msg = str(e.value)
    assert "\n" not in msg
    assert msg.startswith(f"{url}: the answer was cut off (gzip stream ends early, after ")
    assert msg.endswith(", 5 times; nothing of it was stored: try again later")
    assert forum.asked.count(path) == 5
    assert [line.split(", retry ")[1] for line in lines] == [
        "1/4 in 1 s", "2/4 in 2 s", "3/4 in 4 s", "4/4 in 8 s"]
    assert all(line.startswith(f"{url}: the answer was cut off (gzip") for line in lines)


def test_a_cut_answer_then_a_whole_one_gives_the_whole_page(forum):
    path = ff.phpbb_path(2)
    forum.plan[path] = ["gzip-cut", "short"]
    lines = []
    with client(lines, []) as c:
        resp = c.get(forum.base + path)
    assert resp.text == forum.pages[path]
    assert len(lines) == 2 and "cut off" in lines[0] and "Content-Length" in lines[1]


@pytest.mark.parametrize("mode, words", [
    ("deflate-cut", "the answer was cut off (deflate stream ends early"),
    ("short", "bytes its Content-Length announced)"),
    ("chunked-cut", "the answer was cut off ("),
])
def test_every_kind_of_cut_is_refused(forum, mode, words):
    path = ff.phpbb_path(1)
    forum.plan[path] = [mode] * 3
    with client([], [], retries=2) as c, pytest.raises(FetchError) as e:
        c.get(forum.base + path)
    assert words in str(e.value) and "3 times; nothing of it was stored" in str(e.value)


def test_a_scrape_stores_nothing_of_a_cut_page(forum, tmp_path, capsys, monkeypatch):
    """Before issue 20 the half page was stored (20 posts of page 1 + 10 of page 2) and the
    scrape ended with exit 0."""
    monkeypatch.setattr(time, "sleep", lambda s: None)  # the CLI's client sleeps with time.sleep
    forum.plan[ff.phpbb_path(2)] = ["gzip-cut"] * 5
    db = tmp_path / "s.sqlite"
    url = forum.base + ff.phpbb_path(1)
    assert main(["scrape", url, "--db", str(db), "--rate", "1000", "--concurrency", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 5, err  # four retry lines, then the one error line
    assert err[-1].startswith(f"votal: {forum.base + ff.phpbb_path(2)}: the answer was cut off")
    with Store(db) as store:
        (thread,) = store.threads()
        assert store.page_numbers(thread.key) == [1]
        assert {p.id for p in store.posts(thread.key)} == {str(p.id) for p in POSTS[:20]}
    # the next run, the forum whole again, reads page 2 whole
    assert main(["scrape", url, "--db", str(db), "--rate", "1000"]) == 0
    assert "20 new" in capsys.readouterr().out
    with Store(db) as store:
        assert len(store.posts(store.threads()[0].key)) == 40


# ---- codings.Body, the pure part ------------------------------------------------------------

def test_gzip_members_one_after_another_are_one_body():
    data = gzip.compress(b"<html>one ") + gzip.compress(b"two</html>")
    body = codings.Body(["gzip"], 1000)
    out = body.feed(data[:7]) + body.feed(data[7:])
    body.end()
    assert out == b"<html>one two</html>"


def test_a_second_gzip_member_cut_is_cut():
    data = gzip.compress(b"one ") + gzip.compress(b"two two two two")[:12]
    body = codings.Body(["gzip"], 1000)
    body.feed(data)
    with pytest.raises(codings.CutShort, match="gzip stream ends early"):
        body.end()


def test_raw_deflate_and_zlib_deflate_are_both_read():
    raw = zlib.compressobj(wbits=-zlib.MAX_WBITS)
    for data in (zlib.compress(b"page"), raw.compress(b"page") + raw.flush()):
        body = codings.Body(["deflate"], 1000)
        assert body.feed(data) == b"page"
        body.end()


def test_an_empty_body_is_empty_not_cut():
    body = codings.Body(["gzip"], 1000)
    assert body.feed(b"") == b""
    body.end()  # (a 304 keeps its Content-Encoding and has no body)


def test_a_body_that_inflates_past_the_limit_is_too_large():
    body = codings.Body(["gzip"], 1000)
    with pytest.raises(codings.TooLarge):
        body.feed(gzip.compress(b"x" * 100_000))


def test_a_coding_never_asked_for_is_refused_not_read_as_text():
    with pytest.raises(codings.Damaged, match="br compression"):
        codings.Body(["br"], 1000)
    assert codings.Body(["identity"], 10).feed(b"abc") == b"abc"
