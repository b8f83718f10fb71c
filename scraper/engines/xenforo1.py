"""XenForo 1.x thread pages (forum-engines.md §3.2).

The post body itself is ``blockquote.messageText`` (kept: only its children are the body); the
signature also has class ``messageText`` and is skipped. Times: ``abbr.DateTime[data-time]``
(epoch, recent posts) or ``span.DateTime[title]`` text. XF1 shares its URLs with XF2, which
routes them; a page is still parsed here when its markup is XF1.
"""

from __future__ import annotations

import re
from datetime import datetime
from types import MappingProxyType

from lxml import etree

from votal.errors import ScrapeError
from votal.scraper import dates
from votal.scraper.engines import register
from votal.scraper.engines._common import (
    PageContext,
    PagedEngine,
    absolute,
    cls,
    find,
    first,
    first_of,
    number,
)
from votal.scraper.engines._xenforo import (
    CHROME,
    QUOTES,
    SPOILERS,
    normalize_marked,
    page_of,
    page_url_of,
    thread_url_of,
)
from votal.scraper.engines.base import PageInfo
from votal.scraper.model import Post
from votal.scraper.normalize import (
    classed,
    classed_below,
    inside_classed,
    make_quote,
    make_spoiler,
    text_of,
)

_POST_ID = re.compile(r"post-(\d+)")
_MEMBER_ID = re.compile(r"members/(?:[^/]*\.)?(\d+)/?")
_QUOTE_POST = re.compile(r"(?:[?&]id=|#post-|posts/)(\d+)")

_CHROME = (
    f".//*[{cls('quoteExpand')}]", f".//*[{cls('messageTextEndMarker')}]", ".//svg",
    f".//*[{cls('attribution')}]", ".//button",
)


def convert_quotes(root: etree._Element) -> None:
    """``div.bbCodeQuote[data-author] > aside > (div.attribution, blockquote.quoteContainer >
    div.quote)`` -> ``<blockquote data-author data-post>``."""
    for el in classed_below(root, "div", "bbCodeQuote"):  # lxml's tag walk (issue 22)
        link = first(el, f"./aside/*[{cls('attribution')}]//a[@href]")
        m = _QUOTE_POST.search(link.get("href")) if link is not None else None
        content = first_of(el, f"./aside/blockquote[{cls('quoteContainer')}]/div[{cls('quote')}]",
                           f"./aside/blockquote[{cls('quoteContainer')}]")
        make_quote(el, content, el.get("data-author"), m.group(1) if m else None)


def convert_spoilers(root: etree._Element) -> None:
    """Spoiler add-ons: ``div.bbCodeSpoilerContainer`` / ``.SpoilerTarget`` hold the text."""
    for el in find(root, f".//*[{cls('bbCodeSpoilerContainer')}]"):
        title = text_of(first(el, f".//*[{cls('bbCodeSpoilerButton')}]")) or "Spoiler"
        content = first_of(el, f".//*[{cls('SpoilerTarget')}]",
                           f".//*[{cls('bbCodeSpoilerText')}]")
        make_spoiler(el, content, title)


def normalize_body(body: etree._Element) -> str:
    """interfaces.md §2. Each step runs only when the walk of :func:`body_marks` found what it
    may change (issue 22): the spoilers a class holding "bbCodeSpoilerContainer", the quotes
    one holding "bbCodeQuote" (``div.bbCodeQuote``), the chrome (:data:`_CHROME`) an ``svg``, a
    ``button`` or a class holding one of its words. (_xenforo.normalize_marked, the two
    versions' order of steps)."""
    return normalize_marked(body, _STEP_TAGS, _STEP_WORDS, convert_spoilers, convert_quotes,
                            _CHROME)


_SPOILERS, _QUOTES, _CHROME_MARK = SPOILERS, QUOTES, CHROME
_STEP_TAGS = MappingProxyType({"button": _CHROME_MARK, "svg": _CHROME_MARK})
_STEP_WORDS = (("bbCodeSpoilerContainer", _SPOILERS), ("bbCodeQuote", _QUOTES),
               ("quoteExpand", _CHROME_MARK), ("messageTextEndMarker", _CHROME_MARK),
               ("attribution", _CHROME_MARK))


def _time(el: etree._Element | None, where: str, page: PageContext) -> datetime | None:
    if el is None:
        return None
    epoch = (el.get("data-time") or "").strip()
    if epoch.isdigit():
        return dates.from_epoch(epoch).astimezone(page.tz)
    # abbr: "Oct 30, 2014 at 10:48 PM" in the text; span: the same in title, "Oct 30, 2014" shown.
    return page.time(el.get("title") or text_of(el), where)


class XenForo1(PagedEngine):
    page_ids = False  # never looks an id up: the page parsed without an ID table
    name = "xenforo1"
    label = "XenForo 1"
    precedence = 11
    # no URL pattern: XenForo 2 owns the shared URL shapes and hands XF1 markup over here

    signals = ('<html id="XenForo">', "li#post-N with blockquote.messageText")

    def detect(self, page: str) -> bool:
        if re.search(r"<html[^>]*\bid=\"XenForo\"", page):
            return True
        return "messageText" in page and bool(re.search(r"<li[^>]+id=\"post-\d+\"", page))

    def thread_url(self, url: str) -> str:
        return thread_url_of(url)

    def page_url(self, thread_url: str, page: int, info: PageInfo | None = None) -> str:
        return page_url_of(thread_url, page)

    def read_page_info(self, doc: etree._Element, base: str, url: str) -> PageInfo:
        # the first div.PageNav[@data-last], by lxml's tag walk of the divs (issue 22: the
        # XPath cost 0.2-1.5 ms of a 500 KB page)
        nav = next((div for div in doc.iter("div")
                    if classed(div, "PageNav") and div.get("data-last") is not None), None)
        current = number(nav.get("data-page")) if nav is not None else page_of(url)
        last = number(nav.get("data-last")) if nav is not None else current
        current, last = current or 1, last or current or 1
        if current >= last:  # the last page: no next page, its links not read
            return PageInfo(current, last, None)
        nxt = first(doc, "//head/link[@rel='next']/@href")
        if nxt is None and current < last and nav is not None and nav.get("data-baseurl"):
            nxt = nav.get("data-baseurl").replace(nav.get("data-sentinel") or "{{sentinel}}",
                                                  str(current + 1))
        return PageInfo(current, last, absolute(base, nxt) if nxt and current < last else None)

    def read_posts(self, doc: etree._Element, page: PageContext) -> list[Post]:
        offset = (page_of(page.url) - 1) * 20
        items = [li for li in find(doc, f"//li[{cls('message')}][starts-with(@id, 'post-')]")
                 if not site_insert(li)]
        return [_post(li, offset + i + 1, page) for i, li in enumerate(items)]


def site_insert(li: etree._Element) -> bool:
    """A block a site's style puts among the posts in a post's dress (``li.message#post-physorg``:
    Physics Forums' news box, issue 11): no post number in its id and no message text. One
    with a body but no number is still refused by ``_post``, never dropped in silence."""
    return _POST_ID.fullmatch(li.get("id") or "") is None \
        and first(li, f".//blockquote[{cls('messageText')}]") is None


def _post(li: etree._Element, num: int, page: PageContext) -> Post:
    m = _POST_ID.search(li.get("id"))
    if m is None:  # the XPath wants an id starting "post-": only "post-" without digits
        raise ScrapeError(f"{page.url}: post id {li.get('id')!r} has no number")
    pid = m.group(1)
    where = page.where(pid)
    thread = page.thread
    user, perma, stamp, edit, body = _fields(li)
    author = li.get("data-author") or text_of(user)  # "": kept, problems ["author"]
    m = _MEMBER_ID.search(user.get("href") or "") if user is not None else None
    printed = number(text_of(perma)) if perma is not None else None
    href = (perma.get("href") if perma is not None else None) or ""  # none: a data-href only
    if "posts/" not in href:  # the first post's number links to the thread itself
        href = f"{thread.split('/threads/')[0]}/posts/{pid}/"
    return Post(
        id=pid,
        number=printed if printed and text_of(perma).startswith("#") else num,
        thread=thread,
        url=page.link(href),
        author=author,
        author_id=m.group(1) if m else None,
        time=_time(stamp, where, page),
        edited=_time(edit, where, page) if edit is not None else None,
        html=normalize_body(body) if body is not None else "",
    )


def _fields(li: etree._Element) -> tuple[etree._Element | None, ...]:
    """The post's author link, permalink, time, edit time and body, from one walk of the post
    (issue 22: five to eight XPath searches of it before), each what its search found:
    ``.//*[messageUserInfo]//a[username]``, else ``.//*[messageMeta]//a[username]``;
    ``.//a[postNumber]``, else ``.//a[datePermalink]``; ``.//*[messageMeta]//*[DateTime]``,
    else (SpigotMC's style prints the byline in div.messageDetails instead of div.messageMeta)
    ``.//*[messageDetails]//a[datePermalink]//*[DateTime]``; ``.//*[editDate]//*[DateTime]``;
    ``.//blockquote[messageText]`` — the first of each in document order, the classes as
    has_class tests them (:func:`classed`)."""
    info_user = meta_user = number_a = permalink = meta_time = details_time = edit = body = None
    for el in li.iterdescendants():
        tag = el.tag
        if tag.__class__ is not str:
            continue
        value = el.get("class")
        if not value:
            continue
        if tag == "a":
            if "username" in value and classed(el, "username"):
                if info_user is None and inside_classed(el, li, "messageUserInfo"):
                    info_user = el
                if meta_user is None and inside_classed(el, li, "messageMeta"):
                    meta_user = el
            if number_a is None and "postNumber" in value and classed(el, "postNumber"):
                number_a = el
            if permalink is None and "datePermalink" in value and classed(el, "datePermalink"):
                permalink = el
        elif tag == "blockquote" and body is None and "messageText" in value \
                and classed(el, "messageText"):
            body = el
        if "DateTime" in value and classed(el, "DateTime"):
            if meta_time is None and inside_classed(el, li, "messageMeta"):
                meta_time = el
            if details_time is None and _in_details_permalink(el, li):
                details_time = el
            if edit is None and inside_classed(el, li, "editDate"):
                edit = el
    return (info_user if info_user is not None else meta_user,
            number_a if number_a is not None else permalink,
            meta_time if meta_time is not None else details_time, edit, body)


def _in_details_permalink(el: etree._Element, li: etree._Element) -> bool:
    """``el`` is below an ``a.datePermalink`` that is below a ``.messageDetails`` below ``li``."""
    link = False
    for a in el.iterancestors():
        if a is li:
            return False
        if link and classed(a, "messageDetails"):
            return True
        if not link and a.tag == "a" and classed(a, "datePermalink"):
            link = True
    return False


register(XenForo1())
