"""One decoder for every way a page arrives (forum-engines.md §4.1)."""

from votal.scraper import http, sources
from votal.scraper.encoding import decode
from votal.scraper.engines import _common

RUSSIAN = "Голосую против Лиса, потому что она весь день уходила от ответов." * 3


def test_unlabelled_windows_1251_page_is_read_as_cyrillic():
    body = f"<html><body><p>{RUSSIAN}</p></body></html>".encode("cp1251")
    assert RUSSIAN in decode(body, None)
    assert RUSSIAN in decode(body, "text/html")  # a header without charset says nothing


def test_labels_win_and_latin1_is_read_as_windows_1252():
    assert decode("café".encode("cp1252"), "text/html; charset=ISO-8859-1") == "café"
    assert decode("\u201cquote\u201d".encode("cp1252"), "text/html; charset=latin-1") == "\u201cquote\u201d"
    meta = '<meta charset="windows-1251"><p>Вчера в 20:04</p>'.encode("cp1251")
    assert "Вчера в 20:04" in decode(meta)


def test_http_saved_pages_and_adapters_share_the_decoder():
    assert http.decode is decode and sources.decode is decode and _common.decode is decode
