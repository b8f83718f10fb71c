"""Golden files of the audit report: every planted game of fixtures/audit/ in every format.

Beside each game, ``golden/<lang>.<fmt>`` (the game's own language, private, as archivists run
it); for ``ms-miscount`` and ``ms-unread-count`` every language, and the public report. Regenerate with ``make
golden`` and review the diff; otherwise the output must match byte for byte.
"""

from __future__ import annotations

import pytest

from votal.cli import main
from votal.report.i18n import LANGUAGES

from ..conftest import FIXTURES
from .test_golden import _check

AUDIT = FIXTURES / "audit"
GAMES = sorted(p.parent.name for p in AUDIT.glob("*/game.toml"))
FORMATS = ("text", "markdown", "bbcode", "html", "json")


def _language(game: str) -> str:
    import tomllib

    return tomllib.loads((AUDIT / game / "game.toml").read_text(encoding="utf-8"))["language"]


def _cases() -> list[tuple[str, str, str, bool]]:
    cases = [(g, fmt, _language(g), False) for g in GAMES for fmt in FORMATS]
    cases += [(g, fmt, lang, False) for g in ("ms-miscount", "ms-unread-count")
              for fmt in FORMATS[:4] for lang in LANGUAGES if lang != "en"]
    cases += [(g, fmt, _language(g), True) for g in ("ms-miscount", "ms-unread-count",
                                                     "px-violations", "lm-gatto-nero")
              for fmt in FORMATS]
    return cases


def _name(fmt: str, lang: str, public: bool) -> str:
    return f"{lang}.{'public' if public else 'private'}.{fmt}"


@pytest.mark.parametrize(("game", "fmt", "lang", "public"), _cases())
def test_audit_golden(game, fmt, lang, public, update_golden, capsys):
    code = main(["audit", str(AUDIT / game / "game.toml"), "--offline", "--format", fmt,
                 "--lang", lang, "--public" if public else "--private"])
    assert code in (0, 1)
    _check(AUDIT / game / "golden" / _name(fmt, lang, public), capsys.readouterr().out,
           update_golden)


def test_no_stale_audit_golden_files():
    expected = {AUDIT / g / "golden" / _name(f, lang, pub) for g, f, lang, pub in _cases()}
    present = set(AUDIT.glob("*/golden/*"))
    assert present <= expected, sorted(str(p) for p in present - expected)
