/// A column of the simplex tableau.
///
/// `external` symbols stand for user ``Variable``s and are unrestricted in sign; `slack`, `error`
/// and `dummy` symbols are the solver's own non-negative unknowns. Slacks turn inequalities into
/// equations, errors measure how much a non-required constraint is violated (they are what the
/// objective minimises), and dummies mark required equalities (they are always zero and never
/// enter the basis, which is how a conflicting required equality is detected).
struct Symbol: Hashable {
  enum Kind: UInt8 {
    case invalid, external, slack, error, dummy
  }

  /// Unique per solver; also the pivoting order (lowest id first), which makes the choice of
  /// solution independent of hash-table iteration order and prevents cycling (Bland's rule).
  let id: Int
  let kind: Kind

  static let invalid = Symbol(id: 0, kind: .invalid)

  var isValid: Bool { kind != .invalid }
  /// Restricted symbols are the non-negative ones; only rows whose basic symbol is restricted take
  /// part in ratio tests and feasibility checks.
  var isRestricted: Bool { kind != .external }
  /// Slacks and errors may enter the basis freely; dummies may not, externals are unrestricted.
  var isPivotable: Bool { kind == .slack || kind == .error }

  static func == (lhs: Symbol, rhs: Symbol) -> Bool { lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// Coefficients smaller than this are treated as zero, so round-off does not leave phantom
/// entries in the tableau that would make the solver pivot on noise.
@inline(__always) func nearZero(_ x: Double) -> Bool { abs(x) < 1.0e-8 }

/// One row of the tableau: `basic = constant + sum(coefficient * symbol)`.
///
/// A class because rows are moved between the tableau, the objective and temporaries, and are
/// mutated in place during substitution; copying a dictionary per pivot would dominate the cost.
final class Row {
  private(set) var cells: [Symbol: Double]
  private(set) var constant: Double

  init(constant: Double = 0) {
    self.cells = [:]
    self.constant = constant
  }

  init(copying other: Row) {
    self.cells = other.cells
    self.constant = other.constant
  }

  /// Adds `value` to the constant and returns the new constant.
  @discardableResult func add(_ value: Double) -> Double {
    constant += value
    return constant
  }

  /// Adds `coefficient * symbol`, dropping the cell if it cancels to (near) zero.
  func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
    let sum = (cells[symbol] ?? 0) + coefficient
    if nearZero(sum) {
      cells.removeValue(forKey: symbol)
    } else {
      cells[symbol] = sum
    }
  }

  /// Adds `coefficient * other` (constant included).
  func insert(_ other: Row, _ coefficient: Double = 1) {
    constant += other.constant * coefficient
    for (symbol, value) in other.cells {
      insert(symbol, value * coefficient)
    }
  }

  func remove(_ symbol: Symbol) {
    cells.removeValue(forKey: symbol)
  }

  func reverseSign() {
    constant = -constant
    for key in cells.keys {
      cells[key] = -cells[key]!
    }
  }

  /// Rewrites `0 = constant + c*symbol + rest` as `symbol = -(constant + rest)/c`; the row then
  /// no longer contains `symbol` (it becomes the row's basic symbol).
  func solve(for symbol: Symbol) {
    guard let coefficient = cells.removeValue(forKey: symbol) else { return }
    let factor = -1.0 / coefficient
    constant *= factor
    for key in cells.keys {
      cells[key]! *= factor
    }
  }

  /// For a row `lhs = ...` containing `rhs`, rewrites it as `rhs = ...` containing `lhs` (a pivot).
  func solve(for lhs: Symbol, _ rhs: Symbol) {
    insert(lhs, -1)
    solve(for: rhs)
  }

  func coefficient(for symbol: Symbol) -> Double { cells[symbol] ?? 0 }

  /// Replaces `symbol` by the expression `row` (which defines it).
  func substitute(_ symbol: Symbol, _ row: Row) {
    if let coefficient = cells.removeValue(forKey: symbol) {
      insert(row, coefficient)
    }
  }

  var isAllDummies: Bool { cells.keys.allSatisfy { $0.kind == .dummy } }
}
