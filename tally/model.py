"""The tally's records (interfaces.md §3): votes, violations, outcomes, a day's result.

Frozen dataclasses and enums only; :mod:`votal.tally.result` turns a DayResult into JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum


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


@dataclass(frozen=True, slots=True)
class TallyRow:
    player: str
    votes: int
    voters: tuple[str, ...]


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
    end: dict | None = None
    extra: dict = field(default_factory=dict, compare=False)
    as_of: datetime | None = None     # a running count at this instant (the vote still open)

    def to_dict(self) -> dict:
        from votal.tally.result import day_to_dict

        return day_to_dict(self)
