"""ForumFree post markup the adapter must read besides its own fixture's (issue 22).

No saved ForumFree thread page could be found in public sources. What could be found is the
post markup that scripts for ForumFree forums write to append posts that look like the page's
own (vgrasso/forumfree-utilities, "Fast Notifications" and "Top Vote", commit 8e2467f): the body
in a plain ``td`` of the last row of ``table.color``, no ``td.color``. Read with that markup,
the fixture page must give the same posts as with its own.
"""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from tests.conftest import FIXTURES
from votal.errors import ScrapeError
from votal.scraper import engines

PAGE = FIXTURES / "engines" / "forumfree" / "it_lupus16_page2.html"
URL = "https://lupusintabula.forumfree.it/?t=76543210&st=15"
TZ = ZoneInfo("Europe/Rome")
NOW = datetime.fromisoformat("2026-11-29T20:00:00+00:00")
# the fixture's body cell, and the scripts' copy of ForumFree's: an empty first row, the body
# in the last row's plain cell
OWN_CELL = re.compile(r'<table class="color"><tr><td class="Item color">(.*?)</td></tr></table>',
                      re.S)
SCRIPTS_CELL = (r'<table class="color" cellpadding="0" cellspacing="0"><tbody><tr><td></td></tr>'
                r'<tr><td>\1</td></tr></tbody></table>')


def read(html: str):
    return engines.get("forumfree").read_page(html, URL, TZ, NOW)


def test_a_body_in_the_last_cell_of_table_color_is_read_as_the_fixture_reads_it():
    own = PAGE.read_text("utf-8")
    theirs, n = OWN_CELL.subn(SCRIPTS_CELL, own)
    assert n == 3  # every post of the page in the scripts' markup
    assert engines.for_page(theirs).name == "forumfree"
    assert read(theirs) == read(own)


def test_a_post_without_any_colour_box_is_still_refused():
    own = PAGE.read_text("utf-8")
    bare = OWN_CELL.sub(r"<p>\1</p>", own)
    with pytest.raises(ScrapeError, match="no post body found"):
        read(bare)
