"""audit/explain.py: each disagreement says which side is likely right and why (issue 15)."""

from __future__ import annotations

from votal.audit.compare import compare_count, make_resolver
from votal.audit.explain import Context
from votal.tally.votecounts import parse_votecount

PLAYERS = {"Nikos": ["Nick"], "Anna": [], "Bill": [], "Chris": [], "Dora": []}
RESOLVE = make_resolver(PLAYERS)


def _vote(voter, target, post, status="counted"):
    return {"voter": voter, "target": target, "post": post, "url": f"https://f.example/{post}",
            "status": status, "rule": "MS-01"}


def _running(votes, review=()):
    tally: dict[str, list[str]] = {}
    for v in votes:
        if v["status"] == "counted" and v["target"]:
            tally.setdefault(v["target"], []).append(v["voter"])
    return {"votes": list(votes), "review": list(review),
            "tally": [{"player": t, "votes": len(vs), "voters": vs} for t, vs in tally.items()]}


def _why(count_text, votes, review=(), day_votes=None, **ctx):
    running = _running(votes, review)
    check = compare_count(parse_votecount(count_text), running, RESOLVE,
                          ctx=Context(tuple(day_votes or votes), resolve=RESOLVE, **ctx))
    return [(d.voter, d.cause, d.likely, d.post, d.suggestion) for d in check.differences]


def test_a_vote_without_an_unvote_kept_by_the_moderator_suggests_unvote_required():
    votes = [_vote("Anna", "Bill", "1"), _vote("Anna", "Chris", "2")]   # no unvote between
    assert _why("Votecount 1.1\nBill (1): Anna\nNikos (0)", votes) == [
        ("Anna", "unvote-required", "moderator", "2",
         {"option": "unvote_required", "value": True, "rule": "MS-09"})]
    # Told already (MS-09 on): the moderator simply missed the change.
    assert _why("Votecount 1.1\nBill (1): Anna\nNikos (0)", votes, unvote_required=True)[0][1] \
        == "missed"


def test_the_moderator_missed_a_change_after_an_unvote():
    votes = [_vote("Anna", "Bill", "1", "ignored"), _vote("Anna", None, "2", "ignored"),
             _vote("Anna", "Chris", "3")]
    assert _why("Votecount 1.1\nBill (1): Anna\nNikos (0)", votes) == [
        ("Anna", "missed", "votal", "3", None)]


def test_a_vote_left_for_a_human_that_the_moderator_read_suggests_an_alias():
    review = [{"rule": "V-UNKNOWN-TARGET", "player": "Anna", "post": "4", "text": "Nicky boy",
               "url": "https://f.example/4"}]
    assert _why("Votecount 1.1\nNikos (1): Anna\nBill (0)", [], review) == [
        ("Anna", "unresolved-vote", "moderator", "4", {"alias": "Nicky boy", "player": "Nikos"})]


def test_a_name_no_player_answers_to_suggests_an_alias():
    votes = [_vote("Anna", "Nikos", "1")]
    assert _why("Votecount 1.1\nNikolaos (1): Anna\nBill (0)", votes) == [
        ("Anna", "unknown-name", "unclear", None, {"alias": "Nikolaos", "player": "Nikos"})]


def test_a_vote_posted_after_the_count_and_a_vote_never_cast():
    later = _vote("Anna", "Dora", "9")
    assert _why("Votecount 1.1\nDora (1): Anna\nBill (0)", [], day_votes=[later]) == [
        ("Anna", "after-count", "votal", "9", None)]
    votes = [_vote("Anna", "Nikos", "1")]
    assert _why("Votecount 1.1\nChris (1): Anna\nBill (0)", votes) == [
        ("Anna", "mis-assigned", "votal", "1", None)]


def test_not_voting_line_against_a_counted_vote():
    votes = [_vote("Anna", "Nikos", "1"), _vote("Bill", "Nikos", "2")]
    diffs = _why("Votecount 1.1\nNikos (1): Bill\nNot voting: Anna, Chris", votes)
    assert diffs == [("Anna", "missed", "votal", "1", None)]


def test_a_voter_listed_under_two_candidates_is_the_moderators_old_vote_kept():
    """Issue 21: a count that lists a voter under his new target and his old one (the moderator
    did not take off the vote the new one replaced, MS-01) names the new vote's post; it is not
    read as a rule that votes need an unvote (which would keep him on the old one only)."""
    votes = [_vote("Anna", "Bill", "1", "ignored"), _vote("Anna", "Chris", "2")]
    assert _why("Votecount 1.1\nBill (1): Anna\nChris (1): Anna\nNikos (0)", votes) == [
        ("Anna", "listed-twice", "votal", "2", None)]
    # The same voter under two candidates on both sides (a double voter, MS-08) agrees.
    double = [_vote("Anna", "Bill", "1"), _vote("Anna", "Chris", "2")]
    assert _why("Votecount 1.1\nBill (1): Anna\nChris (1): Anna\nNikos (0)", double) == []
