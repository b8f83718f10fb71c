"""The audit as JSON, text, Markdown, BBCode or HTML, in el/it/ru/en (the audit's output edge).

One neutral outline (headings and lines with optional links) is built once, then written in the
asked format. ``public`` applies report/public.py's ``public_view`` to every day and drops what is
private (LM-06 draws and seeds, the win check's census of factions).
"""

from __future__ import annotations

import html as _html
import json
from dataclasses import asdict
from datetime import datetime

from votal.audit.messages import a, side_name
from votal.audit.replay import DayAudit, GameAudit

FORMATS = ("text", "json", "html", "markdown", "bbcode")


def _jsonable(value):
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    return value


def _public(result: dict) -> dict:
    from votal.report.public import public_view

    return public_view(result)


def day_dict(d: DayAudit, public: bool) -> dict:
    out = {
        "day": d.day, "agrees": d.agrees,
        "result": _public(d.result) if public else d.result,
        "counts": [dict(asdict(c), agrees=c.agrees) for c in d.counts],
        "eliminations": [asdict(e) for e in d.eliminations],
        "edits": [dict(asdict(e), rule="C-07", code="V-EDITED-VOTE") for e in d.edits],
        "unread_announcements": [{"post": p, "url": u, "text": t} for p, u, t in d.unread],
    }
    if not public:
        out["draw"] = d.draw
    return _jsonable(out)


def to_dict(audit: GameAudit, *, public: bool = False) -> dict:
    win = None
    if audit.win is not None:
        win = asdict(audit.win)
        if public:
            win.pop("alive", None)
    return _jsonable({
        "game": audit.game, "ruleset": audit.ruleset, "language": audit.language,
        "agrees": audit.exit_code == 0, "exit_code": audit.exit_code,
        "counts": {"checked": sum(len(d.counts) for d in audit.days),
                   "agreeing": sum(c.agrees for d in audit.days for c in d.counts)},
        "days": [day_dict(d, public) for d in audit.days],
        "win": win, "went_on": list(audit.went_on),
    })


def _violation_line(v: dict, lang: str) -> tuple[str, str | None]:
    from votal.report.i18n import violation_text

    note = f" — {v['note']}" if v.get("note") else ""
    return (f"{v['rule']} {v.get('player') or '?'} ({v.get('post') or '-'}): "
            f"{violation_text(v['rule'], lang)}{note}", v.get("url"))


def _outcome_line(result: dict, lang: str) -> str:
    from votal.report.i18n import OUTCOMES, reason_text

    out = result.get("outcome") or {}
    kind = out.get("kind", "pending")
    key = kind if kind != "tie" else f"tie-{out.get('next') or 'poll'}"
    text = OUTCOMES.get(key, OUTCOMES["pending"])[lang].format(players=", ".join(out.get("players") or ()))
    reason = reason_text(out.get("reason"), lang) if kind != "tie" and out.get("reason") != "mayor" else ""
    return f"{text}" + (f" ({reason})" if reason else "")


def outline(audit: GameAudit, lang: str, public: bool = False) -> list[tuple[int, str, str | None]]:
    """(level, text, url): level 1/2 headings, 3 lines, 4 sub-lines."""
    rows: list[tuple[int, str, str | None]] = [(1, a("title", lang, game=audit.game), None)]
    for d in audit.days:
        rows += _day_outline(d, lang, public, audit.timezone)
    if audit.win is not None:
        w = audit.win
        rows.append((2, a("win", lang, rule=w.rule, day=w.day, after=w.after or "-",
                          winners=", ".join(side_name(x, lang) for x in w.winners)), None))
        if audit.went_on:
            rows.append((3, a("went_on", lang, days=", ".join(map(str, audit.went_on))), None))
    bad = [str(d.day) for d in audit.days if not d.agrees]
    rows.append((2, a("summary_diff", lang, days=", ".join(bad)) if bad else a("summary_ok", lang), None))
    return rows


def _day_outline(d: DayAudit, lang: str, public: bool,
                 tz: str | None = None) -> list[tuple[int, str, str | None]]:
    result = _public(d.result) if public else d.result
    rows = [(2, f"{a('day', lang, day=d.day)} — {_outcome_line(result, lang)}", None)]
    tally = result.get("tally") or []
    rows += [(3, f"{r['player']} {r['votes']}: {', '.join(r['voters'])}", None) for r in tally]
    if result.get("violations"):
        rows.append((3, a("violations", lang), None))
        rows += [(4, *_violation_line(v, lang)) for v in result["violations"]]
    if result.get("review") and not public:
        rows.append((3, a("review", lang), None))
        rows += [(4, f"{r['rule']} {r.get('player') or '?'}: «{r.get('text', '')}» "
                     f"{', '.join(r.get('candidates') or ())}", r.get("url")) for r in result["review"]]
    if d.edits:
        rows.append((3, a("edits", lang), None))
        for e in d.edits:
            line = a("edit_line", lang, player=e.player, first=" ".join(e.first) or "—",
                     later=" ".join(e.later) or "—", seen=_when(e.seen, tz))
            rows.append((4, line + (f" — {a('after_deadline', lang)}" if e.after_deadline else ""), e.url))
    if d.counts:
        rows.append((3, a("counts", lang, ok=sum(c.agrees for c in d.counts), n=len(d.counts)), None))
        for c in d.counts:
            rows.append((4, f"{c.label or c.post}: "
                            f"{a('count_ok', lang) if c.agrees else '✗'}", c.url or None))
            rows += [(5, _diff_text(x, lang), None) for x in c.diffs]
            rows += [(5, a("voter_diff", lang, voter=v, announced=t1 or "—", computed=t2 or "—"), None)
                     for v, t1, t2 in c.voter_diffs]
            if c.unresolved:
                rows.append((5, f"{a('unresolved', lang)}: {', '.join(c.unresolved)}", None))
    if d.eliminations:
        rows.append((3, a("eliminations", lang), None))
        rows += [(4, f"{'✓' if e.agrees else '✗'} {e.announced or '—'} "
                     f"({a(e.source, lang, where=e.where)})"
                     + (f" — {e.note}" if e.note else ""), None) for e in d.eliminations]
    if d.unread and not public:
        rows.append((3, a("unread", lang), None))
        rows += [(4, f"«{text}»", url or None) for _, url, text in d.unread]
    if d.draw and not public:
        src = a("draw_engine" if d.draw["source"] == "engine" else "draw_audit", lang)
        rows.append((3, a("draw", lang, cursed=d.draw["cursed"] or "—", seed=d.draw["seed"], source=src), None))
    return rows


def _when(t: datetime, tz: str | None) -> str:
    """"02/11 21:00:00" in the game's time zone (report/i18n.py's list format)."""
    from votal.report.i18n import short_time

    return short_time(t.isoformat(), tz)


def _diff_text(x, lang: str) -> str:
    text = a("count_diff", lang, target=x.target, announced=x.announced if x.announced is not None else 0,
             computed=x.computed if x.computed is not None else 0)
    if x.missing:
        text += f"; {a('missing', lang)}: {', '.join(x.missing)}"
    if x.extra:
        text += f"; {a('extra', lang)}: {', '.join(x.extra)}"
    return text + (f" ({x.note})" if x.note else "")


def render(audit: GameAudit, fmt: str, lang: str, *, public: bool = False) -> str:
    if fmt == "json":
        return json.dumps(to_dict(audit, public=public), ensure_ascii=False, indent=2)
    rows = outline(audit, lang, public)
    return {"text": _text, "markdown": _markdown, "bbcode": _bbcode, "html": _html_page}[fmt](rows)


def _text(rows) -> str:
    from votal.report import escape as esc

    out = []
    for level, text, url in rows:
        text = esc.text(text)
        if level == 1:
            out += [text, "=" * len(text)]
        elif level == 2:
            out += ["", text]
        else:
            out.append("  " * (level - 2) + text + (f" <{esc.url(url)}>" if url else ""))
    return "\n".join(out) + "\n"


def _markdown(rows) -> str:
    from votal.report import escape as esc

    out = []
    for level, text, url in rows:
        safe = esc.markdown(text)
        link = esc.url(url) if url else ""
        shown = f"[{safe}]({link})" if link else safe
        out.append(f"{'#' * level} {safe}" if level <= 2 else "  " * (level - 3) + f"- {shown}")
    return "\n".join(out) + "\n"


def _bbcode(rows) -> str:
    from votal.report import escape as esc

    out = []
    for level, text, url in rows:
        safe = esc.bbcode(text)
        link = esc.url(url) if url else ""
        shown = f"[url={link}]{safe}[/url]" if link else safe
        out.append(f"[b]{safe}[/b]" if level <= 2 else "  " * (level - 3) + f"• {shown}")
    return "\n".join(out) + "\n"


def _html_page(rows) -> str:
    from votal.report import escape as esc

    out = ["<!doctype html><meta charset=\"utf-8\"><body>"]
    for level, text, url in rows:
        safe = esc.html(text)
        link = esc.url(url) if url else ""
        shown = f'<a href="{_html.escape(link)}">{safe}</a>' if link else safe
        out.append(f"<h{level}>{safe}</h{level}>" if level <= 2
                   else f'<p style="margin-left:{(level - 3) * 1.5}em">{shown}</p>')
    return "\n".join(out) + "\n</body>\n"
