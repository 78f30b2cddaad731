# Farmer: `make play` sets up and plays; `make test` sets up and runs every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

DIST_VENV := build/dist-venv

.PHONY: play test lint typecheck bench wheel dist dist-test install-desktop-entry clean

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

# Everything but the standalone bundle's test (marked slow; `make dist-test` runs it).
test: lint
	$(BIN)/python -m pytest -m "not slow"

# The sdist and the wheel, in dist/ (what the kiosk and pipx install).
wheel: $(STAMP)
	rm -rf build/lib build/bdist.*
	$(BIN)/python -m build --outdir dist .

# The standalone one-folder bundle, dist/farmer/ (run dist/farmer/farmer), for people without
# Python. PyInstaller is a build-time dependency only: it lives in its own venv under build/,
# with Farmer installed there from this checkout as a wheel would install it.
$(DIST_VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(DIST_VENV)
	$(DIST_VENV)/bin/pip install --quiet --upgrade pip
	$(DIST_VENV)/bin/pip install --quiet 'pyinstaller>=6.10'
	touch $@

dist: $(DIST_VENV)/.installed
	rm -rf build/lib build/bdist.* dist/farmer
	$(DIST_VENV)/bin/pip install --quiet .
	$(DIST_VENV)/bin/pyinstaller --noconfirm --clean --log-level WARN \
		--distpath dist --workpath build/pyinstaller farmer.spec
	@du -sh dist/farmer

# Builds the bundle, then starts it headless (--version, and a short game) from outside the checkout.
dist-test: dist $(STAMP)
	FARMER_BUNDLE=dist/farmer/farmer $(BIN)/python -m pytest -m slow tests/test_dist.py

# Farmer in this user's desktop menu, starting .venv/bin/farmer (an installed farmer: `farmer --install-desktop-entry`).
install-desktop-entry: $(STAMP)
	$(BIN)/farmer --install-desktop-entry

bench: $(STAMP)
	$(BIN)/python tools/bench_engine.py

clean:
	rm -rf $(VENV) build dist *.egg-info
