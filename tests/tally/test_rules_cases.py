"""Rule cases as data (sqlfluff-style): one folder per rule situation under fixtures/rules/, and
realistic multi-day games under fixtures/games/. Every expected value was computed by hand from
rules.md, never from the engine's output.

A case folder holds `game.toml`, `posts.jsonl` (and `vote-posts.jsonl` for a vote thread),
`README.md`, and either `expected.json` ({day: fields}) or `expected_error.txt` (substrings, one a
line, that the game-file error must contain). Fields of expected.json compare like
../shared/tools/check-scenarios:
  tally      {player: effective votes}, players with 0 left out
  outcome    kind, players (as a set), reason and next when given
  absent     set of players
  removed    set of "player:reason"
  violations set of "RULE:player"
and a few extensions:
  deadline         ISO instant, compared as an instant
  votes            list of partial vote rows; each must match one row of the day's `votes` (a list
                   value means "one of")
  violation_posts  set of "RULE:player:post"
  review           set of "RULE:text" (the items left for a human: V-UNKNOWN-TARGET, ...)
  notes_contain    substrings that must each appear in one of the day's notes (a ruling cited)
  revealed         set of player names (PC-06), or of "player:role" (the role as announced)
  notes            list of texts, each found in one of the day's notes (MB-09, MB-02)
  end              dict, compared key by key against the result's `end` (PX-21, PC-07, LM-08, MR-08);
                   null: the game is not over (no `end`, or an empty one)
  curse            {"among": [...]}: an LM-06 effect in private.effects targets one of them
  _needs           {"field", "reason"}: the day needs a field the engine may not expose yet; the
                   case is xfail(strict=True, raises=NotExposed) -- every other field is still a
                   real assertion, and once the field appears and matches, the strict xfail fails
                   to say the marker must go.
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, SHARED

RULES_DIR = FIXTURES / "rules"
GAMES_DIR = FIXTURES / "games"
# Name cases (rules.md vocabulary, "Nickname matching"; README "Names") have no rule id of their
# own: their folders are `names--<slug>`.
NAMES = "names"
RULE_ID = re.compile(r"^\|\s*((?:C|PX|PC|MB|LM|MR|MS)-\d\d)\s*\|")

# Kept in step with spec/rules.md; the spec table is preferred when ../shared is present.
KNOWN_RULE_IDS = (
    [f"C-{i:02d}" for i in range(1, 14)] + [f"PX-{i:02d}" for i in range(1, 25)]
    + [f"PC-{i:02d}" for i in range(1, 8)] + [f"MB-{i:02d}" for i in range(1, 11)]
    + [f"LM-{i:02d}" for i in range(1, 9)] + [f"MR-{i:02d}" for i in range(1, 11)]
    + [f"MS-{i:02d}" for i in range(1, 10)])


class NotExposed(Exception):
    """The engine's result does not carry a field this case needs (see `_needs`)."""


# --------------------------------------------------------------------------- running the engine

def _run_day(folder: Path, day: int) -> dict:
    from votal.app.load import load_game, load_posts
    from votal.tally.engine import tally_day

    game = load_game(folder / "game.toml")
    posts = load_posts(game, offline=True)
    return tally_day(game, posts, day).to_dict()


def _load_error(folder: Path) -> str:
    """The message of the VotalError raised while loading (or tallying) a refused game file."""
    from votal.app.load import load_game, load_posts
    from votal.errors import VotalError
    from votal.tally.engine import tally_day

    try:
        game = load_game(folder / "game.toml")
        tally_day(game, load_posts(game, offline=True), 1)
    except VotalError as exc:
        return str(exc)
    pytest.fail(f"{folder.name}: the game file was accepted; it must be refused")


# --------------------------------------------------------------------------- comparison

def _names(items) -> set[str]:
    return {i["player"] if isinstance(i, dict) else i for i in items}


def _instant(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def _match_vote(want: dict, row: dict) -> bool:
    for key, value in want.items():
        have = row.get(key)
        if isinstance(value, list):
            if have not in value:
                return False
        elif str(have) != str(value):
            return False
    return True


def compare(want: dict, got: dict) -> list[str]:
    """The check-scenarios comparison plus this suite's extensions (module docstring)."""
    errors: list[str] = []
    if "tally" in want:
        have = {r["player"]: r["votes"] for r in got.get("tally", []) if r["votes"]}
        if have != want["tally"]:
            errors.append(f"tally: want {want['tally']} got {have}")
    if "outcome" in want:
        w, g = want["outcome"], got.get("outcome") or {}
        if w.get("kind") != g.get("kind"):
            errors.append(f"outcome.kind: want {w.get('kind')} got {g.get('kind')}")
        if "players" in w and set(w["players"]) != set(g.get("players") or []):
            errors.append(f"outcome.players: want {w['players']} got {g.get('players')}")
        for key in ("reason", "next", "lynches"):   # lynches: MS-06, in order
            if key in w and w[key] != g.get(key):
                errors.append(f"outcome.{key}: want {w[key]} got {g.get(key)}")
    if "absent" in want and set(want["absent"]) != set(got.get("absent", [])):
        errors.append(f"absent: want {sorted(want['absent'])} got {sorted(got.get('absent', []))}")
    if "removed" in want:
        have = {f"{r['player']}:{r['reason']}" for r in got.get("removed", [])}
        # "player:*" pins who is removed when the rule leaves the reason word open
        loose = {w[:-2] for w in want["removed"] if w.endswith(":*")}
        have = {h if h.split(":")[0] not in loose else h.split(":")[0] + ":*" for h in have}
        if have != set(want["removed"]):
            errors.append(f"removed: want {sorted(want['removed'])} got {sorted(have)}")
    if "violations" in want:
        have = {f"{v['rule']}:{v.get('player')}" for v in got.get("violations", [])}
        if have != set(want["violations"]):
            errors.append(f"violations: missing {sorted(set(want['violations']) - have)} "
                          f"unexpected {sorted(have - set(want['violations']))}")
    if "violation_posts" in want:
        have = {f"{v['rule']}:{v.get('player')}:{v.get('post')}" for v in got.get("violations", [])}
        if have != set(want["violation_posts"]):
            errors.append(f"violation posts: missing {sorted(set(want['violation_posts']) - have)} "
                          f"unexpected {sorted(have - set(want['violation_posts']))}")
    if "deadline" in want and (not got.get("deadline")
                               or _instant(got["deadline"]) != _instant(want["deadline"])):
        errors.append(f"deadline: want {want['deadline']} got {got.get('deadline')}")
    if "review" in want:
        have = {f"{i['rule']}:{i['text']}" for i in got.get("review", [])}
        if have != set(want["review"]):
            errors.append(f"review: want {sorted(want['review'])} got {sorted(have)}")
    for text in want.get("notes_contain", []):
        if not any(text in n for n in got.get("notes", [])):
            errors.append(f"notes: none contains {text!r}: {got.get('notes')}")
    for w in want.get("votes", []):
        if not any(_match_vote(w, row) for row in got.get("votes", [])):
            rows = [r for r in got.get("votes", []) if str(r.get("post")) == str(w.get("post"))]
            errors.append(f"votes: no row matches {w}; rows of that post: {rows}")
    return errors


def compare_needed(want: dict, got: dict) -> list[str]:
    """Fields that need something beyond the check-scenarios contract; NotExposed when absent."""
    errors: list[str] = []
    if "revealed" in want:
        if "revealed" not in got:
            raise NotExposed("no `revealed` in the result")
        # "player:role" entries compare the announced role too (rules.md "Revealed roles")
        have = {f"{r['player']}:{r.get('role')}" if ":" in w else r["player"]
                for r in got["revealed"] for w in want["revealed"][:1]}
        if want["revealed"] and have != set(want["revealed"]) or \
                not want["revealed"] and got["revealed"]:
            errors.append(f"revealed: want {want['revealed']} got {got['revealed']}")
    for text in want.get("notes", []):
        if not any(text in n for n in got.get("notes", [])):
            errors.append(f"notes: none contains {text!r}: {got.get('notes')}")
    if "end" in want and want["end"] is None:
        if got.get("end"):
            errors.append(f"end: the game must go on, got {got['end']}")
    elif "end" in want:
        if not got.get("end"):
            raise NotExposed("no `end` (end of game) in the result")
        for key, value in want["end"].items():
            if got["end"].get(key) != value:
                errors.append(f"end.{key}: want {value} got {got['end'].get(key)}")
    if "curse" in want:
        private = got.get("private") or {}
        effects = [e for e in private.get("effects") or [] if e.get("rule") == "LM-06"]
        if not effects:
            raise NotExposed("no LM-06 effect in private.effects")
        if private.get("seed") is None:
            errors.append("LM-06: the draw's seed is missing from private.seed")
        if not any(e.get("target") in want["curse"]["among"] for e in effects):
            errors.append(f"LM-06: cursed {effects} not among {want['curse']['among']}")
    return errors


# --------------------------------------------------------------------------- parametrisation

def _case_params(base: Path, id_fmt) -> list:
    params = []
    for folder in sorted(p for p in base.glob("*") if p.is_dir()) if base.exists() else []:
        expected = folder / "expected.json"
        if (folder / "expected_error.txt").exists():
            params.append(pytest.param(folder, None, id=id_fmt(folder, None)))
            continue
        for day, want in json.loads(expected.read_text(encoding="utf-8")).items():
            marks = []
            if "_needs" in want:
                marks.append(pytest.mark.xfail(strict=True, raises=NotExposed,
                                               reason=want["_needs"]["reason"]))
            params.append(pytest.param(folder, int(day), marks=marks, id=id_fmt(folder, day)))
    return params


def _rule_id(folder: Path, day) -> str:
    days = json.loads((folder / "expected.json").read_text()) if day is not None else {}
    return folder.name if len(days) <= 1 else f"{folder.name}-day{day}"


def _check(folder: Path, day: int | None) -> None:
    if day is None:
        message = _load_error(folder)
        for line in (folder / "expected_error.txt").read_text(encoding="utf-8").splitlines():
            if line.strip():
                assert line.strip().lower() in message.lower(), \
                    f"the error must mention {line.strip()!r}: {message}"
        return
    want = json.loads((folder / "expected.json").read_text(encoding="utf-8"))[str(day)]
    got = _run_day(folder, day)
    errors = compare(want, got)
    assert not errors, f"{folder.name} day {day}:\n  " + "\n  ".join(errors)
    errors = compare_needed(want, got)
    assert not errors, f"{folder.name} day {day}:\n  " + "\n  ".join(errors)


@pytest.mark.parametrize(("folder", "day"), _case_params(RULES_DIR, _rule_id))
def test_rule(folder: Path, day: int | None) -> None:
    _check(folder, day)


@pytest.mark.parametrize(("folder", "day"),
                         _case_params(GAMES_DIR, lambda f, d: f"{f.name}-day{d}"))
def test_game(folder: Path, day: int) -> None:
    _check(folder, day)


# --------------------------------------------------------------------------- coverage of rules.md

def _spec_rule_ids() -> list[str]:
    rules = SHARED / "spec" / "rules.md"
    if not rules.exists():
        return KNOWN_RULE_IDS
    ids = [m.group(1) for line in rules.read_text(encoding="utf-8").splitlines()
           if (m := RULE_ID.match(line))]
    assert ids, "no rule rows found in spec/rules.md"
    return ids


def test_the_kept_id_list_is_the_spec_s() -> None:
    """Without ../shared the cases are checked against KNOWN_RULE_IDS: it must be rules.md's
    list (rev. 2 added C-12, C-13, PX-22..24, MB-09, MB-10, MR-10, MS-06..09)."""
    if not (SHARED / "spec" / "rules.md").exists():
        pytest.skip("../shared/spec/rules.md is not beside the repository")
    assert sorted(KNOWN_RULE_IDS) == sorted(_spec_rule_ids())


def test_every_rule_has_a_case() -> None:
    """Every rule id in rules.md has a folder `<ID>` or `<ID>--<slug>` under fixtures/rules/."""
    covered = {p.name.split("--")[0] for p in RULES_DIR.iterdir() if p.is_dir()}
    missing = [rule for rule in _spec_rule_ids() if rule not in covered]
    assert not missing, f"rules without a case folder: {missing}"


def test_case_folders_are_complete() -> None:
    """Each case names a real rule id and has its game, posts, README and one expectation."""
    known = set(_spec_rule_ids()) | {NAMES}
    for folder in (p for p in RULES_DIR.iterdir() if p.is_dir()):
        assert folder.name.split("--")[0] in known, f"{folder.name}: unknown rule id"
        for name in ("game.toml", "posts.jsonl", "README.md"):
            assert (folder / name).exists(), f"{folder.name}: {name} missing"
        assert (folder / "expected.json").exists() != (folder / "expected_error.txt").exists(), \
            f"{folder.name}: needs exactly one of expected.json / expected_error.txt"


def test_compare_catches_differences() -> None:
    """The comparison is not vacuous: each field family reports a difference."""
    got = {"tally": [{"player": "A", "votes": 2, "voters": []}, {"player": "B", "votes": 0}],
           "outcome": {"kind": "eliminated", "players": ["A"], "reason": "plurality"},
           "absent": ["C"], "removed": [{"player": "C", "reason": "absences"}],
           "violations": [{"rule": "V-SELF", "player": "C", "post": "9"}],
           "deadline": "2026-11-02T20:00:00+02:00",
           "votes": [{"voter": "A", "post": "1", "status": "counted", "rule": "PX-01"}],
           "review": [{"rule": "V-UNKNOWN-TARGET", "text": "Zorro"}],
           "notes": ["ruling: «Zorro» in post 2 is no vote (event #1 (ruling))"]}
    same = {"tally": {"A": 2}, "outcome": {"kind": "eliminated", "players": ["A"],
            "reason": "plurality"}, "absent": ["C"], "removed": ["C:absences"],
            "violations": ["V-SELF:C"], "violation_posts": ["V-SELF:C:9"],
            "deadline": "2026-11-02T18:00:00+00:00",
            "votes": [{"voter": "A", "post": "1", "rule": ["PX-01", "C-04"]}],
            "review": ["V-UNKNOWN-TARGET:Zorro"], "notes_contain": ["event #1 (ruling)"]}
    assert compare(same, got) == []
    assert compare({**same, "removed": ["C:*"]}, got) == []
    assert compare({**same, "removed": ["D:*"]}, got)
    for key, bad in [("tally", {"A": 3}), ("outcome", {"kind": "tie"}), ("absent", []),
                     ("removed", []), ("violations", ["V-SELF:D"]), ("violation_posts", []),
                     ("deadline", "2026-11-02T20:00:00+00:00"),
                     ("votes", [{"post": "1", "status": "void"}]), ("review", []),
                     ("notes_contain", ["event #2"])]:
        assert compare({**same, key: bad}, got), key
    with pytest.raises(NotExposed):
        compare_needed({"end": {"winner": "town"}}, got)
    assert compare_needed({"end": None}, got) == []
    assert compare_needed({"end": None}, {**got, "end": {"winner": "town"}})
    assert compare_needed({"end": {"winner": "town"}}, {**got, "end": {"winner": "mafia"}})
    assert compare_needed({"revealed": ["A"]}, {**got, "revealed": [{"player": "B"}]})
    assert compare_needed({"revealed": ["A:citizen"]},
                          {**got, "revealed": [{"player": "A", "role": "informer"}]})
    assert compare_needed({"revealed": ["A:citizen"]},
                          {**got, "revealed": [{"player": "A", "role": "citizen"}]}) == []
    assert compare_needed({"revealed": []}, {**got, "revealed": [{"player": "A"}]})
    assert compare_needed({"notes": ["MB-09"]}, {**got, "notes": ["MB-06: x"]})
