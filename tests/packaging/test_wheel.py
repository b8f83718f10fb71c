"""What `pip install votal` gives must work (issue 8): build the sdist, build the wheel from it,
install the wheel into a fresh virtual environment and run `votal demo` and one tally from there.

Kept fast and offline: the build uses the project environment's setuptools (no build isolation,
no index), and the fresh environment borrows the project's already-resolved dependencies through
a path entry (a ``.pth`` line adds the directory to ``sys.path`` without running the editable
install's hook there), so only votal itself comes from the wheel. The file lists of both
distributions are checked for what must ship and for what must never ship (third-party pages).
"""

from __future__ import annotations

import json
import os
import re
import site
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Never in a distribution: the tests, the benchmarks, every fixture but the demo's own material
# (fixtures/engines/*/real/ and alike hold real saved pages of third-party forums), ../shared/.
FORBIDDEN = re.compile(r"(^|/)(tests|bench|real|shared)/|(^|/)fixtures/(?!demo(/|$))|\.sqlite$")
REQUIRED = ["votal/cli.py", "votal/tally/rules/__init__.py", "votal/report/templates/day.bbcode.j2",
            "votal/fixtures/demo/game.toml", "votal/fixtures/demo/pages/page-1.html"]


# what setuptools prints for a warning about the project's configuration (a Python warning class,
# or its "!!" banner); distutils' "warning: byte-compiling is disabled" (PYTHONDONTWRITEBYTECODE) is not one
_WARNING = re.compile(r"\w+Warning\b|^\s*!!\s*$")


def _run(args, cwd, env=None, *, stderr=True):
    proc = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, f"{args} failed:\n{proc.stdout}\n{proc.stderr}"
    return proc.stdout + (proc.stderr if stderr else "")


def _build(kind: str, src: Path, out: Path) -> Path:
    """setuptools' PEP 517 hook, as pip would call it; its output must hold no warning."""
    code = f"from setuptools import build_meta as b; print('BUILT', b.build_{kind}({str(out)!r}))"
    log = _run([sys.executable, "-c", code], cwd=src)
    warned = [line for line in log.splitlines() if _WARNING.search(line)]
    assert not warned, f"setuptools warned while building the {kind}:\n{log}"
    return out / re.search(r"^BUILT (.+)$", log, re.M).group(1)


def _packages_in_tree() -> set[str]:
    """Every Python package of the source tree, as the wheel must name it (votal/...)."""
    skip = ("tests", "bench", "fixtures", "build", ".venv")
    return {("votal/" + str(p.parent.relative_to(ROOT))).rstrip("/.")
            for p in ROOT.rglob("__init__.py")
            if not p.relative_to(ROOT).parts[0] in skip and "egg-info" not in str(p)}


@pytest.fixture(scope="module")
def dists(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist")
    sdist = _build("sdist", ROOT, out)
    with tarfile.open(sdist) as tar:
        sdist_names = [n.split("/", 1)[1] for n in tar.getnames() if "/" in n]
        tar.extractall(out / "src", filter="data")
    (src,) = (out / "src").iterdir()
    wheel = _build("wheel", src, out)  # from the sdist, as pip does: the sdist must be complete
    with zipfile.ZipFile(wheel) as z:
        wheel_names = z.namelist()
    return sdist_names, wheel, wheel_names


def test_the_wheel_holds_every_package_and_the_data_votal_reads(dists):
    _, _, names = dists
    for path in REQUIRED:
        assert path in names, f"{path} is not in the wheel"
    missing = {p for p in _packages_in_tree() if f"{p}/__init__.py" not in names}
    assert not missing, f"packages left out of the wheel: {sorted(missing)}"
    assert "votal/setup.py" not in names


def test_no_distribution_ships_third_party_or_test_material(dists):
    sdist_names, _, wheel_names = dists
    bad = [n for n in wheel_names + sdist_names if FORBIDDEN.search(n)]
    assert not bad, f"must not ship: {bad[:20]}"


def test_the_installed_wheel_runs_the_demo_and_a_tally(dists, tmp_path):
    _, wheel, _ = dists
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=False, system_site_packages=False)
    py = env_dir / "bin" / "python"
    purelib = _run([str(py), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                   cwd=tmp_path).strip()
    # the project's resolved dependencies, without its editable votal (its .pth hook is not run)
    (Path(purelib) / "votal-deps.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    _run([sys.executable, "-m", "pip", "--python", str(py), "install", "--quiet", "--no-deps",
          "--no-index", str(wheel)], cwd=tmp_path)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VOTAL_DB")}
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    where = _run([str(py), "-c", "import votal; print(votal.__file__)"], cwd=tmp_path, env=env)
    assert Path(where.strip()).is_relative_to(env_dir), where

    votal = str(env_dir / "bin" / "votal")
    demo = _run([votal, "demo"], cwd=tmp_path, env=env)
    assert "3 pages, 62 posts, 62 new" in demo and "official tally, day 1 (bbcode)" in demo, demo

    game = ROOT / "fixtures" / "games" / "palermo-athens" / "game.toml"
    text = _run([votal, "tally", str(game), "--day", "1", "--format", "json", "--offline",
                 "--db", str(tmp_path / "store.sqlite")], cwd=tmp_path, env=env, stderr=False)
    expected = json.loads((game.parent / "expected.json").read_text(encoding="utf-8"))["1"]
    result = json.loads(text)
    assert {t["player"]: t["votes"] for t in result["tally"]} == expected["tally"]
    assert {k: result["outcome"][k] for k in expected["outcome"]} == expected["outcome"]
