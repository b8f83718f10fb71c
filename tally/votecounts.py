"""Read the moderators' own posts: official vote counts and elimination announcements.

Pure parsing (no I/O). A moderator's post (HTML) becomes text with struck voters dropped (a struck
name is a changed vote the moderator keeps visible), quotes of other posts dropped, and block
boundaries turned into line breaks. The text is then read for the common vote-count line forms:

    Votecount 1.15                      (header: Votecount / Vote Count / Ψηφοφορία / Votazione /
                                         Итоги голосования / Подсчёт голосов)
    Name - 3 - a, b, c                  Name (3): a, b, c        Name (3) - a, b, c
    [3] Name - a, b, c                  Name: 3 (a, b, c)        Name - 3 (a, b, c)
    Not Voting: a, b                    Not Voting (2): a, b     Not Voting - 2 (a, b)

and Greek / Italian / Russian equivalents (`Ψήφοι`, `voti`, `голоса` after the number; `Δεν
ψήφισαν`, `Non votanti`, `Не голосовали`). Elimination announcements: "X was lynched", "X has been
lynched", "X αποχωρεί", "X ψηφίστηκε", "X è stato messo al rogo", "X повешен", "X казнён".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import lxml.html

from votal.tally.htmlwalk import BODY_PARSER

NOT_VOTING = "Not Voting"

_HEADER = re.compile(
    r"(vote\s*count|ψηφοφορ[ιί]α|καταμ[εέ]τρηση|votazion[ei]|conteggio\s+voti|"
    r"итоги\s+голосования|подсч[её]т\s+голосов|голосование)",
    re.IGNORECASE,
)
_NOT_VOTING = re.compile(
    r"^\s*(not\s+voting|no\s+vote|δεν\s+ψ[ηή]φισαν|χωρ[ιί]ς\s+ψ[ηή]φο|non\s+votant[ei]|"
    r"non\s+hanno\s+votato|не\s+голосовал[аи]?|без\s+голоса)\b",
    re.IGNORECASE,
)
# The number may be followed by a word meaning "votes" in the game's language.
_VOTE_WORD = r"(?:\s*(?:votes?|ψ[ηή]φο[ιςυ]?|ψ[ηή]φων|vot[io]|голос(?:а|ов)?))?"
_N = r"(?P<n>\d{1,2})" + _VOTE_WORD
_NAME = r"(?P<name>[\w][^:()\[\]]*?)"
_VOTERS = r"(?P<voters>.*)"
_LINE_FORMS = (
    # [3] Name - a, b, c
    re.compile(r"^\[" + _N + r"\]\s*" + _NAME + r"\s*(?:[-–—:]\s*" + _VOTERS + r")?$"),
    # Name (3): a, b, c   |   Name (3) - a, b   |   Name (3) a, b   |   Name(3)
    re.compile(r"^" + _NAME + r"\s*\(" + _N + r"\)\s*[-–—:]?\s*" + _VOTERS + r"$"),
    # Name - 3 - a, b, c   |   Name - 3 (a, b, c)   |   Name: 3 (a, b, c)   |   Name: 3 - a, b
    re.compile(r"^" + _NAME + r"\s*[-–—:]\s*" + _N + r"\s*(?:[-–—:]\s*" + _VOTERS
               + r"|\((?P<pvoters>[^)]*)\)\s*)?$"),
)
_ANNOUNCE = (
    # "Nachomamma8, Mafia Rolecop, lynched Day 5." (name, role, verb without auxiliary)
    re.compile(r"^(?P<name>[^\n,.!:;]{1,40}),[^,\n]{1,60},\s+(?:lynched|executed|hanged)\b",
               re.IGNORECASE),
    re.compile(r"(?P<name>[^\n,.!:;]{1,40}?)(?:\s*,[^,\n]{0,60},)?\s+(?:was|has\s+been)\s+"
               r"(?:lynched|executed|hanged|eliminated)", re.IGNORECASE),
    re.compile(r"(?P<name>[^\n,.!:;]{1,40}?)(?:\s*,[^,\n]{0,60},)?\s+(?:αποχωρε[ιί]|ψηφ[ιί]στηκε|"
               r"αποβλ[ηή]θηκε)", re.IGNORECASE),
    re.compile(r"(?P<name>[^\n,.!:;]{1,40}?)(?:\s*,[^,\n]{0,60},)?\s+(?:è|e'|viene)\s+"
               r"(?:stat[oa]\s+)?(?:messo|messa|mandat[oa])\s+al\s+rogo", re.IGNORECASE),
    re.compile(r"(?P<name>[^\n,.!:;]{1,40}?)(?:\s*,[^,\n]{0,60},)?\s+(?:был[аи]?\s+)?"
               r"(?:повешен[аы]?|казн[её]н[аы]?)", re.IGNORECASE),
)
_STRUCK_TAGS = ("s", "strike", "del")
_BLOCK_TAGS = ("br", "div", "p", "li", "tr", "fieldset", "legend", "h1", "h2", "h3", "h4",
               "table", "ul", "ol", "details", "summary", "hr")


@dataclass(frozen=True, slots=True)
class CountLine:
    """One line of an official count: a target, the number announced, the voters listed."""

    target: str
    count: int
    voters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class VoteCount:
    label: str | None                 # "Votecount 1.15" (header line) when present
    lines: tuple[CountLine, ...]
    not_voting: tuple[str, ...] | None  # None when the count has no Not Voting line
    confidence: float = 1.0           # how surely this is an official count (1: it says so)

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


def html_to_text(html: str) -> str:
    """A moderator's own text: quotes and struck parts removed, one line per block."""
    if not html.strip():
        return ""
    root = lxml.html.fragment_fromstring(html, create_parent="div", parser=BODY_PARSER)
    for el in list(root.iter()):
        if el is root or not isinstance(el.tag, str):
            continue
        if el.tag.lower() == "blockquote" or _is_struck(el):
            el.drop_tree()
    for el in root.iter():
        if isinstance(el.tag, str) and el.tag.lower() in _BLOCK_TAGS and not _inline(el):
            el.tail = "\n" + (el.tail or "")
            if el.tag.lower() in ("legend", "summary"):
                el.text = "\n" + (el.text or "")
    text = root.text_content().replace("\xa0", " ")
    return "\n".join(line.strip() for line in text.splitlines())


def _split_names(text: str) -> tuple[str, ...]:
    text = re.sub(r"\((?:L|l)\s*-\s*\d+\)|\bL\s*-\s*\d+\b", "", text)
    parts = re.split(r"\s*[,;]\s*|\s+&\s+|\s+and\s+", text.strip().strip("()[]").strip())
    return tuple(p.strip(" .*") for p in parts if p.strip(" .*"))


def _joined_lines(text: str) -> list[str]:
    """Lines, with a line that starts with "- 3 (…)" joined to the name on the line before."""
    out: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if out and re.match(r"^[-–—]\s*\d", line) and parse_count_line(out[-1]) is None \
                and not _NOT_VOTING.match(out[-1]) and not _HEADER.search(out[-1]):
            out[-1] = out[-1] + " " + line
        else:
            out.append(line)
    return out


def _is_header(line: str) -> bool:
    """A count's title line: the keyword near its start, not a sentence about counts."""
    m = _HEADER.search(line)
    return bool(m) and m.start() <= 25 and len(line) < 80 and not line.rstrip().endswith((".", "?", "!"))


def parse_count_line(line: str) -> CountLine | None:
    """One "target / number / voters" line in any of the known forms, else None."""
    if _NOT_VOTING.match(line) or len(line) > 300:
        return None
    for form in _LINE_FORMS:
        m = form.match(line)
        if m:
            name = m.group("name").strip(" *-–—:")
            if not name or _HEADER.search(name) or len(name) > 40:
                continue
            voters_text = m.groupdict().get("voters") or m.groupdict().get("pvoters") or ""
            return CountLine(name, int(m.group("n")), _split_names(voters_text))
    return None


def _parse_not_voting(line: str) -> tuple[str, ...] | None:
    m = _NOT_VOTING.match(line)
    if not m:
        return None
    rest = line[m.end():]
    rest = re.sub(r"^\s*[-–—:]?\s*(?:\(\d+\)|\d+)?\s*[-–—:]?\s*", "", rest)
    return _split_names(rest)


def parse_votecount(text: str) -> VoteCount | None:
    """The first official count in a moderator's text; None when there is none.

    A count needs a header keyword with at least one count line, or two count lines.
    Lines with 0 votes are kept (some moderators list every player).
    """
    # Text copied from a rendered page glues the header to the first line ("Vote Count 1.4Abaddon").
    text = re.sub(r"((?:vote\s*count)[^\n]{0,20}?\d+(?:\.\d+)?)(?=[^\W\d])", r"\1\n", text, flags=re.I)
    lines = _joined_lines(text)
    label: str | None = None
    rows: list[CountLine] = []
    not_voting: tuple[str, ...] | None = None
    started = False
    for line in lines:
        if label is None and not rows and _is_header(line):
            label, started = line, True
            continue
        nv = _parse_not_voting(line)
        if nv is not None and (started or rows):
            not_voting = nv
            continue
        row = parse_count_line(line)
        if row is not None:
            if any(r.target == row.target for r in rows):
                break  # a second count in the same post (e.g. a final count quoted again)
            rows.append(row)
            started = True
        elif rows and not_voting is not None:
            break
    if not rows and not_voting is None:
        return None
    if label is None and len(rows) < 2:
        return None
    return VoteCount(label, tuple(rows), not_voting, 1.0 if label else 0.7)


def parse_announcements(text: str) -> tuple[Announcement, ...]:
    """Elimination announcements, one per line that matches."""
    found: list[Announcement] = []
    for line in text.splitlines():
        for pat in _ANNOUNCE:
            m = pat.search(line)
            if m:
                # Leading conjunctions and articles ("και ο Νίκος", "il Marco") are not part of the name.
                name = re.sub(r"^(?:(?:and|so|then|e|и|και|ο|η|il|la|lo)\s+)+", "",
                              m.group("name").strip(), flags=re.I)
                found.append(Announcement(name.strip(" *"), line.strip()))
                break
    return tuple(found)


def read_mod_post(html: str) -> ModPost:
    """A moderator's post: its official count (if any) and its elimination announcements."""
    text = html_to_text(html)
    return ModPost(parse_votecount(text), parse_announcements(text))
