"""Tally and audit of one game at archive scale: 1k, 10k and 100k posts (issue 22).

Each size is a game of bench/gen.py (distinct bodies, quotes, edits, murders, three moderator
counts a day; 1k posts over 3 days, 10k over 10, 100k over 30), written as a game folder
(game.toml + posts.jsonl) and measured in its own process, from cold caches: the load (the
game file and the JSONL), the tally of every day (``Replay(game, posts).days()``, what `votal
report` and `history` count) and the audit (``audit_game``: the tally, every moderator count
compared with the running count at its post, edits, announcements). CPU time of the process
(``time.process_time``, best of ``--repeat``, the tally's and the audit's runs alternating), so
that a loaded machine disturbs it less than the wall clock; peak RSS of the process. The collector is set as the console script sets it
(``votal.app.process.tune_gc``, called by ``cli.entry``): the bench measures what the command does.

Targets (exit 1 when missed): the tally of the 100k-post game in at most 2 s; its audit at most
1.5× its tally (the audit/tally ratio of the largest size measured).
Usage: .venv/bin/python bench/game_bench.py [--sizes 1000,10000,100000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gen import generate  # noqa: E402

TALLY_TARGET = 2.0      # seconds, the 100k-post game
RATIO_TARGET = 1.5      # audit / tally of the same game
DAYS = {1000: 3, 10_000: 10, 100_000: 30}


def _best(fns, repeat: int):
    """The least CPU time of ``repeat`` cold runs of each of ``fns``, their runs alternating
    (tally, audit, tally, audit, …: a ratio of two sides measured under the same conditions,
    the machine's speed drifting by as much as a third from one minute to the next), and what
    each side's last run gave."""
    from votal.tally.rules.reading import clear_cache

    best, out = [float("inf")] * len(fns), [None] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            clear_cache()        # every run is cold: no post body read before
            t0 = time.process_time()
            out[i] = fn()
            best[i] = min(best[i], time.process_time() - t0)
    return best, out


def measure(posts: int, repeat: int) -> dict:
    """One size, in this process."""
    from votal.app.load import load_game, load_posts
    from votal.app.process import tune_gc
    from votal.audit import audit_game
    from votal.tally.engine import tally_game

    tune_gc()            # as the console script does (cli.entry)
    days = DAYS.get(posts, max(1, posts // 3333))
    g = generate(posts=posts, days=days, seed=43)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "game.toml").write_text(g.game_toml('posts = "posts.jsonl"'), encoding="utf-8")
        with (folder / "posts.jsonl").open("w", encoding="utf-8") as fh:
            for row in g.rows:
                fh.write(json.dumps(row, ensure_ascii=False) + "\n")
        t0 = time.process_time()
        game = load_game(folder / "game.toml")
        loaded = load_posts(game, offline=True, db=None)
        load = time.process_time() - t0
    (tally, audit), (_, report) = _best((lambda: tally_game(game, loaded),
                                         lambda: audit_game(game, loaded)), repeat)
    checked = sum(len(d.counts) for d in report.days)
    return {"posts": posts, "days": days, "players": len(g.players), "counts": g.counts,
            "checked": checked, "distinct": len({r["html"] for r in g.rows}), "load": load,
            "tally": tally, "audit": audit,
            "rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--one", type=int, help=argparse.SUPPRESS)   # the child: one size
    args = ap.parse_args(argv)
    if args.one:
        print(json.dumps(measure(args.one, args.repeat)))
        return 0
    load = os.getloadavg()[0]
    print(f"machine: {os.cpu_count()} cores, load average {load:.1f} at the start; "
          f"CPU seconds, best of {args.repeat}")
    print("posts    days players counts checked distinct   load s  tally s  µs/post  audit s  "
          "audit/tally  peak RSS")
    figures = []
    for size in (int(s) for s in args.sizes.split(",")):
        t0 = time.perf_counter()
        res = subprocess.run([sys.executable, __file__, "--one", str(size),
                              "--repeat", str(args.repeat)], capture_output=True, text=True)
        if res.returncode:
            print(f"size {size} failed: {res.stderr.strip()[-2000:]}")
            return 1
        f = json.loads(res.stdout.strip().splitlines()[-1])
        f["wall"] = time.perf_counter() - t0
        figures.append(f)
        print(f"{f['posts']:<8} {f['days']:>4} {f['players']:>7} {f['counts']:>6} "
              f"{f['checked']:>7} {f['distinct']:>8} {f['load']:>8.2f} {f['tally']:>8.2f} "
              f"{f['tally'] / f['posts'] * 1e6:>8.1f} {f['audit']:>8.2f} "
              f"{f['audit'] / f['tally']:>11.2f}x {f['rss_mib']:>6.0f} MiB", flush=True)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    missed = []
    big = max(figures, key=lambda f: f["posts"])
    if big["posts"] >= 100_000 and big["tally"] > TALLY_TARGET:
        missed.append(f"tally of {big['posts']} posts {big['tally']:.2f} s > {TALLY_TARGET} s")
    if big["audit"] > RATIO_TARGET * big["tally"]:
        missed.append(f"audit/tally {big['audit'] / big['tally']:.2f}x > {RATIO_TARGET}x "
                      f"at {big['posts']} posts")
    for m in missed:
        print(f"missed: {m}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
