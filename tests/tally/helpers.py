"""Small builders for tally tests: a game dict (as parsed TOML) and posts, without files."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from votal.scraper.model import Post
from votal.tally.bodies.extract import read_post
from votal.tally.engine import GamePosts
from votal.tally.game import Game
from votal.tally.validate import parse_game

ATHENS = ZoneInfo("Europe/Athens")


def game_dict(ruleset: str = "palermo-extreme", players=("A", "B", "C", "D", "E"), **extra) -> dict:
    data = {
        "title": "test", "ruleset": ruleset, "timezone": extra.pop("timezone", "Europe/Athens"),
        "language": "en", "moderators": ["Host"], "source": {"posts": "posts.jsonl"},
        "schedule": {"day1": date(2026, 11, 2)},
        "players": [p if isinstance(p, dict) else {"name": p} for p in players],
    }
    data["schedule"].update(extra.pop("schedule", {}))
    data.update(extra)
    return data


def make_game(ruleset: str = "palermo-extreme", players=("A", "B", "C", "D", "E"), **extra) -> Game:
    return parse_game(game_dict(ruleset, players, **extra), path="test.toml")


def at(day: int, hh: int, mm: int = 0, tz=ATHENS, month: int = 11) -> datetime:
    return datetime(2026, month, day, hh, mm, tzinfo=tz)


def red(name: str, before: str = "", after: str = "") -> str:
    return f'<p>{before}<span style="color: #ff0000">{name}</span>{after}</p>'


def marks(html: str, syntax: str = "mafiascum") -> list[tuple[str, str]]:
    """A post body's vote marks as (kind, text) pairs, as tally/bodies/extract.read_post reads them."""
    return [(m.kind.name, m.text) for m in read_post(html, syntax).marks]


class Thread:
    """Posts numbered in the order they are added."""

    def __init__(self) -> None:
        self.posts: list[Post] = []

    def add(self, author: str, time: datetime, html: str, pid: str | None = None) -> Post:
        n = len(self.posts) + 1
        pid = pid or str(1000 + n)
        post = Post(id=pid, number=n, thread="t", url=f"https://f.example/p{pid}", author=author,
                    author_id=None, time=time, edited=None, html=html)
        self.posts.append(post)
        return post

    def vote(self, author: str, time: datetime, target: str, text: str = "") -> Post:
        return self.add(author, time, red(target, after=f" {text}" if text else ""))

    def game_posts(self) -> GamePosts:
        return GamePosts(tuple(self.posts))
