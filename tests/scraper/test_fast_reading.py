"""The faster ways of reading a page (issue 22) select and return exactly what the plain ones do.

* ``normalize.fast_form`` / ``first_form``: every XPath the adapters compile while reading every
  fixture page (and the real pages of ../shared when present) selects the same nodes, in the same
  order, as the expression as written, from the page's root and from elements inside it;
* ``normalize.by_id``: the first element with the id, as ``//*[@id=$id]`` finds it;
* ``_common.joined``: ``urljoin``'s answer;
* ``_zone.page_zone(after=…)``: the zone the whole-page reading gives;
* ``Engine.read_page``: ``parse_page`` and ``page_info`` of the same page, with one parse;
* Flarum's preload found without a lazy match over the page: the lazy match's text.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urljoin
from zoneinfo import ZoneInfo

import pytest
from lxml import etree

from tests.conftest import FIXTURES, SHARED
from votal.errors import UnknownEngineError
from votal.scraper import engines, xpaths
from votal.scraper import normalize as nz
from votal.scraper.encoding import decode
from votal.scraper.engines import _common, _zone, flarum

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
SUFFIXES = (".html", ".htm", ".json")


def _pages() -> list[Path]:
    found = sorted(p for p in (FIXTURES / "engines").rglob("*") if p.suffix in SUFFIXES
                   and not p.name.endswith(".expected.json"))
    real = SHARED / "real" / "engines"
    if real.is_dir():
        found += sorted(p for p in real.rglob("*") if p.suffix in SUFFIXES
                        and "EXTRACTED" not in p.name)
    return found


PAGES = _pages()


def _read(path: Path) -> tuple[engines.Engine, str, str] | None:
    """The page's engine, its text and the URL it was read at (its expected data's, if any)."""
    text = decode(path.read_bytes(), None)
    expected = path.with_name(path.stem + ".expected.json")
    meta = json.loads(expected.read_text(encoding="utf-8")) if expected.exists() else {}
    try:
        engine = engines.get(meta["engine"]) if meta.get("forced") else engines.for_page(text)
    except UnknownEngineError:
        return None
    if engine.retired:
        return None
    url = meta.get("url") or (engine.examples[0].url if engine.examples
                              else "https://forum.example/t/1")
    return engine, text, url


def _same(a: list, b: list) -> bool:
    return len(a) == len(b) and all(x is y or x == y for x, y in zip(a, b))


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
def test_read_page_is_parse_page_and_page_info(path):
    read = _read(path)
    if read is None:
        pytest.skip("no engine reads this page")
    engine, text, url = read
    for tz in (ZoneInfo("UTC"), ZoneInfo("Europe/Athens")):
        posts, info = engine.read_page(text, url, tz, NOW)
        assert posts == engine.parse_page(text, url, tz, NOW)
        assert info == engine.page_info(text, url)


def _expressions_by_engine() -> dict[str, tuple[set[str], list[Path]]]:
    """Every XPath (without variables) each engine compiles while it reads its pages, and those
    pages."""
    nz._COMPILED.clear()
    nz._FIRST.clear()
    found: dict[str, tuple[set[str], list[Path]]] = {}
    for path in PAGES:
        read = _read(path)
        if read is None:
            continue
        engine, text, url = read
        before = set(nz._COMPILED) | set(nz._FIRST)
        engine.read_page(text, url, ZoneInfo("UTC"), NOW)
        exprs, pages = found.setdefault(engine.name, (set(), []))
        exprs.update(e for e in (set(nz._COMPILED) | set(nz._FIRST)) - before if "$" not in e)
        pages.append(path)
    return found


def test_fast_forms_select_what_the_expressions_say():
    rewritten, checked = set(), 0
    for exprs, pages in _expressions_by_engine().values():
        exprs = {e for e in exprs if xpaths.fast_form(e) != e or xpaths.first_form(e) != e}
        rewritten |= exprs
        for path in pages:
            if path.suffix == ".json":
                continue
            doc = nz.document(decode(path.read_bytes(), None))
            contexts = [doc, *doc.xpath("//*[@id][position() mod 9 = 1]")[:8]]
            for expr in sorted(exprs):
                plain = etree.XPath(expr)
                fast, first = etree.XPath(xpaths.fast_form(expr)), nz.xpath(xpaths.first_form(expr))
                for el in contexts:
                    want = plain(el)
                    if not isinstance(want, list):
                        continue  # a string or number expression
                    assert _same(fast(el), want), (path.name, expr)
                    assert _same(first(el)[:1], want[:1]), (path.name, expr)
                    checked += 1
    assert len(rewritten) > 50  # the adapters' searches are rewritten, not left as written
    assert checked > 1000


@pytest.mark.parametrize(("expr", "fast"), [
    (".//a", "./descendant::a"),
    ("//a[@rel='next']/@href", "/descendant::a/@rel[. = 'next']/parent::*/@href"),
    (".//@data-x", "./descendant-or-self::*/@data-x"),
    (f".//div[{xpaths.has_class('q')}][@id]",
     "./descendant::div/@class[(contains(., 'q') and contains(concat(' ', normalize-space(.),"
     " ' '), ' q '))]/parent::*[@id]"),
    ("//a[1]", "//a[1]"),  # a position counts children: left as it is
    (".//a[@x][last()]", ".//a[@x][last()]"),
    (".//a[$n]", ".//a[$n]"),  # a variable may be a number
    (".//a[@n + 1]", ".//a[@n + 1]"),
    ("./div[strong]", "./div[strong]"),  # not a descendant step
    (".//a[contains(@href, 'http://x//y')]",  # a string literal is never rewritten
     "./descendant::a/@href[contains(., 'http://x//y')]/parent::*"),
    (".//a[not(@x)]", "./descendant::a[not(@x)]"),  # true without the attribute: kept
    (".//a[contains(@href, $v)]", "./descendant::a[contains(@href, $v)]"),  # $v may be ''
])
def test_fast_form_rewrites(expr, fast):
    assert xpaths.fast_form(expr) == fast


@pytest.mark.parametrize(("expr", "first"), [
    (".//time[not(@x)]", "descendant::time[not(@x)][1]"),
    ("//div[b]", "/descendant::div[b][1]"),
    # several tests: one predicate, so that libxml2 stops at the first match
    (".//a[b][not(@x)]", "descendant::a[(b) and (not(@x))][1]"),
    # a choice of names: one search per name, the first of their first matches
    (".//*[self::p or self::div][b]", "descendant::p[b][1] | descendant::div[b][1]"),
    ("//*[self::p or self::div]", "/descendant::p[1] | /descendant::div[1]"),
    # an attribute's test first: left to fast_form's attribute walk
    (".//time[@datetime]", ".//time[@datetime]"),
    (f".//*[{xpaths.has_class('q')}][b]", f".//*[{xpaths.has_class('q')}][b]"),
    (".//a[@x]/@href", ".//a[@x]/@href"),  # two steps
    (".//a | .//b", ".//a | .//b"),
    (".//a[2]", ".//a[2]"),
])
def test_first_form(expr, first):
    assert xpaths.first_form(expr) == first


def test_by_id_is_the_first_element_with_the_id():
    doc = nz.document("<html><body><p id='a'>1</p><div><span id='a'>2</span>"
                      "<b id='b c'>3</b></div></body></html>")
    assert nz.by_id(doc, "a").text == "1"
    assert nz.by_id(doc, "b c").text == "3"  # a value id() would split: looked up by walking
    assert nz.by_id(doc, "missing") is None


@pytest.mark.parametrize("base", [
    "https://f.it/forum/viewtopic.php?t=1&start=20", "https://f.it/", "http://h",
    "file:///tmp/x/page.html", "https://f.it/a/b/c?x#y", ""])
@pytest.mark.parametrize("href", [
    "./viewtopic.php?p=5#p5", "viewtopic.php?p=5", "#p5", "?p=5", "../x.php?a=1", "/abs?q",
    "http://o.com/x?y#z", "//o.com/p?q", "x?", "x#", "x?#", " ./v.php?p=1 ", "a;b?c",
    "x?a\tb", "showthread.php?p=1#post1", "x?a#b#c", "x\n?y"])
def test_joined_is_urljoin(base, href):
    assert _common.joined(base, href) == urljoin(base, href.strip())


@pytest.mark.parametrize("path", [p for p in PAGES if p.suffix != ".json"], ids=lambda p: p.name)
def test_page_zone_after_the_posts_is_the_page_zone(path):
    doc = nz.document(decode(path.read_bytes(), None))
    candidates = doc.xpath("//body/*[last()] | //*[@id][position() mod 5 = 0]")[:3]
    for tz in (None, ZoneInfo("Europe/Rome")):
        whole = _zone.page_zone(doc, tz, NOW)
        for el in candidates:
            assert _zone.page_zone(doc, tz, NOW, after=el) == whole


_LAZY_PAYLOAD = re.compile(
    r"""<script[^>]+id=["']flarum-json-payload["'][^>]*>(.*?)</script>""", re.S)


@pytest.mark.parametrize("page", [
    *[p.read_text(encoding="utf-8") for p in PAGES
      if "flarum" in p.parts and p.suffix == ".html"],
    "<script id='flarum-json-payload' type='x'>{\"a\": 1}</script><script>x</script>",
    "<script id=\"flarum-json-payload\">{}", "no payload", "<script id='other'>1</script>",
    "<script type=a id='flarum-json-payload'>\n{\"b\": \"</scr\"}\n</script>"])
def test_flarum_payload_is_the_lazy_match(page):
    m = _LAZY_PAYLOAD.search(page)
    assert flarum._payload(page) == (m.group(1) if m else None)


def test_mybb_reads_a_post_by_id_inside_the_post_only():
    """MyBB's body and edit note come from the page's ID table only when the element found is
    inside the post: an earlier element with the same id elsewhere on the page is passed over."""
    path = FIXTURES / "engines" / "mybb" / "it_lupus21_groups.html"
    text = path.read_text(encoding="utf-8")
    engine = engines.get("mybb")
    url = "https://forum.example/showthread.php?tid=1"
    plain = engine.parse_page(text, url, ZoneInfo("UTC"), NOW)
    decoy = re.sub(r"(<body[^>]*>)", r'\1<div id="pid_202">decoy</div>'
                   r'<div id="edited_by_202">Edited by x: 01-01-2001, 01:00 AM</div>', text,
                   count=1)
    assert decoy != text
    read = engine.parse_page(decoy, url, ZoneInfo("UTC"), NOW)
    assert [p.html for p in read] == [p.html for p in plain]
    assert [p.edited for p in read] == [p.edited for p in plain]
    assert all("decoy" not in p.html for p in read)


def test_merged_drops_join_class_searches_only_where_order_cannot_matter():
    a, b = (f".//*[{xpaths.has_class(n)}]" for n in ("a", "b"))
    joined = f".//*[{xpaths.has_class('a')} or {xpaths.has_class('b')}]"
    assert nz.merged_drops((a, ".//button", b)) == (joined, ".//button")
    assert nz.merged_drops((a, ".//comment()", ".//*[@data-x='y']", b)) == (
        joined, ".//comment()", ".//*[@data-x='y']")
    # an expression that looks beyond the element itself: the list as it is
    assert nz.merged_drops((a, ".//p[not(following-sibling::*)]", b)) == (
        a, ".//p[not(following-sibling::*)]", b)
    assert nz.merged_drops((a,)) == (a,)


def test_drop_all_joined_leaves_the_tree_the_sequence_leaves():
    html = ("<p>x<span class='a'>1<b class='b'>2</b></span>t1<i class='b c'>3</i>t2"
            "<button>4</button>t3<span class=' a\tb '>5</span>t4</p>")
    chrome = tuple(f".//*[{xpaths.has_class(n)}]" for n in ("a", "b", "c")) + (".//button",)
    one, seq = nz.fragment(html), nz.fragment(html)
    nz.drop_all(one, chrome)
    for expr in chrome:
        nz.drop_all(seq, [nz.xpath(expr)])  # compiled: never joined
    assert nz.inner_html(one) == nz.inner_html(seq) == "<p>xt1t2t3t4</p>"
