import Cassowary
import Testing

/// Required constraints that conflict are rejected, and the solver carries on as if they had never
/// been offered.
struct UnsatisfiableTests {
  /// `existing` are accepted, `conflicting` is rejected; `expected` holds before and after.
  struct Scenario {
    var existing: [Constraint]
    var conflicting: Constraint
    var expected: [(Expression, Double)]
    /// A compatible constraint to add afterwards, with what it must give.
    var followUp: Constraint
    var followUpExpected: [(Expression, Double)]
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let build: @Sendable () -> Scenario
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "x == 10 then x == 20") {
      let x = Variable("x")
      return Scenario(
        existing: [x == 10], conflicting: x == 20, expected: [(Expression(x), 10)], followUp: x >= 5,
        followUpExpected: [(Expression(x), 10)])
    },
    Case(name: "x >= 10 then x <= 5") {
      let x = Variable("x")
      return Scenario(
        existing: [x >= 10, x == 0 ~ .weak], conflicting: x <= 5, expected: [(Expression(x), 10)],
        followUp: x <= 12, followUpExpected: [(Expression(x), 10)])
    },
    Case(name: "x + y == 10, x == 3 then y == 8") {
      let x = Variable("x")
      let y = Variable("y")
      return Scenario(
        existing: [x + y == 10, x == 3], conflicting: y == 8,
        expected: [(Expression(x), 3), (Expression(y), 7)],
        followUp: y >= 0, followUpExpected: [(Expression(x), 3), (Expression(y), 7)])
    },
    Case(name: "x, y >= 0 then x + y <= -1") {
      let x = Variable("x")
      let y = Variable("y")
      return Scenario(
        existing: [x >= 0, y >= 0, x == 3 ~ .weak, y == 4 ~ .weak], conflicting: x + y <= -1,
        expected: [(Expression(x), 3), (Expression(y), 4)], followUp: x + y <= 5,
        followUpExpected: [(x + y, 5)])
    },
    Case(name: "chain of inequalities then a cycle back") {
      let a = Variable("a")
      let b = Variable("b")
      let c = Variable("c")
      return Scenario(
        existing: [b >= a + 1, c >= b + 1, a == 0, c == 0 ~ .weak], conflicting: a >= c,
        expected: [(Expression(a), 0), (Expression(c), 2)],
        followUp: c <= 2, followUpExpected: [(Expression(a), 0), (Expression(b), 1), (Expression(c), 2)])
    },
  ]

  @Test(arguments: cases) func rejectsAndStaysUsable(_ testCase: Case) throws {
    let scenario = testCase.build()
    let solver = Solver()
    for constraint in scenario.existing { try solver.addConstraint(constraint) }
    solver.updateVariables()
    check(scenario.expected)

    #expect(throws: SolverError.unsatisfiableConstraint("\(scenario.conflicting)")) {
      try solver.addConstraint(scenario.conflicting)
    }
    #expect(!solver.hasConstraint(scenario.conflicting))
    solver.updateVariables()
    check(scenario.expected)
    for constraint in scenario.existing where constraint.strength.isRequired {
      #expect(constraint.isSatisfied())
    }

    try solver.addConstraint(scenario.followUp)
    solver.updateVariables()
    check(scenario.followUpExpected)
    #expect(scenario.followUp.isSatisfied())

    // Every accepted constraint can still be removed; the rejected one was never in.
    for constraint in scenario.existing + [scenario.followUp] { try solver.removeConstraint(constraint) }
    #expect(throws: SolverError.unknownConstraint("\(scenario.conflicting)")) {
      try solver.removeConstraint(scenario.conflicting)
    }
    // With everything gone, the once-conflicting constraint is accepted.
    try solver.addConstraint(scenario.conflicting)
    solver.updateVariables()
    #expect(scenario.conflicting.isSatisfied())
  }

  private func check(_ expected: [(Expression, Double)]) {
    for (expression, value) in expected {
      #expect(abs(expression.value - value) < 1e-6, "\(expression) = \(expression.value), expected \(value)")
    }
  }
}

/// Each misuse of the API maps to its own error case.
struct MisuseTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let error: SolverError
    let run: @Sendable (Solver) throws(SolverError) -> Void
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "add the same constraint twice", error: .duplicateConstraint("x - 1 == 0")) {
      solver throws(SolverError) in
      let c = Variable("x") == 1
      try solver.addConstraint(c)
      try solver.addConstraint(c)
    },
    Case(name: "remove a constraint never added", error: .unknownConstraint("x - 1 == 0")) {
      solver throws(SolverError) in
      try solver.removeConstraint(Variable("x") == 1)
    },
    Case(name: "remove a constraint twice", error: .unknownConstraint("x - 1 >= 0")) {
      solver throws(SolverError) in
      let c = Variable("x") >= 1
      try solver.addConstraint(c)
      try solver.removeConstraint(c)
      try solver.removeConstraint(c)
    },
    Case(name: "add an edit variable twice", error: .duplicateEditVariable("x")) {
      solver throws(SolverError) in
      let x = Variable("x")
      try solver.addEditVariable(x, strength: .strong)
      try solver.addEditVariable(x, strength: .weak)
    },
    Case(name: "suggest for a non-edit variable", error: .unknownEditVariable("x")) {
      solver throws(SolverError) in
      try solver.suggestValue(Variable("x"), 3)
    },
    Case(name: "remove a non-edit variable", error: .unknownEditVariable("x")) { solver throws(SolverError) in
      try solver.removeEditVariable(Variable("x"))
    },
    Case(name: "suggest after removing the edit variable", error: .unknownEditVariable("x")) {
      solver throws(SolverError) in
      let x = Variable("x")
      try solver.addEditVariable(x, strength: .strong)
      try solver.removeEditVariable(x)
      try solver.suggestValue(x, 1)
    },
    Case(name: "required edit variable", error: .badRequiredStrength("x")) { solver throws(SolverError) in
      try solver.addEditVariable(Variable("x"), strength: .required)
    },
  ]

  @Test(arguments: cases) func throwsTypedError(_ testCase: Case) {
    let solver = Solver()
    #expect(throws: testCase.error) { try testCase.run(solver) }
  }

  @Test func requiredEditVariableIsNotAdded() throws {
    let solver = Solver()
    let x = Variable("x")
    #expect(throws: SolverError.badRequiredStrength("x")) {
      try solver.addEditVariable(x, strength: .required)
    }
    #expect(!solver.hasEditVariable(x))
    try solver.addEditVariable(x, strength: .strong)
    #expect(solver.hasEditVariable(x))
  }
}
