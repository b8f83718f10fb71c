"""Making player text inert in each output format (nicknames and post text are hostile input).

Each format has one escaper for text and one for URLs; the jinja2 environments of
:mod:`votal.report.render` apply the text escaper to every ``{{ … }}`` that is not already markup.
"""

from __future__ import annotations

import re
from urllib.parse import quote

from markupsafe import Markup
from markupsafe import escape as html_escape

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u202a-\u202e\u2066-\u2069]")
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#!|<>~@&:$])")
ZWSP = "\u200b"


def clean(text: object) -> str:
    """No control characters (ANSI escapes, bidi overrides) in any format."""
    return _CONTROL.sub("", "" if text is None else str(text))


def bbcode(text: object) -> str:
    """BBCode: a zero-width space after every "[" so no tag can open or close (every engine)."""
    return clean(text).replace("[", "[" + ZWSP)


def markdown(text: object) -> str:
    """Markdown (CommonMark, Discourse): backslash before any punctuation markdown could read,
    "@" included so no one is mentioned, and a backslash before leading digits+dot/paren lists."""
    s = _MD_SPECIAL.sub(r"\\\1", clean(text))
    return s.replace("\n", " ")


def text(value: object) -> str:
    return clean(value)


def html(value: object) -> Markup:
    return html_escape(clean(value))


def url(value: object) -> str:
    """A URL as a link target: only http(s), and no character that ends a tag or a link."""
    s = clean(value).strip()
    if not re.match(r"^https?://", s, re.I):
        return ""
    return quote(s, safe=":/?#@!$&'*+,;=%-._~")


def is_markup(value: object) -> bool:
    return isinstance(value, Markup)


def csv_cell(value: object) -> str:
    """No formula injection when the CSV is opened in a spreadsheet."""
    s = clean(value)
    return "'" + s if s[:1] in ("=", "+", "-", "@") else s
