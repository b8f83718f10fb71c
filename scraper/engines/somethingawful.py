"""Something Awful Forums thread pages (forums.somethingawful.com; issue 11 follow-up: real pages).

SA runs its own heavily rewritten vBulletin 2.2.9 ("SAVB"): ``body#something_awful``, one
``table.post#postN`` a post — ``td.userinfo`` (``dt.author``, class ``userid-N``) and
``td.postbody`` in its first row (FYAD's style moves the user box into the body:
``td.postbody > div.complete_shit > … div.userinfo``), ``td.postdate`` ("# ? Jan 4, 2022
21:20", its "#" and "?" links and the "last seen" link carrying the post's place in the thread,
``index=N``) and ``ul.profilelinks`` (``member.php?action=getinfo&userid=N``) in its second.
The edit line: ``p.editedby`` "X fucked around with this message at 01:19 on Jan 2, 2022"
(clock before the date). Quotes: ``div.bbc-block > h4 "X posted:"`` (its link ``postid=N``) +
``blockquote``; code ``div.bbc-block.code`` (``h5`` + ``pre``); spoilers ``span.bbc-spoiler``.
Pages: ``showthread.php?threadid=N&pagenumber=K`` (40 posts), the navigation ``div.pages`` a
``select`` of every page, the current one selected. SA serves threads to members only: pages are
saved logged in. Built on two real pages of 2022 (BYOB, FYAD) saved in Awful/Awful.NET's tests.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from lxml import etree

from votal.scraper.engines import _vbulletin as vb
from votal.scraper.engines import register
from votal.scraper.engines._common import PageContext, PagedEngine, absolute, find
from votal.scraper.engines.base import Example, PageInfo
from votal.scraper.model import Post
from votal.scraper.normalize import (
    clean,
    inner_html,
    make_quote,
    make_spoiler,
    normalize_colors,
    text_of,
)

_USERID = re.compile(r"[?&]userid=(\d+)")
_USERID_CLASS = re.compile(r"\buserid-(\d+)\b")
_POSTID = re.compile(r"[?&]postid=(\d+)|#post(\d+)")
_INDEX = re.compile(r"[?&]index=(\d+)")
_POSTED = re.compile(r"\s*posted:\s*$")
# "X fucked around with this message at 01:19 on Jan 2, 2022": SA prints the clock first
_EDITED = re.compile(r"(\d{1,2}:\d{2})\s+on\s+(.+?)\s*$")
_PER_PAGE = 40
# SA prints every date one way, "Jan 4, 2022 21:20" (read here at once; anything else goes to
# the common reader)
_SA_DATE = re.compile(r"^([A-Z][a-z]{2}) +(\d{1,2}), (\d{4}) (\d{1,2}):(\d{2})$")
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


class SomethingAwful(PagedEngine):
    page_ids = False  # never looks an id up: the page parsed without an ID table
    name = "somethingawful"
    label = "Something Awful Forums"
    precedence = 34
    sites = ("forums.somethingawful.com",)
    examples = (
        Example("https://forums.somethingawful.com/showthread.php?threadid=3942695&userid=0"
                "&perpage=40&pagenumber=3",
                "https://forums.somethingawful.com/showthread.php?threadid=3942695", 2,
                "https://forums.somethingawful.com/showthread.php?threadid=3942695"
                "&pagenumber=2"),
    )
    signals = ('<body id="something_awful">', "table.post#postN with td.postbody")

    def detect(self, page: str) -> bool:
        return 'id="something_awful"' in page and "postbody" in page and 'class="post' in page

    def thread_url(self, url: str) -> str:
        return vb.threadid_url(url)

    def page_url(self, thread_url: str, page: int, info: PageInfo | None = None) -> str:
        return vb.pagenumber_url(self.thread_url(thread_url), page)

    def read_page_info(self, doc: etree._Element, base: str, url: str) -> PageInfo:
        # the top navigation, above the posts: a lazy walk stops there
        nav = next((d for d in doc.iter("div") if _classed(d, "pages")), None)
        if nav is None:  # no navigation: a one-page thread
            current = _url_page(url)
            return PageInfo(current, current, None)
        options = [o for sel in nav.iter("select") for o in sel.iter("option")]
        chosen = next((o for o in options if o.get("selected") is not None), None)
        current = _number(chosen.get("value") if chosen is not None else None) or _url_page(url)
        last = max((_number(o.get("value")) or 0 for o in options), default=0) or current
        nxt = None
        if current < last:
            link = next((a.get("href") for a in nav.iter("a")
                         if a.get("title") == "Next page" and a.get("href")), None)
            nxt = absolute(base, link) if link is not None else \
                absolute(base, self.page_url(self.thread_url(url), current + 1))
        return PageInfo(current, last, nxt)

    def read_posts(self, doc: etree._Element, page: PageContext) -> list[Post]:
        info = page.info if page.info is not None else self.read_page_info(doc, page.base,
                                                                           page.url)
        offset = (info.current - 1) * _PER_PAGE
        tables = [t for t in find(doc, "//table/@id[starts-with(., 'post')]/..")
                  if "post" in (t.get("class") or "").split() and t.get("id", "")[4:].isdigit()]
        read = [_post(t, offset + i + 1, page) for i, t in enumerate(tables)]
        # the bodies cleaned and their colours made spans in one walk of the posts' container
        # (each body a subtree of it: the same as body by body, 40 walks fewer)
        for holder in {id(t.getparent()): t.getparent() for t in tables}.values():
            if holder is not None:
                clean(holder)
                normalize_colors(holder)
        return [Post(**fields, html=inner_html(body)) for fields, body in read]


def _time(text: str, page: PageContext, where: str) -> datetime | None:
    """A date of the page, in the zone its times are read in."""
    m = _SA_DATE.match(text)
    if m and m.group(1) in _MONTHS:
        try:
            return datetime(int(m.group(3)), _MONTHS.index(m.group(1)) + 1, int(m.group(2)),
                            int(m.group(4)), int(m.group(5)), tzinfo=page.tz)
        except ValueError:
            return None
    return page.time(text, where)


def _number(value: str | None) -> int | None:
    return int(value) if value and value.strip().isdigit() else None


def _url_page(url: str) -> int:
    return _number(vb.pagenumber_of(url)) or 1


def _classed(el: etree._Element, name: str) -> bool:
    value = el.get("class")
    return value is not None and name in value and name in value.split()


_CHROME = frozenset(("editedby", "userinfo", "tail", "attachment"))


def _post(table: etree._Element, fallback: int, page: PageContext
          ) -> tuple[dict[str, Any], etree._Element]:
    """The fields of the post of ``table`` but its body's HTML, and the body (its boxes
    converted; the caller cleans the bodies of the page at once)."""
    pid = table.get("id", "")[4:]
    where = page.where(pid)
    rows = list(table.iterchildren("tr")) or list(table.iter("tr"))
    top = list(rows[0].iterchildren("td")) if rows else []
    bottom = list(rows[1].iterchildren("td")) if len(rows) > 1 else []
    body = next((td for td in top if _classed(td, "postbody")), None)
    if body is None:
        body = table.makeelement("td", {})
    info = next((td for td in top if _classed(td, "userinfo")), None)
    if info is None:  # FYAD: the user box inside the body
        info = next((d for d in body.iter("div") if _classed(d, "userinfo")), None)
    dt = next((d for d in info.iter("dt") if _classed(d, "author")), None) \
        if info is not None else None
    author = text_of(dt)  # "": kept, problems ["author"]
    stamp = next((td for td in bottom if _classed(td, "postdate")), None)
    when, number = None, None
    if stamp is not None:
        # its own text: the "#", "?" and "last seen" links are chrome
        own = " ".join(t.strip() for t in [stamp.text, *(c.tail for c in stamp)] if t and t.strip())
        when = _time(own, page, where)
        seen = next((m for a in stamp.iter("a") if (m := _INDEX.search(a.get("href") or ""))),
                    None)
        number = int(seen.group(1)) if seen else None
    uid = None
    profile = next((a for td in bottom if td is not stamp for a in td.iter("a")
                    if "action=getinfo" in (a.get("href") or "")), None)
    if profile is not None and (m := _USERID.search(profile.get("href") or "")):
        uid = m.group(1)
    elif info is not None and (m := _USERID_CLASS.search(info.get("class") or "")):
        uid = m.group(1)
    edited = None
    # the edit line, FYAD's user box, the empty attachment line: no post text
    # (children of the body, or of FYAD's div.complete_shit: never deeper)
    chrome, note = [], None
    for el in [g for c in body if isinstance(c.tag, str)
               for g in ([c, *c.iterchildren("p", "div")] if c.tag == "div" else [c])]:
        value = el.get("class")
        names = _CHROME.intersection(value.split()) if value else None
        if not names or (names == {"attachment"} and (len(el) or (el.text or "").strip())):
            continue
        chrome.append(el)
        if note is None and el.tag == "p" and "editedby" in names:
            note = el
    if note is not None:
        m = _EDITED.search(text_of(note))
        edited = _time(" ".join(f"{m.group(2)} {m.group(1)}".split()), page, where) \
            if m else None
    for el in chrome:
        el.drop_tree()
    _boxes(body)
    return {"id": pid, "number": number or fallback, "thread": page.thread,
            "url": page.link(f"showthread.php?goto=post&postid={pid}#post{pid}"),
            "author": author, "author_id": uid, "time": when, "edited": edited}, body


def _boxes(body: etree._Element) -> None:
    """``div.bbc-block > h4 "X posted:" + blockquote`` -> ``<blockquote data-author
    data-post>`` (innermost first); ``div.bbc-block.code`` stays a box, no quote;
    ``span.bbc-spoiler`` -> ``<details>``."""
    found = [el for el in body.iter("div", "span") if _classed(el, "bbc-block")
             or _classed(el, "bbc-spoiler")]
    for box in reversed([el for el in found if el.tag == "div"]):
        if _classed(box, "code"):
            continue
        head = next(box.iterchildren("h4"), None)
        quoted = next(box.iterchildren("blockquote"), None)
        if quoted is None:
            continue
        author, post = None, None
        if head is not None:
            author = _POSTED.sub("", text_of(head)).strip() or None
            link = next((a for a in head.iter("a") if a.get("href")), None)
            m = _POSTID.search(link.get("href") or "") if link is not None else None
            post = (m.group(1) or m.group(2)) if m else None
            head.drop_tree()
        make_quote(box, quoted, author, post)
    for span in [el for el in found if el.tag == "span"]:
        make_spoiler(span, None)


register(SomethingAwful())
