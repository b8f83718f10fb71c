"""tally/votecounts.py: the moderators' count forms, struck voters, announcements, four languages."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from votal.tally.votecounts import (
    _ANNOUNCE,
    CountLine,
    html_to_text,
    parse_announcements,
    parse_count_line,
    parse_votecount,
    read_mod_post,
)


@pytest.mark.parametrize("line, expected", [
    ("Nikos - 3 - Anna, Bill, Chris", CountLine("Nikos", 3, ("Anna", "Bill", "Chris"))),
    ("Nikos (3): Anna, Bill, Chris", CountLine("Nikos", 3, ("Anna", "Bill", "Chris"))),
    ("Nikos(2): Anna, Bill", CountLine("Nikos", 2, ("Anna", "Bill"))),
    ("Aj The Epic (2) - MattP, Alchemist21", CountLine("Aj The Epic", 2, ("MattP", "Alchemist21"))),
    ("[3] Nikos - Anna, Bill, Chris", CountLine("Nikos", 3, ("Anna", "Bill", "Chris"))),
    ("Nikos: 3 (Anna, Bill, Chris)", CountLine("Nikos", 3, ("Anna", "Bill", "Chris"))),
    ("AGar - 3 (Reckamonic, Seraphim, sims5487)", CountLine("AGar", 3, ("Reckamonic", "Seraphim", "sims5487"))),
    ("sordros (4) Parama, q21, Reckamonic, Jerbs", CountLine("sordros", 4, ("Parama", "q21", "Reckamonic", "Jerbs"))),
    ("DemonHybrid (0)", CountLine("DemonHybrid", 0, ())),
    ("Νίκος - 2 ψήφοι - Άννα, Μπάμπης", CountLine("Νίκος", 2, ("Άννα", "Μπάμπης"))),
    ("Marco: 2 voti (Luca, Sara)", CountLine("Marco", 2, ("Luca", "Sara"))),
    ("Иван - 2 голоса - Пётр, Анна", CountLine("Иван", 2, ("Пётр", "Анна"))),
])
def test_count_line_forms(line, expected):
    assert parse_count_line(line) == expected


@pytest.mark.parametrize("line", ["With 12 alive, it takes 7 to lynch.", "Deadline: December 28",
                                  "Not Voting: caelum, moose200x", "I agree with everything."])
def test_prose_is_no_count_line(line):
    assert parse_count_line(line) is None


def test_votecount_with_header_and_not_voting():
    vc = parse_votecount("Votecount 1.15\n\nNikos - 2 - Anna, Bill\nAnna - 1 - Nikos\n\n"
                         "Not Voting: Chris, Dora\n\nWith 5 alive, it takes 3 to lynch.")
    assert vc.label == "Votecount 1.15"
    assert [line.target for line in vc.lines] == ["Nikos", "Anna"]
    assert vc.not_voting == ("Chris", "Dora")
    assert vc.voters() == {"Anna": "Nikos", "Bill": "Nikos", "Nikos": "Anna"}


def test_name_on_its_own_line_then_count():
    vc = parse_votecount("Vote Count\n\nAGar\n- 3 (Reckamonic, Seraphim, sims5487)\n\nNot Voting\n - 0 ()")
    assert vc.lines == (CountLine("AGar", 3, ("Reckamonic", "Seraphim", "sims5487")),)
    assert vc.not_voting == ()


def test_header_glued_to_first_line_in_page_text():
    vc = parse_votecount("Vote Count 1.4Abaddon(3): JacobSavage, Slandaar, Radelle\n"
                         "Not Voting(2): TheTrollie, Tommy")
    assert vc.label == "Vote Count 1.4"
    assert vc.lines[0] == CountLine("Abaddon", 3, ("JacobSavage", "Slandaar", "Radelle"))
    assert vc.not_voting == ("TheTrollie", "Tommy")


@pytest.mark.parametrize("text, header", [
    ("Ψηφοφορία ημέρας 2\nΝίκος (2): Άννα, Μπάμπης\nΔεν ψήφισαν: Γιώργος", "Ψηφοφορία ημέρας 2"),
    ("Votazione giorno 2\nMarco (2): Luca, Sara\nNon votanti: Gino", "Votazione giorno 2"),
    ("Итоги голосования, день 2\nИван (2): Пётр, Анна\nНе голосовали: Олег", "Итоги голосования, день 2"),
])
def test_header_and_not_voting_in_three_languages(text, header):
    vc = parse_votecount(text)
    assert vc.label == header
    assert len(vc.lines) == 1 and vc.lines[0].count == 2
    assert len(vc.not_voting) == 1


def test_plain_prose_is_no_votecount():
    assert parse_votecount("I think Nikos is scum. Vote count later please.") is None
    assert parse_votecount("Nikos - 2 - Anna, Bill") is None  # one line and no header: not a count


def test_struck_voters_are_dropped_and_quotes_ignored():
    html = ("<blockquote><cite>X wrote:</cite>Votecount 9.9<br>Bob - 1 - X</blockquote>"
            "<b>Votecount 1.02</b><br>Nikos - 2 - Anna, <s>Chris</s>, Bill<br>"
            "Anna - 1 - <span style=\"text-decoration: line-through\">Nikos</span> Dora<br>"
            "Not Voting: Eve")
    vc = read_mod_post(html).votecount
    assert vc.label == "Votecount 1.02"
    assert vc.lines == (CountLine("Nikos", 2, ("Anna", "Bill")), CountLine("Anna", 1, ("Dora",)))


def test_fieldset_legend_header_is_its_own_line():
    html = ('<fieldset><legend>Vote Count 1.5</legend>Abaddon(3): A, B, C<br>Radelle(1): D<br><br>'
            'not voting(2): E, F</fieldset>')
    text = html_to_text(html)
    assert "Vote Count 1.5\nAbaddon(3)" in text
    vc = parse_votecount(text)
    assert [line.target for line in vc.lines] == ["Abaddon", "Radelle"] and vc.not_voting == ("E", "F")


@pytest.mark.parametrize("line, name", [
    ("Beefster, Vanilla Townie, has been lynched.", "Beefster"),
    ("TKoE, mafia commuter, was lynched on Day 1!", "TKoE"),
    ("Nachomamma8, Mafia Rolecop, lynched Day 5.", "Nachomamma8"),
    ("Nikos αποχωρεί από το παιχνίδι.", "Nikos"),
    ("Ο Νίκος ψηφίστηκε και αποχωρεί", "Νίκος"),
    ("Marco è stato messo al rogo.", "Marco"),
    ("Иван повешен.", "Иван"),
    ("Иван был казнён по итогам дня.", "Иван"),
])
def test_announcements(line, name):
    assert [a.player for a in parse_announcements(line)] == [name]


def test_no_announcement_in_talk():
    assert parse_announcements("I don't want to risk being lynched at all.") == ()


_WORDS = ("Nikos", "Ο", "και", "Marco", "Иван", "Vanilla Townie", "was", "has been", "lynched",
          "LYNCHED", "executed", "hanged", "eliminated", "αποχωρεί", "ΑΠΟΧΩΡΕΊ", "ψηφίστηκε",
          "αποβλήθηκε", "è", "stato", "messo", "al", "rogo", "viene", "был", "повешен", "казнён",
          "Казнена", "today", ",", ".", "!", ":", "\n", "Day 5")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_WORDS), max_size=14).map(" ".join))
def test_a_line_without_an_announcing_verb_is_never_one(text):
    """Issue 22: parse_announcements searches only the lines holding one of the patterns' verbs
    (_ANNOUNCE_VERB); it finds what searching every line with every pattern finds."""
    found = []
    for line in text.splitlines():
        hit = next((m for m in (pat.search(line) for pat in _ANNOUNCE) if m), None)
        if hit is not None:
            found.append(line.strip())
    assert [a.text for a in parse_announcements(text)] == found


def test_phpbb_inline_divs_and_name_ending_in_digits():
    # Real Mafiascum markup: bold/colour are inline divs; the name is alone before "- 4 (...)".
    html = ('<fieldset><legend>Vote Count</legend><div style="display:inline;font-style:italic">'
            'Day 2 Vote Count (#7)</div></fieldset><br><br>'
            '<div style="display:inline;color:#FF0040"><div style="display:inline;font-weight:bold">AGar'
            '</div></div><div style="display:inline;color:#800080"> - 5 (Thor665, Nachomamma8)<br><br>'
            '</div><div style="display:inline;font-weight:bold">Lateralus22</div><br>- 4 (Seraphim, AGar)<br>'
            '<div style="display:inline;font-weight:bold">Not Voting</div> - 1 (Powerrox93)')
    vc = read_mod_post(html).votecount
    assert vc.lines == (CountLine("AGar", 5, ("Thor665", "Nachomamma8")),
                        CountLine("Lateralus22", 4, ("Seraphim", "AGar")))
    assert vc.not_voting == ("Powerrox93",)


def test_a_sentence_about_the_count_is_no_header():
    vc = parse_votecount("Yes, this is the same vote count from the previous page.\n"
                         "Vote Count 1.11\nThor665(1): TheTrollie\nKinetic(2): A, B")
    assert vc.label == "Vote Count 1.11"
