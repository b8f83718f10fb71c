"""What changed between two counts of a day, as `votal watch` reports it (issue 13; pure).

Both counts are tally result dicts (interfaces.md §3) already passed through
``report.public.public_view`` when the watch is public, so nothing here can leak a secret.

The line format (README "The moderator's evening", stable for scripts)::

    TIME KIND WHAT | LEADERS

``TIME`` is ``YYYY-MM-DD HH:MM:SS`` in the game's zone (the post's time for a vote); ``KIND`` one
of ``vote``, ``change``, ``unvote``, ``rule``, ``violation``, ``review``, ``outcome``,
``absences``, ``status``, ``closed``; ``LEADERS`` the count after it, most votes first
(``Νίκος 4, Φώτης 3``; ``-`` when nobody has a vote).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from votal.report.i18n import reason_text, status_text, t

KINDS = ("vote", "change", "unvote", "rule", "violation", "review", "outcome", "absences",
         "status", "closed")
LEADERS_SHOWN = 5


@dataclass(frozen=True, slots=True)
class Change:
    kind: str                   # one of KINDS
    what: str                   # the change in words ("Λάμπρος → Νίκος")
    time: datetime | None       # when it happened (a post's time), None: at the refresh
    player: str | None = None   # whom it concerns, for highlighting


def _time(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def _counted(result: dict) -> dict[str, dict]:
    """Each voter's counted vote (the last one when a voter has two ballots)."""
    return {v["voter"]: v for v in result.get("votes", []) if v.get("status") == "counted"}


def _by_voter(result: dict) -> dict[str, dict]:
    return {v["voter"]: v for v in result.get("votes", [])}


_KIND_WORDS = {"eliminated": "watch_eliminated", "tie": "watch_tie",
               "no-elimination": "watch_no_elimination", "pending": "watch_pending"}


def _outcome(result: dict) -> tuple:
    """The day's result as data, whatever the language it is said in."""
    o = result.get("outcome") or {}
    return (o.get("kind"), tuple(o.get("players") or ()), o.get("reason"), o.get("rule"))


def outcome_words(result: dict, lang: str = "en") -> str:
    """The day's result in ``lang``: "eliminated Bob (majority reached, MS-02)", "ισοψηφία
    Λάμπρος, Φώτης (PX-06)"; the reason from the reports' table (PX-06's public wording for the
    mayor), the deciding rule's id as it is."""
    o = result.get("outcome") or {}
    names = list(o.get("players") or [])
    # a tie's players as the leaders are listed (", "); one who leaves declined where it can be
    players: str | list[str] = names[0] if len(names) == 1 else \
        ", ".join(names) if o.get("kind") == "tie" else names
    key = _KIND_WORDS.get(o.get("kind") or "")
    head = t(key or "watch_pending", lang, ruleset=result.get("ruleset"),   # no result yet
             players=players).strip()
    reason = reason_text(o["reason"], lang, player=names[0] if names else "",
                         between=o.get("between") or ()) if o.get("reason") else None
    detail = ", ".join(x for x in (reason, o.get("rule")) if x)
    return f"{head}{f' ({detail})' if detail else ''}"


def diff(before: dict | None, after: dict, lang: str = "en") -> list[Change]:
    """Every change from ``before`` (None: nothing yet) to ``after``, oldest first; the words
    (an unvote, a vote a rule set aside, the day's result) in ``lang``."""
    before = before or {}
    out: list[Change] = []
    old, new = _counted(before), _counted(after)
    all_after = _by_voter(after)
    for voter, v in new.items():
        was = old.get(voter)
        if was is None:
            out.append(Change("vote", f"{voter} → {v['target']}", _time(v.get("time")), voter))
        elif was.get("target") != v.get("target"):
            out.append(Change("change", f"{voter}: {was['target']} → {v['target']}",
                              _time(v.get("time")), voter))
    for voter, was in old.items():
        if voter in new:
            continue
        now = all_after.get(voter)
        if now is not None and now.get("post") == was.get("post"):
            out.append(Change("rule", t("watch_rule", lang, rule=now.get("rule"), voter=voter,
                                        target=was["target"],
                                        status=status_text(now.get("status") or "", lang)),
                              _time(now.get("time")), voter))
        else:
            out.append(Change("unvote", t("watch_was", lang, voter=voter, target=was["target"]),
                              _time(now.get("time")) if now else None, voter))
    out += _new_items(before, after, "violations", "violation", lang)
    out += _new_items(before, after, "review", "review", lang)
    if before and _outcome(before) != _outcome(after) and after.get("tally"):
        when = max((c.time for c in out if c.time), default=None)   # what the posts decided
        out.append(Change("outcome", outcome_words(after, lang), when))
    return sorted(out, key=lambda c: (c.time is None, c.time.timestamp() if c.time else 0.0))


def _key(item: dict) -> tuple:
    return (item.get("rule"), item.get("player"), item.get("post"))


def _new_items(before: dict, after: dict, field: str, kind: str, lang: str) -> list[Change]:
    seen = {_key(i) for i in before.get(field, [])}
    post = t("post", lang)
    return [Change(kind, f"{i.get('rule')} {i.get('player') or '-'}"
                   f"{f' {post} ' + str(i['post']) if i.get('post') else ''}",
                   _time(i.get("time")), i.get("player"))
            for i in after.get(field, []) if _key(i) not in seen]


def leaders(result: dict, shown: int = LEADERS_SHOWN) -> str:
    rows = result.get("tally", [])
    text = ", ".join(f"{r['player']} {r['votes']}" for r in rows[:shown])
    if len(rows) > shown:
        text += f", … (+{len(rows) - shown})"
    return text or "-"


def stamp(t: datetime, tz: ZoneInfo) -> str:
    return t.astimezone(tz).strftime("%Y-%m-%d %H:%M:%S")


def line(change: Change, after: dict, now: datetime, tz: ZoneInfo) -> str:
    """One line of the non-TTY output (the format in the module docstring)."""
    return f"{stamp(change.time or now, tz)} {change.kind} {change.what} | {leaders(after)}"
