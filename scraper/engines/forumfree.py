"""ForumFree / ForumCommunity hosted forums (forumfree.it, forumcommunity.net, blogfree.net):
the Italian free host where Lupus in Tabula communities play (issue 11).

No real page could be found: the adapter and its fixture follow the host's public markup as
we know it from the host's skins (an Invision Free descendant) — posts ``li.post#eePID``, the
author ``.nick a`` (``?act=Profile&MID=…``), the time ``.when`` ("Posted on 28/11/2026,
20:04", "Inviato il …", relative "Oggi/Ieri"), the body ``.color``, quotes ``div.quote_top``
"CITAZIONE (X @ date)" + ``div.quote``, signatures ``.signature``, pages ``?t=ID&st=OFFSET``
(15 posts a page by default, read from the page links into ``PageInfo.per_page``).
Unverified against a live forum: say so when it fails, with the page.
"""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

from lxml import etree

from votal.errors import ScrapeError
from votal.scraper.engines import register
from votal.scraper.engines._common import (
    as_text,
    base_url,
    cls,
    drop_matching,
    find,
    first,
    first_of,
    joined,
    keep_query,
    languages,
    load,
    number,
    offset_url,
    query,
    text_time,
    wrote_name,
)
from votal.scraper.engines.base import Engine, Example, PageInfo
from votal.scraper.model import Post
from votal.scraper.normalize import (
    clean,
    inner_html,
    make_quote,
    make_spoiler,
    normalize_colors,
    text_of,
)

DEFAULT_STEP = 15
_HOSTS = r"forumfree\.it|forumfree\.net|forumcommunity\.net|forumcommunity\.it|blogfree\.net"
_LABEL = re.compile(r"^\s*(?:Posted on|Inviato il|Scritto il|Postato il)\s*", re.I)
_QUOTE_OF = re.compile(r"\(\s*(.+?)\s*@[^)]*\)")
_CHROME = (f".//*[{cls('signature')}]", f".//*[{cls('edit')}]")


def normalize_body(body: etree._Element) -> str:
    clean(body)
    drop_matching(body, _CHROME)
    for top in find(body, f".//div[{cls('quote_top')}]"):
        main = top.getnext()
        if main is None or "quote" not in (main.get("class") or "").split():
            continue
        text = text_of(top)
        m = _QUOTE_OF.search(text)
        author = m.group(1) if m else wrote_name(text)
        top.drop_tree()
        make_quote(main, None, author, None)
    for sp in find(body, f".//div[{cls('spoiler')}]"):
        make_spoiler(sp, first(sp, f"./div[{cls('code')}]"))
    normalize_colors(body)
    return inner_html(body).strip()


class ForumFree(Engine):
    name = "forumfree"
    label = "ForumFree / ForumCommunity"
    precedence = 92
    url_patterns = (re.compile(rf"^https?://[^/]+\.(?:{_HOSTS})/\?(?:[^#]*&)?t=\d+"),)
    examples = (
        Example("https://lupusintabula.forumfree.it/?t=76543210&st=15",
                "https://lupusintabula.forumfree.it/?t=76543210", 3,
                "https://lupusintabula.forumfree.it/?t=76543210&st=30"),
        Example("https://giochi.forumcommunity.net/?t=58123456",
                "https://giochi.forumcommunity.net/?t=58123456", 2,
                "https://giochi.forumcommunity.net/?t=58123456&st=20", per_page=20),
    )

    def detect(self, page: str) -> bool:
        hosted = "forumfree" in page or "forumcommunity" in page
        return hosted and bool(re.search(r"""<li[^>]+id=["']ee\d+""", page)) and "nick" in page

    def thread_url(self, url: str) -> str:
        return keep_query(url, "t")

    def page_url(self, thread_url: str, page: int, info: PageInfo | None = None) -> str:
        return offset_url(self.thread_url(thread_url), page, info.per_page if info is not None else None,
                          DEFAULT_STEP, "st")

    def page_info(self, html: str | bytes, url: str) -> PageInfo:
        doc = load(html)
        base = base_url(doc, url)
        tid = query(url).get("t")
        pages, step = {}, None
        for a in find(doc, "//a[contains(@href, 't=') and contains(@href, 'st=')]"):
            href = joined(base, a.get("href"))  # the XPath wants a t=…&st=… href
            q = query(href)
            n = number(text_of(a)) if text_of(a).isdigit() else None
            if n and q.get("t") == tid:
                pages[n] = href
                st = int(q.get("st") or 0)
                if n > 1 and st and st % (n - 1) == 0:
                    step = st // (n - 1)
        st = int(query(url).get("st") or 0)
        current = number(text_of(first(doc, f"//*[{cls('pages')}]//*[{cls('current')}]"))) or \
            1 + st // (step or DEFAULT_STEP)
        last = max([current, *pages])
        nxt = pages.get(current + 1)
        return PageInfo(current, last, nxt if current < last else None, step)

    def parse_page(self, html: str | bytes, url: str, tz: ZoneInfo, now: datetime | None) -> list[Post]:
        doc = load(as_text(html))
        base, langs = base_url(doc, url), languages(doc)
        thread = self.thread_url(url)
        start = int(query(url).get("st") or 0)
        items = [li for li in find(doc, f"//li[{cls('post')}][starts-with(@id, 'ee')]")
                 if li.get("id")[2:].isdigit()]
        return [_post(li, start + i + 1, thread, base, url, tz, now, langs)
                for i, li in enumerate(items)]


def _post(li: etree._Element, num: int, thread: str, base: str, url: str, tz: ZoneInfo,
          now: datetime | None, langs: list[str]) -> Post:
    pid = li.get("id")[2:]
    where = f"{url}: post {pid}"
    user = first(li, f".//*[{cls('nick')}]//a")
    author = text_of(user)
    if user is None or not author:  # text_of(None) is "": the same test
        raise ScrapeError(f"{where}: no author found")
    m = re.search(r"MID=(\d+)", user.get("href") or "")
    when = _LABEL.sub("", text_of(first(li, f".//*[{cls('when')}]")))
    body = first_of(li, f".//td[{cls('color')}]", f".//div[{cls('color')}]")
    if body is None:
        raise ScrapeError(f"{where}: no post body found")
    return Post(
        id=pid, number=num, thread=thread, url=f"{thread}&view=findpost&p={pid}"
        if "?" in thread else f"{thread}#entry{pid}",
        author=author, author_id=m.group(1) if m else None,
        time=text_time(when, tz, now, langs, where), edited=None, html=normalize_body(body),
    )


register(ForumFree())
