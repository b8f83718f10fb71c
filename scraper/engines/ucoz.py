"""uCoz forums (the Russian site builder's forum module) (issue 11).

No real uCoz page could be found: this adapter and its fixture follow the public markup as
public sources document it — the default forum templates' classes as third-party scrapers,
theme scripts and re-implementations select them (``table.gTable`` rows ``tr[id^=post]``,
``td.postTdTop`` with the author link and "Дата: … | Сообщение # N", ``td.posttdMessage >
span.ucoz-forum-post``, ``span.signatureView``, quotes ``div.bbQuoteBlock`` with
``div.bbQuoteName`` ("Цитата (X)", "X пишет:", or ``span.qName``) and ``div.quoteMessage``,
pages ``/forum/FORUM-TOPIC-PAGE`` with ``a.switchNext``). Unverified against a live forum.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit, urlunsplit

from lxml import etree

from votal.errors import ScrapeError
from votal.scraper.engines import register
from votal.scraper.engines._common import (
    PageContext,
    PagedEngine,
    body_html,
    body_steps,
    cls,
    first,
    joined,
    number,
    wrote_name,
)
from votal.scraper.engines.base import Example, PageInfo
from votal.scraper.model import Post
from votal.scraper.normalize import (
    classed,
    classed_below,
    classed_child,
    first_classed,
    make_quote,
    text_of,
)

_TOPIC = re.compile(r"^(.*?/forum/\d+-\d+)(?:-(\d+))?(?:-[\d-]+)?/?$")
_DATE = re.compile(r"^[^:|]*:\s*(.*?)\s*(?:\|.*)?$")
_IN_PARENS = re.compile(r"\(([^()]+)\)\s*$")
_PROFILE = re.compile(r"/index/8-(\d+)")
_ACTIVE = f"//*[{cls('switchActive')}]"
# what precedes an element in document order (its ancestors, then the preceding axis) and is
# the active switch
_EARLIER_ACTIVE = etree.XPath(f"ancestor::*[{cls('switchActive')}]"
                              f" | preceding::*[{cls('switchActive')}]")
_CHROME = (f".//*[{cls('signatureView')}]", f".//*[{cls('signatureHr')}]",
           f".//*[{cls('edited')}]", ".//comment()")
# the words of _CHROME's class tests (its comments: ``clean`` drops them first) and the class
# _convert_quotes looks for: ``body_steps`` (issue 22)
_CHROME_WORDS, _QUOTES = ("signatureView", "signatureHr", "edited"), ("bbQuoteBlock",)


def _quote_name(head: etree._Element | None) -> str | None:
    if head is None:
        return None
    q = first_classed(head, etree.Element, "qName")
    if q is not None:
        return text_of(q) or None
    text = text_of(head)
    m = _IN_PARENS.search(text)
    return m.group(1).strip() if m else wrote_name(text)


def normalize_body(cell: etree._Element) -> str:
    # the cell's first child is the post's span in uCoz's templates: the first descendant of
    # the class, no walk (issue 22)
    first_child = cell[0] if len(cell) else None
    body = first_child if first_child is not None and first_child.tag == "span" and classed(
        first_child, "ucoz-forum-post") else first_classed(cell, "span", "ucoz-forum-post")
    body = body if body is not None else cell
    return body_html(body, _CHROME, _convert_quotes, body_steps(body, _CHROME_WORDS, _QUOTES))


def _convert_quotes(body: etree._Element) -> None:
    # the quote blocks and their name and message divs by lxml's tag walks (issue 22)
    for block in classed_below(body, "div", "bbQuoteBlock"):
        head = classed_child(block, "div", "bbQuoteName")
        make_quote(block, classed_child(block, "div", "quoteMessage"), _quote_name(head), None)


class UCoz(PagedEngine):
    page_ids = False  # never looks an id up: the page parsed without an ID table
    name = "ucoz"
    label = "uCoz forums"
    precedence = 95
    url_patterns = (re.compile(r"^https?://[^/]+\.(?:ucoz\.\w+|my1\.ru|at\.ua|3dn\.ru|do\.am|"
                               r"moy\.su|narod\.ru)/forum/\d+-\d+"),
                    re.compile(r"^https?://[^/]+/forum/\d+-\d+-\d+(?:[-/?#]|$)"))
    examples = (
        Example("https://mafia.ucoz.ru/forum/5-77-2", "https://mafia.ucoz.ru/forum/5-77-1", 3,
                "https://mafia.ucoz.ru/forum/5-77-3"),
        Example("https://igra.example.ru/forum/12-340-1", "https://igra.example.ru/forum/12-340-1"),
        Example("https://mafia.ucoz.ru/forum/5-77-5012-16-1795892640",
                "https://mafia.ucoz.ru/forum/5-77-1"),
    )

    def detect(self, page: str) -> bool:
        return "posttdMessage" in page and "postTdTop" in page and "gTable" in page

    def thread_url(self, url: str) -> str:
        p = urlsplit(url)
        m = _TOPIC.match(p.path)
        return urlunsplit((p.scheme, p.netloc, m.group(1) + "-1", "", "")) if m else url

    def page_url(self, thread_url: str, page: int, info: PageInfo | None = None) -> str:
        base = self.thread_url(thread_url)
        return base if page <= 1 else f"{base[:-2]}-{page}"

    def read_page_info(self, doc: etree._Element, base: str, url: str) -> PageInfo:
        # every //a[switchDigit] and the first //a[switchNext]/@href from one walk of the links'
        # classes (issue 22: two), the first //*[switchActive] by _active
        switches = _switch_links(doc)
        current = number(text_of(_active(doc))) or _page_of(url)
        numbers = [number(text_of(a)) for a in switches if classed(a, "switchDigit")]
        last = max([current, *[n for n in numbers if n]])
        nxt = next((href for a in switches if classed(a, "switchNext")
                    and (href := a.get("href")) is not None), None)
        return PageInfo(current, last, joined(base, nxt) if nxt and current < last else None)

    def read_posts(self, doc: etree._Element, page: PageContext) -> list[Post]:
        return [_post(box, tops, cell, page) for box, tops, cell in _boxes(doc)]


Box = tuple[etree._Element, list[etree._Element], etree._Element | None]


def _switch_links(doc: etree._Element) -> list[etree._Element]:
    """``//a[contains(@class, 'switch')]`` (every link whose class names a page switch:
    switchDigit, switchNext…) by lxml's tag walk of the page's links: libxml2's XPath walked
    every node of the page for it, 40 us of a 15-post page (issue 22)."""
    return [a for a in doc.iter("a") if "switch" in (a.get("class") or "")]


def _boxes(doc: etree._Element) -> list[Box]:
    """The posts' boxes: ``//table[postTable][starts-with(@id, 'post')] | //tr[starts-with(@id,
    'post')][.//td[contains(@class, 'posttdMessage')]]`` whose id ends in digits, by lxml's tag
    walk of the page's rows and tables (document order, as the union's), each with what
    :func:`_cells` finds in it: the walk of a row's cells that tells a box is also the one
    that reads its cells (issue 22: two walks of every box's cells)."""
    boxes = []
    for el in doc.iter("tr", "table"):
        pid = el.get("id")
        if pid is None or not pid.startswith("post") or not pid[4:].isdigit():
            continue
        if el.tag == "table":
            if classed(el, "postTable"):
                tops, cell, _ = _cells(el)
                boxes.append((el, tops, cell))
        else:
            tops, cell, message = _cells(el)
            if message:
                boxes.append((el, tops, cell))
    return boxes


def _cells(box: etree._Element) -> tuple[list[etree._Element], etree._Element | None, bool]:
    """A box's top cells (``.//td[postTdTop]``: the first two, or all when fewer; the post reads
    no other), its first message cell (``.//td[posttdMessage]``) and whether a cell's class
    holds the word posttdMessage (``.//td[contains(@class, 'posttdMessage')]``), from one walk
    of its cells, which ends once all three are known."""
    tops: list[etree._Element] = []
    cell: etree._Element | None = None
    message = False
    for td in box.iterdescendants("td"):
        value = td.get("class")
        if not value:
            continue
        if "postTdTop" in value and len(tops) < 2 and classed(td, "postTdTop"):
            tops.append(td)
        if "posttdMessage" in value:
            message = True
            if cell is None and classed(td, "posttdMessage"):
                cell = td
        if cell is not None and len(tops) == 2:
            break
    return tops, cell, message


def _active(doc: etree._Element) -> etree._Element | None:
    """The first ``//*[switchActive]`` (uCoz prints the page's own number as
    ``b.switchActive``): the first such ``b`` by lxml's tag walk, then the elements of the
    class before it in document order (its ancestors and the preceding axis: the page's head
    and forum bar when the switches head the page, as uCoz's do), the first of them if any;
    the whole page's search only when no ``b`` is the mark. libxml2's search tests the class of
    every element of the page (issue 22)."""
    for b in doc.iter("b"):
        if classed(b, "switchActive"):
            return next(iter(_EARLIER_ACTIVE(b)), b)
    return first(doc, _ACTIVE)  # no b marked: another element, or no mark


def _page_of(url: str) -> int:
    m = _TOPIC.match(urlsplit(url).path)
    return int(m.group(2)) if m and m.group(2) and m.group(2).isdigit() else 1


def _post(box: etree._Element, tops: list[etree._Element], cell: etree._Element | None,
          page: PageContext) -> Post:
    """A post from its box, its first two top cells and its message cell (:func:`_cells`)."""
    pid = box.get("id")[4:]
    where = page.where(pid)
    user = first(tops[0], ".//a") if tops else None
    author = text_of(user if user is not None else (tops[0] if tops else None))
    if not author or len(tops) < 2:
        raise ScrapeError(f"{where}: no author found")
    head = text_of(tops[1])
    m = _DATE.match(head)
    printed = number(text_of(first_classed(tops[1], "a", "postNumberLink")))
    if cell is None:
        raise ScrapeError(f"{where}: no post body found")
    profile = next((href for a in box.iterdescendants("a")  # .//a[contains(@href, …)]/@href
                    if "/index/8-" in (href := a.get("href") or "")), None)
    uid = _PROFILE.search(profile) if profile else None
    return Post(
        id=pid, number=printed, thread=page.thread, url=f"{page.thread}#{pid}",
        author=author, author_id=uid.group(1) if uid else None,
        time=page.time(m.group(1) if m else head, where), edited=None,
        html=normalize_body(cell),
    )


register(UCoz())
