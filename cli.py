"""The `votal` command: a thin wrapper over the library (style.md).

Each command parses its options, calls one library function, renders the result. Errors derive from
``votal.errors.VotalError``; :func:`main` catches them once and prints one line, exit code 2.
Each command lives in its own section below, owned by the part of the library it wraps.
"""

from __future__ import annotations

import sys

import typer

from votal.errors import VotalError

app = typer.Typer(
    name="votal",
    help="Count the votes of forum games of Mafia, Palermo and Werewolf (Lupus in Tabula).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root() -> None:
    """votal: scrape a game thread, tally a day, audit a game."""


# ---- scrape (scraper/) ---------------------------------------------------------------------

# ---- tally (tally/, report/) ---------------------------------------------------------------

# ---- history, chart, report (report/) ------------------------------------------------------

# ---- audit (audit/) ------------------------------------------------------------------------


@app.command("audit")
def audit_cmd(
    game: str = typer.Argument(..., help="the game file (TOML)"),
    fmt: str = typer.Option("text", "--format", help="text | json | html | markdown | bbcode"),
    public: bool = typer.Option(False, "--public", help="leave out everything secret"),
    lang: str = typer.Option(None, "--lang", help="report language: el, it, ru, en (default: the game's)"),
    offline: bool = typer.Option(False, "--offline", help="use stored posts only, no network"),
    db: str = typer.Option(None, "--db", help="the local store (SQLite)"),
) -> None:
    """Replay every day: violations, edits, moderators' counts and announcements checked.

    Exit code 0 when every day agrees with what was announced, 1 when not, 2 on bad input.
    """
    from votal.audit.cli import run_audit

    text, code = run_audit(game, fmt=fmt, public=public, lang=lang, offline=offline, db=db)
    typer.echo(text, nl=False)
    if code:
        raise SystemExit(code)


def main(argv: list[str] | None = None) -> int:
    try:
        app(args=argv, standalone_mode=False)
    except VotalError as e:
        print(f"votal: {e}", file=sys.stderr)
        return e.exit_code
    except KeyboardInterrupt:
        print("votal: interrupted; everything stored so far is kept", file=sys.stderr)
        return 130
    except SystemExit as e:  # typer/click usage errors and explicit exits
        return int(e.code or 0) if not isinstance(e.code, str) else 2
    except typer.Exit as e:
        return e.exit_code
    except Exception as e:  # click.ClickException and friends
        import click

        if isinstance(e, click.exceptions.ClickException):
            e.show()
            return 2
        if isinstance(e, click.exceptions.Abort):
            print("votal: aborted", file=sys.stderr)
            return 130
        raise
    return 0


def entry() -> None:
    sys.exit(main())


if __name__ == "__main__":
    entry()
