"""vBulletin 2.x (issue 11 follow-up: real pages): URLs, routing from vB 3/4's URL patterns, and
the boxes of a vB2 message (quote, spoiler, code), the signature and a guest's post, on a page
written here in the markup of the real Steam Users' Forums pages (fixtures/engines/vbulletin2/real/)."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.conftest import FIXTURES
from tests.scraper.test_engine_fixtures import analyse
from votal.scraper import engines

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
URL = "https://forums.example.com/showthread.php?s=abc&threadid=4242&perpage=15&pagenumber=2"

_POST = """<table><tr>
<td bgcolor="#3E4637" width="175" valign="top" nowrap>
	<a name="post{pid}"></a>
	<font face="verdana" size="2" ><b>{name}</b></font><br>
	<font size="1" >Member</font><br><p><font size="1" >Registered: Nov 2004</font></p></td>
<td bgcolor="#3E4637" width="100%" valign="top">
	<font size="1" > <b>Mafia 7</b></font>
	<p><font face="verdana" size="2" >{message}</font></p>
	<p></p>
	{sig}
	<p></p>
	{note}
	<p align="right"><font size="1" ><a href="report.php?s=abc&amp;postid={pid}">Report this post to a moderator</a> | IP: <a href="postings.php?s=abc&amp;action=getip&amp;postid={pid}">Logged</a></font></p>
</td></tr>
<tr><td bgcolor="#3E4637" nowrap><font size="1" ><img src="images/posticon.gif" alt="Old Post">
	{day} <font color="#D8DED3">{clock}</font></font></td>
<td><font size="1">{profile}
	<a href="editpost.php?s=abc&amp;action=editpost&amp;postid={pid}">edit</a></font></td></tr></table>
"""

PAGE = ("<html><body><table><tr><td><font size='1'>Pages (3): <b> <font size='2'>[2]</font> "
        "<a href='showthread.php?s=abc&amp;threadid=4242&amp;perpage=15&amp;pagenumber=1'>1</a> "
        "<a href='showthread.php?s=abc&amp;threadid=4242&amp;perpage=15&amp;pagenumber=3'>3</a>"
        "</b></font></td></tr></table>"
        + _POST.format(
            pid="501", name="Mira", day="11-25-2004", clock="01:57 PM",
            message=("<blockquote><font size='1'>quote:</font><hr><i>Originally posted by "
                     "Tosk </i><br />vote Pebble<hr></blockquote><br />"
                     "<b>vote Quill<br /><blockquote><font size='1'>quote:</font><hr>"
                     "<i>Originally posted by <b>Ash Grey</b></i><br />no<hr></b>"
                     "</blockquote>"),
            sig="<p><p><font size='2'>__________________<br>vote Everyone</font></p></p>",
            note="<p><font size='1'><i>Last edited by Mira on 11-25-2004 at 02:10 PM</i>"
                 "</font></p>",
            profile="<a href='member.php?s=abc&amp;action=getinfo&amp;userid=77'>profile</a>")
        + _POST.format(
            pid="502", name="Guest Bob", day="11-26-2004", clock="09:05 AM",
            message=("</font><blockquote><pre><font size='1'>code:</font><hr>vote X<hr></pre>"
                     "</blockquote>after <blockquote><font size='1'>Spoiler:</font><hr>"
                     "<span CLASS='spoiler'>the wolf</span><hr></blockquote>"),
            sig="", note="", profile="")
        + "<p>All times are GMT +1. The time now is 01:09 PM.</p></body></html>")


def test_thread_and_page_urls_keep_vb2s_threadid_and_pagenumber():
    vb2 = engines.get("vbulletin2")
    thread = "https://forums.example.com/showthread.php?threadid=4242"
    assert vb2.thread_url(URL) == thread
    assert vb2.page_url(thread, 1) == thread
    assert vb2.page_url(thread, 3) == thread + "&pagenumber=3"
    assert vb2.thread_url(vb2.page_url(thread, 3)) == thread


def test_a_vb2_url_goes_to_vb4_by_its_shape_and_the_page_names_vb2():
    assert engines.for_url(URL).name == "vbulletin4"
    page = (FIXTURES / "engines" / "vbulletin2" / "real" / "steam_t28746_vb229_en.html").read_text(
        encoding="ascii")
    assert not engines.for_url(URL).detect(page)
    assert engines.for_page(page, URL).name == "vbulletin2"


def test_boxes_signature_edit_note_and_a_guest():
    vb2 = engines.get("vbulletin2")
    assert engines.for_page(PAGE, URL) is vb2
    posts, info = vb2.read_page(PAGE, URL, UTC, NOW)
    assert (info.current, info.last) == (2, 3)
    assert info.next_url.endswith("pagenumber=3")
    mira, bob = posts
    assert (mira.id, mira.number, mira.author, mira.author_id) == ("501", 16, "Mira", "77")
    assert mira.time == datetime(2004, 11, 25, 12, 57, tzinfo=UTC)  # "GMT +1"
    assert mira.edited == datetime(2004, 11, 25, 13, 10, tzinfo=UTC)
    body = analyse(mira.html)
    assert body["quotes"] == [("Tosk", None, 0), ("Ash Grey", None, 0)]
    assert body["text"] == "vote Quill"
    for chrome in ("vote Everyone", "____", "Last edited", "Report this post", "<hr", "quote:",
                   "Mafia 7", "Registered"):
        assert chrome not in mira.html
    assert (bob.number, bob.author, bob.author_id) == (17, "Guest Bob", None)
    body = analyse(bob.html)
    assert body["quotes"] == [] and body["details"] == ["Spoiler"]
    assert body["text"].startswith("vote X") and body["text"].endswith("the wolf")
    assert "code:" not in bob.html and "<hr" not in bob.html


def test_a_page_whose_posts_have_ids_is_no_vb2_page():
    """vB 3/4 and Something Awful (table.post#postN, its profile links also
    member.php?action=getinfo&userid=N) name their post elements: such a page, even with a
    post anchor, is not read as vB2 (a page votal cannot read is refused in one line)."""
    page = PAGE.replace("<table><tr>\n<td", '<table class="post" id="post501"><tr>\n<td', 1)
    assert engines.get("vbulletin2").detect(PAGE)
    assert not engines.get("vbulletin2").detect(page)
