import ViewWireLoop

/// The role a share token gives the client that joins with it (PROTOCOL.md section 18).
enum ShareRole: String {
  /// Receives every frame; any command that would change the session is refused (`read-only`),
  /// so watching someone never disturbs them.
  case observer
  /// Receives every frame and gives input as the owner does; what belongs to the session's one
  /// window (its size, its traits) and to its owner (tokens) stays the owner's.
  case driver
}

/// The daemon's share tokens: which token lets a client join which session, and in what role
/// (PROTOCOL.md section 18).
///
/// Share tokens are made and checked as resume tokens are (`ResumeToken`: `NAME.HEX`, 128 bits
/// from the system's secure random source), and kept apart from them, so a resume token never
/// joins and a share token never resumes. Like `SessionRegistry`, one table for every event loop,
/// each access under its lock: what it returns is only ever touched on the session's own loop.
/// The lookup is a dictionary's (SipHash with a per-process random seed), whose timing says
/// nothing usable about the tokens held.
final class ShareRegistry: @unchecked Sendable {
  private let daemonName: String
  private let lock = Lock()
  // Guarded by `lock`.
  private var byToken: [ResumeToken: (host: ClientConnection, role: ShareRole)] = [:]

  init(daemonName: String) {
    self.daemonName = daemonName
  }

  /// How many share tokens are live, for tests of revocation and session ends.
  var count: Int { lock.withLock { byToken.count } }

  /// A new token joining `host`'s session as `role`, unique among the tokens held.
  func issue(for host: ClientConnection, role: ShareRole) -> ResumeToken {
    lock.withLock {
      var token = ResumeToken.generate(daemonName: daemonName)
      while byToken[token] != nil { token = ResumeToken.generate(daemonName: daemonName) }
      byToken[token] = (host, role)
      return token
    }
  }

  /// Ends `tokens`; returns how many were live.
  @discardableResult
  func revoke(_ tokens: [ResumeToken]) -> Int {
    lock.withLock {
      var revoked = 0
      for token in tokens where byToken.removeValue(forKey: token) != nil { revoked += 1 }
      return revoked
    }
  }

  /// What a `join` token names.
  enum Lookup {
    /// Not `NAME.HEX` with 32 lowercase hex digits.
    case malformed
    /// A token of the daemon with this name, not of this one.
    case otherDaemon(String)
    /// No live session shares with it: guessed, mistyped, revoked, or its session ended.
    case unknown
    /// The session's end of the wire, and the role the token gives.
    case found(ClientConnection, ShareRole)
  }

  /// Finds the session `text` joins.
  func lookUp(token text: String) -> Lookup {
    guard let (daemon, _) = ResumeToken.parse(text) else { return .malformed }
    guard daemon == daemonName else { return .otherDaemon(String(daemon)) }
    // A session that ended revoked its tokens (on its own loop) before it was gone; one that ends
    // after this lookup is caught on its loop.
    guard let entry = lock.withLock({ byToken[ResumeToken(text: text)] }) else { return .unknown }
    return .found(entry.host, entry.role)
  }
}
