"""The end of the game (interfaces §3 ``end``, rules.md "Winners") in every posting format and
language, public and private (PX-21, PC-07, LM-08, MR-08, MR-10)."""

from __future__ import annotations

import pytest

from votal.report import public_view, render

from .helpers import sample

TOWN = {"winner": "town", "rule": "PX-21", "note": "no killer is left in the game"}

# The line each format prints for TOWN, in each language, as a moderator would post it.
TOWN_LINES = {
    # the seeds' words ("νικητές είναι οι πολίτες"); Greek's semicolon is "·" (";" is its "?")
    "el": "Λήξη παιχνιδιού{b} — νικητές είναι οι πολίτες· όλοι οι δολοφόνοι είναι εκτός "
          "παιχνιδιού (PX-21)",
    "it": "Fine della partita{b} — vince il Villaggio; nessun assassino è rimasto in gioco (PX-21)",
    "ru": "Конец игры{b} — побеждают мирные жители; в игре не осталось убийц (PX-21)",
    "en": "End of the game{b} — the town wins; no killer is left in the game (PX-21)",
}
MARKS = {"bbcode": ("[b]", "[/b]"), "markdown": ("**", "**"), "text": ("", "")}


def _ended(name: str, end: dict | None) -> dict:
    r = sample(name)
    if end is not None:
        r["end"] = end
    return r


@pytest.mark.parametrize("lang", sorted(TOWN_LINES))
@pytest.mark.parametrize("fmt", sorted(MARKS))
@pytest.mark.parametrize("public", [True, False])
def test_the_end_is_one_line_after_the_result(fmt, lang, public):
    out = render(_ended("el-palermo-mayor", TOWN), fmt, lang=lang, public=public)
    a, b = MARKS[fmt]
    line = a + TOWN_LINES[lang].format(b=b)
    if public:   # a public post says it in words, without the rule id (issue 20, item 7)
        line = line.removesuffix(" (PX-21)")
    assert line in out.splitlines()
    lines = out.splitlines()
    at = lines.index(line)
    # right below the result, a blank line between them only in Markdown (a paragraph)
    above = lines[at - 2] if fmt == "markdown" else lines[at - 1]
    assert above.startswith(a + {"el": "Αποχωρεί ο Άρης", "it": "Esce dal gioco Άρης",
                                 "ru": "Выбывает Άρης", "en": "Eliminated: Άρης"}[lang])


@pytest.mark.parametrize("lang", sorted(TOWN_LINES))
def test_html_shows_the_end_in_its_own_paragraph(lang):
    out = render(_ended("el-palermo-mayor", TOWN), "html", lang=lang, codes=True)
    head, rest = TOWN_LINES[lang].split("{b}")
    words, _, _ = rest.rpartition(" (PX-21)")
    assert (f'<p class="outcome end"><strong>{head}</strong>{words} '
            f'<span class="rule">(PX-21)</span></p>') in out


@pytest.mark.parametrize("fmt", ["bbcode", "markdown", "text", "html"])
def test_no_end_line_while_the_game_goes_on(fmt):
    for end in (None, {}):
        for lang in TOWN_LINES:
            out = render(_ended("el-palermo-mayor", end), fmt, lang=lang)
            assert TOWN_LINES[lang].split("{b}")[0] not in out


def test_the_public_view_keeps_the_end_and_nothing_else_of_it():
    r = _ended("el-palermo-mayor", {**TOWN, "alive": ["Άρης"]})
    assert public_view(r)["end"] == TOWN
    assert "end" not in public_view(_ended("el-palermo-mayor", None))


def test_two_winners_together_lm08_in_italian():
    end = {"winner": ["pack", "coven"], "winners": ["pack", "coven"], "rule": "LM-08",
           "note": "3 players left: pack wins"}
    out = render(_ended("it-lupus-runoff", end), "bbcode", lang="it", codes=True)
    assert "[b]Fine della partita[/b] — vincono insieme: Branco e Congrega; restano 3 giocatori " \
           "(LM-08)" in out.splitlines()


def test_mafia_forum_ru_duel_mr08_names_the_player_escaped():
    end = {"winner": "civilians", "rule": "MR-08", "note": "[b]Ко*ля[/b] had fewer votes against him"}
    bb = render(_ended("ru-mafia-forum", end), "bbcode", lang="ru", codes=True)
    # BBCode: a zero-width space breaks the tag (report/escape.py), the name stays readable
    assert ("[b]Конец игры[/b] — побеждают мирные жители; меньше голосов против: "
            "[\u200bb]Ко*ля[\u200b/b] (MR-08)") in bb.splitlines()
    md = render(_ended("ru-mafia-forum", end), "markdown", lang="ru", codes=True)
    assert "меньше голосов против: \\[b\\]Ко\\*ля\\[/b\\] (MR-08)" in md
    html = render(_ended("ru-mafia-forum", end), "html", lang="ru", codes=True)
    assert "меньше голосов против: [b]Ко*ля[/b] <span" in html


def test_a_duel_without_a_winner_mr08():
    end = {"winner": None, "rule": "MR-08", "note": "no votes against either: a duel"}
    out = render(_ended("ru-mafia-forum", end), "text", lang="ru", codes=True)
    assert "Конец игры — против обоих не голосовали — дуэль (MR-08)" in out.splitlines()


def test_a_faction_as_the_game_file_writes_it_is_escaped():
    end = {"winner": "<Yakuza>", "rule": "MR-10", "note": "the maniac remains alone"}
    html = render(_ended("ru-mafia-forum", end), "html", lang="en", codes=True)
    assert "winner: &lt;Yakuza&gt;; the maniac remains alone" in html
    assert "<Yakuza>" not in html


def test_maniac_and_rival_words():
    end = {"winner": "maniac", "rule": "MR-10", "note": "the maniac remains alone"}
    assert "Конец игры — побеждает маньяк; маньяк остался один (MR-10)" in \
        render(_ended("ru-mafia-forum", end), "text", lang="ru", codes=True).splitlines()
    rival = {"winner": "rival", "rule": "PX-21",
             "note": "the rival mafioso and one more player remain"}
    assert ("Λήξη παιχνιδιού — νικά ο αντίπαλος μαφιόζος· έμειναν ο αντίπαλος μαφιόζος και "
            "ακόμη ένας παίχτης (PX-21)") in \
        render(_ended("el-palermo-mayor", rival), "text", lang="el", codes=True).splitlines()


def test_a_mafioso_and_his_clans_vsb_mr08():
    end = {"winner": "civilians", "rule": "MR-08", "note": "a mafioso and the VSB of his clan remain"}
    out = render(_ended("ru-mafia-forum", end), "text", lang="ru", codes=True)
    assert "Конец игры — побеждают мирные жители; остались мафиози и ВСБ его клана (MR-08)" in \
        out.splitlines()
    assert "restano un mafioso e il figlio illegittimo del boss del suo clan (MR-08)" in \
        render(_ended("ru-mafia-forum", end), "text", lang="it", codes=True)
