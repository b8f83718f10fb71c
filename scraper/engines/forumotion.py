"""Forumotion hosted forums (forumattivo.com, forumactif, forumieren, forum2x2…)
(forum-engines.md §3.14). ForumFree/ForumCommunity are another host: ``forumfree.py``.

Every post carries the class ``post--ID`` (``post--0`` is an advert slot, skipped). Two skins:

* phpBB3-style: ``div.post#pID``, the number printed ("Beitrag #1", "Messaggio #1"), author
  and text time sharing ``p.author`` ("von <span><strong>lupa</strong></span> am 26/10/13,
  03:48 pm", "da Nikos Ieri alle 20:04"); body ``div.post-entry``.
* AwesomeBB: ``div.post-wrap#post-ID``, ``.post-date``, ``.post-author-name``, body
  ``.post-content``; no printed number (page offset + position).

The time text goes to ``dates.parse_forum_time``. The author's group colour and the signature
(``div.signature_div``) never reach the body. Pages are ``/tID-slug`` then
``/tIDpOFFSET-slug``; the page size is read from the page links into ``PageInfo.per_page``
(15, Forumotion's default, without one). phpBB2, PunBB, Invision and ModernBB skins use
other markup and are not read here.
"""

from __future__ import annotations

import re
from datetime import datetime
from urllib.parse import urljoin, urlsplit, urlunsplit
from zoneinfo import ZoneInfo

from lxml import etree

from votal.scraper.dates import parse_forum_time
from votal.scraper.engines import register
from votal.scraper.engines._common import languages
from votal.scraper.engines.base import Engine, Example, PageInfo
from votal.scraper.model import Post
from votal.scraper.normalize import (
    clean,
    document,
    drop_all,
    has_class,
    inner_html,
    make_quote,
    make_spoiler,
    normalize_colors,
    text_of,
    xp,
)

DEFAULT_PER_PAGE = 15
_HOSTS = (r"forumattivo\.com|forumotion\.\w+|forumactif\.\w+|forumieren\.\w+|"
          r"forum2x2\.\w+|forumgratuit\.\w+|1forum\.biz|editboard\.com|"
          r"forumvi\.com|forumpolish\.com|hungarianforum\.com|forumgreek\.com|forum-pro\.\w+")
_TOPIC_PATH = re.compile(r"^/t(\d+)(?:p(\d+))?-([^/?#]*)")
_NUMBER = re.compile(r"#\s*(\d+)")
_USER = re.compile(r"^/u(\d+)")
_POST_CLASS = re.compile(r"(?:^|\s)post--(\d+)(?:\s|$)")
_BODIES = (f".//*[{has_class('post-entry')}]", f".//*[{has_class('post-content')}]",
           f".//*[{has_class('content')}]")  # phpBB3 skin, AwesomeBB, others: first found
_WROTE = re.compile(
    r"^(.*?)\s+(?:wrote|ha scritto|a écrit|hat folgendes geschrieben|schrieb|написал(?:\(а\))?|"
    r"писал(?:\(а\))?|έγραψε)\s*:?\s*$", re.I)


def normalize_body(entry: etree._Element) -> str:
    """interfaces.md §2 body of a Forumotion post (``div.post-entry``)."""
    clean(entry)
    drop_all(entry, (f".//*[{has_class('signature_div')}]", f".//*[{has_class('clear')}]",
                     f".//*[{has_class('edited-message')}]"))
    for bq in xp(entry, ".//blockquote"):
        cite = xp(bq, "./cite | ./div/cite")
        author = None
        if cite:
            text = text_of(cite[0])
            m = _WROTE.match(text)
            author = m.group(1).strip() if m else None
            cite[0].drop_tree()
        inner = xp(bq, "./div")
        make_quote(bq, inner[0] if len(inner) == 1 and not (bq.text or "").strip() else None,
                   author, None)
    for s in xp(entry, f".//*[{has_class('spoiler')}]"):
        for head in xp(s, f"./dt | ./*[{has_class('spoiler_title')}]"):
            head.drop_tree()
        inner = xp(s, f"./dd | ./*[{has_class('spoiler_content')}]")
        make_spoiler(s, inner[0] if inner else None)
    normalize_colors(entry)
    return inner_html(entry)


class Forumotion(Engine):
    name = "forumotion"
    label = "Forumotion (forumattivo, forumactif, forumieren)"
    precedence = 90
    url_patterns = (
        re.compile(rf"^https?://[^/]+\.(?:{_HOSTS})/t\d+"),
        re.compile(r"^https?://[^/]+/t\d+(?:p\d+)?-[^/?#]+"),
    )
    examples = (
        Example("https://wolfsrebellen-netz.forumieren.com/t7-forums-regeln",
                "https://wolfsrebellen-netz.forumieren.com/t7-forums-regeln", 2,
                "https://wolfsrebellen-netz.forumieren.com/t7p15-forums-regeln"),
        Example("https://lupus.forumattivo.com/t120p30-lupus-in-tabula-partita-12",
                "https://lupus.forumattivo.com/t120-lupus-in-tabula-partita-12", 4,
                "https://lupus.forumattivo.com/t120p45-lupus-in-tabula-partita-12"),
        Example("https://lupus.forumattivo.com/t120p30-lupus-in-tabula-partita-12",
                "https://lupus.forumattivo.com/t120-lupus-in-tabula-partita-12", 4,
                "https://lupus.forumattivo.com/t120p60-lupus-in-tabula-partita-12", per_page=20),
    )

    signals = ("illiweb.com assets", "div.post--N")

    def detect(self, page: str) -> bool:
        hosted = "illiweb.com" in page or "forumotion" in page.lower()
        return hosted and bool(re.search(r"""class=["']post(?:-wrap)?\s[^"']*post--\d+""", page))

    def thread_url(self, url: str) -> str:
        p = urlsplit(url)
        m = _TOPIC_PATH.match(p.path)
        if not m:
            return url
        return urlunsplit((p.scheme, p.netloc, f"/t{m.group(1)}-{m.group(3)}", "", ""))

    def page_url(self, thread_url: str, page: int, info: PageInfo | None = None) -> str:
        base = self.thread_url(thread_url)
        p = urlsplit(base)
        m = _TOPIC_PATH.match(p.path)
        if not m or page <= 1:
            return base
        offset = (page - 1) * ((info.per_page if info is not None else None) or DEFAULT_PER_PAGE)
        return urlunsplit((p.scheme, p.netloc, f"/t{m.group(1)}p{offset}-{m.group(3)}", "", ""))

    def page_info(self, html: str, url: str) -> PageInfo:
        return _page_info(document(html, ids=False), url)

    def parse_page(self, html: str, url: str, tz: ZoneInfo, now: datetime | None) -> list[Post]:
        return self._posts(document(html, ids=False), url, tz, now)

    def read_page(self, html: str, url: str, tz: ZoneInfo, now: datetime | None
                  ) -> tuple[list[Post], PageInfo]:
        doc = document(html, ids=False)
        info = _page_info(doc, url)  # before the posts: reading them rewrites their bodies
        return self._posts(doc, url, tz, now), info

    def _posts(self, doc: etree._Element, url: str, tz: ZoneInfo, now: datetime | None
               ) -> list[Post]:
        thread = self.thread_url(url)
        langs = languages(doc)
        m = _TOPIC_PATH.match(urlsplit(url).path)
        offset = int(m.group(2)) if m and m.group(2) else 0
        posts: list[Post] = []
        for el in xp(doc, "//div[contains(@class, 'post--')]"):
            m = _POST_CLASS.search(el.get("class", ""))
            if m and m.group(1) != "0":  # post--0 is the advert slot
                posts.append(_post(el, m.group(1), offset + len(posts) + 1, thread, url, tz, now,
                                   langs))
        return posts


def _post(el: etree._Element, pid: str, number: int, thread: str, url: str, tz: ZoneInfo,
          now: datetime | None, langs: list[str]) -> Post:
    info = xp(el, f".//*[{has_class('post-info')}]")
    printed = _NUMBER.search(text_of(info[0])) if info else None
    author, author_id, when_text = _byline(el)
    when = parse_forum_time(when_text, tz, now, langs)  # None: kept, problems ["time"]
    entry = next((found for expr in _BODIES if (found := xp(el, expr))), None)
    return Post(
        id=pid, number=int(printed.group(1)) if printed else number, thread=thread,
        url=_permalink(el, pid, url), author=author, author_id=author_id,
        time=when, edited=None, html=normalize_body(entry[0]) if entry else "",
    )


def _byline(el: etree._Element) -> tuple[str, str | None, str]:
    """Author, user id and date text: phpBB3 skin ``p.author`` ("da NAME il DATE") or the
    AwesomeBB skin's ``.post-author-name`` and ``.post-date``."""
    head = xp(el, f".//p[{has_class('author')}]")
    if head:
        author, author_id, when_text = _author_and_time(head[0])
    else:
        names = xp(el, f".//*[{has_class('post-author-name')}]")
        dates = xp(el, f".//*[{has_class('post-date')}]")
        author, author_id = (text_of(names[0]) if names else ""), None
        when_text = text_of(dates[0]) if dates else ""
    if author_id is None:  # the profile link in the author box, never a link in the body
        outside = xp(el, f".//a[not(ancestor::*[{has_class('post-entry')} or "
                           f"{has_class('post-content')}])]/@href")
        for href in outside:
            u = _USER.match(urlsplit(href).path) if href.startswith(("/u", "http")) else None
            if u:
                author_id = u.group(1)
                break
    return author, author_id, when_text


def _permalink(el: etree._Element, pid: str, url: str) -> str:
    for href in xp(el, ".//h3//a[contains(@href, $anchor)]/@href"
                       " | .//h2//a[contains(@href, $anchor)]/@href", anchor=f"#{pid}"):
        return urljoin(url, href)
    return f"{urljoin(url, urlsplit(url).path)}#{pid}"


def _author_and_time(p: etree._Element) -> tuple[str, str | None, str]:
    """Name, user id and the date text of ``p.author`` ("von NAME am DATE")."""
    for a in xp(p, ".//a[starts-with(@href, '/u') or contains(@href, '/u')]"):
        m = _USER.match(urlsplit(a.get("href", "")).path)
        if m:
            return text_of(a), m.group(1), _after(p, a)
    names = xp(p, ".//strong") or xp(p, "./span")
    if names:
        top = names[0]
        while top.getparent() is not p and top.getparent() is not None:
            top = top.getparent()
        return text_of(names[0]), None, _after(p, top)
    return text_of(p), None, ""


def _after(p: etree._Element, el: etree._Element) -> str:
    """Text of ``p`` after ``el`` (the date part of the byline)."""
    while el.getparent() is not None and el.getparent() is not p:
        el = el.getparent()
    parts = [el.tail or ""]
    for sib in el.itersiblings():
        parts.append(sib.text_content())
        parts.append(sib.tail or "")
    return " ".join("".join(parts).split())


def _page_info(doc: etree._Element, url: str) -> PageInfo:
    topic = _TOPIC_PATH.match(urlsplit(url).path)
    pages: dict[int, str] = {}
    holders = []
    per_page = None
    for a in xp(doc, "//a[@href]"):
        m = _TOPIC_PATH.match(urlsplit(a.get("href")).path)
        t = text_of(a)
        if m and topic and m.group(1) == topic.group(1) and t.isdigit() and m.group(2):
            pages[int(t)] = urljoin(url, a.get("href"))
            holders.append(a.getparent())
            if int(t) > 1 and int(m.group(2)) % (int(t) - 1) == 0:
                per_page = int(m.group(2)) // (int(t) - 1)
    current = 1
    for h in holders[:1]:
        strong = [text_of(s) for s in xp(h, "./strong") if text_of(s).isdigit()]
        current = int(strong[0]) if strong else current
    if topic and topic.group(2) and not holders:
        current = 1 + int(topic.group(2)) // DEFAULT_PER_PAGE
    nxt = pages.get(current + 1)
    return PageInfo(current, max([current, *pages]), nxt, per_page)


register(Forumotion())
