"""The working state of one day's count, shared by the rule functions, in typed parts.

Internal to the replay (tally/replay.py): rule functions read and update it in the preset's
order; tally/result.py then freezes it into a :class:`votal.tally.model.DayResult`. A
:class:`Day` is made of :class:`Inputs` (read only: game, the ruleset's few traits the rules
read, typed options, clock, posts, the day's events), :class:`Votes` (ballots, the standing vote
of each voter, counts), :class:`Players` (the players' states and who is charged) and
:class:`Outputs` (outcome, removals, violations, review, effects, notes), plus the replay's
:class:`RunCache` (issue 12). Each part's state is reached through its part, one way.
"""

from __future__ import annotations

import functools
import inspect
import operator
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Protocol, TypeVar

from votal.scraper.model import Post
from votal.tally.bodies.extract import PostReading
from votal.tally.game import Event, Game
from votal.tally.model import (
    Effect,
    GameEnd,
    Outcome,
    OutcomeKind,
    PlayerState,
    Removal,
    ReviewItem,
    Status,
    Violation,
)
from votal.tally.names import Resolution, fold
from votal.tally.options import Options
from votal.tally.roles import Revealed, canonical, reveal_entry
from votal.tally.schedule import Schedule, VoteClock
from votal.tally.timeline import Timeline

_TICK = timedelta(microseconds=1)


def need(value: str | None, e: Event) -> str:
    """A field of ``e`` that the loader requires for its type (game.EVENT_FIELDS), so never None."""
    if value is None:
        raise ValueError(f"{e.label()}: a required field is missing (the loader checks EVENT_FIELDS)")
    return value


def target_of(b: Ballot) -> str:
    """The target of a ballot known to name one (a counted vote, a hammer): not an unvote."""
    if b.target is None:
        raise ValueError(f"post {b.post.id}: an unvote where a named vote was expected")
    return b.target


def post_time(post: Post) -> datetime:
    """The time of a counted post: the replay refuses posts without one (tally/replay.py, C-09)."""
    if post.time is None:
        raise ValueError(f"post {post.id} has no time: it cannot be placed on a day")
    return post.time


@dataclass(slots=True)
class Ballot:
    """One vote action read from a post (a post may hold several in mafiascum: unvote, vote)."""

    post: Post
    voter: str
    target: str | None          # a slot name, NO_LYNCH, or None for an unvote
    text: str
    unvote: bool = False
    status: Status | None = None
    rule: str = ""
    note: str = ""
    window: bool = False
    blame: bool = True
    weight: int = 1
    order: int = 0
    resolved_by: str | None = None   # interfaces.md §3: how an inexact target name was read
    ballot: int = 1                  # MS-08: which of a player's two independent votes

    @property
    def time(self) -> datetime:
        t = self.post.time   # asked for every ballot by every filter: no call when timed
        return t if t is not None else post_time(self.post)   # post_time refuses it

    def decide(self, status: Status, rule: str, note: str = "", *, blame: bool = True) -> None:
        self.status, self.rule, self.note, self.blame = status, rule, note, blame

    @property
    def open(self) -> bool:
        return self.status is None

    def copy(self) -> Ballot:
        """The same ballot, to be decided again apart from this one (a running count's own)."""
        return Ballot(*_BALLOT_FIELDS(self))


_BALLOT_FIELDS = operator.attrgetter(*Ballot.__dataclass_fields__)


class Resolver(Protocol):
    """What the rules ask of the name resolver (vocabulary; tally/names.NameResolver)."""

    def resolve(self, text: str) -> Resolution: ...


AuthorSlot = Callable[[str, datetime], "str | None"]
"""C-01: the slot an author holds at a time, or None for a moderator or a non-player."""

@dataclass(slots=True)
class GameState:
    """What carries from one day to the next (absences, refusals, saves, posts after death)."""

    absences: dict[str, list[int]] = field(default_factory=dict)       # PX-18/PC-05: days absent
    refusals: Counter[str] = field(default_factory=Counter)            # MR-06
    abstentions: Counter[str] = field(default_factory=Counter)         # LM-01
    saves: Counter[str] = field(default_factory=Counter)               # MB-05
    lawyer_missed: int = 0                                             # MB-05
    dead_posts: Counter[str] = field(default_factory=Counter)          # C-08
    votes_against: Counter[str] = field(default_factory=Counter)       # MR-08
    first_vote_against: dict[str, datetime] = field(default_factory=dict)   # MR-08
    reveal_vote_next: bool = True
    rival_took_over: bool = False                     # PX-21: the rival mafioso took over

    def copy(self) -> GameState:
        """A copy that shares nothing mutable: a running count changes its own copy only."""
        return GameState(
            {k: list(v) for k, v in self.absences.items()}, Counter(self.refusals),
            Counter(self.abstentions), Counter(self.saves), self.lawyer_missed,
            Counter(self.dead_posts), Counter(self.votes_against), dict(self.first_vote_against),
            self.reveal_vote_next, self.rival_took_over)


BodyReadings = dict[tuple[str, str], PostReading]
"""(vote syntax, body HTML) -> its reading (rules/reading.py): owned by one replay and what it
hands on (its running counts, a watch's next refresh), so it lives and goes with them."""


@dataclass(frozen=True, slots=True)
class Learned:
    """A name a moderator's count taught (issue 10, rules/learned.py): the target it names."""

    slot: str          # the target's slot
    post: str          # the count's post id
    url: str           # the count's link


@dataclass(slots=True)
class RunCache:
    """What one replay of a game keeps across its days (tally/replay.py): typed, not a free dict."""

    readings: dict[str, PostReading] = field(default_factory=dict)   # post id -> first version
    rulings_used: set[int] = field(default_factory=set)              # `ruling` events applied
    ruled_unreadable: dict[str, str] = field(default_factory=dict)   # post id -> what was unread
    learned: dict[str, Learned] = field(default_factory=dict)        # issue 10: fold(text) ->
    names_by_slot: dict[str, list[str]] | None = None                # MB-02 (rev. 2)
    two_ballots: frozenset[str] | None = None                        # MS-08
    bodies: BodyReadings = field(default_factory=dict)               # shared, never copied

    def fork(self) -> RunCache:
        """The cache as a day finds it, for a count that must leave this one as it is (a running
        count from a day's start): what a day changes is copied (the rulings applied, the names
        learned); what it only reads is shared, and so are the readings (a post's reading is
        its first version's, the same in every count of the replay: each post is read once,
        issue 22) and the body readings."""
        return RunCache(self.readings, set(self.rulings_used),
                        self.ruled_unreadable, dict(self.learned), self.names_by_slot,
                        self.two_ballots, self.bodies)


# -- the parts of a day ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RuleTraits:
    """What the rules read of their ruleset (its :class:`votal.tally.presets.Preset`, which makes
    it: ``Preset.traits``), and nothing more: a rule never sees the preset's steps, options
    mapping or schedule defaults, and this module never imports the presets."""

    syntax: str                                   # "red" or "mafiascum" (extract.read_post)
    weights: bool                                 # MS-05: vote_weight counts
    vote_thread: bool                             # MB-01
    inactive_rule: str                            # MB-07 / MR-06
    last_words_causes: frozenset[str] | None      # None: any cause (MR-07)
    unvotable: tuple[Unvotable, ...]              # C-04
    quotes: bool = True                           # its rules read what posts quote (MR-03)
    coloured: bool = True                         # ... the names in other colours (MR-02)




@dataclass(frozen=True, slots=True)
class Inputs:
    """What the day is given, read only: the game, its ruleset's traits and options, the clock,
    the posts."""

    game: Game
    traits: RuleTraits
    options: Options
    number: int
    schedule: Schedule
    clock: VoteClock
    start: datetime
    end: datetime
    posts: list[Post]                 # the game thread's posts of the day
    vote_posts: list[Post]            # where votes are read (the vote thread in MB-01)
    resolver: Resolver
    author_slot: AuthorSlot
    until: tuple[datetime, int] | None = None
    moderators: frozenset[str] = frozenset()              # folded names (C-01)
    # a count made for the public while the vote is open: the abilities, cards and weights the
    # rules keep secret until the close are left out (``rules.common.secret``; issue 20, PX-06)
    withhold: bool = False
    # the day's events by (types, card), filtered once for the day, not once per ballot (issue 22)
    _events: dict[tuple[tuple[str, ...], str | None], tuple[Event, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    @property
    def running(self) -> bool:
        """A running count (``until``): the day's vote is not over, nothing is applied at its end."""
        return self.until is not None

    @property
    def close(self) -> datetime:
        return self.clock.close

    @property
    def vote_end(self) -> datetime:
        """The instant at which 'still active at the deadline' is judged (C-02).

        Just before the deadline: a removal made at the end of the turn (MR-09) leaves the
        voter's vote standing.
        """
        return self.clock.deadline - _TICK

    def events(self, *types: str, card: str | None = None) -> tuple[Event, ...]:
        """The game file's events of this day (the day's abilities, cards and announcements).

        Read once per (types, card) for the day: the game file does not change while the day is
        counted, and the rules ask for every ballot (palermo's PX-10, PX-11, PX-15)."""
        key = (types, card)
        found = self._events.get(key)
        if found is None:
            found = self._events[key] = tuple(
                e for e in self.game.events_of(*types, day=self.number)
                if card is None or e.card == card)
        return found

    def blocked(self, actor: str) -> bool:
        """PX-09: the actor's abilities have no effect on this day's vote."""
        return any(e.target == actor for e in self.events("block"))

    def echo(self, t: datetime) -> bool:
        """PX-14: Echo from beyond is in force at t: from 3 hours after the card to 20:10."""
        delay = timedelta(hours=self.options.echo_delay_hours)
        return any(e.at is not None and e.at + delay <= t < self.close
                   for e in self.events("card", card="echo"))

    def is_moderator(self, author: str) -> bool:
        return fold(author) in self.moderators


@dataclass(slots=True)
class Votes:
    """The day's votes: every ballot read, the one standing per voter, the count per target."""

    ballots: list[Ballot] = field(default_factory=list)
    final: dict[str, Ballot] = field(default_factory=dict)        # voter slot -> standing ballot
    counts: dict[str, int] = field(default_factory=dict)          # target -> votes (weighted)
    voters: dict[str, list[str]] = field(default_factory=dict)    # target -> voter slots
    majority: int | None = None                                   # MS-02
    hammers: list[Ballot] = field(default_factory=list)           # MS-02/MS-06, in order
    # the first ballot of the posts being read: 0 when the day's posts are read at once; a
    # running count's stream (tally/replay.py) reads them a batch at a time, and the steps that
    # stream (``streams``) read the ballots from here on, the ones before being read already
    fresh: int = 0

    def open(self) -> list[Ballot]:
        """The ballots no rule has decided yet."""
        return [b for b in self.ballots if b.status is None]

    def new(self) -> list[Ballot]:
        """The ballots of the posts being read (:attr:`fresh`): all of them, but in a stream."""
        return self.ballots[self.fresh:] if self.fresh else self.ballots

    def fork(self) -> Votes:
        """A copy whose ballots are copies, decided apart from these (a running count's own)."""
        ballots = [b.copy() for b in self.ballots]
        same = dict(zip(map(id, self.ballots), ballots, strict=True)) \
            if self.final or self.hammers else {}
        return Votes(ballots, {v: same[id(b)] for v, b in self.final.items()}, dict(self.counts),
                     {t: list(v) for t, v in self.voters.items()}, self.majority,
                     [same[id(b)] for b in self.hammers])


@dataclass(slots=True)
class Players:
    """The players' states: who is in the game when (the timeline, read), what carries from day
    to day, and who is charged, excused or out for good today."""

    timeline: Timeline
    carried: GameState
    vote_end: datetime                 # inputs.vote_end, for name() and active_at_deadline() only
    absent: list[str] = field(default_factory=list)       # charged an absence today
    cancelled: set[str] = field(default_factory=set)      # PX-12: voters whose vote is cancelled
    spared: set[str] = field(default_factory=set)         # MS-07: votes reset, nobody charged
    for_good: set[str] = field(default_factory=set)       # PX-18/PX-19: leave by the vote, out for good

    def fork(self) -> Players:
        """A copy that shares only the timeline (no rule changes it while a day is counted)."""
        return Players(self.timeline, self.carried.copy(), self.vote_end, list(self.absent),
                       set(self.cancelled), set(self.spared), set(self.for_good))

    def state_of(self, slot: str, t: datetime) -> PlayerState:
        return self.timeline.state(slot, t)

    def active(self, slot: str, t: datetime) -> bool:
        return self.timeline.state(slot, t) is PlayerState.ACTIVE

    def active_at_deadline(self) -> list[str]:
        return [s for s in self.timeline.slots if self.active(s, self.vote_end)]

    def name(self, slot: str) -> str:
        """The slot's name as shown: its occupant at the deadline (MS-04)."""
        return self.timeline.occupant(slot, self.vote_end)


@dataclass(slots=True)
class Outputs:
    """What the day's rules write: the outcome and everything the result reports."""

    outcome: Outcome | None = None
    removed: list[Removal] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    review: list[ReviewItem] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    revealed: list[Revealed] = field(default_factory=list)
    seed: int | None = None
    game_end: GameEnd | None = None                        # end of game (PX-21, PC-07, ...)
    flagged: set[str] = field(default_factory=set)        # post ids already given a violation
    closed: datetime | None = None   # the rules closed the vote before the deadline (MS-02)

    def fork(self) -> Outputs:
        """A copy whose lists and sets are its own (their records are never changed)."""
        return Outputs(self.outcome, list(self.removed), list(self.violations), list(self.review),
                       list(self.effects), list(self.notes), list(self.revealed), self.seed,
                       self.game_end, set(self.flagged), self.closed)

    def violate(self, code: str, player: str | None, post: Post | None = None, note: str = "",
                *, once: bool = True) -> None:
        """A violation (``V-`` code) of ``player`` (a name as shown), once per post by default."""
        if post is not None and once:
            if post.id in self.flagged:
                return
            self.flagged.add(post.id)
        self.violations.append(Violation(
            code, player, post.id if post else None, post.url if post else None,
            post.time if post else None, note))

    def removal(self, slot: str, reason: str, rule: str) -> None:
        """A player removed at the end of the day (once)."""
        if any(r.player == slot for r in self.removed):
            return
        self.removed.append(Removal(slot, reason, rule))

    def eliminated(self) -> set[str]:
        """The slots the day's outcome eliminates (none before it is decided)."""
        outcome = self.outcome
        return set(outcome.players) if outcome and outcome.kind is OutcomeKind.ELIMINATED else set()


@dataclass(slots=True)
class Day:
    """One day's count: its inputs (read only), votes, players' states and outputs, and the
    replay's cache. Rule functions take the day, or only the parts they read and write; either
    way a part's state is reached through its part (``day.inputs.game``, ``day.players.name``,
    ``day.out.violate``), one way each. The day itself answers only what needs several parts."""

    inputs: Inputs
    votes: Votes
    players: Players
    out: Outputs
    cache: RunCache
    # (target, timeline revision) -> since when and why the target cannot be voted
    # (rules.common.unvotable_since, C-04): asked for every ballot, the same for a target while
    # the timeline is unchanged (issue 22)
    unvotable: dict[tuple[str, int], tuple[datetime | None, str]] = field(default_factory=dict)

    def fork(self, inputs: Inputs) -> Day:
        """The day counted so far, copied for a count that goes on from here with ``inputs``
        (a running count of the day's stream, tally/replay.py), this one left as it is."""
        return Day(inputs, self.votes.fork(), self.players.fork(), self.out.fork(),
                   self.cache.fork(), dict(self.unvotable))

    def can_vote(self, slot: str, t: datetime) -> bool:
        """Active, or a ghost while an echo card lets ghosts vote (C-02, PX-14)."""
        state = self.players.state_of(slot, t)
        return state is PlayerState.ACTIVE or (state is PlayerState.GHOST and self.inputs.echo(t))

    def role_of(self, slot: str) -> str | None:
        """The canonical role key of the slot's occupant (interfaces.md §1 "Roles")."""
        game = self.inputs.game
        return canonical(game.ruleset, game.player(self.players.name(slot)).role)

    def role_holders(self, role: str) -> list[str]:
        game = self.inputs.game
        return [self.players.timeline.slot_of(p.name) for p in game.players
                if canonical(game.ruleset, p.role) == role]

    def faction_of(self, slot: str, t: datetime | None = None) -> str | None:
        """The slot's faction (LM-08 rev. 2) at t (default: once the day is over), after the
        game file's ``convert`` events up to then."""
        return faction_at(self.inputs.game, self.inputs.schedule, self.players.name(slot),
                          t if t is not None else self._over())

    def converted(self, slot: str, t: datetime | None = None) -> bool:
        t = t if t is not None else self._over()
        name, schedule = self.players.name(slot), self.inputs.schedule
        return any(e.target == name and _when(schedule, e) <= t
                   for e in self.inputs.game.events_of("convert"))

    def reveal(self, slot: str, rule: str) -> None:
        """Revealed roles (rev. 2): the role as the rules announce it; ``true_role`` privately."""
        name, game = self.players.name(slot), self.inputs.game
        if any(r["player"] == name for r in self.out.revealed):
            return
        self.out.revealed.append(reveal_entry(game.ruleset, name, game.player(name).role, rule))

    def _over(self) -> datetime:
        """The instant the day is over: the later of its end and its vote's close."""
        return max(self.inputs.end, self.inputs.close)


# -- rules that take only some parts of the day ------------------------------------------------------

PARTS = {"inputs": Inputs, "votes": Votes, "players": Players, "out": Outputs}
R = TypeVar("R")
Step = Callable[[Day], None]
S = TypeVar("S", bound=Callable[[Day], None])
Check = Callable[[Day], "Outcome | None"]
Filter = Callable[[Day, Ballot], None]
# C-04: since when, and why, a target cannot be voted in the day's vote (``Preset.unvotable``)
Unvotable = Callable[[Day, str], "tuple[datetime, str] | None"]
# a check of the game file's events, refusing a file that breaks its ruleset (rules/checks.py)
EventCheck = Callable[[Game, Schedule], None]


def streams(step: S) -> S:
    """Marks a step that reads the day's posts a batch at a time: run over the posts of
    ``inputs.posts`` / ``inputs.vote_posts`` and the ballots from ``votes.fresh`` on
    (:meth:`Votes.new`), after it ran over the posts before, it leaves the day as one run over
    all of them does. Such a step decides a post's ballots from that post, the posts and
    ballots before it and the day's inputs, never from a post after it; it selects and counts
    nothing (``votes.final``, ``counts``); only the first such step writes review items or
    notes (the others, violations: sorted at the freeze). The preset's leading steps so marked
    (``Preset.streamed``) are what a running count's stream runs once over the day (issue 22)."""
    step.streams = True  # type: ignore[attr-defined]
    return step


def streamed(steps: tuple[Step, ...]) -> int:
    """How many of ``steps``, from the first, read the posts a batch at a time (:func:`streams`)."""
    n = 0
    while n < len(steps) and getattr(steps[n], "streams", False):
        n += 1
    return n


def _part_names(fn: Callable[..., object], extra: int) -> tuple[str, ...]:
    """The parts a rule's parameters name (all but its last ``extra``), checked once at import:
    each is called as its part (``votes: Votes``), so the signature says what the rule reads and
    writes; a parameter of another name or type is a bug (TypeError)."""
    params = list(inspect.signature(fn).parameters.values())
    names = params[:len(params) - extra]
    for p in names:
        part = PARTS.get(p.name)
        if part is None or p.annotation not in (part, part.__name__):
            raise TypeError(f"{fn.__module__}.{fn.__qualname__}: parameter {p.name!r} is none of "
                            f"the day's parts ({', '.join(f'{k}: {v.__name__}' for k, v in PARTS.items())})")
    return tuple(p.name for p in names)


def _reader(names: tuple[str, ...]) -> Callable[[Day], tuple[object, ...]]:
    """The day's parts of these names, as a tuple, read by one C call (``operator.attrgetter``):
    a ballot filter reads them for every ballot (issue 22)."""
    if not names:
        return lambda day: ()
    get = operator.attrgetter(*names)
    if len(names) == 1:
        return lambda day: (get(day),)
    return get


def parts(fn: Callable[..., R]) -> Callable[[Day], R]:
    """A rule step or outcome check that takes only the day's parts it reads and writes
    (``def select_first(votes: Votes) -> None``); the replay, and other rules, call it with a
    :class:`Day`."""
    read = _reader(_part_names(fn, 0))

    @functools.wraps(fn)
    def step(day: Day) -> R:
        return fn(*read(day))
    return step


def ballot_parts(fn: Callable[..., None]) -> Filter:
    """A ballot filter (``each_open``) that takes the parts it reads and writes, then the ballot
    (``def after_deadline(inputs: Inputs, b: Ballot) -> None``)."""
    read = _reader(_part_names(fn, 1))

    @functools.wraps(fn)
    def check(day: Day, b: Ballot) -> None:
        fn(*read(day), b)
    return check


def _when(schedule: Schedule, e: Event) -> datetime:
    """An event's instant: its ``at``, else the start of its day (made in time)."""
    return e.at if e.at is not None else schedule.start(e.day or 1)


def faction_at(game: Game, schedule: Schedule, name: str, t: datetime) -> str | None:
    """A player's faction at t: the game file's, changed by ``convert`` events (LM-08 rev. 2)."""
    faction = game.player(name).faction
    changes = sorted((e for e in game.events_of("convert") if e.target == name
                      and _when(schedule, e) <= t), key=lambda e: _when(schedule, e))
    return changes[-1].faction if changes else faction
