"""The audit's report (``votal audit``) in text, Markdown, BBCode, HTML and JSON, in el/it/ru/en.

Pure: the audit as data (``GameAudit.to_dict()``, made public by ``report/public.py`` when asked)
becomes an :class:`AuditView` — headings and lines in one language, each with an optional link —
that the jinja2 templates ``audit.*.j2`` lay out per format; the formats are registered in
``report/formats.py`` under the document ``"audit"``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from votal.audit.result import DISAGREES, NOTHING, verdict_of
from votal.report import engine_text, grammar, i18n
from votal.report.formats import get_format, register, render
from votal.report.public import select_audit
from votal.report.render import render_template
from votal.report.view import outcome_words


@dataclass(frozen=True)
class Line:
    """A heading (level 1, 2) or a line (3) and its sub-lines (4, 5), with an optional link."""

    level: int
    text: str
    url: str | None = None


@dataclass(frozen=True)
class AuditView:
    lang: str
    game: str
    lines: tuple[Line, ...]


def render_audit(audit: dict, fmt: str, *, lang: str | None = None,
                 public: bool | None = None) -> str:
    """The audit in ``fmt`` and ``lang`` (default: the game's language); private by default."""
    get_format(fmt, "audit")
    return render(audit, fmt, lang=lang, public=public, document="audit")


def build_audit(audit: dict, lang: str) -> AuditView:
    t = i18n.t
    rows = [Line(1, t("audit_title", lang, game=audit.get("game", "")))]
    for d in audit.get("days", []):
        rows += _day(d, lang, audit.get("timezone"))
    win = audit.get("win")
    ruleset = audit.get("ruleset")   # mafia-forum-ru: "на ходу 3", not "в день 3"
    if win is not None:
        wins = i18n.win_text(list(win.get("winners") or ()), lang)
        key = "audit_win" if win.get("after") else "audit_win_alone"
        said = t(key, lang, ruleset=ruleset, day=win["day"], after=win.get("after") or "",
                 wins=wins)
        rows.append(Line(2, f"{said} ({win['rule']})" if win.get("rule") else said))
        if audit.get("went_on"):
            rows.append(Line(3, t("audit_went_on", lang, ruleset=ruleset,
                                  days=", ".join(map(str, audit["went_on"])))))
    unread = (audit.get("counts") or {}).get("unread")
    if unread:
        rows.append(Line(2, t("audit_summary_unread", lang, n=unread)))
    rows.append(Line(2, _summary(audit, lang)))
    return AuditView(lang, audit.get("game", ""), tuple(rows))


def _summary(audit: dict, lang: str) -> str:
    """The audit's verdict in three states (issue 20): days that disagree; nothing to compare,
    and what was missing; or agreement, naming the days that had nothing to compare."""
    t = i18n.t
    days = audit.get("days", [])
    ruleset = audit.get("ruleset")   # mafia-forum-ru's days are "ходы" (i18n.VARIANTS)
    unread = bool((audit.get("counts") or {}).get("unread"))   # counts not read (issue 16)
    bad = [str(d["day"]) for d in days if verdict_of(d) == DISAGREES]
    if bad:
        return t("audit_summary_diff", lang, ruleset=ruleset, days=", ".join(bad))
    if verdict_of(audit) == NOTHING:
        # a moderator's count that could not be read is no count missing: "none read"
        missing = [t(f"audit_missing_{k}" + ("_unread" if unread and k == "moderator-counts"
                                             else ""), lang)
                   for k in audit.get("missing") or ()]
        return t("audit_summary_nothing", lang, missing=grammar.join(missing, lang))
    none = [str(d["day"]) for d in days if verdict_of(d) == NOTHING]
    if not none:
        return t("audit_summary_ok_unread" if unread else "audit_summary_ok", lang)
    when = t("audit_on_day" if len(none) == 1 else "audit_on_days", lang, ruleset=ruleset,
             days=grammar.join(none, lang))
    return t("audit_summary_ok_partial", lang, when=when)



def _day(d: dict, lang: str, tz: str | None) -> list[Line]:
    t = i18n.t
    result = d["result"]
    day = t("day", lang, ruleset=result.get("ruleset"), day=d["day"])   # mafia-forum-ru: "Ход 1"
    rows = [Line(2, f"{day} — {_outcome(result, lang)}")]
    rows += [Line(3, f"{r['player']} {r['votes']}: {', '.join(r['voters'])}")
             for r in result.get("tally") or []]
    if result.get("violations"):
        rows.append(Line(3, t("violations", lang)))
        rows += [_violation(v, lang) for v in result["violations"]]
    if result.get("review"):
        rows.append(Line(3, t("audit_review", lang)))
        rows += [Line(4, f"{r['rule']} {r.get('player') or '—'}: "
                         f"«{engine_text.translate(r.get('text', ''), lang) or ''}» "
                         f"{', '.join(r.get('candidates') or ())}", r.get("url"))
                 for r in result["review"]]
    if d.get("edits"):
        rows.append(Line(3, t("audit_edits", lang)))
        for e in d["edits"]:
            line = t("audit_edit_line", lang, player=e["player"], first=" ".join(e["first"]) or "—",
                     later=" ".join(e["later"]) or "—", seen=_seen(e["seen"], tz, lang))
            late = f" — {t('audit_after_deadline', lang)}" if e["after_deadline"] else ""
            rows.append(Line(4, line + late, e.get("url")))
    if d.get("votecounts"):
        rows += _votecounts(d["votecounts"], lang)
    if d.get("unread_counts"):   # issue 21: a count not read is no disagreement, said apart
        rows.append(Line(3, t("audit_counts_unread", lang, n=d["unread_counts"])))
    if d.get("review"):
        rows.append(Line(3, t("audit_unreadable", lang)))
        rows += [Line(4, f"{r['rule']} {r['post']}: «{r.get('text') or ''}»"
                         + (f" — {t('audit_unread_names', lang, names=', '.join(r['names']))}"
                            if r.get("names") else ""), r.get("url"))
                 for r in d["review"]]
    if d.get("eliminations"):
        rows.append(Line(3, t("audit_eliminations", lang)))
        rows += [Line(4, f"{'✓' if e['agrees'] else '✗'} {e.get('announced') or '—'} "
                         f"({t('audit_' + e['source'], lang, where=_said(e['where'], lang))})"
                         + (f" — {_said(e['note'], lang)}" if e.get("note") else ""))
                 for e in d["eliminations"]]
    if d.get("unread_announcements"):
        rows.append(Line(3, t("audit_unread", lang)))
        rows += [Line(4, f"«{u['text']}»", u.get("url")) for u in d["unread_announcements"]]
    draw = d.get("draw")
    if draw:
        src = t("audit_draw_engine" if draw["source"] == "engine" else "audit_draw_audit", lang)
        rows.append(Line(3, t("audit_draw", lang, cursed=draw.get("cursed") or "—",
                              seed=draw["seed"], source=src)))
    return rows


def _seen(iso: str | None, tz: str | None, lang: str) -> str:
    """When an edit was first seen, with the zone's offset: the audit prints no deadline line
    that would give it (issue 16)."""
    at = i18n.local(iso, tz)
    said = i18n.short_time(iso, tz, lang)
    return f"{said} ({i18n.utc_offset(at)})" if at is not None else said


def _votecounts(counts: list[dict], lang: str) -> list[Line]:
    t = i18n.t
    rows = [Line(3, t("audit_counts", lang, ok=sum(c["agrees"] for c in counts), n=len(counts)))]
    for c in counts:
        verdict = t("audit_count_ok", lang) if c["agrees"] else "✗"
        rows.append(Line(4, f"{c.get('label') or c['post']}: {verdict}", c.get("url") or None))
        if c.get("as_of") is not None:
            rows.append(Line(5, _as_of(c, lang)))
        rows += [Line(5, _line_diff(x, lang)) for x in c.get("diffs") or ()]
        rows += [Line(5, t("audit_voter_diff", lang, voter=x["voter"],
                           announced=x.get("announced") or "—",
                           computed=x.get("computed") or "—") + _why(x, lang), x.get("url"))
                 for x in c.get("differences") or ()]
        if c.get("unresolved"):
            rows.append(Line(5, f"{t('audit_unresolved', lang)}: {', '.join(c['unresolved'])}"))
    return rows


def _as_of(c: dict, lang: str) -> str:
    """Where a count that names the post it counts up to was compared (audit/asof.py)."""
    key = {"later": "audit_as_of_later", "not-in-day": "audit_as_of_not_in_day"}.get(
        c.get("as_of_status") or "", "audit_as_of")
    return i18n.t(key, lang, post=c["as_of"], text=c.get("as_of_text") or c["as_of"])


def _why(x: dict, lang: str) -> str:
    """audit/explain.py's cause of a voter's difference, in the report's language."""
    key = f"audit_why_{x.get('cause')}"
    if key not in i18n.STRINGS:
        return ""
    hint = x.get("suggestion") or {}
    return " — " + i18n.t(key, lang, voter=x["voter"], announced=x.get("announced") or "—",
                          post=x.get("post") or "—", rule=hint.get("rule") or "—",
                          alias=hint.get("alias") or "", player=hint.get("player") or "—")


def _line_diff(x: dict, lang: str) -> str:
    t = i18n.t
    text = t("audit_count_diff", lang, target=x["target"],
             announced=x["announced"] if x.get("announced") is not None else 0,
             computed=x["computed"] if x.get("computed") is not None else 0)
    if x.get("missing"):
        text += f"{i18n.clause(lang)}{t('audit_missing', lang)}: {', '.join(x['missing'])}"
    if x.get("extra"):   # between two clauses: Greek's "·", never ";" (its question mark)
        text += f"{i18n.clause(lang)}{t('audit_extra', lang)}: {', '.join(x['extra'])}"
    return text + (f" ({_said(x['note'], lang)})" if x.get("note") else "")


def _violation(v: dict, lang: str) -> Line:
    said = _said(v["note"], lang) if v.get("note") else ""
    note = f" — {said}" if said else ""
    return Line(4, f"{v['rule']} {v.get('player') or '—'} ({v.get('post') or '-'}): "
                   f"{i18n.violation_text(v['rule'], lang)}{note}", v.get("url"))


def _said(text: object, lang: str) -> str:
    """A text of the tally or the audit in ``lang`` (report/engine_text.py)."""
    return engine_text.translate(str(text), lang) or ""


def _outcome(result: dict, lang: str) -> str:
    """The day's result as the tally's post says it, its reason in parentheses (PX-06's
    public wording: the audit of a public report names no mayor either)."""
    said = outcome_words(result, lang)
    return said.head + (f" ({said.why})" if said.why else "")


def _templated(fmt: str, template: str):
    def render(audit: dict, lang: str, public: bool) -> str:
        data = select_audit(audit, public=public)
        view = build_audit(data, lang)
        return render_template(fmt, template, v=view, lang=lang, nav=None,
                               page_title=view.lines[0].text,
                               L={"generated": i18n.t("generated", lang)})
    return render


for _fmt, _ext, _template in (("text", "txt", "audit.txt.j2"), ("markdown", "md", "audit.md.j2"),
                              ("bbcode", "bbcode", "audit.bbcode.j2"),
                              ("html", "html", "audit.html.j2")):
    register(_fmt, _ext, public_default=False, document="audit")(_templated(_fmt, _template))


@register("json", "json", public_default=False, document="audit")
def render_audit_json(audit: dict, lang: str, public: bool) -> str:
    return json.dumps(select_audit(audit, public=public), ensure_ascii=False, indent=2) + "\n"
