"""The shared acceptance scenarios and the real Mafiascum days, through the library (no CLI)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from votal.app.load import load_game, load_posts
from votal.tally.engine import tally_day, tally_game

from ..conftest import shared_path


def compare(want: dict, got: dict) -> list[str]:
    """Only the fields present in expected.json, as /work/shared/tools/check-scenarios does."""
    errors = []
    if "tally" in want:
        have = {r["player"]: r["votes"] for r in got["tally"] if r["votes"]}
        if have != want["tally"]:
            errors.append(f"tally {have} != {want['tally']}")
    if "outcome" in want:
        w, g = want["outcome"], got["outcome"]
        if w["kind"] != g["kind"] or set(w.get("players", g["players"])) != set(g["players"]):
            errors.append(f"outcome {g} != {w}")
        errors += [f"outcome.{k} {g.get(k)} != {w[k]}" for k in ("reason", "next")
                   if k in w and w[k] != g.get(k)]
    if "absent" in want and set(want["absent"]) != set(got["absent"]):
        errors.append(f"absent {got['absent']} != {want['absent']}")
    if "removed" in want:
        have = {f"{r['player']}:{r['reason']}" for r in got["removed"]}
        if have != set(want["removed"]):
            errors.append(f"removed {have} != {want['removed']}")
    if "violations" in want:
        have = {f"{v['rule']}:{v['player']}" for v in got["violations"]}
        if have != set(want["violations"]):
            errors.append(f"violations {sorted(have)} != {sorted(want['violations'])}")
    return errors


def run_folder(folder: Path) -> tuple[int, list[str]]:
    passed, failures = 0, []
    for scenario in sorted(p.parent for p in folder.glob("*/expected.json")):
        game = load_game(scenario / "game.toml")
        posts = load_posts(game, offline=True)
        expected = json.loads((scenario / "expected.json").read_text(encoding="utf-8"))
        for day, want in expected.items():
            errors = compare(want, tally_day(game, posts, int(day)).to_dict())
            if errors:
                failures.append(f"{scenario.name} day {day}: {errors}")
            else:
                passed += 1
    return passed, failures


def test_every_acceptance_scenario_day_passes():
    passed, failures = run_folder(shared_path("scenarios"))
    assert failures == []
    assert passed >= 16


def test_real_mafiascum_days():
    passed, failures = run_folder(shared_path("real", "mafiascum", "days"))
    assert passed >= 16, failures


@pytest.mark.parametrize("name", ["px-window-mayor", "pc-classic"])
def test_tally_game_agrees_with_tally_day(name):
    folder = shared_path("scenarios", name)
    game = load_game(folder / "game.toml")
    posts = load_posts(game, offline=True)
    days = [r.to_dict() for r in tally_game(game, posts)]
    assert [d["day"] for d in days] == list(range(1, len(days) + 1))
    for d in days:
        assert d == tally_day(game, posts, d["day"]).to_dict()
