"""The replay kept once per command (tally/replay.py, issue 22 and 23).

A running count starts from its day's start instead of replaying the days before it: these
tests hold it to the reference, a new replay from day 1 of the game as it stood at the instant
(:func:`replay_from_day_one`, what ``tally_day(..., until=...)`` did before), for drawn games of
every ruleset with events made late (of an earlier day, after the next day began; murders and
replacements announced later; rulings), at drawn cut points, many cuts on one replay in any order
(a count must leave nothing behind), and with the final days asked before, between and after.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tally.test_engine_properties import (
    HOST,
    OFFSETS,
    build_posts,
    deadline_of,
    games,
    post_specs,
    split,
)
from votal.errors import GameFileError
from votal.scraper.model import Post
from votal.tally.engine import tally_day
from votal.tally.game import Game
from votal.tally.presets import PRESETS
from votal.tally.replay import Replay, replay_from_day_one
from votal.tally.validate import parse_game

# -- drawn games with events made late ------------------------------------------------------------


@st.composite
def late_events(draw, data: dict) -> list[dict]:
    """Events entered with an ``at`` later than their day: what a running count before ``at``
    must not apply, on its own day or on the days before."""
    pick = st.sampled_from([p["name"] for p in data["players"]])
    day1 = data["schedule"]["day1"]
    out: list[dict] = []
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["murdered", "removed", "eliminated", "revived"]))
        day = draw(st.integers(1, 3))
        made = deadline_of(data["ruleset"], draw(st.integers(day, 4)), day1) + timedelta(
            minutes=draw(OFFSETS))
        event = {"type": kind, "player": draw(pick), "day": day, "at": made}
        out.append(event | ({"reason": "modkill"} if kind == "removed" else {}))
    return out


@st.composite
def late_games(draw) -> tuple[Game, list[Post]]:
    """``scenarios``' games (murders, cards, abilities, replacements with their times) with
    events made late added."""
    data = draw(games())
    plain = [dict(e) for e in data["events"]]
    data["events"] = [*plain, *draw(late_events(data))]
    names = [p["name"] for p in data["players"]]
    specs = draw(st.lists(post_specs(names, PRESETS[data["ruleset"]].syntax), min_size=8,
                          max_size=60))
    posts = build_posts(data["ruleset"], data["schedule"]["day1"], specs)
    try:
        return parse_game(data, path="property.toml"), posts
    except GameFileError:          # an event the ruleset refuses: the drawn game without them
        data["events"] = plain
        return parse_game(data, path="property.toml"), posts


@st.composite
def cuts(draw, game: Game, posts: list[Post]) -> list[tuple[int, tuple[datetime, int]]]:
    """(day, until) pairs: at posts (before and after them) and at any instant of days 1-4."""
    out = []
    for _ in range(draw(st.integers(1, 6))):
        day = draw(st.integers(1, 3))
        if posts and draw(st.booleans()):
            p = posts[draw(st.integers(0, len(posts) - 1))]
            assert p.time is not None
            until = (p.time, (p.number or 0) + draw(st.sampled_from([0, 1])))
        else:
            t = deadline_of(game.ruleset, draw(st.integers(1, 4)), game.schedule.day1)
            until = (t + timedelta(minutes=draw(OFFSETS)), 0)
        out.append((day, until))
    return out


def _same(a, b) -> None:
    assert a.to_dict() == b.to_dict()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_running_count_from_the_days_start_is_the_replay_from_day_one(data) -> None:
    """For drawn cut points, one replay's running count equals the old path's (a new replay from
    day 1 of ``as_of`` the instant), whatever was asked of the replay before."""
    game, posts = data.draw(late_games())
    gposts = split(game, posts)
    replay = Replay(game, gposts)
    if data.draw(st.booleans()):
        replay.days()                    # the final days first, or after (below)
    for day, until in data.draw(cuts(game, posts)):
        _same(replay.running(day, until), replay_from_day_one(game, gposts, day, until))
    for n in range(1, replay.last_day + 1):
        _same(replay.day(n), replay_from_day_one(game, gposts, n))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_audits_running_count_has_the_running_counts_votes(data) -> None:
    """``votes_only`` (the audit's running counts, issue 22): the steps after the count are left
    out, so only the violations they find (V-DEAD-POST, C-08) are missing; the votes, the tally,
    the review and everything else are the running count's."""
    game, posts = data.draw(late_games())
    replay = Replay(game, split(game, posts))
    for day, until in data.draw(cuts(game, posts)):
        full = replay.running(day, until).to_dict()
        lean = replay.running(day, until, votes_only=True).to_dict()
        rest = [v for v in full["violations"] if v not in lean["violations"]]
        assert {v["rule"] for v in rest} <= {"V-DEAD-POST"}
        assert lean["violations"] == [v for v in full["violations"] if v not in rest]
        assert {k: v for k, v in lean.items() if k != "violations"} == \
            {k: v for k, v in full.items() if k != "violations"}


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_running_counts_asked_ahead_are_the_running_counts(data) -> None:
    """``Replay(ahead=...)`` (the audit's counts, made with each day's final count, issue 22):
    the days' results and each count asked, ahead or not, are what a replay without gives."""
    game, posts = data.draw(late_games())
    gposts = split(game, posts)
    asked = data.draw(cuts(game, posts))
    plain, ahead = Replay(game, gposts), Replay(game, gposts, ahead=[u for _, u in asked])
    if data.draw(st.booleans()):
        for n in range(1, plain.last_day + 1):
            _same(plain.day(n), ahead.day(n))
    for day, until in asked:
        assert dict(ahead.running_json(day, until, votes_only=True)) == \
            plain.running(day, until, votes_only=True).to_dict()
    for n in range(1, plain.last_day + 1):
        _same(plain.day(n), ahead.day(n))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(late_games())
def test_the_replays_days_are_the_days_replayed_one_by_one(scenario) -> None:
    game, posts = scenario
    gposts = split(game, posts)
    days = Replay(game, gposts).days()
    assert [d.day for d in days] == list(range(1, len(days) + 1))
    for d in days:
        _same(d, replay_from_day_one(game, gposts, d.day))


# -- what the replay keeps ---------------------------------------------------------------------------


def _game(events: str = "") -> Game:
    import tomllib

    players = "".join(f'[[players]]\nname = "{n}"\n' for n in ("A", "B", "C", "D", "E"))
    text = (f'title = "t"\nruleset = "palermo-extreme"\ntimezone = "Europe/Athens"\n'
            f'moderators = ["{HOST}"]\n[source]\nposts = "p.jsonl"\n[schedule]\n'
            f'day1 = 2026-11-02\n{players}{events}')
    return parse_game(tomllib.loads(text), path="t.toml")


def _vote(n: int, author: str, target: str, t: datetime) -> Post:
    return Post(id=str(n), number=n, thread="t", url=f"u{n}", author=author, author_id=None,
                time=t, edited=None, html=f'<span style="color: red">{target}</span>')


VOTES = {1: ["AB", "CB", "DE", "ED", "BC"],        # B leaves by the vote
         2: ["AC", "CD", "DC", "EA"],              # then C
         3: ["AD", "DE", "ED", "EA"]}


def _three_days(game: Game) -> list[Post]:
    """Five players' votes on days 1-3, from 14:00 on, ten minutes apart."""
    posts = []
    for day, votes in VOTES.items():
        base = deadline_of(game.ruleset, day, game.schedule.day1) - timedelta(hours=6)
        for i, (a, b) in enumerate(votes):
            posts.append(_vote(len(posts) + 1, a, b, base + timedelta(minutes=10 * i)))
    return posts


def test_running_counts_of_a_day_never_count_the_days_before_again(monkeypatch) -> None:
    """Ten running counts of day 3 on one replay: days 1 and 2 are counted once, for all, and
    each post of day 3 is read once, by the day's stream (issue 22), not once per count."""
    from votal.tally.rules import reading

    game = _game()
    gposts = split(game, _three_days(game))
    counted: list[tuple[int, bool]] = []
    read: list[str] = []
    real, real_read = Replay._count, reading._read_posts

    def spy(self, n, until, *args, **kwargs):
        counted.append((n, until is None))
        return real(self, n, until, *args, **kwargs)

    def spy_read(day):
        if day.inputs.number == 3:
            read.extend(p.id for p in day.inputs.vote_posts)
        return real_read(day)

    monkeypatch.setattr(Replay, "_count", spy)
    monkeypatch.setattr(reading, "_read_posts", spy_read)
    replay = Replay(game, gposts)
    first = deadline_of(game.ruleset, 3, game.schedule.day1) - timedelta(hours=6, minutes=5)
    results = [replay.running(3, (first + timedelta(minutes=minutes), 0))
               for minutes in range(0, 100, 10)]
    assert counted == [(1, True), (2, True)]
    assert [len(r.votes) for r in results] == [0, 1, 2, 3, 4, 4, 4, 4, 4, 4]
    assert read == [v.post for v in results[-1].votes]      # each read once, in order
    replay.day(3)
    assert counted[-1] == (3, True) and len(counted) == 3


def test_an_event_of_an_earlier_day_made_late_is_not_applied_before_it_was_made() -> None:
    """A removal of day 1 entered on day 2 at 15:00 (its ``at``): a running count of day 2 at
    14:55 still counts A's vote, one at 16:00 does not (C-02); both as the reference gives them."""
    removed = ('[[events]]\ntype = "removed"\nplayer = "A"\nday = 1\nreason = "modkill"\n'
               'at = 2026-11-03T15:00:00+02:00\n')
    game = _game(removed)
    gposts = split(game, _three_days(game))
    replay = Replay(game, gposts)
    replay.days()
    before, after = ((datetime.fromisoformat(f"2026-11-03T{hm}:00+02:00"), 0)
                     for hm in ("14:55", "16:00"))
    early, late = replay.running(2, before), replay.running(2, after)
    _same(early, replay_from_day_one(game, gposts, 2, before))
    _same(late, replay_from_day_one(game, gposts, 2, after))
    voted = {v.voter: v.status.value for v in early.votes}
    assert voted["A"] == "counted"
    assert {v.voter: v.status.value for v in late.votes}["A"] != "counted"


def test_a_running_count_leaves_the_final_days_as_they_were() -> None:
    game = _game('[[events]]\ntype = "murdered"\nplayer = "C"\nday = 3\n'
                 'at = 2026-11-04T13:00:00+02:00\n')
    gposts = split(game, _three_days(game))
    replay = Replay(game, gposts)
    for day in (1, 2, 3):
        t = deadline_of(game.ruleset, day, game.schedule.day1) - timedelta(hours=3)
        replay.running(day, (t, 0))
    assert [d.to_dict() for d in replay.days()] == [
        tally_day(game, gposts, n).to_dict() for n in (1, 2, 3)]
