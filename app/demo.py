"""``votal demo`` (``make demo``): a whole Greek Palermo game day, end to end, offline.

1. Serves the saved Invision Community 4 pages of ``fixtures/demo/pages/`` from a real HTTP server
   on 127.0.0.1 (ephemeral port), as the forum would.
2. Scrapes the thread over HTTP into a temporary store and prints the summary; scrapes it again to
   show that an unchanged thread costs one request.
3. Writes the game file with the server's port, prints the official BBCode tally of day 1 and
   writes its HTML page.

The story and the expected result, worked out by hand from rules.md, are in
``fixtures/demo/README.md``.
"""

from __future__ import annotations

import contextlib
import io
import re
import sys
import tempfile
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TextIO

from votal.errors import VotalError
from votal.scraper.fetch import scrape
from votal.scraper.http import HttpClient, HttpOptions
from votal.scraper.store import Store

# The command line, run in-process (``votal.cli.main``, which hands itself in: the demo shows
# exactly what ``votal tally`` prints, and sits below the CLI that runs it).
Votal = Callable[[list[str]], int]

DEMO_DIR = Path(__file__).resolve().parent.parent / "fixtures" / "demo"
SAVED_HOST = "https://forum.palermo.example"  # the host written in the saved pages
_PAGE_PATH = re.compile(r"^/forums/topic/4312-palermo-43-extreme/(?:page/(\d+)/)?$")


class DemoForum:
    """The saved pages on http://127.0.0.1:PORT, links rewritten to the local server."""

    def __init__(self, pages_dir: Path = DEMO_DIR / "pages"):
        self.pages = {int(p.stem.split("-")[1]): p.read_text(encoding="utf-8")
                      for p in pages_dir.glob("page-*.html")}
        forum = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:
                pass

            def do_GET(self) -> None:
                status, body = forum.answer(self.path)
                self.send_response(status)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def thread_url(self) -> str:
        return f"{self.base}/forums/topic/4312-palermo-43-extreme/"

    def answer(self, path: str) -> tuple[int, bytes]:
        m = _PAGE_PATH.match(path.split("?")[0])
        page = int(m.group(1) or 1) if m else None
        if page not in self.pages:
            return 404, b"<html><body>Not found</body></html>"
        return 200, self.pages[page].replace(SAVED_HOST, self.base).encode("utf-8")

    def __enter__(self) -> DemoForum:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def write_game_file(workdir: Path, base: str) -> Path:
    text = (DEMO_DIR / "game.toml").read_text(encoding="utf-8")
    port = base.rsplit(":", 1)[1]
    game = workdir / "game.toml"
    game.write_text(text.replace("127.0.0.1:PORT", f"127.0.0.1:{port}"), encoding="utf-8")
    return game


def _cli(votal: Votal, args: list[str]) -> tuple[int, str, str]:
    """Run one ``votal`` command in-process, capturing what it prints."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = votal(args)
    return rc, out.getvalue(), err.getvalue()


def _tally(votal: Votal, game: Path, db: Path, fmt: str) -> tuple[int, str, str]:
    return _cli(votal, ["tally", str(game), "--day", "1", "--format", fmt, "--offline",
                        "--db", str(db)])


def scrape_demo(forum: DemoForum, db: Path, out: TextIO, rate: float = 20.0) -> None:
    with Store(db) as store, HttpClient(HttpOptions(rate=rate)) as client:
        first = scrape(forum.thread_url, store=store, client=client, timezone="Europe/Athens")
        print(f"scraped {forum.thread_url}\n  {first.line()}", file=out)
        again = scrape(forum.thread_url, store=store, client=client, timezone="Europe/Athens")
        print(f"refreshed (nothing new on the forum)\n  {again.line()}", file=out)


def run_demo(votal: Votal, out: TextIO | None = None, workdir: Path | None = None) -> Path:
    """Run the demo through ``votal`` (the CLI's ``main``); returns the folder holding the store,
    the game file and the outputs."""
    out = out or sys.stdout
    workdir = workdir or Path(tempfile.mkdtemp(prefix="votal-demo-"))
    db = workdir / "votal.sqlite"
    print("votal demo: Palermo #43 - Extreme, day 1, on an Invision Community 4 forum", file=out)
    with DemoForum() as forum:
        print(f"forum served at {forum.base} (saved pages of fixtures/demo/pages/)", file=out)
        scrape_demo(forum, db, out)
        game = write_game_file(workdir, forum.base)
        _print_tally(votal, game, db, workdir, out)
    print(f"files: {workdir}", file=out)
    return workdir


def _print_tally(votal: Votal, game: Path, db: Path, workdir: Path, out: TextIO) -> None:
    rc, text, err = _tally(votal, game, db, "bbcode")
    if rc != 0:
        raise VotalError(f"demo: the tally failed ({err.strip().removeprefix('votal: ')})")
    print(f"\nofficial tally, day 1 (bbcode):\n{text.rstrip()}", file=out)
    rc, text, err = _tally(votal, game, db, "html")
    if rc != 0:
        raise VotalError(f"demo: the HTML page failed ({err.strip().removeprefix('votal: ')})")
    page = workdir / "tally-day1.html"
    page.write_text(text, encoding="utf-8")
    print(f"\nHTML page: {page}", file=out)
