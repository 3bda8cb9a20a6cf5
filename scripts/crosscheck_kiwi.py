#!/usr/bin/env python3
"""kiwisolver side of the Cassowary cross-check (Tests/CassowaryTests/KiwiCrossCheckTests.swift).

Reads a JSON list of systems on stdin and replays each one's operations on a kiwisolver Solver:

    ["add", id, [[coefficient, variable], ...], constant, "==" | "<=" | ">=", strength]
    ["remove", id]        ["edit", variable, strength]        ["suggest", variable, value]
    ["check"]             (record every variable's value)

At each check the surviving constraints (and the edit variable with its last suggestion) are
also solved by a fresh kiwisolver Solver, and that from-scratch solution is what is recorded:
kiwisolver 1.5.1's incremental removal can lose a surviving required equality when a redundant
one is removed (a system where c0 follows from c1 and c2; removing c0 drops c2 too), and the
cross-check should compare against the correct optimum, not against that bug.

`strength` is the raw weight on kiwi's scale (1001001000 = required). Writes a JSON list with,
per system, the list of recorded value lists (or an error message, if kiwi rejected something).
"""
import json
import sys

import kiwisolver as kiwi


def replay(system):
    variables = [kiwi.Variable("v%d" % i) for i in range(system["variables"])]
    solver = kiwi.Solver()
    constraints = {}
    edits = {}
    checks = []
    for op in system["ops"]:
        if op[0] == "add":
            _, cid, terms, constant, relation, strength = op
            expression = sum((c * variables[v] for c, v in terms), kiwi.Expression([], constant))
            if relation == "==":
                constraint = expression == 0
            elif relation == "<=":
                constraint = expression <= 0
            else:
                constraint = expression >= 0
            constraint = constraint | strength
            solver.addConstraint(constraint)
            constraints[cid] = constraint
        elif op[0] == "remove":
            solver.removeConstraint(constraints.pop(op[1]))
        elif op[0] == "edit":
            solver.addEditVariable(variables[op[1]], op[2])
            edits[op[1]] = [op[2], 0.0]
        elif op[0] == "suggest":
            solver.suggestValue(variables[op[1]], op[2])
            edits[op[1]][1] = op[2]
        elif op[0] == "check":
            fresh = kiwi.Solver()
            for variable, (strength, value) in edits.items():
                fresh.addEditVariable(variables[variable], strength)
                fresh.suggestValue(variables[variable], value)
            for constraint in constraints.values():
                fresh.addConstraint(constraint)
            fresh.updateVariables()
            checks.append([v.value() for v in variables])
    return checks


def main():
    systems = json.load(sys.stdin)
    results = []
    for system in systems:
        try:
            results.append(replay(system))
        except Exception as error:  # report, do not crash: the Swift side names the system
            results.append("%s: %s" % (type(error).__name__, error))
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()
