# Farmer: `make play` sets up and plays; `make test` sets up and runs every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint typecheck bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/farmer $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy --strict game scenes tools

test: lint
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python tools/bench_engine.py

clean:
	rm -rf $(VENV) build *.egg-info
