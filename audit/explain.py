"""Why a moderator's count and votal's running count place a voter differently (pure).

One ordered list of short checks, the first that fires decides (python-chess's ``outcome()``
habit). Each names the likely right side and, where votal can act on it, a suggestion:

- ``unresolved-vote``: votal held the voter's vote back for a human (``V-UNKNOWN-TARGET`` /
  ``V-AMBIGUOUS-TARGET``) and the moderator read it as a player → suggest the text as an alias.
- ``unknown-name``: the moderator wrote a name no player answers to → suggest it as an alias of
  the player votal has in that place.
- ``listed-twice``: the count lists the voter under votal's target and under another one: the
  moderator kept his old vote after the new one replaced it (MS-01) → link the new vote's post.
- ``unvote-required``: the moderator kept the voter on his old target after a new vote without an
  unvote → the game follows a rule votal was not told: suggest ``unvote_required = true`` (MS-09).
- ``after-count``: the moderator's target is a vote posted at or after his count (an edited
  count, or an update) → link that post.
- ``not-counted``: votal read that vote but a rule kept it out → the rule and the post.
- ``missed``: votal counts a vote, posted before the count, that the moderator left out or kept on
  the voter's previous target → link the post.
- ``mis-assigned``: the moderator puts the voter on a target he never voted → link votal's post.
- ``no-vote-read``: votal read no vote post of his for that target (a vote inside a quote, a
  form votal does not read) → for a human.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

Resolve = Callable[[str], "str | None"]
REVIEW_CODES = ("V-UNKNOWN-TARGET", "V-AMBIGUOUS-TARGET")


@dataclass(frozen=True, slots=True)
class Explanation:
    cause: str
    likely: str                      # "votal" | "moderator" | "unclear": which side is likely right
    post: str | None = None          # the post that shows it
    url: str | None = None
    suggestion: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Context:
    """What votal knows besides the running count: the whole day's votes and the rules it was told."""

    day_votes: Sequence[Mapping] = ()        # every vote of the day (the day's result)
    unvote_required: bool = False            # MS-09 already on for this game
    resolve: Resolve | None = None


def explain(voter: str, announced: str | None, computed: str | None, running: Mapping,
            ctx: Context, listed: Sequence[str] = ()) -> Explanation:
    """The first check that fires, for one voter the two counts place differently (``listed``:
    every target the moderator's count lists him under)."""
    before = [v for v in running.get("votes") or () if v.get("voter") == voter]
    seen = {v.get("post") for v in running.get("votes") or ()}
    after = [v for v in ctx.day_votes if v.get("voter") == voter and v.get("post") not in seen]
    review = [r for r in running.get("review") or () if r.get("player") == voter
              and r.get("rule") in REVIEW_CODES]
    if len(listed) > 1 and computed is not None and computed in listed:
        return _listed_twice(computed, before)
    for check in _CHECKS:
        found = check(voter, announced, computed, before, after, review, ctx)
        if found is not None:
            return found
    return Explanation("no-vote-read", "unclear")


def _unresolved_vote(voter, announced, computed, before, after, review, ctx):
    if not review or announced is None:
        return None
    last = review[-1]
    if before and _later(before[-1].get("post"), last.get("post")):
        return None
    return Explanation("unresolved-vote", "moderator", last.get("post"), last.get("url"),
                       {"alias": last.get("text", ""), "player": announced})


def _unknown_name(voter, announced, computed, before, after, review, ctx):
    if announced is None or ctx.resolve is None or ctx.resolve(announced) is not None:
        return None
    hint = {"alias": announced, "player": computed} if computed else {"alias": announced}
    return Explanation("unknown-name", "unclear", suggestion=hint)


def _listed_twice(computed: str, before: Sequence[Mapping]) -> Explanation:
    """The voter stands under votal's target and another in the same count: the later of his
    votes replaced the earlier (MS-01), which the moderator did not take off."""
    hit = next((v for v in reversed(before) if v.get("target") == computed), None)
    return Explanation("listed-twice", "votal", hit.get("post") if hit else None,
                       hit.get("url") if hit else None)


def _unvote_required(voter, announced, computed, before, after, review, ctx):
    if ctx.unvote_required or announced is None or computed is None \
            or any(v.get("target") == announced for v in after):
        return None     # (a vote for his target posted after the count: an updated count)
    targets = [v.get("target") for v in before]
    if announced not in targets:
        return None
    since = targets[len(targets) - 1 - targets[::-1].index(announced) + 1:]
    if None in since or computed not in since:
        return None     # an unvote came between: the moderator simply missed the change
    switch = next(v for v in reversed(before) if v.get("target") == computed)
    return Explanation("unvote-required", "moderator", switch.get("post"), switch.get("url"),
                       {"option": "unvote_required", "value": True, "rule": "MS-09"})


def _after_count(voter, announced, computed, before, after, review, ctx):
    hit = next((v for v in after if v.get("target") == announced), None)
    if hit is None:
        return None
    return Explanation("after-count", "votal", hit.get("post"), hit.get("url"))


def _not_counted(voter, announced, computed, before, after, review, ctx):
    """His last vote before the count is the moderator's, and a rule kept it out."""
    hit = before[-1] if before else None
    if announced is None or hit is None or hit.get("target") != announced \
            or hit.get("status") == "counted":
        return None
    return Explanation("not-counted", "unclear", hit.get("post"), hit.get("url"),
                       {"status": hit.get("status"), "rule": hit.get("rule")})


def _missed(voter, announced, computed, before, after, review, ctx):
    """votal's vote (or unvote) came before the count; the moderator left him out or kept him
    where an earlier vote of his had put him."""
    if computed is None:
        last = before[-1] if before else None
        if last is None or last.get("target") is not None:
            return None
        earlier = [v.get("target") for v in before[:-1]]
        return Explanation("missed", "votal", last.get("post"), last.get("url")) \
            if announced in earlier else None
    counted = [v for v in before if v.get("status") == "counted" and v.get("target") == computed]
    if not counted:
        return None
    earlier = [v.get("target") for v in before[:before.index(counted[-1])]]
    if announced is None or announced in earlier:
        return Explanation("missed", "votal", counted[-1].get("post"), counted[-1].get("url"))
    return None


def _mis_assigned(voter, announced, computed, before, after, review, ctx):
    if announced is None or any(v.get("target") == announced for v in before + after):
        return None
    last = next((v for v in reversed(before) if v.get("status") == "counted"), None)
    return Explanation("mis-assigned", "votal" if last else "unclear",
                       last.get("post") if last else None, last.get("url") if last else None)


def _later(a: object, b: object) -> bool:
    a, b = str(a or ""), str(b or "")
    return int(a) > int(b) if a.isdigit() and b.isdigit() else a > b


_CHECKS = (_unresolved_vote, _unknown_name, _unvote_required, _not_counted, _missed,
           _after_count, _mis_assigned)
