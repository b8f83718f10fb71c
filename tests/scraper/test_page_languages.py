"""The language a page's dates are read in (engines/_common.languages): the page's own word for
it, wherever the engine's template puts it — dateparser is asked in that language first."""

from __future__ import annotations

import lxml.html
import pytest

from votal.scraper.engines._common import languages


@pytest.mark.parametrize("page,first", [
    ('<html lang="el-GR"><body></body></html>', "el"),
    ('<html xml:lang="it"><body></body></html>', "it"),
    ('<html><head><meta http-equiv="Content-Language" content="de"></head><body></body></html>', "de"),
    ('<html><head><meta property="og:locale" content="fr_FR"></head><body></body></html>', "fr"),
    ('<html><head></head><body lang="ru"></body></html>', "ru"),
    ('<html lang="  "><head><meta property="og:locale" content="pt_BR"></head><body></body></html>',
     "pt"),
])
def test_the_pages_language_comes_first(page, first):
    got = languages(lxml.html.document_fromstring(page))
    assert got[0] == first
    assert set(got) >= {"en", "el", "it", "ru"}  # the project's languages stay behind it


def test_a_page_that_names_no_language_gets_the_projects_languages():
    assert languages(lxml.html.document_fromstring("<html><body><p>x</p></body></html>")) == [
        "en", "el", "it", "ru"]
