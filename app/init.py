"""`votal init`: the I/O edge of a new game file (issue 13).

:func:`init_game` reads the thread's first page (a URL: one polite request through
scraper/http.py; saved pages; a posts JSONL), drafts the game (app/draft.py, pure: the players
from the sign-up list, app/signup.py), renders it (report/gamefile.py, pure) and writes it, never
over an existing file unless ``force``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from votal.app.draft import Draft, draft_game
from votal.errors import InputError, writing
from votal.report.gamefile import render_game_file
from votal.scraper import engines
from votal.scraper.encoding import decode
from votal.scraper.fetch import confirm_engine, explain_empty, resolve_engine, zone
from votal.scraper.http import HttpClient
from votal.scraper.model import Post, read_posts_jsonl
from votal.scraper.sources import (
    PAGE_SUFFIXES,
    Network,
    SavedPage,
    is_url,
    parse_fetched_at,
    read_saved_folder,
    read_saved_page,
    saved_url,
)
from votal.scraper.threadmeta import page_meta, text_language

MAX_PAGES = 3   # "the first page(s)": enough for the sign-up list and the early posters


@dataclass(frozen=True, slots=True)
class _Pages:
    """The first page(s) read, parsed on demand in a time zone (for text-only post times)."""

    parse: Callable[[str], list[Post]]
    html: str | None            # the first page's markup, for the title and the language
    source_key: str
    first_page: Callable[[], bool]
    canonical: str | None = None


def _url_pages(url: str, client_factory: Callable[..., HttpClient], net: Network) -> _Pages:
    """The thread's first page over HTTP; its relative dates count from the answer's
    ``Date`` (the local clock when it has none), as `votal scrape` dates it (issue 11)."""
    engine, bare = resolve_engine(url)
    with client_factory(net.options, cookies=net.cookies) as client:
        first = client.get(engine.thread_url(bare) if engine else bare)
    engine = confirm_engine(engine, first, bare) if engine else engines.for_page(first.text, bare)

    def parse(tz: str) -> list[Post]:
        posts = engine.parse_page(first.text, first.url, zone(tz), first.date or datetime.now(UTC))
        if not posts:
            raise explain_empty(bare, first.text, engine)
        return posts

    return _Pages(parse, first.text, "thread",
                  lambda: engine.page_info(first.text, first.url).current == 1)


def _file_pages(path: Path, fetched_at: str | None = None) -> _Pages:
    """Saved page(s) or a posts file; ``fetched_at`` (``--fetched-at``, parsed as `votal
    scrape` parses it, in the zone the pages are read in) anchors the pages' relative dates."""

    def when(tz: str) -> datetime | None:
        return parse_fetched_at(fetched_at, tz) if fetched_at else None

    if path.suffix.lower() == ".jsonl":
        posts = read_posts_jsonl(path)
        return _Pages(lambda tz: posts, None, "posts", lambda: True,
                      posts[0].thread if posts and "://" in posts[0].thread else None)
    read: Callable[[str], list[SavedPage]]
    if path.is_dir():
        files = sorted(p for p in path.iterdir() if p.suffix.lower() in PAGE_SUFFIXES)
        if not files:
            raise InputError(f"{path}: no saved pages (.html/.htm) in this folder")
        read = lambda tz: read_saved_folder(path, tz, when(tz))[:MAX_PAGES]  # noqa: E731
    elif path.suffix.lower() in PAGE_SUFFIXES:
        files = [path]
        read = lambda tz: [read_saved_page(path, tz, fetched_at=when(tz))]  # noqa: E731
    else:
        raise InputError(f"{path}: not a thread URL, a saved page (.html/.htm), a folder of "
                         "them, or a posts file (.jsonl)")
    html = decode(files[0].read_bytes(), None)
    cache: dict[str, list[SavedPage]] = {}

    def pages(tz: str) -> list[SavedPage]:
        if tz not in cache:
            cache[tz] = read(tz)
        return cache[tz]

    def parse(tz: str) -> list[Post]:
        return sorted({p.id: p for page in pages(tz) for p in page.posts}.values(),
                      key=Post.sort_key)

    url = saved_url(html)
    return _Pages(parse, html, "pages", lambda: pages(next(iter(cache)))[0].info.current == 1,
                  url)


def draft_from_source(source: str, *, out: Path, ruleset: str | None = None,
                      timezone: str | None = None, net: Network | None = None,
                      fetched_at: str | None = None,
                      client_factory: Callable[..., HttpClient] = HttpClient) -> Draft:
    """The draft of a game file for ``source``, as it would be written at ``out``.

    The pages are read in the zone the draft settles on (the one given, else the ruleset's),
    so that text-only post times and day 1 are right. ``fetched_at`` (``--fetched-at``) is
    for saved pages, as in `votal scrape`: a URL's page is dated by the server's answer.
    """
    if fetched_at is not None:
        parse_fetched_at(fetched_at, timezone or "UTC")  # a bad time: one clear line, at once
        if is_url(source):
            raise InputError("--fetched-at is for saved pages: a thread fetched over HTTP is "
                             "dated by the server's answer")
    if is_url(source):
        pages = _url_pages(source, client_factory, net or Network())
        where = source
    else:
        path = Path(source).expanduser()
        if not path.exists():
            raise InputError(f"{path}: no such file or folder")
        pages = _file_pages(path, fetched_at)
        where = os.path.relpath(path.resolve(), out.resolve().parent)
    if timezone:
        zone(timezone)  # an unknown zone: one clear line
    meta = page_meta(pages.html) if pages.html else None
    tz = timezone or "UTC"
    for _ in range(2):  # once in a first zone, again when the draft settles on another
        posts = pages.parse(tz)
        opening = " ".join(p.html for p in posts[:5])
        draft = draft_game(
            posts, title=meta.title if meta else None, source_key=pages.source_key,
            source=where, shown=source, canonical=pages.canonical,
            interface_language=meta.language if meta else None,
            text_language=text_language(f"{meta.title if meta else ''} {opening}"),
            ruleset=ruleset, timezone=timezone, first_page=pages.first_page())
        if draft.timezone == tz:
            break
        tz = draft.timezone
    return draft


def init_game(source: str, *, out: Path, force: bool = False, **kwargs: Any) -> Draft:
    """Write the drafted game file at ``out`` (never over an existing file unless ``force``)."""
    if out.exists() and not force:
        raise InputError(f"{out}: already exists; votal init never overwrites a game file "
                         "(pass --force to replace it)")
    draft = draft_from_source(source, out=out, **kwargs)
    text = render_game_file(draft)
    with writing(out):  # whole or not at all: a Ctrl-C mid-write leaves no half game file
        part = out.with_name(f".{out.name}.partial")
        try:
            part.write_text(text, encoding="utf-8")
            os.replace(part, out)
        finally:
            part.unlink(missing_ok=True)
    return draft
