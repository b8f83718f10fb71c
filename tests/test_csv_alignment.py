"""issue 20 item 11: one time format in every CSV (ISO 8601 with its offset) and the same column
names for the same things across commands (audit/README.md, "The same names for the same
things")."""

from __future__ import annotations

import csv
import io
import re
from datetime import datetime
from pathlib import Path

import pytest

from votal.audit.archive import SCHEMA
from votal.cli import main

from .conftest import FIXTURES

GAMES = FIXTURES / "games"
ATHENS = str(GAMES / "palermo-athens" / "game.toml")
ISO = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:\d{2}$")


def _csv(text: str) -> list[dict]:
    return list(csv.DictReader(io.StringIO(text)))


def _run(args, capsys) -> str:
    assert main(args) == 0
    return capsys.readouterr().out


def _assert_iso(rows: list[dict], cols: tuple[str, ...], where: str) -> int:
    """Every non-empty cell of ``cols`` is ISO 8601 with an offset; how many there were."""
    n = 0
    for row in rows:
        for col in cols:
            if row[col]:
                assert ISO.match(row[col]), (where, col, row[col])
                assert datetime.fromisoformat(row[col]).tzinfo is not None
                n += 1
    return n


@pytest.mark.parametrize("game", sorted(p.parent.name for p in GAMES.glob("*/game.toml")))
def test_tally_and_history_csv_write_the_same_rows_with_iso_times(game, capsys):
    path = str(GAMES / game / "game.toml")
    history = _csv(_run(["history", path, "--offline", "--format", "csv"], capsys))
    assert _assert_iso(history, ("time",), "history") == len(history) > 0
    days = sorted({int(r["day"]) for r in history})
    tally_rows = []
    for day in days:
        rows = _csv(_run(["tally", path, "--offline", "--day", str(day), "--format", "csv"],
                         capsys))
        assert _assert_iso(rows, ("time",), "tally") == len(rows)
        tally_rows += rows
    # a history row is the tally's row of that vote: same columns, same cells
    assert list(history[0]) == list(tally_rows[0])
    key = lambda r: (r["voter"], int(r["day"]), int(r["number"]))   # noqa: E731
    assert sorted(history, key=key) == sorted(tally_rows, key=key)
    # player after player (each player's rows together), each day by day in post order
    voters = [r["voter"] for r in history]
    assert voters == sorted(voters, key=voters.index)
    for v in set(voters):
        mine = [(int(r["day"]), int(r["number"])) for r in history if r["voter"] == v]
        assert mine == sorted(mine)
    assert "player" not in history[0]                # the one who votes is the voter everywhere


def test_history_of_one_player_is_his_rows_of_the_tally(capsys):
    rows = _csv(_run(["history", ATHENS, "--offline", "--player", "Maria", "--format", "csv"],
                     capsys))
    assert {r["voter"] for r in rows} == {"Μαρία"}
    day1 = _csv(_run(["tally", ATHENS, "--offline", "--day", "1", "--format", "csv"], capsys))
    assert [r for r in rows if r["day"] == "1"] == [r for r in day1 if r["voter"] == "Μαρία"]
    # README of palermo-athens: in the window Μαρία moves her vote from Νίκος to Ελένη (PX-03)
    assert [(r["target"], r["status"], r["changed"], r["window"]) for r in rows
            if r["day"] == "1"] == [("Νίκος", "ignored", "yes", ""),
                                    ("Ελένη", "counted", "", "yes")]


def test_a_violation_is_a_code_and_a_reason_in_every_vote_row(capsys):
    """mafia-gorod's Жанна votes without reasons (V-NO-REASON, MR-02): the vote's rule, the
    post's violation code and its reason in words, in the tally's and the history's CSV."""
    path = str(GAMES / "mafia-gorod" / "game.toml")
    for args in (["tally", path, "--day", "1"], ["history", path, "--player", "Жанна"]):
        rows = _csv(_run([*args, "--offline", "--format", "csv", "--lang", "en"], capsys))
        row = next(r for r in rows if r["voter"] == "Жанна" and r["day"] == "1")
        assert (row["status"], row["rule"], row["violation"], row["reason"]) == \
            ("invalid", "MR-02", "V-NO-REASON", "vote without reasons")


def test_archive_csv_times_are_iso_with_offset_and_names_match_the_vote_rows(tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["archive", str(GAMES), "--out", str(out), "--format", "csv"]) == 0
    capsys.readouterr()
    for table, cols in SCHEMA.items():
        text = (out / f"{table}.csv").read_text(encoding="utf-8")
        rows = _csv(text)
        assert list(rows[0]) == [c for c, _ in cols]
        times = tuple(c for c, kind in cols if kind == "timestamp")
        if times:
            assert _assert_iso(rows, times, table) > 0
            assert all(r[c].endswith("+00:00") for r in rows for c in times if r[c])
    # the names the tally's vote rows and the archive's votes table share mean the same thing
    from votal.report.formats import CSV_COLUMNS

    votes = [c for c, _ in SCHEMA["votes"]]
    assert {"game", "day", "time", "voter", "target", "status", "rule", "post", "url"} <= \
        set(CSV_COLUMNS) & set(votes)
    assert "violation" in CSV_COLUMNS and "violation" in [c for c, _ in SCHEMA["violations"]]
    assert "code" not in [c for c, _ in SCHEMA["violations"]]
    archive = {(r["voter"], r["post"]): r for r in _csv((out / "votes.csv").read_text("utf-8"))
               if r["game"] == "palermo-athens"}
    tally = _csv(_run(["tally", ATHENS, "--offline", "--day", "1", "--format", "csv"], capsys))
    for r in tally:
        a = archive[(r["voter"], r["post"])]
        assert datetime.fromisoformat(a["time"]) == datetime.fromisoformat(r["time"])
        assert (a["target"], a["status"], a["rule"], a["url"]) == \
            (r["target"], r["status"], r["rule"], r["url"])


def test_audit_readme_lists_every_csv_column():
    from votal.report.formats import CSV_COLUMNS, PRIVATE_CSV_COLUMNS

    text = (Path(__file__).parent.parent / "audit" / "README.md").read_text(encoding="utf-8")
    section = text[text.index("### The same names for the same things"):]
    listed = {w for cell in re.findall(r"^\| ([^|]+) \|", section, re.M)
              for w in re.split(r", ", cell.strip())}
    assert set(CSV_COLUMNS) | set(PRIVATE_CSV_COLUMNS) <= listed | {"column"}
