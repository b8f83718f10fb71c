"""The zone a page says its times are in (forum-engines.md §2.4), for the adapters whose pages
print it: phpBB ("All times are UTC + 1 hour [ DST ]", 3.1+ "UTC+01:00" with the zone's name) and
vBulletin 3/4 ("All times are GMT +1. The time now is 12:37.").

vBulletin 3/4 and phpBB 3.0 print every time of a page at the viewer's offset of the moment the
page was made, not at the offset each post's own date had: a June post on a page made in March
reads "15:50" at +01:00, never at Rome's summer +02:00 (real page: forum.azzurra.org, vBulletin
3.6.5). Their line's offset is therefore the zone of the page's text times, a fixed one, and a
page's own statement wins over the zone the caller assumed.

phpBB 3.1+ is the other way round: it keeps the viewer's zone by name and prints each time at
that zone's offset on the time's own date (``user::format_date`` sets the named zone on every
time), while its line gives the offset of the moment the page was made ("UTC+02:00",
``create_datetime()->getOffset()``) and the name only in a ``title`` or the line itself. With the
name, the name decides. Without it (a style or a saved copy that dropped the title), the zone the
caller reads times in (the game's, ``--timezone``) is the page's when it has that very offset at
the moment the page was fetched (unknown: in winter or in summer), so a post from before a
daylight-saving change keeps its hour; a zone that disagrees leaves the line's offset alone.

Pure functions over a parsed page; no I/O.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from functools import lru_cache
from types import MappingProxyType
from zoneinfo import ZoneInfo

from lxml import etree

from votal.scraper.engines._common import first
from votal.scraper.normalize import text_of

# "All times are UTC + 1 hour [ DST ]" / "UTC + 5.5 hours" (phpBB 3.0), "All times are
# UTC+01:00" (3.1+), "All times are GMT +1." / "GMT +5.5" (vBulletin 3/4), in the language packs
# votal's communities use (two Italian ones: vB 3.0's is "Tutte le ore sono GMT +2"). After "."
# the digits are a fraction of an hour (both engines print half-hour zones so); after ":" they
# are minutes.
_ZONE_LINE = re.compile(
    r"(?:All times are|Tutti gli orari sono|Tutte le ore sono|Όλες οι ώρες είναι|Часовой пояс"
    r"|Alle Zeiten sind)"
    r"\s*:?\s*(?:UTC|GMT)\s*(?:([+-])\s*(\d{1,2})(?:(:)(\d{2})|\.(\d{1,2}))?)?[^\[]*"
    r"(\[[^\]]*\])?", re.I)


# 3.1+ language packs may print the zone's name in the line itself, translated: "Tutti gli orari
# sono UTC+02:00 Europa/Roma" (real page: forum.ubuntu-it.org). The offset is the one of the day
# the page was made, so the name is what gives winter posts their own offset.
_ZONE_NAME = re.compile(r"[^\W\d_]+/[^\W\d]+")
_ZONE_WORDS = MappingProxyType({
    "europa": "Europe", "ευρώπη": "Europe", "европа": "Europe",
    "roma": "Rome", "atene": "Athens", "αθήνα": "Athens", "mosca": "Moscow", "москва": "Moscow",
    "berlino": "Berlin", "londra": "London", "parigi": "Paris",
})


def _named_zone(name: str) -> ZoneInfo | None:
    """An IANA zone from a name as a page prints it, English or translated, or None."""
    if "/" not in name:
        return None
    parts = [_ZONE_WORDS.get(part.lower(), part) for part in name.strip().split("/")]
    for candidate in (name.strip(), "/".join(parts)):
        try:
            return ZoneInfo(candidate)
        except (ValueError, OSError, KeyError):
            continue
    return None


def _offset_minutes(m: re.Match[str]) -> int:
    sign = -1 if m.group(1) == "-" else 1
    hours = int(m.group(2) or 0)
    if m.group(3):  # "UTC+05:30"
        minutes = int(m.group(4))
    elif m.group(5):  # "GMT +5.5", "UTC + 5.75 hours"
        minutes = round(float("0." + m.group(5)) * 60)
    else:
        minutes = 0
    return sign * (hours * 60 + minutes)


# phpBB 3.1+ writes the offset "UTC+02:00" (``phpbb_format_timezone_offset``); 3.0 "UTC + 2 hours"
# and vBulletin "GMT +2", fixed offsets both.
_PHPBB31_OFFSET = re.compile(r"UTC[+-]\d{2}:\d{2}(?![\d:])")


# every text node, not only an element's first one: prosilver 3.0 puts the line after two links
# ("<a>The team</a> • <a>Delete all board cookies</a> • All times are UTC + 1 hour"); the text
# nodes that hold "UTC" or "GMT", outside scripts and styles, are the candidates
_MARKS = ("UTC", "GMT")
_SKIPPED = frozenset(("script", "style"))


def page_zone(doc: etree._Element, tz: ZoneInfo | timezone | None = None,
              now: datetime | None = None, after: etree._Element | None = None
              ) -> ZoneInfo | timezone | None:
    """The zone the page says its times are in, or None; ``tz`` and ``now`` (the zone times are
    otherwise read in, the fetch time) settle phpBB 3.1+'s bare offset (module docstring).

    The last line of the page wins: the engine prints it in the footer (subsilver2 in the header
    too), below any post that quotes such a line. ``after`` (the page's last post) says where
    to look first: the text that follows it, the footer; the whole page is read only when no
    line stands there (issue 22: the same line, found without reading every text of the page)."""
    if after is not None:
        found = _zone_in(_following(after), tz, now)
        if found is not None:
            return found
    root = doc.getroottree().getroot()
    out: list[tuple[etree._Element, bool]] = []
    if _marked(_text(root, False)):
        _scan(root, out)
    return _zone_in(out, tz, now)


def _marked(text: str | None) -> bool:
    """``text`` holds one of :data:`_MARKS` (written out: called for every text looked at)."""
    return text is not None and ("UTC" in text or "GMT" in text)


def _text(el: etree._Element, with_tail: bool) -> str:
    """Every text node of ``el``'s subtree (and its tail), joined: a text node that holds a
    mark makes this hold it, so that a subtree without one is passed over in one C call."""
    return etree.tostring(el, method="text", encoding="unicode", with_tail=with_tail)


def _following(after: etree._Element) -> list[tuple[etree._Element, bool]]:
    """``following::text()`` of ``after`` that holds a mark, in document order, as (element,
    is_tail) pairs: the text's element (for a tail, the element it follows), as lxml's text
    results give them. The tail and next siblings of ``after``, then of each ancestor; a
    sibling's subtree is searched only when its joined text holds a mark (issue 22: libxml2's
    following axis cost 30-250 µs a page for the footer's few hundred texts)."""
    out: list[tuple[etree._Element, bool]] = []
    node: etree._Element | None = after
    while node is not None:
        if _marked(node.tail):
            out.append((node, True))
        for sib in node.itersiblings():
            if isinstance(sib.tag, str) and _marked(_text(sib, False)):
                _scan(sib, out)
            if _marked(sib.tail):
                out.append((sib, True))
        node = node.getparent()
    return out


def _scan(el: etree._Element, out: list[tuple[etree._Element, bool]]) -> None:
    """The text nodes inside ``el`` (not its tail) that hold a mark, document order: what
    ``descendant::text()[contains(., 'UTC') or contains(., 'GMT')]`` gives, by a walk of the
    children that enters a child's subtree only when its joined text holds a mark (issue 22:
    the XPath cost 20-80 µs on a footer of 200 elements). A comment's or a processing
    instruction's own text is no text node; its tail is."""
    if _marked(el.text):
        out.append((el, False))
    for child in el:
        if isinstance(child.tag, str):
            if len(child):
                if _marked(_text(child, False)):
                    _scan(child, out)
            elif _marked(child.text):
                out.append((child, False))
        if _marked(child.tail):
            out.append((child, True))


def _in_skipped(el: etree._Element | None) -> bool:
    """``el`` or an ancestor is a script or a style (a text below it is none of the page's)."""
    while el is not None:
        if el.tag in _SKIPPED:
            return True
        el = el.getparent()
    return False


def _zone_in(nodes: list[tuple[etree._Element, bool]], tz: ZoneInfo | timezone | None,
             now: datetime | None) -> ZoneInfo | timezone | None:
    """The zone of the last of ``nodes`` (text nodes as (element, is_tail), in document order)
    that is a zone line."""
    for el, is_tail in reversed(nodes):
        if is_tail:  # the text after a child element belongs to that child's parent
            el = el.getparent()
            if el is None:
                continue
        if _in_skipped(el):
            continue
        line = text_of(el.getparent() if el.tag in ("span", "abbr") else el)
        m = _ZONE_LINE.search(line)
        if not m:
            continue
        named = first(el, ".//@title | ./ancestor-or-self::*[@title][1]/@title")
        for name in ([str(named)] if named else []) + _ZONE_NAME.findall(line[m.start():]):
            zone = _named_zone(name)
            if zone is not None:
                return zone
        minutes = _offset_minutes(m)
        if m.group(6):  # "[ DST ]": phpBB 3.0 adds the hour to every time it prints
            minutes += 60
        offset = timedelta(minutes=minutes)
        if not m.group(6) and _PHPBB31_OFFSET.search(m.group(0)) and isinstance(tz, ZoneInfo) \
                and _has_offset(tz, offset, now):
            return tz
        return timezone(offset)
    return None


def _has_offset(tz: ZoneInfo, offset: timedelta, now: datetime | None) -> bool:
    """``tz`` is ``offset`` from UTC at ``now``; without ``now``, in winter or in summer."""
    if now is not None:
        return now.astimezone(tz).utcoffset() == offset
    return offset in _season_offsets(tz)


@lru_cache(maxsize=64)
def _season_offsets(tz: ZoneInfo) -> frozenset[timedelta | None]:
    """The offsets ``tz`` has in mid-January and mid-July of the years forums have dated posts."""
    return frozenset(datetime(year, month, 15, 12, tzinfo=tz).utcoffset()
                     for year in range(2000, 2041) for month in (1, 7))
