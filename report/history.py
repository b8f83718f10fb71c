"""`votal history`: every vote each player cast, day by day, with links (C-06).

Built from the day results of :func:`votal.tally.engine.tally_game` (as dicts), each passed through
:func:`votal.report.public.public_view` unless the report is private.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

from markupsafe import Markup

from votal.report import grammar, i18n
from votal.report.formats import register, render, vote_rows, write_csv
from votal.report.public import select
from votal.report.render import render_template
from votal.report.view import rule_id, superseded_posts
from votal.tally.names import NameResolver, pick_player


@dataclass(frozen=True)
class Cast:
    day: int
    time: str
    target: str
    status: str          # counted | changed | void | invalid | ignored
    reason: str
    rule: str
    url: str | None
    post: str


@dataclass(frozen=True)
class PlayerHistory:
    player: str
    days: tuple[tuple[int, tuple[Cast, ...], bool], ...]   # (day, votes, charged absent)


def player_names(days: list[dict], lang: str = "en") -> list[str]:
    """Every player the days name, in the language's alphabetical order ("Ёж" after "Егор")."""
    names: set[str] = set()
    for d in days:
        names.update(v["voter"] for v in d.get("votes", []))
        names.update(r["player"] for r in d.get("tally", []))
        names.update(d.get("absent", []))
    return grammar.sort_names(names, lang)


def find_player(days: list[dict], name: str, resolver: NameResolver | None = None) -> str:
    """The player ``name`` means, read as a vote's name is (tally/names.py: folding, aliases,
    transliteration, fuzzy; ``resolver``: the game's, :func:`votal.tally.engine.player_resolver`;
    without it, the names the results hold), or an InputError naming the closest players."""
    resolver = resolver or NameResolver({n: () for n in player_names(days)})
    return pick_player(resolver, name, what="--player")


def build(days: list[dict], lang: str, *, public: bool = True, player: str | None = None,
          resolver: NameResolver | None = None) -> list[PlayerHistory]:
    views = [select(d, public=public) for d in days]
    wanted = [find_player(views, player, resolver)] if player else player_names(views, lang)
    return [PlayerHistory(p, tuple(_day_casts(v, p, lang) for v in views)) for p in wanted]


def _day_casts(result: dict, player: str, lang: str) -> tuple[int, tuple[Cast, ...], bool]:
    changed = superseded_posts(result)
    why = {v.get("post"): v.get("rule") for v in result.get("violations", [])}
    tz = result.get("timezone")
    casts = []
    for v in result.get("votes", []):
        if v.get("voter") != player:
            continue
        status = "changed" if v.get("post") in changed else v.get("status", "")
        code = why.get(v.get("post"))
        reason = (i18n.violation_text(code, lang) if code
                  else i18n.vote_reason(status, v.get("rule", ""), lang))
        casts.append(Cast(int(result.get("day", 0)), i18n.short_time(v.get("time"), tz, lang),
                          v.get("target") or "—", status, reason,
                          str(rule_id(code or v.get("rule", ""))), v.get("url"), v.get("post", "")))
    return int(result.get("day", 0)), tuple(casts), player in result.get("absent", [])


def render_history(days: list[dict], fmt: str, lang: str, *, public: bool = True,
                   player: str | None = None, resolver: NameResolver | None = None) -> str:
    """Every player's votes (or ``player``'s, read by ``resolver`` as :func:`find_player` says)
    in ``fmt``, each with its post link (C-06), through the format registry."""
    return render({"days": days, "player": player, "resolver": resolver}, fmt, lang=lang,
                  public=public, document="history")


def _history(doc: dict, lang: str, public: bool) -> tuple[list[PlayerHistory], str]:
    days = doc["days"]
    game = days[0].get("game", "") if days else ""
    return build(days, lang, public=public, player=doc.get("player"),
                 resolver=doc.get("resolver")), game


def _templated(fmt: str, template: str):
    def render_one(doc: dict, lang: str, public: bool) -> str:
        hist, game = _history(doc, lang, public)
        ruleset = doc["days"][0].get("ruleset") if doc["days"] else None
        labels = {k: Markup(v) for k, v in i18n.labels(lang, ruleset).items()}
        ctx = {"hist": hist, "game": game, "L": labels, "lang": lang, "nav": None,
               "day_label": lambda n: Markup(i18n.t("day", lang, ruleset=ruleset, day=n)),
               "page_title": f"{labels['history']} — {game}"}
        return render_template(fmt, template, **ctx)
    return render_one


# registered in the order --help and the README list them
for _fmt, _ext, _template in (("text", "txt", "history.txt.j2"),
                              ("bbcode", "bbcode", "history.bbcode.j2"),
                              ("markdown", "md", "history.md.j2"),
                              ("html", "html", "history.html.j2")):
    register(_fmt, _ext, document="history")(_templated(_fmt, _template))


@register("json", "json", document="history")
def render_history_json(doc: dict, lang: str, public: bool) -> str:
    hist, game = _history(doc, lang, public)
    return json.dumps({"game": game, "players": [asdict(h) for h in hist]},
                      ensure_ascii=False, indent=1) + "\n"


@register("csv", "csv", document="history")
def render_history_csv(doc: dict, lang: str, public: bool) -> str:
    """The tally's vote rows (report/formats.py: the same columns, times and words), those of
    each player asked for, player by player, day by day (issue 20: one format for every CSV)."""
    hist, _ = _history(doc, lang, public)
    views = [select(d, public=public) for d in doc["days"]]
    rows = []
    for h in hist:
        for view in views:
            rows += [r for r in vote_rows(view, lang) if r["voter"] == h.player]
    return write_csv(rows, public)
