"""Game files as people write them (issue 8): ISO date and date-time strings wherever a date or a
time is expected, a UTF-8 BOM; and C-12 (rev. 2), names that would not tell players apart."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from votal.app.load import load_game
from votal.errors import GameFileError
from votal.tally.validate import parse_game

from ..conftest import FIXTURES

ATHENS = FIXTURES / "games" / "palermo-athens" / "game.toml"


def game(**schedule):
    return {"ruleset": "palermo-extreme", "timezone": "Europe/Athens",
            "schedule": {"day1": date(2026, 11, 2), **schedule},
            "players": [{"name": "Λάμπρος"}, {"name": "Νίκος"}, {"name": "Ελένη"}]}


def test_quoted_dates_and_times_mean_the_same_as_toml_ones():
    written = parse_game({**game(day1="2026-11-02", holidays=["2026-11-12"],
                                 day={"2": {"start": "2026-11-03T03:00:00+02:00",
                                            "deadline": "2026-11-03T21:00"}}),
                          "events": [{"type": "murdered", "player": "Νίκος",
                                      "at": "2026-11-03T13:00:00+02:00"}]})
    toml = parse_game({**game(holidays=[date(2026, 11, 12)],
                              day={"2": {"start": datetime.fromisoformat("2026-11-03T03:00:00+02:00"),
                                         "deadline": datetime(2026, 11, 3, 21)}}),
                       "events": [{"type": "murdered", "player": "Νίκος",
                                   "at": datetime.fromisoformat("2026-11-03T13:00:00+02:00")}]})
    assert written.schedule == toml.schedule
    assert written.events == toml.events
    assert written.schedule.day1 == date(2026, 11, 2)
    assert written.schedule.holidays == frozenset({date(2026, 11, 12)})
    assert written.schedule.days[2].deadline.isoformat() == "2026-11-03T21:00:00+02:00"


@pytest.mark.parametrize("schedule, words", [
    ({"day1": "2 November"}, ["day1", "2026-11-02", "'2 November'", "C-09"]),
    ({"holidays": ["12/11/2026"]}, ["holidays", "'12/11/2026'", "C-10"]),
    ({"day": {"2": {"start": "tomorrow"}}}, ["[schedule.day.2].start", "'tomorrow'"]),
])
def test_a_date_that_is_not_one_is_named(schedule, words):
    with pytest.raises(GameFileError) as e:
        parse_game(game(**schedule))
    for w in words:
        assert w in str(e.value)


def test_a_game_file_with_a_bom(tmp_path):
    bom = tmp_path / "game.toml"
    bom.write_bytes(b"\xef\xbb\xbf" + ATHENS.read_bytes())
    (tmp_path / "posts.jsonl").write_bytes((ATHENS.parent / "posts.jsonl").read_bytes())
    assert load_game(bom).players == load_game(ATHENS).players


# ---- C-12 (rev. 2) -------------------------------------------------------------------------

@pytest.mark.parametrize("players, words", [
    ([{"name": "Νίκος"}, {"name": "Νίκος"}], ["'Νίκος' of player #2 is", "player #1", "C-12"]),
    ([{"name": "Νίκος"}, {"name": "νικοσ"}], ["'νικοσ'", "'Νίκος'", "folded", "C-12"]),
    ([{"name": "Ελένη"}, {"name": "Eλένη"}], ["'Eλένη'", "'Ελένη'", "C-12"]),    # Latin E
    ([{"name": "Αλέξης"}, {"name": "Αλεξης"}], ["'Αλεξης'", "'Αλέξης'", "C-12"]),  # accent
    ([{"name": "A", "aliases": ["Nick"]}, {"name": "NICK"}], ["'NICK' of player #2",
                                                               "alias 'Nick' of player #1 'A'"]),
    ([{"name": "A", "aliases": ["Nick"]}, {"name": "B", "aliases": ["nick"]}],
     ["alias 'nick' of player #2 'B'", "alias 'Nick' of player #1 'A'", "C-12"]),
])
def test_players_that_names_cannot_tell_apart_refuse_the_file(players, words):
    with pytest.raises(GameFileError) as e:
        parse_game({**game(), "players": players})
    for w in words:
        assert w in str(e.value)


def test_one_player_may_repeat_his_own_name_as_an_alias():
    g = parse_game({**game(), "players": [{"name": "Νίκος", "aliases": ["ΝΙΚΟΣ", "Nikos"]},
                                          {"name": "Ελένη"}]})
    assert [p.name for p in g.players] == ["Νίκος", "Ελένη"]
