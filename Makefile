# ViewWire: the two set-up commands are `make run` and `make test`; both install what they need.
SWIFT ?= swift
PORT ?= 7420
HOST ?= 127.0.0.1

.PHONY: run test deps build build-release bench bench-latency bench-diff bench-layout format clean

# Installs libuv's headers (and pkg-config) when they are missing. Needs root or sudo.
deps:
	@if ! pkg-config --exists libuv 2>/dev/null; then \
	  echo "Installing libuv1-dev and pkg-config..."; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq libuv1-dev pkg-config; \
	fi

build: deps
	$(SWIFT) build --product viewwired
	$(SWIFT) build --product viewwire

# Runs the daemon with the demo apps on $(HOST):$(PORT). Connect with `telnet 127.0.0.1 7420`,
# `nc 127.0.0.1 7420` or `.build/debug/viewwire --port 7420`.
run: build
	.build/debug/viewwired --host $(HOST) --port $(PORT)

# Runs every test: the Swift suites (unit, property and transcript tests over real TCP) and the
# Python client's tests against the real daemon.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel --num-workers 2

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
