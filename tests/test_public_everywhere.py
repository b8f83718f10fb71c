"""issue 20 item 3: public means public everywhere (PX-06 .. PX-12, MS-05).

No public output, read in order, may single out who holds a weight or an ability. Two
properties, over every public output a reader can get of a game — the watch lines of a replay
and its live screen, the running counts (`tally --at` in every format), the final tally in every
format (JSON `--public` included), the history in every format, the charts, the report site and
the public audit:

1. **The holder cannot be told.** The same game with the mayor (an extra-vote card, the lawyer,
   the corrupt cop, a double voter) given to another player who fits what the close announces
   (a voter of the player who leaves; anyone but the two swapped; anyone but the defended) gives
   byte for byte the same public outputs.
2. **Nothing secret shows before the close.** While the vote is open, the public outputs of a
   game equal those of the same game with every secret taken out (roles, factions, weights and
   the private events: lawyer, cop swap, block, the extra-vote and vote-cancellation cards,
   owl, priest): a public running count shows the votes as posted, each as one. The close
   (PX-04: 20:10 in Palermo Extreme; a hammer, MS-02, which the moderator announces) applies
   them, and says only what the rules announce ("the mayor's vote is among the voters of X").
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import tomllib
from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from votal.app.load import load_game, load_posts
from votal.app.watch import watch_game
from votal.cli import main
from votal.report import render_day
from votal.report.watchscreen import LineScreen, LiveScreen
from votal.tally.engine import tally_at, tally_game
from votal.tally.schedule import Schedule

from .conftest import FIXTURES, SHARED

DEMO = FIXTURES / "demo"
ATHENS = FIXTURES / "games" / "palermo-athens"
NY = ZoneInfo("America/New_York")
DAY_FORMATS = ("text", "bbcode", "markdown", "html", "csv")
HISTORY_FORMATS = ("text", "bbcode", "markdown", "html", "json", "csv")
SECRET_EVENTS = {"lawyer", "cop_swap", "block", "owl", "priest"}
SECRET_CARDS = {"extra_vote", "vote_cancel"}


# ---- game files as data ------------------------------------------------------------------------

def _value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, datetime | date):
        return v.isoformat()
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(k, ensure_ascii=False)} = {_value(x)}"
                               for k, x in v.items()) + "}"
    return json.dumps(v, ensure_ascii=False)


def _is_tables(v) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


def _toml(data: dict, prefix: str = "") -> str:
    lines = [f"{json.dumps(k, ensure_ascii=False)} = {_value(v)}" for k, v in data.items()
             if not isinstance(v, dict) and not _is_tables(v)]
    for k, v in data.items():
        name = f"{prefix}{json.dumps(k, ensure_ascii=False)}"
        if isinstance(v, dict):
            lines += ["", f"[{name}]", _toml(v, name + ".")]
        elif _is_tables(v):
            for item in v:
                lines += ["", f"[[{name}]]", _toml(item, name + ".")]
    return "\n".join(lines)


def _load(folder: Path) -> dict:
    data = tomllib.loads((folder / "game.toml").read_text(encoding="utf-8"))
    src = data["source"]
    for key in ("pages", "posts", "vote_thread"):
        if key in src and "://" not in src[key]:
            src[key] = str((folder / src[key]).resolve())
    if "thread" in src:   # the demo's file names its local server: read its saved pages
        data["source"] = {"pages": str((folder / "pages").resolve())}
    return data


def _write(data: dict, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "game.toml"
    path.write_text(_toml(data) + "\n", encoding="utf-8")
    return path


def _give(data: dict, role: str, holder: str) -> dict:
    """The game with ``role`` (and its holder's faction) moved to ``holder``: the private facts
    of the two players swapped, everything public untouched."""
    d = copy.deepcopy(data)
    players = {p["name"]: p for p in d["players"]}
    old = next(p for p in d["players"] if p.get("role") == role)
    new = players[holder]
    for key in ("role", "faction"):
        old_v, new_v = old.pop(key, None), new.pop(key, None)
        if old_v is not None:
            new[key] = old_v
        if new_v is not None:
            old[key] = new_v
    return d


def _with_events(data: dict, *events: dict) -> dict:
    d = copy.deepcopy(data)
    d["events"] = [*d.get("events", []), *events]
    return d


def _stripped(data: dict, day: int) -> dict:
    """The game as the public knows it while day ``day``'s vote is open: that day's private
    events out, and no role, faction or weight where the days before come out the same
    without them (what a day decided is public once it is announced)."""
    d = copy.deepcopy(data)
    d["events"] = [e for e in d.get("events", []) if e.get("day") != day or (
        e["type"] not in SECRET_EVENTS
        and not (e["type"] == "card" and e.get("card") in SECRET_CARDS))]
    bare = copy.deepcopy(d)
    for p in bare["players"]:
        for key in ("role", "faction", "vote_weight"):
            p.pop(key, None)
    return bare if _days_before(bare, day) == _days_before(d, day) else d


def _days_before(data: dict, day: int) -> list:
    from tempfile import TemporaryDirectory

    with TemporaryDirectory() as tmp:
        game = load_game(_write(data, Path(tmp)))
        posts = load_posts(game, offline=True, db=None)
        return [json.loads(render_day(r, "json", public=True))
                for r in tally_game(game, posts)[:day - 1]]


# ---- every public output -----------------------------------------------------------------------

def _run(args: list[str], codes=(0,)) -> str:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in args])
    assert code in codes, (args, code, err.getvalue())
    return out.getvalue()


class _Frames(LiveScreen):
    """The live screen's frames as text (no terminal is driven)."""

    def __init__(self):
        super().__init__("text", io.StringIO())
        self.frames: list[str] = []

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        return None

    def show(self, tick) -> None:
        from rich.console import Console

        self._violations += [c.what for c, _ in tick.changes if c.kind == "violation"]
        frame = Console(file=io.StringIO(), width=140, color_system=None)
        frame.print(self.render(tick))
        self.frames.append(frame.file.getvalue())

    def final(self, text: str, tick) -> None:
        self.frames.append(text)


def _instants(game, posts, day: int) -> list[datetime]:
    """A second after each post of the day, and the day's own boundaries."""
    sched = Schedule(game.schedule, game.tz, window=(5, 10) if game.ruleset ==
                     "palermo-extreme" else None)
    start, _, end = sched.bounds(day)
    clock = sched.clock(day)
    times = {p.time + timedelta(seconds=1) for p in posts.main
             if p.time is not None and start <= p.time < end}
    times |= {clock.deadline, clock.close - timedelta(seconds=1), clock.close}
    return sorted(times)


def running_outputs(game_file: Path, days: range | None = None) -> dict[str, str]:
    """What the public reads while a day's vote is open: its running counts, each instant."""
    game = load_game(game_file)
    posts = load_posts(game, offline=True, db=None)
    out: dict[str, str] = {}
    for day in days or range(1, len(tally_game(game, posts)) + 1):
        for t in _instants(game, posts, day):
            result = tally_at(game, posts, day, t, withhold=True)
            if result.as_of is None:   # the vote was closed by then
                continue
            out[f"day {day} at {t.astimezone(game.tz):%H:%M:%S}"] = render_day(result, "json",
                                                                            public=True)
    return out


def public_outputs(game_file: Path, tmp: Path) -> dict[str, str | bytes]:
    """Every public output of the game, keyed by what it is."""
    tmp.mkdir(parents=True, exist_ok=True)
    game = load_game(game_file)
    posts = load_posts(game, offline=True, db=None)
    days = len(tally_game(game, posts))
    out: dict[str, str | bytes] = dict(running_outputs(game_file))
    for day in range(1, days + 1):
        out[f"watch {day}"] = _run(["watch", game_file, "--replay", "--day", day, "--speed",
                                    "1e12", "--format", "text", "--out", tmp / "w.txt"])
        screen = _Frames()
        watch_game(game_file, render=lambda r: render_day(r, "text"), screen=screen,
                   stored=lambda g: posts, replay=True, speed=1e12, day=day,
                   out=tmp / "w2.txt", sleep=lambda s: None, fmt="text", every=300)
        out[f"live {day}"] = "\n".join(screen.frames)
        for fmt in DAY_FORMATS:
            out[f"tally {day} {fmt}"] = _run(["tally", game_file, "--day", day, "--offline",
                                              "--format", fmt])
        out[f"tally {day} json"] = _run(["tally", game_file, "--day", day, "--offline",
                                         "--format", "json", "--public"])
        shown = {k.rsplit(" ", 1)[1] for k in out if k.startswith(f"day {day} at ")}
        running = [t for t in _instants(game, posts, day)
                   if f"{t.astimezone(game.tz):%H:%M:%S}" in shown]
        for t in {running[len(running) // 3], running[2 * len(running) // 3]} if running else ():
            # the command's own path (public by default: the secrets withheld), at two moments
            for args in (["--format", "text"], ["--format", "json", "--public"]):
                out[f"tally {day} --at {t:%H:%M:%S} {args[1]}"] = _run(
                    ["tally", game_file, "--day", day, "--offline", "--at", t.isoformat(), *args])
    _run(["chart", game_file, "--offline", "--out", tmp / "last.svg"])
    out["chart last day"] = (tmp / "last.svg").read_bytes()
    _run(["chart", game_file, "--offline", "--overview", "--out", tmp / "overview.svg"])
    out["chart overview"] = (tmp / "overview.svg").read_bytes()
    for fmt in HISTORY_FORMATS:
        out[f"history {fmt}"] = _run(["history", game_file, "--offline", "--format", fmt])
    _run(["report", game_file, "--offline", "--out", tmp / "site"])   # every day's chart too
    for f in sorted((tmp / "site").iterdir()):
        out[f"site {f.name}"] = f.read_bytes()
    out["audit json"] = _run(["audit", game_file, "--offline", "--public", "--format", "json"],
                             codes=(0, 1))
    return out


def _assert_same(a: dict, b: dict, what: str) -> None:
    assert a.keys() == b.keys(), what
    differ = [k for k in a if a[k] != b[k]]
    assert not differ, f"{what}: public outputs that tell the holders apart: {differ[:8]}"


def _variants(tmp_path: Path, base: dict, role: str, holders: list[str]) -> dict[str, dict]:
    return {h: public_outputs(_write(_give(base, role, h), tmp_path / h), tmp_path / f"{h}-out")
            for h in holders}


def _all_same(outputs: dict[str, dict], what: str) -> None:
    first, *rest = outputs
    for other in rest:
        _assert_same(outputs[first], outputs[other], f"{what}: {first} v. {other}")


# ---- 1. the holder cannot be told ---------------------------------------------------------------

def test_the_mayor_cannot_be_told_among_the_voters_of_the_leader(tmp_path):
    """The demo's day 1 (fixtures/demo/README.md): a 4-4 tie at 20:10, the mayor's vote for
    Νίκος breaks it. Δήμητρα voted Νίκος at 18:20; Λάμπρος at 12:10; Ελένη changed to him at
    19:40. Was: "vote Δήμητρα → Νίκος | Νίκος 4" right after "Νίκος 2" (issue 20)."""
    base = _load(DEMO)
    outputs = _variants(tmp_path, base, "mayor", ["Δήμητρα", "Λάμπρος", "Ελένη"])
    _all_same(outputs, "mayor")
    some = outputs["Δήμητρα"]
    # what the close announces, and only that (PX-06)
    assert "Νίκος 5, Φώτης 4" in some["watch 1"]
    assert "μέσα σε όσους ψήφισαν τον Νίκο υπάρχει η ψήφος του δημάρχου" in some["tally 1 text"]
    lines = some["watch 1"].splitlines()
    assert "2026-11-02 18:20:30 vote Δήμητρα → Νίκος | Νίκος 3, Φώτης 3, Γιώτα 1, Χάρης 1" in lines
    assert "2026-11-02 20:06:12 change Γιώτα: Χάρης → Φώτης | Νίκος 4, Φώτης 4" in lines


def test_the_mayor_of_palermo_athens_cannot_be_told(tmp_path):
    """palermo-athens day 1: Γιώργος leaves by the mayor's vote (PX-06); his voters are
    Λάμπρος (the mayor in the file), Ελένη and Δημήτρης."""
    outputs = _variants(tmp_path, _load(ATHENS), "mayor", ["Λάμπρος", "Δημήτρης"])
    _all_same(outputs, "mayor")


def test_the_extra_vote_card_s_holder_cannot_be_told(tmp_path):
    """PX-11: the card played at 19:50 by one of Νίκος's voters (none changes his vote after):
    Νίκος 5, Φώτης 4 at the close whoever holds it; before the close each vote is one."""
    base = _load(DEMO)
    outputs = {}
    for holder in ("Λάμπρος", "Ελένη"):
        game = _with_events(base, {"type": "card", "card": "extra_vote", "actor": holder,
                                   "target": "Νίκος", "day": 1,
                                   "at": datetime(2026, 11, 2, 19, 50, tzinfo=ZoneInfo(
                                       "Europe/Athens"))})
        outputs[holder] = public_outputs(_write(game, tmp_path / holder), tmp_path / "o" / holder)
    _all_same(outputs, "extra vote")
    assert "Νίκος 5, Φώτης 4" in outputs["Λάμπρος"]["watch 1"]


def test_the_corrupt_cop_cannot_be_told(tmp_path):
    """PX-08: the swap of Νίκος's and Φώτης's counts at 20:07, by anyone but those two."""
    athens = ZoneInfo("Europe/Athens")
    base = _load(DEMO)
    outputs = {}
    for cop in ("Λάμπρος", "Χάρης"):
        game = _with_events(base, {"type": "cop_swap", "actor": cop, "a": "Νίκος", "b": "Φώτης",
                                   "day": 1, "at": datetime(2026, 11, 2, 20, 7, tzinfo=athens)})
        for p in game["players"]:
            if p["name"] == cop:
                p["role"] = "corrupt_cop"
        outputs[cop] = public_outputs(_write(game, tmp_path / cop), tmp_path / "o" / cop)
    _all_same(outputs, "corrupt cop")


def test_the_lawyer_cannot_be_told(tmp_path):
    """palermo-athens day 2 (PX-07): Μαρία is defended; the lawyer's role moved to another
    living town player."""
    outputs = _variants(tmp_path, _load(ATHENS), "lawyer", ["Σταύρος", "Κατερίνα"])
    _all_same(outputs, "lawyer")


def _mini(folder: Path, double: str) -> Path:
    """Five players, majority 3 (MS-02): Ann and Cid vote Bob; a double voter among them makes
    Cid's vote the hammer, whichever of the two he is (MS-05)."""
    folder.mkdir(parents=True)
    posts = [("Ann", "Bob", 10), ("Cid", "Bob", 11), ("Dee", "Ann", 12), ("Eve", "Ann", 13)]
    with (folder / "posts.jsonl").open("w", encoding="utf-8") as f:
        for i, (voter, target, h) in enumerate(posts, 1):
            f.write(json.dumps({
                "id": str(i), "number": i, "thread": "t", "url": f"https://f.example/t#{i}",
                "author": voter, "time": datetime(2026, 11, 3, h, tzinfo=NY).isoformat(),
                "edited": None, "html": f'<span class="bbvote">VOTE: {target}</span>'}) + "\n")
    data = {"title": "Mini 9", "ruleset": "mafiascum", "timezone": "America/New_York",
            "language": "en", "moderators": ["Host"], "source": {"posts": "posts.jsonl"},
            "schedule": {"day1": date(2026, 11, 3), "deadline": "22:00", "day_change": "08:00"},
            "players": [{"name": n, **({"vote_weight": 2} if n == double else {})}
                        for n in ("Ann", "Bob", "Cid", "Dee", "Eve")]}
    return _write(data, folder)


def test_the_double_voter_cannot_be_told(tmp_path):
    outputs = {who: public_outputs(_mini(tmp_path / who, who), tmp_path / f"{who}-out")
               for who in ("Ann", "Cid")}
    _all_same(outputs, "double voter")
    final = json.loads(outputs["Ann"]["tally 1 json"])
    assert final["outcome"]["reason"] == "majority"
    assert final["tally"][0] == {"player": "Bob", "votes": 3, "voters": ["Ann", "Cid"]}
    # before the hammer, Ann's vote is one, as it shows in the thread
    assert "2026-11-03 10:00:00 vote Ann → Bob | Bob 1" in outputs["Ann"]["watch 1"]


# ---- 2. nothing secret shows before the close ---------------------------------------------------

def _open_equal(a: dict[str, str], b: dict[str, str], what: str) -> None:
    assert a.keys() == b.keys(), what
    differ = [k for k in a if a[k] != b[k]]
    assert not differ, f"{what}: running counts that show a secret before the close: {differ[:6]}"


def _demo_with_every_secret() -> dict:
    athens = ZoneInfo("Europe/Athens")
    return _with_events(
        _load(DEMO),
        {"type": "card", "card": "extra_vote", "actor": "Λάμπρος", "target": "Νίκος", "day": 1,
         "at": datetime(2026, 11, 2, 15, 0, tzinfo=athens)},
        {"type": "card", "card": "vote_cancel", "actor": "Χάρης", "target": "Σωτήρης",
         "day": 1, "at": datetime(2026, 11, 2, 17, 0, tzinfo=athens)},
        {"type": "cop_swap", "actor": "Χάρης", "a": "Νίκος", "b": "Φώτης", "day": 1,
         "at": datetime(2026, 11, 2, 20, 7, tzinfo=athens)})


@pytest.mark.parametrize("game", [
    "demo", "demo+secrets", "games/palermo-athens", "games/lupus-villaggio", "games/mafia-gorod",
    *[f"scenarios/{s.name}" for s in sorted((SHARED / "scenarios").glob("*"))
      if (s / "game.toml").exists()]])
def test_a_public_running_count_shows_no_secret(game, tmp_path):
    if game == "demo":
        data = _load(DEMO)
    elif game == "demo+secrets":
        data = _demo_with_every_secret()
    else:
        data = _load((FIXTURES if game.startswith("games/") else SHARED) / game)
    path = _write(data, tmp_path / "full")
    game_ = load_game(path)
    days = len(tally_game(game_, load_posts(game_, offline=True, db=None)))
    for day in range(1, days + 1):
        full = running_outputs(path, range(day, day + 1))
        bare = running_outputs(_write(_stripped(data, day), tmp_path / f"bare{day}"),
                               range(day, day + 1))
        _open_equal(full, bare, f"{game} day {day}")


class _Ticks(LineScreen):
    """The watch lines, each with whether the vote was closed when it was printed."""

    def __init__(self):
        super().__init__("text", io.StringIO())
        self.lines: list[tuple[bool, str]] = []

    def _print(self, text: str) -> None:
        self.lines.append((self._closed, text))

    def show(self, tick) -> None:
        self._closed = tick.closed
        super().show(tick)

    def final(self, text: str, tick) -> None:
        self.lines.append((True, text))


def _ticks(path: Path, out: Path, *, public: bool) -> list[tuple[bool, str]]:
    screen = _Ticks()
    game = load_game(path)
    posts = load_posts(game, offline=True, db=None)
    watch_game(path, render=lambda r: render_day(r, "text", public=public), screen=screen,
               stored=lambda g: posts, replay=True, speed=1e12, public=public, out=out,
               sleep=lambda s: None, fmt="text")
    return screen.lines


def test_a_public_watch_shows_the_secrets_at_the_close_only(tmp_path):
    """The demo with a mayor, an extra vote, a cancelled vote and the cop's swap: until the vote
    closes the watch lines are the stripped game's; at the close, the count the moderator
    announces (PX-06's words for the mayor, the swap, the card, the cancelled vote)."""
    data = _demo_with_every_secret()
    full = _ticks(_write(data, tmp_path / "full"), tmp_path / "f.txt", public=True)
    bare = _ticks(_write(_stripped(data, 1), tmp_path / "bare"), tmp_path / "b.txt", public=True)
    before = [ln for closed, ln in full if not closed]
    assert before == [ln for closed, ln in bare if not closed]
    assert len(before) > 20 and not any("Δημάρχ" in ln for ln in before)
    closing = [ln for closed, ln in full if closed]
    assert closing != [ln for closed, ln in bare if closed]
    # a private watch (the moderator's screen) shows each secret when it happens
    private = _ticks(tmp_path / "full" / "game.toml", tmp_path / "p.txt", public=False)
    assert [ln for closed, ln in private if not closed] != before
