"""issue 20, item 8: an empty or non-HTML file says exactly that in one line ("page.html: empty
file", "…: not an HTML page (PDF)"), over HTTP too ("URL: empty answer"); a real HTML page no
engine recognises says so briefly, in one short line, not a 2,400-character list of markers."""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, SHARED
from votal.cli import main
from votal.scraper.encoding import decode
from votal.scraper.pagekind import content_kind

sys.path.insert(0, str(Path(__file__).parent))
import fakeforum as ff  # noqa: E402

_RNG = random.Random(20)
_NOISE = bytes(_RNG.randrange(256) for _ in range(3000))
FILES = {
    "empty": (b"", "empty file"),
    "blank lines": (b"\n  \n\t\n", "empty file"),
    "PDF": (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n",
            "not an HTML page (PDF)"),
    "PNG": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01", "not an HTML page (PNG image)"),
    "ZIP": (b"PK\x03\x04\x14\x00\x00\x00\x08\x00" + _NOISE[:200], "not an HTML page (ZIP archive)"),
    "gzip": (gzip.compress(b"<html></html>" * 50), "not an HTML page (compressed data)"),
    "JSON": (json.dumps({"users": [1, 2], "ok": True}).encode(), "not an HTML page (JSON)"),
    "Discourse JSON": (json.dumps({"post_stream": {"posts": []}}).encode(),
                       "not an HTML page (a Discourse JSON answer: give it as a .json file)"),
    "binary": (_NOISE, "not an HTML page (binary data)"),
    "plain text": ("Νίκος: ψήφος στον Φώτη\n".encode(), "not an HTML page (plain text)"),
    "UTF-16": ("<html><body>x</body></html>".encode("utf-16"),
               "not an HTML page (UTF-16 text: save the page as UTF-8)"),
}


def one_line(err: str) -> str:
    lines = err.strip("\n").split("\n")
    assert len(lines) == 1 and lines[0].startswith("votal: "), err
    return lines[0]


@pytest.mark.parametrize("kind", sorted(FILES))
def test_a_saved_file_that_is_no_page_says_what_it_is(kind, tmp_path, capsys):
    data, said = FILES[kind]
    page = tmp_path / "page.html"
    page.write_bytes(data)
    assert main(["scrape", str(page), "--db", str(tmp_path / "s.sqlite")]) == 2
    assert one_line(capsys.readouterr().err) == f"votal: {page}: {said}"


@pytest.mark.parametrize("kind", ["empty", "PDF", "binary"])
def test_with_the_engine_named_too(kind, tmp_path, capsys):
    """(an empty page with ``phpbb:`` crashed the HTML parser before: 'unexpected error')"""
    data, said = FILES[kind]
    page = tmp_path / "page.html"
    page.write_bytes(data)
    assert main(["scrape", f"phpbb:{page}", "--db", str(tmp_path / "s.sqlite")]) == 2
    assert one_line(capsys.readouterr().err) == f"votal: {page}: {said}"


def test_in_a_folder_the_file_is_named(tmp_path, capsys):
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "page-1.html").write_bytes((FIXTURES / "demo" / "pages" / "page-1.html").read_bytes())
    (folder / "page-2.html").write_bytes(b"")
    assert main(["scrape", str(folder), "--db", str(tmp_path / "s.sqlite")]) == 2
    assert one_line(capsys.readouterr().err) == f"votal: {folder / 'page-2.html'}: empty file"


def test_init_says_it_too(tmp_path, capsys):
    page = tmp_path / "doc.html"
    page.write_bytes(FILES["PDF"][0])
    assert main(["init", str(page), "--out", str(tmp_path / "game.toml")]) == 2
    assert one_line(capsys.readouterr().err).endswith("doc.html: not an HTML page (PDF)")
    assert not (tmp_path / "game.toml").exists()


@pytest.mark.parametrize("data, said", [(b"", "empty file"),
                                        (FILES["PDF"][0], "not a saved Discourse answer (PDF)")])
def test_a_saved_json_that_is_no_json(data, said, tmp_path, capsys):
    answer = tmp_path / "topic.json"
    answer.write_bytes(data)
    assert main(["scrape", str(answer), "--db", str(tmp_path / "s.sqlite")]) == 2
    assert one_line(capsys.readouterr().err) == f"votal: {answer}: {said}"


def test_an_html_page_no_engine_knows_is_one_short_line(tmp_path, capsys):
    page = tmp_path / "page.html"
    page.write_text("<html><body><div class='msg'>hello</div></body></html>", encoding="utf-8")
    assert main(["scrape", str(page), "--db", str(tmp_path / "s.sqlite")]) == 2
    line = one_line(capsys.readouterr().err)
    assert "no known forum engine recognises this page" in line
    assert f"votal scrape ENGINE:{page}" in line and "phpbb" in line and "xenforo2" in line
    assert len(line) < 370 + 2 * len(str(page)), len(line)  # was some 2,400 characters


# ---- over HTTP ----------------------------------------------------------------------------

@pytest.fixture
def forum():
    with ff.ForumServer() as srv:
        srv.etags = False
        yield srv


@pytest.mark.parametrize("forced", ["", "phpbb:"])
def test_an_empty_answer(forum, forced, tmp_path, capsys):
    forum.pages[ff.PHPBB_TOPIC] = ""
    url = forum.url(ff.PHPBB_TOPIC)
    assert main(["scrape", forced + url, "--db", str(tmp_path / "s.sqlite")]) == 2
    assert one_line(capsys.readouterr().err) == f"votal: {url}: empty answer"


def test_an_answer_that_is_a_pdf(forum, tmp_path, capsys):
    forum.pages["/files/rules.pdf"] = FILES["PDF"][0].decode("latin-1")
    url = forum.url("/files/rules.pdf")
    assert main(["scrape", url, "--db", str(tmp_path / "s.sqlite")]) == 2
    assert one_line(capsys.readouterr().err) == f"votal: {url}: not an HTML page (PDF)"


# ---- no forum page is taken for a non-page ---------------------------------------------------

def test_every_saved_forum_page_may_be_a_page():
    pages = [p for root in (FIXTURES, SHARED / "real") if root.is_dir()
             for p in root.rglob("*") if p.suffix.lower() in (".html", ".htm")]
    assert len(pages) > 50
    taken = {str(p): kind for p in pages if (kind := content_kind(decode(p.read_bytes())))}
    assert taken == {}


def test_a_saved_login_page_is_not_answered_with_cookies_alone(tmp_path, capsys):
    """--cookies does nothing for a saved file: the advice is to save the page again."""
    page = tmp_path / "page.html"
    page.write_text(ff.LOGIN_PAGE, encoding="utf-8")
    assert main(["scrape", str(page), "--db", str(tmp_path / "s.sqlite")]) == 2
    line = one_line(capsys.readouterr().err)
    assert line.startswith(f"votal: {page}: a login page, not the thread")
    assert "save the thread page again" in line


def test_a_saved_discourse_shell_is_not_called_a_login_page(tmp_path, capsys):
    """A Discourse page saved before its scripts drew the posts (WCXB benchmark pages, issue 11):
    its hidden login form is no login wall."""
    page = tmp_path / "t.html"
    page.write_text('<html><head><meta name="generator" content="Discourse 2026.3.0"></head>'
                    '<body><section id="d-splash"><div class="preloader-image"></div></section>'
                    '<div id="data-preloaded" data-preloaded="{}"></div><section id="main">'
                    '</section><form id="hidden-login-form" method="post" action="/login">'
                    '<input name="username"><input name="password" type="password"></form>'
                    "</body></html>", encoding="utf-8")
    assert main(["scrape", str(page), "--db", str(tmp_path / "s.sqlite")]) == 2
    line = one_line(capsys.readouterr().err)
    assert line.startswith(f"votal: {page}: a Discourse page without its posts")
    assert "login" not in line
