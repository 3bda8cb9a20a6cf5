/// One `coefficient * variable` summand of an ``Expression``.
///
/// Not `Sendable` because it refers to a (mutable) ``Variable``.
public struct Term {
  /// The unknown this term scales.
  public var variable: Variable
  /// The factor applied to the variable.
  public var coefficient: Double

  /// Creates `coefficient * variable`.
  public init(_ variable: Variable, _ coefficient: Double = 1) {
    self.variable = variable
    self.coefficient = coefficient
  }

  /// The term's current value, using the variable's last solved value.
  public var value: Double { coefficient * variable.value }
}

/// A linear expression `c1*v1 + c2*v2 + ... + constant`.
///
/// Expressions are what the arithmetic operators build, so layout code reads like the maths:
/// `x + width == 100` or `left == right * 0.5 + 10`. The relation operators (`==`, `<=`, `>=`) turn
/// two expressions into a ``Constraint``. Only linear combinations are expressible on purpose:
/// there is no `Variable * Variable`, because the simplex method cannot solve it.
public struct Expression {
  /// The variable summands; the same variable may appear more than once until ``reduced()``.
  public var terms: [Term]
  /// The constant summand.
  public var constant: Double

  /// Creates `terms + constant`.
  public init(terms: [Term] = [], constant: Double = 0) {
    self.terms = terms
    self.constant = constant
  }

  /// The expression `1 * variable`, so a bare variable can be used wherever an expression is.
  public init(_ variable: Variable) {
    self.init(terms: [Term(variable)])
  }

  /// The constant expression `constant`.
  public init(_ constant: Double) {
    self.init(constant: constant)
  }

  /// The current value of the expression from its variables' last solved values; tests and
  /// callers use it to check that a solution satisfies a constraint.
  public var value: Double { terms.reduce(constant) { $0 + $1.value } }

  /// The same expression with each variable appearing once (coefficients summed, zeros dropped),
  /// in first-appearance order, so descriptions and the solver see a canonical form.
  public func reduced() -> Expression {
    // Already reduced (the usual case: one or two distinct unknowns): keep the terms array, which
    // the constraint then shares with whoever built it (the layout engine's size constraints
    // share one per axis), instead of hashing and copying into a new one.
    if isReduced { return self }
    var order: [ObjectIdentifier] = []
    var sums: [ObjectIdentifier: Term] = [:]
    for term in terms {
      let key = ObjectIdentifier(term.variable)
      if var existing = sums[key] {
        existing.coefficient += term.coefficient
        sums[key] = existing
      } else {
        order.append(key)
        sums[key] = term
      }
    }
    let kept = order.compactMap { sums[$0] }.filter { $0.coefficient != 0 }
    return Expression(terms: kept, constant: constant)
  }

  /// Whether no unknown appears twice and no coefficient is zero, checked pairwise for the few
  /// terms a constraint usually has.
  private var isReduced: Bool {
    guard terms.count <= 8 else { return false }
    for (index, term) in terms.enumerated() {
      if term.coefficient == 0 { return false }
      for other in terms[..<index] where other.variable === term.variable { return false }
    }
    return true
  }

  func scaled(by factor: Double) -> Expression {
    Expression(
      terms: terms.map { Term($0.variable, $0.coefficient * factor) }, constant: constant * factor)
  }

  /// `self + other`. The terms go into one array of exactly their number (`Array.+` on a shared
  /// array grows it by doubling, and a constraint keeps its expression's array for as long as it
  /// lives), and an operand without terms shares the other's array.
  func adding(_ other: Expression) -> Expression {
    if other.terms.isEmpty { return Expression(terms: terms, constant: constant + other.constant) }
    if terms.isEmpty { return Expression(terms: other.terms, constant: constant + other.constant) }
    var sum: [Term] = []
    sum.reserveCapacity(terms.count + other.terms.count)
    sum.append(contentsOf: terms)
    sum.append(contentsOf: other.terms)
    return Expression(terms: sum, constant: constant + other.constant)
  }

  /// `self - other`, the same as `adding(other.scaled(by: -1))` term for term and bit for bit,
  /// in one array of exactly the terms' number (no negated copy of `other` on the way).
  func subtracting(_ other: Expression) -> Expression {
    if other.terms.isEmpty { return Expression(terms: terms, constant: constant + other.constant * -1) }
    var difference: [Term] = []
    difference.reserveCapacity(terms.count + other.terms.count)
    difference.append(contentsOf: terms)
    for term in other.terms { difference.append(Term(term.variable, term.coefficient * -1)) }
    return Expression(terms: difference, constant: constant + other.constant * -1)
  }
}

extension Expression: CustomStringConvertible {
  /// Reads like the source that built it (`left + 2 * width - 8`), so error messages that quote
  /// a constraint can be matched to the line that created it.
  public var description: String {
    var text = ""
    for term in terms {
      let magnitude = abs(term.coefficient)
      let factor = magnitude == 1 ? "\(term.variable)" : "\(formatNumber(magnitude)) * \(term.variable)"
      if text.isEmpty {
        text = term.coefficient < 0 ? "-" + factor : factor
      } else {
        text += (term.coefficient < 0 ? " - " : " + ") + factor
      }
    }
    if text.isEmpty { return formatNumber(constant) }
    if constant != 0 { text += (constant < 0 ? " - " : " + ") + formatNumber(abs(constant)) }
    return text
  }
}

/// `8` rather than `8.0` for whole numbers, so descriptions stay short.
func formatNumber(_ x: Double) -> String {
  if x == x.rounded() && abs(x) < 1e15 { return String(Int64(x)) }
  return "\(x)"
}

// MARK: - Arithmetic
//
// The operators are static members of `Variable` and `Expression` (not free functions) so the type
// checker only considers them when one operand is one of our types; that keeps ordinary `Double`
// arithmetic in client modules as fast to type-check as before.

extension Expression {
  /// `expression + expression`: the terms of both sides and the sum of their constants; a variable on both
  /// sides is merged when a constraint reduces the expression. Swift turns neither a variable nor a number
  /// into an expression by itself, so an overload follows for each mix of operands.
  public static func + (lhs: Expression, rhs: Expression) -> Expression { lhs.adding(rhs) }
  /// `expression + variable`, the same sum.
  public static func + (lhs: Expression, rhs: Variable) -> Expression { lhs.adding(Expression(rhs)) }
  /// `variable + expression`, the same sum.
  public static func + (lhs: Variable, rhs: Expression) -> Expression { Expression(lhs).adding(rhs) }
  /// `expression + constant`, the same sum.
  public static func + (lhs: Expression, rhs: Double) -> Expression { lhs.adding(Expression(rhs)) }
  /// `constant + expression`, the same sum.
  public static func + (lhs: Double, rhs: Expression) -> Expression { Expression(lhs).adding(rhs) }

  /// `expression - expression`: the right side negated, then added.
  public static func - (lhs: Expression, rhs: Expression) -> Expression { lhs.subtracting(rhs) }
  /// `expression - variable`: the right side negated, then added.
  public static func - (lhs: Expression, rhs: Variable) -> Expression {
    lhs.adding(Expression(rhs).scaled(by: -1))
  }
  /// `variable - expression`: the right side negated, then added.
  public static func - (lhs: Variable, rhs: Expression) -> Expression {
    Expression(lhs).adding(rhs.scaled(by: -1))
  }
  /// `expression - constant`: the right side negated, then added.
  public static func - (lhs: Expression, rhs: Double) -> Expression { lhs.adding(Expression(-rhs)) }
  /// `constant - expression`: the right side negated, then added.
  public static func - (lhs: Double, rhs: Expression) -> Expression {
    Expression(lhs).adding(rhs.scaled(by: -1))
  }

  /// `expression * constant`: every coefficient and the constant scaled. There is no `Expression *
  /// Expression` on purpose: the product of two unknowns is not linear and the simplex method cannot solve
  /// it.
  public static func * (lhs: Expression, rhs: Double) -> Expression { lhs.scaled(by: rhs) }
  /// `constant * expression`, the same as `expression * constant`.
  public static func * (lhs: Double, rhs: Expression) -> Expression { rhs.scaled(by: lhs) }
  /// `expression / constant`, a multiplication by `1 / rhs`; `rhs` must not be zero, or the coefficients
  /// become infinite.
  public static func / (lhs: Expression, rhs: Double) -> Expression { lhs.scaled(by: 1 / rhs) }

  /// `-expression`: every coefficient and the constant negated.
  public static prefix func - (operand: Expression) -> Expression { operand.scaled(by: -1) }
}

extension Variable {
  /// `variable + variable`: declared on `Variable` too, so `left + width` needs no `Expression(left)`.
  public static func + (lhs: Variable, rhs: Variable) -> Expression {
    Expression(terms: [Term(lhs), Term(rhs)])
  }
  /// `variable + constant`, one term and a constant (`left + 8`).
  public static func + (lhs: Variable, rhs: Double) -> Expression {
    Expression(terms: [Term(lhs)], constant: rhs)
  }
  /// `constant + variable`, one term and a constant.
  public static func + (lhs: Double, rhs: Variable) -> Expression {
    Expression(terms: [Term(rhs)], constant: lhs)
  }

  /// `variable - variable`, such as `right - left` for a width.
  public static func - (lhs: Variable, rhs: Variable) -> Expression {
    Expression(terms: [Term(lhs), Term(rhs, -1)])
  }
  /// `variable - constant`, one term and the constant negated.
  public static func - (lhs: Variable, rhs: Double) -> Expression {
    Expression(terms: [Term(lhs)], constant: -rhs)
  }
  /// `constant - variable`, the constant and the variable with coefficient -1.
  public static func - (lhs: Double, rhs: Variable) -> Expression {
    Expression(terms: [Term(rhs, -1)], constant: lhs)
  }

  /// `variable * constant`, one term with that coefficient (`right * 0.5`).
  public static func * (lhs: Variable, rhs: Double) -> Expression { Expression(terms: [Term(lhs, rhs)]) }
  /// `constant * variable`, one term with that coefficient (`2 * width`).
  public static func * (lhs: Double, rhs: Variable) -> Expression { Expression(terms: [Term(rhs, lhs)]) }
  /// `variable / constant`, one term with coefficient `1 / rhs`; `rhs` must not be zero.
  public static func / (lhs: Variable, rhs: Double) -> Expression { Expression(terms: [Term(lhs, 1 / rhs)]) }

  /// `-variable`, one term with coefficient -1.
  public static prefix func - (operand: Variable) -> Expression { Expression(terms: [Term(operand, -1)]) }
}
