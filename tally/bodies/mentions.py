"""Which players a plain text names (MB-02 rev. 2: Baku votes need no colour).

A player is named when one of his names or aliases stands in the text as whole words, the last
word allowed a Russian case ending ("против Мехмана" names Мехман, "за Зарину" names Зарина).
Names are compared folded, as every nickname is (tally/names.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from votal.tally.names import fold

_WORD = re.compile(r"[^\W_]+")
# Russian noun endings (genitive, dative, accusative, instrumental, prepositional; both numbers),
# folded like the text they are compared with.
_ENDINGS = frozenset(fold(e) for e in (
    "а", "я", "у", "ю", "ом", "ем", "ём", "ой", "ей", "е", "и", "ы", "ам", "ям", "ами", "ями",
    "ах", "ях", "ов", "ев", "ью"))
_SOFT = frozenset(fold(c) for c in "аяйьое")   # a final letter the ending replaces


def _word_matches(word: str, name_word: str, *, inflected: bool) -> bool:
    if word == name_word:
        return True
    if not inflected or len(name_word) < 3:
        return False
    stems = [name_word] + ([name_word[:-1]] if name_word[-1] in _SOFT else [])
    return any(word.startswith(s) and word[len(s):] in _ENDINGS for s in stems)


def named(text: str, players: Mapping[str, Iterable[str]]) -> list[str]:
    """The players (keys of ``players``: slot -> names and aliases) the text names, in order of
    first mention."""
    words = _WORD.findall(fold(text))
    found: list[tuple[int, str]] = []
    for slot, names in players.items():
        first = None
        for name in names:
            parts = _WORD.findall(fold(name))
            if not parts:
                continue
            for i in range(len(words) - len(parts) + 1):
                if all(words[i + j] == parts[j] for j in range(len(parts) - 1)) and \
                        _word_matches(words[i + len(parts) - 1], parts[-1], inflected=True):
                    first = i if first is None else min(first, i)
                    break
        if first is not None:
            found.append((first, slot))
    return [slot for _, slot in sorted(found)]


def not_names(text: str, names: Iterable[str]) -> list[str]:
    """The words of ``text`` that are no word of ``names`` (a player's names and aliases), a
    case ending allowed: Russian ones ("Голосую против Волка" besides Волк: голосую, против)
    and a word one or two letters shorter or longer than the name's ("Γιάννη" for Γιάννης,
    "Μαρίας" for Μαρία); the words of the first name found as a whole are taken out once, the
    others word by word. A text where no word is one of the names (the name transliterated,
    abbreviated, misspelt: "Giannis" for Γιάννης) gives none: which words are the name is not
    known."""
    words = _WORD.findall(fold(text))
    parts = [p for p in (_WORD.findall(fold(n)) for n in names) if p]
    for name in sorted(parts, key=len, reverse=True):
        for i in range(len(words) - len(name) + 1):
            if all(_near(words[i + j], w) for j, w in enumerate(name)):
                return words[:i] + words[i + len(name):]
    known = {w for name in parts for w in name}
    rest = [w for w in words if not any(_near(w, k) for k in known)]
    return rest if len(rest) < len(words) else []


def _near(word: str, name_word: str) -> bool:
    if _word_matches(word, name_word, inflected=True):
        return True
    short, long = sorted((word, name_word), key=len)
    return len(short) >= 3 and len(long) - len(short) <= 2 and long.startswith(short)
