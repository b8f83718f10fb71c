"""URL routing, thread/page URLs and page decoding of the XenForo, phpBB and vBulletin adapters."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.conftest import FIXTURES, shared_path
from votal.scraper import engines
from votal.scraper.engines._common import decode

MINE = ("xenforo2", "xenforo1", "phpbb", "vbulletin3", "vbulletin4", "vbulletin5")
NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize("url", [
    "https://x.example/index.php?topic=38573.0",  # SMF
    "https://x.example/showthread.php?tid=5",  # MyBB
    "https://x.example/viewtopic.php?id=5",  # FluxBB
])
def test_other_engines_urls_are_not_claimed(url):
    found = engines.for_url(url)
    assert found is None or found.name not in MINE


@pytest.mark.parametrize("name,url,thread", [
    ("xenforo1", "https://f.ru/threads/mafija.555/page-2", "https://f.ru/threads/mafija.555/"),
    ("vbulletin3", "https://f.ru/showthread.php?t=4242&page=3&s=abc",
     "https://f.ru/showthread.php?t=4242"),
])
def test_thread_url_and_page_url_round_trip(name, url, thread):
    """Adapters without URL patterns of their own (their examples are another's): forced."""
    engine = engines.get(name)
    assert engine.thread_url(url) == thread
    assert engine.page_url(thread, 1) == thread
    page3 = engine.page_url(thread, 3)
    assert page3 != thread and engine.thread_url(page3) == thread


def test_phpbb_page_url_uses_the_step_read_from_the_page():
    engine = engines.get("phpbb")
    data = (FIXTURES / "engines" / "phpbb" / "it_lupus12_page2.html").read_bytes()
    url = "https://giochi.example.it/forum/viewtopic.php?t=777&start=10"
    info = engine.page_info(data, url)
    assert engine.page_url(engine.thread_url(url), 3, info) == \
        "https://giochi.example.it/forum/viewtopic.php?t=777&start=20"


def test_xenforo2_hands_xenforo1_markup_over():
    """XF1 boards are routed to xenforo2 by URL: the page is still parsed as XF1."""
    data = (FIXTURES / "engines" / "xenforo1" / "ru_mafia17_page1.html").read_bytes()
    url = "https://mafia.example.ru/threads/mafija-17-gorod-grekhov.555/"
    via_xf2 = engines.for_url(url).parse_page(data, url, UTC, NOW)
    assert via_xf2 == engines.get("xenforo1").parse_page(data, url, UTC, NOW)
    assert len(via_xf2) == 3
    assert engines.for_url(url).page_info(data, url).last == 2


def test_vbulletin4_hands_vbulletin3_markup_over():
    data = (FIXTURES / "engines" / "vbulletin3" / "ru_mafia9_page3_cp1251.html").read_bytes()
    url = "https://mafia.example.ru/showthread.php?t=4242&page=3"
    engine = engines.for_url(url)
    assert engine.name == "vbulletin4"
    assert [p.id for p in engine.parse_page(data, url, UTC, NOW)] == \
        ["88001", "88007", "88012"]
    assert engine.page_info(data, url).last == 5


@pytest.mark.parametrize("folder,fname,name", [
    ("xenforo2", "xenforo_com_community_dark-theme-option_8276.html", "xenforo2"),
    ("xenforo1", "sufficientvelocity_renascence_10402_page54.html", "xenforo1"),
    ("phpbb", "ilovephilosophy_biological-will_phpbb30.html", "phpbb"),
    ("vbulletin3", "animesuki_hibike-euphonium_p152_vb3811.html", "vbulletin3"),
    ("vbulletin4", "militarytimes_9687_vb423.html", "vbulletin4"),
    ("vbulletin5", "fandompost_isekai-quartet_727744_vb552.html", "vbulletin5"),
])
def test_only_the_right_adapter_detects_a_real_page(folder, fname, name):
    page = decode(shared_path("real", "engines", folder, fname).read_bytes())
    head = page[:300_000]
    detected = [e.name for e in engines.all_engines() if e.name in MINE and e.detect(head)]
    assert detected == [name]


def test_decode_charsets():
    assert decode("Χθες".encode()) == "Χθες"
    assert decode(b"\xef\xbb\xbfabc") == "abc"
    assert decode("Вчера в 20:04, голосую за Бориса".encode("cp1251")) == \
        "Вчера в 20:04, голосую за Бориса"
    assert decode(b"caf\xe9 \x93ok\x94") == "café \u201cok\u201d"
    assert decode("Σήμερα".encode("cp1253"), "text/html; charset=windows-1253") == "Σήμερα"
    meta = b'<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1" />\x80'
    assert decode(meta).endswith("\u20ac")


def test_a_post_without_a_readable_time_is_kept_without_it():
    """Issue 11: the post stays, ``time`` None, ``problems`` ["time"]; the page is read."""
    data = (FIXTURES / "engines" / "vbulletin4" / "it_lupus13_page2.html").read_text("utf-8")
    broken = data.replace("Ieri,&nbsp;<span class=\"time\">20:04</span>", "quando capita")
    url = "https://lupus.example.it/forum/showthread.php/3131-Lupus-in-Tabula-13/page2"
    posts = {p.id: p for p in engines.get("vbulletin4").parse_page(broken, url, UTC, NOW)}
    assert posts["45017"].time is None and posts["45017"].problems == ("time",)
    assert posts["45017"].author
