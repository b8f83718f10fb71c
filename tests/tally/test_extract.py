"""read_post: own text, red marks (vocabulary, C-05), MS-01 commands, quotes (MR-03), helpers."""

from __future__ import annotations

import json

import pytest

from tests.conftest import shared_path
from tests.tally.helpers import marks as votes
from votal.tally.bodies.extract import (
    Mark,
    MarkKind,
    PostReading,
    only_mark,
    read_post,
    words_besides,
)

RED = MarkKind.RED


def reds(html: str) -> list[str]:
    return [m.text for m in read_post(html, "red").marks]



# --- red syntax -------------------------------------------------------------------------------

def test_red_span_is_a_mark_with_its_colour() -> None:
    reading = read_post('<p>Ψηφίζω <span style="color: #ff0000">Babis</span>, πολύ ήσυχος.</p>',
                        "red")
    assert reading.marks == (Mark(RED, "Babis", "#ff0000"),)
    assert reading.own_text == "Ψηφίζω Babis, πολύ ήσυχος."
    assert reading.quotes == ()


@pytest.mark.parametrize("html", [
    '<span style="color: rgb(226, 80, 65)">Babis</span>',
    '<font color="red">Babis</font>',
    '<font color="#c0392b">Babis</font>',
    '<div style="display:inline;color:darkred">Babis</div>',
    '<span style="font-weight: bold; color: #E74C3C !important">Babis</span>',
    '<span style="color:red"><b>Babis</b></span>',
    '<b><span style="color:red">Babis</span></b>',
    '<span style="color:red"><span style="color:red">Babis</span></span>',
])
def test_red_in_every_markup(html: str) -> None:
    assert reds(html) == ["Babis"]


@pytest.mark.parametrize("html", [
    '<span style="color: #ff8c00">Babis</span>',
    '<span style="background-color: red">Babis</span>',
    '<span style="color: blue"><b>Babis</b></span>',
    '<span style="color:red"><span style="color:blue">Babis</span></span>',  # innermost wins
    '<span style="color: nonsense">Babis</span>',
])
def test_not_red(html: str) -> None:
    assert reds(html) == []


def test_adjacent_red_pieces_of_one_name_merge() -> None:
    assert reds('<span style="color:red">Ni</span><span style="color:#f00">kos</span>') == ["Nikos"]
    assert reds('<span style="color:red">Ni<b>kos</b></span>') == ["Nikos"]


def test_two_red_names_are_two_marks_in_document_order() -> None:
    html = ('<p><span style="color:red">Nikos</span> or <span style="color:red">Babis</span></p>'
            '<p><span style="color:red">Anna</span></p>')
    assert reds(html) == ["Nikos", "Babis", "Anna"]


def test_line_break_splits_a_red_run() -> None:
    assert reds('<span style="color:red">Nikos<br>Babis</span>') == ["Nikos", "Babis"]


def test_whitespace_only_red_is_ignored_and_marks_are_trimmed() -> None:
    assert reds('<span style="color:red">  </span>x<span style="color:red"> Nikos  </span>') \
        == ["Nikos"]
    assert reds('<span style="color:red">&nbsp;<br></span>') == []


def test_struck_red_is_withdrawn() -> None:
    html = '<s><span style="color:red">Nikos</span></s> <span style="color:red">Babis</span>'
    assert reds(html) == ["Babis"]


def test_red_inside_quotes_is_never_the_authors() -> None:
    html = ('<blockquote data-author="Alexis" data-post="1003">Ψηφίζω '
            '<span style="color: #ff0000">Babis</span></blockquote>Καθόλου πειστικό.')
    reading = read_post(html, "red")
    assert reading.marks == ()
    assert reading.own_text == "Καθόλου πειστικό."
    (quote,) = reading.quotes
    assert (quote.author, quote.post_id) == ("Alexis", "1003")
    assert quote.marks == (Mark(RED, "Babis", "#ff0000"),)
    assert quote.text == "Ψηφίζω Babis"


def test_nested_quotes_only_top_level_listed_with_the_quoted_authors_own_marks() -> None:
    html = ('<blockquote data-author="B" data-post="2"><blockquote data-author="A" data-post="1">'
            '<span style="color:red">Anna</span></blockquote>I say '
            '<span style="color:red">Nikos</span></blockquote>'
            'Agreed <span style="color:red">Nikos</span>')
    reading = read_post(html, "red")
    assert [m.text for m in reading.marks] == ["Nikos"]
    (quote,) = reading.quotes
    assert quote.author == "B" and [m.text for m in quote.marks] == ["Nikos"]
    assert "Anna" not in quote.text


def test_phpbb_quotes_with_cite() -> None:
    html = ('<blockquote><div><cite>boberz wrote:</cite><span style="color:red">Moose</span></div>'
            '</blockquote><blockquote cite="./viewtopic.php?p=77#p77"><div><cite> '
            '<a href="./viewtopic.php?p=77#p77" data-post-id="77">In post 12</a>,  '
            '<a href="./memberlist.php?mode=viewprofile&amp;u=5">Parama</a> wrote:</cite>text'
            '</div></blockquote><blockquote class="uncited"><div>anon</div></blockquote>mine')
    reading = read_post(html, "red")
    assert reading.marks == () and reading.own_text == "mine"
    assert [(q.author, q.post_id) for q in reading.quotes] == [
        ("boberz", None), ("Parama", "77"), (None, None)]
    assert reading.quotes[0].text == "Moose"   # the cite header is not quoted text
    assert [m.text for m in reading.quotes[0].marks] == ["Moose"]


def test_spoilers_and_hidden_blocks_are_not_own_text() -> None:
    html = ('<details><summary>Spoiler</summary><span style="color:red">Nikos</span></details>'
            '<div style="margin:20px"><div class="quotetitle"><b>Spoiler:</b></div>'
            '<div class="quotecontent"><div style="display:none">'
            '<span style="color:red">Babis</span></div></div></div>'
            '<span class="spoiler"><span style="color:red">Anna</span></span>'
            '<div style="display: none"><span style="color:red">Eva</span></div>visible')
    reading = read_post(html, "red")
    assert reading.marks == () and reading.own_text == "visible" and reading.quotes == ()


def test_unclosed_quote_swallows_the_rest() -> None:
    assert reds('<blockquote>quoted <span style="color:red">Nikos</span>') == []


def test_links_to_posts_in_own_text() -> None:
    html = ('<a href="https://f.example/threads/x.1/post-1003">that vote</a> '
            '<a href="./viewtopic.php?p=4446613#p4446613">this</a> '
            '<a href="https://example.org/">elsewhere</a>'
            '<blockquote><a href="./viewtopic.php?p=9">quoted link</a></blockquote>')
    assert read_post(html, "red").links == ("1003", "4446613")


@pytest.mark.parametrize("html", ["", "   ", "plain text", "<", "<<>>", "\x00", "<!-- x -->",
                                  "<p></p>", "\ud800", "</blockquote>"])
def test_odd_input_does_not_crash(html: str) -> None:
    reading = read_post(html, "red")
    assert isinstance(reading, PostReading) and reading.marks == ()


def test_unknown_syntax_is_refused() -> None:
    with pytest.raises(ValueError, match="syntax"):
        read_post("<p>x</p>", "blue")


# --- helpers ---------------------------------------------------------------------------------

def test_words_besides_counts_reasons_mr02() -> None:
    reading = read_post('<p>Голосую против <span style="color:red">Лиса</span>, потому что она '
                        'весь день уходила от ответов.</p>', "red")
    assert words_besides(reading, reading.marks[0]) == 10
    bare = read_post('<p><span style="color:red">Ворон</span></p>', "red")
    assert words_besides(bare, bare.marks[0]) == 0
    two = read_post('<span style="color:red">Ворон</span> — он давит.', "red")
    assert words_besides(two, two.marks[0]) == 2


def test_words_besides_ignores_quoted_words() -> None:
    reading = read_post('<blockquote>many many words in here</blockquote>'
                        '<span style="color:red">Сова</span> ok', "red")
    assert words_besides(reading, reading.marks[0]) == 1


@pytest.mark.parametrize("html, expected", [
    ('<p><span style="color:red">Nikos</span></p>', True),
    ('<p><span style="color:red">Nikos</span>!!! </p>', True),
    ('<p>  <span style="color:red">Nikos</span> . </p>', True),
    ('<blockquote>chatter</blockquote><span style="color:red">Nikos</span>', True),
    ('<p>αλλάζω <span style="color:red">Nikos</span></p>', False),
    ('<p><span style="color:red">Nikos</span> :) ok</p>', False),
    ('<p>no mark at all</p>', False),
    ('', False),
])
def test_only_mark_px03(html: str, expected: bool) -> None:
    assert only_mark(read_post(html, "red")) is expected


# --- mafiascum syntax (MS-01) ---------------------------------------------------------------

BOLD = '<div style="display:inline;font-weight:bold">{}</div>'


@pytest.mark.parametrize("html, expected", [
    ('<span class="bbvote" title="This is an official vote.">VOTE: Blood Queen</span>',
     [("VOTE", "Blood Queen")]),
    ('<span class="bbvote" title="This is an official unvote.">UNVOTE: </span>', [("UNVOTE", "")]),
    ('<span class="bbvote">VOTE: Unvote</span>', [("UNVOTE", "")]),
    (BOLD.format("Vote: Thor665"), [("VOTE", "Thor665")]),
    (BOLD.format("vote moose"), [("VOTE", "moose")]),
    ("<b>VOTE: Nikos</b>", [("VOTE", "Nikos")]),
    ("<strong>vote: nikos.</strong>", [("VOTE", "nikos")]),
    (BOLD.format("Unvote, Vote: Thor"), [("UNVOTE", ""), ("VOTE", "Thor")]),
    (BOLD.format("unvote;vote: kwll"), [("UNVOTE", ""), ("VOTE", "kwll")]),
    (BOLD.format("unvote vote pappums rat"), [("UNVOTE", ""), ("VOTE", "pappums rat")]),
    (BOLD.format("Unvote;<br>Vote: Substrike22"), [("UNVOTE", ""), ("VOTE", "Substrike22")]),
    (BOLD.format("Unvote"), [("UNVOTE", "")]),
    (BOLD.format("Vote: No Lynch"), [("NO_LYNCH", "No Lynch")]),
    (BOLD.format("vote nolynch"), [("NO_LYNCH", "nolynch")]),
    ("<b>vote NL</b>", [("NO_LYNCH", "NL")]),
    ("<b>VOTE: no execution</b>", [("NO_LYNCH", "no execution")]),
    (BOLD.format("Confirm vote: Guderian"), [("VOTE", "Guderian")]),
    (BOLD.format("/vote seraphim"), [("VOTE", "seraphim")]),
    ("<b>Vote:</b> Nikos", [("VOTE", "Nikos")]),
    (BOLD.format("Vote: AGar because he is scummy, really"),
     [("VOTE", "AGar because he is scummy")]),
    (BOLD.format("Vote: Elyse (for now)"), [("VOTE", "Elyse")]),
    ('<span class="bbvote">VOTE: (mv^2)/2</span>', [("VOTE", "(mv^2)/2")]),
    # a [vote] tag wrapping more than a name keeps the words: the name resolver judges them
    ('<span class="bbvote">VOTE: Nikos because he lies</span>', [("VOTE", "Nikos because he lies")]),
    ("VOTE: Nikos", [("VOTE", "Nikos")]),
    ("blah<br>Vote: AGar<br>more", [("VOTE", "AGar")]),
    ("<p>Unvote</p>", [("UNVOTE", "")]),
    ("<p>unvote, vote: Zodiark13</p>", [("UNVOTE", ""), ("VOTE", "Zodiark13")]),
])
def test_mafiascum_votes(html: str, expected: list[tuple[str, str]]) -> None:
    assert votes(html) == expected


@pytest.mark.parametrize("html", [
    "I will vote Nikos later",                                  # plain prose
    "Vote hopping is not scummy",                               # plain, no colon
    "vote Nikos",                                               # plain without colon
    "Unvote right now, idiot.",                                 # telling someone else
    BOLD.format("@mod vote count please"),
    BOLD.format("Mod: Could we have a vote count?"),
    BOLD.format("Day 1 Vote Count (#3)"),
    BOLD.format("Vote count please"),
    BOLD.format("Dramatic confirmation vote, complete with waving of hands: AGar"),
    '<span style="color:red">Nikos</span>',                     # colour is not a vote here
    "<s><b>vote Nikos</b></s>",                                 # struck out
    '<blockquote><div><cite>A wrote:</cite><b>Vote: Nikos</b></div></blockquote>',
    '<blockquote><span class="bbvote">VOTE: Nikos</span></blockquote>',
])
def test_mafiascum_non_votes(html: str) -> None:
    assert votes(html) == []


def test_mafiascum_quote_keeps_the_quoted_vote() -> None:
    reading = read_post('<blockquote><div><cite>AntB 62 wrote:</cite><span class="bbvote">'
                        'VOTE: moose200x</span><br></div></blockquote>agreed', "mafiascum")
    assert reading.marks == ()
    (quote,) = reading.quotes
    assert quote.author == "AntB 62"
    assert quote.marks == (Mark(MarkKind.VOTE, "moose200x"),)


def test_mafiascum_several_commands_in_document_order() -> None:
    html = (BOLD.format("unvote") + "<br>"
            '<span class="bbvote">VOTE: AntB</span><br>until tonight')
    assert votes(html) == [("UNVOTE", ""), ("VOTE", "AntB")]


# --- the shared material ----------------------------------------------------------------------

def _posts(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def test_scenario_quote_agreement_post_mr03() -> None:
    posts = _posts(shared_path("scenarios", "mr-first-to-max", "posts.jsonl"))
    post = next(p for p in posts if "blockquote" in p["html"])
    reading = read_post(post["html"], "red")
    assert reading.marks == ()
    (quote,) = reading.quotes
    assert quote.author == "Ворон" and quote.post_id == "1001"
    assert [m.text for m in quote.marks] == ["Лиса"]


def test_real_mafiascum_thread_votes() -> None:
    """Spot checks in a real Mafiascum game (read by hand in the thread)."""
    posts = {p["number"]: p for p in _posts(shared_path("real", "mafiascum", "threads",
                                                        "15787.jsonl"))}
    # #79 quotes boberz's bold "vote moose" and adds no vote of its own
    assert votes(posts[79]["content"]) == []
    # #394 Beefster: a bold "unvote" line, then a [vote] tag, then text
    assert votes(posts[394]["content"]) == [("UNVOTE", ""), ("VOTE", "AntB")]
    # #406 quotes all of #394 (votes included) and answers it: no vote of its own
    reading = read_post(posts[406]["content"], "mafiascum")
    assert reading.marks == ()
    assert reading.quotes[0].author == "Beefster"
    assert [m.kind for m in reading.quotes[0].marks] == [MarkKind.UNVOTE, MarkKind.VOTE]
    # #336 a [vote] tag after a quote
    assert votes(posts[336]["content"]) == [("VOTE", "AntB")]


@pytest.mark.parametrize("html, ballots", [
    ("<p><b>second vote: Bob</b></p>", [("VOTE", "Bob", 2)]),
    ("<p><b>vote 2: Bob</b></p>", [("VOTE", "Bob", 2)]),
    ("<p>Vote 2: Bob</p>", [("VOTE", "Bob", 2)]),
    ("<p><b>unvote 2</b></p>", [("UNVOTE", "", 2)]),
    ("<p>second unvote</p>", [("UNVOTE", "", 2)]),
    ("<p><b>VOTE: 2pac</b></p>", [("VOTE", "2pac", 1)]),       # a name starting with 2
    ("<p><b>vote 2pac</b></p>", [("VOTE", "2pac", 1)]),
    ("<p><b>unvote, vote: Carl</b></p>", [("UNVOTE", "", 1), ("VOTE", "Carl", 1)]),
    # nested vote tags: the innermost is read (MS-01)
    ('<p><span class="bbvote">VOTE: Al<span class="bbvote">VOTE: Bo</span></span></p>',
     [("VOTE", "Bo", 1)]),
    ('<p><b>so <span class="bbvote">VOTE: Bo</span></b></p>', [("VOTE", "Bo", 1)]),
])
def test_second_ballot_and_nested_tags(html: str, ballots: list) -> None:
    """MS-08 second ballots, MS-01 nested [vote] tags."""
    marks = read_post(html, "mafiascum").marks
    assert [(m.kind.name, m.text, m.ballot) for m in marks] == ballots


def test_nested_vote_bbcode_is_the_innermost() -> None:
    from votal.scraper.bbcode import bbcode_to_html

    assert bbcode_to_html("[vote]A[vote]B[/vote][/vote] ok") == \
        '<span class="bbvote">VOTE: B</span> ok'
    assert bbcode_to_html("[vote]A[/vote] [vote]B[/vote]").count("bbvote") == 2
