"""`votal init` dates relative post dates as `votal scrape` does (issue 11): saved pages by
``--fetched-at`` (same parsing: without an offset, in the game's zone), a URL's page by the
server's ``Date``; with neither, day 1 is unknown and the message names ``--fetched-at``."""

from __future__ import annotations

import sys
import tomllib

import pytest

from votal.cli import main

from .conftest import FIXTURES, ROOT

sys.path.insert(0, str(ROOT / "tests" / "scraper"))
import fakeforum as ff  # noqa: E402

# vBulletin 3 page: post 3 "Yesterday, 08:04 PM", posts 4-5 "Today, 09:41 AM"/"09:58 AM"
VB3 = (FIXTURES / "engines" / "vbulletin3" / "en_mafia31_today_httrack.html").read_text(
    encoding="utf-8")
UNSTAMPED = "\n".join(line for line in VB3.splitlines() if "Mirrored from" not in line)
# the same board set to New York's winter offset: its footer says so, and its text times are
# read at that offset (vBulletin prints every time at the viewer's offset, engines/_zone.py)
assert "All times are GMT." in UNSTAMPED
NEW_YORK = UNSTAMPED.replace("All times are GMT.", "All times are GMT -5.")


def _init(capsys, *args) -> tuple[int, str, str]:
    code = main(["init", *map(str, args)])
    out = capsys.readouterr()
    return code, out.out, out.err


def _page(tmp_path, text: str = UNSTAMPED):
    page = tmp_path / "page.html"
    page.write_text(text, encoding="utf-8")
    return page


def _day1(path) -> str:
    return str(tomllib.loads(path.read_text(encoding="utf-8"))["schedule"]["day1"])


def test_without_a_fetch_time_the_hint_is_fetched_at_not_timezone(tmp_path, capsys):
    game = tmp_path / "game.toml"
    code, _, err = _init(capsys, _page(tmp_path), "--out", game, "--ruleset", "mafiascum")
    assert code == 2 and not game.exists()
    assert "day 1 is unknown" in err and "--fetched-at TIME" in err
    assert "--timezone" not in err
    assert err.count("\n") == 1


@pytest.mark.parametrize("footer,fetched_at,day1", [
    ("GMT -5", "2026-12-01T01:00", "2026-11-30"),  # no offset: 01:00 in the game's zone (New York)
    ("GMT -5", "2026-12-01T01:00+00:00", "2026-11-29"),  # 20:00 on 30 Nov at -05:00: yesterday is 29
    ("GMT -5", "2026-12-11T12:00-05:00", "2026-12-10"),
    # a board whose footer says "All times are GMT": its "Yesterday" is yesterday at GMT, where
    # 01:00 on 1 Dec is already the 1st, whatever the game's zone
    ("GMT", "2026-12-01T01:00+00:00", "2026-11-30"),
])
def test_fetched_at_dates_the_saved_pages_in_the_games_zone(tmp_path, capsys, footer, fetched_at,
                                                            day1):
    game = tmp_path / "game.toml"
    text = {"GMT -5": NEW_YORK, "GMT": UNSTAMPED}[footer]
    code, out, err = _init(capsys, _page(tmp_path, text), "--out", game, "--ruleset", "mafiascum",
                           "--fetched-at", fetched_at)
    assert code == 0, err
    assert "time zone America/New_York" in out
    assert _day1(game) == day1


@pytest.mark.parametrize("args,message", [
    (["https://forum.example.com/showthread.php?t=3131", "--fetched-at", "2026-12-01T10:00"],
     "--fetched-at is for saved pages: a thread fetched over HTTP is dated by the server's"),
    (["PAGE", "--fetched-at", "yesterday"], "--fetched-at: not an ISO time: 'yesterday'"),
])
def test_fetched_at_is_refused_as_scrape_refuses_it(tmp_path, capsys, args, message):
    args = [str(_page(tmp_path)) if a == "PAGE" else a for a in args]
    code, _, err = _init(capsys, *args, "--out", tmp_path / "game.toml")
    assert code == 2 and message in err and err.count("\n") == 1
    # the same words as scrape's
    assert main(["scrape", *args, "--db", str(tmp_path / "s.sqlite")]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("date,day1", [
    ("Tue, 01 Dec 2026 15:00:00 GMT", "2026-11-30"),
    ("Fri, 11 Dec 2026 15:00:00 GMT", "2026-12-10"),
])
def test_init_from_a_url_dates_the_page_by_the_servers_date(tmp_path, capsys, date, day1):
    game = tmp_path / "game.toml"
    with ff.ForumServer() as srv:
        srv.pages["/showthread.php?t=3131"] = UNSTAMPED
        srv.date = date
        code, out, err = _init(capsys, srv.url("/showthread.php?t=3131"), "--out", game,
                               "--ruleset", "mafiascum", "--timezone", "UTC")
    assert code == 0, err
    assert _day1(game) == day1


def test_scrape_and_init_share_the_fetched_at_help():
    from typer.main import get_command

    from votal.cli import app

    group = get_command(app)
    helps = {name: next(p.help for p in group.commands[name].params if p.name == "fetched_at")
             for name in ("scrape", "init")}
    assert helps["scrape"] == helps["init"] and "relative dates" in helps["init"]
