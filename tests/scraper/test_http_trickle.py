"""A server that keeps the line open without ever finishing, and one that redirects to no URL
(issue 8 bad input). A byte every half second is within the read timeout each time, so before
``answer_timeout`` a trickling server held `votal scrape` for as long as it liked (measured: still
running after 200 s); a Location header that is no URL was retried four times as a network error.
Against real servers on 127.0.0.1; sleeps are fake, timeouts tiny."""

from __future__ import annotations

import math
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from votal.errors import FetchError
from votal.scraper.http import HttpClient, HttpOptions


class Server:
    """``/trickle``: a 200 whose body comes one byte each ``gap`` seconds, never ending;
    ``/nowhere``: a redirect to ``http://[::1`` (no URL); counts the requests."""

    def __init__(self, gap: float = 0.05):
        self.requests = 0
        self.stop = threading.Event()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                outer.requests += 1
                if self.path == "/nowhere":
                    self.send_response(302)
                    self.send_header("Location", "http://[::1")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.end_headers()
                try:
                    while not outer.stop.is_set():
                        self.wfile.write(b" ")
                        self.wfile.flush()
                        time.sleep(gap)
                except OSError:   # the client gave up and closed the line
                    pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.httpd.shutdown()
        self.httpd.server_close()


def client(lines, slept, **kw):
    return HttpClient(HttpOptions(rate=math.inf, **kw), sleep=slept.append, notify=lines.append)


def test_an_answer_trickling_for_ever_is_given_up_after_answer_timeout():
    lines, slept = [], []
    with Server() as srv:
        began = time.monotonic()
        with client(lines, slept, timeout=2, answer_timeout=0.3) as c, \
                pytest.raises(FetchError) as e:
            c.get(f"{srv.base}/trickle")
        took = time.monotonic() - began
        asked = srv.requests
    url = f"{srv.base}/trickle"
    assert str(e.value).startswith(f"{url}: the answer was still coming after 0.3 s ("), e.value
    assert "the forum seems down" in str(e.value)
    # a stall's rule: one more try (timeout_retries), each announced; not five attempts
    assert asked == 2 and len(lines) == 1 and lines[0].startswith(f"{url}: the answer was still")
    assert took < 5


def test_the_default_bounds_a_trickle_too():
    opts = HttpOptions()
    assert (1 + opts.timeout_retries) * opts.answer_timeout + opts.backoff <= 241


def test_a_redirect_to_no_url_is_final():
    lines, slept = [], []
    with Server() as srv, client(lines, slept) as c, pytest.raises(FetchError) as e:
        c.get(f"{srv.base}/nowhere")
    assert str(e.value).startswith(f"{srv.base}/nowhere: the forum redirected to an address "
                                   "that is no URL ("), e.value
    assert lines == [] and srv.requests == 1
