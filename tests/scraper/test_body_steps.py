"""The shortcuts of ForumFree's, uCoz's, phpBB's, FluxBB's, SMF's and MyBB's page reading give
what the whole reading gives (issue 22): a body normalised with only the steps ``body_steps``
finds it needs equals the body normalised with every step; ForumFree's current-page mark found
from the page's items equals the whole page's XPath search. Random pieces, a fixed seed: the
same cases every run."""

from __future__ import annotations

import random

import pytest

from votal.scraper import normalize
from votal.scraper.engines import _common, fluxbb, forumfree, mybb, phpbb, smf, ucoz
from votal.scraper.normalize import document, fragment

# pieces of a body: what each step of body_html acts on, what looks like it and what does not
PIECES = [
    "vota {x}", "<b>{x}</b>", '<span style="color:red">{x}</span>', '<font color="blue">{x}</font>',
    '<font>{x}</font>', '<span style="">{x}</span>', '<div style="color:#0f0">{x}</div>',
    '<em style="color: green; font-weight: bold">{x}</em>', "<!-- nota -->", "<script>x()</script>",
    "<style>b{{}}</style>", "<noscript>{x}</noscript>", '<span data-excludequote="1">{x}</span>',
    '<div class="signature">{x}</div>', '<span class="edit">{x}</span>',
    '<span class="editor">{x}</span>', '<span class="signatures">{x}</span>',
    '<div class="quote_top">CITAZIONE ({x} @ 1/12/2026)</div><div class="quote">{x}</div>',
    '<div class="quote_top">{x} ha scritto:</div><div class="quote">{x}</div>',
    '<div class="quote_top">sola</div>', '<div class="spoiler"><div class="code">{x}</div></div>',
    '<span class="spoilers">{x}</span>', '<div class="quote">{x}</div>',
    '<span class="signatureView">{x}</span>', '<span class="signatureHr"></span>',
    '<div class="edited">{x}</div>', '<div class="bbQuoteBlock"><div class="bbQuoteName">'
    '<span class="qName">{x}</span></div><div class="quoteMessage">{x}</div></div>',
    '<div class="bbQuoteBlock"><div class="bbQuoteName">Цитата ({x})</div>{x}</div>',
    '<span class="bbQuoteBlocks">{x}</span>', "<br>", "&lt;b&gt;{x}", '<a href="?t=1">{x}</a>',
]
WORDS = ["Marco", "Giulia", "Вася", "", "<i>Anna</i>", '<span style="color:red">Piero</span>']


def random_body(rng: random.Random, depth: int = 0) -> str:
    out = []
    for _ in range(rng.randint(0, 5)):
        inner = rng.choice(WORDS) if depth > 2 or rng.random() < 0.6 \
            else random_body(rng, depth + 1)
        out.append(rng.choice(PIECES).format(x=inner))
    return "".join(out)


def _cell(html: str, tag: str, attrs: str):
    return fragment(f"<{tag}{attrs}>{html}</{tag}>")[0]


@pytest.mark.parametrize("seed", range(4))
def test_forumfree_and_ucoz_bodies_with_their_steps_equal_every_step(seed):
    rng = random.Random(seed)
    ff = forumfree.ForumFree()
    for _ in range(1500):
        html = random_body(rng)
        tag, attrs = rng.choice([("td", ' class="Item color"'), ("div", ""), ("font", ""),
                                 ("td", ' style="color:red"'), ("span", ' style="color:#123"')])
        full = _common.body_html(_cell(html, tag, attrs), ff.chrome, ff.convert)
        assert ff.body_html(_cell(html, tag, attrs)) == full, html
        whole = _common.body_html(_cell(html, tag, attrs), ucoz._CHROME, ucoz._convert_quotes)
        assert ucoz.normalize_body(_cell(html, tag, attrs)) == whole, html


# phpBB's own markup (3.0-3.3 quotes, subsilver2 quote boxes, spoiler BBCodes, code boxes,
# buttons) and what looks like it
PHPBB_PIECES = [
    '<blockquote><div><cite>{x} wrote:</cite>{x}</div></blockquote>',
    '<blockquote cite="./viewtopic.php?p=7#p7"><cite><a href="./memberlist.php?mode=viewprofile'
    '&amp;u=2">{x}</a> wrote: <a href="./viewtopic.php?p=7#p7" data-post-id="7">^</a></cite>{x}'
    '</blockquote>', '<blockquote class="uncited"><div>{x}</div></blockquote>',
    '<div class="quotetitle">{x} wrote:</div><div class="quotecontent">{x}</div>',
    '<div class="quotetitle">{x}</div>', '<div class="quotetitles">{x}</div>',
    '<div class="spoiler"><div class="spoiler-title">{x}</div><div class="spoiler-content">{x}'
    '</div></div>', '<div class="spoilerbox">{x}</div>', '<span class="spoiler">{x}</span>',
    '<div class="codebox"><p>Code:</p><pre><code>{x}</code></pre></div>',
    '<dl class="codebox"><dt>Code: <a href="#">Select all</a></dt><dd><code>{x}</code></dd></dl>',
    '<div class="codeboxes"><p>{x}</p></div>', '<button type="button">{x}</button>',
    '<span class="button">{x}</span>',
]


@pytest.mark.parametrize("seed", range(4))
def test_phpbb_bodies_with_their_steps_equal_every_step(seed):
    """phpBB's normalize_body skips the steps body_steps finds nothing for: every step, in
    phpBB's order, gives the same body."""
    rng = random.Random(100 + seed)
    pieces = PIECES + PHPBB_PIECES * 2

    def body(depth: int = 0) -> str:
        out = []
        for _ in range(rng.randint(0, 5)):
            inner = rng.choice(WORDS) if depth > 2 or rng.random() < 0.6 else body(depth + 1)
            out.append(rng.choice(pieces).format(x=inner))
        return "".join(out)

    def every_step(content) -> str:
        normalize.clean(content)
        phpbb.convert_spoilers(content)
        phpbb.convert_quotes(content)
        phpbb.convert_table_quotes(content)
        _common.drop_matching(content, phpbb._CHROME)
        normalize.normalize_colors(content)
        return normalize.inner_html(content)

    for _ in range(1500):
        html = body()
        tag, attrs = rng.choice([("div", ' class="content"'), ("div", ""), ("font", ""),
                                 ("div", ' style="color:red"'), ("span", ' style="color:#123"')])
        assert phpbb.normalize_body(_cell(html, tag, attrs)) == \
            every_step(_cell(html, tag, attrs)), html

# FluxBB / PunBB: quote boxes, signatures, edit notes, and what looks like them
FLUXBB_PIECES = [
    '<div class="quotebox"><cite>{x} wrote:</cite><blockquote><div>{x}</div></blockquote></div>',
    '<div class="quotebox"><blockquote><div><p>{x}</p></div></blockquote></div>',
    '<div class="quoteboxes">{x}</div>', '<span class="quotebox">{x}</span>',
    '<div class="postsignature postmsg"><hr>{x}</div>', '<div class="sig-content">{x}</div>',
    '<p class="postedit"><em>Last edited by {x} (2024-08-03 11:02:20)</em></p>',
    '<p class="lastedit">{x}</p>', '<p class="sig-line">{x}</p>', '<p class="sig">{x}</p>',
]


def _random_body(rng: random.Random, pieces: list[str], depth: int = 0) -> str:
    out = []
    for _ in range(rng.randint(0, 5)):
        inner = rng.choice(WORDS) if depth > 2 or rng.random() < 0.6 \
            else _random_body(rng, pieces, depth + 1)
        out.append(rng.choice(pieces).format(x=inner))
    return "".join(out)


@pytest.mark.parametrize("seed", range(3))
def test_fluxbb_bodies_with_their_steps_equal_every_step(seed):
    rng = random.Random(200 + seed)
    for _ in range(1500):
        html = _random_body(rng, PIECES + FLUXBB_PIECES * 2)
        tag, attrs = rng.choice([("div", ' class="postmsg"'), ("div", ""), ("font", ""),
                                 ("div", ' style="color:red"')])
        body = _cell(html, tag, attrs)
        steps = _common.body_steps(body, fluxbb._CHROME_WORDS, fluxbb._QUOTES)
        assert _common.body_html(body, fluxbb._CHROME, fluxbb.convert_quotes, steps) == \
            _common.body_html(_cell(html, tag, attrs), fluxbb._CHROME, fluxbb.convert_quotes), html

# SMF 1.1/2.x: quotes after a quote header, 2.1 cites, spoilers, signatures, quote footers
SMF_PIECES = [
    '<div class="quoteheader"><div class="topslice_quote"><a href="?topic=1.msg5#msg5">Quote from:'
    ' {x} on March 03, 2013</a></div></div><blockquote class="bbc_standard_quote">{x}</blockquote>'
    '<div class="quotefooter"><div class="botslice_quote"></div></div>',
    '<blockquote class="bbc_standard_quote"><cite><a href="?msg=9">Quote from: {x}</a></cite>{x}'
    '</blockquote>', '<div class="quoteheader">Quote</div><div class="quote">{x}</div>',
    '<div class="quotes">{x}</div>', '<div class="spoiler">{x}</div>', '<span class="sp-wrap">{x}</span>',
    '<div class="signature">{x}</div>', '<span class="quotefooter">{x}</span>',
]


@pytest.mark.parametrize("seed", range(3))
def test_smf_bodies_with_their_steps_equal_every_step(seed):
    rng = random.Random(300 + seed)

    def every_step(inner) -> str:
        normalize.clean(inner)
        normalize.drop_all(inner, smf._CHROME)
        for bq in [el for el in inner.iterdescendants("blockquote", "div")
                   if el.tag == "blockquote" or normalize.classed(el, "quote")]:
            normalize.make_quote(bq, None, *smf._quote_source(bq))
        for el in normalize.xp(inner, ".//*[" + normalize.has_class("spoiler") + " or "
                               + normalize.has_class("sp-wrap") + "]"):
            normalize.make_spoiler(el, None)
        normalize.normalize_colors(inner)
        return normalize.inner_html(inner)

    for _ in range(1500):
        html = _random_body(rng, PIECES + SMF_PIECES * 2)
        tag, attrs = rng.choice([("div", ' class="inner"'), ("div", ""), ("font", ""),
                                 ("div", ' style="color:red"')])
        assert smf.normalize_body(_cell(html, tag, attrs)) == \
            every_step(_cell(html, tag, attrs)), html

# MyBB 1.8: quotes with a cite and its jump link, spoilers, signatures
MYBB_PIECES = [
    '<blockquote class="mycode_quote"><cite><span> (03-03-2013, 10:21 AM)</span>{x} Wrote: '
    '<a href="https://f.example/showthread.php?pid=5#pid5" class="quick_jump"></a></cite>{x}'
    '</blockquote>', '<blockquote class="mycode_quote">{x}</blockquote>',
    '<blockquote>{x}</blockquote>', '<div class="mycode_quotes">{x}</div>',
    '<div class="spoiler">{x}</div>', '<div class="signature">{x}</div>',
]


@pytest.mark.parametrize("seed", range(3))
def test_mybb_bodies_with_their_steps_equal_every_step(seed):
    rng = random.Random(400 + seed)
    for _ in range(1500):
        html = _random_body(rng, PIECES + MYBB_PIECES * 2)
        tag, attrs = rng.choice([("div", ' class="post_body"'), ("div", ""), ("font", ""),
                                 ("div", ' style="color:red"')])
        fast = mybb.normalize_body(_cell(html, tag, attrs))
        try:  # every step: body_steps made to say yes to each
            mybb.body_steps = lambda *a: (True, True, True, True)
            assert fast == mybb.normalize_body(_cell(html, tag, attrs)), html
        finally:
            mybb.body_steps = _common.body_steps

def test_steps_found_for_what_each_step_acts_on():
    def steps(html: str) -> tuple[bool, bool, bool, bool]:
        return _common.body_steps(_cell(html, "td", ""), ("signature", "edit"),
                                  ("quote_top", "spoiler"))

    assert steps("testo <b>solo</b>") == (False, False, False, False)
    assert steps("<!-- c -->") == (True, False, False, False)
    assert steps('<i data-excludequote="">x</i>') == (True, False, False, False)
    assert steps('<p class="signature">x</p>') == (False, True, False, False)
    assert steps('<p class="quote_top">x</p>') == (False, False, True, False)
    assert steps('<font>x</font>') == (False, False, False, True)
    assert steps('<i style="">x</i>') == (False, False, False, True)
    assert _common.body_steps(_cell("x", "td", ' style="color:red"'), (), ()) \
        == (False, False, False, True)
    # tags that run the drop or the conversion (phpBB's .//button, .//blockquote)
    tagged = lambda html: _common.body_steps(  # noqa: E731
        _cell(html, "td", ""), (), (), frozenset(("button",)), frozenset(("blockquote",)))
    assert tagged("<button>x</button>") == (False, True, False, False)
    assert tagged("<blockquote>x</blockquote>") == (False, False, True, False)
    assert tagged("<b>x</b>") == (False, False, False, False)


MARKS = ['<li class="current">{n}</li>', '<li class="current x">{n}</li>', "<li>{n}</li>",
         '<span class="current">{n}</span>', '<li class="currently">{n}</li>',
         '<div class="current"><li class="current">{n}</li></div>', '<b class="current">{n}</b>']
LISTS = ['<ul class="pages">{x}</ul>', '<ul class="pagesx">{x}</ul>', "<ul>{x}</ul>",
         '<div class="pages"><ol>{x}</ol></div>', '<div class="nav pages">{x}</div>']


def test_forumfree_current_mark_equals_the_page_search():
    rng = random.Random(22)
    for _ in range(3000):
        parts = []
        for _ in range(rng.randint(0, 4)):
            items = "".join(rng.choice(MARKS).format(n=rng.randint(1, 9))
                            for _ in range(rng.randint(0, 4)))
            parts.append(rng.choice(LISTS + MARKS).format(x=items, n=rng.randint(1, 9)))
            if rng.random() < 0.5:
                parts.append('<ol><li class="post" id="ee1">testo</li></ol>')
        doc = document(f"<html><body>{''.join(parts)}</body></html>", False)
        assert forumfree._current_mark(doc) is _common.first(doc, forumfree._MARK), parts


SWITCHES = ['<b class="switchActive">{n}</b>', '<span class="switchActive">{n}</span>',
            '<b class="switchActiveX">{n}</b>', '<b>{n}</b>', '<a class="switchDigit" href="/f/{n}">{n}</a>',
            '<b class="x switchActive">{n}</b>', '<div class="switchActive"><b class="switchActive">'
            '{n}</b></div>']
BOXES = ['<tr id="post{n}"><td class="posttdMessage">x</td></tr>',
         '<tr id="post{n}"><td class="a posttdMessageX">x</td></tr>', '<tr id="post{n}"><td>x</td></tr>',
         '<tr id="postx{n}"><td class="posttdMessage">x</td></tr>', '<tr id="post"><td class="posttdMessage">x</td></tr>',
         '<tr id="post{n}"><td><table><tr><td class="posttdMessage">x</td></tr></table></td></tr>',
         '<tr><td><table class="postTable" id="post{n}"><tr><td>x</td></tr></table></td></tr>',
         '<tr id="post{n}"><td><table class="postTable" id="post{n}1"><tr><td class="posttdMessage">x'
         '</td></tr></table></td></tr>', '<tr><td><table class="postTables" id="post{n}"></table></td></tr>']
_UCOZ_BOXES = ("//table[" + _common.cls("postTable") + "][starts-with(@id, 'post')] | //tr[starts-with("
               "@id, 'post')][.//td[contains(@class, 'posttdMessage')]]")


def test_ucoz_active_switch_and_post_boxes_equal_the_page_searches():
    rng = random.Random(11)
    for _ in range(3000):
        parts = [rng.choice(SWITCHES + BOXES).format(n=rng.randint(1, 99))
                 for _ in range(rng.randint(0, 6))]
        doc = document(f"<html><body><table>{''.join(parts)}</table></body></html>", False)
        assert ucoz._active(doc) is _common.first(doc, ucoz._ACTIVE), parts
        assert [b[0] for b in ucoz._boxes(doc)] == [t for t in _common.find(doc, _UCOZ_BOXES)
                                    if t.get("id")[4:].isdigit()], parts
