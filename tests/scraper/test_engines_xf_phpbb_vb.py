"""XenForo 1/2, phpBB 3 and vBulletin 3/4/5 adapters on hand-written pages and real pages.

The fixture pages in fixtures/engines/<engine>/ were written as each engine renders them (Greek,
Italian, Russian game threads); the values read off those pages by hand are the
``*.expected.json`` beside them (tests/scraper/test_engine_fixtures.py).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from tests.conftest import FIXTURES, shared_path
from tests.scraper.test_engine_fixtures import analyse
from votal.errors import ScrapeError
from votal.scraper import engines
from votal.scraper.colour import is_red
from votal.scraper.engines._common import decode

ATHENS, ROME, MOSCOW = ZoneInfo("Europe/Athens"), ZoneInfo("Europe/Rome"), ZoneInfo("Europe/Moscow")
UTC = UTC
NOW = datetime(2026, 11, 29, 22, 30, tzinfo=ATHENS)


def test_fixture_bodies_are_the_same_from_str_and_bytes():
    path = FIXTURES / "engines" / "vbulletin3" / "ru_mafia9_page3_cp1251.html"
    data = path.read_bytes()
    engine = engines.get("vbulletin3")
    url = "https://mafia.example.ru/showthread.php?t=4242&page=3"
    from_bytes = engine.parse_page(data, url, MOSCOW, NOW)
    from_text = engine.parse_page(data.decode("cp1251"), url, MOSCOW, NOW)
    assert from_bytes == from_text
    # no <meta charset>: windows-1251 is recognised from the bytes themselves
    bare = re.sub(rb"<meta http-equiv=\"Content-Type\"[^>]*>", b"", data)
    assert engine.parse_page(bare, url, MOSCOW, NOW) == from_bytes


# --- real pages: what their README says, checked in detail ---------------------------------

def _real(folder: str, fname: str) -> bytes:
    return shared_path("real", "engines", folder, fname).read_bytes()


def _red_outside_quotes(posts) -> list[str]:
    return [c for p in posts for c in analyse(p.html)["colours"] if is_red(c)]


def _red_total(posts) -> list[str]:
    return [m for p in posts for m in re.findall(r'style="color: ([^";]+)', p.html) if is_red(m)]


def test_real_xenforo1_quotes_and_red():
    data = _real("xenforo1", "sufficientvelocity_renascence_10402_page54.html")
    url = "https://forums.sufficientvelocity.com/threads/renascence-a-homura-quest.10402/page-54"
    posts = engines.get("xenforo1").parse_page(data, url, UTC, NOW)
    assert len(posts) == 25
    assert sum(len(analyse(p.html)["quotes"]) for p in posts) == 20
    assert all(q[0] for p in posts for q in analyse(p.html)["quotes"])  # every quote attributed
    assert _red_outside_quotes(posts) == []
    assert _red_total(posts) == ["#ff0000"] * 3  # the signatures' "red" spans are gone
    first = posts[0]
    assert (first.id, first.number, first.author, first.author_id) == (
        "2146286", 1326, "TheBleachDoctor", "4525")
    assert first.time == datetime(2014, 10, 30, 22, 48, tzinfo=UTC)
    assert first.url == "https://forums.sufficientvelocity.com/posts/2146286/"
    assert [p.edited for p in posts if p.edited] == [datetime(2014, 12, 4, 2, 29, tzinfo=UTC)]
    assert not any("Click to" in p.html or "<svg" in p.html for p in posts)
    info = engines.get("xenforo1").page_info(data, url)
    assert (info.current, info.last) == (54, 347)
    assert info.next_url == url.replace("page-54", "page-55")


def test_real_xenforo2_machine_times():
    data = _real("xenforo2", "xenforo_com_community_dark-theme-option_8276.html")
    url = "https://xenforo.com/community/threads/a-dark-theme-option.8276/"
    posts = engines.get("xenforo2").parse_page(data, url, ATHENS, NOW)
    assert [p.number for p in posts] == list(range(1, 9))
    first = posts[0]
    assert (first.id, first.author, first.author_id) == ("114210", "dieketzer", "496")
    assert first.time == datetime(2010, 11, 21, 10, 51, 58, tzinfo=UTC)  # data-time 1290336718
    assert first.url == "https://xenforo.com/community/threads/a-dark-theme-option.8276/post-114210"
    info = engines.get("xenforo2").page_info(data, url)
    assert (info.current, info.last, info.next_url) == (1, 1, None)


def test_real_phpbb30():
    data = _real("phpbb", "ilovephilosophy_biological-will_phpbb30.html")
    url = "http://www.ilovephilosophy.com/viewtopic.php?f=1&t=194998&start=25"
    engine = engines.get("phpbb")
    posts = engine.parse_page(data, url, UTC, NOW)
    assert [p.number for p in posts] == list(range(26, 51))
    quotes = [q for p in posts for q in analyse(p.html)["quotes"]]
    assert len(quotes) == 15 and len([q for q in quotes if q[0]]) == 9
    assert ("Silhouette", None, 1) in quotes
    first = posts[0]
    assert (first.id, first.author, first.author_id) == ("2729870", "Jakob", "5996")
    # the footer says "All times are UTC [ DST ]": phpBB 3.0 adds the DST hour to every time
    dst = timezone(timedelta(hours=1))
    assert first.time == datetime(2019, 5, 26, 16, 34, tzinfo=dst)
    assert [p.edited for p in posts if p.edited] == [
        datetime(2019, 5, 26, 17, 35, tzinfo=dst), datetime(2019, 5, 26, 17, 42, tzinfo=dst)]
    assert not any("For behold" in p.html or "Last edited" in p.html for p in posts)
    info = engine.page_info(data, url)
    assert (info.current, info.last) == (2, 10)
    assert info.next_url == "http://www.ilovephilosophy.com/viewtopic.php?f=1&t=194998&start=50"
    assert engine.page_url(engine.thread_url(url), 10, info).endswith("t=194998&start=225")


def test_real_vbulletin3_latin1_page():
    data = _real("vbulletin3", "animesuki_hibike-euphonium_p152_vb3811.html")
    url = "https://forums.animesuki.com/showthread.php?t=128882&page=152"
    engine = engines.get("vbulletin3")
    posts = engine.parse_page(data, url, UTC, NOW)
    assert [p.number for p in posts] == list(range(3021, 3041))
    assert sum(len(analyse(p.html)["quotes"]) for p in posts) == 26
    assert _red_outside_quotes(posts) == []
    assert sorted(_red_total(posts)) == ["Red", "red"]
    first = posts[0]
    assert (first.id, first.author, first.author_id) == ("5768670", "Shirohige", "250472")
    # "2016-02-01, 02:21" on a page whose footer says "All times are GMT -5": the page's own
    # zone, not the UTC the caller assumed (engines/_zone.py)
    assert first.time == datetime(2016, 2, 1, 2, 21, tzinfo=timezone(timedelta(hours=-5)))
    assert first.time.utcoffset() == timedelta(hours=-5)
    assert analyse(first.html)["quotes"][0] == ("TinyRedLeaf", "5768621", 0)
    assert len([p for p in posts if p.edited]) == 3
    text = decode(data)  # charset=ISO-8859-1 is read as windows-1252, as browsers do
    assert "entitled to what you can argue for.\u201d" in text and "\x94" not in text
    assert not any("\ufffd" in p.html or "__________________" in p.html for p in posts)
    info = engine.page_info(data, url)
    assert (info.current, info.last) == (152, 155)
    assert info.next_url == "https://forums.animesuki.com/showthread.php?t=128882&page=153"


def test_real_vbulletin4_body_blockquote_kept():
    data = _real("vbulletin4", "militarytimes_9687_vb423.html")
    url = ("http://forums.militarytimes.com/showthread.php/"
           "9687-Legendary-military-columnist-author-Bob-Dorr-dies-at-76")
    engine = engines.get("vbulletin4")
    posts = engine.parse_page(data, url, UTC, NOW)
    assert [p.number for p in posts] == list(range(1, 11))
    assert "RIP Mr. Dorr." in posts[0].html
    assert sum(len(analyse(p.html)["quotes"]) for p in posts) == 5
    assert (posts[0].author, posts[0].author_id) == ("Rainmaker", "13985")
    assert posts[0].time == datetime(2016, 6, 15, 15, 3, tzinfo=UTC)
    assert not any("six inches" in p.html for p in posts)
    info = engine.page_info(data, url)
    assert (info.current, info.last, info.next_url) == (1, 2, url + "/page2")


def test_real_vbulletin5_epoch_wins():
    data = _real("vbulletin5", "fandompost_isekai-quartet_727744_vb552.html")
    url = ("https://fandompost.vbulletin.net/forum/anime-manga-discussions/"
           "general-anime-discussions/727744-isekai-quartet-discussion-thread")
    engine = engines.get("vbulletin5")
    posts = engine.parse_page(data, url, UTC, NOW)
    assert [p.number for p in posts] == list(range(1, 16))
    # datetime="2019-04-09T08:37:23" has no offset; the epoch 1554824243 is 15:37:23 UTC
    assert posts[0].time == datetime(2019, 4, 9, 15, 37, 23, tzinfo=UTC)
    assert (posts[0].author, posts[0].author_id) == ("Buckeye", "1712")
    assert sum(len(analyse(p.html)["quotes"]) for p in posts) == 5
    assert analyse(posts[2].html)["quotes"][0] == ("Buckeye", "727754", 0)
    assert not any("MyAnimeList" in p.html for p in posts)
    info = engine.page_info(data, url)
    assert (info.current, info.last, info.next_url) == (1, 2, url + "/page2")


def test_phpbb_zone_named_in_the_footer_line_even_translated():
    """phpBB 3.1+ language packs may print the zone's name after the offset, translated
    (real page: forum.ubuntu-it.org, "UTC+02:00 Europa/Roma"): the name, not the offset of
    the day the page was made, gives a January post its +01:00."""
    from votal.scraper.engines._zone import page_zone
    from votal.scraper.normalize import document

    def zone(line: str):
        return page_zone(document(f"<html><body><ul><li class='rightside'>{line}</li></ul>"
                                  "</body></html>"))

    assert zone("Tutti gli orari sono UTC+02:00 Europa/Roma") == ZoneInfo("Europe/Rome")
    assert zone("All times are UTC+01:00 Europe/London") == ZoneInfo("Europe/London")
    assert zone("All times are UTC+03:00 and/or later") == timezone(timedelta(hours=3))


def test_xenforo1_block_dressed_as_a_post_is_not_a_post_but_a_numberless_body_is_refused():
    """A style may put its own block among the posts as ``li.message#post-<word>`` (real page:
    Physics Forums' Phys.org news box, fixtures/engines/xenforo1/real/): with no number in its
    id and no message text it is not a post; a numberless one with a body is refused, not
    dropped in silence (issue 11)."""
    def page(extra: str) -> str:
        return ('<html id="XenForo"><body><ol class="messageList" id="messageList">'
                '<li id="post-7" class="message" data-author="ann"><div class="messageInfo">'
                '<blockquote class="messageText">VOTE: bob</blockquote></div></li>'
                f'{extra}</ol></body></html>')

    url = "https://f.example.com/threads/game.1/"
    engine = engines.get("xenforo1")
    news = ('<li id="post-news" class="message"><div class="messageContent">'
            '<a href="http://news.example.com/">latest stories</a></div></li>')
    posts = engine.parse_page(page(news), url, UTC, NOW)
    assert [(p.id, p.author) for p in posts] == [("7", "ann")]
    assert "latest stories" not in posts[0].html
    numberless = ('<li id="post-x" class="message" data-author="cy">'
                  '<blockquote class="messageText">VOTE: ann</blockquote></li>')
    with pytest.raises(ScrapeError, match="post-x"):
        engine.parse_page(page(numberless), url, UTC, NOW)


def test_vbulletin_footer_zone_line_in_every_language_and_half_hours():
    """vBulletin 3/4 print every time at the viewer's current offset and say it in the footer
    ("All times are GMT +1. The time now is <span class=time>12:37</span>."; real page:
    forum.azzurra.org, Italian vB 3.6.5). After "." the digits are a fraction of an hour, as
    vBulletin and phpBB 3.0 print half-hour zones; after ":" minutes."""
    from votal.scraper.engines._zone import page_zone
    from votal.scraper.normalize import document

    def zone(line: str):
        return page_zone(document(f"<html><body><div class='smallfont'>{line}</div></body></html>"))

    def hours(h: float):
        return timezone(timedelta(hours=h))

    assert zone("Tutti gli orari sono GMT +1. Ora sono le <span class='time'>12:37</span>.") \
        == hours(1)
    # vB 3.0's Italian pack (real page: forum.azzurra.org, vB 3.0.6)
    assert zone("Tutte le ore sono GMT +2. L'ora corrente è <span class='time'>11:49</span>.") \
        == hours(2)
    assert zone("All times are GMT -5. The time now is <span class='time'>00:08</span>.") \
        == hours(-5)
    assert zone("All times are GMT. The time now is <span class='time'>02:13</span>.") == hours(0)
    assert zone("All times are GMT +5.5. The time now is 08:47 AM.") == hours(5.5)
    assert zone("All times are GMT +5.75. The time now is 08:47 AM.") == hours(5.75)
    assert zone("All times are UTC + 5.5 hours") == hours(5.5)  # phpBB 3.0
    assert zone("All times are UTC + 9:30") == hours(9.5)
    assert zone("Часовой пояс GMT +3, время: <span class='time'>12:37</span>.") == hours(3)
    assert zone("Όλες οι ώρες είναι GMT +2. Η ώρα τώρα είναι 12:37.") == hours(2)
    assert zone("The time now is 12:37.") is None
    # a post quoting another board's line comes before the footer: the footer's line wins
    quoted = ("<div id='post_message_1'>on my board: All times are GMT -5. The time now is "
              "09:00.</div><div class='smallfont'>All times are GMT +1. The time now is "
              "<span class='time'>15:00</span>.</div>")
    assert page_zone(document(f"<html><body>{quoted}</body></html>")) == hours(1)
