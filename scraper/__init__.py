"""The scraper: forum thread pages in, normalised ``Post`` records out (interfaces.md §2).

Public surface (imported lazily so that ``votal.scraper.model`` stays free of httpx/sqlite):

* :func:`load_posts` (``sources``): the posts of a game's ``[source]`` — URL, saved page(s), JSONL.
* :func:`scrape` / :class:`ScrapeSummary` (``fetch``): one thread into the store, incrementally.
* :class:`Store` / :func:`default_db_path` (``store``): the SQLite store, the only writer.
* :class:`HttpClient` / :class:`HttpOptions` (``http``): the polite HTTP client.
* :class:`Post`, :func:`read_posts_jsonl`, :func:`write_posts_jsonl` (``model``).
"""

from __future__ import annotations

import importlib

_EXPORTS = {
    "load_posts": "sources", "scrape_source": "sources",
    "scrape": "fetch", "ScrapeSummary": "fetch",
    "Store": "store", "default_db_path": "store",
    "HttpClient": "http", "HttpOptions": "http",
    "Post": "model", "PostVersion": "model", "read_posts_jsonl": "model",
    "write_posts_jsonl": "model",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    if name in _EXPORTS:
        return getattr(importlib.import_module(f"{__name__}.{_EXPORTS[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
