import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An unknown that the solver assigns a value to.
///
/// `Variable` is a class because constraints refer to the *same* unknown from many places (a view's
/// `left` appears in its own width constraint and in its neighbour's spacing constraint); identity,
/// not the name, is what makes two terms refer to one unknown. The name is only for diagnostics.
///
/// It is deliberately not `Sendable`: `value` is written by ``Solver/updateVariables()`` and a
/// solver and its variables belong to one isolation domain (typically one layout pass).
public final class Variable {
  // The object is only its value (24 bytes, a 32-byte malloc chunk): a stored `String` name made
  // it 40 bytes, a 48-byte chunk, and a session keeps four variables per constrained view for as
  // long as it lives (a stacks session over a hundred). Names are only read for descriptions and
  // errors, and only tests and benchmarks give them, so a given name sits in a process-wide side
  // table (`Names`) instead, removed when the variable goes.

  /// The value from the last ``Solver/updateVariables()`` (0 until then). Reading it never solves:
  /// solving is explicit so a layout pass can batch many edits into one update.
  ///
  /// Exclusivity is not checked at run time: ``Solver/updateVariables()`` writes every variable
  /// after each resize step, and the dynamic check (a thread-local access set per write) cost more
  /// than the solving itself on small layouts. Variables are not `Sendable`, so the overlapping
  /// accesses the check guards against cannot come from another thread.
  @exclusivity(unchecked) public var value: Double

  /// A label for descriptions and debugging (empty when none was given); two variables with the
  /// same name are still distinct. Looked up in a side table, so reading it takes a lock: it is
  /// for messages, not for a solve's inner loop.
  public var name: String {
    guard Names.liveCount.load(ordering: .relaxed) != 0 else { return "" }
    return Names.shared.withLock { $0[ObjectIdentifier(self)] } ?? ""
  }

  /// Creates an unknown; `value` starts at `value` and is overwritten by the solver. A non-empty
  /// `name` is kept for ``description`` until the variable is freed.
  public init(_ name: String = "", value: Double = 0) {
    self.value = value
    if !name.isEmpty {
      let key = ObjectIdentifier(self)
      Names.shared.withLock { table in
        if table.updateValue(name, forKey: key) == nil {
          Names.liveCount.add(1, ordering: .relaxed)
        }
      }
    }
  }

  deinit {
    // One relaxed load when no variable in the process has a name (the daemon's case).
    guard Names.liveCount.load(ordering: .relaxed) != 0 else { return }
    let key = ObjectIdentifier(self)
    Names.shared.withLock { table in
      if table.removeValue(forKey: key) != nil { Names.liveCount.subtract(1, ordering: .relaxed) }
    }
  }
}

/// The names of the live named variables, process-wide (variables of every loop's solvers).
///
/// Behind a pthread mutex rather than `Synchronization.Mutex` for the reason
/// `FrozenTables.Registry` gives (ThreadSanitizer does not see the latter's futex on Linux).
private final class Names: @unchecked Sendable {
  static let shared = Names()
  /// How many entries the table holds, read without the lock so unnamed variables never take it.
  static let liveCount = Atomic<Int>(0)

  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private var table: [ObjectIdentifier: String] = [:]

  init() { pthread_mutex_init(mutex, nil) }

  func withLock<Result>(_ body: (inout [ObjectIdentifier: String]) -> Result) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body(&table)
  }
}

extension Variable: CustomStringConvertible {
  /// The name, or `v` and a number from the object's identity when the name is empty, so two unnamed
  /// variables in one message can still be told apart.
  public var description: String {
    let name = self.name
    return name.isEmpty ? "v\(UInt(bitPattern: ObjectIdentifier(self).hashValue))" : name
  }
}
