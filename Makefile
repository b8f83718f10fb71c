# Two commands do all the set-up on a fresh machine with Python 3.11: `make demo` and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: install test lint typecheck demo bench browser golden help clean

install: $(STAMP)

$(STAMP): pyproject.toml setup.py
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	touch $(STAMP)

# Headless Chromium for the HTML tests: installed when running as root on Debian (as in CI);
# elsewhere those tests skip and say why.
browser:
	@if ! command -v chromium >/dev/null 2>&1 && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
	  || echo "chromium could not be installed: the browser tests will skip"; \
	fi

test: install browser lint typecheck
	$(BIN)/python -m pytest

# ruff (pyflakes, bugbear, pyupgrade, isort: settings in pyproject.toml).
lint: install
	$(BIN)/ruff check .

# mypy on the package: the repository root is the package `votal`, so mypy reads it through a
# link named votal in a scratch folder.
typecheck: install
	rm -rf .mypy-root && mkdir .mypy-root && ln -s .. .mypy-root/votal
	cd .mypy-root && ../$(BIN)/mypy votal --config-file ../pyproject.toml

demo: install
	$(BIN)/votal demo

bench: install
	$(BIN)/python bench/run.py

golden: install help
	$(BIN)/python -m pytest tests/report --update-golden

# `votal --help` and `votal COMMAND --help` as printed without loading typer (launch.py): rewrite
# after any change of the command line's help (tests/test_prerendered_help.py fails until then).
help: install
	$(BIN)/python -m votal.launch write-help helptext.py

clean:
	rm -rf $(VENV) *.egg-info .pytest_cache .mypy-root .mypy_cache
