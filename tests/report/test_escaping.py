"""Hostile nicknames and notes come out inert in every format."""

from __future__ import annotations

import csv
import io
import re

import pytest
from lxml import html as lxml_html
from markdown_it import MarkdownIt

from votal.report import render

from .helpers import renamed, sample

HOSTILE = {
    "Carol": "Eve[/url][color=red]X[/color][url=https://evil.example/]",
    "Bob": "<script>alert(1)</script><img src=x onerror=alert(2)>",
    "Alice": "**Al** _i_ [x](javascript:y) @everyone :poop: `c` | t |",
    "Dave": "=HYPERLINK(\"http://evil.example\")",
    "Erin": "Er\x1b[31min\u202e",
}


@pytest.fixture
def hostile():
    r = renamed(sample("en-mafiascum-majority"), HOSTILE)
    r["votes"][1]["url"] = "javascript:alert(3)"            # Bob's vote: not a web link
    r["votes"][2]["url"] = "https://forum.example/t/1]x[/url](y) <b>"   # Dave's vote
    r["notes"] = ["[b]note[/b] <i>x</i>"]
    return r


OUR_BBCODE = {"b", "/b", "url", "/url", "s", "/s"}


def test_bbcode_opens_only_our_tags(hostile):
    for public in (True, False):
        out = render(hostile, "bbcode", public=public)
        tags = re.findall(r"\[(/?[a-z]+)[=\]]", out)
        assert set(tags) <= OUR_BBCODE, set(tags) - OUR_BBCODE
        assert out.count("[url=") == out.count("[/url]")
        assert "[color" not in out and "[url=https://evil" not in out
        assert "javascript:" not in out.replace("[\u200bx](javascript:y)", "")


def test_bbcode_link_targets_cannot_close_the_tag(hostile):
    out = render(hostile, "bbcode")
    for target in re.findall(r"\[url=([^\]]*)\]", out):
        assert target.startswith("https://") and "[" not in target and " " not in target


def test_html_has_no_markup_from_names(hostile):
    for public in (True, False):
        doc = lxml_html.fromstring(render(hostile, "html", public=public))
        assert not doc.xpath("//script") and not doc.xpath("//img") and not doc.xpath("//i")
        assert not doc.xpath("//@onerror")
        for href in doc.xpath("//a/@href"):
            assert href.startswith("https://"), href
        assert HOSTILE["Bob"] in doc.text_content()


def test_markdown_renders_names_as_text(hostile):
    out = render(hostile, "markdown", public=False)
    page = MarkdownIt("commonmark").render(out)
    doc = lxml_html.fromstring(page)
    assert not doc.xpath("//script") and not doc.xpath("//img") and not doc.xpath("//code")
    hrefs = doc.xpath("//a/@href")
    assert hrefs and all(h.startswith("https://forum") for h in hrefs)
    # no mention, no emoji on Discourse
    assert not re.search(r"(?<!\\)@everyone", out) and not re.search(r"(?<!\\):poop", out)
    text = doc.text_content()
    assert HOSTILE["Alice"] in text and HOSTILE["Bob"] in text
    # Carol (the hammered one) keeps her whole name as text in the bold label
    assert any(b.text_content() == HOSTILE["Carol"] for b in doc.xpath("//strong"))


def test_text_has_no_control_characters(hostile):
    out = render(hostile, "text", public=False)
    assert "\x1b" not in out and "\u202e" not in out
    assert "Er[31min" in out


def test_csv_cells_cannot_be_formulas(hostile):
    rows = list(csv.reader(io.StringIO(render(hostile, "csv"))))
    assert all(not c.startswith(("=", "+", "@")) for row in rows for c in row)
    assert "'" + HOSTILE["Dave"] in [c for row in rows for c in row]
