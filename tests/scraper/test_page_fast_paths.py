"""The page-level fast paths of issue 22 give what the general recipes they replace give:
``query`` (urllib's ``parse_qs(urlsplit(url).query)``), the tag walk of ``.//NAME`` searches
(the XPath), ``clean`` (its one XPath union) and ``base_url`` (``//base/@href``).

Each is compared with the straightforward version, written out here, on tricky input.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lxml import etree

from votal.scraper import normalize as nz
from votal.scraper.engines._common import base_url, query


def urllib_query(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query, keep_blank_values=True).items()}


URLS = [
    "https://f.example/viewtopic.php?f=3&t=77&start=40&sid=abc#p5",
    "viewtopic.php?p=5#p5", "./viewtopic.php?t=1&t=2", "?a&b=&=c&&d=1=2", "x#frag?t=1",
    "https://f.example/?t=1#", "https://f.example/index.php?showtopic=2969&st=40",
    "?t=a+b&u=%41", " ?t=1", "?t=1\n&u=2", "http://[::1]/?t=1", "?t=Ψ", "", "?", "#", "?#",
    "https://f.example/showthread.php?t=5;page=2", "mailto:x?subject=y",
]


@pytest.mark.parametrize("url", URLS)
def test_query_is_urllibs(url):
    assert query(url) == urllib_query(url)


@given(st.text(alphabet="at=&?#%+;/: \t[]1Ψ.", max_size=24))
def test_query_is_urllibs_on_any_text(url):
    try:
        expected = urllib_query(url)
    except ValueError:  # urlsplit refuses an unbalanced bracket: so does query
        with pytest.raises(ValueError):
            query(url)
        return
    assert query(url) == expected


PAGE = """<html><head><base href=" /forum/ "><base href="/other/"><script>x</script></head>
<body><div id="a"><b>1</b><!-- c --><p>t<b>2<b>3</b></b></p><style>s</style>
<noscript>n</noscript><div data-excludequote="1">edit <script>y</script></div>tail</div>
<b>4</b></body></html>"""


def page() -> etree._Element:
    return nz.document(PAGE)


@pytest.mark.parametrize("expr", [".//b", ".//comment()", ".//p", ".//table", ".//script"])
def test_tag_search_is_the_xpath(expr):
    doc = page()
    for el in [doc, *doc.iter()]:
        if not isinstance(el.tag, str):
            continue
        expected = el.xpath(expr)
        assert nz.xp(el, expr) == expected
        assert nz.first_match(el, expr) is (expected[0] if expected else None)


def test_a_tag_search_leaves_out_the_element_itself():
    b = page().xpath("//b")[1]  # <b>2<b>3</b></b>
    assert [x.text for x in nz.xp(b, ".//b")] == ["3"]


def test_clean_drops_what_the_xpath_union_finds():
    union = etree.XPath("descendant::script | descendant::style | descendant::noscript"
                        " | descendant::*/@data-excludequote/.. | descendant::comment()")
    expected = page().xpath("//div[@id='a']")[0]
    for el in union(expected):
        if el.getparent() is not None:
            el.drop_tree()
    got = page().xpath("//div[@id='a']")[0]
    nz.clean(got)
    assert etree.tostring(got) == etree.tostring(expected)


def test_base_url_is_the_first_non_blank_base_href():
    assert base_url(page(), "https://f.example/t/1") == "https://f.example/forum/"
    assert base_url(nz.document("<p>no base</p>"), "https://f.example/t") == "https://f.example/t"
    blank = nz.document('<html><head><base href="  "><base target="x"></head><body>'
                        '<base href="b/">x</body></html>')
    assert base_url(blank, "https://f.example/t/1") == "https://f.example/t/b/"


HEADS = [
    '<html><head><link rel="next" href="p2"><link rel="x"></head><body>b</body></html>',
    '<html><head><!-- </head> --><link rel="next" href="a"></head><body></body></html>',
    '<html><head><script>var s = "</head>";</script><link rel="next" href="b"></head>'
    '<body></body></html>',
    '<html><HEAD><LINK REL="next" HREF="c"></HEAD ><body><link rel="next" href="d"></body>',
    '<html><body><link rel="next" href="e"><p>no head</p></body></html>',
    '<link rel="next" href="f"><p>bare</p>', '<p>no head, no link</p>',
    '<html><head><title>t</title><div>ends the head</div><link rel="next" href="g"></head>',
    '<html><head><link rel="a"></head><head><link rel="b"></head><body></body></html>',
    '<html><head><title>x</head>y</title><link rel="next" href="h"></head></html>',
    '<html><head><link rel="next" href="Ψ/σ"></head></html>',
    '<html><head><title>t</title></head><link rel="next" href="i"><body><p>b</p></body></html>',
    '<html><head></head><p>x</p><head><link rel="next" href="j"></head></html>',
    '<html><head></head><header><link rel="next" href="k"></header></html>',
    # a later "<head": dropped inside the body, a head again once the body is closed
    '<head><link rel="next" href="l"></head><body><p data-x="<html><head><link rel=next href=m>'
    '"></p></body>',
    '<head><link rel="next" href="n"></head><body class="b"><div><head><link href="o"></div>',
    '<head></head><body><p>x</p></body><head><link rel="next" href="p"></head>',
    '<head></head><body><div><body/><head><link rel="next" href="q"></head></div>',
    '<head></head><body><i><head a=\'>\'/><head><link rel="next" href="r"></head></i>',
    '<head></head><body/><head><link rel="next" href="s"></head>',
    '<head></head><!-- <body> --><head><link rel="next" href="t"></head><body></body>',
    # a second head before the first "</head>": after the body, or after a <head/>
    '<head><title>t</title><div>x</div></body><head><link rel="next" href="u"></head>',
    '<head><head/><head><link rel="next" href="v"></head><body></body>',
]


@pytest.mark.parametrize("source", HEADS)
def test_head_links_are_the_whole_pages(source):
    expected = [etree.tostring(el) for el in nz.document(source).xpath("//head/link")]
    assert [etree.tostring(el) for el in nz.head_links(source)] == expected


VB4_NAVS = [
    '<div class="pagination_top"><a class="popupctrl">Page 1 of 3</a></div>',
    '<div class="pagination"><a class="popupctrl">Page 2 of 3</a></div>',
    '<div class="x pagination\ty"><a class="popupctrl">Page 1 of 4</a></div>',
    '<div class="&#112;agination"><a class="popupctrl">Page 3 of 5</a></div>',
    '<div class="pag&#x69;nation"><a class="popupctrl">Page 1 of 2</a></div>',
    '<div class="paginatio&#0110;"><span>no "Page X of Y"</span></div>',
    '<div class="pagination-wide"><a class="popupctrl">Page 1 of 6</a></div>',
    '<div class="pagination&#32;b"><a>1</a></div>',
    '<p>the word pagination in a post</p>', '<p>no navigation at all</p>',
]


@pytest.mark.parametrize("nav", VB4_NAVS)
def test_vbulletin4_text_test_spares_only_navless_pages(nav):
    from votal.scraper import engines
    engine = engines.get("vbulletin4")
    page = ('<html><head><meta name="generator" content="vBulletin 4.2.2"></head><body>'
            f'{nav}<ol><li class="postcontainer" id="post_7"><div id="post_message_7">'
            '<blockquote class="postcontent">hi</blockquote></div></li></ol></body></html>')
    doc = nz.document(page)
    url = "https://f.example/showthread.php?t=9"
    assert engine.pages_found(doc, page) == engine.pages_found(doc)
    assert engine.read_text_info(page, doc, url, url) == engine.read_page_info(doc, url, url)


SEP = "-" * 20
IPB_BODIES = [
    f"<div>vote Ann<br>{SEP}<br>my sig</div>", f"<div>a<br> {SEP}\n<b>b</b>\xa0{SEP}\xa0</div>",
    f"<div>x<!-- c -->{SEP}<i>{SEP}</i>{SEP}-<br>{'-' * 9}+{SEP}</div>{SEP}",
    f"<div><p>{SEP}</p>t<br>{'&#45;' * 20}<br>x{SEP}</div> {SEP} ",
]


@pytest.mark.parametrize("source", IPB_BODIES)
def test_ipb_separator_tails_are_the_walks(source):
    from votal.scraper import engines
    engine = engines.get("ipb")

    def walked(body):  # every node's tail looked at
        for node in body.iter():
            if node.tail and node.tail.strip() == SEP:
                node.tail = ""

    fast, slow = (nz.fragment(f"<section>{source}</section>")[0] for _ in range(2))
    engine.convert(fast)
    walked(slow)
    assert etree.tostring(fast.getparent()) == etree.tostring(slow.getparent())


# Vanilla's post parts (vanilla._parts) against the XPaths they stand for (issue 22)
VANILLA_PIECES = [
    '<a class="Username" href="/profile/{n}" data-userid="{n}">u{n}</a>', '<a class="Usernames">x</a>',
    '<span class="Username">s</span>', '<a href="/p/{n}">l{n}</a>', '<a>nolink</a>',
    '<span class="MItem DateCreated"><a href="/discussion/comment/{n}#Comment_{n}" class="Permalink">'
    '<time datetime="2024-01-0{d}T10:00:00+00:00" title="t">d</time></a></span>',
    '<div class="DateCreated"><a>no href</a><time>no datetime</time></div>',
    '<time datetime="2024-02-0{d}T11:00:00+00:00">x</time>', '<span class="DateCreateds"><a href="/z">z</a></span>',
    '<div class="Message userContent">m{n}<div class="Message">inner</div></div>', '<p class="Message">p</p>',
    '<span class="DateUpdated" title="Edited January {d}, 2024 10:00AM by X.">e</span>',
    '<span class="DateUpdated">no title</span>', '<b title="other">t</b>', '<!-- c -->',
    '<div class="Item-Header"><div class="AuthorWrap">{x}</div></div>', '<ul><li>{x}</li></ul>',
]


def _vanilla_item(rng, depth: int = 0) -> str:
    out = []
    for _ in range(rng.randint(0, 4)):
        inner = "w" if depth > 2 or rng.random() < 0.5 else _vanilla_item(rng, depth + 1)
        out.append(rng.choice(VANILLA_PIECES).format(n=rng.randint(1, 99), d=rng.randint(1, 9),
                                                     x=inner))
    return "".join(out)


def test_vanilla_parts_equal_the_xpaths():
    import random

    from votal.scraper.engines import _common, vanilla

    cls = _common.cls
    rng = random.Random(7)
    for _ in range(3000):
        html = _vanilla_item(rng)
        doc = nz.document(f'<html><body><ul><li id="Comment_1" class="Item DateCreated">{html}'
                          '</li></ul></body></html>', False)
        item = nz.xp(doc, "//li")[0]
        expected = (_common.first(item, f".//a[{cls('Username')}]"),
                    _common.first(item, f".//*[{cls('DateCreated')}]//time[@datetime] | "
                                        ".//time[@datetime]"),
                    _common.first(item, f".//*[{cls('DateCreated')}]//a/@href"),
                    _common.first(item, f".//div[{cls('Message')}]"),
                    _common.first(item, f".//*[{cls('DateUpdated')}]/@title"))
        found = vanilla._parts(item)
        assert found[0] is expected[0] and found[1] is expected[1] and found[3] is expected[3], html
        assert (found[2], found[4]) == (expected[2], expected[4]), html


@pytest.mark.parametrize(("html", "held"), [
    ('<link rel="next" href="/p2">', True),
    ("<link rel='next'>", True),
    ("<link rel=next>", True),
    ("<link rel= next href=/p2>", True),
    ("<link rel=next", True),
    ('next<link rel="next">', True),          # an occurrence at offset 0 does not end the scan
    ('<link rel="&#110;ext">', True),
    ('<link rel="n&#X65;xt">', True),
    ('<link rel="ne&#x78xt">', True),
    ('<link rel="ne\x00xt">', True),
    ("next", False),
    ('<link rel="nextpage">', False),
    ('<link rel="prev" title="next page">', True),
    ('<p>the nextday</p><link rel="prev">', False),
    ('<link rel="&FJLIG;">', False),
])
def test_may_hold_value(html, held):
    """may_hold_value is only ever False where no attribute value is "next" (issue 22)."""
    assert nz.may_hold_value(html, "next") is held
    if not held:
        values = [v for el in nz.document(html).iter() for v in el.attrib.values()]
        assert "next" not in values
