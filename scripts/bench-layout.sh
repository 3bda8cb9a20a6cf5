#!/usr/bin/env bash
# bench-layout: our Cassowary solver against kiwisolver (PyPI, C++ core) in the same run.
# Sets up .venv-bench with kiwisolver if needed, builds the release benchmark and runs it; the
# benchmark spawns scripts/bench_layout_kiwi.py with the venv's interpreter and alternates
# ours/theirs per repetition, so the printed ratios come from one run on the same machine state.
# Extra arguments go to the benchmark, e.g. `bash scripts/bench-layout.sh --reps 5 --only grid-1000 --steps 1000`.
set -euo pipefail
cd "$(dirname "$0")/.."

VENV=.venv-bench
SWIFT=${SWIFT:-swift}

if ! "$VENV/bin/python" -c 'import kiwisolver' 2>/dev/null; then
  if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
    echo "python3-venv is missing; installing it..."
    SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
    $SUDO apt-get update -qq && $SUDO apt-get install -y -qq python3-venv
  fi
  rm -rf "$VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --disable-pip-version-check kiwisolver
fi

$SWIFT build -c release --static-swift-stdlib --product bench-layout  # as the Makefile's RELEASE_BUILD
.build/release/bench-layout --python "$VENV/bin/python" --script scripts/bench_layout_kiwi.py "$@"
