"""When was a saved page fetched? The clues a page carries itself (issue 11).

Relative dates ("Today, 09:41", "Χθες στις 20:04", "5 minutes ago") mean an instant only against
the moment the page was fetched. Over HTTP that is the answer's ``Date``; for a saved page it is
``--fetched-at`` when given, else what the page says of itself, read here (pure, no I/O):

* the saving tool's stamp: SingleFile's ``saved date:``, HTTrack's ``Mirrored from … by HTTrack
  …, <RFC 1123 date>``;
* the forum's own clock: XenForo 2's ``XF.config`` ``time: {now: EPOCH}`` and the epoch of its
  ``data-csrf`` token, XenForo 1's ``serverTimeInfo`` ``now``, phpBB's "It is currently <date>"
  (and its translations), read in the zone the page states (`engines/_zone.page_zone`).

None of them: ``None``. Then one more clue is the page's own posts (:func:`date_by_neighbours`):
absolutely dated posts around relatively dated ones may leave a single possible fetch day. Where
they do not, the relative dates fix no day, and their posts go to review instead of onto a
guessed day (a file's modification time is no clue: copies change it).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, timezone
from email.utils import parsedate_to_datetime
from zoneinfo import ZoneInfo

import lxml.html

from votal.scraper import dates
from votal.scraper.engines._zone import page_zone
from votal.scraper.model import Post

_SINGLEFILE = re.compile(
    r"saved date:\s*\w{3} (\w{3}) (\d{1,2}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT([+-]\d{4})")
_HTTRACK = re.compile(r"Mirrored from [^>]*?by HTTrack[^>]*?,\s*(\w{3}, \d{1,2} \w{3} \d{4} "
                      r"\d{2}:\d{2}:\d{2} (?:GMT|[+-]\d{4}))")
_XF_NOW = re.compile(r"(?:serverTimeInfo|\btime)\s*[:=]\s*\{\s*now\s*:\s*(\d{9,11})")
_XF_CSRF = re.compile(r"<html[^>]*\bdata-csrf=\"(\d{9,11}),")
# phpBB's header line, by language pack ("It is currently Wed Jul 21, 2010 5:15 pm").
_PHPBB_NOW = re.compile(
    r"(?:It is currently|Aktuelle Zeit:|Текущее время:|Oggi è|Nous sommes le|Τρέχουσα ώρα:)"
    r"\s*([^<\n]{6,60})")
_MONTHS = {m: i for i, m in enumerate(
    "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(), 1)}


def page_fetched_at(html: str, tz: ZoneInfo, languages: Sequence[str] | None = None
                    ) -> datetime | None:
    """The fetch time a saved page states about itself, or None (see the module docstring)."""
    clock = page_clock(html, tz, languages)
    return clock[0] if clock else None


def page_clock(html: str, tz: ZoneInfo, languages: Sequence[str] | None = None
               ) -> tuple[datetime, str] | None:
    """The fetch time a saved page states about itself and the clue that states it
    (``singlefile``, ``httrack``, ``xenforo-clock``, ``phpbb-current-time``), or None."""
    head = html[:400_000]
    for clue in (_saving_tool, _forum_epoch):
        found = clue(head)
        if found is not None:
            return found
    m = _PHPBB_NOW.search(head)
    if m:
        # printed in the zone the page states ("All times are UTC + 2 hours"), as its posts are
        zone = page_zone(lxml.html.document_fromstring(html), tz) or tz
        t = dates.parse_forum_time(m.group(1).strip(), zone, None, languages)
        return (t, "phpbb-current-time") if t is not None else None
    return None


def _saving_tool(head: str) -> tuple[datetime, str] | None:
    m = _SINGLEFILE.search(head)
    if m and m.group(1) in _MONTHS:
        mon, day, year, hh, mm, ss, off = m.groups()
        sign = 1 if off[0] == "+" else -1
        offset = sign * (int(off[1:3]) * 60 + int(off[3:5]))
        zone = timezone(timedelta(minutes=offset))
        return datetime(int(year), _MONTHS[mon], int(day), int(hh), int(mm), int(ss),
                        tzinfo=zone), "singlefile"
    m = _HTTRACK.search(head)
    if m:
        try:
            return parsedate_to_datetime(m.group(1)), "httrack"
        except (TypeError, ValueError):
            return None
    return None


def _forum_epoch(head: str) -> tuple[datetime, str] | None:
    for rx in (_XF_NOW, _XF_CSRF):
        m = rx.search(head)
        if m:
            return dates.from_epoch(m.group(1)), "xenforo-clock"
    return None


@dataclass(frozen=True, slots=True)
class NeighbourDating:
    """What the dated posts of a page say of the day its relative dates count from."""

    posts: list[Post]                   # the page's posts, relative ones dated when the day is fixed
    anchor: datetime | None = None      # noon of the fixed fetch day (relative day words only)
    note: str = ""                      # why posts were left for review, when they were


def date_by_neighbours(parse: Callable[[datetime | None], list[Post]], tz: ZoneInfo | timezone
                       ) -> NeighbourDating:
    """Relative dates of a saved page with no fetch time, bounded by its absolutely dated posts.

    ``parse(now)`` reads the page with ``now`` as its fetch time (``None``: none known).

    The reasoning. A page lists its posts in time order, and every post on it was made before
    the page was fetched. A day-relative date ("Today, 09:41", "Χθες στις 20:04") is a wall
    clock on a day counted back from the fetch day D, so each such post's time is a function of
    D alone, and moving D by k days moves the post by k days. The absolutely dated posts just
    before and after it bound it: ``before <= post <= after``, which allows only the D for which
    the post falls between them; every relative post on the page shares the one D, and D is no
    earlier than the day of the last absolutely dated post (the page shows it). When the
    intersection of all these bounds is exactly one day, that day is the fetch day: the relative
    posts are dated on it ("Today, 09:41" between 30 Nov 23:00 and 1 Dec 12:00: D is no earlier
    than 1 Dec, the later post's day, and no later, or 09:41 would come after 12:00: today is
    1 Dec). Otherwise nothing is guessed and they stay without time (review):

    * no absolutely dated post after a relative one (the usual page: old posts dated, recent
      ones "Today"): D is bounded below only, any later day fits;
    * bounds that leave two or more days ("Yesterday, 09:41" between 30 Nov 08:00 and 1 Dec
      12:00: yesterday may be 30 Nov or 1 Dec), or none (the page contradicts itself);
    * dated posts out of time order (a page sorted newest first): the premise fails;
    * no forum's habit is assumed (that posts of the day before yesterday are printed with
      their date, say): engines and settings differ, and a wrong habit would be a guessed day;
    * an elapsed-time date ("5 minutes ago") needs the fetch instant, not only its day: the
      bound never fixes it;
    * no absolutely dated post at all: no neighbours, nothing to bound with.

    Relative posts are told from others by reading the page with two fetch times an hour
    apart on one day: a post with no time without a fetch time and the same time with both is
    day-relative; one whose time moves with the hour is elapsed-time.
    """
    base = parse(None)
    timeless = [p for p in base if p.time is None]
    dated = [p for p in base if p.time is not None]
    if not timeless:
        return NeighbourDating(base)
    # any day serves to tell the kinds apart; the first dated post's keeps the shifts small
    ref = min((p.time for p in dated if p.time is not None), default=_PROBE).astimezone(tz).date()
    noon = _noon(ref, tz)
    one, two = ({p.id: p for p in parse(t)} for t in (noon, noon + timedelta(hours=1)))
    relative: dict[int, datetime] = {}   # index on the page -> its time were D the ref day
    elapsed = []
    for i, p in enumerate(base):
        if p.time is not None or p.id not in one or p.id not in two:
            continue
        t1, t2 = one[p.id].time, two[p.id].time
        if t1 is not None and t1 == t2:
            relative[i] = t1
        elif t1 is not None or t2 is not None:
            elapsed.append(p.id)
    if not relative:
        note = (f"posts {', '.join(elapsed)} count elapsed time (\"5 minutes ago\"): they need "
                "the fetch time itself") if elapsed else ""
        return NeighbourDating(base, note=note)
    ids = ", ".join(base[i].id for i in relative)
    if not dated:
        return NeighbourDating(base, note=f"no post on the page has an absolute date to bound "
                                          f"the relative dates of posts {ids} with")
    times = [p.time for p in dated if p.time is not None]
    if any(b < a for a, b in zip(times, times[1:])):  # newest first, or shuffled: no bounds
        return NeighbourDating(base, note="the page's dated posts are not in time order, so "
                                          "they bound nothing")
    last = max(times)
    lo: int | None = (last.astimezone(tz).date() - ref).days   # D is no earlier than the page
    hi: int | None = None
    for i, t in relative.items():
        before = next((p.time for p in reversed(base[:i]) if p.time is not None), None)
        after = next((p.time for p in base[i + 1:] if p.time is not None), None)
        if before is not None:
            k = _first_shift_at_or_after(t, before, tz)
            lo = k if lo is None else max(lo, k)
        if after is not None:
            k = _last_shift_at_or_before(t, after, tz)
            hi = k if hi is None else min(hi, k)
    if hi is None:
        return NeighbourDating(base, note=f"no absolutely dated post after the relative ones "
                                          f"(posts {ids}) bounds the day they count from")
    if lo is None or lo > hi:
        return NeighbourDating(base, note=f"the absolutely dated posts around posts {ids} "
                                          "contradict each other")
    if lo < hi:
        days = ", ".join(str(ref + timedelta(days=k)) for k in range(lo, min(hi, lo + 2) + 1))
        more = ", …" if hi > lo + 2 else ""
        return NeighbourDating(base, note=f"the dated posts around posts {ids} leave "
                                          f"{hi - lo + 1} possible days ({days}{more})")
    anchor = _noon(ref + timedelta(days=lo), tz)
    fixed = {p.id: p for p in parse(anchor)}
    day_relative = {base[i].id for i in relative}
    return NeighbourDating([fixed.get(p.id, p) if p.id in day_relative or p.time is not None
                            else p for p in base], anchor)


_PROBE = datetime(2000, 1, 3, 12, 0, tzinfo=UTC)


def _noon(day: date, tz: ZoneInfo | timezone) -> datetime:
    return datetime.combine(day, time(12, 0), tzinfo=tz)


def _shift(t: datetime, days: int, tz: ZoneInfo | timezone) -> datetime:
    """``t`` moved by whole days on the wall clock of ``tz`` (a day word's clock stays put)."""
    local = t.astimezone(tz)
    return (local.replace(tzinfo=None) + timedelta(days=days)).replace(tzinfo=tz)


def _first_shift_at_or_after(t: datetime, bound: datetime, tz: ZoneInfo | timezone) -> int:
    k = (bound.astimezone(tz).date() - t.astimezone(tz).date()).days
    return k if _shift(t, k, tz) >= bound else k + 1


def _last_shift_at_or_before(t: datetime, bound: datetime, tz: ZoneInfo | timezone) -> int:
    k = (bound.astimezone(tz).date() - t.astimezone(tz).date()).days
    return k if _shift(t, k, tz) <= bound else k - 1
