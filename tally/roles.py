"""Role keys per ruleset (interfaces.md §1 "Roles", revision 2) and how a reveal announces them.

The game file's ``role`` is free text; the rules read canonical keys. The seeds' own names (Greek,
Russian, Italian) and a few common English ones are synonyms of each key, matched after folding
(case, accents, final sigma, look-alikes) with spaces, hyphens and underscores made equal.
A role that is no known key is kept as written: the rules that need a key do not see it.
"""

from __future__ import annotations

import re
from typing import TypedDict

from votal.tally.factions import counts_as_role, named_side
from votal.tally.names import fold, typo_of

_SYNONYMS: dict[str, dict[str, tuple[str, ...]]] = {
    "palermo-extreme": {       # seed palermo-43-extreme.el.txt, "Ρόλοι"
        "archmafioso": ("αρχιμαφιόζος", "capo", "arch mafioso"),
        "open_mafioso": ("φανερός μαφιόζος", "φανερός μαφιόζος α", "φανερός μαφιόζος β",
                         "open mafioso a", "open mafioso b", "open_mafioso_a", "open_mafioso_b"),
        "hidden_mafioso": ("κρυφός μαφιόζος",),
        "corrupt_cop": ("διεφθαρμένος αστυνομικός",),
        "prostitute": ("πόρνη", "ιερόδουλη"),
        "rival_mafioso": ("αντίπαλος μαφιόζος", "rival"),
        "mayor": ("δήμαρχος",), "lawyer": ("δικηγόρος",), "emperor": ("αυτοκράτορας",),
        "detective": ("ντετέκτιβ",), "medium": ("μέντιουμ",), "doctor": ("γιατρός",),
        "witch": ("μάγισσα",), "informer": ("πληροφοριοδότης",),
        "roommate": ("συγκάτοικος", "συγκάτοικοι"), "bulletproof": ("αλεξίσφαιρο γιλέκο",),
        "citizen": ("πολίτης",),
    },
    "palermo-classic": {       # seed palermo-classic.el.txt
        "killer": ("δολοφόνος", "mafioso", "mafia"),
        "prostitute": ("ιερόδουλη", "πόρνη"),
        "informer": ("ρουφιάνος", "πληροφοριοδότης"),
        "citizen": ("πολίτης",),
    },
    "mafia-baku": {            # seed mafia-baku.ru.txt
        "don": ("дон",), "mafioso": ("мафиози", "мафия", "маф", "mafia"),
        "mafia_child": ("дитя мафии",), "cop": ("комиссар", "коп"), "maniac": ("маньяк",),
        "lawyer": ("адвокат",), "kamikaze": ("камикадзе",), "sergeant": ("сержант",),
        "doctor": ("доктор",), "civilian": ("мирный житель", "мирный", "мж"),
    },
    "mafia-forum-ru": {        # seed mafia-forum.ru.txt
        "mafioso": ("мафиози", "мафия", "маф"), "vsb": ("всб", "внебрачный сын босса"),
        "maniac": ("маньяк",), "civilian": ("мирный житель", "мирный", "чиж"),
        "commissar": ("комиссар",), "doctor": ("врач",), "necromancer": ("некромант",),
    },
    "lupus-mirtillo": {        # seed lupus-mirtillo.it.txt: the Italian names are the keys
        "lupo mannaro": ("lupo", "werewolf"), "dracula": (), "parroco": ("priest",),
        "gufonauta": ("owl",), "gatto nero": ("black cat", "black_cat", "gatto_nero"),
        "negromante": ("necromancer",),
    },
}

# PC-06 (rev. 2): "when revealed, the informer's and the prostitute's role is that of a citizen".
_ANNOUNCED_AS: dict[str, dict[str, str]] = {
    "palermo-classic": {"informer": "citizen", "prostitute": "citizen"},
}

_SEP = re.compile(r"[\s_\-]+")


def _key(text: str) -> str:
    return _SEP.sub(" ", fold(text)).strip()


_INDEX: dict[str, dict[str, str]] = {
    ruleset: {_key(name): key for key, names in table.items() for name in (key, *names)}
    for ruleset, table in _SYNONYMS.items()}


_WRITTEN: dict[str, dict[str, str]] = {
    ruleset: {_key(name): name for key, names in table.items() for name in (key, *names)}
    for ruleset, table in _SYNONYMS.items()}


def misspelt(ruleset: str, role: str | None) -> tuple[str, str] | None:
    """A role the ruleset's rules cannot read, written as one of its keys with a typo ("mayr"):
    no key, no synonym, no word a side or LM-08's "counts as" reads (tally/factions.py), yet a
    typo of a key or synonym (:func:`votal.tally.names.typo_of`). ``(key, the key or synonym it
    is closest to, as the table writes it)``; None for a role the rules read and for free text
    they do not read at all ("Town Vanilla" in Mafiascum, "veggente" in Lupus): roles are free
    text (interfaces.md §1 "Roles")."""
    if role is None or not role.strip() or known(ruleset, role):
        return None
    if named_side(role) or (ruleset == "lupus-mirtillo" and counts_as_role(role)):
        return None
    near = typo_of(_key(role), _INDEX.get(ruleset, {}))
    return (_INDEX[ruleset][near], _WRITTEN[ruleset][near]) if near else None


def canonical(ruleset: str, role: str | None) -> str | None:
    """The ruleset's key for a role written in the game file; unknown roles are kept as written."""
    if role is None or not role.strip():
        return None
    return _INDEX.get(ruleset, {}).get(_key(role), role.strip())


def known(ruleset: str, role: str | None) -> bool:
    """Whether the role is one of the ruleset's keys (or a synonym of one)."""
    return role is not None and _key(role) in _INDEX.get(ruleset, {})


def announced(ruleset: str, role: str | None) -> str | None:
    """Revealed roles (rev. 2): the role as the rules announce it (PC-06: citizen for the
    informer and the prostitute of Palermo classic)."""
    key = canonical(ruleset, role)
    return _ANNOUNCED_AS.get(ruleset, {}).get(key, key) if key else None


class Revealed(TypedDict, total=False):
    """A ``revealed[]`` entry of the result (interfaces.md §3, rev. 2)."""

    player: str
    role: str | None
    rule: str
    true_role: str | None          # private: where the announced role differs


def reveal_entry(ruleset: str, player: str, role: str | None, rule: str) -> Revealed:
    """A ``revealed[]`` entry ``{player, role, rule}``, with ``true_role`` (private) where the
    announced role differs from the canonical one."""
    entry: Revealed = {"player": player, "role": announced(ruleset, role), "rule": rule}
    true = canonical(ruleset, role)
    if true != entry["role"]:
        entry["true_role"] = true
    return entry
