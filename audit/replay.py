"""Replay a finished game day by day and check it (``votal audit``).

Per day: the computed result (the game's one replay, tally/replay.py), its violations and review
items, the edited votes (C-07), every official count of the moderators compared with votal's
running count at that post (from the day's start the replay keeps), the announced eliminations and the game file's ``eliminated`` events compared with
the computed outcome, the LM-06 draw. For the game: the first moment its end condition held
(PX-21, PC-07, LM-08, MS) and the days played after it.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

from votal.audit.asof import ComparedAt, compared_at
from votal.audit.compare import (
    CountCheck,
    EliminationCheck,
    Resolve,
    compare_count,
    compare_elimination,
    make_resolver,
)
from votal.audit.draws import gatto_nero_draw
from votal.audit.edits import edited_votes, marks_reader
from votal.audit.explain import Context
from votal.audit.result import DayAudit, GameAudit
from votal.audit.wincheck import Death, Win, first_win
from votal.scraper.model import Post
from votal.tally.game import Game
from votal.tally.options import Options
from votal.tally.replay import GamePosts, Replay
from votal.tally.rostercount import Roster, read_count_post
from votal.tally.rules.context import BodyReadings
from votal.tally.votecounts import ModPost, VoteCount, read_mod_post

UNREADABLE = "V-UNREADABLE-COUNT"    # a post that looks like a count but could not be read
SYNTAX = {"mafiascum": "mafiascum"}   # every other ruleset votes in red (rules.md vocabulary)


@dataclass(frozen=True, slots=True)
class ModCount:
    """A moderator's post read for the audit, with the day it speaks about."""

    post: Post
    reading: ModPost
    day: int | None                 # the day its count speaks about
    announces: int | None = None    # the day its elimination announcements speak about


@lru_cache(maxsize=4096)
def _fold(name: str) -> str:
    return re.sub(r"\s+", " ", name.casefold()).strip()


def _label_day(label: str | None) -> int | None:
    """The day a count's header names: "Votecount 1.15" → 1, "Day 2 Vote Count (#3)" → 2."""
    if not label:
        return None
    m = re.search(r"(?:day|ημέρα|ημερα|giorno|день)\s*(\d+)", label, re.I) or re.search(
        r"(\d+)\s*\.\s*\d+", label)
    return int(m.group(1)) if m else None


def day_of(t: datetime, results: Sequence[Mapping]) -> int | None:
    """The day whose [start, next start) holds the instant (C-09, half-open)."""
    found = None
    for r in results:
        if datetime.fromisoformat(r["start"]) <= t:
            found = int(r["day"])
    return found


def _is_moderator(author: str, moderators: Sequence[str] | frozenset[str]) -> bool:
    """``moderators``: their names, or a set of them folded (:func:`_fold`)."""
    folded = moderators if isinstance(moderators, frozenset) else frozenset(map(_fold, moderators))
    return _fold(author) in folded


def announcement_day(t: datetime, results: Sequence[Mapping]) -> int | None:
    """The day an elimination announced at ``t`` ends: the day in progress when its vote was
    already decided by majority (MS-02), else the last day whose deadline is at or before ``t``
    (the announcement follows the deadline: 20:10 in Palermo, the hammer post on Mafiascum)."""
    current = day_of(t, results)
    for r in results:
        if int(r["day"]) == current and (r.get("outcome") or {}).get("reason") == "majority" \
                and datetime.fromisoformat(r["deadline"]) > t:
            return current
    past = [int(r["day"]) for r in results if datetime.fromisoformat(r["deadline"]) <= t]
    return max(past) if past else current


def read_mod_posts(posts: Sequence[Post], moderators: Sequence[str],
                   results: Sequence[Mapping], resolve: Resolve | None = None,
                   roster: Roster | None = None) -> list[ModCount]:
    """Every moderator post that holds a count, an unreadable count or an announcement, with
    its day. With ``roster`` the counts are read by the players' names (tally/rostercount.py);
    without, by their layout, ``resolve`` telling which names are players (its confidence)."""
    return _placed(_mod_readings(posts, moderators, resolve, roster), results)


def _mod_readings(posts: Sequence[Post], moderators: Sequence[str], resolve: Resolve | None,
                  roster: Roster | None) -> list[tuple[Post, ModPost]]:
    """:func:`read_mod_posts`'s posts and readings, before their days are known."""
    is_name = (lambda text: resolve(text) is not None) if resolve else None
    out = []
    folded = frozenset(map(_fold, moderators))
    by_author: dict[str, bool] = {}   # a game has few authors and many posts
    for p in posts:
        moderator = by_author.get(p.author)
        if moderator is None:
            moderator = by_author[p.author] = _is_moderator(p.author, folded)
        if not moderator:
            continue
        reading = read_count_post(p.html, roster) if roster is not None else \
            read_mod_post(p.html, is_name)
        if reading.votecount is None and not reading.announcements and not reading.unreadable:
            continue
        out.append((p, reading))
    return out


def _placed(read: Sequence[tuple[Post, ModPost]], results: Sequence[Mapping]) -> list[ModCount]:
    """Each moderator post read with the day it speaks about (:func:`read_mod_posts`)."""
    out = []
    days = {int(r["day"]) for r in results}
    for p, reading in read:
        title = reading.votecount.label if reading.votecount else reading.unreadable
        label_day = _label_day(title)
        assert p.time is not None  # callers pass timed posts only: an untimed one has no day
        day = label_day if label_day in days else day_of(p.time, results)
        out.append(ModCount(p, reading, day, announcement_day(p.time, results)))
    return out


def audit_day(game: Game, posts: GamePosts | None, day: int, result: dict,
              mod: Sequence[ModCount], resolve: Resolve, *,
              running: Callable[[Post], Mapping] | None = None, day_posts: Sequence[Post] = (),
              deadline: datetime | None = None, thread: Sequence[Post] | None = None,
              bodies: BodyReadings | None = None) -> DayAudit:
    """One day: counts, announcements, events, edits, LM-06 draw.

    ``mod`` holds the moderators' posts whose count or announcements speak about this day.

    ``running(post) -> Mapping`` gives votal's count just before a post (defaults to
    :func:`running_counts` of a replay of ``posts``). A count is compared just before its own
    post, or through the post it says it counts up to (audit/asof.py), among ``thread`` (the
    day's posts in thread order; default ``day_posts``). ``bodies``: the body readings of the
    game's replay (``Replay.bodies``), where the edited versions are read once.
    """
    if running is None:
        assert posts is not None  # without a running count the posts are given to count them
        running = running_counts(Replay(game, posts), day)
    ctx = Context(tuple(result.get("votes") or ()), Options.of(game.options).unvote_required,
                  resolve)
    thread = day_posts if thread is None else thread
    counts = tuple(
        _compare(m.reading.votecount, m.post, compared_at(m.post, m.reading.votecount.as_of,
                                                          thread), running, resolve, ctx)
        for m in mod if m.day == day and m.reading.votecount is not None
        and not m.reading.votecount.unread)
    review = tuple(_unread(m) for m in mod if m.day == day and (
        m.reading.unreadable or (m.reading.votecount is not None and m.reading.votecount.unread)))
    said = [(m, a) for m in mod if m.announces == day for a in m.reading.announcements]
    # A name that is no player is prose read as an announcement ("that player was lynched" in
    # the rules): left for a human, never a disagreement.
    elims = [compare_elimination(day, a, result, resolve, source="announcement", where=m.post.id)
             for m, a in said if resolve(a.player) is not None]
    unread = tuple((m.post.id, m.post.url, a.text) for m, a in said if resolve(a.player) is None)
    for ev in game.events_of("eliminated", day=day):
        elims.append(_event_check(day, ev, result))
    closed = vote_closed(result, deadline)
    edits = edited_votes(day_posts, marks_reader(SYNTAX.get(game.ruleset, "red"), bodies),
                         lambda _p: closed) if day_posts else ()
    roles = {p.name: p.role for p in game.players}
    factions = {p.name: p.faction for p in game.players}
    draw = gatto_nero_draw(game.title, day, result, roles, factions)
    return DayAudit(day, result, counts, tuple(elims), edits, draw, unread, review)


def _compare(vc: VoteCount, post: Post, at: ComparedAt, running: Callable[[Post], Mapping],
             resolve: Resolve, ctx: Context) -> CountCheck:
    """One count against votal's running count at the point :func:`compared_at` gives."""
    return compare_count(vc, running(at.before), resolve, post=post.id, number=post.number,
                         url=post.url, ctx=ctx, as_of=(at.as_of, at.status, at.text))


def _unread(m: ModCount) -> dict:
    """A count that could not be read (issue 21): a title whose lines are none, or a count with
    texts no player answers to (``names``). Never a disagreement: a human reads it, or adds the
    names as aliases."""
    vc = m.reading.votecount
    item: dict[str, object] = {"rule": UNREADABLE, "post": m.post.id, "number": m.post.number, "url": m.post.url,
            "text": (vc.label if vc is not None else m.reading.unreadable) or ""}
    if vc is not None:
        item["names"] = list(vc.unread)
    return item


def running_counts(replay: Replay, day: int) -> Callable[[Post], Mapping]:
    """votal's running count of ``day`` just before a post (a moderator's count), as JSON: from
    the day's start kept by the one replay of the game (tally/replay.py), never the days before
    counted again; the votes, tally and review only (``votes_only``: what compare_count and
    explain read), each made when read (``Replay.running_json``)."""
    def running(p: Post) -> Mapping:
        assert p.time is not None  # moderator posts come from read_mod_posts: timed
        return replay.running_json(day, (p.time, p.number or 0), votes_only=True)
    return running


def _time(p: Post) -> datetime:
    assert p.time is not None, "the audit's posts are the timed ones"
    return p.time


def vote_closed(result: Mapping, deadline: datetime | None) -> datetime | None:
    """When the day's vote closed: MS-02, a majority ends the day at once, at the hammer (the
    last counted vote); otherwise the deadline. An edit first seen from then on came too late."""
    if (result.get("outcome") or {}).get("reason") == "majority":
        times = [datetime.fromisoformat(v["time"]) for v in result.get("votes", [])
                 if v.get("status") == "counted" and v.get("time")]
        if times:
            return max(times)
    return deadline


def _without_recaps(m: ModCount, gone: set[str], resolve: Resolve) -> ModCount:
    """A line about a player who left on an earlier day is a recap ("X was lynched Day 1" in a
    player list), not today's announcement."""
    kept = tuple(a for a in m.reading.announcements if resolve(a.player) not in gone)
    if len(kept) == len(m.reading.announcements):
        return m
    return ModCount(m.post, ModPost(m.reading.votecount, kept, m.reading.unreadable), m.day,
                    m.announces)


def _event_check(day: int, ev, result: Mapping) -> EliminationCheck:
    """An ``eliminated`` event (C-11) agrees when its player led the thread's vote (or tied)."""
    outcome = result.get("outcome") or {}
    players = tuple(outcome.get("players") or ())
    agrees = ev.player in players and outcome.get("kind") in ("eliminated", "tie")
    note = "" if agrees else f"votal's outcome is {outcome.get('kind')} ({', '.join(players)})"
    return EliminationCheck(day, "event", ev.label(), ev.player, players, agrees, note)


_BACK = ("revived",)
_CARD_MOVES = {"arrest": "arrested", "arrest_cancel": "revived", "necromancy": "revived"}


def _deaths(game: Game, results: Sequence[Mapping]) -> list[Death]:
    """Every departure and return in time order: murders, removals, the game file's eliminations,
    arrests (PX-13) and returns (revived, necromancy PX-16, arrest cancelled), vote outcomes."""
    moves: list[tuple[datetime, int, Death]] = []
    deadline = {int(r["day"]): datetime.fromisoformat(r["deadline"]) for r in results}
    for ev in game.events:
        how = _CARD_MOVES.get(ev.card or "") if ev.type == "card" else ev.type
        who = ev.target if ev.type == "card" else ev.player
        if how not in ("murdered", "eliminated", "removed", "arrested", *_BACK) or not who:
            continue
        at = ev.at or deadline.get(ev.day or 0)
        if at is not None:
            moves.append((at, len(moves), Death(who, ev.day or 0, how, at)))
    for r in results:
        if r.get("provisional"):   # a vote still open decided nobody's departure (issue 16)
            continue
        out = r.get("outcome") or {}
        gone = list(out.get("players") or ()) if out.get("kind") == "eliminated" else []
        gone += [x["player"] for x in r.get("removed") or ()]
        at = deadline[int(r["day"])]
        moves += [(at, len(moves) + i, Death(p, int(r["day"]), "eliminated", at))
                  for i, p in enumerate(gone)]
    return [d for _, _, d in sorted(moves, key=lambda x: (x[0], x[1]))]


def _went_on(win: Win | None, deaths: Sequence[Death], results: Sequence[Mapping]) -> tuple[int, ...]:
    """Days with counted votes after the end condition held (the day itself after a murder)."""
    if win is None:
        return ()
    how = next((d.how for d in deaths if d.player == win.after), "")
    first = win.day if how in ("murdered", "arrested") else win.day + 1
    return tuple(int(r["day"]) for r in results if int(r["day"]) >= first and any(
        v.get("status") == "counted" for v in r.get("votes") or ()))


def audit_game(game: Game, posts: GamePosts, replay: Replay | None = None, *,
               at: datetime | None = None) -> GameAudit:
    """Replay every day of a game (library entry point of ``votal audit``); ``replay``: the
    game's replay when the caller has built it (one per command). ``at`` (now, for a game
    still going on): a last day whose vote is still open then is audited as its running count
    (``provisional``: its counts compared, no outcome taken as a departure or a game end,
    issue 16), as ``votal tally`` shows it; None: every day as closed."""
    roster = Roster({p.name: p.aliases for p in game.players})
    resolve = make_resolver(roster.players, roster.resolver)   # one NameResolver for both
    # a post without time is in the tally's review (V-UNREADABLE-POST): it has no day here
    every = sorted((p for p in (*posts.main, *(posts.votes or ())) if p.time is not None),
                   key=Post.sort_key)
    read = _mod_readings(every, game.moderators, resolve, roster)
    # the running counts the days will ask, at the counts' posts, made with each day's final
    # count (issue 22: each post of a day read once for all)
    replay = replay or Replay(game, posts, ahead=[
        (p.time, p.number or 0) for p, r in read if r.votecount is not None and p.time])
    results = [r.to_dict() for r in replay.days(at=at)]
    mod = _placed(read, results)
    days: list[DayAudit] = []
    gone: set[str] = set()
    for i, result in enumerate(results):
        day = int(result["day"])
        end = datetime.fromisoformat(results[i + 1]["start"]) if i + 1 < len(results) else None
        start = datetime.fromisoformat(result["start"])
        # every post is timed (above) and in time order: the day's are a slice
        day_posts = every[bisect.bisect_left(every, start, key=_time):
                          len(every) if end is None else bisect.bisect_left(every, end, key=_time)]
        mine = [_without_recaps(m, gone, resolve) for m in mod if day in (m.day, m.announces)]
        days.append(audit_day(game, posts, day, result, mine, resolve,
                              running=running_counts(replay, day), day_posts=day_posts,
                              deadline=datetime.fromisoformat(result["deadline"]),
                              bodies=replay.bodies))
        out = result.get("outcome") or {}
        if out.get("kind") == "eliminated" and not result.get("provisional"):
            gone.update(out.get("players") or ())
    deaths = _deaths(game, results)
    players = [(p.name, p.role, p.faction) for p in game.players]
    win = first_win(game.ruleset, players, deaths)
    return GameAudit(game.title, game.ruleset, game.language, game.timezone, tuple(days), win,
                     _went_on(win, deaths, results))
