"""Issue 21: vote syntaxes that real communities' rules ask their players to use, read.

Each English case is a syntax a real game's rules post prescribes (the forum in the comment;
names made up): ``##VOTE: Name`` / ``##UNVOTE`` (The Bell Tree Forums' Mafia voting threads),
``[b] vote: name [/b]`` with spaces inside the bold (EpicMafia's forum games), ``vote: no vote``
for "I vote no one" (a Cry Wolf rpg-board game's newbie guide), ``vote lynch Name`` in bold
(Worst Gen's forum games), ``Vote @Name`` with a mention (AnimeBase), ``Unvote; Vote: Name``
(the Total War forums). The red-name votes are the forms of the Greek, Russian and Italian
rulesets (a red name, a verb and a preposition before it, an inflected name, reasons after it,
as Russian forum games' rules ask: "голосовать цветом", a reason required); the inflected names
are constructed, no Greek or Italian game's text having been found.
"""

from __future__ import annotations

import pytest

from votal.tally.engine import tally_day
from votal.tally.names import NameResolver

from .helpers import Thread, at, make_game, marks


@pytest.mark.parametrize("html, want", [
    ("I think so.<br>##VOTE: Shiida", [("VOTE", "Shiida")]),
    ("##Vote: Shiida", [("VOTE", "Shiida")]),
    ("##VOTE: NoLynch", [("NO_LYNCH", "NoLynch")]),
    ("##UNVOTE<br>##VOTE: Esphas", [("UNVOTE", ""), ("VOTE", "Esphas")]),
    ("<b> vote: Shiida </b>", [("VOTE", "Shiida")]),
    ("<b>unvote: Shiida</b>", [("UNVOTE", "Shiida")]),
    ('<b>Vote <a class="mention" href="/u/Shiida">@Shiida</a></b>', [("VOTE", "Shiida")]),
    ("<b>Unvote; Vote: ATPG</b>", [("UNVOTE", ""), ("VOTE", "ATPG")]),
])
def test_english_forums_vote_syntax(html: str, want: list) -> None:
    assert marks(html) == want


@pytest.mark.parametrize("html", ["<b>vote: no vote</b>", "<b>Vote: No Vote</b>", "VOTE: no vote",
                                  "<b>vote: no-vote</b>"])
def test_a_vote_for_no_vote_is_an_unvote(html: str) -> None:
    """Never a vote for a player called "no" (the command cut at its own word "vote")."""
    assert marks(html) == [("UNVOTE", "")]


def test_no_vote_then_a_vote() -> None:
    assert marks("<b>vote no vote, vote Pino</b>") == [("UNVOTE", ""), ("VOTE", "Pino")]
    assert marks("<b>vote: Novotny</b>") == [("VOTE", "Novotny")]


@pytest.mark.parametrize("text, player", [
    ("vote lynch Pino", "Pino"), ("lynch Pino", "Pino"), ("vote for Ugo", "Ugo"),
    ("Ψηφίζω Κώστα", "Κώστας"), ("ψήφος στον Γιάννη", "Γιάννης"),
    ("Голосую против Медведя", "Медведь"), ("против Лисы", "Лиса"), ("за Сову", "Сова"),
    ("мой голос против Лисы", "Лиса"), ("voto per Lia", "Lia"), ("Il mio voto va a Ugo", "Ugo"),
])
def test_the_words_that_say_i_vote_before_a_name(text: str, player: str) -> None:
    resolver = NameResolver({p: () for p in ("Pino", "Ugo", "Lia", "Κώστας", "Γιάννης", "Μαρία",
                                             "Медведь", "Лиса", "Сова", "Волк")})
    assert resolver.resolve(text).player == player


def test_a_vote_word_before_no_name_stays_unknown() -> None:
    resolver = NameResolver({"Pino": (), "Lia": ()})
    assert resolver.resolve("voto per nessuno dei due").player is None


RED = '<span style="color: #ff0000">{}</span>'


@pytest.mark.parametrize("ruleset, players, html, target", [
    ("palermo-extreme", ("Κώστας", "Μαρία", "Γιάννης"),
     RED.format("Ψηφίζω Κώστα") + " γιατί κρύβεται από χθες", "Κώστας"),
    ("mafia-forum-ru", ("Лиса", "Сова", "Волк"),
     RED.format("Против Лисы") + " потому что молчит весь день и уходит от ответов", "Лиса"),
    ("mafia-forum-ru", ("Лиса", "Сова", "Волк"),
     "Голосую против " + RED.format("Волка") + ", он путает всех с утра", "Волк"),
    ("lupus-mirtillo", ("Pino", "Lia", "Ugo"),
     "<b>" + RED.format("Voto: Pino") + "</b>, ha difeso il lupo ieri", "Pino"),
])
def test_red_votes_with_their_verb_and_reasons(ruleset: str, players: tuple, html: str,
                                               target: str) -> None:
    extra = {} if ruleset == "palermo-extreme" else \
        {"schedule": {"deadline": "22:00", "day_change": "22:00"}}
    game = make_game(ruleset, players, **extra)
    thread = Thread()
    thread.add(players[1], at(2, 12), html)
    result = tally_day(game, thread.game_posts(), 1)
    assert [(v.voter, v.target) for v in result.votes] == [(players[1], target)]
    assert not result.review
