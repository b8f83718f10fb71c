"""Output formats as a registry (datasette-renderer style): document → name → renderer.

A document is what is rendered: ``"day"`` (a day's tally, the result dict of interfaces.md §3),
``"audit"`` (a game's audit, ``GameAudit.to_dict()``, report/audit_report.py) or ``"history"``
(every day's result and the player asked for, report/history.py). Each renderer
takes that dict, a language and ``public`` and returns text. Public output goes through
:mod:`votal.report.public` first, and nowhere else decides what is secret.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from markupsafe import Markup

from votal.errors import InputError
from votal.report import engine_text, escape, i18n
from votal.report.charts import timeline_svg
from votal.report.public import select
from votal.report.render import render_template
from votal.report.view import (
    DayView,
    OutcomeWords,
    build_day,
    end_text,
    outcome_words,
    superseded_posts,
)


@dataclass(frozen=True)
class Format:
    name: str
    extension: str
    render: Callable[..., str]   # (result, lang, public[, codes: a day's formats]) -> text
    public_default: bool = True


REGISTRY: dict[str, dict[str, Format]] = {"day": {}, "audit": {}, "history": {}}
FORMATS = REGISTRY["day"]


def register(name: str, extension: str, *, public_default: bool = True, document: str = "day"):
    def deco(fn: Callable[..., str]):
        REGISTRY[document][name] = Format(name, extension, fn, public_default)
        return fn
    return deco


def render(result: dict, fmt: str, *, lang: str | None = None, public: bool | None = None,
           document: str = "day", codes: bool | None = None) -> str:
    """The day's tally (each vote with its link and rule, C-06; or another document) in ``fmt``
    and ``lang`` (default: the document's own language).

    ``codes``: a day's post prints the rule ids and ``V-`` codes beside what they decided;
    None: only a private one (a public post says it in words, issue 20 item 7). JSON and CSV
    always carry them (their columns, docs/formats.md).
    """
    f = get_format(fmt, document)
    lang = i18n.check_language(lang or result.get("language") or "en")
    public = f.public_default if public is None else public
    if document != "day":
        return f.render(result, lang, public)
    return f.render(result, lang, public, not public if codes is None else codes)


def is_public(fmt: str, public: bool | None, document: str = "day") -> bool:
    """Whether ``fmt`` renders publicly: ``public`` when given, else the format's default."""
    return get_format(fmt, document).public_default if public is None else public


class DayLike(Protocol):
    """A day's result as the tally makes it (votal.tally.model.DayResult): its JSON dict."""

    def to_dict(self) -> dict: ...


def render_day(result: DayLike, fmt: str, *, public: bool | None = None,
               lang: str | None = None, codes: bool | None = None) -> str:
    """The one place a day's result is rendered (tally, watch): :func:`render` of its dict.
    ``public`` None: the format's default (public, except json, the full tally); ``codes``
    None: the rule ids only in a private post."""
    return render(result.to_dict(), fmt, lang=lang, public=public, codes=codes)


def get_format(fmt: str, document: str = "day") -> Format:
    formats = REGISTRY[document]
    if fmt not in formats:
        what = "format" if document == "day" else f"{document} format"
        raise InputError(f"unknown {what} {fmt!r}: choose one of {', '.join(sorted(formats))}")
    return formats[fmt]


def format_names(document: str = "day") -> tuple[str, ...]:
    return tuple(REGISTRY[document])


def labels(view: DayView, result: dict) -> dict[str, Markup]:
    """Our own words, trusted (never escaped), with the day and the majority filled in."""
    lab = {k: Markup(v) for k, v in view.labels.items()}
    lab["title"] = Markup(view.title)
    if view.majority:
        lab["majority"] = Markup(i18n.t("majority", view.lang, n=view.majority))
    return lab


def _context(result: dict, lang: str, public: bool, esc, codes: bool = True) -> dict:
    data = select(result, public=public)
    view = build_day(data, lang, codes=codes)
    said = outcome_words(data, lang, esc=esc)
    return {"v": view, "L": labels(view, data),
            "outcome": OutcomeWords(Markup(said.head), Markup(said.why)),
            "end": Markup(end_text(data, lang, esc=esc)), "result": data}


@register("bbcode", "bbcode")
def render_bbcode(result: dict, lang: str, public: bool, codes: bool = True) -> str:
    return render_template("bbcode", "day.bbcode.j2",
                           **_context(result, lang, public, escape.bbcode, codes))


@register("markdown", "md")
def render_markdown(result: dict, lang: str, public: bool, codes: bool = True) -> str:
    return render_template("markdown", "day.md.j2",
                           **_context(result, lang, public, escape.markdown, codes))


@register("text", "txt")
def render_text(result: dict, lang: str, public: bool, codes: bool = True) -> str:
    return render_template("text", "day.txt.j2",
                           **_context(result, lang, public, escape.text, codes))


@register("html", "html")
def render_html(result: dict, lang: str, public: bool, codes: bool = True) -> str:
    ctx = _context(result, lang, public, lambda s: str(escape.html(s)), codes)
    ctx["chart"] = Markup(timeline_svg(ctx["result"], lang))
    ctx.update(lang=lang, nav=None, page_title=f"{ctx['L']['title']} — {ctx['v'].game}")
    return render_template("html", "day.html.j2", **ctx)


@register("json", "json", public_default=False)
def render_json(result: dict, lang: str, public: bool, codes: bool = True) -> str:
    return json.dumps(select(result, public=public), ensure_ascii=False, indent=1) + "\n"


# The columns of a vote row, the same in every CSV that lists votes (`tally`, `history`; the
# archive's `votes` table uses the same names for the same things, audit/README.md): one row per
# vote post (C-06). ``time`` is ISO 8601 with its offset, in the game's zone, as in the JSON;
# ``rule`` the id that decided the vote, ``violation`` the post's ``V-`` code, ``reason`` why
# the vote does not count (or what the violation is) in the report's language.
CSV_COLUMNS = ("game", "day", "number", "time", "voter", "target", "status", "changed", "rule",
               "violation", "reason", "window", "post", "url")
PRIVATE_CSV_COLUMNS = ("weight", "note")


def csv_columns(public: bool) -> tuple[str, ...]:
    return CSV_COLUMNS if public else CSV_COLUMNS + PRIVATE_CSV_COLUMNS


def vote_rows(data: dict, lang: str) -> list[dict]:
    """The CSV rows of a day's result (already public or private, :func:`select`): one per vote
    post, in post order (``number``: its place among the day's votes); then one ``review`` row
    per post read only in part (``V-UNREADABLE-POST``), never a silent gap (issue 11)."""
    changed = superseded_posts(data)
    why = {v.get("post"): v.get("rule") for v in data.get("violations", [])}
    rows = []
    for n, v in enumerate(data.get("votes", []), 1):
        code = why.get(v.get("post")) or ""
        status = v.get("status") or ""
        if code:
            reason = i18n.violation_text(code, lang)
        elif status == "counted" or v.get("post") in changed:
            reason = ""
        else:
            reason = i18n.vote_reason(status, v.get("rule", ""), lang)
        rows.append({"game": data.get("game"), "day": data.get("day"), "number": n,
                     "time": v.get("time"), "voter": v.get("voter"),
                     "target": v.get("target") or "", "status": status,
                     "changed": "yes" if v.get("post") in changed else "",
                     "rule": v.get("rule", ""), "violation": code, "reason": reason,
                     "window": "yes" if v.get("window") else "", "post": v.get("post"),
                     "url": v.get("url") or "", "weight": v.get("weight", 1),
                     "note": engine_text.translate(v["note"], lang) or "" if v.get("note")
                     else ""})
    for r in data.get("review", []):
        if r.get("rule") != "V-UNREADABLE-POST":
            continue
        rows.append(dict.fromkeys(csv_columns(False), "") | {
            "game": data.get("game"), "day": data.get("day"), "voter": r.get("player") or "",
            "status": "review", "violation": r["rule"],
            "reason": f"{i18n.violation_text(r['rule'], lang)}: "
                      f"{engine_text.translate(r.get('text', ''), lang) or ''}",
            "post": r.get("post"), "url": r.get("url") or ""})
    return rows


def write_csv(rows: list[dict], public: bool) -> str:
    """Vote rows as CSV, the public or the private columns, every cell inert in a spreadsheet."""
    cols = csv_columns(public)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(cols)
    for row in rows:
        w.writerow([escape.csv_cell(row[c]) for c in cols])
    return buf.getvalue()


@register("csv", "csv")
def render_csv(result: dict, lang: str, public: bool, codes: bool = True) -> str:
    """One row per vote post of the day (C-06), in post order (:func:`vote_rows`)."""
    return write_csv(vote_rows(select(result, public=public), lang), public)
