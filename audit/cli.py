"""``votal audit``: load the game and its posts, replay, render (the command's library function)."""

from __future__ import annotations

from pathlib import Path

from votal.errors import InputError


def run_audit(game_path: str, *, fmt: str = "text", public: bool = False, lang: str | None = None,
              offline: bool = False, db: str | None = None) -> tuple[str, int]:
    """The rendered audit and its exit code (0 agrees, 1 disagrees); InputError on bad options."""
    from votal.audit.render import FORMATS, render
    from votal.audit.replay import audit_game
    from votal.load import load_game, load_posts
    from votal.report.i18n import check_language

    if fmt not in FORMATS:
        raise InputError(f"--format {fmt!r}: choose one of {', '.join(FORMATS)}")
    game = load_game(game_path)
    language = check_language(lang or game.language)
    kwargs = {"offline": offline}
    if db:
        kwargs["db"] = Path(db)
    posts = load_posts(game, **kwargs)
    audit = audit_game(game, posts)
    return render(audit, fmt, language, public=public), audit.exit_code
