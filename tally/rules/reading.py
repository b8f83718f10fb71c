"""From posts to ballots: who posted, what he marked, whom it names (C-01, C-05, C-07, C-08).

Name resolution follows the rules.md vocabulary: a mark that matches no player, or two, is not a
vote but a review item (``V-UNKNOWN-TARGET``, ``V-AMBIGUOUS-TARGET``), never a guess.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from html import unescape

from votal.errors import GameFileError
from votal.scraper.colour import is_red
from votal.scraper.model import Post
from votal.tally import rostercount, votecounts
from votal.tally.bodies.extract import Mark, MarkKind, PostReading, read_post
from votal.tally.bodies.mentions import named
from votal.tally.game import Event
from votal.tally.model import NO_LYNCH, ReviewItem, Status
from votal.tally.names import Resolution, fold
from votal.tally.rules.context import (
    Ballot,
    BodyReadings,
    Day,
    Inputs,
    Players,
    RuleTraits,
    Votes,
    need,
    parts,
    post_time,
    streams,
)
from votal.tally.rules.learned import learned

VOTE_KINDS = (MarkKind.RED, MarkKind.VOTE, MarkKind.NO_LYNCH)


_NOTHING = PostReading((), "", ())
# A body without these cannot hold a vote mark of the syntax (red needs a colour, MS-01 the word
# "vote"): skipping its parse keeps a 5,000-post game well under a second.
_HINTS = {"red": ("color",), "mafiascum": ("vote", "unvoting", "lynch")}   # "unvoting": MS-01
# ... searched in any case of their ASCII letters: what ``h in html.lower()`` finds, as no other
# character lowers to one of these letters (only İ and the Kelvin sign lower to ASCII: i, k),
# without a lowered copy of every body (issue 22)
# A numeric character reference ("&#99;olor", "&#x76;ote") is read by the parser as its
# letter, so a body holding one is searched again with its references decoded: a vote is never
# skipped unread, and the many bodies whose only reference is an apostrophe ("&#39;", phpBB) are
# not parsed for it.
_WORDS = {syntax: re.compile("|".join("".join(f"[{c}{c.upper()}]" for c in h)
                                      for h in hints)).search
          for syntax, hints in _HINTS.items()}


# A red mark needs a red colour (vocabulary, C-05), and a colour reaches the walk only through a
# ``style``'s ``color:`` or a font's ``color=`` (tally/bodies/htmlwalk.py, scraper/colour.py), both
# written with the word: a body in which every "color" (any case) starts such a declaration or
# attribute of a value read as not red (a name, a hex or a function, up to its end) holds no red
# mark. Anything else after the word (prose, a comment, a CSS escape, a value the pattern cannot
# delimit) or a character reference anywhere ("&": "&#114;ed", "&quot;") counts as maybe red.
_COLOUR_WORD = re.compile("color", re.I | re.A)
_COLOUR_VALUE = re.compile(r"color\s*[:=]\s*[\"']?\s*(#?[0-9a-z]+|(?:rgb|hsl)a?\([^()<>\"';]*\))"
                           r"\s*(?:!\s*important\s*)?(?=[;\"'>\s]|$)", re.I | re.A)


def _may_hold(search: Callable[[str], object], html: str, *, red: bool = False,
              own: bool = False) -> bool:
    """Whether the body can hold a mark of the syntax whose hint words ``search`` finds.

    ``red``: a body of the red syntax whose colours are all surely not red cannot either (what
    a reader of marks alone may skip; not one that reads MR-02's names in other colours).
    ``own``: nor one whose other colours are all in the quote it begins with (a reader of the
    author's own marks, not of the quotes' marks, MR-03: :func:`_quote_end`)."""
    return _hold_test(search, red, own)(html)


@lru_cache(maxsize=16)
def _hold_test(search: Callable[[str], object], red: bool, own: bool) -> Callable[[str], bool]:
    """:func:`_may_hold` of a syntax's hint words and a reader's ``red`` and ``own``, as one
    function of the body (issue 22: asked of every post of a game, without the keywords)."""
    def words(html: str) -> bool:
        return search(html) is not None or (
            "&#" in html and search(unescape(html)) is not None)

    def own_red(html: str) -> bool:
        if search(html) is not None:
            return _may_be_red(html, _quote_end(html))
        return "&#" in html and search(unescape(html)) is not None

    def any_red(html: str) -> bool:
        if search(html) is not None:
            return _may_be_red(html)
        return "&#" in html and search(unescape(html)) is not None

    return (own_red if own else any_red) if red else words


def _may_be_red(html: str, start: int = 0) -> bool:
    """Whether a colour of the body from ``start`` on may be red: False only when every "color"
    there is a declaration or attribute whose value is not red (vocabulary, C-05; issue 22: a
    sixth of the coloured bodies of a game colour only other names, and their parse was for
    nothing)."""
    if html.find("&", start) >= 0:   # (no copy of the body from start on)
        return True
    value = _COLOUR_VALUE.match
    for word in _COLOUR_WORD.finditer(html, start):
        found = value(html, word.start())
        if found is None or _red(found.group(1)):
            return True
    return False


# A body that begins with a quote (``<blockquote …>``, whitespace before it allowed) holds
# its quoted text up to the first "</blockquote" (any case) at least: a nested quote ends
# there at the earliest, a comment or raw text can only hide that end tag, and the elements
# the quote holds end with it (libxml2 closes them and opens none of them again). Only a tag
# the HTML parser lets close the quote earlier could break that: the body's or the html
# element's end tag, or a start tag that closes the quote; so every tag in the quote must be
# one of _QUOTED_TAGS, none of which does (tests/tally/test_red_skip.py pins it). The colours
# before that point are the quote's, never the author's own (vocabulary: text inside a quote is
# never the quoting player's vote). Kept to bodies with few tags, which the parser reads whole
# (tally/bodies/body.py: a body read in part goes to review, V-UNREADABLE-POST).
_LEADING_QUOTE = re.compile(r"[ \t\r\n]*<blockquote(?=[\s/>])[^<>]*>", re.I | re.A)
_QUOTE_CLOSE = re.compile(r"</blockquote", re.I | re.A)
_TAG = re.compile(r"</?([a-z][^\s/>]*)", re.I | re.A)   # a tag's whole name, as HTML reads it
_QUOTED_TAGS = frozenset(
    "p b strong i em u s strike del ins span font div br img a blockquote cite q ul ol li "
    "sup sub small big code tt hr".split())
_QUOTE_TAGS_MAX = 1024
_QUOTE_BODY_MAX = 250_000


def _quote_end(html: str) -> int:
    """Where the quote the body begins with surely still holds the text (the first
    "</blockquote"), or 0 when the body begins with none that can be told so."""
    lead = _LEADING_QUOTE.match(html)
    if lead is None or len(html) > _QUOTE_BODY_MAX or html.count("<") > _QUOTE_TAGS_MAX:
        return 0
    close = _QUOTE_CLOSE.search(html, lead.end())
    if close is None:
        return 0
    for tag in _TAG.finditer(html, lead.end(), close.start()):
        if tag.group(1).lower() not in _QUOTED_TAGS:
            return 0
    return close.start()


@lru_cache(maxsize=1024)
def _red(colour: str) -> bool:
    return is_red(colour)


# the key of a body's reading without its quotes in the body readings (read_body)
_OWN = "/own"


def reading(day: Day, post: Post, *, full: bool = False) -> PostReading:
    """The post judged by its first version (C-07); cached per post.

    ``full``: parse even a body that cannot hold a mark (MR-03 needs its quotes and links).
    The quotes are read only in a ruleset whose rules read them (``RuleTraits.quotes``, MR-03;
    issue 22: a quote is walked as long as the post's own text).
    """
    if full:
        return _read(day, post.html)
    cache = day.cache.readings
    found = cache.get(post.id)
    if found is None:
        may = _reader_test(day.inputs.traits)
        found = cache[post.id] = (_NOTHING if may is not None and not may(post.html)
                                  else _read(day, post.html))
    return found


def _reader_test(traits: RuleTraits) -> Callable[[str], bool] | None:
    """Whether a body may hold what the tally's reading of a post reads (:func:`_may_hold` of
    the ruleset's syntax): the marks, in red only when no other colour is read (MR-02) and the
    author's own only when no quote is (MR-03); None where every body is read."""
    search = _WORDS.get(traits.syntax)
    if search is None:
        return None
    red = traits.syntax == "red" and not traits.coloured
    return _hold_test(search, red, red and not traits.quotes)


def read_body(bodies: BodyReadings, html: str, syntax: str, *,
              quotes: bool = True) -> PostReading:
    """``read_post`` of a body, from a replay's own body readings (``RunCache.bodies``):
    read_post is pure, so a replay, its running counts and what it hands them to (a watch's next
    refresh) read each body once, and the readings go with the replay (issue 22: no
    process-wide cache to outgrow or clear). ``quotes=False``: a reading whose quotes may be
    left unread (a reading with them serves too)."""
    key = (syntax, html)
    found = bodies.get(key)
    if found is None:
        if quotes:
            found = bodies[key] = read_post(html, syntax)
        else:
            own = (syntax + _OWN, html)
            found = bodies.get(own)
            if found is None:
                found = bodies[own] = read_post(html, syntax, quotes=False)
    return found


def read_marks(bodies: BodyReadings, html: str, syntax: str, *, quotes: bool) -> PostReading:
    """:func:`read_body` of a body that can hold a mark of the syntax; the empty reading, with
    no parse, of one that cannot (the hint words, as :func:`reading` skips them)."""
    search = _WORDS.get(syntax)
    if search is not None and not _may_hold(search, html, red=syntax == "red",
                                            own=syntax == "red"):   # marks alone: no quote's
        return _NOTHING
    return read_body(bodies, html, syntax, quotes=quotes)


def _read(day: Day, html: str) -> PostReading:
    traits = day.inputs.traits
    return read_body(day.cache.bodies, html, traits.syntax, quotes=traits.quotes)


def clear_cache() -> None:
    """Forget every moderator's text read (benchmarks measure cold runs; a post body's reading
    lives in its replay)."""
    votecounts.clear_cache()
    rostercount._tree.cache_clear()


def resolve_mark(day: Day, post: Post, voter: str | None, kind: MarkKind, text: str) -> str | None:
    """Vocabulary: the slot a marked name designates, or None after filing a review item.

    A moderator's ``ruling`` event for the post decides what the resolver left for review: its
    target is the vote's (resolved_by ``ruling``), ``none`` makes the mark no vote.
    """
    return resolve_target(day, post, voter, kind, text)[0]


def resolve_target(day: Day, post: Post, voter: str | None, kind: MarkKind,
                   text: str, *, malformed: bool = False) -> tuple[str | None, str | None]:
    """``resolve_mark`` and how the name was read (interfaces.md §3 ``resolved_by``).

    MS-01: a ``malformed`` mark (a ``[vote]`` tag whose closing tag was mistyped,
    ``[vote]X[\\vote] …``: the forum showed the rest of the post as the vote) is never read by
    votal — moderators rule such a post either way — but left for a human (V-UNKNOWN-TARGET, the
    name before the broken tag as candidate) unless a ``ruling`` decides it; the voter's standing
    vote is untouched."""
    if kind is MarkKind.NO_LYNCH:
        return NO_LYNCH, None
    res = _malformed(day, text) if malformed else day.inputs.resolver.resolve(text)
    if res.player is not None:
        return day.players.timeline.slot_of(res.player), res.resolved_by
    ruling = _ruling(day, post)
    if ruling is not None:
        target = _apply_ruling(day, ruling)
        name = "" if target is None else day.players.name(target)
        day.out.notes.append(f"ruling: «{text}» in post {post.id} is "
                             f"{'no vote' if target is None else 'a vote for ' + name}"
                             f" ({ruling.label()})")
        return target, "ruling"
    taught = None if malformed else learned(day).get(fold(text))
    if taught is not None:   # issue 10: the moderator's count named him (V-LEARNED-ALIAS)
        day.out.review.append(ReviewItem("V-LEARNED-ALIAS", voter, post.id, taught.url, text,
                                         (day.players.name(taught.slot) if taught.slot != NO_LYNCH
                                          else NO_LYNCH,)))
        return taught.slot, "moderator-count"
    rule = "V-AMBIGUOUS-TARGET" if res.how == "ambiguous" else "V-UNKNOWN-TARGET"
    day.out.review.append(ReviewItem(rule, voter, post.id, post.url,
                                     f"{text} (malformed vote tag)" if malformed else text,
                                     tuple(res.candidates)))
    return None, None


def _malformed(day: Day, text: str) -> Resolution:
    """No player, the one named before the broken tag as the candidate (MS-01)."""
    name = re.sub(r"^\W*(?:un)?vote\b\s*:?\s*", "", text.split("[", 1)[0], flags=re.I).strip()
    res = day.inputs.resolver.resolve(name) if name else None
    players = day.players
    named = (players.name(players.timeline.slot_of(res.player)),) if res and res.player else ()
    return Resolution(None, "unknown", named)


def _apply_ruling(day: Day, ruling: Event) -> str | None:
    """A ruling used: the slot it names, None for no vote."""
    day.cache.rulings_used.add(ruling.index)
    return None if ruling.target is None else day.players.timeline.slot_of(ruling.target)


def _ruling(day: Day, post: Post) -> Event | None:
    for e in day.inputs.game.events_of("ruling"):
        if e.post == post.id:
            return e
    return None


def check_rulings(day: Day) -> None:
    """interfaces.md §1 ``ruling``: a ruling for a post of the day that left nothing for review
    is refused (the moderator decides review items, not votes votal read itself)."""
    used = day.cache.rulings_used
    ids = {p.id for p in day.inputs.vote_posts}
    for e in day.inputs.game.events_of("ruling"):
        if e.post in ids and e.index not in used:
            raise GameFileError(f"{day.inputs.game.path}: {e.label()}: post {e.post} is not in "
                                "review (votal read its vote itself); a ruling decides review "
                                "items only")


@parts
def reset_votes(inputs: Inputs, votes: Votes, players: Players) -> None:
    """MS-07: a ``reset`` event: every vote cast before it stops standing; nobody is charged."""
    resets = sorted(e.at for e in inputs.events("reset") if e.at is not None)
    if not resets:
        return
    last = resets[-1]
    for b in votes.new():
        if b.status is None and b.time < last:
            b.decide(Status.IGNORED, "MS-07", "votes reset by the moderator", blame=False)
            players.spared.add(b.voter)


@streams
def read_ballots(day: Day) -> None:
    """Every vote action of the day's vote posts, in post order (players only, C-01; one red
    name, C-05).

    With ``learn_aliases_from_counts``, the names the moderator's counts taught (rules/learned.py,
    learned from the whole game before day 1) read as their players."""
    _read_posts(day)
    ballots = day.votes.ballots
    for i in range(day.votes.fresh, len(ballots)):
        ballots[i].order = i
    check_rulings(day)
    reset_votes(day)


def _read_posts(day: Day) -> None:
    """Each vote post's ballots. What the loop asks of every post is read once for the day: the
    syntax, whether unmarked posts vote (MB-02 rev. 2), the readings already made (issue 22: a
    running count of the audit reads again every post of its day so far)."""
    inputs, cache = day.inputs, day.cache
    author_slot, readings, ruled = inputs.author_slot, cache.readings, cache.ruled_unreadable
    red = inputs.traits.syntax == "red"
    unmarked = red and _unmarked(day)
    # MR-02: a ruling may decide a post in review for a name in no colour (uncoloured_vote)
    coloured = inputs.traits.coloured and bool(inputs.game.events_of("ruling"))
    may, bodies, syntax, quotes = (_reader_test(inputs.traits), cache.bodies,
                                   inputs.traits.syntax, inputs.traits.quotes)
    for post in inputs.vote_posts:
        voter = author_slot(post.author, post_time(post))
        if voter is None:
            _non_player(day, post)
            continue
        read = readings.get(post.id)
        if read is None:   # reading(day, post), its test and body readings read once for the day
            html = post.html
            read = readings[post.id] = (_NOTHING if may is not None and not may(html) else
                                        read_body(bodies, html, syntax, quotes=quotes))
        why = read.unreadable or (_hidden_vote(day, read.hidden) if read.hidden else "")
        ruling = _ruling(day, post) if (why or post.id in ruled) else None
        if ruling is not None:
            ruled_unreadable(day, post, voter, ruling, why)
            continue
        if read.unreadable:
            unreadable(day, post, voter, why)
        elif why:   # a vote in a spoiler: no vote (no absence spared), but never in silence
            day.out.review.append(ReviewItem("V-UNREADABLE-POST", voter, post.id, post.url,
                                             f"post body {why}", ()))
        if not red:
            _tag_ballots(day, post, voter, list(read.marks))
        elif read.marks:
            _red_ballot(day, post, voter, list(read.marks))
        elif unmarked:
            _unmarked_ballot(day, post, voter)
        elif coloured and (ruling := _ruling(day, post)) is not None \
                and uncoloured_vote(day, post) is not None:
            ruled_uncoloured(day, post, voter, ruling)


def _hidden_vote(day: Day, hidden: tuple[Mark, ...]) -> str:
    """Issue 21: a vote inside the author's own spoiler (a command, or a red run naming a
    player) is hidden text, not the author's own (the vocabulary: fixture PX-01--quote-spoiler),
    so it is no vote and its author is charged as without one; but it is never dropped in
    silence: the post goes to review (V-UNREADABLE-POST), where a ruling may decide it. Red text
    in a spoiler that names no one (a role claim's colours) is nothing."""
    resolve = day.inputs.resolver.resolve
    for m in hidden:
        if m.kind is not MarkKind.RED or resolve(m.text).player is not None:
            return (f"holds a vote inside a spoiler (hidden text: «{m.text or m.kind.value}»): "
                    "not counted, a ruling may decide it")
    return ""


def unreadable(day: Day, post: Post, voter: str | None, why: str) -> None:
    """interfaces.md §2: a post votal could not read completely is never counted in silence: it
    goes to review (V-UNREADABLE-POST); the marks read before the point where reading stopped
    still count, and the moderator checks the rest. Its author is not charged an absence for a
    vote votal may have failed to read."""
    day.out.review.append(ReviewItem("V-UNREADABLE-POST", voter, post.id, post.url,
                                     f"post body {why}", ()))
    if voter is not None:
        day.players.spared.add(voter)


def ruled_unreadable(day: Day, post: Post, voter: str, ruling: Event, why: str) -> None:
    """interfaces.md §1 ``ruling`` for a post in review as V-UNREADABLE-POST (its author, time
    or body not read off the page, or its body read only in part): the moderator states what it
    voted. The ruling's target is the post's vote (``resolved_by = "ruling"``, at the post's own
    time, else the ruling's ``at``: tally/replay.ruled_post); ``none``: the post voted nothing.
    Whatever votal could read of the post is not counted instead: the ruling decides the post."""
    _ruled(day, post, voter, ruling,
           f"post body {why}" if why else day.cache.ruled_unreadable[post.id])


def _ruled(day: Day, post: Post, voter: str, ruling: Event, what: str) -> None:
    """The ruling's target as the post's vote (none: no vote), said in a note naming ``what``
    had put the post in review."""
    target = _apply_ruling(day, ruling)
    name = "" if target is None else day.players.name(target)
    day.out.notes.append(f"ruling: post {post.id}, in review ({what}), is "
                         f"{'no vote' if target is None else 'a vote for ' + name}"
                         f" ({ruling.label()})")
    if target is not None:
        day.votes.ballots.append(Ballot(post, voter, target, need(ruling.target, ruling),
                                        resolved_by="ruling"))


def _non_player(day: Day, post: Post) -> None:
    """C-01: a post by a moderator or a non-player is never a vote."""
    if day.inputs.is_moderator(post.author):
        return
    if any(m.kind in VOTE_KINDS for m in reading(day, post).marks):
        day.out.violate("V-NON-PLAYER", post.author, post, "a vote mark by someone not in the game")


def _red_ballot(day: Day, post: Post, voter: str, marks: list[Mark]) -> None:
    """C-05: in rulesets where a vote names one player, several red names are no vote."""
    if not marks:
        return
    targets, how = [], {}
    for m in marks:
        slot, by = resolve_target(day, post, voter, m.kind, m.text)
        if slot is not None and slot not in targets:
            targets.append(slot)
            how[slot] = by
    if not targets:
        return
    ballot = Ballot(post, voter, targets[0], marks[0].text, resolved_by=how[targets[0]])
    if len(targets) > 1:
        ballot.target = None
        ballot.text = ", ".join(m.text for m in marks)
        ballot.decide(Status.INVALID, "C-05", "several red names: " + ballot.text)
        day.out.violate("V-MULTI-TARGET", voter, post, ballot.text)
    day.votes.ballots.append(ballot)


def _unmarked(day: Day) -> bool:
    """Option ``unmarked_votes`` (MB-02 rev. 2): a vote-thread post needs no colour."""
    return day.inputs.traits.vote_thread and bool(day.inputs.options.unmarked_votes)


def names_by_slot(day: Day) -> dict[str, list[str]]:
    """Each slot's names and aliases (every player who held it), built once a day."""
    names = day.cache.names_by_slot
    if names is None:
        names = day.cache.names_by_slot = {}
        for p in day.inputs.game.players:
            names.setdefault(day.players.timeline.slot_of(p.name), []).extend((p.name, *p.aliases))
    return names


def _unmarked_ballot(day: Day, post: Post, voter: str) -> None:
    """A vote-thread post (MB-02 rev. 2) without red naming exactly one player is a vote for
    him; naming several is no vote and goes to review (V-MULTI-TARGET); naming none is no vote."""
    text = reading(day, post, full=True).own_text
    found = named(text, names_by_slot(day))
    if len(found) == 1:
        ballot = Ballot(post, voter, found[0], text)
        ballot.note = "a name without colour (MB-02)"
        day.votes.ballots.append(ballot)
    elif len(found) > 1:
        day.out.review.append(ReviewItem("V-MULTI-TARGET", day.players.name(voter), post.id,
                                         post.url, text,
                                         tuple(day.players.name(s) for s in found)))


# a vote word of the author's own text and what follows it (up to four words): "Голосую против
# Лисы", "Мой голос: Лиса", "голос за Лису", "Vote Лиса"
_VOTE_WORD = re.compile(r"(?<![^\W_])(?:голосую|голос|vote)(?![^\W_])[\s:—–-]*"
                        r"((?:[^\W_]+[\s,.!?:;—–-]*){1,4})", re.IGNORECASE)

_VOTE_HINT = re.compile("голос|vote", re.IGNORECASE).search


def uncoloured_vote(day: Day, post: Post) -> str | None:
    """The slot of the one player a vote word of the author's own text names right after it,
    in a post that marks no name in any colour: no vote by MR-02, but the moderator's call
    (review V-NOT-RED, decided by a ruling: :func:`ruled_uncoloured`)."""
    if _VOTE_HINT(post.html) is None:   # (a body without colour is otherwise never parsed)
        return None
    text = reading(day, post, full=True).own_text
    found = {s for m in _VOTE_WORD.finditer(text) for s in named(m.group(1), names_by_slot(day))}
    return found.pop() if len(found) == 1 else None


def ruled_uncoloured(day: Day, post: Post, voter: str, ruling: Event) -> None:
    """A ruling on a post in review as V-NOT-RED (:func:`uncoloured_vote`): the moderator
    states what it voted; the rules then judge the ballot as any other (MR-02 reasons, MR-04)."""
    _ruled(day, post, voter, ruling, "a vote word before a name in no colour, MR-02")


def has_ruling(day: Day, post: Post) -> bool:
    return _ruling(day, post) is not None


def _tag_ballots(day: Day, post: Post, voter: str, marks: list[Mark]) -> None:
    """Each vote / unvote / no-lynch tag (MS-01) is one action, in document order; a player with
    two ballots (MS-08) casts and withdraws the second with "second vote" / "unvote 2".

    Option ``votes_at_line_start`` (a moderator's house rule, "votes must be at the beginning of
    a line to be counted"; MS-01 reads a vote anywhere): a vote or No Lynch with prose before it
    on its line (``Mark.inline``) is read, named and kept in the day's votes, but ignored (MS-01),
    so it neither stands nor replaces the voter's vote. An unvote counts wherever it is."""
    two = _two_ballots(day)
    at_start = day.inputs.options.votes_at_line_start
    for m in marks:
        n = m.ballot if voter in two else 1
        if m.kind is MarkKind.UNVOTE:
            day.votes.ballots.append(Ballot(post, voter, None, m.text or "unvote", unvote=True, ballot=n))
            continue
        if m.kind not in VOTE_KINDS:
            continue
        slot, by = resolve_target(day, post, voter, m.kind, m.text, malformed=m.malformed)
        if slot is not None:
            ballot = Ballot(post, voter, slot, m.text, resolved_by=by, ballot=n)
            if at_start and m.inline:
                ballot.decide(Status.IGNORED, "MS-01", "not at the beginning of a line "
                              "(votes_at_line_start)", blame=False)
            day.votes.ballots.append(ballot)


def _two_ballots(day: Day) -> frozenset[str]:
    found = day.cache.two_ballots
    if found is None:
        found = day.cache.two_ballots = frozenset(
            day.players.timeline.slot_of(p.name) for p in day.inputs.game.players if p.ballots > 1)
    return found


@streams
def edited_votes(day: Day) -> None:
    """C-07: a later version of a post that changes its vote is reported with both versions."""
    by_post: dict[str, list[Ballot]] = {}
    for b in day.votes.new():
        by_post.setdefault(b.post.id, []).append(b)
    for post in day.inputs.vote_posts:
        if not post.versions:
            continue
        first = [b.target for b in by_post.get(post.id, [])]
        for version in post.versions:
            later = _targets_of(day, version.html)
            if later != first:
                voter = day.inputs.author_slot(post.author, post_time(post)) or post.author
                day.out.violate("V-EDITED-VOTE", voter, post,
                                f"first version: {_names(first)}; version seen {version.seen.isoformat()}:"
                                f" {_names(later)}", once=False)
                break


def _targets_of(day: Day, html: str) -> list[str | None]:
    """The targets a version of a post marks (C-07): its marks only, so a version that cannot
    hold one is not parsed (:func:`read_marks`)."""
    traits = day.inputs.traits
    marks = read_marks(day.cache.bodies, html, traits.syntax, quotes=traits.quotes).marks
    out: list[str | None] = []
    for m in marks:
        if m.kind is MarkKind.UNVOTE:
            out.append(None)
        elif m.kind in VOTE_KINDS:
            res = day.inputs.resolver.resolve(m.text) if m.kind is not MarkKind.NO_LYNCH else None
            out.append(NO_LYNCH if res is None else
                       (day.players.timeline.slot_of(res.player) if res.player else f"?{m.text}"))
    if day.inputs.traits.syntax == "red":
        out = list(dict.fromkeys(out))
        if len(out) > 1:
            return [None]
    return out


def _names(targets: list[str | None]) -> str:
    return ", ".join(t or "unvote" for t in targets) or "no vote"


def dead_posts(day: Day) -> None:
    """C-08 / MB-08 / LM-07 / MR-07: a post by a player who is not active, beyond the ruleset's
    allowance, is a violation (V-DEAD-POST).

    The allowance is the preset's: one post of last words after a vote elimination in Palermo
    (C-08), one post after any death in mafia-forum-ru (MR-07: ``last_words_causes`` None),
    none in lupus (LM-07) and in mafia-baku, where both threads are read (MB-08). A ghost
    under Echo from beyond may post (PX-14).
    """
    vote_posts = {b.post.id for b in day.votes.ballots}
    allowed = day.inputs.options.dead_posts_allowed
    causes = day.inputs.traits.last_words_causes
    posts = day.inputs.posts
    if day.inputs.vote_posts is not day.inputs.posts:  # MB-08: both threads
        posts = sorted([*day.inputs.posts, *day.inputs.vote_posts], key=Post.sort_key)
    for post in posts:
        t = post_time(post)
        slot = day.inputs.author_slot(post.author, t)
        if slot is None or day.can_vote(slot, t):   # PX-14: a ghost under the echo
            continue
        cause = day.players.timeline.cause(slot, t)
        day.players.carried.dead_posts[slot] += 1
        if post.id in vote_posts:
            continue  # reported as V-INACTIVE-VOTER only (C-08)
        if (causes is None or cause in causes) and day.players.carried.dead_posts[slot] <= allowed:
            continue
        day.out.violate("V-DEAD-POST", day.players.name(slot), post,
                        f"posted while {cause or 'out'}")
