"""Read a moderator's vote count by the roster, not by its layout (issue 21; pure).

A count line is one **candidate label** — a player by any name the roster knows (his name, his
aliases, the players his slot replaced; case, accents and look-alike letters folded, spaces and
``_ - .`` inside a name loose), or a not-voting / no-lynch label in any spelling, case or
position, in English, Greek, Italian or Russian — then the **voters** it names, with any
separator or none (``,`` ``;`` ``/`` ``&`` "and", a space between two names), in links, bold or
colour, and optional **numbers** before or after, bracketed or not: ``(4)``, ``[4]``, ``4 votes``,
``(L-3)``, ``L-2``, ``(4/7)``, ``[LYNCH]``, ``<-- hammered``. No moderator's layout is listed by
hand: the names are found first, the layout is what lies between them.

- Struck-out and greyed text, and a bracketed list after the current voters, are earlier votes the
  moderator keeps visible: read as history (``CountLine.history``), never as current votes (a
  greyed "Not Voting" label is still the label).
- A voter's extra vote marked after his name ("Mira [+1]", "(+1)", "+1") is his
  (``CountLine.extra``, counted in the line's number); beside no voter it is unread. Words in
  brackets after a candidate that name no player ("Pebble (the Baker) (2): …") are his nickname
  when the rest of the line reads; voters may be numbered ("1. Mira 2. Tosk"); "Lynch Pebble
  (2): …" names Pebble; a count on one line split by ``|`` or ``;``, or by commas outside the
  voters' brackets ("Pebble 2 (Mira, Tosk), Quill 1 (Ash)"), is split when every part is a count
  line; two "not voting" lines ("Not voting", "Abstained") are one.
- A table reads a row as a line, its cells split by ``|``; a column its header names as the
  nominators ("Nominator | Nominee | # | Voters", Blood on the Clocktower counts, where "Sleep"
  is no execution) is neither candidate nor voter and is left out.
- Titles (legends, spoiler titles, headings, a "Vote Count 2.07" line), footers, deadline and
  majority lines are never count lines: their first words are no name, or they are titles.
- A line whose voter is written as ``Mira → Pebble`` (an arrow or "votes") names the voter
  first; a block of them is read voter by voter, as is a block of three or more "Mira: Pebble"
  lines with one name each where a name after the colon stands on two lines (no voter can), or
  of two or more where one is "Mira: No Lynch" (no voter can be No Lynch either); elsewhere a
  no-lynch label where a voter stands is unread.
- Prose around the number is dropped: "Pebble has 2 votes: Mira, Tosk", "is at 2 votes from
  Mira and Tosk", "Pebble ha 2 voti: …".
- A fractional number ("Pebble (2.5): …", "[1.5]", "2,5 votes"; weighted votes, which votal's
  whole vote weights, MS-05, cannot give) makes the count **unread** with that number: reading
  it would be a guess. "(2.0)" is the number 2.
- A label with its number and no voters ("Pebble (2)", "Not voting (3)") takes its voters from
  the lines of names below it (a list, a ``<dl>``), exactly that many; list bullets ("- Pebble
  (2): …"), code boxes (``<pre>``: one line a line), ``@mentions``, "x2", left arrows and
  "Votes on Pebble" are read as the other layouts are.
- A line with a candidate and a count's structure whose other texts the roster cannot place is a
  *doubtful* line: it belongs to the count when it sits among the count's lines (or beside them,
  laid out like them, or right after the last of them with their separator between an unplaced
  candidate and placed voters, or a placed candidate and unplaced single names), and makes the count **unread** (``VoteCount.unread``: the texts
  no player answers to) — the audit reports such a count as "could not read", never as the
  moderator's error.

The names come back canonical (the roster's first name of the player, ``No Lynch``), so the audit
compares them as they are; ``Roster.how`` records a name read inexactly (initials, a prefix, a
misspelling) for the report.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from lxml import etree

from votal.scraper.colour import element_colour, parse_colour
from votal.tally.bodies.body import Body, body_of
from votal.tally.model import NO_LYNCH
from votal.tally.names import _HOMOGLYPHS, NameResolver, Resolution
from votal.tally.votecounts import (
    CountLine,
    ModPost,
    VoteCount,
    _is_header,
    find_as_of,
    majority_of,
    mod_text,
    parse_announcements,
    structure_score,
)

NOT_VOTING = "\x00not-voting"   # the label of a "not voting" line (never a player's name)

# -- the labels that are no player, on bare text (casefolded, accents stripped: "й" is "и") -----
_NOT_VOTING_WORDS = (
    r"not\s*voting|not\s*voted(?:\s*yet)?|not\s*yet\s*voted|non[-\s]?voting|non[-\s]?voters?|"
    r"no\s*votes?(?:\s*cast)?|votes?\s*not\s*cast|did\s*not\s*vote|yet\s*to\s*vote|(?:have|has)(?:\s*not|n[’']?t)\s*(?:yet\s*)?voted|didn[’']?t\s*vote|"
    r"abstain(?:ing|ed)?|abstentions?|unvoted|"
    r"δεν\s+ψηφισαν|δεν\s+(?:εχουν|εχει)\s+ψηφισει(?:\s+ακομα)?|δεν\s+ψηφιζουν|χωρις\s+ψηφο"
    r"(?:\s*\(απουσια\))?|αψηφιστοι|απεχουν|αποχη|"
    r"non\s+votant[ei]|non\s+(?:hanno|ha)\s+(?:ancora\s+)?votato|non\s+votano|senza\s+voto|"
    r"nessun\s+voto|astenut[ioae]|astension[ei]|"
    r"не\s+голосовал[аи]?|(?:еще\s+)?не\s+проголосовал[аи]?|не\s+голосуют|без\s+голоса|"
    r"воздержал(?:ись|ся|ась)|не\s+отдали\s+голос(?:а|ов)?"
)
_NO_LYNCH_WORDS = (
    r"no[\s_-]*(?:lynch|elimination|execution|exe|exile|kill)|nolynch|nl|sleep|"
    r"καμια\s+αποχωρηση|χωρις\s+αποχωρηση|"
    r"nessun[oa]?\s+(?:linciaggio|rogo|eliminazione|eliminato)|"
    r"без\s+(?:линча|казни|повешения)|никого\s+не\s+(?:вешать|казнить|сажать)|пас|скип"
)
_SPECIALS = ((NOT_VOTING, re.compile(r"(?:" + _NOT_VOTING_WORDS + r")(?:\s*(?:/|&|or|and)\s*(?:"
                                      + _NOT_VOTING_WORDS + r"))*(?:\s+(?:yet|ακομα|ancora|"
                                      r"еще|пока))?(?![^\W_])")),
             (NO_LYNCH, re.compile(r"(?:" + _NO_LYNCH_WORDS + r")(?![^\W_])")))

# -- numbers and markers around a label or its voters ------------------------------------------
# "L-2" (two votes from a lynch), "E-2" (elimination), "NE-3" / "NL-3" (no execution, no lynch)
_TO_GO = r"(?:n[el]|[le])"
_VOTE_WORD = r"(?:\s*(?:votes?|vot[io]|ψηφο[ιςυ]?|ψηφων|голос(?:а|ов)?))?"
_NUM = re.compile(
    r"[\[(]\s*(?P<a>\d{1,2})\s*(?:/\s*\d{1,2})?" + _VOTE_WORD + r"\s*(?:,\s*(?:"
    + _TO_GO + r"\s*-\s*\d+|[a-z]+))?\s*[\])]"           # (4) [4] (4/7) (4 votes) (3, L-1)
    r"|(?P<b>\d{1,2})(?:\s*/\s*\d{1,2})?" + _VOTE_WORD + r"(?![^\W_]|\s*[.)]\s)"   # 4, 4/7, 4 votes
    r"|[x×]\s?(?P<c>\d{1,2})(?![^\W_])")                   # x2 (a count, after a label)
_HAMMER = (r"(?:lynch(?:ed)?|hammer(?:ed)?|majority|eliminated|executed|hanged|rogo|"
           r"πλειοψηφια|αποχωρει|maggioranza|большинство|казн[ьеё]н?)")
_MARK = re.compile(
    r"[\[(]\s*" + _TO_GO + r"\s*-\s*\d+\s*[\])]|"      # (L-3) [L-2] (E-2)
    + _TO_GO + r"\s*-\s*\d+(?![^\W_])"                      # L-2 NE-3
    r"|[\[(]\s*" + _HAMMER + r"\s*!*\s*[\])]"               # [LYNCH] (hammered)
    r"|<[-=]+\s*(?:" + _TO_GO + r"\s*-\s*\d+|" + _HAMMER     # <-- LYNCH!!!   <-- L-2
    + r")?[\s!.]*$"
    r"|[-=]+>\s*" + _HAMMER + r"[\s!.]*$"                  # --> lynched
    r"|\[\d{2}[/.]\d{2}\s+\d{1,2}:\d{2}(?::\d{2})?\]"       # votal's own "[02/11 19:58:12]", "[02.11 …]"
    r"|[\[(]\s*#\s*\d+\s*[\])]|#\s*\d+"                      # a voter's post (#45)
    r"|" + _HAMMER + r"!*(?=\s*$)")                         # "- hammered" at the end
# a fractional number ("(2.5)", "1,5 votes"): weighted votes, which votal's whole vote weights
# (MS-05) cannot give, so a count that holds one is unread, never compared; "(2.0)" is a number
_FRACTION = re.compile(
    r"[\[(]\s*(?:\d{1,2}|(?=[.,]\d))[.,]\d{1,2}(?:\s*/\s*\d{1,2}(?:[.,]\d{1,2})?)?" + _VOTE_WORD + r"\s*[\])]"
    r"|\d{1,2}[.,]\d{1,2}(?:\s*/\s*\d{1,2}(?:[.,]\d{1,2})?)?" + _VOTE_WORD + r"(?![^\W_]|[.,]\d)")
# words of prose between a candidate and his number ("Pebble has 2 votes: …", "Pebble is at 2
# votes", "Pebble ha 2 voti"), and between the number and the voters ("2 votes from Mira")
_HAS = frozenset({"has", "have", "had", "now has", "currently has", "is at", "is on", "with", "ha",
                  "hanno", "con", "έχει", "εχει", "με", "имеет", "набрал", "набрала", "получил",
                  "получила"})
_FROM = frozenset({"from", "by", "da", "di", "от", "από", "απο"})
# an extra vote a voter casts ("Mira [+1]", "Mira (+1)", "Mira +1"): a weight the count shows
_BONUS = re.compile(r"[\[(]\s*\+\s*(?P<a>\d)\s*(?:votes?\s*)?[\])]|\+(?P<b>\d)(?![^\W_]|[.,]\d)")
# a list's numbering of its voters ("Pebble (2): 1. Mira 2. Tosk", "1) Mira" on a line below)
_VOTER_ENUM = re.compile(r"\d{1,2}[.)](?=\s+\S)")
_UNVOTED = re.compile(r"[\[(]\s*un-?vot(?:ed?)?\s*[\])]")
_ARROW = re.compile(r"\s*(?:→|⇒|->|=>|-->|votes?(?:\s+for|\s+to\s+(?:lynch|eliminate|execute|kill|hang))?|"
                    r"(?:has\s+)?voted\s+(?:for|to\s+(?:lynch|eliminate|execute|kill|hang))|"
                    r"is\s+(?:now\s+|currently\s+)?voting(?:\s+for)?|vota|ψηφιζει|голосует(?:\s+за)?)"
                    r"(?![^\W_])\s*")   # "vote" inside "voted", "voters" is no arrow
# words that open a list of voters ("Pebble (2) - voted by Mira, Tosk", "votes from …")
_VOTED_BY = frozenset({"voted by", "votes by", "votes from", "vote from", "voters", "by", "from",
                       "votato da", "votata da", "voti da", "ψηφισαν", "голосовали"})
_SEP = re.compile(r"\s*(?:<[-=]+|[←⇐⟵]|[-–—:|=,;/&+~•]|\band\b|\be\b|\bи\b|\bκαι\b)\s*")
_WORD = re.compile(r"[^\s\-–—:|=,;/&+~()\[\]{}<>•]+")
_PUNCT = re.compile(r"^[.!?*\"'`’“”«»…]+$")
_REDDIT_USER = re.compile(r"/?u/(?=\w)")
# a list's own numbering ("1. Pebble", "2) Quill"): not a count
_ENUMERATION = re.compile(r"\d{1,3}\s*[.)](?=\s)")

# Words that begin a line about the count, never a candidate (first word of an unresolved text).
_NOT_LABELS = frozenset("""
deadline majority result day days night with page post thread count votes vote note notes edit ps
reminder reminders prods prod v/la vla mod moderator status alive player players start time game
phase rules current if the it is are there countdown waiting lynch spoiler living dead
replacement replacements replaced substitution substitutions sub subs prodded modkill modkilled
modkills
esito scadenza maggioranza giorno notte inizio ora partita risultato sostituzione sostituzioni
ημέρα ημερα νύχτα νυχτα αποτέλεσμα αποτελεσμα πλειοψηφία πλειοψηφια λήξη ληξη έναρξη εναρξη ώρα ωρα
αντικατάσταση αντικατασταση
день ночь итог итоги большинство окончание начало время игра замена замены
""".split())
# Words of prose, never inside a name as a moderator writes a voter.
_PROSE = frozenset("""
is was has been have will would should until through because since who which that this
è sono ha fino perché
είναι ήταν έχει μέχρι επειδή
был была было будет есть до потому
""".split())
# Words before a candidate's label that say "the votes on": never the candidate.
_VOTES_ON = re.compile(r"(?:votes?|voting|voted|lynch\s+votes?|wagon)\s+(?:on|for|against)|"
                       r"(?:votes?\s+to\s+)?(?:lynch|eliminate|execute|exile|hang)|wagon|"
                       r"vot[io]\s+(?:su|per|contro)|голос(?:а|ов)?\s+(?:за|против)|"
                       r"ψηφοι\s+(?:για|κατα|υπερ)")
_MAX_CHUNK_WORDS = 3
_MAX_CHUNK = 40


# -- the roster -----------------------------------------------------------------------------------

def bare(text: str) -> str:
    """Casefolded, accents stripped (one char may give none or several)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


_bare_char = lru_cache(maxsize=8192)(bare)
"""``bare`` of one character, kept: a count's text is read character by character (issue 22)."""


def _key(text: str) -> str:
    return "".join(c for c in bare(text).translate(_HOMOGLYPHS) if c.isalnum())


class Roster:
    """Every name of the game's players (canonical name → its aliases), for finding names in a
    count line; the tally's name resolver (tally/names.py) reads the texts between them."""

    def __init__(self, players: Mapping[str, Iterable[str]],
                 resolver: NameResolver | None = None) -> None:
        self.players = {name: tuple(aliases or ()) for name, aliases in players.items()}
        self.resolver = resolver or NameResolver(self.players)
        owners: dict[str, set[str]] = {}
        for name, aliases in self.players.items():
            for text in (name, *aliases):
                k = _key(text)
                if k:
                    owners.setdefault(k, set()).add(name)
        # longest first; a key two players share names neither (left to the resolver's review)
        self._keys = sorted(((k, next(iter(o))) for k, o in owners.items() if len(o) == 1),
                            key=lambda kv: -len(kv[0]))
        self.by_key = dict(self._keys)
        self._first: dict[str, list[tuple[str, str]]] = {}
        for k, name in self._keys:
            self._first.setdefault(k[0], []).append((k, name))
        self.how: dict[str, str] = {}     # text read inexactly → how (tally/names.py's word)

    def resolve(self, text: str) -> Resolution:
        return self.resolver.resolve(text)


@dataclass(frozen=True, slots=True)
class _Text:
    """A line's text with, per character, whether it is history (struck or greyed), and its
    bare and look-alike-folded forms with the index of each folded character's origin."""

    raw: str
    history: tuple[bool, ...]
    folded: str            # bare + look-alikes: for names
    plain: str             # bare: for the special labels' words
    origin: tuple[int, ...]  # folded index → raw index
    at: tuple[int, ...]      # raw index → folded index

    @classmethod
    def of(cls, raw: str, history: Iterable[bool]) -> _Text:
        parts = [_bare_char(c) for c in raw]
        plain = "".join(parts)
        if len(plain) == len(raw) and "" not in parts:
            # every character folds to one: each index is its own (issue 22: most lines)
            same = tuple(range(len(raw) + 1))
            return cls(raw, tuple(history), plain.translate(_HOMOGLYPHS), plain, same, same)
        origin: list[int] = []
        at: list[int] = []
        for i, p in enumerate(parts):
            at.append(len(origin))
            origin.extend([i] * len(p))
        at.append(len(origin))
        origin.append(len(raw))
        return cls(raw, tuple(history), plain.translate(_HOMOGLYPHS), plain, tuple(origin),
                   tuple(at))


_JOINERS = " _.'’-"


def _match_name(roster: Roster, t: _Text, i: int, *, glued: bool = False
                ) -> tuple[int, str] | None:
    """The longest roster name starting at raw index ``i`` (a word boundary), ending at one:
    ``(raw end, canonical)``. Inside a name one space, ``_``, ``.``, ``'`` or a hyphen without
    spaces around it is loose ("Thor 665" = Thor665, "Ant to the max" = Ant_to_the_max), and
    underscores that end it are its own ("Brine_")."""
    f, k0 = t.folded, t.at[i]
    if k0 >= len(f) or not f[k0].isalnum() or (k0 > 0 and f[k0 - 1].isalnum() and not glued):
        return None
    for key, name in roster._first.get(f[k0], ()):
        k, j, gap = k0, 0, 0
        while j < len(key) and k < len(f):
            c = f[k]
            if c == key[j]:
                j, k, gap = j + 1, k + 1, 0
            elif c in _JOINERS and j > 0 and gap == 0 and k + 1 < len(f) and f[k + 1] != " " \
                    and not (c == "-" and f[k - 1] == " "):
                k, gap = k + 1, 1
            else:
                break
        if j == len(key):
            end = k
            while end < len(f) and f[end] == "_":
                end += 1      # "Brine_": underscores that end a name are the name's
            if end >= len(f) or not f[end].isalnum():
                return t.origin[end], name
    return None


def _match_special(t: _Text, i: int, *, glued: bool = False) -> tuple[int, str] | None:
    k0 = t.at[i]
    if k0 > 0 and t.plain[k0 - 1].isalnum() and not glued:
        return None
    for label, pattern in _SPECIALS:
        m = pattern.match(t.plain, k0)
        if m:
            return t.origin[m.end()], label
    return None


# -- tokens ----------------------------------------------------------------------------------------

@dataclass(slots=True)
class _Tok:
    kind: str          # NAME NUM MARK UNVOTED SEP ARROW OPEN CLOSE WORD
    start: int
    end: int
    text: str
    value: str | int | None = None    # NAME: canonical / NOT_VOTING / NO_LYNCH; NUM: the number
    history: bool = False


def _tokens(roster: Roster, t: _Text) -> list[_Tok]:
    raw, out, i = t.raw, [], 0
    low = t.plain  # for the regexes written in lower case; raw indices via t.at/origin
    while i < len(raw):
        if raw[i].isspace():
            i += 1
            continue
        if raw[i] == "@" and i + 1 < len(raw) and raw[i + 1].isalnum():
            i += 1        # "@Mira": a mention (Discourse, XenForo) names the player after it
            continue
        reddit = _REDDIT_USER.match(raw, i)
        if reddit and (i == 0 or not raw[i - 1].isalnum()):
            i = reddit.end()   # "/u/Mira", "u/Mira": Reddit's way of naming a user
            continue
        k = t.at[i]
        enum = _VOTER_ENUM.match(raw, i) if raw[i].isdigit() and (
            i == 0 or raw[i - 1].isspace() or raw[i - 1] in ",;:") else None
        if enum is not None:
            out.append(_Tok("ENUM", i, enum.end(), enum.group()))
            i = enum.end()
            continue
        hit = _match_special(t, i) or _match_name(roster, t, i)
        if hit is not None:
            out.append(_Tok("NAME", i, hit[0], raw[i:hit[0]], hit[1]))
            i = hit[0]
            continue
        for kind, pattern in (("UNVOTED", _UNVOTED), ("MARK", _MARK), ("FRACTION", _FRACTION),
                              ("BONUS", _BONUS), ("NUM", _NUM),
                              ("ARROW", _ARROW), ("SEP", _SEP)):
            m = pattern.match(low, k)
            if m and m.end() > k and (kind != "ARROW" or m.group().strip()):
                end = t.origin[m.end()]
                value: str | int | None = None
                if kind == "FRACTION":
                    whole = re.match(r"\D*(\d+)[.,](\d+)", m.group())
                    if whole and not whole.group(2).strip("0"):
                        kind, value = "NUM", int(whole.group(1))    # "(2.0)": a whole number
                if kind == "BONUS":
                    if not (m.group("a") or i > 0 and raw[i - 1].isspace()):
                        continue      # "Mira+1" glued: no extra vote, a name's end or a sum
                    value = int(m.group("a") or m.group("b"))
                elif kind == "NUM" and value is None:
                    value = int(m.group("a") or m.group("b") or m.group("c"))
                elif kind == "SEP":
                    value = m.group().strip()
                if kind == "ARROW" and not re.search(r"[→⇒>]", m.group()) and not (
                        k > 0 and low[k - 1].isspace()):
                    continue      # "votes" glued to a word is part of it
                out.append(_Tok(kind, i, end, raw[i:end], value))
                i = end
                break
        else:
            c = raw[i]
            if c in "([{":
                out.append(_Tok("OPEN", i, i + 1, c))
                i += 1
            elif c in ")]}":
                out.append(_Tok("CLOSE", i, i + 1, c))
                i += 1
            else:
                m = _WORD.match(raw, i)
                end = m.end() if m else i + 1
                word = raw[i:end]
                if not _PUNCT.match(word) and any(c.isalnum() for c in word):
                    # (a word of symbols alone, "🥇", "⚠️", "►", is no name and no text)
                    out.append(_Tok("WORD", i, end, word))
                i = end
    for tok in out:
        marks = t.history[tok.start:tok.end]
        tok.history = bool(marks) and sum(marks) * 2 > len(marks)
        if tok.kind == "WORD" and tok.text[:1] + tok.text[-1:] != tok.text.strip("_")[:1] \
                + tok.text.strip("_")[-1:] and _key(tok.text) in roster.by_key:
            # "_Sherlock_": underscores around a name are no boundary the scan could start at
            tok.kind, tok.value = "NAME", roster.by_key[_key(tok.text)]
        if tok.kind == "NAME" and _struck_in_text(raw, tok.start, tok.end):
            tok.history = True
    return _chunks(out, raw)


_TEXT_STRIKES = ("-", "~", "~~")


def _struck_in_text(raw: str, start: int, end: int) -> bool:
    """A name struck out in plain text: "-Mira-", "~~Mira~~" (a count tool's text output, a
    strike Markdown did not render), hyphens or tildes glued to both its ends."""
    for mark in _TEXT_STRIKES:
        a, b = start - len(mark), end + len(mark)
        if a >= 0 and raw[a:start] == mark and raw[end:b] == mark \
                and (a == 0 or raw[a - 1] in " ,;(") and (b == len(raw) or raw[b] in " ,;)"):
            return True
    return False


def _chunks(tokens: list[_Tok], raw: str) -> list[_Tok]:
    """Neighbouring words (spaces between only) become one text: a name the roster did not find
    as it is written ("Sherlok Holmes"), or prose."""
    out: list[_Tok] = []
    for tok in tokens:
        prev = out[-1] if out else None
        if tok.kind == "WORD" and prev is not None and prev.kind == "WORD" \
                and not raw[prev.end:tok.start].strip():
            prev.end, prev.text = tok.end, raw[prev.start:tok.end]
            prev.history = prev.history and tok.history
            continue
        out.append(tok)
    return out


# -- one line ------------------------------------------------------------------------------------

@dataclass
class LineReading:
    """A line read by the roster; ``kind``: ``count`` (every text placed), ``doubtful`` (a
    candidate and a count's structure, some texts unplaced), ``title`` or ``other``."""

    kind: str
    label: str | None = None             # canonical player, NOT_VOTING or NO_LYNCH
    count: int | None = None             # the number the line gives (None: none given)
    voters: list[str] = field(default_factory=list)
    history: list[str] = field(default_factory=list)
    unread: list[str] = field(default_factory=list)
    signature: tuple = ()                # how the line is laid out around its label
    sep: str | None = None               # the separator before its first voter ("Pebble (2): …")
    arrow: bool = False                  # "voter → candidate"
    text: str = ""
    no_lynch_after: str = ""             # "Mira: No Lynch": the label's text after a voter, read
    #                                      only in a block read voter by voter (else unread)
    extra: list[str] = field(default_factory=list)   # a voter once per extra vote ("Mira [+1]")

    @property
    def numbered(self) -> bool:
        return self.count is not None


def _resolve_text(roster: Roster, text: str, *, label: bool) -> str | None:
    """A text between the separators that the roster's longest-name scan did not find: the
    name resolver's answer when it is one player (no 'name inside a longer text'), else None."""
    words = text.split()
    if not words or len(words) > _MAX_CHUNK_WORDS or len(text) > _MAX_CHUNK:
        return None
    if label and bare(words[0]).strip(".:") in _NOT_LABELS:
        return None
    if any(bare(w) in _PROSE for w in words):
        return None
    res = roster.resolver.resolve_whole(text)
    if res.player is None:
        return None
    roster.how[text] = res.how
    return res.player


def _may_be_a_name(text: str) -> bool:
    """A text that could be a player votal does not know (a candidate of a count line): a few
    words, not the words that begin the lines around a count, not prose, not a number."""
    words = text.split()
    return 0 < len(words) <= _MAX_CHUNK_WORDS and len(text) <= _MAX_CHUNK \
        and bare(words[0]).strip(".:") not in _NOT_LABELS \
        and not any(bare(w) in _PROSE for w in words) and not text.strip().isdigit() \
        and text.rstrip()[-1:] not in ".!?"


# "Alan did not vote.", "Alan and Bea have not voted yet", "Cid isn't voting": the not-voting
# words after the players they name (issue 21: such a line was dropped in silence)
_DID_NOT_VOTE = re.compile(r"\s+(?:did(?:\s+not|n['’]t)|(?:has|have)(?:\s+not|n['’]t)(?:\s+yet)?|"
                           r"(?:is|are)(?:\s+not|n['’]t)|(?:does|do)(?:\s+not|n['’]t))\s+"
                           r"(?:vot(?:e|ed|ing))(?:\s+yet)?(?:\s+today)?\s*[.!]?\s*$", re.I)


_PRONOUNS = frozenset("i you he she they we it someone everyone nobody who".split())


def _did_not_vote(roster: Roster, t: _Text) -> LineReading | None:
    """A "not voting" line written voter first ("Alan did not vote.", "Alan and Bea have not
    voted yet"): the players it names vote no one; names no player answers to leave it doubtful
    (the count unread, never a line dropped in silence). None for any other line."""
    m = _DID_NOT_VOTE.search(t.raw)
    if m is None or not t.raw[:m.start()].strip():
        return None
    head = _Text.of(t.raw[:m.start()], t.history[:m.start()])
    text = t.raw.strip()
    names = _names_only(roster, head)
    if names is None:
        words = head.raw.strip()
        parts = [w for w in re.split(r"\s*(?:,|&|\band\b)\s*", words) if w]
        if not parts or not all(_may_be_a_name(w) and bare(w) not in _PRONOUNS and (
                len(w.split()) == 1 or all(_name_word(x) for x in w.split())) for w in parts):
            return None      # prose ("I think you did not vote.", "You did not vote")
        return LineReading("doubtful", NOT_VOTING, unread=[words], text=text)
    return LineReading("count", NOT_VOTING, voters=names[0], history=names[1], text=text)


def read_line(roster: Roster, t: _Text, *, title: bool = False) -> LineReading:
    """One line of a moderator's post read by the roster."""
    text = t.raw.strip()
    if title or _is_header(text):
        return LineReading("title", text=text)
    if "vot" in t.plain:
        idle = _did_not_vote(roster, t)
        if idle is not None:
            return idle
    listed = _ENUMERATION.match(t.plain, len(t.plain) - len(t.plain.lstrip()))
    if listed:
        # "1. Pebble (2): Mira, Tosk": a ranked count's own numbering, when what follows is a
        # whole count line (a list of players, "1. Pebble", stays no count)
        cut = t.origin[listed.end()]
        inner = read_line(roster, _Text.of(t.raw[cut:], t.history[cut:]))
        if inner.kind == "count" and inner.label and not inner.arrow \
                and (inner.numbered or inner.voters):
            return inner
    toks = _tokens(roster, t)
    i = 0
    while i < len(toks) and toks[i].kind in ("SEP", "MARK", "UNVOTED", "CLOSE", "OPEN",
                                             "FRACTION") \
            or (i < len(toks) and toks[i].kind == "NUM"
                and not _ENUMERATION.match(t.plain, t.at[toks[i].start])):
        i += 1
    pre = [tok for tok in toks[:i] if tok.kind in ("NUM", "FRACTION")]
    if i > 0 and toks[0].kind == "NUM" and _ENUMERATION.match(t.plain, t.at[toks[0].start]):
        return LineReading("other", text=text)
    if i >= len(toks) or toks[i].history and toks[i].value != NOT_VOTING:
        return LineReading("other", text=text)   # a struck or greyed line: not the count's
    #                                               (a greyed "Not Voting" label is its own)
    named = next((n for n in range(i, min(i + 3, len(toks))) if toks[n].kind == "NAME"), None)
    if named is not None and named > i and all(x.kind in ("WORD", "ARROW") for x in toks[i:named]) \
            and _VOTES_ON.fullmatch(" ".join(w for w in bare(t.raw[toks[i].start:toks[named].start])
                                             .split() if any(c.isalnum() for c in w))):
        i = named         # "Votes on Pebble (2): …", "Voti per Pebble": the words before a label
    head = toks[i]
    unknown = None        # a candidate no player answers to ("Zorro (1): Ernie")
    if head.kind == "WORD":
        head.value = _resolve_text(roster, head.text, label=True)
        if head.value is None:
            if not _may_be_a_name(head.text) or majority_of(text) is not None:
                return LineReading("other", text=text)   # "5 needed for a majority"
            unknown = head.text.strip()
        head.kind = "NAME"
    elif head.kind != "NAME":
        return LineReading("other", text=text)
    after_head = toks[i + 1:]
    slot = _bracket_slot(roster, after_head, 0) if unknown is not None and after_head else None
    if slot is not None and slot[1] < len(after_head) \
            and after_head[slot[1]].kind in ("NUM", "OPEN", "SEP", "FRACTION", "MARK"):
        # "Mango (Cadaver) (1) - Leoric": the slot of the player in brackets, by its other name
        head.value, unknown, after_head = slot[0], None, after_head[slot[1]:]
    rest = _without_prose(_without_other_names(roster, head.value, after_head))
    epithet = None
    if unknown is None and head.value not in (NOT_VOTING, NO_LYNCH):
        epithet, rest = _without_epithet(roster, rest)
    reading = LineReading("count", None if unknown else str(head.value),
                          pre[0].value if pre else None,  # type: ignore[arg-type]
                          text=text)
    for tok in rest:
        if tok.kind in ("NAME", "WORD"):
            break
        if tok.kind == "SEP":
            reading.sep = str(tok.value)
    weighted = [tok.text.strip() for tok in (*pre, *rest) if tok.kind == "FRACTION"]
    if pre and pre[0].kind == "FRACTION":
        reading.count = 0
    lead = 0    # "Pebble, - 2 (…)": a comma before the real separator is no separator
    while lead + 1 < len(rest) and rest[lead].kind == "SEP" and rest[lead].value in (",", ";") \
            and rest[lead + 1].kind in ("SEP", "NUM", "OPEN", "MARK"):
        lead += 1
    nxt = rest[lead] if rest else None
    after = "END" if nxt is None else "NUM" if nxt.kind == "FRACTION" else \
        nxt.kind if nxt.kind != "SEP" else \
        "SEP" + ("-" if nxt.value in ("-", "–", "—") else str(nxt.value))
    reading.signature = (bool(pre), after)
    if nxt is not None and nxt.kind == "ARROW" and head.value not in (NOT_VOTING, NO_LYNCH):
        return _arrow_line(roster, reading, head, rest[1:])
    structured = bool(pre) or after in ("NUM", "MARK", "OPEN", "UNVOTED", "BONUS") or \
        after.startswith("SEP") and after not in ("SEP,", "SEP&", "SEPand")
    depth, bracket_history = 0, False
    times: list[str] = []              # "Mira x2": Mira once more, kept if the number counts it
    last: list[str] | None = None      # where the last name went
    last_name = max((n for n, tok in enumerate(rest) if tok.kind in ("NAME", "WORD")), default=-1)
    annotated = False                  # numbers stand beside the voters
    skip = 0
    for n, tok in enumerate(rest):
        if n < skip:
            continue
        if tok.kind == "OPEN" and depth == 0 and last is reading.unread and reading.unread \
                and n > 0 and rest[n - 1].kind == "WORD" \
                and (slot := _bracket_slot(roster, rest, n)) is not None:
            # "Not voting: Mango (Cadaver)": the unplaced name is the bracket's slot
            reading.unread.pop()
            reading.voters.append(slot[0])
            last, skip = reading.voters, slot[1]
            continue
        if tok.kind == "OPEN":
            depth += 1
            if depth == 1:
                bracket_history = bool(reading.voters)
            continue
        if tok.kind == "CLOSE":
            depth = max(0, depth - 1)
            bracket_history = bracket_history and depth > 0
            continue
        if tok.kind == "FRACTION":     # a weighted number: stands as the count, never read
            if reading.count is None and not reading.voters:
                reading.count = 0
            continue
        if tok.kind == "NUM":
            # the count: before the voters, or after the last of them ("Mira, Tosk (2)"); a
            # number between voters is theirs ("Mira (12), Tosk (45)": a post, a time)
            before = not reading.voters and not reading.unread
            if not before and last is reading.voters and tok.text.strip()[:1] in "x×" \
                    and int(tok.value) > 1:  # type: ignore[arg-type]
                times += [reading.voters[-1]] * (int(tok.value) - 1)  # type: ignore[arg-type]
                continue               # "Mira x2": Mira's vote twice, if the number says so
            if reading.count is None and (before or n > last_name and not annotated):
                reading.count = int(tok.value)  # type: ignore[arg-type]
            annotated = annotated or not before and n < last_name
            continue
        if tok.kind == "UNVOTED":      # "Bren (unvoted)": the name just before is history
            if last is reading.voters and reading.voters:
                reading.history.append(reading.voters.pop())
            elif last is reading.unread and reading.unread:
                reading.unread.pop()
            continue
        if tok.kind in ("MARK", "SEP", "ARROW", "ENUM"):
            continue
        if tok.kind == "BONUS":        # "Mira [+1]": the voter just before casts an extra vote
            if last is reading.voters and reading.voters:
                reading.extra += [reading.voters[-1]] * int(tok.value)  # type: ignore[arg-type]
            elif last is not reading.history:
                reading.unread.append(tok.text.strip())    # a weight of no voter: unread
            continue
        if tok.kind == "WORD" and not reading.voters and not reading.unread \
                and " ".join(bare(tok.text).split()) in _VOTED_BY:
            continue
        if tok.kind == "WORD" and _no_voters(rest, n):
            continue                   # "Pebble | x | 0/4", "Quill (0): none": no voters
        name = tok.value if tok.kind == "NAME" else _resolve_text(roster, tok.text, label=False)
        if name == NO_LYNCH and n == last_name and not reading.voters and not reading.unread \
                and not reading.no_lynch_after and head.value not in (NOT_VOTING, NO_LYNCH) \
                and not (tok.history or bracket_history):
            reading.no_lynch_after = tok.text.strip()    # "Mira: No Lynch" (voter first?)
            continue
        if name in (NOT_VOTING, NO_LYNCH) or (name is None and tok.kind == "NAME"):
            name = None
        if name is None:
            last = None
            if tok.history or bracket_history:
                continue
            reading.unread.append(tok.text.strip())
            last = reading.unread
            continue
        last = reading.history if tok.history or bracket_history else reading.voters
        last.append(str(name))
    if times and reading.count == len(reading.voters) + len(reading.extra) + len(times):
        reading.extra += times
    elif times:
        reading.unread.append("x" + str(len(times) + 1))   # "Mira x2" the number does not count
    if reading.no_lynch_after and (reading.numbered or unknown is not None):
        reading.unread.append(reading.no_lynch_after)    # "Pebble (1): No Lynch": no voter
        reading.no_lynch_after = ""
    if reading.no_lynch_after:
        reading.voters.append(NO_LYNCH)
    if not structured and not (reading.voters and not reading.unread and after == "NAME"):
        return LineReading("other", text=text)
    if unknown is not None:
        # doubtful only when all else is a count's: a number or placed voters, nothing else unread
        if reading.unread or not (reading.numbered or reading.voters):
            return LineReading("other", text=text)
        reading.unread = [unknown]
    if reading.unread and reading.no_lynch_after:
        reading.voters.remove(NO_LYNCH)
        reading.unread.append(reading.no_lynch_after)
        reading.no_lynch_after = ""
    if epithet is not None and (reading.unread or not reading.voters and reading.count != 0):
        reading.unread.insert(0, epithet)   # a bracket of words no voter answers to: unread
    if reading.unread:
        long = any(len(u.split()) > _MAX_CHUNK_WORDS or len(u) > _MAX_CHUNK
                   or u.rstrip()[-1:] in ".!?" for u in reading.unread)
        reading.kind = "other" if long else "doubtful"
    if weighted and reading.kind != "other":
        # its voters are placed, its number is a weight votal cannot give: a count line that
        # makes the count unread (reading it would be a guess), not a doubtful line left out;
        # its voters stand for its number (never compared)
        reading.kind, reading.count = "count", len(reading.voters)
        reading.unread += weighted
    return reading


_OTHER_NAME_WORDS = re.compile(r"(?:(?:replac(?:ing|ed|ement)(?:\s+(?:for|of|by))?|formerly|"
                               r"aka|a\.k\.a\.?|was|ex|sub(?:bed)?(?:\s+(?:for|in))?|"
                               r"in\s+for|previously)(?:\s+|$))+", re.I)


def _without_other_names(roster: Roster, head: str | int | None, rest: list[_Tok]
                         ) -> list[_Tok]:
    """A name with the slot's other name in brackets right after it ("Mango (Cadaver) (1) -
    Leoric", "Leoric (formerly Cadaver)": the player the slot replaced, or its new one): the
    bracket is the name's, not a voter nor history, and is dropped."""
    out: list[_Tok] = []
    player = head if head not in (None, NOT_VOTING, NO_LYNCH) else None
    k = 0
    while k < len(rest):
        tok = rest[k]
        if tok.kind == "OPEN" and player is not None:
            close = next((j for j in range(k + 1, min(k + 5, len(rest)))
                          if rest[j].kind == "CLOSE"), None)
            inner = rest[k + 1:close] if close is not None else []
            names = [x for x in inner if x.kind == "NAME" or x.kind == "WORD"
                     and not _OTHER_NAME_WORDS.fullmatch(x.text.strip())]
            if names and all(x.kind in ("NAME", "WORD") or x.kind == "SEP" and x.value in
                             (",", "/") for x in inner) and all(
                    _slot_name(roster, x) == player for x in names):
                k = close + 1  # type: ignore[operator]
                continue
        player = _slot_name(roster, tok) if tok.kind in ("NAME", "WORD") else None
        out.append(tok)
        k += 1
    return out


_NO_VOTERS = frozenset({"x", "none", "nobody", "no one", "n/a", "nessuno", "никто", "κανεις"})


def _no_voters(rest: list[_Tok], n: int) -> bool:
    """Token ``n`` is a word for "no voters" standing alone in its cell or after its label."""
    if " ".join(bare(rest[n].text).split()) not in _NO_VOTERS or n == 0:
        return False
    before, after = rest[n - 1], rest[n + 1] if n + 1 < len(rest) else None
    return before.kind == "SEP" and before.value in ("|", ":", "-", "–", "—") and (
        after is None or after.kind == "SEP" and after.value == "|")


def _without_epithet(roster: Roster, rest: list[_Tok]) -> tuple[str | None, list[_Tok]]:
    """A few words in brackets right after a candidate's name, before his number or voters,
    that name no player ("Sprigatito (on the Clocktower): 5 - …", "Pebble (the Baker) (2): …"):
    the player's nickname or title, dropped — only when the rest of the line is voters the
    roster places, or the number 0 (``read_line`` puts it back as unread otherwise)."""
    if len(rest) < 4 or rest[0].kind != "OPEN" or rest[1].kind != "WORD" \
            or rest[2].kind != "CLOSE" or rest[1].history:
        return None, rest
    text = rest[1].text.strip()
    if len(text.split()) > 4 or any(c.isdigit() for c in text) \
            or " ".join(bare(text).split()) in _VOTED_BY \
            or _resolve_text(roster, text, label=False) is not None:
        return None, rest
    return text, rest[3:]


def _slot_name(roster: Roster, tok: _Tok) -> str | None:
    """The player a name token names (a word: as the roster resolves it, words that say
    "replacing" dropped); never a not-voting or no-lynch label."""
    if tok.kind == "NAME":
        name = tok.value
    else:
        text = _OTHER_NAME_WORDS.sub("", tok.text.strip(), count=1)
        name = _resolve_text(roster, text, label=False) if text else None
        if name is None and text != tok.text.strip():
            hit = _match_name(roster, _Text.of(text, [False] * len(text)), 0)
            name = hit[1] if hit and hit[0] == len(text) else None
    return None if name in (None, NOT_VOTING, NO_LYNCH) else str(name)


def _bracket_slot(roster: Roster, toks: list[_Tok], k: int) -> tuple[str, int] | None:
    """The player a bracket at ``toks[k]`` names alone ("(Cadaver)", "(replacing Cadaver)"),
    and the index after it: the slot's other name written after a name the roster does not
    know ("Mango (Cadaver) (1) - Leoric", "Not voting: Mango (Cadaver)", the roster knowing
    only the slot's current player); None when the bracket holds anything else."""
    if toks[k].kind != "OPEN":
        return None
    close = next((j for j in range(k + 1, min(k + 5, len(toks))) if toks[j].kind == "CLOSE"),
                 None)
    inner = toks[k + 1:close] if close is not None else []
    names = [x for x in inner if x.kind == "NAME" or x.kind == "WORD"
             and not _OTHER_NAME_WORDS.fullmatch(x.text.strip())]
    if close is None or len(names) != 1 or names[0].history or any(
            x.kind not in ("NAME", "WORD") for x in inner):
        return None
    player = _slot_name(roster, names[0])
    return (player, close + 1) if player is not None else None


def _without_prose(rest: list[_Tok]) -> list[_Tok]:
    """A candidate's line written as prose, "Pebble has 2 votes: Mira, Tosk" ("is at", "ha",
    "έχει", "2 votes from Mira"): the words around the number dropped."""
    if len(rest) > 1 and rest[0].kind == "WORD" and rest[1].kind in ("NUM", "FRACTION") \
            and " ".join(bare(rest[0].text).split()) in _HAS:
        rest = rest[1:]
        if len(rest) > 1 and rest[1].kind == "WORD" and bare(rest[1].text) in _FROM:
            rest = [rest[0], *rest[2:]]
    return rest


_NOBODY = re.compile(r"nobody|no\s*one|no-one|nessuno|никого|κανεναν")


def _arrow_line(roster: Roster, reading: LineReading, head: _Tok, rest: list[_Tok]
                ) -> LineReading:
    """``Mira → Pebble``: the voter first, his candidate after the arrow."""
    names = [tok for tok in rest if tok.kind in ("NAME", "WORD")]
    if len(names) != 1:
        reading.kind = "other"
        return reading
    tok = names[0]
    text = tok.text.strip().rstrip(".!")    # "Krue voted for Zorro.": the sentence's full stop
    target = tok.value if tok.kind == "NAME" else _resolve_text(roster, text, label=False)
    if target is None and tok.kind == "WORD" and _NOBODY.fullmatch(bare(text).strip()):
        target = NO_LYNCH     # "Quill votes to lynch nobody": the vote for no one's lynch
    reading.arrow = True
    if target is None:    # the label is the voter's: no candidate's line to show
        reading.kind, reading.unread, reading.label = "doubtful", [text], None
        return reading
    reading.voters = [str(head.value)]
    reading.label = str(target)
    return reading


# -- a post's lines --------------------------------------------------------------------------------

_STRUCK_TAGS = ("s", "strike", "del")
_BREAK_TAGS = frozenset({"br", "div", "p", "li", "tr", "fieldset", "legend", "h1", "h2", "h3",
                         "h4", "h5", "h6", "table", "ul", "ol", "details", "summary", "hr", "dd",
                         "dt", "dl", "pre", "center", "blockquote", "tbody", "thead"})
_TITLE_TAGS = frozenset({"legend", "summary", "h1", "h2", "h3", "h4", "h5", "h6", "caption"})
_SKIP_TAGS = frozenset({"blockquote", "script", "style", "input", "button", "select", "textarea",
                        "noscript", "template", "iframe", "object", "svg", "img"})


def is_grey(colour: str | None) -> bool:
    """A grey (greyed-out) colour: no hue to speak of, neither black nor white."""
    rgba = parse_colour(colour) if colour else None
    if rgba is None:
        return False
    r, g, b = rgba[:3]
    spread, light = max(r, g, b) - min(r, g, b), (r + g + b) / 3
    return spread <= 0.08 and 0.3 <= light <= 0.9


def _is_history(el) -> bool:
    style = (el.get("style") or "").replace(" ", "").lower()
    return el.tag.lower() in _STRUCK_TAGS or "line-through" in style or is_grey(element_colour(el))


def _is_break(el) -> bool:
    style = (el.get("style") or "").replace(" ", "").lower()
    inline = "display:inline" in style and "display:inline-block" not in style
    return el.tag.lower() in _BREAK_TAGS and not inline


def _is_title(el) -> bool:
    cls = (el.get("class") or "").lower()
    return el.tag.lower() in _TITLE_TAGS or "quotetitle" in cls or "spoiler-title" in cls \
        or "spoilertitle" in cls


@dataclass
class _RawLine:
    chars: list[tuple[str, bool]] = field(default_factory=list)
    title: bool = False

    def text(self) -> _Text:
        raw = "".join(c for c, _ in self.chars).replace("\xa0", " ")
        return _Text.of(raw, (h for _, h in self.chars))


_QUOTE_TITLE = re.compile(r"(?:wrote|said|quote|написал|цитата|scrive|ha scritto|citazione|"
                          r"έγραψε|παράθεση)\s*:?\s*$", re.I)


def _is_quote(el, tag: str, cls: str) -> bool:
    """Someone else's words: a blockquote, a ``div.quote``, or an old phpBB quote box (a
    ``quotetitle`` saying "X wrote:", the ``quotecontent`` after it)."""
    if tag == "blockquote" or tag == "div" and "quote" in cls and "quotecontent" not in cls \
            and "quotetitle" not in cls:
        return True
    if "quotetitle" in cls:
        return bool(_QUOTE_TITLE.search(" ".join("".join(el.itertext()).split())))
    if "quotecontent" in cls:
        prev = el.getprevious()
        return prev is not None and _is_quote(prev, "", (prev.get("class") or "").lower())
    return False


@dataclass
class _Walk:
    history: bool
    title: bool
    block: bool
    cell: bool        # inside a table cell: a line break is a comma (several voters in a cell)
    pre: bool = False  # preformatted ([code], <pre>): its newlines are line breaks


def post_lines(html: str | Body) -> list[tuple[_Text, bool]]:
    """The moderator's own lines (quotes left out), each as (text, is a title): one line per
    block or line break, a table row as one line of its cells split by ``|``; each character
    knows whether it is struck out or greyed (history). Reads the body's one tree unchanged."""
    root = body_of(html).root
    lines: list[_RawLine] = [_RawLine()]

    def add(text: str | None, history: bool, pre: bool = False) -> None:
        if text and pre:
            for n, part in enumerate(text.replace("\r", "").split("\n")):
                if n:
                    brk()
                add(part, history)
        elif text:
            lines[-1].chars.extend((" " if c in "\r\n" else c, history) for c in text)

    def brk(title: bool = False) -> None:
        if lines[-1].chars:
            lines.append(_RawLine())
        lines[-1].title = title

    if root is None:
        return []
    dropped: dict[object, frozenset[int]] = {}
    stack = [_Walk(False, False, False, False)]
    walker = etree.iterwalk(root, events=("start", "end"))
    for event, el in walker:
        if el is root:
            if event == "start":
                add(el.text, False)
            continue
        tag = el.tag.lower() if isinstance(el.tag, str) else ""
        if event == "end":
            state = stack.pop()
            parent = stack[-1]
            if state.block:
                brk(parent.title)
            add(el.tail, parent.history, parent.pre)
            continue
        parent = stack[-1]
        cls = (el.get("class") or "").lower() if tag else ""
        if not tag or tag in _SKIP_TAGS or _is_quote(el, tag, cls) \
                or tag in ("td", "th") and _column(el) in _dropped_columns(el, dropped):
            walker.skip_subtree()
            stack.append(_Walk(parent.history, parent.title, False, parent.cell, parent.pre))
            continue
        history = parent.history or _is_history(el)
        title = parent.title or _is_title(el)
        cell = parent.cell or tag in ("td", "th")
        block = not parent.cell and (_is_break(el) or _is_title(el))
        if tag in ("td", "th") and el.getprevious() is not None \
                and set(range(_column(el))) - _dropped_columns(el, dropped):
            add(" | ", False)
        if block:
            brk(title)
        if tag == "br":
            if parent.cell:
                add(", ", False)
            else:
                brk(title)
        pre = parent.pre or tag == "pre" or "white-space:pre" in (el.get("style") or "").replace(
            " ", "").lower()
        stack.append(_Walk(history, title, block and tag != "br", cell, pre))
        add(el.text, history, pre)
    out = []
    for line in lines:
        t = line.text()
        if t.raw.strip():
            out.append((t, line.title))
    return out


# a table's column of who nominated the candidate (Blood on the Clocktower counts: "Nominator |
# Nominee | # | Voters"), or of players tagged or noted beside a wagon (a Discourse count's
# "Votee | Voters | Votes | Tags"): names that are neither the candidate nor his voters
_NOMINATOR = re.compile(r"\W*(?:nominat(?:or|ors|ed\s+by)|proposer|proposed\s+by|tags?|tagged|"
                        r"notes?|comments?|remarks?)\W*", re.I)


def _column(cell) -> int:
    return sum(1 for x in cell.itersiblings(preceding=True) if x.tag in ("td", "th"))


def _dropped_columns(cell, cache: dict[object, frozenset[int]]) -> frozenset[int]:
    """The columns of the cell's table that its header row names as nominators or tags."""
    table = next(cell.iterancestors("table"), None)
    if table is None:
        return frozenset()
    if table not in cache:
        header = next(table.iter("tr"), None)
        cells = [] if header is None else [x for x in header if x.tag in ("td", "th")]
        cache[table] = frozenset(n for n, x in enumerate(cells)
                                 if _NOMINATOR.fullmatch("".join(x.itertext())))
    return cache[table]


def _joined(roster: Roster, items: list[tuple[_Text, bool]]) -> list[tuple[_Text, bool]]:
    """A line holding only numbers or markers ("(1)") goes with the next one; a line that begins
    with a separator ("— Mira, Tosk", "- 3 (a, b)") goes with the one before when that one is a
    bare label ("Pebble", "(2) Pebble"): after a title, prose or a whole count line it is a
    list's bullet ("- Pebble (2): Mira, Tosk"). A bullet of names followed by another is a list
    of voters under the label ("Not Voting:", "- Mira", "- Tosk"): left for the lines below
    (``_voters_below``) to read whole, not joined to the label one item alone."""
    out: list[tuple[_Text, bool]] = []
    carry: _Text | None = None
    for n, (t, title) in enumerate(items):
        if carry is not None and not title:
            t = _concat(carry, t)
            carry = None
        stripped = t.raw.strip()
        if not title and re.fullmatch(r"[\[(]?\s*\d{1,2}\s*[\])]?|[\[(]\s*" + _TO_GO
                                      + r"\s*-\s*\d+\s*[\])]", stripped, re.I):
            carry = t
            continue
        if out and not title and not out[-1][1] and (
                re.match(r"[-–—:]\s*(?:\S|$)", stripped) and not re.match(r"-{3,}", stripped)
                and _bare_label(roster, out[-1][0]) and not _bullet_list(roster, items, n)
                or re.search(r"(?:→|⇒|->|=>)\s*$", out[-1][0].raw)):
            out[-1] = (_concat(out[-1][0], t), False)
            continue
        out.append((t, title))
    if carry is not None:
        out.append((carry, False))
    return out


_BULLET = re.compile(r"\s*[-–—*•]\s")


def _bullet_list(roster: Roster, items: list[tuple[_Text, bool]], n: int) -> bool:
    """Line ``n`` and the next are bullets holding only players' names: a list of voters."""
    return n + 1 < len(items) and not items[n + 1][1] and all(
        _BULLET.match(items[k][0].raw) and _names_only(roster, items[k][0]) is not None
        for k in (n, n + 1))


def _bare_label(roster: Roster, t: _Text) -> bool:
    """A line that is one label and nothing else but numbers and markers ("Pebble", "(2)
    Pebble", "Not voting", "Deadline Extension"): the head of a count line written on two."""
    if _is_header(t.raw.strip()) or re.match(r"\s*[-–—*•]\s", t.raw):
        return False      # a title, or a list's item ("- Quill (0):")
    toks = _tokens(roster, t)
    heads = [x for x in toks if x.kind in ("NAME", "WORD")]
    return len(heads) == 1 and all(x.kind in ("NAME", "WORD", "NUM", "MARK", "OPEN", "CLOSE")
                                   or x.kind == "SEP" and x.value in (":", "-", "–", "—")
                                   for x in toks)


_GLUED_TITLE = re.compile(r"\W*(?:[^\W\d]+\s+){0,2}(?:vote\s*count|vote\s*tally|votecount)"
                          r"[^\n\d]{0,12}\d+(?:\.\d+)?", re.I)


def _unglued(roster: Roster, t: _Text, title: bool) -> list[tuple[_Text, bool]]:
    """Text copied from a rendered page glues a title to the first line ("Vote Count 1.4Abaddon
    (3): …", "Vote Count 2.00Not Voting (9) - …"): split where a name or a label begins."""
    m = _GLUED_TITLE.match(t.plain)
    if m is None or m.end() >= len(t.plain):
        return [(t, title)]
    i = t.origin[m.end()]
    if _match_special(t, i, glued=True) is None and _match_name(roster, t, i, glued=True) is None:
        return [(t, title)]
    return [(_Text.of(t.raw[:i], t.history[:i]), True), (_Text.of(t.raw[i:], t.history[i:]), title)]


def _split_pipes(roster: Roster, items: list[tuple[_Text, bool]]) -> list[tuple[_Text, bool]]:
    """A count written on one line, its lines split by ``|`` or ``;`` ("Pebble (2): Mira, Tosk |
    Quill (1): Ash | Not voting: Bren"): split where every part is a whole count line (a table
    row's cells, "Pebble | 2 | Mira, Tosk", or voters split by ";" are not, and stay one line);
    or by commas outside brackets (``_split_commas``)."""
    out: list[tuple[_Text, bool]] = []
    for t, title in items:
        parts = None if title else next(
            ([(p, False) for p in ps] for ps in (_split_at(roster, t, bar) for bar in "|;"
                                                  if bar in t.raw) if ps), None)
        if parts is None and not title and "," in t.raw:
            parts = _split_commas(roster, t)
        if parts is None and not title and t.raw.count(":") > 1:
            parts = _split_labels(roster, t)
        if parts is None and not title and _SHARED_HINT.search(t.raw) \
                and ("," in t.raw or "&" in t.raw or " and " in t.raw):
            parts = _split_shared(roster, t)
        out.extend(parts or [(t, title)])
    return out


# a line that ends in a number (a count's): the one shape _split_shared reads
_SHARED_HINT = re.compile(r"\d\s*[\])]?\s*(?:votes?)?\s*$", re.I)


def _split_shared(roster: Roster, t: _Text) -> list[tuple[_Text, bool]] | None:
    """"Ash, Bren, Cole 1": candidates sharing one number on one line (a tally that groups
    those with the same count, as a real Reddit werewolf tally does: "A, B, C, D 1" under "A
    16", "B 9"): one line per candidate, each with that number (never their sum), when every
    name is a player or No Lynch, joined by commas, "and" or "&", and only a separator and the
    number follow the last. Anything else on the line (a voter, a word, a bracket of names)
    leaves it one line, read as before. A name there no player answers to, written as a name
    ("Tosk, Zyx 1", "Ash, Cole and Qwerty 2"), is a line of its own that leaves the count
    unread (its votes were dropped in silence before), when the line names a player too."""
    toks = _tokens(roster, t)
    names: list[_Tok] = []
    k = 0
    while k < len(toks):
        tok = toks[k]
        if not (tok.kind == "NAME" and tok.value not in (None, NOT_VOTING)
                or tok.kind == "WORD" and _name_shaped(tok.text)) or tok.history:
            return None
        names.append(tok)
        k += 1
        joined = k
        while k < len(toks) and toks[k].kind == "SEP" and toks[k].value in (",", "&", "and"):
            k += 1            # ", and": the list's last comma and its "and"
        if k > joined:
            continue
        break
    rest = toks[k:]
    if rest and rest[0].kind == "SEP" and rest[0].value in ("-", "–", "—", ":"):
        rest = rest[1:]
    if len(names) < 2 or len(rest) != 1 or rest[0].kind != "NUM" \
            or all(n.kind == "WORD" for n in names):
        return None
    tail = t.raw[names[-1].end:]
    parts = []
    for n in names:
        raw = t.raw[n.start:n.end] + tail
        part = _Text.of(raw, (*t.history[n.start:n.end], *t.history[names[-1].end:]))
        r = read_line(roster, part)
        unplaced = r.kind == "doubtful" and r.label is None and bool(r.unread)
        if not ((_whole_line(r) or unplaced) and not r.voters and r.count == rest[0].value):
            return None
        parts.append((part, False))
    return parts


def _name_shaped(text: str) -> bool:
    """A text written as a player's name the roster does not know ("Zyx", "Zed Alpha"): a few
    words, each a name's (a capital, a digit or an underscore; no remark's or prose word)."""
    return _may_be_a_name(text) and (len(text.split()) == 1 or all(_name_word(w)
                                                                     for w in text.split()))


def _split_labels(roster: Roster, t: _Text) -> list[tuple[_Text, bool]] | None:
    """"Votes: Pebble: Mira, Tosk; Quill: Ash, Not voting: Bren": a count on one line with no
    numbers, split before each label the roster places that a colon follows and a comma or
    ";" precedes (the voters' commas stand between names no colon follows), where every part
    is a whole count line with voters. A lead of count words ("Votes:") is the count's title."""
    toks = _tokens(roster, t)
    start, out = 0, []
    lead = _count_lead(roster, t)
    if lead:
        out.append((_Text.of(t.raw[:lead.end()], t.history[:lead.end()]), True))
        start = lead.end()
    cuts = [(toks[n - 1].start, tok.start) for n, tok in enumerate(toks)
            if 0 < n < len(toks) - 1 and tok.kind == "NAME" and tok.start > start
            and toks[n + 1].kind == "SEP" and toks[n + 1].value == ":"
            and toks[n - 1].kind == "SEP" and toks[n - 1].value in (",", ";")]
    parts = []
    for end, nxt in [*cuts, (len(t.raw), len(t.raw))]:
        part = _Text.of(t.raw[start:end], t.history[start:end])
        r = read_line(roster, part)
        if not (_whole_line(r) and (r.voters or r.label == NOT_VOTING)):
            return None
        parts.append((part, False))
        start = nxt
    return [*out, *parts] if len(parts) > 1 else None


# "Votes:", "Current votes:", "Game 12:", "wlf-001:": a lead of a few words before a colon
_LEAD = re.compile(r"\s*((?:[^\W_]+(?:[-.#][^\W_]+)*)(?:\s+[^\W_]+(?:[-.#][^\W_]+)*){0,2})"
                   r"\s*:\s*")


def _count_lead(roster: Roster, t: _Text) -> re.Match[str] | None:
    """The lead of a count written on one line, its title: count words ("Votes:", "Current
    votes:"), or a label of the game or day that holds a number and names no player ("Game
    12:", "wlf-001:", "D2:"; a real werewolf site's final tallies begin with the game's id)."""
    lead = _LEAD.match(t.raw)
    if lead is None:
        return None
    words = lead.group(1).split()
    if all(bare(w) in _NOT_LABELS or w.isdigit() for w in words):
        return lead
    head = _Text.of(t.raw[:lead.end(1)], t.history[:lead.end(1)])
    if any(c.isdigit() for c in head.raw) and not any(x.kind == "NAME" for x in _tokens(roster, head)) \
            and _resolve_text(roster, head.raw.strip(), label=True) is None:
        return lead
    return None


def _split_commas(roster: Roster, t: _Text) -> list[tuple[_Text, bool]] | None:
    """"Votes: Pebble 2 (Mira, Tosk), Quill 1 (Ash), Not voting: Bren, Cole": the lines of a
    count on one line split by the commas outside brackets (the voters' are inside), where every
    part is a whole count line whose number is its voters' (a voter's post number, "Mira (12),
    Tosk (40)", is no line); the "not voting" part takes the rest of the line. A lead of count
    words ("Votes:") is the count's title."""
    cuts, depth = [], 0
    for n, c in enumerate(t.raw):
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth = max(0, depth - 1)
        elif c == "," and depth == 0:
            cuts.append(n)
    start = 0
    out: list[tuple[_Text, bool]] = []
    lead = _count_lead(roster, t)
    if lead:
        out.append((_Text.of(t.raw[:lead.end()], t.history[:lead.end()]), True))
        start = lead.end()
    parts = 0
    for end in [*cuts, len(t.raw)]:
        if end <= start:
            continue
        part = _Text.of(t.raw[start:end], t.history[start:end])
        r = read_line(roster, part)
        if r.label == NOT_VOTING:
            part = _Text.of(t.raw[start:], t.history[start:])
            r = read_line(roster, part)
        if not (_whole_line(r) and r.voters and (
                r.count == len(r.voters) + len(r.extra)
                or r.label == NOT_VOTING and r.count is None)):
            return None
        out.append((part, False))
        parts += 1
        if r.label == NOT_VOTING:
            break
        start = end + 1
    return out if parts > 1 else None


def _split_at(roster: Roster, t: _Text, bar: str) -> list[_Text] | None:
    parts, start = [], 0
    for end in [n for n, c in enumerate(t.raw) if c == bar] + [len(t.raw)]:
        if t.raw[start:end].strip():
            parts.append(_Text.of(t.raw[start:end], t.history[start:end]))
        start = end + 1
    if len(parts) > 1 and all(_whole_line(read_line(roster, p)) for p in parts):
        return parts
    return None


def _whole_line(r: LineReading) -> bool:
    return r.kind == "count" and r.label is not None and not r.unread and not r.arrow \
        and (r.numbered or bool(r.voters))


def _concat(a: _Text, b: _Text) -> _Text:
    return _Text.of(a.raw + " " + b.raw, (*a.history, False, *b.history))


# -- blocks ---------------------------------------------------------------------------------------

@dataclass
class _Block:
    label: str | None
    lines: list[LineReading] = field(default_factory=list)
    not_voting: LineReading | None = None
    majority: int | None = None
    doubtful: list[tuple[LineReading, int]] = field(default_factory=list)  # (line, count
    #      lines before it; -1: before the run, -2: just before its "not voting" line)
    tail: list[LineReading] = field(default_factory=list)   # doubtful lines right after the
    #      run's last line (no other line, no "not voting" line between)
    heading: str | None = None   # the short line right above the run ("Previous count:", "Day
    #      2 results:"), a title or not: what tells a post's counts apart (_current_block)

    def labels(self) -> set[str]:
        return {x.label for x in self.lines if x.label}


# a line about the majority ("Majority: 5 votes needed.", "⚠️ Kelp has reached majority!", "Kelp
# has been hammered"): the count's own footer, which the "not voting" line may follow
_ABOUT_MAJORITY = re.compile(r"majority|hammer(?:ed)?\b|maggioranza|πλειοψηφ|большинств", re.I)


def _blocks(readings: list[LineReading]) -> list[_Block]:
    """Runs of count lines (the "not voting" line with them), each with the title before it.

    A run goes on across one line of something else (a marker, a remark) and across lines about
    the majority; a title, two other lines, or a candidate already in the run start another.
    Doubtful lines inside a run belong to it (the "not voting" line after them is the run's,
    too); before or after it, only when laid out like its count lines — or, before it, when
    they stand right under the count's title. After it, too, an unplaced candidate whose
    voters the roster places, behind the separator of the run's lines, right after its last
    line or another such ("Pebble (2): Mira, Tosk", "Zorro: Ash"): no other line, no "not
    voting" line between; so does a placed candidate whose voters are all unplaced single
    names ("Quill: Zyx", :func:`_misspelt_voters`); a footer ("Prodding Mira and Tosk.": no
    separator; "Mira: please post more") stays outside."""
    blocks: list[_Block] = []
    title: str | None = None
    majority: int | None = None
    current: _Block | None = None
    pending: list[LineReading] = []       # doubtful lines before the run's first count line
    gap = 0                               # lines of something else since the run's last line
    prev: LineReading | None = None
    heading: str | None = None            # the last short line outside a run
    for r in readings:
        last, prev = prev, r
        if r.kind in ("title", "other"):
            heading = r.text if _short_heading(r.text) else heading
        if r.kind == "title":
            current, pending = None, []
            if _is_header(r.text):
                title = r.text
            continue
        if r.kind == "other":
            found = majority_of(r.text)
            if current is None:
                majority, pending = found or majority, []
            else:
                current.majority = current.majority or found
                gap += bool(re.search(r"[^\W\d_]", r.text)) and not found \
                    and not _ABOUT_MAJORITY.search(r.text)
            continue
        repeated = r.label in current.labels() and not r.arrow if current is not None else False
        # a log of votes written voter first ("Mira → Pebble") after a count is no line of it
        log = current is not None and r.arrow and bool(current.lines) \
            and not any(x.arrow for x in current.lines)
        if current is not None and (gap > 1 or repeated and r.label != NOT_VOTING or log):
            current = None
        gap = 0
        if r.kind == "doubtful" and not (r.label == NOT_VOTING and current is not None
                                         and current.not_voting is None):
            if current is None:
                pending.append(r)
            else:
                current.doubtful.append((r, len(current.lines)))
                if current.not_voting is None and last is not None and (
                        current.lines and last is current.lines[-1]
                        or any(last is x for x in current.tail)):
                    current.tail.append(r)
            continue
        if current is None:
            current = _Block(title, majority=majority, heading=heading)
            blocks.append(current)
            title = majority = heading = None
            # doubtful lines just before the run: the count's when laid out like its first
            # line, or when the count's title stands right above them
            current.doubtful.extend((p, -1) for p in pending
                                    if p.signature == r.signature or current.label is not None)
            pending = []
        if r.label == NOT_VOTING:
            if current.not_voting is None:
                # doubtful lines between the last count line and the "not voting" line sit
                # inside the run ("Kelp (on the Clocktower): 5 - …" before "Abstaining: …")
                current.doubtful = [(d, -2 if n == len(current.lines) else n)
                                    for d, n in current.doubtful]
            if current.not_voting is None:
                current.not_voting = r
            else:   # "Not voting: …" and "Abstained: …": both lines' players vote no one
                nv = current.not_voting
                nv.voters += [v for v in r.voters if v not in nv.voters]
                nv.unread += r.unread
        else:
            current.lines.append(r)
    for b in blocks:
        # doubtful lines after the run's last count line: only those laid out like its lines
        sigs = {x.signature for x in b.lines}
        seps = {x.sep for x in b.lines if x.voters} - {None}
        b.doubtful = [(d, n) for d, n in b.doubtful
                      if n < 0 or 0 < n < len(b.lines) or d.signature in sigs
                      or d.sep in seps and any(d is x for x in b.tail)
                      and (d.label is None and d.voters
                           or d.label is not None and _misspelt_voters(d))]
    return blocks


def _short_heading(text: str) -> bool:
    """A line short enough to head a count ("Previous count:", "Day 2 results:"), no prose."""
    return bool(re.search(r"[^\W\d_]", text)) and len(text) <= 60 and len(text.split()) <= 8


def _misspelt_voters(d: LineReading) -> bool:
    """A placed candidate whose voters are all unplaced names ("Quill: Zyx", "Quill: Zyx, Qwr",
    "Quill: Zed Alpha, Yew Tree": single names, or words each written as a name's, capital or
    digit or underscore, none of a remark's): a count line with misspelt voters, never a
    footer's remark ("Mira: please post more", "Cole: replaced by Zyx", "Cole: On V/LA")."""
    return bool(d.unread) and not d.voters and all(
        _may_be_a_name(u) and (len(u.split()) == 1 or all(_name_word(w) for w in u.split()))
        for u in d.unread)


# words of a remark after a player's name ("Cole: On V/LA until Friday", "Cole: Out today"),
# never a word of a name as a moderator writes a voter
_REMARK_WORDS = frozenset("""
by on in at to for of and or a an the until till from with without please needs need prod
prodded v/la vla replaced replacing replacement out off back away absent inactive here now
today tomorrow tonight yet not no
""".split())


def _name_word(word: str) -> bool:
    b = bare(word).strip(".:,;")
    return bool(b) and b not in _REMARK_WORDS and b not in _PROSE and b not in _NOT_LABELS \
        and (word[:1].isupper() or any(c.isdigit() or c == "_" for c in word))


def _arrow_block(b: _Block) -> None:
    """A block of "voter → candidate" lines read candidate by candidate."""
    if not b.lines or not all(x.arrow for x in b.lines):
        return
    merged: dict[str, LineReading] = {}
    for x in b.lines:
        line = merged.setdefault(str(x.label), LineReading("count", x.label, text=x.text))
        line.voters.extend(x.voters)
    b.lines = list(merged.values())


def _voter_first_block(b: _Block) -> None:
    """A block of "voter: candidate" lines ("Ciel: Pebble", "Mira: Pebble", "Tosk: Quill"): no
    numbers, one name after each label, and a name after the labels that stands on two lines
    or more — which no voter of a "candidate: voters" count can — is read voter by voter."""
    if not _reads_voter_first(b):
        for x in b.lines:     # "Mira: No Lynch" in a count read candidate first: no voter
            if x.no_lynch_after:
                x.voters.remove(NO_LYNCH)
                x.unread.append(x.no_lynch_after)
                x.no_lynch_after = ""
        return
    labels = [str(x.label) for x in b.lines]
    merged: dict[str, LineReading] = {}
    for voter, x in zip(labels, b.lines, strict=True):
        line = merged.setdefault(x.voters[0], LineReading("count", x.voters[0], text=x.text))
        line.voters.append(voter)
    b.lines = list(merged.values())


def _reads_voter_first(b: _Block) -> bool:
    """Lines with one name after each label, no numbers, no label twice, and a name after them
    on two lines or more — or a no-lynch label after a voter ("Mira: No Lynch"), which no
    voter of a "candidate: voters" count can be — of three lines at least (two with a no-lynch
    label)."""
    if any(x.numbered or x.arrow or x.history or len(x.voters) != 1 for x in b.lines):
        return False
    after = [x.voters[0] for x in b.lines]
    labels = [str(x.label) for x in b.lines]
    if len(set(labels)) != len(labels) or NO_LYNCH in labels:
        return False
    if NO_LYNCH in after:
        return len(b.lines) >= 2
    return len(b.lines) >= 3 and len(set(after)) < len(after)


def _enough(b: _Block) -> bool:
    """Enough to be a count: two numbered lines, or one beside a title or a "not voting" line;
    lines of voters without numbers need a title or a "not voting" line; a count with no votes
    at all needs both (tally/votecounts.py's bar, on lines the roster placed)."""
    numbered = sum(x.numbered for x in b.lines)
    listing = sum(bool(x.voters) for x in b.lines if not x.numbered)
    zero = sum(not x.voters for x in b.lines if not x.numbered)
    marked = (b.label is not None) + (b.not_voting is not None)
    if all(x.arrow for x in b.lines) and len(b.lines) >= 2:
        return True
    return (numbered >= 2 or (numbered >= 1 and marked >= 1) or (listing >= 2 and marked >= 1)
            or (listing >= 1 and marked == 2) or (listing + zero >= 3 and listing >= 1)
            or (numbered + listing == 0 and marked == 2))


def _names_voters(b: _Block) -> bool:
    return any(x.voters for x in b.lines) or bool(b.not_voting and b.not_voting.voters)


def _confidence(b: _Block) -> float:
    numbered = [CountLine(str(x.label), x.count or 0, tuple(x.voters)) for x in b.lines
                if x.numbered]
    score = structure_score(numbered, len(b.lines), titled=bool(b.label),
                            not_voting=b.not_voting is not None)
    doubtful = [d for d, _ in b.doubtful]
    names = sum(1 + len(x.voters) for x in (*b.lines, *doubtful))
    unread = sum(len(x.unread) for x in (*b.lines, *doubtful))
    known = names / (names + unread) if names + unread else 1.0
    return round(min(0.5 * score + 0.5 * known, 1.0), 2)


def read_count(html: str | Body, roster: Roster) -> tuple[VoteCount | None, str | None]:
    """The official count of a moderator's post read by the roster, and the title of a count
    that could not be read at all (a title, then lines of which none is placed)."""
    body = tree(html)
    items = _split_pipes(roster, _joined(roster, [part for t, title in post_lines(body)
                                                  for part in _unglued(roster, t, title)]))
    readings = _voters_below(roster, items, [read_line(roster, t, title=title)
                                             for t, title in items])
    blocks = [b for b in _blocks(readings) if _enough(b)]
    logs = {id(b) for b in blocks if all(x.arrow for x in b.lines)}
    for b in blocks:
        _arrow_block(b)
        _voter_first_block(b)
    if not blocks:
        return None, _unreadable_title(readings)
    best = _current_block(blocks, logs)
    conf = _confidence(best)
    for x in best.lines:
        _listed_twice_is_a_weight(x)
    lines = tuple(CountLine(str(x.label), x.count if x.count is not None
                            else len(x.voters) + len(x.extra), tuple(x.voters), tuple(x.history),
                            extra=tuple(x.extra)) for x in best.lines)
    nv = best.not_voting
    doubtful = [d for d, _ in best.doubtful]
    unread = tuple(dict.fromkeys(u for x in (*best.lines, *doubtful, *([nv] if nv else []))
                                 for u in x.unread))
    lines += tuple(CountLine(str(x.label), x.count if x.count is not None else len(x.voters),
                             tuple(x.voters), tuple(x.history), doubtful=True)
                   for x in doubtful if x.label and x.label != NOT_VOTING)
    return VoteCount(best.label, lines, tuple(nv.voters) if nv else None, conf, best.majority,
                     unread=unread, resolved=True, as_of=find_as_of(body)), None


# a count's title that says it is an earlier one, or the current one
_EARLIER = re.compile(r"\b(?:previous|prior|former|earlier|old|last|yesterday'?s?|before|"
                      r"precedente|vecchi[oa]|предыдущ\w*|прошл\w*|προηγουμεν\w*)\b", re.I)
_CURRENT = re.compile(r"\b(?:current(?:ly)?|updated?|new|corrected|latest|now|today'?s?|"
                      r"attuale|aggiornat[oa]|текущ\w*|нов\w*|τρεχουσ\w*|νε[οα]\w*)\b", re.I)


def _current_block(blocks: list[_Block], logs: set[int]) -> _Block:
    """The count a post gives when it holds several, as its reader takes it: a block that names
    voters over a summary of numbers ("🥇 Bob - 2 votes"); of two or more counts, not one whose
    title says it is an earlier one ("Previous count", "Yesterday's votes"), the one whose title
    says it is current ("Current count", "Updated vote count"), a count over a log of votes
    written voter first ("Mira → Pebble"); then, of counts that differ, the one the titles'
    numbers put last ("Vote Count 2.4" then "2.5", "Day 1" then "Day 2"), else the post's last:
    a moderator's post gives the count before a change, then the count after it. A lone block
    scored best is read as before (the first on a tie)."""
    scored = [(b, _confidence(b)) for b in blocks]
    full = [b for b in blocks if _names_voters(b)]
    if len(full) < 2:
        return max(scored, key=lambda bc: (_names_voters(bc[0]), bc[1], bool(bc[0].label),
                                           len(bc[0].lines), -scored.index(bc)))[0]
    for keep in (lambda b: not _EARLIER.search(b.label or b.heading or ""),
                 lambda b: bool(_CURRENT.search(b.label or b.heading or "")),
                 lambda b: id(b) not in logs):
        kept = [b for b in full if keep(b)]
        full = kept or full
    if all(_same_count(full[0], b) for b in full[1:]):
        return full[0]
    numbers = [_title_numbers(b.label or b.heading) for b in full]
    if all(numbers) and len(set(numbers)) == len(numbers):
        return max(zip(numbers, full, strict=True), key=lambda nb: nb[0])[1]
    return full[-1]


def _title_numbers(title: str | None) -> tuple[int, ...]:
    """The numbers of a count's title in order ("Day 2 Votecount 3" → (2, 3), "Vote Count 2.05"
    → (2, 5)): what orders a post's counts when it holds several."""
    return tuple(int(n) for n in re.findall(r"\d+", title or ""))


def _same_count(a: _Block, b: _Block) -> bool:
    def lines(x: _Block) -> set[tuple[str, tuple[str, ...]]]:
        return {(str(y.label), tuple(sorted(y.voters))) for y in x.lines if y.voters}
    idle = (lambda x: sorted(x.not_voting.voters) if x.not_voting else None)
    return lines(a) == lines(b) and idle(a) == idle(b)


def _listed_twice_is_a_weight(x: LineReading) -> None:
    """A voter listed twice on one line whose number counts both ("(3) Alder [Birch, Birch,
    Dogwood]": a counter that lists a double voter once per vote) casts an extra vote there;
    when the number does not count him twice, the line stays as it is (the audit shows it)."""
    seen: list[str] = []
    again: list[str] = []
    for v in x.voters:
        (again if v in seen else seen).append(v)
    if again and x.count == len(x.voters) + len(x.extra):
        x.voters, x.extra = seen, x.extra + again


_LIST_SEPS = frozenset({",", ";", "/", "&", "+", "and", "e", "и", "και", "•"})


def _names_only(roster: Roster, t: _Text) -> tuple[list[str], list[str], list[str]] | None:
    """A line that holds only players' names (a bullet or a list's number, commas, markers
    between): its current names, its struck or greyed ones and the extra votes it marks ("Mira
    [+1]": Mira once more); None for anything else."""
    toks = _without_other_names(roster, None, _tokens(roster, t))
    now: list[str] = []
    past: list[str] = []
    extra: list[str] = []
    depth = 0             # earlier voters in brackets after the current ones are history
    for n, x in enumerate(toks):
        name = x.value if x.kind == "NAME" else _resolve_text(roster, x.text, label=False) \
            if x.kind == "WORD" else None
        if name is not None and name not in (NOT_VOTING, NO_LYNCH):
            (past if x.history or depth else now).append(str(name))
        elif x.kind in ("OPEN", "CLOSE") and (now or past):
            depth = max(0, depth + (1 if x.kind == "OPEN" else -1))
        elif x.kind == "BONUS" and now and toks[n - 1].kind == "NAME" and not depth \
                and not toks[n - 1].history:
            extra += [now[-1]] * int(x.value)  # type: ignore[arg-type]
        elif x.kind in ("MARK", "ENUM") or x.kind == "SEP" and (
                x.value in _LIST_SEPS or n == 0 and x.value in ("-", "–", "—")):
            continue
        else:
            return None
    return (now, past, extra) if now or past else None


def _idle_label(roster: Roster, t: _Text) -> bool:
    toks = [x for x in _tokens(roster, t) if x.kind != "SEP" or x.value != ":"]
    return len(toks) == 1 and toks[0].kind == "NAME" and toks[0].value == NOT_VOTING


def _voters_below(roster: Roster, items: list[tuple[_Text, bool]],
                  readings: list[LineReading]) -> list[LineReading]:
    """A label with its number and no voters ("Pebble (2)", "Not voting (3)", "Pebble:"), then
    its voters on the lines below, one or several a line (a list, a ``<dl>``): one count line.
    With a number, exactly that many names are taken; without, the lines of names that follow."""
    out: list[LineReading] = []
    i = 0
    while i < len(readings):
        r = readings[i]
        if r.kind == "other" and _idle_label(roster, items[i][0]):
            r = LineReading("count", NOT_VOTING, text=r.text)     # "Not voting" over its list
        out.append(r)
        i += 1
        if r.kind != "count" or r.unread or r.arrow or not r.label or r.count == 0:
            continue
        if r.count is None and (r.voters or r.history or not (
                r.label == NOT_VOTING or r.text.rstrip().endswith(":"))):
            continue
        if r.count is not None and len(r.voters) + len(r.extra) >= r.count:
            continue
        want = None if r.count is None else r.count - len(r.voters) - len(r.extra)
        j = i
        now: list[str] = []
        past: list[str] = []
        extra: list[str] = []
        while j < len(readings) and not items[j][1] and (
                want is None or len(now) + len(extra) < want):
            found = _names_only(roster, items[j][0])
            if found is None:
                break
            now += found[0]
            past += found[1]
            extra += found[2]
            j += 1
        if now and (want is None or len(now) + len(extra) == want):
            r.voters, r.history, r.extra = r.voters + now, r.history + past, r.extra + extra
            i = j
    return out


def _unreadable_title(readings: list[LineReading]) -> str | None:
    """A count's title followed by lines with numbers, none of them placed in the roster."""
    for i, r in enumerate(readings):
        if r.kind == "title" and _is_header(r.text) and not re.match(r"^\W*count\W*$", r.text, re.I):
            after = readings[i + 1:i + 6]
            if sum(bool(re.search(r"\d", x.text)) and len(x.text) < 120 and x.kind != "title"
                   for x in after) >= 2:
                return r.text
    return None


def read_count_post(html: str | Body, roster: Roster) -> ModPost:
    """A moderator's post read by the roster: its count, its elimination announcements, the
    title of a count that could not be read (one parse of the body for both)."""
    body = tree(html)
    vc, unreadable = read_count(body, roster)
    return ModPost(vc, parse_announcements(mod_text(body)), unreadable)


def tree(html: str | Body) -> Body:
    """The body of a moderator's post, parsed once for its few readers (the aliases learned from
    the counts, the audit's count and announcements; issue 12): the last 512 kept, the least
    recently used dropped first (no cache cleared whole, issue 22)."""
    return html if isinstance(html, Body) else _tree(html)


@lru_cache(maxsize=512)
def _tree(html: str) -> Body:
    return Body(html)
