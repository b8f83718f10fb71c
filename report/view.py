"""A day's tally turned into what every format prints (C-06): rows, links, reasons, in one language.

Pure: a result dict (already public or private, see :mod:`votal.report.public`) in, a frozen
:class:`DayView` out. The renderers only lay it out and escape it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from markupsafe import Markup

from votal.report import engine_text, gamewords, grammar, i18n
from votal.report.public import PUBLIC_REVIEW_RULES

# Rulesets with a vote-change window after the deadline (PX-03: 20:05-20:10), in minutes.
WINDOWS: dict[str, tuple[int, int]] = {"palermo-extreme": (5, 10)}


@dataclass(frozen=True)
class VoteRef:
    """A voter's name linked to the post that counted (or, struck, the post he changed)."""

    name: str
    url: str | None
    time: str
    struck: bool = False
    window: bool = False


@dataclass(frozen=True)
class Row:
    player: str
    votes: int
    voters: tuple[VoteRef, ...]
    changed: tuple[VoteRef, ...]
    to_majority: int | None = None   # MS-02: L-n, 0 when the hammer fell


@dataclass(frozen=True)
class Line:
    """A vote that does not count, or a violation: who, what, why, where."""

    player: str
    target: str
    url: str | None
    time: str
    reason: str      # our own words (Markup: never escaped)
    rule: str        # a rule id, sanitised
    note: str = ""   # the engine's free text (private reports only): escaped like player text


@dataclass(frozen=True)
class DayView:
    lang: str
    public: bool
    game: str
    ruleset: str
    day: int
    title: str
    thread: str | None
    deadline: str
    start: str
    majority: int | None
    window: str | None
    outcome: str
    outcome_rule: str
    rows: tuple[Row, ...]
    not_counted: tuple[Line, ...]
    absent: tuple[str, ...]
    removed: tuple[Line, ...]
    violations: tuple[Line, ...]
    review: tuple[Line, ...] = ()
    revealed: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    private: tuple[tuple[str, tuple[str, ...]], ...] = ()
    labels: dict = field(default_factory=dict)
    end_rule: str = ""   # the rule that ended the game (interfaces §3 ``end``), "" while it goes on
    sep: str = "; "      # between the items of a list of clauses (Greek: "· ")


def trusted(text: str) -> Markup:
    """Words we wrote (dates, i18n phrases): printed as they are in every format."""
    return Markup(text)


def rule_id(value: object) -> Markup:
    """A rule or violation id ("PX-06", "V-SELF"); anything else from the input is dropped."""
    s = str(value or "")
    return Markup(s if re.fullmatch(r"[A-Za-z0-9.-]{1,40}", s) else "")


def superseded_posts(result: dict) -> set[str]:
    """Posts of votes a later vote by the same voter replaced (PX-01, MS-01): shown struck.

    An ``ignored`` vote is a change when its voter posted another vote later and no violation
    was reported for it (ignored posts outside the time rules carry a violation).
    """
    flagged = {v.get("post") for v in result.get("violations", [])}
    votes = result.get("votes", [])
    out: set[str] = set()
    for i, v in enumerate(votes):
        if v.get("status") != "ignored" or v.get("post") in flagged:
            continue
        if any(w.get("voter") == v.get("voter") for w in votes[i + 1:]):
            out.add(v.get("post"))
    return out


def build_day(result: dict, lang: str | None = None, *, codes: bool = True) -> DayView:
    """The day as a report shows it. ``codes`` False: no rule id or ``V-`` code beside what it
    decided (a public post's default, issue 20 item 7; ``--codes`` keeps them)."""
    lang = i18n.check_language(lang or result.get("language") or "en")
    tz = result.get("timezone")
    changed = superseded_posts(result)
    rows = _rows(result, changed, lang)
    listed = _listed_violations(result, changed)
    view = DayView(
        lang=lang, public=bool(result.get("public")), game=result.get("game", ""),
        ruleset=result.get("ruleset", ""), day=int(result.get("day", 0)),
        title=i18n.t("title", lang, ruleset=result.get("ruleset"), day=int(result.get("day", 0))),
        thread=result.get("thread"),
        deadline=trusted(i18n.long_date(result.get("deadline"), tz, lang)),
        start=trusted(i18n.long_date(result.get("start"), tz, lang)),
        majority=_int_or_none(result.get("majority")), window=_window(result, lang),
        outcome=outcome_text(result, lang),
        outcome_rule=rule_id(result.get("outcome", {}).get("rule", "")),
        rows=rows, not_counted=_not_counted(result, changed, lang),
        absent=tuple(grammar.sort_names(result.get("absent", []), lang)),
        removed=_removed(result, lang),
        violations=_violations([v for v in result.get("violations", [])
                                if (v.get("post"), v.get("rule")) not in listed], tz, lang),
        review=_review([r for r in result.get("review", []) if not result.get("public")
                        or r.get("rule") in PUBLIC_REVIEW_RULES], lang),
        revealed=tuple(x for x in (revealed_text(r, lang, result.get("ruleset", ""),
                                                 public=bool(result.get("public")))
                                   for r in result.get("revealed", [])) if x),
        notes=tuple(_notes(result.get("notes", []), lang)),
        private=() if result.get("public") else _private(result, lang),
        labels=_labels(result, lang),
        end_rule=rule_id((result.get("end") or {}).get("rule", "")),
        sep=i18n.clause(lang),
    )
    if result.get("provisional"):   # the moment of a running count, with its zone (issue 16)
        when = i18n.short_time(result.get("as_of"), tz, lang)
        at = i18n.local(result.get("as_of"), tz)
        when = f"{when} ({i18n.utc_offset(at)})" if at is not None else when
        view = replace(view, title=f"{view.title} — {i18n.t('provisional', lang, time=when)}")
    return view if codes else without_codes(view, result, lang)


def without_codes(view: DayView, result: dict, lang: str) -> DayView:
    """``view`` with no internal code left: the rule ids beside the result, the end, each vote,
    removal and violation, the notes' and the effects' ids (the words say what happened)."""
    def bare(lines: tuple[Line, ...]) -> tuple[Line, ...]:
        return tuple(replace(x, rule=rule_id("")) for x in lines)

    private = () if result.get("public") else _private(result, lang, codes=False)
    return replace(view, outcome_rule=rule_id(""), end_rule=rule_id(""),
                   not_counted=bare(view.not_counted), removed=bare(view.removed),
                   violations=bare(view.violations), review=bare(view.review),
                   notes=tuple(_notes(result.get("notes", []), lang, codes=False)),
                   private=private)


def _labels(result: dict, lang: str) -> dict[str, str]:
    """Our fixed words; a running count (the vote still open) says so instead of "Result" and,
    before the deadline, "absent": nobody is charged an absence before it. From the deadline
    on (a change window still open, PX-03: a player with no vote then can no longer vote)
    those without a vote are no longer "not voted yet" (issue 16): the ruleset's own word."""
    labels = i18n.labels(lang, result.get("ruleset"))
    if result.get("provisional"):
        labels["result"] = i18n.t("result_now", lang)
        if not _past_deadline(result):
            labels["absent"] = i18n.t("not_voted_yet", lang)
    return labels


def _past_deadline(result: dict) -> bool:
    """A running count at or after its day's deadline (inside the change window)."""
    as_of, deadline = result.get("as_of"), result.get("deadline")
    if not as_of or not deadline:
        return False
    return datetime.fromisoformat(as_of) >= datetime.fromisoformat(deadline)


def revealed_text(item: object, lang: str = "en", ruleset: str = "", *,
                  public: bool = True) -> str:
    """A role the rules reveal publicly (PC-06, PX-18): "Φωτεινή (Πολίτης)", the role in the
    seed's words. A role the game file does not give: nothing in public (no "?": the moderator
    announces it), "(unknown role)" in private."""
    if not isinstance(item, dict):
        return str(item)
    player = str(item.get("player") or "")
    role = gamewords.role(ruleset, item.get("role"), lang)
    if not role:
        return "" if public else f"{player} ({i18n.t('unknown_role', lang)})"
    return f"{player} ({role})"


def _notes(notes: list[str], lang: str, codes: bool = True) -> list[str]:
    """The day's notes in ``lang`` (report/engine_text.py), each with the rule that made it
    (``codes``)."""
    out = []
    for n in notes:
        said, rule = engine_text.note(n, lang)
        if said:
            out.append(f"{said} ({rule})" if codes and rule and rule not in said else said)
    return out


def _int_or_none(value: str | int | None) -> int | None:
    return None if value is None else int(value)


@dataclass(frozen=True)
class OutcomeWords:
    """The day's result as a report prints it: the sentence and, apart, its reason."""

    head: str
    why: str = ""

    def __str__(self) -> str:
        return f"{self.head} — {self.why}" if self.why else self.head


def outcome_words(result: dict, lang: str, esc=str) -> OutcomeWords:
    """The result sentence in ``lang`` ("Αποχωρεί ο Νίκος", "Va al rogo Gina", "На виселицу
    отправляется Медведь"; a running count says what would happen if the vote closed now) and
    its reason (PX-06's public wording for the mayor; a runoff names its candidates).

    ``esc`` escapes the player names for the output format; the sentence itself is ours.
    """
    out = result.get("outcome") or {}
    kind = out.get("kind", "pending")
    players = [str(esc(p)) for p in out.get("players") or []]
    ruleset = result.get("ruleset")
    step = "now" if result.get("provisional") else "outcome"
    who: str | list[str] = players[0] if len(players) == 1 else players
    if kind == "eliminated" and players:
        many = "_many" if len(players) > 1 else ""
        return OutcomeWords(
            i18n.t(f"{step}_eliminated{many}", lang, ruleset=ruleset, players=who),
            i18n.reason_text(out.get("reason"), lang, player=players[0],
                             between=[str(esc(b)) for b in out.get("between") or []]))
    if kind == "tie":
        key = "now_tie" if step == "now" else \
            "outcome_tie_runoff" if out.get("next") == "runoff" else "outcome_tie_poll"
        return OutcomeWords(i18n.t(key, lang, ruleset=ruleset, players=who))
    if kind == "no-elimination":
        return OutcomeWords(i18n.t(f"{step}_no_elimination", lang, ruleset=ruleset),
                            i18n.reason_text(out.get("reason"), lang))
    return OutcomeWords(i18n.t("outcome_pending", lang, ruleset=ruleset))


def outcome_text(result: dict, lang: str, esc=str) -> str:
    """The result sentence with its reason, as one line ("Αποχωρεί ο Νίκος — …")."""
    return str(outcome_words(result, lang, esc))


def end_text(result: dict, lang: str, esc=str) -> str:
    """The end of the game (interfaces §3 ``end``, rules.md "Winners"), "" while it goes on.

    Who wins in the seeds' words ("νικητές είναι οι πολίτες"; a faction the game file writes
    is shown as written, escaped by ``esc``), then the engine's note in ``lang`` (PX-21, PC-07,
    MB-10, LM-08, MR-08, MR-10). The rule id is printed beside it by the templates.
    """
    end = result.get("end") or {}
    if not end:
        return ""
    winners = end.get("winners") or end.get("winner")
    names = [winners] if isinstance(winners, str) else list(winners or [])
    parts = [i18n.win_text([str(n) for n in names], lang, esc)] if names else []
    if end.get("note"):
        parts.append(i18n.end_note_text(str(end["note"]), lang, esc))
    return i18n.clause(lang).join(parts)


def _window(result: dict, lang: str) -> str | None:
    span = WINDOWS.get(result.get("ruleset", ""))
    dl = i18n.local(result.get("deadline"), result.get("timezone"))
    if not span or dl is None:
        return None
    a, b = (dl + timedelta(minutes=m) for m in span)
    return trusted(i18n.t("window", lang, a=f"{a:%H:%M}", b=f"{b:%H:%M}"))


def _ref(vote: dict, tz: str | None, lang: str, struck: bool = False) -> VoteRef:
    return VoteRef(name=vote.get("voter", ""), url=vote.get("url"),
                   time=i18n.short_time(vote.get("time"), tz, lang), struck=struck,
                   window=bool(vote.get("window")))


def _counted_vote(votes: list[dict], voter: str, target: str) -> dict | None:
    mine = [v for v in votes if v.get("voter") == voter and v.get("status") == "counted"]
    same = [v for v in mine if v.get("target") == target]
    return (same or mine)[-1] if same or mine else None


def _rows(result: dict, changed: set[str], lang: str) -> tuple[Row, ...]:
    """One row per candidate: the tally's rows, then targets with only changed or zeroed votes."""
    votes, tz, maj = result.get("votes", []), result.get("timezone"), result.get("majority")
    rows: list[Row] = []
    names = [r["player"] for r in result.get("tally", [])]
    counts = {r["player"]: (r["votes"], list(r["voters"])) for r in result.get("tally", [])}
    listed = {voter for _, vs in counts.values() for voter in vs}
    for v in votes:
        t = v.get("target")
        zeroed = v.get("status") == "counted" and v.get("voter") not in listed
        if t and t not in counts and (v.get("post") in changed or zeroed):
            counts[t] = (0, [])
            names.append(t)
        if t in counts and zeroed and counts[t][0] == 0 and v.get("voter") not in counts[t][1]:
            counts[t][1].append(v.get("voter"))   # PX-07: votes set to zero still have voters
    # most votes first; equal counts in the language's alphabetical order
    for name in sorted(names, key=lambda x: (-counts[x][0], grammar.sort_key(x, lang))):
        n, voters = counts[name]
        refs = []
        for voter in voters:
            cv = _counted_vote(votes, voter, name)
            refs.append(_ref(cv, tz, lang) if cv else VoteRef(voter, None, "—"))
        struck = tuple(_ref(v, tz, lang, struck=True) for v in votes
                       if v.get("post") in changed and v.get("target") == name
                       and v.get("voter") not in voters)
        rows.append(Row(name, n, tuple(refs), _dedupe(struck),
                        None if maj is None else max(int(maj) - n, 0)))
    return tuple(rows)


def _dedupe(refs: tuple[VoteRef, ...]) -> tuple[VoteRef, ...]:
    seen: set[str] = set()
    out = []
    for r in reversed(refs):   # the last changed vote of a voter is the one worth a link
        if r.name not in seen:
            seen.add(r.name)
            out.append(r)
    return tuple(reversed(out))


def _not_counted(result: dict, changed: set[str], lang: str) -> tuple[Line, ...]:
    why = {v.get("post"): v.get("rule") for v in result.get("violations", [])}
    tz = result.get("timezone")
    lines = []
    for v in result.get("votes", []):
        status = v.get("status")
        if status == "counted" or v.get("post") in changed:
            continue
        code = why.get(v.get("post"))
        reason = (i18n.violation_text(code, lang) if code
                  else i18n.vote_reason(status, v.get("rule", ""), lang))
        note = "" if result.get("public") else _note(v.get("note"), lang)
        if not v.get("target") and not code:   # MS-01: an unvote is not a vote that failed
            lines.append(Line(v.get("voter", ""), trusted(i18n.t("unvote", lang)), v.get("url"),
                              i18n.short_time(v.get("time"), tz, lang), trusted(""), rule_id(""), note))
            continue
        lines.append(Line(v.get("voter", ""), v.get("target") or "—", v.get("url"),
                          i18n.short_time(v.get("time"), tz, lang), trusted(reason),
                          rule_id(code or v.get("rule", "")), note))
    return tuple(lines)


def _listed_violations(result: dict, changed: set[str]) -> set[tuple[str, str]]:
    """The (post, violation) pairs the "not counted" list already gives, each beside its vote: a
    rule-breaking vote is listed once, there, not again under the violations (issue 20,
    item 7). A post's other violations, and those of posts that are no void vote, stay there."""
    why = {v.get("post"): v.get("rule") for v in result.get("violations", [])}
    return {(v.get("post"), why[v.get("post")]) for v in result.get("votes", [])
            if v.get("status") != "counted" and v.get("post") not in changed
            and v.get("post") in why}


def _removed(result: dict, lang: str) -> tuple[Line, ...]:
    ruleset = result.get("ruleset")
    return tuple(Line(r["player"], "", None, "",
                      trusted(i18n.removal_text(r.get("reason", ""), lang, ruleset)),
                      rule_id(r.get("rule", ""))) for r in result.get("removed", []))


def _violations(items: list[dict], tz: str | None, lang: str) -> tuple[Line, ...]:
    lines = []
    for v in items:
        lines.append(Line(v.get("player") or "—", "", v.get("url"),
                          i18n.short_time(v.get("time"), tz, lang),
                          trusted(i18n.violation_text(v.get("rule", ""), lang)),
                          rule_id(v.get("rule", "")), _note(v.get("note"), lang)))
    return tuple(lines)


def _note(text: object, lang: str) -> str:
    """The tally's note of a vote or violation in ``lang``; "" when it only repeats the line."""
    return engine_text.translate(str(text), lang) or "" if text else ""


def _review(items: list[dict], lang: str) -> tuple[Line, ...]:
    return tuple(Line(r.get("player") or "—", r.get("text", ""), r.get("url"), "",
                      trusted(i18n.violation_text(r.get("rule", ""), lang)),
                      rule_id(r.get("rule", "")), ", ".join(r.get("candidates") or ()))
                 for r in items)


def _private(result: dict, lang: str,
             codes: bool = True) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The private section: roles and factions in the report's words (report/gamewords.py),
    ability effects, weights > 1, names read inexactly, the draw seed."""
    p = result.get("private") or {}
    ruleset = result.get("ruleset", "")
    roles = tuple(f"{k} ({gamewords.role(ruleset, v, lang) or v})"
                  for k, v in (p.get("roles") or {}).items())
    factions = tuple(f"{k} ({gamewords.faction(v, lang, ruleset)})"
                     for k, v in (p.get("factions") or {}).items())
    weight = i18n.t("weight", lang)
    weights_given = tuple(f"{k} ({weight} {v})" for k, v in (p.get("weights") or {}).items())
    effects = tuple(_effect(e, lang, codes) for e in p.get("effects") or [])
    weights = tuple(f"{v['voter']} → {v.get('target')} ({weight} {v['weight']})"
                    for v in result.get("votes", []) if int(v.get("weight", 1)) > 1)
    seed = () if p.get("seed") is None else (str(p["seed"]),)
    # interfaces.md §3 resolved_by: how votal read a name that was not exact (private: the
    # moderator checks these; public_view drops the key)
    names = tuple(f"{v['voter']} → {v.get('target')}: {gamewords.reading(v['resolved_by'], lang)} "
                  f"({i18n.t('post', lang)} {v.get('post')})"
                  for v in result.get("votes", []) if v.get("resolved_by"))
    parts = ((i18n.t("roles", lang), roles), (i18n.t("factions", lang), factions),
             (i18n.t("effects", lang), effects + weights),
             (i18n.t("resolved_by", lang), names),
             (i18n.t("weight", lang), weights_given), (i18n.t("seed", lang), seed))
    return tuple((k, v) for k, v in parts if v)


def _effect(e: dict, lang: str, codes: bool = True) -> str:
    """"Chris → Anna, Dora: αντιστροφή ψήφων (PX-08)"."""
    who = " → ".join(x for x in (e.get("actor") or "", e.get("target") or "") if x)
    said = engine_text.translate(str(e.get("effect", "")), lang) or ""
    rule = rule_id(e.get("rule", "") if codes else "")
    text = ": ".join(x for x in (who, said) if x)
    return f"{text} ({rule})" if rule else text
