"""Shared test fixtures: where the repo's own fixtures and the read-only ../shared/ material live."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Property tests run on a loaded 2-core machine: no per-example deadline, no "too slow" health
# check. In CI (CI=true) the examples are derived from the test itself, so a run is reproducible.
settings.register_profile("votal", deadline=None, suppress_health_check=[HealthCheck.too_slow],
                          derandomize=bool(os.environ.get("CI")))
settings.load_profile("votal")

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
SHARED = ROOT.parent / "shared"


def shared_path(*parts: str) -> Path:
    """A path under ../shared/, or skip the test cleanly when that material is absent."""
    p = SHARED.joinpath(*parts)
    if not p.exists():
        pytest.skip(f"../shared/{'/'.join(parts)} is not present beside the repository")
    return p


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true",
                     help="rewrite golden files from the current output (review the diff)")


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))
