# Earthbook: `make run` serves the app, `make test` runs the tests. Both set up what they need.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
HOST ?= 127.0.0.1
PORT ?= 8000
# The embedded default runs with DEBUG on (demo account, no secret needed); production sets it.
RUN_ENV := DEBUG=$${DEBUG:-true}
SQLITE_ENV := env -u DATABASE_URL -u REDIS_URL -u CELERY_BROKER_URL EARTHBOOK_PASS=sqlite

.PHONY: install run test test-sqlite test-services bench lint worker migrate clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

migrate: install
	mkdir -p var/static
	$(RUN_ENV) $(BIN)/python manage.py migrate --noinput

run: migrate
	$(RUN_ENV) $(BIN)/python manage.py seed_demo
	$(RUN_ENV) $(BIN)/python manage.py runserver $(HOST):$(PORT)

worker: install
	$(BIN)/celery -A config worker --loglevel=INFO

# The whole suite on SQLite; then, when DATABASE_URL/REDIS_URL are set (as .ci/run sets them),
# the whole suite again against PostgreSQL, Redis and a real Celery worker.
test: install
	mkdir -p var/static
	@if [ "$$CI" = "true" ] && { [ -z "$$DATABASE_URL" ] || [ -z "$$REDIS_URL" ]; }; then \
		echo "CI must test the real parts: set DATABASE_URL and REDIS_URL (see .ci/run)." >&2; exit 1; \
	fi
	$(SQLITE_ENV) $(BIN)/python -m pytest -q
	@if [ -n "$$DATABASE_URL" ] || [ -n "$$REDIS_URL" ]; then \
		echo "== again against DATABASE_URL / REDIS_URL =="; \
		$(BIN)/python -m pytest -q; \
	fi

bench: install
	$(SQLITE_ENV) $(BIN)/python -m bench

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# The API under schemathesis: every operation against a live gunicorn, zero server errors and
# responses that match the schema. SQLite by default; DATABASE_URL (PostgreSQL) when set.
.PHONY: fuzz load
fuzz: install
	$(BIN)/python tools/fuzz.py

# 50 clients reading worlds and recording events for 30 s (LOAD_SECONDS) against gunicorn and
# PostgreSQL: needs DATABASE_URL, and says so (exit 2) without it.
load: install
	$(BIN)/python tools/load_test.py

clean:
	rm -rf $(VENV) var .pytest_cache
