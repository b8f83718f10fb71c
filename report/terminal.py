"""Writing a report to the terminal: plain when piped, coloured with rich when a TTY."""

from __future__ import annotations

import sys

# Section heads and markers of the text report that get a colour on a terminal.
_STYLES = (("→", "yellow"), ("(V-", "red"), ("~", "dim"))


def write_out(text: str, fmt: str, stream=None) -> None:
    out = stream or sys.stdout
    if fmt != "text" or not out.isatty():
        out.write(text)
        return
    from rich.console import Console

    console = Console(file=out, highlight=False)
    for i, line in enumerate(text.rstrip("\n").split("\n")):
        console.print(_styled(line, first=(i == 0)), soft_wrap=True)


def _styled(line: str, *, first: bool):
    from rich.text import Text

    if first:
        return Text(line, style="bold")
    if line and not line.startswith(" ") and not line.startswith("\t"):
        return Text(line, style="bold cyan")
    for marker, style in _STYLES:
        if marker in line:
            return Text(line, style=style)
    return Text(line)
