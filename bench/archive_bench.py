"""Archive throughput: a generated archive of 200 palermo-extreme games studied by `votal archive`.

Each game is bench/gen.py's (16 players, 10 days, 500 posts: distinct bodies, quotes, edits,
murders, three moderator counts a day, which the audit of each game compares with its running
counts), seeded per game, written as a game folder (game.toml + posts.jsonl). The archive is
studied into Parquet tables with 1, 2 and N (the CPU count, when more) ``--jobs`` worker processes;
at the largest, also with half the games, so that the peak memory of the two runs shows whether
memory grows with the archive (it must not: it is bounded by the largest game). Prints games/s and
posts/s (wall clock), the CPU seconds per game of the parent and workers together, peak RSS of the
parent and of the largest worker, and the machine's load average.

Target (exit 1 when missed): at least 20 games/s with 2 jobs; no failed game; the parent's
memory not growing with the archive.
Usage: .venv/bin/python bench/archive_bench.py [--games 200] [--posts 500] [--jobs 1,2,N]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gen import generate  # noqa: E402

TARGET = 20.0     # games/s with 2 jobs
_RUN = """
import json, resource, sys, time
from pathlib import Path
from votal.app.archive import write_archive
t0 = time.perf_counter()
s = write_archive(Path(sys.argv[1]), Path(sys.argv[2]), fmt="parquet", jobs=int(sys.argv[3]))
wall = time.perf_counter() - t0
me, kids = (resource.getrusage(w) for w in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
print(json.dumps({"games": s.games, "posts": s.posts, "failed": len(s.failed), "wall": wall,
                  "cpu": me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime,
                  "parent_mib": me.ru_maxrss / 1024, "worker_mib": kids.ru_maxrss / 1024}))
"""


def make_archive(root: Path, games: int, posts: int) -> None:
    for g in range(games):
        folder = root / f"game-{g:04d}"
        folder.mkdir(parents=True)
        made = generate(posts=posts, days=10, players=16, seed=1000 + g)
        (folder / "game.toml").write_text(made.game_toml('posts = "posts.jsonl"'), encoding="utf-8")
        with (folder / "posts.jsonl").open("w", encoding="utf-8") as fh:
            for p in made.rows:
                fh.write(json.dumps(p, ensure_ascii=False) + "\n")


def study(root: Path, out: Path, jobs: int) -> dict:
    res = subprocess.run([sys.executable, "-c", _RUN, str(root), str(out), str(jobs)],
                         capture_output=True, text=True)
    if res.returncode:
        raise SystemExit(f"archive run failed: {res.stderr.strip()[-2000:]}")
    return json.loads(res.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    cores = os.cpu_count() or 1
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--posts", type=int, default=500, help="posts per game")
    ap.add_argument("--jobs", default=",".join(str(j) for j in sorted({1, 2, cores})))
    args = ap.parse_args(argv)
    jobs = [int(j) for j in args.jobs.split(",")]
    print(f"machine: {cores} cores, load average {os.getloadavg()[0]:.1f} at the start")
    figures: dict[str, dict] = {}
    with tempfile.TemporaryDirectory() as tmp:
        half, full = Path(tmp) / "half", Path(tmp) / "full"
        make_archive(full, args.games, args.posts)
        half.mkdir()
        for g in sorted(full.iterdir())[: args.games // 2]:
            (half / g.name).symlink_to(g, target_is_directory=True)
        runs = [(f"jobs {j}", full, j) for j in jobs] + [(f"half, jobs {max(jobs)}", half, max(jobs))]
        for label, root, j in runs:
            figures[label] = study(root, Path(tmp) / f"out-{len(figures)}", j) | {"jobs": j}
            f = figures[label]
            print(f"{label}: {f['games']} games, {f['posts']} posts in {f['wall']:.1f} s "
                  f"({f['games'] / f['wall']:.1f} games/s, {f['posts'] / f['wall']:.0f} posts/s); "
                  f"CPU {f['cpu'] / f['games'] * 1000:.0f} ms per game; peak RSS parent "
                  f"{f['parent_mib']:.0f} MiB, largest worker {f['worker_mib']:.0f} MiB; "
                  f"load average {os.getloadavg()[0]:.1f}", flush=True)
    one = figures.get("jobs 1")
    for j in jobs[1:]:
        if one:
            f = figures[f"jobs {j}"]
            print(f"jobs {j}: {one['wall'] / f['wall']:.2f}x the speed of 1 job")
    big = figures[f"jobs {max(jobs)}"]
    per_post = big["wall"] / big["posts"]
    print(f"extrapolated: 1,000 games / 5,000,000 posts ≈ {5_000_000 * per_post / 3600:.1f} h "
          f"with {max(jobs)} jobs at the same rate")
    missed = []
    two = figures.get("jobs 2")
    if two and two["games"] / two["wall"] < TARGET:
        missed.append(f"{two['games'] / two['wall']:.1f} games/s with 2 jobs, target {TARGET}")
    half_f = figures[f"half, jobs {max(jobs)}"]
    grew = big["parent_mib"] - half_f["parent_mib"]
    if any(f["failed"] for f in figures.values()) or grew > 0.25 * half_f["parent_mib"]:
        missed.append(f"failed games {big['failed']}, parent memory grew {grew:.0f} MiB from half "
                      "to the whole archive")
    for m in missed:
        print(f"missed: {m}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
