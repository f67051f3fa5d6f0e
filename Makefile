# HALO workbench. Quick start: `make run` (demo on SQLite, in-process tasks) and `make test`.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HTMX_VERSION := 2.0.11
HTMX := static/vendor/htmx.min.js
AXE_VERSION := 4.14.1
AXE := tests/e2e/vendor/axe.min.js
STAMP := $(VENV)/.installed-stamp
PG_VERSION = $$(ls /etc/postgresql 2>/dev/null | sort -V | tail -1)

.PHONY: run test install services browser lint typecheck unit bench clean

PORT ?= 8000
# the suite on one pytest-xdist worker per core, at most 4 (every test makes its own databases,
# queues, ports and processes); `make test PYTEST_WORKERS=` runs it in one process
PYTEST_WORKERS ?= --numprocesses=auto --maxprocesses=4

run: install ## install what is needed, then `halo demo` on http://127.0.0.1:$(PORT)
	$(BIN)/halo demo --port $(PORT)

test: install services browser ## the whole suite: lint, types, unit, services, workers, browser
	$(BIN)/ruff check app workers tests bench migrations
	$(BIN)/mypy app workers
	$(BIN)/pytest $(PYTEST_WORKERS)

install: $(STAMP) $(HTMX) $(AXE)

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11+ is required")'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

# htmx comes from the npm registry package htmx.org, pinned; it is never committed.
$(HTMX):
	@command -v npm >/dev/null || { echo "npm is needed to fetch htmx.org@$(HTMX_VERSION)"; exit 1; }
	mkdir -p static/vendor
	tmp=$$(mktemp -d) && (cd $$tmp && npm pack --silent htmx.org@$(HTMX_VERSION) >/dev/null \
	  && tar -xzf htmx.org-$(HTMX_VERSION).tgz package/dist/htmx.min.js) \
	  && cp $$tmp/package/dist/htmx.min.js $(HTMX) && rm -rf $$tmp

# axe-core (the accessibility checker the browser tests inject) comes from the npm registry
# package axe-core, pinned, into a test-only folder git ignores; it is never committed.
$(AXE):
	@command -v npm >/dev/null || { echo "npm is needed to fetch axe-core@$(AXE_VERSION)"; exit 1; }
	mkdir -p $(dir $(AXE))
	tmp=$$(mktemp -d) && (cd $$tmp && npm pack --silent axe-core@$(AXE_VERSION) >/dev/null \
	  && tar -xzf axe-core-$(AXE_VERSION).tgz package/axe.min.js) \
	  && cp $$tmp/package/axe.min.js $(AXE) && rm -rf $$tmp

# PostgreSQL and Redis for the tests: check first, install only what is missing, then start.
services:
	@if ! command -v pg_ctlcluster >/dev/null || ! command -v redis-server >/dev/null; then \
	  [ "$$(id -u)" = 0 ] || { echo "install postgresql and redis-server (needs root)"; exit 1; }; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql redis-server >/dev/null; \
	fi
	@pg_isready -q -h 127.0.0.1 -p 5432 || pg_ctlcluster --skip-systemctl-redirect $(PG_VERSION) main start
	@for i in $$(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done; pg_isready -h 127.0.0.1 -p 5432
	@redis-cli -h 127.0.0.1 ping >/dev/null 2>&1 || redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no
	@for i in $$(seq 1 30); do redis-cli -h 127.0.0.1 ping >/dev/null 2>&1 && break; sleep 0.5; done; redis-cli -h 127.0.0.1 ping

# Debian's chromium drives the browser tests (playwright cannot download browsers here).
browser:
	@command -v chromium >/dev/null || { \
	  [ "$$(id -u)" = 0 ] || { echo "install Debian's chromium (needs root)"; exit 1; }; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

lint: install
	$(BIN)/ruff check app workers tests bench migrations

typecheck: install
	$(BIN)/mypy app workers

unit: install
	$(BIN)/pytest tests/unit

bench: install services
	$(BIN)/python bench/arena.py

clean:
	rm -rf $(VENV) var static/vendor $(dir $(AXE)) .pytest_cache .mypy_cache .ruff_cache
