"""Each dependency sits where it is used (issue 12): a runtime dependency is imported by the
package, every third-party module the package imports is a runtime dependency, and what only
the benchmarks or the tests use is in the `bench` or `test` extra."""

from __future__ import annotations

import ast
import functools
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
# Imported by no module, read by the standard library: zoneinfo's IANA database on machines
# without a system one.
DATA_ONLY = {"tzdata"}
# Build tools the packaging test drives (setuptools' PEP 517 hooks), never imported by a test.
TOOLS = {"setuptools", "ruff", "mypy"}   # run by make (wheel build, lint, typecheck), not imported


_OUTSIDE = {".venv", "build", ".git"}


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def _imports(files) -> set[str]:
    """Top-level third-party modules imported anywhere in the files (lazy imports included)."""
    found = set()
    for f in files:
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
            elif (isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "importorskip"
                  and node.args and isinstance(node.args[0], ast.Constant)):
                found.add(str(node.args[0].value).split(".")[0])  # pytest.importorskip("x")
    return {m for m in found if m not in sys.stdlib_module_names and m != "votal"}


@functools.cache
def _installed() -> dict[str, list[str]]:
    return packages_distributions()


def _distributions(modules: set[str]) -> set[str]:
    """The distributions providing the modules; the project's own helper modules (tests'
    fakeforum, …) are left out, a module not installed here stands for its distribution."""
    dists = _installed()
    local = ({p.stem for p in ROOT.rglob("*.py") if p.relative_to(ROOT).parts[0] not in _OUTSIDE}
             | {p.name for p in ROOT.iterdir() if p.is_dir()})
    return {d.lower().replace("_", "-") for m in modules if m not in local
            for d in dists.get(m, [m])}


def _package_files():
    skip = {"tests", "bench", "fixtures", "build", ".venv"}
    return [p for p in ROOT.rglob("*.py") if p.relative_to(ROOT).parts[0] not in skip
            and p.name != "setup.py" and "egg-info" not in str(p)]


def test_every_runtime_dependency_is_imported_by_the_package_and_only_those():
    runtime = {_name(r) for r in PROJECT["dependencies"]}
    used = _distributions(_imports(_package_files()))
    assert runtime - DATA_ONLY <= used, f"declared but never imported: {runtime - DATA_ONLY - used}"
    assert used <= runtime, f"imported but not declared: {used - runtime}"


def test_what_only_the_benchmarks_use_is_the_bench_extra():
    runtime = {_name(r) for r in PROJECT["dependencies"]}
    bench = {_name(r) for r in PROJECT["optional-dependencies"]["bench"]}
    used = _distributions(_imports((ROOT / "bench").rglob("*.py")))
    assert used - runtime <= bench, f"bench imports missing from the bench extra: {used - runtime - bench}"
    assert bench <= used and not bench & runtime


def test_what_only_the_tests_use_is_the_test_extra():
    runtime = {_name(r) for r in PROJECT["dependencies"]}
    test = {_name(r) for r in PROJECT["optional-dependencies"]["test"]}
    used = _distributions(_imports((ROOT / "tests").rglob("*.py")))
    assert used - runtime <= test, f"test imports missing from the test extra: {used - runtime - test}"
    assert test - TOOLS <= used, f"in the test extra, imported by no test: {test - TOOLS - used}"
