"""vBulletin 5.x (Connect / Cloud) thread pages (forum-engines.md §3.6).

Trust the epoch ``li.b-post[data-node-publishdate]``: ``time[itemprop=dateCreated]`` has no
offset (the sample's is seven hours off UTC), the visible text is in the viewer's zone.
"""

from __future__ import annotations

import re
from datetime import datetime

from lxml import etree

from votal.scraper import dates
from votal.scraper.engines import _vbulletin as vb
from votal.scraper.engines import register
from votal.scraper.engines._common import PageContext, absolute, cls, first, number
from votal.scraper.engines.base import Example, PageInfo
from votal.scraper.model import Post
from votal.scraper.normalize import class_tokens, text_of

# the page list's total and box: near the top of the page, where a walk that stops at the first
# match ([1]) ends sooner than the walk of every class attribute first_match would take (4x on
# the bench's vB5 pages, issue 22)
_PAGETOTAL = f"/descendant::*[{cls('pagetotal')}][1]"
_PAGENAV = f"/descendant::*[{cls('pagenav')}][1]"


class VBulletin5(vb.VBulletinEngine):
    page_ids = False  # never looks an id up: the page parsed without an ID table
    name = "vbulletin5"
    label = "vBulletin 5"
    url_patterns = (
        re.compile(r"^https?://[^/]+\.vbulletin\.net/forum/.+/\d+-[^/?#]+"),
    )
    precedence = 30
    examples = (
        Example("https://fandompost.vbulletin.net/forum/anime-manga-discussions/"
                "general-anime-discussions/727744-isekai-quartet-discussion-thread",
                "https://fandompost.vbulletin.net/forum/anime-manga-discussions/"
                "general-anime-discussions/727744-isekai-quartet-discussion-thread", 2,
                "https://fandompost.vbulletin.net/forum/anime-manga-discussions/"
                "general-anime-discussions/727744-isekai-quartet-discussion-thread/page2"),
        Example("https://mafia.vbulletin.net/forum/games/12-palermo-43/page2",
                "https://mafia.vbulletin.net/forum/games/12-palermo-43", 3,
                "https://mafia.vbulletin.net/forum/games/12-palermo-43/page3"),
        Example("https://f.vbulletin.net/forum/games/5500-palermo-44/page3?p=5507#post5507",
                "https://f.vbulletin.net/forum/games/5500-palermo-44"),
    )

    signals = ('<meta name="generator" content="vBulletin 5…"> (or 6…)',
               "body#vb-page-body with li.b-post[data-node-id]")

    # a vB6 guest page's post has no data-node-id: its id is its anchor's, a#post123.anchor
    posts = (f"//li[{cls('b-post')}][@data-node-id or a[starts-with(@id, 'post')]"
             f"[@class = 'anchor']]")
    per_page = 15

    def detect(self, page: str) -> bool:
        # vBulletin 6 keeps vB5's markup (issue 22: two real 6.0.6 and 6.1.6 guest pages)
        if re.search(r"<meta[^>]+content=\"vBulletin [56]", page):
            return True
        return "vb-page-body" in page and "data-node-id" in page and "b-post" in page

    def thread_url(self, url: str) -> str:
        return vb.thread_url_5(url)

    def page_url(self, thread_url: str, page: int, info: PageInfo | None = None) -> str:
        return vb.page_url_5(thread_url, page)

    def read_page_info(self, doc: etree._Element, base: str, url: str) -> PageInfo:
        total = number(text_of(first(doc, _PAGETOTAL)))
        box = first(doc, "//input[contains(@class, 'js-pagenum')]/@value")
        current = number(box) or vb.page_of_34(url)
        last = max(total, current) if total else (current if first(doc, _PAGENAV) is None
                                                  else None)
        return vb.next_page(base, current, last, first(doc, "//head/link[@rel='next']/@href"))

    def read_post(self, el: etree._Element, fallback: int, page: PageContext) -> Post:
        return _post(el, fallback, page)


# a post's parts (author boxes, counter, body, edit notes) from one walk of the post in Python
# (issue 22: six XPath searches of the whole post before; an XPath of the five class tests is
# slower than this walk), told apart as has_class reads the classes
_OFFSET = re.compile(r"T\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)$")
_AUTHOR_LINK, _AUTHOR = f".//*[{cls('author')}]//a", f".//*[{cls('author')}]"


def _post(li: etree._Element, fallback: int, page: PageContext) -> Post:
    pid = li.get("data-node-id") or _anchor_id(li)
    where = page.where(pid)
    thread = page.thread
    boxes: list[etree._Element] = []
    counter = body = edit = info = None
    for el in li.iterdescendants():  # the first of each in document order, as first() finds it
        value = el.get("class")
        if not value or not ("b-userinfo__details" in value or "b-post__" in value
                             or "js-post__content-text" in value or "edit-info" in value):
            continue
        classes = class_tokens(el)
        if "b-userinfo__details" in classes:
            boxes.append(el)
        if counter is None and el.tag == "a" and "b-post__count" in classes:
            counter = el
        if body is None and "js-post__content-text" in classes:
            body = el
        if edit is None and "b-post__edit" in classes:
            edit = el
        if info is None and "edit-info" in classes:
            info = el
    # .//*[b-userinfo__details]//*[author]//a, else …//*[author]: the first box (document order)
    # with a match holds the post's first match (a later box is inside it or after it)
    user = _first_in(boxes, _AUTHOR_LINK)
    if user is None:
        user = _first_in(boxes, _AUTHOR)
    author = text_of(user)  # "": kept, problems ["author"] (issue 11)
    note = edit if edit is not None else info
    return Post(
        id=pid, number=number(text_of(counter)) or fallback, thread=thread,
        url=(absolute(page.base, counter.get("href")) if counter is not None else None)
        or f"{thread}#post{pid}",
        author=author, author_id=vb.member_id(user.get("href")) if user is not None else None,
        time=_time(li, where, page),
        edited=vb.edited_time(note, [author], page),
        html=vb.normalize_body(body) if body is not None else "",
    )


def _anchor_id(li: etree._Element) -> str:
    """The post id of a vB6 post without data-node-id: its a#post123.anchor child's."""
    for a in li.iterchildren("a"):
        value = a.get("id") or ""
        if a.get("class") == "anchor" and value.startswith("post") and value[4:].isdigit():
            return value[4:]
    return ""  # not met: the posts' XPath takes no such li


def _first_in(roots: list[etree._Element], expr: str) -> etree._Element | None:
    for root in roots:
        hit = first(root, expr)
        if hit is not None:
            return hit
    return None


def _time(li: etree._Element, where: str, page: PageContext) -> datetime | None:
    epoch = (li.get("data-node-publishdate") or "").strip()
    if epoch.isdigit():
        return dates.from_epoch(epoch).astimezone(page.tz)
    stamp = first(li, ".//time[@itemprop='dateCreated']")
    if stamp is None:
        return None
    # vB6 writes the instant with its offset ("2014-03-17T00:25:01+00:00"); vB5's has none
    value = (stamp.get("datetime") or "").strip()
    if _OFFSET.search(value):
        try:
            return dates.from_iso(value).astimezone(page.tz)
        except ValueError:
            pass
    return page.time(text_of(stamp), where)


register(VBulletin5())
