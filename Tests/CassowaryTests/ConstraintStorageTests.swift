import Testing

@testable import Cassowary

/// A constraint is 40 bytes, a 48-byte malloc chunk (a window's solver keeps every constraint in
/// force for the session's life), with its strength a code into the process-wide table, and
/// every strength reads back exactly as it was given.
struct ConstraintStorageTests {
  /// A class's instance size as the Swift runtime allocates it (its metadata's `InstanceSize`,
  /// after the kind, the superclass, the flags and the address point, without Objective-C
  /// interop). Read from the class rather than from `malloc_usable_size` of one object, which
  /// says what chunk malloc happened to hand out and so depends on the heap's history.
  static func instanceSize(_ type: AnyClass) -> Int {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    return Int(metadata.load(fromByteOffset: 24, as: UInt32.self))
  }

  /// A 16-byte header and one `Int`: checks that the runtime's field is read where it is.
  private final class Probe { var value = 0 }

  @Test func aConstraintIsFortyBytes() {
    let x = Variable()
    let constraint = (x >= 3) ~ .medium
    // The expression (its terms' array and its constant), the relation, the strength's 2-byte
    // code and the solver's 4-byte index: with the 16-byte object header, 40 bytes.
    #expect(
      Mirror(reflecting: constraint).children.map(\.label) == [
        "expression", "relation", "strengthCode", "solverIndex",
      ])
    #expect(MemoryLayout<Expression>.size == 16)
    #expect(MemoryLayout<Relation>.size == 1)
    // What `swift_allocObject` asks malloc for: 40 bytes fit a 48-byte glibc chunk (the size
    // plus 8, rounded up to 16); 48 bytes needed a 64-byte one.
    #expect(Self.instanceSize(Probe.self) == 24)
    #expect(Self.instanceSize(Constraint.self) == 40)
  }

  @Test func aConstraintsTermsArrayIsExactlyItsTerms() {
    // `a - (b + c + 4)`: three terms, in an array of room for three, not the doubled room
    // `Array.+` leaves.
    let a = Variable()
    let b = Variable()
    let c = Variable()
    let constraint = Constraint(Expression(a), .equal, b + c + 4)
    #expect(constraint.expression.terms.count == 3)
    #expect(constraint.expression.terms.capacity < 4)
    #expect(constraint.expression.terms.map(\.coefficient) == [1, -1, -1])
    #expect(constraint.expression.constant == -4)
  }

  @Test func strengthsReadBackBitForBit() {
    let x = Variable()
    let strengths: [Strength] = [
      .required, .strong, .medium, .weak, Strength(priority: 750), Strength(priority: 999),
      Strength(priority: 250.5), Strength(0), Strength(-0.0), Strength(1e-300), Strength(.nan),
      Strength(strong: 0.5, medium: 3, weak: 7, weight: 2),
    ]
    for strength in strengths {
      let constraint = (x == 1) ~ strength
      #expect(constraint.strength.value.bitPattern == strength.value.bitPattern)
      #expect(constraint.withStrength(.weak).strength == .weak)
    }
    // The same value twice takes one code: the table grows with distinct strengths only.
    // Compared by code rather than by the shared table's count, which tests running meanwhile
    // may grow; a table of the test's own shows the count.
    let code = ((x == 1) ~ Strength(priority: 750)).strengthCode
    for _ in 0..<100 { #expect(((x == 1) ~ Strength(priority: 750)).strengthCode == code) }
    let table = StrengthTable(capacity: 16)
    let first = table.code(for: Strength(priority: 750))
    for _ in 0..<100 { #expect(table.code(for: Strength(priority: 750)) == first) }
    #expect(table.counts.table == 5)
  }

  @Test func aFullTableKeepsFurtherStrengthsBesideTheirConstraints() throws {
    // A table of the test's own, small enough to fill: the shared one stays as other tests
    // (and later ones in this process) expect it, with room.
    let table = StrengthTable(capacity: 8)
    let kept = (4..<8).map { Strength(1.0e8 + Double($0)) }
    let codes = kept.map { table.code(for: $0) }
    #expect(codes == [4, 5, 6, 7])
    #expect(table.counts.table == table.capacity)
    // Full: a new value gets no code, those already in keep theirs, named ones need no slot.
    #expect(table.code(for: Strength(9.5e8)) == StrengthTable.outOfLine)
    #expect(kept.map { table.code(for: $0) } == codes)
    #expect(table.code(for: .weak) == 3)
    #expect(zip(codes, kept).allSatisfy { table.strength($0).value.bitPattern == $1.value.bitPattern })
    #expect(table.counts.table == table.capacity)

    // Constraints whose strengths sit in the shared table's side table (where a constraint made
    // after that table filled up keeps it): they solve as any other, read back exactly, and
    // their side entries go with them.
    let x = Variable()
    let before = StrengthTable.shared.counts.table
    var identities: [ObjectIdentifier] = []
    do {
      let stronger = Constraint(x - 10, .equal, sideEntryStrength: Strength(9.5e8))
      let weaker = Constraint(x - 20, .equal, sideEntryStrength: Strength(9.25e8))
      identities = [ObjectIdentifier(stronger), ObjectIdentifier(weaker)]
      #expect(stronger.strengthCode == StrengthTable.outOfLine)
      #expect(stronger.strength.value == 9.5e8)
      #expect(weaker.strength.value == 9.25e8)
      #expect(identities.allSatisfy(StrengthTable.shared.holdsOutOfLine))
      let solver = Solver()
      try solver.addConstraint(weaker)
      try solver.addConstraint(stronger)
      solver.updateVariables()
      #expect(x.value == 10)
      try solver.removeConstraint(stronger)
      solver.updateVariables()
      #expect(x.value == 20)
    }
    #expect(!identities.contains(where: StrengthTable.shared.holdsOutOfLine))
    // The shared table got no slot from them (other tests may add their own meanwhile, never
    // enough to fill it).
    #expect(StrengthTable.shared.counts.table >= before)
    #expect(StrengthTable.shared.counts.table < StrengthTable.capacity)
  }

  /// An idle solver's entries and externals stay as they are for the session's life: after
  /// `trimStorage` they keep less than a malloc granule (16 bytes) of spare room, where growth
  /// had left up to a quarter (a login window's 55 entries in room for 64).
  @Test func anIdleSolversEntriesKeepNoSpareRoom() throws {
    let solver = Solver()
    var variables: [Variable] = []
    for index in 0..<55 {
      let x = Variable()
      variables.append(x)
      try solver.addConstraint(x == Double(index))
    }
    solver.trimStorage()
    let stride = MemoryLayout<Solver.ConstraintEntry>.stride
    let room = solver.entryCapacities
    #expect(room.entries >= 55 && (room.entries - 55) * stride < 16)
    #expect(room.externals >= 55 && (room.externals - 55) * MemoryLayout<(Variable, Symbol)>.stride < 16)
    // Unchanged when trimmed again, and the values are the same.
    solver.trimStorage()
    #expect(solver.entryCapacities == room)
    solver.updateVariables()
    #expect(variables.enumerated().allSatisfy { $0.element.value == Double($0.offset) })
    // Still a working solver: one more constraint is added and solved.
    let y = Variable()
    try solver.addConstraint(y == variables[3] + 1)
    solver.updateVariables()
    #expect(y.value == 4)
  }

  @Test func fitExactlyCopiesOnlyForAGranule() {
    var small: [Int32] = []
    small.reserveCapacity(64)
    small.append(contentsOf: [1, 2, 3])
    fitExactly(&small)
    #expect(small == [1, 2, 3])
    #expect((small.capacity - 3) * 4 < 16)
    var empty: [Int] = []
    empty.reserveCapacity(10)
    fitExactly(&empty)
    #expect(empty.capacity == 0)
  }
}
