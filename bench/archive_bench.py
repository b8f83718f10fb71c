"""Archive throughput: a generated archive of 200 palermo-extreme games studied by `votal archive`.

Each game is the tally bench's generator (16 players, 10 days) with fewer posts, seeded per game,
written as a game folder (game.toml + posts.jsonl). The archive is studied into Parquet tables
with ``--jobs`` worker processes, twice: with half the games and with all of them, so that the peak
memory of the two runs shows whether memory grows with the archive (it must not: it is bounded by
the largest game). Prints games/s, posts/s and peak RSS of the parent and of the largest worker.
Usage: .venv/bin/python bench/archive_bench.py [--games 200] [--posts 500] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tally_bench import game_toml, generate  # noqa: E402  (the same generated games)

_RUN = """
import json, resource, sys, time
from pathlib import Path
from votal.report.tables import write_archive
t0 = time.perf_counter()
s = write_archive(Path(sys.argv[1]), Path(sys.argv[2]), fmt="parquet", jobs=int(sys.argv[3]))
wall = time.perf_counter() - t0
me = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(json.dumps({"games": s.games, "posts": s.posts, "failed": len(s.failed),
                  "wall": wall, "parent_mib": me, "worker_mib": kids}))
"""


def make_archive(root: Path, games: int, posts: int) -> None:
    for g in range(games):
        folder = root / f"game-{g:04d}"
        folder.mkdir(parents=True)
        (folder / "game.toml").write_text(game_toml('posts = "posts.jsonl"'), encoding="utf-8")
        with (folder / "posts.jsonl").open("w", encoding="utf-8") as fh:
            for p in generate(posts, seed=1000 + g):
                fh.write(json.dumps(p, ensure_ascii=False) + "\n")


def study(root: Path, out: Path, jobs: int) -> dict:
    res = subprocess.run([sys.executable, "-c", _RUN, str(root), str(out), str(jobs)],
                         capture_output=True, text=True)
    if res.returncode:
        raise SystemExit(f"archive run failed: {res.stderr.strip()[-2000:]}")
    return json.loads(res.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--posts", type=int, default=500, help="posts per game")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        half, full = Path(tmp) / "half", Path(tmp) / "full"
        make_archive(full, args.games, args.posts)
        half.mkdir()
        for g in sorted(full.iterdir())[: args.games // 2]:
            (half / g.name).symlink_to(g, target_is_directory=True)
        figures = {}
        for label, root in (("half", half), ("full", full)):
            t0 = time.perf_counter()
            figures[label] = study(root, Path(tmp) / f"out-{label}", args.jobs)
            figures[label]["process"] = time.perf_counter() - t0
    for label, f in figures.items():
        print(f"{label}: {f['games']} games, {f['posts']} posts in {f['wall']:.1f} s "
              f"({f['games'] / f['wall']:.1f} games/s, {f['posts'] / f['wall']:.0f} posts/s, "
              f"jobs {args.jobs}); peak RSS parent {f['parent_mib']:.0f} MiB, "
              f"largest worker {f['worker_mib']:.0f} MiB")
    full_f, half_f = figures["full"], figures["half"]
    per_post = full_f["wall"] / full_f["posts"]
    print(f"extrapolated: 1,000 games / 5,000,000 posts ≈ {5_000_000 * per_post / 3600:.1f} h "
          f"with {args.jobs} jobs at the same rate")
    grew = full_f["parent_mib"] - half_f["parent_mib"]
    if full_f["failed"] or grew > 0.25 * half_f["parent_mib"]:
        print(f"missed: failed games {full_f['failed']}, parent memory grew {grew:.0f} MiB "
              "from half to the whole archive")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
