"""The contract every forum-engine adapter fulfils (style.md: one module per engine).

An adapter module defines one subclass of :class:`Engine` and registers an instance with
:func:`votal.scraper.engines.register`. Everything here is pure: text in, records out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from votal.scraper.model import Post


@dataclass(frozen=True, slots=True)
class PageInfo:
    """Where a page sits in its thread."""

    current: int  # 1-based page number of this page
    last: int | None  # last page number when the page says it, else None
    next_url: str | None  # absolute URL of the next page, None on the last page


class Engine:
    """Base class: override the class attributes and the three methods."""

    name: str = ""  # "xenforo2", "phpbb", ...: the key of `engine:URL`
    label: str = ""  # human name, "XenForo 2"
    # URL regexes that identify the engine without fetching (known hosts, distinctive paths)
    url_patterns: tuple[re.Pattern[str], ...] = ()
    # example thread URLs: tests check that each one is routed to this engine
    example_urls: tuple[str, ...] = ()

    def matches_url(self, url: str) -> bool:
        return any(p.search(url) for p in self.url_patterns)

    def detect(self, page: str) -> bool:
        """True when the page markup (its first 300 KB is enough) is this engine's thread page."""
        raise NotImplementedError

    def parse_page(self, html: str, url: str, tz: ZoneInfo, now: datetime) -> list[Post]:
        """Every post of one thread page, bodies normalised per interfaces.md §2.

        ``tz`` is the zone for text-only times, ``now`` (aware) anchors "Today"/"Yesterday".
        """
        raise NotImplementedError

    def page_info(self, html: str, url: str) -> PageInfo:
        raise NotImplementedError

    def page_url(self, thread_url: str, page: int) -> str:
        """URL of page ``page`` (1-based) of the thread whose first page is ``thread_url``."""
        raise NotImplementedError

    def thread_url(self, url: str) -> str:
        """The canonical first-page URL for any page URL of the thread (default: unchanged)."""
        return url
