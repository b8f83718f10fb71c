"""The official post in each format: content checked against the hand-made results in data/."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from votal.errors import InputError
from votal.report import FORMATS, render
from votal.report.i18n import LANGUAGES

from .helpers import SAMPLES, sample

EL_BASE = "https://forum.example.gr/threads/palermo-7.4411/"


@pytest.mark.parametrize("name", SAMPLES)
@pytest.mark.parametrize("fmt", sorted(FORMATS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sample_renders_in_every_format_and_language(name, fmt, lang):
    out = render(sample(name), fmt, lang=lang)
    assert out.strip()
    winner = sample(name)["outcome"]["players"][0]
    assert winner in out


def test_bbcode_links_each_voter_to_the_post_that_counted_and_strikes_changes():
    out = render(sample("el-palermo-mayor"), "bbcode")
    assert "Ψηφοφορία ημέρας 1" in out
    assert "Δευτέρα 2 Νοεμβρίου 2026, 20:00" in out
    line = next(x for x in out.splitlines() if x.startswith("[b]Βάσω[/b]"))
    assert line.startswith("[b]Βάσω[/b] (3): ")
    assert f"[url={EL_BASE}post-2006]Φώτης[/url]" in line
    # Άρης voted Βάσω at 11:00, then Γιώργος at 19:00: his first vote is struck in Βάσω's line.
    assert f"[s][url={EL_BASE}post-2001]Άρης[/url][/s]" in line
    giorgos = next(x for x in out.splitlines() if x.startswith("[b]Γιώργος[/b]"))
    assert giorgos == f"[b]Γιώργος[/b] (1): [url={EL_BASE}post-2009]Άρης[/url]"


def test_bbcode_lists_void_votes_with_reason_absences_and_violations():
    out = render(sample("el-palermo-mayor"), "bbcode")
    assert f"[url={EL_BASE}post-2005]Ελένη[/url] → Ελένη — ψήφος στον ίδιο τον ψηφοφόρο\n" in out
    assert "μήνυμα ενώ το θέμα ήταν κλειδωμένο" in out
    assert "[b]Χωρίς ψήφο (απουσία):[/b] Ελένη" in out
    assert "Παράθυρο αλλαγής ψήφου 20:05–20:10" in out


def test_mayor_tie_public_wording_px06():
    out = render(sample("el-palermo-mayor"), "bbcode")
    assert ("[b]Αποχωρεί ο Άρης[/b] — ισοψηφία· μέσα σε όσους ψήφισαν τον Άρη υπάρχει η ψήφος "
            "του δημάρχου\n") in out   # the seed's words; names declined; no code in public
    en = render(sample("el-palermo-mayor"), "text", lang="en")
    assert "the mayor's vote is among the voters of Άρης" in en


def test_majority_game_shows_l_levels_and_the_majority_number_ms02():
    out = render(sample("en-mafiascum-majority"), "bbcode")
    assert "Majority: 4 votes" in out
    assert "[b]Carol[/b] (4, hammered): " in out
    bob = next(x for x in out.splitlines() if x.startswith("[b]Bob[/b]"))
    assert bob.startswith("[b]Bob[/b] (1, L-3): ")
    base = "https://forum.mafiascum.example/viewtopic.php?t=90210&p="
    assert f"[s][url={base}7001]Alice[/url][/s]" in bob
    assert "[b]Eliminated: Carol[/b] — majority reached\n" in out
    assert "Friday 6 November 2026, 17:00" in out


def test_russian_first_to_max_and_removals():
    out = render(sample("ru-mafia-forum"), "markdown")
    assert out.startswith("## Итоги голосования — ход 1\n")      # the seed's "ход"
    assert "**На виселицу отправляется Медведь** — равенство голосов; максимум набран раньше " \
           "других\n" in out
    assert "- Кот — пропадает без вести (ни одного сообщения за ход)\n" in out
    assert "**Не проголосовали:** Волк, Кот, Лиса" in out         # in alphabetical order
    assert "понедельник, 2 ноября 2026, 22:00" in out


def test_italian_runoff_and_zero_row_for_a_changed_vote():
    out = render(sample("it-lupus-runoff"), "text")
    assert "Votazione del giorno 1" in out
    assert "Va al rogo Gilda — dopo il ballottaggio\n" in out
    assert "  Enzo (0): ~Gilda~" in out
    assert "lunedì 2 novembre 2026, 21:00" in out


RULE_ID = re.compile(r"\b(?:[A-Z]{2}-\d{2}|C-\d{2}|V-[A-Z]+(?:-[A-Z]+)*)\b")


@pytest.mark.parametrize("name", SAMPLES)
@pytest.mark.parametrize("fmt", ["bbcode", "markdown", "text", "html"])
def test_a_public_post_has_no_internal_code_unless_asked(name, fmt):
    """issue 20, item 7: no "PX-06", "V-WINDOW-CHATTER" in a public post by default; --codes
    (``codes=True``) keeps them for a moderator who wants them; a private post has them."""
    result = sample(name)
    out = render(result, fmt)
    visible = re.sub(r"<style.*?</style>|<svg.*?</svg>", "", out, flags=re.S)
    assert not RULE_ID.findall(visible), RULE_ID.findall(visible)
    rule = result["outcome"]["rule"]
    assert f"({rule})" in render(result, fmt, codes=True).replace('<span class="rule">', "")
    assert f"({rule})" in render(result, fmt, public=False).replace('<span class="rule">', "")
    assert not RULE_ID.findall(re.sub(r"<style.*?</style>|<svg.*?</svg>", "",
                                      render(result, fmt, public=False, codes=False),
                                      flags=re.S))


def test_a_rule_breaking_vote_is_listed_once():
    """issue 20, item 7: a void vote with its violation is under "not counted", not again under
    "violations"; a violation of a post that is no void vote stays there (V-LOCKED)."""
    out = render(sample("ru-mafia-forum"), "text", codes=True)
    assert [x.split(" [")[0].strip() for x in out.splitlines() if "(V-" in x] == \
        ["Лиса → Ворон", "Ёж → Сова", "Волк → Волк"]
    assert "Нарушения" not in out            # each of the three is a void vote, listed there
    dead = sample("ru-mafia-forum")
    dead["violations"].append({"rule": "V-DEAD-POST", "player": "Кот", "post": "9999",
                               "time": dead["deadline"]})      # a post that is no vote
    lines = render(dead, "text", codes=True).splitlines()
    assert lines[lines.index("Нарушения") + 1].startswith("  Кот [")
    assert sum("(V-SELF)" in x for x in lines) == 1


def test_language_follows_the_result_unless_given():
    d = sample("it-lupus-runoff")
    assert "Votazione" in render(d, "markdown")
    assert "Vote count — Day 1" in render(d, "markdown", lang="en")
    with pytest.raises(InputError, match="language 'fr'"):
        render(d, "markdown", lang="fr")
    with pytest.raises(InputError, match="unknown format 'pdf'"):
        render(d, "pdf")


def test_json_is_the_unchanged_result_unless_public():
    d = sample("el-palermo-mayor")
    assert json.loads(render(d, "json")) == d
    pub = json.loads(render(d, "json", public=True))
    assert "private" not in pub and "review" not in pub
    assert {v["weight"] for v in pub["votes"]} == {1}


def test_csv_one_row_per_vote_post():
    d = sample("it-lupus-runoff")
    rows = list(csv.DictReader(io.StringIO(render(d, "csv"))))
    assert [r["post"] for r in rows] == [v["post"] for v in d["votes"]]
    gilda = [r for r in rows if r["voter"] == "Gilda"]
    assert [(r["target"], r["status"], r["changed"]) for r in gilda] == [
        ("Enzo", "ignored", "yes"), ("Aldo", "counted", "")]
    assert "weight" not in rows[0]
    private = list(csv.DictReader(io.StringIO(render(sample("el-palermo-mayor"), "csv",
                                                     public=False))))
    assert [r["weight"] for r in private if r["voter"] == "Δήμητρα"] == ["2"]


def test_private_report_shows_roles_weights_review_and_notes():
    out = render(sample("el-palermo-mayor"), "text", public=False)
    assert "Δήμητρα (Δήμαρχος)" in out          # the seed's role name, not the key "mayor"
    assert "Φώτης (godfather)" in out           # a role that is no key: as the file writes it
    assert "Φώτης (μαφία)· Δήμητρα (πολίτες)" in out   # factions in Greek, "·" between them
    assert "Δήμητρα → Άρης (βάρος 2)" in out
    assert "Βασούλα" in out and "V-UNKNOWN-TARGET" in out
    pub = render(sample("el-palermo-mayor"), "text")
    assert "mayor" not in pub and "godfather" not in pub and "Βασούλα" not in pub
    assert "Δήμαρχος" not in pub


def test_html_page_is_standalone_with_inline_chart():
    out = render(sample("en-mafiascum-majority"), "html")
    assert out.startswith("<!DOCTYPE html>")
    assert '<div class="chart" id="timeline"><svg' in out
    assert "<script" not in out and "<link" not in out and "src=" not in out
    assert "<metadata>" not in out
    assert 'href="https://forum.mafiascum.example/viewtopic.php?t=90210&amp;p=7002"' in out


def test_a_running_count_with_no_votes_yet_renders():
    """A pending day (a running count, `until`) with nothing cast: every format still answers."""
    d = {"game": "G", "ruleset": "palermo-classic", "day": 2, "language": "it",
         "timezone": "Europe/Rome", "thread": None, "start": None, "deadline": None,
         "majority": None, "tally": [], "outcome": {"kind": "pending", "players": []},
         "absent": [], "removed": [], "votes": [], "violations": [], "review": [],
         "revealed": [], "notes": []}
    for fmt in sorted(FORMATS):
        out = render(d, fmt)
        assert out.strip()
    assert "Votazione in corso" in render(d, "text")
    assert "Nessun voto." in render(d, "bbcode")


def test_revealed_roles_are_public_pc06():
    d = sample("it-lupus-runoff")
    d["revealed"] = [{"player": "Gilda", "role": "lupo", "rule": "PC-06"}]
    assert "[b]Ruoli rivelati:[/b] Gilda (Lupo Mannaro)" in render(d, "bbcode")
    assert "[b]Раскрытые роли:[/b] Gilda (оборотень)" in render(d, "bbcode", lang="ru")
    d["revealed"] = [{"player": "Gilda", "role": None, "rule": "PC-06"}]
    assert "Ruoli rivelati" not in render(d, "bbcode")   # no "?": the moderator announces it
    assert "Gilda (ruolo sconosciuto)" in render(d, "bbcode", public=False)
