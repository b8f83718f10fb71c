"""Shared helpers of the report tests: the hand-made result dicts in data/."""

from __future__ import annotations

import copy
import json
from pathlib import Path

DATA = Path(__file__).parent / "data"
SAMPLES = sorted(p.stem for p in DATA.glob("*.json"))


def sample(name: str) -> dict:
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


def renamed(result: dict, names: dict[str, str]) -> dict:
    """The same result with players renamed everywhere a name appears."""
    r = copy.deepcopy(result)
    sub = lambda n: names.get(n, n)  # noqa: E731
    for row in r["tally"]:
        row["player"] = sub(row["player"])
        row["voters"] = [sub(v) for v in row["voters"]]
    r["outcome"]["players"] = [sub(p) for p in r["outcome"].get("players", [])]
    r["absent"] = [sub(p) for p in r["absent"]]
    for v in r["votes"]:
        v["voter"], v["target"] = sub(v["voter"]), sub(v["target"])
    for v in r["violations"]:
        v["player"] = sub(v["player"])
    for x in r["removed"]:
        x["player"] = sub(x["player"])
    return r
