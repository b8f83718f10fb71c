"""Nickname matching (rules.md vocabulary): fold, then aliases, then fuzzy; never guessed."""

from __future__ import annotations

import pytest

from votal.tally.names import NameResolver, Resolution, fold

# --- fold ------------------------------------------------------------------------------------


@pytest.mark.parametrize("a, b", [
    ("Λάμπρος", "ΛΑΜΠΡΟΣ"),          # accents (tonos) and case
    ("Λάμπρος", "λαμπρος"),          # final sigma ς = σ
    ("Ёж", "Еж"),                      # Cyrillic ё = е
    ("ёж", "ЕЖ"),
    ("Niccolò", "niccolo"),            # Italian accents
    ("Nicolò", "NICOLO"),
    ("Lupo  Mannaro", " lupo mannaro "),
    ("Lisa", "Lisа"),                  # last letter Cyrillic а
    ("Лиса", "Лиcа"),                  # Cyrillic word with a Latin c
    ("ALEXIS", "ΑLΕΧΙS"),              # Greek Α, Ε, Χ, Ι inside a Latin name
    ("Ann\u200bа", "anna"),            # zero-width space, Cyrillic а
])
def test_fold_equal(a: str, b: str) -> None:
    assert fold(a) == fold(b)


def test_latin_greek_cyrillic_a_fold_equal() -> None:
    assert fold("A") == fold("Α") == fold("А") == "a"   # Latin, Greek, Cyrillic capital A


@pytest.mark.parametrize("a, b", [
    ("Nikos", "Niko"), ("Лиса", "Лис"), ("Anna", "Anne"), ("Νίκος", "Nikos"),  # σ is no "s"
])
def test_fold_keeps_different_names_apart(a: str, b: str) -> None:
    assert fold(a) != fold(b)


# --- resolver --------------------------------------------------------------------------------

PLAYERS = {
    "Lampros": ["Λάμπρος", "lamp"],
    "Nikos": [],
    "Niko": [],
    "Лиса": [],
    "Ёж": [],
    "Niccolò": ["Nic"],
    "Aj The Epic": [],
    "_Sherlock_": [],
    "TheTrollie": [],
    "Reckamonic": [],
    "Empking": ["moose200x"],           # replaced moose200x (MS-04 slot name)
}


@pytest.fixture(scope="module")
def resolver() -> NameResolver:
    return NameResolver(PLAYERS)


@pytest.mark.parametrize("text, player, how", [
    ("Lampros", "Lampros", "exact"),
    ("Λάμπρος", "Lampros", "alias"),
    ("ΛΑΜΠΡΟΣ", "Lampros", "alias"),
    ("λαμπρος", "Lampros", "alias"),
    ("LAMP", "Lampros", "alias"),
    ("lampros", "Lampros", "folded"),
    (" Nikos ", "Nikos", "exact"),
    ("NIKOS", "Nikos", "folded"),
    ("niko", "Niko", "folded"),
    ("Лиса", "Лиса", "exact"),
    ("ЛИСА", "Лиса", "folded"),
    ("Лиcа", "Лиса", "folded"),         # Latin c inside
    ("Еж", "Ёж", "folded"),
    ("niccolo", "Niccolò", "folded"),
    ("NIC", "Niccolò", "alias"),
    ("Aj the epic", "Aj The Epic", "folded"),
    ("AjTheEpic", "Aj The Epic", "folded"),
    ("Sherlock", "_Sherlock_", "folded"),
    ("moose200x", "Empking", "alias"),
])
def test_resolves(resolver: NameResolver, text: str, player: str, how: str) -> None:
    assert resolver.resolve(text) == Resolution(player, how, ())


@pytest.mark.parametrize("text, player", [
    ("Nikoss", "Nikos"),                   # one letter too many: Nikos 83%, Niko 67%
    ("Lamprso", "Lampros"),                # two letters swapped
    ("Reckamonik", "Reckamonic"),
    ("Reck", "Reckamonic"),                # a unique start of a name, 4 letters or more
    ("Trollie", "TheTrollie"),             # a word of a name (capitals start words)
    ("Aj", "Aj The Epic"),
    ("moose", "Empking"),                  # start of an alias
    ("Lampros because he is quiet", "Lampros"),   # the name inside a longer text
])
def test_resolves_inexactly(resolver: NameResolver, text: str, player: str) -> None:
    assert resolver.resolve(text) == Resolution(player, "fuzzy", ())


@pytest.mark.parametrize("text, candidates", [
    ("Nik", ("Niko", "Nikos")),            # start of both
    ("Nikoz", ("Niko", "Nikos")),          # one edit from each
    ("Nikos Niko", ("Niko", "Nikos")),     # both named
    ("Lampros or Reckamonic", ("Lampros", "Reckamonic")),
])
def test_ambiguous_is_never_guessed(resolver: NameResolver, text: str,
                                    candidates: tuple[str, ...]) -> None:
    assert resolver.resolve(text) == Resolution(None, "ambiguous", candidates)


@pytest.mark.parametrize("text", ["", "   ", "Zorro", "Ni co la", "Abcdefgh", "La"])
def test_unknown(resolver: NameResolver, text: str) -> None:
    assert resolver.resolve(text) == Resolution(None, "unknown", ())


def test_players_that_fold_equal_are_always_ambiguous() -> None:
    # "Anna" in Latin letters and "Аnna" with a Cyrillic А look the same on screen
    r = NameResolver({"Anna": [], "\u0410nna": []})
    for text in ("Anna", "\u0410nna", "ANNA", "anna", "Anna!"):
        assert r.resolve(text) == Resolution(None, "ambiguous", ("Anna", "\u0410nna"))


def test_alias_clashing_with_another_players_name_is_ambiguous() -> None:
    r = NameResolver({"Maria": ["Mary"], "Mary": []})
    assert r.resolve("Mary") == Resolution(None, "ambiguous", ("Maria", "Mary"))
    assert r.resolve("mary") == Resolution(None, "ambiguous", ("Maria", "Mary"))
    assert r.resolve("Maria").player == "Maria"


def test_fuzzy_can_be_switched_off() -> None:
    r = NameResolver({"Nikos": [], "Babis": []}, fuzzy=False)
    assert r.resolve("Nikoss").how == "unknown"
    assert r.resolve("nikos").player == "Nikos"


def test_threshold_is_a_parameter() -> None:
    strict = NameResolver({"Abaddon": [], "Kinetic": []}, threshold=90.0)
    lenient = NameResolver({"Abaddon": [], "Kinetic": []}, threshold=70.0)
    assert strict.resolve("Abadfon").how == "unknown"    # 1 edit of 7: 86%
    assert lenient.resolve("Abadfon").player == "Abaddon"


def test_doubled_letter_misspelling_resolves_uniquely():
    """Vocabulary (fuzzy with a clear threshold): 'Abbadon' for 'Abaddon' (real game 1390)."""
    r = NameResolver({"Thor665": ["Abaddon"], "Tommy": [], "Kinetic": []})
    assert r.resolve("Abbadon").player == "Thor665"
    # two players that differ only by a doubled letter stay ambiguous for a misspelt third form
    twins = NameResolver({"Anna": [], "Ana": [], "Bob": []})
    assert twins.resolve("Aana").how == "ambiguous"
    # collapsing runs is not a licence for other differences
    assert r.resolve("Abbadun").how == "unknown"
