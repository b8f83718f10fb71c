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
from dataclasses import dataclass, field
from typing import NamedTuple

from lxml import etree

from votal.scraper.colour import element_colour, is_red


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
_HIDDEN_TAGS = frozenset({"details", "script", "style", "template", "noscript", "input", "button",
                          "select", "textarea", "head", "title", "iframe", "object", "svg"})
_BLOCK_TAGS = frozenset({"p", "div", "li", "ul", "ol", "tr", "table", "h1", "h2", "h3", "h4", "h5",
                         "h6", "hr", "pre", "fieldset", "legend", "center", "dd", "dt", "dl",
                         "section", "article", "header", "footer", "figure", "figcaption",
                         "address", "aside", "body", "html", "td", "th", "tbody", "thead"})
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


def walk(root: etree._Element, *, top: bool = False) -> Walked:
    """Own text of ``root``; ``top=True`` reads a quote's body (its header ``cite`` skipped)."""
    out = Walked()
    links: list[str] = []
    stack: list[_State] = [_State(None, None, False, False)]
    groups = 0
    outer: set[int] = set()   # [vote] groups holding a nested [vote]: the innermost is read
    walker = etree.iterwalk(root, events=("start", "end"))
    for event, el in walker:
        tag = el.tag if isinstance(el.tag, str) else ""
        if event == "end":
            state = stack.pop()
            if state.block:
                _emit(out.pieces, BREAK, stack[-1])
            if el is not root and el.tail:
                _emit(out.pieces, el.tail, stack[-1])
            continue
        parent = stack[-1]
        kind = None if el is root else _skip_kind(el, tag, top)
        if kind:
            if kind == "quote" and not top:
                out.quotes.append(el)
            walker.skip_subtree()
            stack.append(_State(parent.red, parent.group, parent.struck, kind != "inline"))
            if kind != "inline":
                _emit(out.pieces, BREAK, parent)
            continue
        colour = element_colour(el)
        red = colour is not None and is_red(colour)
        if colour is not None and not red and not top:   # MR-02: a name not in red
            text = "".join(el.itertext()).strip()
            if text:
                out.coloured.append((colour, text))
        state, groups = _enter(el, tag, parent, groups, colour, red)
        # parent.vote is only ever set together with a group (_enter), so the group check changes nothing
        if parent.vote and parent.group is not None and _is_vote(el, tag):   # [vote]A[vote]B[/vote][/vote] reads B (MS-01)
            outer.add(parent.group)
            groups += 1
            state = state._replace(group=groups)
        stack.append(state)
        if state.block or tag == "br":
            _emit(out.pieces, BREAK, state)
        if tag == "a":
            links.extend(_post_ids(el))
        if el.text:
            _emit(out.pieces, el.text, state)
    out.links = tuple(dict.fromkeys(links))
    if outer:
        out.pieces = [p for p in out.pieces if p.group not in outer]
    return out


def _emit(pieces: list[Piece], text: str, state: _State) -> None:
    if text == BREAK:
        if pieces and pieces[-1].text != BREAK:
            pieces.append(Piece(BREAK, None, None, False))
        return
    pieces.append(Piece(text, state.red, state.group, state.struck))


def _skip_kind(el: etree._Element, tag: str, in_quote: bool) -> str | None:
    """"quote", "hidden" (block), "inline" (skipped but no line break) or None (read it)."""
    if tag == "blockquote":
        return "quote"
    if tag in _HIDDEN_TAGS:
        return "hidden"
    if tag == "q":
        return "inline"
    if in_quote and tag == "cite":
        return "hidden"
    cls = el.get("class")
    if cls:
        low = cls.lower()
        if "spoiler" in low or "quotecontent" in low or "quotetitle" in low:
            return "hidden"
        if "quote" in low and tag == "div":
            return "quote"
    style = el.get("style")
    if style and "none" in style and _DISPLAY_NONE.search(style):
        return "hidden"
    return None


def _enter(el: etree._Element, tag: str, parent: _State, groups: int, colour: str | None,
           is_red_colour: bool) -> tuple[_State, int]:
    """The state inside ``el``; its own colour (innermost wins) read by scraper/colour.py."""
    style = el.get("style") or ""
    red, group, struck = parent.red, parent.group, parent.struck
    if colour is not None:
        red = colour if is_red_colour else None
    vote = parent.vote
    if group is None and _is_group(el, tag, style):
        groups += 1
        group = groups
        vote = _is_vote(el, tag)
    if tag in _STRUCK_TAGS or (style and "line-through" in style):
        struck = True
    block = tag in _BLOCK_TAGS and not (tag == "div" and "inline" in style)
    return _State(red, group, struck, block, vote), groups


def _is_vote(el: etree._Element, tag: str) -> bool:
    return tag == "span" and "bbvote" in (el.get("class") or "")


def _is_group(el: etree._Element, tag: str, style: str) -> bool:
    """Bold as phpBB has rendered ``[b]`` (``<b>``, ``<strong>``, ``font-weight`` styles on a
    span, a div or a font, Mafiascum's ``<span class="noboldsig">``) or a ``[vote]`` tag (MS-01)."""
    if tag in _BOLD_TAGS or _is_vote(el, tag):
        return True
    if tag == "span" and "noboldsig" in (el.get("class") or ""):
        return True
    return bool(style) and "weight" in style and _BOLD_STYLE.search(style) is not None


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
