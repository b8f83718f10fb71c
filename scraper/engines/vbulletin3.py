"""vBulletin 3.0–3.8 thread pages (forum-engines.md §3.4).

Text-only times (first ``td.thead`` of the post table, in the board's date format). Many vB3
boards serve ISO-8859-1 or windows-1251: pass the raw bytes and the page is decoded from its
``<meta charset>`` (§4.1). The URL shapes are vBulletin 4's too: the generic patterns live in
that adapter, which declares this one as its variant (vB3 markup is read here); a known vB3
site (``sites``) is routed here by URL.
"""

from __future__ import annotations

import re

from lxml import etree

from votal.errors import ScrapeError
from votal.scraper.engines import _vbulletin as vb
from votal.scraper.engines import register
from votal.scraper.engines._common import PageContext, cls, find, first, number
from votal.scraper.engines.base import Example
from votal.scraper.model import Post
from votal.scraper.normalize import by_id, by_id_in, text_of


class VBulletin3(vb.VBulletinEngine):
    name = "vbulletin3"
    label = "vBulletin 3"
    precedence = 32
    sites = ("forums.animesuki.com",)
    examples = (
        Example("https://forums.animesuki.com/showthread.php?t=128882&page=152",
                "https://forums.animesuki.com/showthread.php?t=128882", 153,
                "https://forums.animesuki.com/showthread.php?t=128882&page=153"),
    )

    signals = ('<meta name="generator" content="vBulletin 3…">', "div#post_message_N with a.bigusername")

    def detect(self, page: str) -> bool:
        if re.search(r"<meta[^>]+content=\"vBulletin 3", page):
            return True
        return "post_message_" in page and "bigusername" in page

    # 3.5+: div#post_message_N, N digits only (not NextGen's "Top Answer" copy,
    # div#post_message_topanswer). 3.0 prints the body as a bare <div> after the template's
    # "<!-- message -->" comment; the post's id is only in its table (div#postmenu_N,
    # a[name=postN]) (real page: forum.azzurra.org, vB 3.0.6, read as no post at all before)
    posts = (f"//div/@id[{vb.numbered_id('post_message_', '.')}]/.."
             " | //comment()[normalize-space(.)='message']"
             "/following-sibling::*[1][self::div][not(@id)]")
    per_page = 20
    page_nav = f"//div[{cls('pagenav')}]"
    page_texts = f".//td[{cls('vbmenu_control')}]"

    def read_post(self, el: etree._Element, fallback: int, page: PageContext) -> Post:
        return _post(el, fallback, page)

    def pages_said(self, doc: etree._Element, navs: list[etree._Element]
                   ) -> tuple[int, int] | None:
        return super().pages_said(doc, navs) or _magicbar(doc)

    def page_number(self, doc: etree._Element, url: str) -> int:
        bar = _magicbar(doc)  # vBSEO's "…-2.html" carries the page where URLs cannot tell it
        return bar[0] if bar else vb.page_of_34(url)


def _magicbar(doc: etree._Element) -> tuple[int, int] | None:
    """Internet Brands' NextGen style has no ``div.pagenav``: its "magic bar" says ``2 / 87``
    (found by id, not by a walk of the page: read before any body is rewritten)."""
    current = number(text_of(by_id(doc, "mb_page_current")))
    last = number(text_of(by_id(doc, "mb_page_total")))
    return (current, last) if current and last else None


_V30_ID = re.compile(r"^(?:postmenu_|post)(\d+)$")


def _post_box(body: etree._Element, page: PageContext) -> tuple[str, etree._Element]:
    """The post's id and the element holding its whole postbit."""
    bid = body.get("id") or ""
    if bid.startswith("post_message_"):
        pid = bid.removeprefix("post_message_")
        box = next((a for a in body.iterancestors()
                    if a.get("id") in (f"post{pid}", f"edit{pid}")), None)
        if box is None:
            raise ScrapeError(f"{page.where(pid)}: no post table (table#post{pid}) around the "
                              "message")
        return pid, box
    for table in body.iterancestors("table"):  # vB 3.0: the nearest table naming a post
        for value in find(table, ".//div[starts-with(@id, 'postmenu_')]/@id"
                                 " | .//a[starts-with(@name, 'post')]/@name"):
            m = _V30_ID.match(str(value))
            if m:
                return m.group(1), table
    raise ScrapeError(f"{page.url}: a message (<!-- message --> div) with no post table naming "
                      "its post (div#postmenu_N) around it")


def _post(body: etree._Element, fallback: int, page: PageContext) -> Post:
    pid, box = _post_box(body, page)
    where = page.where(pid)
    # the menu and the counter from the page's ID table (by_id_in: the walk of the post only
    # when the table's element is not inside it), not by two XPath walks of the post (issue 22)
    menu = by_id_in(box, f"postmenu_{pid}")
    # profile links: member.php?u=N, or vBSEO's members/N-name (pprune.org)
    user = first(menu, ".//a[contains(@href, 'member.php') or contains(@href, '/members/')]") \
        if menu is not None else None
    author = text_of(user if user is not None else menu)  # "": kept, problems ["author"]
    count = by_id_in(box, f"postcount{pid}")
    if count is not None and count.tag != "a":  # ``.//a[@id=$id]``: the first such a, if any
        count = first(box, ".//a[@id=$id]", id=f"postcount{pid}")
    if count is None:  # 3.0: "#<a href="showpost.php?p=N&postcount=K"><strong>K</strong></a>"
        count = first(box, ".//a[contains(@href, 'postcount=')]"
                           "[contains(@href, concat('p=', $pid, '&'))]", pid=pid)
    printed = number(count.get("name") or text_of(count)) if count is not None else None
    stamp = first(box, f".//td[{cls('thead')}]")
    note = first(box, ".//em[.//span[@class='time']]")
    when = page.time(text_of(stamp), where) if stamp is not None else None
    if when is None:  # a customised postbit (issue 11): the date moved, or the cell is a div
        when = vb.date_anywhere(box, (body, menu, note), page)  # (not the edit's)
    return Post(
        id=pid, number=printed or fallback, thread=page.thread,
        url=page.link(f"showthread.php?p={pid}#post{pid}"),
        author=author, author_id=vb.member_id(user.get("href")) if user is not None else None,
        time=when,
        edited=vb.edited_time(note, [author], page),
        html=vb.normalize_body(body, vb3=True),
    )


register(VBulletin3())
