"""`votal init` and `votal check` (issue 13): game files started from a thread's first page(s).

The demo's first post lists nine players inline after "Παίκτες:"; fixtures/init/make_pages.py builds
first pages of six engines with sign-up lists in six forms; the real pages of
../shared/real/engines/ have no sign-up lists (every poster but the starter is a player).
"""

from __future__ import annotations

import re
import sys
import tomllib

import pytest

from votal.app.load import load_game, load_posts
from votal.cli import main
from votal.errors import GameFileError
from votal.tally.engine import tally_day

from .conftest import FIXTURES, ROOT, SHARED

sys.path.insert(0, str(FIXTURES / "init"))
from make_pages import EXPECTED, PAGES, write_pages  # noqa: E402

DEMO_PLAYERS = ["Λάμπρος", "Νίκος", "Ελένη", "Φώτης", "Γιώτα", "Χάρης", "Δήμητρα", "Σωτήρης",
                "Κατερίνα"]


def _init(capsys, *args) -> tuple[int, str, str]:
    code = main(["init", *map(str, args)])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_init_on_the_demo_finds_its_nine_players_and_tallies_day_one(tmp_path, capsys):
    game_file = tmp_path / "game.toml"
    code, out, _ = _init(capsys, FIXTURES / "demo" / "pages", "--out", game_file)
    assert code == 0
    assert "players: 9 from the list after 'Παίκτες'" in out
    assert "ruleset palermo-extreme: a guess ('Extreme' in the title)" in out   # said aloud
    data = tomllib.loads(game_file.read_text(encoding="utf-8"))
    assert [p["name"] for p in data["players"]] == DEMO_PLAYERS
    assert data["moderators"] == ["Αφηγητής"]
    assert (data["timezone"], data["language"], str(data["schedule"]["day1"])) == \
        ("Europe/Athens", "el", "2026-11-02")
    assert "# role = \"mayor\"" in game_file.read_text(encoding="utf-8")       # commented example
    game = load_game(game_file)                                                # no edits
    result = tally_day(game, load_posts(game), 1)
    # the demo without its private mayor: Νίκος 4, Φώτης 4 after the window (fixtures/demo/README)
    assert [(r.player, r.votes) for r in result.tally] == [("Νίκος", 4), ("Φώτης", 4)]
    assert result.absent == ("Κατερίνα",)


def test_init_never_overwrites(tmp_path, capsys):
    game_file = tmp_path / "game.toml"
    game_file.write_text("# mine\n", encoding="utf-8")
    code, _, err = _init(capsys, FIXTURES / "demo" / "pages", "--out", game_file)
    assert code == 2 and "already exists" in err and "--force" in err
    assert game_file.read_text(encoding="utf-8") == "# mine\n"
    code, _, _ = _init(capsys, FIXTURES / "demo" / "pages", "--out", game_file, "--force")
    assert code == 0 and "[[players]]" in game_file.read_text(encoding="utf-8")


def test_init_with_a_ruleset_and_bad_input(tmp_path, capsys):
    game_file = tmp_path / "g.toml"
    code, out, _ = _init(capsys, FIXTURES / "demo" / "pages", "--out", game_file,
                         "--ruleset", "palermo-classic")
    assert code == 0 and "ruleset palermo-classic (as asked)" in out
    assert load_game(game_file).ruleset == "palermo-classic"
    code, _, err = _init(capsys, FIXTURES / "demo" / "pages", "--out", tmp_path / "x.toml",
                         "--ruleset", "poker")
    assert code == 2 and err.count("\n") == 1 and "unknown" in err
    code, _, err = _init(capsys, tmp_path / "nothing-here", "--out", tmp_path / "y.toml")
    assert code == 2 and "no such file" in err
    code, _, err = _init(capsys, FIXTURES / "demo" / "pages", "--out", tmp_path / "z.toml",
                         "--timezone", "Mars/Olympus")
    assert code == 2 and "time zone" in err


def test_init_names_a_bad_source_as_given_not_as_the_game_file_will(tmp_path, capsys):
    """The game file stores the source relative to its own folder; a message names it as the
    user typed it (an empty posts file, the game file written in another folder)."""
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    (tmp_path / "games" / "deep").mkdir(parents=True)
    code, _, err = _init(capsys, empty, "--out", tmp_path / "games" / "deep" / "g.toml")
    assert code == 2 and err.count("\n") == 1
    assert f"{empty}: no posts to start a game from" in err and ".." not in err


@pytest.fixture(scope="module")
def first_pages(tmp_path_factory):
    return write_pages(tmp_path_factory.mktemp("first-pages"))


@pytest.mark.parametrize("engine", sorted(PAGES))
def test_init_on_first_pages_of_each_engine(engine, first_pages, tmp_path, capsys):
    players, moderator = EXPECTED[engine]
    game_file = tmp_path / "game.toml"
    code, out, _ = _init(capsys, first_pages[engine], "--out", game_file)
    assert code == 0, out
    text = game_file.read_text(encoding="utf-8")
    data = tomllib.loads(text)
    assert [p["name"] for p in data["players"]] == players
    assert data["moderators"] == [moderator]
    assert f"players: {len(players)} from" in out
    game_hours = data["ruleset"] in ("palermo-extreme", "palermo-classic")
    if not game_hours:
        # no default hours: the hours are the one thing left, and the output says so
        assert "fill in: ruleset" in out and "FILL IN" in text
        with pytest.raises(GameFileError, match="no fixed hours"):
            load_game(game_file)
        text = text.replace('# deadline = "HH:MM"', 'deadline = "22:00"') \
                   .replace('# day_change = "HH:MM"', 'day_change = "10:00"')
        game_file.write_text(text, encoding="utf-8")
    game = load_game(game_file)
    result = tally_day(game, load_posts(game), 1)
    assert result.day == 1 and result.game == data["title"]


def test_init_resolves_names_to_the_forum_spelling(first_pages, tmp_path, capsys):
    game_file = tmp_path / "game.toml"
    _init(capsys, first_pages["phpbb"], "--out", game_file)
    text = game_file.read_text(encoding="utf-8")
    # the list writes "νίκος"; the forum's user is "Νίκος" (id 21): the written form is an alias
    assert re.search(r'name = "Νίκος"\s+# forum user id 21\naliases = \["νίκος"\]', text)
    assert re.search(r'name = "Σπύρος"\s+# not seen posting yet', text)


def _real_pages():
    root = SHARED / "real" / "engines"
    return sorted(root.glob("*/*.html")) if root.exists() else []


@pytest.mark.skipif(not _real_pages(), reason="../shared/real/engines/ is not present")
def test_init_on_real_pages(tmp_path, capsys):
    """Every real page the scraper reads gives a game file that loads once the hours are given
    (English threads: mafiascum, which has no default hours), and tallies day 1."""
    from votal.errors import VotalError
    from votal.scraper.sources import read_saved_page

    tried = 0
    for page in _real_pages():
        try:
            read_saved_page(page, "UTC")
        except VotalError:
            continue                      # an engine votal does not read: not init's business
        tried += 1
        game_file = tmp_path / f"{page.stem}.toml"
        code, out, err = _init(capsys, page, "--out", game_file)
        assert code == 0, (page, err)
        text = game_file.read_text(encoding="utf-8")
        data = tomllib.loads(text)
        if not data.get("players"):
            assert "no players found" in text, page
            continue
        text = text.replace('# deadline = "HH:MM"', 'deadline = "20:00"') \
                   .replace('# day_change = "HH:MM"', 'day_change = "08:00"')
        game_file.write_text(text, encoding="utf-8")
        game = load_game(game_file)
        assert tally_day(game, load_posts(game), 1).day == 1
    assert tried >= 10


def test_check_prints_the_schedule_day_by_day(tmp_path, capsys):
    game_file = tmp_path / "g.toml"
    _init(capsys, FIXTURES / "demo" / "pages", "--out", game_file, "--ruleset", "palermo-classic")
    assert main(["check", str(game_file), "--days", "6"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{game_file}: ok") and "9 players" in out[0]
    # a fresh file gives nobody a side: check notes it (issue 20), the schedule follows
    assert out[1].startswith("note: 9 of 9 players have no side") and "PC-07" in out[1]
    assert out[3] == "  day 1   Mon 02/11 03:00 → deadline Mon 02/11 20:00, ends Tue 03/11 03:00"
    assert "  paused  Sat 07/11: no day (weekend, C-10)" in out          # PC-01
    assert out[-1].startswith("  day 6   Sat 07/11 03:00 → deadline Mon 09/11 20:00")


def test_check_shows_the_change_window(capsys):
    assert main(["check", str(FIXTURES / "demo" / "game.toml"), "--days", "1"]) == 0
    assert "change window 20:05–20:10 (PX-03)" in capsys.readouterr().out


def test_check_refuses_a_bad_game_file_in_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('ruleset = "palermo-extreme"\ntimezone = "Europe/Athenz"\n', encoding="utf-8")
    assert main(["check", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Europe/Athenz" in err and str(bad) in err


def test_init_from_a_url_reads_the_first_page_in_one_request(tmp_path, capsys):
    """A thread URL: the first page is asked once, politely, from a real server on 127.0.0.1."""
    from datetime import datetime, timedelta, timezone

    sys.path.insert(0, str(ROOT / "tests" / "scraper"))
    import fakeforum as ff

    athens = timezone(timedelta(hours=2))
    posts = [ff.FakePost(700, 1, "Αφηγητής", datetime(2026, 11, 2, 10, 0, tzinfo=athens),
                         "<p>Palermo 44 ξεκινά!</p><ol><li>Λάμπρος</li><li>Νίκος</li>"
                         "<li>Ελένη</li></ol>")]
    posts += [ff.FakePost(700 + i, 1 + i, name, datetime(2026, 11, 2, 11, i, tzinfo=athens),
                          "<p>παρών</p>") for i, name in enumerate(["Λάμπρος", "Νίκος"], 1)]
    with ff.ForumServer() as srv:
        srv.pages[ff.PHPBB_TOPIC] = ff.render_phpbb(posts, 1)
        url = srv.url(ff.PHPBB_TOPIC)
        code, out, err = _init(capsys, url, "--out", tmp_path / "game.toml")
        assert code == 0, err
        assert [p for _, p, _ in srv.log] == [ff.PHPBB_TOPIC]
    data = tomllib.loads((tmp_path / "game.toml").read_text(encoding="utf-8"))
    assert data["source"] == {"thread": url}
    assert [p["name"] for p in data["players"]] == ["Λάμπρος", "Νίκος", "Ελένη"]
    assert data["moderators"] == ["Αφηγητής"] and data["language"] == "el"
    assert "Ελένη" in out and "not seen posting" in out


def test_init_from_a_posts_file(tmp_path, capsys):
    posts = tmp_path / "posts.jsonl"
    assert main(["scrape", str(FIXTURES / "demo" / "pages"), "--db", str(tmp_path / "s.sqlite"),
                 "--out", str(posts)]) == 0
    capsys.readouterr()
    code, out, _ = _init(capsys, posts, "--out", tmp_path / "game.toml")
    assert code == 0 and "players: 9 from the list after 'Παίκτες'" in out
    data = tomllib.loads((tmp_path / "game.toml").read_text(encoding="utf-8"))
    assert data["source"]["posts"] == "posts.jsonl"
    assert [p["name"] for p in data["players"]] == DEMO_PLAYERS
    # no page markup: the title is the opening post's heading, the language read from the posts
    assert data["title"] == "Palermo #43 — Extreme: Μέρα 1"
    assert data["language"] == "el" and data["ruleset"] == "palermo-extreme"
    assert "('Extreme' in the title)" in out
    game = load_game(tmp_path / "game.toml")
    assert tally_day(game, load_posts(game), 1).tally[0].player == "Νίκος"


def test_init_says_the_mafiascum_tie_rule_and_its_words(tmp_path, capsys):
    """Issue 21 item 6: the template shows `tie` beside `deadline` with both words (MS-03), and
    uncommenting `tie = "first-to-reach"` gives a file votal takes."""
    game_file = tmp_path / "g.toml"
    code, _, _ = _init(capsys, FIXTURES / "demo" / "pages", "--out", game_file,
                       "--ruleset", "mafiascum")
    text = game_file.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith("# tie = "))
    assert code == 0 and '"no-lynch"' in line and '"first-to-reach"' in line and "MS-03" in line
    text = text.replace('# deadline = "HH:MM"', 'deadline = "23:59"').replace(
        '# day_change = "HH:MM"', 'day_change = "23:59"')       # the hours to fill in (C-09)
    game_file.write_text(text.replace(line, 'tie = "first-to-reach"'), encoding="utf-8")
    assert load_game(game_file).options["tie"] == "first-to-reach"
