"""tally/rostercount.py: a moderator's count read by the roster (issue 21), case by case.

Each case is one way real counts were misread by the layout reader (issue 21's list), or a thing
a count carries that must never be read as a vote (titles, spoilers, footers, prose).
"""

from __future__ import annotations

import tomllib

import pytest

from tests.conftest import FIXTURES
from votal.tally.model import NO_LYNCH
from votal.tally.rostercount import Roster, is_grey, read_count, read_count_post

PLAYERS = {"Pebble": (), "Mira": ("Old Mira",), "Tosk": (), "Ash": (), "Bren": (), "Cole": (),
           "notscience": ("notSakura",), "elleheathen": ("Thrillz",), "killerjester": (),
           "Lord Mhork": ("Sakura Hana",), "Aj The Epic": (), "_Sherlock_": (), "q21": (),
           "Thor665": ("Abaddon",), "YES YES YES": ()}
ROSTER = Roster(PLAYERS)


def wagons(html: str, roster: Roster = ROSTER) -> dict[str, list[str]]:
    vc, _ = read_count(html, roster)
    assert vc is not None, html[:300]
    return {line.target: list(line.voters) for line in vc.lines if line.voters}


def idle(html: str) -> list[str] | None:
    vc, _ = read_count(html, ROSTER)
    assert vc is not None
    return None if vc.not_voting is None else list(vc.not_voting)


# -- "not voting" in every position, case, markup and language ---------------------------------

@pytest.mark.parametrize("line", [
    "(2) Not Voting — Ash, Bren",            # after a count in brackets
    "<b>Not Voting</b> - 2 (Ash, Bren)",     # bold
    "NOT VOTING: Ash, Bren",                 # capitals, a colon
    "Not voting: Ash, Bren",
    "Not Voting(2): Ash, Bren",
    "Not voting - [2] Ash, Bren",
    '<div style="display:inline;font-weight:bold">Not voting</div> - Ash, Bren',
    "Not voted yet: Ash, Bren",
    "No vote: Ash, Bren",
    "Non-voting (2): Ash, Bren",
    "Δεν ψήφισαν: Ash, Bren",
    "ΔΕΝ ΨΗΦΙΣΑΝ (2): Ash, Bren",
    "Non hanno votato: Ash, Bren",
    "Non votanti - Ash, Bren",
    "Не голосовали: Ash, Bren",
    "Не проголосовали (2): Ash, Bren",
    "Abstaining: Ash, Bren",
])
def test_not_voting_label_is_never_a_candidate(line: str) -> None:
    html = f"Vote Count 1.4<br>Pebble (2): Mira, Tosk<br>{line}"
    assert wagons(html) == {"Pebble": ["Mira", "Tosk"]}
    assert idle(html) == ["Ash", "Bren"]


@pytest.mark.parametrize("label", ["No Lynch", "NO LYNCH", "no-lynch", "No Elimination", "NL",
                                   "Nessun linciaggio", "Без линча", "Καμία αποχώρηση"])
def test_no_lynch_label_in_any_spelling(label: str) -> None:
    html = f"Vote Count 2.1<br>Pebble (1): Mira<br>{label} (2): Tosk, Ash"
    assert wagons(html) == {"Pebble": ["Mira"], NO_LYNCH: ["Tosk", "Ash"]}


# -- candidates and voters ----------------------------------------------------------------------

def test_fieldset_bold_candidate_then_voters_without_separator() -> None:
    html = ('<fieldset style="border:3px outset grey"><legend>Votecount 3.01</legend>'
            '<div style="display:inline;font-weight:bold">notscience (2)</div>elleheathen, '
            'killerjester<br><div style="display:inline;font-weight:bold">Ash (1)</div>Mira'
            "</fieldset>")
    vc, _ = read_count(html, ROSTER)
    assert vc is not None and vc.label == "Votecount 3.01"
    assert wagons(html) == {"notscience": ["elleheathen", "killerjester"], "Ash": ["Mira"]}


def test_voters_after_a_marker_with_no_separator() -> None:
    """Game 1494's counts 3.5-3.7: "notscience (L-3) elleheathen, killerjester"."""
    html = ("VOTECOUNT 3.5<br>notscience (L-3) elleheathen, killerjester<br>"
            "Ash (L-4) Mira<br>Not Voting - Tosk")
    assert wagons(html) == {"notscience": ["elleheathen", "killerjester"], "Ash": ["Mira"]}


def test_earlier_players_of_a_slot_name_it() -> None:
    """The moderator writes the replaced player's name (the roster knows both)."""
    html = "Vote Count 2.2<br>Sakura Hana (2): notSakura, Old Mira<br>Abaddon (1): Thrillz"
    assert wagons(html) == {"Lord Mhork": ["notscience", "Mira"], "Thor665": ["elleheathen"]}


def test_names_folded_and_loose() -> None:
    html = ("Vote Count 1.1<br>lord mhork (2): THOR665, sherlock<br>"
            "aj the epic (1): Yes Yes Yes<br>Q21 (1): Lord_Mhork")
    assert wagons(html) == {"Lord Mhork": ["Thor665", "_Sherlock_"],
                            "Aj The Epic": ["YES YES YES"], "q21": ["Lord Mhork"]}


def test_table_with_several_voters_in_a_cell() -> None:
    html = ("<b>Vote Count 3.4</b><table><tr><th>Player</th><th>Votes</th><th>Voters</th></tr>"
            "<tr><td>Pebble</td><td>3</td><td>Mira<br>Tosk<br>Ash</td></tr>"
            "<tr><td><b>Bren</b></td><td>1</td><td><a href='u/1'>Cole</a></td></tr>"
            "<tr><td>Not voting</td><td>1</td><td>Bren</td></tr></table>")
    assert wagons(html) == {"Pebble": ["Mira", "Tosk", "Ash"], "Bren": ["Cole"]}
    assert idle(html) == ["Bren"]


@pytest.mark.parametrize("line", [
    "Pebble (2/4): Mira, Tosk", "Pebble: Mira, Tosk (2/4)", "Pebble (2): Mira, Tosk L-2",
    "Pebble - 2 - Mira, Tosk (L-2)", "[L-2]Pebble - [2] Mira, Tosk", "Pebble 2 (Mira, Tosk) [L-2]",
    "Pebble: 2 votes (Mira and Tosk)", "Pebble - 2 - Mira (#12), Tosk (#40) <-- L-2",
    "Pebble (2): Mira [12], Tosk [40]", "Pebble (2) — Mira / Tosk",
])
def test_numbers_and_markers_before_and_after(line: str) -> None:
    vc, _ = read_count(f"Votecount 1.2<br>{line}<br>Ash (1): Bren", ROSTER)
    assert vc is not None
    pebble = next(x for x in vc.lines if x.target == "Pebble")
    assert (pebble.count, pebble.voters) == (2, ("Mira", "Tosk"))


def test_numbers_beside_voters_are_not_the_count() -> None:
    vc, _ = read_count("Vote Count 1.3<br>Pebble: Mira (12), Tosk (45)<br>Ash: Bren", ROSTER)
    assert vc is not None and vc.lines[0].count == 2


@pytest.mark.parametrize("html, current, history", [
    ("Pebble (2): Mira, Tosk, <s>Ash</s>", ["Mira", "Tosk"], ["Ash"]),
    ('Pebble (2): Mira, Tosk <span style="color:gray"><span style="text-decoration:'
     'line-through">(Ash, Bren)</span></span>', ["Mira", "Tosk"], ["Ash", "Bren"]),
    ('Pebble (2): Mira, Tosk <span style="color:#999999">[Ash, Bren]</span>', ["Mira", "Tosk"],
     ["Ash", "Bren"]),
    ("Pebble (2): Mira, Tosk (Ash, Bren)", ["Mira", "Tosk"], ["Ash", "Bren"]),
    ("Pebble (2): Mira, Ash (unvoted), Tosk", ["Mira", "Tosk"], ["Ash"]),
    ('Pebble (1): <del>Ash</del> Mira', ["Mira"], ["Ash"]),
])
def test_earlier_voters_are_history(html: str, current: list, history: list) -> None:
    vc, _ = read_count(f"Vote Count 1.5<br>{html}<br>Cole (1): Bren", ROSTER)
    assert vc is not None
    assert list(vc.lines[0].voters) == current and list(vc.lines[0].history) == history


def test_voter_then_candidate_lines() -> None:
    html = "Vote Count 1.2<br>Mira → Pebble<br>Tosk -> Pebble<br>Ash => Bren<br>Not voting: Cole"
    assert wagons(html) == {"Pebble": ["Mira", "Tosk"], "Bren": ["Ash"]}


# -- what is never a voter ----------------------------------------------------------------------

def test_spoiler_title_and_player_list_are_no_count_lines() -> None:
    html = ("Vote Count 2.3<br>Pebble (2): Mira, Tosk<br>Ash (1): Bren<br>Not Voting: Cole<br>"
            '<div><div class="quotetitle"><b>Spoiler: more info</b> <input type="button" '
            'value="Show"></div><div class="quotecontent"><div style="display:none">1. Pebble<br>'
            "2. Mira <s>Old Mira</s><br>3. Tosk *<br>4. Ash</div></div></div>")
    assert wagons(html) == {"Pebble": ["Mira", "Tosk"], "Ash": ["Bren"]}
    assert idle(html) == ["Cole"]


def test_footers_deadline_and_prose_after_the_count() -> None:
    html = ("Vote Count 6.10 - Final D6 Votecount<br>(2) Pebble - Mira, Tosk<br>(1) Ash - Bren"
            "<br>(0) Not voting -<br><br>Pebble, Vanilla Townie, has been lynched.<br>"
            "Mira is V/LA until 11/1.<br>Deadline: December 28<br>With 5 alive, it takes 3 to "
            "lynch.<br>If there are any errors please inform me.")
    vc, _ = read_count(html, ROSTER)
    assert vc is not None and vc.unread == ()
    assert wagons(html) == {"Pebble": ["Mira", "Tosk"], "Ash": ["Bren"]}
    assert vc.majority == 3 and vc.not_voting == ()


def test_a_quoted_count_is_someone_elses() -> None:
    html = ("<blockquote><div><cite>Ash wrote:</cite>Vote Count 1.1<br>Pebble (1): Ash<br>"
            "Tosk (1): Mira</div></blockquote>No, here it is:<br>Vote Count 1.2<br>"
            "Pebble (2): Ash, Mira<br>Not voting: Tosk")
    assert wagons(html) == {"Pebble": ["Ash", "Mira"]}
    old_phpbb = ('<div class="quotetitle">Ash wrote:</div><div class="quotecontent">Vote Count 1.1'
                 "<br>Pebble (1): Ash<br>Tosk (1): Mira</div>")
    vc, _ = read_count(old_phpbb, ROSTER)
    assert vc is None


def test_a_count_inside_a_spoiler_is_read() -> None:
    html = ('<div class="quotetitle"><b>Spoiler: Vote Count 3.2</b></div><div class="quotecontent">'
            '<div style="display:none">Pebble (2): Mira, Tosk<br>Ash (1): Bren</div></div>')
    vc, _ = read_count(html, ROSTER)
    assert vc is not None and vc.label == "Spoiler: Vote Count 3.2"
    assert wagons(html) == {"Pebble": ["Mira", "Tosk"], "Ash": ["Bren"]}


@pytest.mark.parametrize("html", [
    "I think Pebble is scum. Deadline: December 28.<br>With 12 alive, it takes 7 to lynch.",
    "1. Pebble<br>2. Mira<br>3. Tosk<br>4. Ash",                        # a player list
    "Pebble - Town Vanilla<br>Mira - Mafia Goon<br>Tosk - Town Cop",      # a role list
    "Pebble is V/LA until 11/1.<br>Mira was lynched.<br>Tosk has been prodded.",
])
def test_no_count(html: str) -> None:
    vc, _ = read_count(html, ROSTER)
    assert vc is None


# -- unread -------------------------------------------------------------------------------------

def test_a_name_no_player_answers_to_makes_the_count_unread() -> None:
    html = "Vote Count 1.6<br>Pebble (2): Mira, Zyx<br>Ash (1): Bren<br>Not Voting: Tosk"
    vc, _ = read_count(html, ROSTER)
    assert vc is not None and vc.unread == ("Zyx",)


def test_a_doubtful_line_among_the_lines_makes_the_count_unread() -> None:
    html = "Vote Count 1.6<br>Pebble (2): Mira, Tosk<br>Qwerty (1): Bren<br>Ash (1): Cole"
    vc, _ = read_count(html, ROSTER)
    assert vc is not None and vc.unread == ("Qwerty",)    # a candidate no player answers to
    html = "Vote Count 1.6<br>Pebble (2): Mira, Tosk<br>Bren (1): Qwerty<br>Ash (1): Cole"
    vc, _ = read_count(html, ROSTER)
    assert vc is not None and vc.unread == ("Qwerty",)


@pytest.mark.parametrize("last", ["Qwerty: Cole", "Qwerty - 1: Cole", "Qwerty: Cole<br>Zyx: Ash",
                                  "Cole: Qwerty", "Cole: Qwerty, Zyx"])
def test_an_unplaced_candidate_after_the_last_line_behind_its_separator_is_unread(last) -> None:
    """Laid out unlike the lines above ("Qwerty: Cole" under "Pebble (2): …"), but with their
    separator between an unplaced candidate and placed voters, right after the last line: the
    count's, and the count is unread (never read without it); so is a placed candidate whose
    voters are all unplaced single names ("Cole: Qwerty": misspelt voters)."""
    vc, _ = read_count(f"Vote Count 1.6<br>Pebble (2): Mira, Tosk<br>Ash (1): Bren<br>{last}",
                       ROSTER)
    assert vc is not None and vc.unread[:1] == ("Qwerty",)


@pytest.mark.parametrize("last", [
    "Prodding Cole and Bren.",                      # a footer: no separator
    "Not Voting: Cole<br>Qwerty: Ash",              # after the "not voting" line
    "<br>Remember to vote.<br>Qwerty: Cole",        # a footer between
    "Qwerty = Cole",                                # another separator
    "Replacement: Cole",                            # a footer word behind the separator
    "Prodded: Cole, Bren",
    "Modkills: Cole",
    "Cole: please post more",                       # a remark about a player
    "Cole: replaced by Qwerty",
])
def test_a_footer_after_the_last_line_stays_outside(last) -> None:
    vc, _ = read_count(f"Vote Count 1.6<br>Pebble (2): Mira, Tosk<br>Ash (1): Bren<br>{last}",
                       ROSTER)
    assert vc is not None and vc.unread == ()
    assert {x.target: x.voters for x in vc.lines} == {"Pebble": ("Mira", "Tosk"), "Ash": ("Bren",)}


def test_a_title_over_lines_nobody_can_read() -> None:
    post = read_count_post("Vote Count 1.3<br><br>Zyx (2): Qq, Ww<br>Vv (1): Rr", ROSTER)
    assert post.votecount is None and post.unreadable == "Vote Count 1.3"


# -- robustness ---------------------------------------------------------------------------------

def test_deeply_nested_markup_is_read() -> None:
    html = "<b>" * 1500 + "Vote Count 1.1<br>Pebble (2): Mira, Tosk<br>Ash (1): Bren" + "</b>" * 1500
    assert wagons(html) == {"Pebble": ["Mira", "Tosk"], "Ash": ["Bren"]}


def test_greek_and_russian_rosters() -> None:
    roster = Roster({"Νίκος": (), "Άννα": (), "Μπάμπης": (), "Иван": (), "Пётр": ()})
    html = "Ψηφοφορία ημέρας 2<br>ΝΙΚΟΣ - 2 ψήφοι - Αννα, Μπάμπης<br>Иван (1): Петр"
    assert wagons(html, roster) == {"Νίκος": ["Άννα", "Μπάμπης"], "Иван": ["Пётр"]}


@pytest.mark.parametrize("colour, grey", [("gray", True), ("#808080", True), ("silver", True),
                                          ("#999", True), ("#000000", False), ("#4000BF", False),
                                          ("white", False), ("darkred", False)])
def test_grey(colour: str, grey: bool) -> None:
    assert is_grey(colour) is grey


# -- forms seen in the wild (issue 21): read, or reported unread ---------------------------------

@pytest.mark.parametrize("html", [
    "Vote Count 2.1<br>Mira: No Lynch<br>Tosk: Pebble<br>Ash: Pebble<br>Bren: Mira",
    "Vote Count 2.1<br>Tosk: Pebble<br>Mira: <b>NO LYNCH</b><br>Ash: Pebble<br>Bren: Mira",
    "Votes cast<br>Mira → No Lynch<br>Tosk → Pebble<br>Ash → Pebble<br>Bren → Mira",
])
def test_a_voter_first_list_with_a_no_lynch_vote(html: str) -> None:
    vc, _ = read_count(html, ROSTER)
    assert vc is not None and not vc.unread
    assert {x.target: sorted(x.voters) for x in vc.lines} == \
        {NO_LYNCH: ["Mira"], "Pebble": ["Ash", "Tosk"], "Mira": ["Bren"]}


def test_two_voter_first_lines_one_of_them_no_lynch() -> None:
    """No candidate's voter can be No Lynch: two lines suffice to read the block voter first."""
    assert wagons("Vote Count 1.1<br>Mira: No Lynch<br>Tosk: Pebble") == \
        {NO_LYNCH: ["Mira"], "Pebble": ["Tosk"]}


@pytest.mark.parametrize("html", [
    "Vote Count 1.1<br>Pebble (2): Mira, Tosk<br>Ash: No Lynch",     # among numbered lines
    "Vote Count 1.1<br>Pebble (1): No Lynch<br>Cole (1): Ash",       # a number, no voter
])
def test_no_lynch_where_a_voter_stands_is_unread(html: str) -> None:
    vc, _ = read_count(html, ROSTER)
    assert vc is not None and vc.unread == ("No Lynch",)


@pytest.mark.parametrize("line, fraction", [
    ("Pebble (2.5): Mira, Tosk", "(2.5)"), ("[2.5] Pebble: Mira, Tosk", "[2.5]"),
    ("Pebble - 2,5 - Mira, Tosk", "2,5"), ("Pebble (1.5/4): Mira, Tosk", "(1.5/4)"),
    ("Pebble has 2.5 votes: Mira, Tosk", "2.5 votes"),
])
def test_a_fractional_number_makes_the_count_unread(line: str, fraction: str) -> None:
    """Weighted votes votal's whole vote weights (MS-05) cannot give: the count is found, its
    voters placed, and it is unread (the audit's V-UNREADABLE-COUNT), never compared."""
    vc, _ = read_count(f"Vote Count 1.1<br>{line}<br>Cole (1): Ash<br>Not voting: Bren", ROSTER)
    assert vc is not None and vc.unread == (fraction,)
    assert {x.target: list(x.voters) for x in vc.lines} == \
        {"Pebble": ["Mira", "Tosk"], "Cole": ["Ash"]}


def test_a_whole_number_written_with_decimals_is_read() -> None:
    vc, _ = read_count("Vote Count 1.1<br>Pebble (2.0): Mira, Tosk<br>Cole (1): Ash", ROSTER)
    assert vc is not None and not vc.unread and [x.count for x in vc.lines] == [2, 1]


@pytest.mark.parametrize("html, want", [
    ("Vote Count 1.2<br>Pebble has 2 votes: Mira, Tosk<br>Quill has 1 vote (Ash)<br>"
     "Not voting: Bren", {"Pebble": ["Mira", "Tosk"], "Quill": ["Ash"]}),
    ("Vote Count<br>Lord Mhork is at 2 votes from Mira and Tosk<br>Ash has 0 votes<br>"
     "Quill now has 1 vote - Bren", {"Lord Mhork": ["Mira", "Tosk"], "Quill": ["Bren"]}),
    ("Conteggio voti<br>Pebble ha 2 voti: Mira, Tosk<br>Quill ha 1 voto: Ash",
     {"Pebble": ["Mira", "Tosk"], "Quill": ["Ash"]}),
])
def test_prose_lines(html: str, want: dict) -> None:
    assert wagons(html, Roster({**PLAYERS, "Quill": ()})) == want


@pytest.mark.parametrize("html", ["Pebble has 2 votes and will be lynched soon.",
                                  "Mira: No Lynch please, nobody is scummy<br>Tosk: I agree"])
def test_prose_that_is_no_count(html: str) -> None:
    assert read_count(html, ROSTER)[0] is None


# -- every layout of the layout reader's cases reads the same by the roster ---------------------

CASES = tomllib.loads((FIXTURES / "votecounts" / "layouts.toml").read_text(encoding="utf-8"))["case"]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_layout_cases_by_the_roster(case: dict) -> None:
    want = case["expected"]
    names = {"Pebble"}
    for line in want.get("lines", []):
        names.update([line["target"], *line["voters"]])
    names.update(want.get("not_voting", []))
    roster = Roster({n: () for n in names | {"Ash", "Bren", "Cole", "Mira", "Tosk", "Quill"}})
    html = case.get("html") or case["text"].replace("\n", "<br>")
    post = read_count_post(html, roster)
    vc = post.votecount
    if want.get("none"):
        assert vc is None
        return
    if "unreadable" in want:   # the layout reader's unreadable lines: names the roster places
        assert vc is not None and [(x.target, x.count, x.voters) for x in vc.lines] == \
            [("Pebble", 2, ("Mira", "Tosk")), ("Quill", 1, ("Ash",))]
        return
    assert vc is not None and vc.label == want.get("label")
    assert [(x.target, x.count, list(x.voters)) for x in vc.lines] == \
        [(x["target"], x["count"], x["voters"]) for x in want["lines"]]
    assert vc.not_voting == (tuple(want["not_voting"]) if "not_voting" in want else None)
    if "majority" in want:
        assert vc.majority == want["majority"]
