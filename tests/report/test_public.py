"""PX-06 / interfaces §3 --public: what a public report may never show."""

from __future__ import annotations

import json
import re
import tomllib

import pytest
from lxml import html as lxml_html

from votal.report import FORMATS, escape, gamewords, public_view, render
from votal.report.i18n import END_NOTES, LANGUAGES, SIDES, STRINGS, VIOLATIONS
from votal.report.public import PUBLIC_NOTE_RULES
from votal.report.view import revealed_text

from ..conftest import FIXTURES, SHARED, shared_path
from .engine_runs import game_days
from .helpers import sample

SCENARIOS = sorted(p.name for p in (SHARED / "scenarios").glob("*")) if SHARED.exists() else []

# Which rule ids name each secret ability of the game file's events.
ABILITY_RULES = {
    "lawyer": ("PX-07",), "cop_swap": ("PX-08",), "block": ("PX-09",), "owl": ("LM-04",),
    "priest": ("LM-05",), "card": ("PX-11", "PX-12", "PX-13", "PX-14", "PX-15", "PX-16"),
}
MAYOR_WORDS = ("mayor", "Δημάρχ", "sindaco", "мэр")


def test_public_view_drops_every_private_field():
    d = sample("el-palermo-mayor")
    p = public_view(d)
    assert "private" not in p and "review" not in p
    assert {v["weight"] for v in p["votes"]} == {1}
    assert all("note" not in v for v in p["votes"] + p["violations"])
    assert p["notes"] == []            # "Δήμητρα (mayor) broke the tie" names the mayor
    assert p["tally"] == d["tally"] and p["outcome"] == d["outcome"]
    assert public_view(p) == p          # idempotent
    assert d["private"]["roles"]        # the input is not modified


def test_public_view_hides_secret_abilities_and_card_locks():
    d = sample("en-mafiascum-majority")
    d["votes"][0].update(status="void", rule="LM-05", note="parroco removed it")
    d["votes"][1].update(rule="PX-11")
    d["violations"] = [{"rule": "V-LOCKED-VOTE", "player": "Bob", "post": "7002"},
                       {"rule": "V-SELF", "player": "Erin", "post": "7004"}]
    removed = d["votes"][0]["post"]
    p = public_view(d)
    # LM-05 (rev. 2): the removed vote is shown nowhere (neither as counted nor otherwise)
    assert all(v["post"] != removed for v in p["votes"])
    assert len(p["votes"]) == len(d["votes"]) - 1
    assert p["votes"][0]["rule"] == ""    # PX-11's card holder is secret
    assert [v["rule"] for v in p["violations"]] == ["V-SELF"]


def _private_facts(game_toml) -> dict:
    g = tomllib.loads(game_toml.read_text(encoding="utf-8"))
    roles = {p["name"]: p["role"] for p in g["players"] if p.get("role")}
    factions = {p["name"]: p["faction"] for p in g["players"] if p.get("faction")}
    users = [(e["actor"], ABILITY_RULES[e["type"]]) for e in g.get("events", [])
             if e.get("actor") and e["type"] in ABILITY_RULES]
    return {"title": g["title"], "roles": roles, "factions": factions, "users": users,
            "ruleset": g["ruleset"]}


def _our_words(lang: str) -> str:
    # SIDES, STRINGS' win_*, END_NOTES: the end of the game names the winning side ("mafia"),
    # never a holder
    tables = [STRINGS, VIOLATIONS, SIDES, dict(END_NOTES)]
    return " ".join(row[lang] for t in tables for row in t.values()).casefold()


def _assert_no_leak(out: str, facts: dict, lang: str, where: str,
                    revealed: tuple[str, ...] = ()) -> None:
    # the game's title and the thread's URLs are the moderators' words, not a report's
    title = facts["title"]
    body = out.replace(title, "").replace(escape.markdown(title), "")
    body = re.sub(r"https?://[^\s\]\)\"<,]+", "URL", body)
    for r in revealed:          # roles the rules announce (PC-06, PX-18) are public
        body = body.replace(r, "").replace(escape.markdown(r), "")
    ours = _our_words(lang)
    lines = body.casefold().splitlines()
    # a role or faction as the game file writes it and as a report says it (report/gamewords.py)
    said = [(h, w) for h, r in facts["roles"].items()
            for w in {r, gamewords.role(facts.get("ruleset", ""), r, lang)}]
    said += [(h, w) for h, f in facts["factions"].items() for w in {f, gamewords.faction(f, lang)}]
    for holder, word in said:
        w = word.casefold()
        if w not in ours:     # "lawyer" is our own word in MB-05's public outcome
            assert not re.search(rf"\b{re.escape(w)}\b", body.casefold()), (where, word)
        assert not any(w in ln and holder.casefold() in ln for ln in lines), (where, holder, word)
    mayors = [h for h, r in facts["roles"].items() if r == "mayor"]
    for ln in lines:
        if any(m.casefold() in ln for m in MAYOR_WORDS):
            assert not any(h.casefold() in ln for h in mayors), (where, ln)
    for actor, rules in facts["users"]:
        for ln in lines:
            assert not (actor.casefold() in ln and any(r.casefold() in ln for r in rules)), \
                (where, actor, ln)
    for secret in ("weight", "βάρος", "peso", "вес", "seed", "effects", "private"):
        assert not re.search(rf"\b{secret}\b", body, re.I) or secret == "private", (where, secret)


def _revealed(result: dict, fmt: str, lang: str) -> tuple[str, ...]:
    shown = tuple(revealed_text(r, lang, result.get("ruleset", ""))
                  for r in result.get("revealed", []))
    if fmt == "json":
        shown += tuple(str(r.get("role")) for r in result.get("revealed", [])
                       if isinstance(r, dict))
    return shown


def _json_words(data: dict) -> str:
    """The public JSON, minus the public codes that are also role words ("reason": "mayor")."""
    assert "private" not in data and "review" not in data
    assert all(v["weight"] == 1 and "note" not in v for v in data["votes"])
    data["outcome"].pop("reason", None)
    data.pop("ruleset")                 # "mafia-forum-ru" is public, whatever "mafia" means
    # the end of the game: the winning side in rules.md "Winners" words ("town") and its rule
    end = data.pop("end", None)
    assert end is None or set(end) <= {"winner", "winners", "rule", "note"}
    assert all(n.startswith(PUBLIC_NOTE_RULES) for n in data.pop("notes"))
    for v in data["votes"]:
        v.pop("weight")
    return json.dumps(data, ensure_ascii=False, indent=1)


def _visible_text(page: str) -> str:
    """What a reader sees of an HTML page (CSS and the SVG's drawing commands left out)."""
    doc = lxml_html.fromstring(page)
    for el in doc.xpath("//style|//*[local-name()='svg']"):
        el.getparent().remove(el)
    return doc.text_content()


OUR_GAMES = sorted(p.parent.name for p in (FIXTURES / "games").glob("*/game.toml"))
ALL_GAMES = [f"scenarios/{s}" for s in SCENARIOS] + [f"games/{g}" for g in OUR_GAMES]


@pytest.mark.parametrize("game", ALL_GAMES)
def test_public_reports_of_every_game_leak_nothing(game):
    kind, name = game.split("/")
    game_toml = (shared_path("scenarios", name, "game.toml") if kind == "scenarios"
                 else FIXTURES / "games" / name / "game.toml")
    scenario = game
    facts = _private_facts(game_toml)
    days = game_days(str(game_toml))
    assert days, scenario
    for result in days:
        for fmt in sorted(FORMATS):
            for lang in LANGUAGES:
                out = render(result, fmt, lang=lang, public=True)
                where = f"{scenario} day {result['day']} {fmt} {lang}"
                if fmt == "json":
                    out = _json_words(json.loads(out))
                if fmt == "html":
                    out = _visible_text(out)
                _assert_no_leak(out, facts, lang, where, _revealed(result, fmt, lang))


@pytest.mark.parametrize("scenario", ["px-window-mayor", "px-abilities"])
def test_the_leak_check_catches_a_private_report(scenario):
    """The check above would fail on the private report: it is not vacuous."""
    game_toml = shared_path("scenarios", scenario, "game.toml")
    facts = _private_facts(game_toml)
    out = render(game_days(str(game_toml))[0], "text", lang="en", public=False)
    with pytest.raises(AssertionError):
        _assert_no_leak(out, facts, "en", scenario)
