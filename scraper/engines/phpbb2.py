"""phpBB 2.0 thread pages, subSilver and its derivatives, and TorrentPier (a phpBB 2 fork:
rutracker and many Russian trackers' forums) (issue 11).

subSilver is a table layout without post ids in attributes: a post is the table row whose
``span.name`` holds ``<a name="ID">`` and the author; the time is the text of the row's
``span.postdetails`` after its label ("Posted:", "Inviato:", "Добавлено:"); the body is
``.postbody`` up to the signature line ("_________________"). Quotes are a table whose header
cell says "X wrote:" above a ``td.quote``; they name no post. TorrentPier: ``tbody#post_ID``,
``p.nick``, the time in ``a.p-link``, ``div.post_body``, quotes ``div.q-wrap`` (``div.q-head``
"X писал(а):" + ``div.q``), spoilers ``div.sp-wrap``. Both print text times only. Pages are
addressed by the offset ``start`` (phpBB 2's default page size is 15), read from the page links
into ``PageInfo.per_page`` (the reading it shares with the other table-layout engines:
``_tables.py``). Built on the real pages of ../shared/real/engines/phpbb2/ (phpBB
2.0 fiappleblue, TorrentPier) and our own subSilver fixtures.
"""

from __future__ import annotations

import re

from lxml import etree

from votal.errors import ScrapeError
from votal.scraper.engines import register
from votal.scraper.engines._common import (
    PageContext,
    cls,
    edited_from_text,
    find,
    first,
    first_of,
    number,
    wrote_name,
)
from votal.scraper.engines._tables import OffsetTableEngine, PostReader
from votal.scraper.engines.base import Example
from votal.scraper.model import Post
from votal.scraper.normalize import (
    classed_below,
    classed_child,
    first_classed,
    make_quote,
    make_spoiler,
    text_of,
)

_SIGNATURE = "_________________"
_LABEL = re.compile(r"^[^:]{1,40}:\s*")
_CLOCK = re.compile(r"\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?", re.I)
_USER_ID = re.compile(r"[?&;]u=(\d+)")
# the bold page number of the page list: a <b> child of a nav/gensmall/pg* block or of a floated
# <p>, in one walk over the page's <b>s (was a union of three walks of every element, issue 22)
_MARKED = (f"//b[parent::*[{cls('nav')} or {cls('gensmall')} or {cls('pg-jump-menu')}"
           " or contains(@class, 'pg')] or parent::p[contains(@style, 'float')]]")


def _cut_signature(body: etree._Element) -> None:
    """Drop the signature: everything from the "_________________" line on."""
    if _SIGNATURE in (body.text or ""):
        body.text = body.text.split(_SIGNATURE, 1)[0]
        for child in list(body):
            body.remove(child)
        return
    for node in body.iter():
        if node is body:
            continue
        if _SIGNATURE in (node.text or ""):
            node.text = node.text.split(_SIGNATURE, 1)[0]
            for child in list(node):
                node.remove(child)
        elif _SIGNATURE in (node.tail or ""):
            node.tail = node.tail.split(_SIGNATURE, 1)[0]
        else:
            continue
        while node is not body and node.getparent() is not None:  # what follows, at every level
            for sib in list(node.itersiblings()):
                node.getparent().remove(sib)
            node = node.getparent()
        return


class PhpBB2(OffsetTableEngine):
    name = "phpbb2"
    label = "phpBB 2 / subSilver, TorrentPier"
    precedence = 38  # before phpBB 3: a stricter fingerprint (no div#pID posts)
    sites = ("rutracker.org", "rutracker.net")
    examples = (
        Example("https://rutracker.org/forum/viewtopic.php?t=5194116",
                "https://rutracker.org/forum/viewtopic.php?t=5194116", 3,
                "https://rutracker.org/forum/viewtopic.php?t=5194116&start=60", per_page=30),
        Example("https://rutracker.org/forum/viewtopic.php?t=5194116&start=30",
                "https://rutracker.org/forum/viewtopic.php?t=5194116", 2,
                "https://rutracker.org/forum/viewtopic.php?t=5194116&start=15"),
    )
    topic_param, offset_param, default_step = "t", "start", 15
    # two predicates, the first an attribute's test: libxml2 walks the links' hrefs (issue 22)
    page_links = "//a[contains(@href, 'start=')][contains(@href, 'viewtopic.php')]"
    chrome = (f"./span[{cls('gensmall')}]",)  # the edit note beside the text

    def detect(self, page: str) -> bool:
        if "viewtopic.php" not in page:
            return False
        if 'class="post_body"' in page and re.search(r"<tbody[^>]+id=\"post_\d+\"", page):
            return True  # TorrentPier
        return ("postbody" in page and "postdetails" in page
                and bool(re.search(r"""class=["']name["']><a name=["']\d+""", page)))

    def position(self, doc: etree._Element, offset: int, step: int | None
                 ) -> tuple[int, int | None]:
        """From the offset when the links gave the step, else the number the page list marks
        (bold); the last page, which links no later one, teaches the step by its own offset."""
        current = 1 + offset // step if step and offset else 1
        if not step:  # the marked number is read only when the links gave no step
            current = next((m for m in (number(text_of(b)) for b in find(doc, _MARKED)) if m),
                           current)
        if step is None and offset and current > 1 and offset % (current - 1) == 0:
            step = offset // (current - 1)
        return current, step

    def first_offset(self, doc: etree._Element, page: PageContext) -> int:
        info = page.info or self.read_page_info(doc, page.base, page.url)
        return self.offset(page.url) or (info.current - 1) * (info.per_page or self.default_step)

    def rows(self, doc: etree._Element) -> tuple[list[etree._Element], PostReader]:
        tp = find(doc, "//tbody[starts-with(@id, 'post_')][.//div[contains(@class, 'post_body')]]")
        if tp:
            return tp, self._torrentpier_post
        return find(doc, f"//span[{cls('name')}]/a[@name]"), self._subsilver_post

    def convert(self, body: etree._Element) -> None:
        _cut_signature(body)
        # the quote cells and boxes, spoilers and their head and body divs by lxml's tag walks
        # (issue 22)
        for cell in classed_below(body, "td", "quote"):  # subSilver: table > header row + td.quote
            table = next(cell.iterancestors("table"), None)
            if table is None:
                continue
            head = first(table, f".//*[{cls('genmed')}]//b | .//*[{cls('genmed')}]")
            make_quote(table, cell, wrote_name(text_of(head)), None)
        for box in classed_below(body, "div", "q-wrap"):  # TorrentPier
            head, inner = classed_child(box, "div", "q-head"), classed_child(box, "div", "q")
            make_quote(box, inner, wrote_name(text_of(head)), None)
        for sp in classed_below(body, "div", "sp-wrap"):
            head = classed_child(sp, "div", "sp-head")
            title = text_of(head) or "Spoiler"
            make_spoiler(sp, classed_child(sp, "div", "sp-body"), title)

    def _subsilver_post(self, anchor: etree._Element, num: int, page: PageContext) -> Post:
        pid = anchor.get("name")
        where = page.where(pid)
        name_el = anchor.getparent()
        author = text_of(name_el)
        if not author:
            raise ScrapeError(f"{where}: no author found")
        row = next(name_el.iterancestors("tr"))
        cell = first_of(row, f"./td[.//*[{cls('postbody')}]]")
        if cell is None:
            raise ScrapeError(f"{where}: no post body found")
        body = first(cell, f".//*[{cls('postbody')}]")
        if body is None:  # not reached: the cell was chosen for holding a postbody
            raise ScrapeError(f"{where}: no post body found")
        if body.tag == "span":  # subSilver: quotes close the span and open a new one after them
            body = body.getparent()
        details = [d for d in find(cell, f".//*[{cls('postdetails')}]")
                   if _CLOCK.search(text_of(d))]
        when = _time_text(text_of(details[0]) if details else "")
        profile = next((a for a in (row.getnext() if row.getnext() is not None else row)
                        .iterdescendants("a") if "viewprofile" in (a.get("href") or "")), None)
        m = _USER_ID.search(profile.get("href") or "") if profile is not None else None
        note = next((g for g in find(cell, f".//*[{cls('postbody')}]/following::span"
                                           f"[{cls('gensmall')}][1]") if _CLOCK.search(text_of(g))),
                    None)
        edited = edited_from_text(text_of(note), [author], page.tz, page.now, page.langs) \
            if note is not None else None
        return Post(
            id=pid, number=num, thread=page.thread,
            url=page.link(f"viewtopic.php?p={pid}#{pid}"), author=author,
            author_id=m.group(1) if m else None,
            time=page.time(when, where), edited=edited, html=self.body_html(body),
        )

    def _torrentpier_post(self, tbody: etree._Element, num: int, page: PageContext) -> Post:
        pid = tbody.get("id").removeprefix("post_")
        where = page.where(pid)
        # p.nick, a.p-link, div.post_body and the profile link by lxml's tag walks (issue 22)
        author = text_of(first_classed(tbody, "p", "nick"))
        if not author:
            raise ScrapeError(f"{where}: no author found")
        stamp = first_classed(tbody, "a", "p-link")
        body = first_classed(tbody, "div", "post_body")
        if body is None:
            raise ScrapeError(f"{where}: no post body found")
        profile = next((a for a in tbody.iterdescendants("a")
                        if "profile.php" in (href := a.get("href") or "") and "u=" in href), None)
        m = _USER_ID.search(profile.get("href") or "") if profile is not None else None
        return Post(
            id=pid, number=num, thread=page.thread,
            url=page.link(f"viewtopic.php?p={pid}#{pid}"), author=author,
            author_id=m.group(1) if m else None,
            time=page.time(text_of(stamp), where), edited=None, html=self.body_html(body),
        )


def _time_text(text: str) -> str:
    """"Posted: Mon Nov 28, 2026 8:04 pm   Post subject: …" -> the date up to its clock."""
    text = _LABEL.sub("", " ".join(text.split()), count=1)
    m = _CLOCK.search(text)
    return text[: m.end()] if m else text


register(PhpBB2())
