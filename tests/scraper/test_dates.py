"""scraper/dates.py: every date form the forum adapters meet (forum-engines.md §2.1)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from unittest.mock import patch
from zoneinfo import ZoneInfo

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from votal.scraper import dates
from votal.scraper.dates import from_epoch, from_iso, is_relative, parse_forum_time

ATHENS = ZoneInfo("Europe/Athens")
ROME = ZoneInfo("Europe/Rome")
MOSCOW = ZoneInfo("Europe/Moscow")
NEW_YORK = ZoneInfo("America/New_York")
UTC = UTC
# Sunday 29 November 2026, 22:30 in Athens (20:30 UTC): one fixed instant for every case.
NOW = datetime(2026, 11, 29, 22, 30, tzinfo=ATHENS)

ABSOLUTE = [
    # text, tz, languages, expected local wall time (Y, M, D, h, m[, s])
    ("Χθες στις 20:04", ATHENS, ["el"], (2026, 11, 28, 20, 4)),
    ("Χθές στις 20:04", ATHENS, ["el"], (2026, 11, 28, 20, 4)),
    ("Σήμερα, 13:00", ATHENS, ["el"], (2026, 11, 29, 13, 0)),
    ("Σήμερα στις 13:00", ATHENS, ["el"], (2026, 11, 29, 13, 0)),
    ("Ieri alle 20:04", ROME, ["it"], (2026, 11, 28, 20, 4)),
    ("Oggi alle 13:00", ROME, ["it"], (2026, 11, 29, 13, 0)),
    ("Вчера в 20:04", MOSCOW, ["ru"], (2026, 11, 28, 20, 4)),
    ("Сегодня, 20:04", MOSCOW, ["ru"], (2026, 11, 29, 20, 4)),
    ("07.09.2018, 12:19", MOSCOW, ["ru"], (2018, 9, 7, 12, 19)),
    ("Yesterday at 8:04 PM", NEW_YORK, ["en"], (2026, 11, 28, 20, 4)),
    ("Today, 08:04 PM", NEW_YORK, ["en"], (2026, 11, 29, 20, 4)),
    ("Today at 12:15 AM", NEW_YORK, ["en"], (2026, 11, 29, 0, 15)),
    ("06-15-2016, 03:03 PM", UTC, ["en"], (2016, 6, 15, 15, 3)),
    ("2016-02-01, 02:21", UTC, ["en"], (2016, 2, 1, 2, 21)),
    ("Sun May 26, 2019 4:34 pm", UTC, ["en"], (2019, 5, 26, 16, 34)),
    ("Oct 30, 2014 at 10:48 PM", UTC, ["en"], (2014, 10, 30, 22, 48)),
    ("September 19, 2007, 02:16:51 PM", UTC, ["en"], (2007, 9, 19, 14, 16, 51)),
    ("22 Июль 2013 в 02:04", MOSCOW, ["ru"], (2013, 7, 22, 2, 4)),
    ("22 июля 2013, 02:04", MOSCOW, ["ru"], (2013, 7, 22, 2, 4)),
    ("3 мая 2020 в 11:00", MOSCOW, ["ru"], (2020, 5, 3, 11, 0)),
    ("26 Μαΐου 2019, 16:34", ATHENS, ["el"], (2019, 5, 26, 16, 34)),
    ("3 Σεπ 2020 στις 09:15", ATHENS, ["el"], (2020, 9, 3, 9, 15)),
    ("Κυρ 26 Μάι 2019 4:34 μ.μ.", ATHENS, ["el"], (2019, 5, 26, 16, 34)),
    ("14 Δεκεμβρίου 2025 10:02 π.μ.", ATHENS, ["el"], (2025, 12, 14, 10, 2)),
    ("26 maggio 2019 alle 16:34", ROME, ["it"], (2019, 5, 26, 16, 34)),
    ("Mar 12 Nov 2019, 09:05", ROME, ["it"], (2019, 11, 12, 9, 5)),
    ("1 agosto 2021, 23:59", ROME, ["it"], (2021, 8, 1, 23, 59)),
    ("16/5/2021, 20:04", ROME, ["it"], (2021, 5, 16, 20, 4)),
    ("05-06-2016, 10:00", UTC, ["en"], (2016, 5, 6, 10, 0)),
    ("05-06-2016, 10:00", ROME, ["it"], (2016, 6, 5, 10, 0)),
    ("26/10/13, 03:48 pm", UTC, ["en"], (2013, 10, 26, 15, 48)),
    # not a fast-path form: goes through dateparser
    ("26 de mayo de 2019 16:34", UTC, ["es"], (2019, 5, 26, 16, 34)),
]


@pytest.mark.parametrize("text,tz,langs,wall", ABSOLUTE, ids=[c[0] for c in ABSOLUTE])
def test_absolute_and_day_words(text, tz, langs, wall):
    got = parse_forum_time(text, tz, NOW, langs)
    assert got is not None
    assert got.tzinfo is not None
    assert got == datetime(*wall, tzinfo=tz)


AGO = [
    ("5 minutes ago", 5 * 60), ("1 minute ago", 60), ("an hour ago", 3600),
    ("A moment ago", 0), ("2 days ago", 2 * 86400),
    ("5 minuti fa", 5 * 60), ("un'ora fa", 3600), ("2 ore fa", 7200), ("pochi secondi fa", 0),
    ("πριν από 5 λεπτά", 5 * 60), ("5 λεπτά πριν", 5 * 60), ("πριν από 2 ώρες", 7200),
    ("5 минут назад", 5 * 60), ("3 минуты назад", 180), ("час назад", 3600),
    ("2 часа назад", 7200), ("менее минуты назад", 0),
]


@pytest.mark.parametrize("text,seconds", AGO, ids=[c[0] for c in AGO])
def test_ago_forms(text, seconds):
    got = parse_forum_time(text, ATHENS, NOW)
    assert got == NOW - timedelta(seconds=seconds)
    assert got.tzinfo is not None


GARBAGE = ["", "   ", "hello world", "Quote", "Yesterday", "Χθες", "20:04", "32.13.2019, 10:00",
           "Today at 99:99", "Page 2 of 10", "version 1.2.3", "#15", "Originally Posted by Nikos",
           "Yesterday 2016-02-01, 02:21", "12 angry men"]


@pytest.mark.parametrize("text", GARBAGE)
def test_garbage_is_none(text):
    assert parse_forum_time(text, ATHENS, NOW) is None


def test_day_words_follow_the_zone_not_utc():
    # 00:30 in Athens on the 30th is still the 29th in UTC: "today" is Athens' today.
    now = datetime(2026, 11, 30, 0, 30, tzinfo=ATHENS)
    got = parse_forum_time("Σήμερα, 00:10", ATHENS, now)
    assert got == datetime(2026, 11, 30, 0, 10, tzinfo=ATHENS)
    assert got.utcoffset() == timedelta(hours=2)


def test_now_in_another_zone_is_converted():
    now_utc = NOW.astimezone(UTC)
    assert parse_forum_time("Ieri alle 20:04", ROME, now_utc) == datetime(2026, 11, 28, 20, 4,
                                                                           tzinfo=ROME)


def test_summer_offset_applied():
    got = parse_forum_time("26 Μαΐου 2019, 16:34", ATHENS, NOW)
    assert got.utcoffset() == timedelta(hours=3)


def test_explicit_date_order_overrides_language():
    assert parse_forum_time("05/06/2016 10:00", UTC, NOW, ["en"], date_order="DMY") == \
        datetime(2016, 6, 5, 10, 0, tzinfo=UTC)


def test_from_epoch():
    assert from_epoch("1554369403") == datetime(2019, 4, 4, 9, 16, 43, tzinfo=UTC)
    assert from_epoch(1554824243) == datetime(2019, 4, 9, 15, 37, 23, tzinfo=UTC)
    assert from_epoch("1554369403000") == datetime(2019, 4, 4, 9, 16, 43, tzinfo=UTC)
    with pytest.raises(ValueError, match="epoch"):
        from_epoch("9:02 AM")


@pytest.mark.parametrize("text,expected", [
    ("2019-04-04T10:16:43+0100", datetime(2019, 4, 4, 9, 16, 43, tzinfo=UTC)),
    ("2019-04-04T10:16:43+01:00", datetime(2019, 4, 4, 9, 16, 43, tzinfo=UTC)),
    ("2020-01-08T22:09:53Z", datetime(2020, 1, 8, 22, 9, 53, tzinfo=UTC)),
    ("2019-04-09T08:37:23", datetime(2019, 4, 9, 8, 37, 23, tzinfo=UTC)),
])
def test_from_iso(text, expected):
    got = from_iso(text)
    assert got == expected and got.tzinfo is not None


def test_from_iso_assumes_given_zone():
    got = from_iso("2019-04-09T08:37:23", ATHENS)
    assert got == datetime(2019, 4, 9, 8, 37, 23, tzinfo=ATHENS)
    with pytest.raises(ValueError, match="ISO"):
        from_iso("yesterday")


# ---- issue 11: relative dates in every language, the post counter, no fetch time ----------

_NOW11 = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
_ATH = ZoneInfo("Europe/Athens")


@pytest.mark.parametrize("text,want", [
    ("#3 Today, 09:41", "2026-12-01T09:41:00+02:00"),          # vB3 postbit: counter leaks in
    ("# 12 Yesterday, 08:04 PM", "2026-11-30T20:04:00+02:00"),
    ("Heute, 09:41", "2026-12-01T09:41:00+02:00"),
    ("Gestern um 20:04", "2026-11-30T20:04:00+02:00"),
    ("vor 5 Minuten", "2026-12-01T13:55:00+02:00"),
    ("hier à 20:04", "2026-11-30T20:04:00+02:00"),
    ("il y a 2 heures", "2026-12-01T12:00:00+02:00"),
    ("ayer a las 20:04", "2026-11-30T20:04:00+02:00"),
    ("Χθες στις 20:04", "2026-11-30T20:04:00+02:00"),
    ("Πριν από 5 λεπτά", "2026-12-01T13:55:00+02:00"),
    ("Ieri alle 20:04", "2026-11-30T20:04:00+02:00"),
    ("Вчера в 20:04", "2026-11-30T20:04:00+02:00"),
    ("#7 06-15-2016, 03:03 PM", "2016-06-15T15:03:00+03:00"),
])
def test_relative_forms_and_post_counter(text, want):
    got = parse_forum_time(text, _ATH, _NOW11, ["en", "el", "it", "ru"])
    assert got is not None and got == datetime.fromisoformat(want), (text, got)


@pytest.mark.parametrize("text", ["Today, 09:41", "Χθες στις 20:04", "5 minutes ago",
                                   "vor 5 Minuten", "Dec 1, 09:41"])
def test_without_a_fetch_time_nothing_relative_is_guessed(text):
    assert parse_forum_time(text, _ATH, None, ["en", "el", "de"]) is None


def test_without_a_fetch_time_absolute_dates_still_read():
    got = parse_forum_time("Sun Sep 27, 2009 4:13 pm", ZoneInfo("UTC"), None, ["en"])
    assert got == datetime(2009, 9, 27, 16, 13, tzinfo=ZoneInfo("UTC"))


def test_is_relative():
    assert is_relative("#3 Today, 09:41") and is_relative("Πριν από 5 λεπτά")
    assert not is_relative("06-15-2016, 03:03 PM")


# ---- the wild: weekday words that are month words elsewhere, labels, more languages ------

_PARIS = ZoneInfo("Europe/Paris")


@pytest.mark.parametrize("text,langs,want", [
    # French/Spanish "mar." is Tuesday (mardi, martes), not March: the month is "févr."
    ("mar. 13 févr. 2018 10:23", ["fr"], "2018-02-13T10:23:00+01:00"),
    ("mar 13 feb 2018 10:23", ["es"], "2018-02-13T10:23:00+01:00"),
    ("Tue Mar 13, 2018 10:23 am", ["en"], "2018-03-13T10:23:00+01:00"),
    ("Di 13. Mär 2018, 10:23", ["de"], "2018-03-13T10:23:00+01:00"),
    ("mer. 14 mars 2018 10:23", ["fr"], "2018-03-14T10:23:00+01:00"),
    # a label left before the date by a style
    ("Verfasst: So 6. Mai 2018, 10:23", ["de"], "2018-05-06T10:23:00+02:00"),
    ("Inviato il: 13 febbraio 2018, 10:23", ["it"], "2018-02-13T10:23:00+01:00"),
])
def test_weekday_clashes_and_labels(text, langs, want):
    got = parse_forum_time(text, _PARIS, _NOW11, langs)
    assert got == datetime.fromisoformat(want), (text, got)


@pytest.mark.parametrize("text,days_back", [
    ("Vandaag, 10:23", 0), ("Gisteren om 10:23", 1), ("Wczoraj o 10:23", 1),
    ("Ontem às 10:23", 1), ("Dün 10:23", 1), ("Včera 10:23", 1), ("Igår, 10:23", 1),
    ("Astăzi la 10:23", 0), ("Вчора о 10:23", 1), ("Kemarin 10:23", 1), ("Eilen 10:23", 1),
    ("Hôm nay lúc 10:23", 0), ("Hôm qua, 10:23", 1), ("I går, 10:23", 1), ("Hari ini, 10:23", 0),
])
def test_relative_days_of_more_languages(text, days_back):
    got = parse_forum_time(text, _PARIS, _NOW11, ["en"])
    want = datetime(2026, 12, 1, 10, 23, tzinfo=_PARIS) - timedelta(days=days_back)
    assert got == want, (text, got)
    assert is_relative(text)
    assert parse_forum_time(text, _PARIS, None, ["en"]) is None  # no fetch time: no guess


# --- the numeric fast path (issue 22) gives exactly what the general reading gives --------------

_LABELS = ["", "Posted on", "Inviato il", "Inviato il:", "Дата: Понедельник,", "Дата:", "il",
           "Ieri", "Oggi alle", "altro ieri", "Вчера в", "hier:", "i dag", "Today,", "#", "-",
           "Ultima modifica di Anna il", "Posted 5 minutes ago on", "mar", "Κυρ", "\xa0"]


def _slow(text, tz, now, langs, order):
    """parse_forum_time with the fast paths switched off: the general reading."""
    with patch.object(dates, "_fast_numeric", lambda *a: None), \
            patch.object(dates, "_fast_relative_day", lambda *a: None), \
            patch.object(dates, "_fast_month_name", lambda *a: None):
        return parse_forum_time(text, tz, now, langs, order)


@settings(max_examples=400, deadline=None)
@given(label=st.sampled_from(_LABELS) | st.text(st.characters(blacklist_categories=("Nd", "Cs")),
                                                 max_size=12),
       day=st.integers(0, 35), month=st.integers(0, 14),
       year=st.sampled_from(["2026", "2005", "1899", "2201", "26", "07", "00"]),
       sep=st.sampled_from("./-"), comma=st.sampled_from(["", ",", " -", "-"]),
       gap=st.sampled_from([" ", "  ", "\n\t", "\xa0"]), hour=st.integers(0, 25),
       minute=st.integers(0, 61), second=st.none() | st.integers(0, 61),
       pad=st.booleans(), year_first=st.booleans(),
       ampm=st.sampled_from(["", "", " pm", " AM", "PM", " a.m.", " pmx"]),
       end=st.sampled_from(["", "", ".", " .", " ", ".."]),
       tz=st.sampled_from([ATHENS, MOSCOW, ROME, UTC, timezone(timedelta(hours=1))]),
       now=st.sampled_from([NOW, None]),
       langs=st.sampled_from([None, ["it", "en"], ["ru", "en"], ["en", "it"], ["el"]]),
       order=st.sampled_from([None, "DMY", "MDY", "YMD"]))
def test_fast_numeric_path_matches_the_general_reading(label, day, month, year, sep, comma, gap,
                                                         hour, minute, second, pad, year_first,
                                                         ampm, end, tz, now, langs, order):
    d, m = (f"{day:02d}", f"{month:02d}") if pad else (str(day), str(month))
    clock = f"{hour:02d}:{minute:02d}" + (f":{second:02d}" if second is not None else "")
    # FluxBB "2024-08-03 10:59:47", IPB "31.07.2014 - 12:57", vBulletin 5 "04-16-2024, 06:06 PM."
    ymd = f"{year}{sep}{m}{sep}{d}" if year_first else f"{d}{sep}{m}{sep}{year}"
    text = f"{label}{gap if label else ''}{ymd}{comma}{gap}{clock}{ampm}{end}"
    fast = dates._fast_numeric(text, tz, langs, order)
    event("declined" if fast is None else "read, am/pm" if ampm.strip() else "read")
    if fast is None:  # not taken: parse_forum_time reads the text the general way
        return
    slow = _slow(text, tz, now, langs, order)
    assert repr(fast) == repr(slow), text
    assert repr(parse_forum_time(text, tz, now, langs, order)) == repr(fast)


@pytest.mark.parametrize("text, langs", [
    ("2024-08-03 10:59:47", ["en"]), ("31.07.2014 - 12:57", ["ru", "en"]),
    ("12-29-2015, 07:47 PM", ["en"]), (" 04-16-2024, 06:06 PM.", ["en"]),
    ("am 26/10/13, 03:48 pm", ["de", "en"]), ("07-18-2004 07:04 AM", ["en"]),
    ("28/11/2026, 20:04", ["it", "en"]), ("Posted on 28/11/2026, 20:04", ["it", "en"]),
    ("Inviato il 05/06/2026, 20:04", ["it", "en"]), ("05/06/2026, 20:04", ["en"]),
    ("Дата: Понедельник, 30.11.2026, 20:04", ["ru", "en"]), ("30.11.2026, 20:04:11", ["ru"]),
])
def test_fast_numeric_path_takes_the_common_forms(text, langs):
    fast = dates._fast_numeric(text, MOSCOW, langs, None)
    assert fast is not None
    assert repr(fast) == repr(_slow(text, MOSCOW, NOW, langs, None))


@pytest.mark.parametrize("text", ["Ieri 28/11/2026, 20:04", "28/11/2026, 24:00",
                                  "31/02/2026, 20:04", "28/11/2026, 20:04 pm",
                                  "#3 28/11/2026, 20:04", "28/11/2026, 00:04 am", "28/11/2026, 20:04 a.m."])
def test_fast_numeric_path_leaves_the_rest_to_the_general_reading(text):
    assert dates._fast_numeric(text, ROME, ["it"], None) is None


_DAY_HEADS = ["Oggi,", "Oggi alle", "Ieri", "Ieri,", "altro ieri alle", "Вчера", "Вчера в",
              "Сегодня,", "Сегодня в", "Позавчера", "Today at", "Yesterday,", "Χθες στις",
              "Χθές", "Σήμερα,", "hom nay", "i dag", "Oggi ieri", "Ultima modifica di Anna il Oggi,",
              "Posted", "Дата:", "Today, #", "il", "ora", "5 minuti fa", "\xa0Ieri\xa0"]


@settings(max_examples=400, deadline=None)
@given(head=st.sampled_from(_DAY_HEADS) | st.text(st.characters(blacklist_categories=("Nd", "Cs")),
                                                   max_size=12),
       gap=st.sampled_from([" ", "  ", "\n\t", "\xa0", ""]), hour=st.integers(0, 25),
       minute=st.integers(0, 61), second=st.none() | st.integers(0, 61), tail=st.sampled_from(["", " ", " pm"]),
       tz=st.sampled_from([ATHENS, MOSCOW, ROME, UTC, timezone(timedelta(hours=-5))]),
       now=st.sampled_from([NOW, NOW + timedelta(hours=3), NOW - timedelta(hours=23)]),
       langs=st.sampled_from([None, ["it", "en"], ["ru", "en"], ["en", "it"], ["el"]]))
def test_fast_relative_day_matches_the_general_reading(head, gap, hour, minute, second, tail, tz,
                                                         now, langs):
    clock = f"{hour}:{minute:02d}" + (f":{second:02d}" if second is not None else "")
    text = f"{head}{gap}{clock}{tail}"
    fast = dates._fast_relative_day(text, tz, now)
    if fast is None:  # not taken: parse_forum_time reads the text the general way
        return
    assert repr(fast) == repr(_slow(text, tz, now, langs, None)), text
    assert repr(parse_forum_time(text, tz, now, langs)) == repr(fast)


@pytest.mark.parametrize("text", ["Oggi, 13:00", "Ieri alle 20:04", "Вчера 20:04:11",
                                  "Сегодня, 20:04", "\n\t\t Ieri, 20:04 \n\t\t"])
def test_fast_relative_day_takes_the_common_forms(text):
    fast = dates._fast_relative_day(text, MOSCOW, NOW)
    assert fast is not None
    assert repr(fast) == repr(_slow(text, MOSCOW, NOW, ["ru", "it"], None))


@pytest.mark.parametrize("text", ["Oggi ieri 13:00", "Oggi, 13:00 pm", "Oggi, 24:00",
                                  "Oggi 28/11, 13:00", "Posted 13:00"])
def test_fast_relative_day_leaves_the_rest_to_the_general_reading(text):
    assert dates._fast_relative_day(text, ROME, NOW) is None


# --- the month-name fast path (issue 22): "22-Мар-16 01:54" (TorrentPier), "22 Мар 2016" ------

def _dateparser(text, tz, now, langs, order):
    """dateparser as votal calls it (dates._dateparser_fallback's settings), its text cache
    bypassed: the reading a 2-digit year's text got before the fast path."""
    norm = " ".join(dates._normalise(text).split())
    base = now.astimezone(tz).replace(tzinfo=None) if now is not None else None
    langs = tuple(langs) if langs else dates.DEFAULT_LANGUAGES
    return dates._dateparser_fallback.__wrapped__(norm, tz, base, langs, dates._order(langs, order))


_CASES = (str.lower, str.title, str.upper)


@settings(max_examples=300, deadline=None)
@given(moment=st.datetimes(datetime(1950, 1, 1), datetime(2060, 12, 31)), form=st.data(),
       case=st.sampled_from(_CASES), dot=st.sampled_from(["", "."]),
       sep=st.sampled_from(["-", " ", "  "]), short_year=st.booleans(), pad=st.booleans(),
       comma=st.sampled_from(["", ","]),
       word=st.sampled_from(["", "в ", "στις ", "alle ", "at "]),
       seconds=st.booleans(), suffix=st.sampled_from(["", "", "th", "st"]),
       ampm=st.sampled_from(["", "", " pm", " AM", "PM", " μ.μ.", " a.m."]),
       end=st.sampled_from(["", "", ".", " ", ".."]),
       tz=st.sampled_from([ATHENS, MOSCOW, ROME, UTC, NEW_YORK, timezone(timedelta(hours=1))]),
       now=st.sampled_from([None, NOW]) | st.datetimes(datetime(1990, 1, 1), datetime(2040, 1, 1),
                                                        timezones=st.just(UTC)),
       langs=st.sampled_from([None, ["ru", "en", "el", "it"], ["it", "en"], ["en"], ["el"],
                              ["ru"], ["it"], ["el", "en", "it", "ru"]]),
       order=st.sampled_from([None, "DMY", "MDY", "YMD"]))
def test_fast_month_name_path_matches_dateparser_and_the_general_reading(
        moment, form, case, dot, sep, short_year, pad, comma, word, seconds, suffix, ampm, end,
        tz, now, langs, order):
    month = form.draw(st.sampled_from(dates._MONTH_FORMS[moment.month].split()))
    day = (f"{moment.day:02d}" if pad else str(moment.day)) + suffix
    year = f"{moment.year % 100:02d}" if short_year else str(moment.year)
    clock = (f"{moment:%I:%M}" if ampm.strip() else f"{moment:%H:%M}") \
        + (f":{moment:%S}" if seconds else "")
    text = f"{day}{sep}{case(month)}{dot}{sep}{year}{comma} {word}{clock}{ampm}{end}"
    fast = dates._fast_month_name(text, tz, now, langs, order)
    event("declined" if fast is None else "read, 2-digit year" if short_year else "read")
    if fast is None:  # declined: parse_forum_time reads the text the general way
        return
    assert fast.tzinfo is tz
    # what votal gave before this path: the general reading, and dateparser where it declines
    assert repr(fast) == repr(_slow(text, tz, now, langs, order)), text
    if short_year:  # the general reading reads no 2-digit year: this is dateparser's reading
        assert repr(fast) == repr(_dateparser(text, tz, now, langs, order)), text
    assert repr(parse_forum_time(text, tz, now, langs, order)) == repr(fast)


@settings(max_examples=300, deadline=None)
@given(moment=st.datetimes(datetime(1965, 1, 1), datetime(2040, 12, 31)), form=st.data(),
       case=st.sampled_from(_CASES), dot=st.sampled_from(["", "."]), pad=st.booleans(),
       seconds=st.booleans(), tz=st.sampled_from([ATHENS, MOSCOW, ROME, UTC, NEW_YORK,
                                                 timezone(timedelta(hours=-3))]),
       now=st.sampled_from([NOW]) | st.datetimes(datetime(1975, 1, 1), datetime(2040, 1, 1),
                                                 timezones=st.just(UTC)),
       langs=st.sampled_from([None, ["ru", "en", "el", "it"], ["it", "en"], ["en"], ["el"],
                              ["ru"], ["it"]]),
       order=st.sampled_from([None, "DMY", "MDY"]))
def test_fast_month_name_path_reads_two_digit_years_as_dateparser(
        moment, form, case, dot, pad, seconds, tz, now, langs, order):
    """TorrentPier's dd-Mon-yy: the fast path's reading is dateparser's, or it declines."""
    month = form.draw(st.sampled_from(dates._MONTH_FORMS[moment.month].split()))
    day = f"{moment.day:02d}" if pad else str(moment.day)
    clock = f"{moment:%H:%M}" + (f":{moment:%S}" if seconds else "")
    text = f"{day}-{case(month)}{dot}-{moment.year % 100:02d} {clock}"
    fast = dates._fast_month_name(text, tz, now, langs, order)
    event("declined" if fast is None else "read")
    if fast is None:
        return
    assert repr(fast) == repr(_dateparser(text, tz, now, langs, order)), text
    assert repr(fast) == repr(_slow(text, tz, now, langs, order)), text


_HEADS = ["", "Sun", "Wed", "mar", "Mar.", "Κυρ", "Вт,", "Posted", "on", "Today", "Ieri",
          "Χθές", "may", "Sept", "gio", "at", "ago", "fa"]


@settings(max_examples=300, deadline=None)
@given(moment=st.datetimes(datetime(1950, 1, 1), datetime(2060, 12, 31)), form=st.data(),
       head=st.sampled_from(_HEADS) | st.text(st.characters(blacklist_categories=("Nd", "Cs")),
                                               max_size=8),
       case=st.sampled_from(_CASES), dot=st.sampled_from(["", "."]), pad=st.booleans(),
       suffix=st.sampled_from(["", "", "th", "nd"]), comma=st.sampled_from(["", ","]),
       gap=st.sampled_from([",", ", ", " "]), word=st.sampled_from(["", "", "at ", "alle "]),
       seconds=st.booleans(), ampm=st.sampled_from(["", " pm", " AM", "PM", "am", " p.m."]),
       end=st.sampled_from(["", "", ".", " \n\t"]),
       tz=st.sampled_from([ATHENS, UTC, NEW_YORK, timezone(timedelta(hours=1))]),
       now=st.sampled_from([None, NOW]),
       langs=st.sampled_from([None, ["en"], ["it", "en"], ["el"]]),
       order=st.sampled_from([None, "DMY", "MDY", "YMD"]))
def test_fast_month_first_path_matches_the_general_reading(
        moment, form, head, case, dot, pad, suffix, comma, gap, word, seconds, ampm, end, tz,
        now, langs, order):
    """phpBB "Sun May 26, 2019 4:34 pm", XenForo 1 "Oct 30, 2014 at 11:00 PM", SMF "September
    19, 2007, 01:08:14 PM", Vanilla "March 1, 2025 5:00PM": the general reading's answer."""
    month = form.draw(st.sampled_from(dates._MONTH_FORMS[moment.month].split()))
    day = (f"{moment.day:02d}" if pad else str(moment.day)) + suffix
    clock = (f"{moment:%I:%M}" if ampm.strip() else f"{moment:%H:%M}") \
        + (f":{moment:%S}" if seconds else "")
    text = (f"{head}{' ' if head else ''}{case(month)}{dot} {day}{comma} {moment.year}{gap}"
            f"{word}{clock}{ampm}{end}")
    fast = dates._fast_month_name(text, tz, now, langs, order)
    event("declined" if fast is None else "read")
    if fast is None:
        return
    assert repr(fast) == repr(_slow(text, tz, now, langs, order)), text
    assert repr(parse_forum_time(text, tz, now, langs, order)) == repr(fast)


@pytest.mark.parametrize("text, want", [
    (" Sun May 26, 2019 4:34 pm", (2019, 5, 26, 16, 34)),              # phpBB
    ("Oct 30, 2014 at 11:00 PM", (2014, 10, 30, 23, 0)),               # XenForo 1
    ("September 19, 2007, 01:08:14 PM", (2007, 9, 19, 13, 8, 14)),     # SMF
    ("March 1, 2025 5:00PM", (2025, 3, 1, 17, 0)),                     # Vanilla
    ("Wed Jun 02, 2010 11:01 pm", (2010, 6, 2, 23, 1)),                # phpBB 2
    ("\n\t\t  \n\t12th Jun 2025, 09:24\n\t\t\n", (2025, 6, 12, 9, 24)),  # vBulletin 3
    ("Mar 12 Nov 2019, 09:05", None),              # a weekday before the day: the general reading
    ("mar Nov 12, 2019 09:05 am", (2019, 11, 12, 9, 5)),               # weekday "mar"
    ("22-Мар-16 01:54", (2016, 3, 22, 1, 54)),      # TorrentPier (rutracker), real page
    ("23-мар-16 11:09", (2016, 3, 23, 11, 9)),
    ("05-Июн-99 23:10", (1999, 6, 5, 23, 10)),      # %y: 69-99 in the 1900s
    ("29-Ноя-26 22:29", (2026, 11, 29, 22, 29)),    # the fetch time's minute (22:30) before
    ("22-Мар-2016 01:54", (2016, 3, 22, 1, 54)), ("22 Мар 2016 01:54", (2016, 3, 22, 1, 54)),
    ("22 мар. 2016, 01:54", (2016, 3, 22, 1, 54)), ("3 Σεπ 2020 στις 09:15", (2020, 9, 3, 9, 15)),
    ("26 Μαΐου 2019, 16:34", (2019, 5, 26, 16, 34)), ("1 agosto 2021, 23:59", (2021, 8, 1, 23, 59)),
])
def test_fast_month_name_path_takes_the_common_forms(text, want):
    fast = dates._fast_month_name(text, ATHENS, NOW, ["ru", "en", "el", "it"], None)
    assert fast == (datetime(*want, tzinfo=ATHENS) if want else None)
    langs = ["ru", "en", "el", "it"]
    assert fast is None or repr(fast) == repr(_slow(text, ATHENS, NOW, langs, None))


@pytest.mark.parametrize("text, now, langs, order", [
    ("22-Мар-16 01:54", None, ["ru"], None),        # no fetch time: dateparser asks the clock
    ("29-Ноя-26 22:31", NOW, ["ru"], None),         # after the fetch time: dateparser's 1926
    ("05-Июн-69 23:10", NOW, ["ru"], None),         # before 1970 (LMT offsets differ)
    ("22-Мар-16 01:54", NOW, ["it", "en"], None),   # a language dateparser is not given
    ("22-Мар-16 01:54", NOW, ["ru"], "YMD"),        # dateparser reads 22 as the year there
    ("22 Мар 16 01:54", NOW, ["ru"], None),         # a 2-digit year the dashes do not mark
    ("22-Мар-16 в 01:54", NOW, ["ru"], None),
    ("10-set-08 13:50", NOW, ["it"], None),         # "set": a zone to dateparser
    ("27-Мар-16 03:30", NOW, ["ru"], None),         # Athens' spring gap: dateparser's choice
    ("30-Окт-16 03:30", NOW, ["ru"], None),         # Athens' autumn fold
    ("22-Мар-16 24:54", NOW, ["ru"], None), ("31-Фев-2016 01:54", NOW, ["ru"], None),
    ("22-Мар-16 01:54 pm", NOW, ["ru"], None), ("Вт 22-Мар-16 01:54", NOW, ["ru"], None),
    ("22-Foo-16 01:54", NOW, ["ru"], None), ("22-Мар-16 01:54 pm", NOW, ["ru"], None),
    ("22nd-Мар-16 01:54", NOW, ["ru"], None), ("22-Мар-16, 01:54", NOW, ["ru"], None),
    ("22-Мар-16 01:54.", NOW, ["ru"], None),
    ("May Jun 02, 2010 11:01 pm", NOW, ["en"], None),  # two months: the general reading's
    ("Today Jun 02, 2010 11:01 pm", NOW, ["en"], None),
    ("Jun 02, 2010 13:01 pm", NOW, ["en"], None),
    ("Mar Mar 02, 2010 11:01 pm", NOW, ["en"], None),
])
def test_fast_month_name_path_leaves_the_rest_to_dateparser(text, now, langs, order):
    assert dates._fast_month_name(text, ATHENS, now, langs, order) is None


def test_torrentpier_times_read_without_dateparser():
    """The real TorrentPier page's "22-Мар-16 01:54" reaches no dateparser (issue 22)."""
    with patch.object(dates, "_dateparser_fallback", side_effect=AssertionError("dateparser")):
        got = parse_forum_time("22-Мар-16 01:54", MOSCOW, NOW, ["ru", "en", "el", "it"])
    assert got == datetime(2016, 3, 22, 1, 54, tzinfo=MOSCOW)
