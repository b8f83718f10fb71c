"""Vanilla's rich-editor quote embed (issue 11 follow-up: real pages).

The server sends ``div.js-embed[data-embedjson]`` whose JSON (``embedType`` "quote") names the
quoted post (``recordType``/``recordID``), its author (``insertUser.name``) and its ``body``; a
browser draws it into hashed ``css-…-quoteEmbed`` markup (FamilySearch's community page saved
from the browser, ``fixtures/engines/vanilla/real/``). Both read as the same quote.
"""

from __future__ import annotations

import html
import json
from datetime import UTC, datetime

from tests.conftest import FIXTURES
from votal.scraper import engines

PAGE = FIXTURES / "engines" / "vanilla" / "el_palermo8_vanilla2_page2.html"
URL = "https://forum.example.gr/discussion/812/palermo-8/p2"
NOW = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)


def _embed(kind: str, record: int, name: str, body: str, drawn: str = "") -> str:
    data = {"recordID": record, "recordType": kind, "body": body, "format": "rich",
            "insertUser": {"userID": 7, "name": name}, "embedType": "quote"}
    return (f'<div class="js-embed embedResponsive" data-embedjson="{html.escape(json.dumps(data))}">'
            f"{drawn}</div>")


def _posts(first_body: str):
    text = PAGE.read_text(encoding="utf-8").replace(
        'Καλησπέρα. Ψηφίζω <span style="color: #ff0000">Νίκο</span>.', first_body, 1)
    return engines.get("vanilla").parse_page(text, URL, UTC, NOW)


def test_a_quote_embed_the_browser_never_drew_is_read_from_its_json():
    body = _embed("comment", 3099, "Νίκος", "<p>Ψηφίζω <b>Λάμπρο</b>.</p>") + "Όχι!"
    post = _posts(body)[0]
    assert '<blockquote data-author="Νίκος" data-post="3099"><p>Ψηφίζω <b>Λάμπρο</b>.</p>' \
        in post.html
    assert "data-embedjson" not in post.html and post.html.endswith("Όχι!")


def test_a_drawn_quote_embed_keeps_the_drawn_text_and_loses_its_chrome():
    drawn = ('<div class="embedExternal css-1-quoteEmbed"><article><header><div class="css-2-'
             'userName"><a href="/profile/Nikos">Νίκος</a></div><time>Mar 3</time></header>'
             '<blockquote class="css-3-quoteEmbed-blockquote" cite="/discussion/812/x">'
             '<div class="userContent"><p>Καλή αρχή.</p></div></blockquote>'
             '<button title="Expand">Expand</button></article></div>')
    body = _embed("discussion", 812, "Νίκος", "<p>Καλή αρχή.</p>", drawn) + "Ναι."
    post = _posts(body)[0]
    assert '<blockquote data-author="Νίκος" data-post="d812"><p>Καλή αρχή.</p></blockquote>' \
        in post.html
    assert "Expand" not in post.html and "Mar 3" not in post.html
