import Testing

@testable import Cassowary

/// A view's size bounds are one solver object (`SizeBounds`) standing for the six constraints
/// the layout engine made per view, and the solver's per-constraint entries and edit list are
/// smaller (Stop 15): the same values, bit for bit, in every step, and fewer bytes.
struct SizeBoundsTests {
  /// The six constraints a layout engine made for an intrinsic size, made exactly as it made
  /// them (one terms array per axis, the constant as `0 + value * -1`), in its order.
  static func sixConstraints(
    width: Variable, height: Variable, size: (Double?, Double?),
    strengths: (Strength, Strength, Strength, Strength)
  ) -> [Constraint] {
    let w = Expression(width).terms
    let h = Expression(height).terms
    func length(_ terms: [Term], _ relation: Relation, _ value: Double, _ strength: Strength) -> Constraint {
      Constraint(Expression(terms: terms, constant: 0 + value * -1), relation, strength: strength)
    }
    var made: [Constraint] = []
    if let value = size.0 {
      made.append(length(w, .lessOrEqual, value, strengths.0))
      made.append(length(w, .greaterOrEqual, value, strengths.1))
    }
    if let value = size.1 {
      made.append(length(h, .lessOrEqual, value, strengths.2))
      made.append(length(h, .greaterOrEqual, value, strengths.3))
    }
    made.append(length(w, .greaterOrEqual, 0, .required))
    made.append(length(h, .greaterOrEqual, 0, .required))
    return made
  }

  /// One small layout, built twice: views in a row inside a container whose width is edited,
  /// each view's intrinsic size as six constraints in one solver and as `SizeBounds` in the other.
  final class Scene {
    let solver = Solver()
    let container = (x: Variable(), width: Variable())
    var views: [(x: Variable, width: Variable, y: Variable, height: Variable)] = []
    let asBounds: Bool
    var held: [Any] = []

    init(asBounds: Bool, count: Int) throws {
      self.asBounds = asBounds
      try solver.addConstraint(container.x == 0)
      try solver.addEditVariable(container.width, strength: .strong)
      var previous: Expression = Expression(container.x)
      for index in 0..<count {
        let view = (x: Variable(), width: Variable(), y: Variable(), height: Variable())
        views.append(view)
        try solver.addConstraint(view.x == previous + 8)
        try solver.addConstraint(view.y == 10)
        // Some views fill: an equal-width preference against the container.
        if index % 3 == 0 { try solver.addConstraint((view.width == container.width * 0.25) ~ .weak) }
        previous = view.x + view.width
        add(view, index: index)
      }
      try solver.addConstraint(previous + 8 <= container.width)
    }

    /// The strengths and size of view `index`: a varied mix, one axis without a size now and
    /// then, and a required compression that some container widths cannot satisfy.
    func spec(_ index: Int, generation: Int) -> ((Double?, Double?), (Strength, Strength, Strength, Strength))
    {
      let width: Double? = index % 4 == 3 ? nil : Double(20 + 7 * index + 3 * generation)
      let height: Double? = index % 5 == 4 ? nil : Double(12 + index)
      let compression = index % 4 == 1 ? Strength.required : Strength(priority: 750 + Double(index))
      return (
        (width, height),
        (Strength(priority: 250), compression, Strength(priority: 251), Strength(priority: 750))
      )
    }

    func add(
      _ view: (x: Variable, width: Variable, y: Variable, height: Variable), index: Int, generation: Int = 0
    ) {
      let (size, strengths) = spec(index, generation: generation)
      if asBounds {
        let bounds = SizeBounds(
          width: view.width, height: view.height, widthValue: size.0, heightValue: size.1,
          widthHugging: strengths.0, widthCompression: strengths.1, heightHugging: strengths.2,
          heightCompression: strengths.3)
        try? solver.addSizeBounds(bounds)
        if index < held.count { held[index] = bounds } else { held.append(bounds) }
      } else {
        let made = SizeBoundsTests.sixConstraints(
          width: view.width, height: view.height, size: size, strengths: strengths)
        for constraint in made { try? solver.addConstraint(constraint) }
        if index < held.count { held[index] = made } else { held.append(made) }
      }
    }

    func remove(_ index: Int) {
      if let bounds = held[index] as? SizeBounds {
        try? solver.removeSizeBounds(bounds)
      } else if let made = held[index] as? [Constraint] {
        for constraint in made { try? solver.removeConstraint(constraint) }
      }
    }

    /// Every value's bits, after `updateVariables`.
    var values: [UInt64] {
      solver.updateVariables()
      return [container.x.value.bitPattern, container.width.value.bitPattern]
        + views.flatMap { [$0.x.value, $0.width.value, $0.y.value, $0.height.value].map(\.bitPattern) }
    }
  }

  @Test func sizeBoundsGiveTheSixConstraintsValuesBitForBit() throws {
    let six = try Scene(asBounds: false, count: 12)
    let bounds = try Scene(asBounds: true, count: 12)
    var steps = 0
    for width in [400.0, 120, 900, 60, 333.5, 1200, 0, 480] {
      for scene in [six, bounds] { try scene.solver.suggestValue(scene.container.width, width) }
      #expect(six.values == bounds.values, "width \(width)")
      // Change one view's size (its bounds go and come back, as a label's text changes).
      let index = steps % 12
      steps += 1
      for scene in [six, bounds] {
        scene.remove(index)
        scene.add(scene.views[index], index: index, generation: steps)
        scene.solver.trimStorage()
      }
      #expect(six.values == bounds.values, "width \(width), view \(index) resized")
    }
    // Everything out, in an order that is not the order added.
    for index in [5, 0, 11, 3, 7, 1, 9, 2, 10, 4, 8, 6] {
      for scene in [six, bounds] { scene.remove(index) }
      #expect(six.values == bounds.values, "view \(index) removed")
    }
    #expect(six.solver.rebuildCount == bounds.solver.rebuildCount)
  }

  @Test func oneEntryForAllSixBounds() throws {
    let solver = Solver()
    let width = Variable()
    let height = Variable()
    let bounds = SizeBounds(
      width: width, height: height, widthValue: 40, heightValue: 20, widthHugging: .weak,
      widthCompression: .strong, heightHugging: .weak, heightCompression: .strong)
    try solver.addSizeBounds(bounds)
    #expect(solver.storageStatistics.constraints == 1)
    #expect((0..<SizeBounds.boundCount).allSatisfy(bounds.isHeld))
    solver.updateVariables()
    #expect(width.value == 40 && height.value == 20)
    // In one solver at a time; removed once.
    #expect(throws: SolverError.self) { try solver.addSizeBounds(bounds) }
    #expect(throws: SolverError.self) { try Solver().addSizeBounds(bounds) }
    try solver.removeSizeBounds(bounds)
    #expect(solver.storageStatistics.constraints == 0)
    #expect(!(0..<SizeBounds.boundCount).contains(where: bounds.isHeld))
    #expect(throws: SolverError.self) { try solver.removeSizeBounds(bounds) }
    // Another solver may take them once they are out.
    let other = Solver()
    try other.addSizeBounds(bounds)
    #expect(other.storageStatistics.constraints == 1)
  }

  @Test func aRefusedRequiredBoundIsLeftOutAndTheOthersStay() throws {
    let solver = Solver()
    let width = Variable()
    let height = Variable()
    try solver.addConstraint(width == 30)
    // `width >= 50` required conflicts with `width == 30`: refused, as the constraint was.
    let bounds = SizeBounds(
      width: width, height: height, widthValue: 50, heightValue: 10, widthHugging: .weak,
      widthCompression: .required, heightHugging: .weak, heightCompression: .strong)
    try solver.addSizeBounds(bounds)
    #expect(bounds.isHeld(0) && !bounds.isHeld(1) && bounds.isHeld(2) && bounds.isHeld(5))
    solver.updateVariables()
    #expect(width.value == 30 && height.value == 10)
    try solver.removeSizeBounds(bounds)
    #expect(solver.storageStatistics.constraints == 1)
  }

  @Test func anAxisWithoutALengthHasOnlyItsLowerBound() throws {
    let bounds = SizeBounds(
      width: Variable(), height: Variable(), widthValue: nil, heightValue: 12, widthHugging: .weak,
      widthCompression: .strong, heightHugging: .weak, heightCompression: .strong)
    #expect((0..<SizeBounds.boundCount).map(bounds.hasBound) == [false, false, true, true, true, true])
    #expect(bounds.widthValue == nil && bounds.heightValue == 12)
    let constraint = bounds.constraint(4)
    #expect(constraint.relation == .greaterOrEqual && constraint.strength == .required)
    #expect(constraint.expression.constant.bitPattern == (0 + 0.0 * -1).bitPattern)
  }

  /// The solver's records of what it holds: 16 bytes a constraint (was 24) and 32 an edit
  /// variable in a sorted list (a hash table's buckets were 40 bytes and up to half empty), and
  /// the size bounds object in a 144-byte malloc chunk where six constraints took 6 × 48.
  @Test func entriesAndBoundsAreSmall() {
    #expect(MemoryLayout<Solver.ConstraintEntry>.stride == 16)
    #expect(MemoryLayout<Solver.EditEntry>.stride == 32)
    #expect(ConstraintStorageTests.instanceSize(SizeBounds.self) <= 136)
  }

  @Test func editVariablesAreFoundInTheirSortedList() throws {
    let solver = Solver()
    let variables = (0..<40).map { _ in Variable() }
    for (index, variable) in variables.enumerated() {
      try solver.addConstraint(variable >= Double(index))
      try solver.addEditVariable(variable, strength: .strong)
    }
    #expect(throws: SolverError.self) { try solver.addEditVariable(variables[7], strength: .strong) }
    for (index, variable) in variables.enumerated().reversed() {
      try solver.suggestValue(variable, Double(2 * index))
    }
    solver.updateVariables()
    #expect(variables.enumerated().allSatisfy { $0.element.value == Double(2 * $0.offset) })
    for variable in variables where variables.firstIndex(where: { $0 === variable })! % 2 == 0 {
      try solver.removeEditVariable(variable)
    }
    #expect(variables.enumerated().allSatisfy { solver.hasEditVariable($0.element) == ($0.offset % 2 == 1) })
    #expect(throws: SolverError.self) { try solver.suggestValue(variables[0], 3) }
    try solver.suggestValue(variables[3], 100)
    solver.updateVariables()
    #expect(variables[3].value == 100)
  }
}
