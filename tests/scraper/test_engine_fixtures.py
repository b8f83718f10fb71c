"""Every fixture page under fixtures/engines/ against the expected data beside it (issue 12).

A page ``X.html`` (or ``.htm``, or a saved ``.json`` API answer) has ``X.expected.json`` next to
it; ``fixtures/engines/<engine>/real/`` pages too. Keys (only ``engine``, ``url`` and ``count``
are required; every other key given is checked):

``engine``, ``url``, ``timezone`` (default UTC), ``now`` (ISO, default 2026-11-29T12:00Z)
    the adapter that must detect the page, the URL it was read at, the zone of text times and
    the moment "Today" is relative to;
``forced``
    true when the page is read with ``engine`` without asking detection (a page that is not
    detected by markup alone, such as a JSON batch);
``count``, ``page`` (``current``, ``last``, ``next_url``, ``per_page``)
    the posts on the page and its ``PageInfo``;
``first``, ``last``, ``posts``
    fields of the first post, the last post, and of every post in order: ``id``, ``number``,
    ``author``, ``author_id``, ``time``, ``edited`` (ISO with offset, or null), and what a tally
    reads from the body: ``text`` (own text, quotes removed), ``colours``, ``quotes``
    (``[author, post, depth]``), ``details`` (spoiler summaries); ``problems`` (what could not
    be read: ``time`` null and ``["time"]`` for a post kept without its time, issue 11);
``snippets``
    ``{post id: [text the body HTML contains, …]}``;
``absent``
    text no body may contain (signatures, chrome).
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import lxml.html
import pytest

from tests.conftest import FIXTURES
from votal.scraper import engines
from votal.scraper.encoding import decode
from votal.scraper.model import Post

ENGINES = FIXTURES / "engines"
PAGE_SUFFIXES = (".html", ".htm", ".json")
DEFAULT_NOW = "2026-11-29T12:00:00+00:00"
CHROME = ("<button", "<font", "<script", "<!--")


def fixture_pages() -> list[Path]:
    return sorted(p for p in ENGINES.rglob("*") if p.suffix in PAGE_SUFFIXES
                  and not p.name.endswith(".expected.json") and p.is_file())


def expected_path(page: Path) -> Path:
    return page.with_name(page.stem + ".expected.json")


def analyse(html: str) -> dict:
    """What a tally would read from a body: own text, own colours, quotes, spoilers."""
    root = lxml.html.fragment_fromstring(html, create_parent="div")
    quotes = []
    for bq in root.iter("blockquote"):
        depth = sum(1 for _ in bq.iterancestors("blockquote"))
        quotes.append((bq.get("data-author"), bq.get("data-post"), depth))
    details = [d.findtext("summary") for d in root.iter("details")]
    for bq in list(root.iter("blockquote")):
        if bq.getparent() is not None:
            bq.drop_tree()
    colours = [m.group(1).strip() for el in root.iter("span")
               for m in [re.search(r"color:\s*([^;]+)", el.get("style") or "")] if m]
    return {"text": " ".join(root.text_content().split()), "colours": colours,
            "quotes": quotes, "details": details}


def _time(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def describe(post: Post) -> dict:
    """Every checkable field of a post, as the expected JSON writes it."""
    body = analyse(post.html)
    body["quotes"] = [list(q) for q in body["quotes"]]
    return {"id": post.id, "number": post.number, "author": post.author,
            "author_id": post.author_id, "time": _time(post.time), "edited": _time(post.edited),
            "problems": list(post.problems), **body}


def read(page: Path, spec: dict) -> tuple[list[Post], engines.PageInfo]:
    text = page.read_text(encoding="utf-8") if page.suffix == ".json" \
        else decode(page.read_bytes(), None)
    engine = engines.get(spec["engine"])
    if not spec.get("forced"):
        assert engines.for_page(text, spec["url"]) is engine, f"{page.name}: detected otherwise"
    tz = ZoneInfo(spec.get("timezone", "UTC"))
    now = datetime.fromisoformat(spec.get("now", DEFAULT_NOW))
    return engine.parse_page(text, spec["url"], tz, now), engine.page_info(text, spec["url"])


def check_post(got: dict, want: dict, where: str) -> None:
    for key, value in want.items():
        if key in ("time", "edited") and value is not None and got[key] is not None:
            have, need = datetime.fromisoformat(got[key]), datetime.fromisoformat(value)
            assert (have, have.utcoffset()) == (need, need.utcoffset()), f"{where} {key}"
        else:
            assert got[key] == value, f"{where} {key}"


@pytest.mark.parametrize("page", fixture_pages(), ids=lambda p: str(p.relative_to(ENGINES)))
def test_fixture_page_gives_the_expected_data(page):
    spec_path = expected_path(page)
    assert spec_path.exists(), f"{page.relative_to(ENGINES)} has no {spec_path.name} beside it"
    spec = json.loads(spec_path.read_text(encoding="utf-8"))
    posts, info = read(page, spec)
    assert len(posts) == spec["count"]
    assert len({p.id for p in posts}) == len(posts), "post ids repeat"
    for key, value in spec.get("page", {}).items():
        assert getattr(info, key) == value, f"page {key}"
    got = [describe(p) for p in posts]
    if "first" in spec:
        check_post(got[0], spec["first"], "first post")
    if "last" in spec:
        check_post(got[-1], spec["last"], "last post")
    if "posts" in spec:
        assert len(spec["posts"]) == len(got)
        for g, want in zip(got, spec["posts"]):
            check_post(g, want, f"post {want.get('id', '?')}")
    by_id = {p.id: p for p in posts}
    for pid, texts in spec.get("snippets", {}).items():
        for text in texts:
            assert text in by_id[pid].html, f"post {pid}: {text!r} not in its body"
    for post in posts:
        # a post read only in part is kept without its time (issue 11): the page says so
        assert post.time is None or post.time.utcoffset() is not None, post.id
        assert post.url.startswith("http"), post.id
        for text in [*spec.get("absent", []), *CHROME]:
            assert text not in post.html, f"post {post.id}: {text!r} in its body"


def test_every_engine_has_fixture_pages_with_expected_data():
    with_data = {p.relative_to(ENGINES).parts[0] for p in fixture_pages()
                 if expected_path(p).exists()}
    assert with_data == {e.name for e in engines.all_engines() if not e.retired}
