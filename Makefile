# Two commands on a fresh machine: `make run` and `make test`. Both create .venv when missing and
# install from this project's own files (pyproject.toml), so a clean clone needs nothing else.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP_RUN := $(VENV)/.installed-run
STAMP_DEV := $(VENV)/.installed-dev

.PHONY: run test test-deps install install-dev bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP_RUN): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(STAMP_DEV): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(STAMP_RUN)

install: $(STAMP_RUN)
install-dev: $(STAMP_DEV)

## make run: the game server (tables in the browser, bots, saved under ./data); prints its URL.
## The terminal game is `cosmotable play`.
run: $(STAMP_RUN)
	$(BIN)/cosmotable serve

## make test: the whole suite, spread over the machine's cores. First the Debian packages the tests
## start or drive (PostgreSQL, Redis, Chromium), installed only when missing: see scripts/test-system-deps.sh.
test: test-deps $(STAMP_DEV)
	$(BIN)/python -m pytest -n auto -q

test-deps:
	@bash scripts/test-system-deps.sh

bench: $(STAMP_RUN)
	$(BIN)/python benchmarks/engine_speed.py

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .hypothesis
