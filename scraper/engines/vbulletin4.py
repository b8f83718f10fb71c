"""vBulletin 4.x thread pages (forum-engines.md §3.5).

The post body is ``div#post_message_ID > blockquote.postcontent``: that blockquote is the body,
not a quote. Text-only times (``span.postdate span.date``). vB3 and vB4 share the URL shapes
(``showthread.php?t=``, ``showthread.php/ID-slug``, ``threads/ID-slug``): the generic patterns
live here and a page whose markup is vB3 is read by that adapter, the declared variant. What
both versions share lives in ``_vbulletin.py``.
"""

from __future__ import annotations

import re

from lxml import etree

from votal.scraper.engines import _vbulletin as vb
from votal.scraper.engines import register
from votal.scraper.engines._common import PageContext, cls, find, first, first_of, number
from votal.scraper.engines.base import Example, PageInfo
from votal.scraper.engines.vbulletin3 import VBulletin3
from votal.scraper.model import Post
from votal.scraper.normalize import by_id_in, class_tokens, text_of

_GENERATOR = re.compile(r"<meta[^>]+content=\"vBulletin 4")


class VBulletin4(vb.VBulletinEngine):
    name = "vbulletin4"
    label = "vBulletin 4"
    precedence = 31
    sites = ("mafiauniverse.com",)
    url_patterns = (
        re.compile(r"/showthread\.php(?:\?(?:[^#]*&)?t(?:hreadid)?=\d+|/\d+)"),
        re.compile(r"/threads/\d+-[^/?#]+"),
    )
    examples = (
        Example("http://forums.militarytimes.com/showthread.php/9687-Legendary-military-columnist",
                "http://forums.militarytimes.com/showthread.php/9687-Legendary-military-columnist",
                2, "http://forums.militarytimes.com/showthread.php/"
                   "9687-Legendary-military-columnist/page2"),
        Example("https://www.mafiauniverse.com/forums/threads/12345-Mafia-Game-1/page2",
                "https://www.mafiauniverse.com/forums/threads/12345-Mafia-Game-1", 4,
                "https://www.mafiauniverse.com/forums/threads/12345-Mafia-Game-1/page4"),
        Example("https://forum.example.ru/showthread.php?t=4242&page=3&s=abc",
                "https://forum.example.ru/showthread.php?t=4242", 2,
                "https://forum.example.ru/showthread.php?t=4242&page=2"),
        Example("https://f.it/forum/showthread.php/3131-Lupus/page2",
                "https://f.it/forum/showthread.php/3131-Lupus"),
    )
    variants = (VBulletin3(),)  # same URLs: a page in vB3 markup is read by that adapter

    signals = ('<meta name="generator" content="vBulletin 4…">',
               "li.postcontainer with div#post_message_N > blockquote.postcontent")

    def detect(self, page: str) -> bool:
        # the generator regex only where its text is: it tries every "<meta" of the page
        # (issue 22: 160 µs of a 180 KB page without it); a substring test is one fast scan
        if 'content="vBulletin 4' in page and _GENERATOR.search(page):
            return True
        return "postcontainer" in page and "post_message_" in page and "postcontent" in page

    posts = f"//li[{cls('postcontainer')}][{vb.numbered_id('post_')}]"
    per_page = 10
    page_nav = f"//*[{cls('pagination')}]"
    page_texts = f".//a[{cls('popupctrl')}]"

    def read_post(self, el: etree._Element, fallback: int, page: PageContext) -> Post:
        return _post(el, fallback, page)

    def read_text_info(self, text: str, doc: etree._Element, base: str, url: str) -> PageInfo:
        return self.navigated_info(doc, base, url, text)

    def pages_found(self, doc: etree._Element, text: str | None = None
                    ) -> tuple[tuple[int, int] | None, list[etree._Element] | None]:
        """The "Page X of Y" links searched by one walk of the page's links (their classes),
        each kept when inside a navigation: the first that says it is the first of the
        navigations' own in turn (a nested navigation's are its parent's); the navigation
        itself, ``//*[pagination]``, a walk of every element's class (120-460 µs a page),
        searched only when no link says it (issue 22). A page whose ``text`` cannot hold the
        class (:func:`_may_paginate`) has neither: no walk (a one-page thread, issue 22)."""
        if text is not None and not _may_paginate(text):
            return None, []
        found = vb.page_x_of_y([text_of(a) for a in find(doc, _PAGE_TEXTS)])
        return (found, None) if found else (None, find(doc, self.page_nav))


def _post(li: etree._Element, fallback: int, page: PageContext) -> Post:
    pid = li.get("id").removeprefix("post_")
    where = page.where(pid)
    user, counter, count = _anchors(li, f"postcount{pid}")
    if user is None:  # a guest's name: no link
        user = first(li, _BARE_AUTHOR)
    author = text_of(user)  # "": kept, problems ["author"] (issue 11)
    printed = number(text_of(counter)) if counter is not None else None
    if printed is None and count is not None:
        printed = number(count.get("name"))
    body = _body(li, f"post_message_{pid}")
    stamp, note = _date_and_note(li)
    href = (counter.get("href") if counter is not None else None) or f"showthread.php?p={pid}#post{pid}"
    return Post(
        id=pid, number=printed or fallback, thread=page.thread, url=page.link(href),
        author=author, author_id=vb.member_id(user.get("href")) if user is not None else None,
        time=(page.time(text_of(stamp), where) if stamp is not None else None)
        # a customised postbit (issue 11): the date moved; the edit note's and signature's
        # clocks are not the post's
        or vb.date_anywhere(li, (body, user, note), page,
                            lambda: first(li, f".//*[{cls('signature')}]")),
        edited=vb.edited_time(note, [author], page),
        html=vb.normalize_body(body) if body is not None else "",
    )


_PAGE_TEXTS = f"//a[{cls('popupctrl')}][ancestor::*[{cls('pagination')}]]"  # page_texts in page_nav
# where a class attribute may hold the token "pagination": the word written out and not
# going on ("pagination_top" is another class), or a character reference that may be one of
# its letters (p a g i n t o: "&#112;agination"; no named reference is one of them)
_PAGINATION_WORD = re.compile(r"pagination(?![\w-])")
_LETTER_REF = re.compile(r"&#(?:[xX]0*(?:70|61|67|69|6[eE]|74|6[fF])|0*(?:112|97|103|105|110|116|111))")


def _may_paginate(text: str) -> bool:
    """Whether a class attribute of the page may hold the token "pagination" (a text without
    the word or such a reference has no such class): two searches of the text, each from a
    literal ("pagination", "&#"; 50-90 µs on 180 KB, one regex of both tried every position:
    600 µs)."""
    return bool(_PAGINATION_WORD.search(text) or _LETTER_REF.search(text))


# issue 22: the post's links read by one tag walk of its anchors, and its body from the page's
# ID table, instead of five XPath searches of the whole post
_BARE_AUTHOR = f".//*[{cls('username_container')}]//*[{cls('username')}]"


def _anchors(li: etree._Element, count_id: str) -> tuple[
        etree._Element | None, etree._Element | None, etree._Element | None]:
    """The post's author link ``.//*[username_container]//a[username]``, its counter
    ``.//a[postcounter]`` and ``.//a[@id=postcountN]``: each the first in document order, from
    one walk of the post's ``a`` elements (classes as has_class reads them)."""
    user = counter = count = None
    for a in li.iterdescendants("a"):
        value = a.get("class")
        if value:
            if user is None and "username" in value and "username" in class_tokens(a) \
                    and _inside(a, li, "username_container"):
                user = a
            if counter is None and "postcounter" in value and "postcounter" in class_tokens(a):
                counter = a
        if count is None and a.get("id") == count_id:
            count = a
        if user is not None and counter is not None and count is not None:
            break
    return user, counter, count


def _inside(el: etree._Element, li: etree._Element, name: str) -> bool:
    """Is ``el`` inside an element of class ``name`` inside ``li``?"""
    for anc in el.iterancestors():
        if anc is li:
            return False
        value = anc.get("class")
        if value and name in value and name in class_tokens(anc):
            return True
    return False


def _date_and_note(li: etree._Element) -> tuple[etree._Element | None, etree._Element | None]:
    """The post's date ``.//*[postdate]//*[date]``, else ``.//*[date]``, and its edit note
    ``.//*[lastedited]``, each the first in document order: one walk of the post that stops
    once the header's date and the note are met (two or three XPath searches before)."""
    dated = any_date = note = None
    for el in li.iterdescendants():
        value = el.get("class")
        if not value or not ("date" in value or "lastedited" in value):
            continue
        classes = class_tokens(el)
        if "date" in classes:
            if any_date is None:
                any_date = el
            if dated is None and _inside(el, li, "postdate"):
                dated = el
        if note is None and "lastedited" in classes:
            note = el
        if dated is not None:
            break
    if dated is not None and note is None:
        # the header's date met first: the note, after it, by libxml2's walk of the rest of
        # the post rather than a Python look at each element (issue 22)
        note = first(li, _NOTE)
    return (dated if dated is not None else any_date), note


_NOTE = f".//*[{cls('lastedited')}]"


def _body(li: etree._Element, message_id: str) -> etree._Element | None:
    """``.//div[@id=post_message_N]/blockquote[postcontent]``, else that div: the div from the
    page's ID table (by_id_in), the XPaths where the id's first element is no such div."""
    box = by_id_in(li, message_id)
    if box is not None and box.tag == "div":
        for child in box.iterchildren("blockquote"):
            value = child.get("class")
            if value and "postcontent" in value and "postcontent" in class_tokens(child):
                return child
    return first_of(li, f".//div[@id=$id]/blockquote[{cls('postcontent')}]", ".//div[@id=$id]",
                    id=message_id)


register(VBulletin4())
