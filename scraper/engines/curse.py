"""Curse forums (MTG Salvation, Curse's game-wiki forums): a defunct platform (issue 11).

Curse's "Elastic" forum platform (``li.p-comments > div.j-comment[data-id]``,
``span.p-comment-postdate``) was shut down with the sites that ran it; its threads survive only
as saved pages, whose markup is Curse's own. votal recognises such a page so that it can say so
in one line, instead of "no known forum engine", and reads nothing from it. Built on the real
page of ../shared/real/engines/curse/ (MTG Salvation, 2016).
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from votal.errors import UnknownEngineError
from votal.scraper.engines import register
from votal.scraper.engines.base import Engine, PageInfo
from votal.scraper.model import Post


class Curse(Engine):
    name = "curse"
    label = "Curse forums (defunct)"
    precedence = 990  # last: it claims nothing another adapter reads
    retired = ("a thread page of Curse's forum platform (MTG Salvation and Curse's other "
               "forums), which was shut down: votal does not read Curse threads")

    def detect(self, page: str) -> bool:
        return "j-comment" in page and "p-comment-postdate" in page and "data-author-id" in page

    def parse_page(self, html: str, url: str, tz: ZoneInfo, now: datetime | None) -> list[Post]:
        if not self.detect(html[:300_000]):
            return []
        raise UnknownEngineError(f"{url}: {self.retired}")

    def page_info(self, html: str, url: str) -> PageInfo:
        raise UnknownEngineError(f"{url}: {self.retired}")

    def page_url(self, thread_url: str, page: int, info: PageInfo | None = None) -> str:
        raise UnknownEngineError(f"{thread_url}: {self.retired}")


register(Curse())
