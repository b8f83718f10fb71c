"""Relative dates of saved pages count from when the page was fetched (issue 11):
``--fetched-at``, else the page's own clues (scraper/pageclock.py)."""

from __future__ import annotations

import json
import shutil
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from tests.conftest import FIXTURES
from votal.cli import main
from votal.scraper.pageclock import page_fetched_at

UTC = ZoneInfo("UTC")
ATHENS = ZoneInfo("Europe/Athens")


def _scrape(tmp_path, *extra: str) -> dict[str, dict]:
    page = tmp_path / "page.html"
    shutil.copy(FIXTURES / "engines" / "phpbb" / "el_palermo7_phpbb30.html", page)
    out = tmp_path / "posts.jsonl"
    code = main(["scrape", str(page), "--db", str(tmp_path / "s.sqlite"), "--out", str(out),
                 "--timezone", "Europe/Athens", *extra])
    assert code == 0
    return {d["id"]: d for d in map(json.loads, out.read_text(encoding="utf-8").splitlines())}


def test_fetched_at_anchors_today_and_yesterday(tmp_path):
    posts = _scrape(tmp_path, "--fetched-at", "2026-11-18T14:00")
    assert posts["305"]["time"] == "2026-11-17T20:04:00+02:00"   # "Χθες, 20:04"
    assert posts["309"]["time"] == "2026-11-18T13:00:00+02:00"   # "Σήμερα, 13:00"


def test_fetched_at_with_an_offset(tmp_path):
    posts = _scrape(tmp_path, "--fetched-at", "2026-11-18T23:30:00+00:00")  # 01:30 in Athens
    assert posts["309"]["time"] == "2026-11-19T13:00:00+02:00"


def test_fetched_at_is_for_saved_pages_only(tmp_path, capsys):
    code = main(["scrape", "https://forum.example/viewtopic.php?t=1", "--db",
                 str(tmp_path / "s.sqlite"), "--fetched-at", "2026-11-18T14:00"])
    assert code == 2
    assert "--fetched-at is for saved pages" in capsys.readouterr().err


def test_bad_fetched_at_is_one_clear_line(tmp_path, capsys):
    page = FIXTURES / "engines" / "phpbb" / "el_palermo7_phpbb30.html"
    code = main(["scrape", str(page), "--db", str(tmp_path / "s.sqlite"),
                 "--fetched-at", "yesterday"])
    assert code == 2
    assert "--fetched-at: not an ISO time" in capsys.readouterr().err


@pytest.mark.parametrize("html,want", [
    ("<!--\n Page saved with SingleFile \n url: https://f/t/1 \n saved date: Tue Dec 01 2026 "
     "09:41:23 GMT+0200 (Eastern European Standard Time)\n-->", "2026-12-01T07:41:23+00:00"),
    ("<!-- Mirrored from f.example/t/1 by HTTrack Website Copier/3.x [XR&CO'2014], "
     "Tue, 01 Dec 2026 07:41:23 GMT -->", "2026-12-01T07:41:23+00:00"),
    ('<html id="XF" data-app="public" data-csrf="1764575000,0a1b2c">', "2025-12-01T07:43:20+00:00"),
    ("jQuery.extend(true, XF.config, {time: {\n now: 1764575000, today: 1764543600}})",
     "2025-12-01T07:43:20+00:00"),
    ('<td class="gensmall" align="right">It is currently Wed Jul 21, 2010 5:15 pm<br /></td>',
     "2010-07-21T17:15:00+00:00"),
])
def test_page_clues(html, want):
    got = page_fetched_at(html, UTC, ["en"])
    assert got is not None and got == datetime.fromisoformat(want)


def test_no_clue_is_none():
    assert page_fetched_at("<html><body><p>Today, 09:41</p></body></html>", ATHENS) is None


def test_clue_times_are_aware():
    got = page_fetched_at("It is currently Wed Jul 21, 2010 5:15 pm<", ATHENS, ["en"])
    assert got == datetime(2010, 7, 21, 14, 15, tzinfo=UTC)


def test_a_saved_page_dates_itself_by_its_httrack_stamp(tmp_path):
    """No --fetched-at: the mirror's stamp fixes "Today"/"Yesterday" (and the counter "#4"
    printed before the date is no part of it)."""
    page = FIXTURES / "engines" / "vbulletin3" / "en_mafia31_today_httrack.html"
    out = tmp_path / "posts.jsonl"
    assert main(["scrape", str(page), "--db", str(tmp_path / "s.sqlite"), "--out", str(out)]) == 0
    posts = {d["id"]: d for d in map(json.loads, out.read_text(encoding="utf-8").splitlines())}
    assert posts["500101"]["time"] == "2026-11-30T20:04:00+00:00"   # "#3 Yesterday, 08:04 PM"
    assert posts["500108"]["time"] == "2026-12-01T09:41:00+00:00"   # "#4 Today, 09:41 AM"


def test_without_any_fetch_time_relative_posts_go_to_review(tmp_path, capsys):
    """No --fetched-at and no clue in the page: "Χθες, 20:04" fixes no day. The posts are kept
    without their time and named; the scrape exits 1 (interfaces.md §4); nothing is guessed."""
    page = tmp_path / "page.html"
    shutil.copy(FIXTURES / "engines" / "phpbb" / "el_palermo7_phpbb30.html", page)
    out = tmp_path / "posts.jsonl"
    code = main(["scrape", str(page), "--db", str(tmp_path / "s.sqlite"), "--out", str(out),
                 "--timezone", "Europe/Athens"])
    assert code == 1
    assert "post 305: time not found" in capsys.readouterr().out
    posts = {d["id"]: d for d in map(json.loads, out.read_text(encoding="utf-8").splitlines())}
    assert posts["305"]["time"] is None and posts["305"]["problems"] == ["time"]


@pytest.mark.parametrize("extra,stamp,dated,dated_by", [
    (("--fetched-at", "2026-11-18T14:00"), "", "2026-11-18T14:00:00+02:00", "--fetched-at"),
    ((), "<!--\n Page saved with SingleFile \n saved date: Wed Nov 18 2026 14:00:00 GMT+0200 "
         "(EET)\n-->\n", "2026-11-18T12:00:00+00:00", "singlefile"),
    ((), "", None, None),
])
def test_the_store_keeps_what_a_saved_page_was_dated_by(tmp_path, extra, stamp, dated, dated_by):
    from votal.scraper.store import Store

    page = tmp_path / "page.html"
    page.write_text(stamp + (FIXTURES / "engines" / "phpbb" / "el_palermo7_phpbb30.html")
                    .read_text(encoding="utf-8"), encoding="utf-8")
    db = tmp_path / "s.sqlite"
    code = main(["scrape", str(page), "--db", str(db), "--timezone", "Europe/Athens", *extra])
    assert code == (0 if dated else 1)   # undated: the relative posts go to review
    with Store(db, readonly=True) as store:
        (thread,) = store.threads()
        record = store.page(thread.key, 1)
    assert record.dated == (datetime.fromisoformat(dated) if dated else None)
    assert record.dated_by == dated_by


@pytest.mark.parametrize("footer,want", [
    ("All times are UTC + 2 hours", "2010-07-21T15:15:00+00:00"),
    ("All times are UTC + 2 hours [ DST ]", "2010-07-21T14:15:00+00:00"),
    ("All times are UTC", "2010-07-21T17:15:00+00:00"),
])
def test_phpbbs_clock_is_read_in_the_zone_the_page_states(footer, want):
    """"It is currently …" is printed at the board's offset, like its posts, not in --timezone."""
    html = (f"<html><body><p>It is currently Wed Jul 21, 2010 5:15 pm</p><div>…</div>"
            f"<p>{footer}</p></body></html>")
    assert page_fetched_at(html, ATHENS, ["en"]) == datetime.fromisoformat(want)
