"""An unknown engine: the message names what detection looked for and how to name the engine;
``ENGINE:PAGE.html`` reads a saved page with the engine named (issue 11)."""

from __future__ import annotations

from tests.conftest import FIXTURES
from votal.cli import main


def test_unknown_engine_names_the_signals_and_the_way_out(tmp_path, capsys):
    page = tmp_path / "page.html"
    page.write_text("<html><body><div class='msg'>hello</div></body></html>", encoding="utf-8")
    assert main(["scrape", str(page), "--db", str(tmp_path / "s.sqlite")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1  # one line
    assert "no known forum engine recognises this page" in err
    assert "phpBB 3: " in err and "./styles/NAME/" in err and "cron.php" in err
    assert f"votal scrape ENGINE:{page}" in err and "phpbb" in err


def test_a_saved_page_read_with_a_named_engine(tmp_path, capsys):
    page = FIXTURES / "engines" / "phpbb" / "it_lupus23_subsilver2.html"
    assert main(["scrape", f"phpbb:{page}", "--db", str(tmp_path / "s.sqlite")]) == 0
    assert "3 posts" in capsys.readouterr().out
