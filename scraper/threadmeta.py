"""What a thread page says about itself: its title and the forum's interface language (pure).

Used by ``votal init`` (issue 13) to start a game file. The title comes from the page's own
heading metadata (``og:title``, then ``<h1>``, then ``<title>`` without the forum's name); the
language from ``<html lang>`` (``el-GR`` → ``el``), else from the letters of the posts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import unescape

LANGUAGES = ("el", "it", "ru", "en")

_OG_TITLE = re.compile(r'<meta[^>]+property=["\']og:title["\'][^>]*content=["\']([^"\']+)'
                       r'|<meta[^>]+content=["\']([^"\']+)["\'][^>]*property=["\']og:title', re.I)
_HEADINGS = re.compile(r"<h[12]\b[^>]*>(.*?)</h[12]>", re.I | re.S)
_PREFIX = re.compile(r"^(?:thread|topic|тема|discussione|θέμα)\s*:\s*"
                     r"|\s*[|\-–]\s*(?:page|pagina|σελίδα|страница)\s*\d+$", re.I)
_TITLE = re.compile(r"<title\b[^>]*>(.*?)</title>", re.I | re.S)
_HTML_LANG = re.compile(r"<html\b[^>]*?\blang=[\"']?([A-Za-z]{2,3})", re.I)
_TAGS = re.compile(r"<[^>]+>")
# "Thread - Section - Forum", "Forum • View topic - Thread", "Thread | Page 3 | Forum"
_TITLE_SEPARATORS = re.compile(r"\s+(?:[-–—|•»]|::|&bull;|->)\s+")
_PAGE_WORDS = re.compile(r"^(?:page|pagina|σελίδα|страница)\s*\d+$", re.I)
_VIEW_TOPIC = re.compile(r"^(?:view topic|просмотр темы|visualizza argomento)$", re.I)


@dataclass(frozen=True, slots=True)
class PageMeta:
    title: str | None      # the thread's title as the page shows it
    language: str | None   # two-letter code of the forum's interface language, when declared


def _text(fragment: str) -> str:
    return " ".join(unescape(_TAGS.sub(" ", fragment)).split())


def _trimmed(title: str) -> str | None:
    """A ``<title>`` without the forum's name and page words."""
    parts = [p for p in _TITLE_SEPARATORS.split(title)
             if p and not _PAGE_WORDS.match(p) and not _VIEW_TOPIC.match(p)]
    if not parts:
        return None
    # phpBB and old IPB put the forum's name first ("Forum • View topic - Thread")
    forum_first = re.search(r"•|->|::", title) and len(parts) > 1
    return parts[-1] if forum_first else parts[0]


def page_title(html: str) -> str | None:
    """The thread's title: ``og:title``; else the longest heading the ``<title>`` repeats
    (the heading is the title without the forum's name); else ``<title>`` trimmed; else
    the first ``<h1>``."""
    head = html[:300_000]
    m = _OG_TITLE.search(head)
    if m and _text(m.group(1) or m.group(2)):
        return _PREFIX.sub("", _text(m.group(1) or m.group(2)))
    m = _TITLE.search(head)
    title = _text(m.group(1)) if m else ""
    headings = [t for t in (_text(h) for h in _HEADINGS.findall(html)) if t]
    within = [h for h in headings if len(h) > 3 and h.casefold() in title.casefold()]
    if within:
        return _PREFIX.sub("", max(within, key=len))
    if title:
        trimmed = _trimmed(title)
        if trimmed:
            return _PREFIX.sub("", trimmed)
    return headings[0] if headings else None


def page_language(html: str) -> str | None:
    """``<html lang>`` as a two-letter code, when the page declares one."""
    m = _HTML_LANG.search(html[:20_000])
    return m.group(1).lower()[:2] if m else None


def text_language(text: str) -> str | None:
    """A guess from the letters of a text (tags ignored): Greek or Cyrillic script, else
    Italian or English words."""
    text = unescape(_TAGS.sub(" ", text))
    greek = len(re.findall(r"[\u0370-\u03ff\u1f00-\u1fff]", text))
    cyrillic = len(re.findall(r"[\u0400-\u04ff]", text))
    latin = len(re.findall(r"[A-Za-z]", text))
    top = max(greek, cyrillic, latin)
    if top == 0:
        return None
    if top == greek:
        return "el"
    if top == cyrillic:
        return "ru"
    words = re.findall(r"[a-zàèéìòù]+", text.lower())
    italian = sum(w in {"il", "di", "che", "non", "per", "una", "sono", "voto", "giorno", "della",
                        "gli", "anche", "ciao", "partita", "lupi"} for w in words)
    english = sum(w in {"the", "and", "of", "to", "is", "you", "that", "it", "vote", "day",
                        "for", "this", "game"} for w in words)
    return "it" if italian > english else "en"


def page_meta(html: str) -> PageMeta:
    return PageMeta(page_title(html), page_language(html))
