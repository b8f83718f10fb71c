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
