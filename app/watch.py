"""`votal watch`: the running count of a day from now until its vote closes (issue 13).

The loop is a library with everything it touches injected, so tests drive it with a fake clock
against a real local server:

* ``refresh(game) -> GamePosts``: the thread refreshed (live: through the store, as `scrape`
  does; replay: the stored posts up to the virtual now);
* ``clock() -> datetime`` (aware) and ``sleep(seconds)``;
* ``screen``: where each refresh is shown (report/watchscreen.py: one line per change without a
  terminal, a rich Live screen on one).

Each refresh re-reads the game file (events are entered during the window: the cop's swap…),
counts the day after each new post (so every change line carries the leaders after it), then at
the refresh time — a public watch as the public may see it: each vote as one, no secret ability,
card or weight before the close (``Replay.running(withhold=True)``; the official post at the close
applies them all, issue 20); five minutes before the deadline it names who would be charged an absence
(PX-18 and the like: the day's ``absent`` as if the vote closed then). The thread is refreshed at
most once every ``every`` seconds, never more often than :data:`MIN_EVERY`; in between, the
count is only recomputed when the clock crosses a boundary (the deadline, the window). When the
vote closes — the deadline, the end of the change window (PX-03/PX-04), or a hammer (MS-02) —
after one last refresh it renders the official post exactly as `votal tally GAME --day N` does.
Network trouble or a broken game file shows in the status line; the last good version is kept.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Protocol

from votal.app.load import load_game, load_posts
from votal.errors import GameFileError, InputError, ScrapeError, writing
from votal.report import get_format
from votal.report.changes import Change, diff, outcome_words
from votal.report.i18n import t
from votal.report.public import public_view
from votal.scraper.model import Post
from votal.scraper.sources import Network
from votal.tally.game import Game
from votal.tally.model import DayResult
from votal.tally.presets import schedule_of
from votal.tally.replay import GamePosts, Replay
from votal.tally.schedule import MAX_DAYS, NoDay, VoteClock

MIN_EVERY = 10.0          # seconds: the politeness limit between two refreshes of a thread
WARN_BEFORE = timedelta(minutes=5)
ALL = 10 ** 9             # a post number above any: "every post seen up to this instant"


@dataclass
class Tick:
    """What a screen shows after one refresh (or one recount)."""

    game: Game
    day: int
    now: datetime
    deadline: datetime
    close: datetime
    result: dict[str, Any]                                    # the running count (public view if public)
    changes: list[tuple[Change, dict[str, Any]]] = field(default_factory=list)  # each with the count after
    pending: tuple[str, ...] = ()                   # no counted vote yet (absent if closed now)
    status: str | None = None                       # network trouble, a broken game file
    warning: bool = False                           # within five minutes of the deadline
    closed: bool = False
    vote_clock: VoteClock | None = None             # the day's deadline, window and close
    lang: str = "en"                                # the words' language (report/i18n.py)


class Screen(Protocol):
    def __enter__(self) -> object: ...

    def __exit__(self, *exc: object) -> None: ...

    def show(self, tick: Tick) -> None: ...

    def final(self, text: str, tick: Tick) -> None: ...


Render = Callable[[DayResult], str]   # a day's result → the official post (the tally's --format)


def _view(result: DayResult, public: bool) -> dict[str, Any]:
    d = result.to_dict()
    return public_view(d) if public else d


@dataclass
class _State:
    game: Game
    posts: GamePosts
    seen: set[str]
    result: dict[str, Any] | None = None
    last_refresh: datetime | None = None
    last_time: datetime | None = None
    pending: tuple[str, ...] = ()
    warned: bool = False
    status: str | None = None
    game_text: str = ""
    fetched: bool = False        # a refresh of the thread has succeeded
    checked: bool = False        # the day is known to exist (issue 20)
    replay: Replay | None = None  # the replay of ``game`` and ``posts`` (built once per refresh)

    def counted(self) -> Replay:
        """The replay of the game and posts as they are now: one per refresh (or game file
        change), handing on the bodies it has read (issue 22)."""
        r = self.replay
        if r is None or r.game is not self.game or r.posts is not self.posts:
            r = self.replay = Replay(self.game, self.posts, bodies=r.bodies if r else None)
        return r


class Watcher:
    """One watch of one day: :meth:`run` until the vote closes; returns the official post."""

    def __init__(self, game_file: str | Path, *, refresh: Callable[[Game], GamePosts],
                 clock: Callable[[], datetime], sleep: Callable[[float], None], screen: Screen,
                 render: Render, every: float = 60.0, day: int | None = None,
                 public: bool = True, min_every: float = MIN_EVERY, lang: str | None = None,
                 live: bool | None = None):
        self.game_file = str(game_file)
        self.live = live   # posts still to come (None: the game file names a forum thread)
        self.refresh, self.clock, self.sleep, self.screen = refresh, clock, sleep, screen
        self.render, self.public = render, public
        self.every = max(float(every), min_every)
        self.day = day
        self.last_day = day or 1
        self.lang = lang   # None: the game's language

    def lang_of(self, game: Game) -> str:
        return self.lang or game.language

    # -- one refresh ---------------------------------------------------------------------------

    def _reload(self, st: _State) -> bool:
        """Re-read the game file; True when it changed. A broken file keeps the last good one."""
        try:
            text = Path(self.game_file).read_text(encoding="utf-8")
            if text == st.game_text:
                return False
            st.game, st.game_text = load_game(self.game_file), text
            return True
        except (GameFileError, OSError) as e:
            st.status = t("watch_game_file", self.lang_of(st.game), error=e)
            return False

    def _fetch(self, st: _State, now: datetime) -> list[Post]:
        """Refresh the thread; the posts not seen before, in thread order."""
        try:
            st.posts = self.refresh(st.game)
            st.fetched = True
        except ScrapeError as e:
            st.status = t("watch_network", self.lang_of(st.game), error=e,
                          s=f"{self.every:.0f}")
            return []
        finally:
            st.last_refresh = now
        fresh = [p for p in (*st.posts.main, *(st.posts.votes or ())) if p.id not in st.seen]
        st.seen.update(p.id for p in fresh)
        return sorted(fresh, key=Post.sort_key)

    def _count(self, st: _State, n: int, close: datetime, t: datetime,
               number: int = 0) -> dict[str, Any]:
        """The count at ``t``; while the vote is open and the watch public, as the public may
        see it: no secret ability, card or weight before the close (issue 20, PX-06)."""
        replay = st.counted()
        if t >= close:
            return _view(replay.day(n), self.public)
        return _view(replay.running(n, (t, number), withhold=self.public), self.public)

    def day_of(self, game: Game, now: datetime) -> int:
        if self.day:
            return self.day
        schedule = schedule_of(game)
        try:
            return max(1, schedule.day_of(now))
        except NoDay as e:   # C-09: no day holds the moment; none is watched
            raise InputError(f"{game.path}: now, {e}") from None

    def step(self, st: _State, now: datetime, *, refresh: bool) -> Tick:
        st.status = None
        changed = self._reload(st)
        n = self.day_of(st.game, now)
        schedule = schedule_of(st.game)
        clock = schedule.clock(n)
        start = schedule.start(n)
        pairs: list[tuple[Change, dict[str, Any]]] = []

        lang = self.lang_of(st.game)

        def advance(result: dict[str, Any]) -> None:
            pairs.extend((c, result) for c in diff(st.result, result, lang))
            st.result = result

        if changed and st.result is not None and st.last_time is not None:
            # an event entered in the game file: its effect, before the new posts
            advance(self._count(st, n, clock.close, st.last_time, ALL))
        previous, st.last_time = st.last_time, now
        fresh = self._fetch(st, now) if refresh else []
        crossed = previous is None or any(previous < b <= now for b in _boundaries(
            st.game, clock))
        closed = now >= clock.close
        if changed or fresh or crossed or st.result is None:   # else nothing can have moved
            # the first refresh shows where the day stands (one count, not one per post so far)
            for p in fresh if st.result is not None else ():
                if p.time is not None and start <= p.time <= now:  # timeless: in review
                    advance(self._count(st, n, clock.close, p.time, (p.number or 0) + 1))
            advance(self._count(st, n, clock.close, now, ALL))
            st.pending = () if closed else tuple(_view(st.counted().day(
                n, withhold=self.public), self.public).get("absent", ()))
        assert st.result is not None  # a first step always counts (above)
        closed = closed or _hammered(st.result)
        pending = () if closed else st.pending
        warning = clock.deadline - WARN_BEFORE <= now < clock.deadline
        if warning and not st.warned:
            st.warned = True
            who = ", ".join(pending) or t("watch_nobody", lang)
            pairs.append((Change("absences", t("watch_if_closed", lang, who=who), None),
                          st.result))
        return Tick(st.game, n, now, clock.deadline, clock.close, st.result, pairs, pending,
                    st.status, warning, closed, clock, lang)

    # -- the loop ------------------------------------------------------------------------------

    def run(self) -> str:
        game = load_game(self.game_file)
        st = _State(game, GamePosts(()), set(),
                    game_text=Path(self.game_file).read_text(encoding="utf-8"))
        now = self.clock()
        tick = self.step(st, now, refresh=True)
        assert st.last_refresh is not None  # set by every refresh, the first included
        while not self._done(st, tick):
            if st.fetched and not st.checked:
                self._check_day(st, tick)
            self.screen.show(tick)
            due = st.last_refresh + timedelta(seconds=self.every)
            assert tick.vote_clock is not None   # every step sets the day's clock
            wake = min([due, *(b for b in _boundaries(tick.game, tick.vote_clock) if b > now)])
            self.sleep(max((wake - now).total_seconds(), 1.0))
            now = self.clock()
            tick = self.step(st, now, refresh=now >= st.last_refresh + timedelta(seconds=self.every))
        return self._finish(st, tick)

    @staticmethod
    def _done(st: _State, tick: Tick) -> bool:
        """Closed, and the thread refreshed since (the last posts in time are in), or a hammer."""
        assert st.last_refresh is not None  # run() refreshes before asking
        return tick.closed and (_hammered(tick.result) or st.last_refresh >= tick.close)

    def _check_day(self, st: _State, tick: Tick) -> None:
        """issue 20: the day followed exists (:meth:`Replay.check_watched_day`), judged on the
        thread as the first good refresh shows it; else an InputError naming the last day there
        is."""
        live = bool(st.game.source.thread) if self.live is None else self.live
        what = None if self.day else f"day {tick.day} (today's, by the schedule)"
        st.counted().check_watched_day(tick.day, tick.now, live=live, what=what)
        st.checked = True

    def _finish(self, st: _State, tick: Tick) -> str:
        if not st.checked:   # never posted for a day that does not exist
            self._check_day(st, tick)
        self.last_day = tick.day
        final = st.counted().day(tick.day)
        text = self.render(final)
        result = _view(final, self.public)
        lang = self.lang_of(st.game)
        pairs = [(c, result) for c in diff(st.result, result, lang)]
        pairs.append((Change("closed", t("watch_final", lang, outcome=outcome_words(result, lang)),
                             None), result))
        tick = replace(tick, result=result, changes=tick.changes + pairs, closed=True,
                       pending=())
        self.screen.show(tick)
        self.screen.final(text, tick)
        return text


def _boundaries(game: Game, clock: VoteClock) -> list[datetime]:
    """The instants at which the count changes by the clock alone (PX-02..PX-04) or the
    absence warning is due."""
    points = [clock.deadline - WARN_BEFORE, clock.deadline, clock.close]
    if clock.window_open is not None:
        points.append(clock.window_open)
    return sorted(points)


def _hammered(result: dict[str, Any] | None) -> bool:
    """A majority ended the day before the deadline (MS-02's hammer)."""
    if not result:
        return False
    return (result.get("outcome") or {}).get("reason") == "majority"


# ---- replay -------------------------------------------------------------------------------------


class ReplayClock:
    """A virtual clock for `--replay`: starts at ``start``; ``sleep(s)`` moves it on by ``s``
    and waits ``s / speed`` real seconds through ``real_sleep``."""

    def __init__(self, start: datetime, speed: float, real_sleep: Callable[[float], None]):
        self.now, self.speed, self.real_sleep = start, max(speed, 1e-9), real_sleep

    def __call__(self) -> datetime:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.real_sleep(seconds / self.speed)
        self.now += timedelta(seconds=seconds)


def replay_source(posts: GamePosts, clock: Callable[[], datetime]) -> Callable[[Game], GamePosts]:
    """The stored posts as the thread showed them at the virtual now."""
    def visible(items: tuple[Post, ...] | None) -> tuple[Post, ...] | None:
        # a post without time (V-UNREADABLE-POST) is shown from the start: it is in review
        return tuple(p for p in items if p.time is None or p.time <= clock()) \
            if items is not None else None

    return lambda game: GamePosts(visible(posts.main) or (), visible(posts.votes))


def replay_start(game: Game, posts: GamePosts, day: int) -> datetime:
    """Where a replay of ``day`` begins: its first post (the day's start when it has none)."""
    schedule = schedule_of(game)
    start, _, end = schedule.bounds(day)
    times = [p.time for p in (*posts.main, *(posts.votes or ()))
             if p.time is not None and start <= p.time < end]
    return min(times, default=start)


# ---- the command -------------------------------------------------------------------------------


def final_path(game_file: str | Path, day: int, fmt: str) -> Path:
    """Where the official post is written by default: beside the game file."""
    p = Path(game_file)
    return p.with_name(f"{p.stem}-day{day}.{get_format(fmt).extension}")


def watch_game(game_file: str | Path, *, render: Render, screen: Screen,
               live_refresh: Callable[[Game], GamePosts] | None = None,
               stored: Callable[[Game], GamePosts] | None = None,
               replay: bool = False, speed: float = 60.0, every: float = 60.0,
               day: int | None = None, public: bool = True, out: Path | None = None,
               clock: Callable[[], datetime] | None = None,
               sleep: Callable[[float], None] | None = None,
               fmt: str = "text", lang: str | None = None) -> tuple[str, Path]:
    """`votal watch`: live (``live_refresh``) or ``replay`` of a past day (``stored`` posts);
    the official post, also written to ``out`` (default :func:`final_path`)."""
    import time
    from datetime import UTC

    sleep = sleep or time.sleep
    if replay:
        assert stored is not None  # a replay reads the stored posts (the CLI gives both)
        game = load_game(game_file)
        posts = stored(game)
        if day is None:   # the last day there is: not a day of chatter after the game's end
            counted = Replay(game, posts)
            end = counted.ended_on()
            day = min(counted.last_day, end.day if end else MAX_DAYS)
        vclock = ReplayClock(replay_start(game, posts, day), speed, sleep)
        watcher = Watcher(game_file, refresh=replay_source(posts, vclock), clock=vclock,
                          sleep=vclock.sleep, screen=screen, render=render, every=every,
                          day=day, public=public, min_every=1.0, lang=lang, live=False)
    else:
        assert live_refresh is not None  # a live watch refreshes the thread (the CLI gives both)
        watcher = Watcher(game_file, refresh=live_refresh, clock=clock or (lambda: datetime.now(UTC)),
                          sleep=sleep, screen=screen, render=render, every=every, day=day,
                          public=public, lang=lang)
    with screen:   # a live screen is put away however the watch ends (Ctrl-C: exit 130)
        text = watcher.run()
    target = out or final_path(game_file, watcher.last_day, fmt)
    with writing(target):
        target.write_text(text, encoding="utf-8")
    return text, target


def watch_file(game_file: str | Path, *, render: Render, screen: Screen, net: Network,
               db: Path | None = None, replay: bool = False, speed: float = 60.0,
               every: float = 60.0, day: int | None = None, public: bool = True,
               out: Path | None = None, fmt: str = "text", lang: str | None = None,
               warn: Callable[[str], None] | None = None) -> tuple[str, Path]:
    """`votal watch GAME`: the game file refused before anything starts (its warnings said
    once, to ``warn``); live, each refresh reads the thread through the store at ``db`` with
    ``net``; ``replay``: a past day from what is stored. The official post and where it went."""
    load_game(game_file, warn=warn)
    return watch_game(
        game_file, render=render, screen=screen,
        live_refresh=lambda game: load_posts(game, offline=False, db=db, net=net),
        stored=lambda game: load_posts(game, offline=True, db=db), replay=replay,
        speed=speed, every=every, day=day, public=public, out=out, fmt=fmt, lang=lang)
