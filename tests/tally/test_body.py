"""A post body is parsed once (issue 12): one parse per body for every reader, none in a rule.

tally/bodies/body.py holds the one parser of post bodies; extract.py (vote marks, quotes, MR-02's
coloured names), votecounts.py (moderators' counts) and app/signup.py read its tree without changing
it, and the rules read what those readers derived.
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest
from lxml import etree

from votal.app.load import load_game, load_posts
from votal.app.signup import find_signup
from votal.tally.bodies import body as body_module
from votal.tally.bodies.body import Body
from votal.tally.bodies.extract import read_post
from votal.tally.engine import tally_game
from votal.tally.rules.reading import clear_cache
from votal.tally.votecounts import html_to_text, read_mod_post

from ..conftest import FIXTURES, ROOT

GAMES = sorted(p.parent.name for p in (FIXTURES / "games").glob("*/game.toml"))
_PARSERS = ("fromstring", "HTMLParser", "XMLParser", "document_fromstring", "fragment_fromstring",
            "iterparse", "XML", "HTML")


def _counting(monkeypatch) -> Counter:
    seen: Counter = Counter()
    real = body_module.parse

    def parse(html: str):
        seen[html] += 1
        return real(html)

    monkeypatch.setattr(body_module, "parse", parse)
    clear_cache()
    return seen


@pytest.mark.parametrize("name", GAMES)
def test_a_tally_parses_each_post_body_once(monkeypatch, name):
    game = load_game(FIXTURES / "games" / name / "game.toml")
    posts = load_posts(game, offline=True, db=None)
    seen = _counting(monkeypatch)
    tally_game(game, posts)
    assert seen, "the game's posts were read"
    assert max(seen.values()) == 1, [h[:60] for h, n in seen.items() if n > 1]


def test_a_moderator_s_post_is_parsed_once_for_the_tally_and_the_audit(monkeypatch):
    html = "<p>Vote Count 1.1</p><p>Mira - 2 - Tosk, Pebble</p><p>Not voting - Ash</p>"
    seen = _counting(monkeypatch)
    first, again = read_mod_post(html), read_mod_post(html, lambda name: True)
    assert first.votecount is not None and again.votecount is not None
    assert seen == Counter({html: 1})


def test_readers_share_one_tree_and_leave_it_unchanged(monkeypatch):
    html = ('<div>Players:</div><ol><li>Nikos</li><li><s>Anna</s></li><li>Maria</li><li>Eleni</li>'
            '</ol><blockquote data-author="X"><span style="color: red">Anna</span></blockquote>'
            '<table><tr><td>Nikos</td><td><s>old</s> 2</td></tr></table>'
            '<p><span style="color: red">Nikos</span> <span style="color: blue">Maria</span></p>')
    seen = _counting(monkeypatch)
    body = Body(html)
    root = body.root
    assert root is not None
    before = etree.tostring(root)
    reading = read_post(body, "red")
    text = html_to_text(body)
    signup = find_signup(body)
    assert seen == Counter({html: 1})
    assert etree.tostring(root) == before
    assert [m.text for m in reading.marks] == ["Nikos"]
    assert reading.coloured == (("blue", "Maria"),)
    assert [q.author for q in reading.quotes] == ["X"]
    assert "Nikos | 2" in text.splitlines() and "Anna" not in text and "old" not in text
    assert signup is not None and signup.names == ("Nikos", "Maria", "Eleni")
    assert read_post(body, "red") == reading and html_to_text(body) == text


def _calls(path: Path) -> set[str]:
    """Names of attributes or functions called in a module (``etree.fromstring(...)``)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            f = node.func
            out.add(f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", ""))
    return out


def test_only_tally_body_parses_html_and_no_rule_imports_lxml():
    parsing = []
    # the tally's readers, and init's sign-up reader (app/signup.py)
    for path in sorted([*(ROOT / "tally").rglob("*.py"), ROOT / "app" / "signup.py"]):
        if path.name != "body.py" and _calls(path) & set(_PARSERS):
            parsing.append(str(path.relative_to(ROOT)))
    assert not parsing, f"HTML parsed outside tally/bodies/body.py: {parsing}"
    rules = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "tally" / "rules").glob("*.py"))
             if "lxml" in p.read_text(encoding="utf-8")]
    assert not rules, f"rules touching lxml: {rules}"
