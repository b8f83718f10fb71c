"""Discourse topics, read through the JSON API (forum-engines.md §3.10).

The adapter declares its fetch strategy, ``Discourse.api`` (a :class:`DiscourseApi`, the
``PostStreamApi`` of ``base.py`` that ``scraper/fetch.py`` drives), made of these pure
functions (all URLs absolute):

* ``topic_json_url(url)`` -> ``https://host/t/{id}.json``: the first answer.
* ``parse_topic_json(text, url)`` -> :class:`~votal.scraper.engines.base.PostStream`: every post id of the topic
  (``post_stream.stream``), its slug, and the posts already embedded in that answer.
* ``batch_urls(url, ids)`` -> ``/t/{id}/posts.json?post_ids[]=…`` URLs, 20 ids each, for the ids
  not yet seen; ``parse_posts_json(text, url)`` turns each answer into :class:`Post` records
  (``created_at`` is the time; ``updated_at`` is the edit time when ``version > 1``).
* ``link_quotes(posts)``: Discourse quotes name the quoted post by *number*
  (``aside.quote[data-post=N]``), kept as ``data-post="#N"`` (``"T#N"`` for another topic T);
  once the posts are known this rewrites ``#N`` to the post id, as interfaces.md §2 wants
  (idempotent: ids carry no ``#``).
* ``raw_url(url, page)`` and ``parse_raw(text)``: the ``/raw/{id}`` markdown dump (100 posts a
  page), with a small markdown/BBCode converter. Discourse core leaves ``[color=red]`` as literal
  text in ``cooked``; the adapter turns such literal tags into ``<span style="color: …">`` itself,
  and :func:`apply_raw` can replace a cooked body by its converted raw source. ``/raw/`` headers
  carry ``updated_at``, not ``created_at`` (§2.1 rule 5), so raw posts never give the post time.

``parse_page`` accepts either JSON answer or a crawler (no-JS) HTML page; ``detect`` knows both.
The JavaScript app's shell without its posts (:func:`app_shell`) is an :class:`AppShellError`
naming the page, and its pagination announces no next page (issue 21: never 0 posts in silence).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from functools import lru_cache
from html import escape
from urllib.parse import urljoin, urlsplit, urlunsplit
from zoneinfo import ZoneInfo

from lxml import etree

from votal.errors import NotAThreadError, ScrapeError
from votal.scraper.colour import BBCODE_VALUE
from votal.scraper.dates import from_epoch, from_iso
from votal.scraper.engines import register
from votal.scraper.engines._discourse_raw import (  # noqa: F401 (the /raw/ API lives on here)
    RawPost,
    apply_raw,
    markdown_to_html,
    parse_raw,
)
from votal.scraper.engines.base import Engine, Example, PageInfo, PostStream
from votal.scraper.model import Post
from votal.scraper.normalize import (
    class_tokens,
    clean,
    document,
    drop_all,
    first_match,
    fragment,
    has_class,
    inner_html,
    make_quote,
    make_spoiler,
    normalize_colors,
    text_of,
    xp,
    xpath,
)

BATCH = 20
_TOPIC = re.compile(r"/t/(?:([^/?#]+)/)?(\d+)(?:\.json)?(?:/(\d+))?")
_LITERAL_COLOR = re.compile(rf"\[colou?r=({BBCODE_VALUE}?)\](.*?)\[/colou?r\]", re.I | re.S)


def _iso(value: str | None) -> datetime | None:
    """A machine ``datetime`` (no offset means UTC), or None when absent or unreadable."""
    try:
        return from_iso(value) if value and value.strip() else None
    except ValueError:
        return None


@lru_cache(maxsize=64)
def _origin(url: str) -> str:
    p = urlsplit(url)
    return f"{p.scheme}://{p.netloc}"


def _join(origin: str, link: str) -> str:
    """``urljoin(origin + "/", link)``; a plain ``/path`` link (every ``post_url``) is appended
    as it is, which is what urljoin gives it."""
    if link.startswith("/") and not link.startswith("//") and "/." not in link:
        return origin + link
    return urljoin(origin + "/", link)


def topic_id(url: str) -> int:
    m = _TOPIC.search(urlsplit(url).path)
    if not m:
        raise ScrapeError(f"{url}: not a Discourse topic URL (/t/slug/ID)")
    return int(m.group(2))


def topic_json_url(url: str) -> str:
    return f"{_origin(url)}/t/{topic_id(url)}.json"


def batch_urls(url: str, ids: Sequence[int]) -> list[str]:
    """``/t/{id}/posts.json?post_ids[]=…`` URLs, :data:`BATCH` ids per request."""
    base = f"{_origin(url)}/t/{topic_id(url)}/posts.json"
    return [
        base + "?" + "&".join(f"post_ids[]={int(i)}" for i in ids[k:k + BATCH])
        for k in range(0, len(ids), BATCH)
    ]


def raw_url(url: str, page: int = 1) -> str:
    base = f"{_origin(url)}/raw/{topic_id(url)}"
    return base if page <= 1 else f"{base}?page={page}"


def _load(text: str, url: str) -> dict:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:  # RecursionError: nested too deeply
        raise ScrapeError(f"{url}: Discourse answer is not JSON ({e})") from None
    if not isinstance(data, dict):
        raise ScrapeError(f"{url}: Discourse answer is not a JSON object")
    return data


def parse_topic_json(text: str, url: str) -> PostStream:
    data = _load(text, url)
    stream = data.get("post_stream") or {}
    ids = tuple(int(i) for i in stream.get("stream") or ())
    tid = int(data.get("id") or topic_id(url))
    slug = str(data.get("slug") or "")
    thread = f"{_origin(url)}/t/{slug}/{tid}" if slug else f"{_origin(url)}/t/{tid}"
    posts = tuple(_post(p, thread, url) for p in stream.get("posts") or ())
    return PostStream(tid, slug, ids or tuple(int(p.id) for p in posts), posts)


def parse_posts_json(text: str, url: str, thread: str | None = None,
                     link: bool = False) -> list[Post]:
    """The posts of a ``/t/{id}.json`` or ``/t/{id}/posts.json`` answer, in thread order.

    ``link``: quotes of posts of the same answer get their ids as the bodies are made, which
    is what :func:`link_quotes` would then do (without building every post twice).
    """
    data = _load(text, url)
    raw_posts = (data.get("post_stream") or {}).get("posts") or []
    if thread is None:
        thread = Discourse().thread_url(url)
    wanted = [p for p in raw_posts if p.get("post_type", 1) in (1, 4)]
    by_number: dict[int, str] | None = None
    if link:  # link_quotes' map: post number -> id, the last in thread order winning
        by_number = {}
        for p in sorted(wanted, key=lambda p: _number(p) or 0):
            n = _number(p)
            if n is not None:  # the same test: _number is None only without a post_number
                by_number[n] = str(p["id"])
    posts = [_post(p, thread, url, by_number) for p in wanted]
    return sorted(posts, key=lambda p: p.number or 0)


def _number(p: dict) -> int | None:
    number = p.get("post_number")
    return int(number) if number is not None else None


def _post(p: dict, thread: str, url: str, by_number: dict[int, str] | None = None) -> Post:
    created = _iso(p.get("created_at"))
    if created is None:
        raise ScrapeError(f"{url}: Discourse post {p.get('id')} has no created_at")
    edited = _iso(p.get("last_edited_at")) or (
        _iso(p.get("updated_at")) if int(p.get("version") or 1) > 1 else None)
    number = p.get("post_number")
    link = p.get("post_url") or f"{urlsplit(thread).path}/{number}"
    return Post(
        id=str(p["id"]), number=int(number) if number is not None else None, thread=thread,
        url=_join(_origin(url), link), author=str(p.get("username") or ""),
        author_id=str(p["user_id"]) if p.get("user_id") is not None else None,
        time=created, edited=edited,
        html=_link(normalize_cooked(str(p.get("cooked") or ""), p.get("topic_id")), by_number),
    )


_CODE = re.compile(r"(<(code|pre)\b.*?</\2>)", re.S | re.I)


def _literal_colors(html: str) -> str:
    """``[color=X]…[/color]`` left as text by Discourse core -> colour spans (not in code)."""
    def span(m: re.Match) -> str:
        return f'<span style="color: {escape(m.group(1).strip())}">{m.group(2)}</span>'

    parts = _CODE.split(html)
    out = []
    for i in range(0, len(parts), 3):  # split() yields text, code block, tag name, text, …
        text, prev = parts[i], None
        while prev != text:  # nested [color] tags
            prev, text = text, _LITERAL_COLOR.sub(span, text)
        out.append(text)
        if i + 1 < len(parts):
            out.append(parts[i + 1])
    return "".join(out)


def _quote_ref(number: str | None, quoted_topic: str | None, topic: int | None) -> str | None:
    """``#N`` for post number N of this topic (``link_quotes`` makes it the post id), ``T#N``
    for a post of another topic T (left as is: its id is unknown here)."""
    if not number:
        return None
    if quoted_topic and topic is not None and quoted_topic != str(topic):
        return f"{quoted_topic}#{number}"
    return f"#{number}"


_LIGHTBOX_META = xpath(f".//*[{has_class('lightbox-wrapper')}]//*[{has_class('meta')}]")
_QUOTE_CONTROLS = xpath(".//*[@class='quote-controls']")
_SPOILERS = xpath(f".//*[{has_class('spoiler')} or {has_class('spoiled')}]")


def _convert_quote(q: etree._Element, topic: int | None) -> int:
    """``aside.quote > div.title + blockquote`` -> ``<blockquote data-author data-post>``.

    The aside has two or three children: read in Python, not with two more XPath calls.
    Returns how many ``[@class='quote-controls']`` went with the title.
    """
    inner, controls = None, 0
    for child in list(q):
        if not isinstance(child.tag, str):
            continue
        if "title" in (child.get("class") or "") and "title" in class_tokens(child):
            controls += sum(1 for e in child.iter() if e.get("class") == "quote-controls")
            child.drop_tree()
        elif inner is None and child.tag == "blockquote":
            inner = child
    make_quote(q, inner, q.get("data-username"),
               _quote_ref(q.get("data-post"), q.get("data-topic"), topic))
    return controls


def normalize_cooked(cooked: str, topic: int | None = None,
                     parsed: etree._Element | None = None) -> str:
    """interfaces.md §2 body from Discourse ``cooked`` HTML (``topic``: the post's topic id).

    A step whose markup the source cannot hold is skipped (each one walks the whole tree, and
    most posts have no spoiler, script or colour): its class name or tag must be spelt out in
    the source to match, unless character references hide it (``&#``: every step runs).
    Quote controls are dropped after the quotes, whose titles usually take them all along.
    ``parsed``: an element of a parsed page whose inner HTML ``cooked`` is and parses back into
    (the crawler view's body, :func:`_as_parsed`), read in place instead of parsing ``cooked``
    again, unless the text is rewritten (literal ``[color]`` tags) first.
    """
    html = cooked
    raw = cooked.encode("utf-8", "surrogatepass")  # bytes: `in` scans them fastest
    low = raw.lower()  # tag and attribute names in any case (A-Z only)
    if b"[colo" in low:
        html = _literal_colors(cooked)
        raw = html.encode("utf-8", "surrogatepass")
        low = raw.lower()
        parsed = None
    every = b"&#" in raw
    root = parsed if parsed is not None else fragment(html)
    if every or b"<script" in low or b"<style" in low or b"<noscript" in low \
            or b"excludequote" in low:
        clean(root)
    if every or b"lightbox-wrapper" in raw:
        drop_all(root, (_LIGHTBOX_META,))
    controls = raw.count(b"quote-controls")
    if every or b"quote" in raw:
        for q in list(root.iter("aside")):  # in C: no XPath walk over every text node
            if "quote" in (q.get("class") or "") and "quote" in class_tokens(q):
                controls -= _convert_quote(q, topic)
    if every or controls > 0:
        drop_all(root, (_QUOTE_CONTROLS,))
    if every or b"spoile" in raw:
        for s in _SPOILERS(root):
            make_spoiler(s, None)
    if every or b"<font" in low or b"style" in low:
        normalize_colors(root)
    return inner_html(root)


_QUOTE_NUMBER = re.compile(r'(<blockquote data-author="[^"]*" data-post=")#(\d+)(")')


def link_quotes(posts: list[Post]) -> list[Post]:
    """Rewrite quote ``data-post="#N"`` (post number N of the same topic) to that post's id.

    Idempotent: a resolved id has no ``#``; a number whose post is not among ``posts`` stays
    ``#N`` (never a wrong id).
    """
    by_number = {p.number: p.id for p in posts if p.number is not None}
    return [replace(p, html=_link(p.html, by_number)) if "data-post=" in p.html else p
            for p in posts]


def _link(html: str, by_number: dict[int, str] | None) -> str:
    if not by_number or "data-post=" not in html:
        return html

    def fix(m: re.Match) -> str:
        return m.group(1) + by_number.get(int(m.group(2)), "#" + m.group(2)) + m.group(3)

    return _QUOTE_NUMBER.sub(fix, html)


# --- the adapter ------------------------------------------------------------------------------


class DiscourseApi:
    """The JSON topic API as the fetching layer's strategy (``base.PostStreamApi``)."""

    def topic_url(self, thread_url: str) -> str:
        """The first request: the topic answer with the full post-id stream."""
        return topic_json_url(thread_url)

    def parse_topic(self, text: str, url: str) -> PostStream:
        return parse_topic_json(text, url)

    def batch_urls(self, thread_url: str, ids: Sequence[int]) -> list[str]:
        return batch_urls(thread_url, ids)

    def parse_batch(self, text: str, url: str, thread_url: str) -> list[Post]:
        return parse_posts_json(text, url, thread_url)

    def link_quotes(self, posts: list[Post]) -> list[Post]:
        return link_quotes(posts)



class Discourse(Engine):
    name = "discourse"
    label = "Discourse"
    url_patterns = (re.compile(r"^https?://[^/]+/t/(?:[^/?#]+/)?\d+(?:[/?#.]|$)"),)
    precedence = 70
    examples = (
        Example("https://discuss.criticalfallibilism.com/t/kpop-demon-hunters/2144",
                "https://discuss.criticalfallibilism.com/t/kpop-demon-hunters/2144", 2,
                "https://discuss.criticalfallibilism.com/t/kpop-demon-hunters/2144?page=2"),
        Example("https://forum.example.org/t/mafia-42-day-3/1234/56",
                "https://forum.example.org/t/mafia-42-day-3/1234"),
        Example("https://forum.example.org/t/1234.json", "https://forum.example.org/t/1234"),
    )
    api = DiscourseApi()

    signals = ('<meta name="generator" content="Discourse…">', "div.crawler-post",
               'a JSON answer with "post_stream"')

    def detect(self, page: str) -> bool:
        head = page.lstrip()[:2000]
        if head.startswith("{"):
            return '"post_stream"' in page
        return ('content="Discourse' in page or "crawler-post" in page
                or "discourse-assets" in page)

    def thread_url(self, url: str) -> str:
        p = urlsplit(url)
        m = _TOPIC.search(p.path)
        if not m:
            return url
        slug, tid = m.group(1), m.group(2)
        path = f"/t/{slug}/{tid}" if slug else f"/t/{tid}"
        return urlunsplit((p.scheme, p.netloc, path, "", ""))

    def page_url(self, thread_url: str, page: int, info: PageInfo | None = None) -> str:
        base = self.thread_url(thread_url)
        return base if page <= 1 else f"{base}?page={page}"

    def page_info(self, html: str, url: str) -> PageInfo:
        html = _text(html)
        if _JSON_START(html):
            return PageInfo(current=1, last=1, next_url=None)
        info = _crawler_info(document(html, ids=False), url)
        # the app's shell announces the crawler view's next page, but it printed no page
        return _no_next(info) if app_shell(html) else info

    def parse_page(self, html: str, url: str, tz: ZoneInfo, now: datetime | None) -> list[Post]:
        html = _text(html)
        if _JSON_START(html):
            return parse_posts_json(html, url, link=True)
        return _not_shell(_parse_crawler(document(html, ids=False), self.thread_url(url), url),
                          html, url)

    def read_page(self, html: str, url: str, tz: ZoneInfo, now: datetime | None
                  ) -> tuple[list[Post], PageInfo]:
        html = _text(html)
        if _JSON_START(html):
            return parse_posts_json(html, url, link=True), PageInfo(current=1, last=1,
                                                                   next_url=None)
        doc = document(html, ids=False)
        info = _crawler_info(doc, url)  # before the posts: reading them rewrites their bodies
        return _not_shell(_parse_crawler(doc, self.thread_url(url), url), html, url), info

    def why_empty(self, html: str, where: str) -> Exception | None:
        # the app's empty shell (its hidden login form is no login wall; issue 11)
        if app_shell(html):
            return AppShellError(shell_message(where, not where.startswith(("http://",
                                                                            "https://"))))
        return None


class AppShellError(NotAThreadError):
    """A Discourse page that holds the app's shell only (:func:`app_shell`)."""


# the markup of the Ember app's shell: its splash, its setup and asset elements, Ember's ids
_SHELL_MARKS = ('id="d-splash"', 'id="data-discourse-setup"', "<discourse-assets",
                'id="ember', "ember-application")
# what a page with posts has: the crawler view (also inside <noscript>), the drawn posts
_POST_MARKS = ("crawler-post", "data-post-id=", "topic-body")


def app_shell(html: str) -> bool:
    """True for a Discourse page that is the JavaScript app's shell without its posts (issue 11:
    seven WCXB benchmark pages): the app's markup, but no crawler view (its ``<noscript>`` copy
    was dropped or never sent) and no post the scripts drew (``article[data-post-id]``,
    ``.topic-body``). Such a page's ``rel=next`` link names a page it did not print."""
    head = html[:300_000]
    return any(m in head for m in _SHELL_MARKS) and not any(m in html for m in _POST_MARKS)


def shell_message(where: str, saved: bool) -> str:
    """What to say of a shell page (:func:`app_shell`) found at ``where`` (a file or a URL)."""
    how = ("save it again once the posts show, or with JavaScript off, or save the thread's "
           "?print=true view; or give votal the thread's URL (`votal scrape URL` reads "
           "Discourse's JSON API)" if saved else
           "`votal scrape URL` reads the thread through Discourse's JSON API instead")
    return (f"{where}: a Discourse page without its posts (the app's shell, drawn by scripts "
            f"after loading): {how}")


def _not_shell(posts: list[Post], html: str, url: str) -> list[Post]:
    """``posts``, unless none were read from the app's shell: never 0 posts and a next link."""
    if not posts and app_shell(html):
        raise AppShellError(shell_message(url, not url.startswith(("http://", "https://"))))
    return posts


def _no_next(info: PageInfo) -> PageInfo:
    return PageInfo(info.current, info.current, None, info.per_page)


def _crawler_info(doc: etree._Element, url: str) -> PageInfo:
    m = re.search(r"[?&]page=(\d+)", url)
    nxt = xp(doc, "//link[@rel='next']/@href | //a[@rel='next']/@href")
    current = int(m.group(1)) if m else 1
    return PageInfo(current, None if nxt else current, urljoin(url, nxt[0]) if nxt else None)


_JSON_START = re.compile(r"\s*\{").match  # lstrip().startswith("{") without copying the page


def _text(page: str | bytes) -> str:
    return page.decode("utf-8", errors="replace") if isinstance(page, bytes) else page


def _parse_crawler(doc: etree._Element, thread: str, url: str) -> list[Post]:
    """The no-JS page Discourse serves to crawlers. It prints no post ids: a post's id there is
    ``"{topic}#{number}"`` (prefer the JSON API, whose ids are real)."""
    found = xp(doc, f"//div[{has_class('crawler-post')}]")
    if not found:
        return _parse_rendered(doc, thread, url)
    topic = topic_id(thread)
    tid = str(topic)
    posts: list[Post] = []
    for el in found:
        if el.get("role") == "navigation":  # the template's "← previous page / next page →"
            continue                        # box is a div.crawler-post too (issue 11)
        pos, name, body = _itemprops(el)
        number = int(text_of(pos)) if pos is not None and text_of(pos).isdigit() \
            else len(posts) + 1
        if name is None:
            name = first_match(el, f".//*[{has_class('creator')}]//a")
        stamp, modified = _stamps(el)
        when = _iso(stamp)  # None: kept, problems ["time"]
        edited = _iso(modified)
        posts.append(Post(
            id=f"{tid}#{number}", number=number, thread=thread, url=f"{thread}/{number}",
            author=text_of(name) if name is not None else "", author_id=None, time=when,
            edited=edited if edited and when and edited > when else None,
            # the topic: a quote of another topic's post keeps that topic ("T#N", not "#N")
            html=_crawler_quote_ids(normalize_cooked(inner_html(body), topic,
                                                     _as_parsed(body)), tid)
            if body is not None else "",
        ))
    return posts


_ITEMPROPS = xpath(".//*[@itemprop]")


def _itemprops(post: etree._Element) -> tuple[
        etree._Element | None, etree._Element | None, etree._Element | None]:
    """A crawler post's first ``.//*[@itemprop='position']``, first
    ``.//*[@itemprop='author']//*[@itemprop='name']`` and first ``.//*[@itemprop='text']``,
    from one walk of its ``itemprop`` attributes (issue 22: four XPath walks of the post)."""
    pos = name = body = None
    for x in _ITEMPROPS(post):
        prop = x.get("itemprop")
        if prop == "position":
            pos = x if pos is None else pos
        elif prop == "text":
            body = x if body is None else body
        elif prop == "name" and name is None:
            for a in x.iterancestors():
                if a is post:
                    break
                if a.get("itemprop") == "author":
                    name = x
                    break
    return pos, name, body


def _stamps(post: etree._Element) -> tuple[str | None, str | None]:
    """A crawler post's first ``.//time/@datetime | .//meta[@itemprop='datePublished']/@content``
    and first ``.//meta[@itemprop='dateModified']/@content``, from one tag walk of its times and
    metas (issue 22: two XPath walks of the post)."""
    stamp = modified = None
    for x in post.iterdescendants("time", "meta"):
        if x.tag == "time":
            if stamp is None:
                stamp = x.get("datetime")
            continue
        content = x.get("content")
        if content is None:
            continue
        prop = x.get("itemprop")
        if stamp is None and prop == "datePublished":
            stamp = content
        elif modified is None and prop == "dateModified":
            modified = content
    return stamp, modified


def _parse_rendered(doc: etree._Element, thread: str, url: str) -> list[Post]:
    """A topic page as the browser drew it (saved from the browser, issue 11):
    ``article#post_N[data-post-id][data-user-id]`` with ``.names .username``, the relative
    date's ``span[data-time]`` (epoch milliseconds) and ``div.cooked``. Real post ids here;
    quotes of this topic's posts on the page get them as the JSON reader's do."""
    arts = xp(doc, "//article[@data-post-id][starts-with(@id, 'post_')]")
    if not arts:
        return []
    topic = topic_id(thread)
    posts: list[Post] = []
    for art in arts:
        number = art.get("id")[len("post_"):]
        names = xp(art, f".//*[{has_class('names')}]//*[{has_class('username')}]//a")
        stamps = xp(art, f".//*[{has_class('post-date')}]//*[@data-time]/@data-time")
        ms = str(stamps[0]) if stamps else ""
        when = from_epoch(str(int(ms) // 1000)) if ms.isdigit() else None  # None: ["time"]
        body = xp(art, f".//div[{has_class('cooked')}]")
        posts.append(Post(
            id=art.get("data-post-id"), number=int(number) if number.isdigit() else None,
            thread=thread, url=f"{thread}/{number}",
            author=text_of(names[0]) if names else "", author_id=art.get("data-user-id"),
            time=when, edited=None,
            html=normalize_cooked(inner_html(body[0]), topic) if body else "",
        ))
    return link_quotes(posts)


def _as_parsed(body: etree._Element) -> etree._Element | None:
    """The crawler view's body, to be normalised in place rather than parsed again from its
    inner HTML (issue 22: a second parse of every post), unless that HTML would not parse back
    into the same tree: ``inner_html`` writes the leading text unescaped, so a ``<`` or ``&``
    in it is read as markup or a reference once parsed again."""
    text = body.text or ""
    return None if "<" in text or "&" in text else body


def _crawler_quote_ids(html: str, tid: str) -> str:
    """Quote numbers become the crawler ids ``"{topic}#{number}"`` of the quoted posts."""
    return re.sub(r'(<blockquote data-author="[^"]*" data-post=")#(\d+)"', rf'\g<1>{tid}#\2"', html)


register(Discourse())
