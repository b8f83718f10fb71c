"""Shared body normalisation for the adapters (interfaces.md §2), on lxml trees.

Adapters select the body element, then call these helpers to turn the engine's markup into the
common form: quotes as ``<blockquote data-author data-post>``, colour as ``<span style="color: …">``,
spoilers as ``<details>``, chrome dropped. Pure functions over elements; no I/O.
"""

from __future__ import annotations

import re
from typing import Iterable

import lxml.html
from lxml import etree

_COLOR_IN_STYLE = re.compile(r"(?:^|;)\s*color\s*:\s*([^;]+)", re.I)


def document(html: str | bytes) -> lxml.html.HtmlElement:
    """Parse a whole page (lxml: fast and forgiving with broken markup)."""
    if isinstance(html, str):
        html = html.encode("utf-8")  # lets lxml ignore a conflicting <meta charset>
        parser = lxml.html.HTMLParser(encoding="utf-8")
        return lxml.html.document_fromstring(html, parser=parser)
    return lxml.html.document_fromstring(html)


def fragment(html: str) -> lxml.html.HtmlElement:
    """Parse a body fragment into a ``<div>`` wrapper."""
    return lxml.html.fragment_fromstring(html or "", create_parent="div")


def drop(el: etree._Element) -> None:
    """Remove an element and its subtree, keeping the text that follows it."""
    el.drop_tree()


def unwrap(el: etree._Element) -> None:
    """Replace an element by its children (keeps text)."""
    el.drop_tag()


def drop_all(root: etree._Element, xpaths: Iterable[str]) -> None:
    for xp in xpaths:
        for el in root.xpath(xp):
            if el.getparent() is not None:
                el.drop_tree()


def css_color(el: etree._Element) -> str | None:
    """The CSS ``color`` of an element's style (never ``background-color``)."""
    style = el.get("style") or ""
    m = _COLOR_IN_STYLE.search(style)
    return m.group(1).strip() if m else None


def normalize_colors(root: etree._Element) -> None:
    """``<font color>`` and any coloured element become ``<span style="color: X">``.

    Keeps the exact colour value (the hue test lives in the tally layer).
    """
    for el in list(root.iter("font")):
        color = el.get("color")
        if color:
            span = etree.Element("span", style=f"color: {color.strip()}")
            _replace_keeping_children(el, span)
        else:
            el.drop_tag()
    for el in list(root.iter()):
        if not isinstance(el.tag, str) or el.tag in ("span", "blockquote", "details", "summary"):
            continue
        color = css_color(el)
        if color and el.tag not in ("div", "p", "td", "li"):
            span = etree.Element("span", style=f"color: {color}")
            _replace_keeping_children(el, span)
    for el in root.iter("span"):
        color = css_color(el)
        if color:
            for attr in list(el.attrib):
                del el.attrib[attr]
            el.set("style", f"color: {color}")


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
    bq = etree.Element("blockquote")
    if author:
        bq.set("data-author", author.strip())
    if post_id:
        bq.set("data-post", str(post_id).strip())
    src = el if content is None else content
    bq.text = src.text
    for child in list(src):
        bq.append(child)
    bq.tail = el.tail
    parent = el.getparent()
    if parent is not None:
        parent.replace(el, bq)


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
    """Serialised children of ``el`` (the element's own tag left out), whitespace trimmed."""
    parts = [el.text or ""]
    for child in el:
        parts.append(etree.tostring(child, encoding="unicode", method="html", with_tail=True))
    return "".join(parts).strip()


def text_of(el: etree._Element | None) -> str:
    return " ".join(el.text_content().split()) if el is not None else ""


_SAFE_DROP = (
    ".//script", ".//style", ".//noscript", ".//*[@data-excludequote]",
)


def clean(root: etree._Element) -> None:
    """Drop what is never post text in any engine (scripts, styles, IPS edit notes)."""
    drop_all(root, _SAFE_DROP)


def has_class(name: str) -> str:
    """XPath predicate body: the element's ``class`` list contains ``name`` (no cssselect needed).

    The plain ``contains`` first lets libxml2 skip the costly token test on most elements.
    """
    return (f"(contains(@class, '{name}') and "
            f"contains(concat(' ', normalize-space(@class), ' '), ' {name} '))")
