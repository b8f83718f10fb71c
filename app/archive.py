"""`votal archive DIR` and `votal report DIR`: an archive of games studied, game by game.

Every folder under DIR that holds a ``game.toml`` is one game (audit/archive.find_games). Each
game is loaded, tallied and audited on its own (in a worker process: memory is bounded by the
largest game, not the archive) and turned into its rows (audit/archive.game_rows, pure);
:func:`write_archive` writes them as the five tables (report/tables.TableWriter).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from votal.app.load import load_game, load_posts
from votal.audit.archive import (
    GAME_TABLES,
    SCHEMA,
    GameRows,
    PlayerTotals,
    crashed_game,
    failed_game,
    find_games,
    game_id,
    game_rows,
)
from votal.audit.replay import audit_game
from votal.errors import VotalError
from votal.report import i18n
from votal.report.archive_site import build_archive_site
from votal.report.tables import TableWriter
from votal.scraper.sources import Network


def study_game(path: Path, root: Path, *, offline: bool = True, db: Path | None = None,
               keep_days: bool = False) -> GameRows:
    """Load, tally and audit one game; a game that fails is a ``games`` row with its error."""
    gid = game_id(path, root)
    try:
        game = load_game(path)
        posts = load_posts(game, offline=offline, db=db)
        data = audit_game(game, posts).to_dict()   # interfaces.md §3, the audit as JSON
    except VotalError as e:
        return failed_game(gid, str(e))
    except Exception as e:   # a bug in one game must not stop an archive of hundreds
        return crashed_game(gid, e)
    all_posts = [*posts.main, *(posts.votes or ())]
    return game_rows(gid, game, all_posts, data, keep_days=keep_days)



def refresh_games(paths: list[Path], root: Path, *, db: Path | None = None,
                  net: Network | None = None) -> dict[Path, GameRows]:
    """``votal archive --refresh``: every game's threads refreshed into the store first, one game
    at a time in this process, so that ``--rate`` and ``--concurrency`` (``net``, a
    :class:`votal.scraper.sources.Network`) are not multiplied by the worker processes (each
    would pace itself alone). A game whose refresh fails is its failed row."""
    failed: dict[Path, GameRows] = {}
    for p in paths:
        try:
            load_posts(load_game(p), offline=False, db=db, net=net)
        except VotalError as e:
            failed[p] = failed_game(game_id(p, root), str(e))
        except Exception as e:   # as in study_game: one game's bug does not stop the archive
            failed[p] = crashed_game(game_id(p, root), e)
    return failed


def study_archive(paths: list[Path], root: Path, *, jobs: int = 1, offline: bool = True,
                  db: Path | None = None, keep_days: bool = False,
                  pool: Callable[[int], ProcessPoolExecutor] = ProcessPoolExecutor,
                  net: Network | None = None) -> Iterator[GameRows]:
    """Every game studied, in ``paths`` order; ``jobs`` worker processes, at most ``2 × jobs``
    games in flight so that memory stays bounded by a few games.

    Not ``offline``: the threads are refreshed first (:func:`refresh_games`, with ``net``), then
    every game is studied from the store."""
    if offline:
        yield from _study(paths, root, jobs=jobs, db=db, keep_days=keep_days, pool=pool)
        return
    failed = refresh_games(paths, root, db=db, net=net)
    studied = _study([p for p in paths if p not in failed], root, jobs=jobs, db=db,
                     keep_days=keep_days, pool=pool)
    for p in paths:
        yield failed[p] if p in failed else next(studied)


def _study(paths: list[Path], root: Path, *, jobs: int, db: Path | None, keep_days: bool,
           pool: Callable[[int], ProcessPoolExecutor]) -> Iterator[GameRows]:
    if jobs <= 1:
        for p in paths:
            yield study_game(p, root, offline=True, db=db, keep_days=keep_days)
        return
    with pool(jobs) as ex:
        pending: list[Future[GameRows]] = []
        it = iter(paths)
        for p in it:
            pending.append(ex.submit(study_game, p, root, offline=True, db=db,
                                     keep_days=keep_days))
            if len(pending) >= 2 * jobs:
                break
        while pending:
            done = pending.pop(0)
            nxt = next(it, None)
            if nxt is not None:
                pending.append(ex.submit(study_game, nxt, root, offline=True, db=db,
                                         keep_days=keep_days))
            yield done.result()


@dataclass
class ArchiveSummary:
    games: int = 0
    posts: int = 0
    failed: list[str] = field(default_factory=list)      # game ids that could not be read
    disagree: list[str] = field(default_factory=list)    # game ids whose moderators differ
    uncompared: list[str] = field(default_factory=list)  # game ids with nothing to compare
    files: list[Path] = field(default_factory=list)


def write_archive(root: Path, out: Path, *, fmt: str = "parquet", jobs: int = 1,
                  offline: bool = True, db: Path | None = None, net: Network | None = None,
                  on_game: Callable[[GameRows, int, int], None] | None = None) -> ArchiveSummary:
    """Study every game under ``root`` and write the five tables into ``out``, game by game.

    ``on_game(rows, done, total)`` is told of each finished game (the CLI's progress bar).
    ``net`` (a :class:`votal.scraper.sources.Network`): the network options of a refresh.
    """
    paths = find_games(root)
    totals = PlayerTotals()
    summary = ArchiveSummary()
    with TableWriter(out, fmt) as writer:
        for done, game in enumerate(study_archive(paths, root, jobs=jobs, offline=offline,
                                                  db=db, net=net), 1):
            for table in GAME_TABLES:
                writer.write(table, game.rows[table])
            totals.add(game)
            summary.games += 1
            summary.posts += game.posts
            if game.failed:
                summary.failed.append(game.game)
            elif game.disagrees:
                summary.disagree.append(game.game)
            elif game.compared_nothing:
                summary.uncompared.append(game.game)
            if on_game is not None:
                on_game(game, done, len(paths))
        writer.write("players", totals.rows())
    summary.files = [writer.path(t) for t in SCHEMA]
    return summary


def archive_site(root: Path, out: Path, lang: str, *, public: bool = True, jobs: int = 1,
                 offline: bool = True, db: Path | None = None) -> list[Path]:
    """`votal report DIR`: every game under ``root`` studied with its days, then the archive's
    site rendered into ``out`` (report/archive_site.py); returns the files written."""
    i18n.check_language(lang)   # a bad --lang refused before any game is studied
    paths = find_games(root)
    studied = study_archive(paths, root, jobs=jobs, offline=offline, db=db, keep_days=True)
    return build_archive_site(studied, out, lang, public=public)
