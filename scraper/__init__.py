"""The scraper: forum thread pages in, normalised ``Post`` records out (interfaces.md §2).

Where each part lives (import it from its module; ``votal.scraper.model`` stays free of
httpx/sqlite):

* ``sources``: :func:`source_posts`, :func:`scrape_source` — the posts of one source of a game
  (URL, saved page(s), JSONL).
* ``fetch``: :func:`scrape` / :class:`ScrapeSummary` — one thread into the store, incrementally.
* ``store``: :class:`Store` / :func:`default_db_path` — the SQLite store, the only writer.
* ``http``: :class:`HttpClient` / :class:`HttpOptions` — the polite HTTP client.
* ``model``: :class:`Post`, :class:`PostVersion`, :func:`read_posts_jsonl`,
  :func:`write_posts_jsonl`.
"""
