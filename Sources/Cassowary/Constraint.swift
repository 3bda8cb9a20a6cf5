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
  /// `lhs - rhs` in reduced form; the constraint is `expression relation 0`.
  public let expression: Expression
  /// How `expression` compares with zero.
  public let relation: Relation
  /// Where a solver holding this constraint keeps its entry (`Solver`'s entry table), so the
  /// solver finds it without a hash table of constraints; -1 when no solver has claimed it. A
  /// constraint added to a second solver while the first holds it is found by that solver's
  /// (usually empty) overflow table instead. Declared beside `relation` so it fills that field's
  /// padding: the object stays 48 bytes.
  var solverIndex: Int32 = -1
  /// How much a violation costs; ``Strength/required`` means it must hold.
  public let strength: Strength

  /// The constraint `expression relation 0` (the expression is reduced).
  public init(_ expression: Expression, _ relation: Relation, strength: Strength = .required) {
    self.expression = expression.reduced()
    self.relation = relation
    self.strength = strength
  }

  /// The constraint `lhs relation rhs`.
  public convenience init(
    _ lhs: Expression, _ relation: Relation, _ rhs: Expression, strength: Strength = .required
  ) {
    self.init(lhs - rhs, relation, strength: strength)
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
