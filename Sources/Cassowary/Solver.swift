/// An incremental Cassowary solver (Badros, Borning & Stuckey, 2001).
///
/// Constraints are kept in a simplex tableau in solved form, so adding or removing one constraint
/// costs a few pivots rather than a full solve, and changing the value of an edit variable (a
/// window being resized, a view being dragged) is re-optimised with the dual simplex method
/// starting from the previous optimum — nothing is rebuilt. The solution minimises the
/// strength-weighted violation of the non-required constraints while satisfying every required
/// one exactly.
///
/// Typical use:
/// ```swift
/// let solver = Solver()
/// try solver.addConstraint(x + width == windowWidth)
/// try solver.addEditVariable(windowWidth, strength: .strong)
/// try solver.suggestValue(windowWidth, 390)
/// solver.updateVariables()  // x.value, width.value now hold the solution
/// ```
///
/// ## Why building N constraints does not cost N²
///
/// Adding a constraint solves its row for one symbol and substitutes that definition into every
/// row that mentions the symbol. kiwi (and the previous version of this solver) find those rows
/// by walking the whole tableau, so N additions cost N × (number of rows) = N² row visits even
/// when each substitution touches two or three rows. This solver keeps a **column index**: for
/// every symbol, the list of row slots that mention it, updated whenever a substitution adds a
/// symbol to a row. Substitution, the ratio test of a pivot, removing a constraint and shifting
/// rows after `suggestValue` visit only the rows in that list. Entries are removed lazily: a row
/// that stops mentioning a symbol keeps its entry until the next time that column is walked,
/// which drops it (each walk also drops duplicates), so keeping the index costs O(1) per change.
///
/// Everything on the hot path is indexed by dense integer ids rather than hashed: symbols are
/// numbered 1, 2, 3… and "which row is symbol s basic in" and the column index are arrays indexed
/// by that number; rows live in an array of slots and are mutated in place; a row's cells are an
/// array sorted by symbol id, so adding one row to another is a merge. Hashing remains only
/// where a caller's object is mapped to the solver's symbols: once per term when a constraint is
/// added, once per `suggestValue`, never per row.
///
/// Rows can still grow long in layouts where every unknown depends on every other (a chain of
/// views sharing equal widths), and then a pivot costs the row's length; that is inherent to the
/// simplex tableau, not to bookkeeping.
///
/// Every throwing call leaves the solver unchanged when it throws. Not `Sendable`: a solver is a
/// mutable object that lives in one isolation domain along with its variables.
public final class Solver {
  /// The tableau symbols a constraint introduced: `marker` identifies its row (for removal and,
  /// for edits, for shifting the constant); `other` is the second error symbol of a non-required
  /// constraint, or `.invalid`.
  struct Tag {
    var marker: Symbol
    var other: Symbol
  }

  /// One constraint held: 16 bytes, the constraint and its tag's two symbols packed (it was 24
  /// with a `UInt32` serial and an overflow flag; a window's solver keeps one per constraint for
  /// the session's life, Stop 15). The order constraints were added in, which a rebuild needs,
  /// is their markers' order: every constraint gets a new marker when it is added, symbol ids
  /// only grow, and renumbering keeps their order. Whether an entry is found through `overflow`
  /// is whether `overflow` has its constraint (a constraint is in a solver once at most).
  struct ConstraintEntry {
    /// The ``Constraint`` or ``SizeBounds`` held. For size bounds the tag is the first bound's,
    /// kept as the entry's age; each bound's own tag is in the object.
    let object: AnyObject
    /// The tag's two symbols, packed as `PackedRows.pack` packs them.
    private var marker: UInt32
    private var other: UInt32

    init(object: AnyObject, tag: Tag) {
      self.object = object
      marker = PackedRows.pack(tag.marker)
      other = PackedRows.pack(tag.other)
    }

    var tag: Tag {
      get { Tag(marker: PackedRows.unpack(marker), other: PackedRows.unpack(other)) }
      set {
        marker = PackedRows.pack(newValue.marker)
        other = PackedRows.pack(newValue.other)
      }
    }

    /// The marker's id: the order the constraint was added in.
    var age: UInt32 { marker & (1 << 29 - 1) }
  }

  /// One edit variable: 32 bytes in a list sorted by `key` (a hash table of them was 392 bytes
  /// for a window's four, for the session's life; Stop 15). Few variables are editable at once
  /// (a pinned view has four), so a binary search finds one in two or three steps.
  struct EditEntry {
    /// The variable's identity, which orders the list.
    let key: ObjectIdentifier
    private var marker: UInt32
    private var other: UInt32
    let constraint: Constraint
    var constant: Double

    init(key: ObjectIdentifier, tag: Tag, constraint: Constraint, constant: Double) {
      self.key = key
      marker = PackedRows.pack(tag.marker)
      other = PackedRows.pack(tag.other)
      self.constraint = constraint
      self.constant = constant
    }

    var tag: Tag {
      get { Tag(marker: PackedRows.unpack(marker), other: PackedRows.unpack(other)) }
      set {
        marker = PackedRows.pack(newValue.marker)
        other = PackedRows.pack(newValue.other)
      }
    }
  }

  // The solver's stored properties are `@exclusivity(unchecked)`: a class's stored property
  // otherwise has every access the optimizer cannot prove alone checked at run time
  // (`swift_beginAccess`/`swift_endAccess`, a thread-local access set), and the tableau's
  // helpers touch `rows`, `columns`, `slotOfSymbol` and the objective in every step of every
  // loop: in callgrind about a fifth of a form build's instructions went to those checks. A
  // solver is used by one thread at a time and none of its methods hands out an access that
  // another of them could overlap (the tests ran with the checks on and never tripped one);
  // `Variable.value` made the same trade in 62fb1b5. Stop 15 in BENCHMARKS.md.

  /// The constraints held, each found through its `solverIndex` (or `overflow`), so the solver
  /// keeps no hash table of constraints: a dictionary's buckets were 40 bytes each and up to half
  /// empty after growth, in every window's solver for the session's life.
  @exclusivity(unchecked) private var entries: [ConstraintEntry] = []
  /// Entries of constraints whose `solverIndex` another solver holds; empty unless a constraint
  /// is in two solvers at once.
  @exclusivity(unchecked) private var overflow: [ObjectIdentifier: Int32] = [:]
  /// How negative an objective coefficient must be to count as an improving direction. Reduced
  /// costs are sums of strengths, and at UIKit's scale (priority 999 is about 1e9) their rounding
  /// noise exceeds any fixed tolerance; a tiny negative noise term then "improves" along a
  /// direction nothing bounds and the simplex reports the objective unbounded. The tolerance
  /// follows the largest strength in the solver, far below the weakest real reduced cost (about 1).
  @exclusivity(unchecked) private var objectiveTolerance = 1.0e-8
  /// Set while the tableau is rebuilt, so a failure then is reported instead of recursing.
  @exclusivity(unchecked) private var isRebuilding = false
  /// How many times an incremental step fell back to rebuilding the tableau (see
  /// `recover(from:)`); tests assert it stays 0 on the workloads that used to need it.
  public private(set) var rebuildCount = 0
  /// The edit variables, sorted by `EditEntry.key` (see `editIndex(of:)`).
  @exclusivity(unchecked) private var edits: [EditEntry] = []
  /// Every user variable with its symbol, for ``updateVariables()``.
  @exclusivity(unchecked) private var externals: [(variable: Variable, symbol: Symbol)] = []
  /// Per user variable: its place in `externals` and how many constraints in the solver mention
  /// it. A variable no constraint mentions any more is forgotten, so a long-lived solver (a
  /// window showing one app after another) does not keep, and update on every solve, the
  /// variables of every view it ever laid out.
  ///
  /// One table for the symbol, the place and the count (rather than a table of symbols beside a
  /// table of uses): a window's solver lives as long as its session, and the second hash table
  /// was about 1 KB of every idle session (BENCHMARKS.md, bench-sessions).
  @exclusivity(unchecked) private var externalUses: [ObjectIdentifier: ExternalUse] = [:]

  /// A user variable's symbol, its place in `externals` and how many constraints mention it.
  struct ExternalUse {
    var symbol: Symbol
    var index: Int32
    var count: Int32
  }

  /// The number of user variables the solver holds.
  public var variableCount: Int { externals.count }

  /// The room the constraint entries and the user variables' list have (counts, not bytes), so
  /// tests can show that an idle solver keeps no spare room in either.
  package var entryCapacities: (entries: Int, externals: Int) { (entries.capacity, externals.capacity) }

  /// The tableau rows, by slot; a free slot holds an empty row with an invalid basic symbol.
  @exclusivity(unchecked) private var rows: [Row] = []
  @exclusivity(unchecked) private var freeSlots: [Int32] = []
  /// Per symbol id: the slot of the row the symbol is basic in, or -1 if it is parametric.
  @exclusivity(unchecked) private var slotOfSymbol: [Int32] = [-1]
  /// Per symbol id: slots of rows that mention the symbol (a superset; see the type's docs).
  @exclusivity(unchecked) private var columns = ColumnIndex()
  /// Per slot: the last walk that visited it, to drop duplicate column entries.
  @exclusivity(unchecked) private var visited: [UInt32] = []
  @exclusivity(unchecked) private var walk: UInt32 = 0

  /// While the solver sits idle after ``trimStorage()``: what `freeze()` packed, shared with
  /// every other solver on this thread whose packed tables are the same (``FrozenTables``:
  /// interned per thread, so the daemon's loops never share one); the next change
  /// unpacks it (`thaw()`) exactly as it was. Meanwhile `rows`, `visited` and `columns` are
  /// empty, and so is `externalUses` (which only the changes look up: its symbol and place are
  /// in `externals`, and a hash table's buckets cost 32 bytes a variable, half of them empty).
  @exclusivity(unchecked) private var frozen: FrozenTables?
  /// After a thaw, the tables thawed from, and per slot whether its row's cells are still only
  /// there (`unread`): a thaw unpacks each row's constant and basic symbol but not its cells,
  /// which `read(_:)` unpacks when a step first needs them, so a frame that changes a few rows
  /// of a large tableau unpacks those rows, not all of them (Stop 13 in BENCHMARKS.md). The
  /// next freeze copies the unread rows' cells from `thawedFrom` as they were.
  @exclusivity(unchecked) private var thawedFrom: FrozenTables?
  @exclusivity(unchecked) private var unread: [Bool] = []

  @exclusivity(unchecked) private var infeasibleRows: [Symbol] = []
  @exclusivity(unchecked) private var objective = Row()
  /// The phase-one objective while a row is being added with an artificial variable.
  @exclusivity(unchecked) private var artificial: Row?

  /// An empty solver.
  public init() {}

  // MARK: - Constraints

  /// Adds a constraint and re-optimises.
  ///
  /// - Throws: ``SolverError/duplicateConstraint(_:)`` if this object was already added;
  ///   ``SolverError/unsatisfiableConstraint(_:)`` if it is required and conflicts with the
  ///   required constraints already present (the solver is left as it was).
  public func addConstraint(_ constraint: Constraint) throws(SolverError) {
    thaw()
    guard entryIndex(of: constraint) == nil else { throw .duplicateConstraint("\(constraint)") }
    try add(constraint, bounds: nil, bound: 0)
  }

  /// Adds `constraint`'s row and re-optimises. Its tag is filed before re-optimising, as a
  /// rebuild then re-adds what is filed: in a new entry, or as bound `bound` of `bounds` (which
  /// has an entry already).
  private func add(_ constraint: Constraint, bounds: SizeBounds?, bound: Int) throws(SolverError) {
    var (row, tag) = makeRow(for: constraint)
    var subject = chooseSubject(row, tag)

    // A row of dummies only is a required equality that is either redundant (constant 0) or in
    // conflict with the existing required equalities.
    if !subject.isValid && row.isAllDummies {
      guard nearZero(row.constant) else { throw .unsatisfiableConstraint("\(constraint)") }
      subject = tag.marker
    }

    if subject.isValid {
      row.solve(for: subject)
      substitute(subject, row)
      addRow(row)
    } else {
      guard try addWithArtificialVariable(row) else {
        // The artificial phase only pivoted the existing system into an equivalent basis; the
        // rejected row was dropped, so restoring optimality is all that is left to do.
        try optimize(artificial: false)
        throw .unsatisfiableConstraint("\(constraint)")
      }
    }

    if let bounds {
      bounds.setTag(bound, tag)
      // The entry's age is its first bound's marker.
      if let index = entryIndex(of: bounds), !entries[index].tag.marker.isValid { entries[index].tag = tag }
    } else {
      insertEntry(constraint, tag: tag)
    }
    for variable in mentionedVariables(of: constraint) {
      externalUses[ObjectIdentifier(variable)]?.count += 1
    }
    if !constraint.strength.isRequired {
      objectiveTolerance = max(objectiveTolerance, constraint.strength.value * 1.0e-12)
    }
    do {
      try optimize(artificial: false)
    } catch {
      try recover(from: error)
    }
  }

  /// Removes a constraint previously added and re-optimises; the solution is the one the
  /// remaining constraints alone would give.
  ///
  /// - Throws: ``SolverError/unknownConstraint(_:)`` if the constraint is not in the solver.
  public func removeConstraint(_ constraint: Constraint) throws(SolverError) {
    thaw()
    guard let index = entryIndex(of: constraint) else { throw .unknownConstraint("\(constraint)") }
    let entry = removeEntry(at: index)
    try removeRow(entry.tag, of: constraint)
  }

  /// Takes out the row of `constraint`, whose entry (or bound) is gone already, and re-optimises.
  private func removeRow(_ tag: Tag, of constraint: Constraint) throws(SolverError) {
    removeErrorTerms(tag, strength: constraint.strength)

    // If the marker is basic its row is the constraint; otherwise pivot the marker into the basis
    // through the row that keeps the tableau feasible, then drop that row.
    if slotOfSymbol[tag.marker.index] >= 0 {
      _ = takeRow(tag.marker)
    } else {
      guard let leaving = markerLeavingRow(tag.marker) else {
        return try rebuild()
      }
      var row = takeRow(leaving)
      row.solve(for: leaving, tag.marker)
      substitute(tag.marker, row)
    }
    releaseVariables(of: constraint)
    do {
      try optimize(artificial: false)
    } catch {
      try recover(from: error)
    }
  }

  // MARK: - Size bounds

  /// Adds a view's size bounds (see ``SizeBounds``): each bound as ``addConstraint(_:)`` would
  /// add its constraint, in order, re-optimising after each. A bound the solver cannot take (a
  /// required one in conflict) is left out and the others are added, as a caller adding the
  /// constraints one by one and ignoring a refusal would have them.
  ///
  /// - Throws: ``SolverError/duplicateConstraint(_:)`` if a solver holds these bounds already
  ///   (a bounds object keeps its bounds' tags, so it is in one solver at a time).
  public func addSizeBounds(_ bounds: SizeBounds) throws(SolverError) {
    thaw()
    guard bounds.solverIndex < 0 else { throw .duplicateConstraint("size bounds of \(bounds.width)") }
    try addBounds(bounds, only: nil)
  }

  /// Adds the bounds `only` lists (every bound there is when nil), into a new entry.
  private func addBounds(_ bounds: SizeBounds, only: [Bool]?) throws(SolverError) {
    for index in 0..<SizeBounds.boundCount { bounds.setTag(index, Tag(marker: .invalid, other: .invalid)) }
    insertEntry(bounds, tag: Tag(marker: .invalid, other: .invalid))
    for index in 0..<SizeBounds.boundCount where bounds.hasBound(index) && only?[index] ?? true {
      do {
        try add(bounds.constraint(index), bounds: bounds, bound: index)
      } catch {
        // A rebuild re-adds what was in the solver: a refusal then is an error of the rebuild.
        if isRebuilding { throw error }
      }
    }
    // Nothing taken: no entry.
    if let index = entryIndex(of: bounds), !entries[index].tag.marker.isValid { _ = removeEntry(at: index) }
  }

  /// Removes size bounds added with ``addSizeBounds(_:)``: each bound held, in order, as
  /// ``removeConstraint(_:)`` would remove its constraint.
  ///
  /// - Throws: ``SolverError/unknownConstraint(_:)`` if this solver does not hold them.
  public func removeSizeBounds(_ bounds: SizeBounds) throws(SolverError) {
    thaw()
    guard entryIndex(of: bounds) != nil else { throw .unknownConstraint("size bounds of \(bounds.width)") }
    for index in 0..<SizeBounds.boundCount where bounds.isHeld(index) {
      let tag = bounds.tag(index)
      bounds.setTag(index, Tag(marker: .invalid, other: .invalid))
      // The entry goes with the last bound held, before its row (as a constraint's does).
      if !(index + 1..<SizeBounds.boundCount).contains(where: bounds.isHeld),
        let entry = entryIndex(of: bounds)
      {
        _ = removeEntry(at: entry)
      }
      // As a caller removing the constraints one by one and ignoring a failure would.
      try? removeRow(tag, of: bounds.constraint(index))
    }
    if let entry = entryIndex(of: bounds) { _ = removeEntry(at: entry) }
  }

  /// The safety net under every incremental step: a step that reaches a state the algorithm
  /// rules out (an unbounded objective, a dual pivot with no entering symbol) is redone by
  /// rebuilding the tableau from the constraints and suggestions the solver holds, which is
  /// what the incremental result must equal anyway, at the cost of one build of that system.
  ///
  /// FIXME: such states came from rounding at UIKit-scale weights (`objectiveTolerance` now
  /// absorbs the cases found: RemovalOrderTests, a root's pins and safe-area ties removed as an
  /// app closes; kiwisolver 1.5.1 aborts on the same calls). A rebuild costs O(system), so one
  /// that happens on every frame would show in bench-layout; none does on its workloads.
  private func recover(from error: SolverError) throws(SolverError) {
    guard case .internalSolverError = error, !isRebuilding else { throw error }
    try rebuild()
  }

  /// Rebuilds the tableau from the constraints and edit suggestions that remain, in the order
  /// they were added, so the solution equals that of a new solver given the same calls.
  private func rebuild() throws(SolverError) {
    isRebuilding = true
    rebuildCount += 1
    defer { isRebuilding = false }
    let survivors = entries.sorted { $0.age < $1.age }
    // Which bounds each size bounds object has in the solver, read before `reset` forgets them.
    let held = survivors.map { entry -> [Bool]? in
      guard let bounds = entry.object as? SizeBounds else { return nil }
      return (0..<SizeBounds.boundCount).map(bounds.isHeld)
    }
    let editEntries = edits
    reset()
    for (entry, bounds) in zip(survivors, held) {
      if let constraint = entry.object as? Constraint {
        try addConstraint(constraint)
      } else if let sizeBounds = entry.object as? SizeBounds, let bounds {
        try addBounds(sizeBounds, only: bounds)
      }
    }
    for edit in editEntries {
      guard let added = entryIndex(of: edit.constraint) else {
        throw .internalSolverError("edit constraint \(edit.constraint) missing after a rebuild")
      }
      // Same keys, same order: the list stays sorted.
      edits.append(
        EditEntry(key: edit.key, tag: entries[added].tag, constraint: edit.constraint, constant: 0))
    }
    for edit in editEntries where edit.constant != 0 {
      guard let variable = edit.constraint.expression.terms.first?.variable else { continue }
      assert(ObjectIdentifier(variable) == edit.key)
      try suggestValue(variable, edit.constant)
    }
  }

  /// Whether this constraint object is currently in the solver.
  public func hasConstraint(_ constraint: Constraint) -> Bool {
    entryIndex(of: constraint) != nil
  }

  // MARK: - Edit variables

  /// Makes `variable` editable with ``suggestValue(_:_:)``; suggestions compete with the other
  /// constraints at `strength`. Until the first suggestion the variable is pulled towards 0.
  ///
  /// - Throws: ``SolverError/duplicateEditVariable(_:)`` if it is already editable;
  ///   ``SolverError/badRequiredStrength(_:)`` for a required strength.
  public func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
    let key = ObjectIdentifier(variable)
    let place = editIndex(of: key)
    guard !place.found else { throw .duplicateEditVariable("\(variable)") }
    guard !strength.isRequired else { throw .badRequiredStrength("\(variable)") }
    let constraint = Constraint(Expression(variable), .equal, strength: strength)
    try addConstraint(constraint)
    guard let index = entryIndex(of: constraint) else {
      throw .internalSolverError("edit constraint for \(variable) missing after it was added")
    }
    edits.insert(
      EditEntry(key: key, tag: entries[index].tag, constraint: constraint, constant: 0), at: place.index)
  }

  /// Where the edit entry of the variable `key` is in `edits`, or where it would go.
  @inline(__always) private func editIndex(of key: ObjectIdentifier) -> (index: Int, found: Bool) {
    edits.sortedPosition(of: key) { $0.key }
  }

  /// Stops `variable` from being editable and removes its edit constraint.
  ///
  /// - Throws: ``SolverError/unknownEditVariable(_:)`` if it is not an edit variable.
  public func removeEditVariable(_ variable: Variable) throws(SolverError) {
    let place = editIndex(of: ObjectIdentifier(variable))
    guard place.found else { throw .unknownEditVariable("\(variable)") }
    let entry = edits.remove(at: place.index)
    try removeConstraint(entry.constraint)
  }

  /// Whether `variable` is currently an edit variable.
  public func hasEditVariable(_ variable: Variable) -> Bool {
    editIndex(of: ObjectIdentifier(variable)).found
  }

  /// Suggests a value for an edit variable and re-optimises incrementally with the dual simplex
  /// method: only the edit constraint's constant changes, so the previous basis stays optimal
  /// (only possibly infeasible) and is repaired by a few dual pivots instead of a rebuild. Only
  /// the rows that mention the edit constraint's marker are touched (see the column index in the
  /// type's docs), not the whole tableau.
  ///
  /// Call ``updateVariables()`` afterwards to read the result.
  ///
  /// - Throws: ``SolverError/unknownEditVariable(_:)`` if `variable` is not an edit variable.
  public func suggestValue(_ variable: Variable, _ value: Double) throws(SolverError) {
    let place = editIndex(of: ObjectIdentifier(variable))
    guard place.found else { throw .unknownEditVariable("\(variable)") }
    thaw()
    let entry = edits[place.index]
    let delta = value - entry.constant
    edits[place.index].constant = value

    let tag = entry.tag
    let markerSlot = slotOfSymbol[tag.marker.index]
    let otherSlot = tag.other.isValid ? slotOfSymbol[tag.other.index] : -1
    if markerSlot >= 0 {
      // The positive error is basic: only its own row moves.
      if rows[Int(markerSlot)].add(-delta) < 0 { infeasibleRows.append(tag.marker) }
    } else if otherSlot >= 0 {
      if rows[Int(otherSlot)].add(delta) < 0 { infeasibleRows.append(tag.other) }
    } else {
      // Both errors are parametric: every row that mentions the marker shifts by its coefficient.
      shiftRows(mentioning: tag.marker, by: delta)
    }
    do {
      try dualOptimize()
    } catch {
      try recover(from: error)
    }
  }

  // MARK: - Results

  /// Copies the current solution into every ``Variable/value`` the solver knows about.
  public func updateVariables() {
    if let frozen {
      let constants = frozen.rows.constants
      for (variable, symbol) in externals {
        let slot = slotOfSymbol[symbol.index]
        variable.value = slot >= 0 ? constants[Int(slot)] : 0
      }
      return
    }
    rows.withUnsafeBufferPointer { rows in
      slotOfSymbol.withUnsafeBufferPointer { slotOfSymbol in
        for (variable, symbol) in externals {
          let slot = slotOfSymbol[symbol.index]
          variable.value = slot >= 0 ? rows[Int(slot)].constant : 0
        }
      }
    }
  }

  /// Removes every constraint and edit variable, as if newly created.
  public func reset() {
    releaseEntries()
    entries = []
    overflow = [:]
    edits = []
    externals = []
    externalUses = [:]
    rows = []
    frozen = nil
    thawedFrom = nil
    unread = []
    freeSlots = []
    slotOfSymbol = [-1]
    columns = ColumnIndex()
    visited = []
    walk = 0
    infeasibleRows = []
    objective = Row()
    artificial = nil
    objectiveTolerance = 1.0e-8
  }

  // MARK: - Storage

  /// What a solver holds, for tests and for finding where a window's memory goes.
  public struct StorageStatistics: Sendable, Equatable {
    /// Constraints held (edit constraints included).
    public var constraints: Int
    /// Rows in the tableau.
    public var rows: Int
    /// Row slots, in use or free (free slots are reused before new ones are made).
    public var rowSlots: Int
    /// Cells of the rows in the tableau (`coefficient * symbol` entries).
    public var cells: Int
    /// Symbol ids allocated: every per-symbol table has this many entries.
    public var symbols: Int
    /// Entries of the column index, stale ones included (while the solver is packed after
    /// ``Solver/trimStorage()``: the entries unpacking will make, one per cell).
    public var columnEntries: Int
    /// An estimate of the heap bytes the solver's own tables hold, spare capacity included
    /// (not counting the constraint and variable objects, which belong to the caller).
    public var bytes: Int
  }

  /// Counts what the solver holds now; O(rows).
  public var storageStatistics: StorageStatistics {
    var cells = 0
    var bytes = rows.capacity * MemoryLayout<Row>.stride
    for row in rows {
      cells += row.cells.count
      if row.cells.capacity > 0 { bytes += 32 + row.cells.capacity * MemoryLayout<Cell>.stride }
    }
    if let thawedFrom {
      // Rows not unpacked since the thaw: their cells are still in the tables thawed from.
      for slot in unread.indices where unread[slot] { cells += thawedFrom.rows.cellCount(ofSlot: slot) }
      bytes += thawedFrom.rows.byteCount + unread.capacity
    }
    var rowSlots = rows.count
    var columnEntries = columns.entryCount
    if let frozen {
      cells = frozen.rows.cellCount
      rowSlots = frozen.rows.slotCount
      // Counted whole, as if not shared: what this solver would hold alone.
      bytes += frozen.rows.byteCount + (frozen.columnCounts.capacity + frozen.externalCounts.capacity) * 4
      // A frozen index holds counts, not entries; thawing makes one entry per cell.
      columnEntries = frozen.rows.cellCount
    }
    bytes += objective.cells.capacity * MemoryLayout<Cell>.stride
    bytes += (slotOfSymbol.capacity + visited.capacity + freeSlots.capacity) * 4
    bytes += infeasibleRows.capacity * MemoryLayout<Symbol>.stride
    bytes += columns.byteCount
    bytes += entries.capacity * MemoryLayout<ConstraintEntry>.stride
    bytes += externals.capacity * MemoryLayout<(Variable, Symbol)>.stride
    // A dictionary keeps its capacity at three quarters of its buckets, and a bucket holds a key
    // and a value.
    bytes += externalUses.capacity * 4 / 3 * (8 + MemoryLayout<ExternalUse>.stride)
    bytes += edits.capacity * MemoryLayout<EditEntry>.stride
    bytes += overflow.capacity * 4 / 3 * 12
    return StorageStatistics(
      constraints: entries.count, rows: rowSlots - freeSlots.count, rowSlots: rowSlots, cells: cells,
      symbols: slotOfSymbol.count, columnEntries: columnEntries, bytes: bytes)
  }

  /// Gives back memory the solver holds beyond what its constraints need: the spare capacity
  /// its tables grew while constraints were added (an array doubles, so up to half of it is
  /// spare), and the ids of symbols that no row, constraint or variable uses any more (removed
  /// constraints' slacks and errors), which every per-symbol table would otherwise keep a place
  /// for. The solution, and every choice later steps make, are unchanged: ids are renumbered in
  /// their old order, which is the only thing the pivoting rules look at.
  ///
  /// Then packs the tableau until the next change (see `freeze()`): rows in contiguous arrays,
  /// columns as counts; the next `addConstraint`, `removeConstraint` or `suggestValue` unpacks
  /// them exactly as they were, at O(cells).
  ///
  /// Costs a pass over the tableau when there is something to give back, and a few capacity
  /// checks when there is not. Call it when a batch of changes is done and the solver will sit
  /// idle (a window's layout pass calls it after each solve), not between two additions.
  public func trimStorage() {
    // Frozen: nothing changed since the last call, which gave everything back.
    guard frozen == nil else { return }
    if slotOfSymbol.count > 64 { renumberSymbolsIfSparse() }
    // The rows, the column index, the walk stamps and the variables' table are about to be
    // packed or dropped by `freeze()`, so they are not trimmed first (compacting each row and
    // the columns only to throw them away was a fifth of this call's cost; Stop 13).
    shrink(&freeSlots)
    shrink(&slotOfSymbol)
    shrink(&infeasibleRows)
    // A window's solver keeps its entries and externals for the session's life and a batch adds
    // few after the first: no headroom (regrowing costs one copy in the batch that needs it),
    // and not even the up-to-a-quarter `shrink` leaves (a login window's 55 entries sat in room
    // for 64 after growth, 216 bytes of every idle session; Stop 14).
    fitExactly(&entries)
    fitExactly(&externals)
    fitExactly(&edits)
    objective.compact()
    shrinkDictionary(&overflow)
    freeze()
  }

  /// Packs the rows into contiguous arrays and keeps only each column's count, until the next
  /// change (`thaw()`). A window's solver sits idle for most of a session's life with its rows
  /// unchanged; one array per row (a 32-byte header and the allocator's 16 bytes of overhead on
  /// top of the cells), a 24-byte slot per row and a 16-byte column record per symbol were most
  /// of what an idle window's layout held (BENCHMARKS.md, bench-sessions).
  private func freeze() {
    let externalCounts = externals.map { externalUses[ObjectIdentifier($0.variable)]?.count ?? 0 }
    let packed = PackedRows(rows, unread: unread, source: thawedFrom?.rows)
    let tables = FrozenTables.interned(
      rows: packed, columnCounts: columns.counts, externalCounts: externalCounts, slotOfSymbol: slotOfSymbol,
      freeSlots: freeSlots, objective: objective)
    frozen = tables
    // The shared copies, equal bit for bit to this solver's own, which go.
    slotOfSymbol = tables.slotOfSymbol
    freeSlots = tables.freeSlots
    objective = tables.objective
    thawedFrom = nil
    unread = []
    rows = []
    visited = []
    columns = ColumnIndex()
    externalUses = [:]
  }

  /// Unpacks what `freeze()` packed: the same rows in the same slots and a column index that
  /// walks to the same rows and counts the same entries, so every later choice is the one the
  /// unfrozen solver would make. O(cells), once per batch of changes after an idle spell.
  @inline(__always) private func thaw() {
    guard let frozen else { return }
    thawFrozen(frozen)
  }

  private func thawFrozen(_ packed: FrozenTables) {
    frozen = nil
    rows = packed.rows.shells()
    thawedFrom = packed
    // `repeatElement`, not `init(repeating:count:)`: see `ColumnIndex.init(packed:counts:)`.
    unread = [Bool](repeatElement(true, count: rows.count))
    visited = [UInt32](repeatElement(0, count: rows.count))
    columns = ColumnIndex(packed: packed.rows, counts: packed.columnCounts)
    externalUses = [ObjectIdentifier: ExternalUse](minimumCapacity: externals.count)
    for (index, external) in externals.enumerated() {
      externalUses[ObjectIdentifier(external.variable)] = ExternalUse(
        symbol: external.symbol, index: Int32(index), count: packed.externalCounts[index])
    }
  }

  /// Whether this solver and `other` are both idle (packed by ``trimStorage()``) and hold one
  /// shared copy of the same packed tableau: what solvers that went through the same calls on
  /// the same thread (windows of one loop showing the same screen at the same size) do, for
  /// tests and statistics.
  public func sharesPackedTableau(with other: Solver) -> Bool {
    guard let mine = frozen, let theirs = other.frozen else { return false }
    return mine === theirs
  }

  /// Renumbers the symbols still in use, in their old order, when fewer than half the ids are.
  ///
  /// Every constraint's marker and second error and every external symbol is a distinct live
  /// id, so when those alone are half the ids the tables cannot be sparse and the pass over the
  /// rows is skipped (it ran after every changing frame; Stop 13). Unread rows are scanned in
  /// their packed form, and read only when the ids are renumbered.
  private func renumberSymbolsIfSparse() {
    var known = externals.count
    for entry in entries {
      if let bounds = entry.object as? SizeBounds {
        for index in 0..<SizeBounds.boundCount where bounds.isHeld(index) {
          known += bounds.tag(index).other.isValid ? 2 : 1
        }
      } else {
        known += entry.tag.other.isValid ? 2 : 1
      }
    }
    guard known * 2 < slotOfSymbol.count else { return }
    var used = [Bool](repeatElement(false, count: slotOfSymbol.count))
    for (slot, row) in rows.enumerated() where row.basic.isValid {
      used[row.basic.index] = true
      if slot < unread.count && unread[slot] { continue }
      for cell in row.cells { used[cell.symbol.index] = true }
    }
    if let thawedFrom, !unread.isEmpty {
      let unread = unread
      thawedFrom.rows.forEachCell { slot, symbol in
        if Int(slot) < unread.count && unread[Int(slot)] { used[symbol] = true }
      }
    }
    for cell in objective.cells { used[cell.symbol.index] = true }
    for entry in entries {
      used[entry.tag.marker.index] = true
      used[entry.tag.other.index] = true
      if let bounds = entry.object as? SizeBounds {
        for index in 0..<SizeBounds.boundCount where bounds.isHeld(index) {
          used[bounds.tag(index).marker.index] = true
          used[bounds.tag(index).other.index] = true
        }
      }
    }
    for (_, symbol) in externals { used[symbol.index] = true }
    used[0] = true
    let live = used.reduce(0) { $0 + ($1 ? 1 : 0) }
    guard live * 2 < used.count else { return }
    readAll()

    var newID = [Int32](repeatElement(-1, count: used.count))
    var next: Int32 = 0
    for (id, isUsed) in used.enumerated() where isUsed {
      newID[id] = next
      next += 1
    }
    func map(_ symbol: Symbol) -> Symbol {
      symbol.isValid ? Symbol(id: newID[symbol.index], kind: symbol.kind) : symbol
    }
    for slot in rows.indices where rows[slot].basic.isValid { rows[slot].renumber(newID) }
    objective.renumber(newID)
    for index in entries.indices {
      entries[index].tag = Tag(marker: map(entries[index].tag.marker), other: map(entries[index].tag.other))
      if let bounds = entries[index].object as? SizeBounds {
        for bound in 0..<SizeBounds.boundCount where bounds.isHeld(bound) {
          let tag = bounds.tag(bound)
          bounds.setTag(bound, Tag(marker: map(tag.marker), other: map(tag.other)))
        }
      }
    }
    for index in edits.indices {
      edits[index].tag = Tag(marker: map(edits[index].tag.marker), other: map(edits[index].tag.other))
    }
    for index in externals.indices {
      let symbol = map(externals[index].symbol)
      externals[index].symbol = symbol
      externalUses[ObjectIdentifier(externals[index].variable)]?.symbol = symbol
    }
    infeasibleRows = infeasibleRows.compactMap { newID[$0.index] >= 0 ? map($0) : nil }
    var slots = [Int32](repeatElement(-1, count: Int(next)))
    for (id, slot) in slotOfSymbol.enumerated() where newID[id] >= 0 { slots[Int(newID[id])] = slot }
    slotOfSymbol = slots
    columns.renumber(newID, count: Int(next))
  }

  /// Makes a dictionary again at the size its entries need when more than half its capacity is
  /// spare (a dictionary never shrinks by itself).
  private func shrinkDictionary<Key: Hashable, Value>(_ dictionary: inout [Key: Value]) {
    guard dictionary.capacity > 8, dictionary.count * 2 < dictionary.capacity else { return }
    var smaller = [Key: Value](minimumCapacity: dictionary.count)
    for (key, value) in dictionary { smaller[key] = value }
    dictionary = smaller
  }

  // MARK: - The constraint table

  /// Where `constraint`'s entry is, or nil when the solver does not hold it.
  @inline(__always) private func entryIndex(of constraint: Constraint) -> Int? {
    let index = Int(constraint.solverIndex)
    if index >= 0 && index < entries.count && entries[index].object === constraint { return index }
    guard !overflow.isEmpty else { return nil }
    return overflow[ObjectIdentifier(constraint)].map(Int.init)
  }

  /// Where the entry of `bounds` is, or nil when the solver does not hold them (size bounds
  /// are never in `overflow`: they are in one solver at a time).
  private func entryIndex(of bounds: SizeBounds) -> Int? {
    let index = Int(bounds.solverIndex)
    if index >= 0 && index < entries.count && entries[index].object === bounds { return index }
    return nil
  }

  private func insertEntry(_ object: AnyObject, tag: Tag) {
    let index = Int32(entries.count)
    if let constraint = object as? Constraint, constraint.solverIndex >= 0 {
      // Claimed by another solver (or by one that went away holding it): found through `overflow`.
      overflow[ObjectIdentifier(constraint)] = index
    } else {
      setSolverIndex(of: object, index)
    }
    entries.append(ConstraintEntry(object: object, tag: tag))
  }

  /// Sets the `solverIndex` of a constraint or size bounds.
  @inline(__always) private func setSolverIndex(of object: AnyObject, _ index: Int32) {
    if let constraint = object as? Constraint {
      constraint.solverIndex = index
    } else if let bounds = object as? SizeBounds {
      bounds.solverIndex = index
    }
  }

  /// Whether `entry` is found through `overflow` rather than its object's `solverIndex`.
  @inline(__always) private func isInOverflow(_ entry: ConstraintEntry) -> Bool {
    !overflow.isEmpty && overflow[ObjectIdentifier(entry.object)] != nil
  }

  /// Removes the entry at `index`, moving the last entry into its place.
  private func removeEntry(at index: Int) -> ConstraintEntry {
    let entry = entries[index]
    if isInOverflow(entry) {
      overflow[ObjectIdentifier(entry.object)] = nil
    } else {
      setSolverIndex(of: entry.object, -1)
    }
    let last = entries.count - 1
    if index != last {
      let moved = entries[last]
      entries[index] = moved
      if isInOverflow(moved) {
        overflow[ObjectIdentifier(moved.object)] = Int32(index)
      } else {
        setSolverIndex(of: moved.object, Int32(index))
      }
    }
    entries.removeLast()
    return entry
  }

  /// Gives the constraints' and size bounds' `solverIndex` back, so another solver can claim
  /// them.
  private func releaseEntries() {
    for entry in entries where !isInOverflow(entry) { setSolverIndex(of: entry.object, -1) }
  }

  deinit { releaseEntries() }

  // MARK: - Row storage and the column index

  private func newSymbol(_ kind: Symbol.Kind) -> Symbol {
    let symbol = Symbol(id: Int32(slotOfSymbol.count), kind: kind)
    slotOfSymbol.append(-1)
    columns.addSymbol()
    return symbol
  }

  private func symbol(for variable: Variable) -> Symbol {
    let key = ObjectIdentifier(variable)
    if let use = externalUses[key] { return use.symbol }
    let symbol = newSymbol(.external)
    externalUses[key] = ExternalUse(symbol: symbol, index: Int32(externals.count), count: 0)
    externals.append((variable, symbol))
    return symbol
  }

  /// The variables a constraint's row mentions (those `makeRow` gave symbols), once each: a
  /// constraint's expression is reduced when it is made, so no variable appears twice.
  private func mentionedVariables(of constraint: Constraint) -> [Variable] {
    constraint.expression.terms.filter { !nearZero($0.coefficient) }.map(\.variable)
  }

  /// Forgets the variables that `constraint` was the last to mention: they leave `externals`
  /// (swapping the last one into their place) and, if still basic, their row, which no other
  /// row refers to. A variable mentioned again later gets a new symbol.
  private func releaseVariables(of constraint: Constraint) {
    for variable in mentionedVariables(of: constraint) {
      let key = ObjectIdentifier(variable)
      guard var uses = externalUses[key] else { continue }
      uses.count -= 1
      guard uses.count <= 0 else {
        externalUses[key] = uses
        continue
      }
      externalUses[key] = nil
      let symbol = uses.symbol
      if slotOfSymbol[symbol.index] >= 0 { _ = takeRow(symbol) }
      let last = externals.count - 1
      let index = Int(uses.index)
      if index != last {
        externals[index] = externals[last]
        externalUses[ObjectIdentifier(externals[index].variable)]?.index = uses.index
      }
      externals.removeLast()
    }
  }

  /// Makes sure the row in `slot` holds its cells (see `unread`); call before reading or
  /// changing anything of a row but its constant and basic symbol.
  @inline(__always) private func read(_ slot: Int) {
    if slot < unread.count && unread[slot] { readUnread(slot) }
  }

  private func readUnread(_ slot: Int) {
    unread[slot] = false
    rows[slot].setSortedCells(thawedFrom!.rows.cells(ofSlot: slot))
  }

  /// Whether the row in `slot` mentions `symbol`, read from the packed cells when the row is
  /// unread (a walk visits many rows it does not change).
  @inline(__always) private func mentions(_ slot: Int, _ symbol: Symbol) -> Bool {
    if slot < unread.count && unread[slot] {
      return thawedFrom!.rows.coefficient(ofSlot: slot, symbol.id) != nil
    }
    return rows[slot].contains(symbol)
  }

  /// The coefficient of `symbol` in the row in `slot` (0 if it is not mentioned), read from the
  /// packed cells when the row is unread.
  @inline(__always) private func coefficient(_ slot: Int, _ symbol: Symbol) -> Double {
    if slot < unread.count && unread[slot] {
      return thawedFrom!.rows.coefficient(ofSlot: slot, symbol.id) ?? 0
    }
    return rows[slot].coefficient(for: symbol)
  }

  /// Reads every row still unread (before a pass that rewrites them all).
  private func readAll() {
    for slot in unread.indices where unread[slot] { readUnread(slot) }
  }

  /// Stores a row whose `basic` is set and indexes every symbol it mentions.
  private func addRow(_ row: Row) {
    var row = row
    row.compact()
    let slot: Int32
    if let free = freeSlots.popLast() {
      slot = free
      if Int(slot) < unread.count { unread[Int(slot)] = false }
      rows[Int(slot)] = row
    } else {
      slot = Int32(rows.count)
      rows.append(row)
      visited.append(0)
    }
    slotOfSymbol[row.basic.index] = slot
    columns.append(slot, toEachIn: row.cells)
  }

  /// Removes and returns the row `basic` is basic in; its slot becomes free. Column entries that
  /// point at the slot go stale and are dropped by the next walk of their column.
  private func takeRow(_ basic: Symbol) -> Row {
    let slot = Int(slotOfSymbol[basic.index])
    slotOfSymbol[basic.index] = -1
    read(slot)
    let row = rows[slot]
    rows[slot].clear()
    freeSlots.append(Int32(slot))
    return row
  }

  /// The slots of the rows that currently mention `symbol`, each once. Compacts the column: stale
  /// entries (rows that no longer mention the symbol, freed slots) and duplicates are dropped.
  private func rowsMentioning(_ symbol: Symbol) -> [Int32] {
    walk &+= 1
    let stamp = walk
    return columns.filter(symbol.index) { slot in
      let slot = Int(slot)
      guard visited[slot] != stamp && mentions(slot, symbol) else { return false }
      visited[slot] = stamp
      return true
    }
  }

  /// Adds `delta * coefficient of marker` to the constant of every row that mentions `marker`,
  /// recording rows that become infeasible. This is the inner loop of a resize, so it walks the
  /// column once, compacting it as ``rowsMentioning(_:)`` does, looking each coefficient up once,
  /// and works on the row storage directly.
  private func shiftRows(mentioning marker: Symbol, by delta: Double) {
    walk &+= 1
    let stamp = walk
    // Only constants change, so unread rows stay unread: their coefficients are read packed.
    let unread = unread
    let packed = thawedFrom?.rows
    rows.withUnsafeMutableBufferPointer { rows in
      visited.withUnsafeMutableBufferPointer { visited in
        _ = columns.filter(marker.index) { slot in
          let slot = Int(slot)
          guard visited[slot] != stamp else { return false }
          let coefficient =
            slot < unread.count && unread[slot]
            ? packed!.coefficient(ofSlot: slot, marker.id) ?? 0 : rows[slot].coefficient(for: marker)
          guard coefficient != 0 else { return false }
          visited[slot] = stamp
          if rows[slot].add(delta * coefficient) < 0 && rows[slot].basic.isRestricted {
            infeasibleRows.append(rows[slot].basic)
          }
          return true
        }
      }
    }
  }

  /// Pivots: `leaving` (basic) becomes parametric and `entering` (mentioned by its row) basic.
  /// The row keeps its slot, so its existing column entries stay valid; only `leaving` is new.
  private func pivot(_ leaving: Symbol, _ entering: Symbol) {
    let slot = slotOfSymbol[leaving.index]
    slotOfSymbol[leaving.index] = -1
    read(Int(slot))
    var row = rows[Int(slot)]
    rows[Int(slot)].clear()
    row.solve(for: leaving, entering)
    substitute(entering, row)
    row.compact()
    rows[Int(slot)] = row
    slotOfSymbol[entering.index] = slot
    columns.append(slot, to: leaving.index)
  }

  /// Replaces `symbol` everywhere by `row` and records rows that became infeasible.
  private func substitute(_ symbol: Symbol, _ row: Row) {
    var added: [Symbol] = []
    for slot in rowsMentioning(symbol) {
      let s = Int(slot)
      read(s)
      added.removeAll(keepingCapacity: true)
      rows[s].substitute(symbol, row, added: &added)
      rows[s].compact()
      if !added.isEmpty { columns.append(slot, toEach: added) }
      if rows[s].basic.isRestricted && rows[s].constant < 0 {
        infeasibleRows.append(rows[s].basic)
      }
    }
    // No row mentions the symbol any more.
    columns.clear(symbol.index)
    objective.substitute(symbol, row)
    artificial?.substitute(symbol, row)
  }

  // MARK: - Tableau construction

  /// Builds the tableau row for a constraint in terms of the current parametric symbols, adding
  /// a slack for inequalities and error symbols (weighted in the objective) for non-required
  /// constraints. The constant is made non-negative so that a restricted subject keeps the
  /// tableau feasible.
  private func makeRow(for constraint: Constraint) -> (Row, Tag) {
    let expression = constraint.expression
    var row = Row(constant: expression.constant)
    for term in expression.terms where !nearZero(term.coefficient) {
      let symbol = symbol(for: term.variable)
      let slot = slotOfSymbol[symbol.index]
      if slot >= 0 {
        read(Int(slot))
        row.insert(rows[Int(slot)], term.coefficient)
      } else {
        row.insert(symbol, term.coefficient)
      }
    }

    var tag = Tag(marker: .invalid, other: .invalid)
    let strength = constraint.strength.value
    let required = constraint.strength.isRequired
    switch constraint.relation {
    case .lessOrEqual, .greaterOrEqual:
      let sign: Double = constraint.relation == .lessOrEqual ? 1 : -1
      let slack = newSymbol(.slack)
      tag.marker = slack
      row.insert(slack, sign)
      if !required {
        let error = newSymbol(.error)
        tag.other = error
        row.insert(error, -sign)
        objective.insert(error, strength)
      }
    case .equal:
      if required {
        let dummy = newSymbol(.dummy)
        tag.marker = dummy
        row.insert(dummy)
      } else {
        let plus = newSymbol(.error)
        let minus = newSymbol(.error)
        tag.marker = plus
        tag.other = minus
        row.insert(plus, -1)
        row.insert(minus, 1)
        objective.insert(plus, strength)
        objective.insert(minus, strength)
      }
    }

    if row.constant < 0 { row.reverseSign() }
    return (row, tag)
  }

  /// The symbol to make basic for a new row: an external variable if there is one (unrestricted,
  /// so always feasible), else the constraint's own slack or error if its coefficient is negative
  /// (solving for it keeps a non-negative constant). `.invalid` means an artificial variable is
  /// needed.
  private func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol {
    if let external = row.cells.first(where: { $0.symbol.kind == .external }) { return external.symbol }
    for candidate in [tag.marker, tag.other] where candidate.isPivotable {
      if row.coefficient(for: candidate) < 0 { return candidate }
    }
    // Any other slack or error with a negative coefficient can be solved for with a non-negative
    // value; it may be the subject if substituting that value keeps every restricted row that
    // mentions it feasible. That is a feasible basis found without the artificial phase, whose
    // pivots would walk every row that mentions the edit variables' errors (in a grid of views
    // whose rows end at the window edge: all of them, once per row of views, so N² in total).
    // The primal optimisation that follows every addition restores optimality.
    // Candidates mentioned by the fewest rows come first: checking and substituting them is
    // cheapest (an edit variable's error, mentioned everywhere, comes last).
    let candidates = row.cells.filter { $0.coefficient < 0 && $0.symbol.isPivotable }
      .sorted { columns.count(of: $0.symbol.index) < columns.count(of: $1.symbol.index) }
    for cell in candidates.prefix(4) {
      let value = row.constant / -cell.coefficient
      if keepsFeasible(cell.symbol, value) { return cell.symbol }
    }
    return .invalid
  }

  /// Whether every restricted row that mentions `symbol` keeps a non-negative constant when
  /// `symbol` takes `value`.
  private func keepsFeasible(_ symbol: Symbol, _ value: Double) -> Bool {
    for slot in rowsMentioning(symbol) {
      let row = rows[Int(slot)]
      if row.basic.isRestricted && row.constant + coefficient(Int(slot), symbol) * value < 0 { return false }
    }
    return true
  }

  /// Phase one of the simplex method for one row: adds it with an artificial basic variable and
  /// minimises that variable. Returns whether the row is satisfiable; on failure the row is
  /// dropped again and the rest of the tableau is an equivalent re-pivoting of what it was.
  private func addWithArtificialVariable(_ row: Row) throws(SolverError) -> Bool {
    let art = newSymbol(.slack)
    var artRow = row
    artRow.basic = art
    addRow(artRow)
    artificial = row
    defer { artificial = nil }
    try optimize(artificial: true)
    let artificialValue = artificial!.constant

    if slotOfSymbol[art.index] >= 0 {
      // Still basic: the artificial variable could not be driven to zero unless its value is 0.
      // The constraint's own symbols have only ever appeared in this row, so dropping it removes
      // the constraint completely.
      var artRow = takeRow(art)
      guard nearZero(artificialValue) else { return false }
      if artRow.cells.isEmpty { return true }
      guard let entering = artRow.cells.first(where: { $0.symbol.isPivotable })?.symbol else {
        return false
      }
      artRow.solve(for: art, entering)
      substitute(entering, artRow)
      addRow(artRow)
    }
    // The artificial variable is parametric (so zero): remove its column.
    for slot in rowsMentioning(art) {
      read(Int(slot))
      rows[Int(slot)].remove(art)
    }
    columns.clear(art.index)
    objective.remove(art)
    return true
  }

  private func removeErrorTerms(_ tag: Tag, strength: Strength) {
    for symbol in [tag.marker, tag.other] where symbol.kind == .error {
      let slot = slotOfSymbol[symbol.index]
      if slot >= 0 {
        read(Int(slot))
        objective.insert(rows[Int(slot)], -strength.value)
      } else {
        objective.insert(symbol, -strength.value)
      }
    }
  }

  // MARK: - Simplex

  /// Primal simplex on the objective (or the phase-one artificial objective): pivots until no
  /// parametric symbol has a negative objective coefficient. The tableau must be feasible;
  /// feasibility is preserved by the ratio test.
  private func optimize(artificial useArtificial: Bool) throws(SolverError) {
    while true {
      let entering =
        useArtificial
        ? enteringSymbol(artificial!, tolerance: 0) : enteringSymbol(objective, tolerance: objectiveTolerance)
      guard entering.isValid else { return }
      guard let leaving = leavingRow(for: entering) else {
        throw .internalSolverError("the objective is unbounded")
      }
      pivot(leaving, entering)
    }
  }

  /// Dual simplex: the basis is optimal but some restricted rows went negative after an edit;
  /// pivot each back to feasibility choosing the entering symbol that keeps optimality.
  private func dualOptimize() throws(SolverError) {
    while !infeasibleRows.isEmpty {
      // Highest id first, so the result does not depend on the order rows were visited in.
      var index = 0
      for i in infeasibleRows.indices where infeasibleRows[i].id > infeasibleRows[index].id { index = i }
      let leaving = infeasibleRows[index]
      infeasibleRows.swapAt(index, infeasibleRows.count - 1)
      infeasibleRows.removeLast()
      let slot = slotOfSymbol[leaving.index]
      guard slot >= 0 else { continue }
      let constant = rows[Int(slot)].constant
      guard !nearZero(constant), constant < 0 else { continue }
      read(Int(slot))
      let entering = dualEnteringSymbol(rows[Int(slot)])
      guard entering.isValid else { throw .internalSolverError("dual optimize failed") }
      pivot(leaving, entering)
    }
  }

  /// The lowest-id non-dummy symbol with a negative objective coefficient (Bland's rule).
  /// The first non-dummy symbol whose coefficient is below `-tolerance`: 0 for the phase-one
  /// objective (row coefficients), `objectiveTolerance` for the strengths' objective.
  private func enteringSymbol(_ objective: Row, tolerance: Double) -> Symbol {
    objective.cells.first { $0.symbol.kind != .dummy && $0.coefficient < -tolerance }?.symbol ?? .invalid
  }

  private func dualEnteringSymbol(_ row: Row) -> Symbol {
    var best = Symbol.invalid
    var bestRatio = Double.infinity
    for cell in row.cells where cell.coefficient > 0 && cell.symbol.kind != .dummy {
      let ratio = objective.coefficient(for: cell.symbol) / cell.coefficient
      if ratio < bestRatio {
        bestRatio = ratio
        best = cell.symbol
      }
    }
    return best
  }

  /// The restricted row that limits how far `entering` can increase (minimum ratio test), among
  /// the rows that mention it.
  private func leavingRow(for entering: Symbol) -> Symbol? {
    var best: Symbol?
    var bestRatio = Double.infinity
    for slot in rowsMentioning(entering) {
      let row = rows[Int(slot)]
      let symbol = row.basic
      guard symbol.isRestricted else { continue }
      let coefficient = coefficient(Int(slot), entering)
      guard coefficient < 0 else { continue }
      let ratio = -row.constant / coefficient
      if ratio < bestRatio || (ratio == bestRatio && symbol.id < best!.id) {
        bestRatio = ratio
        best = symbol
      }
    }
    return best
  }

  /// The row to pivot a parametric constraint marker into the basis through when removing the
  /// constraint: prefer restricted rows where the marker's coefficient is negative (minimum
  /// ratio), then restricted rows with a positive coefficient, then unrestricted rows, so the
  /// tableau stays feasible.
  ///
  /// A row whose basic symbol is a dummy comes before all of them. Such a row records a redundant
  /// required equality (`dummy2 = k * dummy1`) and must keep holding with value 0. Pivoting the
  /// marker through any other row would substitute that row's non-dummy symbols into it, turning
  /// the dummy into an ordinary non-negative unknown and silently dropping the surviving
  /// equality; pivoting through the dummy row itself hands the equality over to the survivor.
  private func markerLeavingRow(_ marker: Symbol) -> Symbol? {
    var dummy: Symbol?
    var first: Symbol?
    var second: Symbol?
    var third: Symbol?
    var r1 = Double.infinity
    var r2 = Double.infinity
    for slot in rowsMentioning(marker) {
      let row = rows[Int(slot)]
      let symbol = row.basic
      let c = coefficient(Int(slot), marker)
      if c == 0 { continue }
      if symbol.kind == .dummy {
        if dummy == nil || symbol.id < dummy!.id { dummy = symbol }
      } else if !symbol.isRestricted {
        if third == nil || symbol.id < third!.id { third = symbol }
      } else if c < 0 {
        let r = -row.constant / c
        if r < r1 || (r == r1 && symbol.id < first!.id) {
          r1 = r
          first = symbol
        }
      } else {
        let r = row.constant / c
        if r < r2 || (r == r2 && symbol.id < second!.id) {
          r2 = r
          second = symbol
        }
      }
    }
    return dummy ?? first ?? second ?? third
  }
}
