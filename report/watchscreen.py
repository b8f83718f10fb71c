"""The two faces of `votal watch` (issue 13): lines for scripts, a rich Live screen for people.

:class:`LineScreen` (no terminal: cron, CI, a pipe) prints one line per change in the stable
format of report/changes.py, a status line when the status changes, and at the end the official
post. :class:`LiveScreen` (a terminal) keeps one screen up to date: the time left, the status,
the count with the voters (each change since the last refresh highlighted), new violations, who
has not voted yet and, five minutes before the deadline, who would be charged an absence.
"""

from __future__ import annotations

import sys
from datetime import timedelta
from typing import TYPE_CHECKING

from votal.report.changes import leaders, line, stamp
from votal.report.i18n import clause, t
from votal.report.terminal import write_out

if TYPE_CHECKING:
    from rich.live import Live


def time_left(tick) -> str:
    """The clock in words: to the deadline, to the end of the change window, or closed."""
    def span(delta: timedelta) -> str:
        s = max(0, int(delta.total_seconds()))
        return f"{s // 3600:d}:{s // 60 % 60:02d}:{s % 60:02d}"

    if tick.closed:
        return t("watch_closed", tick.lang)
    if tick.now < tick.deadline:
        return t("watch_to_deadline", tick.lang, span=span(tick.deadline - tick.now))
    return t("watch_window_left", tick.lang, span=span(tick.close - tick.now))


class LineScreen:
    """One line per change (report/changes.py format); then the official post."""

    def __init__(self, fmt: str, stream=None):
        self.fmt, self.stream = fmt, stream or sys.stdout
        self._status: str | None = None

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        return None

    def _print(self, text: str) -> None:
        self.stream.write(text + "\n")
        self.stream.flush()

    def show(self, tick) -> None:
        tz = tick.game.tz
        for change, result in tick.changes:
            self._print(line(change, result, tick.now, tz))
        if tick.status != self._status:
            self._print(f"{stamp(tick.now, tz)} status {tick.status or 'ok'} | "
                        f"{leaders(tick.result)}")
            self._status = tick.status

    def final(self, text: str, tick) -> None:
        write_out(text, self.fmt, self.stream)
        self.stream.flush()


class LiveScreen:
    """A rich Live screen, redrawn at each refresh; the official post printed below at the end."""

    def __init__(self, fmt: str, stream=None):
        from rich.console import Console

        self.fmt, self.stream = fmt, stream or sys.stdout
        self.console = Console(file=self.stream, highlight=False)
        self._live: Live | None = None
        self._violations: list[str] = []

    def __enter__(self):
        from rich.live import Live

        self._live = live = Live(console=self.console, auto_refresh=False, transient=False)
        live.start()
        return self

    def __exit__(self, *exc) -> None:
        if self._live is not None:
            self._live.stop()
            self._live = None

    def show(self, tick) -> None:
        if self._live is None:
            self.__enter__()
        live = self._live
        assert live is not None  # __enter__ started it
        self._violations += [c.what for c, _ in tick.changes if c.kind == "violation"]
        live.update(self.render(tick), refresh=True)

    def render(self, tick):
        from rich.console import Group
        from rich.table import Table
        from rich.text import Text

        tz = tick.game.tz
        changed = {c.player for c, _ in tick.changes if c.player}
        lang = tick.lang
        head = Text(t("watch_head", lang, title=tick.game.title, day=tick.day,
                      left=time_left(tick)), style="bold")
        status = Text(f"{tick.now.astimezone(tz):%H:%M:%S} "
                      + (tick.status or t("watch_refreshed", lang)),
                      style="red" if tick.status else "dim")
        table = Table(show_edge=False, box=None, pad_edge=False)
        table.add_column(t("watch_player", lang))
        table.add_column(t("watch_votes", lang), justify="right")
        table.add_column(t("watch_voters", lang))
        for row in tick.result.get("tally", []):
            hot = row["player"] in changed or any(v in changed for v in row["voters"])
            voters = Text(", ".join(row["voters"]))
            for v in row["voters"]:
                if v in changed:
                    voters.highlight_words([v], style="bold yellow")
            table.add_row(Text(row["player"], style="bold yellow" if hot else "bold"),
                          str(row["votes"]), voters)
        parts = [head, status, table]
        news = [c for c, _ in tick.changes if c.kind not in ("violation",)]
        sep = clause(lang)
        if news:
            parts.append(Text(t("watch_changes", lang,
                                items=sep.join(_said(c, lang) for c in news)), style="yellow"))
        if self._violations:
            parts.append(Text(t("watch_violations", lang, items=sep.join(self._violations[-5:])),
                              style="red"))
        if tick.pending:
            key = "watch_absence" if tick.warning else "watch_not_voted"
            parts.append(Text(t(key, lang, who=", ".join(tick.pending)),
                              style="bold red" if tick.warning else ""))
        return Group(*parts)

    def final(self, text: str, tick) -> None:
        self.__exit__()
        write_out(text, self.fmt, self.stream)
        self.stream.flush()


def _said(change, lang: str) -> str:
    """A change on the screen: its kind in the screen's language (the line format's KIND
    keywords are for scripts), then what it is; a result, the absences, the close say it all."""
    key = f"watch_kind_{change.kind}"
    return f"{t(key, lang)} {change.what}" if key in KIND_KEYS else change.what


KIND_KEYS = frozenset(f"watch_kind_{k}" for k in ("vote", "change", "unvote", "rule", "review"))


def pick_screen(fmt: str, stream=None):
    """The live screen on a terminal, lines otherwise."""
    out = stream or sys.stdout
    return LiveScreen(fmt, out) if out.isatty() else LineScreen(fmt, out)
