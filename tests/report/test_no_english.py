"""No Greek, Italian or Russian output holds English words of the message catalogue (issue 20,
item 7): every day of the shared scenarios and of our games, rendered in el, it and ru in every
format (tally public and private, the audit, the history, the watch lines and live screen, the
charts' labels, a game's site), scanned for the English phrases of report/i18n.py,
report/engine_text.py and report/gamewords.py.

What the moderators or players wrote is theirs (game titles, names, aliases, quoted post text);
CSV is scanned in its words columns (``reason``, ``note``), not its codes and header (the
format's contract, documented in docs/formats.md); JSON has no language. The shared scenarios
are skipped cleanly without ../shared.
"""

from __future__ import annotations

import csv
import io
import re
import string
import tomllib
from functools import cache
from pathlib import Path

import pytest
from lxml import html as lxml_html

from votal.report import FORMATS, engine_text, escape, gamewords, i18n, render
from votal.report.audit_report import render_audit
from votal.report.history import render_history

from ..conftest import FIXTURES, SHARED
from .engine_runs import game_days

LANGS = ("el", "it", "ru")
SCENARIOS = sorted(p.parent for p in (SHARED / "scenarios").glob("*/game.toml")) \
    if SHARED.exists() else []
GAMES = sorted(p.parent for p in (FIXTURES / "games").glob("*/game.toml")) + [FIXTURES / "demo"]
ALL = [pytest.param(p, id=f"{p.parent.name}/{p.name}") for p in SCENARIOS + GAMES
       if p.name != "demo"]


def _rows():
    for module in (i18n, engine_text, gamewords):
        for value in vars(module).values():
            items = value.items() if isinstance(value, dict) else \
                value if isinstance(value, tuple) else ()
            for _, row in items:
                if isinstance(row, dict) and "en" in row and isinstance(row["en"], str):
                    yield row
                elif isinstance(row, dict):
                    yield from (r for r in row.values() if isinstance(r, dict) and "en" in r)


@cache
def english(lang: str) -> re.Pattern:
    """The English catalogue's phrases: the literal parts of every English message (a word
    the message says the same in ``lang`` — "Mafioso", "Dracula" — is not English there)."""
    phrases: set[str] = set()
    for row in _rows():
        same = row[lang].casefold()
        for lit, *_ in string.Formatter().parse(row["en"]):
            for piece in re.split(r"[—:;,.()«»\[\]|→–?!]| - |'s\b", lit or ""):
                piece = piece.strip().casefold()
                if re.search(r"[a-z]{3}", piece) and len(piece) >= 4 and piece != "votal" \
                        and piece not in same:
                    phrases.add(piece)
    alt = "|".join(sorted((re.escape(p) for p in phrases), key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alt})(?![\w-])")


@cache
def theirs(game_dir: Path) -> tuple[str, ...]:
    """The words the game file gives (title, players, aliases, moderators), longest first."""
    g = tomllib.loads((game_dir / "game.toml").read_text(encoding="utf-8"))
    words = [g.get("title", ""), *g.get("moderators", [])]
    for p in g.get("players", []):
        words += [p["name"], *p.get("aliases", []), p.get("role") or "", p.get("faction") or ""]
    words += [escape.markdown(w) for w in words]
    return tuple(sorted({w for w in words if w}, key=len, reverse=True))


def _clean(text: str, game_dir: Path) -> str:
    text = re.sub(r"https?://\S+", " ", text)
    text = re.sub(r"«[^»]*»|“[^”]*”|\"[^\"]*\"", " ", text)        # quoted post text
    for w in theirs(game_dir):
        text = re.sub(rf"(?<!\w){re.escape(w)}(?!\w)", " ", text, flags=re.I)
    return text.casefold()


def _visible(page: str) -> str:
    doc = lxml_html.fromstring(page)
    for el in doc.xpath("//style|//script|//*[local-name()='svg']"):
        el.getparent().remove(el)
    return doc.text_content()


def _csv_words(text: str) -> str:
    rows = list(csv.DictReader(io.StringIO(text)))
    return "\n".join(f"{r.get('reason') or ''} {r.get('note') or ''}" for r in rows)


def _found(out: str, game_dir: Path, where: str, lang: str) -> list[str]:
    text = _clean(out, game_dir)
    return [f"{where}: {m.group()!r} in …{text[max(m.start() - 40, 0):m.end() + 20]!r}"
            for m in english(lang).finditer(text)]


def _days(game_dir: Path) -> tuple[dict, ...]:
    return game_days(str(game_dir / "game.toml"))


@pytest.mark.parametrize("game_dir", ALL)
@pytest.mark.parametrize("lang", LANGS)
def test_tallies_say_no_english(game_dir, lang):
    bad: list[str] = []
    for result in _days(game_dir):
        for fmt in sorted(FORMATS):
            if fmt == "json":
                continue
            for public in (True, False):
                out = render(result, fmt, lang=lang, public=public)
                out = _visible(out) if fmt == "html" else _csv_words(out) if fmt == "csv" else out
                bad += _found(out, game_dir, f"day {result['day']} {fmt} public={public}", lang)
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("game_dir", ALL)
@pytest.mark.parametrize("lang", LANGS)
def test_audits_and_histories_say_no_english(game_dir, lang):
    from votal.app.load import load_game, load_posts
    from votal.audit import audit_game

    game = load_game(game_dir / "game.toml")
    audit = audit_game(game, load_posts(game, offline=True, db=None)).to_dict()
    days = list(_days(game_dir))
    bad: list[str] = []
    for public in (True, False):
        for fmt in ("text", "bbcode", "html"):
            out = render_audit(audit, fmt, lang=lang, public=public)
            bad += _found(_visible(out) if fmt == "html" else out, game_dir,
                          f"audit {fmt} public={public}", lang)
            out = render_history(days, fmt, lang, public=public)
            bad += _found(_visible(out) if fmt == "html" else out, game_dir,
                          f"history {fmt} public={public}", lang)
        bad += _found(_csv_words(render_history(days, "csv", lang, public=public)), game_dir,
                      f"history csv public={public}", lang)
    assert not bad, "\n".join(bad)


_LINE = re.compile(r"^\S+ \S+ (\S+) (.*?) \| ")


@pytest.mark.parametrize("game_dir", ALL)
@pytest.mark.parametrize("lang", LANGS)
def test_watch_lines_and_screen_say_no_english(game_dir, lang, tmp_path):
    """The watch's WHAT in the language (its TIME, KIND keywords and leaders are for scripts,
    README "The watch lines"), and its live screen."""
    from rich.console import Console

    from votal.app.load import load_posts
    from votal.app.watch import watch_game
    from votal.report import render_day
    from votal.report.watchscreen import LineScreen, LiveScreen

    class Frames(LiveScreen):
        def __init__(self):
            super().__init__("text", io.StringIO())
            self.frames: list[str] = []

        def show(self, tick):
            frame = Console(file=io.StringIO(), width=160, color_system=None)
            frame.print(self.render(tick))
            self.frames.append(frame.file.getvalue())

    stored = lambda game: load_posts(game, offline=True, db=None)   # noqa: E731
    bad: list[str] = []
    for screen in (LineScreen("text", io.StringIO()), Frames()):
        watch_game(game_dir / "game.toml", render=lambda r: render_day(r, "text", lang=lang),
                   screen=screen, stored=stored, replay=True, speed=1e12, day=1, lang=lang,
                   out=tmp_path / "final.txt", sleep=lambda s: None)
        if isinstance(screen, Frames):
            bad += _found("\n".join(screen.frames), game_dir, "screen", lang)
            continue
        for ln in screen.stream.getvalue().splitlines():
            m = _LINE.match(ln)
            if m:
                bad += _found(m.group(2), game_dir, f"line {ln!r}", lang)
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", LANGS)
def test_charts_and_site_say_no_english(lang, tmp_path):
    from votal.report.charts import overview_figure, player_games_figure, timeline_figure
    from votal.report.site import build_site

    bad: list[str] = []
    for game_dir in GAMES[:-1]:
        days = list(_days(game_dir))
        figs = [timeline_figure(d, lang) for d in days] + [overview_figure(days, lang)]
        figs.append(player_games_figure([{"game": "g", "status": "counted"}], lang))
        for fig in figs:
            texts = [t.get_text() for t in fig.findobj(lambda a: hasattr(a, "get_text"))]
            bad += _found("\n".join(texts), game_dir, f"chart of {game_dir.name}", lang)
        for page in build_site(days, tmp_path / game_dir.name, lang):
            if page.suffix == ".html":
                bad += _found(_visible(page.read_text(encoding="utf-8")), game_dir,
                              f"site {game_dir.name}/{page.name}", lang)
    assert not bad, "\n".join(bad)


RULE_ID = re.compile(r"(?<![\w-])(?:[A-Z]{1,2}-\d{2}|V-[A-Z]+(?:-[A-Z]+)*)(?![\w-])")
# the moderator's words, which a public post must not carry (MB-06's advice), in each language
FOR_THE_MODERATOR = ("ведущий может", "η ΣΕ μπορεί", "il master può", "the host may")


@pytest.mark.parametrize("game_dir", ALL)
@pytest.mark.parametrize("lang", LANGS)
def test_public_posts_have_no_code_no_advice_no_question_mark_role(game_dir, lang):
    """issue 20, item 7, over every day of the shared scenarios and our games: a public post
    (bbcode, markdown, text, html) holds no internal code (PX-06, V-WINDOW-CHATTER: only with
    --codes), no instruction meant for the moderator, no "?" for a role it does not know, and
    lists a rule-breaking vote once; with ``codes=True`` the deciding rule is back."""
    bad: list[str] = []
    for result in _days(game_dir):
        for fmt in ("bbcode", "markdown", "text", "html"):
            out = render(result, fmt, lang=lang)
            seen = _clean(_visible(out) if fmt == "html" else out, game_dir)
            where = f"day {result['day']} {fmt}"
            bad += [f"{where}: code {c}" for c in RULE_ID.findall(seen.upper())
                    if c.lower() in seen]
            bad += [f"{where}: {w!r}" for w in FOR_THE_MODERATOR if w.casefold() in seen]
            bad += [f"{where}: '(?)'" for _ in re.findall(r"\(\s*\?\s*\)", seen)]
        text = render(result, "text", lang=lang, codes=True).splitlines()
        coded = [x for x in text if re.search(r"\(V-[A-Z-]+\)$", x)]
        assert len(coded) == len(set(coded)), (game_dir.name, result["day"], coded)
        rule = (result.get("outcome") or {}).get("rule")
        if rule:
            assert any(f"({rule})" in x for x in text), (game_dir.name, result["day"], rule)
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("game_dir", ALL)
def test_greek_text_has_no_semicolon(game_dir):
    """issue 20, item 7: ";" is the Greek question mark; two clauses are joined by "·" — in the
    tally (public and private, with codes) and the audit of every day, in el."""
    from votal.app.load import load_game, load_posts
    from votal.audit import audit_game

    outs = [render(r, fmt, lang="el", public=public, codes=True)
            for r in _days(game_dir) for fmt in ("bbcode", "markdown", "text")
            for public in (True, False)]
    game = load_game(game_dir / "game.toml")
    audit = audit_game(game, load_posts(game, offline=True, db=None)).to_dict()
    outs += [render_audit(audit, "text", lang="el", public=public) for public in (True, False)]
    bad = [m for out in outs for m in re.findall(r".{30};.{0,20}", _clean(out, game_dir))]
    assert not bad, bad
