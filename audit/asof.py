"""Where a moderator's count is compared: at its own post, or at the post it says it counts up
to ("Vote count as of post 345", "updated through #345", a link to the post; pure).

A count "as of post N" is compared with votal's running count through post N: just before the
first post of the day that follows N. When N is later than the count's own post (an edited
count: the moderator updated it after the thread went on) or is no post of the day, the count is
compared at its own post, and the check says so (``note``): the audit never moves a count past
its own post, and never to a post it cannot place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from votal.scraper.model import Post
from votal.tally.votecounts import AsOf

AS_OF = "as-of"                # compared through the post the count names
LATER = "later"                # it names a post after itself: compared at its own post
NOT_IN_DAY = "not-in-day"      # it names no post of the day: compared at its own post


@dataclass(frozen=True, slots=True)
class ComparedAt:
    """The post just before which the count is compared; the post the count says it counts up
    to (its number, else its id; None: it says none) and what became of it (``status``)."""

    before: Post
    as_of: str | None = None
    status: str = ""
    text: str = ""                 # the count's words ("Updated as of 324")


def compared_at(post: Post, as_of: AsOf | None, day_posts: Sequence[Post]) -> ComparedAt:
    """The point of comparison of the count in ``post`` (``day_posts``: the day's posts in
    thread order, the count's own included)."""
    if as_of is None:
        return ComparedAt(post)
    said = str(as_of.number) if as_of.number is not None else str(as_of.post)
    target = next((p for p in day_posts if (p.number == as_of.number if as_of.number is not None
                                             else p.id == as_of.post)), None)
    if target is None:
        return ComparedAt(post, said, NOT_IN_DAY, as_of.text)
    if target.sort_key() > post.sort_key():
        return ComparedAt(post, said, LATER, as_of.text)
    at = next((p for p in day_posts if p.sort_key() > target.sort_key()), post)
    if at.sort_key() > post.sort_key():
        at = post
    shown = str(target.number) if target.number is not None else target.id
    return ComparedAt(at, shown, AS_OF, as_of.text)
