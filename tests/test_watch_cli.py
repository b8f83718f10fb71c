"""`votal watch --replay` from the command line, with and without a terminal (issue 13)."""

from __future__ import annotations

import os
import shutil
import signal
import sys
from pathlib import Path

import pytest

from votal.cli import main

from .conftest import FIXTURES, ROOT

DEMO = FIXTURES / "demo"


@pytest.fixture
def demo_game(tmp_path) -> Path:
    """The demo game reading its saved pages (the `votal demo` file names a live URL)."""
    text = (DEMO / "game.toml").read_text(encoding="utf-8")
    text = "\n".join(f'pages = "{DEMO / "pages"}"' if line.startswith("thread = ") else line
                     for line in text.splitlines())
    game = tmp_path / "game.toml"
    game.write_text(text + "\n", encoding="utf-8")
    return game


@pytest.mark.parametrize("fmt", ["bbcode", "text", "json"])
def test_replay_ends_with_exactly_the_tally(demo_game, fmt, capsys):
    assert main(["tally", str(demo_game), "--day", "1", "--format", fmt]) == 0
    tally = capsys.readouterr().out
    out_file = demo_game.with_name(f"final.{fmt}")
    assert main(["watch", str(demo_game), "--replay", "--day", "1", "--speed", "1e12",
                 "--format", fmt, "--out", str(out_file)]) == 0
    captured = capsys.readouterr()
    assert captured.out.endswith(tally)
    assert out_file.read_text(encoding="utf-8") == tally
    assert f"wrote {out_file}" in captured.err
    lines = captured.out[: -len(tally)].splitlines()
    # the day as it unfolded (fixtures/demo/README.md): lines in the documented format
    assert "2026-11-02 12:10:00 vote Λάμπρος → Νίκος | Νίκος 1" in lines
    # in the game's language (Greek): the words, not the KIND keywords, rule ids or leaders
    assert "2026-11-02 19:55:00 absences αν η ψηφοφορία έκλεινε τώρα: Κατερίνα | Νίκος 4, " \
           "Φώτης 3, Χάρης 1" in lines
    assert not any("if the vote closed now" in ln for ln in lines)
    assert "2026-11-02 19:55:00 absences αν η ψηφοφορία έκλεινε τώρα: Κατερίνα | Νίκος 4, Φώτης 3, " \
           "Χάρης 1" in lines
    # the mayor's double vote shows at the close only (PX-06, issue 20): a public running count
    # counts each vote as one
    assert "2026-11-02 20:06:12 change Γιώτα: Χάρης → Φώτης | Νίκος 4, Φώτης 4" in lines
    # the result in Greek too: the kind and the reason (PX-06's public wording) from the tables
    assert lines[-1] == "2026-11-02 20:10:00 closed τελικό: αποχωρεί ο Νίκος (ισοψηφία· μέσα " \
                        "σε όσους ψήφισαν τον Νίκο υπάρχει η ψήφος του δημάρχου, PX-06) | " \
                        "Νίκος 5, Φώτης 4"
    assert "Δήμητρα" not in "".join(ln for ln in lines if "Δημάρχου" in ln)   # PX-06: public


def test_watch_default_output_file_and_bad_options(demo_game, capsys):
    assert main(["watch", str(demo_game), "--replay", "--speed", "1e12"]) == 0
    assert demo_game.with_name("game-day1.bbcode").exists()
    capsys.readouterr()
    assert main(["watch", str(demo_game), "--until", "midnight"]) == 2
    assert main(["watch", str(demo_game), "--replay", "--speed", "0"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and "--until" in err[0] and "--speed" in err[1]


def test_terminal_recording_live_screen_renders_and_ends_by_itself(demo_game):
    """A real pseudo-terminal (pexpect): the live screen draws, then the official post, exit 0."""
    pexpect = pytest.importorskip("pexpect", reason="pexpect (a test extra) is not installed")
    votal = Path(sys.executable).with_name("votal")
    if not votal.exists():
        votal = shutil.which("votal")
    assert votal, "the votal script is installed beside the test interpreter"
    env = dict(os.environ, COLUMNS="120", LINES="40", TERM="xterm-256color")
    child = pexpect.spawn(str(votal), ["watch", str(demo_game), "--replay", "--day", "1",
                                       "--speed", "100000", "--format", "text"],
                          env=env, cwd=str(ROOT), encoding="utf-8", timeout=120,
                          dimensions=(40, 120))
    # the live screen in the game's language (Greek)
    child.expect("Palermo #43 - Extreme \\(demo\\) — ημέρα 1 — ")   # the live screen's head
    child.expect("ως τη λήξη")
    child.expect("θα χρεωθούν απουσία: Κατερίνα")                   # five minutes before
    child.expect("η ψηφοφορία έκλεισε")
    child.expect("Ψηφοφορία ημέρας 1")                                # the official post
    child.expect(pexpect.EOF)                                          # and it ends by itself
    child.close()
    assert child.exitstatus == 0


def test_ctrl_c_stops_the_watch_cleanly(demo_game):
    """Ctrl-C in a terminal: the live screen is put away, one line, exit code 130."""
    pexpect = pytest.importorskip("pexpect", reason="pexpect (a test extra) is not installed")
    votal = Path(sys.executable).with_name("votal")
    child = pexpect.spawn(str(votal), ["watch", str(demo_game), "--replay", "--speed", "1"],
                          cwd=str(ROOT), encoding="utf-8", timeout=120, dimensions=(40, 120),
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    child.expect("ως τη λήξη")
    child.sendintr()   # SIGINT restored above: a background test run starts with it ignored
    child.expect("votal: watch stopped \\(Ctrl-C\\); everything stored so far is kept")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


def test_live_watch_of_a_closed_day_over_http_prints_the_final_post_at_once(tmp_path, capsys):
    """The command's live path (the store, the network options) against the demo's forum on
    127.0.0.1: day 1's vote closed long ago, so one refresh and the official post."""
    from votal.app.demo import DemoForum, write_game_file

    db = tmp_path / "store.sqlite"
    with DemoForum() as forum:
        game = write_game_file(tmp_path, forum.base)
        code, out = main(["watch", str(game), "--day", "1", "--db", str(db), "--rate", "50",
                          "--format", "bbcode"]), capsys.readouterr()
        assert code == 0, out.err
        assert main(["tally", str(game), "--day", "1", "--db", str(db), "--offline",
                     "--format", "bbcode"]) == 0
        tally = capsys.readouterr().out
        assert out.out.endswith(tally) and "[b]Νίκος[/b] (5)" in tally
        # and `init` from the same URL finds the nine players of the first post
        assert main(["init", forum.thread_url, "--out", str(tmp_path / "new.toml"),
                     "--rate", "50"]) == 0
        assert "players: 9 from the list after 'Παίκτες'" in capsys.readouterr().out
