"""A game file to start from, drafted from a thread's first page(s) (issue 13, pure).

:func:`draft_game` decides what `votal init` writes: the ruleset (given, or guessed from the
title and the language, the guess said aloud), the report language and time zone (the forum's
interface language, the ruleset's defaults), day 1, the moderators (the thread's starter) and the
players (the sign-up list of the first post, else every distinct poster but the moderators).
Everything it could not be sure of is a note for the user.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from votal.app.signup import (
    Entry,
    find_signup,
    first_line,
    poster_entries,
    posters,
    resolve_signup,
)
from votal.errors import InputError
from votal.scraper.model import Post
from votal.tally.game import LANGUAGES
from votal.tally.presets import PRESETS

# The zone each ruleset's forums keep their clocks in (rules.md C-09 "the game's zone").
DEFAULT_TIMEZONES = {
    "palermo-extreme": "Europe/Athens",
    "palermo-classic": "Europe/Athens",
    "lupus-mirtillo": "Europe/Rome",
    "mafia-forum-ru": "Europe/Moscow",
    "mafia-baku": "Asia/Baku",
    "mafiascum": "America/New_York",
}

# (pattern in the title, ruleset, why) — the first that matches decides.
_TITLE_HINTS: tuple[tuple[str, str, str], ...] = (
    (r"mafiascum|\bmini\b|\bopen\s*\d+|\bnewbie\s*\d+", "mafiascum", "a Mafiascum-style title"),
    (r"extreme|εξτρ[ιί]μ", "palermo-extreme", "'Extreme' in the title"),
    (r"classic|κλασικ", "palermo-classic", "'Classic' in the title"),
    (r"bak[uı]|баку", "mafia-baku", "'Baku' in the title"),
    (r"lupus|lupi\b|mirtillo|tabula|villaggio", "lupus-mirtillo", "a Lupus title"),
    (r"palermo|παλ[εέ]ρμο", "palermo-extreme", "'Palermo' in the title"),
)
_LANGUAGE_GUESS = {"el": "palermo-extreme", "it": "lupus-mirtillo", "ru": "mafia-forum-ru",
                   "en": "mafiascum"}


@dataclass(frozen=True, slots=True)
class Draft:
    title: str
    source_key: str              # "thread", "pages" or "posts"
    source: str
    canonical: str | None        # the forum URL when the source is a file
    ruleset: str
    ruleset_note: str            # how the ruleset was chosen, said aloud
    language: str
    timezone: str
    day1: date
    moderators: tuple[str, ...]
    players: tuple[Entry, ...]
    players_from: str            # where the players came from, said aloud
    hours_needed: bool           # the ruleset has no default hours: the one thing to fill in
    notes: tuple[str, ...] = ()  # anything else worth a look


def guess_ruleset(title: str, language: str | None) -> tuple[str, str]:
    """The ruleset a thread most likely plays, and why (for the user to confirm)."""
    for pattern, ruleset, why in _TITLE_HINTS:
        if re.search(pattern, title or "", re.I):
            return ruleset, why
    if language in _LANGUAGE_GUESS:
        return _LANGUAGE_GUESS[language], f"a thread in {language}"
    return "mafiascum", "no hint in the title or the language"


def choose_language(interface: str | None, text: str | None, ruleset: str) -> str:
    """The report language: the forum's interface language, else the posts', else the ruleset's."""
    for lang in (interface, text):
        if lang in LANGUAGES:
            return lang
    return PRESETS[ruleset].language


def day_one(first: datetime, ruleset: str, tz: ZoneInfo) -> date:
    """The date of the opening post (C-09's day 1); the next day when it came after the day's deadline."""
    local = first.astimezone(tz)
    deadline = PRESETS[ruleset].deadline
    if deadline is not None and local.time() >= deadline:
        return local.date() + timedelta(days=1)
    return local.date()


def _first_time(posts: list[Post], source: str) -> datetime:
    """The time of the first post whose time could be read (interfaces.md §2 rev. 2);
    ``source`` names the thread or file as the user gave it."""
    times = [p.time for p in posts if p.time is not None]
    if not times:
        hint = ("give a posts file" if "://" in source else  # a URL's page: dated by its answer
                "relative dates (\"Today, 09:41\") of saved pages need --fetched-at TIME, when "
                "the pages were saved; or give a posts file")
        raise InputError(f"{source}: no post time could be read, so day 1 is unknown; {hint}")
    return min(times)


def draft_game(posts: list[Post], *, title: str | None, source_key: str, source: str,
               canonical: str | None = None, interface_language: str | None = None,
               text_language: str | None = None, ruleset: str | None = None,
               timezone: str | None = None, first_page: bool = True,
               shown: str | None = None) -> Draft:
    """What `votal init` writes for these posts (the first page(s) of the thread, in order).

    ``source`` is written in the game file (a path relative to the game file's folder);
    ``shown`` names it in messages as the user gave it (default: ``source``)."""
    shown = shown or source
    if not posts:
        raise InputError(f"{shown}: no posts to start a game from")
    # thread order: the post number (a post whose time could not be read keeps its place)
    posts = sorted(posts, key=lambda p: (p.number is None, p.number or 0))
    # without page markup (a posts file) the opening post's heading names the game
    title = title or first_line(posts[0].html) or f"{posts[0].author}'s game"
    notes: list[str] = []
    if ruleset is None:
        ruleset, why = guess_ruleset(title, text_language or interface_language)
        ruleset_note = f"ruleset {ruleset}: a guess ({why}); pass --ruleset to choose another"
    elif ruleset not in PRESETS:
        raise InputError(f"--ruleset {ruleset!r}: unknown (known: {', '.join(sorted(PRESETS))})")
    else:
        ruleset_note = f"ruleset {ruleset} (as asked)"
    timezone = timezone or DEFAULT_TIMEZONES[ruleset]
    opening = posts[0]
    moderators = (opening.author,)
    if not first_page:
        notes.append(f"the pages read do not start at page 1: {opening.author}, the first "
                     "poster on them, is taken as the moderator; check")
    authors = posters(posts)
    signup = find_signup(opening.html)
    if signup is not None:
        players = [e for e in resolve_signup(signup.names, authors) if e.name not in moderators]
        players_from = f"players: {len(players)} from {signup.how}"
        unseen = [e.name for e in players if not e.seen]
        if unseen:
            notes.append(f"not seen posting on the pages read, kept as written (check the "
                         f"spelling against the forum's usernames): {', '.join(unseen)}")
    else:
        players = poster_entries(authors, moderators)
        players_from = (f"players: no sign-up list in the first post; {len(players)} distinct "
                        "posters but the moderator (edit the list)")
    if not players:
        notes.append("no players found: add them as [[players]]")
    preset = PRESETS[ruleset]
    if preset.vote_thread:
        notes.append(f"{ruleset} votes in a separate thread (MB-01): fill in [source] vote_thread")
    return Draft(
        title=title, source_key=source_key, source=source, canonical=canonical,
        ruleset=ruleset, ruleset_note=ruleset_note,
        language=choose_language(interface_language, text_language, ruleset), timezone=timezone,
        day1=day_one(_first_time(posts, shown), ruleset, ZoneInfo(timezone)),
        moderators=moderators,
        players=tuple(players), players_from=players_from,
        hours_needed=preset.deadline is None or preset.day_change is None, notes=tuple(notes))
