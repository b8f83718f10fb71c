"""Read the moderators' own posts: official vote counts and elimination announcements (pure).

A moderator's post (HTML) becomes text — struck voters dropped (a struck name is a changed vote
the moderator keeps visible), quotes of other posts dropped, one line per block, table cells
split by ``|`` — and its vote count is found by its **structure**, not by a keyword alone: a run
of lines that each pair a name with a number and/or a list of names, beside the things a count
carries (a title such as "Vote Count 2.07", a "Not voting" line, "With 13 alive, it's 7 to
lynch"). Each line may be written in any of the common layouts::

    Pebble - [2] Mira, Tosk       Pebble (2): Mira, Tosk        Pebble - 2 - Mira, Tosk
    [2] Pebble: Mira, Tosk        Pebble 2 (Mira, Tosk)          Pebble: Mira, Tosk
    Quill -                       Quill (0)                      [L-1]Pebble (2) - Mira, Tosk
    Not voting - [3] Ash, Bren, Cole                             Pebble - 3 (a, b, c) - hammered

with markers dropped — ``(L-1)``, ``[L-2]``, ``L-0``, ``[LYNCH]``, ``- hammered``, votal's own
"(3, L-1)" and "[02/11 19:58:12]" — as are voters shown as unvoted (struck, ``~x~``,
``(unvoted)``) and post numbers beside a voter (``Mira (#45)``). Titles and "not voting" words
are known in English, Greek, Italian and Russian, votal's own formats included.

Each count found has a confidence (0..1) from what it carries; a post with a count's title whose
lines cannot be read is returned as :attr:`ModPost.unreadable` for a human. Given ``is_name`` (does
a text name a player?), names that answer to no player lower the confidence; without it the
structure alone decides (the alias learner reads counts before it knows every name).

Elimination announcements: "X was lynched", "X has been lynched", "X αποχωρεί", "X ψηφίστηκε",
"X è stato messo al rogo", "X повешен", "X казнён".
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace

from lxml import etree

from votal.tally.bodies.body import Body, body_of

NOT_VOTING = "Not Voting"
MIN_CONFIDENCE = 0.5   # a run of lines read with less is no count

IsName = Callable[[str], bool]

_HEADER = re.compile(
    r"(vote\s*count|vote\s*tally|vote\s*totals?\b|votals?\b|lynch\s*count|^\W*v\.?\s?c\.?\s*\d|ψηφοφορ[ιί]α|καταμ[εέ]τρηση|votazion[ei]|"
    r"conteggio\s+(?:dei\s+)?voti|conta\s*voti|situazione\s+voti|итоги\s+голосования|"
    r"подсч[её]т\s+голосов|голосование|расклад\s+голосов)",
    re.IGNORECASE,
)
# A section title that is the bare word "count" (votal's own formats: "Count", "Conteggio"...).
_COUNT_TITLE = re.compile(r"^\W*(count|conteggio|подсч[её]т|καταμ[εέ]τρηση)\W*$", re.I)
_NOT_VOTING = re.compile(
    r"^\s*(not\s+voting|not\s+voted(?:\s+yet)?|no\s+vote\b|non[-\s]voting|abstaining|"
    r"δεν\s+ψ[ηή]φισαν|δεν\s+[εέ]χουν\s+ψηφ[ιί]σει(?:\s+ακ[οό]μα)?|χωρ[ιί]ς\s+ψ[ηή]φο"
    r"(?:\s*\(απουσ[ιί]α\))?|non\s+votant[ei]|non\s+hanno\s+(?:ancora\s+)?votato|senza\s+voto|"
    r"не\s+голосовал[аи]?|(?:ещ[её]\s+)?не\s+проголосовал[аи]?|без\s+голоса)",
    re.IGNORECASE,
)
_MAJORITY = re.compile(
    r"with\s+(?P<alive>\d+)\s+(?:players\s+)?(?:alive|players|votes\s+in\s+play|living)\b[^.\n]*?"
    r"(?P<n>\d+)\s+(?:votes\s+)?to\s+(?:lynch|eliminate|execute)"
    r"|(?:majority|maggioranza|πλειοψηφ[ιί]α|большинство)\s*(?::|=|is|è|είναι|-)\s*(?P<m>\d+)"
    r"|(?:it\s+)?takes\s+(?P<t>\d+)\s+(?:votes?\s+)?to\s+(?:lynch|eliminate|execute|hammer)"
    r"|(?P<r>\d+)\s+(?:votes?\s+)?(?:needed|required)\s+(?:for|to)\s+(?:a\s+)?"
    r"(?:majority|lynch|eliminate|elimination|execute|execution|hammer)"
    r"|hammer\s+(?:is\s+)?at\s+(?P<h>\d+)", re.IGNORECASE)


def majority_of(line: str) -> int | None:
    """The majority a line of a count says ("With 9 alive, it takes 5 to lynch", "Majority: 5",
    "With 9 players, majority is 5", "5 needed for a majority", "Hammer at 5."), or None."""
    m = _MAJORITY.search(line)
    return int(next(g for g in m.group("n", "m", "t", "r", "h") if g)) if m else None
_HAMMER_WORDS = r"(?:lynch(?:ed)?|hammer(?:ed)?|majority|eliminated|πλειοψηφ[ιί]α|maggioranza|большинство)"
_MARKERS = re.compile(
    r"[,;]?\s*[\[(]\s*L\s*-\s*\d+\s*[\])]"                 # (L-1) [L-2]
    r"|(?:[,;]\s*|\s+|^)L-\d+\b"                            # "… L-0", "L-1 Pebble", "(3, L-1)"
    r"|[,;]?\s*[\[(]\s*" + _HAMMER_WORDS + r"\s*[\])]"     # [LYNCH] (hammered)
    r"|(?:^|\s)<[-=]+\s*[^<>\n]{0,20}$"                       # "<-- LYNCH", "<-- L-2"
    r"|(?:[,;]|\s[-–—])\s*" + _HAMMER_WORDS + r"\s*$"      # "- hammered" at the end
    r"|,\s*" + _HAMMER_WORDS + r"(?=\s*\))"                # votal's "(3, hammered)"
    r"|\[\d{2}[/.]\d{2}\s+\d{1,2}:\d{2}(?::\d{2})?\]"      # votal's text: a vote's time ("02.11", ru)
    r"|\s*[\[(]#\d+[\])]|\s+#\d+\b",                       # a voter's post number
    re.IGNORECASE)
_UNVOTED_VOTER = re.compile(r"[^,;:()\[\]]*[\[(]\s*un-?vot(?:ed?)?\s*[\])]", re.I)
_UNVOTED = re.compile(r"^~.*~$|\(\s*un-?vot(?:ed?)?\s*\)|\[\s*un-?vot(?:ed?)?\s*\]", re.I)
# The number may be followed by a word meaning "votes" in the game's language.
_VOTE_WORD = r"(?:\s*(?:votes?|ψ[ηή]φο[ιςυ]?|ψ[ηή]φων|vot[io]|голос(?:а|ов)?))?"
_NB = r"[\[(]\s*(?P<n>\d{1,2})" + _VOTE_WORD + r"\s*[\])]"   # bracketed number
_NN = r"(?P<n>\d{1,2})" + _VOTE_WORD                           # bare number
_NN2 = _NN.replace("?P<n>", "?P<n2>")
_NAME = r"(?P<name>[^\s:()\[\],;|][^:()\[\],;|]*?)"
_SEP = r"\s*[-–—:|=]\s*"
_TAIL = r"(?:(?:" + _SEP + r"|\s+)(?P<voters>[^()]*?)|\s*\((?P<pvoters>[^)]*)\)(?:" + _SEP + r")?)?"
_TAIL_SEP = _TAIL.replace(r"|\s+)(?P<voters>", r")(?P<voters>")
_FORMS = (
    # [2] Pebble: Mira, Tosk   |   2 - Pebble - Mira, Tosk
    re.compile(r"^(?:" + _NB + r"|" + _NN2 + r"\s*[-–—:])\s*" + _NAME + _TAIL_SEP + r"$"),
    # Pebble (2): Mira   |   Pebble(2)   |   Pebble - [2] Mira   |   Pebble [2] - Mira
    re.compile(r"^" + _NAME + r"(?:" + _SEP + r")?\s*" + _NB + _TAIL + r"$"),
    # Pebble - 2 - Mira   |   Pebble: 2 (Mira)   |   Pebble 2 (Mira)   |   Pebble - 0
    re.compile(r"^" + _NAME + r"(?:" + _SEP + r"|\s+)" + _NN + _TAIL + r"$"),
)
_UNNUMBERED = (
    re.compile(r"^" + _NAME + _SEP + r"(?P<voters>[^()]+?)$"),    # Pebble: Mira, Tosk
    re.compile(r"^" + _NAME + r"\s*\((?P<pvoters>[^)]+)\)$"),     # Pebble (Mira, Tosk)
    re.compile(r"^" + _NAME + r"\s*[-–—:]\s*$"),                   # Quill -   (no votes)
)
# Words that start a line of a count's surroundings, never a target.
_NOT_TARGETS = frozenset("""
deadline majority result day days night with page post thread count votes vote note notes edit ps
reminder reminders prods prod v/la vla mod moderator status alive player players start time game
phase rules current
esito scadenza maggioranza giorno notte inizio ora partita risultato
ημέρα ημερα νύχτα αποτέλεσμα αποτελεσμα πλειοψηφία πλειοψηφια λήξη ληξη έναρξη εναρξη ώρα
день ночь итог итоги большинство окончание начало время игра
""".split())
_STRUCK_TAGS = ("s", "strike", "del")
_BLOCK_TAGS = ("br", "div", "p", "li", "tr", "fieldset", "legend", "h1", "h2", "h3", "h4",
               "h5", "h6", "table", "ul", "ol", "details", "summary", "hr", "dd", "dt")
_CELL_TAGS = ("td", "th")
_LINE_OPENERS = ("legend", "summary", "li", "tr")   # blocks that start a line of their own too
_NAME = r"(?P<name>[^\n,.!:;]{1,40}?)(?:\s*,[^,\n]{0,60},)?\s+"


def _announce(head: str, verb: str, tail: str = "") -> tuple[str, re.Pattern[str]]:
    """An announcement's pattern, ``head + verb + tail``, with its verb: a line without any of
    the verbs (:data:`_ANNOUNCE_VERB`) is no announcement, and is not searched further."""
    return verb, re.compile(head + verb + tail, re.IGNORECASE)


_ANNOUNCING = (
    # "Nachomamma8, Mafia Rolecop, lynched Day 5." (name, role, verb without auxiliary)
    _announce(r"^(?P<name>[^\n,.!:;]{1,40}),[^,\n]{1,60},\s+", r"(?:lynched|executed|hanged)",
              r"\b"),
    _announce(_NAME + r"(?:was|has\s+been)\s+", r"(?:lynched|executed|hanged|eliminated)"),
    _announce(_NAME, r"(?:αποχωρε[ιί]|ψηφ[ιί]στηκε|αποβλ[ηή]θηκε)"),
    _announce(_NAME + r"(?:è|e'|viene)\s+(?:stat[oa]\s+)?(?:messo|messa|mandat[oa])\s+",
              r"al\s+rogo"),
    _announce(_NAME + r"(?:был[аи]?\s+)?", r"(?:повешен[аы]?|казн[её]н[аы]?)"),
)
_ANNOUNCE = tuple(pattern for _, pattern in _ANNOUNCING)
# Every pattern holds its verb, so a line that matches one holds a verb (issue 22: five
# backtracking searches per line of every moderator post were 5 ms of an archive's game).
_ANNOUNCE_VERB = re.compile("|".join(verb for verb, _ in _ANNOUNCING), re.IGNORECASE)



@dataclass(frozen=True, slots=True)
class CountLine:
    """One line of an official count: a target, the number announced, the voters listed."""

    target: str
    count: int
    voters: tuple[str, ...]
    history: tuple[str, ...] = ()     # earlier voters shown struck, greyed or bracketed
    doubtful: bool = False            # some of its texts answer to no player (tally/rostercount.py)
    extra: tuple[str, ...] = ()       # a voter once per extra vote the count shows ("Mira [+1]")


@dataclass(frozen=True, slots=True)
class AsOf:
    """The post a count says it counts up to ("Vote count as of post 345", "updated through
    #345", "aggiornato al post 345", "по состоянию на пост 345", a link to the post): its number
    in the thread, or the id a link gives (``post``); ``text``: the words that say it."""

    number: int | None
    post: str | None
    text: str


@dataclass(frozen=True, slots=True)
class VoteCount:
    label: str | None                 # the count's title ("Votecount 1.15") when present
    lines: tuple[CountLine, ...]
    not_voting: tuple[str, ...] | None  # None when the count has no Not Voting line
    confidence: float = 1.0           # how surely this is an official count (0..1)
    majority: int | None = None       # "it takes 7 to lynch", "Majority: 7 votes"
    unread: tuple[str, ...] = ()      # texts of the count no player answers to (rostercount.py)
    resolved: bool = False            # names are the roster's canonical ones (rostercount.py)
    as_of: AsOf | None = None         # "as of post 345": the post the count says it counts to

    def voters(self) -> dict[str, str]:
        """Voter (as the moderator wrote it) → target (as written)."""
        return {v: line.target for line in self.lines for v in line.voters}


@dataclass(frozen=True, slots=True)
class Announcement:
    """An elimination announced by the moderator (the name as written)."""

    player: str
    text: str


@dataclass(frozen=True, slots=True)
class ModPost:
    votecount: VoteCount | None
    announcements: tuple[Announcement, ...]
    unreadable: str | None = None     # the title of a count whose lines could not be read


def _is_struck(el) -> bool:
    if not isinstance(el.tag, str):
        return False
    if el.tag.lower() in _STRUCK_TAGS:
        return True
    return "line-through" in (el.get("style") or "").replace(" ", "").lower()


def _inline(el) -> bool:
    """phpBB renders bold and colour as ``<div style="display:inline">``: not a line break."""
    style = (el.get("style") or "").replace(" ", "").lower()
    return "display:inline" in style and "display:inline-block" not in style


def html_to_text(html: str | Body) -> str:
    """A moderator's own text: quotes and struck parts removed, one line per block, table
    cells separated by ``|``. Reads the body's one parsed tree without changing it."""
    root = body_of(html).root
    if root is None:
        return ""
    text = _own_text(root, lines=True).replace("\xa0", " ")
    return "\n".join(line.strip() for line in text.splitlines())


def _own_text(root, *, lines: bool) -> str:
    """``root``'s text without quotes and struck parts; with ``lines``, a line break after each
    block, a table row as one line of its cells split by ``|`` (without: a cell's plain text)."""
    out: list[str] = []
    walker = etree.iterwalk(root, events=("start", "end"))
    for event, el in walker:
        if el is root:
            if event == "start":
                out.append(el.text or "")
            continue
        tag = el.tag.lower() if isinstance(el.tag, str) else ""
        dropped = not tag or tag == "blockquote" or _is_struck(el)
        block = lines and not dropped and tag in _BLOCK_TAGS and not _inline(el)
        if event == "end":
            ends = "\n" if block else " | " if lines and tag in _CELL_TAGS and not dropped else ""
            out.append(ends + (el.tail or ""))
            continue
        if dropped:
            walker.skip_subtree()
            continue
        opens = "\n" if block and tag in _LINE_OPENERS else ""
        if lines and tag == "tr":   # a table row is one line, its cells split by "|"
            walker.skip_subtree()
            cells = (" ".join(_own_text(c, lines=False).split()) for c in el
                     if isinstance(c.tag, str) and c.tag.lower() in _CELL_TAGS and not _is_struck(c))
            out.append(opens + " | ".join(cells))
            continue
        out.append(opens + (el.text or ""))
    return "".join(out)


# html_to_text is pure: the tally (rules/learned.py) and the audit read the same moderator posts,
# the audit once per replay, so each body's text is kept (bounded; cleared whole when full).
_TEXTS: dict[str, str] = {}
_TEXTS_MAX = 20_000


def mod_text(html: str | Body) -> str:
    """:func:`html_to_text` of a post body, each body parsed once per process."""
    key = html.html if isinstance(html, Body) else html
    found = _TEXTS.get(key)
    if found is None:
        if len(_TEXTS) >= _TEXTS_MAX:
            _TEXTS.clear()
        found = _TEXTS[key] = html_to_text(html)
    return found


def clear_cache() -> None:
    """Forget every moderator's text read (benchmarks and tests measure cold runs)."""
    _TEXTS.clear()


def _split_names(text: str) -> tuple[str, ...]:
    text = _MARKERS.sub("", text)
    parts = re.split(r"\s*[,;]\s*|\s+&\s+|\s+and\s+", text.strip().strip("()[]").strip())
    names = (p.strip(" .*|") for p in parts)
    return tuple(n for n in names if n and not _UNVOTED.search(n))


def _clean(line: str) -> str:
    """A line without list bullets, table bars at its ends and count markers."""
    line = re.sub(r"^(?:[•*·▪►◦]|\[\*\]|-(?=\s*[^\s\d-]))\s*", "", line.strip())
    line = _MARKERS.sub("", line).strip().strip("|").strip()
    line = _UNVOTED_VOTER.sub("", line)
    return re.sub(r"\s*\|\s*$", "", line)


def _joined_lines(text: str) -> list[str]:
    """Lines, with a line that starts with "- 3 (…)" joined to the name on the line before."""
    out: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if out and re.match(r"^[-–—]\s*\d", line) and parse_count_line(out[-1]) is None \
                and not _is_header(out[-1]) and (not _NOT_VOTING.match(out[-1])
                                                 or _NOT_VOTING.fullmatch(out[-1].strip(" :"))):
            out[-1] = out[-1] + " " + line
        else:
            out.append(line)
    return out


def _is_header(line: str) -> bool:
    """A count's title line: the keyword near its start, not a sentence about counts."""
    m = _HEADER.search(line)
    if m and m.start() <= 25 and len(line) < 80 and not line.rstrip().endswith((".", "?", "!")):
        return True
    return bool(_COUNT_TITLE.match(line))


_NOT_A_NAME = re.compile(r"[<>=+{}]|^\W+$")


def _target_ok(name: str) -> bool:
    words = name.casefold().split()
    return bool(words) and words[0].strip(".:") not in _NOT_TARGETS and len(name) <= 40 \
        and not _HEADER.search(name) and len(words) <= 4 and not _NOT_A_NAME.search(name)


def _voters_ok(voters: tuple[str, ...]) -> bool:
    """Names, not prose or arrows: a voter is a few words at most."""
    return all(len(v) <= 30 and len(v.split()) <= 4 and not _NOT_A_NAME.search(v)
               for v in voters)


def parse_count_line(line: str) -> CountLine | None:
    """One "target / number / voters" line in any of the known layouts, else None."""
    found = _parse_line(line)
    return found[0] if found and found[1] else None


def _parse_line(line: str) -> tuple[CountLine, bool] | None:
    """The line read as (count line, numbered?); None when it is none."""
    if _NOT_VOTING.match(line) or len(line) > 300:
        return None
    line = _clean(line)
    for numbered, forms in ((True, _FORMS), (False, _UNNUMBERED)):
        for form in forms:
            m = form.match(line)
            if not m:
                continue
            name = m.group("name").strip(" *-–—:")
            if "→" in name:   # "Жанна → Вера — …": one vote that did not count, no count line
                return None
            groups = m.groupdict()
            voters = _split_names(groups.get("voters") or groups.get("pvoters") or "")
            if not _target_ok(name) or not _voters_ok(voters):
                continue
            count = int(groups.get("n") or groups["n2"]) if numbered else len(voters)
            return CountLine(name, count, voters), numbered
    return None


def _parse_not_voting(line: str) -> tuple[str, ...] | None:
    m = _NOT_VOTING.match(line)
    if not m:
        return None
    rest = _MARKERS.sub("", line[m.end():])
    rest = re.sub(r"^\s*(?:\([^)]*\))?\s*[-–—:]?\s*(?:\(\d+\)|\[\d+\]|\d+)?\s*[-–—:]?\s*", "",
                  rest) if not re.match(r"^\s*\([^)]*[^\d\s)][^)]*\)", rest) else rest
    return _split_names(rest)


@dataclass
class _Block:
    label: str | None
    lines: list[tuple[CountLine, bool]]
    not_voting: tuple[str, ...] | None = None
    majority: int | None = None
    interrupted: bool = False     # a line of prose came after its lines

    def has(self, target: str) -> bool:
        return any(line.target == target for line, _ in self.lines)


def _blocks(lines: list[str]) -> list[_Block]:
    """Runs of count lines, each with the title before it and its "not voting" line."""
    blocks: list[_Block] = []
    label: str | None = None
    majority: int | None = None
    current: _Block | None = None

    def start() -> _Block:
        nonlocal current, label, majority
        current = _Block(label, [], majority=majority)
        blocks.append(current)
        label = majority = None
        return current

    for line in lines:
        if not _clean(line):
            continue                         # a marker on a line of its own ("<-- LYNCH")
        parsed = _parse_line(line)
        if parsed is None and not _NOT_VOTING.match(line) and _is_header(line):
            if current is not None and not _enough(current):
                blocks.remove(current)       # a stray line ("Game: Town #7"), no count
                label, current = current.label or label, None
            if current is not None:
                current, label = None, line
            elif label is None or (_COUNT_TITLE.match(label) and not _COUNT_TITLE.match(line)):
                label = line
            continue
        nv = _parse_not_voting(line)
        if nv is not None:
            last = blocks[-1] if blocks else None
            if current is None and last is not None and last.not_voting is None and last.lines:
                last.not_voting = nv         # a section title came between (votal's own pages)
                continue
            block = current if current is not None and current.not_voting is None else start()
            block.not_voting = nv
            continue
        if parsed is not None:
            if current is None or current.interrupted or current.has(parsed[0].target):
                current = start()            # start() also sets it (nonlocal); assigned here for the type
            current.lines.append(parsed)
            continue
        found = majority_of(line)
        if current is None:
            majority = found or majority
        else:
            current.majority = current.majority or found
            current.interrupted = True
    return blocks


def structure_score(numbered: list[CountLine], lines: int, *, titled: bool,
                    not_voting: bool) -> float:
    """How much a run of lines looks like an official count by what it carries (0..1): a title,
    a "not voting" line, three lines or more, numbers that add up to the voters listed. Shared by
    both count readers (this one and tally/rostercount.py)."""
    with_voters = [line for line in numbered if line.voters]
    arith = (sum(line.count == len(line.voters) for line in with_voters) / len(with_voters)
             if with_voters else 0.5)
    score = (0.3 + 0.25 * titled + 0.15 * not_voting + 0.15 * min(lines, 3) / 3 + 0.15 * arith)
    return score - 0.2 if lines and not numbered and not titled else score


def _confidence(b: _Block, is_name: IsName | None) -> float:
    numbered = [line for line, n in b.lines if n]
    if not numbered and not (b.label or b.not_voting is not None):
        return 0.0      # names beside names, with nothing that says "count"
    score = structure_score(numbered, len(b.lines), titled=bool(b.label),
                            not_voting=b.not_voting is not None)
    if is_name is not None:
        names = [line.target for line, _ in b.lines] + [v for line, _ in b.lines
                                                        for v in line.voters]
        names += list(b.not_voting or ())
        if names:
            known = sum(bool(is_name(n)) for n in names) / len(names)
            score = 0.5 * score + 0.5 * known
    return round(min(score, 1.0), 2)


def parse_votecount(text: str, is_name: IsName | None = None) -> VoteCount | None:
    """The official count in a moderator's text (the surest when there are several); None when
    there is none. Lines with 0 votes are kept (some moderators list every player)."""
    best = _best_block(text, is_name)
    if best is None:
        return None
    block, confidence = best
    return VoteCount(block.label, tuple(line for line, _ in block.lines), block.not_voting,
                     confidence, block.majority)


def _best_block(text: str, is_name: IsName | None) -> tuple[_Block, float] | None:
    # Text copied from a rendered page glues the title to the first line ("Vote Count 1.4Abaddon").
    text = re.sub(r"((?:vote\s*count)[^\n]{0,20}?\d+(?:\.\d+)?)(?=[^\W\d])", r"\1\n", text,
                  flags=re.I)
    scored = [(b, _confidence(b, is_name)) for b in _blocks(_joined_lines(text))]
    scored = [(b, c) for b, c in scored if c >= MIN_CONFIDENCE and _enough(b)]
    if not scored:
        return None
    return max(scored, key=lambda bc: (bc[1], -scored.index(bc)))


def _enough(b: _Block) -> bool:
    """Enough lines to be a count: two numbered lines, or one beside a title or a "not voting"
    line; lists of voters without numbers need a title or a "not voting" line; a count with no
    votes at all needs both. Bare "Quill -" lines only ever join a count found otherwise."""
    numbered = sum(n for _, n in b.lines)
    listing = sum(bool(line.voters) for line, n in b.lines if not n)
    marked = (b.label is not None) + (b.not_voting is not None)
    return (numbered >= 2 or (numbered and marked >= 1) or (listing >= 2 and marked >= 1)
            or (listing and marked == 2) or (not numbered and not listing and marked == 2))


# "as of", "through", "up to" … then a post: "post 345", "#345", "p.12", "p12"; after "as of" a
# bare number is a post too ("Updated as of 324"), never a date or a time ("as of 5/17", "10 pm").
_UPTO = (r"(?:as\s+of|(?:up\s*dated|current|correct|accurate|counted)\s+(?:through|thru|to|up\s+to|"
         r"until|till)|through|thru|up\s+to|until|till|including|"
         r"aggiornat[oa]\s+(?:al(?:la)?|fino\s+al(?:la)?|a)|fino\s+al(?:la)?|"
         r"ενημερωμ[εέ]ν[οη]\s+(?:[εέ]ως|μ[εέ]χρι)(?:\s+τ[οη]ν?)?|[εέ]ως\s+τ[οη]ν?|μ[εέ]χρι\s+τ[οη]ν?|"
         r"по\s+состоянию\s+на|до|по|включая|обновл[её]н[оа]?\s+(?:на|до|по))")
_POST_WORD = (r"(?:posts?|p\.?|#|post\s*#|πόστ|ποστ|ανάρτηση|αναρτηση|μήνυμα|μηνυμα|"
              r"messaggio|intervento|пост[аеу]?|сообщени[яей]|сообщ\.?|№)")
_AS_OF = re.compile(
    r"(?<![^\W\d_])(?P<words>" + _UPTO + r")\s*(?:the\s+|il\s+|l')?"
    r"(?:(?P<marked>" + _POST_WORD + r")\s*(?P<n>\d{1,6})|(?P<bare>\d{1,6}))"
    r"(?!\d|[/:.,]\d|\s*(?:am|pm|h|st|nd|rd|th|noon|midnight|gmt|utc|est|edt|pst|cet|ч)\b|[^\W\d_])", re.IGNORECASE)
_AS_OF_LINK = re.compile(r"(?:^|\W)(?:" + _UPTO + r")\s*(?:the\s+|this\s+|il\s+|l')?"
                         r"(?:" + _POST_WORD + r")?\s*$", re.IGNORECASE)
_POST_ID = re.compile(r"[?&]p=(\d+)|#p(\d+)\b|/post(\d+)|[?&]pid=(\d+)|#post-?(\d+)|"
                      r"[?&]post=(\d+)|/(\d+)/?(?:#|$)", re.IGNORECASE)


def parse_as_of(text: str) -> AsOf | None:
    """The post a count's text says it counts up to: "as of post 345", "Updated as of 324",
    "VC as of p.12", "updated through #345", "(as of post 1234)", in the four languages. A bare
    number counts only after "as of" (whose other uses are dates and times); "until 11/1" and
    "through 5/17" are dates (V/LA lines), never a post."""
    for m in _AS_OF.finditer(text):
        if m.group("bare") is not None and not re.match(r"as\s+of", m.group("words"), re.I):
            continue
        n = m.group("n") or m.group("bare")
        return AsOf(int(n), None, " ".join(m.group().split()))
    return None


def as_of_link(before: str, href: str) -> AsOf | None:
    """A link to a post right after "as of" / "through" … ("as of [url=…#p4474923]this
    post[/url]"): the post's id, from the forum's usual link forms."""
    if not _AS_OF_LINK.search(before[-60:]):
        return None
    m = _POST_ID.search(href)
    if m is None:
        return None
    words = " ".join(before[-30:].split())
    return AsOf(None, next(g for g in m.groups() if g), words)


_UPTO_WORDS = re.compile(_UPTO, re.IGNORECASE)


def find_as_of(html: str | Body, text: str | None = None) -> AsOf | None:
    """The post a moderator's count says it counts up to, in his own text (``text``: quotes and
    struck parts left out) or as a link to the post after "as of" / "through"
    (:func:`as_of_link`; the body is parsed for its links only when the words are there)."""
    text = mod_text(html) if text is None else text
    found = parse_as_of(text)
    if found is not None or not _UPTO_WORDS.search(text):
        return found
    body = body_of(html)
    if body.root is None:
        return None
    for a, before in _links(body.root):
        href = a.get("href") or ""
        if not href or any(_quoted(x) for x in a.iterancestors()):
            continue
        found = as_of_link(before.replace("\xa0", " "), href)
        if found is not None:
            return found
    return None


def _links(root: etree._Element):
    """Each ``<a>`` of the body with its four text pieces before it (``preceding::text()``'s
    last four), in one walk of the body instead of a search of all that precedes every link."""
    last: deque[str] = deque(maxlen=4)
    for event, el in etree.iterwalk(root, events=("start", "end")):
        if event == "start":
            if el.tag == "a":
                yield el, "".join(last)
            if isinstance(el.tag, str) and el.text:
                last.append(el.text)
        elif el is not root and el.tail:
            last.append(el.tail)


def _quoted(el) -> bool:
    tag = el.tag.lower() if isinstance(el.tag, str) else ""
    return tag == "blockquote" or "quote" in (el.get("class") or "").lower()


def parse_announcements(text: str) -> tuple[Announcement, ...]:
    """Elimination announcements, one per line that matches."""
    found: list[Announcement] = []
    for line in text.splitlines():
        if not _ANNOUNCE_VERB.search(line):
            continue
        for pat in _ANNOUNCE:
            m = pat.search(line)
            if m:
                # Leading conjunctions and articles ("και ο Νίκος", "il Marco") are not part of the name.
                name = re.sub(r"^(?:(?:and|so|then|e|и|και|ο|η|il|la|lo)\s+)+", "",
                              m.group("name").strip(), flags=re.I)
                found.append(Announcement(name.strip(" *"), line.strip()))
                break
    return tuple(found)


def _unreadable(text: str) -> str | None:
    """The title of what looks like a count (a title, then lines with numbers) but was not read."""
    lines = _joined_lines(text)
    for i, line in enumerate(lines):
        if _HEADER.search(line) and _is_header(line) and not _COUNT_TITLE.match(line):
            after = lines[i + 1:i + 6]
            if sum(bool(re.search(r"\d", x)) and len(x) < 120 for x in after) >= 2:
                return line
    return None


def read_mod_post(html: str | Body, is_name: IsName | None = None) -> ModPost:
    """A moderator's post: its official count (if any), its elimination announcements, and the
    title of a count that could not be read."""
    text = mod_text(html)
    vc = parse_votecount(text, is_name)
    if vc is not None:
        vc = replace(vc, as_of=find_as_of(html, text))
    return ModPost(vc, parse_announcements(text), None if vc else _unreadable(text))
