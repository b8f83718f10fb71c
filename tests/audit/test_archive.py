"""`votal archive DIR` (issue 14): every game of a folder tallied and audited into tidy tables.

Hand-checked values come from the fixture games' own READMEs and posts (the winner of
palermo-athens, one player's vote posts), the planted miscount of fixtures/audit/ms-miscount, and
the curated outcomes of the real Mafiascum days (../shared/real/mafiascum/days/*/expected.json).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pandas as pd
import pytest

from votal.app.archive import archive_site, study_archive, write_archive
from votal.audit.archive import SCHEMA, find_games, game_id
from votal.cli import main
from votal.errors import InputError
from votal.report.tables import read_table

from ..conftest import FIXTURES, shared_path

GAMES = FIXTURES / "games"


def _tables(out: Path, fmt: str = "parquet") -> dict[str, pd.DataFrame]:
    return {t: read_table(out / f"{t}.{fmt}") for t in SCHEMA}


@pytest.fixture(scope="module")
def own(tmp_path_factory) -> dict[str, pd.DataFrame]:
    out = tmp_path_factory.mktemp("own")
    summary = write_archive(GAMES, out, jobs=1)
    assert summary.games == 3 and not summary.failed and not summary.disagree
    return _tables(out)


def test_every_table_has_the_schema_columns_in_order(own):
    for table, cols in SCHEMA.items():
        assert list(own[table].columns) == [c for c, _ in cols], table


def test_games_rows_and_winners(own):
    games = own["games"].set_index("game")
    assert sorted(games.index) == ["lupus-villaggio", "mafia-gorod", "palermo-athens"]
    # fixtures/games/palermo-athens/README.md: "leaves 2-1 and the town wins (PX-21)"
    assert games.loc["palermo-athens", "winner"] == "town"
    assert games.loc["palermo-athens", "win_rule"] == "PX-21"
    assert games.loc["palermo-athens", "ruleset"] == "palermo-extreme"
    assert games.loc["palermo-athens", "days"] == 4
    # our three games hold no moderator's count and no announced elimination (issue 20)
    assert set(games["verdict"]) == {"nothing-compared"}
    assert set(games["missing"]) == {"moderator-counts; announced-eliminations"}
    assert set(own["days"]["verdict"]) == {"nothing-compared"}
    assert games["error"].isna().all()


def test_days_rows_match_each_game_expected_file(own):
    days = own["days"]
    for gid in ("palermo-athens", "lupus-villaggio", "mafia-gorod"):
        expected = json.loads((GAMES / gid / "expected.json").read_text(encoding="utf-8"))
        rows = days[days["game"] == gid].set_index("day")
        assert len(rows) == len(expected), gid
        for n, day in expected.items():
            out = day["outcome"]
            assert rows.loc[int(n), "outcome"] == out["kind"], (gid, n)
            if out["kind"] == "eliminated":
                assert rows.loc[int(n), "eliminated"] == "; ".join(out["players"])


def test_one_players_votes_counted_by_hand(own):
    """Λάμπρος posted one red vote a day in palermo-athens (posts of 02/11, 03/11, 04/11, 05/11)."""
    votes = own["votes"]
    mine = votes[(votes["game"] == "palermo-athens") & (votes["voter"] == "Λάμπρος")]
    assert list(mine["day"]) == [1, 2, 3, 4]
    players = own["players"].set_index("name")
    assert players.loc["Λάμπρος", "votes"] == 4
    assert players.loc["Λάμπρος", "games"] == 1
    # keyed by forum and the posts' user id, not by name
    assert players.loc["Λάμπρος", "player"].startswith("forum.example#")


def test_votes_rows_are_every_vote_of_every_day(own):
    from votal.app.load import load_game, load_posts
    from votal.tally.engine import tally_game

    game = load_game(GAMES / "mafia-gorod" / "game.toml")
    expected = sum(len(r.votes) for r in tally_game(game, load_posts(game, offline=True)))
    assert (own["votes"]["game"] == "mafia-gorod").sum() == expected
    assert own["votes"]["time"].dt.tz is not None


def test_a_moderator_miscount_is_found(tmp_path):
    """fixtures/audit/ms-miscount plants a vote count that differs from the thread."""
    summary = write_archive(FIXTURES / "audit", tmp_path, fmt="csv", jobs=1)
    assert "ms-miscount" in summary.disagree
    t = _tables(tmp_path, "csv")
    games = t["games"].set_index("game")
    assert games.loc["ms-miscount", "verdict"] == "disagrees"
    assert games.loc["ms-miscount", "counts_checked"] > games.loc["ms-miscount", "counts_agreeing"]
    days = t["days"][t["days"]["game"] == "ms-miscount"]
    assert not days["agrees"].all() and "disagrees" in set(days["verdict"])
    # ms-agree's count agrees; px-violations announces nothing: three verdicts apart
    assert games.loc["ms-agree", "verdict"] == "agrees"
    assert games.loc["px-violations", "verdict"] == "nothing-compared"
    assert "px-violations" in summary.uncompared and "ms-agree" not in summary.uncompared


def test_csv_and_parquet_hold_the_same_rows(tmp_path):
    write_archive(GAMES, tmp_path / "p", fmt="parquet", jobs=1)
    write_archive(GAMES, tmp_path / "c", fmt="csv", jobs=1)
    for table in SCHEMA:
        a = read_table(tmp_path / "p" / f"{table}.parquet")
        b = read_table(tmp_path / "c" / f"{table}.csv")
        pd.testing.assert_frame_equal(a, b, check_dtype=False, obj=table)


def test_parallel_jobs_give_the_same_rows_in_the_same_order():
    paths = find_games(GAMES)
    one = [g.rows for g in study_archive(paths, GAMES, jobs=1)]
    two = [g.rows for g in study_archive(paths, GAMES, jobs=2)]
    assert one == two


def test_a_failing_game_is_listed_and_does_not_stop_the_run(tmp_path, capsys):
    root = tmp_path / "arch"
    shutil.copytree(GAMES / "palermo-athens", root / "good")
    (root / "bad").mkdir()
    (root / "bad" / "game.toml").write_text('title = "x"\nruleset = "nope"\n', encoding="utf-8")
    code = main(["archive", str(root), "--out", str(tmp_path / "out"), "--format", "csv",
                 "--jobs", "1"])
    assert code == 1
    games = read_table(tmp_path / "out" / "games.csv").set_index("game")
    assert games.loc["good", "verdict"] == "nothing-compared"
    assert games.loc["bad", "verdict"] == "error"
    assert "ruleset" in games.loc["bad", "error"]
    out = capsys.readouterr().out
    assert "failed: bad" in out and "nothing to compare: good" in out
    assert "1 failed, 0 disagree with their moderators, 1 had nothing to compare" in out


@pytest.mark.parametrize("make", ["missing", "file", "empty"])
def test_an_unusable_dir_is_exit_2(tmp_path, capsys, make):
    root = tmp_path / "arch"
    if make == "file":
        root.write_text("x")
    elif make == "empty":
        root.mkdir()
    code = main(["archive", str(root), "--out", str(tmp_path / "out"), "--format", "csv"])
    assert code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(root) in err[0]


def test_find_games_names_games_by_folder(tmp_path):
    (tmp_path / "2019" / "p43").mkdir(parents=True)
    (tmp_path / "2019" / "p43" / "game.toml").write_text("")
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "game.toml").write_text("")
    paths = find_games(tmp_path)
    assert [game_id(p, tmp_path) for p in paths] == ["2019/p43"]
    with pytest.raises(InputError):
        find_games(tmp_path / "2019" / "p43" / "game.toml")


def test_scenarios_folder_as_an_archive(tmp_path):
    root = shared_path("scenarios")
    summary = write_archive(root, tmp_path, fmt="csv", jobs=2)
    folders = sorted(p.parent.name for p in root.glob("*/game.toml"))
    assert summary.games == len(folders) and not summary.failed
    assert sorted(read_table(tmp_path / "games.csv")["game"]) == folders


def test_real_mafiascum_days_as_an_archive(tmp_path):
    root = shared_path("real", "mafiascum", "days")
    summary = write_archive(root, tmp_path, jobs=2)
    t = _tables(tmp_path)
    folders = sorted(p.parent.name for p in root.glob("*/game.toml"))
    assert summary.games == len(folders) == len(t["games"]) == len(t["days"])
    assert not summary.failed
    days = t["days"].set_index("game")
    for gid in folders:
        expected = json.loads((root / gid / "expected.json").read_text(encoding="utf-8"))
        (out,) = (d["outcome"] for d in expected.values())
        assert days.loc[gid, "outcome"] == out["kind"], gid
        if out["kind"] == "eliminated":
            assert days.loc[gid, "eliminated"] == "; ".join(out["players"]), gid
            if days.loc[gid, "reason"] == "majority":
                assert pd.notna(days.loc[gid, "hammer_post"]), gid
    # players are keyed by mafiascum user id: one key per account across the 17 days
    players = t["players"]
    assert players["player"].str.startswith("forum.mafiascum.net#").all()
    assert players["player"].is_unique


def test_archive_site_lists_games_verdicts_and_players(tmp_path):
    from lxml import html as lxml_html

    root = tmp_path / "arch"
    shutil.copytree(GAMES / "palermo-athens", root / "athens")
    shutil.copytree(FIXTURES / "audit" / "ms-agree", root / "b-agree")
    shutil.copytree(FIXTURES / "audit" / "ms-miscount", root / "miscount")
    (root / "broken").mkdir()
    (root / "broken" / "game.toml").write_text("title = [", encoding="utf-8")
    site = tmp_path / "site"
    archive_site(root, site, "it", public=True)
    index = lxml_html.fromstring((site / "index.html").read_text(encoding="utf-8"))
    rows = {tr.get("class"): tr.text_content() for tr in index.xpath("//table[@class='games']//tr[@class]")}
    assert set(rows) == {"agrees", "disagrees", "nothing-compared", "error"}
    assert "concorda" in rows["agrees"] and "non concorda" in rows["disagrees"]
    assert "niente da confrontare" in rows["nothing-compared"]
    assert "TOML" in rows["error"]
    names = index.xpath("//ul[@class='players']//a/text()")
    assert "Λάμπρος" in names
    page = site / index.xpath("//ul[@class='players']//a[text()='Λάμπρος']/@href")[0]
    text = page.read_text(encoding="utf-8")
    assert 'href="game-001/index.html"' in text
    # public: whether a vote was on the mafia tells the targets' factions, so it is left out
    assert "fazione assassina" not in text
    archive_site(root, tmp_path / "private", "it", public=False)
    assert "fazione assassina" in (tmp_path / "private" / page.name).read_text(encoding="utf-8")


def test_archive_site_public_player_pages_show_the_parroco_s_removal_nowhere(tmp_path):
    """LM-05 (rev. 2): the public output shows the removed vote nowhere — on the archive's
    player pages too (lupus-villaggio day 3: Dario's vote for Luca, post 1024); the private
    site lists it."""
    from votal.app.archive import archive_site

    root = tmp_path / "arch"
    shutil.copytree(GAMES / "lupus-villaggio", root / "lupus")
    for public, name in ((True, "pub"), (False, "priv")):
        archive_site(root, tmp_path / name, "it", public=public)
    def dario(folder: str) -> str:
        pages = [p.read_text(encoding="utf-8") for p in (tmp_path / folder).glob("player-*.html")]
        return next(p for p in pages if "<h1>" in p and "Dario" in p.split("<h1>", 1)[1][:200])
    assert "post-1024" not in dario("pub")
    assert "post-1024" in dario("priv")
