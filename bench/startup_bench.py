"""Start-up: `votal --help` and `votal tally --help` against `python -c pass` and `import typer`.

Each command line is run ``RUNS`` times as a fresh process (the console script beside this Python,
as a user runs it); the best wall time and the best CPU time (user + system, of the child) are
kept, the least disturbed by a loaded machine. ``votal --help`` and ``votal COMMAND --help`` print
help pre-rendered from the command line (launch.py, votal/helptext.py) without loading typer;
``VOTAL_TYPER_HELP=1`` rows show what typer itself costs for the same text.
Target: each help at most ``TARGET`` seconds (exit 1 if not), checked on CPU time: on the shared
2-core machine a loaded moment stretches wall time two or three times (``python -c pass`` 0.11 s
wall for 0.04 s of CPU), unloaded the two are within a few milliseconds (no I/O: the files are
cached after the first run).
Usage: ``bench/startup_bench.py [--runs N]``.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

RUNS = 15
TARGET = 0.1
PY = sys.executable
VOTAL = str(Path(PY).with_name("votal"))


def measure(argv: list[str], env: dict[str, str] | None = None, runs: int = RUNS
            ) -> tuple[float, float]:
    """Best wall seconds and best child CPU seconds of ``runs`` runs of ``argv``."""
    wall = cpu = float("inf")
    full = {**os.environ, **(env or {})}
    full.pop("COLUMNS", None)
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=full,
                       check=True)
        wall = min(wall, time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = min(cpu, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return wall, cpu


def main(argv: list[str]) -> int:
    runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else RUNS
    if not Path(VOTAL).exists():
        print(f"no votal console script at {VOTAL}: install the package first (make install)")
        return 1
    rows = [("python -c pass", [PY, "-c", "pass"], None),
            ("python -c 'import typer'", [PY, "-c", "import typer"], None),
            ("votal --help", [VOTAL, "--help"], None),
            ("votal tally --help", [VOTAL, "tally", "--help"], None),
            ("votal --help (typer)", [VOTAL, "--help"], {"VOTAL_TYPER_HELP": "1"}),
            ("votal tally --help (typer)", [VOTAL, "tally", "--help"],
             {"VOTAL_TYPER_HELP": "1"})]
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{os.cpu_count()} cores, load average {load} (1, 5, 15 min) at the start; best of "
          f"{runs} runs")
    print(f"{'command':<28} {'wall s':>7} {'cpu s':>7} {'cpu / python':>12}")
    failures, base = [], None
    for label, cmd, env in rows:
        wall, cpu = measure(cmd, env, runs)
        base = base or cpu
        print(f"{label:<28} {wall:>7.3f} {cpu:>7.3f} {cpu / base:>11.1f}x")
        if label in ("votal --help", "votal tally --help") and cpu > TARGET:
            failures.append(f"{label} took {cpu:.3f} s of CPU (target <= {TARGET} s)")
    if failures:
        print("\nmissed: " + "; ".join(failures))
        return 1
    print(f"\nboth helps within {TARGET} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
