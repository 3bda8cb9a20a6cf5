import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// 10 to the power `x`, without importing Foundation into the solver.
private func pow10(_ x: Double) -> Double { pow(10, x) }

/// How the two sides of a ``Constraint`` compare.
public enum Relation: Sendable, Hashable {
  /// `lhs == rhs`
  case equal
  /// `lhs <= rhs`
  case lessOrEqual
  /// `lhs >= rhs`
  case greaterOrEqual
}

/// How much the solver cares about a constraint.
///
/// Layouts are usually over-constrained on purpose ("be 100 wide, but never wider than the window"),
/// so every constraint carries a strength and the solver minimises the weighted violation of the
/// non-required ones. Strengths are *symbolic* as in kiwi: a value is
/// `strong * 1_000_000 + medium * 1_000 + weak`, each component clipped to 0...1000, so no amount of
/// weak constraints outweighs a single medium one in practice. ``required`` sits above every
/// combination and is never violated: adding a required constraint that conflicts throws.
public struct Strength: Sendable, Hashable, Comparable {
  /// The weight in the objective, within `0...Strength.required.value`.
  public let value: Double

  /// A strength of exactly `value`, which a strength already clipped (`StrengthTable` gives
  /// back the bits it was given).
  fileprivate init(unclipped value: Double) { self.value = value }

  /// A strength with the given raw weight, clipped to `0...required`.
  public init(_ value: Double) {
    self.value = Swift.min(Swift.max(value, 0), 1_001_001_000)
  }

  /// A symbolic strength: `strong`, `medium` and `weak` each scaled by `weight` and clipped to
  /// `0...1000`, combined as `strong * 1e6 + medium * 1e3 + weak`.
  public init(strong: Double, medium: Double, weak: Double, weight: Double = 1) {
    func clip(_ x: Double) -> Double { Swift.min(Swift.max(x * weight, 0), 1000) }
    self.init(clip(strong) * 1_000_000 + clip(medium) * 1000 + clip(weak))
  }

  /// Must hold exactly; a conflicting required constraint is rejected with
  /// ``SolverError/unsatisfiableConstraint(_:)``.
  public static let required = Strength(1_001_001_000)
  /// Wins over any number (up to 1000) of medium constraints.
  public static let strong = Strength(strong: 1, medium: 0, weak: 0)
  /// Wins over any number (up to 1000) of weak constraints.
  public static let medium = Strength(strong: 0, medium: 1, weak: 0)
  /// A preference: honoured only when nothing stronger disagrees.
  public static let weak = Strength(strong: 0, medium: 0, weak: 1)

  /// Whether this is ``required`` (the solver treats it as a hard constraint, not a weighted one).
  public var isRequired: Bool { value >= Strength.required.value }

  /// A strength from a UIKit layout priority (`UILayoutPriority`): a number in `1...1000` where
  /// 1000 is ``required`` and anything below is optional. Values outside the range are clipped.
  ///
  /// UIKit promises that a higher priority wins a conflict with a lower one, and its priorities
  /// are spaced so that the named levels (250 low, 750 high) sit between the symbolic strengths.
  /// The mapping is geometric, `weight = 10^(9 * priority / 1000)`: each step of 1 multiplies the
  /// weight by about 1.02 (so 751 beats 750 one to one), a step of 333 is a factor of 1000, which
  /// is the gap between ``weak``, ``medium`` and ``strong`` (priorities ≈ 0, 333 and 667), and 999
  /// stays below ``required``. A linear mapping could not give 999 levels that each beat the one
  /// below while fitting under the symbolic scale kiwi and the Cassowary paper use.
  public init(priority: Double) {
    let p = Swift.min(Swift.max(priority, 1), 1000)
    if p >= 1000 {
      self = .required
    } else {
      self.init(pow10(9 * p / 1000))
    }
  }

  /// The UIKit-style priority this strength corresponds to (the inverse of ``init(priority:)``),
  /// for diagnostics that speak in priorities: 1000 for ``required``, ≈ 667 for ``strong``.
  public var priority: Double {
    if isRequired { return 1000 }
    guard value > 1 else { return Swift.max(value, 0) }
    return Swift.min(1000 * log10(value) / 9, 999.999)
  }

  /// Orders by weight, so a stronger strength compares greater and ``required`` is the greatest.
  public static func < (lhs: Strength, rhs: Strength) -> Bool { lhs.value < rhs.value }
}

/// A linear relation `expression (==|<=|>=) 0` with a strength.
///
/// Write constraints with the operators rather than this initialiser: `x + width == 100`,
/// `(width >= 20) ~ .weak`, `left == right * 0.5 + 10`. A constraint is a class because the solver
/// tracks constraints by identity: the same object is later passed to
/// ``Solver/removeConstraint(_:)``, and two textually equal constraints are distinct requests
/// (removing one leaves the other in force).
///
/// Immutable; still not `Sendable` because its expression refers to mutable ``Variable``s.
public final class Constraint {
  // 40 bytes, a 48-byte malloc chunk (it was 48, a 64-byte chunk): a window's solver keeps
  // every constraint in force for as long as its session lasts (an idle stacks session about
  // 160), so the strength is a 2-byte code into a process-wide table of the strengths in use
  // (`StrengthTable`) rather than a `Double`, and the three small fields share the 8 bytes after
  // the expression (stored properties are laid out in the order they are declared).

  /// `lhs - rhs` in reduced form; the constraint is `expression relation 0`.
  public let expression: Expression
  /// How `expression` compares with zero.
  public let relation: Relation
  /// The strength's place in `StrengthTable`; `StrengthTable.outOfLine` when the table was full
  /// and the strength sits in its side table instead, removed when the constraint goes.
  let strengthCode: UInt16
  /// Where a solver holding this constraint keeps its entry (`Solver`'s entry table), so the
  /// solver finds it without a hash table of constraints; -1 when no solver has claimed it. A
  /// constraint added to a second solver while the first holds it is found by that solver's
  /// (usually empty) overflow table instead.
  var solverIndex: Int32 = -1

  /// How much a violation costs; ``Strength/required`` means it must hold. Exactly the strength
  /// the constraint was made with (the table keeps every value bit for bit).
  public var strength: Strength {
    if strengthCode != StrengthTable.outOfLine { return StrengthTable.strength(strengthCode) }
    return StrengthTable.shared.outOfLineStrength(of: self)
  }

  /// The constraint `expression relation 0` (the expression is reduced).
  public init(_ expression: Expression, _ relation: Relation, strength: Strength = .required) {
    self.expression = expression.reduced()
    self.relation = relation
    strengthCode = StrengthTable.code(for: strength)
    if strengthCode == StrengthTable.outOfLine { StrengthTable.shared.storeOutOfLine(strength, for: self) }
  }

  /// A constraint whose strength sits in the shared table's side table whatever its value, as a
  /// constraint made after the table filled up keeps it: tests take that path this way rather
  /// than by filling the process-wide table, which every later constraint of the test process
  /// would then have to share.
  init(_ expression: Expression, _ relation: Relation, sideEntryStrength strength: Strength) {
    self.expression = expression.reduced()
    self.relation = relation
    strengthCode = StrengthTable.outOfLine
    StrengthTable.shared.storeOutOfLine(strength, for: self)
  }

  /// The constraint `lhs relation rhs`.
  public convenience init(
    _ lhs: Expression, _ relation: Relation, _ rhs: Expression, strength: Strength = .required
  ) {
    self.init(lhs.subtracting(rhs), relation, strength: strength)
  }

  deinit {
    if strengthCode == StrengthTable.outOfLine { StrengthTable.shared.removeOutOfLine(of: self) }
  }

  /// A new constraint with the same relation and a different strength. It is a distinct object, so
  /// adding it does not conflict with adding `self`.
  public func withStrength(_ strength: Strength) -> Constraint {
    Constraint(expression, relation, strength: strength)
  }

  /// How far the current variable values are from satisfying the relation (0 when satisfied).
  public var violation: Double {
    let v = expression.value
    switch relation {
    case .equal: return abs(v)
    case .lessOrEqual: return Swift.max(v, 0)
    case .greaterOrEqual: return Swift.max(-v, 0)
    }
  }

  /// Whether the current variable values satisfy the relation within `tolerance`.
  public func isSatisfied(tolerance: Double = 1e-6) -> Bool { violation <= tolerance }
}

/// The strengths constraints were made with, process-wide, so a constraint stores a 2-byte code
/// instead of an 8-byte `Double` (BENCHMARKS.md, "Lean sessions": that made the object 40 bytes
/// instead of 48, a 48-byte malloc chunk instead of 64).
///
/// A program uses few distinct strengths: the four symbolic ones, which have fixed codes and
/// take no lock, and the kit's UIKit priorities (250, 750, 999...). Values are keyed by their
/// bits, so every value, NaN and -0 included, comes back exactly as it went in, and the solver
/// sees the same numbers as before. The table is append-only and bounded: once it holds
/// `capacity` values, a constraint with yet another strength keeps it in a side table entry of
/// its own (removed when the constraint is freed), so strengths made from untrusted numbers
/// cannot grow it without bound. Entries never change once written, so reading a code's value
/// takes no lock: whoever holds a constraint got it after its code was written.
///
/// Behind a pthread mutex rather than `Synchronization.Mutex` for the reason
/// `FrozenTables.Registry` gives (ThreadSanitizer does not see the latter's futex on Linux).
final class StrengthTable: @unchecked Sendable {
  /// The table every constraint's code refers to.
  static let shared = StrengthTable(capacity: capacity)
  /// The code of a strength kept in the side table (no table slot has it).
  static let outOfLine: UInt16 = .max
  /// How many strengths the shared table holds at most: every code but `outOfLine`.
  static let capacity = Int(outOfLine)

  /// How many strengths this table holds at most (`StrengthTable.capacity` for the shared one;
  /// a test's own table is small, so filling it leaves the shared one alone).
  let capacity: Int
  /// The values by code: codes 0...3 are required, strong, medium and weak. Allocated once at
  /// full capacity (512 KiB of address space for the shared table, of which only the pages
  /// written take memory) so readers never see it move; a `let`, so reading it takes no
  /// exclusivity check either.
  private let values: UnsafeMutablePointer<Double>
  /// The named strengths' bits, compared before taking the lock.
  private static let namedBits: (UInt64, UInt64, UInt64, UInt64) = (
    Strength.required.value.bitPattern, Strength.strong.value.bitPattern,
    Strength.medium.value.bitPattern, Strength.weak.value.bitPattern
  )

  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  /// Each value's code, keyed by the value's bits.
  private var codes: [UInt64: UInt16] = [:]
  private var count = 4
  /// `count`, stored (releasing) after the slot it adds is written, so `code(for:)` can compare
  /// the first slots without the lock: taking it for the kit's priorities (250, 750, 999) was
  /// 22 lock/unlock pairs a stacks-app relayout, and the mutex's cache line moved between the
  /// two loops' CPUs as a shared reference count does (BENCHMARKS.md, "Stop 16: two loops").
  private let published = Atomic<Int>(4)
  /// How many slots `code(for:)` compares without the lock: a program's few priorities, not a
  /// table that untrusted strengths filled.
  private static let unlockedSlots = 16
  /// Strengths of constraints made after the table filled up, by constraint.
  private var outOfLineValues: [ObjectIdentifier: Double] = [:]

  /// Runs `body` holding the table's mutex.
  private func withLock<Result>(_ body: () -> Result) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body()
  }

  /// An empty table (the four named strengths only) of at most `capacity` strengths.
  init(capacity: Int) {
    precondition(capacity >= 4 && capacity <= Self.capacity, "a strength table holds 4...65,535 values")
    self.capacity = capacity
    values = UnsafeMutablePointer<Double>.allocate(capacity: capacity)
    values[0] = Strength.required.value
    values[1] = Strength.strong.value
    values[2] = Strength.medium.value
    values[3] = Strength.weak.value
    pthread_mutex_init(mutex, nil)
    for code in 0..<count { codes[values[code].bitPattern] = UInt16(code) }
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
    values.deallocate()
  }

  /// The strength with this code in the shared table (not `outOfLine`).
  @inline(__always) static func strength(_ code: UInt16) -> Strength { shared.strength(code) }

  /// The strength with this code (not `outOfLine`). No lock: a slot never changes once written,
  /// and whoever holds a code got it after its slot was written.
  @inline(__always) func strength(_ code: UInt16) -> Strength {
    Strength(unclipped: values[Int(code)])
  }

  /// The shared table's code for `strength` (see the instance method).
  static func code(for strength: Strength) -> UInt16 { shared.code(for: strength) }

  /// The code for `strength`, adding it to the table when it is new and there is room;
  /// `outOfLine` when there is not.
  func code(for strength: Strength) -> UInt16 {
    let bits = strength.value.bitPattern
    if bits == Self.namedBits.0 { return 0 }
    if bits == Self.namedBits.1 { return 1 }
    if bits == Self.namedBits.2 { return 2 }
    if bits == Self.namedBits.3 { return 3 }
    // Slots never change once written, and `published` is stored after the slot is.
    let written = min(published.load(ordering: .acquiring), Self.unlockedSlots)
    var code = 4
    while code < written {
      if values[code].bitPattern == bits { return UInt16(code) }
      code += 1
    }
    return intern(bits)
  }

  private func intern(_ bits: UInt64) -> UInt16 {
    withLock {
      if let code = codes[bits] { return code }
      guard count < capacity else { return Self.outOfLine }
      let code = UInt16(count)
      values[count] = Double(bitPattern: bits)
      codes[bits] = code
      count += 1
      published.store(count, ordering: .releasing)
      return code
    }
  }

  func storeOutOfLine(_ strength: Strength, for constraint: Constraint) {
    withLock { outOfLineValues[ObjectIdentifier(constraint)] = strength.value }
  }

  func outOfLineStrength(of constraint: Constraint) -> Strength {
    withLock { Strength(unclipped: outOfLineValues[ObjectIdentifier(constraint)] ?? 0) }
  }

  /// Whether the side table holds a strength for the constraint with this identity (for tests).
  func holdsOutOfLine(_ constraint: ObjectIdentifier) -> Bool {
    withLock { outOfLineValues[constraint] != nil }
  }

  func removeOutOfLine(of constraint: Constraint) {
    withLock { outOfLineValues[ObjectIdentifier(constraint)] = nil }
  }

  /// How many strengths the table holds, and how many constraints keep theirs in the side table
  /// (for tests).
  var counts: (table: Int, outOfLine: Int) {
    withLock { (count, outOfLineValues.count) }
  }
}

extension Constraint: CustomStringConvertible {
  /// `expression op 0`, followed by the strength unless it is required (`width - 20 >= 0`,
  /// `x - 10 == 0 | weak`): the form error messages name a rejected constraint by.
  public var description: String {
    let op: String
    switch relation {
    case .equal: op = "=="
    case .lessOrEqual: op = "<="
    case .greaterOrEqual: op = ">="
    }
    let text = "\(expression) \(op) 0"
    return strength.isRequired ? text : "\(text) | \(strength)"
  }
}

extension Strength: CustomStringConvertible {
  /// The symbolic name when it is one of the four, otherwise the raw weight.
  public var description: String {
    switch self {
    case .required: "required"
    case .strong: "strong"
    case .medium: "medium"
    case .weak: "weak"
    default: "strength \(formatNumber(value))"
    }
  }
}

// MARK: - Relation operators

/// Lower than `==`/`<=`/`>=` so `x == 10 ~ .weak` reads as "(x == 10) with weak strength".
precedencegroup ConstraintStrengthPrecedence {
  associativity: left
  lowerThan: ComparisonPrecedence
}

/// `constraint ~ strength`: the constraint with another strength (see ``Constraint/withStrength(_:)``).
infix operator ~ : ConstraintStrengthPrecedence

extension Constraint {
  /// `constraint ~ strength`: a copy of the constraint with another strength, so `(width >= 20) ~ .weak`
  /// reads as it is meant. The copy is a new object, so adding it does not conflict with adding the original.
  public static func ~ (lhs: Constraint, rhs: Strength) -> Constraint { lhs.withStrength(rhs) }
}

extension Expression {
  /// `expression == expression`: the solver keeps `lhs - rhs` at zero, as a required constraint unless `~`
  /// softens it. Swift turns neither a variable nor a number into an expression by itself, so an overload
  /// follows for each mix of operands.
  public static func == (lhs: Expression, rhs: Expression) -> Constraint { Constraint(lhs, .equal, rhs) }
  /// `expression == variable`, required unless `~` softens it.
  public static func == (lhs: Expression, rhs: Variable) -> Constraint {
    Constraint(lhs, .equal, Expression(rhs))
  }
  /// `variable == expression`, required unless `~` softens it.
  public static func == (lhs: Variable, rhs: Expression) -> Constraint {
    Constraint(Expression(lhs), .equal, rhs)
  }
  /// `expression == constant`, required unless `~` softens it.
  public static func == (lhs: Expression, rhs: Double) -> Constraint {
    Constraint(lhs, .equal, Expression(rhs))
  }
  /// `constant == expression`, required unless `~` softens it.
  public static func == (lhs: Double, rhs: Expression) -> Constraint {
    Constraint(Expression(lhs), .equal, rhs)
  }

  /// `expression <= expression`: the solver keeps `lhs - rhs` at or below zero, as a required constraint
  /// unless `~` softens it.
  public static func <= (lhs: Expression, rhs: Expression) -> Constraint {
    Constraint(lhs, .lessOrEqual, rhs)
  }
  /// `expression <= variable`, required unless `~` softens it.
  public static func <= (lhs: Expression, rhs: Variable) -> Constraint {
    Constraint(lhs, .lessOrEqual, Expression(rhs))
  }
  /// `variable <= expression`, required unless `~` softens it.
  public static func <= (lhs: Variable, rhs: Expression) -> Constraint {
    Constraint(Expression(lhs), .lessOrEqual, rhs)
  }
  /// `expression <= constant`, required unless `~` softens it.
  public static func <= (lhs: Expression, rhs: Double) -> Constraint {
    Constraint(lhs, .lessOrEqual, Expression(rhs))
  }
  /// `constant <= expression`, required unless `~` softens it.
  public static func <= (lhs: Double, rhs: Expression) -> Constraint {
    Constraint(Expression(lhs), .lessOrEqual, rhs)
  }

  /// `expression >= expression`: the solver keeps `lhs - rhs` at or above zero, as a required constraint
  /// unless `~` softens it.
  public static func >= (lhs: Expression, rhs: Expression) -> Constraint {
    Constraint(lhs, .greaterOrEqual, rhs)
  }
  /// `expression >= variable`, required unless `~` softens it.
  public static func >= (lhs: Expression, rhs: Variable) -> Constraint {
    Constraint(lhs, .greaterOrEqual, Expression(rhs))
  }
  /// `variable >= expression`, required unless `~` softens it.
  public static func >= (lhs: Variable, rhs: Expression) -> Constraint {
    Constraint(Expression(lhs), .greaterOrEqual, rhs)
  }
  /// `expression >= constant`, required unless `~` softens it.
  public static func >= (lhs: Expression, rhs: Double) -> Constraint {
    Constraint(lhs, .greaterOrEqual, Expression(rhs))
  }
  /// `constant >= expression`, required unless `~` softens it.
  public static func >= (lhs: Double, rhs: Expression) -> Constraint {
    Constraint(Expression(lhs), .greaterOrEqual, rhs)
  }
}

extension Variable {
  /// `variable == variable`, required unless `~` softens it. Declared on `Variable` too, so `a == b` needs no
  /// `Expression(a)`.
  public static func == (lhs: Variable, rhs: Variable) -> Constraint {
    Constraint(Expression(lhs), .equal, Expression(rhs))
  }
  /// `variable == constant`, required unless `~` softens it.
  public static func == (lhs: Variable, rhs: Double) -> Constraint {
    Constraint(Expression(lhs), .equal, Expression(rhs))
  }
  /// `constant == variable`, required unless `~` softens it.
  public static func == (lhs: Double, rhs: Variable) -> Constraint {
    Constraint(Expression(lhs), .equal, Expression(rhs))
  }

  /// `variable <= variable`, required unless `~` softens it.
  public static func <= (lhs: Variable, rhs: Variable) -> Constraint {
    Constraint(Expression(lhs), .lessOrEqual, Expression(rhs))
  }
  /// `variable <= constant`, required unless `~` softens it.
  public static func <= (lhs: Variable, rhs: Double) -> Constraint {
    Constraint(Expression(lhs), .lessOrEqual, Expression(rhs))
  }
  /// `constant <= variable`, required unless `~` softens it.
  public static func <= (lhs: Double, rhs: Variable) -> Constraint {
    Constraint(Expression(lhs), .lessOrEqual, Expression(rhs))
  }

  /// `variable >= variable`, required unless `~` softens it.
  public static func >= (lhs: Variable, rhs: Variable) -> Constraint {
    Constraint(Expression(lhs), .greaterOrEqual, Expression(rhs))
  }
  /// `variable >= constant`, required unless `~` softens it.
  public static func >= (lhs: Variable, rhs: Double) -> Constraint {
    Constraint(Expression(lhs), .greaterOrEqual, Expression(rhs))
  }
  /// `constant >= variable`, required unless `~` softens it.
  public static func >= (lhs: Double, rhs: Variable) -> Constraint {
    Constraint(Expression(lhs), .greaterOrEqual, Expression(rhs))
  }
}
