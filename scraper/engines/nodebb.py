"""NodeBB topic pages (server-rendered for guests).

Every post is ``li[component=post]`` with machine values on the element itself: ``data-pid``,
``data-uid``, ``data-username``, ``data-index`` (0-based: the post number is index + 1) and
``data-timestamp`` (epoch milliseconds); the edit time is ``meta[itemprop=dateModified]``.
A quote is the markdown plugin's ``<p>@Name said in <a href="/post/ID">…</a>:</p><blockquote>``.
Pages are ``/topic/ID/slug?page=N``; ``script#ajaxify-data`` JSON gives the page count.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from urllib.parse import urljoin, urlsplit, urlunsplit
from zoneinfo import ZoneInfo

from lxml import etree

from votal.scraper.dates import from_iso
from votal.scraper.engines import register
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

_TOPIC = re.compile(r"(/topic/\d+(?:/[^/?#]+)?)")
_POST_LINK = re.compile(r"/post/(\d+)")
_SAID = re.compile(r"^@?(\S+)\s")
_CHROME = (
    ".//*[@component='post/signature']",
    f".//*[{has_class('post-signature')}]",
)


def _iso(value: str | None) -> datetime | None:
    """A machine ``datetime`` (no offset means UTC), or None when absent or unreadable."""
    try:
        return from_iso(value) if value and value.strip() else None
    except ValueError:
        return None


def _quote_header(bq: etree._Element) -> tuple[str | None, str | None]:
    """Author and post id from the ``<p>@X said in <a href=/post/ID>…</a>:</p>`` before a quote.

    The words are the board's language ("said in", "ha scritto in", "написал в"): the header
    is recognised by its shape (a mention or name, a ``/post/ID`` link, a final colon).
    """
    prev = bq.getprevious()
    if prev is None or prev.tag != "p" or (prev.tail or "").strip():
        return None, None
    text = text_of(prev)
    links = [(a, _POST_LINK.search(a.get("href", ""))) for a in xp(prev, ".//a")]
    post_links = [m.group(1) for _, m in links if m]
    if not text.endswith(":") or not post_links:
        return None, None
    mentions = xp(prev, f".//a[{has_class('plugin-mentions-user')}]")
    m = _SAID.match(text)
    author = text_of(mentions[0]).lstrip("@") if mentions else (m.group(1) if m else None)
    prev.drop_tree()
    return author, post_links[-1]


def normalize_body(content: etree._Element) -> str:
    """interfaces.md §2 body of a NodeBB post (``[component=post/content]``)."""
    clean(content)
    drop_all(content, _CHROME)
    for bq in xp(content, ".//blockquote"):
        author, pid = _quote_header(bq)
        make_quote(bq, None, author, pid)
    for s in xp(content, f".//*[{has_class('spoiler')}]"):
        make_spoiler(s, None)
    normalize_colors(content)
    return inner_html(content)


class NodeBB(Engine):
    name = "nodebb"
    label = "NodeBB"
    url_patterns = (re.compile(r"^https?://[^/]+/(?:[^?#]*/)?topic/\d+(?:[/?#]|$)"),)
    precedence = 80
    examples = (
        Example("https://community.nodebb.org/topic/13803/new-desing-for-nodebb-chat",
                "https://community.nodebb.org/topic/13803/new-desing-for-nodebb-chat", 2,
                "https://community.nodebb.org/topic/13803/new-desing-for-nodebb-chat?page=2"),
        Example("https://forum.example.ru/topic/77/mafia-igra-5?page=2",
                "https://forum.example.ru/topic/77/mafia-igra-5", 3,
                "https://forum.example.ru/topic/77/mafia-igra-5?page=3"),
        Example("https://x.org/topic/77/slug/21", "https://x.org/topic/77/slug"),
    )

    signals = ('li[component="post"][data-pid]',)

    def detect(self, page: str) -> bool:
        return 'component="post"' in page and "data-pid=" in page

    def thread_url(self, url: str) -> str:
        p = urlsplit(url)
        m = _TOPIC.search(p.path)
        if not m:
            return url
        return urlunsplit((p.scheme, p.netloc, p.path[: m.end()], "", ""))

    def page_url(self, thread_url: str, page: int, info: PageInfo | None = None) -> str:
        base = self.thread_url(thread_url)
        return base if page <= 1 else f"{base}?page={page}"

    def page_info(self, html: str, url: str) -> PageInfo:
        return self._page_info(document(html, ids=False), url)

    def parse_page(self, html: str, url: str, tz: ZoneInfo, now: datetime | None) -> list[Post]:
        return self._posts(document(html, ids=False), url)

    def read_page(self, html: str, url: str, tz: ZoneInfo, now: datetime | None
                  ) -> tuple[list[Post], PageInfo]:
        doc = document(html, ids=False)
        info = self._page_info(doc, url)  # before the posts: reading them rewrites their bodies
        return self._posts(doc, url), info

    def _page_info(self, doc: etree._Element, url: str) -> PageInfo:
        pag = _ajaxify(doc).get("pagination") or {}
        m = re.search(r"[?&]page=(\d+)", url)
        current = int(pag.get("currentPage") or (m.group(1) if m else 1))
        last = int(pag["pageCount"]) if pag.get("pageCount") else None
        nxt = xp(doc, "//link[@rel='next']/@href")
        if nxt:
            next_url = urljoin(url, nxt[0])
        elif last is not None and current < last:
            next_url = self.page_url(url, current + 1)
        else:
            next_url = None
        if last is None and next_url is None:
            last = current
        return PageInfo(current, last, next_url)

    def _posts(self, doc: etree._Element, url: str) -> list[Post]:
        thread = self.thread_url(url)
        return [_post(li, thread, url) for li in xp(doc, "//li[@component='post'][@data-pid]")]


def _ajaxify(doc: etree._Element) -> dict:
    for text in xp(doc, "//script[@id='ajaxify-data']/text()"):
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            return {}
        return data if isinstance(data, dict) else {}
    return {}


def _post(li: etree._Element, thread: str, url: str) -> Post:
    pid = li.get("data-pid")
    stamp = li.get("data-timestamp", "")
    if stamp.isdigit():
        when: datetime | None = datetime.fromtimestamp(int(stamp) / 1000, tz=UTC)
    else:
        metas = xp(li, ".//meta[@itemprop='datePublished']/@content")
        when = _iso(metas[0]) if metas else None  # None: kept, problems ["time"]
    modified = xp(li, ".//meta[@itemprop='dateModified']/@content")
    index = li.get("data-index", "")
    content = xp(li, ".//*[@component='post/content']")
    author = li.get("data-username") or text_of(next(iter(xp(li, ".//*[@itemprop='author']")), None))
    return Post(
        id=pid, number=int(index) + 1 if index.isdigit() else None, thread=thread,
        url=urljoin(url, f"/post/{pid}"), author=author, author_id=li.get("data-uid") or None,
        time=when, edited=_iso(modified[0]) if modified else None,
        html=normalize_body(content[0]) if content else "",
    )


register(NodeBB())
