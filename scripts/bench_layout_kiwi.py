#!/usr/bin/env python3
"""kiwisolver side of bench-layout: the same workloads as Sources/Benchmarks/Layout/main.swift.

Run by the Swift benchmark as a child process (`--serve`) so that both solvers are measured
alternately in one run on the same (noisy, shared) machine. Protocol, one request per line on
stdin, one reply per line on stdout:

    build N            ->  <milliseconds> <checksum>
    incremental N E    ->  <milliseconds> <checksum>
    quit

Standalone use (prints one timing per workload):  python3 bench_layout_kiwi.py [N] [E]
"""
import math
import sys
import time

import kiwisolver as kiwi

MARGIN = 8.0
MIN_WIDTH = 20.0


def chain(n):
    """N views side by side: left0 = margin, left_i = right_{i-1} + margin, right_i = left_i +
    width_i, width_i >= 20, widths weakly equal, last right + margin = window."""
    window = kiwi.Variable("window")
    lefts = [kiwi.Variable("left%d" % i) for i in range(n)]
    widths = [kiwi.Variable("width%d" % i) for i in range(n)]
    rights = [kiwi.Variable("right%d" % i) for i in range(n)]
    constraints = []
    for i in range(n):
        if i == 0:
            constraints.append(lefts[0] == MARGIN)
        else:
            constraints.append(lefts[i] == rights[i - 1] + MARGIN)
            constraints.append((widths[i] == widths[i - 1]) | "weak")
        constraints.append(rights[i] == lefts[i] + widths[i])
        constraints.append(widths[i] >= MIN_WIDTH)
    constraints.append(rights[n - 1] + MARGIN == window)
    return window, widths, constraints


def suggestion(k):
    """The k-th window width: a resize sweep between 32000 and 40000 (all above the minimum,
    1000 * 20 + 1001 * 8 = 28008 for n = 1000, so every edit re-solves to equal widths)."""
    return 36000.0 + 4000.0 * math.sin(k / 20.0)


def build(n):
    window, widths, constraints = chain(n)
    constraints.append((window == 40000.0) | "strong")
    start = time.perf_counter()
    solver = kiwi.Solver()
    for c in constraints:
        solver.addConstraint(c)
    solver.updateVariables()
    elapsed = time.perf_counter() - start
    return elapsed * 1000.0, sum(w.value() for w in widths)


def incremental(n, edits):
    window, widths, constraints = chain(n)
    solver = kiwi.Solver()
    # Untimed set-up, in the same order as the Swift side: edit variable and first width first,
    # so the chain is built around it rather than re-pivoted from window = 0.
    solver.addEditVariable(window, "strong")
    solver.suggestValue(window, suggestion(0))
    for c in constraints:
        solver.addConstraint(c)
    solver.updateVariables()
    checksum = 0.0
    start = time.perf_counter()
    for k in range(edits):
        solver.suggestValue(window, suggestion(k))
        solver.updateVariables()
        checksum += widths[n - 1].value()
    elapsed = time.perf_counter() - start
    return elapsed * 1000.0, checksum


def serve():
    for line in sys.stdin:
        parts = line.split()
        if not parts or parts[0] == "quit":
            break
        if parts[0] == "build":
            ms, checksum = build(int(parts[1]))
        elif parts[0] == "incremental":
            ms, checksum = incremental(int(parts[1]), int(parts[2]))
        else:
            print("error unknown request %r" % parts[0], flush=True)
            continue
        print("%.6f %.6f" % (ms, checksum), flush=True)


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--serve":
        print("ready kiwisolver %s" % kiwi.__version__, flush=True)
        serve()
        return
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    edits = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    print("build-%d: %.2f ms" % (n, build(n)[0]))
    print("incremental-%d: %.2f ms" % (edits, incremental(n, edits)[0]))


if __name__ == "__main__":
    main()
