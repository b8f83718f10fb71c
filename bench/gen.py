"""A realistic generated palermo-extreme game for the benchmarks (issue 22).

Unlike a generator that cycles a handful of bodies, every post here has its own body: chatter of
3 to 80 words drawn from a few thousand Greek and Latin words, paragraphs, bold, links, smilies,
spoilers and names in other colours; votes as the forums write them (red in five renderings, in a
sentence or alone, now and then a folded or an unknown name); quotes of recent posts (their red
names are not votes), nested now and then; edited posts (a later version, its vote changed or
its text fixed, C-07); the moderator's vote counts (``counts_per_day`` a day, the standing votes
as the generator knows them, titled "Ψηφοφορία d.k" or "Vote Count d.k"), the announcement of
each day's elimination the next morning, murders (``murdered`` events with their ``at``, every
third night while the town can spare one) and each player's role and faction, so the end of the game is checked every day.

The generator keeps its own standing votes and lynches the leader (none on a tie), so who posts
follows the game; votal may read a day otherwise (its rules are stricter), which keeps the
violations and disagreements a real archive has. Deterministic for a seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

TZ = ZoneInfo("Europe/Athens")
DAY1 = datetime(2026, 11, 2, tzinfo=TZ)
MODERATOR = "Host"
THREAD = "https://forum.example/viewtopic.php?t=43"

_FIRST = ["Λάμπρος", "Νίκος", "Ελένη", "Σταύρος", "Μαρία", "Γιώργος", "Κατερίνα", "Δημήτρης",
          "Φωτεινή", "Θανάσης", "Anna", "Kostas", "Sofia", "Yannis", "Vasso", "Petros", "Irini",
          "Manolis", "Χριστίνα", "Άρης", "Ζωή", "Pavlos", "Tasos", "Δέσποινα", "Stelios"]
_SUFFIX = ["", "_GR", "88", "13", "-x"]
_SYLLABLES = ["ka", "lo", "mi", "ne", "ta", "ri", "so", "pe", "da", "gi", "ko", "ma", "ni",
              "πα", "λε", "μο", "τι", "κα", "ρο", "να", "σι", "δε", "γα", "φι", "χο", "βε"]
_SMILIES = ['<img src="/images/smilies/icon_lol.gif" alt=":lol:">',
            '<img src="/images/smilies/icon_wink.gif" alt=";)">',
            '<img src="/images/smilies/icon_eek.gif" alt=":shock:">']
_REDS = ['<span style="color: #ff0000">{}</span>', '<span style="color: red">{}</span>',
         '<span style="color: rgb(226, 80, 65)">{}</span>', '<font color="#FF0000">{}</font>',
         '<span style="color: #f00"><b>{}</b></span>']
_OTHER = ['<span style="color: #0000ff">{}</span>', '<span style="color: green">{}</span>']


@dataclass(frozen=True)
class Generated:
    """A generated game: its game file (with ``[source]`` to fill) and its posts as JSON rows."""

    players: tuple[str, ...]
    killers: tuple[str, ...]
    murders: tuple[tuple[int, str, datetime], ...]   # (day, player, at)
    rows: list[dict]
    days: int
    counts: int                                      # the moderator's counts posted

    def game_toml(self, source: str) -> str:
        """The game file; ``source`` is the body of its ``[source]`` table."""
        players = "\n".join(
            f'[[players]]\nname = "{p}"\nrole = "{"killer" if p in self.killers else "citizen"}"\n'
            f'faction = "{"mafia" if p in self.killers else "town"}"\n' for p in self.players)
        events = "\n".join(
            f'[[events]]\ntype = "murdered"\nday = {d}\nat = {at.isoformat()}\nplayer = "{p}"\n'
            for d, p, at in self.murders)
        return (f'title = "Bench"\nruleset = "palermo-extreme"\ntimezone = "Europe/Athens"\n'
                f'language = "el"\nmoderators = ["{MODERATOR}"]\n\n[source]\n{source}\n\n'
                f'[schedule]\nday1 = {DAY1.date().isoformat()}\n\n{players}\n{events}')


def player_names(n: int) -> list[str]:
    names = [f + s for s in _SUFFIX for f in _FIRST]
    if n > len(names):
        raise ValueError(f"at most {len(names)} players")
    return names[:n]


class _Text:
    """Chatter: distinct word runs over a few thousand made-up words."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.words = sorted({"".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(1, 4)))
                             for _ in range(4000)})

    def words_(self, lo: int, hi: int) -> str:
        return " ".join(self.rng.choices(self.words, k=self.rng.randint(lo, hi)))

    def chatter(self, players: list[str]) -> str:
        rng = self.rng
        parts = []
        for _ in range(rng.choice((1, 1, 1, 2, 2, 3))):
            text = self.words_(3, 30)
            roll = rng.random()
            if roll < 0.15:
                text += f" <b>{self.words_(1, 3)}</b>"
            elif roll < 0.22:
                text += f' <a href="https://forum.example/viewtopic.php?p={rng.randint(1, 10**6)}">' \
                        f'{self.words_(1, 2)}</a>'
            elif roll < 0.30:
                text += " " + rng.choice(_SMILIES)
            elif roll < 0.36:   # MR-02: a name in another colour (a body with "color" in it)
                text += " " + rng.choice(_OTHER).format(rng.choice(players))
            elif roll < 0.40:
                text += f"<br>{self.words_(2, 10)}"
            parts.append(f"<p>{text}</p>")
        if rng.random() < 0.03:
            parts.append(f"<details><summary>spoiler</summary>{self.words_(3, 15)}</details>")
        return "".join(parts)


def _vote_name(rng: random.Random, target: str) -> str:
    roll = rng.random()
    if roll < 0.05:
        return target.lower()        # folded: still the player
    if roll < 0.07:
        return target[:-1] + "ξ"      # a name nobody has: review, never a guess
    return target


def _vote(rng: random.Random, text: _Text, target: str) -> str:
    mark = rng.choice(_REDS).format(_vote_name(rng, target))
    roll = rng.random()
    if roll < 0.25:
        return f"<p>{mark}</p>"
    if roll < 0.6:
        return f"<p>Ψηφίζω {mark} {text.words_(2, 25)}</p>"
    return f"<p>{text.words_(3, 20)}</p><p>{mark}</p>{text.chatter([target]) if roll < 0.8 else ''}"


def _count(day: int, k: int, standing: dict[str, str], alive: list[str], rng: random.Random) -> str:
    by: dict[str, list[str]] = {}
    for voter, target in standing.items():
        by.setdefault(target, []).append(voter)
    title = f"Ψηφοφορία {day}.{k}" if rng.random() < 0.5 else f"Vote Count {day}.{k}"
    lines = [f"{t} ({len(v)}): {', '.join(v)}"
             for t, v in sorted(by.items(), key=lambda tv: (-len(tv[1]), tv[0]))]
    idle = [p for p in alive if p not in standing]
    if idle:
        lines.append(f"Δεν ψήφισαν: {', '.join(idle)}")
    return f"<p><b>{title}</b></p><p>{'<br>'.join(lines)}</p>"


def generate(*, posts: int, days: int, players: int | None = None, counts_per_day: int = 3,
             seed: int = 43, killers: int = 3) -> Generated:
    """``posts`` posts over ``days`` days (the moderator's posts included)."""
    rng = random.Random(seed)
    text = _Text(rng)
    names = player_names(players or max(16, days + days // 3 + 10))
    bad = tuple(rng.sample(names, killers))
    alive = list(names)
    chatty = {p: rng.paretovariate(1.5) for p in names}   # a few players write most posts
    rows: list[dict] = []
    recent: list[tuple[str, str, str]] = []
    murders: list[tuple[int, str, datetime]] = []
    per_day = max(posts // days, 1)
    counts = 0
    previous: str | None = None      # whom the previous day lynched
    for day in range(1, days + 1):
        base = DAY1 + timedelta(days=day - 1, hours=3)           # day_change 03:00
        n = per_day if day < days else posts - per_day * (days - 1)
        stamps = sorted(rng.uniform(0, 16.9 * 3600) for _ in range(n))   # 03:00 .. 19:54
        count_at = {int(n * (k + 1) / (counts_per_day + 1)): k + 1 for k in range(counts_per_day)}
        standing: dict[str, str] = {}
        lynched = previous
        murdered = next((p for d, p, _ in murders if d == day), None)
        murder_at = base + timedelta(hours=10)                     # 13:00 (PX's murder time)
        unvoted = set(alive)
        for i, s in enumerate(stamps):
            at = base + timedelta(seconds=int(s))
            living = [p for p in alive if not (p == murdered and at >= murder_at)]
            if i == 0 and day > 1:
                body = _announce(lynched, day)
                author = MODERATOR
            elif i in count_at:
                body = _count(day, count_at[i], standing, living, rng)
                author = MODERATOR
                counts += 1
            else:
                late = i > n * 0.8
                author = (rng.choice(sorted(unvoted & set(living))) if late and unvoted & set(living)
                          else rng.choices(living, weights=[chatty[p] for p in living])[0])
                roll = rng.random()
                if author in unvoted and (late or roll < 0.35) or roll < 0.30:
                    options = ([p for p in living if p != author and p not in bad]
                               or [p for p in living if p != author] or [author])
                    pool = [p for p in _leaders(standing) if p in options]
                    target = rng.choice(pool if pool and rng.random() < 0.6 else options)
                    body = _vote(rng, text, target)
                    standing[author] = target
                    unvoted.discard(author)
                elif roll < 0.52 and recent:
                    pid, who, quoted = rng.choice(recent[-40:])
                    body = (f'<blockquote data-author="{who}" data-post="{pid}">{quoted}</blockquote>'
                            f"{text.chatter(living)}")
                else:
                    body = text.chatter(living)
            pid = str(100000 + len(rows))
            row = {"id": pid, "number": len(rows) + 1, "thread": THREAD,
                   "url": f"{THREAD}&p={pid}#p{pid}", "author": author, "author_id": None,
                   "time": at.isoformat(), "edited": None, "html": body}
            if author != MODERATOR and rng.random() < 0.03:   # C-07: a later version
                seen = at + timedelta(minutes=rng.randint(2, 90))
                later = (_vote(rng, text, rng.choice(living)) if "color" in body and rng.random() < 0.5
                         else body.replace("</p>", f" {text.words_(1, 3)}</p>", 1))
                row["edited"] = seen.isoformat()
                row["versions"] = [{"seen": seen.isoformat(), "html": later}]
            rows.append(row)
            if author != MODERATOR:
                recent.append((pid, author, body))
        leaders = _leaders(standing)
        previous = leaders[0] if len(leaders) == 1 else None
        if previous is not None:
            alive.remove(previous)
        if murdered in alive:
            alive.remove(murdered)
        if day % 3 == 0 and day < days:
            town = [p for p in alive if p not in bad]
            if len(town) > (days - day) + killers + 1:   # town enough for the days left
                murders.append((day + 1, rng.choice(town), base + timedelta(days=1, hours=10)))
    return Generated(tuple(names), bad, tuple(murders), rows, days, counts)


def _leaders(standing: dict[str, str]) -> list[str]:
    tally: dict[str, int] = {}
    for t in standing.values():
        tally[t] = tally.get(t, 0) + 1
    if not tally:
        return []
    top = max(tally.values())
    return [t for t, n in tally.items() if n == top]


def _announce(lynched: str | None, day: int) -> str:
    said = f"<p><b>{lynched}</b> ψηφίστηκε.</p>" if lynched else "<p>Κανείς δεν αποχωρεί.</p>"
    return f"<p><b>Μέρα {day}</b></p>{said}"
