"""BBCode to the normalised post HTML of interfaces.md §2 (archives kept as BBCode).

Quotes become ``<blockquote data-author data-post>`` (phpBB ``[quote="A" post_id=1]``, plain
``[quote=A]``, Discourse ``[quote="a, post:3, topic:1"]``, XenForo ``[QUOTE="A, post: 12"]``,
vBulletin ``[quote=A;12]``, SMF ``[quote author=A link=…msg12]``), colours
``<span style="color: …">``, spoilers ``<details>``, ``[vote]X[/vote]`` the Mafiascum ``<span class="bbvote">VOTE: X</span>``
(MS-01; also ``[v]``, ``[unv]``, ``[uv]``). Text is HTML-escaped; a tag without its partner (or badly nested) stays literal text.
Pure function, no I/O.
"""

from __future__ import annotations

import re
from html import escape
from typing import NamedTuple

from votal.scraper.colour import bbcode_colour

_TAG = re.compile(r"\[(/?)([a-zA-Z]+|\*)((?:=|\s)[^\[\]]*)?\]")
_SAFE_URL = re.compile(r"(?:https?://|/|\./|#|mailto:)[^\s\"'<>]*"
                       r"|[\w.-]+\.[a-z]{2,}(?:/[^\s\"'<>]*)?", re.I)
_NUMBER = re.compile(r"\d+")

# tag → (opening HTML, closing HTML) for the tags that only style text
_SIMPLE = {
    "b": ("<b>", "</b>"), "i": ("<i>", "</i>"), "u": ("<u>", "</u>"), "s": ("<s>", "</s>"),
    "strike": ("<s>", "</s>"), "del": ("<s>", "</s>"), "sup": ("<sup>", "</sup>"),
    "sub": ("<sub>", "</sub>"), "center": ('<div style="text-align: center">', "</div>"),
    "left": ("<div>", "</div>"), "right": ('<div style="text-align: right">', "</div>"),
    "code": ("<pre>", "</pre>"), "list": ("<ul>", "</ul>"), "size": ("<span>", "</span>"),
    "font": ("<span>", "</span>"),
}
_TEXT_ONLY = {"url", "img", "vote", "unvote"}  # their body is a name or an address
_KNOWN = set(_SIMPLE) | {"color", "colour", "quote", "spoiler", "url", "img", "vote", "unvote", "*"}
# other forums' names of the vote tags (issue 21): Mafia Universe's ``[V]X[/V]`` and
# ``[UNV]X[/UNV]``, Fortress of Lies' ``[v]X[/v]`` and ``[uv][/uv]``
_ALIASES = {"v": "vote", "unv": "unvote", "uv": "unvote"}


class _Token(NamedTuple):
    text: str            # the literal source text
    name: str | None     # lower-case tag name, None for text
    closing: bool
    arg: str             # what follows the name inside the brackets ("=red", ' author=A')


def bbcode_to_html(text: str) -> str:
    """Interfaces §2: the HTML of a post kept as BBCode."""
    tokens = _tokenize(text or "")
    partner = _pair(tokens)
    out: list[str] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.name is None or i not in partner:
            out.append(_text(tok.text) if tok.name is None or tok.name != "unvote" or tok.closing
                       else _vote("unvote", ""))
            i += 1
        elif tok.name in _TEXT_ONLY and not tok.closing:
            end = partner[i]
            start, extra = _innermost(tokens, i, end)
            body = "".join(t.text for t in tokens[start + 1:end])
            out.append(_text_only(tok, body))
            i = end + 1 + extra
        else:
            out.append(_close(tokens[partner[i]]) if tok.closing else _open(tok))
            i += 1
    return "".join(out)


def _innermost(tokens: list[_Token], i: int, end: int) -> tuple[int, int]:
    """``[vote]A[vote]B[/vote][/vote]`` is a vote for B (MS-01): the last opener of the same
    text-only tag before ``end``, and how many of the closers right after ``end`` it leaves."""
    name = tokens[i].name
    inner = [k for k in range(i + 1, end) if tokens[k].name == name and not tokens[k].closing]
    if name != "vote" or not inner:
        return i, 0
    extra = 0
    while (extra < len(inner) and end + 1 + extra < len(tokens)
           and tokens[end + 1 + extra].name == name and tokens[end + 1 + extra].closing):
        extra += 1
    return inner[-1], extra


def _tokenize(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    pos = 0
    for m in _TAG.finditer(text):
        name = m.group(2).lower()
        name = _ALIASES.get(name, name)
        if name not in _KNOWN:
            continue
        if m.start() > pos:
            tokens.append(_Token(text[pos:m.start()], None, False, ""))
        tokens.append(_Token(m.group(0), name, bool(m.group(1)), m.group(3) or ""))
        pos = m.end()
    if pos < len(text):
        tokens.append(_Token(text[pos:], None, False, ""))
    return tokens


def _pair(tokens: list[_Token]) -> dict[int, int]:
    """Index of each balanced tag → index of its partner; anything else stays text.

    A closing tag closes the nearest open tag of its name; tags opened in between are unbalanced.
    ``[*]`` items need no closing tag. Tags inside a text-only tag (``[url]``) are its text.
    """
    partner: dict[int, int] = {}
    stack: list[int] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.name in _TEXT_ONLY and not tok.closing:
            end = next((k for k in range(i + 1, len(tokens))
                        if tokens[k].name == tok.name and tokens[k].closing), None)
            if end is not None:
                partner[i], partner[end] = end, i
                i = end
        elif tok.name is not None and tok.name != "*" and not tok.closing:
            stack.append(i)
        elif tok.closing:
            _close_nearest(tokens, stack, partner, i)
        i += 1
    _pair_items(tokens, partner)
    return partner


def _close_nearest(tokens: list[_Token], stack: list[int], partner: dict[int, int],
                   i: int) -> None:
    name = tokens[i].name
    match = next((k for k in range(len(stack) - 1, -1, -1) if tokens[stack[k]].name == name), None)
    if match is not None:
        opener = stack[match]
        del stack[match:]
        partner[opener], partner[i] = i, opener


def _pair_items(tokens: list[_Token], partner: dict[int, int]) -> None:
    """``[*]`` inside a balanced ``[list]`` is an item (rendered ``<li>``)."""
    depth = 0
    for i, tok in enumerate(tokens):
        if tok.name == "list" and i in partner:
            depth += -1 if tok.closing else 1
        elif tok.name == "*" and depth > 0:
            partner[i] = i


def _text(text: str) -> str:
    return escape(text, quote=False).replace("\r\n", "\n").replace("\n", "<br>\n")


def _attr(value: str) -> str:
    return escape(value, quote=True)


def _open(tok: _Token) -> str:
    name, arg = tok.name, _value(tok.arg)
    assert name is not None  # only tag tokens (paired by _pair) are opened
    if name == "*":
        return "<li>"
    if name in ("color", "colour"):
        colour = bbcode_colour(arg)
        return f'<span style="color: {_attr(colour)}">' if colour else "<span>"
    if name == "quote":
        author, post = quote_source(tok.arg)
        attrs = (f' data-author="{_attr(author)}"' if author else "") + \
                (f' data-post="{_attr(post)}"' if post else "")
        return f"<blockquote{attrs}>"
    if name == "spoiler":
        return f"<details><summary>{_text(arg or 'Spoiler')}</summary>"
    return _SIMPLE[name][0]


def _close(opener: _Token) -> str:
    name = opener.name
    assert name is not None  # only tag tokens (paired by _pair) are closed
    if name in ("color", "colour"):
        return "</span>"
    if name == "quote":
        return "</blockquote>"
    if name == "spoiler":
        return "</details>"
    return _SIMPLE[name][1]


def _text_only(tok: _Token, body: str) -> str:
    name, arg = tok.name, _value(tok.arg)
    if name in ("vote", "unvote"):
        return _vote(name, body)
    if name == "img":
        src = body.strip()
        return f'<img src="{_attr(src)}">' if _SAFE_URL.fullmatch(src) else _text(src)
    href = (arg or body).strip()
    if not _SAFE_URL.fullmatch(href):
        return _text(body)
    return f'<a href="{_attr(href)}">{_text(body)}</a>'


def _vote(name: str, body: str) -> str:
    """How Mafiascum renders ``[vote]X[/vote]`` (and ``[unvote]``): MS-01's vote syntax."""
    label = "VOTE" if name == "vote" else "UNVOTE"
    return f'<span class="bbvote">{label}: {_text(" ".join(body.split()))}</span>'


def _value(arg: str) -> str:
    """The ``=value`` of a tag, unquoted (``[color="red"]`` → ``red``)."""
    arg = arg.strip()
    if not arg.startswith("="):
        return ""
    return arg[1:].strip().strip("\"'").strip()


def quote_source(arg: str) -> tuple[str | None, str | None]:
    """Author and post id from a quote tag's parameters, in the engines' dialects (MR-03 reads them)."""
    arg = arg.strip()
    author, rest = _quote_author(arg)
    post = None
    m = re.search(r"\b(?:post_id|post|p|msg)\s*[=:]\s*\"?(\d+)", rest)
    link = re.search(r"link=\S*msg(\d+)", rest)
    if m:
        post = m.group(1)
    elif link:
        post = link.group(1)
    if author is None:
        m = re.search(r"\bauthor\s*=\s*(\"[^\"]*\"|[^\s\]]+(?:\s+(?!\w+=)[^\s\]]+)*)", rest)
        author = m.group(1).strip('"') if m else None
    if author and ";" in author and _NUMBER.fullmatch(author.rsplit(";", 1)[1].strip()):
        author, post = author.rsplit(";", 1)[0], post or author.rsplit(";", 1)[1].strip()
    if author and "," in author:  # Discourse / XenForo: "name, post: 3, topic: 1"
        head, tail = author.split(",", 1)
        author = head
        m = re.search(r"\bpost\s*:\s*(\d+)", tail)
        post = post or (m.group(1) if m else None)
    return (author.strip() or None) if author else None, post


def _quote_author(arg: str) -> tuple[str | None, str]:
    """The ``=value`` part of a quote tag and what follows it (``post_id=…``)."""
    if not arg.startswith("="):
        return None, arg
    value = arg[1:].lstrip()
    if value[:1] in "\"'" and value[:1]:
        end = value.find(value[0], 1)
        if end > 0:
            return value[1:end], value[end + 1:]
        value = value[1:]
    m = re.search(r"\s\w+=", value)
    if m:
        return value[:m.start()], value[m.start():]
    return value, ""
