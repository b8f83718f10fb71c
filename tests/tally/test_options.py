"""The typed view of a game's options (tally/options.py, issue 12): one field per documented
option of every preset, a game file's values carried over unchanged."""

from __future__ import annotations

from dataclasses import fields

import pytest

from votal.tally.options import NAMES, Options
from votal.tally.presets import PRESETS
from votal.tally.validate import parse_game

_TYPES = {f.name: f.type for f in fields(Options)}


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_option_has_a_typed_field(preset):
    options = PRESETS[preset].options
    assert set(options) <= NAMES
    view = Options.of(options)
    for key, value in options.items():
        assert getattr(view, key) == value
        assert type(value).__name__ == _TYPES[key], (preset, key, value)


def test_an_option_of_no_preset_falls_back_on_the_rules_default():
    # palermo-classic has no block_covers_window, mafiascum no echo_delay_hours
    assert "block_covers_window" not in PRESETS["palermo-classic"].options
    assert Options.of(PRESETS["palermo-classic"].options).block_covers_window is True
    assert Options.of(PRESETS["mafiascum"].options).echo_delay_hours == 3


def test_a_game_files_options_reach_the_view():
    game = parse_game({
        "ruleset": "mafiascum", "timezone": "UTC", "title": "t",
        "source": {"posts": "posts.jsonl"},
        "schedule": {"day1": "2024-01-01", "deadline": "20:00", "day_change": "20:00"},
        "options": {"deadline": "no-lynch", "lynches_per_day": 2, "self_vote_counts": False},
        "players": [{"name": "A"}, {"name": "B"}],
    })
    view = Options.of(game.options)
    assert (view.deadline, view.lynches_per_day, view.self_vote_counts) == ("no-lynch", 2, False)
    assert view.short_prefixes is True    # the preset's own value, not the field's default


def test_an_unknown_option_name_fails_loudly():
    with pytest.raises(TypeError, match="no_such_option"):
        Options.of({"no_such_option": 1})


def test_a_default_is_written_once_in_options():
    """issue 23: a preset takes an option's default from Options (DEFAULT) and writes a value
    only where its ruleset's default differs; the same value written twice is refused."""
    from votal.tally.presets import DEFAULT, _opts

    opts = _opts(echo_delay_hours=DEFAULT, reveal_on_absences=True)
    assert opts["echo_delay_hours"] == Options().echo_delay_hours == 3
    assert opts["reveal_on_absences"] is True and Options().reveal_on_absences is False
    assert list(opts)[:5] == ["fuzzy", "fuzzy_threshold", "short_prefixes",
                              "learn_aliases_from_counts", "dead_posts_allowed"]
    with pytest.raises(TypeError, match="echo_delay_hours=3 is Options' default"):
        _opts(echo_delay_hours=3)
    with pytest.raises(TypeError, match="no field"):
        _opts(echo_delay=3)
