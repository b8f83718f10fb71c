"""What the old table-layout engines share: ForumFree, phpBB 2 / TorrentPier, IPB 1.x–3.x.

They print a post as a table (or a block) with no machine data beside it, keep the thread in
one query parameter (``?t=ID``, ``?showtopic=ID``) and address the thread's pages by an offset
in the query (``&st=30``, ``&start=30``) whose step — the page size — only the page links
teach (``PageInfo.per_page``, never module state). :class:`OffsetTableEngine` does the reading
they share: thread and page URLs, where a page sits from its page links, the walk over a page's
posts and the frame of a body's normalisation. An adapter declares what differs — the URL
parameters, the default page size, the XPath of its page links, its body chrome — and
implements :meth:`~OffsetTableEngine.rows` (its posts and how to read one),
:meth:`~OffsetTableEngine.convert` (its quotes and spoilers) and, where its pages mark their own
number, :meth:`~OffsetTableEngine.position`. Opening a page (text or bytes, once) is
:class:`~votal.scraper.engines._common.PagedEngine`'s, as for every page-read engine.
"""

from __future__ import annotations

from collections.abc import Callable

from lxml import etree

from votal.scraper.engines._common import (
    PageContext,
    PagedEngine,
    body_html,
    body_steps,
    find,
    joined,
    keep_query,
    number,
    offset_url,
    query,
)
from votal.scraper.engines.base import PageInfo
from votal.scraper.model import Post
from votal.scraper.normalize import text_of

PostReader = Callable[[etree._Element, int, PageContext], Post]
"""Reads one post: its element, its number in the thread, the page it is on."""


class OffsetTableEngine(PagedEngine):
    """An engine whose thread is ``?TOPIC=ID`` and whose pages are ``&OFFSET=(page - 1) * step``."""

    page_ids = False  # never looks an id up: the page parsed without an ID table

    topic_param: str = "t"  # the query parameter naming the thread
    offset_param: str = "start"  # the query parameter of a page's first post (0-based)
    default_step: int = 15  # posts per page when no page link says otherwise
    page_links: str = ""  # XPath: the page's links to other pages of the thread
    label_chars: str = ""  # what surrounds a page link's number ("[2]": "[] ")
    chrome: tuple[str, ...] = ()  # XPaths of what a body holds that is not the post
    # the words of ``chrome``'s class tests (every XPath of it one: ``.//*[has_class(w)]``) and
    # of the classes :meth:`convert` looks for (it looks for no other element): given both, a
    # body is walked once for the steps it needs (``body_steps``, issue 22)
    chrome_words: tuple[str, ...] | None = None
    quote_words: tuple[str, ...] | None = None

    # --- URLs -----------------------------------------------------------------------------

    def thread_url(self, url: str) -> str:
        return keep_query(url, self.topic_param)

    def page_url(self, thread_url: str, page: int, info: PageInfo | None = None) -> str:
        return offset_url(self.thread_url(thread_url), page,
                          info.per_page if info is not None else None, self.default_step,
                          self.offset_param)

    def offset(self, url: str) -> int:
        """The offset a page URL asks for (0: the first page, or none said)."""
        return int(query(url).get(self.offset_param) or 0)

    # --- where a page sits ------------------------------------------------------------------

    def read_page_info(self, doc: etree._Element, base: str, url: str) -> PageInfo:
        """Every page link of this thread gives a page's URL; a link to page N > 1 at offset
        ``(N - 1) * step`` gives the step; the page's own position comes from :meth:`position`."""
        topic = query(url).get(self.topic_param)
        pages: dict[int, str] = {}
        step = None
        for a in self.page_link_elements(doc):
            label = text_of(a).strip(self.label_chars)
            n = number(label) if label.isdigit() else None
            if not n:  # "Next", "»": no page number (and no URL to resolve, issue 22)
                continue
            href = joined(base, a.get("href"))  # ``page_links`` chooses links with an href
            if not self.same_topic(query(href).get(self.topic_param), topic):
                continue
            pages[n] = href
            st = self.offset(href)
            if n > 1 and st and st % (n - 1) == 0:
                step = st // (n - 1)
        current, step = self.position(doc, self.offset(url), step)
        last = max([current, *pages])
        nxt = pages.get(current + 1)
        return PageInfo(current, last, nxt if current < last else None, step)

    def page_link_elements(self, doc: etree._Element) -> list[etree._Element]:
        """The elements ``page_links`` selects, in document order."""
        return find(doc, self.page_links)

    def same_topic(self, linked: str | None, topic: str | None) -> bool:
        """Is a page link (naming thread ``linked``) one of this page's thread ``topic``?"""
        return not topic or linked == topic

    def position(self, doc: etree._Element, offset: int, step: int | None
                 ) -> tuple[int, int | None]:
        """This page's number (from its offset) and the step, when the page marks neither."""
        return 1 + offset // (step or self.default_step), step

    # --- posts ------------------------------------------------------------------------------

    def read_posts(self, doc: etree._Element, page: PageContext) -> list[Post]:
        start = self.first_offset(doc, page)
        elements, read = self.rows(doc)
        return [read(el, start + i + 1, page) for i, el in enumerate(elements)]

    def first_offset(self, doc: etree._Element, page: PageContext) -> int:
        """How many posts of the thread come before this page's first."""
        return self.offset(page.url)

    def rows(self, doc: etree._Element) -> tuple[list[etree._Element], PostReader]:
        """The elements that each begin one post of the page, in order, and their reader."""
        raise NotImplementedError

    def body_html(self, body: etree._Element) -> str:
        """A post body normalised (interfaces.md §2): ``chrome`` dropped, :meth:`convert`."""
        if self.chrome_words is None or self.quote_words is None:
            return body_html(body, self.chrome, self.convert)
        return body_html(body, self.chrome, self.convert,
                         body_steps(body, self.chrome_words, self.quote_words))

    def convert(self, body: etree._Element) -> None:
        """The engine's quotes and spoilers to ``<blockquote data-author>`` and ``<details>``."""

