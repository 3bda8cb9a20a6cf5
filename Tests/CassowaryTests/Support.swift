import Cassowary
import Testing

/// A named scenario: `build` creates fresh variables and constraints (variables are not
/// `Sendable`, so cases carry a builder rather than the objects) and the values expected after
/// solving.
struct SolveCase: Sendable, CustomTestStringConvertible {
  struct Scenario {
    var constraints: [Constraint]
    var expected: [(Variable, Double)]
  }

  let name: String
  let build: @Sendable () -> Scenario
  var testDescription: String { name }

  init(_ name: String, _ build: @escaping @Sendable () -> Scenario) {
    self.name = name
    self.build = build
  }
}

/// Adds every constraint to a fresh solver and checks the expected values within 1e-6.
func solveAndCheck(_ testCase: SolveCase, sourceLocation: SourceLocation = #_sourceLocation) throws {
  let scenario = testCase.build()
  let solver = Solver()
  for constraint in scenario.constraints {
    try solver.addConstraint(constraint)
  }
  solver.updateVariables()
  for (variable, value) in scenario.expected {
    #expect(
      abs(variable.value - value) < 1e-6, "\(variable.name) = \(variable.value), expected \(value)",
      sourceLocation: sourceLocation)
  }
}

/// SplitMix64: a tiny seeded generator so randomized tests are reproducible from their seed.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
