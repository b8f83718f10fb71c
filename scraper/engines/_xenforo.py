"""What XenForo 1 and 2 share (forum-engines.md §3.1–§3.2): their URLs.

``…/threads/slug.123/page-4#post-9``, ``…/index.php?threads/slug.123/``: both versions use
them, so the XenForo 2 adapter owns the URL pattern and reads XenForo 1 markup through its
declared variant.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit, urlunsplit

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
