"""votal history, the charts and the static site, on hand-made results and on our own games."""

from __future__ import annotations

import csv
import io
import json

import pytest
import typer.main

from votal.cli import app
from votal.errors import InputError
from votal.report.charts import overview_figure, replay, timeline_figure, to_bytes, write_chart
from votal.report.formats import format_names
from votal.report.history import find_player, render_history
from votal.report.i18n import long_date
from votal.report.public import public_view
from votal.report.site import build_site

from ..conftest import FIXTURES, ROOT
from .engine_runs import game_days
from .helpers import sample

ATHENS = str(FIXTURES / "games" / "palermo-athens" / "game.toml")


def test_long_dates_are_written_by_hand_in_the_game_time_zone():
    t = "2026-11-02T18:00:00+00:00"
    # each with its zone's offset (issue 16: a reader in another zone knows which 20:00)
    assert long_date(t, "Europe/Athens", "el") == "Δευτέρα 2 Νοεμβρίου 2026, 20:00 (UTC+02:00)"
    assert long_date(t, "Europe/Rome", "it") == "lunedì 2 novembre 2026, 19:00 (UTC+01:00)"
    assert long_date(t, "Europe/Moscow", "ru") == "понедельник, 2 ноября 2026, 21:00 (UTC+03:00)"
    assert long_date(t, "America/New_York", "en") == "Monday 2 November 2026, 13:00 (UTC-05:00)"
    assert long_date(t, "UTC", "en") == "Monday 2 November 2026, 18:00 (UTC)"
    assert long_date(t, "Asia/Kolkata", "en") == "Monday 2 November 2026, 23:30 (UTC+05:30)"
    # summer time: 1 August is UTC+3 in Athens
    assert long_date("2026-08-01T17:00:00+00:00", "Europe/Athens", "el") == \
        "Σάββατο 1 Αυγούστου 2026, 20:00 (UTC+03:00)"


def test_replay_follows_changes_in_post_order():
    d = sample("el-palermo-mayor")
    steps = replay(public_view(d))
    # 8 standing votes: 7 counted plus Άρης's first vote (for Βάσω, replaced at 19:00);
    # the self-vote and the two posts with violations never stood
    assert len(steps) == 8
    assert steps[0].counts == {"Βάσω": 1}
    assert steps[6].counts == {"Άρης": 3, "Βάσω": 4}          # 18:30, before Άρης changes
    assert steps[-1].counts == {"Άρης": 3, "Βάσω": 3, "Γιώργος": 1}
    assert steps[-1].time.isoformat() == "2026-11-02T19:00:00+02:00"
    # the private chart counts the mayor's weight (2) from 14:00 on
    assert replay(d)[-1].counts == {"Άρης": 4, "Βάσω": 3, "Γιώργος": 1}


def test_chart_files_from_extension(tmp_path):
    fig = timeline_figure(sample("en-mafiascum-majority"), "en")
    write_chart(fig, tmp_path / "t.png")
    write_chart(fig, tmp_path / "t.svg")
    assert (tmp_path / "t.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert b"<svg" in (tmp_path / "t.svg").read_bytes()
    with pytest.raises(InputError, match=r"t\.gif"):
        write_chart(fig, tmp_path / "t.gif")


def test_charts_are_deterministic():
    d = sample("ru-mafia-forum")
    assert to_bytes(timeline_figure(d, "ru"), "svg") == to_bytes(timeline_figure(d, "ru"), "svg")
    days = list(game_days(ATHENS))
    assert to_bytes(overview_figure(days, "el"), "svg") == to_bytes(overview_figure(days, "el"),
                                                                     "svg")


def test_history_of_one_player_follows_readme_of_palermo_athens():
    days = list(game_days(ATHENS))
    out = render_history(days, "text", "en", player="μαρια")
    lines = out.splitlines()
    assert lines[2] == "Μαρία"
    day1 = next(ln for ln in lines if ln.startswith("  Day 1:"))
    # README: in the window Μαρία moves her vote from Νίκος to Ελένη
    assert day1.startswith("  Day 1: Νίκος [") and "changed" in day1 and "→ Ελένη [" in day1
    day2 = next(ln for ln in lines if ln.startswith("  Day 2:"))
    assert "Δημήτρης" in day2 and "void, no blame" in day2


def test_history_unknown_player_names_the_closest():
    days = list(game_days(ATHENS))
    with pytest.raises(InputError, match=r"^--player 'Νικολάκης': no player of this game is "
                                         r"called so; closest: Νίκος"):
        find_player(days, "Νικολάκης")
    assert find_player(days, "Nikoss") == "Νίκος"     # read as a vote "Nikoss" is (fuzzy)


@pytest.mark.parametrize("name, player", [("Nikos", "Νίκος"), ("Λενιώ", "Ελένη"),
                                          ("katerina", "Κατερίνα"), ("ΜΗΤΣΟΣ", "Δημήτρης")])
def test_history_player_takes_the_game_file_s_aliases(name, player, capsys):
    """issue 20: `--player Nikos` is Νίκος when Nikos is his alias (as a vote "Nikos" is)."""
    from votal.cli import main

    assert main(["history", ATHENS, "--offline", "--player", name, "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [p["player"] for p in out["players"]] == [player]
    assert out["players"][0]["days"]


def test_history_unknown_player_on_the_command_line_is_one_line(capsys):
    from votal.cli import main

    assert main(["history", ATHENS, "--offline", "--player", "Zorbas"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("votal: --player 'Zorbas': no player of this game")


HISTORY_FORMATS = format_names("history")


def test_history_help_and_readme_list_the_registry_s_formats():
    """`votal history --format`: --help and the README name what the registry renders."""
    cmd = typer.main.get_command(app).commands["history"]
    help_text = next(p.help for p in cmd.params if p.name == "fmt")
    assert f': {", ".join(HISTORY_FORMATS[:-1])} or {HISTORY_FORMATS[-1]} (default' in help_text
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"votal history GAME [--player NAME] [--format {'|'.join(HISTORY_FORMATS)}]" in readme
    assert set(HISTORY_FORMATS) == {"text", "bbcode", "markdown", "html", "json", "csv"}


@pytest.mark.parametrize("fmt", HISTORY_FORMATS)
def test_history_every_format(fmt):
    days = list(game_days(ATHENS))
    out = render_history(days, fmt, "el")
    assert "Λάμπρος" in out
    if fmt == "json":
        players = json.loads(out)["players"]
        assert {p["player"] for p in players} >= {"Λάμπρος", "Μαρία", "Νίκος"}
    if fmt == "csv":
        rows = list(csv.DictReader(io.StringIO(out)))
        votes = sum(len(d["votes"]) for d in days)
        assert len(rows) == votes
    if fmt == "bbcode":
        assert "[url=https://forum.example/threads/palermo-athens.1/post-" in out


def test_history_public_hides_notes_and_weights():
    days = [sample("el-palermo-mayor")]
    pub = render_history(days, "json", "el")
    assert "mayor" not in pub and "weight" not in pub
    with pytest.raises(InputError, match="history format"):
        render_history(days, "pdf", "el")


def test_site_files_and_relative_links(tmp_path):
    days = list(game_days(ATHENS))
    files = build_site(days, tmp_path / "site", "el")
    names = {f.name for f in files}
    assert {"index.html", "overview.svg"} <= names
    assert {f"day-{d['day']}.html" for d in days} <= names
    assert {f"day-{d['day']}.svg" for d in days} <= names
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert 'href="day-1.html"' in index and 'href="player-01.html"' in index
    assert "Αποχωρεί ο Γιώργος" in index
    assert "http" not in index.replace("http://www.w3.org", "")
