"""`check` passing means `tally` will not refuse (issue 20 item 5): one validation path for every
command that loads a game. An unknown language and a role written as a key with a typo refuse the
file (naming the file, the key, the player and the closest key); a faction the ruleset's end
cannot place is a warning, printed by `check` and on stderr by the others. Roles stay free text
(interfaces.md §1 "Roles"): what the rules do not read at all stays valid."""

from __future__ import annotations

import json

import pytest

from votal.app.load import load_game
from votal.cli import main
from votal.errors import GameFileError
from votal.tally.roles import misspelt
from votal.tally.validate import game_warnings, parse_game


def game(ruleset: str = "palermo-extreme", players=None, **top) -> dict:
    return {"ruleset": ruleset, "timezone": "Europe/Athens", "schedule": {"day1": "2026-11-02",
            "deadline": "20:00", "day_change": "03:00"},
            "players": players or [{"name": "Λάμπρος"}, {"name": "Νίκος"}, {"name": "Ελένη"}],
            **top}


def one(role=None, faction=None, name="Λάμπρος"):
    return [{"name": name, **({"role": role} if role else {}),
             **({"faction": faction} if faction else {})}, {"name": "Νίκος"}, {"name": "Ελένη"}]


# -- the language --------------------------------------------------------------------------

@pytest.mark.parametrize("language, hint", [("gr", "'el'?"), ("Greek", "'el'?"), ("ita", "'it'?"),
                                            ("xx", None), ("", None)])
def test_an_unknown_language_names_the_file_and_the_key(language, hint):
    with pytest.raises(GameFileError) as e:
        parse_game(game(language=language), path="g.toml")
    text = str(e.value)
    assert text.startswith("g.toml: language ") and repr(language) in text
    assert "el, it, ru, en" in text
    assert (hint in text) if hint else "?" not in text


def test_no_language_is_the_rulesets_and_every_report_language_is_taken():
    assert parse_game(game()).language == "el"
    assert parse_game(game("mafia-baku")).language == "ru"
    for lang in ("el", "it", "ru", "en"):
        assert parse_game(game(language=lang)).language == lang


# -- roles ---------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset, role, key, written", [
    ("palermo-extreme", "mayr", "mayor", "mayor"),
    ("palermo-extreme", "Detectiv", "detective", "detective"),
    ("palermo-extreme", "corupt cop", "corrupt_cop", "corrupt_cop"),
    ("palermo-extreme", "δήμαρχς", "mayor", "δήμαρχος"),                 # a synonym's typo
    ("mafia-baku", "комисар", "cop", "комиссар"),
    ("mafia-forum-ru", "necromanser", "necromancer", "necromancer"),
    ("lupus-mirtillo", "gufonata", "gufonauta", "gufonauta"),
])
def test_a_key_with_a_typo_is_an_unknown_role_key_naming_the_closest(ruleset, role, key, written):
    assert misspelt(ruleset, role) == (key, written)
    with pytest.raises(GameFileError) as e:
        parse_game(game(ruleset, one(role)), path="g.toml")
    text = str(e.value)
    assert text.startswith("g.toml: player #1 'Λάμπρος': role ") and repr(role) in text
    assert f"of {ruleset}" in text and repr(written) in text and repr(key) in text


@pytest.mark.parametrize("ruleset, role", [
    ("mafiascum", "Town Vanilla"),          # a ruleset that reads no role key at all
    ("mafiascum", "Mafia Goon"),
    ("mafiascum", "mayr"),
    ("lupus-mirtillo", "veggente"),         # the seed's roles the rules do not read
    ("lupus-mirtillo", "lupo segugio"),     # read by LM-08's "counts as" table
    ("lupus-mirtillo", "Chimera Mannara"),
    ("palermo-extreme", "killer"),          # a side's word: PX-21 reads the side
    ("palermo-extreme", "πολίτες"),
    ("palermo-classic", "doctor"),          # free text far from every key
    ("palermo-extreme", "mayor"), ("palermo-extreme", "Δήμαρχος"), ("mafia-baku", "Дон"),
    ("mafia-baku", "cap"),                  # too short to be a typo of "cop"
])
def test_roles_the_rules_read_and_free_text_they_do_not_read_stay_valid(ruleset, role):
    assert misspelt(ruleset, role) is None
    assert parse_game(game(ruleset, one(role))).players[0].role == role


# -- factions: a warning -------------------------------------------------------------------

def test_a_faction_the_end_cannot_place_is_a_warning_naming_player_and_closest_side():
    g = parse_game(game(players=one(faction="twon")), path="g.toml")   # not refused
    [line] = game_warnings(g)
    assert line.startswith("g.toml: player #1 'Λάμπρος': faction 'twon' ")
    assert "palermo-extreme's end" in line and "(town, mafia; closest: 'town')" in line


@pytest.mark.parametrize("ruleset, role, faction", [
    ("palermo-extreme", None, "town"), ("palermo-extreme", None, "πολίτες"),
    ("palermo-extreme", None, "Μαφία"), ("palermo-extreme", None, "ΠΟΛΙΤΕΣ"),
    ("mafia-baku", "маньяк", "маньяк"),         # the maniac is placed by his role (MB-10)
    ("mafia-forum-ru", "мафиози", "Якудза"),    # a clan's name (MR-10)
    ("mafia-forum-ru", "всб", "Коза Ностра"),
    ("lupus-mirtillo", None, "Villaggio"), ("lupus-mirtillo", "dracula", "congrega"),
    ("mafiascum", "Serial Killer", "Serial Killer"),   # a third party of its own
])
def test_factions_the_end_places_give_no_warning(ruleset, role, faction):
    players = [{"name": "A", "faction": faction, **({"role": role} if role else {})},
               {"name": "B"}]
    assert game_warnings(parse_game(game(ruleset, players))) == []


@pytest.mark.parametrize("ruleset, role, faction, words", [
    ("palermo-extreme", "mayor", "twon", ["closest: 'town'", "by the role 'mayor'"]),
    ("palermo-extreme", "killer", "twon", ["closest: 'town'", "by the role 'killer'"]),
    ("mafiascum", "Town Vanilla", "Twon", ["closest: 'town'", "third party"]),
    ("mafia-forum-ru", None, "Якудза", ["mafia-forum-ru's end", "(town, mafia)"]),
    ("lupus-mirtillo", None, "pakc", ["(town, pack, coven; closest: 'pack')"]),
    ("lupus-mirtillo", "parroco", "pakc", ["closest: 'pack'", "by the role 'parroco'"]),
    # the faction comes first: "Coven" makes the killer no killer of PX-21 (tally/verdict.py)
    ("palermo-extreme", "killer", "Coven", ["(town, mafia)", "the role does not give one"]),
])
def test_a_faction_that_names_no_side_is_said(ruleset, role, faction, words):
    players = [{"name": "A", "faction": faction, **({"role": role} if role else {})},
               {"name": "B"}]
    [line] = game_warnings(parse_game(game(ruleset, players), path="g.toml"))
    assert line.startswith(f"g.toml: player #1 'A': faction {faction!r}")
    for w in words:
        assert w in line


def test_a_convert_to_a_faction_the_end_cannot_place_is_a_warning():
    data = game("lupus-mirtillo", [{"name": "A"}, {"name": "B"}],
                events=[{"type": "convert", "target": "A", "faction": "coven", "day": 1},
                        {"type": "convert", "target": "B", "faction": "covne", "day": 1}])
    [line] = game_warnings(parse_game(data, path="g.toml"))
    assert line.startswith("g.toml: event #2 (convert): faction 'covne'")
    assert "closest: 'coven'" in line


# -- the CLI: one line, exit 2, the file and the key; warnings on stderr ---------------------

GAME = '''title = "Check"
ruleset = "palermo-extreme"
timezone = "Europe/Athens"
{language}
[source]
posts = "posts.jsonl"

[schedule]
day1 = 2026-11-02

[[players]]
name = "Ann"
{role}
[[players]]
name = "Ben"
faction = "{faction}"

[[players]]
name = "Cat"
'''


def write(tmp_path, language='language = "en"', role="", faction="mafia"):
    path = tmp_path / "game.toml"
    path.write_text(GAME.format(language=language, role=role, faction=faction), encoding="utf-8")
    (tmp_path / "posts.jsonl").write_text(json.dumps({
        "id": "1", "number": 1, "thread": "t", "url": "https://f.example/1", "author": "Ann",
        "author_id": None, "time": "2026-11-02T10:00:00+02:00", "edited": None,
        "html": '<p><span style="color: #ff0000">Ben</span></p>'}) + "\n", encoding="utf-8")
    return path


COMMANDS = [["check"], ["tally", "--offline"], ["history", "--offline"],
            ["audit", "--offline"], ["chart", "--offline", "--out", "{tmp}/c.png"],
            ["report", "--offline", "--out", "{tmp}/site"],
            ["watch", "--replay", "--out", "{tmp}/post.txt"]]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
@pytest.mark.parametrize("bad, key", [({"language": 'language = "gr"'}, "'gr'"),
                                      ({"role": 'role = "mayr"'}, "'mayr'")])
def test_every_command_that_loads_a_game_refuses_it_alike(tmp_path, capsys, command, bad, key):
    path = write(tmp_path, **bad)
    args = [a.format(tmp=tmp_path) for a in command]
    assert main([args[0], str(path), *args[1:]]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1, captured.err
    assert str(path) in captured.err and key in captured.err
    if "mayr" in key:
        assert "'mayor'" in captured.err and "player #1 'Ann'" in captured.err
    assert not (tmp_path / "site").exists() and not (tmp_path / "c.png").exists()


def test_check_prints_the_faction_warning_and_tally_writes_it_on_stderr(tmp_path, capsys):
    path = write(tmp_path, faction="mafai")
    assert main(["check", str(path), "--days", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{path}: ok")
    assert out[1].startswith(f"warning: {path}: player #2 'Ben': faction 'mafai'")
    assert "closest: 'mafia'" in out[1]
    assert main(["tally", str(path), "--offline", "--day", "1", "--format", "json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["day"] == 1
    assert captured.err == f"votal: {out[1]}\n"


def test_a_clean_game_warns_of_nothing(tmp_path, capsys):
    path = write(tmp_path)
    assert main(["tally", str(path), "--offline", "--day", "1"]) == 0
    assert capsys.readouterr().err == ""
    assert game_warnings(load_game(path)) == []
