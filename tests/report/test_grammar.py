"""report/grammar.py: names declined only where it is safe, counted nouns, "and", the alphabet.

The tables are the forms a native speaker writes (issue 20, item 7): the real names of the shared
scenarios (../shared/scenarios/*/game.toml; skipped without ../shared) and names of our own games
and of our own choosing. ``None``: the name cannot be declined safely, and a sentence that needs
another case phrases itself so that the nominative fits.
"""

from __future__ import annotations

import tomllib

import pytest

from votal.report import grammar
from votal.report.i18n import t

from ..conftest import FIXTURES, SHARED

# name → (genitive, accusative) as the sentence prints them (Greek: with the article)
GREEK = {
    # our own games (fixtures/games/palermo-athens, fixtures/demo)
    "Νίκος": ("του Νίκου", "τον Νίκο"), "Λάμπρος": ("του Λάμπρου", "τον Λάμπρο"),
    "Γιώργος": ("του Γιώργου", "τον Γιώργο"), "Σταύρος": ("του Σταύρου", "τον Σταύρο"),
    "Δημήτρης": ("του Δημήτρη", "τον Δημήτρη"), "Θανάσης": ("του Θανάση", "τον Θανάση"),
    "Φώτης": ("του Φώτη", "τον Φώτη"), "Χάρης": ("του Χάρη", "τον Χάρη"),
    "Σωτήρης": ("του Σωτήρη", "τον Σωτήρη"),
    "Ελένη": ("της Ελένης", "την Ελένη"), "Μαρία": ("της Μαρίας", "τη Μαρία"),
    "Κατερίνα": ("της Κατερίνας", "την Κατερίνα"), "Φωτεινή": ("της Φωτεινής", "τη Φωτεινή"),
    "Γιώτα": ("της Γιώτας", "τη Γιώτα"), "Δήμητρα": ("της Δήμητρας", "τη Δήμητρα"),
    # of our own choosing: -ας, final stress, capitals, no accents; stress that moves, -ω
    "Ηλίας": ("του Ηλία", "τον Ηλία"), "Λουκάς": ("του Λουκά", "τον Λουκά"),
    "ΝΙΚΟΣ": ("του ΝΙΚΟΥ", "τον ΝΙΚΟ"), "Νικος": ("του Νικου", "τον Νικο"),
    "Αννα": ("της Αννας", "την Αννα"), "Θεόδωρος": (None, None), "Νικόλαος": (None, None),
    "Φρόσω": (None, None), "Μαύρος Γάτος": (None, None), "Νίκος_13": (None, None),
    "Nikos": (None, None),
}
RUSSIAN = {
    # fixtures/games/mafia-gorod
    "Алиса": ("Алисы", "Алису"), "Борис": ("Бориса", "Бориса"), "Вера": ("Веры", "Веру"),
    "Глеб": ("Глеба", "Глеба"), "Дарья": ("Дарьи", "Дарью"), "Егор": ("Егора", "Егора"),
    "Жанна": ("Жанны", "Жанну"), "Зоя": ("Зои", "Зою"),
    # of our own choosing: -й, -ия, after г/к/х, fleeting vowels, adjectives, feminine -ь
    "Андрей": ("Андрея", "Андрея"), "Мария": ("Марии", "Марию"), "Ольга": ("Ольги", "Ольгу"),
    "Дмитрий": ("Дмитрия", "Дмитрия"), "Павел": (None, None), "Лев": (None, None),
    "Рыжий": (None, None), "Любовь": (None, None), "Кёнюль": (None, None),
    "Серый Волк": (None, None), "Пьеро": (None, None),
}
# the shared scenarios' players, by the scenario's language
SHARED_NAMES = {
    "el": {n: (None, None) for n in (
        "Alexis", "Babis", "Giota", "Dimitra", "Eleni", "Fotis", "Haris", "Ilias",      # px-window
        "Ann", "Ben", "Cat", "Dan", "Eve", "Fin", "Gia", "Hal",                         # pc-classic
        "Fani", "Gerasimos", "Iraklis", "Katia", "Manos", "Nasos", "Olga", "Panagiotis",
        "Rallis", "Sotiria", "Zacharias",                                               # pc-reveal
        "Anna", "Bill", "Chris", "Dora", "Elias", "Faye", "Gus", "Hera",                # px-abil.
        "Kyriakos", "Loukas", "Myrto", "Pavlos", "Rania", "Spyros", "Thalia", "Xanthi")},
    "ru": {
        "Ворон": ("Ворона", "Ворона"), "Лиса": ("Лисы", "Лису"), "Медведь": ("Медведя", "Медведя"),
        "Сова": ("Совы", "Сову"), "Ёж": (None, None), "Заяц": (None, None),
        "Волк": ("Волка", "Волка"), "Кот": ("Кота", "Кота"),                            # mr-first
        **{n: (None, None) for n in ("Orxan", "Leyla", "Murad", "Nigar", "Tural", "Aysel",  # mb-
                                     "Ilgar", "Konul", "Mehman", "Parvin", "Shahin", "Turkan",
                                     "Zaur")}},
    "it": {n: (n, n) for n in ("Ago", "Bea", "Ciro", "Dea", "Eva", "Filo", "Gina")},
    "en": {n: (n, n) for n in ("Kos", "Lia", "Mak", "Nia", "Ody", "Pan")},
}
ITALIAN = {n: (n, n) for n in ("Aurora", "Bruno", "Chiara", "Dario", "Elena", "Fabio", "Giada",
                               "Luca", "Marta", "Niccolò")}


def _check(table: dict, lang: str) -> None:
    for name, (gen, acc) in table.items():
        assert grammar.decline(name, "gen", lang) == gen, (name, "gen")
        assert grammar.decline(name, "acc", lang) == acc, (name, "acc")
        assert grammar.declinable(name, lang) is (gen is not None)


@pytest.mark.parametrize(("table", "lang"), [(GREEK, "el"), (RUSSIAN, "ru"), (ITALIAN, "it")])
def test_our_names(table, lang):
    _check(table, lang)


def test_the_shared_scenarios_names():
    scenarios = sorted((SHARED / "scenarios").glob("*/game.toml")) if SHARED.exists() else []
    if not scenarios:
        pytest.skip("../shared/scenarios is not present beside the repository")
    for path in scenarios:
        game = tomllib.loads(path.read_text(encoding="utf-8"))
        table = SHARED_NAMES[game["language"]]
        for p in game["players"]:
            assert p["name"] in table, f"{path.parent.name}: add {p['name']!r} to the table"
    for lang, table in SHARED_NAMES.items():
        _check(table, lang)


def test_our_games_names_are_in_the_tables():
    for path in sorted((FIXTURES / "games").glob("*/game.toml")) + [FIXTURES / "demo/game.toml"]:
        game = tomllib.loads(path.read_text(encoding="utf-8"))
        table = {"el": GREEK, "ru": RUSSIAN, "it": ITALIAN}[game["language"]]
        assert {p["name"] for p in game["players"]} <= set(table), path


def test_the_greek_nominative_and_se_carry_the_article():
    assert grammar.decline("Νίκος", "nom", "el") == "ο Νίκος"
    assert grammar.decline("Ελένη", "nom", "el") == "η Ελένη"
    assert grammar.decline("Μαρία", "se", "el") == "στη Μαρία"
    assert grammar.decline("Ελένη", "se", "el") == "στην Ελένη"
    assert grammar.decline("Νίκος", "se", "el") == "στον Νίκο"


def test_russian_dative():
    assert [grammar.decline(n, "dat", "ru") for n in ("Лиса", "Зоя", "Мария", "Егор", "Андрей")] \
        == ["Лисе", "Зое", "Марии", "Егору", "Андрею"]


def test_an_undeclinable_name_stands_in_apposition():
    assert grammar.named("Alexis", "gen", "el") == "του παίκτη Alexis"
    assert grammar.named("Alexis", "acc", "el") == "τον παίκτη Alexis"
    assert grammar.named("Ёж", "gen", "ru") == "игрока Ёж"
    assert grammar.named("Orxan", "acc", "ru") == "игрока Orxan"
    assert grammar.named("Gina", "gen", "it") == "Gina"


RUSSIAN_COUNTS = {0: "0 голосов", 1: "1 голос", 2: "2 голоса", 3: "3 голоса", 4: "4 голоса",
                  5: "5 голосов", 10: "10 голосов", 11: "11 голосов", 12: "12 голосов",
                  14: "14 голосов", 21: "21 голос", 22: "22 голоса", 25: "25 голосов",
                  101: "101 голос", 111: "111 голосов", 112: "112 голосов", 122: "122 голоса"}


def test_counted_nouns():
    assert {n: grammar.count(n, "votes", "ru") for n in RUSSIAN_COUNTS} == RUSSIAN_COUNTS
    assert [grammar.count(n, "votes", "el") for n in (1, 2)] == ["1 ψήφος", "2 ψήφοι"]
    assert [grammar.count(n, "votes", "it") for n in (1, 0)] == ["1 voto", "0 voti"]
    assert [grammar.count(n, "players", "ru") for n in (1, 3, 6)] == ["1 игрок", "3 игрока",
                                                                       "6 игроков"]


def test_the_alphabet():
    animals = ["Ворон", "Лиса", "Медведь", "Сова", "Ёж", "Заяц", "Волк", "Кот", "Егор", "Жанна"]
    assert grammar.sort_names(animals, "ru") == ["Волк", "Ворон", "Егор", "Ёж", "Жанна", "Заяц",
                                                 "Кот", "Лиса", "Медведь", "Сова"]
    greek = ["Ωραίος", "Άννα", "Έλλη", "Ελένη", "αλέκος", "Όλγα", "Ίρις"]
    assert grammar.sort_names(greek, "el") == ["αλέκος", "Άννα", "Ελένη", "Έλλη", "Ίρις", "Όλγα",
                                               "Ωραίος"]


def test_join():
    assert grammar.join(["Ciro", "Filo", "Gina"], "it") == "Ciro, Filo e Gina"
    assert grammar.join(["Νίκος", "Φώτης"], "el") == "Νίκος και Φώτης"
    assert grammar.join(["Ворон"], "ru") == "Ворон"


def test_a_message_uses_its_plain_variant_when_a_name_cannot_be_declined(monkeypatch):
    from votal.report import i18n

    monkeypatch.setitem(i18n.STRINGS, "x_demo", {"el": "μετά την αποχώρηση {who:gen}",
                                                  "it": "dopo l'uscita di {who:gen}",
                                                  "ru": "после выбывания {who:gen}",
                                                  "en": "after {who:gen} left"})
    monkeypatch.setitem(i18n.STRINGS, "x_demo@plain", {"el": "αποχώρηση: {who}",
                                                        "it": "uscita: {who}",
                                                        "ru": "выбывание: {who}",
                                                        "en": "left: {who}"})
    assert t("x_demo", "el", who="Νίκος") == "μετά την αποχώρηση του Νίκου"
    assert t("x_demo", "el", who="Nikos") == "αποχώρηση: Nikos"
    assert t("x_demo", "ru", who="Егор") == "после выбывания Егора"
    assert t("x_demo", "ru", who="Ёж") == "выбывание: Ёж"
    assert t("x_demo", "it", who="Gina") == "dopo l'uscita di Gina"
    assert t("x_demo", "el", who=["Νίκος", "Μαρία"]) == \
        "μετά την αποχώρηση του Νίκου και της Μαρίας"
    monkeypatch.delitem(i18n.STRINGS, "x_demo@plain")
    assert t("x_demo", "el", who="Nikos") == "μετά την αποχώρηση του παίκτη Nikos"


def _names(lang: str) -> dict:
    own = {"el": GREEK, "ru": RUSSIAN, "it": ITALIAN}.get(lang, {})
    return {**own, **SHARED_NAMES.get(lang, {})}


@pytest.mark.parametrize("lang", ["el", "it", "ru"])
def test_the_result_agrees_with_who_leaves(lang):
    """issue 20, item 7: the day's result over the real names of the shared scenarios and of our
    games — one player, the verb in the singular, a Greek name with its article where it can be
    declined, else after a colon ("Αποχωρεί: Alexis"; never "Αποτέλεσμα: Αποχωρεί:"); two
    players, the verb in the plural; no gendered placeholder ("набрал(а)", "eliminato/a")."""
    for name, (gen, _) in _names(lang).items():
        one = t("outcome_eliminated", lang, players=name)
        want = {"el": f"Αποχωρεί {grammar.decline(name, 'nom', 'el')}" if gen else
                f"Αποχωρεί: {name}",
                "it": f"Esce dal gioco {name}", "ru": f"Выбывает {name}"}[lang]
        assert one == want, (name, one)
        assert "(" not in one and "/" not in one
    a, b = list(_names(lang))[:2]
    many = t("outcome_eliminated_many", lang, players=[a, b])
    assert many.startswith({"el": "Αποχωρούν", "it": "Escono dal gioco", "ru": "Выбывают"}[lang])


def test_the_seeds_sides_agree_with_their_verb():
    """"νικητές είναι οι πολίτες", "побеждают мирные жители" (plural), "побеждает мафия"."""
    from votal.report.i18n import win_text

    assert win_text(["town"], "el") == "νικητές είναι οι πολίτες"
    assert win_text(["civilians"], "ru") == "побеждают мирные жители"
    assert win_text(["mafia"], "ru") == "побеждает мафия"
    assert win_text(["town"], "it") == "vince il Villaggio"
    assert win_text(["pack", "coven"], "it") == "vincono insieme: Branco e Congrega"


@pytest.mark.parametrize(("n", "ru"), [(1, "1 голос"), (2, "2 голоса"), (5, "5 голосов"),
                                       (21, "21 голос"), (12, "12 голосов")])
def test_a_number_meets_its_noun_in_every_message(n, ru):
    """"Большинство: 1 голос / 2 голоса / 5 голосов" (was "голосов: 1")."""
    assert t("majority", "ru", n=n) == f"Большинство: {ru}"
    assert t("majority", "el", n=n) == f"Πλειοψηφία: {n} {'ψήφος' if n == 1 else 'ψήφοι'}"
    assert t("majority", "it", n=n) == f"Maggioranza: {n} {'voto' if n == 1 else 'voti'}"
