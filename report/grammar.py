"""The grammar the reports need around player names and numbers, per language (issue 20, item 7).

A report's sentence sometimes needs a player's name in another case than the nominative: Greek
"μετά την αποχώρηση του Νίκου", "όσοι ψήφισαν τον Γιώργο"; Russian "после выбывания Егора",
"голос за Лису". Nicknames are hostile input: a Latin-script name in a Greek game, "Ёж" (Ежа),
"Заяц" (Зайца), "Кёнюль" (feminine, indeclinable). :func:`decline` only declines what it can
decline safely — a single word in the language's script with an ending whose forms are regular —
and says ``None`` otherwise; the caller then phrases the sentence so the nominative fits (the
catalogue's ``@plain`` variant of the message, or :func:`named`'s apposition "του παίκτη Alexis",
"игрока Orxan", the seed's own "τον παίχτη Α"). Italian and English names are never declined.

Also here: numbers with their noun in the right form (Russian 1 голос / 2 голоса / 5 голосов /
11 голосов / 21 голос), lists joined with the language's "and", the clause separator (Greek has
no semicolon: ";" is its question mark, the ano teleia "·" is its semicolon), and names sorted by
the language's alphabet (Greek accents folded; Russian "Ё" sorted with "Е").

Pure functions, no I/O.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

CASES = ("nom", "gen", "acc", "dat", "se")   # "se": Greek σε + accusative ("στον Νίκο")

# ---- Greek ------------------------------------------------------------------------------------

_EL_LETTERS = re.compile(r"[α-ωάέήίόύώϊϋΐΰς]+")
_EL_VOWELS = "αεηιουω"
_EL_DIGRAPHS = ("αι", "ει", "οι", "ου", "υι", "αυ", "ευ", "ηυ")
# (nominative ending, gender, genitive ending, accusative ending); accented forms keep the accent
_EL_ENDINGS = (
    ("ος", "m", "ου", "ο"), ("ός", "m", "ού", "ό"),
    ("ης", "m", "η", "η"), ("ής", "m", "ή", "ή"),
    ("ας", "m", "α", "α"), ("άς", "m", "ά", "ά"),
    ("α", "f", "ας", "α"), ("ά", "f", "άς", "ά"),
    ("η", "f", "ης", "η"), ("ή", "f", "ής", "ή"),
)
_EL_ARTICLE = {"nom": ("ο", "η"), "gen": ("του", "της"), "acc": ("τον", "την"),
               "se": ("στον", "στην")}
# Before these the feminine accusative article keeps its ν (την Ελένη, την Κατερίνα, τη Μαρία)
_EL_KEEP_N = ("κ", "π", "τ", "ξ", "ψ", "γκ", "μπ", "ντ")
_EL_GENERIC = {"nom": "ο παίκτης", "gen": "του παίκτη", "acc": "τον παίκτη", "se": "στον παίκτη",
               "dat": "στον παίκτη"}


def _strip_accents(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text)
                   if not unicodedata.combining(c))


def _el_nuclei(word: str) -> list[int]:
    """Start positions of the vowel nuclei of a lowercase Greek word (digraphs count once; a
    diaeresis splits them)."""
    plain = _strip_accents(word)
    out, i = [], 0
    while i < len(word):
        if plain[i] in _EL_VOWELS:
            out.append(i)
            pair = plain[i:i + 2]
            diaeresis = i + 1 < len(word) and word[i + 1] in "ϊϋΐΰ"
            i += 2 if pair in _EL_DIGRAPHS and not diaeresis else 1
        else:
            i += 1
    return out


def _el_stress_ok(low: str) -> bool:
    """-ος names keep their form only when stressed on the last two syllables ("Λάμπρος" →
    "Λάμπρου"); "Θεόδωρος", "Νικόλαος" move the stress (Θεοδώρου, Νικολάου): not safe."""
    nuclei = _el_nuclei(low)
    if len(nuclei) < 2:
        return False          # a one-syllable name: no regular paradigm to trust
    accents = [i for i, c in enumerate(low) if c in "άέήίόύώΐΰ"]
    if not accents:
        return len(nuclei) == 2
    after = [n for n in nuclei if n > accents[-1]]
    return len(after) <= 1


def _el_decline(name: str, case: str) -> str | None:
    low = name.lower()
    if not _EL_LETTERS.fullmatch(low) or len(low) < 3:
        return None
    if not (name.istitle() or name.isupper() or name.islower()):
        return None
    for nom, gender, gen, acc in _EL_ENDINGS:
        if not low.endswith(nom):
            continue
        if nom in ("ος", "ός") and not _el_stress_ok(low):
            return None
        if len(_el_nuclei(low)) < 2:
            return None
        stem = name[:len(name) - len(nom)]
        ending = {"nom": nom, "gen": gen, "acc": acc, "se": acc}[case]
        form = stem + (ending.upper() if name.isupper() else ending)
        return f"{_el_article(case, gender, low)} {form}"
    return None


def _el_article(case: str, gender: str, low: str) -> str:
    masc, fem = _EL_ARTICLE[case]
    if gender == "m":
        return masc
    if case in ("acc", "se"):
        first = _strip_accents(low)
        keep = first[0] in _EL_VOWELS or first.startswith(_EL_KEEP_N)
        return fem if keep else fem[:-1]
    return fem


# ---- Russian ----------------------------------------------------------------------------------

_RU_WORD = re.compile(r"[а-яё]+")
_RU_VOWELS = "аеёиоуыэюя"
_RU_HARD_I = "гкхжшчщ"                 # after these, -а takes -и (Ольга → Ольги), not -ы
# Masculine names in -ий (nouns: Георгий → Георгия); other -ий words are adjectives (Рыжий →
# Рыжего) and are not declined here.
_RU_IJ = frozenset({"георгий", "дмитрий", "юрий", "анатолий", "василий", "геннадий", "евгений",
                    "иннокентий", "валерий", "аркадий", "виталий", "григорий", "арсений",
                    "афанасий", "викентий", "леонтий"})
# Masculine nouns in -ь (Игорь → Игоря); other -ь words may be feminine (Любовь, Рысь, Кёнюль)
_RU_SOFT_M = frozenset({"игорь", "медведь", "лось", "голубь", "лебедь", "олень", "гусь", "зверь",
                        "царь", "король", "князь", "конь", "шмель", "журавль", "тюлень"})
# Endings whose vowel drops in the other cases (Заяц → Зайца, Павел → Павла, Орёл → Орла)
_RU_FLEETING = ("ец", "яц", "ок", "ёк", "ек", "ел", "ёл", "ень")
_RU_MONOSYLLABLE_FLEETING = frozenset({"лев", "сон", "лоб", "рот", "мох", "ров", "шов", "лёд",
                                       "пёс", "пень", "день"})
# Feminine names ending in a consonant: not declined (Кармен, Ирэн)
_RU_FEM_CONSONANT = frozenset({"кармен", "ирэн", "элен", "эстер", "ассоль", "нинель", "рахиль",
                               "мэри", "ким"})
_RU_CONSONANTS = "бвгджзклмнпрстфхцчшщ"
_RU_GENERIC = {"nom": "игрок", "gen": "игрока", "acc": "игрока", "dat": "игроку",
               "se": "игрока"}


def _ru_endings(low: str) -> tuple[str, str, str, str] | None:
    """(strip, gen, acc, dat) endings of a Russian name in lowercase, or None: not safe."""
    vowels = sum(c in _RU_VOWELS for c in low)
    last = low[-1]
    if last in _RU_CONSONANTS:
        if (low in _RU_FEM_CONSONANT or low in _RU_MONOSYLLABLE_FLEETING or last == "ц"
                or low.endswith(_RU_FLEETING) or ("ё" in low and vowels == 1)):
            return None
        return ("", "а", "а", "у")
    if low.endswith("ий"):
        return ("й", "я", "я", "ю") if low in _RU_IJ else None
    if low.endswith(("ей", "ай", "яй", "уй")):
        return ("й", "я", "я", "ю")
    if last == "ь":
        return ("ь", "я", "я", "ю") if low in _RU_SOFT_M else None
    if low.endswith("ия"):
        return ("я", "и", "ю", "и")
    if last == "я":
        return ("я", "и", "ю", "е")
    if last == "а":
        return ("а", "и" if low[-2] in _RU_HARD_I else "ы", "у", "е")
    return None                        # -о, -е, -и, -у, -ю, -ы, -ой, -ый: not safe


def _ru_decline(name: str, case: str) -> str | None:
    low = name.lower()
    if not _RU_WORD.fullmatch(low) or len(low) < 2:
        return None
    if not (name.istitle() or name.isupper() or name.islower()):
        return None
    if case == "nom":
        return name
    ends = _ru_endings(low)
    if ends is None or case not in ("gen", "acc", "dat"):
        return None
    strip, *forms = ends
    ending = forms[("gen", "acc", "dat").index(case)]
    stem = name[:len(name) - len(strip)] if strip else name
    return stem + (ending.upper() if name.isupper() and len(name) > 1 else ending)


# ---- the API ----------------------------------------------------------------------------------


def decline(name: str, case: str, lang: str) -> str | None:
    """``name`` in ``case`` as the sentence prints it (Greek with its article: "του Νίκου"), or
    None when it cannot be declined safely. Italian and English: the name as it is."""
    if case not in CASES:
        raise ValueError(f"unknown case {case!r}")
    name = str(name)
    if lang == "el":
        return _el_decline(name, "acc" if case == "dat" else case)
    if lang == "ru":
        return _ru_decline(name, "acc" if case == "se" else case)
    return name


def declinable(name: str, lang: str) -> bool:
    return decline(name, "gen", lang) is not None


def named(name: str, case: str, lang: str) -> str:
    """``name`` in ``case``; when it cannot be declined, in apposition to the language's word for a
    player in that case, the name itself left in the nominative ("του παίκτη Alexis", "игрока
    Orxan": the seed's "τον παίχτη Α")."""
    form = decline(name, case, lang)
    if form is not None:
        return form
    generic = {"el": _EL_GENERIC, "ru": _RU_GENERIC}.get(lang)
    return f"{generic[case]} {name}" if generic else str(name)


# Counted nouns: (one, few, many) in Russian, (one, other) elsewhere.
NOUNS: dict[str, dict[str, tuple[str, ...]]] = {
    "votes": {"el": ("ψήφος", "ψήφοι"), "it": ("voto", "voti"),
              "ru": ("голос", "голоса", "голосов"), "en": ("vote", "votes")},
    "voters": {"el": ("ψηφοφόρος", "ψηφοφόροι"), "it": ("votante", "votanti"),
               "ru": ("голосующий", "голосующих", "голосующих"), "en": ("voter", "voters")},
    "players": {"el": ("παίκτης", "παίκτες"), "it": ("giocatore", "giocatori"),
                "ru": ("игрок", "игрока", "игроков"), "en": ("player", "players")},
    "days": {"el": ("ημέρα", "ημέρες"), "it": ("giorno", "giorni"),
             "ru": ("день", "дня", "дней"), "en": ("day", "days")},
}


def plural_form(n: int, lang: str) -> int:
    """Which form of a counted noun ``n`` takes: 0 one, 1 few (Russian only), 2 many."""
    n = abs(int(n))
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return 0
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return 1
        return 2
    return 0 if n == 1 else 2


def count(n: int, noun: str, lang: str) -> str:
    """"1 ψήφος", "5 голосов", "21 голос", "2 voti"."""
    forms = NOUNS[noun][lang]
    form = plural_form(n, lang)
    word = forms[form] if len(forms) == 3 else forms[0 if form == 0 else 1]
    return f"{n} {word}"


_AND = {"el": "και", "it": "e", "ru": "и", "en": "and"}


def join(items: Iterable[str], lang: str) -> str:
    """"Νίκος, Λάμπρος και Φώτης" / "Ciro, Filo e Gina" / "A, B и C" / "A, B and C"."""
    items = [str(i) for i in items]
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {_AND[lang]} {items[-1]}"


# Between two clauses of one sentence: Greek's semicolon is the ano teleia "·" (";" is its
# question mark).
CLAUSE = {"el": "· ", "it": "; ", "ru": "; ", "en": "; "}


def sort_key(name: str, lang: str) -> tuple[str, str, str]:
    """The language's alphabetical order: accents and case folded (Greek: final sigma too), the
    Russian "ё" sorted as "е" (then after it, to keep the order total)."""
    low = str(name).casefold()
    if lang == "ru":
        primary = low.replace("ё", "е")
    else:
        primary = _strip_accents(low).replace("ς", "σ")
    return primary, low, str(name)


def sort_names(names: Iterable[str], lang: str) -> list[str]:
    return sorted(names, key=lambda n: sort_key(n, lang))
