import ViewWireLoop

/// The daemon's connections counted across its event loops: the total for `--max-connections`,
/// per address for `--max-connections-per-address`, per loop to hand a new connection to the
/// least busy loop (PROTOCOL.md section 17, "Event loops").
///
/// Any loop may call it, so every access holds one lock (a pthread mutex that ThreadSanitizer
/// sees). A connection counts from its accept until it closes or is no longer any session's (a
/// detached session holds none); a web connection counts in the total from its accept, and per
/// address once it is a session, as on one loop.
final class ConnectionCensus: @unchecked Sendable {
  private let lock = Lock()
  private let maximumConnections: Int
  private let maximumPerAddress: Int
  // Guarded by `lock`.
  private var total = 0
  private var perLoop: [Int]
  private var perAddress: [String: Int] = [:]

  init(loops: Int, maximumConnections: Int, maximumPerAddress: Int) {
    perLoop = Array(repeating: 0, count: loops)
    self.maximumConnections = maximumConnections
    self.maximumPerAddress = maximumPerAddress
  }

  /// Counts a new connection for the least busy loop and returns that loop's index, or nil when
  /// `--max-connections` are open (the connection is refused and not counted).
  func admit() -> Int? {
    lock.withLock {
      guard total < maximumConnections else { return nil }
      var best = 0
      for index in perLoop.indices where perLoop[index] < perLoop[best] { best = index }
      total += 1
      perLoop[best] += 1
      return best
    }
  }

  /// Counts a session's connection from `host`, or returns false when the address holds
  /// `--max-connections-per-address` already (nothing is counted then).
  func admitAddress(_ host: String) -> Bool {
    lock.withLock {
      let count = perAddress[host, default: 0]
      guard count < maximumPerAddress else { return false }
      perAddress[host] = count + 1
      return true
    }
  }

  /// A connection moved to a session (a `resume`), perhaps on another loop: counted again
  /// there, without a check, since it was counted when it came in.
  func attach(loop: Int, host: String?) {
    lock.withLock {
      total += 1
      perLoop[loop] += 1
      if let host { perAddress[host, default: 0] += 1 }
    }
  }

  /// A connection closed or left its session: it counts no more, on `loop` and, when `host` is
  /// given, for its address.
  func release(loop: Int, host: String?) {
    lock.withLock {
      total -= 1
      perLoop[loop] -= 1
      if let host, let count = perAddress[host] {
        perAddress[host] = count > 1 ? count - 1 : nil
      }
    }
  }

  /// The address part of a transport's `host:port` (IPv6 without its brackets): what the limit
  /// per address counts.
  static func host(of address: String) -> String? {
    guard let colon = address.lastIndex(of: ":") else { return nil }
    let host = address[..<colon]
    return String(host.hasPrefix("[") ? host.dropFirst().dropLast() : host)
  }

  /// Connections counted now, on every loop and on each, for tests and statistics.
  var counts: (total: Int, perLoop: [Int]) { lock.withLock { (total, perLoop) } }
}
