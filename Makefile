# ViewWire: the two set-up commands are `make run` and `make test`; both install what they need.
SWIFT ?= swift
PYTHON ?= python3
PORT ?= 7420
HOST ?= 127.0.0.1
# The Python client's tests run under the system's pytest when it has one, else under a venv.
PYTEST_VENV := .build/pytest-venv
PYTEST = $(shell $(PYTHON) -m pytest --version >/dev/null 2>&1 && echo $(PYTHON) || echo $(PYTEST_VENV)/bin/python) -m pytest

.PHONY: run test deps pytest-deps build build-release bench bench-latency bench-diff bench-layout format clean

# Installs libuv's headers (and pkg-config) when they are missing. Needs root or sudo.
deps:
	@if ! pkg-config --exists libuv 2>/dev/null; then \
	  echo "Installing libuv1-dev and pkg-config..."; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq libuv1-dev pkg-config; \
	fi

# Installs pytest for the Python client's tests when there is none: python3 and its venv module
# from apt if missing, then pytest from PyPI into $(PYTEST_VENV).
pytest-deps:
	@if ! $(PYTEST) --version >/dev/null 2>&1; then \
	  if ! $(PYTHON) -m venv --help >/dev/null 2>&1 || ! $(PYTHON) -c 'import ensurepip' 2>/dev/null; then \
	    echo "Installing python3 and python3-venv..."; \
	    SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	    $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq python3 python3-venv; \
	  fi; \
	  echo "Installing pytest into $(PYTEST_VENV)..."; \
	  $(PYTHON) -m venv $(PYTEST_VENV) && $(PYTEST_VENV)/bin/python -m pip install -q pytest; \
	fi

build: deps
	$(SWIFT) build --product viewwired
	$(SWIFT) build --product viewwire

# Runs the daemon with the demo apps on $(HOST):$(PORT). Connect with `telnet 127.0.0.1 7420`,
# `nc 127.0.0.1 7420` or `.build/debug/viewwire --port 7420`.
run: build
	.build/debug/viewwired --host $(HOST) --port $(PORT)

# Runs every test: the Swift suites (unit, property and transcript tests over real TCP) and the
# Python client's tests against the real daemon the Swift build just made.
test: deps pytest-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel --num-workers 2
	VIEWWIRED=$(CURDIR)/.build/debug/viewwired $(PYTEST) -q -p no:cacheprovider clients/python/tests

bench: bench-latency bench-diff bench-layout

bench-latency: deps
	$(SWIFT) build -c release --product bench-latency
	.build/release/bench-latency

bench-diff: deps
	$(SWIFT) build -c release --product bench-diff
	.build/release/bench-diff

bench-layout: deps
	bash scripts/bench-layout.sh

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

clean:
	rm -rf .build
