"""`votal report GAME --out DIR`: a static site of a whole game, one folder, relative links.

index.html (days, players, the who-voted-whom chart), day-N.html (the day's official tally and its
timeline chart), player-NN.html (one player's votes), and the charts as SVG files beside them.
No external asset: the folder opens offline in any browser.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from markupsafe import Markup

from votal.report import escape, i18n
from votal.report.charts import overview_figure, timeline_figure, to_bytes
from votal.report.formats import labels
from votal.report.history import build
from votal.report.public import select
from votal.report.render import render_template
from votal.report.view import build_day, end_text, outcome_text


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


def build_site(days: list[dict], out: Path, lang: str, *, public: bool = True) -> list[Path]:
    """Write the site into ``out`` (created if needed); returns the files written."""
    lang = i18n.check_language(lang)
    out.mkdir(parents=True, exist_ok=True)
    views = [select(d, public=public) for d in days]
    game = views[0].get("game", "") if views else ""
    hist = build(days, lang, public=public)
    players = [(h.player, player_file(i)) for i, h in enumerate(hist, 1)]
    written: list[Path] = []
    nav = _nav(lang)
    for d in views:
        written += _day_page(d, out, lang, nav)
    for (name, href), h in zip(players, hist):
        ctx = _common(lang, game, nav, f"{i18n.t('history', lang)} — {name}")
        ctx.update(hist=[h], day_label=lambda n: Markup(i18n.t("day", lang, day=n)))
        written.append(write_file(out / href, render_template("html", "history.html.j2", **ctx)))
    written.append(write_file(out / "overview.svg", to_bytes(overview_figure(views, lang), "svg")))
    links = [DayLink(int(d["day"]), Markup(i18n.t("day", lang, day=int(d["day"]))),
                     day_file(int(d["day"])),
                     Markup(outcome_text(d, lang, esc=lambda s: str(escape.html(s)))))
             for d in views]
    ctx = _common(lang, game, nav, game)
    ctx.update(days=links, players=players)
    written.append(write_file(out / "index.html", render_template("html", "index.html.j2", **ctx)))
    return written


def _nav(lang: str) -> list[tuple[str, str]]:
    return [(i18n.t("days", lang) + " / " + i18n.t("players", lang), "index.html")]


def _common(lang: str, game: str, nav, title: str) -> dict:
    lab = {k: Markup(v) for k, v in i18n.labels(lang).items()}
    return {"lang": lang, "game": game, "nav": nav, "page_title": title, "L": lab}


def _day_page(result: dict, out: Path, lang: str, nav) -> list[Path]:
    n = int(result["day"])
    chart = f"day-{n}.svg"
    svg = write_file(out / chart, to_bytes(timeline_figure(result, lang), "svg"))
    view = build_day(result, lang)
    ctx = {"v": view, "L": labels(view, result), "lang": lang, "nav": nav,
           "outcome": Markup(outcome_text(result, lang, esc=lambda s: str(escape.html(s)))),
           "end": Markup(end_text(result, lang, esc=lambda s: str(escape.html(s)))),
           "page_title": f"{view.title} — {view.game}",
           "chart": Markup(f'<img src="{chart}" alt="{escape.html(i18n.t("timeline", lang))}" '
                           f'width="800" height="420">')}
    page = write_file(out / day_file(n), render_template("html", "day.html.j2", **ctx))
    return [svg, page]


def write_file(path: Path, data: str | bytes) -> Path:
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_bytes(data)
    return path
