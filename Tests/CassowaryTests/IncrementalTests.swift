import Cassowary
import Testing

/// Removing constraints must give the solution the remaining constraints alone would give.
struct RemovalTests {
  @Test func removingTheStrongerRestoresTheWeaker() throws {
    let x = Variable("x")
    let solver = Solver()
    let weak = x == 10 ~ .weak
    let strong = x == 20 ~ .strong
    try solver.addConstraint(weak)
    try solver.addConstraint(strong)
    solver.updateVariables()
    #expect(x.value == 20)
    try solver.removeConstraint(strong)
    #expect(!solver.hasConstraint(strong))
    #expect(solver.hasConstraint(weak))
    solver.updateVariables()
    #expect(abs(x.value - 10) < 1e-9)
    try solver.addConstraint(strong)
    solver.updateVariables()
    #expect(abs(x.value - 20) < 1e-9)
  }

  /// Each step has a unique optimum; removing the constraints in reverse order walks back through
  /// the same solutions.
  @Test func reverseRemovalRestoresEachEarlierSolution() throws {
    let x = Variable("x")
    let y = Variable("y")
    let steps: [(Constraint, x: Double, y: Double)] = [
      (x == 0 ~ .weak, 0, 0),
      (y == 0 ~ .weak, 0, 0),
      (x >= 10, 10, 0),
      (y >= x + 5, 10, 15),
      (y == 50 ~ .medium, 10, 50),
      (x == 30 ~ .strong, 30, 50),
      (x + y <= 70, 30, 40),
      (x <= 25, 25, 45),
    ]
    let solver = Solver()
    for (constraint, ex, ey) in steps {
      try solver.addConstraint(constraint)
      solver.updateVariables()
      #expect(abs(x.value - ex) < 1e-6 && abs(y.value - ey) < 1e-6, "after \(constraint)")
    }
    for index in steps.indices.reversed().dropFirst() {
      try solver.removeConstraint(steps[index + 1].0)
      solver.updateVariables()
      #expect(
        abs(x.value - steps[index].x) < 1e-6 && abs(y.value - steps[index].y) < 1e-6,
        "after removing step \(index + 1): x=\(x.value) y=\(y.value)")
    }
  }

  struct SubsetCase: Sendable, CustomTestStringConvertible {
    let removed: [Int]
    var testDescription: String { "remove \(removed)" }
  }

  /// Removing any of these subsets from a small layout matches a fresh solver built without them.
  @Test(arguments: [[0], [2], [3], [5], [1, 4], [6, 2], [0, 1, 2, 3], [7, 6, 5]].map(SubsetCase.init))
  func removalMatchesFreshSolver(_ testCase: SubsetCase) throws {
    let a = Variable("a")
    let b = Variable("b")
    let c = Variable("c")
    func constraints() -> [Constraint] {
      [
        a >= 0, b >= a + 10, c >= b + 10, c <= 100, a == 40 ~ .medium, b == 40 ~ .weak, c == 90 ~ .strong,
        b - a == 20 ~ .strong, c == 0 ~ .weak,
      ]
    }
    let all = constraints()
    let incremental = Solver()
    for constraint in all { try incremental.addConstraint(constraint) }
    for index in testCase.removed { try incremental.removeConstraint(all[index]) }
    incremental.updateVariables()
    let got = [a.value, b.value, c.value]

    let fresh = Solver()
    for (index, constraint) in constraints().enumerated() where !testCase.removed.contains(index) {
      try fresh.addConstraint(constraint)
    }
    fresh.updateVariables()
    let want = [a.value, b.value, c.value]
    for (g, w) in zip(got, want) {
      #expect(abs(g - w) < 1e-6, "incremental \(got) vs fresh \(want)")
    }
  }
}

/// Edit variables re-solved by `suggestValue` as a window is resized.
struct EditVariableTests {
  struct LayoutCase: Sendable, CustomTestStringConvertible {
    let views: Int
    let margin: Double
    let minWidth: Double
    var testDescription: String { "\(views) views, margin \(margin), min width \(minWidth)" }
  }

  /// Views side by side with margins, equal widths, filling the window; the window width is an
  /// edit variable suggested 100 times, growing and shrinking, including widths too small to
  /// honour (the strong suggestion then loses to the required minimum widths).
  @Test(arguments: [
    LayoutCase(views: 1, margin: 8, minWidth: 20),
    LayoutCase(views: 3, margin: 8, minWidth: 20),
    LayoutCase(views: 5, margin: 12, minWidth: 44),
    LayoutCase(views: 20, margin: 4, minWidth: 10),
  ])
  func windowResizeKeepsViewsSideBySide(_ layout: LayoutCase) throws {
    let solver = Solver()
    let window = Variable("window.width")
    let lefts = (0..<layout.views).map { Variable("left\($0)") }
    let widths = (0..<layout.views).map { Variable("width\($0)") }
    for i in 0..<layout.views {
      try solver.addConstraint(
        i == 0 ? lefts[i] == layout.margin : lefts[i] == lefts[i - 1] + widths[i - 1] + layout.margin)
      try solver.addConstraint(widths[i] >= layout.minWidth)
      if i > 0 { try solver.addConstraint(widths[i] == widths[i - 1]) }
    }
    try solver.addConstraint(lefts[layout.views - 1] + widths[layout.views - 1] + layout.margin == window)
    try solver.addEditVariable(window, strength: .strong)

    let n = Double(layout.views)
    let minimumWindow = n * layout.minWidth + (n + 1) * layout.margin
    // 100 widths: a sweep up past the minimum and back down below it.
    let suggestions = (0..<100).map { i -> Double in
      let t = Double(i < 50 ? i : 99 - i) / 49
      return minimumWindow * 0.5 + t * (minimumWindow * 3)
    }
    for suggestion in suggestions {
      try solver.suggestValue(window, suggestion)
      solver.updateVariables()
      let effective = max(suggestion, minimumWindow)
      let width = (effective - (n + 1) * layout.margin) / n
      #expect(abs(window.value - effective) < 1e-6, "window \(window.value) for \(suggestion)")
      for i in 0..<layout.views {
        let left = layout.margin + Double(i) * (width + layout.margin)
        #expect(abs(widths[i].value - width) < 1e-6, "width\(i) = \(widths[i].value), expected \(width)")
        #expect(abs(lefts[i].value - left) < 1e-6, "left\(i) = \(lefts[i].value), expected \(left)")
      }
    }
  }

  @Test func weakEditLosesToMediumConstraint() throws {
    let solver = Solver()
    let x = Variable("x")
    try solver.addConstraint(x == 5 ~ .medium)
    try solver.addEditVariable(x, strength: .weak)
    try solver.suggestValue(x, 100)
    solver.updateVariables()
    #expect(abs(x.value - 5) < 1e-9)
  }

  @Test func dragPointInsideBox() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    for constraint in [x >= 0, x <= 100, y >= 0, y <= 50] { try solver.addConstraint(constraint) }
    try solver.addEditVariable(x, strength: .strong)
    try solver.addEditVariable(y, strength: .strong)
    let drags: [(Double, Double, Double, Double)] = [
      (10, 10, 10, 10), (150, 20, 100, 20), (-5, 70, 0, 50), (50, 25, 50, 25), (50, 25, 50, 25),
      (1e6, -1e6, 100, 0),
    ]
    for (sx, sy, ex, ey) in drags {
      try solver.suggestValue(x, sx)
      try solver.suggestValue(y, sy)
      solver.updateVariables()
      #expect(
        abs(x.value - ex) < 1e-6 && abs(y.value - ey) < 1e-6,
        "suggested (\(sx), \(sy)) got (\(x.value), \(y.value))")
    }
  }

  @Test func removingAnEditVariableReleasesIt() throws {
    let solver = Solver()
    let x = Variable("x")
    try solver.addConstraint(x == 7 ~ .weak)
    try solver.addEditVariable(x, strength: .strong)
    try solver.suggestValue(x, 42)
    solver.updateVariables()
    #expect(abs(x.value - 42) < 1e-9)
    try solver.removeEditVariable(x)
    #expect(!solver.hasEditVariable(x))
    solver.updateVariables()
    #expect(abs(x.value - 7) < 1e-9)
    // Editable again, starting from a fresh suggestion.
    try solver.addEditVariable(x, strength: .medium)
    try solver.suggestValue(x, -3)
    solver.updateVariables()
    #expect(abs(x.value + 3) < 1e-9)
  }

  @Test func constraintsAddedBetweenSuggestionsAreHonoured() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    try solver.addConstraint(y == x * 2 + 1)
    try solver.addEditVariable(x, strength: .strong)
    try solver.suggestValue(x, 10)
    solver.updateVariables()
    #expect(abs(y.value - 21) < 1e-9)
    let cap = y <= 15
    try solver.addConstraint(cap)
    solver.updateVariables()
    #expect(abs(x.value - 7) < 1e-9 && abs(y.value - 15) < 1e-9)
    try solver.suggestValue(x, 3)
    solver.updateVariables()
    #expect(abs(y.value - 7) < 1e-9)
    try solver.removeConstraint(cap)
    try solver.suggestValue(x, 20)
    solver.updateVariables()
    #expect(abs(y.value - 41) < 1e-9)
  }
}
