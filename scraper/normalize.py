"""Shared body normalisation for the adapters (interfaces.md §2), on lxml trees.

Adapters select the body element, then call these helpers to turn the engine's markup into the
common form: quotes as ``<blockquote data-author data-post>``, colour as ``<span style="color: …">``,
spoilers as ``<details>``, chrome dropped. Pure functions over elements; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import lxml.html
from lxml import etree

from votal.scraper.colour import element_colour, style_colour


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
# of the page (issue 22); a body fragment has no use for one.
_UTF8_PAGE_PARSER = _parser(collect_ids=True, encoding="utf-8")
_PAGE_PARSER = _parser(collect_ids=True)
_PARSER = _parser()


def document(html: str | bytes) -> lxml.html.HtmlElement:
    """Parse a whole page (lxml: fast and forgiving with broken markup)."""
    if isinstance(html, str):
        html = html.encode("utf-8")  # lets lxml ignore a conflicting <meta charset>
        return lxml.html.document_fromstring(html, parser=_UTF8_PAGE_PARSER)
    return lxml.html.document_fromstring(html, parser=_PAGE_PARSER)


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


_COMPILED: dict[str, etree.XPath] = {}


def xpath(expr: str | etree.XPath) -> etree.XPath:
    """``expr`` compiled once (adapters run the same few dozen expressions on every post;
    compiling one costs more than evaluating it on a post), in its :func:`fast_form`. Per-post
    values go in XPath variables (``$id``), so that the cache stays small."""
    if isinstance(expr, etree.XPath):
        return expr
    found = _COMPILED.get(expr)
    if found is None:
        if len(_COMPILED) > 4096:
            _COMPILED.clear()
        found = _COMPILED[expr] = etree.XPath(fast_form(expr))
    return found


def _token_test(name: str, of: str) -> str:
    return (f"(contains({of}, '{name}') and "
            f"contains(concat(' ', normalize-space({of}), ' '), ' {name} '))")


def fast_form(expr: str) -> str:
    """``expr`` rewritten into the same selection that libxml2 evaluates faster (issue 22):

    * ``//step`` (``.//step``) becomes ``/descendant::step``: ``//`` is
      ``/descendant-or-self::node()/child::``, which gathers every node of the subtree, text
      nodes included, and then the children of each, before a predicate sees one; ``//@attr``
      becomes ``/descendant-or-self::*/@attr``;
    * a descendant step whose first predicate tests one attribute (``has_class('x')``, also
      ``has_class('a') or has_class('b')``; ``@a``, ``@a='v'``, ``@a=$v``,
      ``starts-with(@a, 'v')``, ``contains(@a, 'v')``: each false without the attribute) walks
      that attribute instead: ``descendant::div[has_class('x')][p]`` becomes
      ``descendant::div/@class[token test on .]/parent::*[p]`` (the parent of an attribute is
      its element). libxml2 evaluates a predicate for every element of a walk but takes an
      attribute step within the walk itself, several times faster on a page.

    The same nodes in the same (document) order. A step with a positional predicate (``[1]``,
    ``[last()]``, anything that may be a number) is left as it is: the position would count
    another axis. String literals are never touched."""
    fast = _DOS_OR_LITERAL.sub(_descendant_step, expr) if "//" in expr else expr
    return _attribute_steps(fast) if "descendant" in fast and "@" in fast else fast


_DOS_OR_LITERAL = re.compile(
    r"'[^']*'|\"[^\"]*\"|//(?P<test>@[\w:.-]+|\*|(?:text|comment|node)\(\)"
    r"|[A-Za-z_][\w.-]*(?![\w.-]*\s*(?:::|\()))")


def _descendant_step(m: re.Match[str]) -> str:
    test = m.group("test")
    if test is None or any(map(_positional, _predicates_after(m.string, m.end())[0])):
        return m.group(0)  # a string literal, or a step counting positions
    return f"/descendant-or-self::*/{test}" if test.startswith("@") else f"/descendant::{test}"


_STEP_OR_LITERAL = re.compile(
    r"'[^']*'|\"[^\"]*\"|(?<![\w-])descendant(?:-or-self)?::(?P<test>\*|[A-Za-z_][\w.-]*(?::[\w.-]+)?)"
    r"(?![\w.:-]|\s*\()")


def _attribute_steps(expr: str) -> str:
    """The second rewrite of :func:`fast_form`, step by step from the left."""
    out, pos = [], 0
    for m in _STEP_OR_LITERAL.finditer(expr):
        if m.start() < pos or m.group("test") is None:
            continue  # inside a predicate already copied, or a string literal
        tests, _ = _predicates_after(expr, m.end())
        found = _attribute_test(tests[0]) if tests else None
        if found is None or any(map(_positional, tests)):
            continue
        attr, test = found
        first_end = _closing(expr, expr.index("[", m.end())) + 1
        out += [expr[pos:m.end()], f"/@{attr}", f"[{test}]" if test else "", "/parent::*"]
        pos = first_end
    return "".join(out) + expr[pos:]


_NAME = r"[\w-]+"
_CLASS_TEST = re.escape(_token_test("NAME", "@class")).replace("NAME", "(" + _NAME + ")")
_CLASS_TESTS = re.compile(_CLASS_TEST.replace("(" + _NAME + ")", _NAME)
                          + "(?: or " + _CLASS_TEST.replace("(" + _NAME + ")", _NAME) + ")*")
_LIT = r"""'[^']+'|"[^"]+\""""
_ATTR_ONLY = re.compile(r"\s*@([\w:-]+)\s*")
_ATTR_EQUALS = re.compile(r"\s*@([\w:-]+)\s*=\s*(" + _LIT + r"|\$[\w-]+)\s*")
_ATTR_CALL = re.compile(r"\s*(starts-with|contains)\(\s*@([\w:-]+)\s*,\s*(" + _LIT + r")\s*\)\s*")


def _attribute_test(predicate: str) -> tuple[str, str] | None:
    """(attribute, the same test on the attribute node ``.``) when ``predicate`` is a test of
    one attribute that is false for an element without it; else None."""
    if _CLASS_TESTS.fullmatch(predicate):
        names = re.findall(_CLASS_TEST, predicate)
        if all(a == b for a, b in names):
            return "class", " or ".join(_token_test(a, ".") for a, _ in names)
        return None
    m = _ATTR_ONLY.fullmatch(predicate)
    if m:
        return m.group(1), ""
    m = _ATTR_EQUALS.fullmatch(predicate)
    if m:
        return m.group(1), f". = {m.group(2)}"
    m = _ATTR_CALL.fullmatch(predicate)
    if m:
        return m.group(2), f"{m.group(1)}(., {m.group(3)})"
    return None


_BOOLEAN_CALL = re.compile(r"(?:not|contains|starts-with|boolean|true|false|lang)\s*\(")
_PATH_START = re.compile(r"[.@/]|(?:text|node|comment)\(\)|[A-Za-z_*][\w.:-]*(?![\w.:-]*\s*\()")
_ARITHMETIC = re.compile(r"\s(?:[+*-]|div|mod)\s")


def _positional(predicate: str) -> bool:
    """May ``predicate`` be a number (a position), not a test? What is not plainly a test —
    a comparison, ``and``/``or``, a boolean function, a location path — counts as one."""
    text = predicate.strip()
    while text.startswith("(") and _closing(text, 0) == len(text) - 1:
        text = text[1:-1].strip()
    top = _top_level(text)
    if any(op in top for op in ("=", "<", ">", " and ", " or ")):
        return False
    if _ARITHMETIC.search(top):
        return True
    return not (_BOOLEAN_CALL.match(text) or _PATH_START.match(text))


def _top_level(text: str) -> str:
    """``text`` with what stands inside brackets, parentheses and string literals blanked."""
    out, depth, quote = [], 0, ""
    for ch in text:
        if quote:
            quote = "" if ch == quote else quote
            out.append(" ")
        elif ch in "'\"":
            quote = ch
            out.append(" ")
        elif ch in "([":
            depth += 1
            out.append(" ")
        elif ch in ")]":
            depth -= 1
            out.append(" ")
        else:
            out.append(ch if depth == 0 else " ")
    return "".join(out)


def _closing(text: str, i: int) -> int:
    """Where the bracket or parenthesis opened at ``text[i]`` closes (-1: never)."""
    depth, quote = 0, ""
    for j in range(i, len(text)):
        ch = text[j]
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
            if depth == 0:
                return j
    return -1


def _predicates_after(text: str, i: int) -> tuple[list[str], int]:
    """The predicates that follow a step ending at ``text[i]`` (``[a][b]`` -> ``["a", "b"]``)
    and where they end; an unbalanced one reads as positional (``"("``)."""
    found: list[str] = []
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text) or text[i] != "[":
            return found, i
        end = _closing(text, i)
        if end < 0:
            return [*found, "("], len(text)
        found.append(text[i + 1:end])
        i = end + 1


def xp(el: etree._Element, expr: str | etree.XPath, **variables) -> list:
    """``el.xpath(expr, **variables)`` with ``expr`` compiled once."""
    return xpath(expr)(el, **variables)


_FIRST: dict[str, etree.XPath] = {}
_ONE_STEP = re.compile(r"\s*\.?//(\*|[A-Za-z][\w-]*)")


def first_match(el: etree._Element, expr: str | etree.XPath, **variables):
    """The first match of ``expr`` in document order (``xp(el, expr)[0]``), or None.

    A one-step descendant search (``.//NAME[tests]`` or ``//NAME[tests]``, no predicate a
    position) is evaluated as ``descendant::NAME[tests][1]``, which stops at the first match
    instead of collecting every match of the subtree (issue 22): the same element."""
    if isinstance(expr, str):
        found = _FIRST.get(expr)
        if found is None:
            if len(_FIRST) > 4096:
                _FIRST.clear()
            found = _FIRST[expr] = xpath(first_form(expr))
        expr = found
    hits = expr(el, **variables)
    return hits[0] if hits else None


def first_form(expr: str) -> str:
    """``descendant::NAME[tests][1]`` for a one-step descendant search, else ``expr``."""
    m = _ONE_STEP.match(expr)
    if m is None:
        return expr
    tests, end = _predicates_after(expr, m.end())
    if expr[end:].strip() or any(map(_positional, tests)):
        return expr  # another step follows, or a predicate counts positions
    axis = "descendant::" if expr.lstrip().startswith(".") else "/descendant::"
    return f"{axis}{m.group(1)}{''.join(f'[{t}]' for t in tests)}[1]"


def drop_all(root: etree._Element, xpaths: Iterable[str | etree.XPath]) -> None:
    """Remove every element the expressions match (subtree and all, the text after it kept)."""
    for xp in xpaths:
        for el in xpath(xp)(root):
            if el.getparent() is not None:
                el.drop_tree()


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

    ``el.text`` is kept as it is (not re-escaped). The children are serialised in one call:
    ``el`` without text and attributes is written whole and its bare tags cut off.
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
            return ((text or "") + whole[len(head):-len(tail)]).strip()
    parts = [el.text or ""]
    for child in el:
        parts.append(etree.tostring(child, encoding="unicode", method="html", with_tail=True))
    return "".join(parts).strip()


def text_of(el: etree._Element | None) -> str:
    return " ".join(el.text_content().split()) if el is not None else ""


# name tests and an attribute step, no per-element predicate (libxml2 evaluates a predicate
# for every element of the body, a name test in its walk: issue 22); dropping a set of subtrees
# gives the same tree in any order
_SAFE_DROP = (etree.XPath(
    "descendant::script | descendant::style | descendant::noscript"
    " | descendant::*/@data-excludequote/.."),
    # markup comments (phpBB 3.2's inline attachment "<!-- ia0 -->name<!-- ia0 -->", real page
    # forum.ubuntu-it.org): the text around them stays
    etree.XPath(".//comment()"))


def clean(root: etree._Element) -> None:
    """Drop what is never post text in any engine (scripts, styles, comments, IPS edit notes)."""
    drop_all(root, _SAFE_DROP)


_XML_SPACE = re.compile(r"[ \t\r\n]+")


def class_tokens(el: etree._Element) -> list[str]:
    """The class names of ``el``, split as :func:`has_class` splits them (XML whitespace)."""
    return _XML_SPACE.split(el.get("class") or "")


def has_class(name: str) -> str:
    """XPath predicate body: the element's ``class`` list contains ``name`` (no cssselect needed).

    The plain ``contains`` first lets libxml2 skip the costly token test on most elements.
    """
    return (f"(contains(@class, '{name}') and "
            f"contains(concat(' ', normalize-space(@class), ' '), ' {name} '))")
