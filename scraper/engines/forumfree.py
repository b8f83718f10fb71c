"""ForumFree / ForumCommunity hosted forums (forumfree.it, forumcommunity.net, blogfree.net):
the Italian free host where Lupus in Tabula communities play (issue 11).

No real page could be found: the adapter and its fixture follow the host's public markup as
we know it from the host's skins (an Invision Free descendant) — posts ``li.post#eePID``, the
author ``.nick a`` (``?act=Profile&MID=…``), the time ``.when`` ("Posted on 28/11/2026,
20:04", "Inviato il …", relative "Oggi/Ieri"), the body ``.color``, quotes ``div.quote_top``
"CITAZIONE (X @ date)" + ``div.quote``, signatures ``.signature``, pages ``?t=ID&st=OFFSET``
(15 posts a page by default, read from the page links into ``PageInfo.per_page``); what it
shares with the other table-layout engines is ``_tables.py``'s.
Unverified against a live forum: say so when it fails, with the page.
"""

from __future__ import annotations

import re

from lxml import etree

from votal.errors import ScrapeError
from votal.scraper.engines import register
from votal.scraper.engines._common import (
    PageContext,
    cls,
    find,
    first,
    number,
    wrote_name,
)
from votal.scraper.engines._tables import OffsetTableEngine, PostReader
from votal.scraper.engines.base import Example
from votal.scraper.model import Post
from votal.scraper.normalize import (
    class_tokens,
    classed,
    classed_below,
    classed_child,
    make_quote,
    make_spoiler,
    text_of,
)

_HOSTS = r"forumfree\.it|forumfree\.net|forumcommunity\.net|forumcommunity\.it|blogfree\.net"
_LABEL = re.compile(r"^\s*(?:Posted on|Inviato il|Scritto il|Postato il)\s*", re.I)
_QUOTE_OF = re.compile(r"\(\s*(.+?)\s*@[^)]*\)")


class ForumFree(OffsetTableEngine):
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
    topic_param, offset_param, default_step = "t", "st", 15
    # two predicates, the first an attribute's test: libxml2 walks the links' hrefs (issue 22)
    page_links = "//a[contains(@href, 'st=')][contains(@href, 't=')]"
    chrome = (f".//*[{cls('signature')}]", f".//*[{cls('edit')}]")
    chrome_words, quote_words = ("signature", "edit"), ("quote_top", "spoiler")

    def detect(self, page: str) -> bool:
        hosted = "forumfree" in page or "forumcommunity" in page
        return hosted and bool(re.search(r"""<li[^>]+id=["']ee\d+""", page)) and "nick" in page

    def same_topic(self, linked: str | None, topic: str | None) -> bool:
        return linked == topic

    def position(self, doc: etree._Element, offset: int, step: int | None
                 ) -> tuple[int, int | None]:
        """The number the page list marks current, else the one the offset gives."""
        marked = number(text_of(_current_mark(doc)))
        return marked or 1 + offset // (step or self.default_step), step

    def rows(self, doc: etree._Element) -> tuple[list[etree._Element], PostReader]:
        items = [li for li in find(doc, f"//li[{cls('post')}][starts-with(@id, 'ee')]")
                 if li.get("id")[2:].isdigit()]
        return items, self._post

    def convert(self, body: etree._Element) -> None:
        # the quote headers, spoilers and their code divs by lxml's tag walks (issue 22)
        for top in classed_below(body, "div", "quote_top"):
            main = top.getnext()
            if main is None or "quote" not in (main.get("class") or "").split():
                continue
            text = text_of(top)
            m = _QUOTE_OF.search(text)
            author = m.group(1) if m else wrote_name(text)
            top.drop_tree()
            make_quote(main, None, author, None)
        for sp in classed_below(body, "div", "spoiler"):
            make_spoiler(sp, classed_child(sp, "div", "code"))

    def _post(self, li: etree._Element, num: int, page: PageContext) -> Post:
        pid = li.get("id")[2:]
        where = page.where(pid)
        user, stamp, body = _parts(li)
        author = text_of(user)
        if user is None or not author:  # text_of(None) is "": the same test
            raise ScrapeError(f"{where}: no author found")
        m = re.search(r"MID=(\d+)", user.get("href") or "")
        when = _LABEL.sub("", text_of(stamp))
        if body is None:
            raise ScrapeError(f"{where}: no post body found")
        thread = page.thread
        return Post(
            id=pid, number=num, thread=thread, url=f"{thread}&view=findpost&p={pid}"
            if "?" in thread else f"{thread}#entry{pid}",
            author=author, author_id=m.group(1) if m else None,
            time=page.time(when, where), edited=None, html=self.body_html(body),
        )


_MARK = f"//*[{cls('pages')}]//*[{cls('current')}]"
# what precedes an element in document order (its ancestors, then the preceding axis) and is
# marked current
_EARLIER_MARKS = etree.XPath(f"ancestor::*[{cls('current')}] | preceding::*[{cls('current')}]")


def _current_mark(doc: etree._Element) -> etree._Element | None:
    """The first ``//*[pages]//*[current]`` (ForumFree marks its page ``li.current`` in
    ``ul.pages``): the first such ``li`` by lxml's tag walk of the page's items, then the
    elements of the mark's class before it in document order (its ancestors and the preceding
    axis: the page's head and header when the list heads the page, as ForumFree's does), the
    first of them in a page list if any; the whole page's search only when no item is the
    mark. libxml2's search tests the class of every element of the page: 70 µs of a 15-post
    page (issue 22)."""
    for li in doc.iter("li"):
        value = li.get("class")
        if value and "current" in value and classed(li, "current") and _in_pages(li):
            break
    else:
        return first(doc, _MARK)  # no item marked: another element, or no mark
    return next((el for el in _EARLIER_MARKS(li) if _in_pages(el)), li)


def _in_pages(el: etree._Element) -> bool:
    """Is ``el`` below an element of the class ``pages``?"""
    return any(classed(up, "pages") for up in el.iterancestors())


def _parts(li: etree._Element) -> tuple[
        etree._Element | None, etree._Element | None, etree._Element | None]:
    """A post's author link ``.//*[nick]//a``, its time ``.//*[when]`` and its body
    ``.//td[color]``, else ``.//div[color]``, else the last cell of the first
    ``.//table[color]`` (each the first in document order): one walk of the post's elements,
    which ends at the body cell once the other two are met (issue 22: four XPath searches of
    the post before).

    The last fallback: ForumFree's post markup as scripts for its forums copy it, to append
    posts that look like the page's own (vgrasso/forumfree-utilities, "Fast Notifications" and
    "Top Vote"), has ``table.color`` hold the body in a plain ``td`` of its last row, no
    ``td.color``: such a page had every post refused ("no post body found")."""
    user = stamp = cell = block = table = None
    for el in li.iterdescendants():
        value = el.get("class")
        if not value:
            continue
        if user is None and "nick" in value and "nick" in class_tokens(el):
            user = next(el.iterdescendants("a"), None)
        if stamp is None and "when" in value and "when" in class_tokens(el):
            stamp = el
        if "color" in value and el.tag in ("td", "div", "table") and "color" in class_tokens(el):
            if el.tag == "td":
                cell = el if cell is None else cell
            elif el.tag == "div":
                block = el if block is None else block
            else:
                table = el if table is None else table
        if cell is not None and user is not None and stamp is not None:
            break
    if cell is None and block is None and table is not None:
        cells = [td for row in _rows(table) for td in row.iterchildren("td")]
        return user, stamp, cells[-1] if cells else None
    return user, stamp, cell if cell is not None else block


def _rows(table: etree._Element) -> list[etree._Element]:
    """The rows of ``table`` itself (``./tr``, ``./tbody/tr``, ``./thead/tr``…), in order."""
    rows = []
    for child in table.iterchildren():
        if child.tag == "tr":
            rows.append(child)
        elif child.tag in ("thead", "tbody", "tfoot"):
            rows.extend(child.iterchildren("tr"))
    return rows

register(ForumFree())
