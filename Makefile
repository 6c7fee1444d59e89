# Quick start: `make serve` (play at http://localhost:8000) and `make test` (all tests).
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000

.PHONY: setup node_modules vendor serve test lint bench

$(VENV)/.installed: requirements-dev.txt requirements-build.txt
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

setup: $(VENV)/.installed

# Pinned browser runtimes (PyScript, Pyodide, MicroPython) from package-lock.json.
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

node_modules: node_modules/.package-lock.json

# Copies the runtime files into vendor/ and builds what the site serves and git does not
# hold (the worker's bytecode zip, Pyodide's snapshot, the main thread's page.pack,
# sw-manifest.js). Always runs (cheap and idempotent): the service worker's cache version
# must follow every change to web/ or nos/.
vendor: setup node_modules/.package-lock.json
	PYTHON=$(PY) bash scripts/vendor.sh

serve: vendor
	python3 scripts/serve.py --port $(PORT)

test: setup vendor
	$(PY) -m ruff check .
	$(PY) -m pytest

lint: setup
	$(PY) -m ruff check .
