"""An audit that compared nothing says so (issue 20, item 4): three verdicts — agrees, disagrees,
nothing compared (and what was missing) — in the JSON, every format and every language; only a
disagreement exits 1 (interfaces.md §4)."""

from __future__ import annotations

import json

import pytest

from tests.conftest import FIXTURES
from votal.audit.compare import EliminationCheck
from votal.audit.result import DayAudit, GameAudit, verdict_of
from votal.cli import main

ATHENS = FIXTURES / "games" / "palermo-athens" / "game.toml"
AUDIT = FIXTURES / "audit"


def _elim(agrees: bool) -> EliminationCheck:
    return EliminationCheck(day=1, announced="Nikos", computed=("Nikos",) if agrees else ("Anna",),
                            agrees=agrees, source="announcement", where="9")


def _game(*days: DayAudit) -> GameAudit:
    return GameAudit("g", "palermo-extreme", "el", "Europe/Athens", days)


def test_three_verdicts_and_what_was_missing():
    nothing, same, other = (DayAudit(1, {}), DayAudit(2, {}, eliminations=(_elim(True),)),
                            DayAudit(3, {}, eliminations=(_elim(False),)))
    assert (nothing.verdict, nothing.agrees, nothing.disagrees) == ("nothing-compared", False, False)
    assert nothing.missing == ("moderator-counts", "announced-eliminations")
    assert (same.verdict, same.agrees, same.missing) == ("agrees", True, ("moderator-counts",))
    assert (other.verdict, other.agrees, other.disagrees) == ("disagrees", False, True)
    for days, verdict, code in (((nothing,), "nothing-compared", 0), ((nothing, same), "agrees", 0),
                                ((nothing, same, other), "disagrees", 1)):
        game = _game(*days).to_dict()
        assert (game["verdict"], game["exit_code"], game["agrees"]) == (
            verdict, code, verdict == "agrees")
        assert [d["verdict"] for d in game["days"]] == [d.verdict for d in days]
    assert _game(nothing).to_dict()["missing"] == ["moderator-counts", "announced-eliminations"]
    assert _game(nothing, same).to_dict()["missing"] == ["moderator-counts"]


def test_an_audit_written_before_the_verdict_reads_from_agrees():
    assert verdict_of({"agrees": True}) == "agrees"
    assert verdict_of({"agrees": False}) == "disagrees"
    assert verdict_of({"agrees": False, "verdict": "nothing-compared"}) == "nothing-compared"


def test_palermo_athens_compared_nothing_and_says_so(capsys):
    assert main(["audit", str(ATHENS), "--offline", "--format", "json"]) == 0
    audit = json.loads(capsys.readouterr().out)
    assert audit["counts"] == {"checked": 0, "agreeing": 0, "unread": 0}
    assert (audit["verdict"], audit["agrees"], audit["exit_code"]) == ("nothing-compared", False, 0)
    assert audit["missing"] == ["moderator-counts", "announced-eliminations"]


NOTHING = {
    "el": "Τίποτα προς σύγκριση με τις ανακοινώσεις: καμία καταμέτρηση της ΣΕ και καμία "
          "ανακοινωμένη αποχώρηση.",
    "it": "Niente da confrontare con gli annunci: nessun conteggio dei master e nessuna "
          "eliminazione annunciata.",
    "ru": "Сравнивать не с чем: нет подсчётов голосов ведущего и нет объявленных выбываний.",
    "en": "Nothing to compare with what was announced: no vote count by the moderators and no "
          "announced elimination.",
}
AGREEING = ("Όλες οι ημέρες συμφωνούν", "Tutti i giorni concordano", "Все дни совпадают",
            "Every day agrees")


@pytest.mark.parametrize("lang", sorted(NOTHING))
@pytest.mark.parametrize("fmt", ["text", "markdown", "bbcode", "html"])
def test_every_format_and_language_says_nothing_was_compared(fmt, lang, capsys):
    assert main(["audit", str(ATHENS), "--offline", "--format", fmt, "--lang", lang]) == 0
    out = capsys.readouterr().out
    if fmt == "markdown":
        out = out.replace("\\", "")    # Markdown escapes the colon
    assert NOTHING[lang] in out
    assert not any(a in out for a in AGREEING)


@pytest.mark.parametrize("lang, line", [
    ("el", "Ό,τι συγκρίθηκε συμφωνεί με τις ανακοινώσεις· τίποτα προς σύγκριση την ημέρα 2."),
    ("it", "Quanto confrontato concorda con gli annunci; niente da confrontare il giorno 2."),
    ("ru", "Всё, что удалось сравнить, совпадает с объявленным; в день 2 сравнивать не с чем."),
    ("en", "What was compared agrees with what was announced; nothing to compare on day 2."),
])
def test_agreement_names_the_days_with_nothing_to_compare(lang, line, capsys):
    """pc-went-on: day 1's elimination is announced and agrees; day 2 announces nothing."""
    assert main(["audit", str(AUDIT / "pc-went-on" / "game.toml"), "--offline", "--lang", lang]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == line


def test_a_disagreement_still_exits_1_and_every_count_agreeing_says_every_day(capsys):
    assert main(["audit", str(AUDIT / "ms-miscount" / "game.toml"), "--offline",
                 "--format", "json"]) == 1
    assert json.loads(capsys.readouterr().out)["verdict"] == "disagrees"
    assert main(["audit", str(AUDIT / "ms-agree" / "game.toml"), "--offline", "--lang", "en"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "Every day agrees with what was announced."
