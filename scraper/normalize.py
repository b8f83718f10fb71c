"""Shared body normalisation for the adapters (interfaces.md §2), on lxml trees.

Adapters select the body element, then call these helpers to turn the engine's markup into the
common form: quotes as ``<blockquote data-author data-post>``, colour as ``<span style="color: …">``,
spoilers as ``<details>``, chrome dropped. Pure functions over elements; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import TypeAlias

import lxml.html
from lxml import etree

from votal.scraper.colour import element_colour, style_colour
from votal.scraper.xpaths import fast_form, first_form, has_class  # noqa: F401 (adapters: has_class)


def _parser(collect_ids: bool = False, **kw) -> lxml.html.HTMLParser:
    """lxml.html's parser with one element class (``HtmlElement``) picked in C: the stock
    lookup runs a Python function for every element proxy only to give form controls their
    own classes, which no adapter uses."""
    # no default DOCTYPE node (only subtrees are serialised)
    # huge_tree: no 10 MB text-node limit and 2048 nesting levels, not 255 (issue 8: 254 unclosed
    # <b> in a post must not end the page before its vote)
    parser = lxml.html.HTMLParser(collect_ids=collect_ids, default_doctype=False, huge_tree=True,
                                  **kw)
    parser.set_element_class_lookup(etree.ElementDefaultClassLookup(
        element=lxml.html.HtmlElement, comment=lxml.html.HtmlComment,
        pi=lxml.html.HtmlProcessingInstruction, entity=lxml.html.HtmlEntity))
    return parser


# Whole pages keep libxml2's ID table, so that :func:`by_id` finds an element without a walk
# of the page (issue 22); a page whose engine never looks an id up, and a body fragment, are
# parsed without one (the table costs 4-20% of a page's parse: every id attribute hashed).
_UTF8_PAGE_PARSER = _parser(collect_ids=True, encoding="utf-8")
_PAGE_PARSER = _parser(collect_ids=True)
_UTF8_PLAIN_PAGE_PARSER = _parser(encoding="utf-8")
_PLAIN_PAGE_PARSER = _parser()
_PARSER = _parser()


def document(html: str | bytes, ids: bool = True) -> lxml.html.HtmlElement:
    """Parse a whole page (lxml: fast and forgiving with broken markup); ``ids=False``: without
    libxml2's ID table, for a reader that never calls :func:`by_id` (which finds nothing in
    such a page) — the same tree."""
    if isinstance(html, str):
        html = html.encode("utf-8")  # lets lxml ignore a conflicting <meta charset>
        return lxml.html.document_fromstring(
            html, parser=_UTF8_PAGE_PARSER if ids else _UTF8_PLAIN_PAGE_PARSER)
    return lxml.html.document_fromstring(html, parser=_PAGE_PARSER if ids else _PLAIN_PAGE_PARSER)


_HEAD_END = re.compile(r"</head\s*>", re.I)
_HEAD_START = re.compile(r"<head[\s/>]", re.I)
_BODY_START = re.compile(r"<body[\s/>]", re.I)
_BODY_END = re.compile(r"</(?:body|html)", re.I)
_POPS = re.compile(r"<(?:head|body|html)[\s/>]", re.I)
# a start tag whose attributes are name, name=value, name="value" or name='value', apart by
# spaces, closed by ">" (not "/>", and no "/" after a value), so it ends at the ">" matched
_WHOLE_TAG = re.compile(
    r"""<[a-z]+(?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>/]+))?)*\s*>""", re.I)
_HEAD_LINKS = etree.XPath("//head/link")


def head_links(html: str) -> list[etree._Element]:
    """The ``<link>`` children of the page's ``<head>`` (``//head/link`` of :func:`document`'s
    tree), the page parsed only as far as the end of its head when it can be (issue 22: a page
    whose head is all that is read, Flarum's ``rel="next"``, was parsed whole for it).

    libxml2's push parser is fed the text up to the first ``</head>``; when the head ends there
    its children are final (a later ``<link>`` goes to the body). A later ``<head>`` start tag
    makes another head only where libxml2's open elements are the html element alone (it drops
    one at any other depth), so when the text holds one more ``<head``, the parser is fed on to
    the end of the first ``<body`` tag after the head: once the body is open it stays open up to
    a ``</body`` or ``</html`` end tag, or a ``<head/>``, ``<body/>`` or ``<html/>`` (dropped,
    its ``/>`` closes the open element) — when no such text comes before the last ``<head``,
    no later head exists (see :func:`_body_stays_open`). Otherwise, or when that ``</head>`` was
    in a comment or a script, or the page has none, the whole page is parsed by
    :func:`document`."""
    m = _HEAD_END.search(html)
    if m is not None:
        later = [h.start() for h in _HEAD_START.finditer(html, m.end())]
        parser = etree.HTMLPullParser(events=("start", "end"), tag=("head", "body"),
                                      encoding="utf-8", default_doctype=False, huge_tree=True)
        parser.feed(html[:m.end()].encode("utf-8"))
        events = list(parser.read_events())
        # one head, ended, and no body yet (else a head after the body, or after a <head/>
        # that closed the first, may come before that </head>)
        if len(events) == 2 and events[1][0] == "end" and events[1][1].tag == "head" and (
                not later or _body_stays_open(html, m.end(), later, parser)):
            return [el for el in events[1][1] if el.tag == "link"]
    return list(_HEAD_LINKS(document(html)))


def _body_stays_open(html: str, fed: int, later: list[int],
                     parser: etree.HTMLPullParser) -> bool:
    """Whether the body is open at each of the ``later`` ``<head`` after ``fed`` (the head's
    end, where ``parser`` stopped): the parser fed on to the end of the first ``<body`` tag
    (before the first of them) opens the body, and no text up to the last of them could close
    it — a ``</body`` or ``</html``, or a ``<head``, ``<body`` or ``<html`` that is not a whole
    start tag without ``/>`` (:data:`_WHOLE_TAG`: its attributes quoted or plain, so that
    its end is the ``>`` that the tokenizer stops at)."""
    b = _BODY_START.search(html, fed, later[0])
    tag = _WHOLE_TAG.match(html, b.start(), later[0]) if b is not None else None
    if tag is None:
        return False
    parser.feed(html[fed:tag.end()].encode("utf-8"))
    if not any(ev == "start" and el.tag == "body" for ev, el in parser.read_events()):
        return False
    end = later[-1]
    if _BODY_END.search(html, fed, end) is not None:
        return False
    return all(_WHOLE_TAG.match(html, t.start()) is not None
               for t in _POPS.finditer(html, fed, end))


@lru_cache(maxsize=16)
def _letter_refs(word: str) -> re.Pattern[str]:
    """A character reference to one of the letters of ``word`` (``&#110;``, ``&#x6E``: a
    prefix is enough)."""
    refs = "|".join(sorted({f"0*{ord(c)}" for c in word} | {f"[xX]0*{ord(c):x}" for c in word}))
    return re.compile("&#(?:" + re.sub(r"([a-f])", lambda m: f"[{m[1]}{m[1].upper()}]", refs)
                      + ")")


_VALUE_START = frozenset("\"'= \t\n\r\f\v")
_VALUE_END = frozenset("\"'>/< \t\n\r\f\v")


def may_hold_value(html: str, word: str) -> bool:
    """False when no element of the page parsed from ``html`` can have an attribute whose value
    is exactly ``word`` (ASCII letters): such a value is read from the text between the quotes
    of a quoted value, or after ``=`` (and spaces) up to a space or ``>`` of an unquoted one,
    character references decoded — so the text holds ``word`` between such delimiters, or a
    reference that gives one of its letters (named references give no ASCII letter but the
    ``fj`` of ``&fjlig;``), or a NUL (which a parser may turn into another character). True is
    only a maybe (issue 22: Flarum's ``rel="next"``, a 250 KB head of styles parsed to find
    none). Plain ``str.find`` scans: a regex tried at every position costs more than the
    parse it spares."""
    at = html.find(word)
    while at >= 0:
        end = at + len(word)
        if at > 0 and html[at - 1] in _VALUE_START and (
                end == len(html) or html[end] in _VALUE_END):
            return True
        at = html.find(word, at + 1)
    if "&#" in html and _letter_refs(word).search(html) is not None:
        return True
    return "&fjlig" in html or "\x00" in html


_BY_ID = etree.XPath("id($id)")


def by_id(doc: etree._Element, id_: str) -> etree._Element | None:
    """The first element of a page parsed by :func:`document` whose ``id`` is ``id_``
    (``//*[@id=$id]`` read from libxml2's ID table, not by walking the page).

    Exact while the page is as parsed: once a subtree is dropped, an id that was first found in
    it is forgotten, so callers that look up after rewriting bodies check what they get."""
    if not id_ or id_.split() != [id_]:  # id() reads a list of ids separated by spaces
        found = xp(doc, "//*[@id=$id]", id=id_)
    else:
        found = _BY_ID(doc, id=id_)
    return found[0] if found else None


def by_id_in(el: etree._Element, id_: str) -> etree._Element | None:
    """The first element inside ``el`` whose id is ``id_`` (``.//*[@id=$id]``): the page's
    ID table first (no walk of the post, issue 22), the walk when the table's element is not
    inside ``el`` (a duplicate id, or a body rewritten since)."""
    found = by_id(el, id_)
    if found is not None and any(a is el for a in found.iterancestors()):
        return found
    hits = xp(el, ".//*[@id=$id]", id=id_)
    return hits[0] if hits else None



_FULL_HTML = re.compile(r"^\s*<(?:html|!doctype)", re.I)


def fragment(html: str) -> lxml.html.HtmlElement:
    """Parse a body fragment into a ``<div>`` wrapper (the root of its own document).

    ``lxml.html.fragment_fromstring(html, create_parent="div")`` step for step, without the
    Python list of every top-level node in between.
    """
    html = html or ""
    if not _FULL_HTML.match(html):
        doc = lxml.html.document_fromstring(f"<html><body>{html}</body></html>",
                                            parser=_PARSER)
        bodies = [e for e in doc if e.tag == "body"]
        if len(bodies) == 1:
            root = _PARSER.makeelement("div")
            text = bodies[0].text
            if text and text.strip():  # lxml drops whitespace-only leading text
                root.text = text
            root.extend(bodies[0])
            return root
    return lxml.html.fragment_fromstring(html, create_parent="div", parser=_PARSER)


def drop(el: etree._Element) -> None:
    """Remove an element and its subtree, keeping the text that follows it."""
    el.drop_tree()


def unwrap(el: etree._Element) -> None:
    """Replace an element by its children (keeps text)."""
    el.drop_tag()


class TagSearch:
    """``.//NAME`` (``.//comment()``) evaluated by lxml's tag walk, ``el.iter(NAME)``, without
    ``el`` itself: the same elements in the same (document) order as the XPath, and no walk at
    all when the page has no such element (lxml looks the name up in the document's names
    first), where an XPath walks the whole subtree (issue 22)."""

    __slots__ = ("path", "tag")

    def __init__(self, path: str, tag: str | object) -> None:
        self.path, self.tag = path, tag

    def __call__(self, el: etree._Element, **variables) -> list:
        found = list(el.iter(self.tag))
        if found and found[0] is el:
            del found[0]
        return found

    def first(self, el: etree._Element) -> etree._Element | None:
        for found in el.iter(self.tag):
            if found is not el:
                return found
        return None


# a plain descendant search by tag name (or of comments), no predicate: a TagSearch
_TAG_ONLY = re.compile(r"\.//(?:([A-Za-z][\w-]*)|comment\(\))")

Search: TypeAlias = "etree.XPath | TagSearch"  # what :func:`xpath` gives

_COMPILED: dict[str, Search] = {}


def xpath(expr: str | Search) -> Search:
    """``expr`` compiled once (adapters run the same few dozen expressions on every post;
    compiling one costs more than evaluating it on a post), in its :func:`fast_form`, or a
    :class:`TagSearch` for ``.//NAME``. Per-post values go in XPath variables (``$id``), so
    that the cache stays small."""
    if not isinstance(expr, str):
        return expr
    found = _COMPILED.get(expr)
    if found is None:
        if len(_COMPILED) > 4096:
            _COMPILED.clear()
        tag = _TAG_ONLY.fullmatch(expr)
        found = _COMPILED[expr] = (
            TagSearch(expr, tag.group(1) or etree.Comment) if tag is not None
            else etree.XPath(fast_form(expr)))
    return found


def xp(el: etree._Element, expr: str | Search, **variables) -> list:
    """``el.xpath(expr, **variables)`` with ``expr`` compiled once."""
    return xpath(expr)(el, **variables)


_FIRST: dict[str, Search] = {}


def first_match(el: etree._Element, expr: str | Search, **variables):
    """The first match of ``expr`` in document order (``xp(el, expr)[0]``), or None.

    A one-step descendant search (``.//NAME[tests]`` or ``//NAME[tests]``, no predicate a
    position) is evaluated as ``descendant::NAME[tests][1]``, which stops at the first match
    instead of collecting every match of the subtree (issue 22): the same element; ``.//NAME``
    alone by the tag walk of :class:`TagSearch`, which stops there too."""
    if isinstance(expr, str):
        found = _FIRST.get(expr)
        if found is None:
            if len(_FIRST) > 4096:
                _FIRST.clear()
            found = xpath(expr)
            if not isinstance(found, TagSearch):
                found = xpath(first_form(expr))
            _FIRST[expr] = found
        expr = found
    if isinstance(expr, TagSearch):
        return expr.first(el)
    hits = expr(el, **variables)
    return hits[0] if hits else None


def drop_all(root: etree._Element, xpaths: Iterable[str | Search]) -> None:
    """Remove every element the expressions match (subtree and all, the text after it kept).

    Expressions given as strings are evaluated as :func:`merged_drops` joins them: the class
    searches of a list in one walk of the body (issue 22)."""
    if isinstance(xpaths, (tuple, list)) and all(isinstance(e, str) for e in xpaths):
        xpaths = merged_drops(tuple(xpaths))  # type: ignore[arg-type]
    for expr in xpaths:
        for el in xpath(expr)(root):
            if el.getparent() is not None:
                el.drop_tree()


# ``.//*[has_class('x')]``, and the other searches that test only the element itself (a tag
# name, an attribute's value, a comment): which of them matches an element does not depend on
# what else was dropped before
_CLASS_SEARCH = re.compile(r"\.//\*\[(" + re.escape(has_class("NAME")).replace("NAME", r"[\w-]+")
                           + r")\]")
_SELF_SEARCH = re.compile(r"\.//(?:[A-Za-z][\w-]*|comment\(\)|\*\[@[\w:-]+\s*=\s*'[^']*'\])")


@lru_cache(maxsize=256)
def merged_drops(xpaths: tuple[str, ...]) -> tuple[str, ...]:
    """``xpaths`` with its class searches (``.//*[has_class('x')]``) joined into one
    (``.//*[has_class('a') or has_class('b')]``, one attribute walk: :func:`fast_form`), in the
    place of the first, when every expression of the list tests only the element itself
    (:data:`_CLASS_SEARCH`, :data:`_SELF_SEARCH`): each such expression matches the same
    elements whatever the others dropped, and dropping a set of subtrees gives the same tree in
    any order. Other lists are left as they are."""
    classes = [m.group(1) for m in map(_CLASS_SEARCH.fullmatch, xpaths) if m]
    if len(classes) < 2 or not all(_CLASS_SEARCH.fullmatch(e) or _SELF_SEARCH.fullmatch(e)
                                   for e in xpaths):
        return xpaths
    out: list[str] = []
    for e in xpaths:
        if not _CLASS_SEARCH.fullmatch(e):
            out.append(e)
        elif classes:
            out.append(f".//*[{' or '.join(classes)}]")
            classes = []
    return tuple(out)


def css_color(el: etree._Element) -> str | None:
    """The CSS ``color`` of an element's style (never ``background-color``)."""
    return style_colour(el.get("style"))


_STYLED = xpath("descendant-or-self::*[@style]")


def normalize_colors(root: etree._Element) -> None:
    """``<font color>`` and any coloured element become ``<span style="color: X">``.

    Keeps the exact colour value (read by scraper/colour.py, which the tally's hue test shares).
    """
    for el in list(root.iter("font")):
        color = element_colour(el)
        if color:
            span = etree.Element("span", style=f"color: {color}")
            _replace_keeping_children(el, span)
        else:
            el.drop_tag()
    # only a style attribute can hold a colour; one walk for spans and the rest (a span made
    # here already has its one ``style="color: X"``)
    for el in _STYLED(root):
        if el.tag == "span":
            color = css_color(el)
            if color:
                for attr in list(el.attrib):
                    del el.attrib[attr]
                el.set("style", f"color: {color}")
            continue
        if el.tag in ("blockquote", "details", "summary"):
            continue
        color = css_color(el)
        if color and el.tag not in ("div", "p", "td", "li"):
            span = etree.Element("span", style=f"color: {color}")
            _replace_keeping_children(el, span)


def _replace_keeping_children(old: etree._Element, new: etree._Element) -> None:
    new.text = old.text
    for child in list(old):
        new.append(child)
    new.tail = old.tail
    parent = old.getparent()
    if parent is not None:
        parent.replace(old, new)


def make_quote(el: etree._Element, content: etree._Element | None,
               author: str | None, post_id: str | None) -> None:
    """Replace ``el`` (the engine's whole quote block) with a normalised blockquote.

    ``content`` is the element holding the quoted text (its children move into the blockquote);
    ``None`` means ``el`` itself.
    """
    parent = el.getparent()
    src = el if content is None else content
    if parent is not None and src.tag == "blockquote":  # the same tree, no child moved
        src.attrib.clear()
        _quote_attrs(src, author, post_id)
        if src is not el:
            src.tail = el.tail
            parent.replace(el, src)
        return
    bq = etree.Element("blockquote")
    _quote_attrs(bq, author, post_id)
    bq.text = src.text
    for child in list(src):
        bq.append(child)
    bq.tail = el.tail
    if parent is not None:
        parent.replace(el, bq)


def _quote_attrs(bq: etree._Element, author: str | None, post_id: str | None) -> None:
    if author:
        bq.set("data-author", author.strip())
    if post_id:
        bq.set("data-post", str(post_id).strip())


def make_spoiler(el: etree._Element, content: etree._Element | None, title: str = "Spoiler") -> None:
    """Replace the engine's spoiler block with ``<details><summary>title</summary>…</details>``."""
    details = etree.Element("details")
    summary = etree.SubElement(details, "summary")
    summary.text = title
    src = el if content is None else content
    summary.tail = src.text
    for child in list(src):
        details.append(child)
    details.tail = el.tail
    parent = el.getparent()
    if parent is not None:
        parent.replace(el, details)


def inner_html(el: etree._Element) -> str:
    """Serialised children of ``el`` (the element's own tag left out), whitespace trimmed.

    ``el.text`` is escaped as the serialiser escapes every other text (``&``, ``<``, ``>``): a
    body whose first words are a literal "<b>vote: X</b>" (``&lt;b&gt;`` in the page) stays
    text, never a bold vote once parsed again. The children are serialised in one call: ``el``
    without text and attributes is written whole and its bare tags cut off.
    """
    if len(el) > 1:
        text, attrib = el.text, list(el.attrib.items())
        el.text = None
        el.attrib.clear()
        try:
            whole = etree.tostring(el, encoding="unicode", method="html", with_tail=False)
        finally:
            el.text = text
            for k, v in attrib:
                el.set(k, v)
        head, tail = f"<{el.tag}>", f"</{el.tag}>"
        if whole.startswith(head) and whole.endswith(tail):
            return (_escape_text(text) + whole[len(head):-len(tail)]).strip()
    parts = [_escape_text(el.text)]
    for child in el:
        parts.append(etree.tostring(child, encoding="unicode", method="html", with_tail=True))
    return "".join(parts).strip()


def _escape_text(text: str | None) -> str:
    if not text:
        return ""
    if "&" in text or "<" in text or ">" in text:
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text


def text_of(el: etree._Element | None) -> str:
    """The text of ``el`` and its descendants, single-spaced ("" for None).

    ``text_content()``'s text (both are libxml2's ``xmlNodeGetContent``) without its XPath
    ``string()`` call: a third of the time (issue 22)."""
    if el is None:
        return ""
    return " ".join(etree.tostring(el, method="text", encoding="unicode", with_tail=False).split())


# scripts, styles, comments (lxml's tag walk: none at all costs nothing, :class:`TagSearch`)
# and IPS's edit notes (an attribute step: libxml2 takes it within its walk, issue 22);
# dropping a set of subtrees gives the same tree in any order
_DROPPED_TAGS = ("script", "style", "noscript",
                 # markup comments (phpBB 3.2's inline attachment "<!-- ia0 -->name<!-- ia0 -->",
                 # real page forum.ubuntu-it.org): the text around them stays
                 etree.Comment)
_EXCLUDED_FROM_QUOTES = etree.XPath("descendant::*/@data-excludequote/..")


def clean(root: etree._Element) -> None:
    """Drop what is never post text in any engine (scripts, styles, comments, IPS edit notes)."""
    found = list(root.iter(*_DROPPED_TAGS))
    if found and found[0] is root:
        del found[0]
    for el in [*found, *_EXCLUDED_FROM_QUOTES(root)]:
        if el.getparent() is not None:
            el.drop_tree()


_XML_SPACE = re.compile(r"[ \t\r\n]+")


def class_tokens(el: etree._Element) -> list[str]:
    """The class names of ``el``, split as :func:`has_class` splits them (XML whitespace)."""
    return _XML_SPACE.split(el.get("class") or "")


def classed(el: etree._Element, name: str) -> bool:
    """``el`` has the class ``name``: the XPath test :func:`has_class`, in Python (a substring
    test first: most elements fail it without a split)."""
    value = el.get("class")
    return bool(value) and name in value and name in _XML_SPACE.split(value)


def inside_classed(el: etree._Element, box: etree._Element, name: str) -> bool:
    """Has ``el`` an ancestor of class ``name`` below ``box`` (``box`` itself not counted)?"""
    for anc in el.iterancestors():
        if anc is box:
            return False
        if classed(anc, name):
            return True
    return False


def classed_below(el: etree._Element, tag: str | object, name: str) -> list[etree._Element]:
    """``.//TAG[has_class(name)]`` (``tag`` ``etree.Element``: ``*``), by lxml's tag walk."""
    return [x for x in el.iterdescendants(tag) if classed(x, name)]


def first_classed(el: etree._Element, tag: str | object, name: str) -> etree._Element | None:
    """The first of :func:`classed_below`, the walk stopping there."""
    return next((x for x in el.iterdescendants(tag) if classed(x, name)), None)


def classed_child(el: etree._Element, tag: str, name: str) -> etree._Element | None:
    """``./TAG[has_class(name)]``: the first child of the tag and class."""
    return next((x for x in el.iterchildren(tag) if classed(x, name)), None)
