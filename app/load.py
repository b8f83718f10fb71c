"""The I/O edge of every command that reads a game: its game file and its posts.

`load_game(path)` parses the TOML file and hands the dict to the pure `tally.validate.parse_game`
(its warnings to ``warn``);
`load_posts(game, offline=..., db=...)` reads the sources the game file names.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path

from votal.errors import GameFileError
from votal.scraper.model import Post, empty_posts_message, read_posts_jsonl
from votal.scraper.sources import Network, recheck, source_posts
from votal.tally.engine import GamePosts
from votal.tally.game import Game
from votal.tally.presets import get_preset, schedule_of
from votal.tally.validate import game_warnings, parse_game


def load_game(path: str | Path, *, warn: Callable[[str], None] | None = None) -> Game:
    """The game file at ``path``, checked against its ruleset (GameFileError otherwise); each of
    its warnings (:func:`votal.tally.validate.game_warnings`) handed to ``warn``, when given."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as e:
        raise GameFileError(f"{p}: cannot read the game file ({e.strerror})") from None
    try:
        text = raw.decode("utf-8-sig")  # a BOM (Windows editors) is accepted and dropped
    except UnicodeDecodeError as e:
        line = raw[:e.start].count(b"\n") + 1
        raise GameFileError(f"{p}:{line}: not UTF-8 text (byte {raw[e.start]:#04x}); "
                            "save the game file as UTF-8") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise GameFileError(f"{p}: not valid TOML ({e})") from None
    game = parse_game(data, path=str(p))
    if warn is not None:
        for warning in game_warnings(game):
            warn(warning)
    return game


def shows_codes(game: Game, flag: bool | None) -> bool | None:
    """Whether a report cites the rule ids: ``--codes``/``--no-codes`` (``flag``), else True
    when the game file's ``[options] codes`` asks for them in a public post too (None: the
    rendering's default, a private post only)."""
    if flag is not None:
        return flag
    return True if game.options.get("codes") else None


def load_posts(game: Game, *, offline: bool = False, db: Path | None = None,
               net: Network | None = None) -> GamePosts:
    """MB-01: the game thread's posts and the vote thread's, from the sources in the game file;
    a ruleset that votes in a separate thread needs one, and its votes are read there only.

    ``net`` (a :class:`votal.scraper.sources.Network`): the network options for a refresh."""
    if game.source.main is None:
        raise GameFileError(f"{game.path}: [source] names no thread, pages or posts")
    base = Path(game.path).resolve().parent
    main = _read(game, game.source.main, base, offline=offline, db=db, net=net)
    votes = None
    if game.source.vote_thread:
        votes = tuple(_read(game, game.source.vote_thread, base, offline=offline, db=db,
                            net=net))
    elif get_preset(game.ruleset).vote_thread:
        raise GameFileError(f"{game.path}: [source]: ruleset {game.ruleset} needs a vote_thread (MB-01)")
    return GamePosts(tuple(main), votes)


def _read(game: Game, source: str, base: Path, *, offline: bool, db: Path | None,
          net: Network | None = None) -> list[Post]:
    """A posts JSONL directly; anything else (URL, saved pages) through the scraper's sources."""
    local = (base / source) if "://" not in source else None
    if local is not None and local.suffix == ".jsonl":
        posts = read_posts_jsonl(local)
        if not posts and net is not None and net.notify is not None:
            # an empty tally, said so: a vote thread may have no posts yet (issue 8)
            net.notify(f"warning: {empty_posts_message(local)}; the tally counts no votes from it")
        return posts
    extra = {"net": net} if net is not None else {}
    return source_posts(source, base_dir=base, db=db, timezone=game.timezone, offline=offline,
                        **extra)


def recheck_day(game: Game, day: int, posts: GamePosts, *, db: Path | None = None,
                net: Network | None = None) -> GamePosts:
    """The posts again after the pages holding day ``day`` were asked again (conditional
    requests, C-07 edits stored as new versions): a re-run otherwise asks only from the last
    stored page on, and "I changed my vote in my old post" would go unseen (issue 8)."""
    schedule = schedule_of(game)
    since = schedule.start(day)
    changed = False
    for source in filter(None, (game.source.thread, game.source.vote_thread)):
        summary = recheck(source, db=db, timezone=game.timezone, since=since,
                          net=net or Network())
        changed = changed or bool(summary and (summary.new or summary.edited))
    if not changed:
        return posts
    return load_posts(game, offline=True, db=db)
