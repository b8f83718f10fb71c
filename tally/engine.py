"""Tally a day or a whole game: run the preset's rule steps over the day's posts.

The engine knows no ruleset: the preset (data) lists the steps. Days are replayed from day 1,
because absences, refusals, saves and eliminations carry from one day to the next.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import datetime

from votal.errors import GameFileError, InputError
from votal.scraper.model import Post, PostVersion, describe_problems
from votal.tally.game import Event, Game
from votal.tally.model import DayResult, Outcome, OutcomeKind, PlayerState, ReviewItem
from votal.tally.names import FUZZY_THRESHOLD, NameResolver, fold
from votal.tally.options import Options
from votal.tally.presets import get_preset, schedule_of
from votal.tally.result import freeze
from votal.tally.rostercount import Roster
from votal.tally.rules.context import Day, GameState, Inputs, Outputs, Players, RunCache, Votes
from votal.tally.rules.learned import learn_game
from votal.tally.rules.reading import read_cached
from votal.tally.schedule import MAX_DAYS, NoDay, Schedule
from votal.tally.timeline import Timeline


@dataclass(frozen=True, slots=True)
class GamePosts:
    """The game thread's posts and, in rulesets with one (MB-01), the vote thread's."""

    main: tuple[Post, ...]
    votes: tuple[Post, ...] | None = None


class _Run:
    """One replay of a game from day 1: schedule, timeline, carried state, posts by day."""

    def __init__(self, game: Game, posts: GamePosts):
        self.game, self.preset = game, get_preset(game.ruleset)
        self.options = Options.of(game.options)
        self.schedule = schedule_of(game)
        self.timeline = Timeline(
            game, self.schedule, eliminated_state=self.preset.eliminated_state,
            murdered_state=self.preset.murdered_state,
            murder_at_schedule=self.options.murder_at_schedule,
            removals_at_end=self.preset.removals_at_end)
        self.state = GameState()
        self.authors = {fold(n): p.name for p in game.players for n in (p.name, *p.aliases)}
        self.unreadable: dict[int, list[ReviewItem]] = {}
        self.no_day: list[ReviewItem] = []   # C-09: posts after the last day the schedule holds
        self.cache = RunCache()
        self.main = self._split(posts.main)
        self.votes = self._split(posts.votes) if posts.votes is not None else self.main
        self.resolver = _resolver(game, self.options, self.timeline)
        self.moderators = frozenset(fold(m) for m in game.moderators)
        self._folded: dict[str, str] = {}
        _known_ruling_posts(game, posts)
        if self.options.learn_aliases_from_counts:   # issue 21: the whole game, before day 1
            self.cache.learned = learn_game(
                sorted((p for p in merge_versions((*posts.main, *(posts.votes or ()))) if p.readable),
                       key=Post.sort_key),
                lambda p: read_cached(p.html, self.preset.syntax), self.author_slot,
                lambda a: fold(a) in self.moderators, self.resolver,
                Roster({p.name: p.aliases for p in game.players}))

    def author_slot(self, author: str, t: datetime) -> str | None:
        """The slot an author holds at t, or None for a moderator or a non-player (never a vote, C-01)."""
        key = self._folded.get(author)
        if key is None:
            key = self._folded[author] = fold(author)
        if key in self.moderators:
            return None
        name = self.authors.get(key)
        if name is None or not self.timeline.holds(name, t):
            return None
        return self.timeline.slot_of(name)

    @property
    def last_day(self) -> int:
        days = [d for d in (*self.main, *self.votes, *self.unreadable) if d > 0]
        return max(days, default=1)

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
        # (number, time) of the numbered readable posts (a readable post has its time), by number
        timed = sorted(((p.number, p.time) for p in readable
                        if p.number is not None and p.time is not None), key=lambda nt: nt[0])
        for p in merged:
            if p.readable:
                continue
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

    def day(self, n: int, until: tuple[datetime, int] | None = None, *,
            withhold: bool = False) -> DayResult:
        start, deadline, end = self.schedule.bounds(n)
        posts = _before(self.main.get(n, []), until)
        inputs = Inputs(
            game=self.game, traits=self.preset.traits, options=self.options, number=n,
            schedule=self.schedule, clock=self.schedule.clock(n), start=start, end=end,
            posts=posts, vote_posts=posts if self.votes is self.main else _before(
                self.votes.get(n, []), until),
            resolver=self.resolver, author_slot=self.author_slot, until=until,
            moderators=self.moderators, withhold=withhold)
        day = Day(inputs, Votes(), Players(self.timeline, self.state, inputs.vote_end), Outputs(),
                  self.cache)
        day.out.review.extend(self.unreadable.get(n, ()))
        if n == self.last_day:
            day.out.review.extend(self.no_day)
        for step in self.preset.steps:
            step(day)
        if day.out.outcome is None:
            day.out.outcome = Outcome(OutcomeKind.NO_ELIMINATION)
        if until is None:
            for step in self.preset.closing:
                step(day)
            self._carry(day)
        for step in self.preset.after:
            step(day)
        return freeze(day)

    def _carry(self, day: Day) -> None:
        """A day's elimination and removals carry into the next days without any event."""
        outcome = day.out.outcome
        assert outcome is not None, "day() gives every day an outcome before its closing steps"
        if outcome.kind is OutcomeKind.ELIMINATED:
            for slot in outcome.players:
                self.timeline.eliminate(slot, day.close, "vote",
                                        for_good=slot in day.players.for_good)
        for r in day.out.removed:
            self.timeline.add(r.player, day.close, PlayerState.OUT, "removed")


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
    """The posts by the day they were written in (C-09); one after the last day the schedule
    holds goes to ``no_day``, never into a day."""
    out: dict[int, list[Post]] = {}
    n = 0
    for p in sorted(merge_versions(posts), key=Post.sort_key):
        if p.time is None:   # the caller passes readable posts only, and each has its time
            raise ValueError(f"post {p.id} has no time: it cannot be placed on a day")
        if n == 0 or p.time >= schedule.end(n):   # posts are in time order: walk the days
            try:
                n = schedule.day_of(p.time)
            except NoDay as e:
                no_day(p, e)
                continue
        out.setdefault(n, []).append(p)
    return out


def _before(posts: list[Post], until: tuple[datetime, int] | None) -> list[Post]:
    if until is None:
        return posts
    t, number = until
    return [p for p in posts if (p.time, p.number or 0) < (t, number)]


def _resolver(game: Game, options: Options, timeline: Timeline) -> NameResolver:
    names: dict[str, list[str]] = {}
    for p in game.players:
        names.setdefault(timeline.slot_of(p.name), []).extend((p.name, *p.aliases))
    return _reader(names, options)


def _reader(names: dict[str, list[str]], options: Options) -> NameResolver:
    return NameResolver(names, fuzzy=bool(options.fuzzy),
                        threshold=options.fuzzy_threshold or FUZZY_THRESHOLD,
                        short_prefixes=bool(options.short_prefixes))


def player_resolver(game: Game) -> NameResolver:
    """The game's players by their own names (a substitute is himself, not his slot), read with
    the game's name options as votes are: what a command resolves a player named on its command
    line with (``history --player``, :func:`votal.tally.names.pick_player`)."""
    return _reader({p.name: [p.name, *p.aliases] for p in game.players}, Options.of(game.options))


def as_of(game: Game, t: datetime) -> Game:
    """The game file as it stood at ``t``: events made later (their ``at``) have not happened
    yet, so a running count does not apply them (an event without ``at`` is made in time)."""
    events = tuple(e for e in game.events if e.at is None or e.at <= t)
    return game if len(events) == len(game.events) else replace(game, events=events)


def tally_day(game: Game, posts: GamePosts, day: int, *,
              until: tuple[datetime, int] | None = None, withhold: bool = False) -> DayResult:
    """The result of day ``day`` (days before it replayed); ``until`` gives a running count
    (marked provisional, ``as_of`` the instant: end-of-day removals are not applied).

    ``withhold``: the count is for the public and the vote still open, so the day's secret
    abilities, cards and weights are left out (``rules.common.secret``, issue 20): it shows the
    votes as posted, each as one. The days before are replayed whole either way.
    """
    if day < 1:
        raise ValueError("day must be ≥ 1 (day 0 has no vote)")
    if until is not None:
        game = as_of(game, until[0])
    run = _Run(game, posts)
    for n in range(1, day):
        run.day(n)
    result = run.day(day, until, withhold=withhold)
    return replace(result, as_of=until[0]) if until is not None else result


def tally_at(game: Game, posts: GamePosts, day: int, now: datetime, *,
             withhold: bool = False) -> DayResult:
    """What a moderator or player asks at ``now``: the final result once the day's vote is
    closed (PX-04: after the change window where there is one), else the running count so far
    (``withhold``: a public one, :func:`tally_day`)."""
    run = _Run(game, posts)
    if now >= run.schedule.clock(day).close:
        return tally_day(game, posts, day)
    return tally_day(game, posts, day, until=(now, 0), withhold=withhold)


def tally_game(game: Game, posts: GamePosts, *, at: datetime | None = None,
               withhold: bool = False) -> list[DayResult]:
    """Every day from 1 to the last day with posts. ``at`` (a live thread's now): a last day
    whose vote is still open then is its running count (``withhold``: a public one), never a
    result as if it had closed."""
    run = _Run(game, posts)
    last = run.last_day
    days = [run.day(n) for n in range(1, last)]
    if at is not None and at < run.schedule.clock(last).close:
        return days + [tally_day(game, posts, last, until=(at, 0), withhold=withhold)]
    return days + [run.day(last)]


def last_day(game: Game, posts: GamePosts) -> int:
    """The current or last day: the last day with posts (1 when there are none)."""
    return _Run(game, posts).last_day


def check_day(game: Game, posts: GamePosts, day: int, now: datetime | None = None, *,
              what: str | None = None) -> int:
    """``day`` when it is a day of the game so far, else an InputError saying which days are.

    A day of the game so far: 1 up to the last day with posts, and, when ``now`` is given (a live
    thread, or ``--at``), the next day once its scheduled start has passed (nobody has posted
    yet). Never a guess: day 0, a negative day, a day not started yet are refused (issue 8).
    ``what`` names the day asked for in the message (default ``--day N``).
    """
    run = _Run(game, posts)
    last = run.last_day
    so_far = f"days so far: 1 to {last}" if last > 1 else "so far only day 1"
    asked = what or f"--day {day}"
    if day < 1:
        raise InputError(f"{game.path}: {asked}: days are numbered from 1 ({so_far})")
    if day <= last:
        return day
    if day <= MAX_DAYS:
        from datetime import UTC

        start = run.schedule.start(day)
        if now is not None and day == last + 1 and start <= now:
            return day
        when = f"{start.astimezone(game.tz):%Y-%m-%d %H:%M} {game.timezone}"
        if start > (now or datetime.now(UTC)):
            raise InputError(f"{game.path}: {asked}: day {day} has not started yet (by the "
                             f"schedule it starts {when}); {so_far}")
        raise InputError(f"{game.path}: {asked}: no post belongs to day {day} (by the "
                         f"schedule it started {when}); {so_far}")
    raise InputError(f"{game.path}: {asked}: no such day ({so_far})")


def ended_on(game: Game, posts: GamePosts) -> DayResult | None:
    """The day whose result ended the game (its ``end``: PX-21, PC-07, MB-10, LM-08, MR-08, MR-10,
    the mafiascum parity), None while the game goes on."""
    return next((r for r in tally_game(game, posts) if r.end), None)


def check_watched_day(game: Game, posts: GamePosts, day: int, now: datetime, *, live: bool,
                      what: str | None = None) -> int:
    """``day`` when a watch may follow it (issue 20: never a day that does not exist), else an
    InputError naming the last day there is.

    No day after the one whose result ended the game (:func:`ended_on`); otherwise a day as
    `tally --day` takes it (:func:`check_day`: a day with posts), and on a ``live`` thread, where
    posts are still to come, also the next day, begun or not (the watch waits for it). A saved
    thread (posts or pages, a replay) has no day after its last post.
    """
    asked = what or f"--day {day}"
    end = ended_on(game, posts)
    if end is not None and day > end.day:
        rule = f" ({end.end['rule']})" if end.end and end.end.get("rule") else ""
        raise InputError(f"{game.path}: {asked}: the game ended on day {end.day}{rule}; there is "
                         f"no day {day} (the last day is {end.day})")
    if live and day == last_day(game, posts) + 1:
        return day
    return check_day(game, posts, day, now if live else None, what=asked)
