import Cassowary
import Testing

/// UIKit-style numeric priorities (1...1000, 1000 = required) next to the symbolic strengths.
struct PriorityTests {
  /// Two conflicting preferences on `x`: `x == 1` at `lower`, `x == 2` at `higher`; the higher
  /// one must win.
  struct Conflict: Sendable, CustomTestStringConvertible {
    let lower: Strength
    let higher: Strength
    var testDescription: String { "\(higher) beats \(lower)" }
  }

  static let conflicts: [Conflict] = [
    Conflict(lower: Strength(priority: 750), higher: Strength(priority: 751)),
    Conflict(lower: Strength(priority: 1), higher: Strength(priority: 2)),
    Conflict(lower: Strength(priority: 998), higher: Strength(priority: 999)),
    Conflict(lower: Strength(priority: 250), higher: .medium),
    Conflict(lower: .strong, higher: Strength(priority: 750)),
    Conflict(lower: .weak, higher: Strength(priority: 50)),
    Conflict(lower: Strength(priority: 999), higher: Strength(priority: 1000)),
  ]

  @Test(arguments: conflicts) func higherPriorityWins(_ conflict: Conflict) throws {
    let x = Variable("x")
    let solver = Solver()
    try solver.addConstraint(x == 1 ~ conflict.lower)
    try solver.addConstraint(x == 2 ~ conflict.higher)
    solver.updateVariables()
    #expect(abs(x.value - 2) < 1e-6)
  }

  struct Level: Sendable, CustomTestStringConvertible {
    let priority: Double
    let isRequired: Bool
    var testDescription: String { "priority \(priority)" }
  }

  static let levels: [Level] = [
    Level(priority: 1000, isRequired: true), Level(priority: 999, isRequired: false),
    Level(priority: 750, isRequired: false), Level(priority: 250, isRequired: false),
    Level(priority: 50, isRequired: false), Level(priority: 1, isRequired: false),
  ]

  /// The priority reads back as given, and only 1000 is required.
  @Test(arguments: levels) func roundTrips(_ level: Level) {
    let strength = Strength(priority: level.priority)
    #expect(strength.isRequired == level.isRequired)
    #expect(abs(strength.priority - level.priority) < 1e-6)
  }

  @Test func clipsOutOfRange() {
    #expect(Strength(priority: 5000) == .required)
    #expect(Strength(priority: -3) == Strength(priority: 1))
  }
}

/// Error messages quote constraints in the form they were written.
struct DescriptionTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let expected: String
    let build: @Sendable () -> Constraint
    var testDescription: String { expected }
  }

  static let cases: [Case] = [
    Case(expected: "x - 1 == 0") { Variable("x") == 1 },
    Case(expected: "left + 2 * width - 8 >= 0") {
      let left = Variable("left")
      let width = Variable("width")
      return left + 2 * width >= 8
    },
    Case(expected: "b - a <= 0 | weak") { Variable("b") <= Variable("a") ~ .weak },
    Case(expected: "x - 0.5 == 0 | strength 2005") {
      Variable("x") == 0.5 ~ Strength(strong: 0, medium: 2, weak: 5)
    },
  ]

  @Test(arguments: cases) func readsLikeTheSource(_ testCase: Case) {
    #expect("\(testCase.build())" == testCase.expected)
  }

  @Test func errorNamesTheConstraint() throws {
    let x = Variable("x")
    let solver = Solver()
    try solver.addConstraint(x == 10)
    let conflicting = x == 20
    #expect(throws: SolverError.unsatisfiableConstraint("x - 20 == 0")) {
      try solver.addConstraint(conflicting)
    }
    #expect(
      "\(SolverError.unsatisfiableConstraint("x - 20 == 0"))"
        == "unsatisfiable required constraint: x - 20 == 0")
  }
}
