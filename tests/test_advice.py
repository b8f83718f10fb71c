"""issue 20, item 8: advice names only options that exist. Every ``votal COMMAND … --option``
that a message, a docstring or a help text of the package suggests, and every one the README and
docs/ show, is parsed and checked against the real command line (`scrape --offline` was advised
and does not exist)."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest
import typer

from votal.cli import app

ROOT = Path(__file__).resolve().parent.parent
CLI = typer.main.get_command(app)
COMMANDS = CLI.commands  # type: ignore[attr-defined]
# `votal COMMAND` and what follows it up to the end of the suggestion: a quote or backtick, a
# bracket closing a sentence, a semicolon or comma, a line end, or prose (" or ", " then ")
_SUGGESTION = re.compile(r"\bvotal\s+(" + "|".join(sorted(COMMANDS, key=len, reverse=True))
                         + r")\b((?:(?! or | then | — )[^`\"'();,\n])*)")
_OPTION = re.compile(r"(?<![\w-])--[a-z][a-z-]*")


def options(command: str) -> set[str]:
    params = COMMANDS[command].params
    return {o for p in params for o in (*p.opts, *p.secondary_opts)} | {"--help"}


def suggestions(text: str) -> list[tuple[str, str]]:
    """Every (command, option) a text suggests."""
    return [(m.group(1), opt) for m in _SUGGESTION.finditer(text)
            for opt in _OPTION.findall(m.group(2))]


def _strings(tree: ast.AST) -> list[str]:
    """Every string literal of a module, f-strings with their fields as ``X``."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            out.append("".join(v.value if isinstance(v, ast.Constant) else "X"
                               for v in node.values))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            out.append(node.value)
    return out


@functools.cache
def _package_texts() -> list[tuple[str, str]]:
    skip = ("tests", "bench", "build", "fixtures")  # (and hidden folders: .venv, .mypy-root)
    folders = [d for d in ROOT.iterdir() if d.is_dir() and not d.name.startswith((".", *skip))]
    files = sorted([*ROOT.glob("*.py"), *(p for d in folders for p in d.rglob("*.py"))])
    return [(str(p.relative_to(ROOT)), s) for p in files
            for s in _strings(ast.parse(p.read_text(encoding="utf-8")))]


def _document_texts() -> list[tuple[str, str]]:
    """README and docs/, usage lines continued on the next line (``    [--rate R]``) joined."""
    paths = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    return [(str(p.relative_to(ROOT)), re.sub(r"\n\s+(?=\[--)", " ", p.read_text("utf-8")))
            for p in paths if p.is_file()]


def test_the_parser_finds_what_it_must():
    assert suggestions("add --offline: `votal tally GAME --offline --day 2`") == [
        ("tally", "--offline"), ("tally", "--day")]
    assert suggestions("run `votal scrape URL --offline` or tally") == [("scrape", "--offline")]
    assert suggestions("votal report GAME|DIR --out DIR [--lang L] [--public|--private]") == [
        ("report", "--out"), ("report", "--lang"), ("report", "--public"),
        ("report", "--private")]
    assert suggestions("votal check FILE, then --force") == []


@pytest.mark.parametrize("where", ["package", "documents"])
def test_every_suggested_option_exists_on_its_command(where):
    texts = _package_texts() if where == "package" else _document_texts()
    found = [(path, cmd, opt) for path, text in texts for cmd, opt in suggestions(text)]
    assert len(found) > (5 if where == "package" else 40)  # the parser does find them
    wrong = sorted({f"{path}: votal {cmd} {opt}" for path, cmd, opt in found
                    if opt not in options(cmd)})
    assert wrong == []


def test_every_option_a_message_names_exists_somewhere():
    """An option named without its command ("give --fetched-at TIME") exists on some command."""
    root = {o for p in CLI.params for o in (*p.opts, *p.secondary_opts)}  # --debug
    known = {o for c in COMMANDS for o in options(c)} | root
    named = {(path, opt) for path, text in _package_texts() for opt in _OPTION.findall(text)}
    assert len(named) > 30
    assert sorted(f"{path}: {opt}" for path, opt in named if opt not in known) == []
