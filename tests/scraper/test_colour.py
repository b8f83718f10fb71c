"""Vocabulary (rules.md): red is a hue test, not a string test; and where a colour is written
(scraper/colour.py, the one colour reader of the scraper and the tally, issue 12)."""

from __future__ import annotations

import pytest
from lxml import etree

from votal.scraper.bbcode import bbcode_to_html
from votal.scraper.colour import (
    NAMED_COLOURS,
    bbcode_colour,
    element_colour,
    is_red,
    parse_colour,
    style_colour,
)
from votal.scraper.normalize import fragment, normalize_colors
from votal.tally.bodies.extract import read_post

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


@pytest.mark.parametrize("style, colour", [
    ("color: red", "red"), ("COLOR:#F00", "#F00"), ("font-weight: bold; color : rgb(255, 0, 0) ;",
                                                    "rgb(255, 0, 0)"),
    ("color: red !important", "red !important"), ("background-color: red", None),
    ("background-color: blue; color: red", "red"), ("border-color: red", None), ("", None),
    (None, None),
])
def test_the_css_color_of_a_style(style, colour):
    assert style_colour(style) == colour


@pytest.mark.parametrize("markup, colour", [
    ('<font color="red">x</font>', "red"),
    ('<font color=" #ff0000 ">x</font>', "#ff0000"),
    ('<font color="">x</font>', None),
    ('<font color="blue" style="color: red">x</font>', "red"),   # CSS wins over the attribute
    ('<span color="red">x</span>', None),                         # only <font> takes color=
    ('<span style="background-color: red">x</span>', None),
    ('<div style="color: green">x</div>', "green"),
])
def test_an_element_s_colour_is_what_a_browser_shows(markup, colour):
    el = etree.fromstring(markup, etree.HTMLParser()).find(".//body")[0]
    assert element_colour(el) == colour


@pytest.mark.parametrize("value, colour", [
    ("red", "red"), (" #FF0000 ", "#FF0000"), ("rgb(255, 0, 0)", "rgb(255, 0, 0)"),
    ("hsl(0, 100%, 50%)", "hsl(0, 100%, 50%)"), ('red" onclick="x', None), ("red;x:y", None),
    ("<b>", None), ("", None),
])
def test_a_bbcode_colour_value(value, colour):
    assert bbcode_colour(value) == colour


@pytest.mark.parametrize("markup", [
    '<font color="red">Nikos</font>', '<span style="color: #e74c3c">Nikos</span>',
    '<b style="color: rgb(255 0 0)">Nikos</b>', "[color=red]Nikos[/color]",
    "[colour=#f00]Nikos[/colour]",
])
def test_the_scraper_and_the_tally_read_one_colour_the_same(markup):
    """BBCode and HTML colours, normalised by the scraper, are read red by the tally, and the
    tally reads the unnormalised markup the same way."""
    html = bbcode_to_html(markup) if markup.startswith("[") else markup
    root = fragment(html)
    normalize_colors(root)
    normalised = etree.tostring(root, encoding="unicode")
    assert 'style="color: ' in normalised
    for body in {html, normalised}:
        marks = read_post(body, "red").marks
        assert [m.text for m in marks] == ["Nikos"] and is_red(marks[0].colour or "")
