"""Who is active, ghost or out at each instant (rules.md vocabulary, PC-02, PX-13, PX-16, PX-17,
PX-22, MS-04).

Built from the game file's events; the engine adds each finished day's eliminations and removals
(a day's elimination carries into the next day without any event). Changes take effect at their
instant: a post at exactly that time already sees the new state (half-open intervals).
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from datetime import datetime

from votal.tally.game import Event, Game
from votal.tally.model import PlayerState
from votal.tally.schedule import Schedule

ACTIVE, GHOST, OUT = PlayerState.ACTIVE, PlayerState.GHOST, PlayerState.OUT
_BEGINNING = datetime.min.replace(tzinfo=None)


@dataclass(frozen=True, slots=True)
class Change:
    time: datetime
    seq: int
    state: PlayerState
    cause: str          # "murdered", "vote", "removed", "arrest", ... (C-08 allowances need it)


class Timeline:
    def __init__(self, game: Game, schedule: Schedule, *, eliminated_state: PlayerState = OUT,
                 murdered_state: PlayerState = OUT, murder_at_schedule: bool = False,
                 removals_at_end: bool = False):
        self.schedule = schedule
        self.eliminated_state = eliminated_state
        self.murdered_state = murdered_state
        self.murder_at_schedule = murder_at_schedule
        self.removals_at_end = removals_at_end
        self._slot: dict[str, str] = {}
        self._occupants: dict[str, list[tuple[datetime | None, str]]] = {}
        self._changes: dict[str, list[Change]] = {}
        self._seq = 0
        self._build_slots(game)
        # PX-22: a murder cancelled by the murdered player's Failed-murder card never happened.
        self._failed = {(e.actor, e.day) for e in game.events_of("card") if e.card == "failed_murder"}
        for event in game.events:
            self._apply_event(event)

    # -- slots (MS-04) ------------------------------------------------------------------------

    def _build_slots(self, game: Game) -> None:
        for p in game.players:
            root = self._slot.get(p.replaces, p.replaces) if p.replaces else p.name
            self._slot[p.name] = root
            self._occupants.setdefault(root, []).append((p.joined if p.replaces else None, p.name))
            self._changes.setdefault(root, [])
            if p.joined and not p.replaces:
                self._changes[root].append(Change(datetime.min.replace(tzinfo=p.joined.tzinfo),
                                                  -1, OUT, "not-joined"))
                self.add(root, p.joined, ACTIVE, "joined")

    @property
    def revision(self) -> int:
        """How many changes were added to the timeline: what was read of it holds while this
        number is the same (a day's rules read it after every change the days before made)."""
        return self._seq

    @property
    def slots(self) -> list[str]:
        return list(self._occupants)

    def slot_of(self, name: str) -> str:
        return self._slot.get(name, name)

    def occupant(self, slot: str, t: datetime) -> str:
        """The player holding the slot at t (MS-04)."""
        current = self._occupants[slot][0][1]
        for since, name in self._occupants[slot]:
            if since is None or since <= t:
                current = name
        return current

    def occupant_names(self, slot: str) -> list[str]:
        return [name for _, name in self._occupants[slot]]

    def slot_held(self, name: str, t: datetime) -> str | None:
        """The slot of the player named ``name`` if he holds it at t (:meth:`holds`), else None:
        one look-up where a slot has one occupant (issue 22: asked for every post)."""
        slot = self._slot.get(name, name)
        occupants = self._occupants[slot]
        if len(occupants) == 1:
            return slot if occupants[0][1] == name else None
        return slot if self.occupant(slot, t) == name else None

    def held_at_any_time(self, name: str) -> tuple[bool, str | None]:
        """(True, :meth:`slot_held` at any instant) where that answer is the same at every
        instant (the slot has one occupant: most slots), else (False, None). The slots and
        their occupants are set when the timeline is built (MS-04 ``replaced``) and never
        change after."""
        slot = self._slot.get(name, name)
        occupants = self._occupants[slot]
        if len(occupants) == 1:
            return True, slot if occupants[0][1] == name else None
        return False, None

    def holds(self, name: str, t: datetime) -> bool:
        """Whether the player named ``name`` holds his slot at t (a replaced player does not)."""
        return self.occupant(self.slot_of(name), t) == name

    # -- states -------------------------------------------------------------------------------

    def add(self, slot: str, t: datetime, state: PlayerState, cause: str) -> None:
        self._seq += 1
        changes = self._changes[slot]
        bisect.insort(changes, Change(t, self._seq, state, cause), key=lambda c: (c.time, c.seq))

    def _last(self, slot: str, t: datetime) -> Change | None:
        """The change in force at t: none where the slot never changed (most players most of the
        game), the last one where all are by t, else found by bisection (issue 22: asked for
        every post)."""
        changes = self._changes.get(slot)
        if not changes:
            return None
        if changes[-1].time <= t:
            return _effective(changes, len(changes))
        return _effective(changes, bisect.bisect_right(changes, t, key=_time))

    def revived_in_vain(self, slot: str, t: datetime) -> bool:
        """A Necromancy at t found the player out for good: it has no effect (PX-18)."""
        changes = self._changes.get(slot, [])
        for i, c in enumerate(changes):
            if c.cause == "necromancy" and c.time == t:
                before = _effective(changes, i)
                return before is not None and before.state is OUT
        return False

    def state(self, slot: str, t: datetime) -> PlayerState:
        last = self._last(slot, t)
        return last.state if last else ACTIVE

    def cause(self, slot: str, t: datetime) -> str | None:
        last = self._last(slot, t)
        return last.cause if last and last.state is not ACTIVE else None

    def left_at(self, slot: str, t: datetime) -> datetime | None:
        """When the slot last stopped being active, as seen at t (C-04 blame): the change that
        ended its last active stretch, not a later one that found it already gone (a murder
        announced for a player the vote had already eliminated)."""
        changes = self._changes.get(slot, [])
        n = bisect.bisect_right(changes, t, key=lambda c: c.time)
        since: datetime | None = None
        for i in range(1, n + 1):
            now = _effective(changes, i)
            if now is None or now.state is ACTIVE:
                since = None
            elif since is None:
                since = changes[i - 1].time
        return since

    def eliminate(self, slot: str, t: datetime, cause: str = "vote", *,
                  for_good: bool = False) -> None:
        """A vote elimination: the ruleset's state (a ghost in Palermo Extreme), or out for good
        (PX-18, PX-19: a leaver who completed his absences)."""
        self.add(slot, t, OUT if for_good else self.eliminated_state, cause)

    # -- events -------------------------------------------------------------------------------

    def _default_time(self, event: Event, *, close: bool = False) -> datetime | None:
        if event.at is not None:
            return event.at
        if event.day is None:
            return None
        return (self.schedule.deadline(event.day) if close else self.schedule.start(event.day))

    def _apply_event(self, e: Event) -> None:
        key = e.card if e.type == "card" else e.type
        handler = _HANDLERS.get(key) if key is not None else None
        if handler:
            handler(self, e)


def _time(c: Change) -> datetime:
    return c.time


def _effective(changes: list[Change], i: int) -> Change | None:
    """The change in force after the first ``i`` changes. PX-18/PX-16: Necromancy brings back a
    ghost only; on a player out for good it has no effect (it is skipped)."""
    while i:
        c = changes[i - 1]
        if c.cause == "necromancy":
            before = _effective(changes, i - 1)
            if before is None or before.state is not GHOST:
                i -= 1
                continue
        return c
    return None


def _required(e: Event, value: str | None, field: str) -> str:
    """A player field the game file requires for this event type (game.EVENT_FIELDS): the loader
    refuses the event without it, so None here is a program error."""
    if value is None:
        raise ValueError(f"event #{e.index} ({e.type}) has no {field}")
    return value


def _murdered(tl: Timeline, e: Event) -> None:
    """PC-02 / PX-17: a murdered player leaves at the murder, as the preset's ``murdered_state``.

    PC-02 (``murder_at_schedule``): from the scheduled murder time, even when announced late.
    PX-17: in Palermo Extreme he leaves as a ghost; votes for him are then void without blame
    (C-04) and his own votes stop counting (C-02). PX-22: a Failed-murder card undoes it whole.
    """
    if (e.player, e.day) in tl._failed:
        return
    scheduled = tl.schedule.murder_time(e.day) if e.day else None
    t = e.at or scheduled or tl._default_time(e)
    if tl.murder_at_schedule and scheduled and t and t > scheduled:
        t = scheduled
    if t:
        tl.add(tl.slot_of(_required(e, e.player, "player")), t, tl.murdered_state, "murdered")


def _eliminated(tl: Timeline, e: Event) -> None:
    """C-11: an elimination decided outside the thread changes who is active from its time on."""
    t = tl._default_time(e, close=True)
    if t:
        tl.eliminate(tl.slot_of(_required(e, e.player, "player")), t, "vote")


def _simple(state: PlayerState, field: str, cause: str, *, close: bool = False):
    def apply(tl: Timeline, e: Event) -> None:
        t = tl._default_time(e, close=close)
        if t:
            tl.add(tl.slot_of(getattr(e, field)), t, state, cause)
    return apply


def _removed(tl: Timeline, e: Event) -> None:
    """MR-09: in rulesets that say so, a removal happens after the turn ends, whatever its time."""
    t = tl._default_time(e, close=True)
    if tl.removals_at_end and e.day is not None:
        t = tl.schedule.end(e.day)
    if t:
        tl.add(tl.slot_of(_required(e, e.player, "player")), t, OUT, "removed")


def _replaced(tl: Timeline, e: Event) -> None:
    """MS-04: the new player takes over the old one's slot from the event's time."""
    slot = tl.slot_of(_required(e, e.old, "old"))
    new = _required(e, e.new, "new")
    t = tl._default_time(e)
    tl._slot[new] = slot
    if new in tl._occupants and new != slot:
        del tl._occupants[new]
        tl._changes.pop(new, None)
    tl._occupants[slot] = [o for o in tl._occupants[slot] if o[1] != new] + [(t, new)]


_HANDLERS = {
    "murdered": _murdered,
    "eliminated": _eliminated,
    "revived": _simple(ACTIVE, "player", "revived"),
    "removed": _removed,
    "replaced": _replaced,
    "arrest": _simple(GHOST, "target", "arrest"),                 # PX-13
    "arrest_cancel": _simple(ACTIVE, "target", "arrest-cancel"),  # PX-13: from its own time on
    "necromancy": _simple(ACTIVE, "target", "necromancy"),        # PX-16
    "grave_robbing": _simple(OUT, "target", "grave-robbing"),     # PX-16
}


def event_instants(bare: Timeline, probe: Timeline) -> tuple[datetime, ...] | None:
    """The instants from which one event changes a player's state: ``probe`` is a timeline of
    the game's players with that one event, ``bare`` the same without it. None when the event
    changes more than states from instants: who holds which slot (``replaced``, MS-04), or
    whether another event happens at all (a Failed-murder card, PX-22). The replay
    (tally/replay.py) asks it which earlier days an event made late could reach."""
    if probe._slot != bare._slot or probe._occupants != bare._occupants or probe._failed:
        return None
    return tuple(c.time for slot, changes in probe._changes.items() for c in changes
                 if c not in bare._changes.get(slot, ()))
