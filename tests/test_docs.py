"""The README stays true to the code: every command and every option of it is documented."""

from __future__ import annotations

import re

import typer.main

from votal.cli import app

from .conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


def _usage_lines() -> dict[str, str]:
    """`votal CMD …` usage entries of the README's code block (continuation lines joined)."""
    block = README.split("```sh\nvotal scrape", 1)[1].split("```", 1)[0]
    entries: dict[str, str] = {}
    current = "scrape"
    entries[current] = ""
    for line in block.splitlines():
        m = re.match(r"votal (\w+)", line)
        if m:
            current = m.group(1)
            entries[current] = line
        else:
            entries[current] += " " + line.strip()
    return entries


def test_every_command_and_option_is_in_the_readme():
    group = typer.main.get_command(app)
    usage = _usage_lines()
    assert set(group.commands) == set(usage), "README usage block and `votal --help` disagree"
    for name, command in group.commands.items():
        for param in command.params:
            for opt in [*param.opts, *param.secondary_opts]:
                if opt.startswith("--") and opt != "--help":
                    assert opt in usage[name], f"`votal {name}` option {opt} missing from README"
        assert f"**{name}**" in README, f"`votal {name}` has no paragraph in the README"


def test_make_targets_in_readme_exist():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    for target in re.findall(r"`make (\w+)`", README):
        assert re.search(rf"^{target}:", makefile, re.M), f"README names `make {target}`"


def test_usage_values_are_the_help_s_metavars():
    """Each option of the README's usage block is written as `--help` shows it: its metavar
    (`--day N`), or the list of its values (`--format text|bbcode|…`, the registry's), or its one
    value (`--until close`); a flag takes no value; the arguments are the help's."""
    from votal.report import audit_report, history  # noqa: F401  (register their formats)
    from votal.report.formats import REGISTRY
    from votal.report.i18n import LANGUAGES

    documents = {"tally": "day", "watch": "day", "history": "history", "audit": "audit"}
    group = typer.main.get_command(app)
    for name, line in _usage_lines().items():
        command = group.commands[name]
        words = re.findall(r"[^\s\[\]]+", re.sub(rf"^\s*(votal )?{name}\b", "", line))
        arguments = [p.metavar for p in command.params if p.param_type_name == "argument"]
        assert words[:len(arguments)] == arguments, (name, words[:3], arguments)
        for param in command.params:
            if param.param_type_name != "option" or param.opts[0] == "--help":
                continue
            opt = param.opts[0]
            i = words.index(opt) if opt in words else next(
                k for k, w in enumerate(words) if w.startswith(opt + "|"))
            value = words[i + 1] if i + 1 < len(words) else ""
            if param.is_flag:
                assert value.startswith("--") or value in ("|",) or not value.isupper(), \
                    f"`votal {name} {opt}` is a flag: no value in the README"
                continue
            if value == param.metavar or value == str(param.default):
                continue
            listed = value.split("|")
            assert len(listed) > 1, f"`votal {name} {opt} {value}`: the help says {param.metavar}"
            if opt == "--format" and name in documents:
                assert set(listed) == set(REGISTRY[documents[name]]), (name, listed)
            if opt == "--lang":
                assert listed == list(LANGUAGES), listed
