"""phpBB text times across a DST change (the loose end "forum dates with a fixed offset ignore
DST", scraper/engines/_zone.py).

phpBB 3.1+ keeps each user's zone by name and prints every time with that zone's offset on its
own date (``user::format_date``); its footer gives only the offset of the moment the page was
made ("All times are UTC+02:00", ``create_datetime()->getOffset()``; the name in a ``title`` a
style or a saved copy may drop). phpBB 3.0 adds one fixed offset (and the DST hour) to every
time it prints ("UTC + 2 hours [ DST ]"): that stays fixed, as vBulletin 3/4's "GMT +2" does.
The pages are our own, written as prosilver renders a thread spanning the night of 25 October
2026, when Athens goes from +03:00 (EEST) back to +02:00 (EET).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from votal.scraper import engines

ATHENS = ZoneInfo("Europe/Athens")
URL = "https://palermo.example.gr/forum/viewtopic.php?t=43"
WINTER_NOW = datetime(2026, 11, 3, 21, 0, tzinfo=ATHENS)    # fetched in November: +02:00
SUMMER_NOW = datetime(2026, 10, 21, 21, 0, tzinfo=ATHENS)   # fetched in October: +03:00


def _post(pid: int, author: str, uid: int, when: str, text: str, edited: str = "") -> str:
    notice = (f'<div class="notice">Last edited by <a href="./memberlist.php?mode=viewprofile'
              f'&amp;u={uid}" class="username">{author}</a> on {edited}, edited 1 time in '
              f'total.</div>') if edited else ""
    return f"""
<div id="p{pid}" class="post has-profile bg2"><div class="inner">
 <dl class="postprofile" id="profile{pid}"><dt><a href="./memberlist.php?mode=viewprofile&amp;u={uid}"
  class="username">{author}</a></dt></dl>
 <div class="postbody"><div id="post_content{pid}">
  <h3 class="first"><a href="./viewtopic.php?p={pid}#p{pid}">Re: Palermo 43</a></h3>
  <p class="author"><a href="./viewtopic.php?p={pid}#p{pid}"><span class="imageset icon_post_target"
   title="Post"></span></a>by <strong><a href="./memberlist.php?mode=viewprofile&amp;u={uid}"
   class="username">{author}</a></strong> &raquo; {when}</p>
  <div class="content">{text}</div>{notice}
 </div></div>
</div></div>"""


def _page(footer: str) -> str:
    posts = (_post(101, "Nikos", 7, "Tue Oct 20, 2026 7:30 pm",
                   'Vote <span style="color:#FF0000">Fotis</span>',
                   edited="Tue Oct 20, 2026 7:45 pm")
             + _post(102, "Fotis", 8, "Tue Nov 03, 2026 7:30 pm",
                     'Vote <span style="color:#FF0000">Nikos</span>'))
    return f"""<!DOCTYPE html><html dir="ltr" lang="en-gb"><head><meta charset="utf-8" />
<title>Palermo 43 - Forum</title></head>
<body id="phpbb" class="nojs notouch section-viewtopic ltr"><div id="wrap"><div id="page-body">
<h2 class="topic-title"><a href="./viewtopic.php?t=43">Palermo 43</a></h2>
{posts}
</div>
<div id="page-footer"><div class="navbar"><ul class="linklist">
 <li class="rightside">{footer}</li></ul></div>
 <div class="copyright">Powered by <a href="https://www.phpbb.com/">phpBB</a>&reg; Forum Software</div>
</div></div></body></html>"""


def _times(footer: str, tz, now) -> list[tuple[datetime | None, datetime | None]]:
    posts = engines.get("phpbb").parse_page(_page(footer), URL, tz, now)
    assert [p.id for p in posts] == ["101", "102"]
    return [(p.time, p.edited) for p in posts]


# What Athens' clock said: 19:30 on 20 October is 16:30 UTC (EEST), on 3 November 17:30 UTC (EET).
OCT_1930 = datetime(2026, 10, 20, 16, 30, tzinfo=UTC)
OCT_1945 = datetime(2026, 10, 20, 16, 45, tzinfo=UTC)
NOV_1930 = datetime(2026, 11, 3, 17, 30, tzinfo=UTC)


@pytest.mark.parametrize("footer, now", [
    ("All times are UTC+02:00", WINTER_NOW),                 # made in November
    ("All times are UTC+03:00", SUMMER_NOW),                 # the same thread made in October
    ("All times are <span>UTC+02:00</span>", None),          # no fetch time: +02:00 is Athens'
])
def test_phpbb31_offset_of_the_game_zone_keeps_each_post_on_its_own_side_of_dst(footer, now):
    """The footer's offset is the game zone's at the fetch: the zone, not the offset, dates the
    posts, so the October vote is 19:30 EEST (+03:00), the November one 19:30 EET (+02:00)."""
    (oct_time, oct_edit), (nov_time, nov_edit) = _times(footer, ATHENS, now)
    assert oct_time == OCT_1930 and oct_time.utcoffset() == timedelta(hours=3)
    assert oct_edit == OCT_1945
    assert nov_time == NOV_1930 and nov_time.utcoffset() == timedelta(hours=2)
    assert nov_edit is None


@pytest.mark.parametrize("footer, now, hours", [
    ("All times are UTC+01:00", WINTER_NOW, 1),    # another zone than the game's (Rome in winter)
    ("All times are UTC+03:00", WINTER_NOW, 3),    # Athens is +02:00 in November: not Athens
    ("All times are UTC+05:00", None, 5),          # never Athens' offset
])
def test_phpbb31_offset_that_is_not_the_game_zone_stays_the_page_offset(footer, now, hours):
    fixed = timezone(timedelta(hours=hours))
    (oct_time, _), (nov_time, _) = _times(footer, ATHENS, now)
    assert oct_time == datetime(2026, 10, 20, 19, 30, tzinfo=fixed)
    assert nov_time == datetime(2026, 11, 3, 19, 30, tzinfo=fixed)


def test_phpbb30_dst_flag_is_one_offset_for_every_post():
    """phpBB 3.0: "UTC + 2 hours [ DST ]" is +03:00 on every date it prints, by design, also in
    a game whose zone is Europe/Athens."""
    three = timezone(timedelta(hours=3))
    footer = 'All times are UTC + 2 hours [ <abbr title="Daylight Saving Time">DST</abbr> ]'
    (oct_time, oct_edit), (nov_time, _) = _times(footer, ATHENS, WINTER_NOW)
    assert oct_time == datetime(2026, 10, 20, 19, 30, tzinfo=three)
    assert oct_edit == datetime(2026, 10, 20, 19, 45, tzinfo=three)
    assert nov_time == datetime(2026, 11, 3, 19, 30, tzinfo=three)
    (_, _), (nov_plain, _) = _times("All times are UTC + 2 hours", ATHENS, WINTER_NOW)
    assert nov_plain == datetime(2026, 11, 3, 19, 30, tzinfo=timezone(timedelta(hours=2)))


def test_phpbb31_zone_named_in_the_title_needs_no_game_zone():
    """The name in the title decides, whatever zone the times would otherwise be read in."""
    footer = 'All times are <span title="Europe/Athens">UTC+02:00</span>'
    (oct_time, _), (nov_time, _) = _times(footer, UTC, None)
    assert (oct_time, nov_time) == (OCT_1930, NOV_1930)


def test_relative_day_words_take_the_offset_of_the_day_they_name():
    """Any engine's text times in a named zone (dates.py): "Yesterday at 20:04" read the morning
    after the autumn change (fetched at +02:00) is 20:04 EEST, +03:00, of the day before."""
    from votal.scraper.dates import parse_forum_time

    morning_after = datetime(2026, 10, 25, 10, 0, tzinfo=ATHENS)
    assert morning_after.utcoffset() == timedelta(hours=2)
    got = parse_forum_time("Yesterday at 20:04", ATHENS, morning_after, ["en"])
    assert got == datetime(2026, 10, 24, 17, 4, tzinfo=UTC)
    assert got.utcoffset() == timedelta(hours=3)
    greek = parse_forum_time("Χθες στις 20:04", ATHENS, morning_after, ["el"])
    assert greek == got
