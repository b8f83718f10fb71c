"""Discourse (JSON API + /raw/), NodeBB and Forumotion adapters: own fixtures, pagination, real pages."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from tests.conftest import FIXTURES, shared_path
from votal.errors import ScrapeError
from votal.scraper import engines
from votal.scraper.engines import discourse

UTC = UTC
ROME = ZoneInfo("Europe/Rome")
NOW = datetime(2026, 11, 18, 12, 0, tzinfo=UTC)


def page(engine: str, name: str) -> str:
    return (FIXTURES / "engines" / engine / name).read_text(encoding="utf-8")


def real(engine: str, name: str) -> str:
    return shared_path("real", "engines", engine, name).read_text(encoding="utf-8", errors="replace")


# --- Discourse --------------------------------------------------------------------------------

D_THREAD = "https://mafia.example.gr/t/palermo-7-mera-2/812"


def test_discourse_api_urls():
    e = engines.get("discourse")
    assert e.api.topic_url(D_THREAD + "/3") == "https://mafia.example.gr/t/812.json"
    urls = e.api.batch_urls(D_THREAD, list(range(1, 46)))
    assert len(urls) == 3
    assert urls[0] == "https://mafia.example.gr/t/812/posts.json?" + "&".join(
        f"post_ids[]={i}" for i in range(1, 21))
    assert urls[2].endswith("post_ids[]=41&post_ids[]=42&post_ids[]=43&post_ids[]=44&post_ids[]=45")
    assert discourse.raw_url(D_THREAD, 2) == "https://mafia.example.gr/raw/812?page=2"
    assert e.thread_url("https://mafia.example.gr/t/palermo-7-mera-2/812/3?u=x") == D_THREAD
    assert e.page_url(D_THREAD, 2) == D_THREAD + "?page=2"


def discourse_posts():
    e = engines.get("discourse")
    topic = e.api.parse_topic(page("discourse", "palermo7_topic.json"), e.api.topic_url(D_THREAD))
    assert (topic.topic_id, topic.slug, topic.stream) == (812, "palermo-7-mera-2", (5001, 5004, 5009))
    missing = [i for i in topic.stream if str(i) not in {p.id for p in topic.posts}]
    assert missing == [5009]
    url = e.api.batch_urls(D_THREAD, missing)[0]
    batch = e.api.parse_batch(page("discourse", "palermo7_posts_batch.json"), url, D_THREAD)
    return e.api.link_quotes(list(topic.posts) + batch)


def test_discourse_posts_exact():
    posts = discourse_posts()
    assert [(p.id, p.number, p.author, p.author_id) for p in posts] == [
        ("5001", 1, "Moderator", "2"), ("5004", 2, "Lampros", "31"), ("5009", 3, "Nikos", "40")]
    assert [p.time for p in posts] == [
        datetime(2026, 11, 17, 6, 0, tzinfo=UTC), datetime(2026, 11, 17, 18, 4, 12, 345000, tzinfo=UTC),
        datetime(2026, 11, 17, 18, 15, 30, tzinfo=UTC)]
    assert [p.edited for p in posts] == [None, datetime(2026, 11, 17, 18, 20, tzinfo=UTC), None]
    assert posts[1].url == D_THREAD + "/2" and {p.thread for p in posts} == {D_THREAD}
    # core Discourse leaves [color=red] as literal text: the adapter makes it a colour span
    assert posts[1].html == ('<p>Ψηφίζω <span style="color: red"><strong>Νίκο</strong></span></p>\n'
                             "<details><summary>Spoiler</summary>\n<p>είμαι ο αστυνόμος</p>\n"
                             "</details>")
    # aside.quote names post NUMBER 2; link_quotes turns it into the post id 5004
    assert posts[2].html == (
        '<blockquote data-author="Lampros" data-post="5004">\n<p>Ψηφίζω <span style="color: red">'
        "<strong>Νίκο</strong></span></p>\n</blockquote>\n"
        '<p>Ψηφίζω <span style="color: #ff0000">Λάμπρο</span></p>')
    assert posts[0].html == ("<p>Ξημέρωσε η μέρα 2. Ψηφοφορία μέχρι τις 22:00.</p>\n"
                             "<p>Ψήφοι με <code>[color=red]</code>.</p>")


def test_discourse_raw_markdown():
    raw = discourse.parse_raw(page("discourse", "palermo7_raw.md"))
    assert [(r.number, r.username) for r in raw] == [(1, "Moderator"), (2, "Lampros"), (3, "Nikos")]
    assert raw[1].updated_at == datetime(2026, 11, 17, 18, 20, tzinfo=UTC)  # updated_at, not created
    assert raw[1].html == ('<p>Ψηφίζω <span style="color: red"><strong>Νίκο</strong></span></p>'
                           "<details><summary>Spoiler</summary><p>είμαι ο αστυνόμος</p></details>")
    assert raw[2].html == ('<blockquote data-author="Lampros" data-post="#2"><p>Ψηφίζω '
                           '<span style="color: red"><strong>Νίκο</strong></span></p></blockquote>'
                           '<p>Ψηφίζω <span style="color: #ff0000">Λάμπρο</span></p>')


def test_discourse_apply_raw_restores_lost_colour():
    posts = discourse_posts()
    stripped = [replace(p, html="<p>Ψηφίζω <strong>Νίκο</strong></p>") if p.number == 2 else p
                for p in posts]
    fixed = discourse.apply_raw(stripped, discourse.parse_raw(page("discourse", "palermo7_raw.md")))
    assert '<span style="color: red"><strong>Νίκο</strong></span>' in fixed[1].html
    assert fixed[1].time == posts[1].time  # the raw header's updated_at never replaces the time
    assert fixed[0] is stripped[0]


def test_discourse_parse_page_accepts_json_and_rejects_garbage():
    e = engines.get("discourse")
    text = page("discourse", "palermo7_topic.json")
    assert e.detect(text)
    posts = e.parse_page(text.encode("utf-8"), "https://mafia.example.gr/t/812.json", UTC, NOW)
    assert [p.id for p in posts] == ["5001", "5004"]
    assert e.page_info(text, "https://mafia.example.gr/t/812.json").next_url is None
    with pytest.raises(ScrapeError, match="not JSON"):
        discourse.parse_posts_json("{oops", "https://mafia.example.gr/t/812.json")


def test_discourse_real_posts_json():
    url = "https://discuss.criticalfallibilism.com/t/2144/posts.json"
    text = real("discourse", "criticalfallibilism_t2144_posts.json")
    posts = engines.get("discourse").parse_page(text, url, UTC, NOW)
    data = json.loads(text)["post_stream"]["posts"]
    assert len(posts) == len(data) == 20
    assert [p.number for p in posts] == [d["post_number"] for d in data]
    first = posts[0]
    assert (first.id, first.author, first.author_id) == ("20089", "Elliot", "1")
    assert first.time == datetime(2026, 1, 8, 19, 23, 48, 342000, tzinfo=UTC)
    assert first.url == "https://discuss.criticalfallibilism.com/t/kpop-demon-hunters/2144/1"
    edited = {p.number for p in posts if p.edited}
    assert edited == {d["post_number"] for d in data if d["version"] > 1}
    by_number = {p.number: p for p in posts}
    # quotes of posts on this page point at their ids; post 8 quotes post 4 (id 20110)
    assert by_number[8].html.startswith('<blockquote data-author="Apricus" data-post="20110">')
    assert "<aside" not in "".join(p.html for p in posts)
    assert "quote-controls" not in "".join(p.html for p in posts)
    assert "<details><summary>Spoiler</summary>" in by_number[9].html


def test_discourse_real_raw():
    raw = discourse.parse_raw(real("discourse", "urho3d_raw_2400.md"))
    assert [(r.number, r.username) for r in raw] == [
        (1, "Sir_Nate"), (2, "Lumak"), (3, "godan"), (4, "Lumak")]
    assert raw[0].updated_at == datetime(2017, 1, 2, 1, 15, 12, tzinfo=UTC)
    assert raw[3].html.startswith("<p>Some options:<br>1) write a custom collision")


# --- NodeBB -----------------------------------------------------------------------------------

N_URL = "https://lupus.example.it/topic/77/lupus-8-giorno-2?page=2"


def test_nodebb_italian_page_exact():
    posts = engines.get("nodebb").parse_page(page("nodebb", "lupus_it_page2.html"), N_URL, ROME, NOW)
    assert [(p.id, p.number, p.author, p.author_id) for p in posts] == [
        ("1520", 21, "Chiara", "18"), ("1523", 22, "Luca", "23")]
    assert [p.time for p in posts] == [datetime(2026, 11, 17, 20, 4, tzinfo=UTC),
                                       datetime(2026, 11, 17, 20, 15, tzinfo=UTC)]
    assert [p.edited for p in posts] == [None, datetime(2026, 11, 17, 20, 19, 30, tzinfo=UTC)]
    assert posts[0].url == "https://lupus.example.it/post/1520"
    assert posts[0].html == ('<p dir="auto">Voto <strong>Luca</strong>, '
                             '<span style="color: #ff0000">Luca</span>.</p>')  # no signature
    assert posts[1].html == (
        '<blockquote data-author="Chiara" data-post="1520">\n<p dir="auto">Voto <strong>Luca'
        '</strong>, <span style="color: #ff0000">Luca</span>.</p>\n</blockquote>\n'
        '<p dir="auto">Io voto <span style="color: #ff0000">Chiara</span>.</p>')


def test_nodebb_pagination():
    e = engines.get("nodebb")
    info = e.page_info(page("nodebb", "lupus_it_page2.html"), N_URL)
    assert (info.current, info.last, info.next_url) == (2, 2, None)
    assert e.thread_url(N_URL) == "https://lupus.example.it/topic/77/lupus-8-giorno-2"
    assert e.thread_url("https://x.org/topic/77/slug/21") == "https://x.org/topic/77/slug"
    assert e.page_url(N_URL, 3) == "https://lupus.example.it/topic/77/lupus-8-giorno-2?page=3"


def test_nodebb_real_page():
    url = "https://community.nodebb.org/topic/13803/new-desing-for-nodebb-chat/6"
    posts = engines.get("nodebb").parse_page(real("nodebb", "NodeBB.html"), url, UTC, NOW)
    assert len(posts) == 13 and [p.number for p in posts] == list(range(1, 14))
    assert (posts[0].id, posts[0].author, posts[0].author_id) == ("73812", "youhosi", "15372")
    assert posts[0].time == datetime(2019, 3, 24, 19, 54, 11, 505000, tzinfo=UTC)
    assert posts[1].edited == datetime(2019, 3, 24, 22, 7, 47, 669000, tzinfo=UTC)
    assert posts[3].html.startswith('<blockquote data-author="MJ" data-post="73814">')
    assert posts[8].html.startswith('<blockquote data-author="arranka" data-post="73868">\n\n'
                                    '<blockquote data-author="scottalanmiller" data-post="73864">')
    assert not any("said in" in p.html for p in posts)


# --- Forumotion -------------------------------------------------------------------------------

F_URL = "https://lupus.forumattivo.com/t120p15-lupus-in-tabula-partita-12"


def test_forumotion_italian_page_exact():
    posts = engines.get("forumotion").parse_page(page("forumotion", "lupus_forumattivo_page2.html"),
                                                 F_URL, ROME, NOW)
    assert [(p.id, p.number, p.author, p.author_id) for p in posts] == [
        ("3301", 16, "Nikos", "5"), ("3307", 17, "Chiara", "18"), ("3312", 18, "Luca", "23")]
    # "il Lun 16 Nov 2026 - 21:40", "Ieri alle 20:04", "Oggi alle 09:15" (Europe/Rome)
    assert [p.time for p in posts] == [
        datetime(2026, 11, 16, 21, 40, tzinfo=ROME), datetime(2026, 11, 17, 20, 4, tzinfo=ROME),
        datetime(2026, 11, 18, 9, 15, tzinfo=ROME)]
    assert posts[0].url == F_URL + "#3301"
    assert posts[0].html == ('<div>Giorno 2: si vota fino a domani alle 22:00.<br>'
                             '<span style="color: red">Ricordate: il voto va in rosso.</span></div>')
    assert posts[1].html == ('<div>Voto <span style="color: #ff0000"><strong>Luca</strong></span>.'
                             "<details><summary>Spoiler</summary>Sono la veggente.</details></div>")
    assert posts[2].html == ('<div><blockquote data-author="Chiara">Voto <span style="color: #ff0000">'
                             "<strong>Luca</strong></span>.</blockquote>Io? Allora voto "
                             '<span style="color: red">Chiara</span>.</div>')
    assert not any("narratore" in p.html for p in posts)  # red signature dropped


def test_forumotion_pagination():
    e = engines.get("forumotion")
    info = e.page_info(page("forumotion", "lupus_forumattivo_page2.html"), F_URL)
    assert (info.current, info.last) == (2, 3)
    assert info.next_url == "https://lupus.forumattivo.com/t120p30-lupus-in-tabula-partita-12"
    assert e.thread_url(F_URL + "#3307") == "https://lupus.forumattivo.com/t120-lupus-in-tabula-partita-12"
    assert info.per_page == 15
    assert e.page_url(F_URL, 4, info) == "https://lupus.forumattivo.com/t120p45-lupus-in-tabula-partita-12"
    assert e.page_url(F_URL, 1) == "https://lupus.forumattivo.com/t120-lupus-in-tabula-partita-12"


def test_forumotion_real_page():
    url = "https://wolfsrebellen-netz.forumieren.com/t7-forums-regeln"
    berlin = ZoneInfo("Europe/Berlin")
    posts = engines.get("forumotion").parse_page(
        real("forumotion", "forumieren_wolfsrebellen_t7_de.html"), url, berlin, NOW)
    assert [(p.id, p.number, p.author) for p in posts] == [
        ("7", 1, "lupa"), ("655", 2, "lupa"), ("702", 3, "lupa")]  # the #p0 advert is skipped
    assert posts[0].time == datetime(2013, 10, 26, 15, 48, tzinfo=berlin)  # "am 26/10/13, 03:48 pm"
    assert posts[2].time == datetime(2014, 5, 30, 23, 17, tzinfo=berlin)
    assert '<span style="color: #ff0000">Forums - Regeln</span>' in posts[0].html
    assert not any("990000" in p.html or "ich bin nicht da" in p.html for p in posts)


@pytest.mark.parametrize("engine, fixture", [
    ("nodebb", "lupus_it_page2.html"), ("forumotion", "lupus_forumattivo_page2.html"),
    ("discourse", "palermo7_topic.json"),
])
def test_fixture_detected_by_its_engine_only(engine, fixture):
    text = page(engine, fixture)
    assert [e.name for e in engines.all_engines() if e.detect(text)] == [engine]


def test_discourse_crawler_page_fallback():
    url = D_THREAD + "?page=2"
    e = engines.get("discourse")
    html = page("discourse", "palermo7_crawler_page2.html")
    assert engines.for_page(html) is e
    posts = e.parse_page(html, url, UTC, NOW)
    assert [(p.id, p.number, p.author, p.url) for p in posts] == [
        ("812#21", 21, "Eleni", D_THREAD + "/21"), ("812#22", 22, "Nikos", D_THREAD + "/22")]
    assert [p.time for p in posts] == [datetime(2026, 11, 17, 19, 40, tzinfo=UTC),
                                       datetime(2026, 11, 17, 19, 45, tzinfo=UTC)]
    assert [p.edited for p in posts] == [datetime(2026, 11, 17, 19, 41, 10, tzinfo=UTC), None]
    assert posts[0].html == '<p>Ψηφίζω <span style="color: red">Νίκο</span>.</p>'
    assert posts[1].html == ('<blockquote data-author="Eleni" data-post="812#21"><p>Ψηφίζω '
                             '<span style="color: red">Νίκο</span>.</p></blockquote>\n'
                             "<p>Γιατί εμένα;</p>")
    info = e.page_info(html, url)
    assert (info.current, info.last, info.next_url) == (2, None, D_THREAD + "?page=3")


def test_discourse_literal_colour_tags_outside_code_only():
    cooked = ("<p>[color=red][color=#c0392b]Nikos[/color][/color] and "
              "<code>[color=red]x[/color]</code></p><pre><code>[color=red]y[/color]</code></pre>")
    assert discourse.normalize_cooked(cooked) == (
        '<p><span style="color: red"><span style="color: #c0392b">Nikos</span></span> and '
        "<code>[color=red]x[/color]</code></p><pre><code>[color=red]y[/color]</code></pre>")


def test_discourse_link_quotes_is_idempotent_and_never_guesses():
    posts = discourse_posts()
    assert discourse.link_quotes(discourse.link_quotes(posts)) == posts
    url = discourse.batch_urls(D_THREAD, [5009])[0]
    quoting = discourse.parse_posts_json(page("discourse", "palermo7_posts_batch.json"), url)[0]
    alone = discourse.link_quotes([quoting])  # the quoted post (number 2) is not known
    assert 'data-post="#2"' in alone[0].html
    other = discourse.normalize_cooked(
        '<aside class="quote" data-username="X" data-post="4" data-topic="99"><blockquote>'
        "<p>hi</p></blockquote></aside>", topic=812)
    assert other == '<blockquote data-author="X" data-post="99#4"><p>hi</p></blockquote>'
    assert discourse.link_quotes([replace(quoting, html=other)])[0].html == other


def test_forumotion_awesomebb_skin_russian():
    """The AwesomeBB skin: ``div.post-wrap.post--ID``, ``.post-date``, ``.post-author-name``."""
    url = "https://mafia.forum2x2.ru/t45-topic"
    moscow = ZoneInfo("Europe/Moscow")
    html = page("forumotion", "mafia_ru_forum2x2_awesomebb.html")
    assert engines.for_page(html).name == "forumotion"
    posts = engines.get("forumotion").parse_page(html, url, moscow, NOW)
    assert [(p.id, p.number, p.author, p.author_id, p.url) for p in posts] == [
        ("801", 1, "Борис", "12", url + "#801"), ("803", 2, "Анна", "31", url + "#803")]
    assert [p.time for p in posts] == [datetime(2026, 11, 17, 20, 4, tzinfo=moscow),
                                       datetime(2026, 11, 18, 9, 30, tzinfo=moscow)]
    assert posts[0].html == 'Голосую: <span style="color: #ff0000">Анна</span>. Молчит весь день.'
    assert posts[1].html == (
        '<blockquote data-author="Борис">Голосую: <span style="color: #ff0000">Анна</span>. '
        "Молчит весь день.</blockquote>\n    Я не молчу! Мой голос: "
        '<span style="color: #ff0000">Борис</span>, см. <a href="/u12">профиль</a>.')


_RENDERED = """<html><head><meta name="generator" content="Discourse 3.3.0"></head><body>
<div class="post-stream">
<article id="post_1" role="region" data-post-id="9001" data-topic-id="812" data-user-id="7"
 class="boxed onscreen-post"><div class="topic-body"><div class="topic-meta-data">
<div class="names trigger-user-card"><span class="first username"><a href="/u/eleni">Eleni</a>
</span><span class="second full-name"><a href="/u/eleni">Ελένη Π.</a></span></div>
<div class="post-info post-date"><a class="post-date" href="/t/palermo-7-mera-2/812/1">
<span title="17 Νοε 2026 21:40" data-time="1794944400000" class="relative-date">1 ημ.</span>
</a></div></div><div class="regular contents"><div class="cooked">
<p>Ψηφίζω <span style="color: red">Νίκο</span>.</p></div></div></div></article>
<article id="post_2" role="region" class="small-action onscreen-post">
<div class="small-action-desc">pinned</div></article>
<article id="post_3" role="region" data-post-id="9003" data-topic-id="812" data-user-id="8"
 class="boxed onscreen-post"><div class="topic-body"><div class="topic-meta-data">
<div class="names"><span class="first username"><a href="/u/nikos">Nikos</a></span></div>
<div class="post-info post-date"><a class="post-date" href="/t/palermo-7-mera-2/812/3">
<span data-time="1794944700000" class="relative-date">1 ημ.</span></a></div></div>
<div class="regular contents"><div class="cooked"><aside class="quote no-group"
 data-username="Eleni" data-post="1" data-topic="812"><div class="title">
<div class="quote-controls"></div> Eleni:</div><blockquote><p>Ψηφίζω Νίκο.</p></blockquote>
</aside><p>Γιατί εμένα;</p></div></div></div></article>
</div></body></html>"""


def test_discourse_page_saved_from_the_browser():
    """The DOM the browser drew (no crawler view, issue 11): real post ids and member ids,
    epoch-millisecond times, a moderator's small action skipped, quotes given the ids."""
    e = engines.get("discourse")
    assert engines.for_page(_RENDERED) is e
    posts = e.parse_page(_RENDERED, D_THREAD + "/3", UTC, NOW)
    assert [(p.id, p.number, p.author, p.author_id, p.url) for p in posts] == [
        ("9001", 1, "Eleni", "7", D_THREAD + "/1"), ("9003", 3, "Nikos", "8", D_THREAD + "/3")]
    assert [p.time for p in posts] == [datetime(2026, 11, 17, 19, 40, tzinfo=UTC),
                                       datetime(2026, 11, 17, 19, 45, tzinfo=UTC)]
    assert posts[0].html.strip() == '<p>Ψηφίζω <span style="color: red">Νίκο</span>.</p>'
    assert '<blockquote data-author="Eleni" data-post="9001"><p>Ψηφίζω Νίκο.</p>' \
        in posts[1].html and "quote-controls" not in posts[1].html
