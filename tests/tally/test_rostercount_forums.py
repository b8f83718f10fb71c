"""tally/rostercount.py on layouts of other forums' counts (issue 21, generalisation): bullets,
voters on the lines below their candidate, definition lists, code boxes, Discourse @mentions,
left arrows, "x2", "Votes on …", voter-first lists, names wrapped in underscores. Own words;
each must read back exactly, with no layout listed by hand."""

from __future__ import annotations

import pytest

from votal.tally.model import NO_LYNCH
from votal.tally.rostercount import Roster, read_count

ROSTER = Roster({"Pebble": (), "Mira Jones": (), "Tosk": (), "_Ash_": (), "Quill": (),
                 "bren": ()})
WANT = {"Pebble": ["Mira Jones", "Tosk"], "Quill": ["_Ash_"]}
IDLE = ["Pebble", "bren"]
T = "<b>Vote Count 2.4</b><br>"

CASES = {
    "bullets": T + "- Pebble (2): Mira Jones, Tosk<br>- Quill (1): _Ash_<br>- Bren (0):<br>"
                   "- Not voting (2): Pebble, bren",
    "voters-below": T + "<b>Pebble (2)</b><br>Mira Jones<br>Tosk<br><br><b>Quill (1)</b><br>"
                        "_Ash_<br><br><b>Not voting (2)</b><br>Pebble<br>bren",
    "voters-below-list": T + "<b>Pebble (2)</b><ul><li>Mira Jones</li><li>Tosk</li></ul>"
                             "<b>Quill (1)</b><ul><li>_Ash_</li></ul><b>Not voting (2)</b>"
                             "<ul><li>Pebble</li><li>bren</li></ul>",
    "voters-below-after-one": T + "Pebble (2) - Mira Jones<br>- Tosk<br>Quill (1)<br>- _Ash_<br>"
                                  "Not voting: Pebble, bren",
    "definition-list": T + "<dl><dt>Pebble (2)</dt><dd>Mira Jones, Tosk <s>(bren)</s></dd>"
                           "<dt>Quill (1)</dt><dd>_Ash_</dd><dt>Not voting</dt>"
                           "<dd>Pebble, bren</dd></dl>",
    "code-box": T + "<pre><code>Pebble      (2)  Mira Jones, Tosk\nQuill       (1)  _Ash_\n"
                    "Not voting  (2)  Pebble, bren\n</code></pre>",
    "mentions": '<p><strong>Vote Count 2.4</strong></p><p><strong>Pebble</strong> (2): '
                '<a class="mention" href="/u/mira">@Mira Jones</a>, <a class="mention" '
                'href="/u/tosk">@Tosk</a><br><strong>Quill</strong> (1): @_Ash_<br>'
                "Not voting (2): @Pebble, @bren</p>",
    "left-arrow": T + "Pebble [2] ← Mira Jones, Tosk<br>Quill [1] ← _Ash_<br>"
                      "Not voting [2] ← Pebble, bren",
    "times": T + "Pebble x2: Mira Jones, Tosk<br>Quill ×1: _Ash_<br>Not voting x2: Pebble, bren",
    "votes-on": T + "Votes on Pebble (2): Mira Jones, Tosk<br>Votes for Quill (1): _Ash_<br>"
                    "Not voting (2): Pebble, bren",
    "voter-first": "<b>Votes submitted</b><br>Mira Jones: Pebble<br>Tosk: Pebble<br>"
                   "_Ash_: Quill<br>Not voting: Pebble, bren",
    "haven't-voted": T + "Pebble (2): Mira Jones, Tosk<br>Quill (1): _Ash_<br>"
                         "Haven't voted yet: Pebble, bren",
    "hasn't-voted": T + "Pebble (2): Mira Jones, Tosk<br>Quill (1): _Ash_<br>"
                        "Hasn’t voted (2): Pebble, bren",
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_other_forums_layouts_read_back(name):
    vc, _ = read_count(CASES[name], ROSTER)
    assert vc is not None, name
    got = {x.target: sorted(x.voters) for x in vc.lines if x.voters}
    assert got == WANT and sorted(vc.not_voting or ()) == IDLE and not vc.unread, vc
    if name == "definition-list":
        assert [x.history for x in vc.lines if x.target == "Pebble"] == [("bren",)]


def test_a_bullet_is_no_continuation_and_a_zero_takes_no_voters_below():
    """"- Quill (0):" after "- Bren (0):" is the next item, not Bren's voters."""
    vc, _ = read_count(T + "- Bren (0):<br>- Quill (1): Tosk<br>- Pebble (0):<br>Not voting: bren",
                       ROSTER)
    assert vc is not None
    assert {x.target: x.voters for x in vc.lines} == {"bren": (), "Quill": ("Tosk",), "Pebble": ()}


def test_a_number_takes_exactly_its_voters_below():
    """"Pebble (2)" over three lines of names takes two; the third is not his."""
    vc, _ = read_count(T + "Pebble (2)<br>Mira Jones<br>Tosk<br>bren<br>Quill (1): _Ash_",
                       ROSTER)
    assert vc is not None
    assert {x.target: x.voters for x in vc.lines}["Pebble"] == ("Mira Jones", "Tosk")


def test_two_single_lines_with_one_name_stay_candidate_first():
    """"Pebble: Mira", "Quill: Mira": a count listing Mira twice (a moderator's slip the audit
    shows) as much as two votes; under three lines votal does not turn it round."""
    vc, _ = read_count(T + "Pebble: Mira Jones<br>Quill: Mira Jones<br>Not voting: bren", ROSTER)
    assert vc is not None
    assert {x.target: x.voters for x in vc.lines} == {"Pebble": ("Mira Jones",),
                                                      "Quill": ("Mira Jones",)}


def test_a_name_that_ends_in_underscores_is_one_name():
    """"Brine_," (a Hypixel/XenForo count bot writes usernames as they are): the underscore that
    ends the name is the name's, not an unread text that made the whole count unread."""
    roster = Roster({"Lord Kelp": (), "Brine_": (), "MossyRock": (), "Tansy": (), "Orrin__": ()})
    vc, _ = read_count("Day 2 Votecount:<br>(2) lordkelp: Brine_, MossyRock<br>(1) tansy: Orrin__"
                       "<br>(2) Not voting: Lord Kelp, Tansy", roster)
    assert vc is not None and not vc.unread, vc
    assert {x.target: x.voters for x in vc.lines} == {"Lord Kelp": ("Brine_", "MossyRock"),
                                                      "Tansy": ("Orrin__",)}
    assert vc.not_voting == ("Lord Kelp", "Tansy")


def test_a_reddit_tally_with_a_summary_of_numbers_above_the_voters():
    """A Reddit bot's tally (own words): medals and bullets of symbols, a summary of numbers
    without voters, then the candidates with their voters as "/u/NAME". The symbols are no
    names, "/u/" names the user after it, and the block that names the voters is the count."""
    roster = Roster({"Alder": (), "Birch": (), "Cedar": (), "Dogwood": ()})
    vc, _ = read_count("<h2>Vote Tally</h2><p><strong>Top Candidates:</strong></p><p>🥇 "
                       "<strong>Birch</strong> - 2 votes<br>🥈 <strong>Alder</strong> - 1 vote</p>"
                       "<p><strong>All Votes:</strong></p><p>• <strong>Birch</strong> (2 votes): "
                       "/u/ALDER, /u/CEDAR<br>• <strong>Alder</strong> (1 vote): u/DOGWOOD</p>"
                       "<p><em>Total: 3 declared votes</em></p>", roster)
    assert vc is not None and not vc.unread, vc
    assert {x.target: x.voters for x in vc.lines} == {"Birch": ("Alder", "Cedar"),
                                                      "Alder": ("Dogwood",)}


def test_a_doubtful_line_before_the_not_voting_line_is_the_counts():
    """A candidate line the roster cannot wholly place ("Quill: 2 - Pebble, Zorro": a voter no
    player answers to) as the last count line, with the "not voting" line after it, sits inside
    the count: the count is unread with that text, never read as if the line were not there."""
    html = ("<b>Day 2 Votecount 3</b><br>Pebble: 1 - Mira Jones<br>Tosk: 1 - bren<br>"
            "Quill: 2 - Pebble, Zorro<br><br>Abstaining: 1 - _Ash_<br><br>"
            "With 6 players, majority is 4 votes")
    vc, _ = read_count(html, ROSTER)
    assert vc is not None
    assert [(x.target, x.voters, x.doubtful) for x in vc.lines if x.target == "Quill"] == [
        ("Quill", ("Pebble",), True)]
    assert vc.unread == ("Zorro",) and vc.not_voting == ("_Ash_",)
    # placed wholly, the same count reads back
    vc, _ = read_count(html.replace("Zorro", "Tosk"), ROSTER)
    assert vc is not None and not vc.unread and vc.majority == 4
    assert {x.target: x.voters for x in vc.lines} == {
        "Pebble": ("Mira Jones",), "Tosk": ("bren",), "Quill": ("Pebble", "Tosk")}


# -- round 6 (issue 21): layouts of other moderators, each in own words --------------------------

def _read(html: str, roster: Roster = ROSTER):
    vc, _ = read_count(html, roster)
    assert vc is not None, html
    return vc


@pytest.mark.parametrize("where", ["top", "middle", "before-idle", "end"])
@pytest.mark.parametrize("line", ["With 6 players, majority is 4", "It takes 4 to lynch.",
                                  "Majority is 4 votes", "With 6 alive, it takes 4 to lynch"])
def test_a_majority_line_anywhere_is_no_count_line_and_breaks_none(where, line):
    rows = ["Pebble (2): Mira Jones, Tosk", "Quill (1): _Ash_", "Not voting (2): Pebble, bren"]
    at = {"top": 0, "middle": 1, "before-idle": 2, "end": 3}[where]
    vc = _read(T + "<br>".join([*rows[:at], line, *rows[at:]]))
    assert {x.target: sorted(x.voters) for x in vc.lines if x.voters} == WANT
    assert sorted(vc.not_voting or ()) == IDLE and not vc.unread and vc.majority == 4


@pytest.mark.parametrize("mark", ["[+1]", "(+1)", "+1", "[+1 vote]"])
def test_an_extra_vote_marked_after_a_voter(mark):
    """"Tosk [+1]": Tosk casts one vote more (a double voter); the number counts it, the
    voters stay who they are, and the line says whose the extra vote is."""
    vc = _read(T + f"Pebble (3): Mira Jones, Tosk {mark}<br>Quill (1): _Ash_<br>"
               "Not voting: Pebble, bren")
    line = next(x for x in vc.lines if x.target == "Pebble")
    assert (line.count, line.voters, line.extra) == (3, ("Mira Jones", "Tosk"), ("Tosk",))
    assert not vc.unread


def test_an_extra_vote_counts_where_the_count_gives_no_number():
    vc = _read(T + "Pebble: Mira Jones [+1], Tosk<br>Quill: _Ash_<br>Not voting: Pebble, bren")
    assert [(x.target, x.count, x.extra) for x in vc.lines] == [
        ("Pebble", 3, ("Mira Jones",)), ("Quill", 1, ())]


def test_an_extra_vote_on_voters_below():
    vc = _read(T + "<b>Pebble (3)</b><br>Mira Jones<br>Tosk [+1]<br><b>Quill (1)</b><br>_Ash_"
               "<br>Not voting: Pebble, bren")
    assert [(x.target, x.voters, x.extra) for x in vc.lines] == [
        ("Pebble", ("Mira Jones", "Tosk"), ("Tosk",)), ("Quill", ("_Ash_",), ())]


def test_an_extra_vote_beside_no_voter_is_unread():
    """"Pebble [+1] (3): …" gives the extra vote to no voter: a guess either way, so unread."""
    vc = _read(T + "Pebble [+1] (3): Mira Jones, Tosk<br>Quill (1): _Ash_<br>"
               "Not voting: Pebble, bren")
    assert vc.unread == ("[+1]",)


@pytest.mark.parametrize("row", ["Quill (by the well): 1 - _Ash_", "Quill (the miller) (1): _Ash_",
                                 "Quill (our baker) - 1 - _Ash_"])
def test_a_nickname_in_brackets_after_a_candidate(row):
    """Words in brackets after a candidate's name that name no player (his nickname, his title)
    are his, not a voter: the line reads when its voters are placed."""
    vc = _read(T + f"Pebble (2): Mira Jones, Tosk<br>{row}<br>Bren (0):<br>"
               "Not voting (2): Pebble, bren")
    assert {x.target: sorted(x.voters) for x in vc.lines if x.voters} == WANT and not vc.unread


def test_a_nickname_first_and_on_a_line_with_no_votes_reads():
    vc = _read(T + "Quill (the miller): 1 - _Ash_<br>Bren (the quiet one): 0<br>"
               "Pebble: 2 - Mira Jones, Tosk<br>Abstaining: 2 - Pebble, bren")
    assert {x.target: sorted(x.voters) for x in vc.lines if x.voters} == WANT and not vc.unread


def test_a_nickname_with_an_unknown_voter_leaves_the_count_unread():
    vc = _read(T + "Pebble (2): Mira Jones, Tosk<br>Quill (the miller): 1 - Zorro<br>"
               "Not voting (2): Pebble, bren")
    assert "Zorro" in vc.unread


@pytest.mark.parametrize("bar", [" | ", "; "])
def test_a_count_on_one_line_split_by_bars(bar):
    vc = _read(T + bar.join(["Pebble (2): Mira Jones, Tosk", "Quill (1): _Ash_",
                             "Not voting (2): Pebble, bren"]))
    assert {x.target: sorted(x.voters) for x in vc.lines if x.voters} == WANT
    assert sorted(vc.not_voting or ()) == IDLE


def test_bars_between_voters_or_a_table_row_split_no_line():
    vc = _read(T + "Pebble (2): Mira Jones | Tosk<br>Quill (1): _Ash_<br>Not voting: Pebble | bren")
    assert {x.target: sorted(x.voters) for x in vc.lines if x.voters} == WANT
    vc = _read(T + "Pebble (2): Mira Jones; Tosk<br>Quill (1): _Ash_<br>Not voting: Pebble; bren")
    assert {x.target: sorted(x.voters) for x in vc.lines if x.voters} == WANT
    vc = _read(T + "<table><tr><td>Pebble</td><td>2</td><td>Mira Jones, Tosk</td></tr>"
               "<tr><td>Quill</td><td>1</td><td>_Ash_</td></tr></table>Not voting: Pebble, bren")
    assert {x.target: sorted(x.voters) for x in vc.lines if x.voters} == WANT


@pytest.mark.parametrize("lead", ["", "Votes: ", "Current votes: "])
def test_a_count_on_one_line_split_by_commas_outside_brackets(lead):
    """The voters' commas are inside the brackets, the lines' outside; "not voting" takes the
    rest of the line."""
    vc = _read(T + lead + "Pebble 2 (Mira Jones, Tosk), Quill 1 (_Ash_), Not voting: Pebble, bren")
    assert {x.target: sorted(x.voters) for x in vc.lines if x.voters} == WANT
    assert sorted(vc.not_voting or ()) == IDLE and not vc.unread
    vc = _read(T + "Pebble 2 (Mira Jones, Tosk), Quill 1 (_Ash_), Not voting 2 (Pebble, bren)")
    assert sorted(vc.not_voting or ()) == IDLE and len(vc.lines) == 2


def test_commas_between_voters_with_post_numbers_split_no_line():
    """"Mira Jones (12), Tosk (40)": numbers of posts, not two lines (the number is no voters')."""
    vc = _read(T + "Pebble (2): Mira Jones (12), Tosk (40)<br>Quill (1): _Ash_ (7)<br>"
               "Not voting: Pebble, bren")
    assert {x.target: sorted(x.voters) for x in vc.lines if x.voters} == WANT
    vc = _read(T + "Pebble: Mira Jones (Quill), Tosk (bren)<br>Quill: _Ash_<br>Not voting: bren")
    assert [x.target for x in vc.lines] == ["Pebble", "Quill"]


@pytest.mark.parametrize("word", ["Lynch", "Eliminate", "Execute", "Vote to lynch"])
def test_a_word_to_lynch_before_the_candidate(word):
    vc = _read(T + f"{word} Pebble (2): Mira Jones, Tosk<br>{word} Quill (1): _Ash_<br>"
               "Not voting (2): Pebble, bren")
    assert {x.target: sorted(x.voters) for x in vc.lines if x.voters} == WANT


def test_two_lines_of_players_who_vote_no_one():
    """"Not voting: …" and "Abstained: …" in one count: both lines' players, not the first's."""
    vc = _read(T + "Pebble (2): Mira Jones, Tosk<br>Quill (1): _Ash_<br>Not voting (1): Pebble"
               "<br>Abstained (1): bren")
    assert sorted(vc.not_voting or ()) == IDLE


@pytest.mark.parametrize("half", ["(.5)", "(0.5)", "[.5]"])
def test_a_half_vote_beside_a_voter_leaves_the_count_unread(half):
    """Fractional votes stay unread (a ruling): "Tosk (.5)" as much as "Pebble (1.5)"."""
    vc = _read(T + f"Pebble (2): Mira Jones, Tosk {half}<br>Quill (1): _Ash_<br>"
               "Not voting: Pebble, bren")
    assert any(".5" in u for u in vc.unread)


@pytest.mark.parametrize("body", [
    "Pebble (2): 1. Mira Jones 2. Tosk<br>Quill (1): 1. _Ash_",
    "Pebble (2): 1) Mira Jones, 2) Tosk<br>Quill (1): 1) @_Ash_",
    "Pebble (2)<br>1. Mira Jones<br>2. Tosk<br>Quill (1)<br>1. _Ash_",
])
def test_voters_numbered(body):
    vc = _read(T + body + "<br>Not voting: Pebble, bren")
    assert {x.target: sorted(x.voters) for x in vc.lines if x.voters} == WANT and not vc.unread


# -- count tools of other communities, their shapes in own words ---------------------------------

TOOLS = Roster({"Alder": (), "Birch": (), "Cedar": (), "Dogwood": (), "Elm": (), "Fir": (),
                "Gum": ()})
TOOL_WANT = {"Alder": ["Birch", "Dogwood"], "Elm": ["Cedar"]}


@pytest.mark.parametrize("struck", ["<s>Cedar</s>", "-Cedar-", "~~Cedar~~"])
def test_a_counter_that_strikes_an_unvote_among_the_voters(struck):
    """A forum counter's output (a TeamLiquid-style script): an unvoted voter stays in his place
    among the voters, struck ("[s]Cedar[/s]", "-Cedar-" in its text form), and its log lines
    follow the count."""
    vc = _read(f"<b>Alder</b> (2): Birch, {struck}, Dogwood<br><b>Elm</b> (1): Cedar<br><br>"
               "<b>Not voting</b> (4): Fir, Gum<br><br>WARNING: Cedar changed vote without unvote "
               "(<a href='p1'>post</a>)<br>VOTE: Cedar voted elm (Elm) (<a href='p2'>post</a>)",
               TOOLS)
    assert {x.target: sorted(x.voters) for x in vc.lines if x.voters} == TOOL_WANT
    assert [x.history for x in vc.lines if x.target == "Alder"] == [("Cedar",)]
    assert not vc.unread


def test_a_hyphen_inside_a_line_strikes_no_name():
    vc = _read("Vote Count 1.2<br>Alder - 2 - Birch, Dogwood<br>Elm - 1 - Cedar<br>"
               "Not voting - Fir, Gum", TOOLS)
    assert {x.target: sorted(x.voters) for x in vc.lines if x.voters} == TOOL_WANT


def test_elimination_markers_e_and_ne():
    """"(2, E-2)": two votes, two from an elimination; "no execution (1, NE-3)"; lower case."""
    vc = _read('<i><span style="font-size:150%">votecount</span><br>day 2, vc 3<br><ul><li><b>no '
               "execution</b> (1, NE-3): Gum</li></ul><ul><li><b>Alder</b> (2, E-2): "
               '<a href="p">Birch</a>, <a href="q">Dogwood</a></li><li><b>Elm</b> [E-3] (1): '
               "Cedar</li></ul><ul><li><b>not voting</b> (2): Fir, Elm</li></ul>with 7 alive, it "
               "takes 4 to execute.</i>", TOOLS)
    assert {x.target: sorted(x.voters) for x in vc.lines if x.voters} == {
        **TOOL_WANT, NO_LYNCH: ["Gum"]}
    assert not vc.unread and vc.majority == 4


def test_a_table_with_posts_in_brackets_and_invalid_votes():
    """A counter's table (a vBulletin forum's tool): number, target, voters each with his posts
    in the phase in brackets; its "Invalid Votes" row names no candidate and no voter of one."""
    vc = _read("<div>Day 2 - Votes from post 212 through 260</div><table><tr><th>Votes</th><th>"
               "Target</th><th>Voters (Posts in Phase)</th></tr><tr><td>2</td><td><b>Alder</b>"
               '</td><td>Birch (<a href="p">12</a>), Dogwood (<a href="q">3</a>)</td></tr><tr><td>1'
               '</td><td><b>Elm</b></td><td>Cedar (<a href="r">7</a>)</td></tr><tr><td>2</td><td>'
               "<b>Not Voting</b></td><td>Alder (0), Gum (1)</td></tr><tr><td>1</td><td><b>Invalid "
               'Votes</b></td><td><br>Fir voted <b>Zed</b> (<a href="s">4</a>)<br></td></tr></table>'
               "<br>5 needed for a majority", TOOLS)
    assert {x.target: (x.count, sorted(x.voters)) for x in vc.lines if x.voters} == {
        "Alder": (2, ["Birch", "Dogwood"]), "Elm": (1, ["Cedar"])}
    assert sorted(vc.not_voting or ()) == ["Alder", "Gum"] and vc.majority == 5


def test_a_votal_generator_with_its_history_spoiler():
    """A forum's votal generator (own words of its shape): "Votals" in the title, "(L-1)" after
    a wagon, "Hammer at 4." in the footer, and a spoiler of each voter's vote history ("Birch
    (2): Elm -> Alder") that is no count."""
    vc = _read("<p><b>Day 2: Automated Votals from #120 to #181</b></p><p><b>Alder (2):</b> Birch, "
               'Dogwood <span style="color:red"><b>(L-1)</b></span><br><b>Elm (1):</b> Cedar<br>'
               "<b>Not voting (3):</b> Alder, Fir, Gum</p><p><b>Phase ends in 5h3m. Hammer at 4."
               '</b></p><p><b>Vote history:</b></p><div class="spoiler"><div class="spoiler-title">'
               'Spoiler</div><div class="spoiler-content"><b>Birch (2):</b> Elm -&gt; Alder<br><b>'
               "Cedar (3):</b> Alder -&gt; Unvote -&gt; Elm</div></div>", TOOLS)
    assert vc.label == "Day 2: Automated Votals from #120 to #181" and vc.majority == 4
    assert {x.target: sorted(x.voters) for x in vc.lines if x.voters} == TOOL_WANT
    assert sorted(vc.not_voting or ()) == ["Alder", "Fir", "Gum"] and not vc.unread


def test_a_tool_line_of_votes_it_could_not_read_leaves_the_count_unread():
    """"Errors (1): Elm": the tool could not read Elm's vote — what the count says of Elm is
    unknown, so the count is unread, never compared as if Elm had not voted."""
    vc = _read("<b>Day 2: Automated Votals from #120 to #181</b><br><b>Alder (2):</b> Birch, Dogwood"
               "<br><b>Elm (1):</b> Cedar<br><b>Not voting (2):</b> Fir, Gum<br><br><b>Errors (1):"
               "</b> Elm", TOOLS)
    assert vc.unread == ("Errors",)


def test_a_table_with_a_tags_column_and_an_x_for_no_voters():
    """A Discourse count kept as a table, "Votee | Voters | Votes | Tags" (own names): the Tags
    column names players who are no voters, "x" stands for no voters, "4/4" is votes out of
    the majority."""
    vc = _read("<p>Final vote count</p><table><thead><tr><th>Votee</th><th>Voters</th><th>Votes"
               "</th><th>Tags</th></tr></thead><tbody><tr><td>Fir</td><td>x</td><td>0/4</td><td>"
               "Alder</td></tr><tr><td>Alder</td><td>Birch, Dogwood, Gum, Alder</td><td>4/4</td>"
               "<td>Birch, Dogwood</td></tr><tr><td>Elm</td><td>Cedar</td><td>1/4</td><td>Fir, "
               "Cedar</td></tr></tbody></table>", TOOLS)
    assert {x.target: (x.count, sorted(x.voters)) for x in vc.lines} == {
        "Fir": (0, []), "Alder": (4, ["Alder", "Birch", "Dogwood", "Gum"]), "Elm": (1, ["Cedar"])}
    assert not vc.unread


@pytest.mark.parametrize("none", ["none", "nobody", "x"])
def test_a_word_for_no_voters_after_the_label(none):
    vc = _read(f"Vote Count 3.1<br>Alder (2): Birch, Dogwood<br>Elm (1): Cedar<br>Fir (0): {none}"
               "<br>Not voting: Gum", TOOLS)
    assert [x.voters for x in vc.lines if x.target == "Fir"] == [()] and not vc.unread


def test_a_double_voter_listed_twice_on_his_line():
    """A counter's code box ("(3/4) Alder [Birch, Birch, Dogwood]", own names) lists a double
    voter once per vote: his second listing is his extra vote, since the number counts it; a
    line whose number does not count him twice stays as written."""
    vc = _read("<pre>Day 2 vote count\n(3/4) Alder     [Birch, Birch, Dogwood]\n(1/4) Elm       "
               "[Cedar]\n(2/7) No vote: [Fir, Gum]\n\n7 players alive:\nAlder\nBirch\nCedar\n"
               "</pre>", TOOLS)
    assert [(x.target, x.count, x.voters, x.extra) for x in vc.lines] == [
        ("Alder", 3, ("Birch", "Dogwood"), ("Birch",)), ("Elm", 1, ("Cedar",), ())]
    assert vc.not_voting == ("Fir", "Gum")
    vc = _read("Vote Count 2.2<br>Alder (2): Birch, Birch, Dogwood<br>Elm (1): Cedar", TOOLS)
    assert [x.voters for x in vc.lines if x.target == "Alder"] == [("Birch", "Birch", "Dogwood")]


@pytest.mark.parametrize("label", ["Did not vote", "No vote cast", "Votes not cast",
                                   "Not voting / abstaining", "Not voted or abstained"])
def test_more_spellings_of_not_voting(label):
    """These lines were dropped in silence (a doubtful line after the count): the count came
    back with no "not voting" line at all."""
    vc = _read(f"Vote Count 1.2<br>Alder (2): Birch, Dogwood<br>Elm (1): Cedar<br>{label}: Fir, Gum",
               TOOLS)
    assert vc.not_voting == ("Fir", "Gum") and not vc.unread


def test_a_majority_said_inside_a_count_line_keeps_the_line():
    vc = _read("Vote Count 1.1<br>Alder (4): Birch, Cedar, Dogwood, Elm (majority: 4)<br>Fir (1): Gum"
               "<br>Not voting: Alder", TOOLS)
    assert [x.target for x in vc.lines] == ["Alder", "Fir"]


def test_a_voter_times_two():
    """"Birch x2": Birch's vote counts twice — his extra vote when the number counts it, else the
    count is unread (a guess either way)."""
    vc = _read("Vote Count 1.1<br>Alder (3): Birch x2, Dogwood<br>Elm (1): Cedar<br>Not voting: Fir",
               TOOLS)
    assert [(x.target, x.voters, x.extra) for x in vc.lines] == [
        ("Alder", ("Birch", "Dogwood"), ("Birch",)), ("Elm", ("Cedar",), ())]
    vc = _read("Vote Count 1.1<br>Alder (2): Birch x2, Dogwood<br>Elm (1): Cedar<br>Not voting: Fir",
               TOOLS)
    assert vc.unread == ("x2",)


# Round of 2026-12-03 evening (issue 21): shapes of real counts of other forums, own names.

@pytest.mark.parametrize("written", ["Hazel (Elm)", "Hazel (replacing Elm)", "Hazel (formerly Elm)"])
def test_the_slot_written_by_a_name_the_roster_does_not_know_with_its_player_in_brackets(written):
    """A results log (a GOG-style action log, own names): "Hazel (Elm) (1) - Cedar" names the
    slot by its earlier player, whom the roster does not know, and its player in brackets. The
    line and the "Not voting" line that names the slot the same way were both dropped in
    silence: the count read without them."""
    vc = _read(f"Day 1 results:<br>Alder (2) - Birch, Dogwood<br>{written} (1) - Cedar<br>"
               f"Not voting: {written}, Fir", TOOLS)
    assert {x.target: sorted(x.voters) for x in vc.lines if x.voters} == TOOL_WANT
    assert vc.not_voting == ("Elm", "Fir") and not vc.unread


def test_a_bracket_after_an_unknown_name_that_places_no_one_leaves_the_count_unread():
    vc = _read("Day 1 results:<br>Alder (2) - Birch, Dogwood<br>Hazel (Yew) (1) - Cedar<br>"
               "Not voting: Hazel (Yew), Fir", TOOLS)
    assert "Hazel" in vc.unread


def test_a_not_voting_line_with_a_name_the_roster_does_not_know_makes_the_count_unread():
    """"Not voting: Fir, Hazel" right after the count, Hazel no player the roster knows: the
    line was dropped in silence (the count read with no one idle); now the count is unread."""
    vc = _read("Vote Count 2.1<br>Alder (2): Birch, Dogwood<br>Elm (1): Cedar<br>"
               "Not voting: Fir, Hazel", TOOLS)
    assert vc.unread == ("Hazel",) and vc.not_voting == ("Fir",)


@pytest.mark.parametrize("verb", ["voted for", "has voted for", "voted to lynch", "votes for"])
def test_voter_first_sentences_in_the_past_tense(verb):
    """A moderator's list of the day's votes, one sentence a voter ("Birch voted for Alder."), as
    a small university forum's host writes it (own names): not found before in the past
    tense."""
    vc = _read(f"Day 3 votes<br>Birch {verb} Alder.<br>Dogwood {verb} alder.<br>"
               f"Cedar {verb} Elm.<br>Alder {verb} Elm.", TOOLS)
    assert {x.target: sorted(x.voters) for x in vc.lines} == {
        "Alder": ["Birch", "Dogwood"], "Elm": ["Alder", "Cedar"]}


@pytest.mark.parametrize("text", [
    "Votes: Alder: Birch, Dogwood; Elm: Cedar; Not voting: Fir, Gum",
    "Vote Count 2.1<br>Alder: Birch, Dogwood, Elm: Cedar, Not voting: Fir, Gum",
    "Vote Count 2.1<br>Alder: Birch, Dogwood; Elm: Cedar; Not voting: Fir, Gum"])
def test_a_count_on_one_line_without_numbers(text):
    """A count written on one line with no numbers: each label the roster places, after a comma
    or ";" and before a colon, begins a line. Not found before (the line stayed whole)."""
    vc = _read(text, TOOLS)
    assert {x.target: sorted(x.voters) for x in vc.lines if x.voters} == TOOL_WANT
    assert vc.not_voting == ("Fir", "Gum") and not vc.unread


def test_a_role_list_on_one_line_is_no_count():
    vc, _ = read_count("Alder: Town Cop, Elm: Mafia Goon, Fir: Vanilla Townie", TOOLS)
    assert vc is None


@pytest.mark.parametrize("voters", ["Zed Alpha", "Zed Alpha, Yew Tree", "Zed_alpha", "Zed Alpha2"])
def test_a_last_line_of_misspelt_voters_of_several_words_makes_the_count_unread(voters):
    """"Gum: Zed Alpha" right after the count's last line: voters of two words the roster cannot
    place, behind the count's separator — a count line, so the count is unread; it was dropped
    in silence (only single unplaced names were caught)."""
    vc = _read(f"Vote Count 2.1<br>Alder (2): Birch, Dogwood<br>Elm (1): Cedar<br>Gum: {voters}",
               TOOLS)
    assert vc.unread == tuple(v.strip() for v in voters.split(","))


@pytest.mark.parametrize("remark", ["please post more", "On V/LA until Friday", "Needs A Prod",
                                    "Replaced By Zed Alpha", "Out today"])
def test_a_remark_after_the_count_about_a_player_stays_a_footer(remark):
    vc = _read(f"Vote Count 2.1<br>Alder (2): Birch, Dogwood<br>Elm (1): Cedar<br>Gum: {remark}",
               TOOLS)
    assert {x.target: sorted(x.voters) for x in vc.lines if x.voters} == TOOL_WANT
    assert not vc.unread


def test_a_forum_extension_count_with_post_counts_glued_to_the_voters():
    """The shape of a phpBB votecount extension's output (own names): a box titled "Results",
    "Alder (2) ~ Birch(5),Dogwood(3) (L - 2)" (each voter's posts of the day glued to his
    name, a link to his vote), the first wagon's "-- HAMMER", "Not Voting: Fir(2),Gum(0)",
    then boxes of mod reminders ("Gum has never posted. Verify interest.") and vote errors,
    which are no count lines."""
    vc = _read("<fieldset><legend>Results</legend><b><u>VoteCount 2.4</u></b><br><i><b>Alder (4)"
               '</b> ~ <a href="p1" class="postlink post_tag">Birch</a>(5),<a href="p2" class='
               '"postlink post_tag">Dogwood</a>(3),<a href="p3">Cedar</a>(8),<a href="p4">Gum</a>'
               "(1)</i> -- HAMMER<br><b>Elm (1)</b> ~ <a href=\"p5\">Fir</a>(7)</i> (L - 3)<br>"
               "Not Voting: Alder(2),Elm(0)<br>With 7 alive it takes 4 to lynch. <br>Day 2 "
               "deadline is in 2 days.<br></fieldset><fieldset><legend>Mod Reminders</legend><br>"
               "Gum has never posted. Verify interest. <br>Fir Needs a Prod. Last Post Was At: "
               "Tue Mar 03, 2020 4:00 pm<br></fieldset><fieldset><legend>Vote Errors</legend><br>"
               "Post number 45 could not retrieve the player voted.<br></fieldset>", TOOLS)
    assert {x.target: sorted(x.voters) for x in vc.lines} == {
        "Alder": ["Birch", "Cedar", "Dogwood", "Gum"], "Elm": ["Fir"]}
    assert vc.not_voting == ("Alder", "Elm") and vc.majority == 4 and not vc.unread


def test_voter_first_sentences_ending_in_a_full_stop():
    """"Fir voted for no one." is a vote for no lynch, as "votes to lynch nobody" is; "Gum voted
    for Zed." names no player the roster knows: the count is unread ("Zed", its full stop no
    part of the name), and no candidate's line is made of its voter."""
    head = "Day 3 votes<br>Birch voted for Alder.<br>Dogwood voted for alder.<br>Cedar voted for Elm."
    vc = _read(head + "<br>Fir voted for no one.", TOOLS)
    assert {x.target: sorted(x.voters) for x in vc.lines} == {
        "Alder": ["Birch", "Dogwood"], "Elm": ["Cedar"], NO_LYNCH: ["Fir"]} and not vc.unread
    vc = _read(head + "<br>Gum voted for Zed.", TOOLS)
    assert vc.unread == ("Zed",) and [x.target for x in vc.lines] == ["Alder", "Elm"]


# A real Reddit werewolf tally (https://redlib.copyriot.xyz/r/hogwartswerewolvesA?after=t3_sn4njo,
# "Ghosted Vote Tally", phases 5 and 6: "Username Total Votes", one line per candidate, those with
# the same number on one line, "A, B, C, D 1"): read by a roster of its names, its grouped lines
# were dropped in silence (the count read as its first three lines of thirteen). Own names.
SHARED = Roster({n: () for n in ("Pebble", "Quill", "Tosk", "Mira Jones", "_Ash_", "bren", "Cole9")})


@pytest.mark.parametrize("joined", ["Tosk, Mira Jones, _Ash_ 2", "Tosk,Mira Jones, _Ash_ 2",
                                    "Tosk, Mira Jones and _Ash_ 2", "Tosk & Mira Jones & _Ash_ - 2"])
def test_candidates_sharing_one_number_on_one_line(joined):
    body = ("<b>Vote Tally</b><br>Username Total Votes<br>Pebble 6<br>Quill 3<br>"
            f"{joined}<br>bren, Cole9 1")
    vc, _ = read_count(body, SHARED)
    assert vc is not None and not vc.unread
    assert {x.target: x.count for x in vc.lines} == {
        "Pebble": 6, "Quill": 3, "Tosk": 2, "Mira Jones": 2, "_Ash_": 2, "bren": 1, "Cole9": 1}
    assert all(not x.voters for x in vc.lines)


def test_a_line_of_a_candidate_and_voters_is_not_split_as_shared():
    vc, _ = read_count("<b>Vote Count 2.1</b><br>Pebble (2): Mira Jones, Tosk<br>Quill (1): _Ash_<br>"
                       "Not voting: bren, Cole9", SHARED)
    assert vc is not None and {x.target: x.voters for x in vc.lines} == {
        "Pebble": ("Mira Jones", "Tosk"), "Quill": ("_Ash_",)}


# The last session's lead: a "not voting" line written voter first ("Alan did not vote.") was
# dropped in silence. Now it is the count's "not voting" line; a name no player answers to makes
# the count unread; prose to a player ("You did not vote") stays no line. Own names.
IDLE_T = "<b>Vote Count 1.3</b><br>Pebble (2): Mira Jones, Tosk<br>Quill (1): _Ash_<br>"


@pytest.mark.parametrize("line,idle", [
    ("bren did not vote.", ["bren"]), ("bren and Cole9 have not voted yet", ["Cole9", "bren"]),
    ("bren, Cole9 didn’t vote", ["Cole9", "bren"]), ("Cole9 isn't voting", ["Cole9"]),
    ("Cole9 has not voted.", ["Cole9"])])
def test_a_not_voting_line_written_voter_first(line, idle):
    vc, _ = read_count(IDLE_T + line, SHARED)
    assert vc is not None and not vc.unread and sorted(vc.not_voting or ()) == idle
    assert {x.target: x.voters for x in vc.lines} == {
        "Pebble": ("Mira Jones", "Tosk"), "Quill": ("_Ash_",)}


def test_a_voter_first_not_voting_line_naming_no_player_leaves_the_count_unread():
    vc, _ = read_count(IDLE_T + "Zyx did not vote.", SHARED)
    assert vc is not None and vc.unread == ("Zyx",)


@pytest.mark.parametrize("prose", ["You did not vote", "I think you did not vote."])
def test_prose_about_not_voting_is_no_line(prose):
    vc, _ = read_count(IDLE_T + prose, SHARED)
    assert vc is not None and not vc.unread and vc.not_voting is None


# Round of 2026-12-05 (issue 21). A grouped line with a name no player answers to was dropped in
# silence (the count read without it); now the count is unread with that name. Own names.
@pytest.mark.parametrize("grouped,unknown", [("Tosk, Mira Jones, Zyx 1", ("Zyx",)),
                                             ("Tosk, Zyx and Qwerty 1", ("Zyx", "Qwerty"))])
def test_a_grouped_line_with_an_unknown_name_leaves_the_count_unread(grouped, unknown):
    vc, _ = read_count(f"<b>Vote Tally</b><br>Pebble 5<br>Quill 3<br>{grouped}", SHARED)
    assert vc is not None and vc.unread == unknown
    assert {x.target for x in vc.lines} >= {"Pebble", "Quill", "Tosk"}


def test_a_grouped_line_with_a_comma_before_and():
    vc, _ = read_count("<b>Vote Tally</b><br>Pebble 5<br>Tosk, Mira Jones, and _Ash_ 1", SHARED)
    assert vc is not None and not vc.unread
    assert {x.target: x.count for x in vc.lines} == {"Pebble": 5, "Tosk": 1, "Mira Jones": 1,
                                                     "_Ash_": 1}


# A real werewolf site's final tallies (blackpill.is, "In Werewolves, if you're the village…",
# "wlf-001: A=1 (B), C=3 (D, E, F), …"): a count on one line led by the game's id, not found.
def test_a_count_on_one_line_led_by_a_game_id():
    vc, _ = read_count("g-07: Pebble=2 (Mira Jones, Tosk), Quill=1 (_Ash_), Tosk=1 (bren)", SHARED)
    assert vc is not None and not vc.unread
    assert {x.target: sorted(x.voters) for x in vc.lines} == {
        "Pebble": ["Mira Jones", "Tosk"], "Quill": ["_Ash_"], "Tosk": ["bren"]}


# Two counts in one post: the one a reader takes as current (lead of 2026-12-04).
OLD = "Pebble (1): Mira Jones<br>Quill (2): _Ash_, Tosk<br>Not voting: bren, Cole9"
NEW = "Pebble (2): Mira Jones, Tosk<br>Quill (1): _Ash_<br>Not voting: bren, Cole9"
NOW = {"Pebble": ("Mira Jones", "Tosk"), "Quill": ("_Ash_",)}


@pytest.mark.parametrize("body", [
    f"Previous count:<br>{OLD}<br><br>Current count:<br>{NEW}",
    f"Current count:<br>{NEW}<br><br>Yesterday's count:<br>{OLD}",
    f"<b>Vote Count 2.5</b><br>{NEW}<br><br><b>Vote Count 2.4</b><br>{OLD}",
    f"Votes:<br>{OLD}<br><br>Tosk changed his vote.<br>Votes:<br>{NEW}",
    f"<b>Vote Count 2.5</b><br>{NEW}<br><br>Vote log:<br>Mira Jones → Pebble<br>"
    "Tosk → Quill<br>Tosk → Pebble<br>_Ash_ → Quill"])
def test_two_counts_in_one_post_read_as_the_current_one(body):
    vc, _ = read_count(body, SHARED)
    assert vc is not None and {x.target: x.voters for x in vc.lines} == NOW
