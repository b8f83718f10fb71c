"""An end of the game only on the sides the game file gives (issue 20, item 1; tally/verdict.py):
PX-21, PC-07, MB-10, LM-08, MR-08/MR-10 and MS, each with known and unknown sides, in the
engine, the audit's win check and `votal check`'s note."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import FIXTURES
from votal.audit.wincheck import Death, first_win
from votal.tally import verdict, wins

U = None  # an unknown side: no role, no faction


def _who(*rows):
    return [(name, role, faction) for name, role, faction in rows]


# ------------------------------------------------------------------ what the file places

@pytest.mark.parametrize("ruleset, role, faction, placed", [
    ("palermo-extreme", "mayor", None, True),          # a role key of the ruleset
    ("palermo-extreme", "Δήμαρχος", None, True),       # the seed's name for it
    ("palermo-extreme", None, "πολίτες", True),        # a faction of a side
    ("palermo-extreme", "mayr", None, False),          # no key, no faction
    ("palermo-extreme", None, "twon", False),          # a faction the end cannot place
    ("palermo-extreme", None, None, False),
    ("palermo-classic", "killer", None, True),
    ("mafia-baku", "маньяк", None, True),
    ("mafia-baku", None, "маньяк", False),             # the maniac is a role, not a faction
    ("mafia-forum-ru", None, "Якудза", False),         # a clan's name alone: mafioso or VSB?
    ("mafia-forum-ru", "мафиози", "Якудза", True),
    ("lupus-mirtillo", "Dracula", None, True),
    ("lupus-mirtillo", "veggente", None, False),       # not a role key the end reads
    ("lupus-mirtillo", "veggente", "villaggio", True),
    ("mafiascum", None, "Serial Killer", True),        # third parties as the file writes them
    ("mafiascum", "Vanilla Townie", None, False),      # a role text alone places nobody
])
def test_placed(ruleset, role, faction, placed):
    assert verdict.placed(ruleset, role, faction) is placed


@pytest.mark.parametrize("ruleset", sorted(verdict.STANDINS))
def test_every_stand_in_is_placed_and_every_end_has_a_rule(ruleset):
    assert all(verdict.placed(ruleset, r, f) for r, f in verdict.STANDINS[ruleset])
    assert ruleset in verdict.END_RULES


# ------------------------------------------------------------------ per ruleset

def test_px21_town_needs_every_living_side():
    """A town win says no killer is left: an unknown could be one (the demo's case)."""
    alive = _who(("Δήμητρα", "mayor", None), ("Λάμπρος", U, U), ("Ελένη", U, U))
    assert wins.px21(alive) == ("town",)                      # the predicate alone took them for town
    assert verdict.decide("palermo-extreme", wins.px21, alive) == ()
    placed = _who(("Δήμητρα", "mayor", None), ("Λάμπρος", "citizen", None),
                  ("Ελένη", None, "town"))
    assert verdict.decide("palermo-extreme", wins.px21, placed) == ("town",)


def test_px21_killers_outnumbering_do_not_need_the_others():
    alive = _who(("K1", "archmafioso", None), ("K2", None, "mafia"), ("X", U, U))
    assert verdict.decide("palermo-extreme", wins.px21, alive) == ("mafia",)
    alive = _who(("K1", "archmafioso", None), ("X", U, U), ("Y", U, U))
    assert verdict.decide("palermo-extreme", wins.px21, alive) == ()


def test_px21_the_rival_takes_over_only_when_no_unknown_could_be_a_killer():
    rival = _who(("R", "rival_mafioso", None), ("C", "citizen", None))
    assert verdict.decide("palermo-extreme", wins.px21, rival) == ("rival",)
    unknown = _who(("R", "rival_mafioso", None), ("X", U, U))
    assert verdict.decide("palermo-extreme", wins.px21, unknown) == ()
    # An unknown who could be the rival blocks a town win as a killer would.
    town = _who(("C", "citizen", None), ("D", "citizen", None), ("X", U, U))
    assert verdict.decide("palermo-extreme", wins.px21, town) == ()


def test_pc07_parity_with_the_prostitute_and_an_unknown():
    alive = _who(("K", "killer", None), ("P", "prostitute", None), ("X", U, U))
    assert verdict.decide("palermo-classic", wins.pc07, alive) == ("mafia",)
    town = _who(("P", "prostitute", None), ("C", "citizen", None), ("X", U, U))
    assert wins.pc07(town) == ("town",)
    assert verdict.decide("palermo-classic", wins.pc07, town) == ()


def test_mb10_civilians_need_every_side_the_mafia_does_not():
    mafia = _who(("Д", "дон", None), ("М", "мафиози", None), ("X", U, U))
    assert verdict.decide("mafia-baku", wins.mb10, mafia) == ("mafia",)
    civ = _who(("А", "доктор", None), ("Б", None, "мирные"), ("X", U, U))
    assert verdict.decide("mafia-baku", wins.mb10, civ) == ()
    civ[2] = ("X", "мирный житель", None)
    assert verdict.decide("mafia-baku", wins.mb10, civ) == ("civilians",)


def test_mr10_any_unknown_alive_decides_nothing():
    # A clan wins only when nobody else is alive; the civilians only without mafiosi and maniac:
    # an unknown could be either, so no mafia-forum-ru end holds with one alive.
    for alive in (_who(("М", "мафиози", "Якудза"), ("X", U, U)),
                  _who(("А", "мирный житель", None), ("X", U, U)),
                  _who(("Н", "маньяк", None), ("X", U, U))):
        assert verdict.decide("mafia-forum-ru", wins.mr10, alive) == ()
    assert verdict.decide("mafia-forum-ru", wins.mr10,
                          _who(("А", "мирный житель", None), ("Б", "врач", None))) == ("civilians",)


def test_lm08_pack_with_an_unknown_only_when_dracula_is_known_elsewhere():
    alive = _who(("W1", "lupo mannaro", None), ("W2", "lupo", None), ("X", U, U))
    # X could be Dracula, whose life stops the pack (LM-08)...
    assert verdict.decide("lupus-mirtillo", wins.lm08, alive) == ()
    # ...unless the file gives Dracula to another player (dead here): a game has one Dracula.
    everyone = [*alive, ("D", "Dracula", None)]
    assert verdict.decide("lupus-mirtillo", wins.lm08, alive, everyone) == ("pack",)
    village = _who(("A", None, "villaggio"), ("X", U, U))
    assert verdict.decide("lupus-mirtillo", wins.lm08, village, [*village, ("D", "Dracula", None)]) == ()


def test_ms_parity_known_mafia_and_unknown_town_win():
    mafia = _who(("M1", None, "mafia"), ("M2", "Mafia Goon", "mafia"), ("X", U, U))
    assert verdict.decide("mafiascum", wins.ms_parity, mafia) == ("mafia",)
    town = _who(("A", "Vanilla Townie", "town"), ("X", "Vanilla Townie", None))
    assert verdict.decide("mafiascum", wins.ms_parity, town) == ()    # X's role text names no side
    town[1] = ("X", "Vanilla Townie", "town")
    assert verdict.decide("mafiascum", wins.ms_parity, town) == ("town",)
    # The night-kill endgame (real games 1091, 1589) needs every other player inert: an unknown
    # could hold a doctor.
    died = Death("C", 5, "eliminated")
    alive = _who(("M", None, "mafia"), ("A", "Town Vanilla", "town"), ("X", U, U))
    assert verdict.decide("mafiascum", lambda a: wins.ms_parity(a, died), alive) == ()
    alive[2] = ("X", "Town Vanilla", "town")
    assert verdict.decide("mafiascum", lambda a: wins.ms_parity(a, died), alive) == ("mafia",)


def test_too_many_games_to_try_is_no_verdict():
    mafia = [(f"M{i}", None, "mafia") for i in range(200)]
    unknown = [(f"X{i}", U, U) for i in range(199)]
    # 200 mafiosi against 199 unknowns outnumber them whatever they are, but trying every
    # completion exceeds the limit: nothing is declared rather than something unchecked.
    assert verdict.decide("palermo-extreme", wins.px21, mafia + unknown) == ()
    assert verdict.decide("palermo-extreme", wins.px21, mafia + unknown[:3]) == ("mafia",)


# ------------------------------------------------------------------ the audit's win check

def test_audit_wincheck_needs_only_the_living_sides():
    players = [("K", "killer", "mafia"), ("T", "citizen", "town"), ("X", U, U)]
    # X out first: his side no longer matters once K leaves (the old check needed every side).
    win = first_win("palermo-extreme", players, [Death("X", 1, "murdered"), Death("K", 1, "eliminated")])
    assert win is not None and win.winners == ("town",) and win.after == "K"
    # X alive when K leaves: X could be a killer, no end.
    assert first_win("palermo-extreme", players, [Death("K", 1, "eliminated")]) is None


# ------------------------------------------------------------------ the engine and `check`

def _no_sides_but(src: Path, tmp_path: Path, keep: str) -> Path:
    """A copy of a fixture game with every role and faction removed but the line ``keep``."""
    text = src.read_text(encoding="utf-8")
    text = re.sub(r'\n(role|faction) = "[^"]*"',
                  lambda m: m.group(0) if m.group(0).strip() == keep else "", text)
    (tmp_path / "posts.jsonl").write_bytes((src.parent / "posts.jsonl").read_bytes())
    out = tmp_path / "game.toml"
    out.write_text(text, encoding="utf-8")
    return out


def test_a_file_with_only_the_mayor_ends_no_day(tmp_path):
    from votal.app.load import load_game, load_posts
    from votal.tally.engine import tally_game

    path = _no_sides_but(FIXTURES / "games" / "palermo-athens" / "game.toml", tmp_path,
                         'role = "mayor"')
    game = load_game(path)
    assert [p.role for p in game.players if p.role or p.faction] == ["mayor"]
    results = tally_game(game, load_posts(game, offline=True))
    assert len(results) >= 4 and all(r.to_dict().get("end") is None for r in results)
    # the full file ends the game (fixtures/games/palermo-athens/expected.json)
    full = load_game(FIXTURES / "games" / "palermo-athens" / "game.toml")
    ends = [r.to_dict().get("end") for r in tally_game(full, load_posts(full, offline=True))]
    assert any(ends)


def test_check_notes_the_players_without_a_side(tmp_path):
    from votal.app.load import load_game
    from votal.report.schedule_view import describe, end_note

    demo = load_game(FIXTURES / "demo" / "game.toml")
    note = end_note(demo)
    assert note is not None and note.startswith("note: 8 of 9 players have no side")
    assert "PX-21" in note and "Δήμητρα" not in note
    for name in ("Λάμπρος", "Νίκος", "Κατερίνα"):
        assert name in note
    assert note in describe(demo).splitlines()
    assert end_note(load_game(FIXTURES / "games" / "palermo-athens" / "game.toml")) is None


def test_check_cli_prints_the_note_and_exits_0(capsys):
    from votal.cli import main

    assert main(["check", str(FIXTURES / "demo" / "game.toml")]) == 0
    out, err = capsys.readouterr()
    assert "note: 8 of 9 players have no side" in out and err == ""


def test_check_note_names_one_player_and_leaves_out_the_replaced(tmp_path):
    from votal.app.load import load_game
    from votal.report.schedule_view import end_note

    case = load_game(FIXTURES / "rules" / "PX-21--side-unknown" / "game.toml")
    assert end_note(case) == ("note: 1 player has no side in this file (no role or faction the "
                              "end, PX-21, can place): D — no end of the game is declared while "
                              "it depends on them")
    # A player who replaced another plays his slot: the one replaced is no longer needed.
    text = (FIXTURES / "rules" / "PX-21--side-unknown" / "game.toml").read_text(encoding="utf-8")
    text += '\n[[players]]\nname = "E"\nreplaces = "D"\nfaction = "town"\n'
    (tmp_path / "posts.jsonl").write_text("", encoding="utf-8")
    (tmp_path / "game.toml").write_text(text, encoding="utf-8")
    assert end_note(load_game(tmp_path / "game.toml")) is None


# ------------------------------------------------------------------ MR-08: the VSB's clan (item 15)

def test_a_vsb_of_no_clan_is_of_the_only_clan():
    everyone = _who(("M", "мафиози", "Якудза"), ("V", "всб", "мирные"), ("C", "мирный житель", None),
                    ("W", "ВСБ", None))
    assert wins.sons_clans(everyone, everyone) == [
        ("M", "мафиози", "Якудза"), ("V", "всб", "Якудза"), ("C", "мирный житель", None),
        ("W", "ВСБ", "Якудза")]
    alive = _who(("M", "мафиози", "Якудза"), ("V", "всб", "мирные"))
    assert verdict.decide("mafia-forum-ru", wins.mr10, alive, everyone) == ("civilians",)
    assert wins.mafioso_and_his_son(verdict.prepared("mafia-forum-ru", alive, everyone))
    # another clan's VSB is no son of M's: the count of votes decides (the engine's duel)
    other = _who(("M", "мафиози", "Якудза"), ("V", "всб", "Коза Ностра"))
    assert verdict.decide("mafia-forum-ru", wins.mr10, other) == ()


def test_a_vsb_whose_clan_nobody_gives_has_no_side(tmp_path):
    from votal.app.load import load_game
    from votal.report.schedule_view import end_note

    everyone = _who(("V", "всб", None), ("C", "мирный житель", None), ("X", U, U))
    assert verdict.unplaced("mafia-forum-ru", everyone) == ["V", "X"]
    text = (FIXTURES / "rules" / "MR-08--vsb" / "game.toml").read_text(encoding="utf-8")
    text = text.replace('role = "мафиози"\nfaction = "Якудза"\n', "").replace(
        'role = "всб"\nfaction = "Якудза"', 'role = "всб"')
    (tmp_path / "game.toml").write_text(text, encoding="utf-8")
    (tmp_path / "posts.jsonl").write_text("", encoding="utf-8")
    # M's side gone, V's clan is nobody's: both named; C, a civilian, is placed
    assert end_note(load_game(tmp_path / "game.toml")) == (
        "note: 2 of 3 players have no side in this file (no role or faction the end, MR-08/MR-10, "
        "can place): M, V — no end of the game is declared while it depends on them")


@pytest.mark.parametrize("command", [["check"], ["tally", "--offline"]])
def test_a_vsb_of_no_clan_among_two_is_refused_by_check_and_tally(command, capsys):
    from votal.cli import main

    game = FIXTURES / "rules" / "MR-08--vsb-two-clans" / "game.toml"
    assert main([command[0], str(game), *command[1:]]) == 2
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and str(game) in err and "player #2 'V' is a VSB" in err
    assert "'Якудза', 'Коза Ностра'" in err and 'faction = "Якудза"' in err and "(MR-08)" in err
