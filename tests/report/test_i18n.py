"""report/i18n.py, the message catalogue: four languages everywhere, written as each community
writes (issue 20, item 7)."""

from __future__ import annotations

import re
import string

import pytest

from votal.report import engine_text, gamewords, i18n
from votal.report.i18n import LANGUAGES

CATALOGUE = (i18n, engine_text, gamewords)


def _tables() -> dict[str, dict[str, dict[str, str]]]:
    """Every table of the catalogue's modules, as name → key → language → text (the nested
    ROLES of gamewords by ruleset; engine_text's rows that say nothing left out)."""
    out: dict[str, dict[str, dict[str, str]]] = {}
    for module in CATALOGUE:
        for name, value in vars(module).items():
            if name.startswith("_") or name == "VARIANTS" or not isinstance(value, (dict, tuple)) \
                    or not value:
                continue
            try:
                rows = dict(value) if isinstance(value, tuple) else value
            except (TypeError, ValueError):
                continue
            if all(isinstance(v, dict) and all(isinstance(x, dict) for x in v.values())
                   for v in rows.values()):
                for sub, subrows in rows.items():   # ROLES: ruleset → key → language
                    out[f"{module.__name__}.{name}[{sub}]"] = subrows
                continue
            rows = {k: v for k, v in rows.items() if v is not None}
            first = next(iter(rows.values()), None)
            if isinstance(first, dict) and set(first) & set(LANGUAGES):
                out[f"{module.__name__}.{name}"] = rows
    return out


def _entries():
    for table, rows in _tables().items():
        for key, row in rows.items():
            yield table, key, row


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_the_catalogue_is_found():
    names = set(_tables())
    for table in ("i18n.STRINGS", "i18n.STATUSES", "i18n.VIOLATIONS",
                  "engine_text.TEXTS", "gamewords.CAUSES", "gamewords.ROLES[mafia-baku]"):
        assert f"votal.report.{table}" in names, table


def test_every_message_has_all_four_languages():
    for table, key, row in _entries():
        assert set(row) == set(LANGUAGES), (table, key, sorted(row))
        assert all(isinstance(v, str) and v for v in row.values()), (table, key)


def test_every_language_fills_the_same_placeholders():
    """(A KEY@plain variant may leave out the name it cannot decline.)"""
    for table, key, row in _entries():
        if key.endswith("@plain"):
            continue
        fields = {lang: _fields(text) for lang, text in row.items()}
        assert len({frozenset(f) for f in fields.values()}) == 1, (table, key, fields)


def test_plain_variants_and_ruleset_variants_match_their_message():
    for key in i18n.STRINGS:
        if "@" in key:
            base = key.split("@")[0]
            assert base in i18n.STRINGS, key
            for lang in LANGUAGES:   # the plain variant may leave a name out ("αυτόν που αποχωρεί")
                assert _fields(i18n.STRINGS[key][lang]) <= _fields(i18n.STRINGS[base][lang]), key
    for ruleset, rows in i18n.VARIANTS.items():
        for key, row in rows.items():
            assert key in i18n.STRINGS and set(row) <= set(LANGUAGES), (ruleset, key)
            for lang, text in row.items():
                assert _fields(text) == _fields(i18n.STRINGS[key][lang]), (ruleset, key, lang)


def test_no_greek_semicolon():
    """";" is the Greek question mark; a Greek clause separator is the ano teleia "·"."""
    for table, key, row in _entries():
        assert ";" not in row["el"], (table, key, row["el"])
    for rows in i18n.VARIANTS.values():
        for key, row in rows.items():
            assert ";" not in row.get("el", ""), key


def test_no_gender_placeholders():
    """"набрал(а)", "votato/a": a sentence is phrased so that no gender is needed."""
    for table, key, row in _entries():
        for lang, text in row.items():
            assert not re.search(r"\w\(\w{1,3}\)|\w/\w\b", text), (table, key, lang, text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_labels_are_the_fixed_words(lang):
    labels = i18n.labels(lang)
    assert labels["count"] == i18n.STRINGS["count"][lang]
    assert all("{" not in v and "@" not in k for k, v in labels.items())


def test_no_fixed_message_states_a_clock_time():
    """Issue 16: a message's words hold no time of the schedule ("κλειδωμένο (20:00–20:05)",
    "χωρίς ψήφο στις 20:00" said in Greek only): the moderator may move a day's deadline (PX, C-09),
    and then the Greek line named a lock that never happened. Times come from the schedule."""
    import re

    from votal.report import i18n as words

    clock = re.compile(r"\b\d{1,2}:\d{2}\b")
    for table in (words.VIOLATIONS, words.RULE_REASONS, words.STATUSES):
        for key, row in table.items():
            for lang, said in row.items():
                assert not clock.search(said), (key, lang, said)


def test_a_lupus_faction_is_named_as_the_game_end_names_it():
    """Issue 16: a Lupus player of the Village was "(town)" in the private list while the end of
    the same game said "the village wins"; other rulesets' town stays town."""
    for lang in LANGUAGES:
        assert gamewords.faction("village", lang, "lupus-mirtillo") == i18n.SIDES["village"][lang]
    assert gamewords.faction("town", "en", "palermo-extreme") == "town"
    assert gamewords.faction("pack", "en", "lupus-mirtillo") == "pack"


def test_an_absence_is_named_only_where_the_rules_charge_one():
    """Issue 16: the Greek "not voting" heading said "(απουσία)", an absence charged, in every
    ruleset; only the Palermo seeds charge one for no vote (PX-18, PC-05)."""
    for ruleset in ("palermo-extreme", "palermo-classic"):
        assert "απουσία" in i18n.labels("el", ruleset)["absent"]
    for ruleset in ("mafia-baku", "mafia-forum-ru", "lupus-mirtillo", "mafiascum"):
        assert "απουσία" not in i18n.labels("el", ruleset)["absent"]
        assert i18n.labels("el", ruleset)["absent"] == "Χωρίς ψήφο"
