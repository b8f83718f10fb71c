"""Vanilla Forums 2.x/3.x discussion pages (issue 11).

The opening post is ``div#Discussion_ID`` (page 1 only), replies are ``li#Comment_ID``; the
author ``a.Username``, the time ``time[datetime]`` (ISO), the body ``div.Message``; an edit is
``span.DateUpdated[title="Edited March 1, 2025 5:00PM by X."]``. Quotes: the Quotes plugin's
``blockquote.UserQuote`` (``div.QuoteAuthor`` "X said:" + ``div.QuoteText``), the rich editor's
``blockquote.blockquote`` (no author) and ``div.embedQuote`` (``.embedQuote-userName``). Vanilla
prints no post number: the discussion is 1, a reply is its place in the thread (30 a page by
default). Pages are ``/discussion/ID/slug/pN``. Built on the real page of
../shared/real/engines/vanilla/ (open.vanillaforums.com, Vanilla 3) and our own Greek fixture
(Vanilla 2 Quotes plugin markup).
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from urllib.parse import urlsplit, urlunsplit

from lxml import etree

from votal.errors import ScrapeError
from votal.scraper import dates
from votal.scraper.engines import register
from votal.scraper.engines._common import (
    PageContext,
    PagedEngine,
    absolute,
    body_html,
    cls,
    find,
    first,
    first_of,
    wrote_name,
)
from votal.scraper.engines.base import Example, PageInfo
from votal.scraper.model import Post
from votal.scraper.normalize import (
    classed,
    fragment,
    inside_classed,
    make_quote,
    make_spoiler,
    text_of,
)

PER_PAGE = 30
_QUOTE_LINK = re.compile(r"/discussion/(comment/)?(\d+)(?:[/?#]|$)")
_THREAD = re.compile(r"^(.*?/discussion/\d+(?:/[^/?#]+)?)(?:/p(\d+))?/?$")
_EDITED = re.compile(r"(?:Edited|Modificato|Επεξεργάστηκε|Изменено)\s+(.+?)\s+(?:by|da|από|от)\s",
                     re.I)
_CHROME = (f".//*[{cls('Reactions')}]", f".//*[{cls('Signature')}]", f".//*[{cls('UserSignature')}]")


def _said(text: str) -> str | None:
    return wrote_name(re.sub(r"\s+(?:said|ha detto|είπε|сказал\(а\)|сказал):?\s*$", " wrote:",
                             text, flags=re.I))


def _embedded_quote(el: etree._Element) -> None:
    try:
        data = json.loads(el.get("data-embedjson") or "")
    except ValueError:
        return
    if not isinstance(data, dict) or data.get("embedType") != "quote":
        return
    user = data.get("insertUser")
    name = str(user.get("name") or "") if isinstance(user, dict) else ""
    record, kind = data.get("recordID"), str(data.get("recordType") or "").lower()
    pid = None if record is None else str(record) if kind == "comment" else f"d{record}"
    drawn = first(el, ".//blockquote[contains(@class, 'quoteEmbed-blockquote')]")
    content = first(drawn, "./*[contains(@class, 'userContent')]") if drawn is not None else None
    if content is None and drawn is None:  # not drawn: the quoted text is the JSON's body
        content = fragment(str(data.get("body") or ""))
    make_quote(el, content if content is not None else drawn, name or None, pid)


def normalize_body(body: etree._Element) -> str:
    return body_html(body, _CHROME, _convert)


def _convert(body: etree._Element) -> None:
    """Quotes (``blockquote.UserQuote``, embedded quotes, rich-editor blockquotes), spoilers."""
    for bq in find(body, f".//blockquote[{cls('UserQuote')} or {cls('Quote')}]"):
        head = first(bq, f"./*[{cls('QuoteAuthor')}]")
        text = first(bq, f"./*[{cls('QuoteText')}]")
        author = _said(text_of(head)) or text_of(first(head, ".//a")) or None \
            if head is not None else None
        pid = None
        if head is not None:
            # "X wrote: »" links the quoted post: a.QuoteLink /discussion/comment/N#Comment_N,
            # or /discussion/N for the discussion itself (its post id is "dN", as _post gives)
            link = _QUOTE_LINK.search(first(head, f".//a[{cls('QuoteLink')}]/@href") or "")
            pid = (link.group(2) if link.group(1) else f"d{link.group(2)}") if link else None
            head.drop_tree()
        make_quote(bq, text, author, pid)
    for eq in find(body, f".//*[{cls('embedQuote')}]"):
        name = text_of(first(eq, f".//*[{cls('embedQuote-userName')}]")) or None
        content = first(eq, f".//*[{cls('embedQuote-excerpt')}]")
        make_quote(eq, content, name, None)
    # the rich editor's quote embed: div.js-embed[data-embedjson] (embedType "quote": the
    # quoted post's insertUser.name, recordType/recordID and body), drawn by the browser into
    # hashed css-…-quoteEmbed markup (a page saved from the browser, issue 11) or left for it
    for eq in find(body, ".//div[@data-embedjson]"):
        _embedded_quote(eq)
    for bq in find(body, f".//blockquote[{cls('blockquote')}]"):
        make_quote(bq, first(bq, f"./*[{cls('blockquote-content')}]"), None, None)
    for sp in find(body, f".//*[{cls('Spoiler')} or {cls('spoiler')}]"):
        make_spoiler(sp, None)


class Vanilla(PagedEngine):
    page_ids = False  # never looks an id up: the page parsed without an ID table
    name = "vanilla"
    label = "Vanilla Forums"
    precedence = 85
    sites = ("open.vanillaforums.com",)
    url_patterns = (re.compile(r"^https?://[^/]+/(?:[^?#]*/)?discussion/\d+(?:[/?#]|$)"),)
    examples = (
        Example("https://open.vanillaforums.com/discussion/39620/"
                "higher-logic-has-terminated-open-source-vanilla",
                "https://open.vanillaforums.com/discussion/39620/"
                "higher-logic-has-terminated-open-source-vanilla", 2,
                "https://open.vanillaforums.com/discussion/39620/"
                "higher-logic-has-terminated-open-source-vanilla/p2"),
        Example("https://forum.example.gr/discussion/812/palermo-8/p3",
                "https://forum.example.gr/discussion/812/palermo-8", 4,
                "https://forum.example.gr/discussion/812/palermo-8/p4"),
    )

    def detect(self, page: str) -> bool:
        # the head's gdn.meta (the posts may lie beyond the first 300 KB) names the discussion
        vanilla = "gdn.meta" in page or "/applications/vanilla/" in page
        return vanilla and ('"DiscussionID":"' in page or "vanilla_discussion_index" in page
                            or bool(re.search(r"""id=["']Comment_\d+""", page)))

    def thread_url(self, url: str) -> str:
        p = urlsplit(url)
        m = _THREAD.match(p.path)
        return urlunsplit((p.scheme, p.netloc, m.group(1), "", "")) if m else url

    def page_url(self, thread_url: str, page: int, info: PageInfo | None = None) -> str:
        base = self.thread_url(thread_url)
        return base if page <= 1 else f"{base}/p{page}"

    def read_page_info(self, doc: etree._Element, base: str, url: str) -> PageInfo:
        current = _page_of(url)
        pager = find(doc, f"//*[{cls('Pager')}]")
        marked = [text_of(e) for p in pager for e in find(p, f".//*[{cls('Highlight')}]")]
        current = int(marked[0]) if marked and marked[0].isdigit() else current
        numbers = [int(text_of(a)) for p in pager for a in find(p, ".//a")
                   if text_of(a).isdigit()]
        last = max([current, *numbers])
        if current >= last:  # the last page: no next link searched (two walks of the page)
            return PageInfo(current, last, None)
        nxt = first_of(doc, f"//*[{cls('Pager')}]//a[{cls('Next')}]/@href",
                       "//head/link[@rel='next']/@href")
        return PageInfo(current, last, absolute(base, nxt) if nxt else None)

    def read_posts(self, doc: etree._Element, page: PageContext) -> list[Post]:
        # the elements whose id names a post (their ids walked, not every element tested),
        # those that hold a message (a search that stops at the first): issue 22
        items = [el for el in find(doc, _POST_IDS) if first(el, _MESSAGE) is not None]
        number = _page_of(page.url)
        opening = bool(items) and items[0].get("id").startswith("Discussion_")
        # the discussion is number 1, then PER_PAGE replies a page
        before = 0 if opening or number == 1 else 1 + (number - 1) * PER_PAGE
        return [_post(item, before + i + 1, page) for i, item in enumerate(items)]


_POST_IDS = "//*/@id[starts-with(., 'Discussion_') or starts-with(., 'Comment_')]/.."
_MESSAGE = f".//*[{cls('Message')}]"


def _page_of(url: str) -> int:
    m = _THREAD.match(urlsplit(url).path)
    return int(m.group(2)) if m and m.group(2) else 1


def _post(item: etree._Element, number: int, page: PageContext) -> Post:
    kind, pid = item.get("id").split("_", 1)
    where = f"{page.url}: {kind.lower()} {pid}"
    user, stamp, link, body, note = _parts(item)
    author = text_of(user)
    if user is None or not author:  # text_of(None) is "": the same test
        raise ScrapeError(f"{where}: no author found")
    if stamp is None:
        raise ScrapeError(f"{where}: no post time found")
    when = dates.from_iso(stamp.get("datetime")).astimezone(page.tz)
    return Post(
        id=pid if kind == "Comment" else f"d{pid}", number=number, thread=page.thread,
        url=page.link(link) if link else page.thread,
        author=author, author_id=user.get("data-userid"), time=when,
        edited=_edited(note, page), html=normalize_body(body),
    )


def _parts(item: etree._Element) -> tuple[etree._Element | None, etree._Element | None,
                                          str | None, etree._Element | None, str | None]:
    """What :func:`_post` reads of a post, each the first in document order of what an XPath
    said, from one tag walk of the post (issue 22: six XPath searches of it, 50 µs a post):
    the author ``.//a[Username]``, the time ``.//*[DateCreated]//time[@datetime] |
    .//time[@datetime]`` (the union is the first ``time[@datetime]``), the link
    ``.//*[DateCreated]//a/@href``, the body ``.//div[Message]`` and the edit note
    ``.//*[DateUpdated]/@title`` (classes as has_class reads them)."""
    user = stamp = link = body = note = None
    for el in item.iterdescendants():
        tag = el.tag
        if tag.__class__ is not str:  # a comment or a processing instruction
            continue
        if tag == "a":
            if user is None and classed(el, "Username"):
                user = el
            if link is None and (href := el.get("href")) is not None \
                    and inside_classed(el, item, "DateCreated"):
                link = href
        elif tag == "time":
            if stamp is None and el.get("datetime") is not None:
                stamp = el
        elif tag == "div" and body is None and classed(el, "Message"):
            body = el
        if note is None and (title := el.get("title")) is not None \
                and classed(el, "DateUpdated"):
            note = title
    return user, stamp, link, body, note


def _edited(note: str | None, page: PageContext) -> datetime | None:
    m = _EDITED.search(note or "")
    return dates.parse_forum_time(m.group(1), page.tz, page.now, page.langs) if m else None


register(Vanilla())
