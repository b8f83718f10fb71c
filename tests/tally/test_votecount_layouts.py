"""tally/votecounts.py over fixtures/votecounts/layouts.toml: each layout of a moderator's count
(issue 15), as data — the post and what it reads as."""

from __future__ import annotations

import tomllib

import pytest

from tests.conftest import FIXTURES
from votal.tally.votecounts import CountLine, html_to_text, read_mod_post

CASES = tomllib.loads((FIXTURES / "votecounts" / "layouts.toml").read_text(encoding="utf-8"))["case"]


def _read(case: dict):
    html = case.get("html") or case["text"].replace("\n", "<br>")
    return read_mod_post(html)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_layout(case):
    want = case["expected"]
    post = _read(case)
    vc = post.votecount
    if want.get("none"):
        assert vc is None and post.unreadable is None, html_to_text(case.get("html") or "")
        return
    if "unreadable" in want:
        assert vc is None and post.unreadable == want["unreadable"]
        return
    assert vc is not None, case["name"]
    assert vc.label == want.get("label")
    assert vc.lines == tuple(CountLine(x["target"], x["count"], tuple(x["voters"]))
                             for x in want["lines"])
    assert vc.not_voting == (tuple(want["not_voting"]) if "not_voting" in want else None)
    if "majority" in want:
        assert vc.majority == want["majority"]
    assert 0.5 <= vc.confidence <= 1
