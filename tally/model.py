"""The tally's records (interfaces.md §3): votes, violations, outcomes, a day's result.

Frozen dataclasses and enums only, and a DayResult as JSON (:meth:`DayResult.to_dict`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum
from typing import TypedDict


class Status(str, Enum):
    """C-06: what became of a vote post."""

    COUNTED = "counted"
    VOID = "void"          # C-04: void without blame
    INVALID = "invalid"    # counts as no vote (self-vote, unvotable target after the event, ...)
    IGNORED = "ignored"    # superseded, or outside the time rules


class OutcomeKind(str, Enum):
    ELIMINATED = "eliminated"
    TIE = "tie"
    NO_ELIMINATION = "no-elimination"
    PENDING = "pending"    # a running count (``until``) or a day whose vote is not over yet


class Reason(str, Enum):
    PLURALITY = "plurality"
    MAJORITY = "majority"
    MAYOR = "mayor"
    ABSENCE_TIE = "absence-tie"
    FIRST_TO_MAX = "first-to-max"
    RUNOFF = "runoff"
    POLL = "poll"
    TIE = "tie"
    ARREST = "arrest"
    LAWYER = "lawyer"
    NO_VOTES = "no-votes"
    NO_LYNCH = "no-lynch"


class PlayerState(str, Enum):
    """rules.md vocabulary: active, ghost (may come back), out (for good)."""

    ACTIVE = "active"
    GHOST = "ghost"
    OUT = "out"


NO_LYNCH = "No Lynch"   # MS-01: the no-lynch vote target


@dataclass(frozen=True, slots=True)
class Vote:
    """One vote post of the day and what the rules made of it (C-06)."""

    voter: str
    target: str | None
    post: str
    url: str
    time: datetime
    number: int | None
    weight: int = 1
    status: Status = Status.COUNTED
    rule: str = ""
    window: bool = False
    note: str = ""
    blame: bool = True   # False: void without blame (C-04), cancelled by a card (PX-12)
    resolved_by: str | None = None   # how an inexact name was read (names.py), else None


@dataclass(frozen=True, slots=True)
class Violation:
    """A breach of the rules by a player (style.md): its stable ``V-`` code, the post, the player.

    ``code`` is a violation code (``V-SELF``); ``rule`` elsewhere means a rules.md id. The JSON
    keeps the contract's ``rule`` key for the code (interfaces.md §3) and adds ``code``.
    """

    code: str
    player: str | None
    post: str | None = None
    url: str | None = None
    time: datetime | None = None
    note: str = ""


@dataclass(frozen=True, slots=True)
class ReviewItem:
    """What a human must decide: an unknown or ambiguous name, an unresolved agreement quote."""

    rule: str
    player: str | None
    post: str
    url: str
    text: str
    candidates: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Removal:
    player: str
    reason: str
    rule: str


@dataclass(frozen=True, slots=True)
class Effect:
    """A private ability's effect on the day's vote (PX-07, PX-08, LM-05, ...)."""

    rule: str
    actor: str | None
    target: str | None
    effect: str


@dataclass(frozen=True, slots=True)
class Outcome:
    kind: OutcomeKind
    players: tuple[str, ...] = ()
    reason: Reason | None = None
    rule: str = ""
    next: str | None = None   # "poll" | "runoff" after a tie
    lynches: tuple[tuple[str, Reason, str], ...] = ()   # MS-06: (player, reason, post) in order
    between: tuple[str, ...] = ()   # a runoff's or a poll's candidates (LM-02, LM-04, C-11)


@dataclass(frozen=True, slots=True)
class TallyRow:
    player: str
    votes: int
    voters: tuple[str, ...]


class GameEnd(TypedDict, total=False):
    """The end of the game (PX-21, PC-07, MB-10, LM-08, MR-08, MR-10): a day result's ``end``."""

    winner: str | list[str] | None
    rule: str
    note: str
    winners: list[str]             # LM-08: every faction that wins together


@dataclass(frozen=True, slots=True)
class DayResult:
    game: str
    ruleset: str
    day: int
    language: str
    timezone: str
    thread: str | None
    start: datetime
    deadline: datetime
    majority: int | None
    tally: tuple[TallyRow, ...]
    outcome: Outcome
    absent: tuple[str, ...]
    removed: tuple[Removal, ...]
    votes: tuple[Vote, ...]
    violations: tuple[Violation, ...]
    review: tuple[ReviewItem, ...]
    revealed: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    roles: tuple[tuple[str, str], ...] = ()
    factions: tuple[tuple[str, str], ...] = ()
    weights: tuple[tuple[str, int], ...] = ()
    effects: tuple[Effect, ...] = ()
    seed: int | None = None
    end: GameEnd | None = None
    extra: dict = field(default_factory=dict, compare=False)
    as_of: datetime | None = None     # a running count at this instant (the vote still open)
    closed: datetime | None = None    # the rules ended the vote before the deadline (MS-02)

    def to_dict(self) -> dict:
        return day_to_dict(self)


def _iso(t: datetime | None) -> str | None:
    return t.isoformat() if t else None


def _vote(v: Vote) -> dict:
    row = {"voter": v.voter, "target": v.target, "post": v.post, "url": v.url,
           "time": _iso(v.time), "weight": v.weight, "status": v.status.value,
           "rule": v.rule, "window": v.window, "note": v.note}
    if v.resolved_by:   # interfaces.md §3 (rev. 2): only for a name read inexactly
        row["resolved_by"] = v.resolved_by
    return row


def day_to_dict(r: DayResult) -> dict:
    """The tally JSON (interfaces.md §3, extended as docs/formats.md "Tally JSON" says); ``private`` holds everything secret."""
    outcome: dict[str, object] = {"kind": r.outcome.kind.value, "players": list(r.outcome.players),
               "reason": r.outcome.reason.value if r.outcome.reason else None,
               "rule": r.outcome.rule or None}
    if r.outcome.next:
        outcome["next"] = r.outcome.next
    if r.outcome.between:   # the candidates of the runoff or poll that decided it
        outcome["between"] = list(r.outcome.between)
    if r.outcome.lynches:   # rules.md MS-06
        outcome["lynches"] = [{"player": p, "reason": reason.value, "post": post}
                              for p, reason, post in r.outcome.lynches]
    return {
        "game": r.game, "ruleset": r.ruleset, "day": r.day, "language": r.language,
        "timezone": r.timezone, "thread": r.thread, "start": _iso(r.start),
        "deadline": _iso(r.deadline), "majority": r.majority,
        "tally": [{"player": t.player, "votes": t.votes, "voters": list(t.voters)} for t in r.tally],
        "outcome": outcome,
        "absent": list(r.absent),
        "removed": [{"player": x.player, "reason": x.reason, "rule": x.rule} for x in r.removed],
        "votes": [_vote(v) for v in r.votes],
        "violations": [{"rule": v.code, "player": v.player, "post": v.post, "url": v.url,
                        "time": _iso(v.time), "note": v.note} for v in r.violations],
        "review": [{"rule": i.rule, "player": i.player, "post": i.post, "url": i.url,
                    "text": i.text, "candidates": list(i.candidates)} for i in r.review],
        "revealed": list(r.extra.get("revealed", [])),
        "notes": list(r.notes),
        "end": dict(r.end) if r.end else None,
        "provisional": r.as_of is not None, "as_of": _iso(r.as_of),
        "private": {"roles": dict(r.roles), "factions": dict(r.factions), "weights": dict(r.weights),
                    "effects": [{"rule": e.rule, "actor": e.actor, "target": e.target,
                                 "effect": e.effect} for e in r.effects],
                    "seed": r.seed},
    }
