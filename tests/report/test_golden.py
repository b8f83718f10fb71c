"""Golden files: every day of our own games (fixtures/games/) in every format and language.

Regenerate with ``make golden`` (``pytest tests/report --update-golden``) and review the diff;
otherwise the output must match byte for byte. HTML (it embeds the SVG chart) is kept in the
game's own language only, JSON once (it has no language). The chart inside the HTML is
compared as a placeholder: matplotlib's SVG path data changes between its releases, and the chart
has tests of its own (tests/report/test_history_charts_site.py, the browser test).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from votal.report import render
from votal.report.i18n import LANGUAGES

from ..conftest import FIXTURES
from .engine_runs import game_days

GAMES = sorted(p.parent.name for p in (FIXTURES / "games").glob("*/game.toml"))
GOLDEN = FIXTURES / "golden"
_SVG = re.compile(r"<svg\b.*?</svg>", re.S)
TEXT_FORMATS = ("bbcode", "markdown", "text", "csv")


def _cases() -> list[tuple[str, str, str | None]]:
    cases = [(g, fmt, lang) for g in GAMES for fmt in TEXT_FORMATS for lang in LANGUAGES]
    cases += [(g, "html", None) for g in GAMES] + [(g, "json", None) for g in GAMES]
    return cases


def _check(path: Path, text: str, update: bool) -> None:
    if update:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
        return
    assert path.exists(), f"{path} is missing: run `make golden` and review the new files"
    assert path.read_bytes() == text.encode("utf-8"), \
        f"{path} differs: run `make golden` and review the diff"


@pytest.mark.parametrize(("game", "fmt", "lang"), _cases())
def test_golden(game, fmt, lang, update_golden):
    days = game_days(str(FIXTURES / "games" / game / "game.toml"))
    assert days
    for result in days:
        lang_used = lang or result["language"]
        out = render(result, fmt, lang=lang_used)
        if fmt == "html":
            assert _SVG.search(out), "the HTML page lost its chart"
            out = _SVG.sub("<svg><!-- chart: see the chart tests --></svg>", out)
        _check(GOLDEN / game / f"{result['day']}.{lang_used}.{fmt}", out, update_golden)


def test_no_stale_golden_files():
    """A golden file nobody produces any more is an error (a renamed game or a dropped day)."""
    expected = set()
    for game, fmt, lang in _cases():
        for result in game_days(str(FIXTURES / "games" / game / "game.toml")):
            expected.add(GOLDEN / game / f"{result['day']}.{lang or result['language']}.{fmt}")
    present = set(GOLDEN.glob("*/*")) if GOLDEN.exists() else set()
    assert present <= expected, sorted(str(p) for p in present - expected)
