"""Invision Community, SMF and MyBB adapters: own fixtures (exact posts), pagination, real pages."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from tests.conftest import FIXTURES, shared_path
from votal.scraper import engines
from votal.scraper.engines import invision

UTC = UTC
ATHENS, ROME, MOSCOW = ZoneInfo("Europe/Athens"), ZoneInfo("Europe/Rome"), ZoneInfo("Europe/Moscow")
NOW = datetime(2026, 11, 18, 12, 0, tzinfo=UTC)


def page(engine: str, name: str) -> str:
    return (FIXTURES / "engines" / engine / name).read_text(encoding="utf-8")


def real(engine: str, name: str) -> str:
    return shared_path("real", "engines", engine, name).read_text(encoding="utf-8", errors="replace")


# --- Invision Community 4 ---------------------------------------------------------------------

IPS_URL = "https://forum.example.gr/topic/4821-palermo-12/page/2/"
IPS_THREAD = "https://forum.example.gr/topic/4821-palermo-12/"


def ips_posts():
    return engines.get("invision").parse_page(page("invision", "palermo_el_page2.html"), IPS_URL,
                                              ATHENS, NOW)


def test_ips_post_metadata_comes_from_machine_values():
    posts = ips_posts()
    assert [(p.id, p.number, p.author, p.author_id) for p in posts] == [
        ("90211", 4, "Λάμπρος", "311"), ("90214", 5, "Νίκος", "402"), ("90230", 6, "Μαρία Κ.", "517"),
    ]
    # "Χθες στις 20:04" is display text; the epoch in data-quotedata is the time
    assert [p.time for p in posts] == [
        datetime(2026, 11, 17, 18, 4, tzinfo=UTC), datetime(2026, 11, 17, 18, 15, tzinfo=UTC),
        datetime(2026, 11, 18, 11, 0, tzinfo=UTC),
    ]
    assert [p.edited for p in posts] == [None, datetime(2026, 11, 17, 18, 20, tzinfo=UTC), None]
    assert posts[0].url == IPS_THREAD + "?do=findComment&comment=90211"
    assert {p.thread for p in posts} == {IPS_THREAD}


def test_ips_bodies_exact():
    posts = ips_posts()
    # group colour of the author and the red signature stay out of the body
    assert posts[0].html == (
        "<p>Καλησπέρα σε όλους. Η μέρα 2 ξεκίνησε και ο χρόνος τρέχει.</p>\n"
        '<p>Ψηφίζω <span style="color: #ff0000"><strong>Νίκο</strong></span>'
        " γιατί χθες δεν είπε τίποτα.</p>"
    )
    # quote attributed, citation ("πριν από 11 λεπτά…") dropped, spoiler, edit note dropped
    assert posts[1].html == (
        '<blockquote data-author="Λάμπρος" data-post="90211"><p>Ψηφίζω <span style="color: #ff0000">'
        "<strong>Νίκο</strong></span> γιατί χθες δεν είπε τίποτα.</p></blockquote>\n"
        '<p>Δεν είμαι μαφία. Ψηφίζω <span style="color: #e74c3c">Λάμπρο</span>.</p>\n'
        "<details><summary>Αποκάλυψη</summary><p>Είμαι ο γιατρός.</p></details>"
    )
    assert posts[2].html == (
        '<blockquote data-author="Νίκος" data-post="90214"><blockquote data-author="Λάμπρος" '
        'data-post="90211"><p>Ψηφίζω <span style="color: #ff0000"><strong>Νίκο</strong></span></p>'
        '</blockquote><p>Ψηφίζω <span style="color: #e74c3c">Λάμπρο</span>.</p></blockquote>\n'
        '<p>Αλλάζω ψήφο: <span style="color: #ff0000">ΛΑΜΠΡΟΣ</span></p>'
    )


def test_ips_pagination():
    e = engines.get("invision")
    info = e.page_info(page("invision", "palermo_el_page2.html"), IPS_URL)
    assert (info.current, info.last) == (2, 3)
    assert info.next_url == "https://forum.example.gr/topic/4821-palermo-12/page/3/"
    assert e.thread_url(IPS_URL + "#comments") == IPS_THREAD
    assert e.thread_url(IPS_THREAD + "?do=findComment&comment=90211") == IPS_THREAD
    assert e.page_url(IPS_THREAD, 1) == IPS_THREAD
    assert e.page_url(IPS_URL, 7) == IPS_THREAD + "page/7/"
    plain = "https://forum.example.gr/index.php?/topic/4821-palermo-12/page/2/&do=x"
    assert e.thread_url(plain) == "https://forum.example.gr/index.php?/topic/4821-palermo-12/"
    assert e.page_url(plain, 3) == "https://forum.example.gr/index.php?/topic/4821-palermo-12/page/3/"


def test_ips_number_unknown_on_last_page_without_page_size():
    html = page("invision", "palermo_el_page2.html")
    html = html.replace('data-ipsPagination-perPage="3"', "").replace('rel="next"', "")
    html = re.sub(r'<link rel="next"[^>]*>', "", html)
    posts = engines.get("invision").parse_page(html, IPS_THREAD + "page/3/", ATHENS, NOW)
    assert [p.number for p in posts] == [None, None, None]


IPS_REAL = ("processwire_com_topic3553_ips4_EXTRACTED.json",
            "invisioncommunity_com_topic478170_ips5_EXTRACTED.json")


@pytest.mark.parametrize("name", IPS_REAL)
def test_ips_real_bodies_every_quote_normalised(name):
    data = json.loads(real("invision", name))
    assert data["posts"]
    quotes = attributed = 0
    for post in data["posts"]:
        src = post["content"]
        html = invision.normalize_html(src)
        assert "ipsQuote" not in html and "data-ipsquote" not in html
        assert "data-excludequote" not in html
        assert not re.search(r"\bago, .{1,40} said:", html), post["id"]  # frozen citations gone
        assert html.count("<blockquote") == src.count("<blockquote")
        for m in re.finditer(r"<blockquote[^>]*data-ipsquote-username=\"([^\"]+)\"", src):
            assert f'data-author="{m.group(1)}"' in html
        quotes += src.count('class="ipsQuote"')
        attributed += html.count("data-author=")
    assert quotes > 20 and attributed > 10


def test_ips4_real_bare_and_attributed_quotes_and_colour():
    posts = {p["id"]: p["content"] for p in json.loads(real("invision", IPS_REAL[0]))["posts"]}
    bare = invision.normalize_html(posts[34996])
    assert bare.startswith("<blockquote><div><div>@renobird, @diogo:")
    attributed = invision.normalize_html(posts[34997])
    assert attributed.startswith('<blockquote data-author="diogo" data-post="34996"><div> <p>Shoes')
    coloured = [invision.normalize_html(c) for c in posts.values() if "color:#0000cd" in c]
    assert coloured and all('<span style="color: #0000cd">' in h for h in coloured)
    edited = invision.normalize_html(posts[35121])
    assert "Edited" not in edited and "zyON</strong>" not in edited


def test_ips5_real_citation_never_parsed_but_quote_kept():
    posts = {p["id"]: p["content"] for p in json.loads(real("invision", IPS_REAL[1]))["posts"]}
    html = invision.normalize_html(posts[2970272])
    assert html.startswith('<blockquote data-author="13." data-post="2970269"> <p> H1 must be removed')
    assert "9 minutes ago" not in html
    unattributed = invision.normalize_html(posts[2970274])
    assert "<blockquote> <p style=" in unattributed and ">Quote<" not in unattributed


# --- SMF --------------------------------------------------------------------------------------

SMF_IT = "https://lupus.example.it/index.php?topic=1234.20"


def test_smf20_italian_page_exact():
    posts = engines.get("smf").parse_page(page("smf", "lupus_it_smf20_page2.html"), SMF_IT, ROME, NOW)
    assert [(p.id, p.number, p.author, p.author_id) for p in posts] == [
        ("55120", 21, "Marco", "77"), ("55127", 22, "Giulia", "102"), ("55131", 23, "Pietro", "64"),
    ]
    # "16 Novembre 2026, 21:40:00", "Ieri alle 20:04:12", "Oggi alle 09:15:03" in Europe/Rome
    assert [p.time for p in posts] == [
        datetime(2026, 11, 16, 21, 40, tzinfo=ROME), datetime(2026, 11, 17, 20, 4, 12, tzinfo=ROME),
        datetime(2026, 11, 18, 9, 15, 3, tzinfo=ROME),
    ]
    assert [p.edited for p in posts] == [datetime(2026, 11, 18, 10, 2, 11, tzinfo=ROME), None, None]
    assert posts[0].url == "https://lupus.example.it/index.php?topic=1234.msg55120#msg55120"
    assert posts[0].thread == "https://lupus.example.it/index.php?topic=1234.0"
    assert posts[0].html == ("Il giorno 2 comincia adesso. Si vota fino alle 22:00 di domani.<br><br>"
                             '<span style="color: red">Votate in rosso</span>, grazie.')
    assert posts[1].html == ('Voto <span style="color: #ff0000"><strong class="bbc_b">Pietro</strong>'
                             "</span>, troppo silenzioso.")
    assert posts[2].html == (
        '<blockquote data-author="Giulia" data-post="55127">Voto <span style="color: #ff0000">'
        '<strong class="bbc_b">Pietro</strong></span>, troppo silenzioso.<br>'
        '<blockquote data-author="Marco" data-post="55120"><span style="color: red">Votate in rosso'
        "</span></blockquote></blockquote>Silenzioso io? Voto "
        '<span style="color: red">Giulia</span>.'
    )


def test_smf21_russian_page_exact():
    url = "https://mafia.example.ru/index.php?topic=77.0"
    posts = engines.get("smf").parse_page(page("smf", "mafia_ru_smf21.html"), url, MOSCOW, NOW)
    assert [(p.id, p.number, p.author, p.author_id) for p in posts] == [
        ("5510", 1, "Петя", "12"), ("5512", 2, "Вася", "5")]
    assert [p.time for p in posts] == [datetime(2026, 11, 17, 20, 4, tzinfo=MOSCOW),
                                       datetime(2026, 11, 18, 9, 30, tzinfo=MOSCOW)]
    assert posts[1].edited == datetime(2026, 11, 18, 10, 2, tzinfo=MOSCOW)
    assert posts[1].html == (
        '<blockquote data-author="Петя" data-post="5510">Голосую против '
        '<span style="color: red">Васи</span>.</blockquote>Я мирный! Мой голос: '
        '<span style="color: #ff0000">Петя</span>'
    )
    assert "Мафия не пройдёт" not in posts[1].html  # red signature dropped


def test_smf_pagination_offsets():
    e = engines.get("smf")
    info = e.page_info(page("smf", "lupus_it_smf20_page2.html"), SMF_IT)
    assert (info.current, info.last) == (2, 3)
    assert info.next_url == "https://lupus.example.it/index.php?topic=1234.40"
    # the page size (20) read from the page links travels in the page info
    assert info.per_page == 20
    assert e.page_url("https://lupus.example.it/index.php?topic=1234.0", 3, info) == \
        "https://lupus.example.it/index.php?topic=1234.40"
    # no page of the thread read: SMF's default page size, 15
    assert e.page_url("https://lupus.example.it/index.php?topic=1234.0", 2) == \
        "https://lupus.example.it/index.php?topic=1234.15"
    assert e.thread_url("https://lupus.example.it/index.php?topic=1234.msg55127#msg55127") == \
        "https://lupus.example.it/index.php?topic=1234.0"
    assert e.thread_url("http://f.org/index.php/topic,38573.15.html?PHPSESSID=ab12") == \
        "http://f.org/index.php/topic,38573.0.html"
    assert e.thread_url("https://f.it/index.php?PHPSESSID=ab12&topic=77.msg5512;topicseen#new") \
        == "https://f.it/index.php?topic=77.0"
    assert e.thread_url("http://f.org/index.php/topic,38573.msg174924.html#msg174924") == \
        "http://f.org/index.php/topic,38573.0.html"


def test_smf20_real_page():
    url = "http://forums.contribs.org/index.php/topic,38573.0.html?PHPSESSID=vqr5gjd0frvtco7j85kqh33o14"
    html = real("smf", "contribs_org_topic38573_smf20.html")
    ny = ZoneInfo("America/New_York")
    posts = engines.get("smf").parse_page(html, url, ny, NOW)
    assert len(posts) == 15
    assert [p.number for p in posts] == list(range(1, 16))
    first, second = posts[0], posts[1]
    assert (first.id, first.author, first.author_id) == ("174916", "gregswallow", "3061")
    assert first.time == datetime(2007, 9, 19, 13, 8, 14, tzinfo=ny)
    assert first.edited == datetime(2007, 9, 24, 12, 57, 14, tzinfo=ny)
    assert second.time == datetime(2007, 9, 19, 14, 16, 51, tzinfo=ny)  # "Reply #1 on: …"
    assert first.url == "http://forums.contribs.org/index.php/topic,38573.msg174916.html#msg174916"
    assert "Greg Swallow" not in first.html  # signature
    assert sum(p.html.count("<blockquote") for p in posts) == 13
    assert posts[3].html.startswith('<blockquote data-author="mmccarn" data-post="174925">')
    assert posts[4].html.startswith('<blockquote data-author="gregswallow">1 - I would say')
    assert not any("quoteheader" in p.html or "Quote from" in p.html for p in posts)
    info = engines.get("smf").page_info(html, url)
    assert (info.current, info.last) == (1, 2)
    assert info.next_url == "http://forums.contribs.org/index.php/topic,38573.15.html"


# --- MyBB -------------------------------------------------------------------------------------

MYBB_RU = "https://forum.example.ru/showthread.php?tid=45&page=2"


def test_mybb_russian_page_exact():
    posts = engines.get("mybb").parse_page(page("mybb", "mafia_ru_page2.html"), MYBB_RU, MOSCOW, NOW)
    assert [(p.id, p.number, p.author, p.author_id) for p in posts] == [
        ("101", 11, "Ведущий", "3"), ("104", 12, "Ольга", "17"), ("107", 13, "Дима", "21")]
    # <span title="17.11.2026">Вчера</span>, 20:04 -> the title's date, not a guess
    assert [p.time for p in posts] == [
        datetime(2026, 11, 17, 20, 4, tzinfo=MOSCOW), datetime(2026, 11, 17, 21, 15, tzinfo=MOSCOW),
        datetime(2026, 11, 18, 9, 41, tzinfo=MOSCOW)]
    assert [p.edited for p in posts] == [datetime(2026, 11, 18, 10, 2, tzinfo=MOSCOW), None, None]
    assert posts[0].url == "https://forum.example.ru/showthread.php?tid=45&pid=101#pid101"
    assert posts[0].html == ("Наступил <strong>день 2</strong>. Голосование до 22:00.<br>\n<br>\n"
                             'Голоса пишите <span style="color: #FF0000">красным</span>.')
    assert posts[2].html == (
        '<blockquote data-author="Ольга" data-post="104">Голосую: <span style="color: #FF0000">'
        '<span style="font-weight: bold;" class="mycode_b">Дима</span></span></blockquote><br>\n'
        "<blockquote>Кто молчит — тот мафия.</blockquote><br>\n"
        'Меня? Тогда мой голос: <span style="color: #ff0000">Ольга</span>'
    )
    # red group colour of "Ведущий" and the red signatures never reach a body
    assert not any("Ведущий всегда прав" in p.html or "Доктор" in p.html for p in posts)


def test_mybb_pagination():
    e = engines.get("mybb")
    info = e.page_info(page("mybb", "mafia_ru_page2.html"), MYBB_RU)
    assert (info.current, info.last) == (2, 3)
    assert info.next_url == "https://forum.example.ru/showthread.php?tid=45&page=3"
    assert e.thread_url(MYBB_RU) == "https://forum.example.ru/showthread.php?tid=45"
    assert e.page_url(MYBB_RU, 5) == "https://forum.example.ru/showthread.php?tid=45&page=5"
    assert e.page_url("https://f.gr/Thread-Palermo-12?page=2", 4) == \
        "https://f.gr/Thread-Palermo-12?page=4"
    assert e.page_url("https://f.gr/thread-45-page-3.html", 1) == "https://f.gr/thread-45.html"
    assert e.page_url("https://f.gr/thread-45.html", 6) == "https://f.gr/thread-45-page-6.html"


def test_mybb_real_page_red_only_in_signature():
    url = "https://sinister.ly/Thread-Mybb-or-vBulletin"
    html = real("mybb", "sinister_ly_mybb-or-vbulletin_p1.html")
    posts = engines.get("mybb").parse_page(html, url, UTC, NOW)
    assert len(posts) == 10
    assert [p.number for p in posts] == list(range(1, 11))
    assert (posts[0].id, posts[0].author, posts[0].author_id) == ("649864", "IndeXer", "68408")
    assert posts[0].time == datetime(2015, 12, 29, 19, 47, tzinfo=UTC)
    assert posts[0].url == "https://sinister.ly/Thread-Mybb-or-vBulletin?pid=649864#pid649864"
    assert "FF0000" in html
    assert not any("ff0000" in p.html.lower() or "WILL" in p.html for p in posts)
    assert not any("b8b8b8" in p.html for p in posts)  # group colour of the username
    nested = posts[8].html
    assert nested.count("<blockquote") == 5 and nested.startswith(
        '<blockquote data-author="Mayo" data-post="108270"><blockquote data-author="IndeXer" '
        'data-post="108265">')
    assert "Wrote" not in nested and "(12-29-2015" not in nested
    info = engines.get("mybb").page_info(html, url)
    assert (info.current, info.last) == (1, 2)
    assert info.next_url == "https://sinister.ly/Thread-Mybb-or-vBulletin?page=2"


@pytest.mark.parametrize("name, engine, fixture", [
    ("invision", "invision", "palermo_el_page2.html"),
    ("smf", "smf", "lupus_it_smf20_page2.html"),
    ("smf", "smf", "mafia_ru_smf21.html"),
    ("mybb", "mybb", "mafia_ru_page2.html"),
])
def test_fixture_detected_by_its_engine_only(name, engine, fixture):
    html = page(engine, fixture)
    assert engines.for_page(html).name == name
    assert [e.name for e in engines.all_engines() if e.detect(html)] == [name]


# --- the demo game (fixtures/demo: IPS 4 pages written by the demo's author) -------------------

DEMO_THREAD = "https://forum.palermo.example/forums/topic/4312-palermo-43-extreme/"
# post number -> the red name it holds outside quotes (fixtures/demo/README.md, the story)
DEMO_VOTES = {14: "Νίκος", 15: "Λάμπρος", 18: "Γιώτα", 22: "Φώτης", 25: "Νίκος", 29: "Χάρης",
              31: "Φώτης", 34: "Φώτης", 38: "Νίκος", 41: "Φώτης", 48: "Νίκος", 55: "Φώτης"}


def demo_posts():
    pages = FIXTURES / "demo" / "pages"
    e = engines.get("invision")
    posts = []
    for n in (1, 2, 3):
        html = (pages / f"page-{n}.html").read_text(encoding="utf-8")
        assert engines.for_page(html) is e
        url = DEMO_THREAD if n == 1 else f"{DEMO_THREAD}page/{n}/"
        info = e.page_info(html, url)
        assert (info.current, info.last) == (n, 3)
        posts += e.parse_page(html, url, ATHENS, NOW)
    return posts


def _outside_quotes(html: str) -> str:
    while "<blockquote" in html:
        html = re.sub(r"<blockquote[^>]*>(?:(?!<blockquote).)*?</blockquote>", "", html, flags=re.S)
    return html


def test_demo_pages_parse_completely_with_red_votes_intact():
    posts = demo_posts()
    assert len(posts) == 62
    assert [p.number for p in posts] == list(range(1, 63))
    assert len({p.id for p in posts}) == 62 and all(p.author_id for p in posts)
    assert all(p.thread == DEMO_THREAD for p in posts)
    assert posts == sorted(posts, key=lambda p: p.sort_key())
    assert posts[0].author == "Αφηγητής" and posts[0].time == datetime(2026, 11, 2, 7, 0, tzinfo=UTC)
    for p in posts:
        reds = re.findall(r'<span style="color: #ff0000">(?:<strong>)?([^<]+)',
                          _outside_quotes(p.html))
        if p.number in DEMO_VOTES:
            assert reds == [DEMO_VOTES[p.number]], p.number
        elif p.author != "Αφηγητής":
            assert reds == [], p.number  # no red outside quotes: not a vote
    by_number = {p.number: p for p in posts}
    assert f'<blockquote data-author="Λάμπρος" data-post="{by_number[14].id}">' in by_number[43].html
    assert "νικήσει" not in by_number[31].html  # the red signature is not the post
    assert by_number[13].edited is not None and "Επεξεργ" not in by_number[13].html
    assert '<span style="color: #0000cd">Χάρη</span>' in by_number[21].html


def test_ips5_russian_page_without_quotedata():
    """IPS 5 markup (``article.ipsEntry``, ``details.ipsSpoiler``, ``p.ipsEdited``), no
    ``data-quotedata``: time from ``time[datetime]``, user id from the profile link."""
    url = "https://mafia.example.ru/topic/9001-mafiia-10/"
    html = page("invision", "mafia_ru_ips5.html")
    e = engines.for_page(html)
    assert e.name == "invision"
    posts = e.parse_page(html, url, MOSCOW, NOW)
    assert [(p.id, p.number, p.author, p.author_id) for p in posts] == [
        ("700101", 1, "Ведущий", "44"), ("700108", 2, "Ольга", "51")]
    assert [p.time for p in posts] == [datetime(2026, 11, 17, 17, 4, tzinfo=UTC),
                                       datetime(2026, 11, 18, 6, 30, tzinfo=UTC)]
    assert posts[0].edited == datetime(2026, 11, 17, 17, 10, tzinfo=UTC)
    assert posts[0].html == (
        '<p>День 1. Голосуем <span style="color: #e03e2d">красным</span> до 22:00.</p>\n'
        "<details><summary>Спойлер</summary><p>Роли розданы.</p></details>")
    assert posts[1].html == (
        '<blockquote data-author="Ведущий" data-post="700101"><p>Голосуем <span style="color: '
        '#e03e2d">красным</span> до 22:00.</p></blockquote>\n'
        '<p>Мой голос: <span style="color: #e03e2d">Дима</span></p>')
    info = e.page_info(html, url)
    assert (info.current, info.last, info.next_url) == (1, 2, url + "page/2/")


@pytest.mark.parametrize("engine, fixture, url, broken, pid", [
    ("smf", "lupus_it_smf20_page2.html", SMF_IT,
     ("<strong>Ieri</strong> alle 20:04:12", "l'altro ieri, più o meno"), "55127"),
    ("mybb", "mafia_ru_page2.html", MYBB_RU,
     ("18.11.2026, 09:41", "утром"), "107"),
])
def test_an_unreadable_time_keeps_the_post(engine, fixture, url, broken, pid):
    """Issue 11: one post's unreadable time never refuses the page; the post is kept with
    ``time`` None and ``problems`` ["time"], everything else read."""
    html = page(engine, fixture).replace(*broken)
    posts = {p.id: p for p in engines.get(engine).parse_page(html, url, MOSCOW, NOW)}
    assert posts[pid].time is None and posts[pid].problems == ("time",)
    assert posts[pid].author and posts[pid].html
    assert all(p.time is not None for p in posts.values() if p.id != pid)


def test_ips_without_a_machine_time_reads_the_title():
    html = page("invision", "mafia_ru_ips5.html").replace(
        'datetime="2026-11-18T06:30:00Z"', 'datetime="вчера"')
    posts = {p.id: p for p in engines.get("invision").parse_page(
        html, "https://mafia.example.ru/topic/9001-mafiia-10/", MOSCOW, NOW)}
    assert posts["700108"].time == datetime(2026, 11, 18, 9, 30, tzinfo=MOSCOW)
