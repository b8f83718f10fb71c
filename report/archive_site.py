"""`votal report DIR --out SITE`: one static site for a whole archive of games.

SITE/index.html lists every game with its verdict (agrees, disagrees, error) and every player
across games; SITE/game-NNN/ is each game's own site (report/site.py, in the game's language);
SITE/player-NNNN.html is one player across games: the figures of the ``players`` table, a chart
of votes per game, and every vote with its link. The games come studied (app/archive.py, with
their day results), one at a time: a game's day results are dropped once its pages are written;
only the players' vote histories are kept. Nothing here loads, tallies or audits a game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from markupsafe import Markup

from votal.audit.archive import GameRows, PlayerTotals
from votal.report import i18n
from votal.report.charts import player_games_figure, to_bytes
from votal.report.public import public_votes
from votal.report.render import render_template
from votal.report.site import build_site, write_file


@dataclass(frozen=True)
class GameLink:
    game: str
    title: str
    ruleset: str
    days: int | None
    winner: str | None
    verdict: str
    error: str | None
    href: str | None
    counts: str


def player_file(i: int) -> str:
    return f"player-{i:04d}.html"


def build_archive_site(studied: Iterable[GameRows], out: Path, lang: str, *,
                       public: bool = True) -> list[Path]:
    """Write the site of the archive's games, as studied with their days (``keep_days``), into
    ``out``; returns the files written."""
    lang = i18n.check_language(lang)
    out.mkdir(parents=True, exist_ok=True)
    totals = PlayerTotals(keep_history=True)
    games: list[GameLink] = []
    written: list[Path] = []
    for i, game in enumerate(studied, 1):
        row = game.rows["games"][0]
        href = None
        if game.days:
            folder = out / f"game-{i:03d}"
            written += build_site(game.days, folder, row["language"] or lang, public=public)
            href = f"{folder.name}/index.html"
        totals.add(game)
        games.append(GameLink(
            game.game, row["title"] or game.game, row["ruleset"] or "", row["days"],
            row["winner"], row["verdict"], row["error"], href,
            f"{row['counts_agreeing']}/{row['counts_checked']}" if row["counts_checked"] else ""))
        game.days.clear()
    hrefs = {g.game: g.href for g in games}
    players = totals.rows()
    links = [(p["name"], player_file(i)) for i, p in enumerate(players, 1)]
    for (_, href), p in zip(links, players):
        history = totals.history.get(p["player"], [])
        written += _player_page(out, href, p, public_votes(history) if public else history,
                                lang, hrefs, public=public)
    ctx = _common(lang, i18n.t("archive", lang))
    ctx.update(games=games, players=links)
    written.append(write_file(out / "index.html",
                          render_template("html", "archive_index.html.j2", **ctx)))
    return written


def _player_page(out: Path, href: str, p: dict, history: list[dict], lang: str,
                 game_hrefs: dict[str, str | None], *, public: bool) -> list[Path]:
    chart = href.replace(".html", ".svg")
    svg = write_file(out / chart, to_bytes(player_games_figure(history, lang), "svg"))
    stats = [(i18n.t(k, lang), p[k]) for k in
             ("games", "votes", "final_votes", "on_eliminated", "first_on_wagon", "last_on_wagon")]
    if not public:   # whether a vote was on the mafia tells the targets' factions
        stats.append((i18n.t("on_mafia", lang), f"{p['on_mafia']}/{p['final_votes_known']}"))
    ctx = _common(lang, f"{i18n.t('history', lang)} — {p['name']}")
    ctx.update(player=p, stats=stats, history=history, chart=chart, game_hrefs=game_hrefs,
               day_label=lambda n: Markup(i18n.t("day", lang, day=n)),
               status=lambda s: i18n.status_text(s, lang))
    page = write_file(out / href, render_template("html", "archive_player.html.j2", **ctx))
    return [svg, page]


def _common(lang: str, title: str) -> dict:
    lab = {k: Markup(v) for k, v in i18n.labels(lang).items()}
    nav = [(i18n.t("archive", lang), "index.html")]
    return {"lang": lang, "nav": nav, "page_title": title, "L": lab}

