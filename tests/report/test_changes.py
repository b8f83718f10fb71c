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
    ("el", "PX-12: ψήφος Φώτης → Νίκος: άκυρη χωρίς ευθύνη"),
    ("it", "PX-12: voto Φώτης → Νίκος: nullo senza colpa"),
    ("ru", "PX-12: голос Φώτης → Νίκος: аннулирован без вины"),
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
    ("el", "αποχωρεί Νίκος (οι περισσότερες ψήφοι, PX-05)",
     "κανείς δεν αποχωρεί (καμία ψήφος, C-01)"),
    ("it", "eliminato Νίκος (il più votato, PX-05)", "nessuno eliminato (nessun voto, C-01)"),
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
    assert outcome_words({"outcome": tie}, "ru") == "ничья Λάμπρος, Φώτης (PX-06)"
    mayor = {"kind": "eliminated", "players": ["Νίκος"], "reason": "mayor", "rule": "PX-06"}
    assert outcome_words({"outcome": mayor}, "it") == \
        "eliminato Νίκος (parità in testa; il voto del sindaco è tra i voti per Νίκος, PX-06)"
    assert outcome_words({}, "el") == "σε εξέλιξη"          # no result yet: no "?"


def test_the_result_changes_once_whatever_the_language():
    """The `outcome` line comes when the result changes, not when only its words would."""
    before = _result("counted", "PX-01", TIE)
    after = _result("void", "PX-12", {**LEADS, "players": ["Λάμπρος"]})
    for lang in ("el", "it", "ru", "en"):
        outcomes = [c for c in diff(before, after, lang) if c.kind == "outcome"]
        assert [c.what for c in outcomes] == [outcome_words(after, lang)]
        assert [c for c in diff(after, after, lang) if c.kind == "outcome"] == []
