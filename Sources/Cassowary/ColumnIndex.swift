/// The solver's column index: for each symbol, the slots of the rows that mention it (a
/// superset: entries go stale lazily, see ``Solver``).
///
/// Most symbols are mentioned by one to three rows (a constraint's slack, a dummy, a view's
/// width), so a column keeps up to three slots inline in a 16-byte record, and only a longer
/// column (an edit variable's errors in a grid of views) spills into an array of its own. One
/// array per symbol, as before, cost at least 48 bytes of heap for a single entry; in a window's
/// solver, which lives as long as its session, that was about a sixth of the layout's memory
/// (BENCHMARKS.md, bench-sessions).
///
/// Entries keep their order and duplicates until a walk drops them, exactly as the array per
/// symbol did, so `count(of:)` (which orders candidate subjects) and every pivot are unchanged.
struct ColumnIndex {
  /// One symbol's column: `count` entries inline in `a`, `b`, `c`, or, when `count > 3`, in
  /// `spills[a]`.
  struct Column {
    var count: Int32 = 0
    var a: Int32 = 0
    var b: Int32 = 0
    var c: Int32 = 0
  }

  private(set) var columns: [Column] = [Column()]
  /// The columns longer than three entries, by the index their record holds in `a`.
  private var spills: [[Int32]] = []
  /// Spill arrays no column uses (emptied, kept for reuse by index).
  private var freeSpills: [Int32] = []
  /// What a walk of an inline column returns, reused so a walk does not allocate.
  private var scratch: [Int32] = []
  /// Per symbol whose column `compact` cleaned: how many stale entries and duplicates it dropped
  /// that the column would still hold had it waited for its next walk. `count(of:)` adds them,
  /// so the order in which the solver tries candidate subjects (fewest entries first) is the
  /// same as without the cleaning; the next walk or `clear` forgets them, as it would have
  /// dropped the entries.
  ///
  /// Either empty (no phantoms) or one count per symbol: an array rather than a hash table,
  /// because every walk and every count after a thaw looked it up, and a thaw made an entry for
  /// most columns (BENCHMARKS.md, Stop 13).
  private var phantoms: [Int32] = []

  /// An empty index.
  init() {}

  /// The index a frozen one stood for (see ``Solver/trimStorage()``): an entry for every row
  /// that mentions each symbol, in slot order, and, as phantoms, whatever more the column
  /// counted when it was frozen (`counts[symbol]`, from `count(of:)`: stale entries, duplicates
  /// and earlier phantoms). Walks return the rows that mention a symbol, each once, whatever the
  /// order of its entries, so the only thing the entries decide beyond that, the count, is kept.
  ///
  /// Built in two passes, so each spilled column is allocated once at its size rather than
  /// grown entry by entry: this runs once per frame that changes an idle window's layout.
  ///
  /// Read from the packed rows, so the rows themselves need not be unpacked for it.
  init(packed rows: PackedRows, counts: [Int32]) {
    let symbolCount = counts.count
    let idMask: UInt32 = 1 << 29 - 1
    // `Array(repeatElement(_:count:))` rather than `init(repeating:count:)` here and below: the
    // latter allocates through the standard library's unspecialised
    // `_allocateBufferUninitialized`, a lookup in the runtime's metadata cache whose reader count
    // both event loops' threads write (BENCHMARKS.md, "Stop 17: two loops"); the former is
    // specialised for the element type, its storage class resolved once per call site.
    var columns = [Column](repeatElement(Column(), count: symbolCount))
    var spills: [[Int32]] = []
    rows.withEndsAndSymbols { ends, symbols in
      columns.withUnsafeMutableBufferPointer { columns in
        // First pass: each column's length, counted in its record.
        for packed in symbols { columns[Int(packed & idMask)].count &+= 1 }
        // Columns longer than three get a spill array of exactly their length.
        for symbol in 0..<symbolCount where columns[symbol].count > 3 {
          var spill: [Int32] = []
          spill.reserveCapacity(Int(columns[symbol].count))
          columns[symbol].a = Int32(spills.count)
          columns[symbol].b = -1  // marks a spilled column while filling
          spills.append(spill)
          columns[symbol].count = 0
        }
        for symbol in 0..<symbolCount where columns[symbol].b != -1 { columns[symbol].count = 0 }
        // Second pass: the slots, in slot order.
        var start = 0
        for slot in 0..<ends.count {
          let end = Int(ends[slot])
          for index in start..<end {
            let symbol = Int(symbols[index] & idMask)
            let column = columns[symbol]
            if column.b == -1 {
              spills[Int(column.a)].append(Int32(slot))
            } else {
              switch column.count {
              case 0: columns[symbol].a = Int32(slot)
              case 1: columns[symbol].b = Int32(slot)
              default: columns[symbol].c = Int32(slot)
              }
            }
            columns[symbol].count &+= 1
          }
          start = end
        }
        for symbol in 0..<symbolCount where columns[symbol].b == -1 && columns[symbol].count > 3 {
          columns[symbol].b = 0
        }
      }
    }
    var phantoms: [Int32] = []
    for symbol in 0..<symbolCount where counts[symbol] > columns[symbol].count {
      if phantoms.isEmpty { phantoms = [Int32](repeatElement(0, count: symbolCount)) }
      phantoms[symbol] = counts[symbol] - columns[symbol].count
    }
    self.columns = columns
    self.spills = spills
    self.phantoms = phantoms
  }

  /// What a frozen index keeps: each symbol's `count(of:)`.
  var counts: [Int32] {
    [Int32](filling: columns.count) { buffer, count in
      for symbol in columns.indices {
        buffer.initializeElement(at: symbol, to: Int32(self.count(of: symbol)))
      }
      count = columns.count
    }
  }

  /// Symbols with a column (ids 0 ..< symbolCount; 0 is `Symbol.invalid`'s).
  var symbolCount: Int { columns.count }

  /// Adds an empty column for the next symbol id.
  mutating func addSymbol() {
    columns.append(Column())
    if !phantoms.isEmpty { phantoms.append(0) }
  }

  /// How many entries the column holds, stale ones and duplicates included.
  @inline(__always) func count(of symbol: Int) -> Int {
    let stored = Int(columns[symbol].count)
    return phantoms.isEmpty ? stored : stored + Int(phantoms[symbol])
  }

  /// Records that the row in `slot` mentions `symbol`.
  @inline(__always) mutating func append(_ slot: Int32, to symbol: Int) {
    let column = columns[symbol]
    switch column.count {
    case 0: columns[symbol] = Column(count: 1, a: slot)
    case 1: columns[symbol] = Column(count: 2, a: column.a, b: slot)
    case 2: columns[symbol] = Column(count: 3, a: column.a, b: column.b, c: slot)
    case 3:
      let spill: Int32
      if let free = freeSpills.popLast() {
        spill = free
        spills[Int(spill)] = [column.a, column.b, column.c, slot]
      } else {
        spill = Int32(spills.count)
        spills.append([column.a, column.b, column.c, slot])
      }
      columns[symbol] = Column(count: 4, a: spill)
    default:
      spills[Int(column.a)].append(slot)
      columns[symbol].count += 1
    }
  }

  /// Records that the row in `slot` mentions each of `symbols`: one call for a substitution's
  /// new symbols, so the solver's table is reached once rather than once per symbol.
  mutating func append(_ slot: Int32, toEach symbols: [Symbol]) {
    for symbol in symbols { append(slot, to: symbol.index) }
  }

  /// Records that the row in `slot` mentions the symbol of each of `cells` (a row just stored).
  mutating func append(_ slot: Int32, toEachIn cells: [Cell]) {
    for cell in cells { append(slot, to: cell.symbol.index) }
  }

  /// Empties the column (no row mentions the symbol any more).
  mutating func clear(_ symbol: Int) {
    if !phantoms.isEmpty { phantoms[symbol] = 0 }
    let column = columns[symbol]
    if column.count > 3 { releaseSpill(column.a) }
    columns[symbol] = Column()
  }

  private mutating func releaseSpill(_ spill: Int32) {
    spills[Int(spill)] = []
    freeSpills.append(spill)
  }

  /// Walks the column in order, keeps the entries `keep` accepts (it is called once per entry,
  /// in order; the walks use it to drop stale entries and duplicates, and `shiftRows` does its
  /// work in it), stores the kept ones back in order and returns them. The returned array is
  /// valid until the next walk: iterate it, do not keep it.
  @inline(__always)
  mutating func filter(_ symbol: Int, keep: (Int32) -> Bool) -> [Int32] {
    if !phantoms.isEmpty { phantoms[symbol] = 0 }
    let column = columns[symbol]
    if column.count <= 3 {
      scratch.removeAll(keepingCapacity: true)
      if column.count > 0 && keep(column.a) { scratch.append(column.a) }
      if column.count > 1 && keep(column.b) { scratch.append(column.b) }
      if column.count > 2 && keep(column.c) { scratch.append(column.c) }
      var kept = Column(count: Int32(scratch.count))
      if scratch.count > 0 { kept.a = scratch[0] }
      if scratch.count > 1 { kept.b = scratch[1] }
      if scratch.count > 2 { kept.c = scratch[2] }
      columns[symbol] = kept
      return scratch
    }
    let spill = Int(column.a)
    var list = spills[spill]
    spills[spill] = []
    var kept = 0
    list.withUnsafeMutableBufferPointer { list in
      for index in 0..<list.count where keep(list[index]) {
        list[kept] = list[index]
        kept &+= 1
      }
    }
    list.removeLast(list.count - kept)
    if kept > 3 {
      spills[spill] = list
      columns[symbol].count = Int32(kept)
    } else {
      freeSpills.append(Int32(spill))
      var inline = Column(count: Int32(kept))
      if kept > 0 { inline.a = list[0] }
      if kept > 1 { inline.b = list[1] }
      if kept > 2 { inline.c = list[2] }
      columns[symbol] = inline
    }
    return list
  }

  /// Calls `body` with every entry of the column, stale ones and duplicates included, changing
  /// nothing (not even the phantoms a walk forgets).
  func forEach(_ symbol: Int, _ body: (Int32) -> Void) {
    let column = columns[symbol]
    switch column.count {
    case 0: return
    case 1: body(column.a)
    case 2:
      body(column.a)
      body(column.b)
    case 3:
      body(column.a)
      body(column.b)
      body(column.c)
    default: for slot in spills[Int(column.a)] { body(slot) }
    }
  }

  /// Bytes held: the records, the spilled arrays (with an array's 32-byte header each) and the
  /// spare capacity of both.
  var byteCount: Int {
    var bytes = columns.capacity * MemoryLayout<Column>.stride + spills.capacity * 8 + freeSpills.capacity * 4
    for spill in spills where spill.capacity > 0 { bytes += 32 + spill.capacity * 4 }
    return bytes + scratch.capacity * 4 + phantoms.capacity * 4
  }

  /// The entries stored (stale ones and duplicates included, those `compact` dropped not), for
  /// statistics.
  var entryCount: Int { columns.reduce(0) { $0 + Int($1.count) } }

  /// Gives back spare capacity: the record array and the spill table shrink to what is used
  /// (with an eighth of headroom), and unused spill slots at the end are dropped.
  mutating func trim() {
    while let last = spills.indices.last, spills[last].isEmpty, freeSpills.contains(Int32(last)) {
      spills.removeLast()
      freeSpills.removeAll { $0 == Int32(last) }
    }
    shrink(&columns)
    shrink(&spills)
    shrink(&freeSpills)
    for index in spills.indices { shrink(&spills[index], headroom: false) }
    if scratch.capacity > 64 { scratch = [] }
  }

  /// Renumbers the symbols: `newID[old]` is the new id of a kept symbol, or -1 for a dropped
  /// one, whose column is released. New ids keep the old order, so the walks stay as they were.
  mutating func renumber(_ newID: [Int32], count: Int) {
    var renumbered = [Column](repeatElement(Column(), count: count))
    for (old, column) in columns.enumerated() {
      let id = newID[old]
      if id >= 0 {
        renumbered[Int(id)] = column
      } else if column.count > 3 {
        releaseSpill(column.a)
      }
    }
    columns = renumbered
    if !phantoms.isEmpty {
      var kept = [Int32](repeatElement(0, count: count))
      for (symbol, phantom) in phantoms.enumerated() where newID[symbol] >= 0 {
        kept[Int(newID[symbol])] = phantom
      }
      phantoms = kept
    }
  }
}

/// Shrinks `array`'s capacity to its count (plus an eighth, with `headroom`) when more than a
/// quarter of it is spare: a copy, so call it when the array will stay as it is for a while.
func shrink<Element>(_ array: inout [Element], headroom: Bool = true) {
  let target = array.count + (headroom ? array.count / 8 : 0)
  guard array.capacity > 8, array.capacity - target > array.capacity / 4 else { return }
  if array.isEmpty {
    array = []
    return
  }
  var copy: [Element] = []
  copy.reserveCapacity(target)
  copy.append(contentsOf: array)
  array = copy
}

/// Shrinks `array`'s capacity to its count whenever the spare room is a malloc granule (16
/// bytes) or more: for arrays that stay as they are for a session's life, where `shrink`'s
/// quarter is kept for good. A copy only when it gives a smaller block: glibc rounds a request
/// up to 16 bytes, so an exactly reserved array has less than 16 spare bytes, and calling this
/// again on an unchanged array copies nothing.
func fitExactly<Element>(_ array: inout [Element]) {
  guard (array.capacity - array.count) * MemoryLayout<Element>.stride >= 16 else { return }
  if array.isEmpty {
    array = []
    return
  }
  var copy: [Element] = []
  copy.reserveCapacity(array.count)
  copy.append(contentsOf: array)
  array = copy
}
