"""Day boundaries (C-09, C-10, PC-01, C-13) and the vote's clock (PX-02..PX-04).

Pure over a ScheduleSpec and a time zone. Intervals are half-open: [start, end).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from votal.tally.game import ScheduleSpec
from votal.tally.localtime import local

MAX_DAYS = 2000


class NoDay(ValueError):
    """An instant after the last day the schedule holds: it falls in no day (never counted in
    day MAX_DAYS, which does not hold it)."""


@dataclass(frozen=True, slots=True)
class VoteClock:
    """The instants of one day's vote: deadline (lock), window open/close, end of counting."""

    deadline: datetime
    window_open: datetime | None
    window_close: datetime | None

    @property
    def close(self) -> datetime:
        """Nothing at or after this instant counts for the day's vote (PX-04)."""
        return self.window_close or self.deadline


class Schedule:
    """C-09/C-10: where each played day starts, has its deadline and ends.

    Day n starts where day n-1 ended (day 1 at the day change before its deadline) unless the
    game file gives its start; its deadline is the game file's, else the scheduled deadline of
    the first played date after its start (C-10: paused dates have none); it ends where day n+1
    begins: the start the game file gives day n+1, else the first day change at or after its
    deadline. So the days after the last given one continue from its end, and the days never
    overlap; a game file whose given instants would (a deadline not after its start, a start
    before the previous day's vote closed) is refused by :func:`schedule_problem`'s caller.
    """

    def __init__(self, spec: ScheduleSpec, tz: ZoneInfo, *, window: tuple[int, int] | None = None):
        self.spec = spec
        self.tz = tz
        self.window = window            # PX-03: (open, close) minutes after the deadline
        self._bounds: dict[int, tuple[datetime, datetime, datetime, date]] = {}

    # -- calendar ---------------------------------------------------------------------------

    def paused(self, d: date) -> bool:
        """C-10 / PC-01: weekends (when skipped, as palermo-classic does) and holidays have no day."""
        return (self.spec.skip_weekends and d.weekday() >= 5) or d in self.spec.holidays

    def date_of(self, n: int) -> date:
        """The calendar date of played day n (n ≥ 1): the played date of its scheduled deadline
        (day 1: the first played date from ``day1``; a later day: the first played date whose
        scheduled deadline comes after the day's start)."""
        return self._day(n)[3]

    def _at(self, d: date, t: time) -> datetime:
        """The scheduled local time t on date d (C-13: across a daylight-saving change)."""
        return local(datetime.combine(d, t), self.tz)

    def _played(self, d: date) -> date:
        while self.paused(d):
            d += timedelta(days=1)
        return d

    def _first_date_after(self, t: datetime) -> date:
        """The first played date whose scheduled deadline comes after instant t."""
        d = self._played(t.astimezone(self.tz).date() - timedelta(days=1))
        while self._at(d, self.spec.deadline) <= t:
            d = self._played(d + timedelta(days=1))
        return d

    # -- one day ----------------------------------------------------------------------------

    def bounds(self, n: int) -> tuple[datetime, datetime, datetime]:
        """(start, deadline, end) of day n (C-09)."""
        return self._day(n)[:3]

    def _day(self, n: int) -> tuple[datetime, datetime, datetime, date]:
        if n < 1 or n > MAX_DAYS:
            raise ValueError(f"day {n} is out of range")
        k = len(self._bounds)
        while k < n:  # in order: day k+1 starts where day k ended
            k += 1
            self._bounds[k] = self._compute(k)
        return self._bounds[n]

    def _compute(self, n: int) -> tuple[datetime, datetime, datetime, date]:
        """C-09: day n's start, deadline, end and date (see the class)."""
        given = self.spec.days.get(n)
        start = given.start if given else None
        if start is None and n > 1:
            start = self._bounds[n - 1][2]
        if start is None:   # day 1: its date from day1, its start the day change before the deadline
            d = self._played(self.spec.day1)
            deadline = given.deadline if given and given.deadline else self._at(d, self.spec.deadline)
            back = 0
            start = self._at(d, self.spec.day_change)
            while start >= deadline:
                back += 1
                start = self._at(d - timedelta(days=back), self.spec.day_change)
        else:
            d = self._first_date_after(start)
            deadline = given.deadline if given and given.deadline else self._at(d, self.spec.deadline)
        following = self.spec.days.get(n + 1)
        if following and following.start:   # a day ends where the next begins
            end = following.start
        else:
            end = self._first_change_at_or_after(deadline)
        return start, deadline, end, d

    def _first_change_at_or_after(self, t: datetime) -> datetime:
        local = t.astimezone(self.tz)
        change = self._at(local.date(), self.spec.day_change)
        while change < t:
            change = self._at(change.date() + timedelta(days=1), self.spec.day_change)
        return change

    def start(self, n: int) -> datetime:
        return self.bounds(n)[0]

    def deadline(self, n: int) -> datetime:
        return self.bounds(n)[1]

    def end(self, n: int) -> datetime:
        return self.bounds(n)[2]

    def clock(self, n: int) -> VoteClock:
        deadline = self.deadline(n)
        if self.window is None:
            return VoteClock(deadline, None, None)
        return VoteClock(deadline, deadline + timedelta(minutes=self.window[0]),
                         deadline + timedelta(minutes=self.window[1]))

    def murder_time(self, n: int) -> datetime | None:
        """The scheduled murder announcement of day n (none on day 1; PC-02, PX-17)."""
        if self.spec.murder is None or n < 2:
            return None
        return self._at(self.date_of(n), self.spec.murder)

    def last_given(self) -> int:
        """The last day the game file gives instants for (0: none)."""
        return max(self.spec.days, default=0)

    # -- posts ------------------------------------------------------------------------------

    def day_of(self, t: datetime) -> int:
        """MR-01: the played day a post at t belongs to (C-09); 0 before day 1: turn 0, which has
        no vote (``tally_day`` refuses day 0). The days follow one another from day 1's start
        on, so every later instant is in exactly one day, up to the last the schedule holds
        (:class:`NoDay` after it)."""
        if t < self.start(1):
            return 0
        return _search(self, t)


def schedule_problem(schedule: Schedule) -> tuple[int, str] | None:
    """The first day whose instants run backwards or overlap (C-09), as (day, what is wrong);
    the days the game file gives and the one after the last of them are checked (the later ones
    are computed, and cannot). None when the schedule holds."""
    tz = schedule.tz
    given = schedule.spec.days

    def at(t: datetime) -> str:
        return t.astimezone(tz).isoformat()

    for n in range(1, schedule.last_given() + 2):
        start, deadline, end = schedule.bounds(n)
        mine = given.get(n)
        where = (f"[schedule.day.{n}]" if mine and (mine.start or mine.deadline)
                 else "the schedule")
        if deadline <= start:
            return n, (f"{where}: day {n}'s deadline {at(deadline)} is not after its start "
                       f"{at(start)}")
        close = schedule.clock(n).close
        if end < close:
            return n + 1, (f"[schedule.day.{n + 1}]: day {n + 1} starts {at(end)}, before day "
                           f"{n}'s vote closes ({at(close)}): the days overlap")
    return None


def _search(schedule: Schedule, t: datetime) -> int:
    lo, hi = 1, 1
    while schedule.end(hi) <= t:
        if hi == MAX_DAYS:
            raise NoDay(f"{t.isoformat()} is after day {MAX_DAYS}, the last day the schedule "
                        "holds: it falls in no day")
        lo, hi = hi + 1, min(hi * 2, MAX_DAYS)
    while lo < hi:  # first n with end(n) > t
        mid = (lo + hi) // 2
        if schedule.end(mid) <= t:
            lo = mid + 1
        else:
            hi = mid
    return lo
