"""audit/compare.py, edits.py (C-07), wincheck.py (PX-21, PC-07, LM-08, MS), draws.py (LM-06)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from votal.audit.compare import compare_count, compare_elimination, make_resolver
from votal.audit.draws import derived_seed, draw_cursed, gatto_nero_draw
from votal.audit.edits import edited_votes, marks_reader
from votal.audit.wincheck import Death, first_win, lm08
from votal.scraper.model import Post, PostVersion
from votal.tally.votecounts import Announcement, parse_votecount

UTC = UTC
T0 = datetime(2026, 11, 2, 12, 0, tzinfo=UTC)
PLAYERS = {"Nikos": ["Nick"], "Anna": [], "Bill": ["Vasilis"], "Chris": [], "Dora": []}


def _tally(*rows):
    return {"tally": [{"player": p, "votes": len(v), "voters": list(v)} for p, v in rows]}


def test_count_agrees_with_aliases_and_order():
    vc = parse_votecount("Votecount 1.1\nNick - 2 - Vasilis, Anna\nAnna - 1 - Chris")
    check = compare_count(vc, _tally(("Nikos", ["Anna", "Bill"]), ("Anna", ["Chris"])),
                          make_resolver(PLAYERS))
    assert check.agrees and check.lines == 2 and check.voters == 3 and check.voters_agreeing == 3


def test_miscount_names_the_differing_votes():
    # The moderator forgot that Chris moved his vote from Anna to Nikos.
    vc = parse_votecount("Votecount 1.2\nNikos - 2 - Anna, Bill\nAnna - 1 - Chris")
    check = compare_count(vc, _tally(("Nikos", ["Anna", "Bill", "Chris"])), make_resolver(PLAYERS))
    assert not check.agrees
    by_target = {d.target: d for d in check.diffs}
    assert by_target["Nikos"].announced == 2 and by_target["Nikos"].computed == 3
    assert by_target["Nikos"].missing == ("Chris",)
    assert by_target["Anna"].extra == ("Chris",) and by_target["Anna"].computed is None
    assert [(d.voter, d.announced, d.computed) for d in check.differences] == [("Chris", "Anna", "Nikos")]
    assert check.voters == 3 and check.voters_agreeing == 2


def test_count_number_inconsistent_with_its_own_list_is_noted():
    vc = parse_votecount("Votecount 1.3\nNikos - 3 - Anna, Bill\nAnna - 1 - Chris")
    check = compare_count(vc, _tally(("Nikos", ["Anna", "Bill"]), ("Anna", ["Chris"])),
                          make_resolver(PLAYERS))
    assert [d.target for d in check.diffs] == ["Nikos"]
    assert "says 3 but lists 2" in check.diffs[0].note
    assert check.differences == ()


def test_unknown_names_are_reported_not_guessed():
    vc = parse_votecount("Votecount 1.1\nZorro - 1 - Anna\nNikos - 1 - Bill")
    check = compare_count(vc, _tally(("Nikos", ["Bill"])), make_resolver(PLAYERS))
    assert check.unresolved == ("Zorro",) and not check.agrees


def test_no_lynch_line():
    vc = parse_votecount("Votecount 4.01\nNo Lynch - 1 - Anna\nNikos - 1 - Bill")
    check = compare_count(vc, _tally(("No Lynch", ["Anna"]), ("Nikos", ["Bill"])), make_resolver(PLAYERS))
    assert check.agrees


def test_elimination_announcement():
    resolve = make_resolver(PLAYERS)
    result = {"outcome": {"kind": "eliminated", "players": ["Nikos"]}}
    assert compare_elimination(1, Announcement("Nick", ""), result, resolve,
                               source="announcement", where="9").agrees
    wrong = compare_elimination(1, Announcement("Anna", ""), result, resolve,
                                source="announcement", where="9")
    assert not wrong.agrees and "Nikos" in wrong.note


def _post(pid, html, versions=(), author="Anna", minutes=0):
    return Post(pid, int(pid), "t", f"u#{pid}", author, None, T0 + timedelta(minutes=minutes), None,
                html, tuple(PostVersion(s, h) for s, h in versions))


def test_edited_vote_before_and_after_deadline():
    deadline = T0 + timedelta(hours=8)
    posts = [
        _post("1", "[vote] Nikos", [(T0 + timedelta(hours=1), "fixed a typo [vote] Nikos")]),
        _post("2", '<span class="bbvote">VOTE: Nikos</span>',
              [(T0 + timedelta(hours=2), '<span class="bbvote">VOTE: Bill</span>')]),
        _post("3", '<span class="bbvote">VOTE: Anna</span>',
              [(deadline, '<span class="bbvote">VOTE: Dora</span>')], author="Chris"),
    ]
    found = edited_votes(posts, marks_reader("mafiascum"), lambda p: deadline)
    assert [(e.post, e.after_deadline) for e in found] == [("2", False), ("3", True)]
    assert found[0].first == ("Nikos",) and found[0].later == ("Bill",)
    assert found[1].seen == deadline and "Dora" in found[1].later_html


def test_wincheck_px21_outnumber_and_all_killers_out():
    players = [("K1", None, "mafia"), ("K2", None, "mafia"), ("T1", None, "town"),
               ("T2", None, "town"), ("T3", None, "town")]
    # After T1 and T2 leave: 2 killers vs 1 other: killers outnumber (PX-21).
    win = first_win("palermo-extreme", players, [Death("T1", 1, "eliminated"), Death("T2", 2, "murdered"),
                                                 Death("T3", 2, "eliminated")])
    assert (win.rule, win.winners, win.day, win.after) == ("PX-21", ("mafia",), 2, "T2")
    # PC-07 ends a step earlier? No: after T1, 2 killers vs 2 others: equal means killers win.
    win = first_win("palermo-classic", players, [Death("T1", 1, "eliminated"), Death("T2", 2, "murdered")])
    assert (win.rule, win.after) == ("PC-07", "T1")
    win = first_win("palermo-extreme", players, [Death("K1", 1, "eliminated"), Death("K2", 2, "eliminated")])
    assert win.winners == ("town",) and win.day == 2


def test_wincheck_unknown_roles_or_no_rule():
    assert first_win("palermo-extreme", [("A", None, None), ("B", None, "mafia")], [Death("B", 1, "x")]) is None
    assert first_win("no-such-ruleset", [("A", None, "town"), ("B", None, "mafia")],
                     [Death("B", 1, "x")]) is None
    # MB-10 (rev. 2): mafia-baku has its end now: the last mafioso out, the civilians win.
    win = first_win("mafia-baku", [("A", None, "town"), ("B", None, "mafia")], [Death("B", 1, "x")])
    assert win.winners == ("civilians",)


def test_wincheck_ms_third_party_blocks_town_win():
    players = [("M", None, "mafia"), ("SK", "Serial Killer", "serial killer"), ("T1", None, "town"),
               ("T2", None, "town")]
    assert first_win("mafiascum", players, [Death("M", 1, "eliminated")]) is None


def test_lm08_counts_as_values():
    # Negromante counts as human but keeps the village from winning while alive with a vampire.
    assert lm08([("a", "Veggente", "villaggio"), ("n", "Negromante", "solitario"),
                 ("v", "Vampiro", "congrega")]) == ()
    # Chimera mannara is seen as a wolf but counts human and is village: the pack is gone.
    assert lm08([("a", "Chimera Mannara", "villaggio"), ("b", "Strega", "villaggio")]) == ("village",)
    # Two wolves vs one human and one vampire, Dracula dead: pack wins.
    assert lm08([("w1", "Lupo Segugio", "branco"), ("w2", "Lupo Mannaro", "branco"),
                 ("h", "Strega", "villaggio"), ("v", "Vampiro", "congrega")]) == ("pack",)
    # Dracula alive stops the pack.
    assert lm08([("w1", "Lupo", "branco"), ("w2", "Lupo", "branco"), ("d", "Dracula", "congrega")]) == ()
    # Vampires ≥ humans + wolves: coven. The seed's Village condition holds too (wolves and
    # Dracula dead, and the necromancer dead: "il Negromante OPPURE tutti i vampiri"): both win.
    assert lm08([("d", "Vampiro", "congrega"), ("h", "Strega", "villaggio")]) == ("village", "coven")
    assert lm08([("d", "Vampiro", "congrega"), ("n", "Negromante", "solitario"),
                 ("x", "Vampiro", "congrega")]) == ("coven",)


def test_lm06_draw_is_reproducible_and_among_village_voters():
    result = {"outcome": {"kind": "eliminated", "players": ["Cat"]},
              "tally": [{"player": "Cat", "votes": 3, "voters": ["V1", "V2", "W"]}],
              "private": {"seed": None}}
    roles = {"Cat": "Gatto Nero", "V1": "Strega", "V2": "Veggente", "W": "Lupo"}
    factions = {"Cat": "villaggio", "V1": "villaggio", "V2": "villaggio", "W": "branco"}
    d1 = gatto_nero_draw("Lupus 7", 2, result, roles, factions)
    d2 = gatto_nero_draw("Lupus 7", 2, result, roles, factions)
    assert d1 == d2 and d1["source"] == "audit" and d1["seed"] == derived_seed("Lupus 7", 2)
    assert d1["candidates"] == ["V1", "V2"] and d1["cursed"] in ("V1", "V2")
    assert draw_cursed(["V2", "V1"], d1["seed"]) == d1["cursed"]  # order does not matter
    engine = dict(result, private={"seed": 42, "effects": [
        {"rule": "LM-06", "actor": "Cat", "target": "V2", "effect": "cursed by draw"}]})
    shown = gatto_nero_draw("Lupus 7", 2, engine, roles, factions)
    assert (shown["source"], shown["seed"], shown["cursed"]) == ("engine", 42, "V2")
    assert gatto_nero_draw("Lupus 7", 2, {"outcome": {"kind": "tie"}}, roles, factions) is None


def test_recap_of_an_earlier_elimination_is_not_an_announcement():
    from votal.audit.replay import ModCount, _without_recaps
    from votal.tally.votecounts import read_mod_post

    post = _post("9", "Players: Bill, Vanilla Townie, was lynched Day 1.<br>Anna has been lynched.",
                 author="Mod")
    m = ModCount(post, read_mod_post(post.html), None, 2)
    kept = _without_recaps(m, {"Bill"}, make_resolver(PLAYERS))
    assert [a.player for a in kept.reading.announcements] == ["Anna"]


def test_ms_endgame_when_the_night_kill_decides():
    players = [("M", "Mafia Goon", "mafia"), ("A", "Town Vanilla", "town"), ("B", "Vanilla Townie", "town"),
               ("C", "Town Vanilla", "town")]
    # Lynch leaves 1 mafia vs 2 vanilla: the night kill alone brings parity (real game 1091).
    win = first_win("mafiascum", players, [Death("C", 5, "eliminated")])
    assert win.winners == ("mafia",) and win.after == "C"
    # The same count after a night kill is no end: the town still has a lynch.
    assert first_win("mafiascum", players, [Death("C", 5, "murdered")]) is None
    # A doctor alive could stop the kill: no end. Unknown roles: no claim either.
    doc = [("M", "Mafia Goon", "mafia"), ("A", "Town Doctor", "town"), ("B", "Town Vanilla", "town"),
           ("C", "Town Vanilla", "town")]
    assert first_win("mafiascum", doc, [Death("C", 5, "eliminated")]) is None
    bare = [("M", None, "mafia"), ("A", None, "town"), ("B", None, "town"), ("C", None, "town")]
    assert first_win("mafiascum", bare, [Death("C", 5, "eliminated")]) is None
    # A neighbor only talks, a cop only learns: neither stops the kill (real game 1589). A
    # jailkeeper or a one-shot vigilante could: no end.
    for role, ends in (("Town Neighbor", True), ("Town Cop", True), ("Town Jailkeeper", False),
                       ("Town One-Shot Dayvig", False), ("Town Bulletproof", False)):
        alive = [("M", "Mafia Rolecop", "mafia"), ("A", role, "town"), ("B", "Town Vanilla", "town"),
                 ("C", "Town Vanilla", "town")]
        win = first_win("mafiascum", alive, [Death("C", 5, "eliminated")])
        assert (win is not None and win.winners == ("mafia",)) is ends, role


def test_announcement_of_no_player_is_left_for_a_human():
    from tests.conftest import FIXTURES
    from votal.app.load import load_game
    from votal.audit.replay import ModCount, audit_day
    from votal.tally.votecounts import read_mod_post

    game = load_game(FIXTURES / "audit" / "ms-agree" / "game.toml")
    post = _post("9", "The stranger was lynched by the mob.<br>Bill has been lynched.", author="Mod")
    result = {"outcome": {"kind": "eliminated", "players": ["Bill"]}, "tally": []}
    day = audit_day(game, None, 1, result, [ModCount(post, read_mod_post(post.html), None, 1)],
                    make_resolver({p.name: p.aliases for p in game.players}), running=lambda p: {})
    assert [(e.announced, e.agrees) for e in day.eliminations] == [("Bill", True)]
    assert [text for _, _, text in day.unread] == ["The stranger was lynched by the mob."]
    assert day.agrees


def test_elimination_after_a_tie_and_game_file_events():
    from votal.audit.replay import _event_check
    from votal.tally.game import Event

    resolve = make_resolver(PLAYERS)
    tie = {"outcome": {"kind": "tie", "players": ["Anna", "Nikos"], "next": "poll"}}
    check = compare_elimination(2, Announcement("Anna", ""), tie, resolve, source="announcement", where="5")
    assert check.agrees and "poll" in check.note
    assert not compare_elimination(2, Announcement("Bill", ""), tie, resolve,
                                   source="announcement", where="5").agrees
    event = Event(index=1, type="eliminated", day=2, player="Nikos")
    assert _event_check(2, event, tie).agrees  # C-11: the poll outside the thread chose Nikos
    won = {"outcome": {"kind": "eliminated", "players": ["Anna"]}}
    wrong = _event_check(2, event, won)
    assert not wrong.agrees and "Anna" in wrong.note and wrong.where == "event #1 (eliminated)"


def test_wincheck_follows_returns_and_ignores_repeated_departures():
    players = [("K", None, "mafia"), ("T1", None, "town"), ("T2", None, "town"), ("T3", None, "town")]
    # K arrested (a ghost: all killers out) then the arrest cancelled (PX-13): nothing ended.
    deaths = [Death("K", 1, "arrested"), Death("K", 1, "revived"), Death("T1", 1, "eliminated"),
              Death("T1", 1, "eliminated"), Death("T2", 2, "murdered")]
    assert first_win("palermo-extreme", players, deaths) is None
    # An arrest that stands does end it.
    win = first_win("palermo-extreme", players, [Death("K", 1, "arrested")])
    assert win.rule == "PX-21" and win.after == "K" and win.winners == ("town",)
    # Without the arrest: T1, T2 gone, K vs T3: 1 vs 1 is not "outnumber" (PX-21), is "equal" (PC-07).
    assert first_win("palermo-extreme", players, deaths[2:]) is None
    assert first_win("palermo-classic", players, deaths[2:]).after == "T2"


def test_the_vote_closes_at_the_hammer_for_late_edits():
    """MS-02: a majority ends the day at once, so an edit seen after the hammer (but before the
    nominal deadline) came after the vote closed; without a majority the deadline stands."""
    from votal.audit.replay import vote_closed

    deadline = T0 + timedelta(days=2)
    hammer = T0 + timedelta(hours=5)
    votes = [{"status": "counted", "time": (T0 + timedelta(hours=h)).isoformat()} for h in (1, 5)]
    votes.append({"status": "ignored", "time": (T0 + timedelta(hours=6)).isoformat()})
    majority = {"outcome": {"reason": "majority"}, "votes": votes}
    assert vote_closed(majority, deadline) == hammer
    assert vote_closed({"outcome": {"reason": "plurality"}, "votes": votes}, deadline) == deadline


def test_an_extra_vote_the_count_shows_is_named():
    """A count giving Anna an extra vote ("Anna [+1]") that votal's game does not: the line
    differs by the number alone, and says whose extra vote it is, not that the count
    contradicts its own list."""
    from votal.tally.rostercount import Roster, read_count
    vc, _ = read_count("Votecount 2.1<br>Nikos (3): Anna [+1], Bill<br>Anna (1): Chris",
                       Roster(PLAYERS))
    assert vc is not None
    check = compare_count(vc, _tally(("Nikos", ["Anna", "Bill"]), ("Anna", ["Chris"])),
                          make_resolver(PLAYERS))
    assert [(d.target, d.announced, d.computed, d.note) for d in check.diffs] == [
        ("Nikos", 3, 2, "the count gives Anna an extra vote")]
