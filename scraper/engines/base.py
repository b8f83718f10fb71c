"""The contract every forum-engine adapter fulfils (style.md; gallery-dl's extractors as model).

One module per engine family, ``scraper/engines/<name>.py``, defines one :class:`Engine`
subclass and registers an instance with :func:`votal.scraper.engines.register`. What an
adapter *declares* (class attributes, read by the registry, the fetching layer and the tests):

``name``, ``label``
    The key of ``engine:URL`` (``phpbb:https://…``) and the human name.
``precedence``
    Where the adapter stands when URLs and pages are matched: the registry tries adapters in
    increasing ``precedence`` (unique per adapter), so a more specific fingerprint gets the
    lower number (XenForo 2 before XenForo 1, vBulletin 4 before vBulletin 3, phpBB 3 before
    phpBB 2). The order of the module list in ``engines/__init__.py`` means nothing.
``sites``
    The table of known forums running the engine (host names; ``www.`` ignored). A URL on a
    known site goes to its engine before any URL pattern is tried: this is how two versions
    that share URL shapes (vBulletin 3 and 4) are told apart without fetching.
``url_patterns``
    Regexes that recognise a thread URL of the engine on any host.
``examples``
    :class:`Example` URLs, each with the thread URL and a page URL the adapter must make of
    it: one generic test routes and rebuilds every example of every adapter, no network.
``variants``
    Other adapters of the same family whose pages this one's URLs also reach (XenForo 1 for
    XenForo 2): a page whose markup is a variant's is read by that variant.
``api``
    The engine's own fetch strategy when it has one (:class:`PostStreamApi`: Discourse's and
    Flarum's JSON APIs); ``None`` for engines read page by page.
``retired``
    For a defunct platform (Curse): the one line that says why votal reads none of its pages;
    a page it detects is refused with that line instead of "no known forum engine".

and what it *does* (pure: text in, records out, no I/O, no module-level mutable state):

:meth:`Engine.detect`
    Is this page (its first 300 KB) a thread page of the engine?
:meth:`Engine.parse_page`
    Every post of one thread page as a :class:`~votal.scraper.model.Post`, bodies normalised
    per interfaces.md §2 (quotes ``<blockquote data-author data-post>``, colours
    ``style="color: …"``, spoilers ``<details>``); text dates through ``scraper/dates.py``.
:meth:`Engine.page_info`, :meth:`Engine.page_url`, :meth:`Engine.thread_url`
    Pagination. What a thread's pages teach — the page size of offset-paged engines (phpBB's
    ``start=``, SMF's ``topic=T.OFFSET``) — travels in the :class:`PageInfo` of the page that
    taught it and is handed back to ``page_url``: two threads scraped in one process never see
    each other's page sizes.

How to add an engine (the files to touch; CONTRIBUTING.md has the same list):

1. ``scraper/engines/<name>.py``: the subclass, its declarations and ``register(...)``; shared
   code of a family goes into a private base module (``_vbulletin.py``, ``_xenforo.py``; the
   old table-layout engines paged by a query offset subclass ``_tables.OffsetTableEngine``),
   page-level helpers into ``_common.py`` (an engine read from HTML pages subclasses its
   ``PagedEngine``: the page opened once, variants dispatched, posts read with a
   ``PageContext``).
2. ``scraper/engines/__init__.py``: the module name in ``_MODULES``.
3. ``fixtures/engines/<name>/``: hand-written pages (el/it/ru) and, beside each page
   ``X.html``, ``X.expected.json`` (what ``tests/scraper/test_engine_fixtures.py`` checks).
4. ``tests/scraper/test_real_pages.py``: the real pages of ``../shared/real/engines/`` if any.
5. ``bench/scrape_bench.py``: the naive baseline's selectors for the engine.
6. README.md: the engine table, with the evidence the adapter was built on.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

from votal.scraper.model import Post


@dataclass(frozen=True, slots=True)
class PageInfo:
    """Where a page sits in its thread, and what it teaches about the thread's other pages."""

    current: int  # 1-based page number of this page
    last: int | None  # last page number when the page says it, else None
    next_url: str | None  # absolute URL of the next page, None on the last page
    per_page: int | None = None  # posts per page, when the page's links show it (offset paging)


@dataclass(frozen=True, slots=True)
class Example:
    """A URL the adapter claims, the thread URL it makes of it and the URL of one more page."""

    url: str
    thread: str  # ``thread_url(url)``
    page: int = 2
    page_url: str | None = None  # ``page_url(thread, page)``; None: not checked
    per_page: int | None = None  # the page size a page of the thread taught (offset paging)


@dataclass(frozen=True, slots=True)
class PostStream:
    """The first answer of a :class:`PostStreamApi`: every post id of the thread, in order."""

    topic_id: int
    slug: str
    stream: tuple[int, ...]  # every post id, thread order
    posts: tuple[Post, ...]  # the posts embedded in that answer


class PostStreamApi(Protocol):
    """An engine's own fetch strategy: one request lists every post id of the thread, the
    posts not stored yet are asked in batches (Discourse ``/t/ID.json`` + ``posts.json``).

    ``scraper/fetch.py`` drives it: ``topic_url`` (asked conditionally: an unchanged thread
    costs one request), ``parse_topic``, ``batch_urls`` for the missing ids, ``parse_batch``
    for each answer, then ``link_quotes`` over every known post (quotes that name a post by
    its number get the post's id).
    """

    def topic_url(self, thread_url: str) -> str: ...

    def parse_topic(self, text: str, url: str) -> PostStream: ...

    def batch_urls(self, thread_url: str, ids: Sequence[int]) -> list[str]: ...

    def parse_batch(self, text: str, url: str, thread_url: str) -> list[Post]: ...

    def link_quotes(self, posts: list[Post]) -> list[Post]: ...


def host_of(url: str) -> str:
    return urlsplit(url).netloc.lower().split("@")[-1].split(":")[0].removeprefix("www.")


class Engine:
    """Base class: override the declarations and ``detect``, ``parse_page``, ``page_info``,
    ``page_url`` (and ``thread_url`` unless page URLs are the thread URL); see the module
    docstring."""

    name: str = ""
    label: str = ""
    precedence: int = 1000
    sites: tuple[str, ...] = ()
    url_patterns: tuple[re.Pattern[str], ...] = ()
    examples: tuple[Example, ...] = ()
    variants: tuple[Engine, ...] = ()
    api: PostStreamApi | None = None
    retired: str | None = None
    # what ``detect`` looks for, in words: named when no engine recognises a page (issue 11)
    signals: tuple[str, ...] = ()

    def matches_url(self, url: str) -> bool:
        """The URL is a thread URL of this engine by its shape (``sites`` are the registry's)."""
        return any(p.search(url) for p in self.url_patterns)

    def variant_for(self, page: str) -> Engine | None:
        """The variant whose markup ``page`` is, when it is not this engine's own."""
        if not self.variants or self.detect(page[:300_000]):
            return None
        return next((v for v in self.variants if v.detect(page[:300_000])), None)

    def detect(self, page: str) -> bool:
        """True when the page markup (its first 300 KB is enough) is this engine's thread page."""
        raise NotImplementedError

    def parse_page(self, html: str, url: str, tz: ZoneInfo, now: datetime | None) -> list[Post]:
        """Every post of one thread page, bodies normalised per interfaces.md §2.

        ``tz`` is the zone for text-only times, ``now`` (aware) anchors "Today"/"Yesterday".
        """
        raise NotImplementedError

    def page_info(self, html: str, url: str) -> PageInfo:
        raise NotImplementedError

    def read_page(self, html: str, url: str, tz: ZoneInfo, now: datetime | None
                  ) -> tuple[list[Post], PageInfo]:
        """``parse_page`` and ``page_info`` of one page, the page parsed once (what a scrape
        asks of every page it fetches). This default calls both; an engine read from a parsed
        document overrides it so that the document is opened once."""
        return self.parse_page(html, url, tz, now), self.page_info(html, url)

    def page_url(self, thread_url: str, page: int, info: PageInfo | None = None) -> str:
        """URL of page ``page`` (1-based) of the thread whose first page is ``thread_url``;
        ``info`` is a page of the same thread already read (its ``per_page`` is the page size
        offset-paged engines need)."""
        raise NotImplementedError

    def thread_url(self, url: str) -> str:
        """The canonical first-page URL for any page URL of the thread (default: unchanged)."""
        return url

    def why_empty(self, html: str, where: str) -> Exception | None:
        """The engine's own reason why ``html`` (found at ``where``, a file or a URL) gave no
        posts, when it knows one (a JavaScript app's shell); None leaves the reason to the
        fetching layer's checks common to every engine (login wall, error page, ...)."""
        return None
