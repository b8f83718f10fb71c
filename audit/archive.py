"""A whole archive of games studied at once (``votal archive DIR``): tidy rows per game.

Every folder under DIR that holds a ``game.toml`` is one game. Each game is loaded, tallied and
audited on its own by the use case (app/archive.py, in a worker process: memory is bounded by the
largest game, not the archive) and turned here into rows of four tables — ``games``, ``days``, ``votes``, ``violations`` — plus its
players' contributions to the fifth, ``players``, which is summed across games by
:class:`PlayerTotals`. The rows are plain dicts built from the tally's and the audit's JSON
contracts (interfaces.md §3), so this module reads no internals of either.

A player across games is keyed by the forum and the user id where the posts give one
(``forum.example#901``), else by the folded name (``name:nikos``); a game's aliases of a player
map onto the player's key. The schema of every table is :data:`SCHEMA` (documented in
audit/README.md).
"""

from __future__ import annotations

import os
import traceback
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from urllib.parse import urlsplit

from votal.audit.result import verdict_of
from votal.errors import InputError
from votal.tally.factions import side
from votal.tally.names import fold

# Table → ordered (column, type) pairs; types are pandas/pyarrow-neutral names.
SCHEMA: dict[str, tuple[tuple[str, str], ...]] = {
    "games": (
        ("game", "string"), ("title", "string"), ("ruleset", "string"), ("forum", "string"),
        ("language", "string"), ("days", "int64"), ("players", "int64"), ("posts", "int64"),
        ("winner", "string"), ("win_rule", "string"), ("verdict", "string"), ("missing", "string"),
        ("counts_checked", "int64"), ("counts_agreeing", "int64"), ("counts_unread", "int64"),
        ("error", "string"),
    ),
    "days": (
        ("game", "string"), ("day", "int64"), ("outcome", "string"), ("reason", "string"),
        ("eliminated", "string"), ("players", "int64"), ("majority", "int64"),
        ("start", "timestamp"), ("deadline", "timestamp"), ("hammer_post", "string"),
        ("votes", "int64"), ("violations", "int64"), ("review", "int64"),
        ("counts_checked", "int64"), ("counts_agreeing", "int64"), ("counts_unread", "int64"),
        ("agrees", "bool"),
        ("verdict", "string"),
    ),
    "votes": (
        ("game", "string"), ("day", "int64"), ("voter", "string"), ("voter_key", "string"),
        ("target", "string"), ("post", "string"), ("url", "string"), ("time", "timestamp"),
        ("status", "string"), ("rule", "string"), ("resolved_by", "string"), ("weight", "int64"),
        ("voter_faction", "string"), ("target_faction", "string"),
    ),
    "violations": (
        ("game", "string"), ("day", "int64"), ("violation", "string"), ("player", "string"),
        ("post", "string"), ("url", "string"), ("note", "string"),
    ),
    "players": (
        ("player", "string"), ("name", "string"), ("names", "string"), ("games", "int64"),
        ("votes", "int64"), ("final_votes", "int64"), ("on_eliminated", "int64"),
        ("final_votes_known", "int64"), ("on_mafia", "int64"), ("first_on_wagon", "int64"),
        ("last_on_wagon", "int64"),
    ),
}
TABLES = tuple(SCHEMA)
KILLERS = frozenset({"mafia", "pack"})   # on_mafia: the mafia, or the wolves' pack in Lupus
GAME_TABLES = ("games", "days", "votes", "violations")


@dataclass
class PlayerGame:
    """One player's figures in one game, to be summed across games."""

    key: str
    name: str
    votes: int = 0
    final_votes: int = 0
    on_eliminated: int = 0
    final_votes_known: int = 0
    on_mafia: int = 0
    first_on_wagon: int = 0
    last_on_wagon: int = 0
    history: list[dict] = field(default_factory=list)   # the player's votes, for the site


@dataclass
class GameRows:
    """What one game contributes: rows of the four game tables and its players' figures."""

    game: str
    rows: dict[str, list[dict]]
    players: list[PlayerGame]
    posts: int = 0
    days: list[dict] = field(default_factory=list)      # tally dicts, kept only for the site

    @property
    def failed(self) -> bool:
        return bool(self.rows["games"][0]["error"])

    @property
    def disagrees(self) -> bool:
        return self.rows["games"][0]["verdict"] == "disagrees"

    @property
    def compared_nothing(self) -> bool:
        return self.rows["games"][0]["verdict"] == "nothing-compared"


def find_games(root: Path) -> list[Path]:
    """Every ``game.toml`` below ``root``, in name order; InputError when there is none."""
    if not root.is_dir():
        raise InputError(f"{root}: not a folder of games (each game a folder with a game.toml)")
    found, seen = [], set()
    for folder, dirs, files in os.walk(root, followlinks=True):   # a linked game folder counts
        real = os.path.realpath(folder)
        if real in seen:        # a link loop, or the same folder linked twice
            dirs[:] = []
            continue
        seen.add(real)
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        if "game.toml" in files:
            found.append(Path(folder) / "game.toml")
    found.sort()
    if not found:
        raise InputError(f"{root}: no game.toml in it or its folders: nothing to archive")
    return found


def game_id(path: Path, root: Path) -> str:
    """A game's name in the tables: its folder relative to the archive (``2019/palermo-43``)."""
    rel = path.parent.relative_to(root).as_posix()
    return rel if rel != "." else path.parent.name


# ---- one game -------------------------------------------------------------------------------


def crashed_game(gid: str, e: Exception) -> GameRows:
    """The failed row of a game that met a bug: where in the code, one line."""
    where = traceback.extract_tb(e.__traceback__)[-1]
    return failed_game(gid, f"internal error {type(e).__name__}: {e} "
                            f"({Path(where.filename).name}:{where.lineno})")


def failed_game(gid: str, error: str) -> GameRows:
    row: dict[str, object] = {c: None for c, _ in SCHEMA["games"]}
    row.update(game=gid, verdict="error", error=error)
    return GameRows(gid, {"games": [row], "days": [], "votes": [], "violations": []}, [])


def game_rows(gid: str, game, posts: list, audit: dict, *, keep_days: bool = False) -> GameRows:
    """The rows of one audited game (pure: the game file, its posts and the audit's JSON)."""
    forum = _forum(game, posts)
    keys = player_keys(game, posts, forum)
    factions = {p.name: p.faction for p in game.players}
    roles = {p.name: p.role for p in game.players}
    days = [d["result"] for d in audit.get("days", [])]
    rows: dict[str, list[dict]] = {"days": [], "votes": [], "violations": []}
    figures: dict[str, PlayerGame] = {}
    gone: set[str] = set()
    for entry, result in zip(audit.get("days", []), days):
        living = _living(game, result, gone)
        rows["days"].append(_day_row(gid, entry, result, living))
        rows["votes"] += [_vote_row(gid, result, v, keys, factions) for v in result["votes"]]
        rows["violations"] += [_violation_row(gid, result["day"], v) for v in result["violations"]]
        _add_figures(figures, result, keys, roles, factions)
    counts = audit.get("counts") or {}
    winner, win_rule = _winner(audit, days)
    rows["games"] = [{
        "game": gid, "title": game.title, "ruleset": game.ruleset, "forum": forum,
        "language": game.language, "days": len(days), "players": len(game.players),
        "posts": len(posts), "winner": winner, "win_rule": win_rule,
        "verdict": verdict_of(audit), "missing": "; ".join(audit.get("missing") or ()) or None,
        "counts_checked": counts.get("checked", 0), "counts_agreeing": counts.get("agreeing", 0),
        "counts_unread": counts.get("unread", 0), "error": None,
    }]
    return GameRows(gid, rows, list(figures.values()), len(posts), days if keep_days else [])


def _forum(game, posts: list) -> str:
    for url in (game.source.thread, *(p.thread or p.url for p in posts[:1])):
        host = urlsplit(url or "").netloc
        if host:
            return host.lower()
    return ""


def player_keys(game, posts: Iterable, forum: str) -> dict[str, str]:
    """Every name (player names and aliases) of the game → the player's key across games."""
    ids: dict[str, str] = {}
    for p in posts:
        if p.author and p.author_id:
            ids.setdefault(fold(p.author), str(p.author_id))
    keys: dict[str, str] = {}
    for player in game.players:
        names = (player.name, *player.aliases)
        uid = next((ids[fold(n)] for n in names if fold(n) in ids), None)
        key = f"{forum}#{uid}" if uid and forum else f"name:{fold(player.name)}"
        for n in names:
            keys[n] = key
    return keys


def _hammer(result: dict) -> str | None:
    """The counted vote that completed the eliminated player's majority (the last one: MS-02's hammer)."""
    out = result["outcome"]
    if out.get("kind") != "eliminated" or out.get("reason") != "majority":
        return None
    on = [v for v in result["votes"] if v["status"] == "counted" and v["target"] in out["players"]]
    return max(on, key=lambda v: v["time"])["post"] if on else None


def _day_row(gid: str, entry: dict, result: dict, living: int) -> dict:
    out = result["outcome"]
    counts = entry.get("votecounts", [])
    return {
        "game": gid, "day": result["day"], "outcome": out.get("kind"), "reason": out.get("reason"),
        "eliminated": "; ".join(out.get("players", [])) if out.get("kind") == "eliminated" else None,
        "players": living, "majority": result.get("majority"),
        "start": result.get("start"), "deadline": result.get("deadline"),
        "hammer_post": _hammer(result), "votes": len(result["votes"]),
        "violations": len(result["violations"]), "review": len(result.get("review", [])),
        "counts_checked": len(counts), "counts_agreeing": sum(1 for c in counts if c.get("agrees")),
        "counts_unread": entry.get("unread_counts", 0),
        "agrees": bool(entry.get("agrees", True)), "verdict": verdict_of(entry),
    }



_LEAVING = frozenset({"murdered", "eliminated", "removed"})


def _living(game, result: dict, gone: set[str]) -> int:
    """The players in the game at the day's deadline: the roster less those who left on earlier
    days (``gone``, updated here with this day's leavers) and by events before the deadline;
    a replacement takes the slot of the player replaced."""
    deadline = datetime.fromisoformat(result["deadline"]) if result.get("deadline") else None
    for e in game.events:
        if (e.type in _LEAVING and e.player and e.at is not None and deadline is not None
                and e.at < deadline):
            gone.add(e.player)
    replaced = {p.replaces for p in game.players if p.replaces}
    living = sum(1 for p in game.players if p.name not in gone and p.name not in replaced)
    out = result["outcome"]
    if out.get("kind") == "eliminated":
        gone.update(out.get("players", []))
    gone.update(r["player"] for r in result.get("removed", []))
    return living


def _vote_row(gid: str, result: dict, v: dict, keys: dict, factions: dict) -> dict:
    return {
        "game": gid, "day": result["day"], "voter": v["voter"], "voter_key": keys.get(v["voter"]),
        "target": v.get("target"), "post": v["post"], "url": v.get("url"), "time": v["time"],
        "status": v["status"], "rule": v.get("rule"), "resolved_by": v.get("resolved_by"),
        "weight": v.get("weight", 1), "voter_faction": factions.get(v["voter"]),
        "target_faction": factions.get(v.get("target")),
    }


def _violation_row(gid: str, day: int, v: dict) -> dict:
    return {"game": gid, "day": day, "violation": v.get("code", v.get("rule")),
            "player": v.get("player"), "post": v.get("post"), "url": v.get("url"),
            "note": v.get("note") or None}


def _winner(audit: dict, days: list[dict]) -> tuple[str | None, str | None]:
    """The game's winner: the tally's ``end`` (rules.md "Winners"), else the audit's win check."""
    for result in reversed(days):
        end = result.get("end")
        if end and end.get("winner"):
            w = end["winner"]
            return ("; ".join(w) if isinstance(w, list) else str(w)), end.get("rule")
    win = audit.get("win")
    if win and win.get("winners"):
        return "; ".join(win["winners"]), win.get("rule")
    return None, None


def _add_figures(figures: dict[str, PlayerGame], result: dict, keys: dict, roles: dict,
                 factions: dict) -> None:
    """One day's votes into each voter's figures: votes cast, final votes and wagons."""
    def fig(name: str) -> PlayerGame:
        key = keys.get(name, f"name:{fold(name)}")
        if key not in figures:
            figures[key] = PlayerGame(key, name)
        return figures[key]

    for v in result["votes"]:
        f = fig(v["voter"])
        f.votes += 1
        f.history.append({"day": result["day"], "target": v.get("target"), "status": v["status"],
                          "rule": v.get("rule", ""), "post": v["post"], "url": v.get("url"),
                          "time": v["time"]})
    out = result["outcome"]
    gone = set(out.get("players", [])) if out.get("kind") == "eliminated" else set()
    for row in result.get("tally", []):
        target = row["player"]
        known = target in roles and (roles[target] or factions.get(target))
        for voter in row["voters"]:
            f = fig(voter)
            f.final_votes += 1
            f.on_eliminated += target in gone
            if known:
                f.final_votes_known += 1
                f.on_mafia += side(roles.get(target), factions.get(target)) in KILLERS
    for target in gone:
        wagon = sorted((v for v in result["votes"]
                        if v["status"] == "counted" and v.get("target") == target),
                       key=lambda v: v["time"])
        if wagon:
            fig(wagon[0]["voter"]).first_on_wagon += 1
            fig(wagon[-1]["voter"]).last_on_wagon += 1


# ---- across games ---------------------------------------------------------------------------


class PlayerTotals:
    """The ``players`` table, summed game by game (bounded by the number of distinct players)."""

    _SUMS = ("votes", "final_votes", "on_eliminated", "final_votes_known", "on_mafia",
             "first_on_wagon", "last_on_wagon")

    def __init__(self, keep_history: bool = False):
        self._rows: dict[str, dict] = {}
        self._names: dict[str, list[str]] = {}
        self.history: dict[str, list[dict]] = {}
        self._keep = keep_history

    def add(self, game: GameRows) -> None:
        for f in game.players:
            row = self._rows.setdefault(f.key, {"player": f.key, "games": 0,
                                                **{k: 0 for k in self._SUMS}})
            row["games"] += 1
            for k in self._SUMS:
                row[k] += getattr(f, k)
            names = self._names.setdefault(f.key, [])
            if f.name not in names:
                names.append(f.name)
            if self._keep:
                self.history.setdefault(f.key, []).extend(
                    {"game": game.game, **h} for h in f.history)

    def rows(self) -> list[dict]:
        out = []
        for key in sorted(self._rows):
            names = self._names[key]
            out.append({**self._rows[key], "name": names[-1], "names": "; ".join(names)})
        return out
