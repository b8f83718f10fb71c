"""One replay of a game from day 1: built once per command, shared by tally, audit, watch, archive.

Days are replayed from day 1, because absences, refusals, saves and eliminations carry from one
day to the next. A :class:`Replay` sorts and splits the posts once, counts each day once (its
final result, :meth:`Replay.day`) and keeps what each day starts from (:class:`DayStart`: the
changes the days before left in the timeline, the carried :class:`GameState`, the replay's
cache). A running count (:meth:`Replay.running`, :meth:`Replay.at`) starts from its day's start:
it counts that day's posts up to its instant, never the days before again (issue 22: the audit
asks one at every moderator count); the running counts of one day are counted in one pass over
it (:class:`_DayStream`: the steps that read the posts a batch at a time run once, up to each
count in turn, and each count runs the other steps on its copy of that state).

A running count is the game as it stood at its instant (:func:`as_of`: an event made later is not
applied). An event made later that could reach an earlier day — one of an earlier day, a
``ruling``, a ``replaced``, a Failed-murder card, or one whose change to the timeline takes effect
before the day begins — changes those days too; the count then starts from the day's start of a
replay of the game without those events (one such replay per set of them, kept). So a running
count is always what a replay from day 1 of :func:`as_of` the instant gives
(:func:`replay_from_day_one`, the reference the tests hold it to).

The engine knows no ruleset: the preset (data) lists the steps.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import datetime

from votal.errors import GameFileError, InputError
from votal.scraper.model import Post, PostVersion, describe_problems
from votal.tally.game import Event, Game
from votal.tally.model import DayResult, Outcome, OutcomeKind, PlayerState, ReviewItem
from votal.tally.names import FUZZY_THRESHOLD, NameResolver, fold
from votal.tally.options import Options
from votal.tally.presets import Preset, get_preset, schedule_of
from votal.tally.result import CountJSON, freeze
from votal.tally.rostercount import Roster
from votal.tally.rules.context import (
    BodyReadings,
    Day,
    GameState,
    Inputs,
    Outputs,
    Players,
    RunCache,
    Votes,
)
from votal.tally.rules.learned import learn_game
from votal.tally.rules.reading import read_marks
from votal.tally.schedule import MAX_DAYS, NoDay, Schedule
from votal.tally.timeline import Timeline, event_instants

Until = tuple[datetime, int]
"""A running count's end: the posts before (time, number), the events made by that time."""


@dataclass(frozen=True, slots=True)
class GamePosts:
    """The game thread's posts and, in rulesets with one (MB-01), the vote thread's."""

    main: tuple[Post, ...]
    votes: tuple[Post, ...] | None = None


@dataclass(frozen=True, slots=True)
class Carry:
    """A change a finished day leaves in the timeline without any event: its vote elimination
    (``vote``; ``for_good``: out for good, PX-18/PX-19) or a removal (``removed``)."""

    slot: str
    time: datetime
    cause: str
    for_good: bool = False


@dataclass(frozen=True)
class DayStart:
    """What day ``day`` starts from: the changes the days before it left in the timeline (in
    order, after the game file's events), the state they carried, the replay's cache as the day
    finds it. Never changed: a count from it works on copies (:meth:`state_copy`, :meth:`cache`)."""

    day: int
    carried: tuple[Carry, ...]
    state: GameState
    _cache: RunCache

    def state_copy(self) -> GameState:
        return self.state.copy()

    def cache(self) -> RunCache:
        return self._cache.fork()


class _Authors:
    """C-01: the slot an author holds at t on one timeline, or None for a moderator or a
    non-player (never a vote). ``named``: each author seen so far -> the player he is (None:
    a moderator or a non-player), shared by the replay's timelines (issue 22: asked for every
    post of every count)."""

    def __init__(self, authors: dict[str, str], moderators: frozenset[str], timeline: Timeline,
                 named: dict[str, str | None]):
        self.authors, self.moderators, self.timeline, self.named = (authors, moderators,
                                                                    timeline, named)
        # author -> his slot, or None, where that is the answer at any instant on this timeline
        # (a slot with one occupant, a moderator, a non-player: every author of most games)
        self.held: dict[str, str | None] = {}

    def __call__(self, author: str, t: datetime) -> str | None:
        try:
            return self.held[author]
        except KeyError:
            pass
        try:
            name = self.named[author]
        except KeyError:
            key = fold(author)
            name = self.named[author] = (None if key in self.moderators
                                         else self.authors.get(key))
        if name is None:
            self.held[author] = None
            return None
        always, slot = self.timeline.held_at_any_time(name)
        if always:
            self.held[author] = slot
            return slot
        return self.timeline.slot_held(name, t)


class Replay:
    """One replay of a game (its posts sorted and split once, each day counted once), with the
    state each day starts from; :meth:`running` counts a day up to an instant from its start.

    Built once per command (``votal tally``, ``audit``, ``archive``, each refresh of ``watch``)
    and handed to whatever needs the game's days. ``bodies``: the body readings to start from
    (another replay's :attr:`bodies`, e.g. the previous refresh of a watch). ``ahead``: the
    instants of running counts that will be asked (:meth:`running_json`, ``votes_only``: the
    audit's, at its moderator posts), made on the way by the day's final count (issue 22).
    """

    def __init__(self, game: Game, posts: GamePosts, *, bodies: BodyReadings | None = None,
                 ahead: Iterable[Until] = ()):
        self.game, self.posts = game, posts
        self.preset: Preset = get_preset(game.ruleset)
        self.options = Options.of(game.options)
        self.schedule = schedule_of(game)
        self.timeline = self._timeline(game)
        self.state = GameState()
        self.authors = {fold(n): p.name for p in game.players for n in (p.name, *p.aliases)}
        self.moderators = frozenset(fold(m) for m in game.moderators)
        self._named: dict[str, str | None] = {}
        self.author_slot = _Authors(self.authors, self.moderators, self.timeline, self._named)
        self.unreadable: dict[int, list[ReviewItem]] = {}
        self.no_day: list[ReviewItem] = []   # C-09: posts after the last day the schedule holds
        self.cache = RunCache(bodies={} if bodies is None else bodies)
        self.main = self._split(posts.main)
        self.votes = self._split(posts.votes) if posts.votes is not None else self.main
        self.resolver = _resolver(game, self.options, self.timeline)
        _known_ruling_posts(game, posts)
        if self.options.learn_aliases_from_counts:   # issue 21: the whole game, before day 1
            syntax, bodies = self.preset.syntax, self.cache.bodies
            quotes = self.preset.traits.quotes   # the readings the days will ask for
            every = merge_versions((*posts.main, *(posts.votes or ())))
            self.cache.learned = learn_game(
                sorted((p for p in every if p.readable), key=Post.sort_key),
                lambda p: read_marks(bodies, p.html, syntax, quotes=quotes), self.author_slot,
                lambda a: fold(a) in self.moderators, self.resolver,
                Roster({p.name: p.aliases for p in game.players}))
        self._results: list[DayResult] = []
        self._starts: dict[int, DayStart] = {}
        self._carried: list[Carry] = []
        self._variants: dict[frozenset[int], Replay] = {}
        self._instants: dict[int, tuple[datetime, ...] | None] = {}
        self._reach: dict[int, datetime] = {}   # day n -> the last instant days 1..n-1 read
        self._stream: _DayStream | None = None   # the running counts of one day so far
        # day -> the instants of the running counts asked ahead (the audit's, at the moderator
        # posts), made with the day's final count; (day, until) -> one made, until asked
        self._ahead: dict[int, list[Until]] = {}
        for until in ahead:
            try:
                self._ahead.setdefault(self.schedule.day_of(until[0]), []).append(until)
            except NoDay:
                continue
        self._counted: dict[tuple[int, Until], Day] = {}

    @property
    def bodies(self) -> BodyReadings:
        """The body readings this replay has made (hand them to the next one)."""
        return self.cache.bodies

    # -- the game's days ------------------------------------------------------------------------

    @property
    def last_day(self) -> int:
        """The current or last day: the last day with posts (1 when there are none)."""
        days = [d for d in (*self.main, *self.votes, *self.unreadable) if d > 0]
        return max(days, default=1)

    def day(self, n: int, *, withhold: bool = False) -> DayResult:
        """The final result of day ``n`` (the days before it replayed once, kept).

        ``withhold``: the count is for the public and the vote still open (a watch's "absent if
        it closed now"), so the day's secret abilities, cards and weights are left out
        (``rules.common.secret``, issue 20); counted from the day's start, the replay unchanged.
        """
        if n < 1:
            raise ValueError("day must be ≥ 1 (day 0 has no vote)")
        if withhold:
            return self._from_start(self, n, None, self.game, withhold=True)
        self._advance(n)
        return self._results[n - 1]

    def days(self, *, at: datetime | None = None, withhold: bool = False) -> list[DayResult]:
        """Every day from 1 to the last day with posts. ``at`` (a live thread's now): a last day
        whose vote is still open then is its running count (``withhold``: a public one), never a
        result as if it had closed."""
        last = self.last_day
        days = [self.day(n) for n in range(1, last)]
        if at is not None:   # closed by then (its deadline, or MS-02's hammer): its result
            return [*days, self.at(last, at, withhold=withhold)]
        return [*days, self.day(last)]

    def start(self, n: int) -> DayStart:
        """What day ``n`` starts from in this replay (the days before it counted once)."""
        if n < 1:
            raise ValueError("day must be ≥ 1 (day 0 has no vote)")
        self._advance(n - 1)
        if n not in self._starts:
            self._starts[n] = self._snapshot(n)
        return self._starts[n]

    def running(self, n: int, until: Until, *, withhold: bool = False,
                votes_only: bool = False) -> DayResult:
        """The running count of day ``n`` just before ``until`` (marked provisional, ``as_of``
        its instant): the posts before it, the game file as it stood then (:func:`as_of`),
        counted from the day's start; nothing is applied at the day's end. ``withhold``: a
        count for the public (:meth:`day`): the day's secrets left out.

        ``votes_only``: what the audit compares a moderator's count with — the votes, the tally
        and the review — and nothing else: the preset's steps after the count (``after``: the
        posts after death, C-08; the game's end, which a running count never decides) are not
        run, so the result's violations are the count's own only (issue 22: a third of a
        running count's time, at every moderator count of the game)."""
        return replace(freeze(self._running(n, until, withhold=withhold,
                                            votes_only=votes_only)), as_of=until[0])

    def running_json(self, n: int, until: Until, *, votes_only: bool = False) -> CountJSON:
        """:meth:`running`'s ``to_dict()``, each key made when first read (``CountJSON``: the
        tally at once, the rest only when asked; the audit reads the votes and the review of a
        count that differs from the moderator's only)."""
        if votes_only and (self._ahead or self._counted):
            self._advance(n)   # the day's final count makes those asked ahead
            ahead = self._counted.pop((n, until), None)
            if ahead is not None:
                return CountJSON(ahead, until[0])
        return CountJSON(self._running(n, until, withhold=False, votes_only=votes_only),
                         until[0])

    def _running(self, n: int, until: Until, *, withhold: bool, votes_only: bool) -> Day:
        if n < 1:
            raise ValueError("day must be ≥ 1 (day 0 has no vote)")
        t = until[0]
        game = as_of(self.game, t)
        base = self._base(n, game, t)
        # base: this replay or one of its variants, kept as long as it (_base): its id is its own
        key = (id(base), n, tuple(e.index for e in game.events), withhold)
        stream = self._stream
        if stream is None or stream.key != key:
            stream = self._stream = _DayStream(key, base, n, game, withhold)
        elif not stream.reaches(until):   # before the stream's last count: one of its own
            stream = _DayStream(key, base, n, game, withhold)
        return stream.count(base, until, votes_only=votes_only)

    def at(self, n: int, now: datetime, *, withhold: bool = False) -> DayResult:
        """What a moderator or player asks at ``now``: the final result once the day's vote is
        closed (PX-04: after the change window where there is one), else the running count so
        far (``withhold``: a public one, :meth:`running`). A day whose vote the rules ended
        before its deadline (MS-02: the hammer, ``DayResult.closed``) is closed from then on:
        its final result, never a count "if the vote closed now" (issue 16)."""
        if now >= self.schedule.clock(n).close:
            return self.day(n)
        final = self.day(n)
        if final.closed is not None and final.closed <= now:
            return final
        return self.running(n, (now, 0), withhold=withhold)

    @staticmethod
    def _from_start(base: Replay, n: int, until: Until | None, game: Game, *,
                    withhold: bool, votes_only: bool = False) -> DayResult:
        """Day ``n`` of ``base`` counted from its kept start on copies (``base`` unchanged)."""
        start = base.start(n)
        timeline = base._timeline(game, start.carried)
        return freeze(base._count(n, until, game, timeline, start.state_copy(),
                                  start.cache(),
                                  _Authors(base.authors, base.moderators, timeline, base._named),
                                  withhold=withhold, keep=False, votes_only=votes_only))

    def ended_on(self) -> DayResult | None:
        """The day whose result ended the game (its ``end``: PX-21, PC-07, MB-10, LM-08, MR-08,
        MR-10, the mafiascum parity), None while the game goes on."""
        return next((r for r in self.days() if r.end), None)

    def check_day(self, day: int, now: datetime | None = None, *, what: str | None = None) -> int:
        """``day`` when it is a day of the game so far, else an InputError saying which days are.

        A day of the game so far: 1 up to the last day with posts, and, when ``now`` is given (a
        live thread, or ``--at``), the next day once its scheduled start has passed (nobody has
        posted yet). Never a guess: day 0, a negative day, a day not started yet are refused
        (issue 8). ``what`` names the day asked for in the message (default ``--day N``).
        """
        game, last = self.game, self.last_day
        so_far = f"days so far: 1 to {last}" if last > 1 else "so far only day 1"
        asked = what or f"--day {day}"
        if day < 1:
            raise InputError(f"{game.path}: {asked}: days are numbered from 1 ({so_far})")
        if day <= last:
            return day
        if day <= MAX_DAYS:
            from datetime import UTC

            start = self.schedule.start(day)
            if now is not None and day == last + 1 and start <= now:
                return day
            when = f"{start.astimezone(game.tz):%Y-%m-%d %H:%M} {game.timezone}"
            if start > (now or datetime.now(UTC)):
                raise InputError(f"{game.path}: {asked}: day {day} has not started yet (by the "
                                 f"schedule it starts {when}); {so_far}")
            raise InputError(f"{game.path}: {asked}: no post belongs to day {day} (by the "
                             f"schedule it started {when}); {so_far}")
        raise InputError(f"{game.path}: {asked}: no such day ({so_far})")

    def check_watched_day(self, day: int, now: datetime, *, live: bool,
                          what: str | None = None) -> int:
        """``day`` when a watch may follow it (issue 20: never a day that does not exist), else
        an InputError naming the last day there is.

        No day after the one whose result ended the game (:meth:`ended_on`); otherwise a day as
        `tally --day` takes it (:meth:`check_day`: a day with posts), and on a ``live`` thread,
        where posts are still to come, also the next day, begun or not (the watch waits for it).
        A saved thread (posts or pages, a replay) has no day after its last post.
        """
        asked = what or f"--day {day}"
        end = self.ended_on()
        if end is not None and day > end.day:
            rule = f" ({end.end['rule']})" if end.end and end.end.get("rule") else ""
            raise InputError(f"{self.game.path}: {asked}: the game ended on day {end.day}{rule}; "
                             f"there is no day {day} (the last day is {end.day})")
        if live and day == self.last_day + 1:
            return day
        return self.check_day(day, now if live else None, what=asked)

    # -- counting -------------------------------------------------------------------------------

    def _advance(self, n: int) -> None:
        """Count the final results of the days up to ``n`` not counted yet, keeping their starts
        (and the running counts asked ahead on the way: :meth:`_final`)."""
        while len(self._results) < n:
            k = len(self._results) + 1
            if k not in self._starts:
                self._starts[k] = self._snapshot(k)
            cuts = [u for u in self._ahead.pop(k, ()) if self._as_final(k, u[0])]
            day = self._final(k, cuts) if cuts else \
                self._count(k, None, self.game, self.timeline, self.state, self.cache,
                            self.author_slot, withhold=False, keep=True)
            self._results.append(freeze(day))

    def _final(self, n: int, cuts: list[Until]) -> Day:
        """Day ``n``'s final result counted in one pass with the running counts asked ahead at
        ``cuts`` (the audit's, ``votes_only``), kept until asked (:meth:`running_json`): each
        cut one the game file whole counts as it stood then (:meth:`_as_final`)."""
        stream = _DayStream((), self, n, self.game, False, final=True)
        for until in sorted(set(cuts)):
            # frozen when read: the timeline's later changes (what the days carry) leave its
            # slots' occupants, all the freeze reads of it, as they are
            self._counted[n, until] = stream.count(self, until, votes_only=True)
        return stream.finish(self)

    def _snapshot(self, n: int) -> DayStart:
        """Day ``n``'s start, taken when the days before it are counted (and not yet day n)."""
        assert len(self._results) == n - 1, "a day's start is taken before the day is counted"
        return DayStart(n, tuple(self._carried), self.state.copy(),
                        self.cache.fork())

    def _count(self, n: int, until: Until | None, game: Game, timeline: Timeline,
               state: GameState, cache: RunCache, author_slot: _Authors, *, withhold: bool,
               keep: bool, votes_only: bool = False) -> Day:
        """Day ``n`` counted on the state given: the preset's steps, then (the final result,
        ``until`` None) its closing steps and the changes it carries into the timeline (``keep``:
        into the replay's, for the days after), then the steps after. The state, cache and
        timeline given are changed. ``withhold``: ``Inputs.withhold`` (issue 20).
        ``votes_only`` (a running count for the audit, :meth:`running`): no steps after."""
        posts = _before(self.main.get(n, []), until)
        vote_posts = posts if self.votes is self.main else _before(self.votes.get(n, []), until)
        day = self._day(n, self._inputs(n, until, game, posts, vote_posts, author_slot,
                                        withhold), timeline, state, cache)
        for step in self.preset.steps:
            step(day)
        return self._close(day, until, keep=keep, votes_only=votes_only)

    def _inputs(self, n: int, until: Until | None, game: Game, posts: list[Post],
                vote_posts: list[Post], author_slot: _Authors, withhold: bool) -> Inputs:
        start, _deadline, end = self.schedule.bounds(n)
        return Inputs(
            game=game, traits=self.preset.traits, options=self.options, number=n,
            schedule=self.schedule, clock=self.schedule.clock(n), start=start, end=end,
            posts=posts, vote_posts=vote_posts, resolver=self.resolver, author_slot=author_slot,
            until=until, moderators=self.moderators, withhold=withhold)

    def _day(self, n: int, inputs: Inputs, timeline: Timeline, state: GameState,
             cache: RunCache) -> Day:
        """Day ``n`` before its steps: what it is given, and the review of its unreadable posts."""
        day = Day(inputs, Votes(), Players(timeline, state, inputs.vote_end), Outputs(), cache)
        day.out.review.extend(self.unreadable.get(n, ()))
        if n == self.last_day:
            day.out.review.extend(self.no_day)
        return day

    def _close(self, day: Day, until: Until | None, *, keep: bool, votes_only: bool) -> Day:
        """A day after its steps: its outcome, and (the final result) its closing steps and what
        it carries; then the steps after (none for ``votes_only``)."""
        if day.out.outcome is None:
            day.out.outcome = Outcome(OutcomeKind.NO_ELIMINATION)
        if until is None:
            for step in self.preset.closing:
                step(day)
            for c in _carries(day):
                _apply(day.players.timeline, c)
                if keep:
                    self._carried.append(c)
        if votes_only:
            assert until is not None, "only a running count leaves the steps after out"
            return day
        for step in self.preset.after:
            step(day)
        return day

    def _timeline(self, game: Game, carried: Iterable[Carry] = ()) -> Timeline:
        """The timeline of ``game``'s events (a running count's: those made by its instant),
        then the changes the days before left in it."""
        timeline = Timeline(
            game, self.schedule, eliminated_state=self.preset.eliminated_state,
            murdered_state=self.preset.murdered_state,
            murder_at_schedule=self.options.murder_at_schedule,
            removals_at_end=self.preset.removals_at_end)
        for c in carried:
            _apply(timeline, c)
        return timeline

    # -- events made after a running count's instant --------------------------------------------

    def _base(self, n: int, game: Game, t: datetime) -> Replay:
        """The replay whose start of day ``n`` a running count at ``t`` starts from: this one,
        unless an event made after ``t`` reaches what this replay built before day ``n``
        (:meth:`_reaches`); then a replay of the game without those events (kept, one per set
        of them)."""
        if game is self.game:
            return self
        late = frozenset(e.index for e in self.game.events
                         if e.at is not None and e.at > t and self._reaches(e, n))
        if not late:
            return self
        found = self._variants.get(late)
        if found is None:
            kept = tuple(e for e in self.game.events if e.index not in late)
            found = self._variants[late] = Replay(replace(self.game, events=kept), self.posts,
                                                  bodies=self.bodies)
        return found

    def _as_final(self, n: int, t: datetime) -> bool:
        """Whether the running count of day ``n`` at ``t`` is what the game file whole counts up
        to ``t``: no event made after ``t`` reaches days 1 to ``n`` (:meth:`_reaches`: one of a
        later day, no ruling, its changes to the timeline after the last instant day ``n``
        reads), so the file as it stood then (:func:`as_of`) counts the day as the whole does;
        the rules read the events of their own day, the rulings and the timeline only."""
        return not any(self._reaches(e, n + 1) for e in self.game.events
                       if e.at is not None and e.at > t)

    def _reaches(self, e: Event, n: int) -> bool:
        """Whether the event ``e`` reaches what the replay builds before day ``n``: the posts'
        split (a ``ruling`` places and decides a post, V-UNREADABLE-POST), who holds which slot
        (``replaced``, MS-04: the names votes resolve to) or whether another event happens (a
        Failed-murder card, PX-22); or the days before ``n``: an event of one of them (or of no
        day), or one whose changes to the players' states, or its own time (``convert``,
        LM-08), take effect by the last instant those days read (the later of the previous
        day's end and its vote's close)."""
        if e.type == "ruling":
            return True
        if e.index not in self._instants:
            bare = self._timeline(replace(self.game, events=()))
            probe = self._timeline(replace(self.game, events=(e,)))
            self._instants[e.index] = event_instants(bare, probe)
        instants = self._instants[e.index]
        if instants is None:
            return True
        if n == 1:
            return False
        if e.day is None or e.day < n:
            return True
        reach = self._reach.get(n)
        if reach is None:   # the same for every event and count of day n
            reach = self._reach[n] = max(max(self.schedule.end(k), self.schedule.clock(k).close)
                                         for k in range(1, n))
        return any(x <= reach for x in (*instants, *([e.at] if e.at else [])))

    # -- the posts ------------------------------------------------------------------------------

    def _split(self, posts: Iterable[Post]) -> dict[int, list[Post]]:
        """The posts that can be judged, by day; each post read only in part becomes a
        ``V-UNREADABLE-POST`` review item (interfaces.md §2 rev. 2) on the day it belongs to —
        by its time, else on every day its neighbours in thread order span — never a vote.
        A moderator's ``ruling`` for such a post states what it voted: it is judged with the
        others (``ruled_post``; rules/reading.py counts the ruling, not its text)."""
        merged = merge_versions(posts)
        rulings = {e.post: e for e in self.game.events_of("ruling")}
        unread = [p for p in merged if not p.readable and p.id in rulings]
        # post id -> what was not read (the review text a ruling replaces)
        self.cache.ruled_unreadable.update(
            (p.id, describe_problems(p).split(": ", 1)[1]) for p in unread)
        ruled = [ruled_post(self.game, p, rulings[p.id]) for p in unread]
        readable = [p for p in merged if p.readable] + ruled
        merged = [p for p in merged if p.readable or p.id not in rulings]
        by_day = _by_day(self.schedule, readable, self._in_no_day)
        partial = [p for p in merged if not p.readable]
        # (number, time) of the numbered readable posts (a readable post has its time), by
        # number: where the posts read only in part go, when there are some
        timed = sorted(((p.number, p.time) for p in readable
                        if p.number is not None and p.time is not None),
                       key=lambda nt: nt[0]) if partial else []
        for p in partial:
            item = ReviewItem("V-UNREADABLE-POST", self._author_name(p.author), p.id, p.url,
                              describe_problems(p))
            for n in self._days_of(p, timed, by_day):
                if item not in self.unreadable.setdefault(n, []):
                    self.unreadable[n].append(item)
        return by_day

    def _days_of(self, post: Post, timed: list[tuple[int, datetime]],
                 by_day: dict[int, list[Post]]) -> range:
        if post.time is not None:
            try:
                n = self.schedule.day_of(post.time)
            except NoDay as e:
                self._in_no_day(post, e)
                return range(0)
            return range(n, n + 1)
        known = [d for d in by_day if d > 0] or [1]
        lo, hi = min(known), max(known)
        if post.number is not None:
            before = [t for number, t in timed if number < post.number]
            after = [t for number, t in timed if number > post.number]
            if before:
                lo = max(self._day_or(before[-1], hi), 1)
            if after:
                hi = max(self._day_or(after[0], hi), 1)
            if not after:
                hi = max(hi, lo)
            if not before:
                lo = min(lo, hi)
        return range(lo, hi + 1)

    def _day_or(self, t: datetime, last: int) -> int:
        """The day of instant t, or ``last`` (the last day with posts) after the schedule's."""
        try:
            return self.schedule.day_of(t)
        except NoDay:
            return last

    def _in_no_day(self, post: Post, why: NoDay) -> None:
        """A post after the last day the schedule holds is counted in no day (C-09); it is named
        in the review of the last day with posts (``V-NO-DAY``)."""
        item = ReviewItem("V-NO-DAY", self._author_name(post.author), post.id, post.url,
                          f"post {post.id} at {why} (C-09)")
        if item not in self.no_day:
            self.no_day.append(item)

    def _author_name(self, author: str) -> str | None:
        return self.authors.get(fold(author)) or author or None


class _DayStream:
    """The running counts of day ``n`` of ``base`` (the game as it stood at their instants,
    ``game``; ``withhold``) in one pass over the day (issue 22: the audit asks one at every
    moderator count). The preset's leading steps that read the posts a batch at a time
    (``Preset.streamed``, ``rules.context.streams``) run once over the day's posts, up to each
    count in turn; each count copies that state (``Day.fork``) and runs the other steps on its
    copy. A count gives what counting the day from its start up to the count gives; the counts
    asked of one stream go forward (:meth:`reaches`). It keeps no replay (the replay keeps it):
    :meth:`count` is given ``base`` again.

    ``final``: the stream of the replay's own count of the day (its state, cache and timeline,
    the game file whole), whose :meth:`finish` is the day's final result: the counts asked
    ahead of the replay (``Replay(ahead=...)``) made on the way, each post read once for all."""

    def __init__(self, key: tuple[object, ...], base: Replay, n: int, game: Game,
                 withhold: bool, *, final: bool = False):
        self.key = key
        if final:
            timeline, state, cache = base.timeline, base.state, base.cache
            author_slot = base.author_slot
        else:
            start = base.start(n)
            timeline = base._timeline(game, start.carried)
            author_slot = _Authors(base.authors, base.moderators, timeline, base._named)
            state, cache = start.state_copy(), start.cache()
        self.main, self.votes = base.main.get(n, []), base.votes.get(n, [])
        self.one_thread = base.votes is base.main
        self.day = base._day(n, base._inputs(n, None, game, [], [], author_slot, withhold),
                             timeline, state, cache)
        self.read = (0, 0)             # the posts read so far: main thread, vote thread
        self.until: Until | None = None

    def reaches(self, until: Until) -> bool:
        """Whether a count at ``until`` is at or after this stream's last one."""
        return self.until is None or until >= self.until

    def count(self, base: Replay, until: Until, *, votes_only: bool) -> Day:
        """The running count just before ``until``: the day's posts since the last count read
        by the streamed steps, then the other steps on a copy."""
        assert self.reaches(until), "a stream's counts go forward"
        main = self.main
        k = _cut(main, until)
        kv = k if self.one_thread else _cut(self.votes, until)
        self._read(base, k, kv, until)
        self.until = until
        posts = main[:k]
        counted = self.day.fork(replace(self.day.inputs, posts=posts, vote_posts=posts
                                        if self.one_thread else self.votes[:kv]))
        for step in base.preset.steps[base.preset.streamed:]:
            step(counted)
        return base._close(counted, until, keep=False, votes_only=votes_only)

    def finish(self, base: Replay) -> Day:
        """The day's final result (a ``final`` stream): the posts left read, the other steps run
        on the stream's own state, then the closing steps, what the day carries kept."""
        self._read(base, len(self.main), len(self.votes), None)
        day = self.day
        day.inputs = replace(day.inputs, posts=self.main,
                             vote_posts=self.main if self.one_thread else self.votes)
        day.votes.fresh = 0
        for step in base.preset.steps[base.preset.streamed:]:
            step(day)
        return base._close(day, None, keep=True, votes_only=False)

    def _read(self, base: Replay, k: int, kv: int, until: Until | None) -> None:
        """The streamed steps over the posts from the last read up to the ``k``-th (the vote
        thread's ``kv``-th)."""
        day, (i, j) = self.day, self.read
        batch = self.main[i:k]
        day.inputs = replace(day.inputs, posts=batch, vote_posts=batch if self.one_thread
                             else self.votes[j:kv], until=until)
        day.votes.fresh = len(day.votes.ballots)
        for step in base.preset.steps[:base.preset.streamed]:
            step(day)
        self.read = (k, kv)


def _carries(day: Day) -> list[Carry]:
    """A day's elimination and removals carry into the next days without any event."""
    outcome = day.out.outcome
    assert outcome is not None, "_count gives every day an outcome before its closing steps"
    out = []
    if outcome.kind is OutcomeKind.ELIMINATED:
        out += [Carry(slot, day.inputs.close, "vote", slot in day.players.for_good)
                for slot in outcome.players]
    out += [Carry(r.player, day.inputs.close, "removed") for r in day.out.removed]
    return out


def _apply(timeline: Timeline, c: Carry) -> None:
    if c.cause == "vote":
        timeline.eliminate(c.slot, c.time, "vote", for_good=c.for_good)
    else:
        timeline.add(c.slot, c.time, PlayerState.OUT, c.cause)


def replay_from_day_one(game: Game, posts: GamePosts, day: int,
                        until: Until | None = None) -> DayResult:
    """Day ``day`` as a new replay of the game as it stood at ``until`` (:func:`as_of`) counts it:
    days 1 to ``day`` − 1 replayed, then the day counted on the state they left. What
    ``tally_day`` did before the replay kept its days' starts (issue 22): the reference the
    tests hold :meth:`Replay.running` to."""
    if until is not None:
        game = as_of(game, until[0])
    run = Replay(game, posts)
    run._advance(day - 1)
    result = freeze(run._count(day, until, game, run.timeline, run.state, run.cache,
                               run.author_slot, withhold=False, keep=True))
    return replace(result, as_of=until[0]) if until is not None else result


def _known_ruling_posts(game: Game, posts: GamePosts) -> None:
    """interfaces.md §1 ``ruling``: the post a ruling decides must be a post of the game."""
    rulings = game.events_of("ruling")
    if not rulings:
        return
    ids = {p.id for p in (*posts.main, *(posts.votes or ()))}
    for e in rulings:
        if e.post not in ids:
            raise GameFileError(f"{game.path}: {e.label()}: post {e.post} is not a post of the "
                                f"game; a ruling decides a review item of one of its posts")


def ruled_post(game: Game, post: Post, ruling: Event) -> Post:
    """A post read only in part (V-UNREADABLE-POST) that a ``ruling`` decides, placed in time:
    its own time when the page gave one, else the ruling's ``at``; neither, or no author (the
    ruling states what the post voted, not who wrote it), is refused naming the event."""
    where = f"{game.path}: {ruling.label()}: post {post.id}"
    if "author" in post.problems:
        raise GameFileError(f"{where}: its author could not be read off the page, so it cannot be "
                            "counted as anybody's vote; a ruling states what a post voted, not "
                            "who wrote it")
    time = post.time or ruling.at
    if time is None:
        raise GameFileError(f"{where}: its time could not be read off the page; give the ruling "
                            "'at' (when the post was made, e.g. at = \"2026-11-03T19:41\") so "
                            "its vote is placed on its day and in order")
    return replace(post, time=time, problems=tuple(p for p in post.problems if p != "time"))


def merge_versions(posts: Iterable[Post]) -> list[Post]:
    """A post id seen again is a later version of the first: the first is judged (C-07)."""
    first: dict[str, Post] = {}
    for p in posts:
        base = first.get(p.id)
        if base is None:
            first[p.id] = p
        elif p.html != base.html and all(v.html != p.html for v in base.versions):
            # A copy without a time of its own was seen no earlier than the first version. When
            # no reading of the post has a time, the post is already in review
            # (V-UNREADABLE-POST) and never counted: its later texts cannot be placed in time.
            seen = p.edited or p.time or base.edited or base.time
            if seen is not None:
                version = PostVersion(seen, p.html)
                first[p.id] = replace(base, versions=base.versions + (version,))
    return list(first.values())


def _by_day(schedule: Schedule, posts: Iterable[Post],
            no_day: Callable[[Post, NoDay], None]) -> dict[int, list[Post]]:
    """The posts (one per id: ``merge_versions``'s) by the day they were written in (C-09);
    one after the last day the schedule holds goes to ``no_day``, never into a day."""
    out: dict[int, list[Post]] = {}
    n = 0
    end: datetime | None = None   # the end of day n (None on day 0 and before the first post)
    for p in sorted(posts, key=Post.sort_key):
        t = p.time
        if t is None:   # the caller passes readable posts only, and each has its time
            raise ValueError(f"post {p.id} has no time: it cannot be placed on a day")
        if end is None or t >= end:   # posts are in time order: walk the days
            try:
                n = schedule.day_of(t)
            except NoDay as e:
                no_day(p, e)
                continue
            end = schedule.end(n) if n > 0 else None
        out.setdefault(n, []).append(p)
    return out


def _before(posts: list[Post], until: Until | None) -> list[Post]:
    """The posts before ``until``: a day's posts are in thread order (``Post.sort_key``, every
    one timed), so they are the first ones up to the place ``until`` takes."""
    if until is None:
        return posts
    return posts[:_cut(posts, until)]


def _cut(posts: list[Post], until: Until) -> int:
    """How many of a day's posts (in thread order) are before ``until``."""
    return bisect.bisect_left(posts, until, key=_place)


def _place(p: Post) -> Until:
    assert p.time is not None, "a day's posts are all timed (_by_day)"
    return (p.time, p.number or 0)


def _resolver(game: Game, options: Options, timeline: Timeline) -> NameResolver:
    names: dict[str, list[str]] = {}
    for p in game.players:
        names.setdefault(timeline.slot_of(p.name), []).extend((p.name, *p.aliases))
    return reader(names, options)


def reader(names: dict[str, list[str]], options: Options) -> NameResolver:
    """A name resolver over ``names`` (slot or player -> its names) with the game's name options."""
    return NameResolver(names, fuzzy=bool(options.fuzzy),
                        threshold=options.fuzzy_threshold or FUZZY_THRESHOLD,
                        short_prefixes=bool(options.short_prefixes))


def as_of(game: Game, t: datetime) -> Game:
    """The game file as it stood at ``t``: events made later (their ``at``) have not happened
    yet, so a running count does not apply them (an event without ``at`` is made in time)."""
    events = tuple(e for e in game.events if e.at is None or e.at <= t)
    return game if len(events) == len(game.events) else replace(game, events=events)
