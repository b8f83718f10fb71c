"""One pass over a post's HTML tree: the author's own text as styled pieces (helper of extract.py).

Rules served: vocabulary ("text inside a quote is never the quoting player's own vote"), C-05,
MS-01, MR-03. The walk never descends into quotes (normalised ``<blockquote data-author>``, phpBB
``<blockquote><div><cite>``, ``<q>``, ``class=…quote…`` blocks) or hidden content (``<details>``
spoilers, phpBB spoiler boxes, ``display:none``, scripts); it records top-level quotes so the
caller can read them separately. Each text piece carries the red colour in force (innermost
colour wins; colours read by scraper/colour.py), the bold / ``[vote]`` group it belongs to and
whether it is struck through; elements coloured in another colour than red are listed (MR-02).
Line breaks and block boundaries become ``"\\n"`` pieces.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from lxml import etree

from votal.scraper.colour import is_red, style_colour


class Piece(NamedTuple):
    text: str
    red: str | None      # the red colour value in force, None when not red
    group: int | None    # id of the outermost bold / [vote] element holding the text
    struck: bool


@dataclass
class Walked:
    pieces: list[Piece] = field(default_factory=list)
    quotes: list[etree._Element] = field(default_factory=list)
    links: tuple[str, ...] = ()
    coloured: list[tuple[str, str]] = field(default_factory=list)   # (colour, text), not red


BREAK = "\n"
_BREAK = Piece(BREAK, None, None, False)
_HIDDEN_TAGS = frozenset({"details", "script", "style", "template", "noscript", "input", "button",
                          "select", "textarea", "head", "title", "iframe", "object", "svg"})
_BLOCK_TAGS = frozenset({"p", "div", "li", "ul", "ol", "tr", "table", "h1", "h2", "h3", "h4", "h5",
                         "h6", "hr", "pre", "fieldset", "legend", "center", "dd", "dt", "dl",
                         "section", "article", "header", "footer", "figure", "figcaption",
                         "address", "aside", "body", "html", "td", "th", "tbody", "thead"})
# the tags _skip may skip whatever their class and style
_MAY_SKIP = _HIDDEN_TAGS | {"blockquote", "q", "cite"}
_BOLD_TAGS = frozenset({"b", "strong"})
_STRUCK_TAGS = frozenset({"s", "strike", "del"})
_BOLD_STYLE = re.compile(r"font-weight\s*:\s*(?:bold|bolder|[6-9]00)", re.I)
_POST_LINK = re.compile(r"(?:[?&]p=|#p|/posts/|[/-]post-|#post|goto/post\?id=|showpost\.php\?p=)"
                        r"(\d+)")
_WROTE = re.compile(r"\s*(?:wrote|said|says|написала?|написал\(а\)|пишет|έγραψε|ha scritto|"
                    r"scrive|scrisse)\s*:?\s*$", re.I)
_DISPLAY_NONE = re.compile(r"display\s*:\s*none", re.I)
_IN_POST = re.compile(r"^\s*in post\s*\d+\s*,\s*", re.I)


class _State(NamedTuple):
    red: str | None
    group: int | None
    struck: bool
    block: bool
    vote: bool = False   # the group is a [vote] element (MS-01)


_TOP = _State(None, None, False, False)
# a Piece or _State of its fields' tuple, as NamedTuple._make makes it, without a Python call
_new = tuple.__new__


def walk(root: etree._Element, *, top: bool = False) -> Walked:
    """Own text of ``root``; ``top=True`` reads a quote's body (its header ``cite`` skipped).

    Depth first over the elements' children, without recursion (nesting 2048 levels deep is
    read, issue 8); a leaf ends as soon as it is entered. What an element's tag, ``class``,
    ``style`` (and a ``font``'s ``color``) make of it — skipped or read, its colour and whether
    it is red, bold, struck, a block — is worked out once per distinct combination
    (:func:`_effect`; issue 22: the walk was 42% of a tally), an element without attributes
    known by its tag alone (one lxml call, not three); the siblings of an element are
    read by one ``for`` over its children, left only to descend; pieces are made as tuples (no
    constructor call) on a list that starts with a line break (taken off at the end), so "the
    last piece is no line break" is one identity test (every line break is ``_BREAK``). A parsed
    body's ``<html>`` and ``<body>``, bare (no attribute, no text of their own), are not walked:
    their content is, with the same pieces. The root is read as any element but never skipped
    and its tail never read; the loop holds the children being read and their state in
    locals, the frames only the elements around them."""
    out = Walked()
    pieces: list[Piece] = [_BREAK]   # the sentinel: no line break before the first text
    append = pieces.append
    quotes = out.quotes
    coloured = out.coloured
    links: list[str] = []
    groups = 0
    outer: set[int] = set()   # [vote] groups holding a nested [vote]: the innermost is read
    root = _content(root)
    effects = _EFFECTS[top]
    # the open elements, innermost last: their children still to read, the state inside them,
    # themselves; the root is read first, as one of them (never skipped, its tail not read)
    frames: list[tuple[Iterator[etree._Element], _State, etree._Element]] = []
    children: Iterator[etree._Element] = iter((root,))
    parent = _TOP
    while True:
        p_red, p_group, p_struck, p_block, p_vote = parent
        for el in children:
            tag = el.tag
            # an element without attributes is known by its tag alone (most are: p, b, br)
            if el.keys():
                key: object = (tag, el.get("class"), el.get("style"),
                               el.get("color") if tag == "font" else None)
            else:   # an element without attributes is known by its tag alone (p, b, br …)
                key = tag
            eff = effects.get(key)
            if eff is None:
                eff = _effect_of(effects, key, top)
            kind, colour, is_red, opens, is_vote, strikes, block, breaks, link = eff
            if kind is not None and frames:   # skipped (the root never is)
                if kind == "quote" and not top:
                    quotes.append(el)
                if kind != "inline" and pieces[-1] is not _BREAK:
                    append(_BREAK)
            else:
                red, group, struck, vote = p_red, p_group, p_struck, p_vote
                text = el.text
                if colour is not None:
                    if is_red:
                        red = colour
                    else:
                        red = None
                        if not top:   # MR-02: a name not in red (a leaf's text is its own text)
                            named = ("".join(el.itertext()) if len(el) else text or "").strip()
                            if named:
                                coloured.append((colour, named))
                if opens:
                    if group is None:
                        groups += 1
                        group = groups
                        vote = is_vote
                    elif p_vote and is_vote:
                        # [vote]A[vote]B[/vote][/vote] reads B (MS-01); parent.vote comes with a
                        # group
                        outer.add(group)
                        groups += 1
                        group = groups
                if strikes:
                    struck = True
                if (red is p_red and group == p_group and struck == p_struck and block == p_block
                        and vote == p_vote):
                    state = parent
                else:
                    state = _new(_State, (red, group, struck, block, vote))
                if breaks and pieces[-1] is not _BREAK:
                    append(_BREAK)
                if link:
                    links.extend(_post_ids(el))
                if text:
                    if text != BREAK:
                        append(_new(Piece, (text, red, group, struck)))
                    elif pieces[-1] is not _BREAK:
                        append(_BREAK)
                if len(el):
                    frames.append((children, parent, el))
                    children, parent = iter(el), state
                    break
                if block and pieces[-1] is not _BREAK:   # a leaf ends at once
                    append(_BREAK)
                if not frames:   # the root, a leaf
                    break
            tail = el.tail   # a skipped element or a leaf ends: its tail, in the parent's state
            if tail:
                if tail != BREAK:
                    append(_new(Piece, (tail, p_red, p_group, p_struck)))
                elif pieces[-1] is not _BREAK:
                    append(_BREAK)
        else:   # every child read: the element ends
            if p_block and pieces[-1] is not _BREAK:
                append(_BREAK)
            children, parent, holder = frames.pop()
            if not frames:   # the root ends (its tail is not read)
                break
            tail = holder.tail
            if tail:
                if tail != BREAK:
                    append(_new(Piece, (tail, parent[0], parent[1], parent[2])))
                elif pieces[-1] is not _BREAK:
                    append(_BREAK)
            continue
        if not frames:   # the root was a leaf
            break
    del pieces[0]
    if links:
        out.links = tuple(dict.fromkeys(links))
    out.pieces = [p for p in pieces if p.group not in outer] if outer else pieces
    return out


def _content(root: etree._Element) -> etree._Element:
    """A parsed body's ``<body>`` when it and its ``<html>`` are bare (no attribute, no text,
    nothing beside): walking it gives the pieces walking the document does, two elements
    fewer (both blocks without colour, style or class: their line breaks fall where the
    body's do)."""
    if root.tag != "html" or root.text is not None or len(root) != 1 or root.attrib:
        return root
    body = root[0]
    if body.tag != "body" or body.tail is not None or body.attrib:
        return root
    return body


class _Effect(NamedTuple):
    """What an element is to the walk, from its tag and attributes alone."""

    skip: str | None      # _skip's answer: "quote", "hidden", "inline", or None (read it)
    colour: str | None    # the colour it sets (its style's, else a font's color)
    red: bool             # that colour is red
    opens: bool           # it opens a bold / [vote] group (when none is open, or a nested vote)
    vote: bool            # it is a [vote] element (span.bbvote, MS-01)
    struck: bool          # it strikes its text through
    block: bool           # a block: its text starts and ends on a line of its own
    breaks: bool          # a line break at its start (a block, or <br>)
    link: bool            # a link (<a>): the posts it points to (MR-03)


# (tag, class, style, a font's color), or the tag of an element without attributes -> its
# effect, outside a quote's top and at it; kept small
_EFFECTS_KEPT = 4096
_EFFECTS: tuple[dict[object, _Effect], ...] = ({}, {})


def _effect_of(effects: dict[object, _Effect], key: object, top: bool) -> _Effect:
    """The effect of an element of ``key`` not met yet, kept in ``effects``."""
    if len(effects) >= _EFFECTS_KEPT:
        effects.clear()
    if isinstance(key, tuple):
        tag, cls, style, font_colour = key
        found = _effect(tag, cls, style, font_colour, top)
    else:
        found = _effect(key, None, None, None, top)
    effects[key] = found
    return found


def _effect(tag: object, cls: str | None, style: str | None, font_colour: str | None,
            top: bool) -> _Effect:
    if not isinstance(tag, str):   # a comment or a processing instruction (trees not parsed)
        tag = ""
    info = _style(style) if style else _NO_STYLE
    # an element that can be neither a quote nor hidden is not asked _skip
    kind = _skip(tag, cls, info, top) if (cls or tag in _MAY_SKIP or info.hidden) else None
    colour = info.colour
    if colour is None and font_colour is not None:   # as scraper/colour.element_colour reads it
        colour = font_colour.strip() or None
    is_vote = tag == "span" and cls is not None and "bbvote" in cls
    opens = (tag in _BOLD_TAGS or is_vote or info.bold
             or (tag == "span" and cls is not None and "noboldsig" in cls))
    block = tag in _BLOCK_TAGS and not (tag == "div" and info.inline)
    return _Effect(kind, colour, colour is not None and _red(colour), opens, is_vote,
                   info.struck or tag in _STRUCK_TAGS, block, block or tag == "br", tag == "a")


class _Style(NamedTuple):
    """What one ``style`` attribute's text says to the walk."""

    colour: str | None    # its CSS ``color`` (scraper/colour.style_colour)
    hidden: bool          # ``display: none``
    bold: bool            # a ``font-weight`` of bold
    struck: bool          # ``line-through``
    inline: bool          # the word "inline" (a ``div`` shown inline is no block)


_NO_STYLE = _Style(None, False, False, False, False)


@lru_cache(maxsize=4096)
def _style(style: str) -> _Style:
    return _Style(style_colour(style), "none" in style and _DISPLAY_NONE.search(style) is not None,
                  "weight" in style and _BOLD_STYLE.search(style) is not None,
                  "line-through" in style, "inline" in style)


@lru_cache(maxsize=4096)
def _red(colour: str) -> bool:
    return is_red(colour)


def _skip(tag: str, cls: str | None, style: _Style, in_quote: bool) -> str | None:
    """"quote", "hidden" (block), "inline" (skipped but no line break) or None (read it)."""
    if tag == "blockquote":
        return "quote"
    if tag in _HIDDEN_TAGS:
        return "hidden"
    if tag == "q":
        return "inline"
    if in_quote and tag == "cite":
        return "hidden"
    if cls:
        low = cls.lower()
        if "spoiler" in low or "quotecontent" in low or "quotetitle" in low:
            return "hidden"
        if "quote" in low and tag == "div":
            return "quote"
    return "hidden" if style.hidden else None


def _post_ids(el: etree._Element) -> list[str]:
    found = []
    if el.get("data-post-id"):
        found.append(el.get("data-post-id"))
    m = _POST_LINK.search(el.get("href") or "")
    if m:
        found.append(m.group(1))
    return found


def quote_source(block: etree._Element) -> tuple[str | None, str | None]:
    """Who is quoted and which post (MR-03), from normalised attributes or a phpBB ``cite``."""
    author = block.get("data-author") or block.get("data-quote")
    post = block.get("data-post") or block.get("data-post-id")
    if not post and block.get("cite"):
        post = next(iter(_POST_LINK.findall(block.get("cite"))), None)
    cite = _own_cite(block)
    if cite is not None:
        cite_author, cite_post = _cite_source(cite)
        author = author or cite_author
        post = post or cite_post
    return _clean(author), _clean(post)


def _clean(value: str | None) -> str | None:
    value = (value or "").strip()
    return value or None


def _own_cite(block: etree._Element) -> etree._Element | None:
    for cite in block.iter("cite"):
        holder = next(cite.iterancestors("blockquote"), None)
        if holder is block:
            return cite
    return None


def _cite_source(cite: etree._Element) -> tuple[str | None, str | None]:
    author = post = None
    for a in cite.iter("a"):
        ids = _post_ids(a)
        href = a.get("href") or ""
        if ids and not post:
            post = ids[0]
        elif re.search(r"memberlist|profile|members/|/u/|user", href, re.I):
            author = "".join(a.itertext())
    if author is None:
        text = _WROTE.sub("", "".join(cite.itertext()))
        author = _IN_POST.sub("", text).strip() or None
    return author, post
