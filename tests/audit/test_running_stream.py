"""The running counts of a day in one pass (tally/replay.py ``_DayStream``, issue 22).

The audit asks a running count at every moderator count; one replay counts them in one pass over
the day (the steps that read the posts a batch at a time run once, up to each count in turn).
These tests hold every such count to the old path, the day counted from its kept start up to the
count (``Replay._from_start``, what ``Replay.running`` did before), on the bench generator's
games (bench/gen.py: edits, quotes, murders made during the day, three counts a day) and on the
real Mafiascum days (skipped when ../shared is absent): byte for byte, as JSON.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from tests.conftest import shared_path
from votal.app.load import load_game, load_posts
from votal.audit.real_games import day_game, is_clean, thread_posts
from votal.scraper.model import Post
from votal.tally.replay import GamePosts, Replay, Until, as_of

BENCH = Path(__file__).resolve().parents[2] / "bench" / "gen.py"


def _reference(replay: Replay, n: int, until: Until, *, withhold: bool = False,
               votes_only: bool = False) -> dict:
    """The running count as it was counted before the stream: from the day's kept start, on
    copies, every post of the day up to ``until`` read again."""
    t = until[0]
    game = as_of(replay.game, t)
    day = Replay._from_start(replay._base(n, game, t), n, until, game, withhold=withhold,
                             votes_only=votes_only)
    return replace(day, as_of=t).to_dict()


def _generated(tmp_path: Path, posts: int, days: int, seed: int):
    spec = importlib.util.spec_from_file_location("bench_gen", BENCH)
    assert spec is not None and spec.loader is not None
    gen = sys.modules.setdefault("bench_gen", importlib.util.module_from_spec(spec))
    spec.loader.exec_module(gen)
    g = gen.generate(posts=posts, days=days, seed=seed)
    (tmp_path / "game.toml").write_text(g.game_toml('posts = "posts.jsonl"'), encoding="utf-8")
    (tmp_path / "posts.jsonl").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in g.rows), encoding="utf-8")
    game = load_game(tmp_path / "game.toml")
    return game, load_posts(game, offline=True, db=None)


def _cuts(posts: list[Post], moderators: set[str]) -> list[Until]:
    """Just before each moderator post, and just after it (the count's own post counted)."""
    out: list[Until] = []
    for p in posts:
        if p.author in moderators and p.time is not None:
            out += [(p.time, p.number or 0), (p.time, (p.number or 0) + 1)]
    return out


@pytest.mark.parametrize("posts,days,seed", [(3000, 6, 43), (2000, 4, 7)])
def test_the_streams_counts_are_the_counts_from_the_days_start(tmp_path, posts, days, seed):
    """On the bench's games, every count the audit asks (before each moderator post), in order on
    one replay, equals the old path's (``running_json``, the audit's: its tally made alone, then
    the whole), also when asked ahead (``Replay(ahead=...)``: made with the day's final count,
    which is the same); a count asked out of order (an earlier cut after a later
    one), a public one (``withhold``) and a full one (the steps after) too."""
    game, loaded = _generated(tmp_path, posts, days, seed)
    every = sorted((p for p in loaded.main if p.time is not None), key=Post.sort_key)
    replay = Replay(game, loaded)
    # the audit's: the counts at the moderator posts asked ahead, made with each day's final
    ahead = Replay(game, loaded, ahead=_cuts(every, set(game.moderators)))
    for n in range(1, replay.last_day + 1):
        assert replay.day(n).to_dict() == ahead.day(n).to_dict()
    made = len(ahead._counted)
    assert made > len(_cuts(every, set(game.moderators))) // 2   # most, not all: events made late
    schedule = replay.schedule
    asked = 0
    for n in range(1, replay.last_day + 1):
        start, end = schedule.start(n), schedule.end(n)
        cuts = _cuts([p for p in every if start <= p.time < end], set(game.moderators))  # type: ignore[operator]
        for until in cuts:
            reference = _reference(replay, n, until, votes_only=True)
            for view in (replay.running_json(n, until, votes_only=True),   # the day's stream
                         ahead.running_json(n, until, votes_only=True)):   # made ahead
                assert view["tally"] == reference["tally"]               # made alone, first
                assert dict(view) == reference
                assert list(view) == list(reference) and view["tally"] == reference["tally"]
            asked += 1
        for until in cuts[:2]:    # back to the day's first counts: out of order
            assert replay.running(n, until, votes_only=True).to_dict() == \
                _reference(replay, n, until, votes_only=True)
        for until in cuts[::3]:
            assert replay.running(n, until, withhold=True).to_dict() == \
                _reference(replay, n, until, withhold=True)
            assert replay.running(n, until).to_dict() == _reference(replay, n, until)
    assert asked >= 2 * 3 * days - 6     # the generator's three counts a day
    assert not ahead._counted            # each count made ahead was asked, and let go


def test_the_real_mafiascum_days_counts_are_the_counts_from_the_days_start():
    """Every clean day of the ten real Mafiascum games: the count before each moderator post, on
    one replay of the day, equals the old path's; so does each one asked ahead."""
    root = shared_path("real", "mafiascum")
    games = {g["number"]: g for g in map(json.loads, (root / "games.jsonl").open(encoding="utf-8"))}
    threads: dict[str, list[Post]] = {}
    asked = 0
    for line in (root / "day_outcomes.jsonl").open(encoding="utf-8"):
        o = json.loads(line)
        if not is_clean(o):
            continue
        meta = games[o["game_number"]]
        if o["thread"] not in threads:
            threads[o["thread"]] = thread_posts(root / "threads" / f"{o['thread']}.jsonl",
                                                o["thread"])
        posts = threads[o["thread"]]
        first, last = o["phase_start_post"], o["phase_end_post"]
        day_posts = [p for p in posts if first < p.number <= last]
        start = next(p.time for p in posts if p.number == first)
        end = next(p.time for p in posts if p.number == last)
        assert start is not None and end is not None
        game = day_game(meta, o, start, end + timedelta(minutes=1))
        gposts = GamePosts(tuple(day_posts), None)
        cuts = _cuts(day_posts, set(meta["moderators"]))
        replay, ahead = Replay(game, gposts), Replay(game, gposts, ahead=cuts)
        assert replay.day(1).to_dict() == ahead.day(1).to_dict()
        for until in cuts:
            reference = _reference(replay, 1, until, votes_only=True)
            where = (o["game_number"], o["day"], until)
            assert replay.running(1, until, votes_only=True).to_dict() == reference, where
            assert dict(ahead.running_json(1, until, votes_only=True)) == reference, where
            asked += 1
    assert asked > 300
