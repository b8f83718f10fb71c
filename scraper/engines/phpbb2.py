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
into ``PageInfo.per_page``. Built on the real pages of ../shared/real/engines/phpbb2/ (phpBB
2.0 fiappleblue, TorrentPier) and our own subSilver fixtures.
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
    edited_from_text,
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
_SIGNATURE = "_________________"
_LABEL = re.compile(r"^[^:]{1,40}:\s*")
_CLOCK = re.compile(r"\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?", re.I)
_USER_ID = re.compile(r"[?&;]u=(\d+)")


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


def normalize_body(body: etree._Element) -> str:
    clean(body)
    for note in find(body, f"./span[{cls('gensmall')}]"):  # the edit note beside the text
        note.drop_tree()
    _cut_signature(body)
    for cell in find(body, f".//td[{cls('quote')}]"):  # subSilver: table > header row + td.quote
        table = next(cell.iterancestors("table"), None)
        if table is None:
            continue
        head = first(table, f".//*[{cls('genmed')}]//b | .//*[{cls('genmed')}]")
        make_quote(table, cell, wrote_name(text_of(head)), None)
    for box in find(body, f".//div[{cls('q-wrap')}]"):  # TorrentPier
        head, inner = first(box, f"./div[{cls('q-head')}]"), first(box, f"./div[{cls('q')}]")
        make_quote(box, inner, wrote_name(text_of(head)), None)
    for sp in find(body, f".//div[{cls('sp-wrap')}]"):
        head = first(sp, f"./div[{cls('sp-head')}]")
        title = text_of(head) or "Spoiler"
        make_spoiler(sp, first(sp, f"./div[{cls('sp-body')}]"), title)
    normalize_colors(body)
    return inner_html(body).strip()


class PhpBB2(Engine):
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

    def detect(self, page: str) -> bool:
        if "viewtopic.php" not in page:
            return False
        if 'class="post_body"' in page and re.search(r"<tbody[^>]+id=\"post_\d+\"", page):
            return True  # TorrentPier
        return ("postbody" in page and "postdetails" in page
                and bool(re.search(r"""class=["']name["']><a name=["']\d+""", page)))

    def thread_url(self, url: str) -> str:
        return keep_query(url, "t")

    def page_url(self, thread_url: str, page: int, info: PageInfo | None = None) -> str:
        return offset_url(self.thread_url(thread_url), page, info.per_page if info is not None else None,
                          DEFAULT_STEP, "start")

    def page_info(self, html: str | bytes, url: str) -> PageInfo:
        doc = load(html)
        return _page_info(doc, base_url(doc, url), url)

    def parse_page(self, html: str | bytes, url: str, tz: ZoneInfo, now: datetime | None) -> list[Post]:
        doc = load(as_text(html))
        base, langs = base_url(doc, url), languages(doc)
        info = _page_info(doc, base, url)
        thread = self.thread_url(url)
        start = int(query(url).get("start") or 0) or (info.current - 1) * (info.per_page or
                                                                            DEFAULT_STEP)
        tp = find(doc, "//tbody[starts-with(@id, 'post_')][.//div[contains(@class, 'post_body')]]")
        read = _torrentpier_post if tp else _subsilver_post
        rows = tp or find(doc, f"//span[{cls('name')}]/a[@name]")
        posts = []
        for i, el in enumerate(rows):
            posts.append(read(el, start + i + 1, thread, base, url, tz, now, langs))
        return posts


def _page_info(doc: etree._Element, base: str, url: str) -> PageInfo:
    tid = query(url).get("t")
    pages: dict[int, str] = {}
    step = None
    for a in find(doc, "//a[contains(@href, 'viewtopic.php') and contains(@href, 'start=')]"):
        n = number(text_of(a)) if text_of(a).isdigit() else None
        href = joined(base, a.get("href"))  # the XPath wants a viewtopic.php href
        q = query(href)
        if not n or (tid and q.get("t") != tid):
            continue
        pages[n] = href
        start = int(q.get("start") or 0)
        if n > 1 and start and start % (n - 1) == 0:
            step = start // (n - 1)
    start = int(query(url).get("start") or 0)
    current = 1 + start // step if step and start else 1
    marked = [m for m in (number(text_of(b)) for b in find(
        doc, f"//*[{cls('nav')} or {cls('gensmall')} or {cls('pg-jump-menu')}]/b"
             " | //*[contains(@class, 'pg')]/b | //p[contains(@style, 'float')]/b")) if m]
    if not step and marked:
        current = marked[0]
    if step is None and start and current > 1 and start % (current - 1) == 0:
        step = start // (current - 1)
    last = max([current, *pages])
    nxt = pages.get(current + 1)
    return PageInfo(current, last, nxt if current < last else None, step)


def _subsilver_post(anchor: etree._Element, num: int, thread: str, base: str, url: str,
                    tz: ZoneInfo, now: datetime | None, langs: list[str]) -> Post:
    pid = anchor.get("name")
    where = f"{url}: post {pid}"
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
    details = [d for d in find(cell, f".//*[{cls('postdetails')}]") if _CLOCK.search(text_of(d))]
    when = _time_text(text_of(details[0]) if details else "")
    profile = first(row.getnext() if row.getnext() is not None else row,
                    ".//a[contains(@href, 'viewprofile')]")
    m = _USER_ID.search(profile.get("href") or "") if profile is not None else None
    note = next((g for g in find(cell, f".//*[{cls('postbody')}]/following::span"
                                       f"[{cls('gensmall')}][1]") if _CLOCK.search(text_of(g))),
                None)
    edited = edited_from_text(text_of(note), [author], tz, now, langs) if note is not None \
        else None
    return Post(
        id=pid, number=num, thread=thread,
        url=joined(base, f"viewtopic.php?p={pid}#{pid}"), author=author,
        author_id=m.group(1) if m else None,
        time=text_time(when, tz, now, langs, where), edited=edited,
        html=normalize_body(body),
    )


def _time_text(text: str) -> str:
    """"Posted: Mon Nov 28, 2026 8:04 pm   Post subject: …" -> the date up to its clock."""
    text = _LABEL.sub("", " ".join(text.split()), count=1)
    m = _CLOCK.search(text)
    return text[: m.end()] if m else text


def _torrentpier_post(tbody: etree._Element, num: int, thread: str, base: str, url: str,
                      tz: ZoneInfo, now: datetime | None, langs: list[str]) -> Post:
    pid = tbody.get("id").removeprefix("post_")
    where = f"{url}: post {pid}"
    author = text_of(first(tbody, f".//p[{cls('nick')}]"))
    if not author:
        raise ScrapeError(f"{where}: no author found")
    stamp = first(tbody, f".//a[{cls('p-link')}]")
    body = first(tbody, f".//div[{cls('post_body')}]")
    if body is None:
        raise ScrapeError(f"{where}: no post body found")
    profile = first(tbody, ".//a[contains(@href, 'profile.php') and contains(@href, 'u=')]")
    m = _USER_ID.search(profile.get("href") or "") if profile is not None else None
    return Post(
        id=pid, number=num, thread=thread,
        url=joined(base, f"viewtopic.php?p={pid}#{pid}"), author=author,
        author_id=m.group(1) if m else None,
        time=text_time(text_of(stamp), tz, now, langs, where), edited=None,
        html=normalize_body(body),
    )


register(PhpBB2())
