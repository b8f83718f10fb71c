"""Audit the curated real Mafiascum games against their moderators' own vote counts (a study of
real archives, tests/audit/test_real_mafiascum.py; the ruleset is tally/rules/mafiascum.py).

Reads the Computational-Mafia layout (``threads/<thread>.jsonl``, ``games.jsonl``,
``day_outcomes.jsonl``) and builds, for each clean day (no ambiguity flag, no day kill), a game
like ``days/<game>-d<day>/game.toml`` does: the living slots as players (the current occupant's
name, the replaced players' names as aliases), the day's exact start (its first post) and end (the
post that ends it). Every count posted by a moderator inside the day is compared with votal's
running count just before that post (``Replay.running``, from the day's start).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from votal.audit.compare import CountCheck, EliminationCheck, make_resolver
from votal.audit.replay import ModCount, audit_day, running_counts
from votal.scraper.model import Post
from votal.tally.replay import GamePosts, Replay
from votal.tally.rostercount import Roster, read_count_post
from votal.tally.validate import parse_game
from votal.tally.votecounts import ModPost

FORUM = "https://forum.mafiascum.net/viewtopic.php"

# A game's house rules, set only where the moderator's own rules post states one (the game file's
# [options]; docs/gamefile.md). Checked against the rules posts of the ten games:
# - 1789 (UpTooLate), post 1, rule 10: "Votes must be at the beginning of a line to be counted."
#   (the curators' note: Trivium's vote of post 691 "did not occur on its own line"; MS-01).
# Not set: 1589's count 3.5 drops the vote of the slot Junpei took over (post 478), but Aronis's
# rules post (post 1) says nothing of replacements or of votes reset, so MS-04 stands.
HOUSE_RULES: dict[str, dict[str, object]] = {
    "1789": {"votes_at_line_start": True},
}


@dataclass(frozen=True, slots=True)
class RealDay:
    game: str          # game number, e.g. "1091"
    day: int
    checks: tuple[CountCheck, ...]
    outcome: dict      # votal's outcome for the day
    expected: str      # the curators' outcome ("LYNCH Beefster", "NO_LYNCH")
    posted: int = 0    # the moderators' counts posted inside the day
    error: str = ""    # the engine failed on this day: every count of it counts as a disagreement
    eliminations: tuple[EliminationCheck, ...] = ()  # the end post's announcement(s)
    unread: int = 0    # counts found whose names the roster could not all place (not compared)
    review: tuple[dict, ...] = ()   # the audit's review items of the day (V-UNREADABLE-COUNT)


def forum_time(text: str) -> datetime:
    """phpBB's "Mon Dec 06, 2010 4:37 pm" (time zone unknown: UTC, as the README says)."""
    return datetime.strptime(text, "%a %b %d, %Y %I:%M %p").replace(tzinfo=UTC)


def thread_posts(path: Path, thread: str) -> list[Post]:
    posts = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            d = json.loads(line)
            posts.append(Post(
                id=str(d["id"]), number=int(d["number"]), thread=f"{FORUM}?t={thread}",
                url=f"{FORUM}?p={d['id']}#p{d['id']}", author=d["user"],
                author_id=str(d.get("user_id") or "") or None, time=forum_time(d["time"]),
                edited=None, html=d["content"]))
    return sorted(posts, key=Post.sort_key)


def is_clean(outcome: dict) -> bool:
    return not any(outcome["flags"].values()) and not outcome["day_killed_slots"]


def day_game(meta: dict, outcome: dict, start: datetime, end: datetime):
    """A one-day game file (parsed), as the days/*/game.toml files are written."""
    data = {
        "title": f"Game {meta['number']}: {meta['title']} day {outcome['day']}",
        "ruleset": "mafiascum", "timezone": "UTC", "language": "en",
        "moderators": list(meta["moderators"]), "source": {"posts": "posts.jsonl"},
        "schedule": {"day1": start.date(), "deadline": "23:59", "day_change": "23:59",
                     "day": {"1": {"start": start, "deadline": end}}},
        "players": [{"name": slot[0], **({"aliases": slot[1:]} if slot[1:] else {})}
                    for slot in outcome["alive_slots"]],
    }
    if meta["number"] in HOUSE_RULES:
        data["options"] = dict(HOUSE_RULES[meta["number"]])
    return parse_game(data, path=f"mafiascum/{meta['number']}-d{outcome['day']}")


def audit_clean_day(meta: dict, outcome: dict, posts: list[Post]) -> RealDay:
    """One clean day: every moderator count inside it against votal's running count."""
    first, last = outcome["phase_start_post"], outcome["phase_end_post"]
    day_posts = [p for p in posts if first < p.number <= last]
    start = next(p.time for p in posts if p.number == first)
    assert start is not None  # the archive's posts all carry a time
    # The end post closes the day; a minute more keeps votes posted in its own minute inside
    # (the forum prints minutes) -- nothing after it is in the day's posts.
    last_time = next(p.time for p in posts if p.number == last)
    assert last_time is not None  # the archive's posts all carry a time
    end = last_time + timedelta(minutes=1)
    game = day_game(meta, outcome, start, end)
    gposts = GamePosts(tuple(day_posts), None)
    resolve = make_resolver({p.name: p.aliases for p in game.players})
    roster = game_roster(meta)
    # Counts anywhere in the day; announcements only in the post that ends it (earlier lines
    # about lynches are recaps of past days in player lists and flavour).
    mod = [ModCount(p, read_count_post(p.html, roster), 1, 1 if p.number == last else None)
           for p in day_posts if p.author in meta["moderators"]]
    mod = [m for m in mod if m.reading.votecount is not None
           or (m.announces and m.reading.announcements)]
    unread = sum(1 for m in mod if m.reading.votecount is not None and m.reading.votecount.unread)
    lynched = outcome["lynched_slots"]
    expected = outcome["outcome"] + (f" {lynched[0][0]}" if lynched else "")
    try:
        replay = Replay(game, gposts)
        result = replay.day(1).to_dict()
        audit = audit_day(game, gposts, 1, result, mod, resolve,
                          running=running_counts(replay, 1), thread=day_posts)
    except Exception as e:  # an engine failure is a finding to show, not a reason to stop
        return RealDay(meta["number"], outcome["day"], (), {}, expected, _posted(mod),
                       f"{type(e).__name__}: {e}")
    return RealDay(meta["number"], outcome["day"], audit.counts, result.get("outcome") or {},
                   expected, _posted(mod), eliminations=audit.eliminations, unread=unread,
                   review=audit.review)


def _posted(mod: list[ModCount]) -> int:
    return sum(1 for m in mod if m.reading.votecount is not None)


def game_roster(meta: dict) -> Roster:
    """Every slot of the game, living or not, by all its names (the current occupant first): a
    count may name a player who has left (a moderator's slip the comparison then shows)."""
    return Roster({slot["names"][0]: tuple(dict.fromkeys(slot["names"][1:]))
                   for slot in meta["slots"]})


def real_days(root: Path) -> Iterator[RealDay]:
    """Every clean day of every game under ``root`` (the shared real/mafiascum folder)."""
    games = {g["number"]: g for g in map(json.loads, (root / "games.jsonl").open(encoding="utf-8"))}
    outcomes = [json.loads(line) for line in (root / "day_outcomes.jsonl").open(encoding="utf-8")]
    cache: dict[str, list[Post]] = {}
    for o in outcomes:
        if not is_clean(o):
            continue
        meta = games[o["game_number"]]
        if o["thread"] not in cache:
            cache[o["thread"]] = thread_posts(root / "threads" / f"{o['thread']}.jsonl", o["thread"])
        yield audit_clean_day(meta, o, cache[o["thread"]])


def listed_counts(root: Path) -> Iterator[tuple[str, dict, ModPost]]:
    """Each post of ``mod_votecounts.jsonl`` (listed by the curators' filter, independently of
    votal) inside a clean day, read as the audit reads it: ``(game-day, row, reading)``."""
    outcomes = [json.loads(line) for line in (root / "day_outcomes.jsonl").open(encoding="utf-8")]
    clean = [o for o in outcomes if is_clean(o)]
    games = {g["number"]: g for g in map(json.loads, (root / "games.jsonl").open(encoding="utf-8"))}
    cache: dict[str, dict[int | None, Post]] = {}
    for row in map(json.loads, (root / "mod_votecounts.jsonl").open(encoding="utf-8")):
        day = next((o for o in clean if o["thread"] == row["thread"]
                    and o["phase_start_post"] < row["post_number"] <= o["phase_end_post"]), None)
        if day is None:
            continue
        if row["thread"] not in cache:
            path = root / "threads" / f"{row['thread']}.jsonl"
            cache[row["thread"]] = {p.number: p for p in thread_posts(path, row["thread"])}
        roster = game_roster(games[day["game_number"]])
        reading = read_count_post(cache[row["thread"]][row["post_number"]].html, roster)
        yield f"{day['game_number']}-d{day['day']}", row, reading
