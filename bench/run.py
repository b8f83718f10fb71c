"""Run every benchmark of the repository and print their figures (`make bench`).

Speed and memory targets are checked here, never by timed tests. Each bench script is a plain
program that prints its own table and exits non-zero when it misses its target.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    failed = []
    print(f"machine: {os.cpu_count()} cores, load average "
          f"{', '.join(f'{x:.1f}' for x in os.getloadavg())} (1, 5, 15 min)", flush=True)
    for script in sorted(HERE.glob("*_bench.py")):
        print(f"== {script.name}", flush=True)
        t0 = time.perf_counter()
        rc = subprocess.call([sys.executable, str(script)])
        print(f"== {script.name}: {'missed its target' if rc else 'ok'} "
              f"({time.perf_counter() - t0:.0f} s)", flush=True)
        if rc:
            failed.append(script.name)
    if failed:
        print("missed targets: " + ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
