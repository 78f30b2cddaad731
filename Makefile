# Farmer: `make play` sets up and plays; `make test` sets up and runs every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# What playing needs (the game and its three libraries); the tests and tools add theirs on top.
PLAY_STAMP := $(VENV)/.installed-play

DIST_VENV := build/dist-venv
CHECK_VENV := build/check-venv

.PHONY: play test web-test web-check web-unit node-tools cluster cluster-test lint typecheck bench wheel dist dist-test install-desktop-entry clean check-packaging icons

# pip says only what went wrong (-qq): its notes on the build and on the machine's package
# indexes would read like a failure on a first `make play`.
PIP := $(BIN)/pip install -qq

$(PLAY_STAMP): pyproject.toml
	@echo "Setting up Farmer in $(VENV) (first time only, a minute or so)..."
	@$(PYTHON) -m venv $(VENV)
	@$(PIP) --upgrade pip
	@$(PIP) -e .
	@touch $(PLAY_STAMP)
	@echo "Farmer is set up; from now on $(BIN)/farmer starts it directly."

$(STAMP): $(PLAY_STAMP)
	@echo "Adding the test tools to $(VENV) (first time only)..."
	@$(PIP) -e '.[dev]'
	@touch $(STAMP)

play: $(PLAY_STAMP)
	@echo "Starting Farmer..."
	@$(BIN)/farmer $(ARGS)

# The browser tests are checked apart: their conftest and helpers are top-level modules of their folder.
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy --strict game scenes tools tests --exclude tests/web/
	MYPYPATH=tests $(BIN)/mypy --strict tests/web

# Everything but the standalone bundle's test (marked slow; `make dist-test` runs it), the
# browser tests (marked web; `make web-test` runs them) and the tests of several servers sharing
# a database behind a proxy (marked cluster; `make cluster-test` runs them). Their files are not
# even collected here, so that the game's own tests run without the browser's and the
# database's native libraries loaded in the same process. The tests run in one process a core
# (pytest-xdist): each test stands alone, with its own folders, ports and windows.
test: lint
	$(BIN)/python -m pytest -n auto -m "not slow and not web and not cluster" \
		--ignore=tests/web --ignore-glob='tests/test_cluster_*.py'

# The page phones join a table from, played in a real headless Chromium (Debian's, driven by
# Playwright's Python package through tools/pages.py: Playwright downloads no browser of its own).
# Chromium is installed with apt-get when run as root (CI), else named.
CHROMIUM := /usr/bin/chromium
web-test: $(STAMP) web-check web-unit
	@if [ ! -x $(CHROMIUM) ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			apt-get update && apt-get install -y chromium fonts-dejavu-core; \
		else \
			echo "make web-test needs Chromium at $(CHROMIUM): sudo apt-get install chromium fonts-dejavu-core" >&2; \
			exit 1; \
		fi; \
	fi
	$(BIN)/python -m pytest -m web tests/web

# The page's JavaScript checked by TypeScript from its JSDoc types (tsconfig.json: strict, no
# output; the page ships its .js files as written). TypeScript comes from npm into node_modules/
# (package.json and package-lock.json: tools to check with, nothing the page loads); Node.js and
# npm are installed with apt-get when run as root (CI), else named.
NPM_STAMP := node_modules/.installed
node-tools:
	@if ! command -v node >/dev/null || ! command -v npm >/dev/null; then \
		if [ "$$(id -u)" = 0 ]; then \
			apt-get update && apt-get install -y nodejs npm; \
		else \
			echo "make web-check needs Node.js and npm: sudo apt-get install nodejs npm" >&2; \
			exit 1; \
		fi; \
	fi
$(NPM_STAMP): package.json package-lock.json
	@$(MAKE) --no-print-directory node-tools
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

web-check: $(NPM_STAMP)
	node_modules/.bin/tsc --project tsconfig.json

# The page's modules that need no browser (state, words, told, i18n, cards, net) unit-tested by Node's
# own test runner: tests/node/*.test.mjs.
web-unit: node-tools
	node --test --test-reporter=spec tests/node/

# Farmer on several servers, to try on this machine: PostgreSQL, three farmer-servers sharing
# their tables in it, and HAProxy in front (the shipped assets/cluster/haproxy.cfg), all on
# loopback; players connect to 127.0.0.1:8760. Ctrl-C stops everything.
cluster: $(STAMP)
	@$(BIN)/python -m tools.cluster $(ARGS)

# The same started for real by the end-to-end tests (servers killed and paused mid-deal, the
# lease's property test in PostgreSQL). HAProxy and PostgreSQL are installed with apt-get when
# run as root (CI), else named. PostgreSQL runs as its own user, never root.
cluster-test: $(STAMP)
	@need=""; [ -x /usr/sbin/haproxy ] || need=" haproxy"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need="$$need postgresql"; \
	if [ -n "$$need" ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			apt-get update && apt-get install -y $$need; \
		else \
			echo "make cluster-test needs$$need: sudo apt-get install$$need" >&2; \
			exit 1; \
		fi; \
	fi
	$(BIN)/python -m pytest -m cluster tests/test_cluster_*.py

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

# Farmer checked by the packaging ecosystem's own tools (tools/check_packaging.py says which):
# the wheel built and its files, check-wheel-contents, pyroma, appstreamcli, desktop-file-validate,
# msgfmt, the man page, systemd-analyze verify and security on the kiosk's service, and the
# wheel installed by pipx. The Python tools live in their own venv under build/; missing
# Debian tools are installed with apt-get when run as root (CI), else named.
$(CHECK_VENV)/.installed:
	$(PYTHON) -m venv $(CHECK_VENV)
	$(CHECK_VENV)/bin/pip install --quiet --upgrade pip
	$(CHECK_VENV)/bin/pip install --quiet 'build>=1.2' 'check-wheel-contents>=0.6' 'pyroma>=4.2' 'pipx>=1.5'
	touch $@

check-packaging: $(CHECK_VENV)/.installed
	$(CHECK_VENV)/bin/python -m tools.check_packaging --install

# The icon files the build puts in the wheel (SVG, PNGs, .ico, .icns), drawn into build/icons to look at.
icons: $(STAMP)
	$(BIN)/python -m tools.make_icons build/icons

# Farmer in this user's desktop menu, starting .venv/bin/farmer (an installed farmer: `farmer --install-desktop-entry`).
install-desktop-entry: $(STAMP)
	$(BIN)/farmer --install-desktop-entry

bench: $(STAMP)
	$(BIN)/python tools/bench_engine.py

clean:
	rm -rf $(VENV) build dist *.egg-info node_modules
