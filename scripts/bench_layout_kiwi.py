#!/usr/bin/env python3
"""kiwisolver side of bench-layout: the same workloads as Sources/Benchmarks/Layout/main.swift.

Run by the Swift benchmark as a child process (`--serve`) so that both solvers are measured
alternately in one run on the same (noisy, shared) machine. One request per line on stdin, one
reply per line on stdout, `<build ms> <steps ms> <checksum>`:

    grid N STEPS     N views in 10 columns; build, then STEPS window resizes
    form STEPS       a small dialog form (labels, fields, a midline); build, then resizes
    chain N STEPS    x0 (edit) and N equalities x_i == x_{i-1} + 5; build, then edits of x0
    tree DEPTH STEPS a binary tree of midpoints over 2^DEPTH leaves; build, then edits
    quit

Constraint objects are created before the clock starts; "build" is adding them to a new solver
plus updateVariables(); "steps" is STEPS x (suggestValue...; updateVariables()).
Standalone use: python3 bench_layout_kiwi.py grid 1000 100
"""
import math
import sys
import time

import kiwisolver as kiwi

MARGIN = 8.0
COLUMNS = 10


def window_width(k):
    """The k-th window width of a resize sweep, 400...1000 (the grid's minimum is 288)."""
    return 700.0 + 300.0 * math.sin(k / 20.0)


def grid(n):
    """N views in 10 columns. In a row, each view starts 8 after its left neighbour ends and has
    its width; the last one ends 8 before the window's right edge. Each view starts 8 below the
    one above; the first column is 44 high (strong) and the others have their left neighbour's
    height. Widths and heights are at least 20."""
    window = kiwi.Variable("window")
    cs = []
    allvars = []
    rows = (n + COLUMNS - 1) // COLUMNS
    above = [None] * COLUMNS
    for r in range(rows):
        prev = None
        for c in range(COLUMNS):
            if r * COLUMNS + c >= n:
                break
            left, width = kiwi.Variable("l%d_%d" % (r, c)), kiwi.Variable("w%d_%d" % (r, c))
            top, height = kiwi.Variable("t%d_%d" % (r, c)), kiwi.Variable("h%d_%d" % (r, c))
            allvars += [left, width, top, height]
            if prev is None:
                cs.append(left == MARGIN)
                cs.append((height == 44.0) | "strong")
            else:
                cs.append(left == prev[0] + prev[1] + MARGIN)
                cs.append(width == prev[1])
                cs.append(height == prev[3])
            if above[c] is None:
                cs.append(top == MARGIN)
            else:
                cs.append(top == above[c][2] + above[c][3] + MARGIN)
            cs.append(width >= 20.0)
            cs.append(height >= 20.0)
            prev = (left, width, top, height)
            above[c] = prev
        cs.append(prev[0] + prev[1] + MARGIN == window)
    return [(window, window_width)], cs, allvars


def form():
    """A dialog in the style of kiwi's enaml-like benchmark (written anew, not copied): a window
    (width and height edited), a contents box 10 inside it, three label/field rows split at a
    midline, labels centred on their fields, and a text box under them."""
    width, height = kiwi.Variable("width"), kiwi.Variable("height")
    ctop, cbottom = kiwi.Variable("ctop"), kiwi.Variable("cbottom")
    cleft, cright = kiwi.Variable("cleft"), kiwi.Variable("cright")
    midline = kiwi.Variable("midline")
    allvars = [width, height, ctop, cbottom, cleft, cright, midline]
    mm = kiwi.strength.create(0, 1, 0, 1.25)
    cs = [
        width >= 0, height >= 0,
        cleft == 10, ctop == 10,
        cright == width - 10, cbottom == height - 10,
        midline >= cleft, midline <= cright,
    ]
    previous_bottom = ctop
    for i, natural in enumerate([67.0, 66.0, 24.0]):
        lb = [kiwi.Variable("lb%d%s" % (i, s)) for s in "ltwh"]
        fl = [kiwi.Variable("fl%d%s" % (i, s)) for s in "ltwh"]
        allvars += lb + fl
        for v in lb + fl:
            cs.append(v >= 0)
        cs += [
            (lb[2] == natural) | "weak", (lb[2] >= natural) | "strong",
            (lb[3] == 16) | "strong", (lb[3] >= 16) | "strong",
            (fl[2] >= 125) | "strong",
            (fl[3] == 21) | "strong", (fl[3] >= 21) | "strong",
            lb[0] >= cleft, (lb[0] == cleft) | mm,
            fl[0] >= lb[0] + lb[2] + 10, (fl[0] == lb[0] + lb[2] + 10) | mm,
            (fl[0] == midline) | "strong",
            fl[0] + fl[2] <= cright, (fl[0] + fl[2] == cright) | mm,
            fl[1] >= previous_bottom + (0 if i == 0 else 10),
            (fl[1] == previous_bottom + (0 if i == 0 else 10)) | mm,
            (lb[1] + 0.5 * lb[3] == fl[1] + 0.5 * fl[3]) | "strong",
        ]
        previous_bottom = fl[1] + fl[3]
    text = [kiwi.Variable("text%s" % s) for s in "ltwh"]
    allvars += text
    cs += [
        text[0] == cleft, text[0] + text[2] == cright,
        text[1] >= previous_bottom + 10, (text[1] == previous_bottom + 10) | mm,
        text[1] + text[3] <= cbottom, (text[1] + text[3] == cbottom) | mm,
        (text[3] >= 24) | kiwi.strength.create(0, 100, 0),
    ]
    sizes = [(400, 600), (600, 400), (800, 1200), (1200, 800), (400, 800), (800, 400)]
    return ([(width, lambda k: sizes[k % 6][0]), (height, lambda k: sizes[k % 6][1])],
            cs, allvars)


def chain(n):
    """x0 is edited; x_i == x_{i-1} + 5 for i in 1...n (required equalities)."""
    xs = [kiwi.Variable("x%d" % i) for i in range(n + 1)]
    cs = [xs[i] == xs[i - 1] + 5 for i in range(1, n + 1)]
    return [(xs[0], lambda k: 100.0 * math.sin(k / 20.0))], cs, xs


def tree(depth):
    """A binary tree of midpoints: each inner node is the midpoint of its children; the 2^depth
    leaves are 10 apart; the first leaf is edited."""
    leaves = [kiwi.Variable("leaf%d" % i) for i in range(2 ** depth)]
    cs = [leaves[i] == leaves[i - 1] + 10 for i in range(1, len(leaves))]
    level = leaves
    allvars = list(leaves)
    while len(level) > 1:
        parents = []
        for i in range(0, len(level), 2):
            p = kiwi.Variable("m%d" % len(allvars))
            cs.append(2 * p == level[i] + level[i + 1])
            parents.append(p)
        allvars += parents
        level = parents
    return [(leaves[0], lambda k: 100.0 * math.sin(k / 20.0))], cs, allvars


def run(workload, steps):
    edits, cs, allvars = workload
    start = time.perf_counter()
    solver = kiwi.Solver()
    for variable, value in edits:
        solver.addEditVariable(variable, "strong")
        solver.suggestValue(variable, value(0))
    for c in cs:
        solver.addConstraint(c)
    solver.updateVariables()
    built = time.perf_counter()
    for k in range(1, steps + 1):
        for variable, value in edits:
            solver.suggestValue(variable, value(k))
        solver.updateVariables()
    done = time.perf_counter()
    checksum = sum(v.value() for v in allvars)
    return (built - start) * 1000.0, (done - built) * 1000.0, checksum


def request(parts):
    kind, args = parts[0], [int(p) for p in parts[1:]]
    if kind == "grid":
        return run(grid(args[0]), args[1])
    if kind == "form":
        return run(form(), args[0])
    if kind == "chain":
        return run(chain(args[0]), args[1])
    if kind == "tree":
        return run(tree(args[0]), args[1])
    raise ValueError("unknown workload %r" % kind)


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--serve":
        print("ready kiwisolver %s" % kiwi.__version__, flush=True)
        for line in sys.stdin:
            parts = line.split()
            if not parts or parts[0] == "quit":
                break
            try:
                print("%.6f %.6f %.9f" % request(parts), flush=True)
            except (ValueError, IndexError) as error:
                print("error %s" % error, flush=True)
        return
    print("%s: build %.2f ms, steps %.2f ms, checksum %.6f" % ((" ".join(sys.argv[1:]),)
                                                              + request(sys.argv[1:])))


if __name__ == "__main__":
    main()
