"""A page saved in place of the thread says what it is, in one line (issue 8 bad input): an
anti-bot check (Cloudflare's "Just a moment…") and a web server's or forum's error page ("404 Not
Found") were both "no known forum engine recognises this page", with advice to name an engine
that no engine would have helped. Over HTTP the same pages are refused by the client before
(tests/scraper/test_fetch_hardening.py); a page that gave no posts is the only one asked."""

from __future__ import annotations

import pytest

from votal.cli import main
from votal.scraper.fetch import error_page

CHECK = ("<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>"
         "<noscript>Enable JavaScript and cookies to continue</noscript>"
         "<script src=\"/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1\"></script>"
         "</body></html>")
NOT_FOUND = ("<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1>"
             "<p>No such page here.</p><hr><address>nginx</address></body></html>")
FORUM_ERROR = ("<html><head><title>Σφάλμα 404 - Το φόρουμ μας</title></head><body>"
               "<div class='notice'>Η σελίδα δεν υπάρχει.</div></body></html>")


@pytest.mark.parametrize(("page", "words"), [
    (CHECK, ["anti-bot check", "save the page again"]),
    (NOT_FOUND, ["error page", "'404 Not Found'", "not the thread"]),
    (FORUM_ERROR, ["error page", "Σφάλμα 404"]),
])
def test_a_saved_page_that_is_no_thread_says_what_it_is(page, words, tmp_path, capsys):
    saved = tmp_path / "thread.html"
    saved.write_text(page, encoding="utf-8")
    code = main(["scrape", str(saved), "--db", str(tmp_path / "store.sqlite")])
    err = capsys.readouterr().err.strip()
    assert code == 2 and "\n" not in err and err.startswith(f"votal: {saved}: "), err
    assert "no known forum engine" not in err
    for w in words:
        assert w in err, (w, err)


@pytest.mark.parametrize(("title", "error"), [
    ("404 Not Found", True), ("Error 503", True), ("HTTP 403", True), ("Ошибка 404", True),
    ("Page not found | Forum", True), ("403 Forbidden", True),
    ("Palermo 404 - Extreme", False), ("Mafia 500: day 2", False), ("Λύκοι #12", False),
])
def test_an_error_title_is_told_from_a_thread_title_with_a_number(title, error):
    assert (error_page(f"<html><head><title>{title}</title></head>") is not None) is error
