"""Something Awful Forums (issue 11 follow-up: real pages): what the two real pages of
fixtures/engines/somethingawful/real/ do not show — a code box is no quote, a spoiler is a
``<details>``, a post without the "last seen" link is numbered by its place — on a post written
here in SA's markup; and SA's URLs."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.scraper.test_engine_fixtures import analyse
from votal.scraper import engines

URL = "https://forums.somethingawful.com/showthread.php?threadid=4000000&userid=0&perpage=40&pagenumber=2"
NOW = datetime(2026, 12, 2, 18, 0, tzinfo=UTC)

PAGE = """<html><body id="something_awful" class="showthread"><div id="thread">
<table class="post" id="post530000001"><tr class="altcolor1">
<td class="userinfo userid-4242"><dl class="userinfo"><dt class="author">Mira</dt></dl></td>
<td class="postbody">
<div class="bbc-block code"><h5>code:</h5><pre><code>vote Pebble</code></pre></div>
<span class="bbc-spoiler">the wolf</span> <b>vote Quill</b>
<p class="attachment"></p>
<p class="editedby"><span>Mira fucked around with this message at 16:05 on Dec  2, 2026</span></p>
</td></tr>
<tr class="altcolor1"><td class="postdate"><a href="#post530000001">#</a>
<a class="user_jump" href="/showthread.php?threadid=4000000&amp;userid=4242">?</a>
Dec 2, 2026 15:04</td>
<td class="postlinks"><ul class="profilelinks"><li><a href="member.php?action=getinfo&amp;userid=4242">Profile</a></li></ul></td></tr>
</table></div>
<div class="pages top"><select data-url="showthread.php?threadid=4000000&amp;userid=0&amp;perpage=40">
<option value="1">1</option><option value="2" selected="selected">2</option></select></div>
</body></html>"""


def test_urls_keep_the_threadid_and_pagenumber():
    sa = engines.get("somethingawful")
    thread = "https://forums.somethingawful.com/showthread.php?threadid=4000000"
    assert engines.for_url(URL) is sa  # the known site before vB 3/4's showthread.php pattern
    assert sa.thread_url(URL) == thread
    assert sa.page_url(thread, 3) == thread + "&pagenumber=3"


def test_code_box_spoiler_edit_line_and_place():
    sa = engines.get("somethingawful")
    assert engines.for_page(PAGE, URL) is sa
    posts, info = sa.read_page(PAGE, URL, UTC, NOW)
    assert (info.current, info.last, info.next_url) == (2, 2, None)
    (post,) = posts
    assert (post.id, post.number, post.author, post.author_id) == ("530000001", 41, "Mira",
                                                                   "4242")
    assert post.time == datetime(2026, 12, 2, 15, 4, tzinfo=UTC)
    assert post.edited == datetime(2026, 12, 2, 16, 5, tzinfo=UTC)
    body = analyse(post.html)
    assert body["quotes"] == [] and body["details"] == ["Spoiler"]
    assert "vote Pebble" in body["text"] and "vote Quill" in body["text"]
    assert "fucked around" not in post.html and "attachment" not in post.html
