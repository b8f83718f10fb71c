"""issue 8: a walk is bounded, a repeat ends it, and tally rechecks the pages of its day.

Against a real server on 127.0.0.1 (tests/scraper/fakeforum.py); sleeps are fake.
"""

from __future__ import annotations

import json
import math
import re
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import fakeforum as ff  # noqa: E402

from votal.cli import main  # noqa: E402
from votal.scraper.fetch import scrape  # noqa: E402
from votal.scraper.http import HttpClient, HttpOptions  # noqa: E402
from votal.scraper.store import Store  # noqa: E402

TID = 7


def path(n: int) -> str:
    return f"/fake/t/{TID}" if n == 1 else f"/fake/t/{TID}/page-{n}"


def publish(srv, posts) -> int:
    last = -(-len(posts) // 20)
    for n in range(1, last + 1):
        srv.pages[path(n)] = ff.render_page(TID, posts, n)
    return last


def client(notes=None, **kw) -> HttpClient:
    kw.setdefault("rate", math.inf)
    return HttpClient(HttpOptions(**kw), sleep=lambda s: None,
                      notify=notes.append if notes is not None else None)


@pytest.fixture
def forum():
    with ff.fake_engine(), ff.ForumServer() as srv:
        yield srv


@pytest.mark.parametrize("concurrency", [1, 2])
def test_forum_answering_page_one_for_every_page_ends_the_walk(forum, tmp_path, concurrency):
    publish(forum, ff.make_thread(30))
    forum.ignore_page = True  # /page-N answers page 1, which announces 30 pages
    notes: list[str] = []
    with Store(tmp_path / "s.sqlite") as st, client(notes, concurrency=concurrency) as c:
        summary = scrape(forum.url(path(1)), store=st, client=c, timezone="UTC")
        assert st.page_numbers(summary.thread) == [1]
        assert st.page(summary.thread, 1).url == forum.url(path(1))  # not page 2's URL
        assert len(st.posts(summary.thread)) == 20
    assert summary.pages == 1 and summary.new == 20
    # page 1, page 2 (the repeat), and what was in flight when it was found
    assert summary.requests <= 1 + concurrency
    assert len(notes) == 1 and summary.notes == tuple(notes)
    assert re.search(r"/page-2: page 2 holds only posts already read on page 1 \(the forum "
                     r"ignores or rewrites the page number\); stopped there", notes[0])


def test_cli_prints_the_stop_on_stderr(forum, tmp_path, capsys):
    publish(forum, ff.make_thread(5))
    forum.ignore_page = True
    code = main(["scrape", forum.url(path(1)), "--db", str(tmp_path / "s.sqlite"),
                 "--rate", "1000", "--concurrency", "1"])
    out = capsys.readouterr()
    assert code == 0
    assert "1 page, 20 posts, 20 new" in out.out
    assert "page 2 holds only posts already read on page 1" in out.err
    assert len(forum.log) == 2


def test_a_thread_that_keeps_announcing_more_pages_is_bounded_per_run(forum, tmp_path):
    posts = ff.make_thread(60)
    for n in range(1, 61):  # every page says the thread has one page more than that page
        html = ff.render_page(TID, posts, n)
        forum.pages[path(n)] = html.replace('data-last="60"', f'data-last="{n + 1}"')
    notes: list[str] = []
    with Store(tmp_path / "s.sqlite") as st, client(notes) as c:
        first = scrape(forum.url(path(1)), store=st, client=c, timezone="UTC")
        # announced 2 pages when the walk began: 2 + the margin of 10
        assert first.pages == 12 and st.page_numbers(first.thread) == list(range(1, 13))
        assert "stopped after 12 pages" in notes[-1] and "run again to continue" in notes[-1]
        again = scrape(forum.url(path(1)), store=st, client=c, timezone="UTC")
        assert st.last_page(first.thread) == 23  # a re-run continues from page 12
    assert first.requests == 12 and again.requests == 12


def test_a_clamped_page_after_the_last_adds_nothing(forum, tmp_path):
    """A forum answering page N for N+1 (pagination announcing one page too many)."""
    posts = ff.make_thread(3)
    publish(forum, posts)
    forum.pages[path(3)] = forum.pages[path(3)].replace('data-last="3"', 'data-last="4"')
    forum.pages[path(4)] = forum.pages[path(3)].replace('data-current="3"', 'data-current="3"')
    notes: list[str] = []
    with Store(tmp_path / "s.sqlite") as st, client(notes, concurrency=1) as c:
        summary = scrape(forum.url(path(1)), store=st, client=c, timezone="UTC")
        assert st.page_numbers(summary.thread) == [1, 2, 3]
        assert st.page(summary.thread, 3).url == forum.url(path(3))
    assert summary.new == 60 and summary.requests == 4
    assert "page 4 holds only posts already read on page 3" in notes[0]


# ---- tally rechecks the pages of the day it counts (C-07) ------------------------------------

ATH = timezone(timedelta(hours=2))


def two_day_thread() -> list[ff.FakePost]:
    """80 posts: pages 1–2 on day 1 (3 Nov, before the 20:00 deadline), pages 3–4 on day 2."""
    posts = ff.make_thread(4, start=datetime(2026, 11, 3, 10, 0, tzinfo=ATH))
    for p in posts[40:]:
        p.time = datetime(2026, 11, 4, 10, 0, tzinfo=ATH) + timedelta(minutes=p.number)
    posts[45].html = ff.vote("Νίκος")  # page 3, by posts[45].author
    posts[50].html = ff.vote("Ελένη")
    return posts


def tally_json(game, db, *extra) -> dict:
    return ["tally", str(game), "--db", str(db), "--format", "json", "--rate", "1000",
            "--at", "2026-11-04T21:00", *extra]


def counted(out: str) -> dict[str, str]:
    return {v["voter"]: v["target"] for v in json.loads(out)["votes"] if v["status"] == "counted"}


def test_tally_sees_an_edit_on_an_earlier_page_of_its_day(forum, tmp_path, capsys):
    posts = two_day_thread()
    publish(forum, posts)
    game = ff.write_game(tmp_path, forum.url(path(1)))
    db = tmp_path / "s.sqlite"
    assert main(tally_json(game, db, "--day", "2")) == 0
    first = capsys.readouterr().out
    voter = posts[45].author
    assert counted(first)[voter] == "Νίκος"

    # the voter edits his old post on page 3 (the thread now has 5 pages)
    posts[45].html = ff.vote("Χάρης")
    posts += [ff.FakePost(5000 + i, 81 + i, "Ηλίας", datetime(2026, 11, 4, 15, i, tzinfo=ATH),
                          f"<p>later {i}</p>") for i in range(20)]
    publish(forum, posts)

    # scrape alone asks from the last known page on, and says what it did not recheck
    before = len(forum.log)
    assert main(["scrape", forum.url(path(1)), "--db", str(db), "--rate", "1000"]) == 0
    out = capsys.readouterr().out
    assert "0 edited" in out and "pages 1–3 not rechecked for edits (--full rechecks them)" in out
    assert {p for _, p, _ in forum.log[before:]} == {path(4), path(5)}

    # tally rechecks the pages holding day 2, from the page before its first on
    before = len(forum.log)
    assert main(tally_json(game, db, "--day", "2")) == 0
    result = json.loads(capsys.readouterr().out)
    asked = [(p, s) for _, p, s in forum.log[before:]]
    assert path(1) not in {p for p, _ in asked}  # day 1's first page is not asked again
    assert (path(3), 200) in asked and path(2) in {p for p, _ in asked}
    # C-07: the first version counts; the edit is reported
    assert counted(json.dumps(result))[voter] == "Νίκος"
    assert any(v["rule"] == "V-EDITED-VOTE" and v["player"] == voter
               for v in result["violations"]), result["violations"]


def test_tally_of_an_unchanged_thread_rechecks_with_304s(forum, tmp_path, capsys):
    publish(forum, two_day_thread())
    game = ff.write_game(tmp_path, forum.url(path(1)))
    db = tmp_path / "s.sqlite"
    assert main(tally_json(game, db)) == 0
    capsys.readouterr()
    before = len(forum.log)
    assert main(tally_json(game, db)) == 0  # default day: the last day with posts (day 2)
    assert sorted(forum.log[before:]) == sorted(
        [("GET", path(4), 304), ("GET", path(2), 304), ("GET", path(3), 304),
         ("GET", path(4), 304)])
