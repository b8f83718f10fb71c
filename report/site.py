"""`votal report GAME --out DIR`: a static site of a whole game, one folder, relative links.

index.html (days, players, the who-voted-whom chart), day-N.html (the day's official tally and its
timeline chart), player-NN.html (one player's votes), and the charts as SVG files beside them.
No external asset: the folder opens offline in any browser.

Never half written (issue 20): :func:`staged_folder` gives a temporary sibling of the output
folder to write into; only when the whole site is there do its files take their place (a
folder that did not exist is renamed into place, at once), and a Ctrl-C or an error before that
removes it and leaves the output folder as it was.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import tempfile
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from markupsafe import Markup

from votal.report import escape, i18n
from votal.report.charts import overview_figure, timeline_figure, to_bytes
from votal.report.formats import labels
from votal.report.history import build
from votal.report.public import select
from votal.report.render import render_template
from votal.report.view import OutcomeWords, build_day, end_text, outcome_text, outcome_words


@dataclass(frozen=True)
class DayLink:
    day: int
    label: Markup
    href: str
    outcome: Markup


def day_file(n: int) -> str:
    return f"day-{n}.html"


def player_file(i: int) -> str:
    """Players are numbered, not slugged: nicknames may hold any character."""
    return f"player-{i:02d}.html"


def build_site(days: list[dict], out: Path, lang: str, *, public: bool = True,
               codes: bool | None = None) -> list[Path]:
    """Write the site into ``out`` (created if needed); returns the files written. ``codes``:
    the day pages print the rule ids (None: only a private site, as a day's post)."""
    lang = i18n.check_language(lang)
    out.mkdir(parents=True, exist_ok=True)
    views = [select(d, public=public) for d in days]
    game = views[0].get("game", "") if views else ""
    hist = build(days, lang, public=public)
    players = [(h.player, player_file(i)) for i, h in enumerate(hist, 1)]
    written: list[Path] = []
    nav = _nav(lang)
    ruleset = views[0].get("ruleset") if views else None
    for d in views:
        written += _day_page(d, out, lang, nav, not public if codes is None else codes)
    for (name, href), h in zip(players, hist):
        ctx = _common(lang, game, nav, f"{i18n.t('history', lang)} — {name}", ruleset)
        ctx.update(hist=[h], day_label=lambda n: Markup(i18n.t("day", lang, ruleset=ruleset,
                                                                day=n)))
        written.append(write_file(out / href, render_template("html", "history.html.j2", **ctx)))
    written.append(write_file(out / "overview.svg", to_bytes(overview_figure(views, lang), "svg")))
    links = [DayLink(int(d["day"]), Markup(i18n.t("day", lang, ruleset=ruleset,
                                                  day=int(d["day"]))),
                     day_file(int(d["day"])),
                     Markup(outcome_text(d, lang, esc=lambda s: str(escape.html(s)))))
             for d in views]
    ctx = _common(lang, game, nav, game, ruleset)
    ctx.update(days=links, players=players)
    written.append(write_file(out / "index.html", render_template("html", "index.html.j2", **ctx)))
    return written


def _nav(lang: str) -> list[tuple[str, str]]:
    return [(i18n.t("days", lang) + " / " + i18n.t("players", lang), "index.html")]


def _common(lang: str, game: str, nav, title: str, ruleset: str | None = None) -> dict:
    lab = {k: Markup(v) for k, v in i18n.labels(lang, ruleset).items()}
    return {"lang": lang, "game": game, "nav": nav, "page_title": title, "L": lab}


def _day_page(result: dict, out: Path, lang: str, nav, codes: bool) -> list[Path]:
    n = int(result["day"])
    chart = f"day-{n}.svg"
    svg = write_file(out / chart, to_bytes(timeline_figure(result, lang), "svg"))
    view = build_day(result, lang, codes=codes)
    ctx = {"v": view, "L": labels(view, result), "lang": lang, "nav": nav,
           "outcome": _outcome(result, lang),
           "end": Markup(end_text(result, lang, esc=lambda s: str(escape.html(s)))),
           "page_title": f"{view.title} — {view.game}",
           "chart": Markup(f'<img src="{chart}" alt="{escape.html(i18n.t("timeline", lang))}" '
                           f'width="800" height="420">')}
    page = write_file(out / day_file(n), render_template("html", "day.html.j2", **ctx))
    return [svg, page]


def _outcome(result: dict, lang: str) -> OutcomeWords:
    said = outcome_words(result, lang, esc=lambda s: str(escape.html(s)))
    return OutcomeWords(Markup(said.head), Markup(said.why))


def write_file(path: Path, data: str | bytes) -> Path:
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_bytes(data)
    return path


@contextlib.contextmanager
def staged_folder(out: Path) -> Iterator[Path]:
    """A temporary folder beside ``out`` to write a site into (see the module docstring).

    On success its files move into ``out`` (renamed into place when ``out`` does not exist;
    else file by file, the files already there and not rewritten staying), with Ctrl-C held
    back while they move. On any exception, Ctrl-C included, it is removed and ``out`` is
    untouched."""
    out = Path(out)
    parent = out.parent if str(out.parent) else Path(".")
    parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".partial", dir=parent))
    try:
        yield tmp
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    with _interrupt_held():
        if out.exists():
            _move_into(tmp, out)
            shutil.rmtree(tmp, ignore_errors=True)
        else:
            os.rename(tmp, out)
            out.chmod(0o777 & ~_umask())  # (mkdtemp made it 0700: a folder as mkdir makes it)


def _move_into(src: Path, dst: Path) -> None:
    """Every file of ``src`` into ``dst`` (subfolders merged), replacing those of the same name."""
    for entry in sorted(src.iterdir()):
        target = dst / entry.name
        if entry.is_dir() and target.is_dir():
            _move_into(entry, target)
        else:
            os.replace(entry, target)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextlib.contextmanager
def _interrupt_held() -> Iterator[None]:
    """Ctrl-C waits until the block is done (the site is complete by then: nothing to stop).
    Only the main thread can set a handler; elsewhere the block runs as it is."""
    if threading.current_thread() is not threading.main_thread() \
            or signal.getsignal(signal.SIGINT) is None:
        yield
        return
    previous = signal.signal(signal.SIGINT, lambda *_: None)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
