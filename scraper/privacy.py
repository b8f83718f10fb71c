"""Secrets never stored or printed (issue 8): session ids in links, credentials in URLs.

Forums that cannot rely on cookies put the session in every link: phpBB ``sid=<32 hex>``,
vBulletin ``s=<32 hex>`` (also in its ``SESSIONURL`` script variable), SMF and other PHP boards
``PHPSESSID=…``, Java boards ``;jsessionid=…``, others ``sessionid=`` / ``session_id=``. Whoever
holds such a link is logged in as the member who fetched the page. :func:`strip_sessions` removes
them from page bodies (links, forms, scripts) and :func:`clean_url` from URLs, before anything is
parsed, stored or printed. ``user:password@`` in a URL is never sent, stored or printed:
:func:`credentials_error` is the one-line refusal (cookies are the way to log in).

Pure functions, no I/O.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit, urlunsplit

from votal.errors import InputError

# a session parameter after its separator; its value is a token (hex for sid/s, whose names are
# too common to strip whatever they hold: ?s= is a search on many sites)
_KEYS = r"(?:(?:sid|s)=[0-9a-fA-F]{32}(?![0-9A-Za-z])" \
        r"|(?:PHPSESSID|jsessionid|sessionid|session_id|sess_id|sessid|zenid|osCsid)" \
        r"=[A-Za-z0-9,%.\-_]{6,})"
_PARAM = re.compile(r"(?P<sep>\?|&amp;|&#0?38;|&|;)(?P<kv>" + _KEYS + r")(?P<next>&amp;|&#0?38;|&|;)?",
                    re.I)
# what is left outside a query: vBulletin's `var SESSIONURL = "s=…&amp;"`, a hidden form field
_LOOSE = re.compile(r"(?<![A-Za-z0-9_])(?:sid|s)=[0-9a-fA-F]{32}(?![0-9A-Za-z])(?:&amp;|&)?")
_HIDDEN = re.compile(
    r"""(<input\b[^>]*\bname=["']?(?:sid|s|PHPSESSID|sessionid|session_id)["']?[^>]*"""
    r"""\bvalue=["'])[^"']+(["'])""", re.I)
_HIDDEN_REV = re.compile(
    r"""(<input\b[^>]*\bvalue=["'])[^"']+(["'][^>]*\bname=["']?(?:sid|s|PHPSESSID|sessionid|"""
    r"""session_id)["']?)""", re.I)


def _drop(m: re.Match) -> str:
    nxt = m.group("next") or ""
    if m.group("sep") == "?":
        return "?" if nxt else ""
    return nxt


def strip_sessions(text: str) -> str:
    """``text`` (a page body, a URL) without the session ids it carries."""
    if not text:
        return text
    text = _PARAM.sub(_drop, text)
    text = _LOOSE.sub("", text)
    text = _HIDDEN.sub(r"\1\2", text)
    return _HIDDEN_REV.sub(r"\1\2", text)


def has_credentials(url: str) -> bool:
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    return "@" in parts.netloc


def without_credentials(url: str) -> str:
    """``url`` with any ``user:password@`` removed."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return url
    if "@" not in parts.netloc:
        return url
    return urlunsplit(parts._replace(netloc=parts.netloc.rsplit("@", 1)[1]))


def clean_url(url: str) -> str:
    """A URL fit to store and print: no credentials, no session id."""
    return strip_sessions(without_credentials(url))


def credentials_error(url: str) -> InputError:
    """The refusal of a URL that holds ``user:password@`` (named without them)."""
    return InputError(f"{clean_url(url)}: the URL holds a user name and password; votal never "
                      "sends, stores or prints them: remove 'user:password@' and, for a "
                      "members-only thread, pass your browser's cookies with --cookies FILE")


def check_no_credentials(url: str) -> str:
    if has_credentials(url):
        raise credentials_error(url)
    return url
