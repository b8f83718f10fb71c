"""Issue 21: the ways players of the four languages' forum games write a vote, each read as the
rules say (a vote, an unvote, no vote, or a review item: never a guess, never a silent drop).

The forms come from real communities' rules and games (names made up, sentences our own):
- English forums: a bold command with an emoji or an arrow ("🔪 vote X", "VOTE ➡️ X"), a command
  said in words ("Changing my vote to X", "I vote X"), a struck-through earlier choice inside the
  command, plain "vote X" where the forum asks for bold (MS-01: no vote), a vote inside a quote.
- Russian games (MR-02: the nickname in red plus reasons): the whole vote coloured red, reasons
  included; bold and red together; an emoji in the red run; a colour around part of a word; a
  nickname in blue (some forums let players vote "in red or blue": not under MR-02); "Меняю голос
  на …" where a vote cannot be changed (MR-04).
- Italian Lupus games: "Voto X perché…" with the name in red; two red names (C-05).
- Greek Palermo games: "Ψηφίζω" before an inflected red name.
"""

from __future__ import annotations

from datetime import UTC

import pytest

from votal.scraper.bbcode import bbcode_to_html
from votal.tally.engine import tally_day

from .helpers import Thread, at, make_game, marks

RED = '<span style="color: #ff0000">{}</span>'
BLUE = '<span style="color: #0000ff">{}</span>'
MS = ("Quilford", "Ash", "Bren", "Cole", "Dee")
RU = ("Лиса", "Сова", "Волк", "Медведь")
IT = ("Pino", "Lia", "Ugo", "Rita")
EL = ("Κώστας", "Μαρία", "Γιάννης", "Ελένη")


def _day(ruleset: str, players: tuple[str, ...], *posts: tuple[str, str]) -> dict:
    extra: dict = {}
    if ruleset == "mafiascum":
        extra = {"timezone": "UTC", "schedule": {"deadline": "22:00", "day_change": "23:00"}}
    elif ruleset != "palermo-extreme":
        extra = {"schedule": {"deadline": "22:00", "day_change": "22:00"}}
    game = make_game(ruleset, players, **extra)
    thread = Thread()
    for i, (author, html) in enumerate(posts):
        thread.add(author, at(2, 12, i, tz=UTC) if ruleset == "mafiascum" else at(2, 12, i), html,
                   pid=str(3000 + i))
    return tally_day(game, thread.game_posts(), 1).to_dict()


def _counted(result: dict) -> dict[str, list[str]]:
    return {row["player"]: row["voters"] for row in result["tally"]}


def _rules(items: list[dict]) -> list[str]:
    return [item["rule"] for item in items]


# -- English forums (MS-01) ------------------------------------------------------------------

@pytest.mark.parametrize("html, want", [
    ("<b>🔪 vote Quilford</b>", [("VOTE", "Quilford")]),               # an emoji before the command
    ("<b>⚖️ Unvote</b>", [("UNVOTE", "")]),
    ("🗳️ VOTE: Quilford", [("VOTE", "Quilford")]),                     # plain line, colon: MS-01
    ("<b>VOTE ➡️ Quilford</b>", [("VOTE", "Quilford")]),               # an arrow before the name
    ("<b>vote -> Quilford</b>", [("VOTE", "Quilford")]),
    ("<b>vote = Quilford</b>", [("VOTE", "Quilford")]),
    ("<b>Changing my vote to Quilford</b>", [("VOTE", "Quilford")]),    # the command in words
    ("<b>I'm switching my vote onto Quilford</b>", [("VOTE", "Quilford")]),
    ("<b>I vote Quilford</b>", [("VOTE", "Quilford")]),
    ("<b>I vote for Quilford</b>", [("VOTE", "Quilford")]),
    ("<b>I vote</b> Quilford", [("VOTE", "Quilford")]),
    ("<b>My vote goes to Quilford, he dodged every question</b>", [("VOTE", "Quilford")]),
    ("<b>vote <s>Cole</s> Quilford</b>", [("VOTE", "Quilford")]),       # the struck name withdrawn
    ("<s><b>vote Cole</b></s><br><b>vote Quilford</b>", [("VOTE", "Quilford")]),
])
def test_english_forms_read_as_commands(html: str, want: list) -> None:
    assert marks(html) == want


@pytest.mark.parametrize("html", [
    "vote Quilford",                        # plain text without a colon: MS-01 asks for bold
    "I think we should vote Quilford today",
    "<b>voting Quilford would be bad</b>",  # prose in bold
    "<b>My vote is staying where it is</b>",
    "<b>I voted Cole yesterday</b>",
    "<b>I think vote Cole is wrong</b>",
])
def test_english_forms_that_are_no_command(html: str) -> None:
    assert marks(html) == []


def test_a_command_in_words_and_an_emoji_decide_a_day() -> None:
    result = _day("mafiascum", MS,
                  ("Ash", "<p>Enough.</p><p><b>🔪 vote Quilford</b></p>"),
                  ("Bren", "<b>Changing my vote to Quilford</b>"),
                  ("Cole", "<b>VOTE ➡️ Quilford 🔥</b>"))
    assert _counted(result) == {"Quilford": ["Ash", "Bren", "Cole"]}
    assert result["outcome"]["reason"] == "majority"
    assert result["review"] == []


def test_a_command_in_words_naming_no_one_is_left_for_review() -> None:
    """ "I vote we wait" in bold names no player: no vote, and a human sees it (V-UNKNOWN-TARGET)."""
    result = _day("mafiascum", MS, ("Ash", "<b>I vote we wait</b>"))
    assert result["tally"] == []
    assert _rules(result["review"]) == ["V-UNKNOWN-TARGET"]


def test_a_quoted_bold_vote_is_not_the_quoting_players() -> None:
    quote = '<blockquote><div><cite>Bren wrote:</cite><b>vote Cole</b></div></blockquote>'
    result = _day("mafiascum", MS, ("Ash", "<b>vote Quilford</b>"),
                  ("Dee", quote + "Interesting, but no."))
    assert _counted(result) == {"Quilford": ["Ash"]}


def test_a_plain_vote_without_colon_is_not_counted() -> None:
    result = _day("mafiascum", MS, ("Ash", "vote Quilford"))
    assert result["tally"] == [] and result["review"] == []


# -- Russian games (MR-02: the nickname in red plus reasons) ----------------------------------

REASONS = " потому что весь день молчит и уходит от ответов"


@pytest.mark.parametrize("html", [
    RED.format("Лиса") + REASONS,                         # the usual: red name, reasons after it
    RED.format("Лиса" + REASONS),                         # the reasons coloured with the name
    "<b>" + RED.format("Лиса") + "</b>" + REASONS,        # bold and red
    RED.format("<b>Лиса</b>") + REASONS,
    RED.format("🦊 Лиса") + REASONS,                       # an emoji in the red run
    RED.format("Лиса!!!") + REASONS,
    "Голос: " + RED.format("@Лиса") + REASONS,
    "<s>" + RED.format("Волк") + "</s> " + RED.format("Лиса") + REASONS,   # struck: withdrawn
])
def test_russian_red_votes(html: str) -> None:
    result = _day("mafia-forum-ru", RU, ("Сова", html))
    assert _counted(result) == {"Лиса": ["Сова"]}
    assert result["review"] == [] and result["violations"] == []


def test_words_in_the_red_run_are_reasons_as_words_outside_it() -> None:
    """MR-02's reasons are words of the voter's own text besides the nickname, coloured or not:
    "Голосую против" counts the same whether it is red with the name or before it."""
    for html in (RED.format("Голосую против Волка") + " молчит.",
                 "Голосую против " + RED.format("Волка") + " молчит."):
        result = _day("mafia-forum-ru", RU, ("Сова", html))
        assert _counted(result) == {"Волк": ["Сова"]}, html
    short = _day("mafia-forum-ru", RU, ("Сова", RED.format("Волка") + " молчит."))
    assert short["tally"] == [] and _rules(short["violations"]) == ["V-NO-REASON"]


@pytest.mark.parametrize("html", [RED.format("Ли") + "са" + REASONS, "Ли" + RED.format("са") + REASONS])
def test_a_colour_around_part_of_a_nickname_is_left_for_review(html: str) -> None:
    result = _day("mafia-forum-ru", RU, ("Сова", html))
    assert result["tally"] == []
    assert _rules(result["review"]) == ["V-UNKNOWN-TARGET"]


def test_a_blue_nickname_is_no_vote_under_mr02() -> None:
    result = _day("mafia-forum-ru", RU, ("Сова", BLUE.format("Лиса") + REASONS))
    assert result["tally"] == [] and _rules(result["violations"]) == ["V-NOT-RED"]


@pytest.mark.parametrize("html", [
    "Голосую против <b>Лисы</b>" + REASONS,           # bold, not red
    "Мой голос: Лиса" + REASONS,                       # plain text
    "<b>голос за Лису</b>" + REASONS,
])
def test_a_vote_word_before_a_name_in_no_colour_is_no_vote_but_reviewed(html: str) -> None:
    """MR-02: a vote is the nickname in red; one in no colour at all is no vote (its author
    stays without one), but a vote word right before it makes it the moderator's call: review
    V-NOT-RED naming the player, never silence."""
    result = _day("mafia-forum-ru", RU, ("Сова", html))
    assert result["tally"] == [] and result["violations"] == [] and "Сова" in result["absent"]
    assert [(i["rule"], i["player"], i["candidates"]) for i in result["review"]] == \
        [("V-NOT-RED", "Сова", ["Лиса"])]


@pytest.mark.parametrize("html", [
    "Лиса весь день молчит, а Волк её защищает.",       # names, no vote word
    "<b>Лиса</b> молчит, я пока не решил, за кого голосовать.",   # "голосовать": no vote word
    "Голосую против " + RED.format("Лисы") + REASONS + " Волк тоже странный, голос за него потом.",
])
def test_names_without_a_vote_word_or_beside_a_red_vote_are_nothing(html: str) -> None:
    result = _day("mafia-forum-ru", RU, ("Сова", html))
    assert result["review"] == []


def test_a_ruling_decides_a_vote_in_no_colour_and_the_rules_judge_it() -> None:
    game = make_game("mafia-forum-ru", RU, schedule={"deadline": "22:00", "day_change": "22:00"},
                     events=[{"type": "ruling", "post": "3000", "target": "Лиса"},
                             {"type": "ruling", "post": "3001", "target": "none"}])
    thread = Thread()
    thread.add("Сова", at(2, 12), "Голосую против <b>Лисы</b>" + REASONS, pid="3000")
    thread.add("Волк", at(2, 13), "Голос: Медведь" + REASONS, pid="3001")
    result = tally_day(game, thread.game_posts(), 1).to_dict()
    assert _counted(result) == {"Лиса": ["Сова"]} and result["review"] == []
    assert "Волк" in result["absent"]
    assert [v["resolved_by"] for v in result["votes"]] == ["ruling"]


def test_a_changed_vote_stands_as_first_cast() -> None:
    """MR-04: "Меняю голос на Волка" (I change my vote) after an accepted vote is a violation."""
    result = _day("mafia-forum-ru", RU, ("Сова", RED.format("Лиса") + REASONS),
                  ("Сова", "Меняю голос на " + RED.format("Волка") + REASONS))
    assert _counted(result) == {"Лиса": ["Сова"]}
    assert _rules(result["violations"]) == ["V-VOTE-CHANGE"]


# -- Italian Lupus games -------------------------------------------------------------------

def test_italian_vote_with_its_reason() -> None:
    result = _day("lupus-mirtillo", IT,
                  ("Lia", "Voto " + RED.format("Pino") + " perché ieri ha difeso il lupo"),
                  ("Ugo", "<b>" + RED.format("Pino") + "</b>, troppo silenzioso"))
    assert _counted(result) == {"Pino": ["Lia", "Ugo"]}


def test_italian_two_red_names_are_no_vote() -> None:
    """C-05: "Pino o Lia, non so" in red twice names two players: ambiguous, no vote."""
    result = _day("lupus-mirtillo", IT,
                  ("Ugo", RED.format("Pino") + " o " + RED.format("Lia") + ", non so ancora"))
    assert result["tally"] == [] and _rules(result["violations"]) == ["V-MULTI-TARGET"]


def test_italian_quoted_vote_is_not_the_quoting_players() -> None:
    quote = '<blockquote data-author="Lia">Voto ' + RED.format("Pino") + "</blockquote>"
    result = _day("lupus-mirtillo", IT, ("Ugo", quote + "Io invece voto " + RED.format("Rita")))
    assert _counted(result) == {"Rita": ["Ugo"]}


# -- Greek Palermo games -------------------------------------------------------------------

def test_greek_vote_with_an_inflected_name() -> None:
    result = _day("palermo-extreme", EL,
                  ("Μαρία", "Ψηφίζω " + RED.format("Κώστα") + ", κρύβεται"),
                  ("Ελένη", RED.format("Γιάννη") + " 🤔"))
    assert _counted(result) == {"Κώστας": ["Μαρία"], "Γιάννης": ["Ελένη"]}


# -- votes in spoilers (forum-engines.md §2.4: spoilers often hide votes) --------------------

SPOILERS = {
    "details": "<details><summary>my vote</summary>{}</details>",
    "phpbb-mod": '<div class="spoiler">{}</div>',
    "xenforo": ('<div class="bbCodeSpoiler"><button class="bbCodeSpoiler-button">Spoiler</button>'
                '<div class="bbCodeSpoiler-content">{}</div></div>'),
    "ips": ('<div class="ipsSpoiler" data-ipsspoiler><div class="ipsSpoiler_header"><span>Spoiler'
            '</span></div><div class="ipsSpoiler_contents">{}</div></div>'),
}


@pytest.mark.parametrize("spoiler", sorted(SPOILERS))
def test_a_vote_in_a_spoiler_is_not_counted_but_reviewed(spoiler: str) -> None:
    """A spoiler is hidden text, not the author's own (fixture PX-01--quote-spoiler): its vote is
    not counted, but the post goes to review (V-UNREADABLE-POST) instead of being dropped in
    silence; the vote the player had standing stays, and a player without one is absent."""
    hidden = SPOILERS[spoiler].format("<b>vote Quilford</b>")
    result = _day("mafiascum", MS, ("Ash", "<b>vote Cole</b>"), ("Ash", "Thinking. " + hidden))
    assert _counted(result) == {"Cole": ["Ash"]}
    (item,) = result["review"]
    assert item["rule"] == "V-UNREADABLE-POST" and item["post"] == "3001"
    assert "spoiler" in item["text"] and "Quilford" in item["text"]
    red = _day("palermo-extreme", EL, ("Μαρία", SPOILERS[spoiler].format(RED.format("Κώστα"))))
    assert red["tally"] == [] and _rules(red["review"]) == ["V-UNREADABLE-POST"]
    assert "Μαρία" in red["absent"]


def test_a_ruling_decides_a_spoilered_vote() -> None:
    game = make_game("mafiascum", MS, timezone="UTC",
                     schedule={"deadline": "22:00", "day_change": "23:00"},
                     events=[{"type": "ruling", "post": "3000", "target": "Quilford"}])
    thread = Thread()
    thread.add("Ash", at(2, 12, tz=UTC), SPOILERS["details"].format("<b>vote Quilford</b>"), pid="3000")
    result = tally_day(game, thread.game_posts(), 1).to_dict()
    assert _counted(result) == {"Quilford": ["Ash"]} and result["review"] == []


@pytest.mark.parametrize("html", [
    SPOILERS["xenforo"].format("Role PM: you are " + RED.format("Mafia") + " goon"),  # names no one
    '<blockquote data-author="Волк">' + SPOILERS["details"].format(RED.format("Лиса")) + "</blockquote>",
])
def test_red_in_a_spoiler_naming_no_one_or_quoted_is_nothing(html: str) -> None:
    result = _day("mafia-forum-ru", RU, ("Сова", html + " " + RED.format("Волк") + REASONS))
    assert _counted(result) == {"Волк": ["Сова"]}
    assert [r for r in result["review"] if r["rule"] == "V-UNREADABLE-POST"] == []


# -- other forums' vote tags, in posts kept as BBCode (interfaces.md §2 ``bbcode``) -----------

@pytest.mark.parametrize("bbcode, want", [
    ("[V]Quilford[/V]", [("VOTE", "Quilford")]),                  # Mafia Universe's vote tag
    ("[UNV]Quilford[/UNV]", [("UNVOTE", "Quilford")]),            # and its unvote, name optional
    ("[UNV][/UNV]", [("UNVOTE", "")]),
    ("so [v]quilford[/v] for now", [("VOTE", "quilford")]),       # Fortress of Lies' short tags
    ("[uv][/uv]\n[v]Cole[/v]", [("UNVOTE", ""), ("VOTE", "Cole")]),
    ("[quote=Bren][V]Cole[/V][/quote] no", []),                   # quoted: not the author's
    ("[v]Quilford", []),                                          # never closed: literal text
])
def test_other_forums_vote_tags_in_bbcode(bbcode: str, want: list) -> None:
    assert marks(bbcode_to_html(bbcode)) == want


# -- PX-03: a change-window post holds only the name, coloured words included ----------------

@pytest.mark.parametrize("window, chatter", [
    (RED.format("Γιάννη"), False),                                  # the name, inflected
    (RED.format("Γιάννης!"), False),
    (RED.format("Giannis"), False),                                 # transliterated: the name
    (RED.format("Γιάννη γιατί κρύβεται από χθες"), True),           # the reasons coloured too
    (RED.format("Γιάννη") + " γιατί κρύβεται", True),
    (RED.format("Ψηφίζω Γιάννη"), True),                            # a verb is more than the name
])
def test_a_window_post_with_words_in_its_red_run_is_chatter(window: str, chatter: bool) -> None:
    game = make_game("palermo-extreme", EL)
    thread = Thread()
    thread.add("Μαρία", at(2, 12), RED.format("Κώστα"))
    thread.add("Μαρία", at(2, 20, 6), window)
    result = tally_day(game, thread.game_posts(), 1).to_dict()
    assert _counted(result) == ({"Κώστας": ["Μαρία"]} if chatter else {"Γιάννης": ["Μαρία"]})
    assert _rules(result["violations"]) == (["V-WINDOW-CHATTER"] if chatter else [])
