"""A game file damaged at random places is either accepted or refused with a GameFileError that
names the file, never a traceback (issue 8: bad input gives one clear message): the fixtures'
game files, each with a few of its values replaced by values of any TOML type (huge numbers,
years 1 and 9999, long strings, tables where lists go…), keys dropped or added, entries doubled.
An accepted file also goes through what `check` prints (its warnings and schedule)."""

from __future__ import annotations

import copy
import tomllib
from datetime import UTC, date, datetime, time, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from votal.errors import GameFileError
from votal.report.schedule_view import describe
from votal.tally.validate import parse_game

from .conftest import FIXTURES

PATH = "damaged/game.toml"
BASES = [tomllib.loads(p.read_text(encoding="utf-8"))
         for p in sorted(FIXTURES.glob("games/*/game.toml"))
         + sorted(FIXTURES.glob("audit/*/game.toml")) + [FIXTURES / "demo" / "game.toml"]]

# The scalar values TOML can give, with the edges that broke the loader before: a zone name
# longer than a file name, day 1 in year 9999, a moment in year 1 with an offset.
EDGES = st.sampled_from([
    0, -1, 2, 10**30, 1.5, float("nan"), float("inf"), True, "", " ", "none", "abstain",
    "Δ" * 400, "20:00", "25:00", "2026-13-45", "2026-11-02", "2026-11-02T20:00", "\x00",
    date(1, 1, 1), date(9999, 12, 31), datetime(9999, 12, 31, 23, 59), datetime(1, 1, 1),
    datetime(1, 1, 1, tzinfo=timezone(timedelta(hours=14))), time(0, 0), time(23, 59, 59),
    366, 2000, 100000])
SCALARS = st.one_of(   # the edges drawn as often as all the rest
    EDGES, EDGES, EDGES, EDGES, EDGES, EDGES, EDGES, EDGES, st.integers(), st.floats(), st.booleans(), st.text(max_size=30), st.dates(),
    st.times(), st.datetimes(), st.datetimes(timezones=st.just(UTC)))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=3),
    st.dictionaries(st.sampled_from(["day", "at", "start", "deadline", "type", "player",
                                     "voter", "target", "votes", "1", "0", "x"]), inner,
                    max_size=3)), max_leaves=6)


def places(obj, at=()):
    """Every place in the parsed file: a key of a table or an index of a list, as a path."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield at + (k,)
            yield from places(v, at + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield at + (i,)
            yield from places(v, at + (i,))


def names(game: dict) -> list[str]:
    """The players' names and aliases: an event naming one of them gets past the name check."""
    out = []
    players = game.get("players")
    for p in players if isinstance(players, list) else []:
        if isinstance(p, dict):
            aliases = p.get("aliases")
            out += [p.get("name"), *(aliases if isinstance(aliases, list) else [])]
    return [n for n in out if isinstance(n, str)]


OFFSETS = st.one_of(st.none(), st.just(UTC), st.integers(-14 * 60, 14 * 60).map(
    lambda m: timezone(timedelta(minutes=m))))


def same_kind(value):
    """Values of the kind ``value`` is, over their whole range: a date from year 1 to 9999, a
    moment with or without an offset, any whole number, any text."""
    if isinstance(value, datetime):
        return st.datetimes(timezones=OFFSETS)
    if isinstance(value, date):
        return st.dates()
    if isinstance(value, time):
        return st.times()
    if isinstance(value, bool):
        return st.booleans()
    if isinstance(value, int):
        return st.integers()
    if isinstance(value, str):
        return st.one_of(st.text(), st.text(min_size=300))
    return VALUES


@st.composite
def damaged_games(draw):
    game = copy.deepcopy(draw(st.sampled_from(BASES)))
    for _ in range(draw(st.integers(1, 3))):
        where = list(places(game))
        if not where:
            break
        # a top-level key first, then a place under it: [schedule] as often as [[players]]
        top = draw(st.sampled_from(sorted({p[0] for p in where})))
        path = draw(st.sampled_from([p for p in where if p[0] == top]))
        parent = game
        for key in path[:-1]:
            parent = parent[key]
        value = draw(st.one_of(VALUES, st.sampled_from(names(game) or ["nobody"])))
        how = draw(st.sampled_from(["replace", "drop", "add", "double", "same", "same"]))
        target = parent[path[-1]]
        if how == "same":   # a value of the same kind, anywhere in its range
            parent[path[-1]] = draw(same_kind(target))
        elif how == "drop" and isinstance(parent, dict):
            del parent[path[-1]]
        elif how == "add" and isinstance(target, dict):
            target[draw(st.sampled_from(["day", "at", "start", "deadline", "player", "type",
                                         "votes", "runoff", "faction", "post", "9", "2001"]))] = value
        elif how == "double" and isinstance(target, list) and target:
            target.append(copy.deepcopy(target[-1]))
        else:
            parent[path[-1]] = value
    return game


@settings(max_examples=600)
@given(damaged_games())
def test_a_damaged_game_file_is_refused_by_name_or_read(game):
    try:
        parsed = parse_game(game, path=PATH)
    except GameFileError as e:
        assert str(e).startswith(f"{PATH}: ") and "\n" not in str(e), str(e)
        return
    assert describe(parsed, 7).strip()


@pytest.mark.parametrize(("key", "value", "words"), [
    (("schedule", "day1"), date(9999, 12, 31), ["[schedule]: day1", "9999-12-31", "year"]),
    (("schedule", "day1"), "0001-01-01", ["[schedule]: day1", "0001-01-01", "year"]),
    (("schedule", "holidays"), [date(9999, 1, 1)], ["holidays", "9999-01-01"]),
    (("events", 1, "at"), datetime(1, 1, 1, tzinfo=timezone(timedelta(hours=14))),
     ["event #2 (murdered).at", "0001-01-01"]),
    (("timezone",), "Δ" * 400, ["timezone", "not an IANA time zone"]),
    # days after the last one the schedule lays out (tally.schedule.MAX_DAYS): "day 2001 is out
    # of range" from deep in the schedule, in `check` and `tally` alike
    (("schedule", "day"), {"3000": {"start": datetime(2026, 11, 3)}},
     ["[schedule.day.3000]", "days 1 to 2000"]),
    (("events", 1, "day"), 99999, ["event #2 (murdered)", "day 99999", "after day 2000"]),
    # read as their Python spelling before: a posts file "['posts.jsonl']", a moderator
    # "{'name': 'x'}", a thread at ftp:// looked for as a local file
    (("source", "posts"), ["posts.jsonl"], ["[source].posts must be a string"]),
    (("source", "vote_thread"), 5, ["[source].vote_thread must be a string"]),
    (("source",), {"thread": "ftp://forum.example/t/1"}, ["[source].thread", "https://"]),
    (("moderators",), [{"name": "ΣΕ Παλέρμο"}], ["'moderators'", "strings"]),
    (("title",), {"el": "Παλέρμο"}, ["'title' must be a string"]),
    (("players", 0, "aliases"), ["Lampros", " "], ["player #1 'Λάμπρος'", "alias is empty"]),
])
def test_values_of_the_wrong_kind_or_range_are_refused_by_key(key, value, words):
    game = copy.deepcopy(tomllib.loads((FIXTURES / "games" / "palermo-athens" / "game.toml")
                                       .read_text(encoding="utf-8")))
    parent = game
    for k in key[:-1]:
        parent = parent[k]
    parent[key[-1]] = value
    with pytest.raises(GameFileError) as refused:
        describe(parse_game(game, path=PATH), 7)
    line = str(refused.value)
    assert line.startswith(PATH) and len(line) < 300, line
    for w in words:
        assert w in line, (w, line)
