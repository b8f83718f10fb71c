"""`--help` in one style for every command (issue 20, item 12), checked by introspection.

Every option and argument has a help text, a capitalised sentence ending with a full stop; a
value's metavar comes from cli.METAVARS, the same one for the same option everywhere; a flag
shows no type; a default is said in the text, and what the text says is the option's real
default; the documents the help names exist; `votal --version` prints the installed version.
"""

from __future__ import annotations

import re
import tomllib
from importlib.metadata import version

import pytest
import typer.main

from votal import cli
from votal.cli import METAVARS, app, main
from votal.report import audit_report, history  # noqa: F401  (registers their formats)
from votal.report.formats import REGISTRY
from votal.report.i18n import LANGUAGES
from votal.tally.presets import PRESETS

from .conftest import ROOT

GROUP = typer.main.get_command(app)
COMMANDS = sorted(GROUP.commands)
# the option whose kind of value differs by command: a file (chart, init, scrape, watch) or a
# folder (report, archive)
PER_COMMAND = {"--out": {METAVARS["file"], METAVARS["dir"]}}


def _params():
    yield "votal", GROUP, None
    for name in COMMANDS:
        for param in GROUP.commands[name].params:
            yield name, GROUP.commands[name], param


def _options():
    for name, _, param in _params():
        if param is not None and param.param_type_name == "option":
            yield name, param


def _help(capsys, monkeypatch, *args: str) -> str:
    monkeypatch.setenv("COLUMNS", "80")
    assert main([*args, "--help"]) == 0
    out = capsys.readouterr().out
    assert out.strip(), args
    return out


def test_every_parameter_has_a_sentence_of_help():
    for name, _, param in _params():
        if param is None:
            continue
        label = f"votal {name} {param.opts[0] if param.opts else param.name}"
        text = param.help or ""
        assert text, f"{label}: no help"
        assert text[0].isupper(), f"{label}: help starts in lower case: {text!r}"
        assert text.endswith("."), f"{label}: help does not end with a full stop: {text!r}"
        assert "\n" not in text and "  " not in text, f"{label}: help broken or doubly spaced"


def test_every_command_has_a_short_help_that_fits():
    for name in COMMANDS:
        command = GROUP.commands[name]
        assert command.short_help, f"votal {name}: no short help"
        assert command.short_help.endswith(".") and command.short_help[0].isupper(), name
        # the root's list gives each command the width left after the longest name
        assert len(command.short_help) <= 80 - 6 - max(map(len, COMMANDS)), name
        assert command.help and command.help.strip().endswith("."), name


def test_metavars_come_from_one_table():
    values = set(METAVARS.values())
    seen: dict[str, set[str]] = {}
    for name, param in _options():
        if param.is_flag:
            assert param.metavar is None, f"votal {name} {param.opts[0]}: a flag with a metavar"
            continue
        assert param.metavar in values, f"votal {name} {param.opts[0]}: {param.metavar!r}"
        seen.setdefault(param.opts[0], set()).add(param.metavar)
    for opt, metavars in seen.items():
        allowed = PER_COMMAND.get(opt)
        assert metavars <= allowed if allowed else len(metavars) == 1, (opt, metavars)
    for name, param in _options():   # --out: a folder is DIR, a file FILE
        if param.opts[0] == "--out":
            folder = "folder" in param.help
            assert param.metavar == METAVARS["dir" if folder else "file"], name
    for name in COMMANDS:
        for param in GROUP.commands[name].params:
            if param.param_type_name == "argument":
                assert set(param.metavar.split("|")) <= values, (name, param.metavar)


def _said_default(text: str) -> str | None:
    m = re.search(r"\(default: ([^);]+)", text)
    return m.group(1).strip() if m else None


def test_the_default_the_help_says_is_the_real_one():
    for name, param in _options():
        label = f"votal {name} {param.opts[0]}"
        said = _said_default(param.help)
        assert param.show_default is False, f"{label}: typer would add its own [default: …]"
        default = param.default
        if param.is_flag and param.secondary_opts:      # --public/--private and alike
            if default is None:
                assert said, f"{label}: the help must say what is done by default"
                continue
            flag = param.opts[0] if default else param.secondary_opts[0]
            assert said and re.split(r"[:,]", said)[0] == flag.lstrip("-"), (label, said)
        elif param.is_flag or default is None or param.required:
            continue
        elif isinstance(default, (int, float)):
            assert said, f"{label}: the default {default} is not said"
            if re.fullmatch(r"[\d.]+", said):
                assert float(said) == default, (label, said, default)
            else:   # a default in words stands for the value the code gives it
                assert default == 0 and "0 is" in param.help, (label, said, default)
        else:
            assert said == str(default), (label, said, default)


def test_the_values_the_help_lists_are_the_real_ones():
    formats = {"tally": "day", "watch": "day", "history": "history", "audit": "audit"}
    for name, document in formats.items():
        fmt = next(p for p in GROUP.commands[name].params if p.name == "fmt")
        listed = re.search(r": ([a-z, ]+?) \(default", fmt.help).group(1)
        names = set(re.split(r", | or ", listed))
        assert names == set(REGISTRY[document]), (name, names)
    assert set(re.split(r", | or ", cli.RULESETS)) == set(PRESETS)
    lang = re.search(r": ([a-z, ]+?) \(default", cli.LANG.help).group(1)
    assert re.split(r", | or ", lang) == list(LANGUAGES)


def test_rendered_help_is_plain_and_names_documents_that_exist(capsys, monkeypatch):
    for args in [(), *((name,) for name in COMMANDS)]:
        out = _help(capsys, monkeypatch, *args)
        where = f"votal {' '.join(args)} --help"
        assert "<bool>" not in out, where
        assert "[default:" not in out, f"{where}: typer's own default beside the text's"
        assert "../shared" not in out, where
        for line in out.splitlines():
            assert not re.search(r"\w-$", line), f"{where}: a word broken at a hyphen: {line!r}"
        for doc in re.findall(r"\b((?:docs|audit)/[\w./-]*?\w\.md|README\.md)", out):
            assert (ROOT / doc).is_file(), f"{where} names {doc}, which does not exist"
        if not args:
            listing = out.split("Commands:", 1)[1]
            assert "..." not in listing, "a command's summary is cut short"
            assert all(f"\n  {name} " in listing for name in COMMANDS)


def test_version_prints_the_installed_package_version(capsys):
    assert main(["--version"]) == 0
    out = capsys.readouterr().out
    installed = version("votal")
    assert out == f"votal {installed}\n"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert installed == project["version"], "the installed votal is not this checkout's"


@pytest.mark.parametrize("args", [["--version", "tally"], ["--debug", "--version"]])
def test_version_wins_over_the_rest_of_the_line(capsys, args):
    assert main(args) == 0
    assert capsys.readouterr().out.startswith("votal ")
