"""What XenForo 1 and 2 share (forum-engines.md §3.1–§3.2): their URLs, and the order of
their body steps.

``…/threads/slug.123/page-4#post-9``, ``…/index.php?threads/slug.123/``: both versions use
them, so the XenForo 2 adapter owns the URL pattern and reads XenForo 1 markup through its
declared variant.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from urllib.parse import urlsplit, urlunsplit

from lxml import etree

from votal.scraper.engines._common import CLEANS, COLOURS, body_marks, drop_matching
from votal.scraper.normalize import clean, inner_html, normalize_colors

# the bits of body_marks each version's step words and tags are given (beside CLEANS, COLOURS)
SPOILERS, QUOTES, CHROME = 4, 8, 16

_THREAD = re.compile(r"^(.*?/threads/(?:[^/?#]*\.)?\d+)(?=/|$|[?#])")
_PAGE = re.compile(r"/page-(\d+)")


def thread_url_of(url: str) -> str:
    """``…/threads/slug.123/page-4#post-9`` -> ``…/threads/slug.123/`` (XF1 and XF2)."""
    parts = urlsplit(url)
    path = parts.path
    query = parts.query
    if path.endswith("index.php") and query.startswith("threads/"):  # non-friendly URLs
        m = _THREAD.match("/" + query.split("&")[0])
        return urlunsplit((parts.scheme, parts.netloc, path, m.group(1)[1:] + "/", "")) if m \
            else url
    m = _THREAD.match(path)
    if not m:
        return url
    return urlunsplit((parts.scheme, parts.netloc, m.group(1) + "/", "", ""))


def page_url_of(thread_url: str, page: int) -> str:
    base = thread_url_of(thread_url)
    return base if page <= 1 else f"{base.rstrip('/')}/page-{page}"


def page_of(url: str) -> int:
    m = _PAGE.search(urlsplit(url).path + "?" + urlsplit(url).query)
    return int(m.group(1)) if m else 1


def normalize_marked(body: etree._Element, tags: Mapping[str, int],
                     words: tuple[tuple[str, int], ...],
                     spoilers: Callable[[etree._Element], None],
                     quotes: Callable[[etree._Element], None], chrome: tuple[str, ...]) -> str:
    """interfaces.md §2 for a XenForo body: each step runs only when the walk of
    :func:`body_marks` (``tags``, ``words``: the version's marks of SPOILERS, QUOTES, CHROME)
    found what it may change (issue 22). No step makes what a later one looks for (they drop
    elements, make details and blockquotes without classes; the colours come last): a step
    whose mark the body lacks changes nothing."""
    marks = body_marks(body, tags, words)
    if marks & CLEANS:
        clean(body)
    if marks & SPOILERS:
        spoilers(body)
    if marks & QUOTES:
        quotes(body)
    if marks & CHROME:
        drop_matching(body, chrome)
    if marks & COLOURS:
        normalize_colors(body)
    return inner_html(body)
