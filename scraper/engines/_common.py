"""Helpers shared by the engine adapters (forum-engines.md §4).

Page-level chores every adapter repeats: decoding legacy encodings (scraper/encoding.py), resolving links against
``<base href>``, reading numbers and times, building the error that names a broken post, the
frame of a body's normalisation (:func:`body_html`), what every post of a page is read with
(:class:`PageContext`) and the frame of an engine read from HTML pages (:class:`PagedEngine`).
Pure functions; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import lru_cache
from types import MappingProxyType
from urllib.parse import parse_qs, urlencode, urljoin, urlsplit, urlunsplit
from zoneinfo import ZoneInfo

from lxml import etree

from votal.errors import ScrapeError
from votal.scraper import dates
from votal.scraper.encoding import decode  # noqa: F401 (adapters import it from here)
from votal.scraper.engines.base import Engine, PageInfo
from votal.scraper.model import Post
from votal.scraper.normalize import (
    clean,
    document,
    drop_all,
    first_match,
    has_class,
    inner_html,
    normalize_colors,
    xp,
)

_NUMBER = re.compile(r"\d[\d,.\u00a0 ]*")
_CLOCK_END = re.compile(r"\d{1,2}:\d{2}(?::\d{2})?(?:\s*(?:[ap]\.?m\.?|[πμ]\.?μ\.?))?", re.I)


# The adapters' short names for normalize's XPath helpers (one implementation each).
cls = has_class        # XPath predicate: the element has CSS class ``name``
find = xp              # every match of a compiled-once XPath
drop_matching = drop_all   # remove every match, subtree and all, the text after it kept


def as_text(page: str | bytes) -> str:
    return decode(page) if isinstance(page, bytes) else page


def load(page: str | bytes, ids: bool = True) -> etree._Element:
    """The parsed document of a page given as text or as raw bytes (``ids``: with libxml2's ID
    table, which ``normalize.by_id`` reads)."""
    return document(as_text(page), ids)


def base_url(doc: etree._Element, url: str) -> str:
    """The URL relative links resolve against (``<base href>`` wins over the page URL).

    Every ``<base href>`` in document order (``//base/@href``, the one in ``<head>`` among
    them), found by lxml's tag walk: it returns at once when the page has no ``<base>`` at all,
    where an XPath walks the whole page (issue 22). The head, the page's first child, is
    walked first: an lxml iterator looks for its next match as it gives one, so a walk of the
    whole page that stops at the head's ``<base>`` still read the rest of the page for another
    (170 µs of a 180 KB page)."""
    head = doc[0] if len(doc) and doc[0].tag == "head" else None
    for base in (head.iter("base") if head is not None else ()):
        href = base.get("href")
        if href is not None and href.strip():
            return urljoin(url, href.strip())
    for base in doc.iter("base"):
        if head is not None and any(anc is head for anc in base.iterancestors("head")):
            continue  # read above
        href = base.get("href")
        if href is not None and href.strip():
            return urljoin(url, href.strip())
    return url


def absolute(base: str, href: str | None) -> str | None:
    return urljoin(base, href.strip()) if href else None


def joined(base: str, href: str) -> str:
    """``absolute`` for a link known to be non-empty (a built link, or one already checked).

    A link with a path and a query or fragment (``./viewtopic.php?p=5#p5``, one per post) is
    resolved by its path, once per page, and the rest appended: what ``urljoin`` gives, since
    it copies a non-empty query and fragment as they are (issue 22)."""
    href = href.strip()
    m = _PATH_AND_REST.fullmatch(href)
    if m is None:
        return urljoin(base, href)
    return _resolved(base, m.group(1)) + m.group(2)


# a path, then a non-empty query and/or fragment without the characters urlsplit removes
_PATH_AND_REST = re.compile(r"([^?#]+)((?:\?[^#\t\r\n]+)?(?:#[^\t\r\n]+)?)")


@lru_cache(maxsize=512)
def _resolved(base: str, path: str) -> str:
    return urljoin(base, path)


def first(el: etree._Element, expr: str | etree.XPath, **variables) -> etree._Element | None:
    """The first match of ``expr`` in document order (a one-step search stops there)."""
    return first_match(el, expr, **variables)


def first_of(el: etree._Element, *exprs: str | etree.XPath, **variables) -> etree._Element | None:
    """The first match of the first XPath that matches (priority order, not document order)."""
    for expr in exprs:
        found = first_match(el, expr, **variables)
        if found is not None:
            return found
    return None


def number(text: str | None) -> int | None:
    """'#1,326' -> 1326; None when the text holds no number."""
    if not text:
        return None
    if text.isascii() and text.isdigit():  # "16": the number itself (issue 22)
        return int(text)
    m = _NUMBER.search(text)
    digits = re.sub(r"\D", "", m.group(0)) if m else ""
    return int(digits) if digits else None


def languages(doc: etree._Element) -> list[str]:
    """The page's language first (``<html lang="el-GR">`` -> el; without one, its
    ``Content-Language`` or ``og:locale`` meta, or ``<body lang>``), then the project's others."""
    lang = (doc.get("lang") or doc.get("{http://www.w3.org/XML/1998/namespace}lang")
            or doc.get("xml:lang") or "")
    if not lang.strip():
        for found in _lang_clues(doc):
            if lang.strip():
                break
            lang = found or ""
    head = re.split(r"[-_,;\s]", lang.strip())[0].lower()
    rest = [x for x in dates.DEFAULT_LANGUAGES if x != head]
    return [head, *rest] if head else list(dates.DEFAULT_LANGUAGES)


# What the XPaths //meta[translate(@http-equiv, 'CONTENT-LANGUAGE', 'content-language')=
# 'content-language']/@content, //meta[@property='og:locale']/@content and //body/@lang give
# (the first value of each in document order), by one tag walk of the page's metas and bodies:
# a page without a lang attribute paid three XPath walks of the whole page for them, then
# three tag walks (issue 22).
_HTTP_EQUIV_CASE = MappingProxyType(str.maketrans("CONTENT-LANGUAGE", "content-language"))


def _lang_clues(doc: etree._Element) -> tuple[str | None, str | None, str | None]:
    """The first Content-Language meta's content, the first og:locale meta's content and the
    first body's lang (None where the page has none), in that order of precedence."""
    language = locale = body = None
    for el in doc.getroottree().iter("meta", "body"):
        if el.tag == "body":
            if body is None:
                body = el.get("lang")
            continue
        content = el.get("content")
        if content is None:
            continue
        if language is None and (el.get("http-equiv") or "").translate(
                _HTTP_EQUIV_CASE) == "content-language":
            language = content
        if locale is None and el.get("property") == "og:locale":
            locale = content
    return language, locale, body


def text_time(text: str, tz: ZoneInfo | timezone, now: datetime | None, langs: list[str],
              where: str) -> datetime | None:
    """A visible date, or None when it means no instant: the post is then kept without its time
    (``problems: ["time"]``, issue 11) — one unreadable date never refuses a page. A day printed
    without its clock (vBulletin 4's ``span.postdate.old``: "12-07-2011") is no instant either:
    read as midnight it would put a late-evening vote before the day's deadline."""
    found = dates.parse_forum_time(text, tz, now, langs)
    if found is not None and not (found.hour or found.minute or found.second) \
            and not _ANY_CLOCK.search(text):
        return None  # a day without its clock ("12-07-2011"): no instant, never midnight
    return found


# a clock in any of the forms a date text may hold it ("09:41", "9h41", "21.30"; not "12.07.2011")
_ANY_CLOCK = re.compile(r"\d{1,2}\s*[:h]\s*\d{2}|\d{1,2}\.\d{2}(?![.\d])", re.I)


def edited_from_text(text: str, names: list[str], tz: ZoneInfo | timezone, now: datetime | None,
                     langs: list[str]) -> datetime | None:
    """The time in an edit notice ("Last edited by X on <date>, edited 2 times in total.").

    Cut after the last clock (drops the localised tail) and remove the editor's name (a name
    with digits would otherwise read as a day).
    """
    found = list(_CLOCK_END.finditer(text))
    if not found:
        return None
    head = text[: found[-1].end()]
    for name in names:
        if name:
            head = head.replace(name, " ")
    return dates.parse_forum_time(head, tz, now, langs)


def body_html(body: etree._Element, chrome: tuple[str, ...] | list[str],
              convert: Callable[[etree._Element], None],
              steps: tuple[bool, bool, bool, bool] = (True, True, True, True)) -> str:
    """A post body normalised per interfaces.md §2: cleaned, its ``chrome`` (signatures, edit
    notes, buttons: XPaths) dropped, the engine's quotes and spoilers converted by ``convert``,
    colours normalised; the inner HTML, stripped. ``steps``: which of the four may change the
    body (:func:`body_steps`); one that cannot is not run (issue 22)."""
    cleans, drops, converts, colours = steps
    if cleans:
        clean(body)
    if drops:
        drop_matching(body, chrome)
    if converts:
        convert(body)
    if colours:
        normalize_colors(body)
    return inner_html(body).strip()


def body_steps(body: etree._Element, chrome: tuple[str, ...], quotes: tuple[str, ...],
               chrome_tags: frozenset[str] = frozenset(), quote_tags: frozenset[str] = frozenset()
               ) -> tuple[bool, bool, bool, bool]:
    """Which steps of :func:`body_html` may change ``body``, from one walk of it (issue 22):
    ``clean`` when an element below it is a script, style, noscript or comment or has a
    ``data-excludequote``; the chrome's drop when the class of one holds one of the words
    ``chrome`` (an adapter whose chrome XPaths are class tests of those words and comments,
    which ``clean`` has dropped before); ``convert`` when the class of one holds one of the
    words ``quotes`` (an adapter whose conversion looks only for such classes); the colours
    when the body or an element below it is a ``font`` or has a ``style``. ``chrome_tags``,
    ``quote_tags``: tags whose element below the body also runs the drop (a chrome XPath
    ``.//button``), the conversion (phpBB's ``.//blockquote``). A substring test: it may run a
    step for nothing, never skip one that changes the body."""
    cleans = drops = converts = False
    colours = body.tag == "font" or "style" in body.attrib
    for el in body.iterdescendants():
        tag = el.tag
        if tag.__class__ is not str:
            if tag is etree.Comment:
                cleans = True
            continue
        if tag in _CLEANED:
            cleans = True
        elif tag == "font":
            colours = True
        elif tag in chrome_tags:
            drops = True
        elif tag in quote_tags:
            converts = True
        attrib = el.attrib
        if not attrib:
            continue
        if "style" in attrib:
            colours = True
        if "data-excludequote" in attrib:
            cleans = True
        value = attrib.get("class")
        if value:
            for word in chrome:
                if word in value:
                    drops = True
            for word in quotes:
                if word in value:
                    converts = True
    return cleans, drops, converts, colours


_CLEANED = frozenset(("script", "style", "noscript"))  # what ``clean`` drops beside comments

# the bits of :func:`body_marks` every caller gets; an adapter's own bits are 4, 8, 16 ...
CLEANS, COLOURS = 1, 2


def body_marks(body: etree._Element, tags: Mapping[str, int],
               words: tuple[tuple[str, int], ...]) -> int:
    """What an adapter's body steps look for, from one walk of ``body`` (issue 22), as bits:
    :data:`CLEANS` when an element below it is a script, style, noscript or comment or has a
    ``data-excludequote`` (what ``clean`` drops), :data:`COLOURS` when the body or an element
    below it is a ``font`` or has a ``style`` (what ``normalize_colors`` rewrites), the bits
    ``tags`` gives an element's tag below it, and the bits of each ``(word, bits)`` of ``words``
    whose word the class of an element below it holds (a substring test: a step may run for
    nothing, never be skipped when it would change the body)."""
    found = COLOURS if body.tag == "font" or "style" in body.attrib else 0
    for el in body.iterdescendants():
        tag = el.tag
        if tag.__class__ is not str:  # a comment, a processing instruction, an entity
            if tag is etree.Comment:
                found |= CLEANS
            continue
        if tag in _CLEANED:
            found |= CLEANS
        elif tag == "font":
            found |= COLOURS
        elif tag in tags:
            found |= tags[tag]
        attrib = el.attrib
        if not attrib:
            continue
        if "style" in attrib:
            found |= COLOURS
        if "data-excludequote" in attrib:
            found |= CLEANS
        value = attrib.get("class")
        if value:
            for word, bits in words:
                if word in value:
                    found |= bits
    return found


@dataclass(frozen=True, slots=True)
class PageContext:
    """What every post of one page is read with: the page's URL, the URL its links resolve
    against, the thread's first-page URL, the zone and moment text times are read in, the
    page's languages (:func:`languages`) and, when the page was read whole
    (:meth:`PagedEngine.read_page`), its :class:`PageInfo`, read before any body was rewritten
    (None: :meth:`PagedEngine.read_page_info` reads it when a post's number needs it)."""

    url: str
    base: str
    thread: str
    tz: ZoneInfo | timezone
    now: datetime | None
    langs: list[str]
    info: PageInfo | None = None

    def where(self, pid: str) -> str:
        """How an error names the post: ``URL: post ID``."""
        return f"{self.url}: post {pid}"

    def link(self, href: str) -> str:
        """A link of the page made absolute (``joined``)."""
        return joined(self.base, href)

    def time(self, text: str, where: str) -> datetime | None:
        """A visible date of the page (``text_time``)."""
        return text_time(text, self.tz, self.now, self.langs, where)


class PagedEngine(Engine):
    """An engine read from the HTML of its thread pages.

    ``page_info``, ``parse_page`` and ``read_page`` (both from one parse, what a scrape asks)
    take a page as text or bytes (legacy encodings decoded), hand a page in the markup of a
    declared variant to that variant, open the document once and call what the adapter
    implements: :meth:`read_page_info` (with the URL links resolve against) and
    :meth:`read_posts` (with the page's :class:`PageContext`).
    """

    # the page parsed with libxml2's ID table: an adapter whose reading calls
    # ``normalize.by_id``/``by_id_in`` keeps it; the others say False (a cheaper parse)
    page_ids: bool = True

    def page_info(self, html: str | bytes, url: str) -> PageInfo:
        text = as_text(html)
        variant = self.variant_for(text)
        if variant is not None:
            return variant.page_info(text, url)
        doc = load(text, self.page_ids)
        return self.read_text_info(text, doc, base_url(doc, url), url)

    def parse_page(self, html: str | bytes, url: str, tz: ZoneInfo, now: datetime | None
                   ) -> list[Post]:
        text = as_text(html)
        variant = self.variant_for(text)
        if variant is not None:
            return variant.parse_page(text, url, tz, now)
        doc = load(text, self.page_ids)
        return self.read_posts(doc, self._context(doc, url, tz, now, None))

    def read_page(self, html: str | bytes, url: str, tz: ZoneInfo, now: datetime | None
                  ) -> tuple[list[Post], PageInfo]:
        text = as_text(html)
        variant = self.variant_for(text)
        if variant is not None:
            return variant.read_page(text, url, tz, now)
        doc = load(text, self.page_ids)
        base = base_url(doc, url)
        # before the posts: reading them rewrites their bodies in the tree
        info = self.read_text_info(text, doc, base, url)
        return self.read_posts(doc, self._context(doc, url, tz, now, info, base)), info

    def _context(self, doc: etree._Element, url: str, tz: ZoneInfo, now: datetime | None,
                 info: PageInfo | None, base: str | None = None) -> PageContext:
        return PageContext(url, base or base_url(doc, url), self.thread_url(url), tz, now,
                           languages(doc), info)

    def read_page_info(self, doc: etree._Element, base: str, url: str) -> PageInfo:
        """Where the page at ``url`` sits in its thread (``base``: what its links resolve
        against)."""
        raise NotImplementedError

    def read_text_info(self, text: str, doc: etree._Element, base: str, url: str) -> PageInfo:
        """:meth:`read_page_info` of the page parsed from ``text``: an adapter whose search of
        the tree a test of the text can spare says so here (issue 22)."""
        return self.read_page_info(doc, base, url)

    def read_posts(self, doc: etree._Element, page: PageContext) -> list[Post]:
        """Every post of the page, bodies normalised per interfaces.md §2."""
        raise NotImplementedError


def require(value: str | None, what: str, where: str) -> str:
    if not value:
        raise ScrapeError(f"{where}: no {what} found")
    return value


_WROTE = re.compile(
    r"\s*(?:wrote|said|пишет|ha scritto|scrive|scrisse|έγραψε|είπε|писал\(а\)|писала?|"
    r"написал\(а\)|написала?|сказал\(а\)|hat geschrieben|schrieb|a écrit|escribió)\s*:?\s*$",
    re.I)


def wrote_name(text: str | None) -> str | None:
    """"Nikos wrote:" / "Вася писал(а):" / "Luca ha scritto:" -> the name; None when the text
    is no such header (a bare "Quote:" label)."""
    text = " ".join((text or "").split())
    m = _WROTE.search(text)  # anchored at the end: the one match, what a sub would remove
    return text[:m.start()].strip() or None if m else None


def query(url: str) -> dict[str, str]:
    """The query parameters of a URL (first value of each, blank values kept): what
    ``parse_qs(urlsplit(url).query, keep_blank_values=True)`` gives.

    A URL with nothing to unquote or strip (ASCII, no ``%``, ``+``, brackets, whitespace or
    control characters: the page and post links adapters read, several a page) is split here,
    as ``urlsplit`` and ``parse_qsl`` split it, without their general machinery (issue 22);
    any other URL goes through them."""
    if not _PLAIN_URL.fullmatch(url):
        return {k: v[0] for k, v in parse_qs(urlsplit(url).query, keep_blank_values=True).items()}
    found: dict[str, str] = {}
    before_fragment = url.split("#", 1)[0]
    if "?" in before_fragment:
        for field in before_fragment.split("?", 1)[1].split("&"):
            if field:
                name, _, value = field.partition("=")
                found.setdefault(name, value)
    return found


# printable ASCII without what urlsplit strips or checks ([ ]) nor what parse_qsl unquotes (% +)
_PLAIN_URL = re.compile(r"[!-$&-*,-Z\\^-~]*")


def keep_query(url: str, *names: str) -> str:
    """``url`` with only the query parameters ``names`` (a thread URL: the first page's), or
    unchanged when it has none of them."""
    parts, q = urlsplit(url), query(url)
    keep = {k: q[k] for k in names if k in q}
    if not keep:
        return url
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(keep), ""))


def offset_url(base: str, page: int, per_page: int | None, default: int, param: str) -> str:
    """Page ``page`` of an offset-paged thread: ``base&param=(page - 1) * per_page``."""
    if page <= 1:
        return base
    return f"{base}&{param}={(page - 1) * (per_page or default)}"
