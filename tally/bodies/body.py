"""A post body parsed once: the one lxml tree the tally's readers of a post's HTML walk (issue 12).

Every reader of a body's HTML — the author's vote marks, quotes and coloured names
(extract.py over htmlwalk.py), a moderator's vote count (votecounts.py), a sign-up list
(signup.py) — walks the tree of a :class:`Body`: the HTML parsed once, on first use, by one parser
with one policy for what could not be read. Readers never change the tree, so one parse serves
them all; rules never parse (they read what a reader derived: rules/reading.py).
"""

from __future__ import annotations

from lxml import etree

# huge_tree: no 10 MB text limit, and nesting up to 2048 levels instead of 255 (254 unclosed <b>
# would otherwise end the parse before the vote, issue 8)
PARSER = etree.HTMLParser(encoding="utf-8", remove_comments=True, remove_pis=True,
                          no_network=True, recover=True, huge_tree=True)
# With huge_tree the limits libxml2 can stop at are a nesting of 2048 levels (each level an
# element: a "<" of its own, besides the <html>, <body> and <p> the parser may add) and sizes of
# a gigabyte. A body with at most _FEW_TAGS "<" and _SMALL bytes reaches none, so its parse is
# not followed by a copy of the parser's error log (a fifth of the parse of a post; issue 22).
_FEW_TAGS = 1024
_SMALL = 1_000_000


class Body:
    """The HTML of one post body and, once asked for, its tree (``None`` for an empty body or
    one the parser gave up on) and why it could not be read completely (``""`` when it was)."""

    __slots__ = ("html", "_parsed")

    def __init__(self, html: str):
        self.html = html
        self._parsed: tuple[etree._Element | None, str] | None = None

    @property
    def root(self) -> etree._Element | None:
        """The parsed document (its ``<html>`` element; the body's content under ``<body>``)."""
        return self._parse()[0]

    @property
    def unreadable(self) -> str:
        return self._parse()[1]

    def _parse(self) -> tuple[etree._Element | None, str]:
        if self._parsed is None:
            self._parsed = parse(self.html)
        return self._parsed


def body_of(body: Body | str) -> Body:
    """``body`` itself, or a :class:`Body` of the HTML text given."""
    return body if isinstance(body, Body) else Body(body)


def parse(html: str) -> tuple[etree._Element | None, str]:
    """The body's tree, and why it could not be read completely ("" when it was)."""
    if not isinstance(html, str) or not html or html.isspace():   # what strip() strips
        return None, ""
    data = html.encode("utf-8", "replace")  # lone surrogates cannot reach libxml2
    try:
        root = etree.fromstring(data, PARSER)
    except (etree.ParserError, etree.XMLSyntaxError, ValueError) as e:
        return None, f"the HTML parser gave up ({' '.join(str(e).split())[:120]})"
    if len(data) <= _SMALL and data.count(b"<") <= _FEW_TAGS:
        return root, ""
    limit = [e for e in PARSER.error_log if e.type_name == "ERR_RESOURCE_LIMIT"]
    if limit:  # libxml2 stopped reading: nested deeper than 2048 levels, or alike
        why = ("nested more than 2048 levels deep" if "depth" in limit[0].message.lower()
               else " ".join(limit[0].message.split())[:120])
        return root, f"read only in part ({why}); what follows may hold a vote"
    return root, ""
