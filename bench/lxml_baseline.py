"""The plain lxml baseline of ``bench/scrape_bench.py``: the naive baseline's fields, read with lxml.

What a minimal extractor of the same fields would do with lxml and nothing of votal: parse the
page with stock ``lxml.html.document_fromstring`` (the text as UTF-8), find the posts and in each post the id,
author, time text and body with XPath compiled once (the naive baseline's CSS selectors,
translated here by :func:`css_to_xpath`, so that both baselines look for exactly the same
elements), and serialise the body with ``lxml.etree.tostring``. No normalisation, no date
parsing, no pagination, no page zone: what votal does beyond this is its overhead, which the
bench measures as the ratio votal / plain lxml.

A class test is ``contains(@class, 'x') and contains(concat(' ', normalize-space(@class), ' '),
' x ')``, the fastest correct form (votal's ``has_class``), so the baseline is not slowed by the
translation.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache

import lxml.html
from lxml import etree

Row = tuple  # (id, author, time text, body html)

_TOKEN = re.compile(r"""
    (?P<ws>\s*(?P<comb>[>,])\s*|\s+)
  | (?P<tag>\*|[a-zA-Z][\w-]*)
  | \.(?P<cls>[\w-]+)
  | \#(?P<id>[\w-]+)
  | \[(?P<attr>[\w-]+)(?:(?P<op>[\^*$~]?=)(?P<val>'[^']*'|"[^"]*"|[^\]]+))?\]
  | :(?P<pseudo>has|not)\(
""", re.X)


def _cls(name: str) -> str:
    return (f"contains(@class, '{name}') and "
            f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')")


def _attr(name: str, op: str | None, value: str | None) -> str:
    if op is None:
        return f"@{name}"
    value = (value or "").strip("'\"")
    return {"=": f"@{name}='{value}'", "^=": f"starts-with(@{name}, '{value}')",
            "*=": f"contains(@{name}, '{value}')",
            "$=": f"substring(@{name}, string-length(@{name}) - {len(value) - 1})='{value}'",
            "~=": _cls(value) if name == "class" else
            f"contains(concat(' ', normalize-space(@{name}), ' '), ' {value} ')"}[op]


def _closing(text: str, start: int) -> int:
    depth = 1
    for i in range(start, len(text)):
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        if depth == 0:
            return i
    raise ValueError(f"unbalanced parentheses in {text!r}")


def _selector(css: str, axis: str) -> str:
    """One complex selector (no top-level comma) as an XPath path from ``axis``."""
    steps: list[str] = []
    tag, preds, sep = "*", [], axis
    i = 0
    css = css.strip()
    while i < len(css):
        m = _TOKEN.match(css, i)
        if m is None:
            raise ValueError(f"unsupported CSS at {css[i:]!r}")
        i = m.end()
        if m.group("ws") is not None:
            steps.append(sep + tag + "".join(f"[{p}]" for p in preds))
            tag, preds = "*", []
            sep = "/" if m.group("comb") == ">" else "//"
        elif m.group("tag"):
            tag = m.group("tag")
        elif m.group("cls"):
            preds.append(_cls(m.group("cls")))
        elif m.group("id"):
            preds.append(f"@id='{m.group('id')}'")
        elif m.group("attr"):
            preds.append(_attr(m.group("attr"), m.group("op"), m.group("val")))
        else:
            end = _closing(css, i)
            inner, i = css[i:end].strip(), end + 1
            if m.group("pseudo") == "has":
                rel = inner.startswith(">")
                preds.append(_selector(inner.lstrip("> "), "./" if rel else ".//"))
            else:  # a compound selector the element itself must not match
                preds.append(f"not({_selector(inner, 'self::')})")
    steps.append(sep + tag + "".join(f"[{p}]" for p in preds))
    return "".join(steps)


def css_to_xpath(css: str, axis: str = ".//") -> str:
    """The subset of CSS the baselines use (tags, ``.class``, ``#id``, ``[attr]``, ``[a=v]``,
    ``^= *= $= ~=``, descendant and ``>`` combinators, ``,``, ``:has()``, ``:not()``) as XPath
    from ``axis`` (``.//``: descendants of the context element, as soupsieve's ``select``)."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(css):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            parts.append(css[start:i])
            start = i + 1
    parts.append(css[start:])
    return " | ".join(_selector(p, axis) for p in parts)


@cache
def compiled(css: str, axis: str = ".//") -> tuple[etree.XPath, ...]:
    """Each ``a | b`` alternative (priority order) compiled once."""
    return tuple(etree.XPath(css_to_xpath(alt, axis)) for alt in css.split(" | "))


def _first(el, css: str):
    for path in compiled(css):
        found = path(el)
        if found:
            return found[0]
    return None


def _text(el) -> str:
    return " ".join(el.text_content().split())


def _id(post, id_from: str) -> str | None:
    sel, _, attr = id_from.rpartition("@")
    el = _first(post, sel) if sel else post
    if el is None:
        return None
    return el.text_content() if attr == "text" else el.get(attr)


def _html(el) -> str:
    return etree.tostring(el, encoding="unicode", method="html", with_tail=False)


# the page is text (decoded by the caller, as votal's pages are): given to lxml as UTF-8, which
# a <meta charset> of the page must not override
_UTF8 = lxml.html.HTMLParser(encoding="utf-8")


def _document(text: str):
    return lxml.html.document_fromstring(text.encode("utf-8"), parser=_UTF8)


def _fragment(html: str):
    return lxml.html.fragment_fromstring(html or "", create_parent="div")


def rows(engine: str, text: str, specs: dict) -> list[Row]:
    """The plain lxml extractor: the naive baseline's fields (``specs``: its selector table)."""
    if engine == "flarum":
        return _flarum_rows(text)
    if text.lstrip().startswith("{"):  # Discourse JSON: the cooked HTML of each post
        return [_cooked_row(p) for p in json.loads(text).get("post_stream", {}).get("posts", [])]
    doc = _document(text)
    spec = specs[engine] if isinstance(specs[engine], list) else [specs[engine]]
    found = []
    for container, id_from, *sels in spec:  # noqa: B007 — the matching spec is used below
        found = compiled(container, "//")[0](doc)
        if found:
            break
    out = []
    for post in found:
        author, when, body = (_first(post, s) for s in sels)
        if body is None:
            continue  # a layout box of the same class that holds no post
        out.append((_id(post, id_from), _text(author) if author is not None else None,
                    (when.get("datetime") or when.get("title") or when.get("content")
                     or _text(when)) if when is not None else None, _html(body)))
    return out


_PAYLOAD = etree.XPath("//script[@id='flarum-json-payload']")


def _flarum_rows(text: str) -> list[Row]:
    return flarum_rows(text, lambda page: _PAYLOAD(_document(page))[0].text_content(),
                       lambda html: _html(_fragment(html)))


def flarum_rows(text: str, payload: Callable[[str], str], body: Callable[[str], str]
                ) -> list[Row]:
    """Flarum, for both baselines: the JSON:API document (the answer, or the page's preload
    script, whose text ``payload`` finds) and the contentHtml of each comment post of the page,
    parsed and serialised by ``body``."""
    if text.lstrip().startswith("{"):
        doc = json.loads(text)
    else:
        doc = json.loads(payload(text)).get("apiDocument", {})
    data = doc.get("data")
    res = (data if isinstance(data, list) else []) + doc.get("included", [])
    users = {r["id"]: r["attributes"] for r in res if r.get("type") == "users"}
    stream = [r["id"] for r in (data or {}).get("relationships", {}).get("posts", {}).get(
        "data", [])] if isinstance(data, dict) else []
    page = set(stream[:20]) if stream and not text.lstrip().startswith("{") else None
    out = []
    for r in res:
        a = r.get("attributes", {})
        if r.get("type") != "posts" or a.get("contentType") != "comment" or \
                (page is not None and r["id"] not in page):
            continue
        uid = r.get("relationships", {}).get("user", {}).get("data", {}).get("id")
        out.append((r["id"], users.get(uid, {}).get("displayName"), a.get("createdAt"),
                    body(a.get("contentHtml", ""))))
    return sorted(out, key=lambda row: int(row[0]))


_QUOTES = etree.XPath(".//aside[contains(@class, 'quote') and "
                      "contains(concat(' ', normalize-space(@class), ' '), ' quote ')]")


def _cooked_row(p: dict) -> Row:
    body = _fragment(p.get("cooked", ""))
    for quote in _QUOTES(body):
        quote.drop_tree()
    return (p.get("id"), p.get("username"), p.get("created_at"), _html(body))
