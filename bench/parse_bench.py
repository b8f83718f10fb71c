"""Parses of post bodies per post: a tally and an audit parse each body at most once (issue 12).

Every lxml parse (``lxml.etree.fromstring``, which lxml.html's parsers call too) is counted by
its input while our own games, the shared scenarios and the real Mafiascum days (when
``../shared`` is there) are tallied and audited from cold caches. Prints posts, parses and
distinct bodies; exits non-zero when one body was parsed twice.
Usage: .venv/bin/python bench/parse_bench.py [-v]
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from lxml import etree

from votal.app.load import load_game, load_posts
from votal.audit import audit_game
from votal.tally.engine import tally_game
from votal.tally.rules.reading import clear_cache

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
_parsed: Counter = Counter()
_fromstring = etree.fromstring


def _counting(text, *args, **kw):
    _parsed[text] += 1
    return _fromstring(text, *args, **kw)


def main() -> int:
    etree.fromstring = _counting   # lxml.html's parsers look it up on the module too
    games = sorted((ROOT / "fixtures" / "games").glob("*/game.toml"))
    if SHARED.is_dir():
        games += sorted((SHARED / "scenarios").glob("*/game.toml"))
        games += sorted((SHARED / "real" / "mafiascum" / "days").glob("*/game.toml"))
    totals: Counter = Counter()
    for path in games:
        game = load_game(path)
        posts = load_posts(game, offline=True, db=None)
        n = len(posts.main) + len(posts.votes or ())
        for what, run in (("tally", tally_game), ("audit", audit_game)):
            clear_cache()
            _parsed.clear()
            run(game, posts)
            twice = sum(1 for c in _parsed.values() if c > 1)
            totals.update({(what, "posts"): n, (what, "parses"): sum(_parsed.values()),
                           (what, "bodies"): len(_parsed), (what, "twice"): twice})
            if "-v" in sys.argv or twice:
                print(f"{what} {path.parent.name}: {n} posts, {sum(_parsed.values())} parses, "
                      f"{twice} bodies parsed more than once")
    for what in ("tally", "audit"):
        posts, parses = totals[what, "posts"], totals[what, "parses"]
        print(f"{what}: {len(games)} games, {posts} posts, {parses} parses of "
              f"{totals[what, 'bodies']} distinct bodies ({parses / max(posts, 1):.3f} per post; "
              f"bodies without a vote word or colour are never parsed), "
              f"parsed more than once: {totals[what, 'twice']}")
    return 1 if totals["tally", "twice"] or totals["audit", "twice"] else 0


if __name__ == "__main__":
    sys.exit(main())
