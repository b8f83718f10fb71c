"""What a file or an answer is when it cannot be a forum page at all (issue 20, item 8).

An empty file, a PDF, a JSON document, an image or a binary saved as ``page.html`` is said to be
exactly that, in one line ("page.html: empty file", "doc.html: not an HTML page (PDF)"), not
answered with what every engine's detection looked for. Text that holds markup is left to the
engines: only they can say it is no thread page of theirs.

Pure: works on the decoded text (scraper/encoding.py maps every byte of a binary to a character,
so its control characters and magic numbers survive).
"""

from __future__ import annotations

import json
import re

_HEAD = 4096
# the first bytes of common files, as encoding.decode leaves them (ASCII, or 0x89/0x1f kept)
_MAGIC = (("%PDF-", "PDF"), ("PK\x03\x04", "ZIP archive"), ("GIF87a", "GIF image"),
          ("GIF89a", "GIF image"), ("\x1f", "compressed data"), ("{\\rtf", "RTF document"),
          # a UTF-16 byte-order mark, as decode() leaves it (it reads UTF-8 and 8-bit pages)
          ("ÿþ", "UTF-16 text: save the page as UTF-8"),
          ("þÿ", "UTF-16 text: save the page as UTF-8"))
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")
_TAG = re.compile(r"<[!?/]?[A-Za-z]")


def content_kind(text: str) -> str | None:
    """``"empty"``, or what ``text`` is when it cannot be an HTML page ("PDF", "ZIP archive",
    "PNG image", "binary data", "JSON", "plain text", …); None when it may be one."""
    head = text[:_HEAD].lstrip("\ufeff")
    if not text.strip():
        return "empty"
    for magic, kind in _MAGIC:
        if head.startswith(magic):
            return kind
    if head[1:4] == "PNG":
        return "PNG image"
    if len(_CONTROL.findall(head)) > max(2, len(head) // 100):
        return "binary data"
    stripped = head.lstrip()
    if stripped[:1] in ("{", "[") and _is_json(text):
        return "JSON"
    if not _TAG.search(text[:200_000]):
        return "plain text"
    return None


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True


def not_a_page(text: str, noun: str = "file") -> str | None:
    """The one-line reason ``text`` (a saved ``noun``: "file", or an HTTP "answer") is no page:
    "empty file", "not an HTML page (PDF)"; None when it may be a page."""
    kind = content_kind(text)
    if kind is None:
        return None
    if kind == "empty":
        return f"empty {noun}"
    if kind == "JSON" and '"post_stream"' in text:
        return "not an HTML page (a Discourse JSON answer: give it as a .json file)"
    return f"not an HTML page ({kind})"
