"""The game file (interfaces.md §1) as records, built from the parsed TOML dict (pure).

:func:`build_game` checks keys, players, events, and the schedule and options against the
ruleset's defaults (a :class:`Ruleset`, handed in: this model does not know the presets); anything
wrong is a GameFileError naming the file, the event (index and type) and the rule id. The one
entry point that also runs the ruleset's event checks is :func:`votal.tally.validate.parse_game`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import date, datetime, time
from types import MappingProxyType
from typing import Any, Protocol
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from votal.errors import GameFileError
from votal.scraper.model import YEARS
from votal.tally.localtime import local
from votal.tally.names import fold

EVENT_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # type: (required fields besides type, optional fields) -- interfaces.md §1
    "murdered": (("player",), ("at", "day", "note")),
    "eliminated": (("player",), ("at", "day", "note", "by")),       # by: MB-09 kamikaze
    "revived": (("player",), ("at", "day", "note")),
    "removed": (("player", "reason"), ("at", "day", "note")),
    "replaced": (("old", "new"), ("at", "day", "note")),
    "excused": (("player", "day"), ("at", "note")),
    "lawyer": (("actor", "target", "day"), ("at", "note")),
    "cop_swap": (("actor", "a", "b", "day"), ("at", "note")),
    "block": (("actor", "target", "day"), ("at", "note")),
    "immunity": (("actor", "target", "day"), ("at", "note")),
    "card": (("card", "actor", "day"), ("target", "at", "note")),
    "poll": (("day", "votes"), ("at", "note")),
    "runoff": (("day", "votes"), ("at", "note")),
    "owl": (("actor", "target", "day"), ("at", "note")),
    "priest": (("actor", "target", "day"), ("at", "note", "runoff", "voter")),
    "convert": (("target", "faction"), ("actor", "day", "at", "note")),   # LM-08 (rev. 2)
    "reset": (("day", "at"), ("note",)),             # MS-07 (rev. 2)
    "ruling": (("post", "target"), ("day", "at", "note")),   # a review item decided
}
TIMED = {"murdered", "eliminated", "revived", "removed", "replaced", "convert"}
CARDS = {"extra_vote", "vote_cancel", "arrest", "arrest_cancel", "echo", "exemption",
         "necromancy", "grave_robbing", "failed_murder"}
PLAYER_FIELDS = ("player", "actor", "target", "old", "new", "a", "b", "voter", "by")
TOP_KEYS = {"title", "ruleset", "timezone", "language", "moderators", "source", "schedule",
            "options", "players", "events"}
SOURCE_KEYS = {"thread", "pages", "posts", "vote_thread"}
SCHEDULE_KEYS = {"day1", "deadline", "day_change", "murder", "skip_weekends", "holidays", "day"}
PLAYER_KEYS = {"name", "aliases", "role", "faction", "vote_weight", "ballots", "joined", "replaces"}
LANGUAGES = ("el", "it", "ru", "en")      # the report languages (interfaces.md §1 ``language``)
# What a moderator may write for one of them (ISO 639-2/3 codes, a country code, the names).
_LANGUAGE_HINTS = {
    "el": ("gr", "ell", "gre", "greek", "ελληνικά", "ελληνικα"),
    "it": ("ita", "italian", "italiano"),
    "ru": ("rus", "russian", "русский"),
    "en": ("eng", "english", "uk", "us"),
}


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    aliases: tuple[str, ...] = ()
    role: str | None = None
    faction: str | None = None
    vote_weight: int = 1
    ballots: int = 1               # MS-08: independent votes ("second vote: X")
    joined: datetime | None = None
    replaces: str | None = None


@dataclass(frozen=True, slots=True)
class Event:
    index: int                     # 1-based position among [[events]]
    type: str
    day: int | None = None
    at: datetime | None = None
    player: str | None = None
    actor: str | None = None
    target: str | None = None
    old: str | None = None
    new: str | None = None
    a: str | None = None
    b: str | None = None
    reason: str | None = None
    card: str | None = None
    faction: str | None = None                      # convert (LM-08)
    voter: str | None = None                        # priest: whose vote is removed (LM-05)
    by: str | None = None                           # eliminated: the kamikaze (MB-09)
    runoff: bool = False                            # priest: in the runoff (LM-05)
    poll: tuple[tuple[str, int], ...] = ()          # poll: candidate -> votes
    ballots: tuple[tuple[str, str], ...] = ()       # runoff: (voter, target | "abstain")
    post: str | None = None                          # ruling: the post id decided
    note: str = ""

    def label(self) -> str:
        return f"event #{self.index} ({self.type}{'/' + self.card if self.card else ''})"


@dataclass(frozen=True, slots=True)
class DayOverride:
    start: datetime | None = None
    deadline: datetime | None = None


@dataclass(frozen=True, slots=True)
class ScheduleSpec:
    day1: date
    deadline: time        # the loader refuses a game with neither its own nor the ruleset's hours
    day_change: time
    murder: time | None
    skip_weekends: bool
    holidays: frozenset[date]
    days: Mapping[int, DayOverride] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True, slots=True)
class Source:
    thread: str | None = None
    pages: str | None = None
    posts: str | None = None
    vote_thread: str | None = None

    @property
    def main(self) -> str | None:
        return self.thread or self.pages or self.posts


@dataclass(frozen=True, slots=True)
class Game:
    path: str
    title: str
    ruleset: str
    timezone: str
    language: str
    moderators: tuple[str, ...]
    source: Source
    schedule: ScheduleSpec
    options: Mapping[str, Any]
    players: tuple[Player, ...]
    events: tuple[Event, ...]

    @property
    def tz(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    def player(self, name: str) -> Player:
        return next(p for p in self.players if p.name == name)

    def events_of(self, *types: str, day: int | None = None) -> tuple[Event, ...]:
        return tuple(e for e in self.events
                     if e.type in types and (day is None or e.day == day))


class Ruleset(Protocol):
    """What the file model reads of a ruleset (a :class:`votal.tally.presets.Preset`): the
    defaults of the schedule, the options and the language."""

    @property
    def name(self) -> str: ...
    @property
    def language(self) -> str: ...
    @property
    def deadline(self) -> time | None: ...
    @property
    def day_change(self) -> time | None: ...
    @property
    def murder(self) -> time | None: ...
    @property
    def skip_weekends(self) -> bool: ...
    @property
    def options(self) -> Mapping[str, Any]: ...
    @property
    def option_values(self) -> Mapping[str, tuple[str, ...]]: ...


def build_game(data: Mapping[str, Any], *, path: str, rulesets: Mapping[str, Ruleset]) -> Game:
    """Build a Game from a parsed game file, its ruleset one of ``rulesets``; GameFileError on
    any breach (interfaces.md §1). The ruleset's event checks are not run here."""
    _unknown(data, TOP_KEYS, path, "top level")
    ruleset = _req_str(data, "ruleset", path)
    if ruleset not in rulesets:
        raise GameFileError(f"{path}: unknown ruleset {ruleset!r} (known: {', '.join(sorted(rulesets))})")
    preset = rulesets[ruleset]
    tzname = _req_str(data, "timezone", path)
    try:
        tz = ZoneInfo(tzname)
    except (ZoneInfoNotFoundError, ValueError, OSError):   # OSError: a name too long for a file
        shown = tzname if len(tzname) <= 60 else tzname[:60] + "…"
        raise GameFileError(f"{path}: timezone {shown!r} is not an IANA time zone (C-09)") from None
    players = _players(data.get("players"), path, tz)
    resolve = _name_index(players)
    schedule = _schedule(data.get("schedule"), path, tz, preset)
    options = _options(data.get("options"), path, preset)
    events = tuple(_event(i, raw, path, tz, resolve)
                   for i, raw in enumerate(_list(data.get("events", []), "events", path), 1))
    events = _arrest_cancel_targets(events, path)
    if not isinstance(data.get("title", ""), str):
        raise GameFileError(f"{path}: top level: 'title' must be a string")
    moderators = _list(data.get("moderators", []), "moderators", path)
    if not all(isinstance(m, str) and m.strip() for m in moderators):
        raise GameFileError(f"{path}: 'moderators' must be a list of forum names (strings)")
    return Game(
        path=path, title=str(data.get("title") or path), ruleset=ruleset, timezone=tzname,
        language=_language(data.get("language"), path, preset), moderators=tuple(moderators),
        source=_source(data.get("source"), path), schedule=schedule,
        options=MappingProxyType(options), players=players, events=events)


def _language(value: Any, path: str, preset: Ruleset) -> str:
    """The report language: one of :data:`LANGUAGES`, else the ruleset's (an unknown one refuses
    the file here, not later in a report: ``check`` passing means ``tally`` will not refuse)."""
    if value is None:
        return preset.language
    text = str(value).strip() if isinstance(value, str) else None
    if text in LANGUAGES:
        return text
    meant = next((lang for lang, words in _LANGUAGE_HINTS.items()
                  if text and text.casefold() in words), None)
    hint = f" ({meant!r}?)" if meant else ""
    raise GameFileError(f"{path}: language {value!r} is not a report language{hint}: give one of "
                        f"{', '.join(LANGUAGES)}")


def _shown(text: str) -> str:
    """A key or word of the file as a message prints it: as written when it is one short
    printable line, else quoted with its escapes (a key with a line break, a 5,000-letter type),
    so that the message stays one line."""
    return text if text.isprintable() and len(text) <= 60 else repr(text[:60]) + (
        "…" if len(text) > 60 else "")


def _unknown(table: Mapping, allowed: set[str], path: str, where: str) -> None:
    if not isinstance(table, Mapping):
        raise GameFileError(f"{path}: {where} must be a table")
    extra = sorted(set(table) - allowed)
    if extra:
        raise GameFileError(f"{path}: {where}: unknown key(s) {', '.join(map(_shown, extra))}")


def _req_str(table: Mapping, key: str, path: str, where: str = "top level") -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value.strip():
        raise GameFileError(f"{path}: {where}: '{key}' is required (a string)")
    return value.strip()


def _list(value: Any, key: str, path: str) -> list:
    if not isinstance(value, list):
        raise GameFileError(f"{path}: '{key}' must be a list")
    return value


def _instant(value: Any, tz: ZoneInfo, path: str, where: str) -> datetime:
    """A moment: a TOML date-time or an ISO string, with or without offset (else the game's zone;
    C-13: a local time that does not exist or occurs twice resolves as the schedule does)."""
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            raise GameFileError(f"{path}: {where}: {value!r} is not a date-time like "
                                "2026-11-03T13:00:00+02:00") from None
    if isinstance(value, datetime):
        _in_years(value, path, where)
        return value if value.tzinfo else local(value, tz)
    raise GameFileError(f"{path}: {where}: {value!r} is not a date-time like "
                        "2026-11-03T13:00:00+02:00")


def _date(value: Any, path: str, where: str, rule: str) -> date:
    """A calendar date: a TOML date (2026-11-02) or the same as an ISO string ("2026-11-02")."""
    if isinstance(value, str):
        try:
            return _in_years(date.fromisoformat(value.strip()), path, where)
        except ValueError:
            pass
    elif isinstance(value, date) and not isinstance(value, datetime):
        return _in_years(value, path, where)
    raise GameFileError(f"{path}: {where} must be a date like 2026-11-02, got {value!r} ({rule})")


# The years a date or moment of a game file may fall in: scraper.model.YEARS, the same for posts
# and --at (the schedule lays out up to tally.schedule.MAX_DAYS days from day 1 on).


def _in_years(value, path: str, where: str):
    """``value`` (a date or date-time) when its year is within :data:`YEARS`; a year 1 or 9999
    refused here, naming the key, instead of a date overflow deep in the schedule."""
    if not YEARS[0] <= value.year <= YEARS[1]:
        raise GameFileError(f"{path}: {where}: {value.isoformat()} is out of range: give a year "
                            f"from {YEARS[0]} to {YEARS[1]}")
    return value


def _clock(value: Any, path: str, where: str) -> time | None:
    if value is None:
        return None
    if isinstance(value, time):
        return value
    try:
        return time.fromisoformat(str(value))
    except ValueError:
        raise GameFileError(f"{path}: {where}: {value!r} is not a time of day (HH:MM)") from None


def _source(raw: Any, path: str) -> Source:
    if raw is None:
        return Source()
    _unknown(raw, SOURCE_KEYS, path, "[source]")
    main = [k for k in ("thread", "pages", "posts") if raw.get(k)]
    if len(main) > 1:
        raise GameFileError(f"{path}: [source]: give exactly one of thread / pages / posts, got {main}")
    for key, value in raw.items():
        where = f"{path}: [source].{key}"
        if not isinstance(value, str) or not value.strip():
            raise GameFileError(f"{where} must be a string: a thread's URL, or a path from the "
                                "game file's folder")
        scheme = value.split("://")[0].rsplit(":", 1)[-1].lower() if "://" in value else None
        if scheme is not None and scheme not in ("http", "https"):
            raise GameFileError(f"{where} {value[:80]!r}: votal reads threads at http:// "
                                "and https:// addresses only")
    return Source(**{k: str(v) for k, v in raw.items()})


def _players(raw: Any, path: str, tz: ZoneInfo) -> tuple[Player, ...]:
    out: list[Player] = []
    seen: dict[str, tuple[int, str, str, str]] = {}  # folded -> (player #, player, kind, as written)
    for i, p in enumerate(_list(raw if raw is not None else [], "players", path), 1):
        where = f"player #{i}"
        _unknown(p, PLAYER_KEYS, path, where)
        name = _req_str(p, "name", path, where)
        aliases = tuple(str(a) for a in _list(p.get("aliases", []), f"{where}.aliases", path))
        if not all(a.strip() for a in aliases):   # "" would stand for any blank vote target
            raise GameFileError(f"{path}: {where} {name!r}: an alias is empty; remove it")
        for kind, n in (("name", name), *(("alias", a) for a in aliases)):
            key = fold(n)
            if key in seen and seen[key][0] != i:
                _duplicate(path, (i, name, kind, n), seen[key])
            seen.setdefault(key, (i, name, kind, n))
        for key in ("role", "faction", "replaces"):
            if p.get(key) is not None and not isinstance(p[key], str):
                raise GameFileError(f"{path}: {where}: {key} must be a string")
        weight = p.get("vote_weight", 1)
        if not isinstance(weight, int) or weight < 0:
            raise GameFileError(f"{path}: {where}: vote_weight must be a whole number ≥ 0 (MS-05)")
        ballots = p.get("ballots", 1)
        if not isinstance(ballots, int) or isinstance(ballots, bool) or ballots not in (1, 2):
            raise GameFileError(f"{path}: {where}: ballots must be 1 or 2 (MS-08)")
        out.append(Player(
            name=name, aliases=aliases, role=p.get("role"), faction=p.get("faction"),
            vote_weight=weight, ballots=ballots, replaces=p.get("replaces"),
            joined=_instant(p["joined"], tz, path, f"{where}.joined") if "joined" in p else None))
    if not out:
        raise GameFileError(f"{path}: the game has no [[players]]")
    names = {p.name for p in out}
    for p in out:
        if p.replaces and p.replaces not in names:
            raise GameFileError(f"{path}: player {p.name!r} replaces unknown player {p.replaces!r} (MS-04)")
    return tuple(out)


def _duplicate(path: str, this: tuple[int, str, str, str], first: tuple[int, str, str, str]):
    """C-12 (rev. 2): a name or alias two players share, after folding, refuses the file."""
    def said(entry):
        i, player, kind, written = entry
        return (f"the name {player!r} of player #{i}" if kind == "name"
                else f"the alias {written!r} of player #{i} {player!r}")

    same = "is" if this[3] == first[3] else "equals (once case, accents and look-alikes are folded)"
    raise GameFileError(f"{path}: {said(this)} {same} {said(first)}: names and aliases must tell "
                        "players apart (C-12)")


def _name_index(players: tuple[Player, ...]):
    index = {fold(n): p.name for p in players for n in (p.name, *p.aliases)}

    def resolve(name: str) -> str | None:
        return index.get(fold(str(name)))
    return resolve


def _schedule(raw: Any, path: str, tz: ZoneInfo, preset: Ruleset) -> ScheduleSpec:
    if raw is None:
        raise GameFileError(f"{path}: [schedule] with day1 is required (C-09)")
    _unknown(raw, SCHEDULE_KEYS, path, "[schedule]")
    day1 = _date(raw.get("day1"), path, "[schedule]: day1", "C-09")
    deadline = _clock(raw.get("deadline"), path, "[schedule].deadline") or preset.deadline
    day_change = _clock(raw.get("day_change"), path, "[schedule].day_change") or preset.day_change
    if deadline is None or day_change is None:
        raise GameFileError(
            f"{path}: [schedule]: ruleset {preset.name} has no fixed hours: give deadline and "
            f"day_change (\"HH:MM\") (C-09)")
    holidays = [_date(h, path, "[schedule]: holidays", "C-10")
                for h in _list(raw.get("holidays", []), "schedule.holidays", path)]
    overrides = raw.get("day") or {}
    if not isinstance(overrides, Mapping):
        raise GameFileError(f"{path}: [schedule.day] must be a table of days (C-09)")
    days = {}
    for key, table in overrides.items():
        where = f"[schedule.day.{_shown(str(key))}]"
        if not str(key).isdigit() or int(key) < 1:
            raise GameFileError(f"{path}: {where}: day must be a number ≥ 1 (C-09)")
        _unknown(table, {"start", "deadline"}, path, where)
        days[int(key)] = DayOverride(
            start=_instant(table["start"], tz, path, f"{where}.start") if "start" in table else None,
            deadline=(_instant(table["deadline"], tz, path, f"{where}.deadline")
                      if "deadline" in table else None))
    return ScheduleSpec(
        day1=day1, deadline=deadline, day_change=day_change,
        murder=_clock(raw.get("murder"), path, "[schedule].murder") or preset.murder,
        skip_weekends=bool(raw.get("skip_weekends", preset.skip_weekends)),
        holidays=frozenset(holidays), days=MappingProxyType(days))


def _options(raw: Any, path: str, preset: Ruleset) -> dict[str, Any]:
    options = dict(preset.options)
    if raw is None:
        return options
    _unknown(raw, set(options), path, f"[options] (ruleset {preset.name})")
    for key, value in raw.items():
        default = options[key]
        if default is not None and not isinstance(value, type(default)):
            raise GameFileError(f"{path}: [options].{key}: expected {type(default).__name__}, "
                                f"got {value!r}")
        allowed = preset.option_values.get(key)
        if allowed and value not in allowed:
            raise GameFileError(f"{path}: [options].{key}: {value!r} is not one of {allowed}")
        options[key] = value
    return options


def _event(index: int, raw: Any, path: str, tz: ZoneInfo, resolve) -> Event:
    if not isinstance(raw, Mapping):
        raise GameFileError(f"{path}: event #{index}: must be a table")
    etype = raw.get("type")
    if not isinstance(etype, str) or etype not in EVENT_FIELDS:  # a TOML table or list is no type
        raise GameFileError(f"{path}: event #{index} ({_shown(str(etype))}): unknown event type "
                            f"(known: {', '.join(sorted(EVENT_FIELDS))})")
    label = f"{path}: event #{index} ({etype})"
    required, optional = EVENT_FIELDS[etype]
    missing = [k for k in required if k not in raw]
    if missing:
        raise GameFileError(f"{label}: missing field(s) {', '.join(missing)}")
    extra = sorted(set(raw) - set(required) - set(optional) - {"type"})
    if extra:
        raise GameFileError(f"{label}: unknown field(s) {', '.join(map(_shown, extra))}")
    if etype in TIMED and "at" not in raw and "day" not in raw:
        raise GameFileError(f"{label}: needs 'at' (or at least 'day') to know when it happened")
    fields: dict[str, Any] = {"index": index, "type": etype}
    if "day" in raw:
        if not isinstance(raw["day"], int) or isinstance(raw["day"], bool):
            raise GameFileError(f"{label}: day must be a whole number")
        fields["day"] = raw["day"]
    if "at" in raw:
        fields["at"] = _instant(raw["at"], tz, path, f"event #{index} ({etype}).at")
    if etype == "ruling":
        fields["post"] = str(raw["post"]).strip()
        if not fields["post"] or isinstance(raw["post"], (bool, dict, list)):
            raise GameFileError(f"{label}: post must be a post id")
        if isinstance(raw["target"], str) and raw["target"].strip().lower() == "none":
            raw = {k: v for k, v in raw.items() if k != "target"}   # no vote
    for key in PLAYER_FIELDS:
        if key in raw:
            name = resolve(raw[key])
            if name is None:
                raise GameFileError(f"{label}: {key} {raw[key]!r} is not a player of this game (C-01)")
            fields[key] = name
    if etype == "card":
        if not isinstance(raw["card"], str) or raw["card"] not in CARDS:
            raise GameFileError(f"{label}: unknown card {raw['card']!r} (known: {', '.join(sorted(CARDS))})")
        fields["card"] = raw["card"]
    if etype == "removed":
        fields["reason"] = str(raw["reason"])
    if etype == "convert":
        if not isinstance(raw["faction"], str) or not raw["faction"].strip():
            raise GameFileError(f"{label}: faction must be a string (LM-08)")
        fields["faction"] = raw["faction"].strip()
    if "runoff" in raw:
        if not isinstance(raw["runoff"], bool):
            raise GameFileError(f"{label}: runoff must be true or false (LM-05)")
        fields["runoff"] = raw["runoff"]
    if etype == "poll":
        fields["poll"] = _poll_votes(raw["votes"], label, resolve)
    if etype == "runoff":
        fields["ballots"] = _runoff_votes(raw["votes"], label, resolve)
    if "note" in raw:
        fields["note"] = str(raw["note"])
    return Event(**fields)


def _poll_votes(votes: Any, label: str, resolve) -> tuple[tuple[str, int], ...]:
    if not isinstance(votes, Mapping):
        raise GameFileError(f"{label}: votes must be a table {{candidate = n}} (C-11)")
    out = []
    for name, n in votes.items():
        player = resolve(name)
        if player is None or not isinstance(n, int):
            raise GameFileError(f"{label}: votes: {name!r} = {n!r} is not a player and a count (C-11)")
        out.append((player, n))
    return tuple(out)


def _runoff_votes(votes: Any, label: str, resolve) -> tuple[tuple[str, str], ...]:
    if not isinstance(votes, list):
        raise GameFileError(f"{label}: votes must be a list of {{voter, target}} (LM-02)")
    out = []
    for v in votes:
        if not isinstance(v, Mapping) or set(v) != {"voter", "target"}:
            raise GameFileError(f"{label}: each runoff vote needs exactly voter and target (LM-02)")
        voter = resolve(v["voter"])
        target = "abstain" if str(v["target"]).lower() == "abstain" else resolve(v["target"])
        if voter is None or target is None:
            raise GameFileError(f"{label}: runoff vote {dict(v)} names an unknown player (LM-02)")
        out.append((voter, target))
    return tuple(out)


def _arrest_cancel_targets(events: tuple[Event, ...], path: str) -> tuple[Event, ...]:
    """An Arrest cancellation without a target cancels the round's one arrest (PX-13 rev. 2);
    with two arrests that round the file is refused, naming both."""
    out = []
    for e in events:
        if e.type == "card" and e.card == "arrest_cancel" and not e.target:
            arrests = [a for a in events if a.type == "card" and a.card == "arrest"
                       and a.day == e.day]
            if len(arrests) > 1:
                named = " and ".join(f"{a.label()} of {a.target}" for a in arrests)
                raise GameFileError(f"{path}: {e.label()}: no target, and day {e.day} has two "
                                    f"arrests ({named}): name the one cancelled (PX-13)")
            if arrests:
                e = replace(e, target=arrests[0].target)
        out.append(e)
    return tuple(out)
