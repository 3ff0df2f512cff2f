# Earthbook: `make run` serves the app, `make test` runs the tests. Both set up what they need.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
HOST ?= 127.0.0.1
PORT ?= 8000
# The embedded default runs with DEBUG on (demo account, no secret needed); production sets it.
RUN_ENV := DEBUG=$${DEBUG:-true}

.PHONY: install run test test-sqlite test-services bench lint typecheck worker worker-interactive worker-bulk migrate clean browser-checks

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# axe-core, which the browser tests inject into the pages to check their accessibility: pinned in
# package.json and package-lock.json, installed from the npm registry with `npm ci` into
# node_modules/ (never served, never from a CDN). Without npm the browser tests skip these checks;
# in CI (CI=true) a missing npm fails here.
NODE_STAMP := node_modules/.package-lock.json
$(NODE_STAMP): package.json package-lock.json
	@if command -v npm >/dev/null 2>&1; then npm ci --no-audit --no-fund; \
	elif [ "$$CI" = "true" ]; then echo "CI runs the accessibility checks: npm is missing." >&2; exit 1; \
	else echo "npm is missing: the browser tests will skip their accessibility checks." >&2; fi

browser-checks: $(NODE_STAMP)

migrate: install
	mkdir -p var/static
	$(RUN_ENV) $(BIN)/python manage.py migrate --noinput

# The whole app over ASGI in one process (config.asgi): the pages, and the live table's streams,
# so that every phone at the table is told of an entry at once. It restarts when a source file
# or a template changes; static files come from WhiteNoise, as DEBUG has it.
RELOAD_DIRS := api bench campaigns config edge legacy templates web
run: migrate
	$(RUN_ENV) $(BIN)/python manage.py seed_demo
	$(RUN_ENV) $(BIN)/python -m uvicorn config.asgi:application --host $(HOST) --port $(PORT) \
		--lifespan off --reload $(RELOAD_DIRS:%=--reload-dir %) --reload-include '*.html'

# Two workers, one per queue (docs/operations.md, "Two queues"): a game's picture, on the
# interactive queue, never waits behind the bulk queue (imports, chronicle PDFs, photos' copies,
# posters). Each has its own processes; Ctrl-C stops both. Like `make run`, they take DEBUG on
# unless it is set, so that the operator's page works as written on a fresh clone.
INTERACTIVE_CONCURRENCY ?= 2
BULK_CONCURRENCY ?= 2
worker: install
	$(MAKE) --no-print-directory -j2 worker-interactive worker-bulk

worker-interactive: install
	$(RUN_ENV) $(BIN)/celery -A config worker -Q "$${EARTHBOOK_JOB_QUEUE_INTERACTIVE:-interactive}" \
		-n interactive@%h --concurrency=$(INTERACTIVE_CONCURRENCY) --loglevel=INFO

worker-bulk: install
	$(RUN_ENV) $(BIN)/celery -A config worker -Q "$${EARTHBOOK_JOB_QUEUE_BULK:-bulk}" \
		-n bulk@%h --concurrency=$(BULK_CONCURRENCY) --loglevel=INFO

# The whole suite on SQLite, on every core (tools/suite.py). When DATABASE_URL/REDIS_URL are set
# (as .ci/run sets them), two passes and each test in one: on SQLite, then what needs or is decided
# by PostgreSQL, Redis and a real Celery worker, against them (tests/support/passes.py).
# `make test TESTS=tests/legacy` runs a part; TEST_WORKERS=0 runs it in one process.
test: install browser-checks
	mkdir -p var/static
	$(BIN)/python tools/suite.py $(TESTS)

# One JSON line per benchmark, with its database, target and whether it was met. SQLite by
# default; with DATABASE_URL pointing at PostgreSQL, on databases of the bench's own there
# (and the 10,000-campaign benchmark, built once and reused).
bench: install
	$(BIN)/python -m bench

# The code's form: ruff's checks and its formatting (the same checks as .pre-commit-config.yaml).
lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# The code's types: mypy with the Django plugin over the two inner rooms (settings in pyproject.toml).
typecheck: install
	$(BIN)/mypy legacy campaigns edge api

# The API under schemathesis: every operation against a live gunicorn, zero server errors and
# responses that match the schema. SQLite by default; DATABASE_URL (PostgreSQL) when set.
.PHONY: fuzz load
fuzz: install
	$(BIN)/python tools/fuzz.py

# The shipped server under a game night's mix: 50 clients, 70% world reads and 30% in-game
# entries for 60 s (LOAD_SECONDS), then the same with each entry keyed as phones send them,
# then api_ping for as long; one JSON line per mix (load_mix, load_mix_keyed) with its target.
# Needs DATABASE_URL (PostgreSQL), and says so (exit 2) without it; REDIS_URL when set.
# Then the live table: 5000 phones (LIVE_PHONES) following their tables' streams while five
# tables write 25 entries (tools/live_load.py; needs DATABASE_URL and REDIS_URL).
load: install
	$(BIN)/python tools/load_test.py; first=$$?; \
	$(BIN)/python tools/live_load.py; second=$$?; \
	[ $$first -eq 0 ] && [ $$second -eq 0 ]

clean:
	rm -rf $(VENV) var .pytest_cache .mypy_cache node_modules
