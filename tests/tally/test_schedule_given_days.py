"""Every post in the day it was written in (issue 20 item 14; C-09, C-10).

A game file that gives each day's exact instants (``[schedule.day.N] start``/``deadline``, as
archives of finished games do) — fixtures/schedule/three-long-days: days 1–3 of 2½ days each,
votes in all three. A day ends where the next begins; the days after the last given one continue
from its end; a schedule that overlaps or runs backwards is refused naming the file and the day;
a post after the last day the schedule holds is named (``V-NO-DAY``), never counted in a day.
"""

from __future__ import annotations

import tomllib
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from votal.app.load import load_game, load_posts
from votal.cli import main
from votal.errors import GameFileError
from votal.tally.engine import last_day, tally_day, tally_game
from votal.tally.presets import get_preset
from votal.tally.schedule import MAX_DAYS, NoDay, Schedule
from votal.tally.validate import parse_game

from ..conftest import FIXTURES

LONG = FIXTURES / "schedule" / "three-long-days"
GAME = LONG / "game.toml"
ATHENS = ZoneInfo("Europe/Athens")


def schedule_of(game) -> Schedule:
    return Schedule(game.schedule, game.tz, window=get_preset(game.ruleset).window)


def given_days() -> dict[int, tuple[datetime, datetime]]:
    """The instants as the file writes them, read with tomllib alone (not votal's reader)."""
    data = tomllib.loads(GAME.read_text(encoding="utf-8"))
    return {int(n): (d["start"], d["deadline"]) for n, d in data["schedule"]["day"].items()}


def test_the_fixture_gives_three_days_of_two_and_a_half_days():
    days = given_days()
    assert sorted(days) == [1, 2, 3]
    assert all(deadline - start == timedelta(hours=60) for start, deadline in days.values())


def test_a_given_day_ends_where_the_next_begins_and_day_4_continues_from_day_3():
    game = load_game(GAME)
    s = schedule_of(game)
    days = given_days()
    for n in (1, 2, 3):
        assert (s.start(n), s.deadline(n)) == days[n]
    assert s.end(1) == days[2][0] and s.end(2) == days[3][0]
    # day 3 is the last given: it ends at the first day change (03:00) at or after its deadline,
    # and day 4 starts there, with its deadline at 20:00 that date (C-09's defaults)
    deadline3 = days[3][1].astimezone(ATHENS)
    assert deadline3.hour == 23
    day4 = datetime(deadline3.year, deadline3.month, deadline3.day + 1, tzinfo=ATHENS)
    assert s.end(3) == s.start(4) == day4.replace(hour=3)
    assert s.deadline(4) == day4.replace(hour=20)
    for n in range(1, 30):   # one after another, forwards
        start, deadline, end = s.bounds(n)
        assert start < deadline < end == s.start(n + 1)


def test_every_post_is_counted_in_the_day_it_was_written_in():
    game = load_game(GAME)
    posts = load_posts(game)
    days = given_days()

    def written_in(t: datetime) -> int:    # the given instants alone: [start(n), start(n+1))
        starts = [days[n][0] for n in (1, 2, 3)]
        return sum(1 for s in starts if s <= t)

    s = schedule_of(game)
    for p in posts.main:
        assert s.day_of(p.time) == written_in(p.time), p.id
    voters = {1: {"Λάμπρος", "Ελένη", "Μαρία", "Νίκος", "Γιώργος", "Σταύρος"},
              2: {"Λάμπρος", "Μαρία", "Ελένη", "Γιώργος", "Σταύρος"},
              3: {"Ελένη", "Γιώργος", "Λάμπρος", "Σταύρος"}}
    out = {1: "Νίκος", 2: "Μαρία", 3: "Γιώργος"}
    assert last_day(game, posts) == 3
    for n in (1, 2, 3):
        result = tally_day(game, posts, n).to_dict()
        assert {v["voter"] for v in result["votes"] if v["status"] == "counted"} == voters[n]
        assert result["outcome"]["players"] == [out[n]]
        assert {row["player"]: row["votes"] for row in result["tally"]}[out[n]] == 3
        assert result["absent"] == []


def test_tally_day_3_through_the_cli_counts_day_3s_votes(capsys):
    assert main(["tally", str(GAME), "--day", "3", "--offline", "--format", "json"]) == 0
    import json

    result = json.loads(capsys.readouterr().out)
    assert {row["player"]: row["votes"] for row in result["tally"]} == {"Γιώργος": 3, "Ελένη": 1}
    assert result["start"] == "2026-11-07T11:00:00+02:00"


def test_check_prints_the_days_as_the_tally_counts_them(capsys):
    assert main(["check", str(GAME), "--days", "4"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{GAME}: ok")
    days = [line for line in out if line.startswith("  day ")]
    assert days == [
        "  day 1   Mon 02/11 09:00 → deadline Wed 04/11 21:00, change window 21:05–21:10 (PX-03),"
        " ends Wed 04/11 22:00 (given in [schedule.day.1])",
        "  day 2   Wed 04/11 22:00 → deadline Sat 07/11 10:00, change window 10:05–10:10 (PX-03),"
        " murder Thu 05/11 13:00, ends Sat 07/11 11:00 (given in [schedule.day.2])",
        "  day 3   Sat 07/11 11:00 → deadline Mon 09/11 23:00, change window 23:05–23:10 (PX-03),"
        " murder Sat 07/11 13:00, ends Tue 10/11 03:00 (given in [schedule.day.3])",
        "  day 4   Tue 10/11 03:00 → deadline Tue 10/11 20:00, change window 20:05–20:10 (PX-03),"
        " murder 13:00, ends Wed 11/11 03:00",
    ]
    assert not any("paused" in line for line in out)   # a long day's dates are not pauses


# -- schedules that overlap or run backwards are refused -------------------------------------

def data_with(**days) -> dict:
    data = tomllib.loads(GAME.read_text(encoding="utf-8"))
    for n, table in days.items():
        if table is None:
            del data["schedule"]["day"][n[1:]]
        else:
            data["schedule"]["day"][n[1:]] = table
    return data


def at(text: str) -> datetime:
    return datetime.fromisoformat(text)


@pytest.mark.parametrize("days, day, words", [
    # day 2's deadline before its start
    ({"d2": {"start": at("2026-11-04T22:00:00+02:00"), "deadline": at("2026-11-04T12:00:00+02:00")}},
     2, ["[schedule.day.2]", "day 2's deadline 2026-11-04T12:00:00+02:00 is not after its start"]),
    # day 2 starts inside day 1's change window (21:05–21:10)
    ({"d2": {"start": at("2026-11-04T21:05:00+02:00"), "deadline": at("2026-11-07T10:00:00+02:00")}},
     2, ["[schedule.day.2]", "day 2 starts 2026-11-04T21:05:00+02:00", "day 1's vote closes"]),
    # day 3 starts before day 2 (given) has its deadline
    ({"d3": {"start": at("2026-11-06T11:00:00+02:00"), "deadline": at("2026-11-09T23:00:00+02:00")}},
     3, ["[schedule.day.3]", "day 3 starts 2026-11-06T11:00:00+02:00", "before day 2's"]),
    # day 2 not given: its default deadline (Thu 05/11 20:00) is after day 3's given start
    ({"d2": None, "d3": {"start": at("2026-11-05T11:00:00+02:00"),
                         "deadline": at("2026-11-07T23:00:00+02:00")}},
     3, ["[schedule.day.3]", "day 3 starts 2026-11-05T11:00:00+02:00", "before day 2's"]),
    # day 4 given a deadline only: before its start, day 3's end
    ({"d4": {"deadline": at("2026-11-09T23:30:00+02:00")}},
     4, ["[schedule.day.4]", "day 4's deadline 2026-11-09T23:30:00+02:00 is not after its start "
         "2026-11-10T03:00:00+02:00"]),
])
def test_a_schedule_that_overlaps_or_runs_backwards_is_refused(days, day, words):
    with pytest.raises(GameFileError) as e:
        parse_game(data_with(**days), path="long.toml")
    text = str(e.value)
    assert text.startswith("long.toml: ") and f"fix the instants of day {day}" in text
    assert "(C-09)" in text and "\n" not in text
    for w in words:
        assert w in text, text


@pytest.mark.parametrize("command", [["check"], ["tally", "--offline", "--day", "1"]])
def test_the_cli_refuses_it_in_one_line(tmp_path, capsys, command):
    text = GAME.read_text(encoding="utf-8").replace("deadline = 2026-11-07T10:00:00+02:00",
                                                   "deadline = 2026-11-04T12:00:00+02:00")
    bad = tmp_path / "game.toml"
    bad.write_text(text, encoding="utf-8")
    (tmp_path / "posts.jsonl").write_bytes((LONG / "posts.jsonl").read_bytes())
    assert main([command[0], str(bad), *command[1:]]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert str(bad) in captured.err and "[schedule.day.2]" in captured.err


def test_a_later_start_stretches_the_day_before_it():
    """A day ends where the next begins: a night between a deadline and the next given start
    belongs to the day before (after its vote closed), never to no day."""
    data = data_with(d2={"start": at("2026-11-05T18:00:00+02:00"),
                         "deadline": at("2026-11-07T10:00:00+02:00")})
    s = schedule_of(parse_game(data))
    assert s.end(1) == s.start(2) == at("2026-11-05T18:00:00+02:00")
    assert s.day_of(at("2026-11-05T12:00:00+02:00")) == 1


# -- days after the last given one, C-10 ------------------------------------------------------

def test_the_days_after_the_last_given_one_keep_the_rulesets_pauses():
    """palermo-classic pauses weekends (PC-01, C-10): day 3 given to end on a Friday night, day 4
    is Monday's, not the weekend's."""
    data = tomllib.loads(GAME.read_text(encoding="utf-8"))
    data["ruleset"] = "palermo-classic"
    data["schedule"]["day"] = {
        "1": {"start": at("2026-11-02T03:00:00+02:00"), "deadline": at("2026-11-04T15:00:00+02:00")},
        "2": {"start": at("2026-11-04T15:00:00+02:00"), "deadline": at("2026-11-06T20:00:00+02:00")}}
    game = parse_game(data)
    s = schedule_of(game)
    assert s.end(2) == s.start(3) == at("2026-11-07T03:00:00+02:00")    # Saturday 03:00
    assert s.deadline(3) == at("2026-11-09T20:00:00+02:00")             # Monday 20:00
    assert s.date_of(3) == date(2026, 11, 9)


def test_without_given_days_the_schedule_is_c09s():
    """No given instant: day n on the n-th played date, 03:00 to 03:00, deadline 20:00."""
    data = tomllib.loads(GAME.read_text(encoding="utf-8"))
    del data["schedule"]["day"]
    s = schedule_of(parse_game(data))
    for n in range(1, 40):
        d = date(2026, 11, 2) + timedelta(days=n - 1)
        assert s.bounds(n) == (datetime(d.year, d.month, d.day, 3, tzinfo=ATHENS),
                               datetime(d.year, d.month, d.day, 20, tzinfo=ATHENS),
                               datetime.combine(d + timedelta(days=1), datetime.min.time(),
                                                ATHENS).replace(hour=3)), n


# -- a post in no day -------------------------------------------------------------------------

def test_every_day_up_to_the_last_the_schedule_holds_is_found():
    s = schedule_of(load_game(GAME))
    for n in (4, 700, 1500, 1999, MAX_DAYS):
        assert s.day_of(s.deadline(n)) == n          # was MAX_DAYS for any day past 1024
    with pytest.raises(NoDay):
        s.day_of(s.end(MAX_DAYS))


def test_a_post_after_the_last_day_the_schedule_holds_is_named_not_counted(tmp_path):
    text = (LONG / "posts.jsonl").read_text(encoding="utf-8").splitlines()
    s = schedule_of(load_game(GAME))
    late = s.end(MAX_DAYS) + timedelta(days=3)
    extra = text[-2].replace('"2026-11-09T20:00:00+02:00"', f'"{late.isoformat()}"') \
                    .replace('"1018"', '"9999"').replace("post-1018", "post-9999")
    assert extra != text[-2]
    (tmp_path / "posts.jsonl").write_text("\n".join([*text, extra]) + "\n", encoding="utf-8")
    (tmp_path / "game.toml").write_bytes(GAME.read_bytes())
    game = load_game(tmp_path / "game.toml")
    posts = load_posts(game)
    days = tally_game(game, posts)
    assert [d.day for d in days] == [1, 2, 3]
    review = days[-1].to_dict()["review"]
    [item] = [r for r in review if r["rule"] == "V-NO-DAY"]
    assert item["post"] == "9999" and item["player"] == "Σταύρος"
    assert f"after day {MAX_DAYS}" in item["text"] and "C-09" in item["text"]
    assert all(r["rule"] != "V-NO-DAY" for d in days[:-1] for r in d.to_dict()["review"])
    counted = [v for d in days for v in d.to_dict()["votes"]]
    assert all(v["post"] != "9999" for v in counted)


def test_the_audit_names_the_post_in_no_day_too(tmp_path, capsys):
    import json

    text = (LONG / "posts.jsonl").read_text(encoding="utf-8").splitlines()
    late = schedule_of(load_game(GAME)).end(MAX_DAYS) + timedelta(hours=1)
    extra = json.loads(text[-2]) | {"id": "9999", "time": late.isoformat(),
                                    "url": "https://forum.example/t/long-days/post-9999"}
    (tmp_path / "posts.jsonl").write_text("\n".join([*text, json.dumps(extra)]) + "\n",
                                          encoding="utf-8")
    (tmp_path / "game.toml").write_bytes(GAME.read_bytes())
    assert main(["audit", str(tmp_path / "game.toml"), "--offline", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [d["day"] for d in report["days"]] == [1, 2, 3]
    found = {(d["day"], r["rule"], r["post"]) for d in report["days"] for r in d["result"]["review"]}
    assert found == {(3, "V-NO-DAY", "9999")}


def test_a_live_watch_after_the_last_day_the_schedule_holds_refuses(tmp_path):
    """A moment in no day has no day to watch: one InputError naming the file, not day 2000."""
    import io

    from votal.app.watch import watch_game
    from votal.errors import InputError
    from votal.report.watchscreen import LineScreen
    from votal.tally.engine import GamePosts

    (tmp_path / "game.toml").write_bytes(GAME.read_bytes())
    (tmp_path / "posts.jsonl").write_bytes((LONG / "posts.jsonl").read_bytes())
    now = schedule_of(load_game(GAME)).end(MAX_DAYS) + timedelta(days=1)
    with pytest.raises(InputError) as e:
        watch_game(tmp_path / "game.toml", render=lambda r: "", fmt="text",
                   screen=LineScreen("text", io.StringIO()), live_refresh=lambda g: GamePosts(()),
                   clock=lambda: now, sleep=lambda s: None, out=tmp_path / "post.txt")
    assert str(tmp_path / "game.toml") in str(e.value) and f"after day {MAX_DAYS}" in str(e.value)
    assert not (tmp_path / "post.txt").exists()
