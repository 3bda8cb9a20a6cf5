/// A column of the simplex tableau.
///
/// `external` symbols stand for user ``Variable``s and are unrestricted in sign; `slack`, `error`
/// and `dummy` symbols are the solver's own non-negative unknowns. Slacks turn inequalities into
/// equations, errors measure how much a non-required constraint is violated (they are what the
/// objective minimises), and dummies mark required equalities (they are always zero and never
/// enter the basis, which is how a conflicting required equality is detected).
///
/// Ids are dense (1, 2, 3, … per solver) so that the solver can index its per-symbol tables
/// (which row a symbol is basic in, which rows mention it) with plain arrays instead of hashing.
/// 32-bit ids keep a ``Cell`` at 16 bytes, so substitution streams through less memory.
struct Symbol: Hashable {
  enum Kind: UInt8 {
    case invalid, external, slack, error, dummy
  }

  /// Unique per solver and dense; also the pivoting order (lowest id first), which makes the
  /// choice of solution deterministic and prevents cycling (Bland's rule).
  let id: Int32
  let kind: Kind

  static let invalid = Symbol(id: 0, kind: .invalid)

  /// The id as an array index.
  @inline(__always) var index: Int { Int(id) }
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
/// adding a multiple of one row to another during substitution, which is a linear merge of two
/// sorted arrays with no hashing (or, when the added row is much shorter, a binary search per
/// cell), and "does this row mention symbol s" is a binary search. Iterating in id order also
/// makes the lowest-id choices of the pivoting rules a plain first match.
///
/// A value type stored in the solver's row array, mutated in place; the solver keeps a column
/// index (which rows mention each symbol) up to date from the symbols these methods report as
/// newly added.
struct Row {
  private(set) var cells: [Cell] = []
  private(set) var constant: Double
  /// The symbol this row defines, or `.invalid` for the objective, temporaries and free slots.
  var basic: Symbol = .invalid

  init(constant: Double = 0) {
    self.constant = constant
  }

  /// A row made from cells already sorted by symbol id (``PackedRows/cells(ofSlot:)``).
  init(sortedCells: [Cell], constant: Double, basic: Symbol) {
    self.cells = sortedCells
    self.constant = constant
    self.basic = basic
  }

  /// Gives a row that was stored without its cells (an unread row after a thaw) its cells,
  /// already sorted by symbol id.
  mutating func setSortedCells(_ sortedCells: [Cell]) { cells = sortedCells }

  /// The index of `symbol`'s cell, or where it would be inserted (binary search on the id).
  @inline(__always) private func position(of symbol: Symbol) -> (index: Int, found: Bool) {
    cells.withUnsafeBufferPointer { buffer in buffer.sortedPosition(of: symbol.id) { $0.symbol.id } }
  }

  /// Adds `value` to the constant and returns the new constant.
  @discardableResult mutating func add(_ value: Double) -> Double {
    constant += value
    return constant
  }

  /// Adds `coefficient * symbol`, dropping the cell if it cancels to (near) zero. Returns whether
  /// the symbol is newly mentioned by the row.
  @discardableResult mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1) -> Bool {
    let (index, found) = position(of: symbol)
    if found {
      let sum = cells[index].coefficient + coefficient
      if nearZero(sum) {
        cells.remove(at: index)
      } else {
        cells[index].coefficient = sum
      }
      return false
    } else if !nearZero(coefficient) {
      cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: index)
      return true
    }
    return false
  }

  /// Adds `coefficient * other` (constant included) for rows outside the tableau, where nobody
  /// needs to know which symbols were added.
  mutating func insert(_ other: Row, _ coefficient: Double = 1) {
    var ignored: [Symbol] = []
    insert(other, coefficient, track: false, added: &ignored)
  }

  /// Adds `coefficient * other` (constant included). With `track`, appends to `added` every
  /// symbol the row did not mention before.
  ///
  /// When `other` is much shorter than this row (a short definition substituted into a long
  /// objective), each of its cells is placed by binary search, so the cost is proportional to
  /// the short row rather than to both; otherwise the two sorted arrays are merged linearly.
  mutating func insert(_ other: Row, _ coefficient: Double, track: Bool, added: inout [Symbol]) {
    constant += other.constant * coefficient
    let b = other.cells
    if b.isEmpty { return }
    if b.count &* 8 <= cells.count {
      for y in b {
        if insert(y.symbol, y.coefficient * coefficient) && track { added.append(y.symbol) }
      }
      return
    }
    let a = cells
    var merged: [Cell] = []
    merged.reserveCapacity(a.count + b.count)
    a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        var i = 0
        var j = 0
        while i < a.count && j < b.count {
          let x = a[i]
          let y = b[j]
          if x.symbol.id < y.symbol.id {
            merged.append(x)
            i &+= 1
          } else if x.symbol.id > y.symbol.id {
            let value = y.coefficient * coefficient
            if !nearZero(value) {
              merged.append(Cell(symbol: y.symbol, coefficient: value))
              if track { added.append(y.symbol) }
            }
            j &+= 1
          } else {
            let value = x.coefficient + y.coefficient * coefficient
            if !nearZero(value) { merged.append(Cell(symbol: x.symbol, coefficient: value)) }
            i &+= 1
            j &+= 1
          }
        }
        if i < a.count { merged.append(contentsOf: a[i...]) }
        while j < b.count {
          let value = b[j].coefficient * coefficient
          if !nearZero(value) {
            merged.append(Cell(symbol: b[j].symbol, coefficient: value))
            if track { added.append(b[j].symbol) }
          }
          j &+= 1
        }
      }
    }
    cells = merged
  }

  mutating func remove(_ symbol: Symbol) {
    let (index, found) = position(of: symbol)
    if found { cells.remove(at: index) }
  }

  /// Drops the spare capacity the row's cells grew while it was built or merged, so a row that
  /// stays in the tableau holds only its cells. Rows are built one cell at a time and merges
  /// reserve the sum of both lengths; a window's solver keeps its rows for the session's life,
  /// and the spare room was about a tenth of an idle session's memory (BENCHMARKS.md,
  /// bench-sessions). Copies only when at least four cells (64 bytes) would be given back.
  ///
  /// With `exactly`, copies for any spare cell (``Solver/trimStorage()``, when the row will sit
  /// unchanged for a while).
  mutating func compact(exactly: Bool = false) {
    guard cells.capacity >= cells.count &+ (exactly ? 1 : 4) else { return }
    // Copied from a buffer pointer (an array of exactly its count, allocated by code specialised
    // for `Cell`), not with `init(unsafeUninitializedCapacity:)`: that one allocates through the
    // standard library's unspecialised `_allocateBufferUninitialized`, which looks the storage
    // class's metadata up in the runtime's shared cache on every call, writing a reader count
    // that both event loops' threads share (BENCHMARKS.md, "Stop 17: two loops").
    cells = cells.withUnsafeBufferPointer { [Cell]($0) }
  }

  /// Empties the row (used for free slots and rows taken out of the tableau).
  mutating func clear() {
    cells = []
    constant = 0
    basic = .invalid
  }

  mutating func reverseSign() {
    constant = -constant
    for index in cells.indices { cells[index].coefficient = -cells[index].coefficient }
  }

  /// Rewrites `0 = constant + c*symbol + rest` as `symbol = -(constant + rest)/c`; the row then
  /// no longer contains `symbol` (it becomes the row's basic symbol).
  mutating func solve(for symbol: Symbol) {
    let (index, found) = position(of: symbol)
    guard found else { return }
    let factor = -1.0 / cells.remove(at: index).coefficient
    constant *= factor
    for index in cells.indices { cells[index].coefficient *= factor }
    basic = symbol
  }

  /// For a row `lhs = ...` containing `rhs`, rewrites it as `rhs = ...` containing `lhs` (a pivot).
  mutating func solve(for lhs: Symbol, _ rhs: Symbol) {
    insert(lhs, -1)
    solve(for: rhs)
  }

  func coefficient(for symbol: Symbol) -> Double {
    let (index, found) = position(of: symbol)
    return found ? cells[index].coefficient : 0
  }

  func contains(_ symbol: Symbol) -> Bool { position(of: symbol).found }

  /// Replaces `symbol` by the expression `row` (which defines it); see
  /// ``insert(_:_:track:added:)`` for `added`.
  mutating func substitute(_ symbol: Symbol, _ row: Row, added: inout [Symbol]) {
    let (index, found) = position(of: symbol)
    guard found else { return }
    let coefficient = cells.remove(at: index).coefficient
    insert(row, coefficient, track: true, added: &added)
  }

  /// Replaces `symbol` by `row` in a row outside the tableau.
  mutating func substitute(_ symbol: Symbol, _ row: Row) {
    let (index, found) = position(of: symbol)
    guard found else { return }
    let coefficient = cells.remove(at: index).coefficient
    insert(row, coefficient)
  }

  /// Gives every symbol its new id (`newID[old]`), which keeps the old order, so the cells stay
  /// sorted (``Solver/trimStorage()``).
  mutating func renumber(_ newID: [Int32]) {
    for index in cells.indices {
      let symbol = cells[index].symbol
      cells[index].symbol = Symbol(id: newID[symbol.index], kind: symbol.kind)
    }
    if basic.isValid { basic = Symbol(id: newID[basic.index], kind: basic.kind) }
  }

  var isAllDummies: Bool { cells.allSatisfy { $0.symbol.kind == .dummy } }
}
