"""Tally speed: a generated 5,000-post, 16-player, 10-day palermo-extreme game, loaded and tallied.

The game is bench/gen.py's (distinct bodies, quotes, edits, moderator counts, murders);
deterministic (seeded). The posts are stored in a SQLite store (250 pages of 20, as a scrape leaves
them) and the game's source is the thread URL, read offline from that store; the same posts as a
JSONL file are measured beside it. Prints CPU seconds (``time.process_time``: a loaded machine
disturbs it less than the wall clock) and peak memory (tracemalloc) for load + tally
of every day.
Usage: .venv/bin/python bench/tally_bench.py [--posts 5000] [--seed 43]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
import tracemalloc
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gen import THREAD, TZ, generate  # noqa: E402

from votal.app.load import load_game, load_posts
from votal.scraper.model import post_from_dict
from votal.scraper.store import PageRecord, Store, body_hash
from votal.tally.engine import tally_game
from votal.tally.rules.reading import clear_cache

DAYS, PLAYERS = 10, 16


def fill_store(db: Path, rows: list[dict], per_page: int = 20) -> None:
    """The posts as a scrape of a phpBB thread leaves them: one transaction per page, and each
    later version of an edited post as a re-read of its page once it was seen."""
    now = datetime.now(TZ)
    with Store(db) as store:
        store.ensure_thread(THREAD, "phpbb", THREAD, now)
        for i in range(0, len(rows), per_page):
            page = i // per_page + 1
            posts = [post_from_dict(r) for r in rows[i:i + per_page]]
            store.save_page(THREAD, PageRecord(page, f"{THREAD}&start={i}", now, None, None,
                                               body_hash(str(page)), None), posts)
        # C-07: an edited post is seen again, its later version stored when it was seen
        for i, r in enumerate(rows):
            for v in r.get("versions") or ():
                seen = datetime.fromisoformat(v["seen"])
                later = post_from_dict({**r, "html": v["html"], "versions": []})
                store.save_page(THREAD, PageRecord(i // per_page + 1, f"{THREAD}&start={i}",
                                                   seen, None, None, body_hash(v["html"]), None),
                                [later])
        store.mark_scraped(THREAD, now)


def _load_and_tally(folder: Path, name: str, db: Path | None = None):
    clear_cache()  # every run is cold: no post body parsed before
    t0 = time.process_time()
    game = load_game(folder / name)
    posts = load_posts(game, offline=True, db=db)
    t1 = time.process_time()
    days = tally_game(game, posts)
    t2 = time.process_time()
    return t1 - t0, t2 - t1, game, posts, days


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--posts", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=43)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        generated = generate(posts=args.posts, days=DAYS, players=PLAYERS, seed=args.seed)
        rows = generated.rows
        (folder / "store.toml").write_text(generated.game_toml(f'thread = "{THREAD}"'),
                                           encoding="utf-8")
        (folder / "jsonl.toml").write_text(generated.game_toml('posts = "posts.jsonl"'),
                                           encoding="utf-8")
        with (folder / "posts.jsonl").open("w", encoding="utf-8") as fh:
            for p in rows:
                fh.write(json.dumps(p, ensure_ascii=False) + "\n")
        db = folder / "votal.sqlite"
        fill_store(db, rows)
        figures = {}
        for label, name, store_db in (("store", "store.toml", db), ("jsonl", "jsonl.toml", None)):
            timings = [_load_and_tally(folder, name, store_db) for _ in range(args.repeat)]
            best = min(timings, key=lambda t: t[0] + t[1])
            tracemalloc.start()  # a separate run: tracing slows Python down several times
            game, posts, days = _load_and_tally(folder, name, store_db)[2:]
            _, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            figures[label] = (best, peak, days)
    days = figures["store"][2]
    def same(d):  # the two sources must give the same results (bar the thread link)
        return {k: v for k, v in d.to_dict().items() if k != "thread"}
    assert [same(d) for d in days] == [same(d) for d in figures["jsonl"][2]]
    votes = sum(len(d.votes) for d in days)
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; CPU seconds")
    print(f"posts {len(posts.main)}, players {len(game.players)}, days {len(days)}, "
          f"vote posts {votes}, violations {sum(len(d.violations) for d in days)}")
    for label, (best, peak, _) in figures.items():
        print(f"from {label:5}: load {best[0]:.3f} s, tally {best[1]:.3f} s, "
              f"total {best[0] + best[1]:.3f} s (best of {args.repeat}), "
              f"peak memory {peak / 2**20:.1f} MiB (tracemalloc)")
    for d in days:
        print(f"  day {d.day}: {d.outcome.kind.value} {', '.join(d.outcome.players)}"
              f" ({d.outcome.reason.value if d.outcome.reason else '-'})")
    total = sum(figures["store"][0][:2])
    if total >= 1.0:
        print(f"missed: {total:.2f} s from the store, target well under 1 s")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
