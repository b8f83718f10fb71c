"""`votal watch`'s words for a vote a rule set aside and for the day's result (report/changes.py):
in the watch's language, through the reports' tables; KIND keywords and rule ids unchanged."""

from __future__ import annotations

import pytest

from votal.report.changes import diff, outcome_words


def _result(status: str, rule: str, outcome: dict) -> dict:
    """Φώτης's vote for Νίκος with ``status``; Γιώτα's for Λάμπρος counted throughout."""
    vote = {"voter": "Φώτης", "target": "Νίκος", "post": "5007", "status": status, "rule": rule,
            "time": "2026-11-03T19:52:00+02:00"}
    other = {"voter": "Γιώτα", "target": "Λάμπρος", "post": "5003", "status": "counted",
             "rule": "PX-01", "time": "2026-11-03T19:40:00+02:00"}
    tally = [{"player": "Λάμπρος", "votes": 1, "voters": ["Γιώτα"]}]
    if status == "counted":
        tally.insert(0, {"player": "Νίκος", "votes": 1, "voters": ["Φώτης"]})
    return {"votes": [other, vote], "tally": tally, "outcome": outcome, "violations": [],
            "review": []}


LEADS = {"kind": "eliminated", "players": ["Νίκος"], "reason": "plurality", "rule": "PX-05"}
NOBODY = {"kind": "no-elimination", "players": [], "reason": "no-votes", "rule": "C-01"}
TIE = {"kind": "tie", "players": ["Λάμπρος", "Νίκος"], "rule": "PX-06", "next": "poll"}


@pytest.mark.parametrize("lang, what", [
    ("el", "PX-12: η ψήφος του Φώτη → Νίκος: άκυρη χωρίς ευθύνη"),   # the genitive
    ("it", "PX-12: voto di Φώτης → Νίκος: nullo senza colpa"),
    ("ru", "PX-12: голос (Φώτης → Νίκος): аннулирован без вины"),     # a Greek name: not declined
    ("en", "PX-12: Φώτης's vote for Νίκος is void (no blame)"),
])
def test_a_vote_a_rule_set_aside_is_told_in_the_language(lang, what):
    """A counted vote made void by a card typed in later (PX-12): the `rule` line's words."""
    before = _result("counted", "PX-01", LEADS)
    after = _result("void", "PX-12", NOBODY)
    changes = diff(before, after, lang)
    rule = [c for c in changes if c.kind == "rule"]
    assert [(c.what, c.player) for c in rule] == [(what, "Φώτης")]


@pytest.mark.parametrize("lang, leads, nobody", [
    ("el", "αποχωρεί ο Νίκος (οι περισσότερες ψήφοι, PX-05)",
     "κανείς δεν αποχωρεί (καμία ψήφος, C-01)"),
    ("it", "esce dal gioco Νίκος (più voti di tutti, PX-05)",
     "nessuno esce dal gioco (nessun voto, C-01)"),
    ("ru", "выбывает Νίκος (больше всех голосов, PX-05)", "никто не выбывает (нет голосов, C-01)"),
    ("en", "eliminated Νίκος (most votes, PX-05)", "no-elimination (no votes, C-01)"),
])
def test_the_day_result_in_the_language(lang, leads, nobody):
    assert outcome_words({"outcome": LEADS}, lang) == leads
    assert outcome_words({"outcome": NOBODY}, lang) == nobody


def test_a_tie_and_the_mayor_in_public_words():
    """PX-06: the public wording names the player who leaves, never the mayor."""
    tie = {"kind": "tie", "players": ["Λάμπρος", "Φώτης"], "rule": "PX-06", "next": "poll"}
    assert outcome_words({"outcome": tie}, "el") == "ισοψηφία Λάμπρος, Φώτης (PX-06)"
    assert outcome_words({"outcome": tie}, "ru") == "равенство голосов Λάμπρος, Φώτης (PX-06)"
    mayor = {"kind": "eliminated", "players": ["Νίκος"], "reason": "mayor", "rule": "PX-06"}
    assert outcome_words({"outcome": mayor}, "el") == "αποχωρεί ο Νίκος (ισοψηφία· μέσα σε " \
        "όσους ψήφισαν τον Νίκο υπάρχει η ψήφος του δημάρχου, PX-06)"
    assert outcome_words({"outcome": mayor}, "it") == "esce dal gioco Νίκος (parità; tra i voti " \
        "per Νίκος c'è quello del sindaco, che vale doppio, PX-06)"
    assert outcome_words({}, "el") == "σε εξέλιξη"          # no result yet: no "?"


def test_the_seeds_words_by_ruleset():
    """lupus-mirtillo's "al rogo", mafia-forum-ru's gallows, a runoff naming its candidates."""
    runoff = {"kind": "eliminated", "players": ["Gina"], "reason": "runoff", "rule": "LM-03",
              "between": ["Ciro", "Filo", "Gina"]}
    assert outcome_words({"ruleset": "lupus-mirtillo", "outcome": runoff}, "it") == \
        "al rogo Gina (dopo il ballottaggio tra Ciro, Filo e Gina, LM-03)"
    hanged = {"kind": "eliminated", "players": ["Медведь"], "reason": "first-to-max",
              "rule": "MR-05"}
    assert outcome_words({"ruleset": "mafia-forum-ru", "outcome": hanged}, "ru") == \
        "на виселицу Медведь (равенство голосов; максимум набран раньше других, MR-05)"
    assert outcome_words({"ruleset": "palermo-extreme", "outcome": hanged}, "el") == \
        "αποχωρεί: Медведь (ισοψηφία· έφτασε πρώτα τις περισσότερες ψήφους, MR-05)"


def test_the_result_changes_once_whatever_the_language():
    """The `outcome` line comes when the result changes, not when only its words would."""
    before = _result("counted", "PX-01", TIE)
    after = _result("void", "PX-12", {**LEADS, "players": ["Λάμπρος"]})
    for lang in ("el", "it", "ru", "en"):
        outcomes = [c for c in diff(before, after, lang) if c.kind == "outcome"]
        assert [c.what for c in outcomes] == [outcome_words(after, lang)]
        assert [c for c in diff(after, after, lang) if c.kind == "outcome"] == []
