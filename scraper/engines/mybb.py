"""MyBB 1.8 thread pages (forum-engines.md §3.9).

Posts are ``div.post#post_PID`` with the body in ``div.post_body#pid_PID`` and the printed number
"#N" in the ``post_head`` permalink. Times are text only: relative ones carry the absolute date in
a ``span[title]`` (``<span title="12-29-2015">Yesterday</span>, 08:04 PM``), which is read in
place of the relative word. The username's group colour and the signature sit outside the body
and never reach ``html``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from html import unescape
from urllib.parse import parse_qsl, unquote, urlencode, urljoin, urlsplit, urlunsplit
from zoneinfo import ZoneInfo

from lxml import etree

from votal.scraper.dates import parse_forum_time
from votal.scraper.engines import register
from votal.scraper.engines._common import body_steps, languages
from votal.scraper.engines.base import Engine, Example, PageInfo
from votal.scraper.model import Post
from votal.scraper.normalize import (
    by_id_in,
    class_tokens,
    classed,
    clean,
    document,
    drop_all,
    has_class,
    inner_html,
    inside_classed,
    make_quote,
    make_spoiler,
    normalize_colors,
    text_of,
    xp,
)

_PID = re.compile(r"pid=?(\d+)")
_UID = re.compile(r"uid=(\d+)")
_WROTE = re.compile(
    r"^(.*?)\s+(?:wrote|ha scritto|scrive|писал(?:\(а\))?|написал(?:\(а\))?|έγραψε|a écrit|"
    r"schrieb|escribió)\s*:?\s*$", re.I)
_BARE_QUOTE = re.compile(r"^(?:quote|citazione|цитата|παράθεση|zitat|citation)\s*:?$", re.I)
_BY = re.compile(r"\s(?:by|da|di|от|пользователем|από|von|par)\s", re.I)
_SEO_PAGE = re.compile(r"(thread-\d+)(?:-page-\d+|-post-\d+|-lastpost|-newpost)?\.html")


def _text_with_titles(el: etree._Element, skip: str | None = None) -> str:
    """Text of ``el`` where a ``span[title]`` (relative date) counts as its title."""
    return " ".join(_titled(el, skip).split())


def _titled(el: etree._Element, skip: str | None) -> str:
    parts = [el.text or ""]
    for child in el:
        if not isinstance(child.tag, str) or (skip and has_class_el(child, skip)):
            pass
        elif child.get("title") and re.search(r"\d", child.get("title")):
            parts.append(child.get("title"))
        else:
            parts.append(_titled(child, skip))
        parts.append(child.tail or "")
    return "".join(parts)


def has_class_el(el: etree._Element, name: str) -> bool:
    return name in (el.get("class") or "").split()


def _quote_author(cite: etree._Element) -> str | None:
    for span in list(cite.iterchildren("span")):  # the "(date)" part
        span.drop_tree()
    for a in [a for a in cite.iterdescendants("a") if classed(a, "quick_jump")]:
        a.drop_tree()
    text = text_of(cite)
    if not text or _BARE_QUOTE.match(text):
        return None
    m = _WROTE.match(text)
    if m:
        return m.group(1).strip()
    words = text.rstrip(":").rsplit(" ", 1)
    return words[0] if len(words) == 2 else None


def normalize_body(body: etree._Element) -> str:
    """interfaces.md §2 body of a MyBB post (``div.post_body#pid_ID``).

    Quotes keep author and pid (quoted text is never the quoter's vote; MR-03).
    """
    # a step that cannot change the body is not run (body_steps: one walk of the body before
    # any step, which makes nothing a later one looks for; issue 22)
    cleans, drops, converts, colours = body_steps(body, _CHROME_WORDS, _CONVERTED)
    if cleans:
        clean(body)
    if drops:
        drop_all(body, _CHROME)
    if converts:
        # the quotes, their cites and the cite's links by lxml's tag walks (issue 22)
        for bq in [bq for bq in body.iterdescendants("blockquote") if classed(bq, "mycode_quote")]:
            cites = list(bq.iterchildren("cite"))
            author = post = None
            if cites:
                jumps = [a.get("href") for a in cites[0].iterdescendants("a")
                         if a.get("href") is not None]
                m = _PID.search(jumps[0]) if jumps else None
                post = m.group(1) if m else None
                author = _quote_author(cites[0])
                cites[0].drop_tree()
            make_quote(bq, None, author, post)
        for s in xp(body, f".//*[{has_class('spoiler')}]"):
            make_spoiler(s, None)
    if colours:
        normalize_colors(body)
    return inner_html(body)


_CHROME_WORDS = ("signature",)
_CHROME = tuple(f".//*[{has_class(word)}]" for word in _CHROME_WORDS)
_CONVERTED = ("mycode_quote", "spoiler")  # blockquote.mycode_quote, .spoiler


class MyBB(Engine):
    name = "mybb"
    label = "MyBB 1.8"
    url_patterns = (
        re.compile(r"showthread\.php\?(?:[^#]*&)?tid=\d+"),
        re.compile(r"^https?://[^/]+/(?:[^?#]*/)?Thread-[^/?#]+"),
        re.compile(r"/thread-\d+(?:-page-\d+|-post-\d+)?\.html"),
    )
    precedence = 60
    examples = (
        Example("https://sinister.ly/Thread-Mybb-or-vBulletin",
                "https://sinister.ly/Thread-Mybb-or-vBulletin", 2,
                "https://sinister.ly/Thread-Mybb-or-vBulletin?page=2"),
        Example("https://forum.example.it/showthread.php?tid=321&page=2",
                "https://forum.example.it/showthread.php?tid=321", 5,
                "https://forum.example.it/showthread.php?tid=321&page=5"),
        Example("https://f.gr/Thread-Palermo-12?page=2", "https://f.gr/Thread-Palermo-12", 4,
                "https://f.gr/Thread-Palermo-12?page=4"),
        Example("https://forum.example.gr/thread-45-page-3.html",
                "https://forum.example.gr/thread-45.html", 6,
                "https://forum.example.gr/thread-45-page-6.html"),
    )

    signals = ("'MyBB' in the page", "div#pid_N post bodies")

    def detect(self, page: str) -> bool:
        mybb = "MyBB" in page or "mybb" in page
        return mybb and bool(re.search(r"""id=["']pid_\d+""", page))

    def thread_url(self, url: str) -> str:
        p = urlsplit(url)
        if _SEO_PAGE.search(p.path):
            return urlunsplit((p.scheme, p.netloc, _SEO_PAGE.sub(r"\1.html", p.path), "", ""))
        query = [(k, v) for k, v in parse_qsl(p.query) if k not in ("page", "pid", "action")]
        return urlunsplit((p.scheme, p.netloc, p.path, urlencode(query), ""))

    def page_url(self, thread_url: str, page: int, info: PageInfo | None = None) -> str:
        base = self.thread_url(thread_url)
        if page <= 1:
            return base
        p = urlsplit(base)
        if _SEO_PAGE.search(p.path):
            path = _SEO_PAGE.sub(rf"\1-page-{page}.html", p.path)
            return urlunsplit((p.scheme, p.netloc, path, "", ""))
        query = parse_qsl(p.query) + [("page", str(page))]
        return urlunsplit((p.scheme, p.netloc, p.path, urlencode(query), ""))

    def page_info(self, html: str, url: str) -> PageInfo:
        return _page_info(document(html), url)

    def parse_page(self, html: str, url: str, tz: ZoneInfo, now: datetime | None) -> list[Post]:
        return self._posts(document(html), url, tz, now)

    def read_page(self, html: str, url: str, tz: ZoneInfo, now: datetime | None
                  ) -> tuple[list[Post], PageInfo]:
        doc = document(html)
        info = _page_info(doc, url)  # before the posts: reading them rewrites their bodies
        return self._posts(doc, url, tz, now), info

    def _posts(self, doc: etree._Element, url: str, tz: ZoneInfo, now: datetime | None
               ) -> list[Post]:
        thread = self.thread_url(url)
        langs = languages(doc)
        posts = []
        for el in xp(doc, f"//div[starts-with(@id, 'post_')][{has_class('post')}]"):
            pid = el.get("id").removeprefix("post_")
            if not pid.isdigit():
                continue
            posts.append(_post(el, pid, thread, url, tz, now, langs))
        return _names_from_quotes(posts)


# every element whose class names one of the pagination's classes, in one walk of the page
# (issue 22: three whole-page searches before); sorted by class in Python
_PAGINATION = etree.XPath("/descendant::*/@class[contains(., 'pagination')]/parent::*")


def _page_info(doc: etree._Element, url: str) -> PageInfo:
    """``.pagination_current``'s number, the largest ``.pagination a`` number, the first
    ``a.pagination_next[href]`` (the classes as ``has_class`` reads them), outside the
    breadcrumb's ``div.pagination.pagination_breadcrumb`` popup: on a thread page it lists the
    parent forum's pages (``forumdisplay.php?fid=3&page=19``), not the thread's (a real MyBB
    1.8.9 page read a one-page thread as page 19 of 48 before)."""
    current_el, navs, nxt = None, [], None
    crumbs: list[etree._Element] = []  # the breadcrumb's page popup: the parent forum's pages
    for el in _PAGINATION(doc):
        classes = class_tokens(el)
        if "pagination_breadcrumb" in classes:
            crumbs.append(el)
            continue
        if crumbs and any(a in crumbs for a in el.iterancestors()):
            continue
        if current_el is None and "pagination_current" in classes:
            current_el = el
        if "pagination" in classes:
            navs.append(el)
        if nxt is None and el.tag == "a" and "pagination_next" in classes:
            nxt = el.get("href")
    cur = text_of(current_el) if current_el is not None else ""
    current = int(cur) if cur.isdigit() else 1
    # (an <a> of nested navigations counted twice: the largest number is the same)
    numbers = [int(text_of(a)) for nav in navs for a in nav.iterdescendants("a")
               if text_of(a).isdigit()]
    last = max([current, *numbers])
    return PageInfo(current, last, urljoin(url, nxt) if nxt is not None else None)


def _post(el: etree._Element, pid: str, thread: str, url: str, tz: ZoneInfo, now: datetime | None,
          langs: list[str]) -> Post:
    # the first .//*[post_date] and .//*[post_head]//a[contains(@href, "pid=N" or "#pidN")]
    # (?pid=N or SEO thread-T-post-N.html#pidN), by lxml's tag walks (issue 22)
    stamp = next((d for d in el.iterdescendants(etree.Element) if classed(d, "post_date")), None)
    when_text = _text_with_titles(stamp, skip="post_edit") if stamp is not None else ""
    when = parse_forum_time(when_text, tz, now, langs)  # None: kept, problems ["time"]
    q, frag = f"pid={pid}", f"#pid{pid}"
    link = next((a for a in el.iterdescendants("a")
                 if (q in (href := a.get("href") or "") or frag in href)
                 and inside_classed(a, el, "post_head")), None)
    number = text_of(link).lstrip("#") if link is not None else ""
    author, author_id = _author(el)
    body = by_id_in(el, f"pid_{pid}")
    return Post(
        id=pid, number=int(number) if number.isdigit() else None, thread=thread,
        url=urljoin(url, link.get("href")) if link is not None else f"{thread}#pid{pid}",
        author=author, author_id=author_id, time=when,
        edited=_edited(el, pid, tz, now, langs),
        html=normalize_body(body) if body is not None else "",
    )


def _author(el: etree._Element) -> tuple[str, str | None]:
    """The author as the usergroup's formatting shows him, stripped of that formatting where the
    markup tells (issue 11): the SEO profile link's name (``User-Pebble``) or the innermost
    element of a decorated name (``<span>: <em>Pebble</em></span>``, ``<strong>Pebble</strong>-san``)
    when it is part of the shown text. :func:`_names_from_quotes` then applies what quote
    headers say (``Pebble Wrote:`` quoting that very post)."""
    # the first of .//*[author_information]//*[largetext] | .//*[@class='largetext'] in
    # document order, by lxml's tag walk (issue 22)
    found = next((d for d in el.iterdescendants(etree.Element)
                  if d.get("class") == "largetext"
                  or (classed(d, "largetext")
                      and inside_classed(d, el, "author_information"))), None)
    names = [found] if found is not None else []
    shown = text_of(names[0]) if names else "Guest"
    name = shown
    if names:
        link = next((a for a in names[0].iterdescendants("a") if a.get("href") is not None),
                    None)
        seo = _SEO_USER.search(link.get("href")) if link is not None else None
        inner = _innermost(link if link is not None else names[0])
        for candidate in (unquote(seo.group(1)).replace("-", " ") if seo else None, inner):
            if candidate and candidate != shown and _within(candidate, shown):
                name = candidate
                break
    for a in el.iterdescendants("a"):  # .//a[contains(@href, 'uid=')]/@href
        href = a.get("href")
        if href is None or "uid=" not in href:
            continue
        m = _UID.search(href)
        if m:
            return name, m.group(1)
    return name, None


_SEO_USER = re.compile(r"/User-([^/?#]+?)(?:\.html)?(?:[?#]|$)")
_QUOTE_HEAD = re.compile(r'<blockquote data-author="([^"]+)" data-post="(\d+)"')


def _squash(text: str) -> str:
    return "".join(c for c in text.casefold() if c.isalnum())


def _within(name: str, shown: str) -> bool:
    return bool(_squash(name)) and _squash(name) in _squash(shown)


def _innermost(el: etree._Element) -> str | None:
    """The text of the deepest element holding text (the name inside group decoration)."""
    best, depth = None, -1
    for node in el.iter():
        if not isinstance(node.tag, str) or not (node.text or "").strip():
            continue
        d = sum(1 for _ in node.iterancestors())
        if d > depth:
            best, depth = node.text.strip(), d
    return best


def _names_from_quotes(posts: list[Post]) -> list[Post]:
    """A quote header names the quoted post's author by his own name: where it is part of the
    name a post shows, that is the author's name, for that post and for his other posts."""
    said: dict[str, str] = {}
    for p in posts:
        for author, pid in _QUOTE_HEAD.findall(p.html):
            said.setdefault(pid, unescape(author))
    by_uid: dict[str, str] = {}
    for p in posts:
        name = said.get(p.id)
        if name and p.author_id and _within(name, p.author) or (name and name == p.author):
            by_uid[p.author_id or p.id] = name
    out = []
    for p in posts:
        name = by_uid.get(p.author_id or p.id)
        out.append(replace(p, author=name) if name and name != p.author
                   and _within(name, p.author) else p)
    return out


def _edited(el: etree._Element, pid: str, tz: ZoneInfo, now: datetime | None,
            langs: list[str]) -> datetime | None:
    note = by_id_in(el, f"edited_by_{pid}")
    if note is None:
        return None
    text = _text_with_titles(note)
    if ":" not in text:
        return None
    rest = _BY.split(text.split(":", 1)[1])[0].strip(" .()")
    return parse_forum_time(rest, tz, now, langs)


register(MyBB())
