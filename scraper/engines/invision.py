"""Invision Community 4 / 5 (IPS) thread pages (forum-engines.md §3.7).

Machine values first: the comment wrapper's ``data-quotedata`` JSON gives author, user id and
an epoch; ``time[datetime]`` (UTC, ``Z``) is the fallback. IPS prints no post number: it is
computed from the page number and the page size (``data-ipsPagination-perPage``, else the number
of posts on a page that is not the last). Quote citations ("9 minutes ago, X said:") are frozen
relative text and are dropped, never parsed (§2.1 rule 4).
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from urllib.parse import urljoin
from zoneinfo import ZoneInfo

from lxml import etree

from votal.scraper.dates import from_epoch, from_iso, is_relative, parse_forum_time
from votal.scraper.engines import register
from votal.scraper.engines._common import languages
from votal.scraper.engines.base import Engine, Example, PageInfo
from votal.scraper.engines.ipb import IPB
from votal.scraper.model import Post
from votal.scraper.normalize import (
    clean,
    document,
    drop_all,
    fragment,
    has_class,
    inner_html,
    make_quote,
    make_spoiler,
    normalize_colors,
    text_of,
    xp,
    xpath,
)

_TOPIC = re.compile(r"(/topic/\d+-[^/?#]*)")
_PAGE = re.compile(r"/page/(\d+)/?")
_PROFILE_ID = re.compile(r"/profile/(\d+)-")

_CHROME = (
    f".//*[{has_class('ipsQuote_citation')}]",
    ".//*[@data-role='memberSignature']",
    f".//*[{has_class('ipsEdited')}]",
)


def _epoch(value: str | int | None) -> datetime | None:
    try:
        return from_epoch(value) if value not in (None, "") else None
    except (ValueError, OverflowError, OSError):
        return None


def _iso(value: str | None) -> datetime | None:
    """A machine ``datetime`` (no offset means UTC), or None when absent or unreadable."""
    try:
        return from_iso(value) if value and value.strip() else None
    except ValueError:
        return None


def edited_time(content: etree._Element) -> datetime | None:
    """The "Edited <time> by X" note IPS writes inside the content (``[data-excludequote]``);
    kept as ``edited`` for C-07 (a post is judged by the version seen first)."""
    for t in xp(content, ".//*[@data-excludequote]//time[@datetime]"):
        return _iso(t.get("datetime"))
    return None


_SAID_END = re.compile(
    r"\s*(?:said|wrote|ha detto|ha scritto|a dit|a écrit|schrieb|sagte|escribió|dijo|disse|"
    r"escreveu|zei|написал[аи]?|сказал[аи]?|έγραψε|είπε)\s*:?\s*$", re.I)


def cited_name(text: str) -> str | None:
    """The name in a citation a page kept without its data attributes ("16 minutes ago,
    Marshal Mo Hare, SASS #45984 said:", "On 11/24/2023 at 3:05 PM, X said:", "X said:"): the
    words before the verb, after a leading date (a name may hold commas; the date's only use
    is to be cut off, never read: forum-engines.md §2.1 rule 4)."""
    text = " ".join(text.split())
    m = _SAID_END.search(text)
    if m is None:
        return None
    parts = text[: m.start()].rstrip(" ,").split(", ")
    for i in range(1, len(parts)):
        head = ", ".join(parts[:i])
        if is_relative(head) or parse_forum_time(head, UTC, None) is not None:
            return ", ".join(parts[i:]) or None
    return ", ".join(parts) or None


_BARE_CITATION = xpath(f".//blockquote[{has_class('ipsQuote')}][not(@data-ipsquote-username)]"
                       f"[not(@data-cite)]/*[{has_class('ipsQuote_citation')}]")


def _cite_bare_quotes(root: etree._Element) -> None:
    """A quote without its data attributes (old migrated ones, guest pages that strip them: SASS
    Wire's) gets the citation's name before the citation goes with the chrome."""
    for cit in _BARE_CITATION(root):
        name = cited_name(text_of(cit))
        if name:
            cit.getparent().set("data-cite", name)


def _convert_quotes(root: etree._Element) -> None:
    for q in xp(root, f".//blockquote[{has_class('ipsQuote')} or @data-ipsquote]"):
        author = q.get("data-ipsquote-username") or q.get("data-cite")
        post = q.get("data-ipsquote-contentcommentid")
        for cit in xp(q, f"./*[{has_class('ipsQuote_citation')}]"):
            cit.drop_tree()
        contents = xp(q, f"./*[{has_class('ipsQuote_contents')}]")
        make_quote(q, contents[0] if contents else None, author, post)


def _convert_spoilers(root: etree._Element) -> None:
    for s in xp(root, f".//*[{has_class('ipsSpoiler')}]"):  # IPS 4 div, IPS 5 details
        header = xp(s, f"./summary | ./*[{has_class('ipsSpoiler_header')}]")
        title = text_of(header[0]) if header else ""
        contents = xp(s, f"./*[{has_class('ipsSpoiler_contents')}]")
        for h in header:
            h.drop_tree()
        make_spoiler(s, contents[0] if contents else None, title or "Spoiler")


def normalize_body(content: etree._Element) -> str:
    """interfaces.md §2 body of one IPS comment (``[data-role=commentContent]`` or stored HTML).

    Quotes keep author and comment id: quoted text is never the quoter's vote, and MR-03 needs
    to know which post a quote agrees with.

    Edit notes, citations and signatures go; ``ipsQuote`` becomes
    ``<blockquote data-author data-post>``; ``ipsSpoiler`` becomes ``<details>``.
    """
    clean(content)
    _cite_bare_quotes(content)
    drop_all(content, _CHROME)
    _convert_quotes(content)
    _convert_spoilers(content)
    normalize_colors(content)
    return inner_html(content)


def normalize_html(html: str) -> str:
    """:func:`normalize_body` on an HTML fragment (IPS stores post bodies as HTML)."""
    return normalize_body(fragment(html))


class Invision(Engine):
    name = "invision"
    label = "Invision Community 4/5"
    precedence = 20
    variants = (IPB(),)  # IPB 3 friendly URLs (/topic/ID-slug/) look like ours
    sites = ("insomnia.gr",)
    url_patterns = (re.compile(r"^https?://[^/]+/(?:[^#]*/)?topic/\d+-[^/?#]*"),)
    examples = (
        Example("https://www.insomnia.gr/forums/topic/695707-palermo-43/",
                "https://www.insomnia.gr/forums/topic/695707-palermo-43/", 2,
                "https://www.insomnia.gr/forums/topic/695707-palermo-43/page/2/"),
        Example("https://forum.example.it/topic/1234-lupus-in-tabula-12/page/3/#comments",
                "https://forum.example.it/topic/1234-lupus-in-tabula-12/", 7,
                "https://forum.example.it/topic/1234-lupus-in-tabula-12/page/7/"),
        Example("https://processwire.com/talk/topic/3553-handling-categories-on-a-product-catalogue/"
                "?do=findComment&comment=90211",
                "https://processwire.com/talk/topic/3553-handling-categories-on-a-product-catalogue/"),
        Example("https://forum.example.gr/index.php?/topic/4821-palermo-12/page/2/&do=x",
                "https://forum.example.gr/index.php?/topic/4821-palermo-12/", 3,
                "https://forum.example.gr/index.php?/topic/4821-palermo-12/page/3/"),
    )

    signals = ("article#elComment_N", 'data-pageapp="forums" data-pagecontroller="topic"')

    def detect(self, page: str) -> bool:
        if re.search(r"""id=["']elComment_\d+""", page):
            return True
        return 'data-pageapp="forums"' in page and 'data-pagecontroller="topic"' in page

    def thread_url(self, url: str) -> str:
        # also the non-rewritten form "index.php?/topic/ID-slug/page/2/"
        base = url.split("#", 1)[0]
        m = _TOPIC.search(base)
        return base[: m.end()] + "/" if m else url

    def page_url(self, thread_url: str, page: int, info: PageInfo | None = None) -> str:
        base = self.thread_url(thread_url)
        return base if page <= 1 else f"{base}page/{page}/"

    def page_info(self, html: str, url: str) -> PageInfo:
        variant = self.variant_for(html)
        if variant is not None:
            return variant.page_info(html, url)
        return _page_info(document(html, ids=False), url)

    def parse_page(self, html: str, url: str, tz: ZoneInfo, now: datetime | None) -> list[Post]:
        return self.read_page(html, url, tz, now)[0]

    def read_page(self, html: str, url: str, tz: ZoneInfo, now: datetime | None
                  ) -> tuple[list[Post], PageInfo]:
        variant = self.variant_for(html)
        if variant is not None:
            return variant.read_page(html, url, tz, now)
        doc = document(html, ids=False)
        info = _page_info(doc, url)
        thread = self.thread_url(url)
        seen: set[str] = set()  # a "recommended posts" block may repeat a comment
        articles = []
        for a in xp(doc, "//article[starts-with(@id, 'elComment_')]"):
            if a.get("id") not in seen:
                seen.add(a.get("id"))
                articles.append(a)
        per_page = _per_page(doc, info, len(articles))
        langs = languages(doc)
        posts = []
        for i, art in enumerate(articles):
            number = (info.current - 1) * per_page + i + 1 if per_page else None
            posts.append(_post(art, number, thread, url, tz, now, langs))
        return posts, info


def _per_page(doc: etree._Element, info: PageInfo, count: int) -> int | None:
    for v in xp(doc, "//*[@data-ipspagination-perpage]/@data-ipspagination-perpage"):
        if v.strip().isdigit():
            return int(v)
    if info.current == 1 or info.next_url:
        return max(count, 1)
    return None  # last page of several, page size unknown: better no number than a wrong one


def _quotedata(art: etree._Element) -> dict:
    for raw in xp(art, ".//@data-quotedata"):
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):
            continue
        if isinstance(data, dict):
            return data
    return {}


def _post(art: etree._Element, number: int | None, thread: str, url: str, tz: ZoneInfo,
          now: datetime | None, langs: list[str]) -> Post:
    pid = art.get("id").removeprefix("elComment_")
    qd = _quotedata(art)
    # (a guest page stripped of data-role attributes, SASS Wire's: the rich text in the
    # post's content wrap)
    contents = xp(art, ".//*[@data-role='commentContent']") or xp(
        art, f".//*[{has_class('cPost_contentWrap')}]/*[{has_class('ipsType_richText')}]")
    content = contents[0] if contents else etree.Element("div")
    author, author_id = _author(art, qd)
    return Post(
        id=pid, number=number, thread=thread, url=_permalink(art, pid, thread, url),
        author=author, author_id=author_id, time=_time(art, qd, tz, now, langs),
        edited=edited_time(content), html=normalize_body(content),
    )


def _author(art: etree._Element, qd: dict) -> tuple[str, str | None]:
    """The quote data's name and id; the author pane's profile link for what it lacks (searched
    only then: issue 22)."""
    links: list | None = None
    name = str(qd.get("username") or "")
    if not name:
        links = _profile_links(art)
        name = text_of(links[0]) if links else ""
    if not name:
        names = xp(art, f".//*[{has_class('cAuthorPane_author')}]")
        name = text_of(names[0]) if names else "Guest"
    uid = qd.get("userid")
    if not uid:
        links = _profile_links(art) if links is None else links
        if links:
            m = _PROFILE_ID.search(links[0].get("href", ""))
            uid = m.group(1) if m else None
    return name, (str(uid) if uid else None)


def _profile_links(art: etree._Element) -> list:
    """The author pane's profile links, else any profile link outside the body (not a mention)."""
    return xp(art,
        f".//*[{has_class('cAuthorPane_author')} or {has_class('ipsEntry__username')}]"
        "//a[contains(@href, '/profile/')]"
    ) or xp(art, ".//a[contains(@href, '/profile/') and normalize-space()"
                   " and not(ancestor::*[@data-role='commentContent'])]")  # not a mention


def _time(art: etree._Element, qd: dict, tz: ZoneInfo, now: datetime | None,
          langs: list[str]) -> datetime | None:
    """The quote data's epoch, a ``time[datetime]``, else the forum's words (a theme that prints
    only "Πριν από 5 λεπτά" with the date in ``title``); None keeps the post without its time."""
    t = _epoch(qd.get("timestamp"))
    if t:
        return t
    stamps = xp(art, ".//time[not(ancestor::*[@data-role='commentContent'])]")
    for el in stamps:
        t = _iso(el.get("datetime")) if el.get("datetime") else None
        if t:
            return t
    for el in stamps:  # no machine value: the title's date, then the visible words
        for text in (el.get("title"), text_of(el)):
            t = parse_forum_time(text or "", tz, now, langs)
            if t:
                return t
    return None  # kept, problems ["time"] (issue 11)


def _permalink(art: etree._Element, pid: str, thread: str, url: str) -> str:
    for href in xp(art, ".//a[contains(@href, 'do=findComment')]/@href"):
        if f"comment={pid}" in href:
            return urljoin(url, href)
    return f"{thread}?do=findComment&comment={pid}"


def _page_info(doc: etree._Element, url: str) -> PageInfo:
    m = _PAGE.search(url.split("#", 1)[0]) or re.search(r"[?&]page=(\d+)", url)
    current = int(m.group(1)) if m else 1
    active = xp(doc, f"//li[{has_class('ipsPagination_active')}]//a/@data-page")
    if active and active[0].isdigit():
        current = int(active[0])
    last = None
    for v in xp(doc, "//a[@rel='last']/@data-page | //*[@data-pages]/@data-pages"):
        if v.strip().isdigit():
            last = max(last or 0, int(v))
    nxt = xp(doc, "//a[@rel='next']/@href | //link[@rel='next']/@href")
    next_url = urljoin(url, nxt[0]) if nxt else None
    if last is not None and current >= last:
        next_url = None
    if last is None and next_url is None:
        last = current
    return PageInfo(current=current, last=last, next_url=next_url)


register(Invision())
