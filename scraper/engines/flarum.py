"""Flarum discussions: the JSON:API and the server-rendered page with its JSON preload (issue 11).

Flarum's pages are rendered by JavaScript; the HTML a guest (or crawler) gets holds a
``<noscript id="flarum-content">`` copy without dates or ids and, in
``<script id="flarum-json-payload">`` (1.x; ``flarum.core.app.load({...})`` in the betas), the
JSON:API document of the discussion: its ``posts`` relationship lists every post id of the
thread, ``included`` holds the posts of the page (``number``, ``createdAt``, ``editedAt``,
``contentHtml``) and their users (``displayName``, ``username``). The adapter reads that
document; its fetch strategy (``Flarum.api``) asks ``/api/discussions/ID`` for the id stream
and ``/api/posts?filter[id]=…`` for the posts not stored yet, as for Discourse. Quotes
(fof/mentions) are a ``blockquote`` opening with ``a.PostMention[data-id]``: the quoted post's
id and its author. Colours (``[color]`` BBCode) are spans. Built on the real page of
../shared/real/engines/flarum/ (discuss.flarum.org) and our own Italian API answers, written
from Flarum's JSON:API documentation.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from datetime import datetime
from urllib.parse import urljoin, urlsplit, urlunsplit
from zoneinfo import ZoneInfo

from votal.errors import ScrapeError
from votal.scraper.dates import from_iso
from votal.scraper.engines import register
from votal.scraper.engines._common import as_text, cls, find, first
from votal.scraper.engines.base import Engine, Example, PageInfo, PostStream
from votal.scraper.model import Post
from votal.scraper.normalize import (
    clean,
    fragment,
    head_links,
    inner_html,
    make_quote,
    make_spoiler,
    may_hold_value,
    normalize_colors,
    text_of,
)

PER_PAGE = 20
BATCH = 50
_DISCUSSION = re.compile(r"/d/(\d+)(?:-([^/?#]*))?")
# the preload's start tag; its text runs to the first "</script>" after it
_PAYLOAD = re.compile(r"""<script[^>]+id=["']flarum-json-payload["'][^>]*>""")
_APP_LOAD = re.compile(r"flarum\.core\.app\.load\((\{.*?\})\);", re.S)


def _origin(url: str) -> str:
    p = urlsplit(url)
    return f"{p.scheme}://{p.netloc}"


def discussion_id(url: str) -> str:
    m = _DISCUSSION.search(urlsplit(url).path) or re.search(r"/api/discussions/(\d+)", url)
    if not m:
        raise ScrapeError(f"{url}: not a Flarum discussion URL (/d/ID-slug)")
    return m.group(1)


def _json(text: str, url: str) -> dict:
    try:
        data = json.loads(text)
    except ValueError as e:
        raise ScrapeError(f"{url}: Flarum answer is not JSON ({e})") from None
    if not isinstance(data, dict):
        raise ScrapeError(f"{url}: Flarum answer is not a JSON object")
    return data


def api_document(page: str, url: str) -> dict:
    """The JSON:API document of a page: the page itself (an API answer) or its preload."""
    if page.lstrip().startswith("{"):
        return _json(page, url)
    found = _payload(page)
    if found is None:
        m = _APP_LOAD.search(page)
        if not m:
            return {}
        found = m.group(1)
    data = _json(found, url)
    return data.get("apiDocument") or data.get("document") or {}


def _payload(page: str) -> str | None:
    """The text of ``<script id="flarum-json-payload">``: what ``<script …>(.*?)</script>``
    (re.S) captures, the end found by ``str.find`` rather than by a lazy match over the whole
    JSON (issue 22: 5 ms a page)."""
    m = _PAYLOAD.search(page)
    if m is None:
        return None
    end = page.find("</script>", m.end())
    return page[m.end():end] if end >= 0 else None


def normalize_body(html: str) -> str:
    root = fragment(html)
    clean(root)
    for bq in find(root, ".//blockquote"):
        mention = first(bq, f".//a[{cls('PostMention')}][@data-id]")
        author = text_of(mention) or None if mention is not None else None
        post = mention.get("data-id") if mention is not None else None
        if mention is not None:
            mention.drop_tree()
        make_quote(bq, None, author, post)
    for sp in find(root, f".//*[{cls('spoiler')}]"):
        make_spoiler(sp, None)
    normalize_colors(root)
    return inner_html(root).strip()


def _users(doc: dict) -> dict[str, dict]:
    return {str(r.get("id")): r.get("attributes") or {}
            for r in doc.get("included") or [] if r.get("type") == "users"}


def _post(res: dict, users: dict[str, dict], thread: str, url: str) -> Post:
    a = res.get("attributes") or {}
    pid = str(res.get("id"))
    try:
        created = from_iso(a.get("createdAt") or "")
    except ValueError:
        raise ScrapeError(f"{url}: Flarum post {pid} has no createdAt") from None
    uid = (((res.get("relationships") or {}).get("user") or {}).get("data") or {}).get("id")
    user = users.get(str(uid), {})
    try:
        edited = from_iso(a["editedAt"]) if a.get("editedAt") else None
    except ValueError:
        edited = None
    number = a.get("number")
    return Post(
        id=pid, number=int(number) if number is not None else None, thread=thread,
        url=f"{thread}/{number}" if number is not None else thread,
        author=str(user.get("displayName") or user.get("username") or "[deleted]"),
        author_id=str(uid) if uid is not None else None, time=created, edited=edited,
        html=normalize_body(str(a.get("contentHtml") or "")),
    )


def _thread_of(doc: dict, url: str) -> str:
    data = doc.get("data")
    if isinstance(data, dict) and data.get("type") == "discussions":
        slug = (data.get("attributes") or {}).get("slug") or data.get("id")
        return f"{_origin(url)}/d/{slug}"
    return Flarum().thread_url(url)


def posts_of(doc: dict, url: str, thread: str | None = None,
             only: Sequence[str] | None = None) -> list[Post]:
    """The comment posts of a JSON:API document (``data`` and ``included``), in number order;
    ``only``: those ids."""
    thread = thread or _thread_of(doc, url)
    data = doc.get("data")
    resources = (data if isinstance(data, list) else []) + list(doc.get("included") or [])
    users = _users(doc)
    wanted = set(only) if only is not None else None
    posts = {}
    for r in resources:
        if r.get("type") != "posts" or (r.get("attributes") or {}).get("contentType") != "comment":
            continue
        if wanted is None or str(r.get("id")) in wanted:
            posts[str(r.get("id"))] = _post(r, users, thread, url)
    return sorted(posts.values(), key=lambda p: p.number or 0)


def stream_of(doc: dict) -> tuple[int, ...]:
    data = doc.get("data")
    if not isinstance(data, dict):
        data = {}
    rel = ((data.get("relationships") or {}).get("posts") or {}).get("data") or []
    return tuple(int(r["id"]) for r in rel if str(r.get("id", "")).isdigit())


def _page_of(url: str) -> int:
    m = re.search(r"[?&]page=(\d+)", url)
    return int(m.group(1)) if m else 1


class FlarumApi:
    """The JSON:API as the fetching layer's strategy (``base.PostStreamApi``)."""

    def topic_url(self, thread_url: str) -> str:
        return f"{_origin(thread_url)}/api/discussions/{discussion_id(thread_url)}"

    def parse_topic(self, text: str, url: str) -> PostStream:
        doc = _json(text, url)
        data = doc.get("data")
        if not isinstance(data, dict):
            data = {}
        slug = str((data.get("attributes") or {}).get("slug") or "")
        posts = tuple(posts_of(doc, url))
        return PostStream(int(data.get("id") or discussion_id(url)), slug,
                          stream_of(doc) or tuple(int(p.id) for p in posts), posts)

    def batch_urls(self, thread_url: str, ids: Sequence[int]) -> list[str]:
        base = f"{_origin(thread_url)}/api/posts?filter[id]="
        return [base + ",".join(str(int(i)) for i in ids[k:k + BATCH])
                for k in range(0, len(ids), BATCH)]

    def parse_batch(self, text: str, url: str, thread_url: str) -> list[Post]:
        return posts_of(_json(text, url), url, thread_url)

    def link_quotes(self, posts: list[Post]) -> list[Post]:
        return posts  # mentions name the quoted post by its id already


class Flarum(Engine):
    name = "flarum"
    label = "Flarum"
    precedence = 75
    sites = ("discuss.flarum.org",)
    url_patterns = (re.compile(r"^https?://[^/]+/(?:[^?#]*/)?d/\d+(?:-[^/?#]*)?(?:/\d+)?/?(?:[?#]|$)"),)
    examples = (
        Example("https://discuss.flarum.org/d/2068-types-of-threads-flarum-as-a-discussion-engine",
                "https://discuss.flarum.org/d/2068-types-of-threads-flarum-as-a-discussion-engine",
                2, "https://discuss.flarum.org/d/"
                   "2068-types-of-threads-flarum-as-a-discussion-engine?page=2"),
        Example("https://lupus.example.it/d/77-lupus-16-giorno-2/41",
                "https://lupus.example.it/d/77-lupus-16-giorno-2"),
    )
    api = FlarumApi()

    def detect(self, page: str) -> bool:
        head = page.lstrip()[:3000]
        if head.startswith("{"):
            return '"type":"discussions"' in head.replace(" ", "") or \
                ('"type":"posts"' in page.replace(" ", "") and '"contentHtml"' in page)
        return "flarum-json-payload" in page or "flarum.core.app.load" in page

    def thread_url(self, url: str) -> str:
        p = urlsplit(url)
        m = _DISCUSSION.search(p.path)
        if not m:
            return url
        path = p.path[: m.end()]
        return urlunsplit((p.scheme, p.netloc, path, "", ""))

    def page_url(self, thread_url: str, page: int, info: PageInfo | None = None) -> str:
        base = self.thread_url(thread_url)
        return base if page <= 1 else f"{base}?page={page}"

    def page_info(self, html: str | bytes, url: str) -> PageInfo:
        return _page_info(as_text(html), url, None)

    def parse_page(self, html: str | bytes, url: str, tz: ZoneInfo, now: datetime | None) -> list[Post]:
        html = as_text(html)
        return _posts(html, url, api_document(html, url))

    def read_page(self, html: str | bytes, url: str, tz: ZoneInfo, now: datetime | None
                  ) -> tuple[list[Post], PageInfo]:
        html = as_text(html)
        doc = api_document(html, url)  # read once for both
        return _posts(html, url, doc), _page_info(html, url, doc)


def _page_info(html: str, url: str, doc: dict | None) -> PageInfo:
    """Where the page sits (``doc``: its JSON:API document, when already read)."""
    if html.lstrip().startswith("{"):
        return PageInfo(1, 1, None)
    current = _page_of(url)
    # //head/link[@rel='next']/@href, the head read alone, and not at all when no attribute
    # of the page can be "next"
    nxt = [h for h in (el.get("href") for el in head_links(html) if el.get("rel") == "next")
           if h is not None] if may_hold_value(html, "next") else []
    stream = stream_of(api_document(html, url) if doc is None else doc)
    last = max(current, -(-len(stream) // PER_PAGE)) if stream else (None if nxt else current)
    return PageInfo(current, last, urljoin(url, nxt[0]) if nxt else None)


def _posts(html: str, url: str, doc: dict) -> list[Post]:
    if not doc:
        return []
    stream = stream_of(doc)
    only = None
    if not html.lstrip().startswith("{") and stream:  # the page's own slice of the thread
        k = (_page_of(url) - 1) * PER_PAGE
        only = [str(i) for i in stream[k:k + PER_PAGE]]
    return posts_of(doc, url, only=only)


register(Flarum())
