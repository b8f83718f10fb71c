"""Issue 11's engines beyond the fixture data: Flarum's fetch strategy, a defunct platform
refused in one line, saved pages whose <meta> charset lies, phpBB 2 signatures."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import FIXTURES, shared_path
from votal.errors import UnknownEngineError
from votal.scraper import engines
from votal.scraper.encoding import decode
from votal.scraper.sources import read_saved_page

FLARUM = FIXTURES / "engines" / "flarum"
THREAD = "https://lupus.example.it/d/77-lupus-16-giorno-2"


def test_flarum_api_strategy_reads_the_stream_then_the_missing_posts():
    api = engines.get("flarum").api
    assert api.topic_url(THREAD + "/4") == "https://lupus.example.it/api/discussions/77"
    answer = (FLARUM / "it_lupus16_discussion.json").read_text("utf-8")
    topic = api.parse_topic(answer, api.topic_url(THREAD))
    assert (topic.topic_id, topic.slug, topic.stream) == (77, "77-lupus-16-giorno-2",
                                                          (901, 905, 906, 912))
    missing = [i for i in topic.stream if str(i) not in {p.id for p in topic.posts}]
    assert missing == [906, 912]  # 906 is a rename event: asked, never a post
    url = api.batch_urls(THREAD, missing)[0]
    assert url == "https://lupus.example.it/api/posts?filter[id]=906,912"
    batch = api.parse_batch((FLARUM / "it_lupus16_posts_batch.json").read_text("utf-8"), url,
                            THREAD)
    posts = api.link_quotes(list(topic.posts) + batch)
    assert [(p.id, p.number, p.author) for p in posts] == [
        ("901", 1, "Narratore"), ("905", 2, "Giulia"), ("912", 4, "Marco")]
    assert posts[2].url == THREAD + "/4"
    assert '<blockquote data-author="Giulia" data-post="905">' in posts[2].html
    assert len(api.batch_urls(THREAD, list(range(1, 121)))) == 3


def test_a_curse_page_is_refused_in_one_line(tmp_path: Path):
    page = shared_path("real", "engines", "curse", "mtgsalvation_unreliable-cops-mafia_p1_en.html")
    html = decode(page.read_bytes())
    with pytest.raises(UnknownEngineError, match=r"Curse's forum platform .* shut down"):
        engines.for_page(html, "saved.html")
    with pytest.raises(UnknownEngineError, match=r"^.*mtgsalvation.*: a thread page of Curse"):
        read_saved_page(page, "UTC")
    assert engines.get("curse").parse_page("<html></html>", "https://x/", None, None) == []


def test_a_meta_charset_over_utf8_bytes_is_not_believed():
    page = shared_path("real", "engines", "invision", "hustle-sa_showtopic2969_ipb13_ru.html")
    text = decode(page.read_bytes())
    assert "Дата" in text and "Ð" not in text
    legacy = '<meta charset="windows-1251"><p>Вчера</p>'.encode("cp1251")
    assert decode(legacy).endswith("<p>Вчера</p>")


def test_phpbb2_drops_the_signature_and_keeps_the_text_before_it():
    page = FIXTURES / "engines" / "phpbb2" / "it_lupus14_page2_latin1.html"
    url = "https://lupus.example.it/forum/viewtopic.php?t=321&start=15"
    saved = read_saved_page(page, "Europe/Rome")
    assert saved.engine.name == "phpbb2"
    first = saved.posts[0]
    assert "Viva i lupi" not in first.html and "Marco" in first.html
    assert engines.get("phpbb2").page_url(url, 3, saved.info) == \
        "https://lupus.example.it/forum/viewtopic.php?t=321&start=30"


class FlarumForum:
    """A Flarum JSON:API answering /api/discussions/ID and /api/posts?filter[id]=…."""

    def __init__(self, n: int):
        self.n = n
        self.log: list[str] = []

    def post(self, i: int) -> dict:
        return {"type": "posts", "id": str(700 + i), "attributes": {
            "number": i, "createdAt": f"2026-11-28T{18 + i // 60}:{i % 60:02d}:00+00:00",
            "contentType": "comment", "contentHtml": f"<p>post {i}</p>"},
            "relationships": {"user": {"data": {"type": "users", "id": "5"}}}}

    def __call__(self, request):
        import httpx

        self.log.append(str(request.url))
        user = {"type": "users", "id": "5", "attributes": {"displayName": "Giulia"}}
        if request.url.path == "/api/discussions/77":
            return httpx.Response(200, json={
                "data": {"type": "discussions", "id": "77", "attributes": {"slug": "77-lupus"},
                         "relationships": {"posts": {"data": [
                             {"type": "posts", "id": str(700 + i)} for i in range(1, self.n + 1)]}}},
                "included": [self.post(i) for i in range(1, min(self.n, 20) + 1)] + [user]})
        if request.url.path == "/api/posts":
            ids = [int(x) - 700 for x in request.url.params["filter[id]"].split(",")]
            return httpx.Response(200, json={"data": [self.post(i) for i in ids],
                                             "included": [user]})
        return httpx.Response(404)


def test_flarum_thread_is_fetched_through_its_declared_api(tmp_path):
    import math

    import httpx

    from votal.scraper.fetch import scrape
    from votal.scraper.http import HttpClient, HttpOptions
    from votal.scraper.store import Store

    forum = FlarumForum(60)
    with Store(tmp_path / "s.sqlite") as store, HttpClient(
            HttpOptions(rate=math.inf), transport=httpx.MockTransport(forum)) as client:
        s = scrape("https://lupus.example.it/d/77-lupus", store=store, client=client,
                   timezone="UTC")
        assert (s.engine, s.new, s.requests) == ("flarum", 60, 2)  # the stream + one batch
        assert [p.number for p in store.posts(s.thread)] == list(range(1, 61))
        assert "filter[id]=721,722" in forum.log[1].replace("%2C", ",").replace("%5B", "[") \
            .replace("%5D", "]")
