"""vBulletin 2.x thread pages (2000–2004; issue 11 follow-up: real pages).

vB2 has no ids or classes on a post: its postbit is a table row of two cells — the user cell
opening with ``<a name="postN">`` (name in ``<b>``, "Registered: …") and the message cell (the
thread title's ``<font>``, the message in the first ``<p>``, the edit note "Last edited by X on
11-22-2004 at 08:54 PM" in a later ``<p><font><i>``, the "Report this post" ``<p
align=right>``) — and a second row: the date ("11-25-2004 <font>01:57 PM</font>", the board's
format and zone) and the profile link ``member.php?action=getinfo&userid=N``. Quotes are
``<blockquote><font>quote:</font><hr><i>Originally posted by X</i><br>…<hr></blockquote>`` (no
post id). Pages: ``showthread.php?threadid=N&pagenumber=K``, the navigation "Pages (7): [1] 2 3
»" (the current page in brackets). No URL of its own: vB 3/4's patterns reach these URLs and the
first page's markup names this adapter. Built on the Steam Users' Forums pages (vB 2.2.9 and
2.3.3, 2003–04) saved in shefben/steam_cms.
"""

from __future__ import annotations

import re
from dataclasses import replace

from lxml import etree

from votal.errors import ScrapeError
from votal.scraper.engines import _vbulletin as vb
from votal.scraper.engines import register
from votal.scraper.engines._common import PageContext, find, first, number
from votal.scraper.engines._zone import page_zone
from votal.scraper.engines.base import PageInfo
from votal.scraper.model import Post
from votal.scraper.normalize import (
    clean,
    inner_html,
    make_quote,
    make_spoiler,
    normalize_colors,
    text_of,
)

_ANCHOR = re.compile(r"<a name=\"post\d+\"")
_PAGES = re.compile(r"\((\d[\d,.]*)\)")
_BRACKETED = re.compile(r"^\[(\d+)\]$")
_SIGNATURE = re.compile(r"^\s*_{10,}")
_PERPAGE = re.compile(r"[?&]perpage=(\d+)")
_PROFILE = re.compile(r"[?&]action=getinfo&(?:[^#]*&)?userid=(\d+)"
                      r"|[?&]userid=(\d+)&(?:[^#]*&)?action=getinfo")
# "Originally posted by X" (the English pack; a name in <b> wherever the pack puts it)
_BY = re.compile(r"^\s*originally\s+posted\s+by\s+", re.I)


class VBulletin2(vb.VBulletinEngine):
    page_ids = False  # never looks an id up: the page parsed without an ID table
    name = "vbulletin2"
    label = "vBulletin 2"
    precedence = 33  # after vBulletin 3, whose 3.0 pages also name posts <a name="postN">

    signals = ('<a name="postN"> posts with member.php?action=getinfo&userid=N profile links',
               '"Powered by vBulletin version 2…"')

    def detect(self, page: str) -> bool:
        # a page whose posts are elements with ids (vB 3/4's table#postN, Something Awful's
        # table.post#postN) is no vB2 page, whatever anchors it also has
        return "action=getinfo" in page and "postid=" in page and 'id="post' not in page \
            and bool(_ANCHOR.search(page))

    posts = f"//a/@name[{vb.numbered_id('post', '.')}]/.."
    per_page = 15
    # the navigation: "Pages (7): <b> <font size=2>[1]</font> <a>2</a> … </b>"
    page_nav = "//b[font[starts-with(normalize-space(.), '[')]][a]"

    def thread_url(self, url: str) -> str:
        return vb.threadid_url(url, ("threadid", "t"))

    def page_url(self, thread_url: str, page: int, info: PageInfo | None = None) -> str:
        return vb.pagenumber_url(self.thread_url(thread_url), page)

    def read_page_info(self, doc: etree._Element, base: str, url: str) -> PageInfo:
        # vB2 marks no link rel="next": the navigation's link numbered current + 1 (read from
        # the navigation found, not by another walk of the page)
        navs = find(doc, self.page_nav)
        found = self.pages_said(doc, navs)
        current, last = found if found else (self._page_of(doc, navs, url), None)
        if found is None and not navs:
            last = current  # no page navigation at all: a one-page thread
        nxt = None
        if last is None or current < last:
            want = str(current + 1)
            nxt = next((a.get("href") for nav in navs for a in nav.iterchildren("a")
                        if (a.text or "").strip() == want), None)
        return vb.next_page(base, current, last, nxt)

    def pages_said(self, doc: etree._Element, navs: list[etree._Element]
                   ) -> tuple[int, int] | None:
        for nav in navs:
            current = next((int(m.group(1)) for f in nav.iterchildren("font")
                            if (m := _BRACKETED.match(text_of(f)))), None)
            said = _PAGES.search(_text_before(nav))
            last = number(said.group(1)) if said else None
            if current and last and current <= last:
                return current, last
        return None

    def page_number(self, doc: etree._Element, url: str) -> int:
        return self._page_of(doc, find(doc, self.page_nav), url)

    def _page_of(self, doc: etree._Element, navs: list[etree._Element], url: str) -> int:
        said = self.pages_said(doc, navs)
        if said:
            return said[0]
        return number(vb.pagenumber_of(url) or "1") or 1

    def read_posts(self, doc: etree._Element, page: PageContext) -> list[Post]:
        # a post's number is its place: the page size the navigation's links carry
        # ("&perpage=15", the viewer's setting), else vB2's default
        info = page.info if page.info is not None else self.read_page_info(doc, page.base,
                                                                           page.url)
        size = _PERPAGE.search(info.next_url) if info.next_url else None
        if size is None and info.last != 1:
            size = next((m for nav in find(doc, self.page_nav) for a in nav.iter("a")
                         if (m := _PERPAGE.search(a.get("href") or ""))), None)
        current = info.current
        offset = (current - 1) * (int(size.group(1)) if size else self.per_page)
        posts = find(doc, self.posts)
        # the footer's "All times are GMT +1" follows the last post's table (its own text not
        # read for it)
        last = next(posts[-1].iterancestors("table"), None) if posts else None
        page = replace(page, tz=page_zone(doc, after=last) or page.tz)
        return [_post(el, offset + i + 1, page) for i, el in enumerate(posts)]

    def read_post(self, el: etree._Element, fallback: int, page: PageContext) -> Post:
        return _post(el, fallback, page)


def _text_before(el: etree._Element) -> str:
    """The text of ``el``'s parent before ``el`` ("Pages (7): "; template comments between)."""
    parent = el.getparent()
    if parent is None:
        return ""
    parts = [parent.text or ""]
    for node in parent:
        if node is el:
            break
        parts.append(node.tail or "")
    return " ".join(parts)


def _post(anchor: etree._Element, fallback: int, page: PageContext) -> Post:
    pid = anchor.get("name", "").removeprefix("post")
    where = page.where(pid)
    cell = next(anchor.iterancestors("td"), None)
    row = cell.getparent() if cell is not None else None
    message = cell.getnext() if cell is not None else None
    while message is not None and message.tag != "td":
        message = message.getnext()
    if cell is None or row is None or message is None:
        raise ScrapeError(f"{where}: no message cell beside the post's user cell "
                          f"(<a name=\"post{pid}\">)")
    author = text_of(next(cell.iter("b"), None))  # "": kept, problems ["author"]
    below = row.getnext()
    while below is not None and below.tag != "tr":
        below = below.getnext()
    stamp = next(below.iterchildren("td"), None) if below is not None else None
    when = page.time(text_of(stamp), where) if stamp is not None else None
    user = None
    if below is not None:
        user = next((m for a in below.iter("a") if "getinfo" in (href := a.get("href") or "")
                     and (m := _PROFILE.search(href))), None)
    body, note = _message(message)
    edited = vb.edited_time(next(note.iter("i")), [author], page) if note is not None else None
    _boxes(body)
    return Post(
        id=pid, number=fallback, thread=page.thread,
        url=page.link(f"showthread.php?postid={pid}#post{pid}"),
        author=author, author_id=(user.group(1) or user.group(2)) if user else None,
        time=when, edited=edited,
        html=_normalized(body),
    )


def _is_note(p: etree._Element) -> bool:
    """The edit note's paragraph, "<p><font size=1><i>Last edited by X on …</i></font></p>"
    (the message's own paragraphs hold a ``<font size=2>``)."""
    if not len(p):
        return False
    note = False
    for f in p.iterchildren("font"):
        size = f.get("size")
        if size == "2":
            return False
        note = note or (size == "1" and next(f.iterchildren("i"), None) is not None)
    return note


def _message(cell: etree._Element) -> tuple[etree._Element, etree._Element | None]:
    """The message of the message cell, in a ``div``, and the edit note's paragraph (None: no
    edit): the message from the cell's first ``<p>`` on (the thread title's ``<font>`` before it
    left out) to the signature, without the edit note and the "Report this post" ``<p
    align=right>``. A quote or code box ends the message's ``<p>`` early in the parsed tree (no
    ``<blockquote>`` inside a ``<p>``): what follows it is the message too."""
    body = cell.makeelement("div", {})
    started, signed, note = False, False, None
    for child in list(cell):
        if not isinstance(child.tag, str):
            continue
        if child.tag == "p" and started:
            if child.get("align") == "right":
                continue
            if _is_note(child):
                note = note if note is not None else child
                continue
            if not signed and len(child) and _SIGNATURE.match(text_of(child)):
                signed = True  # the signature: "<p><font>__________________<br>…", and chrome
        started = started or child.tag == "p"
        if started and not signed:
            body.append(child)
    return body, note


def _normalized(body: etree._Element) -> str:
    """interfaces.md §2 for a vB2 message (its boxes converted): cleaned (comments dropped,
    their text kept around them), ``<font color>`` a coloured span. What vB 3–5's bodies also
    need (their quote and spoiler markup, buttons) has no vB2 counterpart."""
    clean(body)
    normalize_colors(body)
    return inner_html(body)


def _boxes(body: etree._Element) -> None:
    """vB2's boxes, ``<blockquote><font>LABEL:</font><hr>…<hr></blockquote>``, innermost first:
    a quote (``<i>Originally posted by X</i><br>`` first) -> ``<blockquote data-author="X">``;
    a spoiler (the text in a ``span.spoiler``) -> ``<details>``; code (``<blockquote><pre>``)
    -> a ``<div>``, no quote."""
    boxes = [bq for bq in body.iter("blockquote")
             if next(bq.iterchildren("hr", "pre"), None) is not None]
    for bq in reversed(boxes):
        pre = next(bq.iterchildren("pre"), None)
        if pre is not None and next(bq.iterchildren("hr"), None) is None:  # "<pre><font>code:…"
            bq.tag = "div"
            rules = [c for c in pre if c.tag == "hr"]
            label = rules[0].getprevious() if rules else None
            for el in ([label] if label is not None and label.tag == "font" else []) + rules:
                el.drop_tree()
            continue
        rules = [c for c in bq if c.tag == "hr"]
        closing = list(bq.iter("hr"))[-1]  # in the poster's unclosed <b> (boxes inside: done)
        if closing not in rules:
            rules.append(closing)
        label = rules[0].getprevious()
        if label is not None and label.tag == "font" and not len(label):
            label.drop_tree()
        by = rules[0].getnext()
        for hr in rules:
            hr.drop_tree()
        inner = [c for c in bq if isinstance(c.tag, str)]
        if len(inner) == 1 and inner[0].tag == "span" and "spoiler" in \
                (inner[0].get("class") or "").lower().split() and not (bq.text or "").strip():
            make_spoiler(bq, inner[0])
            continue
        author = None
        if by is not None and by.tag == "i":
            name = first(by, "./b")
            author = text_of(name) if name is not None else _BY.sub("", text_of(by)).strip()
            if name is None and author == text_of(by).strip():
                author = None  # a pack whose label we cannot tell from a name, or the poster's
                # own italics: left as they are, an anonymous quote
            else:
                after = by.getnext()
                by.drop_tree()
                if after is not None and after.tag == "br":
                    after.drop_tree()
        make_quote(bq, None, author or None, None)


register(VBulletin2())
