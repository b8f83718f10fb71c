"""XenForo 2.0–2.3 thread pages (forum-engines.md §3.1).

Machine values first: ``time.u-dt`` carries the epoch in ``data-time`` (≤ 2.2) or in
``data-timestamp`` (2.3, where ``data-time`` became a clock string), and ISO in ``datetime``.
XenForo 1 and 2 share URL shapes, so the generic ``/threads/slug.ID/`` pattern routes here and a
page whose markup is XenForo 1 is read by that adapter, the declared variant.
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
from votal.scraper.engines.base import Example, PageInfo
from votal.scraper.engines.xenforo1 import XenForo1
from votal.scraper.model import Post
from votal.scraper.normalize import (
    class_tokens,
    classed,
    inside_classed,
    make_quote,
    make_spoiler,
    text_of,
)

_POST_ID = re.compile(r"post-(\d+)")
_SOURCE_POST = re.compile(r"post:\s*(\d+)")
_MEMBER_ID = re.compile(r"members/(?:[^/?#]*\.)?(\d+)/?(?:[?#]|$)")
_SAID = re.compile(
    r"\s*(said|wrote|написал\(а\)|написал|написала|сказал|ha scritto|ha detto|scrisse|είπε|"
    r"έγραψε|a dit|schrieb|dijo)\s*:?\s*$", re.I)

_CHROME = (
    f".//*[{cls('bbCodeBlock-expandLink')}]", f".//*[{cls('bbCodeBlock-shrinkLink')}]",
    ".//button", f".//*[{cls('js-selectToQuoteEnd')}]", ".//svg",
)


def quote_author(el: etree._Element, title: etree._Element | None) -> str | None:
    """``data-quote`` (2.2+), else the title "Name said:" with the localised verb removed."""
    name = el.get("data-quote") or el.get("data-author")
    if name:
        return name
    if title is None:
        return None
    text = _SAID.sub("", text_of(title))
    return text or None


def quote_post(el: etree._Element, title: etree._Element | None) -> str | None:
    m = _SOURCE_POST.search(el.get("data-source") or "")
    if m:
        return m.group(1)
    if title is not None:
        for a in find(title, ".//a"):
            target = (a.get("data-content-selector") or "") + " " + (a.get("href") or "")
            m = re.search(r"post[-_]?(\d+)|[?&]id=(\d+)", target)
            if m:
                return m.group(1) or m.group(2)
    return None


def convert_quotes(root: etree._Element) -> None:
    for el in find(root, f".//*[{cls('bbCodeBlock--quote')}]"):
        title = first(el, f"./*[{cls('bbCodeBlock-title')}]")
        author, post = quote_author(el, title), quote_post(el, title)
        content = first(el, f"./*[{cls('bbCodeBlock-content')}]")
        expand = first(content, f"./*[{cls('bbCodeBlock-expandContent')}]") if content is not None \
            else None
        if title is not None:
            title.drop_tree()
        make_quote(el, expand if expand is not None else content, author, post)


def convert_spoilers(root: etree._Element) -> None:
    for el in find(root, f".//*[{cls('bbCodeSpoiler')}]"):
        title = text_of(first(el, f".//*[{cls('bbCodeSpoiler-button-title')}]")) or "Spoiler"
        content = first_of(
            el, f".//*[{cls('bbCodeBlock--spoiler')}]/*[{cls('bbCodeBlock-content')}]",
            f"./*[{cls('bbCodeSpoiler-content')}]")
        make_spoiler(el, content, title)
    for el in find(root, f".//*[{cls('bbCodeInlineSpoiler')}]"):
        make_spoiler(el, None, "Spoiler")


def normalize_body(body: etree._Element) -> str:
    """interfaces.md §2: quotes, spoilers and colours normalised; chrome dropped. Each step runs
    only when the walk of :func:`body_marks` found what it may change (issue 22): the spoilers
    a class holding "Spoiler" (``bbCodeSpoiler``, ``bbCodeInlineSpoiler``), the quotes one
    holding "bbCodeBlock--quote", the chrome (:data:`_CHROME`) a ``button``, an ``svg`` or a
    class holding one of its words. (_xenforo.normalize_marked, the two versions'
    order of steps)."""
    return normalize_marked(body, _STEP_TAGS, _STEP_WORDS, convert_spoilers, convert_quotes,
                            _CHROME)


_SPOILERS, _QUOTES, _CHROME_MARK = SPOILERS, QUOTES, CHROME
_STEP_TAGS = MappingProxyType({"button": _CHROME_MARK, "svg": _CHROME_MARK})
_STEP_WORDS = (("Spoiler", _SPOILERS), ("bbCodeBlock--quote", _QUOTES),
               ("bbCodeBlock-expandLink", _CHROME_MARK), ("bbCodeBlock-shrinkLink", _CHROME_MARK),
               ("js-selectToQuoteEnd", _CHROME_MARK))


_VENDOR_POST = re.compile(r"id=\"js-post-\d+\"")


def own(art: etree._Element, expr: str):
    """The first match of ``expr`` inside this post and not inside a post nested in it (vendor
    themes nest threaded replies in their parent's markup)."""
    for found in find(art, expr):
        el = found if isinstance(found, etree._Element) else found.getparent()  # an @attr: its element
        holder = next((a for a in el.iterancestors() if a is art or (
            (a.get("id") or "").startswith("js-post-") and has_class_value(a, "js-post"))), art)
        if holder is art:
            return found
    return None


def _member_id(art: etree._Element) -> str | None:
    """The number in the author's profile link (``/members/name.123/``) when no element
    carries ``data-user-id`` (guest pages of Tom's Hardware and VerticalScope boards)."""
    link = own(art, f".//*[{cls('message-name')}]//a[@href]"
                    f" | .//a[{cls('MessageCard__user-info__name')}][@href]")
    m = _MEMBER_ID.search(link.get("href") or "") if link is not None else None
    return m.group(1) if m else None


def has_class_value(el: etree._Element, name: str) -> bool:
    return name in (el.get("class") or "").split()


def post_time(t: etree._Element | None, where: str, page: PageContext) -> datetime | None:
    """``data-timestamp`` (2.3), numeric ``data-time`` (≤ 2.2), a vendor theme's epoch
    (``california-data-time``), ``datetime``, then the text."""
    if t is None:
        return None
    epochs = ["data-timestamp", "data-time"] + [a for a in t.attrib
                                                if a.endswith(("-data-time", "-timestamp"))]
    for attr in epochs:
        value = (t.get(attr) or "").strip()
        if value.isdigit():
            return dates.from_epoch(value).astimezone(page.tz)
    if t.get("datetime"):
        try:
            return dates.from_iso(t.get("datetime"), page.tz).astimezone(page.tz)
        except ValueError:
            pass
    return page.time(t.get("title") or text_of(t), where)


class XenForo2(PagedEngine):
    page_ids = False  # never looks an id up: the page parsed without an ID table
    name = "xenforo2"
    label = "XenForo 2"
    url_patterns = (
        re.compile(r"^https?://(?:[^/?#]+)/(?:[^?#]*/)?(?:index\.php\?)?threads/"
                   r"(?:[^/?#]*\.)?\d+(?:[/?#]|$)"),
    )
    precedence = 10
    examples = (
        Example("https://xenforo.com/community/threads/a-dark-theme-option.8276/",
                "https://xenforo.com/community/threads/a-dark-theme-option.8276/", 2,
                "https://xenforo.com/community/threads/a-dark-theme-option.8276/page-2"),
        Example("https://forum.example.gr/threads/palermo-43.123/page-3",
                "https://forum.example.gr/threads/palermo-43.123/", 4,
                "https://forum.example.gr/threads/palermo-43.123/page-4"),
        Example("https://f.gr/threads/palermo-43.123/post-9001",
                "https://f.gr/threads/palermo-43.123/"),
        Example("https://forum.example.gr/community/threads/123/page-9#post-5",
                "https://forum.example.gr/community/threads/123/"),
        Example("https://forum.example.it/index.php?threads/lupus-12.456/",
                "https://forum.example.it/index.php?threads/lupus-12.456/"),
    )
    variants = (XenForo1(),)  # same URLs: a page in XenForo 1 markup is read by that adapter

    signals = ('<html id="XF"> or data-template="thread_view" / XF.config',
               "article.message--post[data-content], or a vendor theme's .js-post#js-post-N",
               "div.bbWrapper bodies", "/goto/post?id= quote links")

    def detect(self, page: str) -> bool:
        xf = bool(re.search(r"<html[^>]*\bid=\"XF\"", page)) or 'data-template="thread_view"' \
            in page or "XF.config" in page
        return xf and ("message--post" in page
                       or ("bbWrapper" in page and bool(_VENDOR_POST.search(page))))

    def thread_url(self, url: str) -> str:
        return thread_url_of(url)

    def page_url(self, thread_url: str, page: int, info: PageInfo | None = None) -> str:
        return page_url_of(thread_url, page)

    def read_page_info(self, doc: etree._Element, base: str, url: str) -> PageInfo:
        """The first ``.pageNav-page--current``'s number, the largest ``.pageNav-page``'s, and
        the first of ``a.pageNav-jump--next[@href]`` and ``head/link[@rel='next']``: every
        element of them from one walk of the page (issue 22: three whole-page class searches
        before, a quarter of a page's reading), told apart in Python."""
        current_el, pages, nxt = None, [], None
        for el in _PAGE_NAV(doc):
            if el.tag == "link":  # //head/link[@rel='next'] (the walk's own test)
                if nxt is None and el.get("href") is not None and el.get("rel") == "next" \
                        and el.getparent().tag == "head":
                    nxt = el.get("href")
                continue
            classes = class_tokens(el)
            if current_el is None and "pageNav-page--current" in classes:
                current_el = el
            if "pageNav-page" in classes:
                pages.append(number(text_of(el)))
            if nxt is None and el.tag == "a" and "pageNav-jump--next" in classes \
                    and el.get("href") is not None:
                nxt = el.get("href")
        current = number(text_of(current_el)) or page_of(url)
        last = max([p for p in pages if p] or [current])
        return PageInfo(current, last, absolute(base, nxt) if nxt and current < last else None)

    def read_posts(self, doc: etree._Element, page: PageContext) -> list[Post]:
        offset = (page_of(page.url) - 1) * 20
        arts = find(doc, f"//article[{cls('message--post')}][@data-content]")
        if not arts:  # a vendor theme (VerticalScope's): .js-post#js-post-N, issue 11
            arts = find(doc, f"//*[{cls('js-post')}][starts-with(@id, 'js-post-')]")
        # (a vendor theme's placeholder of a deleted reply, "This post has been deleted", is no
        # post; it keeps its place in the numbering)
        return [_post(a, offset + i + 1, page) for i, a in enumerate(arts)
                if own(a, f"./*[{cls('nested-message-deleted')}]") is None]


# every element whose class holds "pageNav-", and the head's rel="next" links, in document order
_PAGE_NAV = etree.XPath("/descendant::*/@class[contains(., 'pageNav-')]/parent::*"
                        " | /descendant::head/link[@rel='next']")


def _post(art: etree._Element, num: int, page: PageContext) -> Post:
    m = _POST_ID.search(art.get("data-content") or art.get("id") or "")
    if not m:
        raise ScrapeError(f"{page.url}: a post without an id (data-content)")
    pid = m.group(1)
    where = page.where(pid)
    thread = page.thread
    # (was ".//*[message-name]//*[@data-user-id] | .//*[message-user]//*[@data-user-id] |
    # .//*[@data-user-id]": a union in document order whose last branch holds the others)
    user, name, link, t, edit_t, body = _fields(art)
    author = art.get("data-author") or text_of(name) \
        or str(own(art, ".//meta[@itemprop='name']/@content") or "")  # vendor theme
    if t is None:  # never the "Last edited" time of a style without message-attribution
        t = own(art, f".//time[{cls('u-dt')}][not(ancestor::*[{cls('message-lastEdit')}])]")
    # Head-Fi's header prints the time as text beside <meta itemprop="datePublished"> (issue 11)
    published = own(art, ".//meta[@itemprop='datePublished']/@content") if t is None else None
    shown = own(art, f".//header[{cls('message-header')}]/a[contains(@href, 'post-')]/span") \
        if t is None and published is None else None  # its first post: the text alone
    printed = number(text_of(link)) if link is not None else None
    return Post(
        id=pid,
        number=printed or num,
        thread=thread,
        url=(absolute(page.base, link.get("href")) if link is not None else None)
        or f"{thread}post-{pid}",
        author=author,
        author_id=user.get("data-user-id") if user is not None else _member_id(art),
        time=dates.from_iso(str(published), page.tz).astimezone(page.tz) if published
        is not None else page.time(text_of(shown), where) if shown is not None
        else post_time(t, where, page),
        edited=post_time(edit_t, where, page) if edit_t is not None else None,
        html=normalize_body(body) if body is not None else "",
    )


def _fields(art: etree._Element) -> tuple[etree._Element | None, ...]:
    """The post's own (:func:`own`) first matches of ``.//*[@data-user-id]`` (the author's
    element), ``.//*[message-name]``, ``.//*[message-attribution-opposite]//a[contains(@href,
    'post-')][not(@data-xf-init)]`` (the permalink), ``.//*[message-attribution-main]//time |
    .//a[contains(@class, 'date-created')]//time`` (the post's time), ``.//*[message-lastEdit]
    //time`` and ``.//*[message-body]//*[bbWrapper]`` (the body), from one walk of the post:
    six XPath walks of it before, 60-80 % of a post's reading (issue 22). The classes tested as
    has_class tests them (:func:`classed`); an element inside a post nested in this one
    (``.js-post#js-post-N``, vendor themes) is none of its own, the nested post itself is."""
    user = name = link = t = edit_t = body = None
    nested: set[etree._Element] | None = None
    for el in art.iterdescendants():
        tag = el.tag
        if tag.__class__ is not str or (nested is not None and el in nested):
            continue
        if user is None and el.get("data-user-id") is not None:
            user = el
        value = el.get("class")
        if value:
            if name is None and "message-name" in value and classed(el, "message-name"):
                name = el
            if body is None and "bbWrapper" in value and classed(el, "bbWrapper") \
                    and inside_classed(el, art, "message-body"):
                body = el
            if "js-post" in value and (el.get("id") or "").startswith("js-post-") \
                    and has_class_value(el, "js-post"):
                nested = nested or set()
                nested.update(el.iterdescendants())
        if tag == "a":
            if link is None and "post-" in (el.get("href") or "") \
                    and el.get("data-xf-init") is None \
                    and inside_classed(el, art, "message-attribution-opposite"):
                link = el
        elif tag == "time":
            if t is None and (inside_classed(el, art, "message-attribution-main")
                              or _in_date_created(el, art)):
                t = el
            if edit_t is None and inside_classed(el, art, "message-lastEdit"):
                edit_t = el
    return user, name, link, t, edit_t, body


def _in_date_created(el: etree._Element, art: etree._Element) -> bool:
    """An ancestor of ``el`` below ``art`` is an ``a`` whose class holds "date-created"
    (``.//a[contains(@class, 'date-created')]//…``)."""
    for a in el.iterancestors():
        if a is art:
            return False
        if a.tag == "a" and "date-created" in (a.get("class") or ""):
            return True
    return False


register(XenForo2())
