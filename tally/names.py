"""Nickname matching (rules.md vocabulary): which player a marked name means, never guessed.

Order of the tests, first decisive one wins: exact name → folded name (case, accents, final sigma,
Greek/Cyrillic/Latin look-alike letters) → folded alias → the same ignoring spaces and
punctuation → a player's whole name or alias inside a longer text ("AGar because…") → a unique
prefix ("Reck" for "Reckamonic") → fuzzy similarity above a threshold with a clear margin over
the runner-up. Two players that one test cannot tell apart make the text ambiguous
(``V-AMBIGUOUS-TARGET``); nothing close enough makes it unknown (``V-UNKNOWN-TARGET``).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Iterable, Mapping

from rapidfuzz.distance import OSA

# Greek and Cyrillic letters (after casefolding) that look like a Latin letter in either case;
# folding them makes "A" (Latin) = "Α" (Greek) = "А" (Cyrillic). Look-alike, not transliteration:
# "Νίκος" folds to "nikoσ", not "nikos" (an alias says that).
_HOMOGLYPHS = str.maketrans({
    "α": "a", "β": "b", "ε": "e", "ζ": "z", "η": "h", "ι": "i", "κ": "k", "μ": "m", "ν": "n",
    "ο": "o", "ρ": "p", "τ": "t", "υ": "y", "χ": "x", "ϲ": "c", "ϳ": "j",
    "а": "a", "в": "b", "е": "e", "з": "3", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
    "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ј": "j", "ԁ": "d", "ԛ": "q",
    "ԝ": "w", "һ": "h", "ӏ": "l",
})
_INVISIBLE = re.compile("[\u00ad\u200b-\u200f\u2060\ufeff]")
_NOT_ALNUM = re.compile(r"[\W_]+")
_TOKEN = re.compile(r"[^\W_]+")

FUZZY_THRESHOLD = 75.0   # edit similarity (0..100, OSA: a swap of two letters is one edit)
FUZZY_MARGIN = 10.0      # a fuzzy match must beat every other player by this much
MIN_INSIDE = 3           # shortest whole name found inside a longer text
MIN_PREFIX = 4           # shortest text taken as the start of a name ("Reck" → "Reckamonic")
MIN_WORD = 2             # shortest text taken as one word of a longer name ("Aj" → "Aj The Epic")


def fold(text: str) -> str:
    """Vocabulary: case-, accent-, final-sigma- and look-alike-insensitive form of a nickname."""
    decomposed = unicodedata.normalize("NFKD", _INVISIBLE.sub("", text))
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(bare.casefold().translate(_HOMOGLYPHS).split())


def loose(text: str) -> str:
    """``fold`` without spaces and punctuation: "Aj The Epic" = "ajtheepic", "_Sherlock_"."""
    return _NOT_ALNUM.sub("", fold(text))


@dataclass(frozen=True)
class Resolution:
    player: str | None            # canonical name when resolved
    how: str                      # "exact" | "folded" | "alias" | "fuzzy" | "unknown" | "ambiguous"
    candidates: tuple[str, ...] = ()  # the clashing players when ambiguous


UNKNOWN = Resolution(None, "unknown", ())


class NameResolver:
    """Vocabulary: resolve marked text to one player (canonical name → aliases)."""

    def __init__(self, players: Mapping[str, Iterable[str]], *, fuzzy: bool = True,
                 threshold: float = FUZZY_THRESHOLD, margin: float = FUZZY_MARGIN) -> None:
        self.players = {name: tuple(aliases or ()) for name, aliases in players.items()}
        self.fuzzy, self.threshold, self.margin = fuzzy, threshold, margin
        self._aliases = _index(self.players.items())
        self._folded = _index((name, [name]) for name in self.players)
        self._keys = {name: _keys(name, aliases) for name, aliases in self.players.items()}
        self._words = {name: _keys(_split_words(name), map(_split_words, aliases))
                       for name, aliases in self.players.items()}
        self._loose = _loose_index(self._keys)
        self._cache: dict[str, Resolution] = {}

    def resolve(self, text: str) -> Resolution:
        """The player ``text`` names, or why it names none (``unknown``/``ambiguous``)."""
        if text not in self._cache:
            self._cache[text] = self._resolve(text)
        return self._cache[text]

    def _resolve(self, text: str) -> Resolution:
        raw = " ".join((text or "").split())
        folded = fold(raw)
        if not folded:
            return UNKNOWN
        for found in (self._exact(raw, folded), self._by_key(folded), self._by_loose(folded),
                      self._inside(folded), self._word_of(folded), self._prefix(folded)):
            if found is not None:
                return found
        return self._fuzzy(folded) if self.fuzzy else UNKNOWN

    def _exact(self, raw: str, folded: str) -> Resolution | None:
        if raw not in self.players:
            return None
        clash = self._folded.get(folded, {raw}) | self._aliases.get(folded, set())
        return _decide(clash, "exact")

    def _by_key(self, folded: str) -> Resolution | None:
        names = self._folded.get(folded, set())
        aliases = self._aliases.get(folded, set())
        if names and not aliases - names:
            return _decide(names, "folded")
        return _decide(names | aliases, "alias") if aliases else None

    def _by_loose(self, folded: str) -> Resolution | None:
        hits = self._loose.get(_NOT_ALNUM.sub("", folded), set())
        if not hits:
            return None
        how = "folded" if all(_NOT_ALNUM.sub("", folded) == loose(p) for p in hits) else "alias"
        return _decide(hits, how)

    def _inside(self, folded: str) -> Resolution | None:
        """A whole name or alias, as whole words, inside a longer text ("AGar because…")."""
        padded = f" {' '.join(_TOKEN.findall(folded))} "
        hits = {name for name, keys in self._keys.items()
                if any(len(k) >= MIN_INSIDE and f" {k} " in padded for k in keys)}
        return _decide(hits, "fuzzy")

    def _word_of(self, folded: str) -> Resolution | None:
        """The text is whole words of a longer name ("Aj" → "Aj The Epic", "Trollie" →
        "TheTrollie", "Thor" → "Thor665": capitals and digits start words too)."""
        probe = " ".join(_TOKEN.findall(folded))
        if len(probe) < MIN_WORD:
            return None
        hits = {name for name, keys in self._words.items()
                if any(" " in k and f" {probe} " in f" {k} " for k in keys)}
        return _decide(hits, "fuzzy")

    def _prefix(self, folded: str) -> Resolution | None:
        """A unique player whose name starts with the text, or with its first word.

        A shorter text never resolves this way, but still makes a clash visible: "Nik" with
        players Nikos and Niko is ambiguous, not a fuzzy guess.
        """
        tokens = _TOKEN.findall(folded)
        for whole, probe in ((True, "".join(tokens)), (False, tokens[0] if tokens else "")):
            if not probe or (not whole and len(probe) < MIN_PREFIX):
                continue
            hits = {name for name, keys in self._keys.items()
                    if any(k.replace(" ", "").startswith(probe) for k in keys)}
            if len(hits) > 1 or (hits and len(probe) >= MIN_PREFIX):
                return _decide(hits, "fuzzy")
        return None

    def _fuzzy(self, folded: str) -> Resolution:
        probe = _NOT_ALNUM.sub("", folded) or folded
        # default: a name of punctuation only ("...") has no key to compare with
        scores = sorted(((max((_similarity(probe, k.replace(" ", "")) for k in keys), default=0.0),
                          name)
                         for name, keys in self._keys.items()), reverse=True)
        if not scores or scores[0][0] < self.threshold:
            # Doubled letters are the commonest misspelling ("Abbadon" for "Abaddon"): a text
            # equal to exactly one player's name once runs of one letter are collapsed is his.
            same = {name for name, keys in self._keys.items()
                    if any(_undouble(k.replace(" ", "")) == _undouble(probe) for k in keys)}
            return _decide(same, "fuzzy") or UNKNOWN
        if not scores or scores[0][0] < self.threshold:
            return UNKNOWN
        close = tuple(sorted(n for s, n in scores if s > scores[0][0] - self.margin))
        return Resolution(scores[0][1], "fuzzy", ()) if len(close) == 1 else \
            Resolution(None, "ambiguous", close)


_RUN = re.compile(r"(.)\1+")


def _undouble(text: str) -> str:
    return _RUN.sub(r"\1", text)


def _similarity(a: str, b: str) -> float:
    return 100.0 * OSA.normalized_similarity(a, b)


def _decide(players: set[str], how: str) -> Resolution | None:
    if not players:
        return None
    if len(players) == 1:
        return Resolution(next(iter(players)), how, ())
    return Resolution(None, "ambiguous", tuple(sorted(players)))


def _index(pairs: Iterable[tuple[str, Iterable[str]]]) -> dict[str, set[str]]:
    """fold(text) → the players owning that text (several owners = a clash)."""
    index: dict[str, set[str]] = {}
    for name, texts in pairs:
        for text in texts:
            k = fold(text)
            if k:
                index.setdefault(k, set()).add(name)
    return index


def _keys(name: str, aliases: Iterable[str]) -> tuple[str, ...]:
    """The player's folded name and aliases as words: "_Sherlock_" → "sherlock"."""
    words = (" ".join(_TOKEN.findall(fold(t))) for t in (name, *aliases))
    return tuple(dict.fromkeys(k for k in words if k))


_WORD_START = re.compile(r"(?<=[^\W\d_])(?=\d)|(?<=\d)(?=[^\W\d_])"
                         r"|(?<=[a-zà-ÿα-ωа-я])(?=[A-ZΑ-ΩА-Я])")


def _split_words(text: str) -> str:
    return _WORD_START.sub(" ", text)


def _loose_index(keys: Mapping[str, tuple[str, ...]]) -> dict[str, set[str]]:
    index: dict[str, set[str]] = {}
    for name, folded_keys in keys.items():
        for k in folded_keys:
            index.setdefault(_NOT_ALNUM.sub("", k), set()).add(name)
    index.pop("", None)
    return index
