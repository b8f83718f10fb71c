"""The sign-up list of a first post, in each form moderators write it (issue 13)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from votal.app.draft import day_one, guess_ruleset
from votal.app.signup import clean_name, find_signup, resolve_signup
from votal.scraper.model import Post

FORMS = {
    "inline-el": ("<p>Καλημέρα! Παίκτες: Λάμπρος, Νίκος, Ελένη και Φώτης. Καλή τύχη.</p>",
                  ["Λάμπρος", "Νίκος", "Ελένη", "Φώτης"], "Παίκτες"),
    "inline-it": ("Giocatori (4): Marco, Luca, Giulia e Chiara", ["Marco", "Luca", "Giulia", "Chiara"],
                  "Giocatori"),
    "inline-ru": ("Игроки: Аня; Боря; Вася и Галя.", ["Аня", "Боря", "Вася", "Галя"], "Игроки"),
    "inline-en": ("Players: Alice, Bob and Carl", ["Alice", "Bob", "Carl"], "Players"),
    "under-heading": ("Signups:<br>Alice<br>Bob<br>Carl<br><br>Rules follow.",
                      ["Alice", "Bob", "Carl"], "Signups"),
    "html-list": ("Welcome!<ol><li>Alice</li><li>Bob (sub)</li><li><s>Carl</s></li><li>Dave</li></ol>",
                  ["Alice", "Bob", "Dave"], "a list"),
    "numbered": ("Rules below.<br>1) Аня<br>2) Боря - новичок<br>3. <del>Петя</del><br>4) Вася<br>"
                 "Vote in red.", ["Аня", "Боря", "Вася"], "numbered"),
    "bulleted": ("• Λάμπρος<br>• Νίκος<br>• Ελένη", ["Λάμπρος", "Νίκος", "Ελένη"], "bulleted"),
    "bold": ("Hi<br><b>Alice</b><br><strong>Bob</strong><br><b>Carl</b><br>have fun",
             ["Alice", "Bob", "Carl"], "bold"),
    "bold-noboldsig": ('Hi<br><span class="noboldsig">Alice</span><br><span class="noboldsig">Bob'
                       '</span><br><span class="noboldsig">Carl</span><br>have fun',
                       ["Alice", "Bob", "Carl"], "bold"),
    "coloured": ('<span style="color:#0000ff">Anna</span><br><span style="color:#0000ff">Boris</span>'
                 '<br><span style="color: green">Vera</span>', ["Anna", "Boris", "Vera"], "coloured"),
}


@pytest.mark.parametrize("form", FORMS)
def test_each_form_of_signup_list(form):
    body, names, how = FORMS[form]
    found = find_signup(body)
    assert found is not None and list(found.names) == names
    assert how in found.how


@pytest.mark.parametrize("body", [
    "Ψηφοφορία μέχρι τις 20:00. Ψήφος μόνο με <b>κόκκινο</b> όνομα.",
    "<blockquote data-author='X'>Players: A, B, C</blockquote>Nice list!",   # someone else's words
    "Day 1 begins. Vote with VOTE: name. Deadline is Friday.",
    "<b>Alice</b><br><b>Bob</b>",                                             # two are not a list
])
def test_no_signup_list(body):
    assert find_signup(body) is None


def test_clean_name():
    assert clean_name("12. @Nikos (replacement)") == "Nikos"
    assert clean_name("- Aj The Epic!") == "Aj The Epic"
    assert clean_name("this is a long sentence and not a name at all") is None


def _post(author, author_id, n):
    return Post(str(n), n, "t", f"t#{n}", author, author_id,
                datetime(2026, 11, 2, 9, n, tzinfo=UTC), None, "<p>hi</p>")


def test_names_resolve_to_forum_usernames_with_ids():
    authors = {"Mod": "1", "Λάμπρος": "31", "NikosTheGreat": "32", "eleni": "33"}
    entries = resolve_signup(["Λαμπρος", "NikosTheGreat", "Eleni", "Φώτης", "ΛΆΜΠΡΟΣ"], authors)
    assert [(e.name, e.author_id, e.written, e.seen) for e in entries] == [
        ("Λάμπρος", "31", "Λαμπρος", True),        # folded accents: the forum's spelling wins
        ("NikosTheGreat", "32", None, True),
        ("eleni", "33", "Eleni", True),
        ("Φώτης", None, None, False),              # never posted: kept as written, flagged
    ]                                              # the duplicate is dropped


def test_ruleset_guess_is_explained():
    assert guess_ruleset("Palermo #43 - Extreme", "el")[0] == "palermo-extreme"
    assert guess_ruleset("Παλέρμο Classic #3", "el")[0] == "palermo-classic"
    assert guess_ruleset("Lupus in Tabula #12", "it")[0] == "lupus-mirtillo"
    assert guess_ruleset("Мафия #17", "ru") == ("mafia-forum-ru", "a thread in ru")
    assert guess_ruleset("Mafia Baku 5", "ru")[0] == "mafia-baku"
    assert guess_ruleset("Mini 2101 - Cops", "en")[0] == "mafiascum"


def test_day_one_is_next_day_after_the_deadline():
    from zoneinfo import ZoneInfo

    tz = ZoneInfo("Europe/Athens")
    morning = datetime(2026, 11, 2, 9, 0, tzinfo=tz)
    evening = datetime(2026, 11, 2, 21, 0, tzinfo=tz)
    assert str(day_one(morning, "palermo-extreme", tz)) == "2026-11-02"
    assert str(day_one(evening, "palermo-extreme", tz)) == "2026-11-03"   # C-09
    assert str(day_one(evening, "mafiascum", tz)) == "2026-11-02"         # no fixed deadline


def test_draft_takes_day_one_from_the_first_readable_time():
    from votal.app.draft import draft_game
    from votal.errors import InputError

    first = Post("1", 1, "t", "t#1", "Mod", "1", None, None,
                 "<p>Players: Ann, Bob, Cid</p>", problems=("time",))
    later = _post("Ann", "2", 5)
    draft = draft_game([first, later], title="Mini 1", source_key="posts", source="p.jsonl")
    assert str(draft.day1) == "2026-11-02" and [e.name for e in draft.players][:1] == ["Ann"]
    with pytest.raises(InputError, match="no post time could be read"):
        draft_game([first], title="Mini 1", source_key="posts", source="p.jsonl")
