"""The engine on small hand-made games: contract of the result, running counts, MS rules."""

from __future__ import annotations

from datetime import UTC

from votal.tally.engine import tally_day, tally_game
from votal.tally.model import Status

from .helpers import Thread, at, make_game

UTC = UTC
MS = {"schedule": {"deadline": "23:59", "day_change": "23:59"}, "timezone": "UTC"}
RESULT_KEYS = {"game", "ruleset", "day", "language", "timezone", "thread", "start", "deadline",
               "majority", "tally", "outcome", "absent", "removed", "votes", "violations",
               "review", "revealed", "notes", "end", "provisional", "as_of", "private"}
VOTE_KEYS = {"voter", "target", "post", "url", "time", "weight", "status", "rule", "window", "note"}


def test_result_dict_has_the_contract_fields():
    th = Thread()
    th.vote("A", at(2, 10), "B")
    th.vote("B", at(2, 11), "B")                    # V-SELF
    th.vote("C", at(2, 12), "Bx-unknown-zzz")      # review, not a vote
    d = tally_day(make_game(), th.game_posts(), 1).to_dict()
    assert set(d) == RESULT_KEYS
    assert set(d["votes"][0]) == VOTE_KEYS
    assert set(d["private"]) >= {"roles", "effects", "seed"}
    assert d["tally"] == [{"player": "B", "votes": 1, "voters": ["A"]}]
    assert [(v["voter"], v["status"], v["rule"]) for v in d["votes"]] == [
        ("A", "counted", "PX-01"), ("B", "invalid", "C-03")]
    assert d["violations"][0]["rule"] == "V-SELF" and d["violations"][0]["post"] == "1002"
    assert d["review"][0]["rule"] == "V-UNKNOWN-TARGET" and d["review"][0]["text"] == "Bx-unknown-zzz"
    assert d["deadline"] == "2026-11-02T20:00:00+02:00" and d["start"] == "2026-11-02T03:00:00+02:00"
    assert sorted(d["absent"]) == ["B", "C", "D", "E"]


def test_superseded_votes_stay_in_the_list_in_post_order():
    th = Thread()
    th.vote("A", at(2, 10), "B")
    th.vote("A", at(2, 11), "C")
    r = tally_day(make_game(), th.game_posts(), 1)
    assert [(v.target, v.status) for v in r.votes] == [("B", Status.IGNORED), ("C", Status.COUNTED)]


def test_running_count_until_a_post():
    th = Thread()
    th.vote("A", at(2, 10), "B")
    th.vote("C", at(2, 11), "B")
    p3 = th.vote("D", at(2, 12), "A")
    r = tally_day(make_game(), th.game_posts(), 1, until=(p3.time, p3.number))
    assert [(t.player, t.votes) for t in r.tally] == [("B", 2)]
    assert r.removed == ()


def test_elimination_carries_into_the_next_day_without_event():
    th = Thread()
    for voter in "ACD":
        th.vote(voter, at(2, 10), "B")
    th.vote("B", at(3, 10), "A")                   # B is a ghost on day 2
    days = tally_game(make_game(), th.game_posts())
    assert days[0].outcome.players == ("B",)
    assert [v.code for v in days[1].violations] == ["V-INACTIVE-VOTER"]


def test_immunity_void_without_blame_before_and_invalid_after():
    g = make_game(players=["A", "B", "C", "D", {"name": "E", "role": "emperor"}], events=[
        {"type": "immunity", "actor": "E", "target": "B", "day": 2, "at": at(3, 13)}])
    th = Thread()
    for v, t in zip("ABCDE", "BCDEA"):
        th.vote(v, at(2, 10), t)
    th.vote("A", at(3, 10), "B")                    # before the immunity: void, no blame
    th.vote("C", at(3, 14), "B")                    # after: invalid, V-INVALID-TARGET
    r = tally_day(g, th.game_posts(), 2)
    by_voter = {v.voter: v for v in r.votes}
    assert by_voter["A"].status is Status.VOID and by_voter["A"].rule == "C-04"
    assert by_voter["C"].status is Status.INVALID
    assert "A" not in r.absent and "C" in r.absent
    assert [v.code for v in r.violations] == ["V-INVALID-TARGET"]


def test_arrest_means_no_elimination():
    g = make_game(events=[{"type": "card", "card": "arrest", "actor": "A", "target": "C",
                           "day": 1, "at": at(2, 12)}])
    th = Thread()
    th.vote("A", at(2, 10), "B")
    th.vote("C", at(2, 13), "B")                    # arrested: a ghost now
    r = tally_day(g, th.game_posts(), 1)
    assert r.outcome.kind.value == "no-elimination" and r.outcome.reason.value == "arrest"
    assert [v.code for v in r.violations] == ["V-INACTIVE-VOTER"]


# -- mafiascum -----------------------------------------------------------------------------------

def tag(name: str) -> str:
    return f'<span class="bbvote">VOTE: {name}</span>'


def ms_thread(*votes: tuple[str, int, str]) -> Thread:
    th = Thread()
    for author, hour, html in votes:
        th.add(author, at(2, hour, tz=UTC), html)
    return th


def test_hammer_ends_the_day_and_later_votes_do_not_count():
    g = make_game("mafiascum", **MS)                # 5 players: majority 3
    th = ms_thread(("A", 1, tag("B")), ("C", 2, tag("B")), ("D", 3, tag("B")),
                   ("E", 4, tag("A")), ("A", 5, "<b>unvote</b>"))
    r = tally_day(g, th.game_posts(), 1)
    assert r.majority == 3
    assert (r.outcome.kind.value, r.outcome.players, r.outcome.reason.value) == (
        "eliminated", ("B",), "majority")
    assert [v.status.value for v in r.votes][-1] == "ignored"


def test_a_bold_unvoting_alone_takes_the_vote_off():
    """MS-01: a post whose only command is a bold "Unvoting" holds no "vote" word; the tally's
    skip of bodies that cannot hold a mark must still read it (the vote was left standing)."""
    g = make_game("mafiascum", **MS)
    th = ms_thread(("A", 1, tag("B")), ("C", 2, tag("B")), ("A", 3, "<p><b>Unvoting</b></p>"))
    r = tally_day(g, th.game_posts(), 1)
    assert {t.player: t.votes for t in r.tally} == {"B": 1}
    assert [(v.voter, v.target) for v in r.votes][-1] == ("A", None)


def test_unvote_and_plurality_at_deadline_and_no_lynch_tie():
    g = make_game("mafiascum", **MS)
    th = ms_thread(("A", 1, tag("B")), ("C", 2, tag("B")), ("A", 3, "unvote"),
                   ("D", 4, tag("E")))
    r = tally_day(g, th.game_posts(), 1)
    assert {t.player: t.votes for t in r.tally} == {"B": 1, "E": 1}
    assert (r.outcome.kind.value, r.outcome.reason.value) == ("no-elimination", "no-lynch")


def test_no_lynch_target_and_one_less_option():
    g = make_game("mafiascum", options={"one_less_for_no_lynch": True}, **MS)
    th = ms_thread(("A", 1, tag("No Lynch")), ("B", 2, tag("no lynch")))
    r = tally_day(g, th.game_posts(), 1)
    assert (r.outcome.kind.value, r.outcome.reason.value) == ("no-elimination", "no-lynch")
    assert r.outcome.rule == "MS-02"


def test_double_voter_weight_reaches_majority():
    g = make_game("mafiascum", players=[{"name": "A", "vote_weight": 2}, "B", "C", "D", "E"], **MS)
    th = ms_thread(("A", 1, tag("B")), ("C", 2, tag("B")))
    r = tally_day(g, th.game_posts(), 1)
    assert r.tally[0].votes == 3 and r.outcome.reason.value == "majority"


def test_replacement_keeps_the_slot_vote():
    g = make_game("mafiascum", players=["A", "B", "C", "D", "E", "Sub"], events=[
        {"type": "replaced", "old": "A", "new": "Sub", "day": 1, "at": "2026-11-02T05:00:00Z"}],
        **MS)
    th = ms_thread(("A", 1, tag("B")), ("C", 2, tag("A")), ("Sub", 6, tag("C")),
                   ("D", 7, tag("Sub")))
    r = tally_day(g, th.game_posts(), 1)
    assert {t.player: t.votes for t in r.tally} == {"Sub": 2, "C": 1}
    assert r.majority == 3   # five slots, not six players


def test_until_counts_only_posts_strictly_before_time_and_number():
    th = Thread()
    th.vote("A", at(2, 10), "B")
    second = th.vote("C", at(2, 10), "B")          # same minute, later number
    r = tally_day(make_game(), th.game_posts(), 1, until=(second.time, second.number))
    assert [(t.player, t.votes) for t in r.tally] == [("B", 1)]
    r = tally_day(make_game(), th.game_posts(), 1, until=(second.time, second.number + 1))
    assert [(t.player, t.votes) for t in r.tally] == [("B", 2)]


# -- MS-03 with tie = "first-to-reach" (issue 21 item 6) -----------------------------------------

def _tie_thread() -> Thread:
    """7 players (majority 4): E reaches 2 at hour 3, B reaches 2 at hour 5 → tied 2-2 at the
    deadline; A's early vote for B, changed to E and back, does not make B first."""
    return ms_thread(("A", 1, tag("B")), ("C", 2, tag("E")), ("D", 3, tag("E")),
                     ("A", 4, "<b>unvote</b> " + tag("F")), ("F", 5, tag("B")),
                     ("A", 6, tag("B")))


def test_a_tie_at_the_deadline_is_no_lynch_by_default():
    """MS-03: plurality at the deadline, nobody on a tie (the default, ``tie = "no-lynch"``)."""
    g = make_game("mafiascum", players=list("ABCDEFG"), **MS)
    r = tally_day(g, _tie_thread().game_posts(), 1)
    assert {t.player: t.votes for t in r.tally} == {"B": 2, "E": 2}
    assert (r.outcome.kind.value, r.outcome.reason.value, r.outcome.rule) == (
        "no-elimination", "no-lynch", "MS-03")


def test_first_to_reach_gives_the_tie_to_who_reached_the_top_count_first():
    """MS-03 with ``tie = "first-to-reach"``: E's standing votes made 2 at hour 3, B's only at
    hour 6 (A's hour-1 vote for B was withdrawn: it is no part of B's final count)."""
    g = make_game("mafiascum", players=list("ABCDEFG"), options={"tie": "first-to-reach"}, **MS)
    r = tally_day(g, _tie_thread().game_posts(), 1)
    assert (r.outcome.kind.value, r.outcome.players, r.outcome.reason.value, r.outcome.rule) == (
        "eliminated", ("E",), "first-to-max", "MS-03")
    # a sole leader is the plurality lynch whatever the option; `deadline = "no-lynch"` wins over it
    th = _tie_thread()
    th.add("G", at(2, 7, tz=UTC), tag("B"))
    assert tally_day(g, th.game_posts(), 1).outcome.reason.value == "plurality"
    g2 = make_game("mafiascum", players=list("ABCDEFG"), **MS,
                   options={"tie": "first-to-reach", "deadline": "no-lynch"})
    assert tally_day(g2, _tie_thread().game_posts(), 1).outcome.kind.value == "no-elimination"


def test_first_to_reach_no_lynch_first_means_nobody_is_lynched():
    """MS-01: No Lynch is a target; tied with a player and first to the top count: no lynch."""
    g = make_game("mafiascum", players=list("ABCDEFG"), options={"tie": "first-to-reach"}, **MS)
    th = ms_thread(("A", 1, tag("No Lynch")), ("C", 2, tag("No Lynch")), ("D", 3, tag("E")),
                   ("F", 4, tag("E")))
    r = tally_day(g, th.game_posts(), 1)
    assert (r.outcome.kind.value, r.outcome.reason.value) == ("no-elimination", "no-lynch")


def test_the_tie_option_takes_only_its_two_words():
    import pytest

    from votal.errors import GameFileError
    with pytest.raises(GameFileError, match="tie"):
        make_game("mafiascum", options={"tie": "first"}, **MS)
