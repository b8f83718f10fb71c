"""Forum timestamps to aware datetimes (forum-engines.md §2.1). The only caller of dateparser.

Three entry points:

* :func:`from_epoch` — an epoch attribute (XF ``data-time``/``data-timestamp``, vB5
  ``data-node-publishdate``), always UTC.
* :func:`from_iso` — a machine ``datetime`` attribute; no offset means ``assume``.
* :func:`parse_forum_time` — the visible text of text-only engines, rendered in the viewer's
  (guest: the board's) zone ``tz``. Relative words ("Χθες στις 20:04", "Ieri alle 20:04",
  "Вчера в 20:04", "5 minutes ago") are anchored on ``now``; the common numeric and month-name
  forms are parsed here with regexes (dateparser is slow); only the rest goes to dateparser.

Ambiguity is never guessed: a bare clock, a bare "Yesterday" or garbage gives ``None``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from datetime import UTC, date, datetime, time, timedelta, timezone
from functools import lru_cache
from zoneinfo import ZoneInfo

UTC = UTC
DEFAULT_LANGUAGES = ("en", "el", "it", "ru")

_CLOCK = re.compile(
    r"(?<![\d:.])(\d{1,2}):(\d{2})(?::(\d{2}))?(?![\d:])"
    r"(?:\s*(am|pm|a\.m\.|p\.m\.|π\.?μ\.?|μ\.?μ\.?)(?![\w]))?",
    re.I,
)
_NUMERIC_DATE = re.compile(r"(?<![\d.:/-])(\d{1,4})([./-])(\d{1,2})\2(\d{2,4})(?![\d:])")
_WORD = re.compile(r"[^\W\d_]+\.?")
_NUMBER = re.compile(r"(?<![\d:])\d{1,4}(?![\d:])")
# The word between a day and a year ("13 févr. 2018", "6. Mai 2018"): where the month is.
_MONTH_SLOT = re.compile(r"(?<![\d:])\d{1,2}(?:\.|er|th|st|nd|rd)?\s+([^\W\d_]+\.?),?\s+\d{4}(?!\d)")
# A label before the date ("Verfasst: …", "Inviato il: …", "Posted: …").
_LABEL = re.compile(r"^[^\W\d_][^:\d]{0,30}:\s+")

# Month names and abbreviations, accent-stripped and lower-cased (en, it, el, ru; Greek and
# Russian in nominative and genitive: XF ru prints "22 Июль 2013", others "22 июля 2013"; Russian
# abbreviations as TorrentPier prints them, "22-Мар-16").
_MONTH_FORMS = {
    1: "january jan gennaio gen ιανουαριος ιανουαριου ιαν январь января янв",
    2: "february feb febbraio φεβρουαριος φεβρουαριου φεβ февраль февраля фев",
    3: "march mar marzo μαρτιος μαρτιου μαρ март марта мар",
    4: "april apr aprile απριλιος απριλιου απρ апрель апреля апр",
    5: "may maggio mag μαιος μαιου μαι май мая",
    6: "june jun giugno giu ιουνιος ιουνιου ιουν июнь июня июн",
    7: "july jul luglio lug ιουλιος ιουλιου ιουλ июль июля июл",
    8: "august aug agosto ago αυγουστος αυγουστου αυγ август августа авг",
    9: "september sep sept settembre set σεπτεμβριος σεπτεμβριου σεπ сентябрь сентября сен сент",
    10: "october oct ottobre ott οκτωβριος οκτωβριου οκτ октябрь октября окт",
    11: "november nov novembre νοεμβριος νοεμβριου νοε ноябрь ноября ноя",
    12: "december dec dicembre dic δεκεμβριος δεκεμβριου δεκ декабрь декабря дек",
}
_WEEKDAY_CLASHES = {"mar"}
_MONTHS = {form: n for n, forms in _MONTH_FORMS.items() for form in forms.split()}
# The language of each form, for a reading that must be dateparser's (it knows a month word
# only in the languages it is given): Greek and Cyrillic by their script, Latin ones by list.
_LATIN_MONTHS = {
    "en": "january february march april may june july august september october november "
          "december jan feb mar apr jun jul aug sep sept oct nov dec",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre "
          "dicembre gen feb mar apr mag giu lug ago set ott nov dic",
}
_MONTH_LANGS = {form: frozenset(
    ["el"] if "\u0370" <= form[0] <= "\u03ff" else ["ru"] if "\u0400" <= form[0] <= "\u04ff"
    else [lang for lang, forms in _LATIN_MONTHS.items() if form in forms.split()])
    for form in _MONTHS}

# Days back from today, by word (accent-stripped, lower-cased).
_DAY_WORDS = {
    "today": 0, "yesterday": 1,
    "σημερα": 0, "χθες": 1, "εχθες": 1, "προχθες": 2, "προχτες": 2,
    "oggi": 0, "ieri": 1, "avantieri": 2, "altroieri": 2,
    "сегодня": 0, "вчера": 1, "позавчера": 2,
    "heute": 0, "gestern": 1, "vorgestern": 2,          # de (vBulletin, phpBB, XenForo packs)
    "aujourd'hui": 0, "aujourdhui": 0, "hier": 1, "avant-hier": 2,   # fr
    "hoy": 0, "ayer": 1, "anteayer": 2,                 # es
    # other languages forum packs print (dateparser reads them too; here they are also known
    # as relative, so that a saved page without a fetch time sends them to review, issue 11)
    "vandaag": 0, "gisteren": 1, "eergisteren": 2,      # nl
    "dzisiaj": 0, "dzis": 0, "wczoraj": 1, "przedwczoraj": 2,   # pl
    "hoje": 0, "ontem": 1, "anteontem": 2,              # pt
    "bugun": 0, "dun": 1,                               # tr
    "dnes": 0, "vcera": 1, "predevcirem": 2,            # cs
    "idag": 0, "igar": 1,                               # sv
    "tegnap": 1,                                        # hu
    "azi": 0, "astazi": 0,                              # ro ("ieri" as it)
    "сьогодні": 0, "вчора": 1, "позавчора": 2,          # uk
    "kemarin": 1,                                       # id
    "tanaan": 0, "eilen": 1,                            # fi
}
# Relative days written in two words (accent-stripped): vi, da/no, id.
_DAY_PHRASES = {"hom nay": 0, "hom qua": 1, "i dag": 0, "i gar": 1, "i gaar": 1, "hari ini": 0}

_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
# Stem of a unit word (accent-stripped) -> unit key.
_UNIT_STEMS = (
    ("sec", "s"), ("second", "s"), ("δευτερολεπτ", "s"), ("секунд", "s"), ("sekund", "s"),
    ("segund", "s"),
    ("min", "m"), ("λεπτ", "m"), ("минут", "m"),
    ("hour", "h"), ("hr", "h"), ("or", "h"), ("ωρ", "h"), ("час", "h"), ("stund", "h"),
    ("heure", "h"), ("hora", "h"),
    ("day", "d"), ("giorn", "d"), ("μερ", "d"), ("ημερ", "d"), ("дн", "d"), ("ден", "d"),
    ("tag", "d"), ("jour", "d"), ("dia", "d"),
    ("week", "w"), ("settiman", "w"), ("εβδομαδ", "w"), ("недел", "w"), ("woch", "w"),
    ("semaine", "w"), ("semana", "w"),
)
_ONE_WORDS = {"a", "an", "one", "un", "una", "uno", "ενα", "μια", "μιαν", "одну", "один", "одна",
              "einer", "einem", "eine", "une"}
# A post counter printed beside the date ("#3 Today, 09:41" in vBulletin 3 postbits).
_POST_COUNTER = re.compile(r"(?<!\w)#\s?\d+(?!\w)")
_COUNT = r"(?:(?P<n>\d+)\s*|(?P<w>[^\W\d_]+)(?:'|\s+))?"
_AGO_FORMS = (
    # "πριν από 5 λεπτά", "vor 5 Minuten", "il y a 5 minutes", "hace 5 minutos"
    re.compile(r"^(?:πριν(?:\s+απο)?|vor|il y a|hace)\s+" + _COUNT + r"(?P<unit>[^\W\d_]+)$"),
    re.compile(r"^" + _COUNT + r"(?P<unit>[^\W\d_]+)\s+(?:ago|fa|назад|πριν)$"),
)
_NOW_PHRASES = frozenset((
    "a moment ago", "just now", "now", "moments ago", "less than a minute ago",
    "pochi secondi fa", "un momento fa", "adesso", "ora", "proprio ora",
    "μολις τωρα", "τωρα", "λιγα δευτερολεπτα πριν", "πριν απο λιγα δευτερολεπτα",
    "только что", "менее минуты назад", "меньше минуты назад",
    "gerade eben", "soeben", "jetzt", "a l'instant", "a linstant", "ahora", "ahora mismo",
))
_AGO_MARKERS = ("ago", " fa", "назад", "πριν", "vor ", "il y a ", "hace ")
_AGO_MARKER = re.compile("|".join(map(re.escape, _AGO_MARKERS)))  # any of them, in one search
# A letter: every relative form (a day word, an "ago" phrase, "now") has one, a numeric date none.
_LETTER = re.compile(r"[^\W\d_]")
_AMPM = {"am": "am", "a.m.": "am", "πμ": "am", "π.μ.": "am", "pm": "pm", "p.m.": "pm",
         "μμ": "pm", "μ.μ.": "pm"}


def from_epoch(value: str | int) -> datetime:
    """A Unix epoch (seconds; 13 digits taken as milliseconds) as an aware UTC datetime."""
    try:
        n = int(str(value).strip())
    except ValueError:
        raise ValueError(f"not an epoch timestamp: {value!r}") from None
    if abs(n) >= 10**12:
        n //= 1000
    return datetime.fromtimestamp(n, UTC)


def from_iso(value: str, assume: ZoneInfo | timezone = UTC) -> datetime:
    """ISO 8601 with ``+0100``, ``+01:00``, ``Z`` or no offset (then the time is in ``assume``)."""
    text = value.strip().replace("Z", "+00:00").replace("z", "+00:00")
    try:
        t = datetime.fromisoformat(text)
    except ValueError:
        raise ValueError(f"not an ISO 8601 time: {value!r}") from None
    return t if t.tzinfo is not None else t.replace(tzinfo=assume)


def parse_forum_time(text: str, tz: ZoneInfo | timezone, now: datetime | None,
                     languages: Sequence[str] | None = None,
                     date_order: str | None = None) -> datetime | None:
    """The instant a forum's visible date text means, in ``tz``; ``None`` when it means none.

    ``now`` (aware) anchors relative forms: the page's fetch time. ``None`` means nothing fixes
    it (a saved page without ``--fetched-at`` or a clue of its own): then a relative date or
    one without a year means no instant, and its post goes to review rather than onto a guessed
    day (issue 11). A post counter beside the date ("#3 Today, 09:41") is ignored.
    ``date_order`` ("DMY"/"MDY"/"YMD") settles numeric
    dates whose order the digits cannot tell ("05-06-2016"); by default dots are day-first,
    dashes and slashes month-first for English boards (vBulletin/MyBB "m-d-Y") and day-first
    for boards in other languages.
    """
    if not text:
        return None
    fast = _fast_numeric(text, tz, languages, date_order)
    if fast is None and now is not None:
        fast = _fast_relative_day(text, tz, now)
    if fast is None:
        fast = _fast_month_name(text, tz, now, languages, date_order)
    if fast is not None:
        return fast
    norm = " ".join(_POST_COUNTER.sub(" ", _normalise(text)).split())
    if not norm or len(norm) > 120:
        return None
    found = _parse_normalised(norm, tz, now, languages, date_order)
    if found is None and (label := _LABEL.match(norm)):
        return _parse_normalised(norm[label.end():], tz, now, languages, date_order)
    return found


# The common absolute numeric form, read before any normalising (issue 22: a post's time text
# cost ForumFree ~8 us, uCoz ~15 us): "28/11/2026, 20:04", "Дата: Понедельник, 30.11.2026,
# 20:04:11", "2024-08-03 10:59:47" (FluxBB), "31.07.2014 - 12:57" (IPB), "12-29-2015, 07:47 PM"
# (MyBB), " 04-16-2024, 06:06 PM." (vBulletin 5) — an optional label without digits (nor "#": a
# post counter's), a day-month pair in either order and a 2- or 4-digit year, or a 4-digit year
# first, a clock (am/pm or 24-hour), nothing after it but a dot. Day/month order is decided by
# :func:`_day_month_year` exactly as for the slow path.
_FAST_NUMERIC = re.compile(
    r"\s*(?:([^\d#]{0,60}?)\s)?\s*([0-9]{4}|[0-9]{1,2})([./-])([0-9]{1,2})\3([0-9]{4}|[0-9]{2})"
    r"(?:,|\s+-)?\s+([0-9]{1,2}):([0-9]{2})(?::([0-9]{2}))?\s*([ap]m)?\.?\s*", re.I
)


def _fast_numeric(text: str, tz: ZoneInfo | timezone, languages: Sequence[str] | None,
                  date_order: str | None) -> datetime | None:
    """:func:`parse_forum_time` of a text in the :data:`_FAST_NUMERIC` form, or ``None`` when
    the text is not one (then the slow path decides). Gives what the slow path gives: a label
    naming a relative day ("Ieri 28/11/2026, 20:04": contradictory) or an invalid clock or day
    goes to the slow path; a label's other words never change what ``_absolute`` reads."""
    if len(text) > 120:
        return None
    m = _FAST_NUMERIC.fullmatch(text)
    if m is None:
        return None
    label = m.group(1)
    if label and _LETTER.search(label) and _label_days(label):
        return None
    hour, minute, second = _clock_of(m.group(6), m.group(7), m.group(8), m.group(9))
    if hour < 0:
        return None
    day = _day_month_year(m.group(2), m.group(3), m.group(4), m.group(5),
                          _order(languages, date_order))
    if day is None:
        return None
    return datetime(day.year, day.month, day.day, hour, minute, second, tzinfo=tz)


def _clock_of(hour: str, minute: str, second: str | None, ampm: str | None
              ) -> tuple[int, int, int]:
    """A fast path's clock as :func:`_clock` reads it (am/pm: hours 1-12), or ``(-1, 0, 0)``
    where :func:`_clock` reads none (then the general reading decides)."""
    h, mi, s = int(hour), int(minute), int(second or 0)
    if ampm:
        if not 1 <= h <= 12:
            return -1, 0, 0
        h = h % 12 + (12 if ampm.lower() == "pm" else 0)
    if h > 23 or mi > 59 or s > 59:
        return -1, 0, 0
    return h, mi, s


# A relative day and a 24-hour clock, nothing after it: "Oggi, 13:00", "Ieri alle 20:04",
# "Вчера 20:04:11", "Сегодня, 20:04" (issue 22: 20-30 us each through the general reading).
_FAST_RELATIVE = re.compile(r"\s*([^\d#]{1,60}?)\s+([0-9]{1,2}):([0-9]{2})(?::([0-9]{2}))?\s*")


def _fast_relative_day(text: str, tz: ZoneInfo | timezone, now: datetime) -> datetime | None:
    """:func:`parse_forum_time` of a text in the :data:`_FAST_RELATIVE` form naming exactly one
    relative day, or ``None`` when the text is not one (then the general reading decides: also
    for contradictory words and invalid clocks). The words before the clock are those the
    general reading's :func:`_day_words` meets; the text ends in a digit, so it is no "ago"."""
    if len(text) > 120:
        return None
    m = _FAST_RELATIVE.fullmatch(text)
    if m is None:
        return None
    back = _label_days(m.group(1))
    if len(set(back)) != 1:
        return None
    hour, minute, second = int(m.group(2)), int(m.group(3)), int(m.group(4) or 0)
    if hour > 23 or minute > 59 or second > 59:
        return None
    day = now.astimezone(tz).date() - timedelta(days=back[0])
    return datetime(day.year, day.month, day.day, hour, minute, second, tzinfo=tz)


# A day, a month name or abbreviation and a year, then a clock, nothing else:
# "22-Мар-16 01:54" (TorrentPier: dd-Mon-yy, dateparser's ~500 us each, issue 22),
# "22-мар-2016 01:54", "22 Мар 2016 01:54", "22 июля 2013, 02:04", "3 Σεπ 2020 στις 09:15",
# "26 maggio 2019 alle 16:34", "12th Jun 2025, 09:24" (vBulletin 3). The separators around the
# month are one kind (dashes or spaces).
_CLOCK_TAIL = (r",?\s+((?:в|στις|alle|at)\s+)?([0-9]{1,2}):([0-9]{2})(?::([0-9]{2}))?\s*"
               r"([ap]m)?\.?\s*")
_FAST_MONTH = re.compile(
    r"\s*([0-9]{1,2})(st|nd|rd|th)?(-|\s+)([^\W\d_]{3,12})(\.?)\3([0-9]{4}|[0-9]{2})"
    + _CLOCK_TAIL, re.I)
# The month first, after a weekday or another word: "Sun May 26, 2019 4:34 pm" (phpBB),
# "Oct 30, 2014 at 11:00 PM" (XenForo 1), "September 19, 2007, 01:08:14 PM" (SMF),
# "March 1, 2025 5:00PM" (Vanilla). A 4-digit year only.
_FAST_MONTH_FIRST = re.compile(
    r"\s*(?:([^\W\d_]{2,12})\.?,?\s+)?([^\W\d_]{3,12})\.?\s+([0-9]{1,2})(st|nd|rd|th)?,?\s+"
    r"([0-9]{4})()" + _CLOCK_TAIL, re.I)  # (): the day-first form's group 6, to share the tail's

# The 2-digit year form read as dateparser reads it: TorrentPier's, nothing around it.
_DD_MON_YY = re.compile(
    r"\s*[0-9]{1,2}-[^\W\d_]{3,12}\.?-[0-9]{2}\s+[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?\s*")

# Month forms dateparser reads as something else: "set" (Italian settembre) is the zone SET to
# it ("10-set-08 13:50" read as 10 August of this year, two hours off).
_ZONE_WORDS = frozenset({"set"})


def _month_form(word: str) -> str | None:
    """The :data:`_MONTHS` key a word of a date is (``Μαΐου`` -> ``μαιου``), or None."""
    form = word.lower()
    if form in _MONTHS:
        return form
    form = _normalise(form) if not form.isascii() else form
    return form if form in _MONTHS else None


def _fast_month_name(text: str, tz: ZoneInfo | timezone, now: datetime | None,
                     languages: Sequence[str] | None, date_order: str | None
                     ) -> datetime | None:
    """:func:`parse_forum_time` of a text in the :data:`_FAST_MONTH` or
    :data:`_FAST_MONTH_FIRST` form, or ``None`` when the text is not one (then the general
    reading and dateparser decide). A 4-digit year is read as the general reading
    (:func:`_absolute`) reads it: a word before the month is no month (but the weekday "mar"
    before another) and no relative day. A 2-digit year ("22-Мар-16", dashes, no
    word before the clock, a 24-hour clock) is read as dateparser reads it with votal's settings
    (``PREFER_DATES_FROM: past``): ``%y``'s century (00-68: 2000s, 69-99: 1900s). Left to
    dateparser: a moment after the fetch time's wall clock (dateparser puts it a century back),
    no fetch time (dateparser compares with the machine's clock then), a day/month order other
    than DMY/MDY (dateparser reads the numbers otherwise), a month word of none of
    ``languages``, one dateparser reads otherwise (:data:`_ZONE_WORDS`), a year outside
    1970-2037 and a wall time a clock change skips or repeats (pytz's offsets, which dateparser
    uses, differ from zoneinfo's there); an invalid day or clock."""
    if len(text) > 120:
        return None
    m = _FAST_MONTH.fullmatch(text)
    if m is not None:
        day_text, word, year = m.group(1, 4, 6)
    else:
        m = _FAST_MONTH_FIRST.fullmatch(text)
        if m is None:
            return None
        head, word, day_text, year = m.group(1, 2, 3, 5)
        if head is not None:
            head_form = _month_form(head)
            if (head_form is not None and (head_form not in _WEEKDAY_CLASHES
                                           or _month_form(word) in _WEEKDAY_CLASHES)) \
                    or _day_words(_normalise(head)):
                return None
    form = _month_form(word)
    if form is None:
        return None
    month = _MONTHS[form]
    hour, minute, second = _clock_of(*m.group(8, 9, 10, 11))
    if hour < 0:
        return None
    if len(year) == 4:
        day = _safe_date(int(year), month, int(day_text))
        if day is None:
            return None
        return datetime(day.year, day.month, day.day, hour, minute, second, tzinfo=tz)
    if now is None or form in _ZONE_WORDS or not _DD_MON_YY.fullmatch(text) \
            or _order(languages, date_order) not in ("DMY", "MDY") \
            or _MONTH_LANGS[form].isdisjoint(languages or DEFAULT_LANGUAGES):
        return None
    yy = int(year)
    day = _safe_date(yy + (2000 if yy <= 68 else 1900), month, int(day_text))
    # a moment after the fetch time is also one before 1970 (dateparser's century back)
    if day is None or not 1970 <= day.year < 2038:
        return None
    found = datetime(day.year, day.month, day.day, hour, minute, second, tzinfo=tz)
    if found.replace(tzinfo=None) > now.astimezone(tz).replace(tzinfo=None):
        return None
    if found.utcoffset() != found.replace(fold=1).utcoffset():
        return None  # a wall time a clock change skips or repeats
    return found


def _order(languages: Sequence[str] | None, date_order: str | None) -> str:
    """The day/month order a numeric date is read in: ``date_order``, else month first for an
    English forum, day first for every other."""
    langs = languages or DEFAULT_LANGUAGES
    return date_order or ("MDY" if langs[0] == "en" else "DMY")


def _parse_normalised(norm: str, tz: ZoneInfo | timezone, now: datetime | None,
                      languages: Sequence[str] | None, date_order: str | None
                      ) -> datetime | None:
    langs = tuple(languages) if languages else DEFAULT_LANGUAGES
    order = _order(langs, date_order)
    if _LETTER.search(norm):  # a text without a letter ("2024-08-03 10:59") is no relative form
        ago = _relative_ago(norm)
        if ago is not None:
            return (now - ago).astimezone(tz) if now is not None else None
        back = _day_words(norm)
        if back:
            if now is None:
                return None
            naive = _relative_day(norm, now.astimezone(tz).date(), back)
            return _localise(naive, tz) if naive else None
    naive = _absolute(norm, order)
    if naive is None:
        base = now.astimezone(tz).replace(tzinfo=None) if now is not None else None
        return _dateparser_fallback(norm, tz, base, langs, order)
    return _localise(naive, tz)


def is_relative(text: str) -> bool:
    """The text is a relative date ("Today, 20:04", "5 minutes ago"): it needs the fetch time."""
    norm = " ".join(_POST_COUNTER.sub(" ", _normalise(text or "")).split())
    return bool(norm) and (_relative_ago(norm) is not None or bool(_day_words(norm)))


def _normalise(text: str) -> str:
    """Lower-case, accent-free, single-spaced (``Μαΐου`` -> ``μαιου``, ``Χθές`` -> ``χθες``)."""
    if text.isascii():  # no accent to strip (NFD leaves ASCII as it is): most English dates
        return " ".join(text.lower().split())
    # Russian "й" is "и" + breve once decomposed: keep it (a letter, not an accent).
    text = text.replace("\xa0", " ").replace("й", "\0").replace("Й", "\0")
    decomposed = unicodedata.normalize("NFD", text)
    stripped = decomposed.translate(_MARKS).replace("\0", "й")
    return " ".join(stripped.lower().split())


class _CombiningMarks(dict):
    """``str.translate`` table that deletes combining marks (``unicodedata.combining``),
    filled per character as texts meet them: the marks stripped in C, not char by char in
    Python (issue 22: a fifth of a Greek page's date reading)."""

    def __missing__(self, code: int) -> int | None:
        kept = None if unicodedata.combining(chr(code)) else code
        if len(self) < 65536:
            self[code] = kept
        return kept


_MARKS = _CombiningMarks()


def _localise(naive: datetime, tz: ZoneInfo | timezone) -> datetime:
    return naive.replace(tzinfo=tz)


def _clock(norm: str) -> tuple[time, str] | None:
    """The last clock in the text (with am/pm applied) and the text without it."""
    matches = list(_CLOCK.finditer(norm))
    if not matches:
        return None
    m = matches[-1]
    hour, minute, second = int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)
    ampm = _AMPM.get((m.group(4) or "").replace(" ", ""))
    if ampm is None and m.group(4):
        ampm = _AMPM.get(m.group(4).replace(".", ""))
    if ampm:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if ampm == "pm" else 0)
    if hour > 23 or minute > 59 or second > 59:
        return None
    return time(hour, minute, second), norm[: m.start()] + " " + norm[m.end():]


@lru_cache(maxsize=1024)
def _label_days(label: str) -> tuple[int, ...]:
    """:func:`_day_words` of a fast path's label (normalised), kept per label: a thread
    prints the same few ("Пятница,", "Вчера,", "Oggi alle") on post after post, and reading one
    cost 2-3 us (issue 22). The date texts' own caches are not this one."""
    return tuple(_day_words(_normalise(label)))


def _day_words(norm: str) -> list[int]:
    """Days back named by the relative words in the text (several: contradictory)."""
    tokens = [w.rstrip(".,:") for w in norm.replace("'", " ").split()]
    words = set(tokens)
    if "altro" in words and "ieri" in words:
        return [2]
    found = [_DAY_WORDS[w] for w in words if w in _DAY_WORDS]  # (order: unused)
    joined = f" {' '.join(tokens)} "
    return found + [n for w, n in _DAY_PHRASES.items() if f" {w} " in joined]


def _relative_day(norm: str, today: date, back: list[int] | None = None) -> datetime | None:
    """'Today, 20:04', 'Χθες στις 20:04', 'Ieri alle 20:04', 'Вчера в 20:04' (clock required);
    ``back``: the text's :func:`_day_words`, when the caller has them."""
    back = _day_words(norm) if back is None else back
    if len(set(back)) != 1:
        return None
    found = _clock(norm)
    if found is None:
        return None
    clock, rest = found
    if _NUMERIC_DATE.search(rest) or re.search(r"\d", rest):
        return None  # a relative word next to a date is contradictory
    return datetime.combine(today - timedelta(days=back[0]), clock)


def _relative_ago(norm: str) -> timedelta | None:
    """'5 minutes ago', '5 minuti fa', 'πριν από 5 λεπτά', '5 минут назад', 'A moment ago'."""
    phrase = norm.rstrip(".! ")
    if phrase in _NOW_PHRASES:
        return timedelta(0)
    if not _AGO_MARKER.search(f" {phrase}"):
        return None
    m = next((m for rx in _AGO_FORMS if (m := rx.match(phrase))), None)
    if m is None:
        return None
    count, word = m.group("n"), m.group("w")
    if count is None:
        if word is not None and word not in _ONE_WORDS:
            return None
        count = "1"  # "an hour ago", "un'ora fa", "час назад"
    unit = _unit(m.group("unit"))
    return timedelta(seconds=int(count) * _UNIT_SECONDS[unit]) if unit else None


def _unit(word: str) -> str | None:
    for stem, unit in _UNIT_STEMS:
        if word.startswith(stem) and (stem != "or" or word in ("ora", "ore")):
            if stem == "min" and not (word.startswith("minut") or word in ("min", "mins")):
                continue
            return unit
    return None


@lru_cache(maxsize=4096)
def _absolute(norm: str, order: str) -> datetime | None:
    """Numeric ('07.09.2018, 12:19', '06-15-2016, 03:03 pm', '2016-02-01, 02:21') and month-name
    ('sun may 26, 2019 4:34 pm', '22 июль 2013 в 02:04') dates, naive local."""
    found = _clock(norm)
    clock, rest = found if found else (time(0), norm)
    day = _numeric_date(rest, order)
    if day is None:
        day = _month_name_date(rest)
    if day is None:
        return None
    if found is None and re.search(r"\d{1,2}:\d{2}", norm):
        return None  # a clock we could not read (25:00): do not silently drop it
    return datetime.combine(day, clock)


def _numeric_date(rest: str, order: str) -> date | None:
    m = _NUMERIC_DATE.search(rest)
    if not m:
        return None
    return _day_month_year(m.group(1), m.group(2), m.group(3), m.group(4), order)


def _day_month_year(a: str, sep: str, b: str, c: str, order: str) -> date | None:
    """The day of a numeric date's three fields ``a sep b sep c`` (year first when ``a`` has 4
    digits; else day/month by ``sep`` and ``order`` unless the digits tell)."""
    if len(a) == 4:
        y, mo, d = int(a), int(b), int(c)
    else:
        if len(c) not in (2, 4):
            return None
        y = int(c) + (2000 if len(c) == 2 else 0)
        first, second = int(a), int(b)
        day_first = sep == "." or order == "DMY"
        if first > 12 >= second:
            day_first = True
        elif second > 12 >= first:
            day_first = False
        d, mo = (first, second) if day_first else (second, first)
    return _safe_date(y, mo, d)


def _month_name_date(rest: str) -> date | None:
    slot = _MONTH_SLOT.search(rest)
    if slot and slot.group(1).rstrip(".") not in _MONTHS:
        return None  # "mar. 13 févr. 2018": the month is a word we do not know (dateparser)
    forms = [w.rstrip(".") for w in _WORD.findall(rest) if w.rstrip(".") in _MONTHS]
    if len(forms) > 1:  # Italian weekday "mar" (martedì) beside a month name
        forms = [f for f in forms if f not in _WEEKDAY_CLASHES]
    months = [_MONTHS[f] for f in forms]
    if len(months) != 1:
        return None
    numbers = [n for n in _NUMBER.findall(rest)]
    years = [int(n) for n in numbers if len(n) == 4]
    days = [int(n) for n in numbers if len(n) <= 2]
    if len(years) != 1 or len(days) != 1:
        return None
    return _safe_date(years[0], months[0], days[0])


def _safe_date(y: int, m: int, d: int) -> date | None:
    try:
        return date(y, m, d) if 1900 <= y <= 2200 else None
    except ValueError:
        return None


@lru_cache(maxsize=2048)
def _dateparser_fallback(norm: str, tz: ZoneInfo | timezone, base: datetime | None,
                         langs: tuple[str, ...], order: str) -> datetime | None:
    """Anything the fast paths did not read; needs a digit and a full day+month to be trusted
    (and the year too when no fetch time ``base`` can supply it)."""
    if not re.search(r"\d", norm):
        return None
    if base is None and not re.search(r"(?<!\d)\d{4}(?!\d)|[-./]\d{2}(?!\d)", norm):
        return None  # no fetch time: only a date that prints its year ("16" in 22-мар-16) is one
    import dateparser  # slow to import: only when a page needs it

    settings = {
        "TIMEZONE": getattr(tz, "key", None) or "UTC", "RETURN_AS_TIMEZONE_AWARE": True,
        "DATE_ORDER": order, "PREFER_DATES_FROM": "past",
        "REQUIRE_PARTS": ["day", "month"] if base is not None else ["day", "month", "year"],
    }
    if base is not None:
        settings["RELATIVE_BASE"] = base
    try:
        result = dateparser.parse(norm, languages=list(langs), settings=settings)
    except Exception:  # dateparser raises assorted errors on odd input; it means "not a date"
        return None
    if result is None:
        return None
    if not hasattr(tz, "key"):  # a fixed-offset zone dateparser cannot name: the wall time is tz's
        result = result.replace(tzinfo=None).replace(tzinfo=tz)
    return result.astimezone(tz)
