"""`mafia-forum-ru` rules (MR-*): reasoned votes, agreement by quote, no change, first to max."""

from __future__ import annotations

from votal.scraper.model import Post
from votal.tally.bodies.extract import MarkKind, PostReading, words_besides
from votal.tally.model import Outcome, OutcomeKind, Reason, ReviewItem, Status
from votal.tally.rules.common import first_to_reach, names_of
from votal.tally.rules.context import (
    Ballot,
    Day,
    Inputs,
    Outputs,
    Players,
    Votes,
    parts,
    post_time,
)
from votal.tally.rules.reading import has_ruling, reading, uncoloured_vote


def no_reason(day: Day, b: Ballot) -> None:
    """MR-02: a vote needs reasons (≥ 3 words of the voter's own text besides the name)."""
    if b.rule == "MR-03":
        return  # the quote stands for the reasons
    r = reading(day, b.post)
    mark = next((m for m in r.marks if m.kind is MarkKind.RED), None)
    if mark is not None and words_besides(r, mark, names_of(day, b.target)) < \
            day.inputs.options.reason_words:
        b.decide(Status.INVALID, "MR-02", "no reasons given")
        day.out.violate("V-NO-REASON", day.players.name(b.voter), b.post)


def agreement(day: Day) -> None:
    """MR-03: quoting another player's accepted vote of the same turn is a vote for the same target.

    A quote of anything else (a post of another turn, a rejected vote) makes no vote and no
    violation. The new ballots then pass the same filters as the others.
    """
    accepted = {b.post.id: b for b in day.votes.ballots if b.status is None and b.target is not None}
    voted = {b.post.id for b in day.votes.ballots}
    added: list[Ballot] = []
    for post in day.inputs.vote_posts:
        voter = day.inputs.author_slot(post.author, post_time(post))
        if voter is None or post.id in voted:
            continue
        r = reading(day, post, full=True)
        source = _quoted_vote(day, post, voter, r, accepted)
        if source is None:
            continue
        b = Ballot(post, voter, source.target, source.text, rule="MR-03",
                   note=f"agrees with post {source.post.id}")
        added.append(b)
    if added:
        day.votes.ballots = sorted(day.votes.ballots + added, key=lambda x: (x.post.sort_key(), x.order))
        for i, b in enumerate(day.votes.ballots):
            b.order = i


def _quoted_vote(day: Day, post: Post, voter: str, r: PostReading,
                 accepted: dict[str, Ballot]) -> Ballot | None:
    """The accepted vote a post quotes or links to (MR-03): by post id, else by quoted author.

    A quote holding a red name that can be tied to no post and no author goes to review.
    """
    t = post_time(post)
    refs = [q.post_id for q in r.quotes if q.post_id] + list(r.links)
    for ref in refs:
        b = accepted.get(ref)
        if b is not None and b.time < t and b.voter != voter:
            return b
    for q in r.quotes:
        reds = [m for m in q.marks if m.kind is MarkKind.RED]
        if q.post_id or not reds:
            continue
        author = day.inputs.author_slot(q.author, t) if q.author else None
        if author is None:
            day.out.review.append(ReviewItem("V-UNRESOLVED-QUOTE", day.players.name(voter),
                                             post.id, post.url, reds[0].text))
            continue
        res = day.inputs.resolver.resolve(reds[0].text)
        target = day.players.timeline.slot_of(res.player) if res.player else None
        found = [b for b in accepted.values() if b.voter == author and b.target == target
                 and b.time < t and author != voter]
        if found:
            return found[-1]
    return None


@parts
def select_first_accepted(votes: Votes, players: Players, out: Outputs) -> None:
    """MR-04: the first accepted vote of the turn stands; a later change is a violation."""
    for b in votes.ballots:
        if b.status is not None:
            continue
        first = votes.final.get(b.voter)
        if first is None:
            votes.final[b.voter] = b
        elif first.target == b.target:
            b.decide(Status.IGNORED, "MR-04", "same vote again")
        else:
            b.decide(Status.IGNORED, "MR-04", "a vote cannot be changed")
            out.violate("V-VOTE-CHANGE", players.name(b.voter), b.post)


@parts
def first_to_max(votes: Votes, players: Players) -> Outcome | None:
    """MR-05: in a tie, the tied player who first reached the final top count is hanged."""
    first = first_to_reach(votes, players)
    if first is None:
        return None
    return Outcome(OutcomeKind.ELIMINATED, (first,), Reason.FIRST_TO_MAX, "MR-05")


@parts
def refusals(inputs: Inputs, players: Players, out: Outputs) -> None:
    """MR-06: two refusals to vote in the game: the player goes missing (reason no-vote)."""
    for slot in players.absent:
        players.carried.refusals[slot] += 1
        if players.carried.refusals[slot] >= inputs.options.refusals:
            out.removal(slot, "no-vote", "MR-06")


def not_red(day: Day) -> None:
    """A player's name marked in another colour than red is no vote (MR-02, V-NOT-RED)."""
    voted = {b.post.id for b in day.votes.ballots}
    voters = {b.voter for b in day.votes.ballots}
    for post in day.inputs.vote_posts:
        voter = day.inputs.author_slot(post.author, post_time(post))
        if voter is None or post.id in voted or not day.players.active(voter, post_time(post)):
            continue
        name = _coloured_name(day, post)
        if name is not None:
            day.out.violate("V-NOT-RED", day.players.name(voter), post,
                            f"{name} is not marked in red")
        elif voter not in voters and (named_slot := uncoloured_vote(day, post)) is not None \
                and not has_ruling(day, post):
            # a vote word before a player's name in no colour at all (bold, plain): no vote by
            # MR-02, but whether the post meant one is the moderator's call: review, never
            # silence (a ruling [post, target] decides it)
            text = reading(day, post, full=True).own_text
            day.out.review.append(ReviewItem(
                "V-NOT-RED", day.players.name(voter), post.id, post.url, text[:300],
                (day.players.name(named_slot),)))


def _coloured_name(day: Day, post: Post) -> str | None:
    """The first player name the author's own text marks in a colour that is not red (read with
    the post's marks: the body is parsed once, never by a rule)."""
    for _colour, text in reading(day, post).coloured:
        res = day.inputs.resolver.resolve(text)
        if res.player is not None and res.how in ("exact", "folded", "alias"):
            return text
    return None
