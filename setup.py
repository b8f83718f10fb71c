"""Package discovery for the design card's layout: the repository root *is* the package `votal`.

setuptools' own discovery (``find_packages``) finds every Python package below the root; each is
prefixed with ``votal.`` because ``package-dir`` (pyproject.toml) maps ``votal`` to ".". Everything
else (metadata, dependencies, package data) is in pyproject.toml.
"""

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py as _build_py

# Data-only folders the program reads at run time (no Python code, so find_packages skips them):
# the report templates and the demo's own pages and game (`votal demo`). Nothing else of fixtures/
# ships: tests/, bench/ and the test fixtures (some of them real saved pages) stay out.
DATA_PACKAGES = ["report.templates", "fixtures.demo", "fixtures.demo.pages"]



class build_py(_build_py):
    """This file sits in the package's folder (the root): build it, do not ship it as votal.setup."""

    def find_package_modules(self, package, package_dir):
        modules = super().find_package_modules(package, package_dir)
        return [m for m in modules if (m[0], m[1]) != ("votal", "setup")]


setup(
    cmdclass={"build_py": build_py},
    packages=["votal"] + [f"votal.{p}" for p in
                          find_packages(where=".", exclude=["tests", "tests.*", "bench", "bench.*",
                                                            "fixtures", "fixtures.*", "build",
                                                            "build.*"])
                          + DATA_PACKAGES],
)
