"""A count that says which post it counts up to is compared there (audit/asof.py, issue 21).

"Vote count as of post 3" posted at post 5 is compared with votal's running count through post 3,
not at post 5; a count naming a post after itself, or no post of the day, is compared at its own
post and says so. Own games and words (MS-01: a later vote replaces the earlier one).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from votal.audit.asof import AS_OF, LATER, NOT_IN_DAY, compared_at
from votal.audit.replay import audit_game
from votal.report.audit_report import build_audit
from votal.scraper.model import Post
from votal.tally.replay import GamePosts
from votal.tally.rostercount import Roster, read_count
from votal.tally.validate import parse_game
from votal.tally.votecounts import AsOf, find_as_of, parse_as_of, read_mod_post

T0 = datetime(2026, 11, 2, 10, 0, tzinfo=UTC)
THREAD = "https://forum.example/viewtopic.php?t=77"


def _post(n: int, author: str, html: str) -> Post:
    return Post(id=str(9000 + n), number=n, thread=THREAD, url=f"{THREAD}&p={9000 + n}",
                author=author, author_id=None, time=T0 + timedelta(minutes=10 * n), edited=None,
                html=html)


def _game():
    return parse_game({
        "title": "As-of fixture", "ruleset": "mafiascum", "timezone": "UTC", "language": "en",
        "moderators": ["Mod"], "source": {"posts": "posts.jsonl"},
        "schedule": {"day1": T0.date(), "deadline": "23:00", "day_change": "23:00",
                     "day": {"1": {"start": T0 - timedelta(hours=1),
                                   "deadline": T0 + timedelta(hours=12)}}},
        "players": [{"name": n} for n in ("Anna", "Bill", "Chris", "Dora", "Eve")],
    }, path="as-of")


def _votes() -> list[Post]:
    return [_post(1, "Anna", "<b>VOTE: Bill</b>"), _post(2, "Chris", "<b>VOTE: Bill</b>"),
            _post(3, "Dora", "<b>VOTE: Anna</b>"),
            _post(4, "Chris", "<b>VOTE: Dora</b> changed my mind")]   # after "as of post 3"


def _audit(count_html: str, number: int = 5):
    posts = [*_votes(), _post(number, "Mod", count_html)]
    audit = audit_game(_game(), GamePosts(tuple(sorted(posts, key=Post.sort_key)), None))
    (check,) = audit.days[0].counts
    return audit, check


COUNT = "Bill (2) - Anna, Chris<br>Anna (1) - Dora<br>Not voting: Bill, Eve"


@pytest.mark.parametrize("words", [
    "Vote count 1.1 (as of post 3)", "Vote Count 1.1, updated through #3", "VC as of p.3",
    "Vote count 1.1 — as of 3", "Conteggio voti 1.1 aggiornato al post 3",
    "Подсчёт голосов 1.1 по состоянию на пост 3", "Καταμέτρηση 1.1 ενημερωμένη έως την ανάρτηση 3",
])
def test_a_count_as_of_an_earlier_post_is_compared_there(words):
    """Chris moved to Dora in post 4; the count says it counts up to post 3: it agrees."""
    audit, check = _audit(f"<b>{words}</b><br>{COUNT}")
    assert check.agrees, check
    assert (check.as_of, check.as_of_status) == ("3", AS_OF)
    text = "\n".join(x.text for x in build_audit(audit.to_dict(), "en").lines)
    assert "compared as of post 3" in text


def test_the_same_count_without_as_of_differs_by_the_later_vote():
    _, check = _audit(f"<b>Vote count 1.1</b><br>{COUNT}")
    assert not check.agrees and check.as_of is None
    assert [(d.voter, d.announced, d.computed) for d in check.differences] == [
        ("Chris", "Bill", "Dora")]


def test_a_link_to_the_post_counted_up_to():
    html = (f'<b>Vote count 1.1</b> as of <a href="{THREAD}&p=9003#p9003">this post</a>'
            f"<br>{COUNT}")
    _, check = _audit(html)
    assert check.agrees and (check.as_of, check.as_of_status) == ("3", AS_OF)


def test_a_post_after_the_count_itself_is_compared_at_its_own_post():
    """An edited count ("Updated as of 7", posted as post 5): compared at post 5, said."""
    audit, check = _audit(f"<b>Vote count 1.1</b> Updated as of 7.<br>{COUNT}")
    assert (check.as_of, check.as_of_status) == ("7", NOT_IN_DAY)   # post 7 does not exist
    posts = [*_votes(), _post(5, "Mod", "x"), _post(6, "Eve", "hi"), _post(7, "Bill", "hello")]
    at = compared_at(posts[4], AsOf(7, None, "as of 7"), posts)
    assert at.before is posts[4] and at.status == LATER
    assert not check.agrees     # Chris's post 4 moved him: compared at post 5, it differs
    text = "\n".join(x.text for x in build_audit(audit.to_dict(), "en").lines)
    assert "no post of the day; compared at its own post" in text
    json = audit.to_dict()["days"][0]["votecounts"][0]
    assert json["as_of"] == "7" and json["as_of_status"] == NOT_IN_DAY


def test_as_of_the_latest_post_is_the_count_at_its_own_post():
    _, check = _audit("<b>Vote count 1.1 as of post 4</b><br>Bill (1) - Anna<br>Anna (1) - Dora"
                      "<br>Dora (1) - Chris<br>Not voting: Bill, Eve")
    assert check.agrees and check.as_of_status == AS_OF


@pytest.mark.parametrize("text", [
    "Thor665 is V/LA until Friday", "V/LA: bjc until the 27th.", "Titus V/LA through 5/17",
    "Deadline: as of 10 pm tonight", "as of 10:30", "Recent as of Anna's vote a few posts below.",
    "V/LA until post-hurricane", "It takes 3 to lynch, up to 2 votes each",
])
def test_dates_times_and_prose_are_no_post(text):
    assert parse_as_of(text) is None


def test_every_reader_gives_the_as_of():
    html = f"<b>Vote count 1.1 (as of post 3)</b><br>{COUNT}"
    roster = Roster({n: () for n in ("Anna", "Bill", "Chris", "Dora", "Eve")})
    vc, _ = read_count(html, roster)
    assert vc is not None and vc.as_of == AsOf(3, None, "as of post 3")
    layout = read_mod_post(html).votecount
    assert layout is not None and layout.as_of == vc.as_of
    # a quoted "as of" is someone else's words
    assert find_as_of("<blockquote>as of post 2</blockquote>Vote count") is None
