import Cassowary
import Testing

/// Equalities with a unique solution: the solver must find exactly it.
struct EqualityTests {
  static let cases: [SolveCase] = [
    SolveCase("x == 10") {
      let x = Variable("x")
      return .init(constraints: [x == 10], expected: [(x, 10)])
    },
    SolveCase("x + y == 10, x == 3") {
      let x = Variable("x")
      let y = Variable("y")
      return .init(constraints: [x + y == 10, x == 3], expected: [(x, 3), (y, 7)])
    },
    SolveCase("x == 2y, y == 5") {
      let x = Variable("x")
      let y = Variable("y")
      return .init(constraints: [x == 2 * y, y == 5], expected: [(x, 10), (y, 5)])
    },
    SolveCase("left == right * 0.5 + 10, right == 100") {
      let left = Variable("left")
      let right = Variable("right")
      return .init(
        constraints: [left == right * 0.5 + 10, right == 100], expected: [(left, 60), (right, 100)])
    },
    SolveCase("x - y == 0, x + y == 8") {
      let x = Variable("x")
      let y = Variable("y")
      return .init(constraints: [x - y == 0, x + y == 8], expected: [(x, 4), (y, 4)])
    },
    SolveCase("3x == 9") {
      let x = Variable("x")
      return .init(constraints: [3 * x == 9], expected: [(x, 3)])
    },
    SolveCase("x / 2 == 5") {
      let x = Variable("x")
      return .init(constraints: [x / 2 == 5], expected: [(x, 10)])
    },
    SolveCase("x + x == 10 (repeated terms combine)") {
      let x = Variable("x")
      return .init(constraints: [x + x == 10], expected: [(x, 5)])
    },
    SolveCase("x == 5 twice (redundant, distinct objects)") {
      let x = Variable("x")
      return .init(constraints: [x == 5, x == 5], expected: [(x, 5)])
    },
    SolveCase("chain a == b + 1, b == c + 1, c == 0") {
      let a = Variable("a")
      let b = Variable("b")
      let c = Variable("c")
      return .init(constraints: [a == b + 1, b == c + 1, c == 0], expected: [(a, 2), (b, 1), (c, 0)])
    },
    SolveCase("x + width == 100, x == 20") {
      let x = Variable("x")
      let width = Variable("width")
      return .init(constraints: [x + width == 100, x == 20], expected: [(x, 20), (width, 80)])
    },
    SolveCase("-x == 4 - (y - 2), y == 1") {
      let x = Variable("x")
      let y = Variable("y")
      return .init(constraints: [-x == 4 - (y - 2), y == 1], expected: [(x, -5), (y, 1)])
    },
  ]

  @Test(arguments: cases) func solves(_ testCase: SolveCase) throws {
    try solveAndCheck(testCase)
  }
}

/// Inequalities: a weak preference shows which bound is active.
struct InequalityTests {
  static let cases: [SolveCase] = [
    SolveCase("x >= 10 with weak x == 0") {
      let x = Variable("x")
      return .init(constraints: [x >= 10, x == 0 ~ .weak], expected: [(x, 10)])
    },
    SolveCase("x <= 10 with weak x == 20") {
      let x = Variable("x")
      return .init(constraints: [x <= 10, x == 20 ~ .weak], expected: [(x, 10)])
    },
    SolveCase("10 <= x <= 20 with weak x == 15") {
      let x = Variable("x")
      return .init(constraints: [x >= 10, x <= 20, x == 15 ~ .weak], expected: [(x, 15)])
    },
    SolveCase("x + y <= 10, x >= 4, y >= 3, weak x == 100") {
      let x = Variable("x")
      let y = Variable("y")
      return .init(
        constraints: [x + y <= 10, x >= 4, y >= 3, x == 100 ~ .weak], expected: [(x, 7), (y, 3)])
    },
    SolveCase("x <= y, y == 5, weak x == 10") {
      let x = Variable("x")
      let y = Variable("y")
      return .init(constraints: [x <= y, y == 5, x == 10 ~ .weak], expected: [(x, 5), (y, 5)])
    },
    SolveCase("constant on the left: 100 >= x, 0 <= x, weak x == 500") {
      let x = Variable("x")
      return .init(constraints: [100 >= x, 0 <= x, x == 500 ~ .weak], expected: [(x, 100)])
    },
    SolveCase("width >= 20 inactive when weak width == 50") {
      let width = Variable("width")
      return .init(constraints: [width >= 20, width == 50 ~ .weak], expected: [(width, 50)])
    },
    SolveCase("non-required inequality: x >= 10 strong vs x == 0 weak") {
      let x = Variable("x")
      return .init(constraints: [x >= 10 ~ .strong, x == 0 ~ .weak], expected: [(x, 10)])
    },
    SolveCase("non-required inequality loses: x <= 10 weak vs x == 30 medium") {
      let x = Variable("x")
      return .init(constraints: [x <= 10 ~ .weak, x == 30 ~ .medium], expected: [(x, 30)])
    },
  ]

  @Test(arguments: cases) func solves(_ testCase: SolveCase) throws {
    try solveAndCheck(testCase)
  }
}

/// Conflicting non-required constraints: the stronger one wins, whatever the order of addition.
struct StrengthTests {
  static let cases: [SolveCase] = [
    SolveCase("weak loses to strong") {
      let x = Variable("x")
      return .init(constraints: [x == 10 ~ .weak, x == 20 ~ .strong], expected: [(x, 20)])
    },
    SolveCase("weak loses to strong (strong added first)") {
      let x = Variable("x")
      return .init(constraints: [x == 20 ~ .strong, x == 10 ~ .weak], expected: [(x, 20)])
    },
    SolveCase("weak loses to medium") {
      let x = Variable("x")
      return .init(constraints: [x == 1 ~ .weak, x == 2 ~ .medium], expected: [(x, 2)])
    },
    SolveCase("medium loses to strong") {
      let x = Variable("x")
      return .init(constraints: [x == 1 ~ .strong, x == 2 ~ .medium], expected: [(x, 1)])
    },
    SolveCase("strong loses to required") {
      let x = Variable("x")
      return .init(constraints: [x == 10 ~ .strong, x <= 5], expected: [(x, 5)])
    },
    SolveCase("ten weak lose to one medium") {
      let x = Variable("x")
      let weak = (0..<10).map { _ in x == 0 ~ .weak }
      return .init(constraints: weak + [x == 1 ~ .medium], expected: [(x, 1)])
    },
    SolveCase("symbolic medium * 2 beats medium") {
      let x = Variable("x")
      return .init(
        constraints: [x == 1 ~ .medium, x == 2 ~ Strength(strong: 0, medium: 2, weak: 0)], expected: [(x, 2)])
    },
    SolveCase("heavier weak beats weak") {
      let x = Variable("x")
      return .init(
        constraints: [x == 0 ~ .weak, x == 10 ~ Strength(strong: 0, medium: 0, weak: 3)], expected: [(x, 10)])
    },
    SolveCase("strong preference propagates through a required equation") {
      let left = Variable("left")
      let width = Variable("width")
      let right = Variable("right")
      return .init(
        constraints: [
          right == left + width, left == 0 ~ .medium, width == 50 ~ .weak, right == 200 ~ .strong,
        ],
        expected: [(left, 0), (width, 200), (right, 200)])
    },
  ]

  @Test(arguments: cases) func solves(_ testCase: SolveCase) throws {
    try solveAndCheck(testCase)
  }

  struct ValueCase: Sendable {
    let strength: Strength
    let value: Double
  }

  @Test(arguments: [
    ValueCase(strength: .required, value: 1_001_001_000),
    ValueCase(strength: .strong, value: 1_000_000),
    ValueCase(strength: .medium, value: 1000),
    ValueCase(strength: .weak, value: 1),
    ValueCase(strength: Strength(strong: 1, medium: 2, weak: 3), value: 1_002_003),
    ValueCase(strength: Strength(strong: 0, medium: 1, weak: 0, weight: 2.5), value: 2500),
    ValueCase(strength: Strength(strong: 5000, medium: 5000, weak: 5000), value: 1_001_001_000),
    ValueCase(strength: Strength(strong: -1, medium: 0, weak: 0), value: 0),
    ValueCase(strength: Strength(5e12), value: 1_001_001_000),
  ])
  func symbolicValues(_ c: ValueCase) {
    #expect(c.strength.value == c.value)
  }
}
