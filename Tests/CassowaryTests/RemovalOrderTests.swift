import Cassowary
import Testing

/// Regression: the operations a window's solver saw when an app laid out by constraints (a stack
/// view under a root view pinned by edit variables, with a safe-area guide) was closed, taking
/// its constraints out in the order the views left. Removing them must never find the objective
/// unbounded, and the solver must accept the next app's constraints.
struct RemovalOrderTests {
  @Test func removingAClosedAppsConstraintsLeavesAUsableSolver() throws {
    func rect(_ name: String) -> (x: Variable, y: Variable, w: Variable, h: Variable) {
      (
        Variable("\(name).minX"), Variable("\(name).minY"), Variable("\(name).width"),
        Variable("\(name).height")
      )
    }
    let root = rect("root")
    let stack = rect("stack")
    let field = rect("field")
    let guide = rect("guide")
    let solver = Solver()
    let pin = Strength(1_000_000_000)
    let hugging = Strength(priority: 250)
    let compression = Strength(priority: 750)

    let app: [Constraint] = [
      stack.x - root.x - 20 == 0,
      root.x + root.w - stack.x - stack.w - 20 == 0,
      stack.y - guide.y - 8 == 0,
      field.y - stack.y == 0,
      stack.y + stack.h - field.y - field.h == 0,
      field.x - stack.x == 0,
      stack.x + stack.w - field.x - field.w == 0,
      field.h - 30 == 0,
    ]
    let stackSizes = [stack.w >= 0, stack.h >= 0]
    let ties = [
      guide.x - root.x == 0, guide.y - root.y - 44 == 0, guide.w - root.w == 0, guide.h - root.h + 44 == 0,
    ]
    let intrinsic = [
      (field.w - 16 <= 0) ~ hugging, (field.w - 16 >= 0) ~ compression,
      (field.h - 35 <= 0) ~ hugging, (field.h - 35 >= 0) ~ compression,
      field.w >= 0, field.h >= 0,
    ]
    for constraint in app + stackSizes { try solver.addConstraint(constraint) }
    for variable in [root.x, root.y, root.w, root.h] {
      try solver.addEditVariable(variable, strength: pin)
      try solver.suggestValue(variable, 0)
    }
    for constraint in ties + intrinsic { try solver.addConstraint(constraint) }
    for (variable, value) in zip([root.x, root.y, root.w, root.h], [0.0, 0, 390, 844]) {
      try solver.suggestValue(variable, value)
    }
    solver.updateVariables()
    #expect([stack.x.value, stack.y.value, stack.w.value, field.h.value] == [20, 52, 350, 30])

    // The app closes: its constraints leave in the order its views left the window. Halfway,
    // the survivors must solve as they would in a new solver.
    for constraint in app[0..<3] + ties { try solver.removeConstraint(constraint) }
    for variable in [root.x, root.y, root.w, root.h] { try solver.removeEditVariable(variable) }
    try solver.removeConstraint(app[3])
    try solver.removeConstraint(app[4])
    try solver.removeConstraint(app[5])  // kiwi 1.5.1 finds the objective unbounded here
    solver.updateVariables()
    let incremental = [field.w.value, field.h.value, stack.w.value]
    let fresh = Solver()
    for constraint in app[6...] + stackSizes + intrinsic { try fresh.addConstraint(constraint) }
    fresh.updateVariables()
    #expect(incremental == [field.w.value, field.h.value, stack.w.value])
    for constraint in app[6...] + stackSizes + intrinsic { try solver.removeConstraint(constraint) }

    // The next app's constraints go into the same solver.
    let next = Variable("next")
    try solver.addConstraint(next == 30)
    solver.updateVariables()
    #expect(next.value == 30)
  }
}

/// UIKit-scale weights: priority 999 is about 1e9, and the objective's reduced costs carry
/// rounding noise larger than a fixed tolerance. A proportional stack of three views added,
/// solved and removed again, cycle after cycle, must never need a rebuild.
struct WeightScaleTests {
  @Test func proportionalStacksAtUIKitPrioritiesSolveIncrementally() throws {
    let solver = Solver()
    let width = Variable("w")
    let stackX = Variable("sx")
    let stackWidth = Variable("sw")
    try solver.addConstraint(stackX == 0)
    try solver.addConstraint(stackWidth == width)
    try solver.addEditVariable(width, strength: .strong)
    let shares = [0.5, 0.25, 0.25]
    for cycle in 0..<50 {
      let xs = (0..<3).map { Variable("x\($0)") }
      let ws = (0..<3).map { Variable("w\($0)") }
      var constraints: [Constraint] = [
        xs[0] == stackX, stackX + stackWidth == xs[2] + ws[2],
        xs[1] == xs[0] + ws[0] + 8, xs[2] == xs[1] + ws[1] + 8,
      ]
      for (w, share) in zip(ws, shares) {
        constraints += [
          (w == stackWidth * share - 16 * share) ~ Strength(priority: 999),
          (w <= 30) ~ Strength(priority: 250), (w >= 30) ~ Strength(priority: 750), w >= 0,
        ]
      }
      for constraint in constraints { try solver.addConstraint(constraint) }
      try solver.suggestValue(width, 390 - Double(cycle % 7))
      solver.updateVariables()
      let total = ws.reduce(0) { $0 + $1.value } + 16
      #expect(abs(total - width.value) < 1e-6, "cycle \(cycle): the three widths and two gaps fill the stack")
      for constraint in constraints { try solver.removeConstraint(constraint) }
    }
    #expect(solver.rebuildCount == 0)
  }
}

/// A window's solver lives as long as its session and lays out one app after another: the
/// variables of constraints that are gone must not stay in it, or every solve updates them all.
struct VariableLifetimeTests {
  @Test func variablesNoConstraintMentionsAreForgotten() throws {
    let solver = Solver()
    let width = Variable("width")
    try solver.addEditVariable(width, strength: .strong)
    try solver.suggestValue(width, 300)
    for screen in 0..<200 {
      let left = Variable("left\(screen)")
      let right = Variable("right\(screen)")
      let constraints = [left == 10, right == width - 10, (right - left >= 50) ~ .medium]
      for constraint in constraints { try solver.addConstraint(constraint) }
      solver.updateVariables()
      #expect(right.value - left.value == 280)
      #expect(solver.variableCount == 3)
      for constraint in constraints { try solver.removeConstraint(constraint) }
    }
    #expect(solver.variableCount == 1, "only the edit variable is left")
    // A forgotten variable can come back.
    let again = Variable("again")
    let pinned = again == width * 0.5
    try solver.addConstraint(pinned)
    solver.updateVariables()
    #expect(again.value == 150)
    try solver.removeEditVariable(width)
    try solver.removeConstraint(pinned)
    #expect(solver.variableCount == 0)
  }
}
