"""Option ``votes_at_line_start`` (mafiascum): a moderator's house rule "Votes must be at the
beginning of a line to be counted" (a real rules post: Mafiascum Mini 1789, post 1, rule 10;
audit/real_games.py sets it for that game). MS-01 reads a bold or tagged vote anywhere in the
author's own text; with the option a vote with prose before it on its line is kept in the day's
votes but ignored (rule MS-01), and an unvote counts wherever it stands."""

from __future__ import annotations

from datetime import UTC

from votal.report.gamefile import OPTION_NOTES
from votal.tally.bodies.extract import read_post
from votal.tally.engine import tally_day
from votal.tally.presets import PRESETS

from .helpers import Thread, at, make_game

MS = {"schedule": {"deadline": "23:59", "day_change": "23:59"}, "timezone": "UTC"}
BOLD = '<div style="display:inline;font-weight:bold">{}</div>'   # phpBB 3's rendered [b]
TAG = '<span class="bbvote" title="This is an official vote.">VOTE: {}</span>'


def inline(html: str) -> list[tuple[str, str, bool]]:
    return [(m.kind.name, m.text, m.inline) for m in read_post(html, "mafiascum").marks]


def test_a_command_after_prose_on_its_line_is_inline():
    # the shape of the real post: a sentence, then the bold vote on the same line
    assert inline("I'll go with the wagon on Pebble. " + BOLD.format("VOTE:PEBBLE")) == [
        ("VOTE", "PEBBLE", True)]
    assert inline("Feeling better about Mira.<br>\n<br>\nI'll follow Tosk here. "
                  + TAG.format("Quill")) == [("VOTE", "Quill", True)]
    # a mid-bold command with words before it in the bold ("Confirm vote: X") is inline too
    assert inline(BOLD.format("Confirm vote: Quill")) == [("VOTE", "Quill", True)]


def test_a_command_beginning_its_line_is_not_inline():
    assert inline("Some reasons.<br>\n" + BOLD.format("VOTE: Pebble")) == [("VOTE", "Pebble", False)]
    assert inline("<p>reasons</p><p>" + TAG.format("Pebble") + " because of post 12</p>") == [
        ("VOTE", "Pebble", False)]
    # lead symbols and another command before it leave it at the line's start
    assert inline("- " + BOLD.format("Unvote") + " / " + BOLD.format("Vote: Pebble")) == [
        ("UNVOTE", "", False), ("VOTE", "Pebble", False)]
    assert inline("VOTE: Pebble") == [("VOTE", "Pebble", False)]   # a plain whole line


def _day(options: dict | None):
    g = make_game("mafiascum", players=("Mira", "Tosk", "Pebble", "Quill", "Ash"),
                  **({"options": options} if options else {}), **MS)
    th = Thread()
    th.add("Ash", at(2, 0, tz=UTC), TAG.format("Quill"))
    th.add("Mira", at(2, 1, tz=UTC), BOLD.format("VOTE: Quill"))
    th.add("Tosk", at(2, 2, tz=UTC), "I'll go with the wagon on Pebble. " + BOLD.format("VOTE: Pebble"))
    th.add("Mira", at(2, 3, tz=UTC), "Changing my mind. " + TAG.format("Pebble"))
    th.add("Ash", at(2, 4, tz=UTC), "Fine. " + BOLD.format("Unvote"))
    return tally_day(g, th.game_posts(), 1)


def test_without_the_option_every_vote_counts_where_it_stands():
    r = _day(None)                                   # MS-01: a vote anywhere
    assert {t.player: t.votes for t in r.tally} == {"Pebble": 2}


def test_with_the_option_a_vote_after_prose_is_ignored_not_dropped():
    r = _day({"votes_at_line_start": True})
    # Tosk's vote does not count; Mira's inline change does not replace her vote for Quill;
    # Ash's unvote after prose counts (the rule speaks of votes)
    assert {t.player: t.votes for t in r.tally} == {"Quill": 1}
    ignored = [(v.voter, v.target, v.rule) for v in r.votes if "beginning of a line" in (v.note or "")]
    assert ignored == [("Tosk", "Pebble", "MS-01"), ("Mira", "Pebble", "MS-01")]
    assert all(v.status.value == "ignored" for v in r.votes if v.voter == "Tosk")


def test_the_option_is_mafiascums_documented_and_in_inits_comments():
    assert PRESETS["mafiascum"].options["votes_at_line_start"] is False
    assert "beginning of a line" in OPTION_NOTES["votes_at_line_start"]
