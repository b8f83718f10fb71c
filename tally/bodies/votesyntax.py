"""MS-01: the English forums' vote commands, read from the author's own text pieces.

Where a command may stand (helper of extract.py):
- inside a bold or ``[vote]`` element (``span.bbvote``): the element's line begins with
  ``vote`` / ``unvote`` / ``unvoting`` (``Vote: X``, ``vote X``, ``unvote, vote: X``, ``UNVOTE:``), or holds
  ``vote:`` with its colon further on (``Confirm vote: X``); a bare ``vote:`` in bold takes its
  name from the rest of the line (``<b>Vote:</b> X``);
- in plain text: only a whole line ``VOTE: X`` (colon required, any case) or ``unvote`` alone,
  because plain prose ("vote hopping is scummy") starts with "vote" too.
The target is cut at the first clause break (``,`` ``;`` `` (`` sentence end, `` - ``), so
"Vote: X because…" keeps the extra words for the name resolver to judge. ``No Lynch`` / ``NL`` /
``no execution`` are NO_LYNCH; ``vote: no vote`` (a community's way to say "I vote no one", not
No Lynch) is an unvote; struck-through text is never a command; colour means nothing.
Each command says whether it begins its line (issue 21, ``Command``'s third field): only the
lead characters (spaces, dashes, bullets, symbols) and other commands stand before it on the line
("Unvote / Vote: X" at the start of a line both), not prose ("so I'll wagon on X. **VOTE: X**"):
a moderator's house rule "votes must be at the beginning of a line to be counted" reads it
(option ``votes_at_line_start``, tally/rules/reading.py).
A command holding a vote tag as text (``[vote]Name[\\vote] and more``: the closing tag mistyped,
so the forum showed the rest of the post as the vote) is MALFORMED: its vote is for a human.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from votal.tally.bodies.htmlwalk import BREAK, Piece

Command = tuple[str, str]  # (MarkKind name, text)
Placed = tuple[str, str, bool]  # (MarkKind name, text, inline: not at the beginning of its line)

# emoji, arrows, dingbats and pictographs a player puts before or after the command ("🔪 vote X",
# "VOTE ➡️ X"; issue 21): symbols, never letters, digits, quotes or brackets
_SYMBOLS = ("\u2190-\u21ff\u2300-\u23ff\u25a0-\u27bf\u2900-\u297f\u2b00-\u2bff\ufe0f\u200d"
            "\U0001f000-\U0001faff")
_LEAD = r"^[\s\-–—*/>•~.:!_#" + _SYMBOLS + r"]*"
# MS-08: a second ballot is "second vote: X" / "vote 2: X", withdrawn by "second unvote" / "unvote 2"
_SECOND = r"(?:second\s+)?"
_TWO = r"(?:\s*2(?![\w]))?"
# "unvoting" / "unvoteing" in bold is an unvote too (a real Mafiascum post: the moderator took
# the vote off, MS-01); "voting X" is no command (prose: "voting X would be bad")
_UNVOTE_WORD = r"unvot(?:e|e?ing)"
_STARTS = re.compile(_LEAD + _SECOND + r"(?:vote|" + _UNVOTE_WORD + r")(?![\w])", re.I)
_KEYWORD = re.compile(r"(?<![\w])(?P<second>second\s+)?(?:(?P<un>un)vot(?:e|e?ing)|vote)"
                      r"(?P<two>\s*2(?![\w]))?(?![\w])\s*(:?)", re.I)
# a bold command said in words (issue 21): "I vote X", "Changing my vote to X", "Switching my vote
# onto X", "My vote goes to X" (read as "vote X"; "voting X" and "my vote is…" stay prose)
_PHRASE = re.compile(_LEAD + r"(?:i\s+(?:hereby\s+)?vote(?:\s+for)?|"
                     r"(?:i(?:'m|’m|\s+am|\s+will|'ll|’ll)\s+)?(?:chang|switch|mov|shift)(?:e|es|ed|ing)?"
                     r"\s+my\s+vote\s+(?:to|onto|on|for)|my\s+vote\s+goes\s+(?:to|on|for))(?![\w])\s*:?",
                     re.I)
_MID = re.compile(r"(?<![\w])" + _SECOND + r"(?:un)?vote" + _TWO + r"\s*:", re.I)
_PLAIN = re.compile(_LEAD + r"(?:(?P<un2>second\s+)?(?P<un>unvote)(?P<untwo>\s*2(?![\w]))?"
                    r"[\s:.,;!/&]*(?:(?:and|then)\s+)?)?"
                    r"(?:(?P<second>second\s+)?(?P<vote>vote)(?P<two>\s*2)?\s*:\s*(?P<target>\S.*))?$",
                    re.I)
_CUT = re.compile(r"[,;]|\s+\(|[.!?]+(?=\s|$)|\s[-–—]+\s|\s+(?:and\s+)?(?:un)?vote(?![\w])", re.I)
_STRIP = "/ \t\"'“”«»„:.,;!?@*~`"
# what stands between the command and its name: "vote = X", "vote -> X", "VOTE ➡️ X"
_ARROW = re.compile(r"^\s*(?:=+>?|-+>|[" + _SYMBOLS + r"»]+)\s*")
_NO_LYNCH = re.compile(r"no[\s_-]*(?:lynch|execution|exe|elimination|exile)|nl", re.I)
_NOT_A_NAME = re.compile(r"(?:count|counts|tally)\b", re.I)
_NO_VOTE = re.compile(r"[\s\"'“”«»:]*no[\s-]*vote(?![\w])", re.I)
# a BBCode vote tag written as text inside a command: the tag the player meant did not render
_BROKEN_TAG = re.compile(r"\[\s*[\\/]?\s*(?:un)?vote\s*\]", re.I)
# the text before a command that still leaves it at the beginning of its line
_LINE_START = re.compile(_LEAD + r"$")
_UNVOTE_ONLY = re.compile(_LEAD + r"unvote(?![\w])(?:(?!(?<![\w])vote(?![\w])).)*$", re.I | re.S)


def vote_marks(pieces: Iterable[Piece]) -> list[Placed]:
    """MS-01: the vote commands of the author's own text, in document order, each with whether
    it does not begin its line (``inline``)."""
    found: list[Placed] = []
    for line in _lines(p for p in pieces if not p.struck):
        found.extend(_line_commands(line))
    return found


def _lines(pieces: Iterable[Piece]) -> Iterator[list[Piece]]:
    line: list[Piece] = []
    for piece in pieces:
        if piece.text == BREAK:
            if line:
                yield line
            line = []
        else:
            line.append(piece)
    if line:
        yield line


def _line_commands(line: list[Piece]) -> list[Placed]:
    found: list[Placed] = []
    commanded = False
    inline = False      # prose before the command on its line
    after = 0           # the piece after the last command's group
    for start, end, group_text in _groups(line):
        before = ""
        if not _STARTS.match(group_text):
            phrase = _PHRASE.match(group_text)
            mid = None if phrase else _MID.search(group_text)  # "Confirm vote: X", a typo before "Vote: X"
            if phrase:
                group_text = "vote " + group_text[phrase.end():]
            elif mid is None:
                continue
            else:
                before, group_text = group_text[:mid.start()], group_text[mid.start():]
        if not inline:
            before = "".join([p.text for p in line[after:start]]) + before
            inline = _LINE_START.match(before) is None
        after = end
        commanded = True
        broken = _BROKEN_TAG.search(group_text)
        if broken and _UNVOTE_ONLY.match(_BROKEN_TAG.sub(" ", group_text)):
            group_text, broken = _BROKEN_TAG.sub(" ", group_text), None   # an unvote is one
        if broken:
            # "[vote]Name[\vote] more text": the player's closing tag did not close, so the forum
            # shows the rest of the post as the vote: a malformed vote, for a human (MS-01)
            found.append(("MALFORMED", " ".join(group_text[:broken.end()].split()), inline))
            continue
        commands, dangling = _parse(group_text)
        if dangling:  # "<b>Vote:</b> Nikos": the name follows the bold keyword
            rest = "".join(p.text for p in line[start:])
            commands = _parse(rest)[0]
        found.extend((kind, text, inline) for kind, text in commands)
    if not commanded:   # a whole line: at its beginning
        found.extend((kind, text, False) for kind, text in _plain("".join(p.text for p in line)))
    return found


def _groups(line: list[Piece]) -> Iterator[tuple[int, int, str]]:
    """(index of first piece, index after the last, text) of each bold / [vote] run on the line."""
    i = 0
    while i < len(line):
        group = line[i].group
        if group is None:
            i += 1
            continue
        j = i
        while j < len(line) and line[j].group == group:
            j += 1
        yield i, j, "".join(p.text for p in line[i:j])
        i = j


def _parse(text: str) -> tuple[list[Command], bool]:
    """Lenient reading of a command line; ``dangling`` when the last ``vote`` names no one."""
    commands: list[Command] = []
    keys = list(_KEYWORD.finditer(text))
    dangling = False
    skip = -1
    for k, key in enumerate(keys):
        if k == skip:
            continue
        end = keys[k + 1].start() if k + 1 < len(keys) else len(text)
        target = _target(text[key.end():end])
        no_vote = _NO_VOTE.match(text, key.end())
        if no_vote and not key.group("un"):     # "vote: no vote": its own "vote" is no key
            target, skip = "no vote", next((n for n in range(k + 1, len(keys))
                                            if keys[n].start() < no_vote.end()), -1)
        second = "2" if key.group("second") or key.group("two") else ""
        if key.group("un"):
            commands.append(("UNVOTE" + second, target))
            dangling = False
        elif target:
            commands.extend(_vote(target, second))
            dangling = False
        else:
            dangling = True
    return commands, dangling


def _plain(text: str) -> list[Command]:
    m = _PLAIN.match(text.strip())
    if not m or not (m.group("un") or m.group("vote")):
        return []
    second = "2" if m.group("un2") or m.group("untwo") else ""
    commands: list[Command] = [("UNVOTE" + second, "")] if m.group("un") else []
    if m.group("vote"):
        target = _target(m.group("target"))
        if target:
            commands.extend(_vote(target, "2" if m.group("second") or m.group("two") else ""))
    return commands


def _target(raw: str) -> str:
    raw = _ARROW.sub("", raw, count=1)
    if _NO_VOTE.match(raw):
        return "no vote"            # cut at its own "vote" it would be a player called "no"
    cut = _CUT.search(raw)
    if cut and raw[:cut.start()].strip(_STRIP):
        raw = raw[:cut.start()]
    return " ".join(raw.split()).strip(_STRIP)


def _vote(target: str, second: str = "") -> list[Command]:
    """A vote command; ``second`` = "2" for a player's second ballot (MS-08)."""
    if _NO_LYNCH.fullmatch(target):
        return [("NO_LYNCH" + second, target)]
    if target == "no vote":
        return [("UNVOTE" + second, "")]
    if _NOT_A_NAME.match(target):  # "Vote count please" asks the moderator, votes no one
        return []
    return [("VOTE" + second, target)]
