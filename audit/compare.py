"""Compare a moderator's official count with votal's running count at that post (pure).

The running count is ``tally_day(game, posts, day, until=(post.time, post.number)).to_dict()``:
everything posted strictly before the moderator's post. Names the moderator wrote are resolved
against the game's players (aliases included: moderators often write a replaced player's old name).
A name that resolves to no player is kept as written and reported, never guessed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from votal.audit.explain import Context, explain
from votal.tally.names import NameResolver
from votal.tally.votecounts import Announcement, VoteCount

NO_LYNCH = "No Lynch"
_NO_LYNCH_WORDS = {"no lynch", "nolynch", "nl", "no execution", "no elimination", "no-lynch"}

Resolve = Callable[[str], "str | None"]


@dataclass(frozen=True, slots=True)
class LineDiff:
    """One target on which the moderator and votal differ."""

    target: str
    announced: int | None          # the moderator's number (None: not in his count)
    computed: int | None           # votal's effective votes (None: no votes)
    missing: tuple[str, ...]       # voters votal counts for the target, absent from the count
    extra: tuple[str, ...]         # voters the moderator lists, not counted by votal for it
    note: str = ""


@dataclass(frozen=True, slots=True)
class Difference:
    """One voter the moderator and votal place differently, with votal's own record of him."""

    voter: str
    announced: str | None          # the moderator's target for him (None: not voting / absent)
    computed: str | None           # votal's target (None: no counted vote)
    reason: str = ""               # votal's record: his last vote post and its status, or a review
    cause: str = ""                # audit/explain.py: why the two differ
    likely: str = "unclear"        # which side is likely right: "votal", "moderator", "unclear"
    post: str | None = None        # the post that shows it
    url: str | None = None
    suggestion: Mapping[str, object] | None = None   # an alias or an option that would agree


@dataclass(frozen=True, slots=True)
class CountCheck:
    """The comparison of one official count (C-06: the post it came from is kept)."""

    post: str
    number: int | None
    url: str
    label: str | None
    lines: int                      # target lines compared (union of both sides, 0 votes left out)
    lines_agreeing: int
    voters: int                     # voters compared (union of both sides)
    voters_agreeing: int
    diffs: tuple[LineDiff, ...]
    differences: tuple[Difference, ...]   # per voter
    unresolved: tuple[str, ...] = ()
    confidence: float = 1.0               # how surely the post was read as a count
    as_of: str | None = None              # the post the count says it counts up to (asof.py)
    as_of_status: str = ""                # "as-of" (compared there), "later", "not-in-day"
    as_of_text: str = ""                  # the count's words that say it ("as of post 345")

    @property
    def agrees(self) -> bool:
        return not self.diffs and not self.differences


@dataclass(frozen=True, slots=True)
class EliminationCheck:
    """An announced (or game-file) elimination against votal's outcome for the day."""

    day: int
    source: str                    # "announcement" (post id) or "event" (game file)
    where: str
    announced: str | None
    computed: tuple[str, ...]
    agrees: bool
    note: str = ""


def make_resolver(players: Mapping[str, Iterable[str]],
                  resolver: NameResolver | None = None) -> Resolve:
    """Canonical name for a name the moderator wrote: the tally's own name reading
    (tally/names.py), "No Lynch" and its spellings apart. ``resolver``: a NameResolver of
    these players already built (a Roster's: the same reading, built once; issue 22)."""
    if resolver is None:
        resolver = NameResolver({k: tuple(v) for k, v in players.items()})

    def resolve(text: str) -> str | None:
        if _is_no_lynch(text):
            return NO_LYNCH
        return resolver.resolve(text).player
    return resolve


def _fold(text: str) -> str:
    return re.sub(r"\s+", " ", text.casefold()).strip()


def _is_no_lynch(text: str) -> bool:
    return _fold(text).replace("_", " ") in _NO_LYNCH_WORDS


def _resolved(names: Iterable[str], resolve: Resolve | None, unresolved: list[str]) -> list[str]:
    """The names resolved; ``resolve`` None: already the roster's (tally/rostercount.py)."""
    if resolve is None:
        return list(names)
    out = []
    for n in names:
        r = resolve(n)
        if r is None:
            unresolved.append(n)
            out.append(n)
        else:
            out.append(r)
    return out


def compare_count(vc: VoteCount, computed: Mapping, resolve: Resolve, *, post: str = "",
                  number: int | None = None, url: str = "", ctx: Context | None = None,
                  as_of: tuple[str | None, str, str] = (None, "", "")) -> CountCheck:
    """Agreement of one official count with a running tally dict (interfaces.md §3 shape);
    ``as_of``: the post the count says it counts up to, what became of it, its words
    (audit/asof.py).

    The count's "not voting" line, when it has one, places its players on no target: a player
    it lists whom votal counts as voting is a difference too."""
    unresolved: list[str] = []
    announced: dict[str, tuple[int, list[str]]] = {}
    extra: dict[str, list[str]] = {}      # the voters the count gives an extra vote ("[+1]")
    names = None if vc.resolved else resolve
    for line in _vote_lines(vc, resolve):
        target = _resolved([line.target], names, unresolved)[0]
        voters = _resolved(line.voters, names, unresolved)
        n, prev = announced.get(target, (0, []))
        announced[target] = (n + line.count, prev + voters)
        extra.setdefault(target, []).extend(_resolved(line.extra, names, unresolved))
    mine = {row["player"]: (int(row["votes"]), list(row["voters"]))
            for row in computed.get("tally", ()) if row.get("votes")}
    diffs = []
    for target in sorted(set(announced) | set(mine)):
        a_n, a_v = announced.get(target, (None, []))
        c_n, c_v = mine.get(target, (None, []))
        if a_n == c_n and sorted(a_v) == sorted(c_v):
            continue
        note = ""
        more = extra.get(target, [])
        if a_n is not None and a_n != len(a_v) + len(more):
            note = f"the count says {a_n} but lists {len(a_v)} voter(s)" + (
                f" and {len(more)} extra vote(s)" if more else "")
        elif more:
            note = f"the count gives {', '.join(dict.fromkeys(more))} an extra vote"
        diffs.append(LineDiff(target, a_n, c_n, tuple(v for v in c_v if v not in a_v),
                              tuple(v for v in a_v if v not in c_v), note))
    idle = _resolved(vc.not_voting or (), names, unresolved)
    voter_diffs = _voter_diffs(announced, mine, idle)
    a_voters = {v for _, vs in announced.values() for v in vs}
    c_voters = {v for _, vs in mine.values() for v in vs}
    n_voters = len(a_voters | c_voters)
    return CountCheck(
        post=post, number=number, url=url, label=vc.label,
        lines=len(set(announced) | set(mine)),
        lines_agreeing=len(set(announced) | set(mine)) - len(diffs),
        voters=n_voters, voters_agreeing=n_voters - len({d[0] for d in voter_diffs}),
        diffs=tuple(diffs), unresolved=tuple(dict.fromkeys(unresolved)),
        differences=tuple(_difference(v, t1, t2, computed, ctx or Context(resolve=resolve),
                                      listed)
                          for v, t1, t2, listed in voter_diffs),
        confidence=vc.confidence, as_of=as_of[0], as_of_status=as_of[1], as_of_text=as_of[2])


def _vote_lines(vc: VoteCount, resolve: Resolve):
    """The lines that are votes: not "(0)" rows listing every player, not side lists.

    A side list ("Deadline Extension - 3 (a, b, c)") names no player and holds only voters who
    also stand on another line of the same count.
    """
    for line in vc.lines:
        if line.count == 0 and not line.voters:
            continue
        if not vc.resolved and resolve(line.target) is None and line.voters:
            elsewhere = {v for other in vc.lines if other is not line for v in other.voters}
            if set(line.voters) <= elsewhere:
                continue
        yield line


def why_differs(voter: str, computed: Mapping) -> str:
    """votal's own record for a voter: his last vote post and what became of it, or a review."""
    votes = [v for v in computed.get("votes") or () if v.get("voter") == voter]
    review = [r for r in computed.get("review") or () if r.get("player") == voter]
    last = votes[-1] if votes else None
    if review and (last is None or _later_or_same(review[-1].get("post"), last.get("post"))):
        r = review[-1]
        return f"{r['rule']} «{r.get('text', '')}» in post {r.get('post')}: left for a human"
    if last is None:
        return f"votal read no vote post of {voter}"
    note = f", {last['note']}" if last.get("note") else ""
    return (f"post {last.get('post')}: {last.get('target') or 'unvote'} "
            f"({last.get('status')}, {last.get('rule')}{note})")


def _later_or_same(a, b) -> bool:
    a, b = str(a or ""), str(b or "")
    return int(a) >= int(b) if a.isdigit() and b.isdigit() else a >= b


def _difference(voter: str, announced: str | None, computed: str | None, running: Mapping,
                ctx: Context, listed: tuple[str, ...] = ()) -> Difference:
    x = explain(voter, announced, computed, running, ctx, listed)
    return Difference(voter, announced, computed, why_differs(voter, running), x.cause, x.likely,
                      x.post, x.url, dict(x.suggestion) or None)


def _voter_diffs(announced: Mapping, mine: Mapping, idle: Iterable[str] = ()) -> tuple:
    """Each voter whose target differs: (voter, the moderator's target, votal's target, every
    target the moderator lists him under).

    A voter the count lists under two candidates (and votal under one) is placed by the moderator
    on the one that is not votal's: his old vote the moderator kept beside the new one
    (audit/explain.py's ``listed-twice``). A voter both sides list under the same targets agrees
    (a double voter, MS-08)."""
    a_all: dict[str, list[str | None]] = {v: [None] for v in idle}
    for t, (_, vs) in announced.items():
        for v in vs:
            a_all.setdefault(v, [])
            if t not in a_all[v]:
                a_all[v] = [x for x in a_all[v] if x is not None] + [t]
    c_all: dict[str, list[str | None]] = {}
    for t, (_, vs) in mine.items():
        for v in vs:
            if t not in c_all.setdefault(v, []):
                c_all[v].append(t)
    out = []
    for voter in sorted(set(a_all) | set(c_all)):
        a_ts, c_ts = a_all.get(voter, [None]), c_all.get(voter, [None])
        if sorted(map(str, a_ts)) == sorted(map(str, c_ts)):
            continue
        c_t = c_ts[-1]
        others = [t for t in a_ts if t != c_t]
        a_t = others[0] if len(a_ts) > 1 and c_t in a_ts else a_ts[-1]
        out.append((voter, a_t, c_t, tuple(t for t in a_ts if t is not None)))
    return tuple(out)


def compare_elimination(day: int, announced: Announcement | None, computed: Mapping,
                        resolve: Resolve, *, source: str, where: str) -> EliminationCheck:
    """An announced elimination against the day's computed outcome (C-11 for events)."""
    outcome = computed.get("outcome") or {}
    players = tuple(outcome.get("players") or ()) if outcome.get("kind") == "eliminated" else ()
    name = resolve(announced.player) if announced else None
    written = announced.player if announced else None
    if announced and name is None:
        return EliminationCheck(day, source, where, written, players, False,
                                f"'{written}' is no player of the game")
    if outcome.get("kind") == "tie" and name in (outcome.get("players") or ()):
        # C-11: a tie goes to a poll or runoff outside the thread; any tied player may leave.
        tied = tuple(outcome["players"])
        return EliminationCheck(day, source, where, name, tied, True,
                                f"tie decided by {outcome.get('next') or 'poll'}")
    agrees = name in players
    note = "" if agrees else (f"votal's outcome is {outcome.get('kind')}"
                              + (f" ({', '.join(players)})" if players else ""))
    return EliminationCheck(day, source, where, name, players, agrees, note)
