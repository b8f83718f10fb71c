"""The `votal` command: a thin wrapper over the library (style.md).

Each command parses its options, calls one library function, renders the result. Errors derive from
``votal.errors.VotalError``; :func:`main` catches them once and prints one line, exit code 2.
Each command lives in its own section below, owned by the part of the library it wraps.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import typer

# click's usage-error base class, wherever this typer keeps click (vendored as typer._click from
# 0.2x on, a package of its own before): found through a class typer exports.
if TYPE_CHECKING:  # the class the lookup below finds in the typer installed (typer._click)
    from typer._click.exceptions import ClickException
else:
    ClickException = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")

from votal.app.process import tune_gc
from votal.errors import (
    InputError,
    Interrupted,
    VotalError,
    check_output_file,
    check_output_folder,
    writing,
)

# The documents a user has (issue 20): the README and docs/ of the repository.
DOCS = ("Documents: README.md (each user's path), docs/gamefile.md (the game file), "
        "docs/rules.md (every rule id and V- code in the outputs), docs/formats.md (posts "
        "JSONL, tally and audit JSON, CSV), audit/README.md (the audit and the archive's tables).")

app = typer.Typer(
    name="votal",
    help="Count the votes of forum games of Mafia, Palermo and Werewolf (Lupus in Tabula).",
    epilog=DOCS,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,   # click's plain help: paragraphs rewrapped, no type shown on flags
)

# The help's one style (issue 20; tests/test_help.py checks it over every command): each help
# text is a sentence, capitalised, ending with a full stop; a default is said in the text as
# "(default: …)", never by typer's "[default: …]"; the metavar of a value comes from this table,
# one per kind of value.
METAVARS = {
    "game": "GAME",          # a game file (argument)
    "source": "SOURCE",      # a thread: URL, saved page(s), posts file (argument)
    "file": "FILE",          # a file read or written
    "dir": "DIR",            # a folder
    "n": "N",                # a whole number: a day, a count of days, processes, requests
    "seconds": "SECONDS",
    "rate": "RATE",          # requests per second
    "factor": "FACTOR",      # how many times faster
    "time": "TIME",          # 'now' or an ISO 8601 moment
    "zone": "ZONE",          # an IANA time zone
    "format": "FORMAT",      # an output format
    "lang": "LANG",          # el, it, ru, en
    "name": "NAME",          # a player's name or alias
    "ruleset": "RULESET",
    "when": "WHEN",          # watch --until
}


def _option(default, *names: str, kind: str | None = None, help: str, **extra):
    """A typer option in the help's style: the metavar of its kind (None: a flag), the default
    said in ``help`` only."""
    return typer.Option(default, *names, metavar=METAVARS[kind] if kind else None, help=help,
                        show_default=False, **extra)


def _version(value: bool) -> None:
    """``votal --version``: the installed package's version (importlib.metadata)."""
    if not value:
        return
    from importlib.metadata import PackageNotFoundError, version

    try:
        typer.echo(f"votal {version('votal')}")
    except PackageNotFoundError:
        typer.echo("votal (version unknown: not installed as a package)")
    raise typer.Exit()


@app.callback()
def _root(
    debug: bool = _option(False, "--debug", help="On an unexpected error, show the full "
                          "traceback (also: VOTAL_DEBUG=1)."),
    version: bool = _option(False, "--version", callback=_version, is_eager=True,
                            help="Print votal's version and exit."),
) -> None:
    """votal: scrape a game thread, tally a day, audit a game."""
    global _DEBUG
    _DEBUG = _DEBUG or debug


# Options shared by the game commands, defined once.
GAME = typer.Argument(..., metavar=METAVARS["game"], show_default=False,
                      help="The game file (TOML; every key, event and role: "
                           "docs/gamefile.md).")
LANG = _option(None, "--lang", kind="lang",
               help="The output's language: el, it, ru or en (default: the game's).")
CODES = _option(None, "--codes/--no-codes",
                help="Print the rule ids and V- codes beside what they decided (default: only "
                     "in a private post, or as the game file's [options] codes says).")
PUBLIC = _option(True, "--public/--private",
                 help="Hide or show the secrets: roles, factions, abilities (default: public).")
OFFLINE = _option(False, "--offline", help="Do not refresh the thread first: read the store "
                  "and the saved files only.")
DB_HELP = ("The local store (SQLite) of scraped posts (default: $VOTAL_DB, else "
           "$XDG_DATA_HOME/votal/votal.sqlite, else ~/.local/share/votal/votal.sqlite).")
DB = _option(None, "--db", kind="file", help=DB_HELP)
# --format of a day's tally (tally, watch) and its default
DAY_FORMATS = "text, bbcode, markdown, html, json or csv"
RULESETS = ("palermo-extreme, palermo-classic, mafia-baku, lupus-mirtillo, mafia-forum-ru or "
            "mafiascum")

# The network options of every command that refreshes a thread, defined once (issue 8).
COOKIES = _option(None, "--cookies", kind="file",
                  help="A Netscape cookies file for members-only threads (sent to the forum "
                       "only, never printed or stored).")
RATE = _option(1.0, "--rate", kind="rate",
               help="Requests per second per host, above 0 (default: 1).")
CONCURRENCY = _option(2, "--concurrency", kind="n",
                      help="Requests at a time per host, 1 or more (default: 2).")
# When saved pages were fetched (issue 11): `scrape` and `init` parse it alike.
FETCHED_AT = _option(
    None, "--fetched-at", kind="time",
    help="When the saved pages were fetched (an ISO time; without an offset, in --timezone): "
         "the moment their relative dates (\"Today, 09:41\") count from.")


def _db(db: str | None) -> Path | None:
    """``--db`` as the use cases take it (None: the default store)."""
    return Path(db) if db else None


@contextlib.contextmanager
def _network(cookies: Path | None, rate: float, concurrency: int, *, bar: bool = True):
    """The network option group as a :class:`votal.scraper.sources.Network`, the one place a
    command builds it (then passed whole): retry lines on stderr, and a progress bar on a
    terminal unless the command shows its own progress (``bar=False``: archive, watch)."""
    from votal.scraper.http import HttpOptions
    from votal.scraper.sources import Network

    options = HttpOptions(rate=rate, concurrency=concurrency)  # InputError on 0, -1, …
    if not bar:
        yield Network(options, cookies, None, _notify)
        return
    with _scrape_progress() as progress:
        try:
            yield Network(options, cookies, progress, _notify)
        except KeyboardInterrupt:
            if not progress.done:  # nothing stored by this run: nothing to resume (issue 20)
                raise
            raise Interrupted(f"interrupted: {progress.done} page(s) of the thread were stored "
                              "and are kept; run the same command again to resume") from None


def _notify(message: str) -> None:
    """A line for the user on stderr while a long step runs (a retry, a stop, a note)."""
    print(f"votal: {message}", file=sys.stderr, flush=True)


def _warn(message: str) -> None:
    """A game file's warning (votal.tally.validate.game_warnings) on stderr; `check` prints them."""
    _notify(f"warning: {message}")


# ---- scrape (scraper/) ---------------------------------------------------------------------

class _PageProgress:
    """The scrape's progress callback; ``done``: pages stored so far (each page is stored in
    one transaction), for the line of an interrupted scrape."""

    def __init__(self, show: Callable[[int, int | None], None]):
        self.done = 0
        self._show = show

    def __call__(self, done: int, total: int | None) -> None:
        self.done = done
        self._show(done, total)


@contextlib.contextmanager
def _scrape_progress():
    """A rich progress bar on stderr for long scrapes (shown from 3 pages on), gone when done."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    tty = sys.stderr.isatty()  # the bar only on a terminal
    bar = Progress(TextColumn("scraping"), BarColumn(), MofNCompleteColumn(),
                   console=Console(stderr=True), transient=True)
    task = None

    def update(done: int, total: int | None) -> None:
        nonlocal task
        if task is None:
            if not tty or not total or total < 3:
                return
            bar.start()
            task = bar.add_task("pages", total=total)
        bar.update(task, completed=done, total=max(total or done, done))

    try:
        yield _PageProgress(update)
    finally:
        if task is not None:
            bar.stop()


@app.command("scrape", short_help="Fetch or read a thread into the local store.")
def scrape_cmd(
    source: str = typer.Argument(..., metavar=METAVARS["source"], show_default=False,
                                 help="A thread URL (engine:URL forces an adapter), a saved "
                                      "page (.html), a saved Discourse answer (.json), a folder "
                                      "of saved pages, or a posts file (.jsonl)."),
    out: Path | None = _option(None, "--out", kind="file",
                               help="Also write the thread's posts to this file, as posts "
                                    "JSONL (docs/formats.md)."),
    db: Path | None = _option(None, "--db", kind="file", help=DB_HELP),
    timezone: str = _option("UTC", "--timezone", kind="zone",
                            help="The forum's IANA time zone, for pages that print only local "
                                 "times and name no zone (default: UTC)."),
    full: bool = _option(False, "--full", help="Walk every page again, to catch edits in old "
                         "pages."),
    cookies: Path | None = COOKIES,
    rate: float = RATE,
    concurrency: int = CONCURRENCY,
    fetched_at: str | None = FETCHED_AT,
) -> None:
    """Fetch or read a thread into the local store; print pages, posts, new and edited posts.

    The posts file it writes with --out: docs/formats.md.
    """
    from votal.scraper.model import describe_problems, write_posts_jsonl
    from votal.scraper.sources import parse_fetched_at, scrape_source
    from votal.scraper.store import default_db_path

    if out is not None:
        check_output_file(out)
    when = parse_fetched_at(fetched_at, timezone) if fetched_at else None
    store = db or default_db_path()
    with _network(cookies, rate, concurrency) as net:
        try:
            summary, posts = scrape_source(source, db=store, timezone=timezone, full=full,
                                           net=net, fetched_at=when)
        except KeyboardInterrupt:
            if not net.progress.done:
                raise Interrupted(f"interrupted; what was stored in {store} is kept") from None
            raise Interrupted(f"interrupted: {net.progress.done} page(s) of {source} were stored "
                              f"in {store} and are kept; run the same command again to "
                              "resume") from None
    typer.echo(f"{summary.thread}: {summary.line()}")
    partial = [p for p in posts if p.problems]
    for p in partial:  # kept with what could be read; the tally lists them (V-UNREADABLE-POST)
        typer.echo(f"  {describe_problems(p)}")
    if out is not None:
        with writing(out):
            n = write_posts_jsonl(posts, out)
        typer.echo(f"wrote {n} posts to {out}")
    if partial:
        typer.echo(f"{len(partial)} post(s) read only in part: kept, and left for review by "
                   "the tally (V-UNREADABLE-POST)", err=True)
        raise SystemExit(1)  # interfaces.md §4: done, but something needs a human


@app.command("demo", short_help="Run the bundled example game day over a local HTTP server.")
def demo_cmd() -> None:
    """Serve the demo game's saved pages on 127.0.0.1, scrape them over HTTP, tally the day."""
    from votal.app.demo import run_demo

    run_demo(main)


# ---- tally (tally/, report/) ---------------------------------------------------------------


@app.command("tally", short_help="The official tally of a day, ready to post.")
def tally_cmd(
    game_file: str = GAME,
    day: int | None = _option(None, "--day", kind="n",
                              help="The day to tally (default: the current or last day)."),
    fmt: str = _option("text", "--format", kind="format",
                       help=f"The output: {DAY_FORMATS} (default: text)."),
    public: bool = _option(None, "--public/--private",
                           help="Hide or show the secrets: roles, factions, abilities (default: "
                                "public; with --format json: private)."),
    lang: str = LANG,
    codes: bool | None = CODES,
    offline: bool = OFFLINE,
    db: str = DB,
    at: str = _option(None, "--at", kind="time",
                      help="The tally as it stood at this moment: 'now' or an ISO time, without "
                           "an offset in the game's time zone (default: now; a day whose vote "
                           "has closed is counted whole)."),
    cookies: Path | None = COOKIES,
    rate: float = RATE,
    concurrency: int = CONCURRENCY,
) -> None:
    """The official tally of a day, from the game file and its thread.

    A day whose vote is still open at --at (default: now, with --offline or a file source too)
    is shown as a running count, marked as such; nobody is charged an absence yet.

    The rule ids and V- codes it cites: docs/rules.md; the JSON and CSV: docs/formats.md.
    """
    from votal.app.tally import tally_file
    from votal.report import render_day
    from votal.report.formats import is_public
    from votal.report.terminal import write_out

    with _network(cookies, rate, concurrency) as net:
        got = tally_file(game_file, day=day, at=at, offline=offline,
                         db=_db(db), net=net,
                         withhold=is_public(fmt, public), codes=codes, warn=_warn)
    write_out(render_day(got.result, fmt, public=public, lang=lang, codes=got.codes), fmt)


# ---- history, chart, report (report/) ------------------------------------------------------


def _game_days(game_file: str, offline: bool, db: str | None, net, *, public: bool = True):
    """Every day of the game tallied (app/days.py), with the game file's warnings on stderr."""
    from votal.app.days import game_days

    return game_days(game_file, offline=offline, db=_db(db), net=net,
                     public=public, warn=_warn)


@app.command("history", short_help="Every vote each player cast, day by day.")
def history_cmd(
    game_file: str = GAME,
    player: str = _option(None, "--player", kind="name",
                          help="Only this player's votes (his name or an alias)."),
    fmt: str = _option("text", "--format", kind="format",
                       help="The output: text, bbcode, markdown, html, json or csv "
                            "(default: text)."),
    lang: str = LANG,
    public: bool = PUBLIC,
    offline: bool = OFFLINE,
    db: str = DB,
    cookies: Path | None = COOKIES,
    rate: float = RATE,
    concurrency: int = CONCURRENCY,
) -> None:
    """Every vote each player cast, day by day, with links to the posts."""
    from votal.report.history import render_history
    from votal.report.terminal import write_out

    with _network(cookies, rate, concurrency) as net:
        got = _game_days(game_file, offline, db, net, public=public)
    write_out(render_history(got.days, fmt, lang or got.language, public=public, player=player,
                             resolver=got.resolver()), fmt)


@app.command("chart", short_help="A day's vote timeline, or who voted whom over the game.")
def chart_cmd(
    game_file: str = GAME,
    out: Path = _option(..., "--out", kind="file",
                        help="The image file to write: .png, .svg or .pdf."),
    day: int | None = _option(None, "--day", kind="n",
                              help="The day to draw (default: the last day)."),
    overview: bool = _option(False, "--overview",
                             help="Draw the whole game instead: who voted whom, day by day."),
    lang: str = LANG,
    offline: bool = OFFLINE,
    db: str = DB,
    cookies: Path | None = COOKIES,
    rate: float = RATE,
    concurrency: int = CONCURRENCY,
) -> None:
    """A chart: the vote timeline of a day, or (--overview) who voted whom over the game."""
    from votal.report.charts import overview_figure, timeline_figure, write_chart
    from votal.report.i18n import check_language
    from votal.report.public import public_view

    check_output_file(out)
    with _network(cookies, rate, concurrency) as net:
        got = _game_days(game_file, offline, db, net)
    lang = check_language(lang or got.language)
    if overview:
        fig = overview_figure([public_view(d) for d in got.days], lang)
    else:
        fig = timeline_figure(public_view(got.chosen(day, game_file)), lang)
    with writing(out):
        write_chart(fig, out)
    print(f"wrote {out}")


@app.command("report", short_help="A static site of a game, or of an archive of games.")
def report_cmd(
    game_file: str = typer.Argument(..., metavar=f"{METAVARS['game']}|{METAVARS['dir']}",
                                    show_default=False,
                                    help="The game file (TOML), or a folder of game folders "
                                         "(an archive)."),
    out: Path = _option(..., "--out", kind="dir", help="The folder of the static site."),
    lang: str = LANG,
    public: bool = PUBLIC,
    offline: bool = OFFLINE,
    db: str = DB,
    cookies: Path | None = COOKIES,
    rate: float = RATE,
    concurrency: int = CONCURRENCY,
) -> None:
    """A static site of the whole game (index, days, players, charts) that opens offline.

    Given a folder of games (as `votal archive` reads), one site for the archive: every game
    with its audit verdict and its own pages, and one page per player across games.
    """
    from votal.report.site import build_site, staged_folder

    check_output_folder(out)
    kept = (f"interrupted; {out} was left as it was" if out.exists() else
            f"interrupted; {out} was not written")  # (the site is written whole or not at all)
    try:
        if Path(game_file).is_dir():
            from votal.app.archive import archive_site

            with writing(out), staged_folder(out) as site:
                files = archive_site(Path(game_file), site, lang or "en", public=public,
                                     offline=True, db=_db(db))   # an archive is read from the store and files
        else:
            with _network(cookies, rate, concurrency) as net:
                got = _game_days(game_file, offline, db, net, public=public)
            with writing(out), staged_folder(out) as site:
                files = build_site(got.days, site, lang or got.language, public=public)
    except KeyboardInterrupt:
        raise Interrupted(kept) from None
    print(f"wrote {len(files)} files to {out} (open {out / 'index.html'})")


# ---- archive (audit/archive.py, report/tables.py) -----------------------------------------


@app.command("archive", short_help="Study an archive of games into tidy tables.")
def archive_cmd(
    root: Path = typer.Argument(..., metavar=METAVARS["dir"], show_default=False,
                                help="A folder of game folders (a game.toml in each)."),
    out: Path = _option(Path("archive-out"), "--out", kind="dir",
                        help="The folder of the tables (default: archive-out)."),
    fmt: str = _option("parquet", "--format", kind="format",
                       help="The tables' format: parquet or csv (default: parquet)."),
    jobs: int = _option(0, "--jobs", kind="n",
                        help="Worker processes; 0 is as many as the CPU count (default: the "
                             "CPU count)."),
    refresh: bool = _option(False, "--refresh/--no-refresh",
                            help="Refresh each game's threads from its forum first, or not "
                                 "(default: no-refresh: the store and the saved files only)."),
    db: str = DB,
    cookies: Path | None = COOKIES,
    rate: float = RATE,
    concurrency: int = CONCURRENCY,
) -> None:
    """Tally and audit every game of an archive into tidy tables.

    Five tables: games, days, votes, violations, players (schema and types: audit/README.md).

    With --refresh the threads are refreshed first, one game at a time in one process (--rate
    and --concurrency are not multiplied by --jobs), then the games are studied in --jobs
    processes.

    Exit code 0 when every game was read and none disagrees with its moderators (games with
    nothing to compare are listed), 1 when a game failed or disagreed (listed in the games
    table), 2 when DIR itself is unusable.
    """
    import os

    from votal.app.archive import write_archive

    if jobs < 0:
        raise InputError(f"--jobs {jobs}: give a number of processes ≥ 1 (0: the CPU count)")
    # the archive's own bar is the progress; retries still get their line
    with _network(cookies, rate, concurrency, bar=False) as net:   # InputError on 0, -1, …
        check_output_folder(out)
        with _archive_progress() as on_game:
            summary = write_archive(root, out, fmt=fmt, jobs=jobs or os.cpu_count() or 1,
                                    offline=not refresh, db=_db(db), net=net, on_game=on_game)
    failed, disagree = summary.failed, summary.disagree
    print(f"{summary.games} games, {summary.posts} posts: "
          f"{len(failed)} failed, {len(disagree)} disagree with their moderators, "
          f"{len(summary.uncompared)} had nothing to compare -> {out}")
    for gid in failed:
        print(f"  failed: {gid}")
    for gid in disagree:
        print(f"  disagrees: {gid}")
    for gid in summary.uncompared:
        print(f"  nothing to compare: {gid}")
    if failed or disagree:
        raise SystemExit(1)


@contextlib.contextmanager
def _archive_progress():
    """One rich progress bar over all games on a terminal; nothing otherwise."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    console = Console(stderr=True)
    if not console.is_terminal:
        yield None
        return
    with Progress(TextColumn("archive"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.description}"), console=console, transient=True) as bar:
        task = bar.add_task("", total=None)

        def update(game, done: int, total: int) -> None:
            bar.update(task, completed=done, total=total, description=game.game)

        yield update


# ---- init, check (issue 13: the moderator's evening) ----------------------------------------


@app.command("init", short_help="Start a game file from the thread's first page(s).")
def init_cmd(
    source: str = typer.Argument(..., metavar=METAVARS["source"], show_default=False,
                                 help="The thread's URL, its saved page(s) (a page or a folder), "
                                      "or a posts file (.jsonl)."),
    ruleset: str = _option(None, "--ruleset", kind="ruleset",
                           help="The ruleset (default: guessed from the title and the language, "
                                f"and said so): {RULESETS}."),
    out: Path = _option(Path("game.toml"), "--out", kind="file",
                        help="The game file to write (default: game.toml)."),
    timezone: str = _option(None, "--timezone", kind="zone",
                            help="The game's IANA time zone (default: the ruleset's, e.g. "
                                 "Europe/Athens for Palermo)."),
    force: bool = _option(False, "--force", help="Replace an existing file."),
    cookies: Path | None = COOKIES,
    rate: float = RATE,
    concurrency: int = CONCURRENCY,
    fetched_at: str | None = FETCHED_AT,
) -> None:
    """Start a game file from the thread's first page(s): players from the sign-up list.

    What the file holds, and what to add (roles, events): docs/gamefile.md.
    """
    from votal.app.init import init_game

    check_output_file(out)
    try:
        with _network(cookies, rate, concurrency) as net:
            draft = init_game(source, out=out, force=force, ruleset=ruleset, timezone=timezone,
                              net=net, fetched_at=fetched_at)
    except KeyboardInterrupt:  # nothing stored, nothing to resume (issue 20)
        raise Interrupted(f"interrupted; {out} was not written") from None
    typer.echo(f"wrote {out}: {draft.title!r}, {draft.ruleset_note}")
    typer.echo(f"{draft.players_from}; moderators: {', '.join(draft.moderators)}; "
               f"time zone {draft.timezone}, language {draft.language}, day 1 {draft.day1}")
    for note in draft.notes:
        typer.echo(f"note: {note}")
    if draft.hours_needed:
        typer.echo(f"fill in: ruleset {draft.ruleset} has no fixed hours: give deadline and "
                   f"day_change in [schedule] of {out} (C-09), then `votal check {out}`")
    else:
        typer.echo(f"next: `votal check {out}`, then `votal watch {out}` at the deadline")


@app.command("check", short_help="Validate a game file and print the schedule it implies.")
def check_cmd(
    game_file: str = GAME,
    days: int = _option(7, "--days", kind="n", min=1, max=366,
                        help="How many days of the schedule to print (default: 7)."),
) -> None:
    """Validate a game file alone and print the schedule it implies, day by day.

    The keys, the schedule's rules and the events: docs/gamefile.md.
    """
    from votal.app.load import load_game
    from votal.report.schedule_view import describe

    typer.echo(describe(load_game(game_file), days), nl=False)


@app.command("watch", short_help="A live running count until the vote closes, then the post.")
def watch_cmd(
    game_file: str = GAME,
    every: float = _option(60.0, "--every", kind="seconds",
                           help="Seconds between two refreshes of the thread, never below 10, "
                                "the politeness limit, at most 86400 (a day) (default: 60)."),
    until: str = _option("close", "--until", kind="when",
                         help="Only 'close': until the day's vote closes (the deadline, the end "
                              "of a change window, or a hammer) (default: close)."),
    day: int | None = _option(None, "--day", kind="n",
                              help="The day to watch (default: today's; with --replay, the last "
                                   "day)."),
    fmt: str = _option("bbcode", "--format", kind="format",
                       help=f"The official post's format: {DAY_FORMATS} (default: bbcode)."),
    lang: str = LANG,
    public: bool = _option(None, "--public/--private",
                           help="Hide or show the secrets: roles, factions, abilities (default: "
                                "public; with --format json: private)."),
    codes: bool | None = CODES,
    out: Path | None = _option(None, "--out", kind="file",
                               help="Where to write the official post (default: beside the game "
                                    "file, GAME-dayN.EXT)."),
    replay: bool = _option(False, "--replay", help="Replay a past day from the store or the "
                           "posts file, as if live."),
    speed: float = _option(60.0, "--speed", kind="factor",
                           help="With --replay: how many times faster than the day went "
                                "(default: 60)."),
    db: str = DB,
    cookies: Path | None = COOKIES,
    rate: float = RATE,
    concurrency: int = CONCURRENCY,
) -> None:
    """Keep a live running count until the day's vote closes, then print the official post.

    On a terminal: a live screen; otherwise one line per change (README.md: "The watch
    lines"). Ctrl-C stops it; what was stored is kept.
    """
    import sys as _sys

    from votal.app.load import load_game, shows_codes
    from votal.app.watch import watch_file
    from votal.errors import InputError
    from votal.report import render_day
    from votal.report.i18n import check_language
    from votal.report.watchscreen import pick_screen

    if lang:
        check_language(lang)
    if until != "close":
        raise InputError(f"--until {until!r}: only 'close' is supported (the day's vote closing)")
    if not speed > 0:   # also NaN
        raise InputError(f"--speed {speed}: give a positive number")
    if not every <= 86400:   # also NaN; infinity (no refresh ever) overflowed the clock
        raise InputError(f"--every {every}: give the seconds between two refreshes, at most "
                         "86400 (a day); below 10 counts as 10")
    if out is not None:
        check_output_file(out)

    # without --codes/--no-codes a bad game file is refused here, before anything (its
    # warnings: watch_file, once)
    shown = codes if codes is not None else shows_codes(load_game(game_file), None)

    def render(result) -> str:
        return render_day(result, fmt, public=public, lang=lang, codes=shown)

    try:
        # the watch screen is the progress: no bar; retries still get their line
        with _network(cookies, rate, concurrency, bar=False) as net:
            text, path = watch_file(
                game_file, render=render, screen=pick_screen(fmt), net=net,
                db=_db(db), replay=replay, speed=speed, every=every, day=day,
                public=public is not False, out=out, fmt=fmt, lang=lang, warn=_warn)
    except KeyboardInterrupt:
        raise Interrupted("watch stopped (Ctrl-C); everything stored so far is kept") from None
    print(f"wrote {path}", file=_sys.stderr)


# ---- audit (audit/) ------------------------------------------------------------------------


@app.command("audit", short_help="Replay every day and check it against the announcements.")
def audit_cmd(
    game_file: str = GAME,
    fmt: str = _option("text", "--format", kind="format",
                       help="The output: text, json, html, markdown or bbcode (default: text)."),
    public: bool = _option(False, "--public/--private",
                           help="Hide or show the secrets: roles, factions, abilities (default: "
                                "private, for archivists and moderators)."),
    lang: str = LANG,
    offline: bool = OFFLINE,
    db: str = DB,
    cookies: Path | None = COOKIES,
    rate: float = RATE,
    concurrency: int = CONCURRENCY,
) -> None:
    """Replay every day: violations, edits, moderators' counts and announcements checked.

    The last line says whether what was compared agrees, differs, or whether there was nothing
    to compare (no moderator's count, no announced elimination). Exit code 1 when a day
    differs from what was announced, 0 otherwise (nothing compared too), 2 on bad input. What
    it checks, and its JSON: audit/README.md and docs/formats.md.
    """
    from votal.app.audit import audit_file
    from votal.report import get_format, render_audit
    from votal.report.i18n import check_language
    from votal.report.terminal import write_out

    get_format(fmt, "audit")
    if lang:
        check_language(lang)
    with _network(cookies, rate, concurrency) as net:
        audit = audit_file(game_file, offline=offline, db=_db(db), net=net,
                           warn=_warn)
    write_out(render_audit(audit.to_dict(), fmt, lang=lang, public=public), fmt)
    if audit.exit_code:
        raise SystemExit(audit.exit_code)


def main(argv: list[str] | None = None) -> int:
    """Run one command; every way it can end is an exit code (interfaces.md §4) and, on failure,
    one line on stderr naming what and where: 0 done, 1 audit disagrees, 2 bad input or an error
    of any kind (an unforeseen one also writes its traceback to a file, or shows it with --debug),
    130 interrupted (Ctrl-C)."""
    global _DEBUG
    _DEBUG = bool(os.environ.get("VOTAL_DEBUG"))
    try:
        code = app(args=argv, standalone_mode=False)
        _flush_stdout()
    except VotalError as e:
        return _fail(str(e), e.exit_code)
    except KeyboardInterrupt:  # outside a command (typer turns one inside into exit code 130)
        code = 130
    except SystemExit as e:  # explicit exits
        return int(e.code or 0) if not isinstance(e.code, str) else _fail(e.code, 2)
    except typer.Exit as e:
        return e.exit_code
    except typer.Abort:  # end of input at a prompt
        return _fail("aborted", 130)
    except ClickException as e:  # usage errors: click's own message ("Usage: …", "Error: …")
        e.show()
        return 2
    except OSError as e:  # the system refused a read or write: a full disk, a missing folder…
        return _fail(_os_error_line(e), 2)
    except sqlite3.DatabaseError as e:  # a store damaged inside, found while reading it
        from votal.scraper.store import Store

        where = Store.last_opened or "the local store"
        return _fail(f"{where}: the store is damaged ({e}); give another --db, or move the file "
                     "away and scrape again", 2)
    except Exception as e:  # a bug: one line, the traceback in a file (or on screen with --debug)
        return _fail(_crash_line(e), 2)
    if code == 130:  # (a command that stored pages says so itself, and that a re-run resumes)
        return _fail("interrupted; everything stored so far is kept", 130)
    return code if isinstance(code, int) else 0


_DEBUG = False


def _fail(line: str, code: int) -> int:
    with contextlib.suppress(OSError):
        print(f"votal: {line}", file=sys.stderr)
    return code


def _flush_stdout() -> None:
    """Flush the output inside the error handling (a full device fails here, not at exit)."""
    try:
        sys.stdout.flush()
    except OSError:
        # nothing more can be written there: send what is left to /dev/null so that Python's
        # own flush at exit does not print a second error
        with contextlib.suppress(OSError, ValueError, AttributeError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        raise


def _os_error_line(e: OSError) -> str:
    import errno

    what = e.strerror or str(e)
    if e.errno == errno.ENOSPC:
        what += " (free some space and run the command again; nothing stored is lost)"
    if e.filename is None:
        return f"cannot write the output: {what}" if e.errno in (errno.ENOSPC, errno.EIO,
                                                                  errno.EPIPE) else what
    target = f"{e.filename} -> {e.filename2}" if e.filename2 else str(e.filename)
    return f"{target}: {what}"


def _crash_line(e: Exception) -> str:
    import tempfile
    import traceback

    if _DEBUG:
        traceback.print_exc()
        return f"unexpected error ({type(e).__name__}: {e}); the traceback is above"
    text = "".join(traceback.format_exception(e))
    try:
        fd, path = tempfile.mkstemp(prefix="votal-crash-", suffix=".txt")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(f"votal {' '.join(sys.argv[1:])}\n{text}")
        where = f"the full traceback is in {path}"
    except OSError:
        where = "run again with --debug for the full traceback"
    first = str(e).splitlines()[0][:200] if str(e) else ""
    return (f"unexpected error ({type(e).__name__}{': ' + first if first else ''}); this is a bug "
            f"in votal: {where}")


def entry() -> None:
    """The console script: the process is votal's, its collector set for a tally (app/process.py)."""
    tune_gc()
    sys.exit(main())


if __name__ == "__main__":
    entry()
