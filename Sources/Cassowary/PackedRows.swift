/// The tableau's rows while the solver sits idle: every row's cells in one pair of contiguous
/// arrays (symbol, coefficient), with three numbers per row slot.
///
/// In the tableau a row is a value with its own array of cells, because substitution grows and
/// merges rows one at a time. Each of those arrays costs a 32-byte header and the allocator's
/// per-chunk overhead (16 bytes) on top of its 16-byte cells, and a row slot is 24 bytes: for a
/// window's solver, which holds its rows for the session's life and changes them only when the
/// layout does, that bookkeeping was larger than the cells themselves (BENCHMARKS.md,
/// bench-sessions). Packed, a row slot costs 16 bytes and a cell 12, in five allocations for
/// the whole tableau.
///
/// The solver packs its rows in ``Solver/trimStorage()`` and unpacks them, exactly as they were
/// (same slots, same cells in the same order, same bits), before its next change; nothing the
/// pivoting rules look at differs, so no solution does.
struct PackedRows: Sendable {
  /// Per slot: the row's constant, its basic symbol (packed, see `pack`), and where its cells
  /// end in `symbols`/`coefficients` (they start where the previous slot's end).
  private(set) var constants: [Double]
  private var basics: [UInt32]
  private var ends: [Int32]
  /// Every row's cells, slot after slot, each row's in its order (by symbol id).
  private var symbols: [UInt32]
  private var coefficients: [Double]

  /// A symbol in 32 bits: the id in the low 29, the kind in the high 3. Ids are dense per
  /// solver (and renumbered when sparse), far below 2^29.
  @inline(__always) static func pack(_ symbol: Symbol) -> UInt32 {
    precondition(symbol.id >= 0 && symbol.id < 1 << 29, "symbol id out of range")
    return UInt32(symbol.id) | UInt32(symbol.kind.rawValue) << 29
  }

  @inline(__always) static func unpack(_ packed: UInt32) -> Symbol {
    Symbol(id: Int32(packed & (1 << 29 - 1)), kind: Symbol.Kind(rawValue: UInt8(packed >> 29))!)
  }

  /// Packs `rows` (free slots included, as empty rows), each array at exactly its size. A slot
  /// that `unread` marks was never unpacked since `source` was (see ``Solver``'s `thaw`): its
  /// row in `rows` has the constant and basic symbol but no cells, and its cells are copied
  /// from `source`, where they still are.
  init(_ rows: [Row], unread: [Bool] = [], source: PackedRows? = nil) {
    @inline(__always) func isUnread(_ slot: Int) -> Bool { slot < unread.count && unread[slot] }
    var cellCount = 0
    for slot in rows.indices {
      cellCount += isUnread(slot) ? source!.cellCount(ofSlot: slot) : rows[slot].cells.count
    }
    constants = [Double](filling: rows.count) { buffer, count in
      for (slot, row) in rows.enumerated() { buffer.initializeElement(at: slot, to: row.constant) }
      count = rows.count
    }
    basics = [UInt32](filling: rows.count) { buffer, count in
      for (slot, row) in rows.enumerated() { buffer.initializeElement(at: slot, to: Self.pack(row.basic)) }
      count = rows.count
    }
    // Written through buffers, slot after slot: this runs once per frame that changed a
    // window's layout, and appending cell by cell (a capacity check each) was half its cost.
    let ends = [Int32](filling: rows.count) { buffer, count in
      var end: Int32 = 0
      for slot in rows.indices {
        end &+= Int32(isUnread(slot) ? source!.cellCount(ofSlot: slot) : rows[slot].cells.count)
        buffer.initializeElement(at: slot, to: end)
      }
      count = rows.count
    }
    // One column of cells (symbols or coefficients), slot after slot: an unread slot's cells
    // copied from `source`'s same column, any other's converted from its row's cells.
    @inline(__always) func column<Element>(
      _ sourceColumn: (PackedRows) -> [Element], _ convert: (Cell) -> Element
    ) -> [Element] {
      [Element](filling: cellCount) { buffer, count in
        var at = 0
        for (slot, row) in rows.enumerated() {
          if isUnread(slot), let source {
            let packed = sourceColumn(source)
            for index in source.range(ofSlot: slot) {
              buffer.initializeElement(at: at, to: packed[index])
              at &+= 1
            }
          } else {
            row.cells.withUnsafeBufferPointer { cells in
              for cell in cells {
                buffer.initializeElement(at: at, to: convert(cell))
                at &+= 1
              }
            }
          }
        }
        count = cellCount
      }
    }
    let symbols = column({ $0.symbols }) { Self.pack($0.symbol) }
    let coefficients = column({ $0.coefficients }) { $0.coefficient }
    self.symbols = symbols
    self.coefficients = coefficients
    self.ends = ends
  }

  /// Slots packed (free ones included).
  var slotCount: Int { constants.count }

  /// Cells packed.
  var cellCount: Int { symbols.count }

  /// Where the slot's cells are in `symbols`/`coefficients`.
  @inline(__always) func range(ofSlot slot: Int) -> Range<Int> {
    (slot == 0 ? 0 : Int(ends[slot - 1]))..<Int(ends[slot])
  }

  /// The coefficient of the symbol with id `id` in the slot's row, or nil when the row does not
  /// mention it (binary search: a row's cells are sorted by id).
  func coefficient(ofSlot slot: Int, _ id: Int32) -> Double? {
    let range = range(ofSlot: slot)
    let target = UInt32(id)
    return symbols.withUnsafeBufferPointer { symbols -> Double? in
      let (index, found) = symbols[range].sortedPosition(of: target) { $0 & (1 << 29 - 1) }
      return found ? coefficients[index] : nil
    }
  }

  /// How many cells the slot's row has.
  func cellCount(ofSlot slot: Int) -> Int { range(ofSlot: slot).count }

  /// The slot's cells, unpacked, in an array of exactly their size.
  func cells(ofSlot slot: Int) -> [Cell] {
    let range = range(ofSlot: slot)
    if range.isEmpty { return [] }
    // Made from a lazy map (an array of exactly its count, allocated and written by code
    // specialised for `Cell`) rather than `init(unsafeUninitializedCapacity:)`, whose allocation
    // looks the storage class up in the runtime's metadata cache on every call, a write both
    // event loops' threads share (see `Row.compact(exactly:)`). The map's closure captures
    // nothing (it is given both columns zipped): a capturing one would allocate its context.
    return symbols.withUnsafeBufferPointer { symbols in
      coefficients.withUnsafeBufferPointer { coefficients in
        [Cell](
          zip(symbols[range], coefficients[range]).lazy.map {
            Cell(symbol: Self.unpack($0), coefficient: $1)
          })
      }
    }
  }

  /// Every slot's row with its constant and basic symbol but none of its cells (which
  /// `cells(ofSlot:)` gives when the row is first read): one allocation for the whole tableau.
  func shells() -> [Row] {
    // A lazy map of a closure that captures nothing, for the reasons `cells(ofSlot:)` gives.
    [Row](zip(constants, basics).lazy.map { Row(sortedCells: [], constant: $0, basic: Self.unpack($1)) })
  }

  /// Calls `body` with the row ends and the packed symbols (id in the low 29 bits), for loops
  /// over every cell that should not pay a bounds check per cell.
  func withEndsAndSymbols<Result>(
    _ body: (UnsafeBufferPointer<Int32>, UnsafeBufferPointer<UInt32>) -> Result
  ) -> Result {
    ends.withUnsafeBufferPointer { ends in symbols.withUnsafeBufferPointer { symbols in body(ends, symbols) }
    }
  }

  /// Calls `body` with the slot and symbol id of every packed cell, slot after slot.
  func forEachCell(_ body: (_ slot: Int32, _ symbol: Int) -> Void) {
    var start = 0
    for slot in ends.indices {
      let end = Int(ends[slot])
      for index in start..<end { body(Int32(slot), Int(symbols[index] & (1 << 29 - 1))) }
      start = end
    }
  }

  /// Feeds the per-slot bits (constants, basic symbols, row lengths) and the cell count to
  /// `hasher` (``FrozenTables``): enough to tell tableaux apart in practice (two windows of
  /// different sizes differ in their constants), at a fraction of hashing every cell, which
  /// was a tenth of a stacks toggle's packing. Equality still compares every bit.
  func hashBits(into hasher: inout Hasher) {
    hashBytes(of: constants, into: &hasher)
    hashBytes(of: basics, into: &hasher)
    hashBytes(of: ends, into: &hasher)
    hasher.combine(symbols.count)
  }

  /// Whether every packed bit is the same as in `other`.
  func hasSameBits(as other: PackedRows) -> Bool {
    sameBytes(constants, other.constants) && sameBytes(basics, other.basics) && sameBytes(ends, other.ends)
      && sameBytes(symbols, other.symbols) && sameBytes(coefficients, other.coefficients)
  }

  /// Heap bytes held (array headers included).
  var byteCount: Int {
    constants.capacity * 8 + basics.capacity * 4 + ends.capacity * 4 + symbols.capacity * 4
      + coefficients.capacity * 8 + 5 * 32
  }
}
