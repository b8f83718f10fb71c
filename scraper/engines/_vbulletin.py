"""What vBulletin 3, 4 and 5 share (forum-engines.md §3.4–§3.6): URLs, quotes, edit notes, and
the reading of a page (:class:`VBulletinEngine`: pagination, the walk over the posts).

Quotes are keyed on structure, never on the localised "Quote:" / "Originally Posted by" /
"Цитата:" / "Сообщение от" labels (§2.6).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from types import MappingProxyType
from urllib.parse import parse_qs, urlencode, urlsplit, urlunsplit

from lxml import etree

from votal.scraper import dates
from votal.scraper.engines._common import (
    CLEANS,
    COLOURS,
    PageContext,
    PagedEngine,
    absolute,
    body_marks,
    cls,
    drop_matching,
    edited_from_text,
    find,
    first,
    first_of,
    number,
)
from votal.scraper.engines._zone import page_zone
from votal.scraper.engines.base import PageInfo
from votal.scraper.model import Post
from votal.scraper.normalize import (
    classed,
    clean,
    inner_html,
    make_quote,
    make_spoiler,
    normalize_colors,
    text_of,
)


def threadid_url(url: str, keys: tuple[str, ...] = ("threadid",)) -> str:
    """``showthread.php?threadid=N``: the thread's URL with its id alone (vBulletin 2, Something
    Awful: the first of ``keys`` the query holds), else the URL without its fragment."""
    parts = urlsplit(url)
    q = parse_qs(parts.query)
    tid = next((q[k][0] for k in keys if q.get(k)), None)
    query = urlencode({"threadid": tid}) if tid else parts.query
    return urlunsplit((parts.scheme, parts.netloc, parts.path, query, ""))


def pagenumber_url(thread_url: str, page: int) -> str:
    """Page ``page`` of a :func:`threadid_url` thread (``&pagenumber=K``; page 1 has none)."""
    return thread_url if page <= 1 else f"{thread_url}&pagenumber={page}"


def pagenumber_of(url: str) -> str | None:
    """The ``pagenumber`` a URL's query names, as written (None without one)."""
    return next(iter(parse_qs(urlsplit(url).query).get("pagenumber") or []), None)


MEMBER_ID = re.compile(r"member\.php(?:\?(?:[^#]*&)?u(?:serid)?=|/)(\d+)|/members?/(\d+)-")
_POST_LINK = re.compile(r"[?&]p=(\d+)|#post(\d+)")
_FRIENDLY = re.compile(r"^(.*?/(?:showthread\.php/|threads/)\d+[^/?#]*?)(?:/page(\d+))?/?$")
_VB5_TOPIC = re.compile(r"^(.*?/\d+-[^/?#]*?)(?:/page(\d+))?/?$")
_OF = re.compile(r"(\d[\d,.]*)\D+?(\d[\d,.]*)")

_CHROME = (".//button", f".//*[{cls('bbcode_quote_container')}]")


# --- URLs ---------------------------------------------------------------------------------

def thread_url_34(url: str) -> str:
    """``showthread.php?t=1&page=3`` / ``showthread.php/1-slug/page3`` / ``threads/1-slug/page3``."""
    parts = urlsplit(url)
    q = parse_qs(parts.query)
    tid = next(iter(q.get("t") or q.get("threadid") or []), None)
    if tid:
        return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode({"t": tid}), ""))
    m = _FRIENDLY.match(parts.path)
    if m:
        return urlunsplit((parts.scheme, parts.netloc, m.group(1), "", ""))
    return urlunsplit((parts.scheme, parts.netloc, parts.path, parts.query, ""))


def page_url_34(thread_url: str, page: int) -> str:
    base = thread_url_34(thread_url)
    if page <= 1:
        return base
    return f"{base}&page={page}" if "?" in base else f"{base.rstrip('/')}/page{page}"


def page_of_34(url: str) -> int:
    parts = urlsplit(url)
    q = parse_qs(parts.query)
    if q.get("page"):
        return number(q["page"][0]) or 1
    m = _FRIENDLY.match(parts.path) or _VB5_TOPIC.match(parts.path)
    return int(m.group(2)) if m and m.group(2) else 1


def thread_url_5(url: str) -> str:
    parts = urlsplit(url)
    m = _VB5_TOPIC.match(parts.path)
    path = m.group(1) if m else parts.path
    return urlunsplit((parts.scheme, parts.netloc, path, "", ""))


def page_url_5(thread_url: str, page: int) -> str:
    base = thread_url_5(thread_url)
    return base if page <= 1 else f"{base}/page{page}"


def page_x_of_y(texts: list[str]) -> tuple[int, int] | None:
    """"Page 152 of 155" / "Страница 2 из 5" / "Pagina 1 di 3": the first short text with two
    numbers, the first not above the second."""
    for text in texts:
        m = _OF.search(text)
        if m and len(text) < 60:
            a, b = number(m.group(1)), number(m.group(2))
            if a and b and a <= b:
                return a, b
    return None


# --- bodies -------------------------------------------------------------------------------

def _post_of(a: etree._Element | None) -> str | None:
    m = _POST_LINK.search(a.get("href") or "") if a is not None else None
    return (m.group(1) or m.group(2)) if m else None


def convert_quotes_vb3(root: etree._Element) -> None:
    """``div > div.smallfont "Quote:" + table td.alt2 > [div "Originally Posted by <strong>X</strong>
    <a href=…p=ID>"] + div`` -> ``<blockquote data-author data-post>``; the table-less skins
    (Internet Brands' "nextgen": ``div > div > label "Quote:"`` + ``div.panel.alt2`` holding the
    same two divs, pprune.org, flyertalk.com) alike."""
    boxes = (f".//div[./div[{cls('smallfont')}] and ./table//td[{cls('alt2')}]]"
             f" | .//div[./div[label] and ./div[{cls('panel')} and {cls('alt2')}]]")
    for box in find(root, boxes):
        td = first_of(box, f"./table//td[{cls('alt2')}]", f"./div[{cls('panel')}]")
        head = first(td, "./div[strong][1]")
        author, post, content = None, None, td
        if head is not None and len(find(td, "./div")) >= 2:
            author = text_of(first(head, "./strong")) or None
            post = _post_of(first(head, ".//a[@href]"))
            content = head.getnext()
            head.drop_tree()
        make_quote(box, content, author, post)


def convert_quotes_vb45(root: etree._Element) -> None:
    """``div.bbcode_container > div.bbcode_quote > div.quote_container > [div.bbcode_postedby]
    + div.message`` (anonymous quotes: text straight in ``quote_container``)."""
    # each XPath of the quote (.//div[bbcode_container][./div[bbcode_quote]], its
    # .//div[quote_container] else ./div[bbcode_quote], their ./div[bbcode_postedby],
    # ./div[message], ./div[bbcode_quote_container], the by-line's .//strong and .//a[@href])
    # by lxml's tag walks, the class tested in Python (issue 22)
    for box in [div for div in root.iterdescendants("div") if classed(div, "bbcode_container")
                and _child_div(div, "bbcode_quote") is not None]:
        holder = next((div for div in box.iterdescendants("div")
                       if classed(div, "quote_container")), None)
        if holder is None:
            holder = _child_div(box, "bbcode_quote")
        if holder is None:  # not reached: the box was chosen for its div.bbcode_quote
            continue
        by = _child_div(holder, "bbcode_postedby")
        author, post, content = None, None, holder
        if by is not None:
            author = text_of(next(by.iterdescendants("strong"), None)) or None
            post = _post_of(next((a for a in by.iterdescendants("a") if a.get("href") is not None),
                                 None))
            content = _child_div(holder, "message")
            if content is None:
                by.drop_tree()
                content = holder
        for div in [div for div in holder.iterchildren("div")
                    if classed(div, "bbcode_quote_container")]:
            div.drop_tree()
        make_quote(box, content, author, post)


def _child_div(el: etree._Element, name: str) -> etree._Element | None:
    """``./div[has_class(name)]``: the first child div of the class."""
    return next((div for div in el.iterchildren("div") if classed(div, name)), None)


def convert_spoilers(root: etree._Element) -> None:
    """Spoiler mods: ``div.bbcode_spoiler`` / ``div.spoiler`` (title child optional)."""
    for el in [div for div in root.iterdescendants("div")
               if classed(div, "bbcode_spoiler") or classed(div, "spoiler")]:
        content = first_of(el, f"./*[{cls('spoiler-content')}]", f"./*[{cls('spoiler_content')}]",
                           f"./*[{cls('bbcode_spoiler_content')}]")
        make_spoiler(el, content, "Spoiler")


def normalize_body(body: etree._Element, vb3: bool = False) -> str:
    """interfaces.md §2 for vBulletin bodies (``<font color>`` becomes a coloured span).

    Each step runs only when the walk of :func:`body_marks` found what it may change (issue 22):
    a body of text and line breaks is serialised without five searches of it. The spoilers look
    for a class holding "spoiler" (``div.bbcode_spoiler``, ``div.spoiler``), vB3's quotes for
    "smallfont" or "panel" (the box's ``div.smallfont`` or ``div.panel`` child), vB 4/5's quotes
    and the chrome for "bbcode_" (``div.bbcode_container``, ``.bbcode_quote_container``), the
    chrome for a ``button`` too. No step makes what a later one looks for (they drop elements,
    make blockquotes and details without classes; the colours come last): a step whose mark the
    body lacks changes nothing. (``clean`` drops the body's comments, their text kept, as the
    loop over ``.//comment()`` that followed it did: that loop found none and is gone.)"""
    marks = body_marks(body, _STEP_TAGS, _STEP_WORDS)
    if marks & CLEANS:
        clean(body)
    if marks & _SPOILERS:
        convert_spoilers(body)
    if vb3 and marks & _QUOTES3:
        convert_quotes_vb3(body)
    if marks & _QUOTES45:
        convert_quotes_vb45(body)
    if marks & _CHROME_MARK:
        drop_matching(body, _CHROME)
    if marks & COLOURS:
        normalize_colors(body)
    return inner_html(body)


_SPOILERS, _QUOTES3, _QUOTES45, _CHROME_MARK = 4, 8, 16, 32
_STEP_TAGS = MappingProxyType({"button": _CHROME_MARK})
_STEP_WORDS = (("spoiler", _SPOILERS), ("bbcode_", _QUOTES45 | _CHROME_MARK),
               ("smallfont", _QUOTES3), ("panel", _QUOTES3))


def member_id(href: str | None) -> str | None:
    m = MEMBER_ID.search(href or "")
    return (m.group(1) or m.group(2)) if m else None


def edited_time(note: etree._Element | None, names: list[str], page: PageContext
                ) -> datetime | None:
    """"Last edited by X; 2016-02-01 at 03:31." (the date follows the semicolon in every
    language pack)."""
    if note is None:
        return None
    text = text_of(note)
    text = text.rsplit(";", 1)[-1] if ";" in text else text
    return edited_from_text(text, names, page.tz, page.now, page.langs)


_HAS_CLOCK = re.compile(r"\d{1,2}:\d{2}")
_DATE_OPEN, _DATE_CLOSE = "status icon and date", "/ status icon and date"


def date_anywhere(box: etree._Element, skip: tuple[etree._Element | None, ...],
                  page: PageContext,
                  more_skip: Callable[[], etree._Element | None] | None = None
                  ) -> datetime | None:
    """A post's date where a customised postbit moved it (issue 11): first between the
    template's ``<!-- status icon and date -->`` comments, wherever they now stand (the user-info
    column, say); then any short text of the post's box, outside the message and ``skip``, that
    holds a clock and reads as a date (the caller skips the message, the edit note, the
    signature: their clocks are not the post's; ``more_skip``: one more such element, looked
    for only when the texts are read, issue 22). None when nothing does: the post is kept
    without time."""
    for c in box.iter(etree.Comment):
        if (c.text or "").strip() != _DATE_OPEN:
            continue
        parts, node = [], c.getnext()
        if c.tail:
            parts.append(c.tail)
        while node is not None and not (node.tag is etree.Comment
                                        and (node.text or "").strip() == _DATE_CLOSE):
            if node.tag is not etree.Comment:
                parts.append(text_of(node))
            parts.append(node.tail or "")
            node = node.getnext()
        # the template's tabs and newlines collapsed: the reading collapses them itself, but its
        # quick forms met the raw padding only after backtracking (issue 22: 44 us a post of the
        # NextGen pages, 12 us collapsed)
        t = dates.parse_forum_time(" ".join(" ".join(parts).split()), page.tz, page.now,
                                   page.langs)
        if t is not None:
            return t
    # every text read below is a run of the box's text (a clock never spans the spaces it is
    # joined with): a box whose text holds no clock has no date to find (issue 22: a page of old
    # posts, each dated by a day without its clock, walked every element of every post)
    if not _HAS_CLOCK.search(etree.tostring(box, method="text", encoding="unicode",
                                            with_tail=False)):
        return None
    banned = set()
    if more_skip is not None:
        skip = (*skip, more_skip())
    for el in skip:
        if el is not None:
            banned.update(el.iter())
    for el in box.iter():
        if el in banned or el.tag is etree.Comment or not isinstance(el.tag, str):
            continue
        # its own text, with vBulletin's clock span ("Yesterday, <span class="time">08:04 PM")
        own = [el.text] + [part for c in el for part in (
            text_of(c) if isinstance(c.tag, str) and "time" in (c.get("class") or "").split()
            else None, c.tail)]
        text = " ".join(t.strip() for t in own if t and t.strip())
        if text and len(text) <= 80 and _HAS_CLOCK.search(text):
            t = dates.parse_forum_time(text, page.tz, page.now, page.langs)
            if t is not None:
                return t
    return None


# --- the page ---------------------------------------------------------------------------

def numbered_id(prefix: str, of: str = "@id") -> str:
    """XPath predicate: ``@id`` is ``prefix`` followed by digits only. A vBulletin post's id is
    its number; a box copying a post under another name is not a post (Internet Brands'
    NextGen "Top Answer" box, ``div#post_message_topanswer`` in ``div#top_answer``, repeats a
    popular later post above post #2 of page 1: pprune.org). ``of="."``: the same test in an
    ``@id`` step (``//div/@id[…]/..``: the ids walked, not every element tested; issue 22)."""
    rest = f"substring-after({of}, '{prefix}')"
    return (f"starts-with({of}, '{prefix}') and string-length({rest}) > 0"
            f" and translate({rest}, '0123456789', '') = ''")


class VBulletinEngine(PagedEngine):
    """A vBulletin version's adapter: it declares ``posts`` (XPath: the elements that each begin
    one post), ``per_page`` (the version's default page size, which numbers a post its page does
    not number) and, for vB 3/4's "Page X of Y" navigation, ``page_nav`` and ``page_texts``, and
    implements :meth:`read_post` (and :meth:`pages_said`, :meth:`page_number` where a skin
    says its page elsewhere). URLs are vB 3/4's unless the version's own are declared."""

    posts: str = ""
    per_page: int = 20
    page_nav: str = ""  # XPath: the page navigation (none at all: a one-page thread)
    # XPath inside each navigation element: the elements one of which says "Page X of Y"
    page_texts: str = ""

    def thread_url(self, url: str) -> str:
        return thread_url_34(url)

    def page_url(self, thread_url: str, page: int, info: PageInfo | None = None) -> str:
        return page_url_34(thread_url, page)

    def read_page_info(self, doc: etree._Element, base: str, url: str) -> PageInfo:
        return self.navigated_info(doc, base, url, None)

    def navigated_info(self, doc: etree._Element, base: str, url: str, text: str | None
                       ) -> PageInfo:
        """:meth:`read_page_info` from the page's navigation (``text``: the page's, when
        known, for :meth:`pages_found`)."""
        # the navigation found once, the "Page X of Y" texts searched in it (issue 22: the
        # page was walked twice for it)
        found, navs = self.pages_found(doc, text)
        current, last = found if found else (page_of_34(url), None)
        if found is None and not navs:
            last = current  # no page navigation at all: a one-page thread
        if last is not None and current >= last:  # the last page: its links are not read
            return next_page(base, current, last, None)
        nxt = first(doc, "//a[@rel='next']/@href | //head/link[@rel='next']/@href")
        if nxt is None and self.page_nav and last is not None and current < last:
            # vB 3.0 marks no link rel="next": the navigation's link numbered current + 1
            nxt = first(doc, f"({self.page_nav})//a[normalize-space(.)=$n]/@href",
                        n=str(current + 1))
        return next_page(base, current, last, nxt)

    def pages_found(self, doc: etree._Element, text: str | None = None
                    ) -> tuple[tuple[int, int] | None, list[etree._Element] | None]:
        """(this page, the last page) where the page says them, and the page's navigation
        elements (``page_nav``; None when not searched: the pages were said); ``text``: the
        page's text, when known."""
        navs = find(doc, self.page_nav) if self.page_nav else []
        return self.pages_said(doc, navs), navs

    def pages_said(self, doc: etree._Element, navs: list[etree._Element]
                   ) -> tuple[int, int] | None:
        """(this page, the last page) where the page says them ("Page 2 of 5"); ``navs``: the
        page's navigation elements (``page_nav``), in document order. (A text of nested
        navigations is met twice, after its first time: the first text that says it is the
        same.)"""
        return page_x_of_y([text_of(el) for nav in navs for el in find(nav, self.page_texts)])

    def page_number(self, doc: etree._Element, url: str) -> int:
        """This page's number, for the posts the page does not number."""
        return page_of_34(url)

    def read_posts(self, doc: etree._Element, page: PageContext) -> list[Post]:
        offset = (self.page_number(doc, page.url) - 1) * self.per_page
        # vB 3/4 print every time at the viewer's offset of the moment ("All times are GMT +1"):
        # the page's own statement, not the zone assumed, dates its posts (engines/_zone.py)
        posts = find(doc, self.posts)
        page = replace(page, tz=page_zone(doc, after=posts[-1] if posts else None) or page.tz)
        return [self.read_post(el, offset + i + 1, page) for i, el in enumerate(posts)]

    def read_post(self, el: etree._Element, fallback: int, page: PageContext) -> Post:
        """One post (``fallback``: its number when the page prints none)."""
        raise NotImplementedError


def next_page(base: str, current: int, last: int | None, nxt: str | None) -> PageInfo:
    """The page info of page ``current`` of ``last`` whose next-page link is ``nxt``."""
    done = last is not None and current >= last
    return PageInfo(current, last, absolute(base, nxt) if nxt and not done else None)
