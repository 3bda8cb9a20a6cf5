import Cassowary
import Testing

/// What a solver holds grows with the constraints it holds, not with the constraints it ever
/// held, and giving memory back (`trimStorage`) changes no solution and no later step.
struct StorageTests {
  /// A row of `count` boxes 50 apart, each preferring 40 wide, at least 20, and ending inside the
  /// window (an edit variable): every row mentions the window's edit, the shape of a window's
  /// constraints. Returns the constraints, the window width and the boxes' (left, width).
  static func boxes(_ count: Int) -> (
    constraints: [Constraint], window: Variable, boxes: [(Variable, Variable)]
  ) {
    let window = Variable("window")
    var constraints: [Constraint] = []
    var boxes: [(Variable, Variable)] = []
    for index in 0..<count {
      let left = Variable("left\(index)")
      let width = Variable("width\(index)")
      constraints.append(left == Double(8 + 50 * index))
      constraints.append((width == 40) ~ .medium)
      constraints.append(width >= 20)
      constraints.append(width >= 0)
      constraints.append(left + width + 8 <= window)
      boxes.append((left, width))
    }
    return (constraints, window, boxes)
  }

  static func solver(holding constraints: [Constraint], window: Variable) throws -> Solver {
    let solver = Solver()
    for constraint in constraints { try solver.addConstraint(constraint) }
    try solver.addEditVariable(window, strength: .strong)
    try solver.suggestValue(window, 1000)
    solver.updateVariables()
    return solver
  }

  @Test(arguments: [10, 100, 1000])
  func storageIsProportionalToTheConstraintsHeld(_ count: Int) throws {
    let (constraints, window, _) = Self.boxes(count)
    let solver = try Self.solver(holding: constraints, window: window)
    solver.trimStorage()
    let held = solver.storageStatistics
    let k = held.constraints
    #expect(k == constraints.count + 1)
    #expect(held.rows <= k)
    #expect(held.symbols <= 3 * k + 8)
    #expect(held.columnEntries <= 4 * held.cells + 8)
    // Each constraint's row, cells, symbols and column entries, with the tables' headroom:
    // measured at 280 to 300 bytes a constraint for 10 to 1,000 boxes with a heap array per row
    // and a column record per symbol, 120 to 130 since an idle solver packs its rows and keeps
    // only its columns' counts. Before the columns were compacted, stale entries made it 420
    // bytes for 100 boxes and 2,100 for 1,000.
    #expect(held.bytes <= 180 * k + 1024, "\(held.bytes) bytes for \(k) constraints")
  }

  @Test func addingAndRemovingLeavesNothingBehind() throws {
    let (constraints, window, boxes) = Self.boxes(50)
    let solver = try Self.solver(holding: constraints, window: window)
    solver.trimStorage()
    let before = solver.storageStatistics
    // A thousand constraints come and go (a stack view rebuilding, views appearing and going):
    // each left slack and error ids behind, and grew the tables.
    for round in 0..<1000 {
      let (_, width) = boxes[round % boxes.count]
      let extra = [(width >= Double(round % 7)), (width <= 500) ~ .weak, (width == 30) ~ .weak]
      for constraint in extra { try solver.addConstraint(constraint) }
      for constraint in extra.reversed() { try solver.removeConstraint(constraint) }
    }
    solver.trimStorage()
    let after = solver.storageStatistics
    #expect(after.constraints == before.constraints)
    #expect(after.rows == before.rows)
    #expect(after.symbols <= before.symbols + 8, "\(before.symbols) symbols before, \(after.symbols) after")
    #expect(
      after.bytes <= before.bytes + before.bytes / 4, "\(before.bytes) bytes before, \(after.bytes) after")
  }

  /// Two solvers take the same calls; one gives back memory after every call. Their values are
  /// the same, to the last bit, after every step: renumbering keeps every pivoting choice.
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func trimmingChangesNoSolution(_ seed: UInt64) throws {
    var random = SeededGenerator(seed: seed &* 104_729)
    let variables = (0..<12).map { Variable("v\($0)") }
    let plain = Solver()
    let trimmed = Solver()
    var held: [Constraint] = []
    let edit = variables[0]
    for solver in [plain, trimmed] { try solver.addEditVariable(edit, strength: .strong) }
    for step in 0..<400 {
      let choice = Int.random(in: 0..<10, using: &random)
      if choice < 2, !held.isEmpty {
        let constraint = held.remove(at: Int.random(in: 0..<held.count, using: &random))
        try plain.removeConstraint(constraint)
        try trimmed.removeConstraint(constraint)
      } else if choice < 3 {
        let value = Double(Int.random(in: -100...100, using: &random))
        try plain.suggestValue(edit, value)
        try trimmed.suggestValue(edit, value)
      } else {
        let a = variables[Int.random(in: 0..<variables.count, using: &random)]
        let b = variables[Int.random(in: 0..<variables.count, using: &random)]
        let constant = Double(Int.random(in: -50...50, using: &random))
        let strengths: [Strength] = [.required, .strong, .medium, .weak]
        let strength = strengths[Int.random(in: 0..<strengths.count, using: &random)]
        let constraint: Constraint
        switch Int.random(in: 0..<3, using: &random) {
        case 0: constraint = ((a == b + constant) ~ strength)
        case 1: constraint = ((a >= b * 0.5 + constant) ~ strength)
        default: constraint = ((a <= constant) ~ strength)
        }
        var plainAdded = true
        do { try plain.addConstraint(constraint) } catch { plainAdded = false }
        var trimmedAdded = true
        do { try trimmed.addConstraint(constraint) } catch { trimmedAdded = false }
        #expect(plainAdded == trimmedAdded, "step \(step)")
        if plainAdded { held.append(constraint) }
      }
      trimmed.trimStorage()
      plain.updateVariables()
      let plainValues = variables.map(\.value)
      trimmed.updateVariables()
      let trimmedValues = variables.map(\.value)
      #expect(plainValues == trimmedValues, "step \(step)")
      if plainValues != trimmedValues { return }
    }
    #expect(plain.rebuildCount == trimmed.rebuildCount)
  }

  /// A constraint object may be in two solvers at once; each finds it, and removing it from one
  /// leaves it in the other.
  @Test func oneConstraintInTwoSolvers() throws {
    let x = Variable("x")
    let shared = x == 10
    let first = Solver()
    let second = Solver()
    try first.addConstraint(x >= 0)
    try first.addConstraint(shared)
    try second.addConstraint(shared)
    #expect(first.hasConstraint(shared) && second.hasConstraint(shared))
    #expect(throws: SolverError.self) { try second.addConstraint(shared) }
    try first.removeConstraint(shared)
    #expect(!first.hasConstraint(shared) && second.hasConstraint(shared))
    second.updateVariables()
    #expect(x.value == 10)
    try first.addConstraint(shared)
    try second.removeConstraint(shared)
    #expect(first.hasConstraint(shared) && !second.hasConstraint(shared))
    #expect(throws: SolverError.self) { try second.removeConstraint(shared) }

    // A solver that goes away lets go of its constraints: a third finds the one it held.
    var third: Solver? = Solver()
    try third?.addConstraint(shared)
    third = nil
    try first.removeConstraint(shared)
    let fourth = Solver()
    try fourth.addConstraint(shared)
    #expect(fourth.hasConstraint(shared))
  }
}

/// A constraint's expression is reduced when it is made: unknowns that appear twice are summed
/// and zero terms dropped, in first-appearance order; an expression already in that form keeps
/// its terms as they are (and shares their storage with whoever built them).
struct ReducedExpressionTests {
  @Test func sumsRepeatedUnknownsAndDropsZeros() {
    let x = Variable("x")
    let y = Variable("y")
    let z = Variable("z")
    let reduced = Constraint(x + y * 2 - x * 3 + z * 0 + 4, .equal).expression
    #expect(reduced.terms.map(\.variable.name) == ["x", "y"])
    #expect(reduced.terms.map(\.coefficient) == [-2, 2])
    #expect(reduced.constant == 4)
    let cancelled = Constraint(x - x + y, .equal).expression
    #expect(cancelled.terms.map(\.variable.name) == ["y"])
  }

  @Test func keepsAnExpressionAlreadyReduced() {
    let x = Variable("x")
    let y = Variable("y")
    let expression = x * 2 - y + 1
    let reduced = Constraint(expression, .lessOrEqual).expression
    #expect(reduced.terms.map(\.variable.name) == ["x", "y"])
    #expect(reduced.terms.map(\.coefficient) == [2, -1])
    #expect(reduced.constant == 1)
  }
}

/// Idle solvers that went through the same calls share one packed tableau (issue 14, Stop 13 in
/// BENCHMARKS.md), and sharing changes nothing any of them computes afterwards.
struct SharedTableauTests {
  @Test func identicalIdleSolversShareTheirPackedTableau() throws {
    let (constraintsA, windowA, boxesA) = StorageTests.boxes(20)
    let (constraintsB, windowB, boxesB) = StorageTests.boxes(20)
    let (constraintsC, windowC, _) = StorageTests.boxes(20)
    let a = try StorageTests.solver(holding: constraintsA, window: windowA)
    let b = try StorageTests.solver(holding: constraintsB, window: windowB)
    let c = try StorageTests.solver(holding: constraintsC, window: windowC)
    try c.suggestValue(windowC, 900)
    #expect(!a.sharesPackedTableau(with: b), "not packed yet")
    a.trimStorage()
    b.trimStorage()
    c.trimStorage()
    #expect(a.sharesPackedTableau(with: b))
    #expect(!a.sharesPackedTableau(with: c), "a different window size is a different tableau")

    // One of them changes: it unpacks its own copy; the other keeps the shared one. Both
    // compute what a solver that never packed computes, bit for bit.
    let (constraintsR, windowR, boxesR) = StorageTests.boxes(20)
    let reference = try StorageTests.solver(holding: constraintsR, window: windowR)
    try a.suggestValue(windowA, 1200)
    try reference.suggestValue(windowR, 1200)
    a.updateVariables()
    b.updateVariables()
    reference.updateVariables()
    #expect(!a.sharesPackedTableau(with: b))
    for ((leftA, widthA), (leftR, widthR)) in zip(boxesA, boxesR) {
      #expect(leftA.value.bitPattern == leftR.value.bitPattern)
      #expect(widthA.value.bitPattern == widthR.value.bitPattern)
    }
    // The other one takes the same step: packed again, the two share again.
    try b.suggestValue(windowB, 1200)
    a.trimStorage()
    b.trimStorage()
    a.updateVariables()
    b.updateVariables()
    #expect(a.sharesPackedTableau(with: b))
    for ((leftA, widthA), (leftB, widthB)) in zip(boxesA, boxesB) {
      #expect(leftA.value.bitPattern == leftB.value.bitPattern)
      #expect(widthA.value.bitPattern == widthB.value.bitPattern)
    }
  }

  /// Solvers on several threads pack, share, unpack and release tableaux at once (the daemon's
  /// loops do); run under ThreadSanitizer in CI. Each thread's results are checked against the
  /// same steps on an unshared solver, bit for bit.
  @Test func sharingAcrossThreadsIsSafe() async throws {
    let results = try await withThrowingTaskGroup(of: [UInt64].self) { group in
      for _ in 0..<4 {
        group.addTask {
          var bits: [UInt64] = []
          for round in 0..<30 {
            let (constraints, window, boxes) = StorageTests.boxes(12)
            let solver = try StorageTests.solver(holding: constraints, window: window)
            solver.trimStorage()
            try solver.suggestValue(window, Double(500 + round % 3 * 100))
            solver.trimStorage()
            solver.updateVariables()
            bits += boxes.map { $0.1.value.bitPattern }
          }
          return bits
        }
      }
      var all: [[UInt64]] = []
      for try await bits in group { all.append(bits) }
      return all
    }
    var expected: [UInt64] = []
    for round in 0..<30 {
      let (constraints, window, boxes) = StorageTests.boxes(12)
      let solver = try StorageTests.solver(holding: constraints, window: window)
      try solver.suggestValue(window, Double(500 + round % 3 * 100))
      solver.updateVariables()
      expected += boxes.map { $0.1.value.bitPattern }
    }
    for bits in results { #expect(bits == expected) }
  }
}

/// A variable is its value only (a session keeps four per constrained view): its name, when it
/// has one, lives in a side table for as long as the variable does, and reads back unchanged.
struct VariableNameTests {
  @Test func anUnnamedVariableIsItsValueOnly() {
    let variable = Variable()
    // Its one stored property is the `Double`: with the object header, 24 bytes (a 32-byte
    // malloc chunk, where a stored `String` name made it a 48-byte one).
    #expect(Mirror(reflecting: variable).children.map(\.label) == ["value"])
    #expect(variable.name == "")
    #expect(variable.description.hasPrefix("v"))
  }

  @Test func aNameReadsBackAndDescribesTheVariable() throws {
    let width = Variable("width", value: 3)
    #expect(width.name == "width")
    #expect(width.value == 3)
    #expect("\(width + 8 >= 0)" == "width + 8 >= 0")
    let solver = Solver()
    #expect(throws: SolverError.unknownEditVariable("width")) { try solver.suggestValue(width, 1) }
  }

  @Test func aFreedVariablesNameGoesWithIt() {
    // Addresses are reused at once: an unnamed variable made where a named one was freed must
    // not inherit its name.
    for index in 0..<100 {
      _ = Variable("v\(index)")
      #expect(Variable().name == "")
    }
  }
}
