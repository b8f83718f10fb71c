"""phpBB 3.0–3.3 thread pages: prosilver, subsilver2 and their derivatives (forum-engines.md §3.3).

Styles differ (issue 11): prosilver and its children put each post in ``div.post#pID`` with a
``p.author`` line (custom styles: ``div.author``); subsilver2 and its children lay posts out in
tables, ``<a name="pID">`` + ``b.postauthor``, the date after a "Posted:" label beside the post
link, the body in ``div.postbody``, quotes as ``div.quotetitle`` + ``div.quotecontent``. Detection
does not rely on the "Powered by phpBB" footer boards remove: it counts the signals a phpBB page
carries (``SIGNALS``). When the page states its zone ("All times are UTC + 1 hour [ DST ]",
3.1+ ``<span title="Europe/Rome">``), text times are read in it.

3.2+ gives ``p.author time[datetime]`` (RFC 3339); 3.0/3.1 only the text after "»". phpBB
prints no post number: it is ``start + index + 1``. Pages are addressed by the offset
``start``; the step (posts per page) is read from the pagination links (or from a page's own
``start``) into ``PageInfo.per_page``, which :meth:`PhpBB.page_url` is handed back (default 10,
phpBB's installation default).
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from datetime import datetime, timezone
from urllib.parse import urlencode, urlsplit, urlunsplit
from zoneinfo import ZoneInfo

from lxml import etree

from votal.errors import ScrapeError
from votal.scraper import dates
from votal.scraper.engines import register
from votal.scraper.engines._common import (
    PageContext,
    PagedEngine,
    absolute,
    body_steps,
    cls,
    drop_matching,
    edited_from_text,
    find,
    first,
    first_of,
    number,
    query,
)
from votal.scraper.engines._zone import page_zone
from votal.scraper.engines.base import Example, PageInfo
from votal.scraper.model import Post
from votal.scraper.normalize import (
    classed,
    clean,
    inner_html,
    make_quote,
    make_spoiler,
    normalize_colors,
    text_of,
)

_USER_ID = re.compile(r"[?&;]u=(\d+)")
_QUOTED_POST = re.compile(r"[?&;]p=(\d+)")
_WROTE = re.compile(
    r"\s*(wrote|ha scritto|scrive|έγραψε|писал\(а\)|писал|написал\(а\)|написал|"
    r"hat geschrieben|a écrit|escribió)\s*:?\s*$", re.I)
DEFAULT_STEP = 10

_CHROME = (f".//*[{cls('codebox')}]/p", ".//button")
# a profile link with its name: Tapatalk Groups' avatar link (an <i> inside, no text) comes first
_SIDE_PROFILE = (f".//dl[{cls('postprofile')}]//dt//a[contains(@href, 'viewprofile')][not(img)]"
                 "[normalize-space()]")
_POSTS = f"//div[starts-with(@id, 'p')][{cls('post')}][.//*[{cls('postbody')}]]"


_query = query  # the query parameters of a URL (first value of each)


def convert_quotes(root: etree._Element) -> None:
    """``blockquote > div > cite "X wrote:"`` (3.0–3.3) -> ``<blockquote data-author data-post>``."""
    for bq in find(root, ".//blockquote"):
        # ./div and its (else the blockquote's) ./cite: the children, no XPath (issue 22)
        inner = next(bq.iterchildren("div"), None)
        holder = inner if inner is not None else bq
        cite = next(holder.iterchildren("cite"), None)
        author, post = None, None
        m = _QUOTED_POST.search(bq.get("cite") or "")
        if m:
            post = m.group(1)
        if cite is not None:
            author, cited_post = _cite(cite)
            post = post or cited_post
            cite.drop_tree()
        make_quote(bq, holder, author, post)


def _cite(cite: etree._Element) -> tuple[str | None, str | None]:
    post = None
    links = list(cite.iterdescendants("a"))
    for a in links:  # .//a[@data-post-id]: the last one's
        if a.get("data-post-id") is not None:
            post = a.get("data-post-id")
    # .//a[contains(@href, 'viewprofile')]
    profile = next((a for a in links if "viewprofile" in (a.get("href") or "")), None)
    if profile is not None:
        return text_of(profile) or None, post
    name = _WROTE.sub("", cite.text or text_of(cite)).strip()
    return name or None, post


def _divs(root: etree._Element, *names: str) -> list[etree._Element]:
    """``.//div[has_class(a) or has_class(b)…]``, by lxml's tag walk of the divs (issue 22)."""
    return [el for el in root.iterdescendants("div") if any(classed(el, n) for n in names)]


def convert_spoilers(root: etree._Element) -> None:
    """Custom spoiler BBCodes: ``div.spoiler`` with a title and a content child, or bare."""
    for el in _divs(root, "spoiler", "spoilerbox"):
        title = text_of(first_of(el, f"./*[{cls('spoiler-title')}]", f"./*[{cls('spoilertitle')}]"))
        content = first_of(el, f"./*[{cls('spoiler-content')}]", f"./*[{cls('spoiler-body')}]",
                           f"./*[{cls('spoilercontent')}]")
        for t in find(el, f"./*[{cls('spoiler-title')} or {cls('spoilertitle')}]"):
            t.drop_tree()
        make_spoiler(el, content, title or "Spoiler")


def convert_table_quotes(root: etree._Element) -> None:
    """subsilver2: ``div.quotetitle "X wrote:"`` + ``div.quotecontent`` -> one blockquote."""
    for title in _divs(root, "quotetitle"):
        content = title.getnext()
        if content is None or not has_class_value(content, "quotecontent"):
            continue
        name = _WROTE.sub("", text_of(title)).strip() or None
        bq = etree.Element("blockquote")
        bq.append(content)
        title.addprevious(bq)
        title.drop_tree()
        make_quote(bq, content, name, None)


def has_class_value(el: etree._Element, name: str) -> bool:
    return name in (el.get("class") or "").split()


# what the steps of normalize_body look for (body_steps, issue 22): _CHROME's class word and
# tag, the conversions' class words (div.spoiler / div.spoilerbox, div.quotetitle) and tag
_CHROME_WORDS, _CHROME_TAGS = ("codebox",), frozenset(("button",))
_CONVERTED, _CONVERTED_TAGS = ("spoiler", "quotetitle"), frozenset(("blockquote",))


def normalize_body(content: etree._Element) -> str:
    """The body per interfaces.md §2; a step that cannot change it (``body_steps``: one walk
    of the body, before any step; no step makes what a later one looks for) is not run."""
    cleans, drops, converts, colours = body_steps(content, _CHROME_WORDS, _CONVERTED,
                                                  _CHROME_TAGS, _CONVERTED_TAGS)
    if cleans:
        clean(content)
    if converts:
        convert_spoilers(content)
        convert_quotes(content)
        convert_table_quotes(content)  # after: its blockquotes already carry their author
    if drops:
        drop_matching(content, _CHROME)
    if colours:
        normalize_colors(content)
    return inner_html(content)


class PhpBB(PagedEngine):
    page_ids = False  # never looks an id up: the page parsed without an ID table
    name = "phpbb"
    label = "phpBB 3"
    precedence = 40
    sites = ("forum.mafiascum.net",)
    url_patterns = (re.compile(r"/viewtopic\.php\?(?:[^#]*[&;])?(?:t|p)=\d+"),)
    examples = (
        Example("https://forum.mafiascum.net/viewtopic.php?t=12345",
                "https://forum.mafiascum.net/viewtopic.php?t=12345", 3,
                "https://forum.mafiascum.net/viewtopic.php?t=12345&start=50", per_page=25),
        Example("https://forum.mafiascum.net/viewtopic.php?p=123#p123",
                "https://forum.mafiascum.net/viewtopic.php?p=123#p123", page_url=None),
        Example("http://www.ilovephilosophy.com/viewtopic.php?f=1&t=194998&start=25",
                "http://www.ilovephilosophy.com/viewtopic.php?f=1&t=194998", 10,
                "http://www.ilovephilosophy.com/viewtopic.php?f=1&t=194998&start=225", per_page=25),
        Example("https://f.it/viewtopic.php?f=3&t=77&start=40&sid=abc#p5",
                "https://f.it/viewtopic.php?f=3&t=77", 3,
                "https://f.it/viewtopic.php?f=3&t=77&start=20"),
        Example("https://x.example/forum/viewtopic.php?f=2&t=88&start=30",
                "https://x.example/forum/viewtopic.php?f=2&t=88"),
    )

    # what detection looks for (named when no engine recognises a page)
    signals = ("div.post#pN or <a name=\"pN\"> + b.postauthor, with div.postbody",
               "links to viewtopic.php / viewforum.php / memberlist.php / ucp.php / posting.php",
               "./styles/NAME/ (theme, template, imageset)", "cron.php", "'phpBB' in the page")

    def detect(self, page: str) -> bool:
        if "illiweb.com" in page or "postbody" not in page:  # Forumotion's phpBB-like skins
            return False
        posts = (re.search(r"<div[^>]+id=\"p_?\d+\"", page)
                 or (re.search(r"<a name=\"p\d+\"", page) and "postauthor" in page))
        if not posts:
            return False
        found = sum(1 for rx in _SIGNALS if rx.search(page))
        return found >= 2

    def thread_url(self, url: str) -> str:
        parts = urlsplit(url)
        q = _query(url)
        keep: dict[str, str] = {k: q[k] for k in ("f", "t") if k in q}
        if "t" not in keep:
            return url  # a post link (?p=ID) names no topic: the page itself will
        return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(keep), ""))

    def page_url(self, thread_url: str, page: int, info: PageInfo | None = None) -> str:
        base = self.thread_url(thread_url)
        if page <= 1:
            return base
        step = (info.per_page if info is not None else None) or DEFAULT_STEP
        return f"{base}&start={(page - 1) * step}"

    def read_page_info(self, doc: etree._Element, base: str, url: str) -> PageInfo:
        return _page_info(doc, base, url)

    def read_posts(self, doc: etree._Element, page: PageContext) -> list[Post]:
        info = page.info or _page_info(doc, page.base, page.url)
        topic = _topic(doc, page.url)
        step = info.per_page or DEFAULT_STEP
        start = int(_query(page.url).get("start") or 0) or (info.current - 1) * step
        posts = find(doc, _POSTS)
        anchors = [] if posts else _table_anchors(doc)
        last = (posts or anchors or [None])[-1]
        page = replace(  # the zone the page states (_zone.py), in its footer after the posts
            page, thread=self.thread_url(page.link(topic)) if topic else page.thread,
            tz=page_zone(doc, page.tz, page.now, after=last) or page.tz)
        if posts:
            return [_post(p, start + i + 1, page) for i, p in enumerate(posts)]
        return [_table_post(a, start + i + 1, page) for i, a in enumerate(anchors)]


# ---- subsilver2 and its table-layout children --------------------------------------------

_SIGNALS = tuple(re.compile(rx) for rx in (
    r"(?:viewtopic|viewforum|memberlist|ucp|posting)(?:-\d+)?\.php",
    r"styles/[\w.-]+/(?:theme|template|imageset)/",
    r"cron(?:-\d+)?\.php",
    r"phpBB",
    r"class=\"(?:postauthor|postprofile|postdetails)\"",
))
_ANCHOR = re.compile(r"p(\d+)$")


def _table_anchors(doc: etree._Element) -> list[etree._Element]:
    """``<a name="pID">`` anchors that head a post (a ``b.postauthor`` beside them)."""
    out = []
    for a in find(doc, "//a[@name][starts-with(@name, 'p')]"):
        if _ANCHOR.match(a.get("name")) and first(a.getparent(), f".//*[{cls('postauthor')}]") \
                is not None:
            out.append(a)
    return out


def _table_post(anchor: etree._Element, num: int, page: PageContext) -> Post:
    m = _ANCHOR.match(anchor.get("name"))
    if m is None:  # not reached: _table_anchors keeps only names _ANCHOR matches
        raise ScrapeError(f"{page.url}: post anchor {anchor.get('name')!r} has no number")
    pid = m.group(1)
    table = next(anchor.iterancestors("table"), anchor.getparent())
    author = text_of(first(anchor.getparent(), f".//*[{cls('postauthor')}]"))
    notice = _table_notice(table)
    # the author's profile link, not the editor's in the edit notice nor one in the body
    profile = next((a for a in find(table, ".//a[contains(@href, 'viewprofile')]")
                    if not any(x is notice or has_class_value(x, "postbody") for x in a.iterancestors())),
                   None)
    m = _USER_ID.search(profile.get("href")) if profile is not None else None
    body = first(table, f".//div[{cls('postbody')}]")
    return Post(
        id=pid, number=num, thread=page.thread, url=page.link(f"./viewtopic.php?p={pid}#p{pid}"),
        author=author, author_id=m.group(1) if m else None,
        time=_table_time(table, pid, page),
        edited=_edited(notice, page),
        html=normalize_body(body) if body is not None else "",
    )


def _table_time(table: etree._Element, pid: str, page: PageContext) -> datetime | None:
    """The date beside the post link (``<b>Posted:</b> Sun Sep 27, 2009 4:13 pm``)."""
    for link in find(table, ".//a[contains(@href, $frag)]", frag=f"#p{pid}"):
        holder = link.getparent()
        text = text_of(holder)
        for label in find(holder, ".//b"):
            text = text.replace(text_of(label), " ")
        t = page.time(text, pid)
        if t is not None:
            return t
    return None


# subsilver2's edit notice, after the body: ``<span class="gensmall">Last edited by <a …>X</a> on
# <date>, edited N times in total.</span>`` (inside a table with the edit reason when one was
# given), in the language packs votal's communities use; "Last bumped by" is no edit.
_EDIT_NOTICE = re.compile(
    r"Last edited by|edited \d+ times? in total|Ultima modifica di|modificato \d+ volt"
    r"|Τελευταία επεξεργασία|έχει επεξεργασθεί|Последний раз редактировал|редактировалось \d+ раз"
    r"|Zuletzt geändert von|Dernière édition par", re.I)
_BUMP_NOTICE = re.compile(r"Last bumped by|Ultimo bump|Последний раз поднято|Zuletzt nach oben", re.I)
_CLOCK_TEXT = re.compile(r"\d{1,2}:\d{2}")


def _table_notice(table: etree._Element) -> etree._Element | None:
    """A table-layout post's edit notice (``_EDIT_NOTICE``; in a language pack it does not
    know, a ``span.gensmall`` naming the editor's profile beside a clock), or None."""
    for span in find(table, f".//span[{cls('gensmall')}]"):
        text = text_of(span)
        if _BUMP_NOTICE.search(text) or not _CLOCK_TEXT.search(text):
            continue
        if _EDIT_NOTICE.search(text) or first(span, ".//a[contains(@href, 'viewprofile')]") \
                is not None:
            return span
    return None


def _topic(doc: etree._Element, url: str) -> str | None:
    """A link to this topic (``viewtopic.php?…t=ID``), for pages reached by a post link."""
    if "t" in _query(url):
        return None
    for href in find(doc, "//h2//a/@href | //div[@class='pagination']//a/@href"):
        if "t=" in href:
            return href
    return None


def _page_info(doc: etree._Element, base: str, url: str) -> PageInfo:
    # the first div.pagination, by lxml's tag walk (issue 22: the XPath read every div)
    nav = next((div for div in doc.iter("div") if classed(div, "pagination")), None)
    current, last, step = 1, 1, None
    if nav is not None:
        strongs = [s for s in (number(text_of(s)) for s in find(nav, ".//strong")) if s]
        links = [number(text_of(a)) for a in find(nav, ".//a[@href]")]
        active = number(text_of(first(nav, f".//li[{cls('active')}]")))
        current = active or (strongs[0] if strongs else 1)
        last = max([n for n in links if n] + [current] + strongs[1:2])
        step = _step(nav, base)
    start = int(_query(url).get("start") or 0)
    if not step and start and current > 1 and start % (current - 1) == 0:
        step = start // (current - 1)  # the last page links no later page: its own offset
    if current >= last:  # the last page: no next page, no search of the page's links
        return PageInfo(current, last, None, step)
    nxt = first(doc, "//a[@rel='next']/@href | //head/link[@rel='next']/@href")
    if nxt is None and step:
        nxt = _with_start(url, current * step)
    return PageInfo(current, last, absolute(base, nxt) if nxt else None, step)


def _step(nav: etree._Element, base: str) -> int | None:
    """Posts per page: a link to page N (N > 1) carries ``start = (N - 1) * step``."""
    for a in find(nav, ".//a[@href]"):
        n = number(text_of(a)) if text_of(a).isdigit() else None
        start = int(_query(absolute(base, a.get("href")) or "").get("start") or 0)
        if n and n > 1 and start and start % (n - 1) == 0:
            return start // (n - 1)
    return None


def _with_start(url: str, start: int) -> str:
    parts = urlsplit(url)
    q = _query(url)
    q["start"] = str(start)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(q), ""))


def _post(div: etree._Element, num: int, page: PageContext) -> Post:
    pid = div.get("id")[1:].lstrip("_")  # div#p123, or Tapatalk Groups' div#p_123
    where = page.where(pid)
    # .//*[self::p or self::div][author]: the first p or div of the class (lxml's tag walk)
    author_p = next((el for el in div.iterdescendants("p", "div") if classed(el, "author")), None)
    # the first match inside the first p.author is the first match of the whole post
    user = _profile_link(author_p) if author_p is not None else None
    if user is None and author_p is not None:
        # .//*[self::p or self::div][author]//a[viewprofile]: the first author element (in
        # document order) that holds a profile link gives the first, by tag walks (issue 22)
        user = next((link for el in div.iterdescendants("p", "div") if classed(el, "author")
                     and (link := _profile_link(el)) is not None), None)
    if user is None:
        user = first(div, _SIDE_PROFILE)
    name_el = user if user is not None else first_of(
        div, f".//p[{cls('author')}]//*[{cls('username')}]", f".//p[{cls('author')}]//strong",
        f".//dl[{cls('postprofile')}]//dt//*[{cls('username')}]")  # a guest's or deleted member's
    author = text_of(name_el)  # "" when none: the post is kept, problems ["author"] (issue 11)
    m = _USER_ID.search(user.get("href")) if user is not None else None
    author_id = m.group(1) if m else None
    if not author:
        author, author_id = _post_data_author(div, pid) or (author, author_id)
    content, notice = _content_and_notice(div)
    return Post(
        id=pid, number=num, thread=page.thread, url=page.link(f"./viewtopic.php?p={pid}#p{pid}"),
        author=author, author_id=author_id,
        time=_time(author_p, author, where, page) or _data_time(div, page.tz),
        edited=_edited(notice, page),
        html=normalize_body(content) if content is not None else "",
    )


# Tapatalk Groups (a phpBB fork) draws no profile block for a post that follows one by the same
# member: the author is only in the post's script, var post_data_N = {"POST_AUTHOR":"…",
# "POSTER_ID":"10341",…} (POSTER_ID "0": a guest)
_POST_DATA = re.compile(r'"POST_AUTHOR":("(?:[^"\\]|\\.)*")')
_POSTER_ID = re.compile(r'"POSTER_ID":"(\d+)"')


def _post_data_author(div: etree._Element, pid: str) -> tuple[str, str | None] | None:
    """The author and member id of Tapatalk's ``post_data_N`` script in the post, or None."""
    for script in div.iterchildren("script"):
        text = script.text or ""
        if f"post_data_{pid} " not in text and f"post_data_{pid}=" not in text:
            continue
        name = _POST_DATA.search(text)
        if name is None:
            return None
        uid = _POSTER_ID.search(text)
        return (json.loads(name.group(1)).strip(),
                uid.group(1) if uid and uid.group(1) != "0" else None)
    return None


def _profile_link(el: etree._Element) -> etree._Element | None:
    """``.//a[contains(@href, 'viewprofile')]`` of ``el``, by lxml's tag walk."""
    return next((a for a in el.iterdescendants("a") if "viewprofile" in (a.get("href") or "")),
                None)


def _content_and_notice(div: etree._Element) -> tuple[etree._Element | None,
                                                      etree._Element | None]:
    """The post's body ``.//*[postbody]//div[content]`` and edit notice
    ``.//*[postbody]//div[notice]``, each the first in document order: one tag walk of the
    post's divs, a div of either class kept when an ancestor below the post is a postbody
    (issue 22: a walk of every element of the post for its postbodies, then of their divs for
    each class, cost three times as much)."""
    content = notice = None
    for el in div.iterdescendants("div"):
        value = el.get("class")
        if not value:
            continue
        if content is None and "content" in value and classed(el, "content") \
                and _in_postbody(el, div):
            content = el
        if notice is None and "notice" in value and classed(el, "notice") \
                and _in_postbody(el, div):
            notice = el
    return content, notice


def _in_postbody(el: etree._Element, post: etree._Element) -> bool:
    """Has ``el`` an ancestor of class ``postbody`` below ``post``?"""
    for anc in el.iterancestors():
        if anc is post:
            return False
        if classed(anc, "postbody"):
            return True
    return False


def _time(author_p: etree._Element | None, author: str, where: str, page: PageContext
          ) -> datetime | None:
    if author_p is None:
        return None
    # .//time[@datetime], by lxml's tag walk
    stamp = next((t for t in author_p.iterdescendants("time") if t.get("datetime") is not None),
                 None)
    if stamp is not None:
        return dates.from_iso(stamp.get("datetime")).astimezone(page.tz)
    text = text_of(author_p)
    # (an empty author: str.replace("", " ") would space out every character of the date)
    text = text.rsplit("»", 1)[-1] if "»" in text or not author else text.replace(author, " ")
    return page.time(text, where)


# "2020-04-30 11:16:53": custom styles that print only the day ("on Apr 30, 2020") keep the
# instant in an attribute of the post, in the board's zone (real page: Pixelmator Community)
_DATA_TIME = re.compile(r"^\s*(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?\s*$")


def _data_time(div: etree._Element, tz: ZoneInfo | timezone) -> datetime | None:
    """The post's ``data-date`` / ``data-time`` (local wall time, no offset), or None."""
    for name in ("data-date", "data-time", "data-post-time"):
        m = _DATA_TIME.match(div.get(name) or "")
        if m:
            year, month, day, hour, minute, second = (int(g or 0) for g in m.groups())
            try:
                return datetime(year, month, day, hour, minute, second, tzinfo=tz)
            except ValueError:
                return None
    return None


def _edited(notice: etree._Element | None, page: PageContext) -> datetime | None:
    """"Last edited by X on <date>, edited N times in total." (a moderation notice has no date)."""
    if notice is None:
        return None
    stamp = first(notice, ".//time[@datetime]")
    if stamp is not None:
        return dates.from_iso(stamp.get("datetime")).astimezone(page.tz)
    names = [text_of(a) for a in find(notice, ".//a")]
    return edited_from_text(text_of(notice), names, page.tz, page.now, page.langs)


register(PhpBB())
