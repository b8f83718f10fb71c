"""Bytes of a page as text, for every way a page arrives (HTTP, saved file, adapter input).

HTTP charset, then ``<meta charset>``, then UTF-8, then a windows-1251 / windows-1252 guess
(forum-engines.md §4.1: old vBulletin/phpBB boards serve legacy encodings, often unlabelled).
Pure; the one decoder of the scraper.
"""

from __future__ import annotations

import re

_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([\w-]+)""", re.I)
# WHATWG: a page that says latin-1 is decoded as windows-1252 by every browser.
_ALIASES = {"iso-8859-1": "cp1252", "latin1": "cp1252", "latin-1": "cp1252", "us-ascii": "cp1252",
            "ascii": "cp1252", "iso8859-1": "cp1252"}


def decode(data: bytes, content_type: str | None = None) -> str:
    """Bytes of a page as text: HTTP charset, then ``<meta charset>``, then UTF-8, then a
    windows-1251 / windows-1252 guess (forum-engines.md §4.1: old vB/phpBB boards)."""
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace")
    charset = None
    if content_type and "charset=" in content_type.lower():
        charset = content_type.lower().split("charset=")[-1].split(";")[0].strip(" \"'")
    if not charset:
        m = _META_CHARSET.search(data[:8192])
        charset = m.group(1).decode("ascii").lower() if m else None
        if charset and _is_utf8(data):
            # a saved page whose <meta> names a one-byte charset but whose bytes are UTF-8
            # (transcoded on saving): trust the bytes — legacy text is never valid multi-byte UTF-8
            return data.decode("utf-8")
    if charset:
        try:
            return data.decode(_ALIASES.get(charset, charset), errors="replace")
        except LookupError:
            pass
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode(_guess_8bit(data), errors="replace")


def _is_utf8(data: bytes) -> bool:
    if not re.search(rb"[\xc2-\xf4][\x80-\xbf]", data):
        return False  # ASCII only (or no multi-byte sequence): the declared charset decides
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _guess_8bit(data: bytes) -> str:
    """Cyrillic text in cp1251 is mostly bytes 0xC0-0xFF; Western text rarely is."""
    high = [b for b in data if b >= 0x80]
    if not high:
        return "cp1252"
    letters = sum(1 for b in high if b >= 0xC0)
    return "cp1251" if letters / len(high) > 0.7 and len(high) > 20 else "cp1252"
