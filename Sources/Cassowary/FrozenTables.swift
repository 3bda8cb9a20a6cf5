#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An idle solver's packed tables (see ``Solver/trimStorage()``), immutable, and shared by
/// every solver whose packed tables are equal bit for bit.
///
/// A daemon holds thousands of windows showing the same screen at the same size (every idle
/// login session), and their solvers went through the same calls in the same order: their
/// tableaux are the same numbers. Packed, a tableau was the largest single part of an idle login
/// session (4.6 KB of 47 KB, BENCHMARKS.md, Stop 13); interned, one copy serves them all.
///
/// Interned per thread: solvers on one event loop share tables, solvers on two loops never do.
/// A solver reads its tables' arrays by retaining and releasing them, up to 1,500 times in one
/// stacks-app relayout, and each retain or release writes the array's reference count: when
/// both loops held the same instance, that count's cache line went back and forth between the
/// two CPUs on every read, and a request cost 8-16% more CPU with two loops than with one
/// (BENCHMARKS.md, "Stop 16: two loops"). A daemon has one table per distinct tableau and loop,
/// not per session, so the memory this gives up is a few kilobytes in all.
///
/// Thread-safe: the tables never change after `init` (a solver that changes thaws them into its
/// own unpacked rows and later packs new tables). An instance keeps the registry it was
/// interned in, so its last release, on whatever thread, removes it from that one under that
/// registry's lock (taken once per freeze and once per last release, by one loop in practice).
final class FrozenTables: Sendable {
  /// The rows, packed into contiguous arrays.
  let rows: PackedRows
  /// Each column's count (what `ColumnIndex.count(of:)` said when packed).
  let columnCounts: [Int32]
  /// Per entry of the solver's `externals`, how many constraints mention the variable.
  let externalCounts: [Int32]
  /// The solver's tables that stay as they are while it is idle and are the same numbers in
  /// every solver that went through the same calls: which slot each symbol is basic in, the free
  /// slots, and the objective. An idle solver holds these very arrays (copy-on-write: its first
  /// change after a thaw copies the one it changes), so they too are held once.
  let slotOfSymbol: [Int32]
  let freeSlots: [Int32]
  let objective: Row
  /// The intern table's key: a hash of the rows' per-slot bits and the tables' sizes.
  let hash: Int
  /// The intern table this instance is (or would be) registered in: its making thread's.
  private let registry: Registry

  private init(
    rows: PackedRows, columnCounts: [Int32], externalCounts: [Int32], slotOfSymbol: [Int32],
    freeSlots: [Int32], objective: Row, registry: Registry
  ) {
    self.registry = registry
    self.rows = rows
    self.columnCounts = columnCounts
    self.externalCounts = externalCounts
    self.slotOfSymbol = slotOfSymbol
    self.freeSlots = freeSlots
    self.objective = objective
    var hasher = Hasher()
    rows.hashBits(into: &hasher)
    // The other tables follow from the rows in practice: their sizes are enough for the key.
    hasher.combine(columnCounts.count)
    hasher.combine(externalCounts.count)
    hasher.combine(slotOfSymbol.count)
    hasher.combine(freeSlots.count)
    hasher.combine(objective.cells.count)
    hasher.combine(objective.constant.bitPattern)
    hash = hasher.finalize()
  }

  /// The shared tables equal to these: an existing instance when some solver holds equal ones,
  /// else a new one, registered for the next solver to find.
  static func interned(
    rows: PackedRows, columnCounts: [Int32], externalCounts: [Int32], slotOfSymbol: [Int32],
    freeSlots: [Int32], objective: Row
  ) -> FrozenTables {
    let registry = Registry.ofThisThread
    let made = FrozenTables(
      rows: rows, columnCounts: columnCounts, externalCounts: externalCounts, slotOfSymbol: slotOfSymbol,
      freeSlots: freeSlots, objective: objective, registry: registry)
    return registry.withLock { table in
      let bucket = table[made.hash] ?? []
      for entry in bucket {
        if let shared = entry.tables, shared.hasSameBits(as: made) { return shared }
      }
      // A bucket stays short whatever the tableaux (the key does not hash every cell): a full
      // one keeps what it has and the new tables stay unshared.
      guard bucket.count < Self.bucketLimit else { return made }
      table[made.hash, default: []].append(WeakTables(tables: made))
      return made
    }
  }

  /// Whether every packed bit is the same (bits, not `==`: 0.0 and -0.0 must stay apart, since
  /// a shared tableau has to give every later step exactly what the solver's own would).
  private func hasSameBits(as other: FrozenTables) -> Bool {
    rows.hasSameBits(as: other.rows) && sameBytes(columnCounts, other.columnCounts)
      && sameBytes(externalCounts, other.externalCounts) && sameBytes(slotOfSymbol, other.slotOfSymbol)
      && sameBytes(freeSlots, other.freeSlots)
      && objective.constant.bitPattern == other.objective.constant.bitPattern
      && objective.basic.id == other.objective.basic.id && objective.basic.kind == other.objective.basic.kind
      && objective.cells.elementsEqual(other.objective.cells) { a, b in
        a.symbol.id == b.symbol.id && a.symbol.kind == b.symbol.kind
          && a.coefficient.bitPattern == b.coefficient.bitPattern
      }
  }

  deinit {
    // This instance's entry now loads as nil: drop it (and any other dead one in the bucket).
    let hash = hash
    registry.withLock { table in
      guard var bucket = table[hash] else { return }
      bucket.removeAll { $0.tables == nil }
      table[hash] = bucket.isEmpty ? nil : bucket
    }
  }

  /// At most this many distinct tables share a key, so a freeze compares with at most this many.
  static let bucketLimit = 8

  /// A weak reference in the intern table: the table does not keep tables alive.
  private struct WeakTables {
    weak var tables: FrozenTables?
  }

  /// One thread's live instances, by hash, behind a lock (an instance's last release may come
  /// on another thread, and a thread's registry outlives the thread while instances hold it).
  ///
  /// A pthread mutex rather than `Synchronization.Mutex`: on Linux the latter waits on a futex
  /// that ThreadSanitizer does not see, so the sanitizer run (CI runs the tests under it)
  /// reported every two loops' freezes as a race.
  private final class Registry: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var table: [Int: [WeakTables]] = [:]

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
      pthread_mutex_destroy(mutex)
      mutex.deallocate()
    }

    /// The calling thread's registry, made on its first freeze; the thread-specific slot holds
    /// one reference until the thread exits.
    static var ofThisThread: Registry {
      if let registry = pthread_getspecific(slot) {
        return Unmanaged<Registry>.fromOpaque(registry).takeUnretainedValue()
      }
      let made = Registry()
      pthread_setspecific(slot, Unmanaged.passRetained(made).toOpaque())
      return made
    }

    private static let slot: pthread_key_t = {
      var slot = pthread_key_t()
      let status = pthread_key_create(&slot) { registry in
        if let registry { Unmanaged<Registry>.fromOpaque(registry).release() }
      }
      precondition(status == 0, "no thread-specific slot for the packed tableaux' intern table")
      return slot
    }()

    func withLock<Result>(_ body: (inout [Int: [WeakTables]]) -> Result) -> Result {
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      return body(&table)
    }
  }
}

/// Feeds the bytes of `array`'s elements to `hasher`.
func hashBytes<Element: BitwiseCopyable>(of array: [Element], into hasher: inout Hasher) {
  hasher.combine(array.count)
  array.withUnsafeBytes { hasher.combine(bytes: $0) }
}

/// Whether two arrays hold the same bytes, compared eight at a time (a freeze that finds its
/// tables already interned compares every cell).
func sameBytes<Element: BitwiseCopyable>(_ a: [Element], _ b: [Element]) -> Bool {
  guard a.count == b.count else { return false }
  return a.withUnsafeBytes { a in
    b.withUnsafeBytes { b in
      let words = a.count / 8
      for index in 0..<words
      where a.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
        != b.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
      {
        return false
      }
      for index in words * 8..<a.count where a[index] != b[index] { return false }
      return true
    }
  }
}
