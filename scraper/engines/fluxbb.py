"""FluxBB 1.4–1.5 and PunBB 1.2–1.4 thread pages (issue 11).

FluxBB and PunBB 1.2: ``div.blockpost#pID``, the post number ("#1") and the time in the ``h2``
link, the author in ``.postleft dt``, the body ``div.postmsg`` (the signature is
``div.postsignature``, also ``postmsg``). PunBB 1.3/1.4: ``div.post#pID``, ``.post-num``,
``.post-byline``, the time in ``.post-link a``, the body ``div.entry-content``. Quotes
``div.quotebox > cite "X wrote:" + blockquote`` name no post; colours are spans. Times are text
("2024-08-03 10:59:47", "Today 20:04:11", "Сегодня 20:04") in the board's zone. Pages are
``viewtopic.php?id=T&p=N``. Built on the real FluxBB page of ../shared/real/engines/punbb_fluxbb/
and our own PunBB 1.4 fixture (from PunBB's templates).
"""

from __future__ import annotations

import re
from datetime import datetime

from lxml import etree

from votal.errors import ScrapeError
from votal.scraper.engines import register
from votal.scraper.engines._common import (
    PageContext,
    PagedEngine,
    absolute,
    body_html,
    body_steps,
    cls,
    edited_from_text,
    find,
    first,
    keep_query,
    number,
    query,
    wrote_name,
)
from votal.scraper.engines.base import Example, PageInfo
from votal.scraper.model import Post
from votal.scraper.normalize import class_tokens, classed_below, make_quote, text_of

_IN_PARENS = re.compile(r"\(([^()]*\d[^()]*)\)\s*$")
_USER_ID = re.compile(r"profile\.php\?id=(\d+)")
_CHROME_WORDS = ("postsignature", "sig-content", "postedit", "lastedit", "sig-line")
_CHROME = tuple(f".//*[{cls(word)}]" for word in _CHROME_WORDS)
# the class convert_quotes looks for (div.quotebox): with _CHROME_WORDS, body_steps (issue 22)
_QUOTES = ("quotebox",)


def convert_quotes(body: etree._Element) -> None:
    # .//div[quotebox], by lxml's tag walk of the body's divs (issue 22)
    for box in classed_below(body, "div", "quotebox"):
        # ./cite, and ./blockquote/div else ./blockquote: the box's children, no XPath
        cite = next(box.iterchildren("cite"), None)
        quotes = list(box.iterchildren("blockquote"))
        inner = next((div for bq in quotes for div in bq.iterchildren("div")),
                     quotes[0] if quotes else None)
        make_quote(box, inner, wrote_name(text_of(cite)), None)


class FluxBB(PagedEngine):
    page_ids = False  # never looks an id up: the page parsed without an ID table
    name = "fluxbb"
    label = "FluxBB / PunBB"
    precedence = 39  # before phpBB 3, whose viewtopic.php pattern also matches "?id=1&p=2"
    sites = ("bbs.archlinux.org",)
    url_patterns = (re.compile(r"/viewtopic\.php\?(?:[^#]*&)?(?:id|pid)=\d+"),)
    examples = (
        Example("https://bbs.archlinux.org/viewtopic.php?id=298271",
                "https://bbs.archlinux.org/viewtopic.php?id=298271", 2,
                "https://bbs.archlinux.org/viewtopic.php?id=298271&p=2"),
        Example("https://forum.example.ru/viewtopic.php?id=77&p=3",
                "https://forum.example.ru/viewtopic.php?id=77", 4,
                "https://forum.example.ru/viewtopic.php?id=77&p=4"),
        Example("https://x.example/viewtopic.php?id=5", "https://x.example/viewtopic.php?id=5"),
    )

    def detect(self, page: str) -> bool:
        if "viewtopic.php" not in page:
            return False
        return bool(re.search(r"<div[^>]+class=\"blockpost\b", page)
                    or ("post-byline" in page and "entry-content" in page
                        and re.search(r"<div[^>]+(?:id=\"p\d+\"[^>]*class=\"post\b|"
                                      r"class=\"post\b[^\"]*\"[^>]*id=\"p\d+\")", page)))

    def thread_url(self, url: str) -> str:
        return keep_query(url, "id")

    def page_url(self, thread_url: str, page: int, info: PageInfo | None = None) -> str:
        base = self.thread_url(thread_url)
        return base if page <= 1 else f"{base}&p={page}"

    def read_page_info(self, doc: etree._Element, base: str, url: str) -> PageInfo:
        return _page_info(doc, base, url)

    def read_posts(self, doc: etree._Element, page: PageContext) -> list[Post]:
        boxes = [b for b in find(doc, "//div[starts-with(@id, 'p')][contains(concat(' ', @class, "
                                      "' '), ' blockpost ') or contains(concat(' ', @class, ' '), "
                                      "' post ')]")
                 if b.get("id")[1:].isdigit()]
        notes = _notes(doc, boxes)
        return [_post(b, page, notes.get(b)) for b in boxes]


def _page_info(doc: etree._Element, base: str, url: str) -> PageInfo:
    nav = first(doc, f"//p[{cls('pagelink')} or {cls('paging')}]")
    current = number(query(url).get("p")) or 1
    last = current
    nxt = None
    if nav is not None:
        strong = first(nav, ".//strong")
        current = number(text_of(strong)) or current
        links = [n for n in (number(text_of(a)) for a in find(nav, ".//a") if text_of(a).isdigit())
                 if n is not None]  # a digit text always reads as a number
        last = max([current, *links])
        href = first(nav, ".//a[@rel='next']/@href")
        nxt = absolute(base, href) if href and current < last else None
    return PageInfo(current, last, nxt)


# a post's searches, built once (issue 22: the strings were made again for every post); the
# author, the h2's link and number and the body are found by tag walks (_user, _in_h2, _body)
_STAMP = f".//*[{cls('post-link')}]//a"
_NUMBER = f".//*[{cls('post-num')}]"
_NOTES = f"//*[{cls('postedit')} or {cls('lastedit')}]"


def _notes(doc: etree._Element, boxes: list[etree._Element]) -> dict[etree._Element, etree._Element]:
    """Each post's edit note, ``.//*[postedit or lastedit]`` of the post (the first in document
    order): the page's notes found by one search of the page, each given to the posts it is
    inside, not one search of every post (issue 22: most posts have none)."""
    posts = set(boxes)
    found: dict[etree._Element, etree._Element] = {}
    for note in find(doc, _NOTES):
        for anc in note.iterancestors():
            if anc in posts and anc not in found:
                found[anc] = note
    return found


def _below(el: etree._Element, box: etree._Element, name: str) -> bool:
    """Has ``el`` an ancestor of class ``name`` inside ``box``? (``has_class``'s test.)"""
    for anc in el.iterancestors():
        if anc is box:
            return False
        if name in (anc.get("class") or "") and name in class_tokens(anc):
            return True
    return False


def _user(box: etree._Element) -> etree._Element | None:
    """The first match of ``.//*[postleft]//dt``, else ``.//*[post-byline]//a``, else
    ``.//*[post-byline]//strong``: lxml's tag walk of the post for the dt (a, strong) and a
    look at the ancestors of each it meets, not an XPath walk of every element (issue 22)."""
    for holder, tag in _USER_TAGS:
        for el in box.iterdescendants(tag):
            if _below(el, box, holder):
                return el
    return None


_USER_TAGS = (("postleft", "dt"), ("post-byline", "a"), ("post-byline", "strong"))


def _in_h2(box: etree._Element) -> tuple[etree._Element | None, etree._Element | None]:
    """The post link ``.//h2//a[contains(@href, 'pid=')]`` and number ``.//h2//*[conr]``,
    each the first below an ``h2`` of the post (the first ``h2`` that holds one gives it: a
    later h2 is inside it or after it), by tag walks of the h2s."""
    stamp = shown = None
    for h2 in box.iterdescendants("h2"):
        if stamp is None:
            stamp = next((a for a in h2.iterdescendants("a") if "pid=" in (a.get("href") or "")),
                         None)
        if shown is None:
            shown = next((el for el in h2.iterdescendants()
                          if "conr" in (el.get("class") or "") and "conr" in class_tokens(el)),
                         None)
        if stamp is not None and shown is not None:
            break
    return stamp, shown


def _body(box: etree._Element) -> etree._Element | None:
    """The first ``.//div[postmsg][not(postsignature)]``, else ``.//div[entry-content]``, by
    lxml's tag walk of the post's divs."""
    divs = list(box.iterdescendants("div"))
    for el in divs:
        value = el.get("class") or ""
        if "postmsg" in value and "postmsg" in (names := class_tokens(el)) \
                and "postsignature" not in names:
            return el
    for el in divs:
        if "entry-content" in (el.get("class") or "") and "entry-content" in class_tokens(el):
            return el
    return None


def _post(box: etree._Element, page: PageContext, note: etree._Element | None) -> Post:
    pid = box.get("id")[1:]
    where = page.where(pid)
    user = _user(box)
    inner = first(user, ".//a") if user is not None else None
    author = text_of(inner if inner is not None else user)
    if not author:
        raise ScrapeError(f"{where}: no author found")
    # .//a[contains(@href, 'profile.php')] of the user's element; no <a>: no profile link
    link = next((a for a in user.iterdescendants("a") if "profile.php" in (a.get("href") or "")),
                None) if inner is not None and user is not None else None
    if link is None and user is not None and user.tag == "a":
        link = user
    m = _USER_ID.search(link.get("href") or "") if link is not None else None
    stamp, shown = _in_h2(box)
    if stamp is None:
        stamp = first(box, _STAMP)
    printed = number(text_of(shown if shown is not None else first(box, _NUMBER)))
    body = _body(box)
    if body is None:
        raise ScrapeError(f"{where}: no post body found")
    href = stamp.get("href") if stamp is not None else None
    return Post(
        id=pid, number=printed, thread=page.thread,
        url=(page.link(href) if href else None)
        or page.link(f"viewtopic.php?pid={pid}#p{pid}"),
        author=author, author_id=m.group(1) if m else None,
        time=page.time(text_of(stamp), where),
        edited=_edited(text_of(note), author, page) if note is not None else None,
        html=body_html(body, _CHROME, convert_quotes, body_steps(body, _CHROME_WORDS, _QUOTES)),
    )


def _edited(text: str, author: str, page: PageContext) -> datetime | None:
    """"Last edited by X (2024-08-03 11:02:20)" / "Отредактировано X (Сегодня 10:02:00)"."""
    m = _IN_PARENS.search(text)
    return edited_from_text(m.group(1) if m else text, [author], page.tz, page.now, page.langs)


register(FluxBB())
