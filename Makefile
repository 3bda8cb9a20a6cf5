# ViewWire: the two set-up commands are `make run` and `make test`; both install what they need.
SWIFT ?= swift
PYTHON ?= python3
PORT ?= 7420
HOST ?= 127.0.0.1
# The web port: the browser client and WebSocket sessions (PROTOCOL.md section 13).
WEB_PORT ?= 7421
# The Python-driven tests (the Python client's, the browser's, the terminal's) run in one venv
# under .build/, made by `make py-deps` with the PyPI packages they need.
PY_VENV := .build/py-venv
PY_PACKAGES := pytest selenium pyte websockets pillow
PYTEST = $(PY_VENV)/bin/python -m pytest
# Debian packages the tests drive for real: a browser and its driver (and the font the browser
# client draws with, so its reference pictures match), telnet, nc, socat, tmux, and HAProxy in
# front of several daemons (deploy/tests); valgrind, which scripts/instructions_per_request.py runs.
TEST_APT_PACKAGES := chromium chromium-driver fonts-liberation telnet netcat-openbsd socat tmux haproxy valgrind
# Each Python test folder that `make test` runs (one pytest each) against the daemon the Swift
# build made.
PYTEST_DIRS := clients/python/tests clients/web/tests clients/terminal/tests clients/console-tests deploy/tests scripts/tests
# App packages outside the root package, each built and tested in its own .build by `make test`,
# so a change to the public API that breaks an app author's code fails here.
EXAMPLES := Examples/Counter Examples/Tips
# Example packages' pytest folders, each run against its own package's daemon (which the loop over
# EXAMPLES built), as docs/WRITING-APPS.md section 9 runs them: FOLDER:EXECUTABLE, the executable
# in the package's .build/debug. `-p no:viewwire` keeps a plugin that a `pip install
# clients/python` left registered (clients/python/viewwire.egg-info) from being loaded twice.
EXAMPLE_PYTESTS := Examples/Tips/tests:tips-server
# The tests `make test` also runs under ThreadSanitizer, in their own build (.build-tsan): the
# whole server suite (issue 14: "the server's tests also run under ThreadSanitizer in CI"),
# among them the ones that run several event loops in the test process and in the daemon, so a
# state two loops share without a lock fails the build. About three minutes on two CPUs.
# ConsoleTests drive the console client through a pty and read its echo by timing, which the
# sanitizer's slowdown broke once in three runs; they run in the plain suite.
TSAN_FILTER := ViewWireServerTests
TSAN_SKIP := ConsoleTests
# The modules `make docs` documents with DocC, one archive each under .build/docs/.
DOC_TARGETS := ViewWireKit ViewWireServer ViewWireDaemon ViewWireTesting

.PHONY: run test test-tsan docs deps py-deps test-deps bench-deps build build-release bench bench-latency bench-diff bench-layout bench-throughput bench-sessions format clean

# Installs libuv's and libedit's headers (and pkg-config) when they are missing. Needs root or
# sudo. libedit gives the console its line editing.
deps:
	@if ! pkg-config --exists libuv libedit 2>/dev/null; then \
	  echo "Installing libuv1-dev, libedit-dev and pkg-config..."; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq libuv1-dev libedit-dev pkg-config; \
	fi

# Makes $(PY_VENV) with $(PY_PACKAGES) from PyPI when it lacks any of them (python3 and its venv
# module come from apt when missing).
py-deps:
	@if ! $(PY_VENV)/bin/python -c 'import pytest, selenium, pyte, websockets, PIL' >/dev/null 2>&1; then \
	  if ! $(PYTHON) -m venv --help >/dev/null 2>&1 || ! $(PYTHON) -c 'import ensurepip' 2>/dev/null; then \
	    echo "Installing python3 and python3-venv..."; \
	    SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	    $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq python3 python3-venv; \
	  fi; \
	  echo "Installing $(PY_PACKAGES) into $(PY_VENV)..."; \
	  $(PYTHON) -m venv $(PY_VENV) && $(PY_VENV)/bin/python -m pip install -q $(PY_PACKAGES); \
	fi

# Installs the Debian packages the end-to-end tests drive when any is missing.
test-deps:
	@missing=""; for p in $(TEST_APT_PACKAGES); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing$$missing..."; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build --product viewwired
	$(SWIFT) build --product viewwire

# Runs the daemon with the demo apps on $(HOST):$(PORT), and the browser client on
# http://$(HOST):$(WEB_PORT)/; the daemon prints both addresses. Connect with
# `telnet 127.0.0.1 7420`, `nc 127.0.0.1 7420` or `.build/debug/viewwire --port 7420`, or open
# http://127.0.0.1:7421/ in a browser.
run: build
	.build/debug/viewwired --host $(HOST) --port $(PORT) --web-port $(WEB_PORT)

# Runs every test: the Swift suites (unit, property and transcript tests over real TCP) and the
# Python client's tests against the real daemon the Swift build just made.
test: deps py-deps test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel --num-workers 2
	@$(MAKE) --no-print-directory test-tsan
	@for dir in $(EXAMPLES); do \
	  echo "swift test in $$dir"; \
	  $(SWIFT) build --package-path $$dir --build-tests && $(SWIFT) test --package-path $$dir --skip-build || exit 1; \
	done
	@for dir in $(PYTEST_DIRS); do \
	  echo "pytest $$dir"; \
	  VIEWWIRED=$(CURDIR)/.build/debug/viewwired VIEWWIRE=$(CURDIR)/.build/debug/viewwire \
	    $(PYTEST) -q -p no:cacheprovider $$dir || exit 1; \
	done
	@for entry in $(EXAMPLE_PYTESTS); do \
	  dir=$${entry%%:*}; package=$${dir%/*}; executable=$${entry#*:}; \
	  echo "pytest $$dir with $$executable"; \
	  PYTHONPATH=$(CURDIR)/clients/python $(PYTEST) -q -p no:cacheprovider -p no:viewwire \
	    -p viewwire.pytest_plugin --viewwired $(CURDIR)/$$package/.build/debug/$$executable $$dir || exit 1; \
	done

# The ThreadSanitizer part of `make test` alone.
test-tsan: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan \
	  --filter '$(TSAN_FILTER)' --skip '$(TSAN_SKIP)'

# DocC archives for the modules app authors use, for static hosting, in .build/docs/MODULE/.
# Not part of `make test`.
docs: deps
	@mkdir -p .build/docs; for target in $(DOC_TARGETS); do \
	  echo "docc $$target"; \
	  $(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation \
	    --target $$target --output-path .build/docs/$$target \
	    --transform-for-static-hosting --hosting-base-path $$target --disable-indexing || exit 1; \
	done

# Release builds link the Swift runtime and Foundation into each executable: a deployed daemon
# needs no Swift toolchain on its host, and its calls into the runtime (every retain and
# release) are direct rather than through a shared library's PLT: 2% fewer instructions and 7%
# fewer simulated I-cache misses a tap, 3-8% off a lone client's round trip (BENCHMARKS.md,
# "Stop 18: the Swift runtime linked in").
RELEASE_BUILD = $(SWIFT) build -c release --static-swift-stdlib

bench: bench-latency bench-diff bench-layout bench-throughput bench-sessions

bench-latency: deps
	$(RELEASE_BUILD) --product bench-latency
	.build/release/bench-latency

bench-diff: deps
	$(RELEASE_BUILD) --product bench-diff
	.build/release/bench-diff

bench-layout: deps
	bash scripts/bench-layout.sh

# Installs redis-server, the baseline of bench-throughput and bench-sessions, when missing.
bench-deps:
	@if ! command -v redis-server >/dev/null 2>&1 && [ ! -x /usr/bin/redis-server ]; then \
	  echo "Installing redis-server..."; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq redis-server; \
	fi

# viewwired and redis-server under the same closed-loop load, in one run (BENCHMARKS.md).
bench-throughput: deps bench-deps
	$(RELEASE_BUILD) --product viewwired
	$(RELEASE_BUILD) --product bench-throughput
	.build/release/bench-throughput

# Memory per idle session at 1,000 and 10,000 sessions, and the open/close churn (BENCHMARKS.md).
bench-sessions: deps bench-deps
	$(RELEASE_BUILD) --product viewwired
	$(RELEASE_BUILD) --product bench-sessions
	.build/release/bench-sessions

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

clean:
	rm -rf .build
