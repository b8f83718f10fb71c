"""The report commands of `votal` (interfaces.md §4): thin wrappers, one-line errors, exit 2."""

from __future__ import annotations

import json

from votal.cli import main

from ..conftest import FIXTURES

ATHENS = str(FIXTURES / "games" / "palermo-athens" / "game.toml")
GOLDEN = FIXTURES / "golden" / "palermo-athens"


def test_tally_bbcode_is_the_golden_post(capsys):
    assert main(["tally", ATHENS, "--day", "1", "--offline", "--format", "bbcode"]) == 0
    assert capsys.readouterr().out == (GOLDEN / "1.el.bbcode").read_text(encoding="utf-8")


def test_codes_only_when_asked_in_a_public_post(capsys, tmp_path):
    """issue 20, item 7: a public post has no rule id; --codes keeps them, --no-codes drops them
    from a private post; the game file's [options] codes = true is the default --codes gives."""
    def out(*args: str, game: str = ATHENS) -> str:
        assert main(["tally", game, "--day", "1", "--offline", *args]) == 0
        return capsys.readouterr().out

    code = "(V-WINDOW-CHATTER)"
    assert code not in out() and code in out("--codes")
    assert code in out("--private") and code not in out("--private", "--no-codes")
    text = (FIXTURES / "games" / "palermo-athens" / "game.toml").read_text(encoding="utf-8")
    posts = FIXTURES / "games" / "palermo-athens" / "posts.jsonl"
    text = text.replace('posts = "posts.jsonl"', f"posts = {json.dumps(str(posts))}")
    game = tmp_path / "game.toml"
    game.write_text(text + "\n[options]\ncodes = true\n", encoding="utf-8")
    assert code in out(game=str(game)) and code not in out("--no-codes", game=str(game))


def test_tally_lang_and_private(capsys):
    assert main(["tally", ATHENS, "--day", "1", "--offline", "--format", "markdown",
                 "--lang", "it"]) == 0
    assert capsys.readouterr().out.startswith("## Votazione del giorno 1\n")
    assert main(["tally", ATHENS, "--day", "1", "--offline", "--format", "text",
                 "--private"]) == 0
    assert "ΙΔΙΩΤΙΚΑ" in capsys.readouterr().out


def test_tally_json_is_private_unless_public(capsys):
    assert main(["tally", ATHENS, "--day", "1", "--offline", "--format", "json"]) == 0
    assert "private" in json.loads(capsys.readouterr().out)
    assert main(["tally", ATHENS, "--day", "1", "--offline", "--format", "json", "--public"]) == 0
    assert "private" not in json.loads(capsys.readouterr().out)


def test_bad_format_and_language_are_one_line_errors(capsys):
    assert main(["tally", ATHENS, "--day", "1", "--offline", "--format", "yaml"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown format 'yaml'" in err
    assert main(["history", ATHENS, "--offline", "--lang", "de"]) == 2
    assert "unknown report language 'de'" in capsys.readouterr().err


def test_history_unknown_player(capsys):
    # "Lampros" is Λάμπρος's alias in the game file: his history (issue 20), not an error
    assert main(["history", ATHENS, "--offline", "--player", "Lampros"]) == 0
    assert capsys.readouterr().out.splitlines()[2] == "Λάμπρος"
    assert main(["history", ATHENS, "--offline", "--player", "Zorbas"]) == 2
    err = capsys.readouterr().err
    assert "--player 'Zorbas': no player of this game" in err and "Traceback" not in err


def test_history_one_player(capsys):
    assert main(["history", ATHENS, "--offline", "--player", "λαμπρος", "--format",
                 "markdown"]) == 0
    out = capsys.readouterr().out
    assert "### Λάμπρος" in out and "(https://forum.example/threads/palermo-athens.1/post-" in out


def test_chart_and_report(tmp_path, capsys):
    assert main(["chart", ATHENS, "--offline", "--day", "2", "--out",
                 str(tmp_path / "d2.png")]) == 0
    assert (tmp_path / "d2.png").read_bytes()[:4] == b"\x89PNG"
    assert main(["chart", ATHENS, "--offline", "--overview", "--out",
                 str(tmp_path / "ov.svg")]) == 0
    assert main(["chart", ATHENS, "--offline", "--day", "9", "--out",
                 str(tmp_path / "x.png")]) == 2
    assert "no day 9" in capsys.readouterr().err
    assert main(["report", ATHENS, "--offline", "--out", str(tmp_path / "site")]) == 0
    assert (tmp_path / "site" / "index.html").exists()
    assert (tmp_path / "site" / "day-4.html").exists()
