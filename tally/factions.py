"""Which side a role or faction stands for, and what it counts as (LM-08), in four languages.

The game file's ``faction`` is free text written by moderators ("town", "Mafia", "πολίτες",
"Villaggio", "мафия"); the end-of-game checks need one of a few sides.
"""

from __future__ import annotations

from votal.tally.names import fold

_SIDES = {
    "town": ("town", "village", "villager", "citizens", "citizen", "πολίτες", "πολιτης", "πολίτης",
             "χωριό", "villaggio", "villico", "мирные", "мирный", "город", "горожане"),
    "mafia": ("mafia", "scum", "killers", "killer", "δολοφόνοι", "δολοφόνος", "μαφία", "мафия",
              "мафиози", "mafioso"),
    "pack": ("pack", "wolves", "wolf", "werewolves", "branco", "lupi", "lupo", "lupo mannaro"),
    "coven": ("coven", "vampires", "vampire", "congrega", "vampiri", "vampiro", "dracula"),
}
# LM-08: how each Lupus role counts for the win (seed: "conta Umano / Lupo / Vampiro").
_COUNTS_AS_ROLE = {
    "dracula": "vampire", "vampiro": "vampire", "vampire": "vampire",
    "lupo segugio": "wolf", "lupo dell'incubo": "wolf", "lupo mannaro": "wolf", "lupo": "wolf",
    "negromante": "human", "necromancer": "human", "chimera mannara": "human",
}
# casefold turns a final sigma into σ ("πολίτες" → "πολίτεσ"): the words are compared folded
# (names.fold: case, accents, final sigma, look-alikes), the table's and the game file's alike.
_WORDS = {fold(word): name for name, words in _SIDES.items() for word in words}


def named_side(text: str | None) -> str | None:
    """The side a word names ("πολίτες", "Mafia", "villaggio"), matched folded (case, accents,
    final sigma, look-alikes); None for any other word."""
    return _WORDS.get(fold(text)) if text else None


def side_words() -> dict[str, str]:
    """Every word a side is named by (as the table writes it) and its side."""
    return {word: name for name, words in _SIDES.items() for word in words}


def side(role: str | None, faction: str | None) -> str:
    """The side of a player: town, mafia, pack, coven, or the faction itself (third parties)."""
    for text in (faction, role):
        named = named_side(text)
        if named:
            return named
    if role and (role.casefold() in _COUNTS_AS_ROLE):
        return {"wolf": "pack", "vampire": "coven"}.get(_COUNTS_AS_ROLE[role.casefold()], "town")
    return (faction or role or "unknown").casefold()


def counts_as_role(role: str | None) -> str | None:
    """What a Lupus role counts as by itself (human, wolf, vampire; LM-08); None for a role the
    table does not give (the side then decides)."""
    return _COUNTS_AS_ROLE.get((role or "").casefold().strip())


def counts_as(role: str | None, faction: str | None) -> str:
    """Human, wolf or vampire (LM-08), from the role's "counts as" value, else from the side."""
    key = (role or "").casefold().strip()
    if key in _COUNTS_AS_ROLE:
        return _COUNTS_AS_ROLE[key]
    return {"pack": "wolf", "coven": "vampire"}.get(side(role, faction), "human")
