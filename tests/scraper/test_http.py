"""HTTP client and scrape errors with httpx.MockTransport: one clear VotalError each, exit code 2."""

from __future__ import annotations

import logging
import math
import sys
from pathlib import Path

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).parent))
import fakeforum as ff  # noqa: E402

from votal.errors import (  # noqa: E402
    ChallengeError,
    FetchError,
    InputError,
    LoginWallError,
    NotAThreadError,
    UnknownEngineError,
    VotalError,
)
from votal.scraper.fetch import scrape  # noqa: E402
from votal.scraper.http import HttpClient, HttpOptions, decode, retry_after  # noqa: E402
from votal.scraper.store import Store  # noqa: E402

CF = ("<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>"
      "<script src='/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1'></script></body></html>")
LOGIN = ("<html><body><p>You must be logged in to view this topic.</p>"
         "<form action='/login' method='post'><input name='u'><input type='password' name='p'>"
         "</form></body></html>")


class Clock:
    def __init__(self):
        self.t, self.slept = 0.0, []

    def __call__(self):
        return self.t

    def sleep(self, s):
        self.slept.append(s)
        self.t += s


def make(handler, clock=None, **opts) -> tuple[HttpClient, Clock]:
    clock = clock or Clock()
    return HttpClient(HttpOptions(**opts), transport=httpx.MockTransport(handler),
                      clock=clock, sleep=clock.sleep), clock


def page_html(n=1, last=1, posts=20):
    return ff.render_page(1, ff.make_thread(last, per_page=posts), n, per_page=posts)


@pytest.fixture
def fake():
    with ff.fake_engine() as e:
        yield e


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "s.sqlite") as s:
        yield s


def test_404_is_a_fetch_error():
    c, _ = make(lambda r: httpx.Response(404, text="nope"))
    with pytest.raises(FetchError, match=r"https://f\.example/t/1: HTTP 404 Not Found") as e:
        c.get("https://f.example/t/1")
    assert isinstance(e.value, VotalError) and e.value.exit_code == 2
    assert c.requests == 1  # a 404 is not retried


def test_challenge_is_detected_and_not_retried():
    c, _ = make(lambda r: httpx.Response(503, text=CF, headers={"Server": "cloudflare"}))
    with pytest.raises(ChallengeError, match="anti-bot"):
        c.get("https://f.example/t/1")
    assert c.requests == 1


def test_challenge_on_200_and_cf_mitigated_header():
    c, _ = make(lambda r: httpx.Response(200, text="<html>hi</html>",
                                         headers={"cf-mitigated": "challenge"}))
    with pytest.raises(ChallengeError):
        c.get("https://f.example/t/1")


def test_login_wall_403():
    c, _ = make(lambda r: httpx.Response(403, text=LOGIN))
    with pytest.raises(LoginWallError, match="--cookies"):
        c.get("https://f.example/t/1")


@pytest.mark.parametrize("phrase", ["You must be logged in to do that.",
                                    "Devi essere connesso per vedere questa discussione",
                                    "Πρέπει να συνδεθείτε για να δείτε το θέμα",
                                    "Вы должны войти, чтобы читать эту тему"])
def test_login_wall_200_page_without_posts(fake, store, phrase):
    html = f'<html data-engine="fakeforum"><body><div class="notice">{phrase}</div></body></html>'
    c, _ = make(lambda r: httpx.Response(200, text=html))
    with pytest.raises(LoginWallError):
        scrape("https://f.example/fake/t/1", store=store, client=c, timezone="UTC")


def test_quick_login_form_on_a_real_thread_page_is_fine(fake, store):
    html = page_html().replace("</body>", LOGIN.removeprefix("<html><body>"))
    c, _ = make(lambda r: httpx.Response(200, text=html))
    s = scrape("https://f.example/fake/t/1", store=store, client=c, timezone="UTC")
    assert s.posts == 20


def test_not_a_thread(fake, store):
    c, _ = make(lambda r: httpx.Response(200, text='<html data-engine="fakeforum">forum index'))
    with pytest.raises(NotAThreadError, match="not a Fake Forum thread page"):
        scrape("https://f.example/fake/t/1", store=store, client=c, timezone="UTC")


def test_unknown_engine(store):
    c, _ = make(lambda r: httpx.Response(200, text="<html><body>a blog</body></html>"))
    with pytest.raises(UnknownEngineError, match="https://blog.example/post/1"):
        scrape("https://blog.example/post/1", store=store, client=c, timezone="UTC")


def test_unknown_forced_engine(store):
    c, _ = make(lambda r: httpx.Response(200, text=""))
    with pytest.raises(UnknownEngineError, match="unknown engine 'nosuch'"):
        scrape("nosuch:https://f.example/t/1", store=store, client=c, timezone="UTC")
    assert c.requests == 0


def test_engine_found_from_markup(fake, store):
    c, _ = make(lambda r: httpx.Response(200, text=page_html()))
    s = scrape("https://f.example/showthread?x=1", store=store, client=c, timezone="UTC")
    assert (s.engine, s.posts, s.requests) == ("fakeforum", 20, 1)


def test_known_thread_of_an_unrecognised_url_costs_one_request(fake, store):
    c, _ = make(lambda r: httpx.Response(200, text=page_html()))
    url = "https://f.example/showthread?x=1"
    scrape(url, store=store, client=c, timezone="UTC")
    again = scrape(url, store=store, client=c, timezone="UTC")
    assert (again.engine, again.requests) == ("fakeforum", 1)


def test_forced_engine(fake, store):
    c, _ = make(lambda r: httpx.Response(200, text=page_html()))
    s = scrape("fakeforum:https://f.example/fake/t/1", store=store, client=c, timezone="UTC")
    assert s.engine == "fakeforum"


def test_cross_host_redirect_refused():
    def handler(r):
        if r.url.host == "f.example":
            return httpx.Response(302, headers={"Location": "https://evil.example/login"})
        return httpx.Response(200, text="x")
    c, _ = make(handler)
    with pytest.raises(FetchError, match="another host refused.*evil.example"):
        c.get("https://f.example/t/1")


def test_same_host_redirect_followed():
    def handler(r):
        if r.url.path == "/old":
            return httpx.Response(301, headers={"Location": "https://www.f.example/new"})
        return httpx.Response(200, text="ok")
    c, _ = make(handler)
    r = c.get("https://f.example/old")
    assert (r.url, r.text, c.requests) == ("https://www.f.example/new", "ok", 2)


def test_oversized_response_declared_and_streamed():
    c, _ = make(lambda r: httpx.Response(200, content=b"x" * 2000), max_bytes=1000)
    with pytest.raises(FetchError, match="1,000-byte limit"):
        c.get("https://f.example/t/1")

    def stream(r):
        return httpx.Response(200, stream=httpx.ByteStream(b"y" * 5000))
    c, _ = make(stream, max_bytes=1000)
    with pytest.raises(FetchError, match="limit"):
        c.get("https://f.example/t/1")


def test_retries_with_backoff_and_retry_after_cap():
    answers = [httpx.Response(429, headers={"Retry-After": "3600"}),
               httpx.Response(502), httpx.Response(200, text="ok")]
    c, clock = make(lambda r: answers.pop(0), max_retry_after=60, rate=math.inf)
    assert c.get("https://f.example/t/1").text == "ok"
    assert clock.slept == [60, 2.0]  # capped Retry-After, then backoff 1*2**1
    assert c.requests == 3


def test_retries_exhausted():
    c, clock = make(lambda r: httpx.Response(500), retries=3, rate=math.inf)
    with pytest.raises(FetchError, match="HTTP 500"):
        c.get("https://f.example/t/1")
    assert c.requests == 4 and clock.slept == [1.0, 2.0, 4.0]


def test_network_error_is_retried_then_reported():
    def handler(r):
        raise httpx.ConnectError("connection refused")
    c, _ = make(handler, retries=1, rate=math.inf)
    with pytest.raises(FetchError, match="connection refused; .* `votal tally GAME --offline`"):
        c.get("https://f.example/t/1")
    assert c.requests == 2

    def other(r):
        raise httpx.ReadError("connection reset by peer")
    c, _ = make(other, retries=1, rate=math.inf)
    with pytest.raises(FetchError, match=r"network error \(ReadError: connection reset"):
        c.get("https://f.example/t/1")


def test_rate_limit_per_host():
    c, clock = make(lambda r: httpx.Response(200, text="ok"), rate=0.5)
    c.get("https://a.example/1")
    c.get("https://a.example/2")
    c.get("https://b.example/1")  # another host: no wait
    assert clock.slept == [2.0]


def test_conditional_request_headers_and_304():
    seen = {}

    def handler(r):
        seen.update(r.headers)
        return httpx.Response(304, headers={"ETag": '"abc"'})
    c, _ = make(handler)
    r = c.get("https://f.example/t/1", etag='"abc"', last_modified="Tue, 03 Nov 2026 10:00:00 GMT")
    assert r.not_modified
    assert seen["if-none-match"] == '"abc"'
    assert seen["if-modified-since"] == "Tue, 03 Nov 2026 10:00:00 GMT"


def test_cookies_are_sent_but_never_logged_printed_or_stored(fake, tmp_path, caplog, capsys):
    secret = "s3cr3t-session-value"
    jar = tmp_path / "cookies.txt"
    jar.write_text("# Netscape HTTP Cookie File\n"
                   f".f.example\tTRUE\t/\tFALSE\t0\txf_session\t{secret}\n", encoding="utf-8")
    sent = []

    def handler(r):
        sent.append(r.headers.get("cookie", ""))
        return httpx.Response(404 if "missing" in r.url.path else 200, text=page_html())
    caplog.set_level(logging.DEBUG)
    c = HttpClient(HttpOptions(rate=math.inf), transport=httpx.MockTransport(handler), cookies=jar)
    with Store(tmp_path / "s.sqlite") as st:
        scrape("https://f.example/fake/t/1", store=st, client=c, timezone="UTC")
        with pytest.raises(FetchError) as err:
            c.get("https://f.example/fake/t/missing")
    assert sent[0] == f"xf_session={secret}"
    assert secret not in str(err.value)
    assert secret not in caplog.text
    out = capsys.readouterr()
    assert secret not in out.out + out.err
    for f in tmp_path.glob("s.sqlite*"):
        assert secret.encode() not in f.read_bytes()


def test_bad_cookies_file(tmp_path):
    bad = tmp_path / "c.txt"
    bad.write_text("password=hunter2\n")
    with pytest.raises(InputError, match="cannot read cookies") as e:
        HttpClient(cookies=bad)
    assert "hunter2" not in str(e.value)


def test_decode_charsets():
    assert decode("Ελλάδα".encode("cp1253"), "text/html; charset=windows-1253") == "Ελλάδα"
    body = '<meta charset="windows-1251"><p>Привет</p>'.encode("cp1251")
    assert "Привет" in decode(body, "text/html")
    assert decode("é".encode(), None) == "é"


def test_retry_after_forms():
    assert retry_after("7") == 7.0
    assert retry_after(None) is None
    assert retry_after("garbage") is None
    assert retry_after("Tue, 03 Nov 2026 10:00:30 GMT", now=1793700000.0) == pytest.approx(30.0)


# ---- Discourse goes through its JSON API -------------------------------------------------------

def _dpost(i: int, cooked: str | None = None) -> dict:
    return {"id": 900 + i, "post_number": i, "username": f"user{i % 7}", "user_id": i % 7,
            "created_at": f"2026-11-03T{10 + i // 60:02d}:{i % 60:02d}:00.000Z",
            "updated_at": f"2026-11-03T{10 + i // 60:02d}:{i % 60:02d}:00.000Z",
            "version": 1, "post_type": 1, "cooked": cooked or f"<p>post {i}</p>"}


class DiscourseForum:
    def __init__(self, n: int):
        self.posts = {i: _dpost(i) for i in range(1, n + 1)}
        self.log: list[str] = []

    def __call__(self, r: httpx.Request) -> httpx.Response:
        import json
        self.log.append(str(r.url))
        ids = [900 + i for i in sorted(self.posts)]
        if r.url.path == "/t/55.json":
            body = {"id": 55, "slug": "mafia-7", "post_stream": {
                "stream": ids, "posts": [self.posts[i] for i in sorted(self.posts)[:20]]}}
            etag = f'"{len(json.dumps(body))}-{hash(json.dumps(body, sort_keys=True))}"'
            if r.headers.get("if-none-match") == etag:
                return httpx.Response(304, headers={"ETag": etag})
            return httpx.Response(200, json=body, headers={"ETag": etag})
        if r.url.path == "/t/55/posts.json":
            want = [int(v) - 900 for k, v in r.url.params.multi_items() if k == "post_ids[]"]
            return httpx.Response(200, json={"post_stream": {
                "posts": [self.posts[i] for i in want]}, "id": 55})
        return httpx.Response(404)


def test_discourse_uses_json_api_incrementally(store):
    forum = DiscourseForum(45)
    c, _ = make(forum, rate=math.inf)
    url = "https://d.example/t/mafia-7/55"
    s1 = scrape(url, store=store, client=c, timezone="UTC")
    assert (s1.engine, s1.new, s1.requests) == ("discourse", 45, 3)  # topic + 2 batches of 20
    posts = store.posts(s1.thread)
    assert [p.number for p in posts] == list(range(1, 46))
    # unchanged: one conditional request
    s2 = scrape(url, store=store, client=c, timezone="UTC")
    assert (s2.new, s2.edited, s2.requests) == (0, 0, 1)
    # two new posts: topic + one batch with only the two new ids
    forum.posts[46], forum.posts[47] = _dpost(46), _dpost(47)
    forum.log.clear()
    s3 = scrape(url, store=store, client=c, timezone="UTC")
    assert (s3.new, s3.requests) == (2, 2)
    assert "post_ids[]=946&post_ids[]=947" in forum.log[1]
    # an edit of an early post shows up (it is embedded in the topic answer)
    forum.posts[3] = {**_dpost(3, "<p>post 3 edited</p>"), "version": 2}
    s4 = scrape(url, store=store, client=c, timezone="UTC")
    assert s4.edited == 1
    p3 = next(p for p in store.posts(s1.thread) if p.number == 3)
    assert p3.html == "<p>post 3</p>" and p3.versions[0].html == "<p>post 3 edited</p>"
