"""The one place that decides what a public report may show (interfaces.md §3, PX-06).

Every public renderer calls :func:`public_view` first and renders only what it returns. Kept: the
thread's vote (counts after every rule, voters, links), the outcome and the rule that decided it,
absences, removals, violations, revealed roles (announced by PC-06), the end of the game (its
winners, rule and note: "announced by the ΣΕ", palermo-classic seed "Λήξη Παιχνιδιού"). Dropped: everything under
``private`` (roles, factions, ability users, the mayor, draw seeds), vote weights, the engine's free
notes (they may name an ability), the review queue (a moderator's to-do list; only its
``V-UNREADABLE-POST`` items stay, so that no reader takes a count for complete when a post could
not be read: they name a post and what was missing, nothing secret), and whatever would
show who used a secret ability or card (rules.md seed text: "revealing a role or card to third
parties is forbidden", palermo-43-extreme).

A running count (the vote still open) is already made for the public by the tally when a public
report asks for it (``tally_day(withhold=True)``): the secret abilities, cards and weights take no
effect before the close (``tally.rules.common.secret``), so no count moves when, or by as much as,
a holder acts; this view then drops the fields.
"""

from __future__ import annotations

import copy

# Votes decided by a secret ability or a card: the public sees the vote, never the ability (PX-07
# lawyer, PX-08 corrupt cop, PX-09 prostitute's block, PX-11/PX-12/PX-15 cards, whose holders are
# secret, LM-05 parroco, LM-06 the black cat's draw). The value is the status shown publicly
# (None: keep the vote's status, drop the reason).
HIDDEN_VOTE_RULES: dict[str, str | None] = {
    "PX-07": None, "PX-08": None, "PX-09": None, "PX-11": None, "PX-12": None, "PX-15": None,
    "LM-06": None,
}
# Violations whose very existence tells who holds a card or ability (PX-11: only the holder of an
# extra-vote card can break its lock).
HIDDEN_VIOLATIONS = frozenset({"V-LOCKED-VOTE"})

# Notes the rules announce (MB-05: "the lawyer defended blindly"; MB-09: whom the kamikaze takes;
# MS-02: who hammered). Any other engine note may carry a secret (LM-02: a runoff vote, sent to
# the master privately) and stays out of public reports; MB-06's "the host may keep the leader"
# is advice to the moderator, not a word for the players (issue 20, item 7): private only.
PUBLIC_NOTE_RULES = ("MB-05:", "MB-09:", "MS-02:")
# Review items every reader must see (issue 11: a post votal could not read is never silent).
PUBLIC_REVIEW_RULES = frozenset({"V-UNREADABLE-POST"})

_VOTE_KEYS = ("voter", "target", "post", "url", "time", "status", "rule", "window")
_VIOLATION_KEYS = ("rule", "player", "post", "url", "time")
_END_KEYS = ("winner", "winners", "rule", "note")
_OUTCOME_KEYS = ("kind", "players", "reason", "rule", "next", "between")
_TOP_KEYS = ("game", "ruleset", "day", "language", "timezone", "thread", "start", "deadline",
             "majority", "tally", "outcome", "absent", "removed", "votes", "violations",
             "revealed", "notes", "provisional", "as_of")


def public_view(result: dict) -> dict:
    """interfaces §3 ``--public``: the result with every secret removed (PX-06: the mayor is never named).

    The mayor's double vote stays inside the candidate's count (the announced number), but no
    vote carries a weight and no line names the mayor. Idempotent: ``public_view(public_view(r))``
    equals ``public_view(r)``.
    """
    out = {k: copy.deepcopy(result[k]) for k in _TOP_KEYS if k in result}
    out["public"] = True
    out["tally"] = [{"player": r["player"], "votes": r["votes"], "voters": list(r["voters"])}
                    for r in result.get("tally", [])]
    out["outcome"] = {k: v for k, v in result.get("outcome", {}).items() if k in _OUTCOME_KEYS}
    # LM-05 (rev. 2): the vote the parroco removed is shown nowhere: the count simply drops.
    out["votes"] = [_public_vote(v) for v in result.get("votes", []) if v.get("rule") != "LM-05"]
    out["violations"] = [{k: v[k] for k in _VIOLATION_KEYS if k in v}
                         for v in result.get("violations", [])
                         if v.get("rule") not in HIDDEN_VIOLATIONS]
    out["removed"] = [{k: r[k] for k in ("player", "reason", "rule") if k in r}
                      for r in result.get("removed", [])]
    if result.get("end"):
        out["end"] = {k: copy.deepcopy(v) for k, v in result["end"].items() if k in _END_KEYS}
    out["notes"] = [n for n in result.get("notes", []) if n.startswith(PUBLIC_NOTE_RULES)]
    review = [copy.deepcopy(r) for r in result.get("review", [])
              if r.get("rule") in PUBLIC_REVIEW_RULES]
    if review:
        out["review"] = review
    # Revealed roles (rev. 2): the role as announced (PC-06: a citizen); the true one is private.
    out["revealed"] = [{k: v for k, v in r.items() if k != "true_role"}
                       for r in result.get("revealed", [])]
    return out


def _public_vote(vote: dict) -> dict:
    v = {k: vote[k] for k in _VOTE_KEYS if k in vote}
    rule = v.get("rule", "")
    if rule in HIDDEN_VOTE_RULES:
        shown = HIDDEN_VOTE_RULES[rule]
        v["status"] = shown or v.get("status", "counted")
        v["rule"] = ""
    v["weight"] = 1
    return v


def public_votes(votes: list[dict]) -> list[dict]:
    """Votes (each with ``status`` and ``rule``, a day's or a player's across an archive) as a
    public report may list them: the parroco's removal nowhere (LM-05), no secret rule."""
    return [_public_vote(v) | {k: v[k] for k in ("game", "day") if k in v}
            for v in votes if v.get("rule") != "LM-05"]


def select(result: dict, *, public: bool) -> dict:
    """The view a renderer works from: public (default) or the full private result."""
    return public_view(result) if public else result


def public_audit(audit: dict) -> dict:
    """The audit (``GameAudit.to_dict()``) as a public report may show it: every day's result
    through :func:`public_view`; no LM-06 draw or seed, no census of the living factions in the
    win check, no list of announcements or counts left for a human (a moderator's to-do list,
    as a day's ``review`` is)."""
    out = {k: copy.deepcopy(v) for k, v in audit.items()}
    out["public"] = True
    out["days"] = [{k: public_view(v) if k == "result" else copy.deepcopy(v)
                    for k, v in d.items() if k not in ("draw", "unread_announcements", "review")}
                   for d in audit.get("days", [])]
    win = audit.get("win")
    out["win"] = None if win is None else {k: v for k, v in win.items() if k != "alive"}
    return out


def select_audit(audit: dict, *, public: bool) -> dict:
    return public_audit(audit) if public else audit
