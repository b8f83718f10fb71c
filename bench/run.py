"""Run every benchmark of the repository and print their figures (`make bench`).

Speed and memory targets are checked here, never by timed tests. Each bench script is a plain
program that prints its own table and exits non-zero when it misses its target.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    failed = []
    for script in sorted(HERE.glob("*_bench.py")):
        print(f"== {script.name}", flush=True)
        rc = subprocess.call([sys.executable, str(script)])
        if rc:
            failed.append(script.name)
    if failed:
        print("missed targets: " + ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
