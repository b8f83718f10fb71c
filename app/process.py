"""The process a command runs in: its garbage collector (issue 22).

A tally builds hundreds of thousands of objects that live until the command ends (the posts, their
readings, the ballots) and no reference cycle worth collecting: with CPython's default threshold
(700 allocations) the collector runs thousands of times for nothing, and each full pass walks
every object made since start-up. :func:`tune_gc` freezes what the imports made (never scanned
again) and lets the youngest generation grow to 100,000 objects before a pass: the tally of the
100k-post bench game (bench/game_bench.py) takes about a tenth less CPU. Called by the console
script (``cli.entry``), where the process is votal's, not by ``cli.main``, which tests and other
programs call inside their own process; bench/game_bench.py calls it as the command does.
"""

from __future__ import annotations

import gc

YOUNG = 100_000   # allocations before a pass of the youngest generation (CPython's default: 700)


def tune_gc() -> None:
    gc.freeze()
    gc.set_threshold(YOUNG, *gc.get_threshold()[1:])
