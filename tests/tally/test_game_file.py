"""The game file (interfaces.md §1): records, defaults, and refusals naming file, event and rule."""

from __future__ import annotations

from datetime import time

import pytest

from votal.app.load import load_game
from votal.errors import GameFileError
from votal.tally.validate import parse_game

from .helpers import at, game_dict


def refused(data: dict) -> str:
    with pytest.raises(GameFileError) as e:
        parse_game(data, path="g.toml")
    return str(e.value)


def test_palermo_defaults_and_players():
    g = parse_game(game_dict(players=[{"name": "A", "aliases": ["Άλφα"], "role": "mayor"}, "B"]),
                   path="g.toml")
    assert g.schedule.deadline == time(20) and g.schedule.day_change == time(3)
    assert g.schedule.murder == time(13)
    assert g.options["window_first_vote"] is False           # PX-03 interpretation
    assert g.player("A").aliases == ("Άλφα",) and g.player("A").role == "mayor"


def test_options_override_and_unknown_option():
    g = parse_game(game_dict(options={"window_first_vote": True}), path="g.toml")
    assert g.options["window_first_vote"] is True
    msg = refused(game_dict(options={"no_such_option": 1}))
    assert "g.toml" in msg and "no_such_option" in msg


def test_mafiascum_options_are_checked():
    base = {"schedule": {"deadline": "23:59", "day_change": "23:59"}}
    g = parse_game(game_dict("mafiascum", options={"deadline": "no-lynch", "majority": 4}, **base),
                   path="g.toml")
    assert g.options["deadline"] == "no-lynch" and g.options["majority"] == 4
    assert "sudden-death" in refused(game_dict("mafiascum", options={"deadline": "sudden-death"},
                                               **base))


@pytest.mark.parametrize("ruleset", ["lupus-mirtillo", "mafia-forum-ru", "mafiascum"])
def test_rulesets_without_fixed_hours_need_them(ruleset):
    msg = refused(game_dict(ruleset))
    assert "deadline" in msg and "day_change" in msg and "C-09" in msg


def test_unknown_top_level_key_and_player_key():
    assert "colour" in refused(game_dict(colour="red"))
    assert "nick" in refused(game_dict(players=[{"name": "A", "nick": "x"}]))


def test_bad_time_zone():
    msg = refused(game_dict(timezone="Europe/Atlantis"))
    assert "Europe/Atlantis" in msg and "g.toml" in msg


def test_duplicate_names_across_players():
    assert "(C-12)" in refused(game_dict(players=["A", {"name": "B", "aliases": ["a"]}]))


EVENT_CASES = [
    ({"type": "murdered", "day": 2, "player": "Nobody"}, ["event #1 (murdered)", "Nobody", "C-01"]),
    ({"type": "sneezed", "day": 2}, ["event #1 (sneezed)", "unknown event type"]),
    ({"type": "lawyer", "actor": "A", "day": 2}, ["event #1 (lawyer)", "missing", "target"]),
    ({"type": "murdered", "player": "A", "day": 2, "weapon": "axe"}, ["unknown field", "weapon"]),
    ({"type": "murdered", "player": "A", "day": 0}, ["event #1 (murdered)", "C-09"]),
    ({"type": "murdered", "player": "A", "at": at(1, 13)}, ["before day 1", "C-09"]),
    ({"type": "lawyer", "actor": "A", "target": "A", "day": 2}, ["event #1 (lawyer)", "PX-07"]),
    ({"type": "cop_swap", "actor": "A", "a": "A", "b": "B", "day": 2}, ["PX-08"]),
    ({"type": "cop_swap", "actor": "A", "a": "B", "b": "C", "day": 2, "at": at(3, 19)},
     ["PX-08", "window"]),
    ({"type": "card", "card": "joker", "actor": "A", "day": 2}, ["unknown card", "joker"]),
    ({"type": "card", "card": "vote_cancel", "actor": "A", "day": 2}, ["needs a target", "PX-12"]),
]


@pytest.mark.parametrize("event,parts", EVENT_CASES, ids=[c[0]["type"] + str(i) for i, c in
                                                           enumerate(EVENT_CASES)])
def test_bad_events_are_refused_naming_file_event_and_rule(event, parts):
    msg = refused(game_dict(events=[event]))
    assert msg.startswith("g.toml: ")
    for part in parts:
        assert part in msg


def test_second_cop_swap_names_the_second_event():
    swap = {"type": "cop_swap", "actor": "A", "a": "B", "b": "C"}
    msg = refused(game_dict(events=[{**swap, "day": 2}, {**swap, "day": 3}]))
    assert "event #2 (cop_swap)" in msg and "PX-08" in msg


def test_baku_lawyer_may_defend_himself():
    g = parse_game(game_dict("mafia-baku", events=[
        {"type": "lawyer", "actor": "A", "target": "A", "day": 1}]), path="g.toml")
    assert g.events[0].target == "A"


def test_lupus_priest_once_per_game():
    base = {"schedule": {"deadline": "21:00", "day_change": "21:00"}}
    priest = {"type": "priest", "actor": "A", "target": "B"}
    msg = refused(game_dict("lupus-mirtillo", events=[{**priest, "day": 1}, {**priest, "day": 2}],
                            **base))
    assert "event #2 (priest)" in msg and "LM-05" in msg


def test_event_names_resolve_through_aliases():
    g = parse_game(game_dict(players=[{"name": "Nikos", "aliases": ["Νίκος"]}, "B"], events=[
        {"type": "murdered", "day": 2, "player": "νίκος"}]), path="g.toml")
    assert g.events[0].player == "Nikos"


def test_runoff_and_poll_votes():
    base = {"schedule": {"deadline": "21:00", "day_change": "21:00"}}
    g = parse_game(game_dict("lupus-mirtillo", events=[
        {"type": "runoff", "day": 1, "votes": [{"voter": "A", "target": "abstain"},
                                               {"voter": "B", "target": "C"}]}], **base),
        path="g.toml")
    assert g.events[0].ballots == (("A", "abstain"), ("B", "C"))
    msg = refused(game_dict(events=[{"type": "poll", "day": 1, "votes": {"Zed": 3}}]))
    assert "poll" in msg and "Zed" in msg


def test_load_game_names_the_file(tmp_path):
    bad = tmp_path / "broken.toml"
    bad.write_text('title = "x"\nruleset = "palermo-extreme"\ntimezone = "Mars/Olympus"\n'
                   '[schedule]\nday1 = 2026-11-02\n[[players]]\nname = "A"\n', encoding="utf-8")
    with pytest.raises(GameFileError, match=r"broken\.toml.*Mars/Olympus"):
        load_game(bad)
    (tmp_path / "syntax.toml").write_text("title = \n", encoding="utf-8")
    with pytest.raises(GameFileError, match=r"syntax\.toml.*TOML"):
        load_game(tmp_path / "syntax.toml")
    with pytest.raises(GameFileError, match="missing.toml"):
        load_game(tmp_path / "missing.toml")


def test_timed_event_needs_a_time_or_a_day():
    msg = refused(game_dict(events=[{"type": "murdered", "player": "A"}]))
    assert "event #1 (murdered)" in msg and "'at'" in msg


def test_emperor_acts_from_day_two_and_protects_himself_once():
    imm = {"type": "immunity", "actor": "A", "target": "A"}
    assert "PX-10" in refused(game_dict(events=[{**imm, "day": 1}]))
    msg = refused(game_dict(events=[{**imm, "day": 2}, {**imm, "day": 4}]))
    assert "event #2 (immunity)" in msg and "PX-10" in msg
