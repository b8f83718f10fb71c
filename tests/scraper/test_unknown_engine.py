"""An unknown engine: the message says so in one short line and how to name the engine (issues
11, 20); ``ENGINE:PAGE.html`` reads a saved page with the engine named (issue 11)."""

from __future__ import annotations

from tests.conftest import FIXTURES
from votal.cli import main


def test_unknown_engine_says_so_briefly_with_the_way_out(tmp_path, capsys):
    page = tmp_path / "page.html"
    page.write_text("<html><body><div class='msg'>hello</div></body></html>", encoding="utf-8")
    assert main(["scrape", str(page), "--db", str(tmp_path / "s.sqlite")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1  # one line
    assert "no known forum engine recognises this page" in err
    assert "none of the 22 engines' markers found" in err
    assert len(err) < 450 + len(str(page))  # one short line (issue 20), not every engine's markers
    assert f"votal scrape ENGINE:{page}" in err and "phpbb" in err


def test_a_saved_page_read_with_a_named_engine(tmp_path, capsys):
    page = FIXTURES / "engines" / "phpbb" / "it_lupus23_subsilver2.html"
    assert main(["scrape", f"phpbb:{page}", "--db", str(tmp_path / "s.sqlite")]) == 0
    assert "3 posts" in capsys.readouterr().out
