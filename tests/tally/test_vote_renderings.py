"""MS-01, issue 21 item 4: every way phpBB has rendered a bold vote or a ``[vote]`` tag is read,
wherever it sits in the post.

phpBB 2 wrote ``[b]`` as ``<b>``, prosilver as ``<strong>`` or ``<span style="font-weight:
bold">``, subsilver-era Mafiascum as ``<div style="display:inline;font-weight:bold">`` and later
Mafiascum as ``<span class="noboldsig">``; ``[vote]X[/vote]`` is ``<span class="bbvote">VOTE:
X</span>``. Each rendering is tried alone and in every place a vote stands in real posts (after
prose on its line, in a paragraph, a colour, a size, a list item, a table cell, an underline,
after a quote), without a colon ("vote Quilford") and with one, and as an unvote.
"""

from __future__ import annotations

from datetime import UTC

import pytest

from tests.tally.helpers import Thread, at, make_game
from tests.tally.helpers import marks as votes
from votal.tally.bodies.extract import read_post
from votal.tally.engine import tally_day

RENDERINGS = {
    "b": "<b>{}</b>",
    "strong": "<strong>{}</strong>",
    "span-font-weight-bold": '<span style="font-weight: bold">{}</span>',
    "span-font-weight-700": '<span style="font-weight:700">{}</span>',
    "div-inline-bold": '<div style="display:inline;font-weight:bold">{}</div>',
    "noboldsig": '<span class="noboldsig">{}</span>',
    "font-bold": '<font style="font-weight:bold">{}</font>',
}
BBVOTE = '<span class="bbvote" title="This is an official vote.">VOTE: {}</span>'
BBUNVOTE = '<span class="bbvote" title="This is an official unvote.">UNVOTE: {}</span>'

PLACES = {
    "alone": "{}",
    "after-prose": "I have read enough. {}",
    "before-prose": "{} and that is final.",
    "paragraph": "<p>Some thoughts first.</p><p>{}</p>",
    "colour": '<span style="color:#0000FF">{}</span>',
    "size": '<div style="font-size: 150%; line-height: normal; display: inline">{}</div>',
    "list-item": "<ul><li>reads</li><li>{}</li></ul>",
    "table-cell": "<table><tr><td>me</td><td>{}</td></tr></table>",
    "underline": '<div style="display:inline;text-decoration:underline">{}</div>',
    "after-quote": ('<blockquote><div><cite>Pebble wrote:</cite>vote Tosk</div></blockquote>'
                    "you are wrong<br>{}"),
    "after-line-break": "first line<br><br>{}<br>last line",
}



@pytest.mark.parametrize("place", sorted(PLACES))
@pytest.mark.parametrize("rendering", sorted(RENDERINGS))
def test_bold_vote_without_colon(rendering: str, place: str) -> None:
    html = PLACES[place].format(RENDERINGS[rendering].format("Vote Quilford"))
    assert votes(html) == [("VOTE", "Quilford")]


@pytest.mark.parametrize("rendering", sorted(RENDERINGS))
@pytest.mark.parametrize("text, expected", [
    ("VOTE: Quilford", [("VOTE", "Quilford")]),
    ("vote: quilford", [("VOTE", "quilford")]),
    ("unvote", [("UNVOTE", "")]),
    ("Unvote, vote Quilford", [("UNVOTE", ""), ("VOTE", "Quilford")]),
    ("vote no lynch", [("NO_LYNCH", "no lynch")]),
    # MS-01: a bold "unvoting X" (or its misspelling, a real post's "unvoteing nolynch") is an
    # unvote, as the moderator read it; "voting X" in bold is prose
    ("unvoteing nolynch", [("UNVOTE", "nolynch")]),
    ("Unvoting for now", [("UNVOTE", "for now")]),
    ("voting Quilford would be bad", []),
])
def test_bold_commands(rendering: str, text: str, expected: list) -> None:
    assert votes(RENDERINGS[rendering].format(text)) == expected


@pytest.mark.parametrize("rendering", sorted(RENDERINGS))
def test_bold_keyword_then_plain_name(rendering: str) -> None:
    """``[b]Vote:[/b] Quilford``: the name follows the bold keyword on its line."""
    assert votes(RENDERINGS[rendering].format("Vote:") + " Quilford") == [("VOTE", "Quilford")]


@pytest.mark.parametrize("place", sorted(PLACES))
def test_vote_tag_anywhere(place: str) -> None:
    assert votes(PLACES[place].format(BBVOTE.format("Quilford"))) == [("VOTE", "Quilford")]
    assert [kind for kind, _ in votes(PLACES[place].format(BBUNVOTE.format("Quilford")))] == \
        ["UNVOTE"]


@pytest.mark.parametrize("rendering", sorted(RENDERINGS))
def test_vote_tag_inside_bold_and_bold_inside_colour(rendering: str) -> None:
    bold = RENDERINGS[rendering]
    assert votes(bold.format("so " + BBVOTE.format("Quilford"))) == [("VOTE", "Quilford")]
    assert votes(f'<span style="color:red">{bold.format("vote Quilford")}</span>') == \
        [("VOTE", "Quilford")]


@pytest.mark.parametrize("rendering", sorted(RENDERINGS))
def test_bold_prose_is_no_vote(rendering: str) -> None:
    """Bold that is not a command (a name, "vote count please") stays no vote, in every rendering."""
    assert votes(RENDERINGS[rendering].format("Quilford")) == []
    assert votes(RENDERINGS[rendering].format("vote count please")) == []
    assert votes(f"<s>{RENDERINGS[rendering].format('vote Quilford')}</s>") == []


@pytest.mark.parametrize("rendering", sorted(RENDERINGS))
def test_a_day_voted_in_each_rendering_ends_in_its_majority_lynch(rendering: str) -> None:
    """The real case of issue 21: a day whose bold votes are written as ``noboldsig`` came out
    "no lynch" instead of the majority lynch (MS-02) because no vote was read."""
    game = make_game("mafiascum", players=("Quilford", "Ash", "Bren", "Cole", "Dee"),
                     timezone="UTC", schedule={"deadline": "22:00", "day_change": "23:00"})
    thread = Thread()
    bold = RENDERINGS[rendering]
    for i, voter in enumerate(("Ash", "Bren", "Cole")):
        thread.add(voter, at(2, 12, i, tz=UTC), f"<p>I think so.</p><p>{bold.format('Vote Quilford')}</p>")
    result = tally_day(game, thread.game_posts(), 1).to_dict()
    assert result["outcome"]["kind"] == "eliminated"
    assert result["outcome"]["players"] == ["Quilford"]
    assert result["outcome"]["reason"] == "majority"


# -- a [vote] tag whose closing tag was mistyped (real game 1509, post 1123) --------------------

MALFORMED = ('<span class="bbvote" title="This is an official vote.">VOTE: Quilford[\\vote]<br>'
             "<br>This is a good vote right?</span>")


@pytest.mark.parametrize("html", [
    MALFORMED,
    '<span class="bbvote">VOTE: Quilford[/vote] and the rest of my post</span>',
    "<b>vote Quilford[/vote] because</b>",
])
def test_a_broken_vote_tag_is_malformed(html: str) -> None:
    (mark,) = read_post(html, "mafiascum").marks
    assert mark.malformed and "Quilford" in mark.text


@pytest.mark.parametrize("html", ['<span class="bbvote">UNVOTE: [/vote]</span>',
                                  "<b>Unvote[/vote]</b>", "<b>unvote: Quilford[\\vote]</b>"])
def test_a_broken_unvote_tag_stays_an_unvote(html: str) -> None:
    assert [kind for kind, _ in votes(html)] == ["UNVOTE"]


def _ms_day(*posts: tuple[str, str], events=()):
    game = make_game("mafiascum", players=("Quilford", "Ash", "Bren", "Cole", "Dee"),
                     timezone="UTC", schedule={"deadline": "22:00", "day_change": "23:00"},
                     events=list(events))
    thread = Thread()
    for i, (voter, html) in enumerate(posts):
        thread.add(voter, at(2, 12, i, tz=UTC), html, pid=str(2000 + i))
    return tally_day(game, thread.game_posts(), 1).to_dict()


def test_a_malformed_vote_is_left_for_a_human_and_the_standing_vote_kept() -> None:
    """MS-01: the moderator of game 1509 ruled "Post 1123 is incorrectly formatted and does not
    count as a vote"; votal does not count it either, and names the candidate for review."""
    result = _ms_day(("Ash", BBVOTE.format("Bren")), ("Ash", MALFORMED),
                     ("Cole", BBVOTE.format("Quilford")), ("Dee", BBVOTE.format("Quilford")))
    assert {r["player"]: r["voters"] for r in result["tally"]}["Bren"] == ["Ash"]
    (item,) = result["review"]
    assert item["rule"] == "V-UNKNOWN-TARGET" and item["post"] == "2001"
    assert item["candidates"] == ["Quilford"] and "malformed" in item["text"]


def test_a_ruling_decides_a_malformed_vote() -> None:
    result = _ms_day(("Ash", BBVOTE.format("Bren")), ("Ash", MALFORMED),
                     ("Cole", BBVOTE.format("Quilford")), ("Dee", BBVOTE.format("Quilford")),
                     events=[{"type": "ruling", "post": "2001", "target": "Quilford"}])
    assert result["review"] == []
    assert result["outcome"]["players"] == ["Quilford"] and result["outcome"]["reason"] == "majority"
