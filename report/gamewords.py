"""The game file's words in the report's language: roles, factions, why a player is out.

A game file writes roles and factions as the moderators like ("citizen", "Πολίτης", "town",
"мафия", "Villaggio"); a report says them in its language and with each community's words: the
role names of the seeds (palermo-43-extreme: "Δήμαρχος", "Διεφθαρμένος Αστυνομικός"; mafia-baku
and mafia-forum: "комиссар", "мирный житель"; lupus-mirtillo: "Parroco", "Gufonauta"). A role is
named by its ruleset's key (tally/roles.py) and a faction by its side (tally/factions.py); a
word that is no key and no side is the moderators' own and is printed as they wrote it.
"""

from __future__ import annotations

from functools import partial

from votal.report.grammar import join
from votal.tally.factions import side as side_of
from votal.tally.roles import canonical

_L = ("el", "it", "ru", "en")


def _row(*words: str) -> dict[str, str]:
    return dict(zip(_L, words, strict=True))


_CITIZEN = _row("Πολίτης", "Cittadino", "мирный житель", "Citizen")
_LAWYER = _row("Δικηγόρος", "Avvocato", "адвокат", "Lawyer")
_MANIAC = _row("Μανιακός", "Maniaco", "маньяк", "Maniac")
_MAFIOSO = _row("Μαφιόζος", "Mafioso", "мафиози", "Mafioso")
_NECROMANCER = _row("Νεκρομάντης", "Negromante", "некромант", "Necromancer")

# ruleset → role key (tally/roles.py) → the role's name per language
ROLES: dict[str, dict[str, dict[str, str]]] = {
    "palermo-extreme": {     # seed palermo-43-extreme.el.txt, "Ρόλοι"
        "archmafioso": _row("Αρχιμαφιόζος", "Capomafia", "главарь мафии", "Arch-mafioso"),
        "open_mafioso": _row("Φανερός Μαφιόζος", "Mafioso palese", "явный мафиози",
                             "Open mafioso"),
        "hidden_mafioso": _row("Κρυφός Μαφιόζος", "Mafioso nascosto", "скрытый мафиози",
                               "Hidden mafioso"),
        "corrupt_cop": _row("Διεφθαρμένος Αστυνομικός", "Poliziotto corrotto",
                            "продажный полицейский", "Corrupt cop"),
        "prostitute": _row("Πόρνη", "Prostituta", "проститутка", "Prostitute"),
        "rival_mafioso": _row("Αντίπαλος Μαφιόζος", "Mafioso rivale", "мафиози-соперник",
                              "Rival mafioso"),
        "mayor": _row("Δήμαρχος", "Sindaco", "мэр", "Mayor"),
        "lawyer": _LAWYER,
        "emperor": _row("Αυτοκράτορας", "Imperatore", "император", "Emperor"),
        "detective": _row("Ντετέκτιβ", "Detective", "детектив", "Detective"),
        "medium": _row("Μέντιουμ", "Medium", "медиум", "Medium"),
        "doctor": _row("Γιατρός", "Medico", "врач", "Doctor"),
        "witch": _row("Μάγισσα", "Strega", "ведьма", "Witch"),
        "informer": _row("Πληροφοριοδότης", "Informatore", "информатор", "Informer"),
        "roommate": _row("Συγκάτοικος", "Coinquilino", "сосед", "Roommate"),
        "bulletproof": _row("Αλεξίσφαιρο Γιλέκο", "Giubbotto antiproiettile", "бронежилет",
                            "Bulletproof vest"),
        "citizen": _CITIZEN,
    },
    "palermo-classic": {     # seed palermo-classic.el.txt
        "killer": _row("Δολοφόνος", "Assassino", "убийца", "Killer"),
        "prostitute": _row("Ιερόδουλη", "Prostituta", "проститутка", "Prostitute"),
        "informer": _row("Ρουφιάνος", "Informatore", "осведомитель", "Informer"),
        "citizen": _CITIZEN,
    },
    "mafia-baku": {          # seed mafia-baku.ru.txt
        "don": _row("Ντον", "Don", "Дон", "Don"), "mafioso": _MAFIOSO,
        "mafia_child": _row("Παιδί της Μαφίας", "Figlio della mafia", "Дитя мафии",
                            "Mafia child"),
        "cop": _row("Αστυνόμος", "Commissario", "комиссар", "Cop"), "maniac": _MANIAC,
        "lawyer": _LAWYER, "kamikaze": _row("Καμικάζι", "Kamikaze", "камикадзе", "Kamikaze"),
        "sergeant": _row("Λοχίας", "Sergente", "сержант", "Sergeant"),
        "doctor": _row("Γιατρός", "Medico", "доктор", "Doctor"),
        "civilian": _row("Πολίτης", "Cittadino", "мирный житель", "Civilian"),
    },
    "mafia-forum-ru": {      # seed mafia-forum.ru.txt
        "mafioso": _MAFIOSO,
        "vsb": _row("Νόθος γιος του αφεντικού", "Figlio illegittimo del boss",
                    "внебрачный сын босса", "Boss's illegitimate son"),
        "maniac": _MANIAC,
        "civilian": _row("Πολίτης", "Cittadino", "мирный житель", "Civilian"),
        "commissar": _row("Αστυνόμος", "Commissario", "комиссар", "Commissar"),
        "doctor": _row("Γιατρός", "Medico", "врач", "Doctor"), "necromancer": _NECROMANCER,
    },
    "lupus-mirtillo": {      # seed lupus-mirtillo.it.txt
        "lupo mannaro": _row("Λυκάνθρωπος", "Lupo Mannaro", "оборотень", "Werewolf"),
        "dracula": _row("Δράκουλας", "Dracula", "Дракула", "Dracula"),
        "parroco": _row("Ιερέας", "Parroco", "священник", "Priest"),
        "gufonauta": _row("Κουκουβάγια", "Gufonauta", "филин", "Owl"),
        "gatto nero": _row("Μαύρη Γάτα", "Gatto Nero", "чёрный кот", "Black cat"),
        "negromante": _NECROMANCER,
    },
}

# The sides of tally/factions.py, as a faction is named beside a player
FACTIONS: dict[str, dict[str, str]] = {
    "town": _row("πολίτες", "Villaggio", "мирные жители", "town"),
    "mafia": _row("μαφία", "mafia", "мафия", "mafia"),
    "pack": _row("αγέλη", "Branco", "стая", "pack"),
    "coven": _row("βρικόλακες", "Congrega", "ковен", "coven"),
}

# Why a player is out (tally/timeline.py causes), as a noun phrase
CAUSES: dict[str, dict[str, str]] = {
    "murdered": _row("δολοφονία", "omicidio", "убийство", "murdered"),
    "vote": _row("αποχώρηση με ψηφοφορία", "uscita al voto", "выбывание по голосованию",
                 "voted out"),
    "removed": _row("αποκλεισμός", "espulsione", "удаление из игры", "removed"),
    "arrest": _row("Άμεση Προφυλάκιση", "arresto immediato", "немедленный арест", "arrested"),
    "grave-robbing": _row("Τυμβωρυχία", "profanazione", "разорение могилы", "grave robbing"),
    "immune": _row("ασυλία", "immunità", "иммунитет", "immune"),
    "exempt": _row("Εξαίρεση Ψηφοφορίας", "esenzione dal voto", "освобождение от голосования",
                   "exempt"),
    "out": _row("εκτός παιχνιδιού", "fuori dal gioco", "вне игры", "out of the game"),
}
# A player's state (rules.md: active, ghost, out), after "the voter is"
STATES: dict[str, dict[str, str]] = {
    "ghost": _row("φάντασμα", "un fantasma", "призрак", "a ghost"),
    "out": _row("εκτός παιχνιδιού", "fuori dal gioco", "вне игры", "out of the game"),
    "active": _row("στο παιχνίδι", "in gioco", "в игре", "in the game"),
}
# What a post may lack (scraper/model.py PROBLEMS), after "without" (Greek accusative, Russian
# genitive)
PARTS: dict[str, dict[str, str]] = {
    "author": _row("συντάκτη", "autore", "автора", "author"),
    "time": _row("ώρα", "ora", "времени", "time"),
    "body": _row("κείμενο", "testo", "текста", "body"),
}
# A day's outcome kind (interfaces.md §3 ``outcome.kind``) and what follows a tie (``next``)
KINDS: dict[str, dict[str, str]] = {
    "eliminated": _row("αποχώρηση", "eliminazione", "выбывание", "eliminated"),
    "tie": _row("ισοψηφία", "parità", "равенство голосов", "tie"),
    "no-elimination": _row("καμία αποχώρηση", "nessuna eliminazione", "без выбывания",
                           "no elimination"),
    "pending": _row("σε εξέλιξη", "in corso", "голосование продолжается", "pending"),
}
# after "decided by": Greek "με" + accusative, Italian "al", Russian instrumental
NEXT: dict[str, dict[str, str]] = {
    "poll": _row("δημοσκόπηση", "sondaggio", "опросом", "poll"),
    "runoff": _row("δεύτερη ψηφοφορία", "ballottaggio", "переголосованием", "runoff"),
}

# How votal read a name that was not written exactly (interfaces.md §3 ``resolved_by``)
READINGS: dict[str, dict[str, str]] = {
    "word": _row("μία λέξη του ονόματος", "una parola del nome", "слово из ника",
                 "a word of the name"),
    "initials": _row("τα αρχικά", "le iniziali", "инициалы", "initials"),
    "prefix": _row("η αρχή του ονόματος", "l'inizio del nome", "начало ника", "prefix"),
    "fuzzy": _row("κατά προσέγγιση", "per somiglianza", "по сходству", "fuzzy"),
    "transliteration": _row("μεταγραφή", "traslitterazione", "транслитерация",
                            "transliteration"),
    "moderator-count": _row("από την καταμέτρηση της ΣΕ", "dal conteggio del master",
                            "из подсчёта ведущего", "from the moderator's count"),
    "ruling": _row("απόφαση της ΣΕ", "decisione del master", "решение ведущего", "ruling"),
}


def _say(table: dict[str, dict[str, str]], word: str, lang: str) -> str:
    """``word`` (a code of the tally) in ``lang`` by ``table``; an unknown one as it is."""
    row = table.get(word)
    return row[lang] if row else word


reading = partial(_say, READINGS)
kind = partial(_say, KINDS)
next_step = partial(_say, NEXT)
cause = partial(_say, CAUSES)
state = partial(_say, STATES)


def role(ruleset: str, text: str | None, lang: str) -> str:
    """A role in ``lang``: the seed's name of its key, else as the game file writes it."""
    key = canonical(ruleset, text)
    if key is None:
        return ""
    row = ROLES.get(ruleset, {}).get(key)
    return row[lang] if row else key


# A ruleset whose seed names the town side otherwise: Lupus's Village (its end says "the
# village wins", i18n.SIDES), never "town" beside a player of the same game (issue 16)
_TOWN_AS = {"lupus-mirtillo": _row("χωριό", "Villaggio", "деревня", "village")}


def faction(text: str | None, lang: str, ruleset: str = "") -> str:
    """A faction in ``lang``: the side it stands for, in ``ruleset``'s word for it, else as the
    game file writes it."""
    if not text:
        return ""
    side = side_of(None, text)
    row = _TOWN_AS.get(ruleset) if side == "town" else None
    row = row or FACTIONS.get(side)
    return row[lang] if row else text


def post_parts(words: str, lang: str) -> str:
    """"author, time" → "συντάκτη και ώρα" / "автора и времени"."""
    items = [w.strip() for w in words.split(",") if w.strip()]
    return join((PARTS[w][lang] if w in PARTS else w for w in items), lang)
