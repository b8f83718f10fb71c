"""C-09, C-10, PC-01 day boundaries; PX-02..PX-04 clock."""

from __future__ import annotations

from datetime import date, datetime, time
from zoneinfo import ZoneInfo

from votal.tally.game import DayOverride, ScheduleSpec
from votal.tally.schedule import Schedule

ATH = ZoneInfo("Europe/Athens")
MSK = ZoneInfo("Europe/Moscow")


def spec(day1=date(2026, 11, 2), deadline=time(20), change=time(3), **kw) -> ScheduleSpec:
    return ScheduleSpec(day1=day1, deadline=deadline, day_change=change,
                        murder=kw.pop("murder", time(13)), skip_weekends=kw.pop("skip", False),
                        holidays=frozenset(kw.pop("holidays", ())), days=kw.pop("days", {}))


def t(d, hh, mm=0, tz=ATH, month=11):
    return datetime(2026, month, d, hh, mm, tzinfo=tz)


def test_palermo_day_bounds():
    s = Schedule(spec(), ATH)
    assert s.bounds(1) == (t(2, 3), t(2, 20), t(3, 3))
    assert s.bounds(2) == (t(3, 3), t(3, 20), t(4, 3))


def test_post_after_midnight_belongs_to_the_previous_day():
    s = Schedule(spec(), ATH)
    assert s.day_of(t(3, 1, 30)) == 1
    assert s.day_of(t(3, 3, 0)) == 2          # half-open: exactly 03:00 is the next day
    assert s.day_of(t(2, 2, 59)) == 0         # before day 1: day 0, no vote


def test_same_deadline_and_day_change_ends_at_the_deadline():
    s = Schedule(spec(deadline=time(22), change=time(22)), MSK)
    start, deadline, end = s.bounds(1)
    assert start == t(1, 22, tz=MSK) and deadline == end == t(2, 22, tz=MSK)
    assert s.day_of(t(2, 21, 59, tz=MSK)) == 1
    assert s.day_of(t(2, 22, 0, tz=MSK)) == 2


def test_weekend_is_paused_and_its_posts_go_to_monday():
    s = Schedule(spec(day1=date(2026, 11, 5), skip=True), ATH)  # Thursday
    assert [s.date_of(n) for n in (1, 2, 3)] == [date(2026, 11, 5), date(2026, 11, 6), date(2026, 11, 9)]
    assert s.start(3) == t(7, 3)                               # where Friday's day ended
    assert s.day_of(t(8, 18)) == 3                             # Sunday's post: Monday's day


def test_holiday_is_paused():
    s = Schedule(spec(holidays=[date(2026, 11, 3)]), ATH)
    assert s.date_of(2) == date(2026, 11, 4)
    assert s.deadline(2) == t(4, 20)


def test_day1_on_a_holiday_moves_to_the_next_played_date():
    s = Schedule(spec(day1=date(2026, 11, 7), skip=True), ATH)  # Saturday
    assert s.date_of(1) == date(2026, 11, 9)


def test_per_day_override_moves_deadline_and_next_start():
    moved = DayOverride(start=None, deadline=t(3, 21, 30))
    s = Schedule(spec(days={2: moved}), ATH)
    assert s.deadline(2) == t(3, 21, 30)
    assert s.end(2) == t(4, 3)
    start = DayOverride(start=t(4, 12), deadline=None)
    s2 = Schedule(spec(days={3: start}), ATH)
    assert s2.start(3) == t(4, 12)


def test_window_clock_and_murder_time():
    s = Schedule(spec(), ATH, window=(5, 10))
    c = s.clock(2)
    assert (c.deadline, c.window_open, c.window_close, c.close) == (t(3, 20), t(3, 20, 5), t(3, 20, 10), t(3, 20, 10))
    assert s.murder_time(1) is None and s.murder_time(2) == t(3, 13)
    assert Schedule(spec(), ATH).clock(1).close == t(2, 20)


def test_far_days_do_not_recurse():
    s = Schedule(spec(), ATH)
    assert s.day_of(t(2, 12) .replace(year=2027)) > 300
