"""Nickname matching (rules.md vocabulary): which player a marked name means, never guessed.

Order of the tests, first decisive one wins (README "Names" gives the same list):

1. exact name → folded name (case, accents, final sigma, Greek/Cyrillic/Latin look-alike
   letters) → folded alias → the same ignoring spaces and punctuation;
2. a player's whole name or alias inside a longer text ("AGar because…");
3. the shape of a name, all three together so that two players fitting in different ways clash:
   one word of it ("Raven" for "QRZTRaven"), its initials ("TLK" for "TheLastKnight", also with
   two neighbouring letters swapped: "IMWT" for "IWinMostTimes"; a capitals run as letters:
   "TLCN" for "TL Cool Name", "JJB" for "JJBinks"; a name written without capitals split by an
   English word list: "CE" for "captaineddie", "TSQ" for "Thestatusquo"), a prefix of 4+ letters;
   a name of one word said again, with its count ("Yesx3" for "YES YES YES");
4. a prefix of 4+ letters within one edit, a swap of two letters included ("tunrip");
5. a unique 3-letter prefix ("zeb"), only with ``short_prefixes`` (mafiascum: on);
6. tests 1–5 again on Greek↔Latin / Cyrillic↔Latin transliterations ("Nikos" for "Νίκος");
7. the words that say "I vote" before the name dropped, when no test above placed the whole
   text — "Ψηφίζω Κώστα", "ψήφος στον Γιάννη", "Голосую против Медведя", "против Лисы", "voto
   per Lia", "vote lynch Pino" (a red or bold run holding the verb and an inflected name) —
   and tests 1–8 on the rest;
8. fuzzy similarity above a threshold with a clear margin over the runner-up, then a text equal
   to exactly one name once doubled letters are collapsed; then the same on transliterations.

Words of a name split on spaces, ``_ - .``, digits, CamelCase and a run of capitals before a
capitalised word ("QRZTRaven" → "QRZT", "Raven"). Every player of the game is a candidate, living
or not (a misspelt vote for a dead player is void by C-04, never a vote for a living one). Two
players that one test cannot tell apart make the text ambiguous (``V-AMBIGUOUS-TARGET``); nothing
close enough makes it unknown (``V-UNKNOWN-TARGET``). ``Resolution.how`` says which test decided:
``exact``, ``folded``, ``alias`` (no ``resolved_by`` in the tally), else ``word``, ``initials``,
``prefix``, ``fuzzy``, ``transliteration`` (interfaces.md §3 ``resolved_by``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from votal.errors import InputError

# Greek and Cyrillic letters (after casefolding) that look like a Latin letter in either case;
# folding them makes "A" (Latin) = "Α" (Greek) = "А" (Cyrillic). Look-alike, not transliteration:
# "Νίκος" folds to "nikoσ", not "nikos" (transliteration is a later, weaker test).
_HOMOGLYPHS = str.maketrans({
    "α": "a", "β": "b", "ε": "e", "ζ": "z", "η": "h", "ι": "i", "κ": "k", "μ": "m", "ν": "n",
    "ο": "o", "ρ": "p", "τ": "t", "υ": "y", "χ": "x", "ϲ": "c", "ϳ": "j",
    "а": "a", "в": "b", "е": "e", "з": "3", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
    "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ј": "j", "ԁ": "d", "ԛ": "q",
    "ԝ": "w", "һ": "h", "ӏ": "l",
})
# Transliteration to Latin (Greek: ELOT 743 as Greek forum nicknames write it; Cyrillic: the
# common passport-style scheme), on casefolded text without accents. Digraphs first.
_GREEK_PAIRS = (("ου", "ou"), ("αυ", "av"), ("ευ", "ev"), ("ηυ", "iv"), ("γγ", "ng"),
                ("γκ", "gk"), ("μπ", "b"), ("ντ", "nt"), ("τσ", "ts"), ("τζ", "tz"))
_TO_LATIN = str.maketrans({
    "α": "a", "β": "v", "γ": "g", "δ": "d", "ε": "e", "ζ": "z", "η": "i", "θ": "th", "ι": "i",
    "κ": "k", "λ": "l", "μ": "m", "ν": "n", "ξ": "x", "ο": "o", "π": "p", "ρ": "r", "σ": "s",
    "ς": "s", "τ": "t", "υ": "y", "φ": "f", "χ": "ch", "ψ": "ps", "ω": "o",
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z",
    "и": "i", "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r",
    "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh",
    "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya", "і": "i", "ї": "yi",
    "є": "ye", "ґ": "g",
})
_NON_LATIN = re.compile("[\u0370-\u03ff\u1f00-\u1fff\u0400-\u04ff]")
# Test 7: the words before a name that say "I vote (for, against)" in the four languages
_VOTE_LEAD = re.compile(
    r"(?:(?:η\s+)?ψ[ηή]φ(?:ος|ο|ίζω|ιζω)(?:\s+μου)?(?:\s+(?:για|σε|στ(?:ον|ην|ο)|τ(?:ον|ην|ο)|"
    r"κατ[άα]|υπ[έε]ρ))?"
    r"|(?:(?:я|мой)\s+)?(?:голосую|голос|отдаю\s+(?:свой\s+)?голос)(?:\s+(?:против|за))?"
    r"|против|за"
    r"|(?:il\s+mio\s+)?voto(?:\s+va)?(?:\s+(?:per|contro|a|al|alla|su))?"
    r"|(?:i\s+)?vote(?:\s+(?:for|to\s+lynch|lynch))?|lynch)\s*[:,]?\s+(?=\S)", re.I)
_INVISIBLE = re.compile("[\u00ad\u200b-\u200f\u2060\ufeff]")
_NOT_ALNUM = re.compile(r"[\W_]+")
_TOKEN = re.compile(r"[^\W_]+")

FUZZY_THRESHOLD = 75.0   # edit similarity (0..100, OSA: a swap of two letters is one edit)
FUZZY_MARGIN = 10.0      # a fuzzy match must beat every other player by this much
MIN_INSIDE = 3           # shortest whole name found inside a longer text
MIN_PREFIX = 4           # shortest text taken as the start of a name ("Reck" → "Reckamonic")
MIN_SHORT_PREFIX = 3     # with short_prefixes: "zeb" → "Zebedee" when no one else starts so
MIN_WORD = 2             # shortest text taken as one word of a longer name ("Aj" → "Aj The Epic")
MIN_INITIALS = 2         # shortest initials ("GS" → "Gray Swan")
MIN_SWAPPED = 3          # shortest initials read with two letters swapped ("IMWT")

INEXACT = ("word", "initials", "prefix", "fuzzy", "transliteration")  # carry ``resolved_by``
# (the tally adds "moderator-count", rules/learned.py, and "ruling", a game-file event)


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """Vocabulary: case-, accent-, final-sigma- and look-alike-insensitive form of a nickname
    (kept per text: the same names are folded again and again, issue 22)."""
    return " ".join(_bare(text).translate(_HOMOGLYPHS).split())


def loose(text: str) -> str:
    """``fold`` without spaces and punctuation: "Aj The Epic" = "ajtheepic", "_Sherlock_"."""
    return _NOT_ALNUM.sub("", fold(text))


def to_latin(text: str) -> str:
    """Greek and Cyrillic letters transliterated ("Νίκος" → "nikos", "Лиса" → "lisa"), folded."""
    bare = _bare(text)
    for pair, latin in _GREEK_PAIRS:
        bare = bare.replace(pair, latin)
    return " ".join(bare.translate(_TO_LATIN).split())


TYPO_MIN, TYPO_LONG = 4, 8


def typo_of(text: str, words: Iterable[str]) -> str | None:
    """The word of ``words`` that ``text`` is a typo of: within one edit (a swap of two letters is
    one), two from 8 letters on, compared folded; never below 4 letters, where one letter makes
    another word ("cop", "cap"). The nearest, the first of equals; None when none is that close."""
    key = fold(text)
    best: tuple[int, str] | None = None
    for word in words:
        other = fold(word)
        if min(len(key), len(other)) < TYPO_MIN:
            continue
        d = OSA.distance(key, other)
        if d <= (1 if len(other) < TYPO_LONG else 2) and (best is None or d < best[0]):
            best = (d, word)
    return best[1] if best else None


def _bare(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", _INVISIBLE.sub("", text))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


@dataclass(frozen=True)
class Resolution:
    player: str | None            # canonical name when resolved
    how: str                      # "exact" | "folded" | "alias" | one of INEXACT | "unknown" | "ambiguous"
    candidates: tuple[str, ...] = ()  # the clashing players when ambiguous

    @property
    def resolved_by(self) -> str | None:
        """interfaces.md §3: how an inexact name was read (None for an exact name or alias)."""
        return self.how if self.player is not None and self.how in INEXACT else None


UNKNOWN = Resolution(None, "unknown", ())


class NameResolver:
    """Vocabulary: resolve marked text to one player (canonical name → aliases)."""

    def __init__(self, players: Mapping[str, Iterable[str]], *, fuzzy: bool = True,
                 threshold: float = FUZZY_THRESHOLD, margin: float = FUZZY_MARGIN,
                 short_prefixes: bool = False, transliterate: bool = True) -> None:
        self.players = {name: tuple(aliases or ()) for name, aliases in players.items()}
        self.fuzzy, self.threshold, self.margin = fuzzy, threshold, margin
        self.short_prefixes = short_prefixes
        self._aliases = _index(self.players.items())
        self._folded = _index((name, [name]) for name in self.players)
        self._keys = {name: _keys(name, aliases) for name, aliases in self.players.items()}
        self._words = {name: _keys(_split_words(name), map(_split_words, aliases))
                       for name, aliases in self.players.items()}
        self._initials = {name: _initials(keys) | _initials(_compound_keys((name, *aliases)))
                          for (name, keys), aliases in zip(self._words.items(),
                                                           self.players.values(), strict=True)}
        self._loose = _loose_index(self._keys)
        self._latin: NameResolver | None = None
        if transliterate:
            latin = {name: tuple(dict.fromkeys(to_latin(t) for t in (name, *aliases)))
                     for name, aliases in self.players.items()}
            self._latin = NameResolver(latin, fuzzy=fuzzy, threshold=threshold, margin=margin,
                                       short_prefixes=short_prefixes, transliterate=False)
        self._scripts = any(_NON_LATIN.search(t) for name, aliases in self.players.items()
                            for t in (name, *aliases))
        self._cache: dict[str, Resolution] = {}

    def resolve(self, text: str) -> Resolution:
        """The player ``text`` names, or why it names none (``unknown``/``ambiguous``)."""
        if text not in self._cache:
            self._cache[text] = self._resolve(text)
        return self._cache[text]

    def resolve_whole(self, text: str) -> Resolution:
        """``resolve`` without test 2 (a name inside a longer text): the text is meant to be one
        name as a whole (a name between the separators of a moderator's count line)."""
        key = "\x00whole\x00" + text
        if key not in self._cache:
            self._cache[key] = self._resolve(text, inside=False)
        return self._cache[key]

    def _resolve(self, text: str, *, inside: bool = True) -> Resolution:
        raw = " ".join((text or "").split())
        folded = fold(raw)
        if not folded:
            return UNKNOWN
        found = self._plain(raw, folded, inside=inside) or self._repeated(folded)
        if found is not None:
            return found
        latin = self._transliterated(raw, inside=inside)
        if latin is not None and latin.how != "unknown":
            return latin
        lead = _VOTE_LEAD.match(raw)
        if lead is not None:
            rest = self._resolve(raw[lead.end():], inside=inside)
            if rest.how != "unknown":
                return rest
        if not self.fuzzy:
            return UNKNOWN
        found = self._fuzzy(folded)
        if found.how == "unknown" and self._latin is not None and (
                self._scripts or _NON_LATIN.search(raw)):
            latin = self._latin._fuzzy(fold(to_latin(raw)))
            if latin.player is not None:
                return Resolution(latin.player, "transliteration", ())
            return latin
        return found

    def _plain(self, raw: str, folded: str, *, inside: bool = True) -> Resolution | None:
        """Tests 1–5 of the module docstring (no transliteration, no fuzzy similarity)."""
        for found in (self._exact(raw, folded), self._by_key(folded), self._by_loose(folded),
                      self._inside(folded) if inside else None):
            if found is not None:
                return found
        for found in (self._shape(folded), self._typo_prefix(folded),
                      self._short_prefix(folded)):
            if found is not None:
                return found
        return None

    def _repeated(self, folded: str) -> Resolution | None:
        """A name made of one word said again, written with a count: "Yesx3" for "YES YES YES"."""
        m = _REPEAT.fullmatch(folded)
        if m is None:
            return None
        again = " ".join([m.group(1)] * int(m.group(2)))
        found = self._by_key(again) or self._by_loose(again)
        return Resolution(found.player, "word", ()) if found and found.player else found

    def _transliterated(self, raw: str, *, inside: bool = True) -> Resolution | None:
        """Test 6: Greek or Cyrillic on either side, read in Latin letters."""
        if self._latin is None or not (self._scripts or _NON_LATIN.search(raw)):
            return None
        latin = to_latin(raw)
        found = self._latin._plain(latin, fold(latin), inside=inside)
        if found is None:
            return None
        if found.player is not None:
            return Resolution(found.player, "transliteration", ())
        return found

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

    def _shape(self, folded: str) -> Resolution | None:
        """Test 3: a word, the initials or a 4+ letter prefix of exactly one player's name.

        All three are asked together: "Knight" with players TheLastKnight and KnightRider is
        ambiguous, not whichever test came first. A shorter text never resolves as a prefix,
        but still makes a clash visible: "Nik" with players Nikos and Niko is ambiguous.
        """
        hits: dict[str, str] = {}
        for how, players in (("word", self._word_hits(folded)),
                             ("initials", self._initials_hits(folded)),
                             ("prefix", self._prefix_hits(folded))):
            for name in players:
                hits.setdefault(name, how)
        if len(hits) == 1:
            (name, how), = hits.items()
            return Resolution(name, how, ())
        if hits:
            return Resolution(None, "ambiguous", tuple(sorted(hits)))
        short = self._starting_with("".join(_TOKEN.findall(folded)))
        return _decide(short, "prefix") if len(short) > 1 else None

    def _word_hits(self, folded: str) -> set[str]:
        """The text is whole words of a longer name ("Aj" → "Aj The Epic", "Trollie" →
        "TheTrollie", "Thor" → "Thor665", "Raven" → "QRZTRaven")."""
        probe = " ".join(_TOKEN.findall(folded))
        if len(probe) < MIN_WORD:
            return set()
        return {name for name, keys in self._words.items()
                if any(" " in k and f" {probe} " in f" {k} " for k in keys)}

    def _initials_hits(self, folded: str) -> set[str]:
        """The text is the initials of a name's words ("GS" → "Gray Swan", "TLK" →
        "TheLastKnight"), or those initials with two neighbouring letters swapped ("IMWT")."""
        probe = _NOT_ALNUM.sub("", folded)
        if len(probe) < MIN_INITIALS or " " in folded.strip():
            return set()
        probes = {probe} | (_swaps(probe) if len(probe) >= MIN_SWAPPED else set())
        return {name for name, initials in self._initials.items() if probes & initials}

    def _prefix_hits(self, folded: str) -> set[str]:
        """A player whose name starts with the text (4+ letters), or with its first word."""
        tokens = _TOKEN.findall(folded)
        whole = "".join(tokens)
        hits = self._starting_with(whole) if len(whole) >= MIN_PREFIX else set()
        if not hits and len(tokens) > 1 and len(tokens[0]) >= MIN_PREFIX:
            hits = self._starting_with(tokens[0])
        return hits

    def _starting_with(self, probe: str) -> set[str]:
        if not probe:
            return set()
        return {name for name, keys in self._keys.items()
                if any(k.replace(" ", "").startswith(probe) for k in keys)}

    def _typo_prefix(self, folded: str) -> Resolution | None:
        """Test 4: a prefix of 4+ letters within one edit ("tunrip" → "turnipsoup", "mika" →
        "Mikhos"); the prefix compared is as long as the text, or one letter shorter or longer."""
        probe = _NOT_ALNUM.sub("", folded)
        if len(probe) < MIN_PREFIX:
            return None
        n = len(probe)
        hits = {name for name, keys in self._keys.items()
                for k in (k.replace(" ", "") for k in keys) if len(k) > n
                and any(OSA.distance(probe, k[:m], score_cutoff=1) <= 1 for m in (n - 1, n, n + 1))}
        return _decide(hits, "prefix")

    def _short_prefix(self, folded: str) -> Resolution | None:
        """Test 5 (option ``short_prefixes``): a 3-letter text that starts one name only."""
        probe = _NOT_ALNUM.sub("", folded)
        if not self.short_prefixes or len(probe) != MIN_SHORT_PREFIX:
            return None
        hits = self._starting_with(probe)
        return _decide(hits, "prefix") if len(hits) == 1 else None

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
        close = tuple(sorted(n for s, n in scores if s > scores[0][0] - self.margin))
        return Resolution(scores[0][1], "fuzzy", ()) if len(close) == 1 else \
            Resolution(None, "ambiguous", close)


def pick_player(resolver: NameResolver, text: str, *, what: str = "player") -> str:
    """A player named by the user (``history --player``), read as a vote's name is: the same
    resolver, so folding, aliases, transliteration and the fuzzy tests work as they do for votes
    (issue 20). A name that reads as nobody, or as several players, is an :class:`InputError`
    naming the closest players (or the clashing ones)."""
    found = resolver.resolve(text)
    if found.player is not None:
        return found.player
    if found.how == "ambiguous":
        raise InputError(f"{what} {text!r}: more than one player could be meant "
                         f"({', '.join(found.candidates)}); give more of the name")
    close = closest(resolver, text)
    hint = f"; closest: {', '.join(close)}" if close else ""
    raise InputError(f"{what} {text!r}: no player of this game is called so{hint}")


def closest(resolver: NameResolver, text: str, limit: int = 3) -> list[str]:
    """The players whose name or alias is nearest ``text`` (folded, and in Latin letters), best
    first: what an error suggests when a name reads as nobody."""
    keys: dict[str, set[str]] = {}
    for name, aliases in resolver.players.items():
        for t in (name, *aliases):
            for key in (loose(t), loose(to_latin(t))):
                if key:
                    keys.setdefault(key, set()).add(name)
    probes = {p for p in (loose(text), loose(to_latin(text))) if p}
    scores: dict[str, float] = {}
    for probe in probes:
        for key, score, _ in process.extract(probe, list(keys), scorer=fuzz.ratio,
                                             limit=None, score_cutoff=40):
            for name in keys[key]:
                scores[name] = max(scores.get(name, 0.0), score)
    return sorted(scores, key=lambda n: (-scores[n], n))[:limit]


_RUN = re.compile(r"(.)\1+")
_REPEAT = re.compile(r"([^\W\d_]{2,})\s*[x×*]\s*([2-5])")


def _undouble(text: str) -> str:
    return _RUN.sub(r"\1", text)


def _similarity(a: str, b: str) -> float:
    return 100.0 * OSA.normalized_similarity(a, b)


def _swaps(text: str) -> set[str]:
    """``text`` with one pair of neighbouring letters swapped, every way."""
    return {text[:i] + text[i + 1] + text[i] + text[i + 2:] for i in range(len(text) - 1)
            if text[i] != text[i + 1]}


MIN_COMPOUND = 8       # shortest run of small letters split into words ("notscience")
MIN_COMPOUND_PART = 3  # every word of such a split is at least this long ("the status quo")


def _compound_keys(texts: Iterable[str]) -> tuple[str, ...]:
    """More ways to see a name's words, for its initials: a capitals run as letters ("TL Cool
    Name" → t l cool name: "TLCN"; "JJBinks" → j j binks: "JJB"), and a word written without
    capitals split by an English word list ("captaineddie" → captain eddie: "CE",
    "Thestatusquo" → the status quo: "TSQ"), only where every word found is a real one of three
    letters or more (a guess is no split: "gendaberry" stays one word)."""
    out = []
    for text in texts:
        words = [w for w in _TOKEN.findall(_split_words(text))]
        caps = [" ".join(w) if w.isupper() and 1 < len(w) <= 4 and w.isalpha() else w
                for w in words]
        split = [" ".join(_compound(w)) for w in caps]
        for variant in (caps, split):
            out.append(" ".join(fold(w) for w in variant))
    return tuple(dict.fromkeys(k for k in out if k))


@lru_cache(maxsize=4096)
def _compound(word: str) -> tuple[str, ...]:
    """``word`` as the English words it is made of, when it is a long run of small letters (a
    first capital allowed) that splits into words all of ``MIN_COMPOUND_PART`` letters or more."""
    if len(word) < MIN_COMPOUND or not word.isalpha() or not word[1:].islower():
        return (word,)
    import wordninja  # its English word list loads on first use, not at votal's start
    parts = tuple(wordninja.split(word.lower()))
    if len(parts) < 2 or any(len(p) < MIN_COMPOUND_PART for p in parts):
        return (word,)
    return parts


def _initials(word_keys: Iterable[str]) -> frozenset[str]:
    """Initials of each multi-word key: every word's first letter, and letters-only words'
    ("Thor 665" → "t6" and nothing for "t" alone: one initial is no initials)."""
    out = set()
    for key in word_keys:
        words = key.split()
        for chosen in (words, [w for w in words if not w[0].isdigit()]):
            if len(chosen) >= MIN_INITIALS:
                out.add("".join(w[0] for w in chosen))
    return frozenset(out)


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


# Word starts: a letter after a digit or a digit after a letter ("Thor665"), a capital after a
# small letter ("TheTrollie"), and the last capital of a run before a small letter ("QRZTRaven").
_UPPER = "A-ZÀ-ÞΑ-ΩΆ-ΏА-ЯЁ"
_LOWER = "a-zß-ÿα-ωά-ώа-яё"
_WORD_START = re.compile(rf"(?<=[^\W\d_])(?=\d)|(?<=\d)(?=[^\W\d_])"
                         rf"|(?<=[{_LOWER}])(?=[{_UPPER}])|(?<=[{_UPPER}])(?=[{_UPPER}][{_LOWER}])")


def _split_words(text: str) -> str:
    return _WORD_START.sub(" ", text)


def _loose_index(keys: Mapping[str, tuple[str, ...]]) -> dict[str, set[str]]:
    index: dict[str, set[str]] = {}
    for name, folded_keys in keys.items():
        for k in folded_keys:
            index.setdefault(_NOT_ALNUM.sub("", k), set()).add(name)
    index.pop("", None)
    return index
