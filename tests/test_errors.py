"""Every way a command can fail ends in ONE line naming what and where, and the exit code of
interfaces.md §4 (issue 8): 2 for bad input and for any error, expected or not; 130 on Ctrl-C.
Faults of the network come from a real server on 127.0.0.1."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from votal.cli import main
from votal.errors import StoreError
from votal.scraper.store import PageRecord, Store

from .conftest import FIXTURES, ROOT

sys.path.insert(0, str(ROOT / "tests" / "scraper"))
import fakeforum as ff  # noqa: E402

GAME = FIXTURES / "games" / "palermo-athens" / "game.toml"
POSTS = GAME.parent / "posts.jsonl"
VOTAL = [sys.executable, "-m", "votal.cli"]


def default_sigint() -> None:
    """The child answers Ctrl-C even when the test run was started in the background (a shell
    starts background jobs with SIGINT ignored, and a child inherits that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run(args, capsys) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str, *words: str) -> str:
    """The error output is exactly one line starting 'votal: ' and holding every word given."""
    lines = err.strip("\n").split("\n")
    assert len(lines) == 1 and lines[0].startswith("votal: "), err
    for w in words:
        assert w in lines[0], f"{w!r} not in {lines[0]!r}"
    return lines[0]


def game_copy(tmp_path: Path, posts_text: str | bytes | None = None, game_bytes: bytes | None = None):
    """The Athens game in tmp_path, with its own posts file (same posts unless given)."""
    posts = tmp_path / "posts.jsonl"
    data = POSTS.read_bytes() if posts_text is None else posts_text
    posts.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    game = tmp_path / "game.toml"
    game.write_bytes(game_bytes if game_bytes is not None else GAME.read_bytes())
    return game


# ---- input files ---------------------------------------------------------------------------

def test_a_game_file_that_is_not_utf8(tmp_path, capsys):
    game = game_copy(tmp_path, game_bytes=GAME.read_bytes().replace("Παλέρμο".encode(), b"\xff\xfe"))
    code, _, err = run(["tally", game, "--offline"], capsys)
    assert code == 2
    one_line(err, str(game), "not UTF-8", "0xff")


def test_a_posts_file_that_is_not_utf8(tmp_path, capsys):
    lines = POSTS.read_bytes().split(b"\n")
    lines[2] = lines[2].replace("Καλημέρα".encode(), "Καλημέρα".encode("iso-8859-7"))
    lines[2] = lines[2] + b"\xe1"
    game = game_copy(tmp_path, b"\n".join(lines))
    code, _, err = run(["tally", game, "--offline"], capsys)
    assert code == 2
    one_line(err, "posts.jsonl:3", "not UTF-8")


def test_a_number_that_is_not_a_number(tmp_path, capsys):
    text = POSTS.read_text(encoding="utf-8").replace('"number": 2,', '"number": "three",', 1)
    game = game_copy(tmp_path, text)
    code, _, err = run(["tally", game, "--offline"], capsys)
    assert code == 2
    one_line(err, "posts.jsonl:2", "'number'", "'three'")


@pytest.mark.parametrize(("key", "value", "words"), [
    ("id", None, ["'id'", "None"]),
    ("id", ["1003"], ["'id'", "['1003']"]),
    ("author", 7, ["'author'", "7"]),
    ("author", {"name": "Λάμπρος"}, ["'author'", "must be a string"]),
    ("html", ["<p>", "vote"], ["'html'", "must be a string"]),
    ("html", 5, ["'html'", "5"]),
])
def test_a_post_field_of_the_wrong_kind_is_refused_not_spelt(key, value, words, tmp_path, capsys):
    """Before: read as its Python spelling, a post by "None" or a body "['<p>', 'vote']"."""
    lines = POSTS.read_text(encoding="utf-8").splitlines()
    post = json.loads(lines[2])
    post[key] = value
    lines[2] = json.dumps(post, ensure_ascii=False)
    game = game_copy(tmp_path, "\n".join(lines) + "\n")
    code, _, err = run(["tally", game, "--offline"], capsys)
    assert code == 2
    one_line(err, "posts.jsonl:3", *words)


@pytest.mark.parametrize("when", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-12:00"])
def test_a_post_time_no_forum_has_is_refused_by_every_command(when, tmp_path, capsys):
    """Before: `init` crashed (OverflowError in the zone's arithmetic) on year 1; the tally
    took such a post for a sign-up (day 0) or a post after day 2000 (V-NO-DAY)."""
    lines = POSTS.read_text(encoding="utf-8").splitlines()
    post = json.loads(lines[2])
    post["time"] = when
    lines[2] = json.dumps(post, ensure_ascii=False)
    game = game_copy(tmp_path, "\n".join(lines) + "\n")
    for args in (["init", tmp_path / "posts.jsonl", "--out", tmp_path / "new.toml"],
                 ["tally", game, "--offline"]):
        code, _, err = run(args, capsys)
        assert code == 2
        one_line(err, "posts.jsonl:3", "'time'", when, "1900 to 2999")


def test_an_author_not_read_is_no_player_named_none(tmp_path):
    """interfaces.md §2 rev. 2: an author not read is null with the problem "author"; the post
    is kept for review (V-UNREADABLE-POST) by no one, not by a player "None"."""
    from votal.scraper.model import read_posts_jsonl

    lines = POSTS.read_text(encoding="utf-8").splitlines()
    post = json.loads(lines[2])
    post.update(author=None, problems=["author"])
    lines[2] = json.dumps(post, ensure_ascii=False)
    path = tmp_path / "posts.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    unread = [p for p in read_posts_jsonl(path) if p.id == post["id"]]
    assert [(p.author, p.problems) for p in unread] == [("", ("author",))]


def test_json_nested_100000_deep(tmp_path, capsys):
    deep = '{"id": "9", "author": "x", "time": "2026-11-02T10:00:00+02:00", "html": ' \
           + "[" * 100_000 + "]" * 100_000 + "}\n"
    game = game_copy(tmp_path, POSTS.read_text(encoding="utf-8") + deep)
    code, _, err = run(["tally", game, "--offline"], capsys)
    assert code == 2
    one_line(err, "posts.jsonl:", "nested too deeply")


def test_a_damaged_store(tmp_path, capsys):
    db = tmp_path / "votal.sqlite"
    db.write_bytes(b"SQLite format 3\x00" + b"\x13" * 4000)
    code, _, err = run(["scrape", POSTS, "--db", db], capsys)
    assert code == 2
    one_line(err, str(db))


@pytest.mark.parametrize(("args", "words"), [
    # year 1 overflowed the zone's arithmetic: "unexpected error (OverflowError…)"
    (["tally", GAME, "--offline", "--at", "0001-01-01T00:00"], ["--at", "from year 1900"]),
    (["tally", GAME, "--offline", "--at", "0001-01-01T00:00+14:00"], ["--at", "1900"]),
    # NaN passed `speed <= 0`; NaN and infinity seconds broke the watch's clock
    (["watch", GAME, "--replay", "--speed", "nan"], ["--speed nan", "positive"]),
    (["watch", GAME, "--replay", "--every", "nan"], ["--every nan", "86400"]),
    (["watch", GAME, "--replay", "--every", "inf"], ["--every inf", "86400"]),
])
def test_an_option_value_beyond_reason_is_one_line(args, words, capsys):
    code, _, err = run(args, capsys)
    assert code == 2
    one_line(err, *words)


def test_a_store_damaged_inside(tmp_path, capsys):
    db = tmp_path / "votal.sqlite"
    assert run(["scrape", POSTS, "--db", db], capsys)[0] == 0
    with open(db, "r+b") as f:  # SQLite's header intact, its third page overwritten
        f.seek(4096 * 2)
        f.write(b"\xde\xad" * 6000)
    code, _, err = run(["scrape", POSTS, "--db", db], capsys)
    assert code == 2
    one_line(err, str(db), "damaged", "--db")


def test_a_full_disk_under_the_store_keeps_what_was_stored(tmp_path):
    from datetime import UTC, datetime

    db = tmp_path / "votal.sqlite"
    now = datetime(2026, 11, 2, tzinfo=UTC)
    with Store(db) as store:
        store.ensure_thread("t", "phpbb", "https://f.example/t", now)
        store.save_page("t", PageRecord(1, "https://f.example/t", now, None, None, "h1", "small"), [])
        pages = store._db.execute("PRAGMA page_count").fetchone()[0]
        store._db.execute(f"PRAGMA max_page_count = {pages + 1}")  # SQLITE_FULL from now on
        big = os.urandom(400_000).hex()
        with pytest.raises(StoreError, match=r"votal\.sqlite: the store refused a write .*full.*"
                                             r"free some space"):
            store.save_page("t", PageRecord(2, "https://f.example/t?p=2", now, None, None, "h2",
                                            big), [])
    with Store(db) as store:
        assert store.page_numbers("t") == [1]


# ---- options and outputs -------------------------------------------------------------------

@pytest.mark.parametrize("day, words", [
    (0, ["--day 0", "numbered from 1", "1 to 4"]),
    (-1, ["--day -1", "numbered from 1"]),
    (5, ["--day 5", "no post belongs to day 5", "1 to 4"]),
    (99, ["--day 99", "has not started yet", "2027-02-08 03:00 Europe/Athens"]),
    (100_000, ["--day 100000", "no such day"]),
])
def test_a_day_that_does_not_exist_is_refused_not_guessed(day, words, capsys):
    code, out, err = run(["tally", GAME, "--offline", "--day", day], capsys)
    assert code == 2 and out == ""
    one_line(err, str(GAME), *words)


def test_a_day_started_with_no_post_yet_is_a_running_count(capsys):
    # day 5 starts at 03:00 on 6/11 (the day change after day 4's deadline): at 10:00 it has begun
    code, out, err = run(["tally", GAME, "--offline", "--day", "5", "--format", "json",
                          "--at", "2026-11-06T10:00"], capsys)
    assert code == 0, err
    assert '"provisional": true' in out and '"day": 5' in out


def test_chart_into_a_missing_folder(tmp_path, capsys):
    code, _, err = run(["chart", GAME, "--offline", "--out", "/nonexistent/dir/c.png"], capsys)
    assert code == 2
    one_line(err, "--out /nonexistent/dir/c.png", "does not exist")


def test_report_onto_an_existing_file(tmp_path, capsys):
    target = tmp_path / "site"
    target.write_text("mine", encoding="utf-8")
    code, _, err = run(["report", GAME, "--offline", "--out", target], capsys)
    assert code == 2
    one_line(err, f"--out {target}", "is a file")
    assert target.read_text(encoding="utf-8") == "mine"


def test_archive_onto_an_existing_file(tmp_path, capsys):
    target = tmp_path / "tables"
    target.write_text("mine", encoding="utf-8")
    code, _, err = run(["archive", FIXTURES / "games", "--out", target, "--format", "csv"], capsys)
    assert code == 2
    one_line(err, f"--out {target}", "is a file")
    assert target.read_text(encoding="utf-8") == "mine"


def test_scrape_out_into_a_missing_folder_is_refused_before_scraping(tmp_path, capsys):
    db = tmp_path / "votal.sqlite"
    code, out, err = run(["scrape", POSTS, "--db", db, "--out", "/nonexistent/x.jsonl"], capsys)
    assert code == 2 and out == ""
    one_line(err, "--out /nonexistent/x.jsonl", "does not exist")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_scrape_out_onto_a_full_device(tmp_path, capsys):
    code, _, err = run(["scrape", POSTS, "--db", tmp_path / "s.sqlite", "--out", "/dev/full"],
                       capsys)
    assert code == 2
    one_line(err, "--out /dev/full", "No space left on device")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_standard_output_on_a_full_device(tmp_path):
    with open("/dev/full", "w") as full:
        proc = subprocess.run([*VOTAL, "tally", str(GAME), "--offline", "--day", "1"],
                              stdout=full, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                              timeout=120)
    assert proc.returncode == 2
    one_line(proc.stderr, "cannot write the output", "No space left on device")


@pytest.mark.parametrize("url", ["http://[::1", "http://forum.example:port/t/1", "https:///t/1"])
def test_a_url_that_is_not_one(url, tmp_path, capsys):
    code, _, err = run(["scrape", url, "--db", tmp_path / "s.sqlite"], capsys)
    assert code == 2
    one_line(err, url, "not a valid URL")


def test_usage_errors_exit_2(capsys):
    assert main(["tally", str(GAME), "--day", "three"]) == 2
    assert main(["no-such-command"]) == 2


# ---- the network ---------------------------------------------------------------------------

class _GzipGarbage(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        body = b"\x1f\x8b\x08\x00" + b"not gzip at all" * 20
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def test_a_corrupt_gzip_body(tmp_path, capsys):
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _GzipGarbage)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{httpd.server_address[1]}/viewtopic.php?t=1"
        code, _, err = run(["scrape", url, "--db", tmp_path / "s.sqlite"], capsys)
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert code == 2
    one_line(err, url, "damaged gzip body")


class _BlockingForum(ff.ForumServer):
    """Holds the request for one page until released, and says when it arrived."""

    def __init__(self, hold: str):
        super().__init__()
        self.hold, self.arrived, self.release = hold, threading.Event(), threading.Event()

    def answer(self, path, headers):
        if path == self.hold and not self.release.is_set():
            self.arrived.set()
            self.release.wait(60)
        return super().answer(path, headers)


def test_ctrl_c_during_a_scrape_exits_130_and_a_rerun_resumes(tmp_path):
    posts = ff.make_thread(4)
    srv = _BlockingForum(hold=ff.phpbb_path(3))
    for n in range(1, 5):
        srv.pages[ff.phpbb_path(n)] = ff.render_phpbb(posts, n)
    db = tmp_path / "votal.sqlite"
    env = {**os.environ, "PYTHONPATH": ""}
    with srv:
        url = srv.url(ff.PHPBB_TOPIC)
        args = [*VOTAL, "scrape", url, "--db", str(db), "--rate", "1000", "--concurrency", "1"]
        proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                cwd=tmp_path, env=env, preexec_fn=default_sigint)
        try:
            assert srv.arrived.wait(120), "the scrape never asked for page 3"
            proc.send_signal(signal.SIGINT)  # Ctrl-C while page 3 is on its way
        finally:
            srv.release.set()
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 130, (out, err)
        line = one_line(err, "interrupted", str(db), "run the same command again to resume")
        assert re.search(r"\b2 page\(s\)", line), line
        again = subprocess.run(args, capture_output=True, text=True, cwd=tmp_path, env=env,
                               timeout=120)
    assert again.returncode == 0, again.stderr
    with Store(db) as store:
        (thread,) = store.threads()
        assert len(store.posts(thread.key)) == 80


def test_ctrl_c_in_any_command_exits_130(monkeypatch, capsys):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("votal.app.tally.tally_file", interrupted)
    code, _, err = run(["tally", GAME, "--offline"], capsys)
    assert code == 130
    one_line(err, "interrupted", "stored so far is kept")


# ---- a bug -----------------------------------------------------------------------------------

def _crash(*args, **kwargs):
    raise ZeroDivisionError("a bug planted by the test")


def test_an_unforeseen_error_is_one_line_and_a_traceback_file(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr("votal.app.tally.tally_file", _crash)
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)
    code, _, err = run(["tally", GAME, "--offline"], capsys)
    assert code == 2
    line = one_line(err, "unexpected error", "ZeroDivisionError", "a bug planted by the test")
    path = Path(re.search(r"traceback is in (\S+)", line).group(1))
    assert path.parent == tmp_path
    assert "Traceback" in path.read_text(encoding="utf-8") and "_crash" in path.read_text()


def test_debug_shows_the_traceback(monkeypatch, capsys):
    monkeypatch.setattr("votal.app.tally.tally_file", _crash)
    code, _, err = run(["--debug", "tally", GAME, "--offline"], capsys)
    assert code == 2
    assert "Traceback (most recent call last)" in err and "_crash" in err
    assert err.strip().splitlines()[-1].startswith("votal: unexpected error")
