"""Vocabulary (rules.md): red is a hue test, not a string test."""

from __future__ import annotations

import pytest

from votal.tally.colour import NAMED_COLOURS, is_red, parse_colour

# The colours rules.md lists, and what it says about each.
RULES_RED = ["red", "#f00", "#ff0000", "rgb(255,0,0)", "rgb(226, 80, 65)", "#e74c3c", "#c0392b",
             "darkred"]
RULES_NOT_RED = ["#ff8c00", "#ff69b4", "#8b4513"]


@pytest.mark.parametrize("value", RULES_RED)
def test_rules_md_reds_are_red(value: str) -> None:
    assert is_red(value)


@pytest.mark.parametrize("value", RULES_NOT_RED)
def test_rules_md_orange_pink_brown_are_not_red(value: str) -> None:
    assert not is_red(value)


@pytest.mark.parametrize("value", [
    "RED", " Red ", "#F00", "#FF0000", "rgb( 255 , 0 , 0 )", "rgb(255 0 0)", "rgba(255,0,0,1)",
    "rgba(255, 0, 0, .5)", "rgb(255 0 0 / 50%)", "#ff0000ff", "#f00f", "#ff0000 !important",
    "red!important", "rgb(100%, 0%, 0%)", "hsl(0, 100%, 50%)", "hsl(358deg 80% 45%)", "ff0000",
    '"red"',
])
def test_css_syntaxes_of_red(value: str) -> None:
    assert is_red(value)


@pytest.mark.parametrize("value", [
    "", "   ", "garbage", "#ff00", "#gg0000", "rgb(255,0)", "rgb(255,0,0,0,0)", "rgb(red)",
    "rgb(1deg, 0, 0)", "url(red)", "f00", "redd", "#ff000000", "rgba(255,0,0,0)", "transparent",
    "hsl(0, 100, 50%)x", "inherit", "currentColor",
])
def test_garbage_and_invisible_are_not_red(value: str) -> None:
    assert not is_red(value)


def test_non_string_is_not_red() -> None:
    assert not is_red(None)  # type: ignore[arg-type]


def test_hue_wraps_around_360() -> None:
    # hue 350° (crimson-like) is 10° from 0°, inside ±15°; 340° is not
    assert is_red("hsl(350, 90%, 45%)")
    assert not is_red("hsl(340, 90%, 45%)")
    assert is_red("hsl(10, 90%, 45%)")
    assert not is_red("hsl(20, 90%, 45%)")


def test_saturation_and_lightness_bounds() -> None:
    assert not is_red("hsl(0, 40%, 50%)")   # greyish pink-brown: too little saturation
    assert is_red("hsl(0, 46%, 50%)")
    assert not is_red("hsl(0, 100%, 15%)")  # almost black
    assert not is_red("hsl(0, 100%, 80%)")  # pale pink
    assert not is_red("black") and not is_red("white") and not is_red("gray")


def test_parameters_override_defaults() -> None:
    assert not is_red("#ff8c00")                      # orange, hue 33°
    assert is_red("#ff8c00", hue=35.0)
    assert not is_red("hsl(0, 40%, 50%)", min_sat=0.45)
    assert is_red("hsl(0, 40%, 50%)", min_sat=0.30)
    assert not is_red("hsl(0, 100%, 80%)")
    assert is_red("hsl(0, 100%, 80%)", light=(0.2, 0.85))


def test_named_table_is_complete() -> None:
    assert len(NAMED_COLOURS) == 148
    assert NAMED_COLOURS["rebeccapurple"] == (0x66, 0x33, 0x99)
    assert NAMED_COLOURS["grey"] == NAMED_COLOURS["gray"] == (128, 128, 128)
    assert parse_colour("DarkRed") == (0x8b / 255, 0.0, 0.0, 1.0)


# Hand-checked HSL of the named colours near red: hue within 15°, saturation ≥ .45, lightness
# in .20–.70. crimson 348°/.83/.47, firebrick 0°/.68/.42, brown 0°/.59/.41, indianred 0°/.53/.58,
# tomato 9°/1/.64, maroon 0°/1/.25; orangered is 16° (just outside), salmon is .71 light.
NAMED_RED = {"red", "darkred", "crimson", "firebrick", "brown", "indianred", "tomato", "maroon"}


@pytest.mark.parametrize("name", sorted(NAMED_COLOURS))
def test_every_named_colour(name: str) -> None:
    assert is_red(name) == (name in NAMED_RED)
