"""report/engine_text.py: every English sentence the tally writes has its row (issue 20, item 7).

The sentences are found in tally/'s source: the text given to ``Ballot.decide``, to
``violate``, to ``Effect`` and to ``notes.append``, and the ``why`` texts a rule builds first
(constant strings, f-strings with their values as "7", ``"…" + value``, both sides of an
``if … else``). A rule that writes a new sentence fails here until the catalogue has it.
"""

from __future__ import annotations

import ast
import re

import pytest

from votal.report import engine_text
from votal.report.i18n import LANGUAGES

from ..conftest import ROOT

# Texts that are the players' own (a post's words), printed as they are
OWN_WORDS = {"b.text", "ballot.text", "b.note"}


def _samples(node: ast.expr) -> list[str]:
    """The strings an expression can make, its values written as "7"."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        outs = [""]
        for part in node.values:
            if isinstance(part, ast.Constant):
                outs = [o + str(part.value) for o in outs]
            else:
                assert isinstance(part, ast.FormattedValue)
                inner = _samples(part.value) if isinstance(part.value, ast.IfExp) else ["7"]
                outs = [o + i for o in outs for i in inner]
        return outs
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return [a + b for a in (_samples(node.left) or ["7"])
                for b in (_samples(node.right) or ["7"])]
    if isinstance(node, ast.IfExp):
        return _samples(node.body) + _samples(node.orelse)
    if isinstance(node, ast.BoolOp):   # "cause or 'out'"
        return ["7"]
    return []


def _assigned_note(target: ast.expr, value: ast.expr) -> ast.expr | None:
    """The text given to ``why``, ``note`` or ``x.note`` (also ``b.rule, b.note = …, "…"``)."""
    if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple):
        return next((v for t, v in zip(target.elts, value.elts, strict=False)
                     if _assigned_note(t, v) is not None), None)
    if getattr(target, "id", "") in ("why", "note") or getattr(target, "attr", "") == "note":
        return value
    return None


def _texts() -> list[tuple[str, str]]:
    """(where, sentence) for every sentence of tally/ the result carries."""
    found = []
    for path in sorted([*(ROOT / "tally").rglob("*.py"), *(ROOT / "audit").rglob("*.py")]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            arg = None
            if isinstance(node, ast.Call):
                f = node.func
                name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
                pos = {"decide": 2, "violate": 3, "Effect": 3, "EliminationCheck": 6,
                       "LineDiff": 5}.get(name)
                if pos is not None and len(node.args) > pos:
                    arg = node.args[pos]
                elif any(k.arg == "note" for k in node.keywords):
                    arg = next(k.value for k in node.keywords if k.arg == "note")
                elif (name == "append" and isinstance(f, ast.Attribute)
                      and isinstance(f.value, ast.Attribute) and f.value.attr == "notes"
                      and node.args):
                    arg = node.args[0]
            elif isinstance(node, ast.Assign) and len(node.targets) == 1:
                arg = _assigned_note(node.targets[0], node.value)
            if arg is None or ast.unparse(arg) in OWN_WORDS or isinstance(
                    arg, (ast.Name, ast.Attribute, ast.Call)):   # a value or a rule, not a text
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            samples = _samples(arg)
            assert samples, f"{where}: cannot read the text {ast.unparse(arg)!r}"
            found += [(where, s) for s in samples if re.search(r"[a-z]{3}", s)]
    return found


TEXTS = _texts()


def test_the_tally_sentences_are_found():
    said = {s for _, s in TEXTS}
    assert "mayor's vote counted double" in said
    assert "LM-02: 7's day vote carried into the runoff" in said
    assert "voter is 7" in said and "posted while 7" in said
    assert len(TEXTS) > 60


@pytest.mark.parametrize(("where", "sentence"), TEXTS)
def test_every_sentence_has_its_row(where, sentence):
    rows = [row for pattern, row in engine_text.TEXTS if re.fullmatch(pattern, sentence)]
    assert rows, f"{where}: {sentence!r} has no row in report/engine_text.py TEXTS"


def test_an_unknown_text_is_printed_as_it_is():
    assert engine_text.translate("Hello [b]world[/b]", "el", esc=str.upper) == \
        "HELLO [B]WORLD[/B]"


def test_names_in_a_sentence_are_declined():
    text = "LM-02: Νίκος's day vote carried into the runoff"
    assert engine_text.translate(text, "el") == \
        "Η ψήφος ημέρας του Νίκου μετρά και στη δεύτερη ψηφοφορία."
    assert engine_text.translate("LM-02: Bea's day vote carried into the runoff", "it") == \
        "Il voto di Bea della giornata vale anche per il ballottaggio."
    assert engine_text.translate("Лиса's vote removed", "ru") == "снят голос Лисы"
    assert engine_text.translate("Orxan's vote removed", "ru") == "снят голос игрока Orxan"


def test_words_of_the_game_file_are_said_in_the_language():
    assert engine_text.translate("voter is ghost", "el") == "ο ψηφοφόρος είναι φάντασμα"
    assert engine_text.translate("posted while vote", "ru") == "выбывание по голосованию"
    assert engine_text.translate("Rania cannot be voted (murdered)", "it") == "Rania (omicidio)"
    assert engine_text.translate("post 7: author, time not found", "ru") == \
        "сообщение 7: без автора и времени"


def test_a_sentence_that_repeats_its_line_is_left_out():
    assert engine_text.translate("vote for oneself", "ru") is None
    assert engine_text.translate("no reasons given", "ru") is None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_row_renders(lang):
    for pattern, row in engine_text.TEXTS:
        if row is not None:
            assert row[lang].strip(), pattern
