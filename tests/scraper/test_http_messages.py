"""issue 8: long waits are never silent. A line for every retry, the hint --offline when the
forum stays down, a stalled server costs one timeout per attempt and few attempts.

Against real servers on 127.0.0.1; sleeps are fake (recorded, never slept), timeouts tiny.
"""

from __future__ import annotations

import math
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import fakeforum as ff  # noqa: E402

from votal.cli import main  # noqa: E402
from votal.errors import FetchError  # noqa: E402
from votal.scraper.http import HttpClient, HttpOptions  # noqa: E402

PAGE = "/fake/t/7"


def client(lines, slept, **kw):
    kw.setdefault("rate", math.inf)
    return HttpClient(HttpOptions(**kw), sleep=slept.append, notify=lines.append)


@pytest.fixture
def forum():
    with ff.fake_engine(), ff.ForumServer() as srv:
        srv.pages[PAGE] = ff.render_page(7, ff.make_thread(1), 1)
        yield srv


def test_a_line_for_every_retry(forum):
    forum.faults[PAGE] = [(503, {}), (503, {}), (429, {"Retry-After": "7"})]
    lines, slept = [], []
    with client(lines, slept) as c:
        assert c.get(forum.url(PAGE)).status == 200
    url = forum.url(PAGE)
    assert lines == [f"{url}: HTTP 503, retry 1/4 in 1 s", f"{url}: HTTP 503, retry 2/4 in 2 s",
                     f"{url}: HTTP 429, retry 3/4 in 7 s"]
    assert slept == [1.0, 2.0, 7.0]


def test_forum_down_after_the_retries_says_offline(forum):
    forum.faults[PAGE] = [(503, {})] * 5
    lines, slept = [], []
    with client(lines, slept) as c, pytest.raises(FetchError) as e:
        c.get(forum.url(PAGE))
    assert str(e.value) == (f"{forum.url(PAGE)}: HTTP 503 Service Unavailable after 5 attempts; "
                            "the forum seems down or unreachable: try again later, or work "
                            "from what is already stored: `votal tally GAME --offline` "
                            "(history, chart, report and audit take --offline too)")
    assert len(lines) == 4 and lines[-1].endswith("retry 4/4 in 8 s")


def test_rate_limited_to_the_end_suggests_a_lower_rate(forum):
    forum.faults[PAGE] = [(429, {})] * 3
    with client([], [], retries=2, rate=5) as c, pytest.raises(FetchError, match=r"lower --rate \(now 5\)"):
        c.get(forum.url(PAGE))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_connection_refused_says_offline():
    lines, slept = [], []
    url = f"http://127.0.0.1:{free_port()}/fake/t/7"
    with client(lines, slept, retries=2) as c, pytest.raises(FetchError) as e:
        c.get(url)
    assert str(e.value).startswith(f"{url}: connection refused; the forum seems down")
    assert "--offline" in str(e.value)
    assert lines == [f"{url}: connection refused, retry 1/2 in 1 s",
                     f"{url}: connection refused, retry 2/2 in 2 s"]


class StalledServer:
    """Accepts, reads the request, then says nothing until released."""

    def __init__(self):
        self.release = threading.Event()
        self.requests = 0
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                outer.requests += 1
                outer.release.wait(30)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}{PAGE}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.release.set()
        self.httpd.shutdown()
        self.httpd.server_close()


def test_a_stalled_server_costs_two_timeouts_with_a_line_each():
    srv = StalledServer()
    lines, slept = [], []
    try:
        with client(lines, slept, timeout=0.2) as c, pytest.raises(FetchError) as e:
            c.get(srv.url)
    finally:
        srv.close()
    assert str(e.value).startswith(f"{srv.url}: no answer in 0.2 s; the forum seems down")
    assert lines == [f"{srv.url}: no answer in 0.2 s, retry 1/4 in 1 s"]
    assert srv.requests == 2  # timeout_retries = 1: not the 5 attempts of a 503


def test_default_timeouts_bound_a_stall():
    opts = HttpOptions()
    # one stalled run: (1 + timeout_retries) reads of `timeout` s, plus one backoff
    worst = (1 + opts.timeout_retries) * (opts.connect_timeout + opts.timeout) + opts.backoff
    assert worst <= 61


def test_cli_prints_retry_lines_and_the_offline_hint(forum, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(time, "sleep", lambda s: None)  # the CLI's client sleeps with time.sleep
    forum.faults[PAGE] = [(503, {})] * 5
    game = ff.write_game(tmp_path, forum.url(PAGE))
    assert main(["tally", str(game), "--db", str(tmp_path / "s.sqlite"), "--rate", "1000"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    url = forum.url(PAGE)
    assert err[:4] == [f"votal: {url}: HTTP 503, retry {i}/4 in {2 ** (i - 1)} s"
                       for i in range(1, 5)]
    assert len(err) == 5 and err[4].startswith(f"votal: {url}: HTTP 503 Service Unavailable")
    assert err[4].endswith("`votal tally GAME --offline` (history, chart, report and audit take "
                           "--offline too)")


# ---- a host that does not exist (issue 20, item 8) -----------------------------------------

@pytest.fixture
def no_such_host(monkeypatch):
    """The name lookup of ``*.invalid`` hosts (RFC 6761) fails as a resolver says "no such name";
    ``again.invalid`` as one that got no answer. No packet leaves the machine."""
    real = socket.getaddrinfo

    def lookup(host, *args, **kwargs):
        if isinstance(host, str) and host.endswith(".invalid"):
            if host.startswith("again."):
                raise socket.gaierror(socket.EAI_AGAIN, "Temporary failure in name resolution")
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return real(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", lookup)


def test_an_unknown_host_is_said_so_and_not_retried(no_such_host):
    lines, slept = [], []
    url = "https://no-such-forum.invalid/viewtopic.php?t=1"
    with client(lines, slept) as c, pytest.raises(FetchError) as e:
        c.get(url)
    assert str(e.value) == (f"{url}: unknown host no-such-forum.invalid (no such name in DNS): "
                            "check the URL")
    assert lines == [] and slept == [] and c.requests == 1


def test_a_lookup_without_answer_is_final_too(no_such_host):
    lines = []
    with client(lines, []) as c, pytest.raises(FetchError, match=r"cannot look up the host "
                                                r"again\.invalid \(no answer from the name server"):
        c.get("http://again.invalid/t/1")
    assert lines == [] and c.requests == 1


def test_cli_an_unknown_host_is_one_line(no_such_host, tmp_path, capsys):
    url = "https://forum.invalid/viewtopic.php?t=1"
    assert main(["scrape", url, "--db", str(tmp_path / "s.sqlite")]) == 2
    err = capsys.readouterr().err
    assert err == f"votal: {url}: unknown host forum.invalid (no such name in DNS): check the URL\n"
    assert "seems down" not in err and "retry" not in err
