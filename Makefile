# make run: install what is missing, build, start the server. make test: everything CI checks.
PY := .venv/bin/python
UV := .venv/bin/uv
BOLOLA := .venv/bin/bolola

.PHONY: setup run test lint typecheck bench golden clean client

setup: .venv/.synced client

# The browser client (client/): npm ci when the lock changes, a build into the package's
# static folder (served by `bolola serve`) when any of its sources change.
CLIENT_OUT := src/bolola/server/static/index.html
CLIENT_SRC := $(shell find client/src -type f 2>/dev/null) client/index.html \
	client/vite.config.ts client/svelte.config.js client/tsconfig.json client/package.json

client: $(CLIENT_OUT)

client/node_modules/.package-lock.json: client/package.json client/package-lock.json
	@cd client && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

$(CLIENT_OUT): client/node_modules/.package-lock.json $(CLIENT_SRC)
	@cd client && npm run --silent build -- --logLevel warn

.venv/.synced: pyproject.toml uv.lock scripts/setup-system.sh
	@bash scripts/setup-system.sh
	@test -x $(PY) || python3 -m venv .venv
	@test -x $(UV) || $(PY) -m pip install -q 'uv==0.13.8'
	@$(UV) sync --frozen --quiet
	@touch $@

run: setup
	@$(BOLOLA) serve

test: setup lint typecheck
	@$(PY) -m pytest -q

lint: setup
	@.venv/bin/ruff check src tests scripts
	@.venv/bin/ruff format --check src tests scripts

typecheck: setup
	@.venv/bin/mypy

# Every benchmark, one after the other (each prints what it measured and how).
bench: setup
	@$(BOLOLA) bench engine
	@$(BOLOLA) bench solver
	@$(BOLOLA) bench bots
	@$(BOLOLA) bench server --tables 10 --moves 53
	@$(BOLOLA) bench server --tables 100 --moves 53
	@$(BOLOLA) bench server --tables 500 --moves 53

golden: setup
	@$(PY) scripts/golden.py

clean:
	rm -rf .venv .mypy_cache .ruff_cache .pytest_cache
