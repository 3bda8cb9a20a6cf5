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

/// One `coefficient * symbol` entry of a ``Row``.
struct Cell {
  var symbol: Symbol
  var coefficient: Double
}

/// One row of the tableau: `basic = constant + sum(coefficient * symbol)`.
///
/// Cells are kept in an array sorted by symbol id rather than a dictionary: the hot operation is
/// `insert(row, coefficient)` during substitution, which becomes a linear merge of two sorted
/// arrays with no hashing, and "does this row mention symbol s" is a binary search. Iterating in
/// id order also makes the lowest-id choices of the pivoting rules a plain first match.
///
/// A class because rows are moved between the tableau, the objective and temporaries, and are
/// mutated in place during substitution.
final class Row {
  private(set) var cells: [Cell]
  private(set) var constant: Double

  init(constant: Double = 0) {
    self.cells = []
    self.constant = constant
  }

  init(copying other: Row) {
    self.cells = other.cells
    self.constant = other.constant
  }

  /// The index of `symbol`'s cell, or where it would be inserted (binary search on the id).
  @inline(__always) private func position(of symbol: Symbol) -> (index: Int, found: Bool) {
    var low = 0
    var high = cells.count
    while low < high {
      let mid = (low + high) >> 1
      let id = cells[mid].symbol.id
      if id < symbol.id {
        low = mid + 1
      } else if id > symbol.id {
        high = mid
      } else {
        return (mid, true)
      }
    }
    return (low, false)
  }

  /// Adds `value` to the constant and returns the new constant.
  @discardableResult func add(_ value: Double) -> Double {
    constant += value
    return constant
  }

  /// Adds `coefficient * symbol`, dropping the cell if it cancels to (near) zero.
  func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
    let (index, found) = position(of: symbol)
    if found {
      let sum = cells[index].coefficient + coefficient
      if nearZero(sum) {
        cells.remove(at: index)
      } else {
        cells[index].coefficient = sum
      }
    } else if !nearZero(coefficient) {
      cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: index)
    }
  }

  /// Adds `coefficient * other` (constant included) by merging the two sorted cell arrays.
  func insert(_ other: Row, _ coefficient: Double = 1) {
    constant += other.constant * coefficient
    let b = other.cells
    if b.isEmpty { return }
    let a = cells
    var merged: [Cell] = []
    merged.reserveCapacity(a.count + b.count)
    var i = 0
    var j = 0
    while i < a.count && j < b.count {
      let x = a[i]
      let y = b[j]
      if x.symbol.id < y.symbol.id {
        merged.append(x)
        i += 1
      } else if x.symbol.id > y.symbol.id {
        let value = y.coefficient * coefficient
        if !nearZero(value) { merged.append(Cell(symbol: y.symbol, coefficient: value)) }
        j += 1
      } else {
        let value = x.coefficient + y.coefficient * coefficient
        if !nearZero(value) { merged.append(Cell(symbol: x.symbol, coefficient: value)) }
        i += 1
        j += 1
      }
    }
    if i < a.count { merged.append(contentsOf: a[i...]) }
    while j < b.count {
      let value = b[j].coefficient * coefficient
      if !nearZero(value) { merged.append(Cell(symbol: b[j].symbol, coefficient: value)) }
      j += 1
    }
    cells = merged
  }

  func remove(_ symbol: Symbol) {
    let (index, found) = position(of: symbol)
    if found { cells.remove(at: index) }
  }

  func reverseSign() {
    constant = -constant
    for index in cells.indices { cells[index].coefficient = -cells[index].coefficient }
  }

  /// Rewrites `0 = constant + c*symbol + rest` as `symbol = -(constant + rest)/c`; the row then
  /// no longer contains `symbol` (it becomes the row's basic symbol).
  func solve(for symbol: Symbol) {
    let (index, found) = position(of: symbol)
    guard found else { return }
    let factor = -1.0 / cells.remove(at: index).coefficient
    constant *= factor
    for index in cells.indices { cells[index].coefficient *= factor }
  }

  /// For a row `lhs = ...` containing `rhs`, rewrites it as `rhs = ...` containing `lhs` (a pivot).
  func solve(for lhs: Symbol, _ rhs: Symbol) {
    insert(lhs, -1)
    solve(for: rhs)
  }

  func coefficient(for symbol: Symbol) -> Double {
    let (index, found) = position(of: symbol)
    return found ? cells[index].coefficient : 0
  }

  /// Replaces `symbol` by the expression `row` (which defines it).
  func substitute(_ symbol: Symbol, _ row: Row) {
    let (index, found) = position(of: symbol)
    guard found else { return }
    let coefficient = cells.remove(at: index).coefficient
    insert(row, coefficient)
  }

  var isAllDummies: Bool { cells.allSatisfy { $0.symbol.kind == .dummy } }
}
