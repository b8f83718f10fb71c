"""style.md's layers, one direction: cli.py → report → audit → tally → scraper.model.

Every ``import votal.X`` of every module (also inside functions) is read from the source; a module
may import its own layer and the layers below it, never one above.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# What each layer may not import (the layers above it, and for tally the scraper beyond its model).
FORBIDDEN = {
    "report": ("votal.cli",),
    "audit": ("votal.cli", "votal.report"),
    "tally": ("votal.cli", "votal.report", "votal.audit", "votal.load", "votal.scraper."),
}
ALLOWED = {"tally": ("votal.scraper.model",)}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module)
    return {m for m in out if m.startswith("votal")}


def _under(module: str, prefix: str) -> bool:
    """"votal.report.i18n" is under "votal.report"; "votal.scraper.http" under "votal.scraper."."""
    if prefix.endswith("."):
        return module.startswith(prefix)
    return module == prefix or module.startswith(prefix + ".")


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_no_layer_imports_one_above_it(layer):
    bad = []
    for path in sorted((ROOT / layer).rglob("*.py")):
        for mod in _imports(path):
            if mod in ALLOWED.get(layer, ()):
                continue
            if any(_under(mod, f) for f in FORBIDDEN[layer]):
                bad.append(f"{path.relative_to(ROOT)} imports {mod}")
    assert not bad, bad
