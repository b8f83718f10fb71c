"""Properties (hypothesis) of the whole tally, for every ruleset preset.

Games are built in memory with ``parse_game`` (what ``load.load_game`` calls) and hypothesis-drawn
posts: votes in several red syntaxes and MS-01 commands, chatter, quotes of earlier posts, self
votes, unknown names, moderator and non-player posts, times across the day and around the deadline
(and the PX-03 20:05-20:10 window). The properties:

(a) the effective votes never exceed the weights of the counted voters plus the bonuses the rules
    allow (PX-06 mayor, only in a tie; PX-11 extra-vote cards), every counted voter is in exactly one
    tally row, every vote has a known status and a rule id (C-06), the outcome names tallied players;
(b) the input order of posts never matters: the engine orders them by time, then number;
(c) no post body crashes a tally, in any preset.
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import replace
from datetime import date, datetime, time, timedelta
from html import escape
from pathlib import Path
from zoneinfo import ZoneInfo

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from votal.app.load import load_game, load_posts
from votal.errors import GameFileError
from votal.scraper.model import Post, PostVersion
from votal.tally.engine import GamePosts, as_of, tally_day, tally_game
from votal.tally.game import PLAYER_KEYS, SCHEDULE_KEYS, TOP_KEYS, Game
from votal.tally.presets import PRESETS
from votal.tally.validate import parse_game

RULESETS = sorted(PRESETS)
# A Monday, and a Friday: palermo-classic pauses the weekend (PC-01, C-10).
DAY1S = (date(2026, 11, 2), date(2026, 11, 6))
# (timezone, deadline, day change) per ruleset; the last three have no default hours (C-09).
HOURS = {
    "palermo-extreme": ("Europe/Athens", time(20), time(3)),
    "palermo-classic": ("Europe/Athens", time(20), time(3)),
    "mafia-baku": ("Asia/Baku", time(21), time(10)),
    "lupus-mirtillo": ("Europe/Rome", time(21, 30), time(8)),
    "mafia-forum-ru": ("Europe/Moscow", time(22), time(22)),
    "mafiascum": ("America/New_York", time(19), time(19)),
}
GIVES_HOURS = {"lupus-mirtillo", "mafia-forum-ru", "mafiascum"}
NAME_POOL = ["Alexis", "Babis", "Giota", "Dimitra", "Eleni", "Fotis", "Haris", "Ilias", "Kostas",
             "Λένα", "Мария", "Nikos", "Olga", "Petros"]
UNKNOWN = ["Zorro", "Qwxyzt", "nobody at all", "Ghostface"]
HOST, STRANGER, SUB = "Host", "Stranger", "Quentin"
STATUSES = {"counted", "void", "invalid", "ignored"}

RED_FORMS = [
    '<span style="color: #ff0000">{}</span>', '<span style="color:red">{}</span>',
    '<span style="color: rgb(226, 80, 65)">{}</span>', '<font color="#c0392b">{}</font>',
    '<span style="color: darkred"><b>{}</b></span>', '<b><span style="color:#E74C3C">{}</span></b>',
    '<span style="color: #ff8c00">{}</span>',  # orange: not a vote (MR-02 V-NOT-RED)
]
MS_FORMS = ['<span class="bbvote">VOTE: {}</span>', "<b>vote: {}</b>", "<br>VOTE: {}<br>",
            "<b>unvote</b>", '<span class="bbvote">VOTE: No Lynch</span>']
CHATTER = ["hmm", "I think this is a town read", "πολύ ήσυχος σήμερα", "он торопит всех",
           "vote hopping is scummy", "per me è lupo", "ok", "<i>lol</i>", "&amp; more"]
QUOTE_FORMS = ['<blockquote data-author="{a}" data-post="{id}">{html}</blockquote>',
               "<blockquote><cite>{a} wrote:</cite>{html}</blockquote>",
               "<blockquote>{html}</blockquote>"]

# -- building games ------------------------------------------------------------------------------


def deadline_of(ruleset: str, day: int, day1: date) -> datetime:
    """The deadline of the ``day``-th calendar day from day 1 (a paused day is not skipped)."""
    tz, hour, _ = HOURS[ruleset]
    return datetime.combine(day1 + timedelta(days=day - 1), hour, tzinfo=ZoneInfo(tz))


@st.composite
def games(draw, rulesets=st.sampled_from(RULESETS)) -> dict:
    """A game dict as parsed TOML: 6-12 players and the events its ruleset knows."""
    ruleset = draw(rulesets)
    day1 = draw(st.sampled_from(DAY1S))
    names = draw(st.lists(st.sampled_from(NAME_POOL), min_size=6, max_size=12, unique=True))
    players: list[dict] = [{"name": n} for n in names]
    events: list[dict] = []
    extra: dict = {}
    tz, deadline, day_change = HOURS[ruleset]
    pick = st.sampled_from(names)
    if draw(st.booleans()):  # a murder on day 2 (PX-17, PC-02, C-02)
        events.append({"type": "murdered", "player": draw(pick), "day": 2,
                       "at": deadline_of(ruleset, 2, day1) - timedelta(hours=7)})
    if ruleset == "palermo-extreme":
        if draw(st.booleans()):
            players[draw(st.integers(0, len(names) - 1))]["role"] = "mayor"
        for day in draw(st.lists(st.integers(1, 2), max_size=2)):
            card = {"type": "card", "card": "extra_vote", "actor": draw(pick), "day": day}
            if draw(st.booleans()):  # PX-11: played at a time, the vote is locked from then on
                card["at"] = deadline_of(ruleset, day, day1) - timedelta(minutes=draw(
                    st.integers(1, 600)))
            events.append(card)
        if draw(st.booleans()):
            events.append({"type": "card", "card": "vote_cancel", "actor": draw(pick),
                           "target": draw(pick), "day": draw(st.integers(1, 2))})
        if draw(st.booleans()):
            events.append({"type": "card", "card": "exemption", "actor": draw(pick),
                           "day": draw(st.integers(1, 2))})
        if draw(st.booleans()):
            actor, target = draw(st.lists(pick, min_size=2, max_size=2, unique=True))
            events.append({"type": "lawyer", "actor": actor, "target": target, "day": 2})
        if draw(st.booleans()):  # PX-08, once per game, in the window
            cop, a, b = draw(st.lists(pick, min_size=3, max_size=3, unique=True))
            day = draw(st.integers(1, 2))
            events.append({"type": "cop_swap", "actor": cop, "a": a, "b": b, "day": day,
                           "at": deadline_of(ruleset, day, day1) + timedelta(minutes=7)})
        if draw(st.booleans()):  # PX-09: the prostitute may block the cop, the lawyer, the mayor
            events.append({"type": "block", "actor": draw(pick), "target": draw(pick),
                           "day": draw(st.integers(1, 2))})
        if draw(st.integers(0, 5)) == 0:  # PX-13
            events.append({"type": "card", "card": "arrest", "actor": draw(pick),
                           "target": draw(pick), "day": 1, "at": deadline_of(ruleset, 1, day1)
                           - timedelta(hours=draw(st.integers(1, 9)))})
        events.extend(draw(day2_abilities(pick, deadline_of(ruleset, 2, day1))))
    elif ruleset == "mafiascum":
        for p in players:
            p["vote_weight"] = draw(st.sampled_from([1, 1, 1, 2]))
        options = draw(st.fixed_dictionaries({}, optional={     # MS-02, MS-03, MS-05
            "deadline": st.sampled_from(["plurality", "no-lynch"]),
            "majority": st.integers(2, 7), "one_less_for_no_lynch": st.booleans()}))
        if options:
            extra["options"] = options
        if draw(st.booleans()):  # MS-04: a replacement takes over a slot (and its weight)
            old = players[draw(st.integers(0, len(players) - 1))]
            players.append({"name": SUB, "vote_weight": old["vote_weight"]})
            day = draw(st.integers(1, 2))
            events.append({"type": "replaced", "old": old["name"], "new": SUB, "day": day,
                           "at": deadline_of(ruleset, day, day1) - timedelta(minutes=draw(
                               st.integers(1, 900)))})
    elif ruleset == "mafia-baku" and draw(st.booleans()):
        events.append({"type": "lawyer", "actor": draw(pick), "target": draw(pick), "day": 1})
    elif ruleset == "lupus-mirtillo" and draw(st.booleans()):
        events.append({"type": "priest", "actor": draw(pick), "target": draw(pick), "day": 1})
    data = {"title": "property", "ruleset": ruleset, "timezone": tz, "moderators": [HOST],
            "source": {"posts": "posts.jsonl"}, "schedule": {"day1": day1},
            "players": players, "events": events, **extra}
    if ruleset == "mafia-baku":
        data["source"]["vote_thread"] = "vote-posts.jsonl"
    if ruleset in GIVES_HOURS:
        data["schedule"].update(deadline=deadline.strftime("%H:%M"),
                                day_change=day_change.strftime("%H:%M"))
    return data


@st.composite
def day2_abilities(draw, pick, deadline: datetime) -> list[dict]:
    """PX-10 immunity, PX-14 echo (ghosts vote), PX-16 necromancy, on day 2."""
    out = []
    if draw(st.booleans()):
        out.append({"type": "immunity", "actor": draw(pick), "target": draw(pick), "day": 2})
    if draw(st.booleans()):
        out.append({"type": "card", "card": "echo", "actor": draw(pick), "day": 2,
                    "at": deadline - timedelta(hours=draw(st.integers(1, 8)))})
    if draw(st.booleans()):
        out.append({"type": "card", "card": "necromancy", "actor": draw(pick),
                    "target": draw(pick), "day": 2, "at": deadline - timedelta(hours=5)})
    return out


OFFSETS = st.one_of(st.integers(-1000, -1),               # the day before the deadline
                    st.integers(-1000, 400),              # anywhere, the next day's start too
                    st.integers(-6, 14),                  # around the deadline and the window
                    st.sampled_from([-1, 0, 4, 5, 9, 10]))  # the PX-02..PX-04 edges


@st.composite
def post_specs(draw, names: list[str], syntax: str) -> dict:
    """One post: author, time (offset from a deadline) and the pieces of its body.

    Most posts hold one vote in the ruleset's own syntax; some hold the other syntax, several
    names, a quote of an earlier post, reasons or chatter only.
    """
    author = draw(st.sampled_from(names + names + [HOST, STRANGER]))
    own = "red" if syntax == "red" else "cmd"
    kinds = [own] if draw(st.integers(0, 9)) < 7 else []
    if syntax == "red" and draw(st.booleans()):
        kinds.append("reason")   # MR-02 wants reasons; elsewhere they are chatter
    kinds += draw(st.lists(st.sampled_from(["chat", "chat", "reason", "quote", "red", "cmd"]),
                           max_size=2))
    pieces = []
    for kind in draw(st.permutations(kinds)):
        if kind in ("red", "cmd"):
            who = draw(st.sampled_from(names + [author, draw(st.sampled_from(UNKNOWN))]))
            forms = RED_FORMS if kind == "red" else MS_FORMS
            pieces.append((kind, draw(st.sampled_from(forms)).format(escape(who))))
        elif kind == "quote":
            pieces.append((kind, draw(st.integers(0, 50)), draw(st.sampled_from(QUOTE_FORMS))))
        elif kind == "reason":
            pieces.append((kind, "because he dodged every question today"))
        else:
            pieces.append((kind, draw(st.sampled_from(CHATTER))))
    return {"author": author, "day": draw(st.integers(1, 3)), "offset": draw(OFFSETS),
            "second": draw(st.sampled_from([0, 0, 0, 30])), "pieces": pieces,
            "thread": draw(st.sampled_from(["main", "votes"]))}


def build_posts(ruleset: str, day1: date, specs: list[dict]) -> list[Post]:
    """Posts numbered in time order (ties: drawing order), quotes naming earlier posts."""
    timed = sorted(((deadline_of(ruleset, s["day"], day1) + timedelta(minutes=s["offset"],
                                                                  seconds=s["second"]), i, s)
                    for i, s in enumerate(specs)), key=lambda x: (x[0], x[1]))
    posts: list[Post] = []
    for number, (t, _, spec) in enumerate(timed, 1):
        body = []
        for piece in spec["pieces"]:
            if piece[0] == "quote":
                if posts:
                    q = posts[piece[1] % len(posts)]
                    body.append(piece[2].format(a=escape(q.author), id=q.id, html=q.html))
            else:
                body.append(piece[1])
        thread = spec["thread"] if ruleset == "mafia-baku" else "main"
        pid = str(5000 + number)
        posts.append(Post(id=pid, number=number, thread=thread, url=f"https://f.example/p{pid}",
                          author=spec["author"], author_id=None, time=t, edited=None,
                          html="<div>" + " ".join(body) + "</div>"))
    return posts


def split(game: Game, posts: list[Post]) -> GamePosts:
    """MB-01: the vote thread's posts apart in rulesets that have one."""
    if not PRESETS[game.ruleset].vote_thread:
        return GamePosts(tuple(posts))
    return GamePosts(tuple(p for p in posts if p.thread == "main"),
                     tuple(p for p in posts if p.thread == "votes"))


@st.composite
def scenarios(draw, rulesets=st.sampled_from(RULESETS)) -> tuple[Game, list[Post]]:
    data = draw(games(rulesets))
    names = [p["name"] for p in data["players"]]
    syntax = PRESETS[data["ruleset"]].syntax
    specs = draw(st.lists(post_specs(names, syntax), min_size=8, max_size=60))
    posts = build_posts(data["ruleset"], data["schedule"]["day1"], specs)
    return parse_game(data, path="property.toml"), posts


def results(game: Game, posts: list[Post]) -> list[dict]:
    return [r.to_dict() for r in tally_game(game, split(game, posts))]


# -- (a) invariants of one day's result -------------------------------------------------------------


def check_day(game: Game, d: dict) -> None:
    weights = {p.name: (p.vote_weight if PRESETS[game.ruleset].weights else 1) for p in game.players}
    day_events = [e for e in game.events if e.day == d["day"]]
    names = set(weights)
    for v in d["votes"]:
        assert v["status"] in STATUSES and v["rule"], v   # C-06
        assert v["voter"] in names and v["target"] in names | {"No Lynch", None}, v  # vocabulary
        assert datetime.fromisoformat(v["time"]) >= datetime.fromisoformat(d["start"]), v
    order = [(datetime.fromisoformat(v["time"]), int(v["post"])) for v in d["votes"]]
    assert order == sorted(order), "votes in post order"
    assert {r["player"] for r in d["tally"]} <= names | {"No Lynch"}
    assert set(d["absent"]) <= names and {r["player"] for r in d["removed"]} <= names
    counted = [v for v in d["votes"] if v["status"] == "counted"]
    voters = [v["voter"] for v in counted]
    assert all(v["target"] for v in counted)
    if not game.options.get("self_vote_counts"):
        assert all(v["target"] != v["voter"] for v in counted), "C-03"
    assert len(voters) == len(set(voters)), "one counted vote per voter and day"
    extras = sum(1 for e in day_events if e.type == "card" and e.card == "extra_vote"
                 and e.actor in voters)                                     # PX-11
    assert sum(v["weight"] for v in counted) <= sum(weights[x] for x in voters) + extras
    rows = {r["player"]: r for r in d["tally"]}
    assert all(r["votes"] > 0 for r in d["tally"])
    bonus = 0
    if d["outcome"]["reason"] == "mayor":                                  # PX-06: only in a tie
        mayor = next(p.name for p in game.players if p.role == "mayor")
        bonus = weights[mayor]
        chosen = d["outcome"]["players"][0]
        assert any(v["voter"] == mayor and v["target"] == chosen for v in counted), d["votes"]
        assert not any(e.type == "block" and e.target == mayor for e in day_events)  # PX-09
        runner_up = max((r["votes"] for r in d["tally"] if r["player"] != chosen), default=0)
        assert rows[chosen]["votes"] - bonus == runner_up, d["tally"]
    total = sum(r["votes"] for r in d["tally"])
    assert total <= sum(weights[x] for x in voters) + extras + bonus, (total, d["votes"])
    listed = [x for r in d["tally"] for x in r["voters"]]
    assert len(listed) == len(set(listed)), d["tally"]
    assert set(listed) <= set(voters)
    row_of = _rows_after_abilities(game, day_events)
    for v in counted:
        holding = [r["player"] for r in d["tally"] if v["voter"] in r["voters"]]
        assert holding in row_of(v["target"]), (v, d["tally"])
    check_outcome(d, rows)
    json.dumps(d)


def _rows_after_abilities(game: Game, day_events):
    """The rows a counted voter may stand in: his target's, moved by a cop swap (PX-08), or
    none when the row was zeroed by the lawyer (PX-07) or the priest took his vote (LM-05)."""
    if PRESETS[game.ruleset].name not in ("palermo-extreme", "lupus-mirtillo"):
        return lambda target: [[target]]
    blocked = {e.target for e in day_events if e.type == "block"}
    swap: dict[str, str] = {}
    for e in day_events:
        if e.type == "cop_swap" and e.actor not in blocked:
            swap.update({e.a: e.b, e.b: e.a})
    reduced = {e.target for e in day_events if e.type in ("lawyer", "priest")}

    def rows(target: str) -> list[list[str]]:
        moved = swap.get(target, target)
        return [[moved], []] if moved in reduced else [[moved]]
    return rows


def check_outcome(d: dict, rows: dict) -> None:
    """The outcome agrees with the tally it shows (PX-05/06/19, PC-03/04, MB-04, MR-05, MS-03)."""
    outcome, players = d["outcome"], d["outcome"]["players"]
    top = max((r["votes"] for r in d["tally"]), default=0)
    leaders = {p for p, r in rows.items() if r["votes"] == top}
    if outcome["kind"] == "no-elimination":
        assert players == []
        if outcome["reason"] == "no-votes":
            assert d["tally"] == []
        if outcome["reason"] == "tie":                                      # MB-04
            assert len(leaders) >= 2, d["tally"]
    elif outcome["kind"] == "tie":
        assert set(players) == leaders and len(leaders) >= 2, (outcome, d["tally"])
    elif outcome["reason"] == "plurality":
        assert len(players) == 1 and leaders == set(players), (outcome, d["tally"])
    elif outcome["reason"] == "majority":                                  # MS-02: the hammer
        assert len(players) == 1 and rows[players[0]]["votes"] >= d["majority"], d["tally"]
    elif outcome["reason"] in ("absence-tie", "first-to-max"):             # PX-19, MR-05
        assert set(players) <= leaders and len(leaders) >= 2, (outcome, d["tally"])
        if outcome["reason"] == "absence-tie":     # they leave by the vote, not as a removal
            assert set(players) <= set(d["absent"])
            assert not set(players) & {r["player"] for r in d["removed"]}, d["removed"]
    elif outcome["reason"] not in ("poll", "runoff"):                      # C-11: decided apart
        assert players and set(players) <= set(rows), (outcome, d["tally"])


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_effective_votes_never_exceed_weighted_voters(scenario) -> None:
    game, posts = scenario
    for d in results(game, posts):
        check_day(game, d)


# -- (b) input order -------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios(), st.randoms(use_true_random=False))
def test_input_order_never_changes_a_result(scenario, rnd) -> None:
    """Any permutation of the input (posts keep their time and number): the same result."""
    game, posts = scenario
    shuffled = list(posts)
    rnd.shuffle(shuffled)
    assert results(game, shuffled) == results(game, posts)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios(), st.randoms(use_true_random=False))
def test_same_minute_order_never_changes_a_result(scenario, rnd) -> None:
    """Posts of one minute given at the same instant, in any input order: number order decides."""
    game, posts = scenario
    same = [_to_minute(p) for p in posts]
    groups: dict[datetime, list[Post]] = {}
    for p in same:
        groups.setdefault(p.time, []).append(p)
    shuffled = []
    for t in sorted(groups):
        rnd.shuffle(groups[t])
        shuffled.extend(groups[t])
    assert results(game, shuffled) == results(game, same)


def _to_minute(p: Post) -> Post:
    return replace(p, time=p.time.replace(second=0))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios(), st.integers(0, 10_000))
def test_a_running_count_ignores_later_posts(scenario, pick) -> None:
    """A running count's ``until`` (docs/formats.md "Tally JSON": ``as_of``): the count at a moment depends only on the posts before it."""
    game, posts = scenario
    cut = posts[pick % len(posts)]
    day = next((r.day for r in tally_game(game, split(game, posts))
                if any(v.post == cut.id for v in r.votes)), None)
    if day is None:
        return
    until = (cut.time, cut.number)
    before = [p for p in posts if (p.time, p.number) < until]
    running = tally_day(game, split(game, posts), day, until=until).to_dict()
    assert running == tally_day(game, split(game, before), day, until=until).to_dict()
    assert cut.id not in {v["post"] for v in running["votes"]}
    check_day(as_of(game, cut.time), running)    # events made after the cut are not applied yet


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_later_versions_of_a_post_change_nothing_but_edit_reports(data) -> None:
    """C-07: a post is judged by its first version; a changed vote is only reported."""
    game, posts = data.draw(scenarios())
    names = [p.name for p in game.players]
    edited = []
    for p in posts:
        if data.draw(st.booleans()):
            later = data.draw(st.sampled_from(RED_FORMS + MS_FORMS)).format(
                escape(data.draw(st.sampled_from(names))))
            p = replace(p, versions=(PostVersion(p.time + timedelta(minutes=5), later),))
        edited.append(p)
    for plain, with_versions in zip(results(game, posts), results(game, edited)):
        assert all(v["rule"] == "V-EDITED-VOTE" for v in with_versions["violations"]
                   if v not in plain["violations"])
        with_versions["violations"] = [v for v in with_versions["violations"]
                                       if v["rule"] != "V-EDITED-VOTE"]
        assert with_versions == plain


# -- (c) any body ----------------------------------------------------------------------------------

_TAGS = ["<p>", "</p>", "<b>", "</b>", "<br>", "<blockquote>", "</blockquote>",
         '<blockquote data-author="{n}" data-post="5001">', "<details>", "</details>",
         '<span style="color:red">', '<span style="color: #ff0000">', '<span style="color:">',
         '<span style="color: rgb(300, -1, 0)">', "</span>", '<span class="bbvote">',
         '<font color="red">', '<font color=>', "</font>", "<cite>", "</cite>", "<s>", "</s>",
         "<!--", "-->", "<", ">", "&", "&#0;", "&#xD800;", "VOTE: ", "unvote", "\n", "\x00",
         "<script>", "<![CDATA[", "<?xml version='1.0'?>", "{n}", "No Lynch"]


@st.composite
def bodies(draw, names: list[str]) -> str:
    if draw(st.booleans()):
        return draw(st.text(max_size=200))
    parts = draw(st.lists(st.one_of(st.sampled_from(_TAGS), st.text(max_size=6)), max_size=40))
    return "".join(p.replace("{n}", draw(st.sampled_from(names))) for p in parts)


@st.composite
def body_scenarios(draw) -> tuple[Game, list[Post]]:
    game, posts = draw(scenarios())
    names = [p.name for p in game.players]
    return game, [replace(p, html=draw(bodies(names))) if draw(st.booleans()) else p
                  for p in posts]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body_scenarios())
def test_a_tally_never_crashes_on_any_post_body(scenario) -> None:
    game, posts = scenario
    for d in results(game, posts):
        check_day(game, d)


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 30), st.text(max_size=12),
                 st.lists(st.integers(-1, 3), max_size=2), st.dictionaries(st.text(max_size=4),
                                                                          st.integers(), max_size=2))


@st.composite
def broken_games(draw) -> dict:
    """A drawn game dict with one value anywhere (top, schedule, a player, an event) replaced."""
    data = draw(games())
    tables = [(data, TOP_KEYS), (data["schedule"], SCHEDULE_KEYS),
              *((p, PLAYER_KEYS) for p in data["players"]),
              *((e, {"at", "day", "player", "actor", "target", "card", "a", "b", "old", "new"})
                for e in data["events"])]
    table, keys = draw(st.sampled_from(tables))
    key = draw(st.sampled_from(sorted(set(table) | keys | {"bogus"})))
    table[key] = draw(JUNK)
    return data


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(broken_games(), st.data())
def test_a_bad_game_file_is_a_game_file_error_never_a_crash(data, more) -> None:
    """Only a VotalError (GameFileError) for a bad game file; a file that passes tallies."""
    try:
        game = parse_game(data, path="broken.toml")
    except GameFileError as e:
        assert "broken.toml" in str(e)
        return
    names = [p.name for p in game.players]
    specs = more.draw(st.lists(post_specs(names, PRESETS[game.ruleset].syntax), max_size=20))
    for d in results(game, build_posts(game.ruleset, game.schedule.day1, specs)):
        json.dumps(d)


# -- through the files, as the CLI reads them --------------------------------------------------------


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_game_and_posts_files_give_the_same_result(scenario) -> None:
    """load_game/load_posts over the same game written as TOML + JSONL: the same tally."""
    game, posts = scenario
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "game.toml").write_text(_toml(game), encoding="utf-8")
        split_posts = split(game, posts)
        _jsonl(folder / "posts.jsonl", split_posts.main)
        if split_posts.votes is not None:
            _jsonl(folder / "vote-posts.jsonl", split_posts.votes)
        loaded = load_game(folder / "game.toml")
        from_files = [r.to_dict() for r in tally_game(loaded, load_posts(loaded, offline=True))]
    assert from_files == results(game, posts)


def _jsonl(path: Path, posts) -> None:
    path.write_text("".join(json.dumps(p.to_dict(), ensure_ascii=False) + "\n" for p in posts),
                    encoding="utf-8")


def _toml(game: Game) -> str:
    """The game as a TOML file (only the keys `games` draws)."""
    s = game.schedule
    lines = [f'title = "{game.title}"', f'ruleset = "{game.ruleset}"',
             f'timezone = "{game.timezone}"', f"moderators = {json.dumps(list(game.moderators))}",
             "[source]", 'posts = "posts.jsonl"']
    if game.source.vote_thread:
        lines.append('vote_thread = "vote-posts.jsonl"')
    lines += ["[schedule]", f"day1 = {s.day1.isoformat()}"]
    if game.ruleset in GIVES_HOURS:
        lines += [f'deadline = "{s.deadline:%H:%M}"', f'day_change = "{s.day_change:%H:%M}"']
    given = {k: v for k, v in game.options.items() if PRESETS[game.ruleset].options.get(k) != v}
    if given:
        lines.append("[options]")
        lines += [f"{k} = {json.dumps(v)}" for k, v in given.items()]
    for p in game.players:
        lines += ["[[players]]", f"name = {json.dumps(p.name, ensure_ascii=False)}",
                  f"vote_weight = {p.vote_weight}"]
        if p.role:
            lines.append(f'role = "{p.role}"')
    for e in game.events:
        lines += ["[[events]]", f'type = "{e.type}"', f"day = {e.day}"]
        for key in ("card", "player", "actor", "target", "a", "b", "old", "new"):
            if getattr(e, key):
                lines.append(f"{key} = {json.dumps(getattr(e, key), ensure_ascii=False)}")
        if e.at:
            lines.append(f"at = {e.at.isoformat()}")
    return "\n".join(lines) + "\n"
