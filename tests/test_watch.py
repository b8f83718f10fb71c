"""`votal watch` (issue 13) through a 20:00–20:10 evening, against a real server on 127.0.0.1.

The thread (the real phpBB adapter's markup, tests/scraper/fakeforum.py) gains posts as a fake
clock moves from 19:50 to the close of the change window: a vote at 19:52, a vote at 19:58, a
window change at 20:06 (PX-03), a chatter post in the window at 20:07 (V-WINDOW-CHATTER), the
corrupt cop's swap entered in the game file at 20:08 (PX-08), and a late post at 20:10 (PX-04).
A 500 storm at 19:57 shows in the status line and is retried. Nothing really waits.
"""

from __future__ import annotations

import io
import re
import sys
import threading
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

sys.path.insert(0, str(Path(__file__).parent / "scraper"))
import fakeforum as ff  # noqa: E402

from votal.app.watch import MIN_EVERY, Watcher  # noqa: E402
from votal.cli import main  # noqa: E402
from votal.report import render_day  # noqa: E402
from votal.report.watchscreen import LineScreen, LiveScreen  # noqa: E402
from votal.scraper.http import HttpClient, HttpOptions  # noqa: E402
from votal.scraper.sources import refresh  # noqa: E402
from votal.scraper.store import Store  # noqa: E402
from votal.tally.engine import GamePosts  # noqa: E402

ATHENS = ZoneInfo("Europe/Athens")
RED = '<span style="color: #FF0000">{}</span>'


def at(hh: int, mm: int, ss: int = 0) -> datetime:
    return datetime(2026, 11, 3, hh, mm, ss, tzinfo=ATHENS)


# (time the post appears and carries, author, body)
EARLY = [
    (at(9, 0), "Αφηγητής", "<p>Μέρα 1. Παίκτες: Λάμπρος, Νίκος, Ελένη, Φώτης, Γιώτα, Χάρης.</p>"),
    (at(12, 0), "Λάμπρος", f"<p>Ψηφίζω {RED.format('Νίκος')}</p>"),
    (at(13, 0), "Νίκος", f"<p>{RED.format('Λάμπρος')}</p>"),
    (at(14, 0), "Ελένη", f"<p>Ψήφος: {RED.format('Νίκος')}</p>"),
]
LATER = [
    (at(19, 52), "Φώτης", f"<p>{RED.format('Νίκος')}</p>"),
    (at(19, 58), "Γιώτα", f"<p>Ψηφίζω {RED.format('Λάμπρος')}</p>"),
    (at(20, 6), "Λάμπρος", f"<p>{RED.format('Φώτης')}</p>"),                       # PX-03 change
    (at(20, 7), "Νίκος", f"<p>Αλλάζω σε {RED.format('Ελένη')}, γιατί έτσι.</p>"),   # chatter
    (at(20, 10), "Ελένη", f"<p>{RED.format('Λάμπρος')}</p>"),                      # PX-04 late
]
GAME = """title = "Palermo 44"
ruleset = "palermo-extreme"
timezone = "Europe/Athens"
language = "el"
moderators = ["Αφηγητής"]

[source]
thread = "{url}"

[schedule]
day1 = 2026-11-03

[[players]]
name = "Λάμπρος"
[[players]]
name = "Νίκος"
[[players]]
name = "Ελένη"
[[players]]
name = "Φώτης"
[[players]]
name = "Γιώτα"
role = "corrupt_cop"
[[players]]
name = "Χάρης"
"""
SWAP = """
[[events]]
type = "cop_swap"
actor = "Γιώτα"
a = "Νίκος"
b = "Φώτης"
day = 1
at = 2026-11-03T20:08:00+02:00
"""


class Evening:
    """The fake clock of the watch: each sleep moves it on and lets the forum and the moderator
    act (posts appear at their time; the swap is typed into the game file at 20:08)."""

    def __init__(self, srv: ff.ForumServer, game_file: Path):
        self.srv, self.game_file = srv, game_file
        self.now = at(19, 50)
        self.slept: list[float] = []
        self.swapped = False
        self.storm = False
        self.posts: list[ff.FakePost] = []
        for t, author, body in EARLY:
            self._post(t, author, body)
        self.publish()

    def _post(self, t, author, body):
        n = len(self.posts) + 1
        self.posts.append(ff.FakePost(5000 + n, n, author, t, body))

    def publish(self):
        for n in range(1, -(-len(self.posts) // 20) + 1):
            self.srv.pages[ff.phpbb_path(n)] = ff.render_phpbb(self.posts, n)

    def __call__(self) -> datetime:
        return self.now

    def sleep(self, seconds: float) -> None:
        assert seconds > 0
        self.slept.append(seconds)
        self.now += timedelta(seconds=seconds)
        for t, author, body in LATER:
            if t <= self.now and all(p.time != t for p in self.posts):
                self._post(t, author, body)
        self.publish()
        if not self.storm and self.now >= at(19, 57):
            self.storm = True   # every try of the next refresh fails
            self.srv.faults[ff.PHPBB_TOPIC] = [(500, {})] * 2   # a try and its one retry
        if not self.swapped and self.now >= at(20, 8):
            self.swapped = True
            with self.game_file.open("a", encoding="utf-8") as fh:
                fh.write(SWAP)


class MonoClock:
    """time.monotonic/sleep for the HTTP client's politeness waits: never really waits."""

    def __init__(self):
        self.t, self.lock = 0.0, threading.Lock()

    def __call__(self) -> float:
        with self.lock:
            return self.t

    def sleep(self, s: float) -> None:
        with self.lock:
            self.t += s


@pytest.fixture
def evening(tmp_path):
    with ff.ForumServer() as srv:
        game_file = tmp_path / "game.toml"
        game_file.write_text(GAME.format(url=srv.url(ff.PHPBB_TOPIC)), encoding="utf-8")
        yield srv, game_file, Evening(srv, game_file), tmp_path / "store.sqlite"


def _refresher(db: Path):
    mono = MonoClock()
    options = HttpOptions(retries=1, backoff=0.5)

    def factory(opts, cookies=None):
        return HttpClient(options, cookies=cookies, clock=mono, sleep=mono.sleep)

    def live(game):
        with Store(db) as store:
            key = refresh(game.source.thread, store=store, timezone=game.timezone,
                          client_factory=factory).thread
            return GamePosts(tuple(store.posts(key)))
    return live


def _watch(evening, screen, fmt="bbcode", lang="en", public=True):
    """The evening watched; ``lang`` "en" by default (the game is Greek: None reads its own)."""
    srv, game_file, clock, db = evening
    watcher = Watcher(game_file, refresh=_refresher(db), clock=clock, sleep=clock.sleep,
                      screen=screen, render=lambda r: render_day(r, fmt), every=60, lang=lang,
                      public=public)
    return watcher.run(), srv, game_file, clock, db


def test_watch_through_the_evening_prints_each_change_and_the_final_post(evening, capsys):
    out = io.StringIO()
    final, srv, game_file, clock, db = _watch(evening, LineScreen("bbcode", out))
    lines = out.getvalue().splitlines()
    # the refresh lines as a script reads them: TIME KIND WHAT | LEADERS
    assert "2026-11-03 19:52:00 vote Φώτης → Νίκος | Νίκος 3, Λάμπρος 1" in lines
    assert "2026-11-03 19:55:00 absences if the vote closed now: Γιώτα, Χάρης | Νίκος 3, " \
           "Λάμπρος 1" in lines
    storm = [ln for ln in lines if " status network trouble: " in ln]
    assert len(storm) == 1 and storm[0].startswith("2026-11-03 19:57:00 ")
    assert "2026-11-03 19:58:00 vote Γιώτα → Λάμπρος | Νίκος 3, Λάμπρος 2" in lines
    assert "2026-11-03 19:58:00 status ok | Νίκος 3, Λάμπρος 2" in lines           # retried
    assert "2026-11-03 20:06:00 change Λάμπρος: Νίκος → Φώτης | Λάμπρος 2, Νίκος 2, Φώτης 1" \
        in lines
    chatter = [ln for ln in lines if " violation V-WINDOW-CHATTER Νίκος " in ln]
    assert len(chatter) == 1 and chatter[0].startswith("2026-11-03 20:07:00 ")
    # the cop's swap typed into the game file at 20:08 (PX-08), sent to the moderator by
    # private message: the public sees the counts move at the close, not when the cop acted
    # (issue 20), and never a word of who did it
    assert not any(ln.startswith("2026-11-03 20:08") for ln in lines)
    assert "2026-11-03 20:10:00 outcome tie Λάμπρος, Φώτης (PX-06) | Λάμπρος 2, Φώτης 2, " \
           "Νίκος 1" in lines
    assert "2026-11-03 20:10:00 closed final: tie Λάμπρος, Φώτης (PX-06) | Λάμπρος 2, " \
           "Φώτης 2, Νίκος 1" in lines
    assert "Γιώτα" not in "".join(ln for ln in lines if "20:1" in ln)
    # the official post follows the lines, exactly what `votal tally --format bbcode` prints
    assert out.getvalue().endswith(final)
    assert main(["tally", str(game_file), "--day", "1", "--format", "bbcode", "--offline",
                 "--db", str(db)]) == 0
    assert capsys.readouterr().out == final
    # the same evening replayed from the store ends with the same post
    assert main(["watch", str(game_file), "--replay", "--day", "1", "--speed", "1e12",
                 "--db", str(db), "--out", str(game_file.with_name("replay.bbcode"))]) == 0
    replayed = capsys.readouterr().out
    assert replayed.endswith(final)
    assert "2026-11-03 20:06:00 change Λάμπρος: Νίκος → Φώτης | Λάμπρος 2, Νίκος 2, Φώτης 1" \
        in replayed.splitlines()
    # politeness: at most one refresh a minute, and never a wait of 10 s or less between them
    assert all(s <= 60 for s in clock.slept)
    hits = [p for _, p, _ in srv.log if p == ff.PHPBB_TOPIC]
    assert len(hits) <= 21 + 2           # 19:50 … 20:10, plus the one retry of the 500 storm


def test_a_private_watch_shows_the_swap_when_it_is_entered(evening):
    """--private (the moderator's own screen): the swap counts at once, at 20:08 (PX-08)."""
    out = io.StringIO()
    _watch(evening, LineScreen("bbcode", out), public=False)
    lines = out.getvalue().splitlines()
    assert "2026-11-03 20:08:00 outcome tie Λάμπρος, Φώτης (PX-06) | Λάμπρος 2, Φώτης 2, " \
           "Νίκος 1" in lines


def test_the_final_count_applies_the_window_the_swap_and_refuses_the_late_post(evening):
    import json

    from votal.app.load import load_game, load_posts
    from votal.tally.engine import tally_day

    final, srv, game_file, clock, db = _watch(evening, LineScreen("json", io.StringIO()),
                                              fmt="json")
    result = json.loads(final)
    late = [v for v in result["votes"] if v["voter"] == "Ελένη" and v["target"] == "Λάμπρος"]
    assert [(v["status"], v["rule"]) for v in late] == [("ignored", "PX-04")]   # 20:10 is late
    assert any(v["rule"] == "V-WINDOW-CHATTER" and v["player"] == "Νίκος"
               for v in result["violations"])
    game = load_game(game_file)
    assert game.events_of("cop_swap")                                            # re-read
    assert final == render_day(tally_day(game, load_posts(game, offline=True, db=db), 1),
                               "json")
    assert result["absent"] == ["Χάρης"]


def test_every_is_never_below_the_politeness_limit(evening):
    srv, game_file, clock, db = evening
    watcher = Watcher(game_file, refresh=_refresher(db), clock=clock, sleep=clock.sleep,
                      screen=LineScreen("text", io.StringIO()), render=lambda r: "", every=1)
    assert watcher.every == MIN_EVERY


class FramedLiveScreen(LiveScreen):
    """The live screen, each frame also drawn into a text console the test reads."""

    def __init__(self, fmt, stream):
        super().__init__(fmt, stream)
        self.frames: list[str] = []

    def show(self, tick):
        from rich.console import Console

        super().show(tick)
        frame = Console(file=io.StringIO(), width=120, color_system=None)
        frame.print(self.render(tick))
        self.frames.append(frame.file.getvalue())


def test_live_screen_renders_the_count(evening):
    out = io.StringIO()
    screen = FramedLiveScreen("text", out)
    with screen:
        final, *_ = _watch(evening, screen, fmt="text")
    first, frames = screen.frames[0], "\n".join(screen.frames)
    assert first.startswith("Palermo 44 — day 1 — 0:10:00 to the deadline")
    assert re.search(r"Νίκος +2 +Λάμπρος, Ελένη", first)
    assert "not voted yet: Φώτης, Γιώτα, Χάρης" in first
    assert "would be charged an absence: Γιώτα, Χάρης" in frames          # from 19:55
    assert "network trouble" in frames
    assert "left in the change window" in frames
    assert "violations: V-WINDOW-CHATTER Νίκος" in frames
    assert out.getvalue().endswith(final)


@pytest.mark.parametrize("lang, words", [
    (None, {"absences": "αν η ψηφοφορία έκλεινε τώρα: Γιώτα, Χάρης",      # the game's: Greek
            "network": " status πρόβλημα δικτύου: ", "retry": "· νέα προσπάθεια σε 60 s",
            "outcome": "outcome ισοψηφία Λάμπρος, Φώτης (PX-06)",
            "final": "closed τελικό: ισοψηφία Λάμπρος, Φώτης (PX-06)"}),
    ("it", {"absences": "se la votazione chiudesse ora: Γιώτα, Χάρης",
            "network": " status problema di rete: ", "retry": "; nuovo tentativo tra 60 s",
            "outcome": "outcome parità Λάμπρος, Φώτης (PX-06)",
            "final": "closed esito: parità Λάμπρος, Φώτης (PX-06)"}),
])
def test_watch_lines_are_in_the_game_language_or_lang(evening, lang, words):
    """issue 13: the words in the game's language (or --lang); KIND keywords, times, rule ids and
    leaders stay as scripts read them."""
    out = io.StringIO()
    _watch(evening, LineScreen("bbcode", out), lang=lang)
    lines = out.getvalue().splitlines()
    assert f"2026-11-03 19:55:00 absences {words['absences']} | Νίκος 3, Λάμπρος 1" in lines
    storm = [ln for ln in lines if words["network"] in ln]
    assert len(storm) == 1 and storm[0].startswith("2026-11-03 19:57:00 ")
    assert words["retry"] + " | " in storm[0]
    assert "2026-11-03 19:52:00 vote Φώτης → Νίκος | Νίκος 3, Λάμπρος 1" in lines
    assert f"2026-11-03 20:10:00 {words['outcome']} | Λάμπρος 2, " in "\n".join(lines)
    assert f"2026-11-03 20:10:00 {words['final']} | Λάμπρος 2, " in "\n".join(lines)
    assert not any("if the vote closed now" in ln or "final:" in ln or "network trouble" in ln
                   or " tie " in ln for ln in lines)


@pytest.mark.parametrize("lang, words", [
    (None, ("Palermo 44 — ημέρα 1 — 0:10:00 ως τη λήξη", "δεν έχουν ψηφίσει ακόμα: Φώτης, Γιώτα",
            "θα χρεωθούν απουσία: Γιώτα, Χάρης", "απομένουν στο παράθυρο αλλαγής ψήφου",
            "παραβάσεις: V-WINDOW-CHATTER Νίκος", "η ψηφοφορία έκλεισε", "ψηφοφόροι")),
    ("it", ("Palermo 44 — giorno 1 — 0:10:00 alla chiusura", "non hanno ancora votato: Φώτης",
            "riceverebbero un'assenza: Γιώτα, Χάρης", "rimasti nella finestra di cambio voto",
            "violazioni: V-WINDOW-CHATTER Νίκος", "la votazione è chiusa", "votanti")),
])
def test_live_screen_in_the_game_language_or_lang(evening, lang, words):
    screen = FramedLiveScreen("text", io.StringIO())
    with screen:
        _watch(evening, screen, fmt="text", lang=lang)
    first, frames = screen.frames[0], "\n".join(screen.frames)
    assert first.startswith(words[0])
    for w in words[1:]:
        assert w in frames, w
    assert "to the deadline" not in frames and "not voted yet" not in frames


MAFIASCUM = """title = "Mini 9"
ruleset = "mafiascum"
timezone = "America/New_York"
language = "en"
moderators = ["Host"]
[source]
posts = "posts.jsonl"
[schedule]
day1 = 2026-11-03
deadline = "22:00"
day_change = "08:00"
""" + "".join(f'[[players]]\nname = "{n}"\n' for n in ("Ann", "Bob", "Cid", "Dee", "Eve"))


def test_a_hammer_ends_the_watch_before_the_deadline(tmp_path):
    """MS-02: the third vote on Bob (majority of five) closes the day at once."""
    from votal.scraper.model import Post

    game_file = tmp_path / "game.toml"
    game_file.write_text(MAFIASCUM, encoding="utf-8")
    (tmp_path / "posts.jsonl").write_text("", encoding="utf-8")
    ny = ZoneInfo("America/New_York")
    votes = [("Ann", "Bob", 10), ("Cid", "Bob", 11), ("Dee", "Ann", 12), ("Eve", "Bob", 13)]
    posts = [Post(str(i), i, "t", f"t#{i}", voter, None, datetime(2026, 11, 3, h, 0, tzinfo=ny),
                  None, f'<span class="bbvote">VOTE: {target}</span>')
             for i, (voter, target, h) in enumerate(votes, 1)]
    clock = {"now": datetime(2026, 11, 3, 9, 0, tzinfo=ny)}

    def sleep(s):
        clock["now"] += timedelta(seconds=s)

    out = io.StringIO()
    watcher = Watcher(game_file, clock=lambda: clock["now"], sleep=sleep,
                      refresh=lambda game: GamePosts(tuple(p for p in posts
                                                           if p.time <= clock["now"])),
                      screen=LineScreen("text", out), render=lambda r: "FINAL\n", every=600)
    assert watcher.run() == "FINAL\n"
    lines = out.getvalue().splitlines()
    assert clock["now"] < datetime(2026, 11, 3, 13, 11, tzinfo=ny)     # long before 22:00
    assert "2026-11-03 13:00:00 vote Eve → Bob | Bob 3, Ann 1" in lines
    assert any(" closed final: eliminated Bob (majority reached, MS-02)" in ln for ln in lines)


def test_a_broken_game_file_shows_in_the_status_line_and_the_last_good_one_is_used(tmp_path):
    from votal.scraper.model import Post

    game_file = tmp_path / "game.toml"
    game_file.write_text(MAFIASCUM, encoding="utf-8")
    (tmp_path / "posts.jsonl").write_text("", encoding="utf-8")
    ny = ZoneInfo("America/New_York")
    posts = [Post("1", 1, "t", "t#1", "Ann", None, datetime(2026, 11, 3, 10, 0, tzinfo=ny), None,
                  '<span class="bbvote">VOTE: Bob</span>')]
    clock = {"now": datetime(2026, 11, 3, 21, 0, tzinfo=ny)}

    def sleep(s):
        clock["now"] += timedelta(seconds=s)
        if clock["now"] >= datetime(2026, 11, 3, 21, 30, tzinfo=ny):
            game_file.write_text(MAFIASCUM.replace('ruleset = "mafiascum"', "ruleset = 7"),
                                 encoding="utf-8")          # a moderator's typo mid-evening
        if clock["now"] >= datetime(2026, 11, 3, 21, 40, tzinfo=ny):
            game_file.write_text(MAFIASCUM, encoding="utf-8")  # and its fix

    out = io.StringIO()
    Watcher(game_file, clock=lambda: clock["now"], sleep=sleep, refresh=lambda g: GamePosts(
        tuple(posts)), screen=LineScreen("text", out), render=lambda r: "", every=300).run()
    lines = out.getvalue().splitlines()
    broken = [ln for ln in lines if " status game file: " in ln]
    assert len(broken) == 1 and broken[0].startswith("2026-11-03 21:30:00 ")
    assert "(the last good version is used) | Bob 1" in broken[0]
    assert "2026-11-03 21:40:00 status ok | Bob 1" in lines
    assert lines[-1].startswith("2026-11-03 22:00:00 closed final: eliminated Bob")
