"""Simple Machines Forum 1.1 / 2.0 / 2.1 thread pages (forum-engines.md §3.8).

Anchored on the body ``div.inner[id^=msg_]`` (every 2.x theme keeps it), then the nearest
ancestor holding the ``.poster`` box. SMF 1.1's table templates give the body no id for a guest
(``div.post`` gets ``id="msg_N"`` only where the reader may edit the post): there every message
is found by its subject, ``div#subject_N``, in the cell that also holds ``div.post``, inside the
message's table (poster cell first, "Last Edit" cell ``#modified_N`` and signature after).
SMF prints no machine time: the header text ("« Reply #1 on: September 19, 2007, 02:16:51 PM »")
goes to ``dates.parse_forum_time`` in the board's zone. "Reply #N" numbers replies from 0 (the
opening post has none), so the post number is N + 1; without it the number is the page offset
plus the position on the page.

Pages are ``index.php?topic=T.OFFSET`` (or ``index.php/topic,T.OFFSET.html``) with OFFSET a
multiple of the board's posts-per-page: ``page_info`` reads that size from the page links into
``PageInfo.per_page`` and ``page_url`` is handed it back (SMF's default, 15, without one).
"""

from __future__ import annotations

import re
from datetime import datetime
from urllib.parse import urljoin, urlsplit, urlunsplit
from zoneinfo import ZoneInfo

from lxml import etree

from votal.scraper.dates import parse_forum_time
from votal.scraper.engines import register
from votal.scraper.engines._common import body_steps, joined, languages
from votal.scraper.engines.base import Engine, Example, PageInfo
from votal.scraper.model import Post
from votal.scraper.normalize import (
    by_id_in,
    class_tokens,
    classed,
    clean,
    document,
    drop_all,
    has_class,
    inner_html,
    make_quote,
    make_spoiler,
    normalize_colors,
    text_of,
    xp,
)
from votal.scraper.normalize import (
    first_match as first,
)

DEFAULT_PER_PAGE = 15
_TOPIC = re.compile(r"topic[=,](\d+)\.(msg\d+|new|\d+)")
_SESSION = re.compile(r"(?:PHPSESSID=[0-9a-z]+(?:&amp;|&|;)?)", re.I)
_REPLY = re.compile(r"#\s*(\d+)")
_MSG = re.compile(r"msg=?(\d+)")
_PROFILE = re.compile(r"action=profile;u=(\d+)")
_BY = re.compile(r"\s(?:by|di|da|от|από|írta|par|von|door|por)\s", re.I)
_QUOTE_AUTHOR = re.compile(r"^[^:]*:\s*(.+?)(?:\s+(?:on|il|del|am|le|от|στις|op|em)\s+.*|\s+-\s+.*)?$")
def strip_session(url: str) -> str:
    """Drop SMF's ``PHPSESSID`` (guests without cookies get it in every link)."""
    url = _SESSION.sub("", url)
    return url.replace("?&", "?").replace("?#", "#").rstrip("?&;")


def normalize_body(inner: etree._Element) -> str:
    """interfaces.md §2 body of an SMF message (``div.inner#msg_ID``).

    Quotes keep author and message id (quoted text is never the quoter's vote; MR-03).
    """
    # a step that cannot change the body is not run (body_steps: one walk of the body before
    # any step, which makes nothing a later one looks for; issue 22)
    cleans, drops, converts, colours = body_steps(inner, _CHROME_WORDS, _CONVERTED,
                                                  quote_tags=_CONVERTED_TAGS)
    if cleans:
        clean(inner)
    if drops:
        drop_all(inner, _CHROME)
    if converts:
        # 2.x: blockquote; 1.1: div.quote (both after a div.quoteheader)
        # .//blockquote | .//div[quote], by lxml's tag walk (issue 22)
        for bq in [el for el in inner.iterdescendants("blockquote", "div")
                   if el.tag == "blockquote" or classed(el, "quote")]:
            author, post = _quote_source(bq)
            make_quote(bq, None, author, post)
        for s in xp(inner, f".//*[{has_class('spoiler')} or {has_class('sp-wrap')}]"):
            make_spoiler(s, None)
    if colours:
        normalize_colors(inner)
    return inner_html(inner)


_CHROME_WORDS = ("signature", "quotefooter")
_CHROME = tuple(f".//*[{has_class(word)}]" for word in _CHROME_WORDS)
# what the quote and spoiler conversions look for: div.quote, .spoiler, .sp-wrap, blockquote
_CONVERTED, _CONVERTED_TAGS = ("quote", "spoiler", "sp-wrap"), frozenset(("blockquote",))


def _quote_source(bq: etree._Element) -> tuple[str | None, str | None]:
    """Author and message id from a 2.0 ``div.quoteheader`` before, or a 2.1 ``cite`` inside."""
    header = None
    prev = bq.getprevious()
    if prev is not None and has_class_el(prev, "quoteheader"):
        header = prev
    if header is None:  # ./cite
        header = next(bq.iterchildren("cite"), None)
    if header is None:
        return None, None
    links = [a.get("href") for a in header.iterdescendants("a") if a.get("href") is not None]
    m = _MSG.search(links[0]) if links else None
    am = _QUOTE_AUTHOR.match(text_of(header)) if ":" in text_of(header) else None
    header.drop_tree()
    return (am.group(1).strip() if am else None), (m.group(1) if m else None)


def has_class_el(el: etree._Element, name: str) -> bool:
    return name in (el.get("class") or "").split()


class SMF(Engine):
    name = "smf"
    label = "Simple Machines Forum 1.1/2.x"
    precedence = 50
    url_patterns = (
        re.compile(r"index\.php\?(?:[^#]*[&;])?topic=\d+"),
        re.compile(r"/index\.php/topic,\d+\.\w+"),
        re.compile(r"/topic,\d+\.\d+\.html"),
    )
    examples = (
        Example("http://forums.contribs.org/index.php/topic,38573.0.html",
                "http://forums.contribs.org/index.php/topic,38573.0.html", 3,
                "http://forums.contribs.org/index.php/topic,38573.30.html"),
        Example("https://forum.example.it/index.php?topic=1234.30",
                "https://forum.example.it/index.php?topic=1234.0", 3,
                "https://forum.example.it/index.php?topic=1234.40", per_page=20),
        Example("https://mafia.example.ru/index.php?topic=77.msg5512#msg5512",
                "https://mafia.example.ru/index.php?topic=77.0"),
    )

    signals = ("smf_scripturl / 'Powered by SMF'", "div#msg_N bodies (1.1: div#subject_N + div.post)")

    def detect(self, page: str) -> bool:
        if "smf_scripturl" in page or "Powered by SMF" in page or "simplemachines.org" in page:
            return bool(re.search(r"""id=["'](?:msg|subject)_\d+["']""", page))
        return False

    def thread_url(self, url: str) -> str:
        """``…/index.php?topic=T.0`` or ``…/index.php/topic,T.0.html``: other parameters
        (``PHPSESSID``, ``;topicseen``, ``msgN``, ``#new``) dropped."""
        parts = urlsplit(url)
        m = _TOPIC.search(parts.path)
        if m:
            path = parts.path[: m.start()] + f"topic,{m.group(1)}.0.html"
            return urlunsplit((parts.scheme, parts.netloc, path, "", ""))
        m = _TOPIC.search(parts.query)
        if not m:
            return url
        return urlunsplit((parts.scheme, parts.netloc, parts.path, f"topic={m.group(1)}.0", ""))

    def page_url(self, thread_url: str, page: int, info: PageInfo | None = None) -> str:
        base = self.thread_url(thread_url)
        m = _TOPIC.search(base)
        if not m or page <= 1:
            return base
        offset = (page - 1) * ((info.per_page if info is not None else None) or DEFAULT_PER_PAGE)
        return _TOPIC.sub(lambda t: f"topic{t.group(0)[5]}{t.group(1)}.{offset}", base, count=1)

    def page_info(self, html: str, url: str) -> PageInfo:
        return _page_info(document(html), url)

    def parse_page(self, html: str, url: str, tz: ZoneInfo, now: datetime | None) -> list[Post]:
        return self._posts(document(html), url, tz, now, None)

    def read_page(self, html: str, url: str, tz: ZoneInfo, now: datetime | None
                  ) -> tuple[list[Post], PageInfo]:
        doc = document(html)
        info = _page_info(doc, url)  # before the posts: reading them rewrites their bodies
        return self._posts(doc, url, tz, now, info), info

    def _posts(self, doc: etree._Element, url: str, tz: ZoneInfo, now: datetime | None,
               info: PageInfo | None) -> list[Post]:
        thread = self.thread_url(url)
        offset = _offset(doc, url, info)
        langs = languages(doc)
        posts = []
        for i, inner in enumerate(xp(doc, "//div[starts-with(@id, 'msg_')]"
                                            f"[{has_class('inner')}]")):
            posts.append(_post(inner, offset + i + 1, thread, url, tz, now, langs))
        if not posts:
            for i, (mid, body, box, head) in enumerate(_messages_11(doc)):
                posts.append(_post_11(mid, body, box, head, offset + i + 1, thread, url, tz,
                                      now, langs))
        return posts


def _offset(doc: etree._Element, url: str, info: PageInfo | None) -> int:
    m = _TOPIC.search(url)
    if m and m.group(2).isdigit():
        return int(m.group(2))
    info = info or _page_info(doc, url)
    return (info.current - 1) * (info.per_page or DEFAULT_PER_PAGE)


def _post(inner: etree._Element, number: int, thread: str, url: str, tz: ZoneInfo,
          now: datetime | None, langs: list[str]) -> Post:
    mid = inner.get("id").removeprefix("msg_")
    box = _message_box(inner)
    header, link, h4, note, hrefs = _box_parts(box, f"modified_{mid}")
    when_text, reply = _header_time(header) if header is not None else ("", None)
    when = parse_forum_time(when_text, tz, now, langs)  # None: kept, problems ["time"]
    author, author_id = _author_of(link, h4)
    return Post(
        id=mid, number=reply + 1 if reply is not None else number, thread=thread,
        url=_permalink_of(hrefs, mid, url), author=author, author_id=author_id, time=when,
        edited=_edited_of(note, tz, now, langs), html=normalize_body(inner),
    )


def _message_box(inner: etree._Element) -> etree._Element:
    """``ancestor::*[.//*[poster]][1]`` of the message, else the message itself.

    An ancestor holds a ``.poster`` when the message (or its subtree) is one, or a child of
    that ancestor beside the line down to the message holds one: each subtree is searched once,
    the message's own by one XPath, not again for every ancestor above it (issue 22)."""
    found = classed(inner, "poster") or first(inner, _POSTER) is not None
    prev = inner
    for anc in inner.iterancestors():
        if not found:
            found = any(child is not prev and isinstance(child.tag, str)
                        and (classed(child, "poster") or first(child, _POSTER) is not None)
                        for child in anc)
        if found:
            return anc
        prev = anc
    return inner


_POSTER = f".//*[{has_class('poster')}]"


def _box_parts(box: etree._Element, note_id: str) -> tuple[
        etree._Element | None, etree._Element | None, etree._Element | None,
        etree._Element | None, list[str]]:
    """What :func:`_post` reads of a message's box, each the first in document order of what
    an XPath said (issue 22: five XPath searches of the box before, each a walk of the whole
    box; now lxml's tag walks, one class search, the page's ID table): the header
    ``.//*[keyinfo or postinfo]//*[smalltext]``, the author's link
    ``.//*[poster]//h4//a[contains(@href, 'action=profile')]`` and ``.//*[poster]//h4``, the
    edit note ``.//*[@id=$id]``, and every ``.//a/@href`` (classes as has_class reads them)."""
    hrefs: list[str] = []
    link = None
    for a in box.iterdescendants("a"):
        href = a.get("href")
        if href is not None:
            hrefs.append(href)
            if link is None and "action=profile" in href and _below_poster_h4(a, box):
                link = a
    h4 = next((h for h in box.iterdescendants("h4") if _below(h, box, "poster")), None)
    header = next((s for s in xp(box, _SMALLTEXT) if _below(s, box, "keyinfo", "postinfo")),
                  None)
    return header, link, h4, by_id_in(box, note_id), hrefs


_SMALLTEXT = f".//*[{has_class('smalltext')}]"


def _below(el: etree._Element, box: etree._Element, *classes: str) -> bool:
    """Has ``el`` an ancestor inside ``box`` of one of ``classes``?"""
    for anc in el.iterancestors():
        if anc is box:
            return False
        value = anc.get("class")
        if value:
            for c in classes:
                if c in value and c in class_tokens(anc):
                    return True
    return False


def _below_poster_h4(el: etree._Element, box: etree._Element) -> bool:
    """Is ``el`` inside an ``h4`` inside a ``.poster``, inside ``box``? (The nearest h4 is the
    one to look above: a .poster above any h4 is above it.)"""
    for anc in el.iterancestors():
        if anc is box:
            return False
        if anc.tag == "h4":
            return _below(anc, box, "poster")
    return False


def _messages_11(doc: etree._Element
                 ) -> list[tuple[str, etree._Element, etree._Element, etree._Element | None]]:
    """SMF 1.1 messages: (id, body ``div.post``, the message's table, the date line).

    ``div#subject_N`` (digits only: the quick-reply templates hold ``subject_%msg_id%``) stands
    in the cell that holds the body; the date line is the ``div.smalltext`` after it; the
    message's table is the nearest one whose rows also hold the poster's cell."""
    found = []
    for subject in xp(doc, "//*[starts-with(@id, 'subject_')]"):
        mid = subject.get("id").removeprefix("subject_")
        if not mid.isdigit():
            continue
        cell = xp(subject, f"ancestor::td[./div[{has_class('post')}]][1]")
        if not cell:
            continue
        body = xp(cell[0], f"./div[{has_class('post')}]")[0]
        box = xp(cell[0], "ancestor::table[1]")
        head = xp(subject, f"following-sibling::div[{has_class('smalltext')}][1]")
        found.append((mid, body, box[0] if box else cell[0], head[0] if head else None))
    return found


def _post_11(mid: str, body: etree._Element, box: etree._Element, head: etree._Element | None,
             number: int, thread: str, url: str, tz: ZoneInfo, now: datetime | None,
             langs: list[str]) -> Post:
    when_text, reply = _header_time(head) if head is not None else ("", None)
    author, author_id = _author_11(box, body)
    return Post(
        id=mid, number=reply + 1 if reply is not None else number, thread=thread,
        url=_permalink(box, mid, url), author=author, author_id=author_id,
        time=parse_forum_time(when_text, tz, now, langs),  # None: kept, problems ["time"]
        edited=_edited(box, mid, tz, now, langs), html=normalize_body(body),
    )


def _author_11(box: etree._Element, body: etree._Element) -> tuple[str, str | None]:
    """The poster's cell is the row's first cell (``<b><a href="…action=profile;u=N">``; a guest's
    name bold without a link)."""
    cells = xp(box, "./tr/td[1] | ./tbody/tr/td[1]")
    cell = next((c for c in cells if body not in c.iter()), None)
    if cell is None:
        return "Guest", None
    links = xp(cell, ".//a[contains(@href, 'action=profile')]")
    if links:
        m = _PROFILE.search(links[0].get("href", ""))
        return text_of(links[0]), (m.group(1) if m else None)
    names = xp(cell, ".//b | .//strong")
    return (text_of(names[0]) if names else "Guest"), None


def _header_time(el: etree._Element) -> tuple[str, int | None]:
    """The date text of "« Reply #1 on: DATE »" (2.0) or of the 2.1 ``postinfo`` link.

    SMF bolds the label *and* the words Today/Yesterday ("<strong>Today</strong> at 10:00"):
    only a bold part holding "#N" or ending in ":" is the label.
    """
    label = next((s for s in xp(el, "./strong | ./b")  # 1.1 bolds with <b>
                  if "#" in text_of(s) or text_of(s).endswith(":")), None)
    reply = None
    if label is not None:
        m = _REPLY.search(text_of(label))
        reply = int(m.group(1)) if m else None
        parts = [label.tail or ""]
        for sib in label.itersiblings():
            parts += [sib.text_content(), sib.tail or ""]
        text = " ".join("".join(parts).split())
    else:
        text = text_of(el)
        if ":" in text and re.match(r"^\W*\D+#\s*\d+", text):
            text = text.split(":", 1)[1]
    return text.replace("»", " ").replace("«", " ").strip(), reply


def _author_of(link: etree._Element | None, h4: etree._Element | None
               ) -> tuple[str, str | None]:
    """The poster's profile link (``.poster h4 a``), else the bare ``.poster h4``, else Guest."""
    if link is not None:
        m = _PROFILE.search(link.get("href", ""))
        return text_of(link), (m.group(1) if m else None)
    return (text_of(h4) if h4 is not None else "Guest"), None


def _edited(box: etree._Element, mid: str, tz: ZoneInfo, now: datetime | None,
            langs: list[str]) -> datetime | None:
    notes = xp(box, ".//*[@id=$id]", id=f"modified_{mid}")
    return _edited_of(notes[0] if notes else None, tz, now, langs)


def _edited_of(note: etree._Element | None, tz: ZoneInfo, now: datetime | None,
               langs: list[str]) -> datetime | None:
    text = text_of(note) if note is not None else ""
    if ":" not in text:
        return None
    rest = _BY.split(text.split(":", 1)[1])[0].replace("»", " ").replace("«", " ")
    return parse_forum_time(rest.strip(), tz, now, langs)


def _permalink(box: etree._Element, mid: str, url: str) -> str:
    return _permalink_of(xp(box, ".//a/@href"), mid, url)


def _permalink_of(hrefs: list[str], mid: str, url: str) -> str:
    """The message's own link among the box's links (``…msgN#msgN``), else one built; made
    absolute by ``joined`` (``urljoin``'s URL, its path resolved once a page; issue 22), a link
    with spaces around it by ``urljoin`` (which keeps a trailing one)."""
    own, dotted, end = f"msg{mid}#msg{mid}", f".msg{mid}", f"#msg{mid}"
    for href in hrefs:
        if own in href or dotted in href and href.endswith(end):
            return strip_session(joined(url, href) if href == href.strip()
                                 else urljoin(url, href))
    thread = SMF().thread_url(url)
    return _TOPIC.sub(lambda m: f"topic{m.group(0)[5]}{m.group(1)}.msg{mid}", thread, count=1) \
        + f"#msg{mid}"


def _page_info(doc: etree._Element, url: str) -> PageInfo:
    links = xp(doc, f"//a[{has_class('navPages')} or {has_class('nav_page')}]")
    # the <strong> beside a page link (``//a[…]/../strong``), SMF 1.1's "[<b>2</b>]"
    # (``//a[navPages]/../b``) and ``//span[current_page]``, in document order: the first two
    # read from the links' parents, not by two more walks of the page (issue 22)
    current_el = _in_page_order(
        [el for parent in _unique(a.getparent() for a in links) for el in parent.iterchildren()
         if el.tag == "strong" or (el.tag == "b" and any(
             classed(x, "navPages") for x in parent.iterchildren("a")))]
        + xp(doc, f"//span[{has_class('current_page')}]"))
    pages = {}
    for a in links:
        t = text_of(a)
        if t.isdigit():
            pages[int(t)] = urljoin(url, a.get("href", ""))
    cur = [int(text_of(e)) for e in current_el if text_of(e).isdigit()]
    current = cur[0] if cur else 1
    last = max([current, *pages])
    nxt = pages.get(current + 1)
    return PageInfo(current, last, strip_session(nxt) if nxt else None,
                    _per_page(pages, url, current))


def _unique(elements) -> list[etree._Element]:
    """``elements`` without repeats (and without None), first occurrence kept."""
    seen: list[etree._Element] = []
    for el in elements:
        if el is not None and not any(el is x for x in seen):
            seen.append(el)
    return seen


def _in_page_order(elements: list[etree._Element]) -> list[etree._Element]:
    """``elements`` in document order without repeats (an XPath union's order)."""
    def position(el: etree._Element) -> list[int]:
        path = []
        while (parent := el.getparent()) is not None:
            path.append(parent.index(el))
            el = parent
        return path[::-1]
    return sorted(_unique(elements), key=position)


def _per_page(pages: dict[int, str], url: str, current: int) -> int | None:
    """Posts per page: page N (N > 1) starts at offset (N - 1) * size, in a link or in the URL
    of the page itself."""
    for n, href in [*pages.items(), (current, url)]:
        m = _TOPIC.search(href)
        offset = int(m.group(2)) if m and m.group(2).isdigit() else 0
        if n > 1 and offset and offset % (n - 1) == 0:
            return offset // (n - 1)
    return None


register(SMF())
