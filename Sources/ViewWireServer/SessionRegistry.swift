import Logging
import ViewWireLoop

/// The daemon's resumable sessions: who holds which token, which sessions are detached, and the
/// bounds on them (PROTOCOL.md section 15), for every event loop at once.
///
/// A `resume` may arrive on any loop for a session on any other (section 17, "Event loops"), so
/// this is the one table every loop reads: each access holds its lock. It only finds sessions;
/// a session is only ever touched on its own loop (`ClientConnection.loop`), so what it returns
/// is handed to that loop, never used here. Tokens are looked up in a dictionary: its hashing is
/// SipHash with a per-process random seed, so how long a lookup takes says nothing an attacker
/// can use about the tokens held.
final class SessionRegistry: @unchecked Sendable {
  private let configuration: ServerConfiguration
  private let lock = Lock()
  // Everything below is guarded by `lock`.
  private var byToken: [ResumeToken: ClientConnection] = [:]
  /// Detached sessions of every loop, longest detached first.
  private var detached: [ClientConnection] = []
  private var detachedAllowed = true
  /// The share tokens of shared sessions (PROTOCOL.md section 18), kept apart from resume tokens.
  let shares: ShareRegistry

  init(configuration: ServerConfiguration) {
    self.configuration = configuration
    shares = ShareRegistry(daemonName: configuration.daemonName)
  }

  /// Whether sessions may detach; false once the daemon shuts down.
  var acceptsDetached: Bool {
    get { lock.withLock { detachedAllowed } }
    set { lock.withLock { detachedAllowed = newValue } }
  }

  /// How many sessions are detached now, on every loop.
  var detachedCount: Int { lock.withLock { detached.count } }

  /// A new token for `connection`'s session, unique among the tokens held.
  func issueToken(for connection: ClientConnection) -> ResumeToken {
    lock.withLock {
      var token = ResumeToken.generate(daemonName: configuration.daemonName)
      // 2^-128 per pair; the loop costs nothing and rules a collision out.
      while byToken[token] != nil { token = ResumeToken.generate(daemonName: configuration.daemonName) }
      byToken[token] = connection
      return token
    }
  }

  enum Lookup {
    case malformed
    case otherDaemon(String)
    case unknown
    /// The session's end of the wire, to be touched only on its own loop.
    case found(ClientConnection)
  }

  /// Finds the session holding `text`. A session that ended is no longer here (`didEnd`); one
  /// that ends after the lookup, on its own loop, is caught there.
  func lookUp(token text: String) -> Lookup {
    guard let (daemon, _) = ResumeToken.parse(text) else { return .malformed }
    guard daemon == configuration.daemonName else { return .otherDaemon(String(daemon)) }
    guard let connection = lock.withLock({ byToken[ResumeToken(text: text)] }) else { return .unknown }
    return .found(connection)
  }

  /// A session lost its connection: it joins the detached. Returns the sessions, longest
  /// detached first, that must end because more than `maximumDetached` are detached; each is
  /// no longer counted as detached, and the caller ends it on its own loop.
  func didDetach(_ connection: ClientConnection) -> [ClientConnection] {
    lock.withLock {
      detached.append(connection)
      let excess = max(0, detached.count - configuration.maximumDetached)
      let victims = Array(detached.prefix(excess))
      detached.removeFirst(excess)
      return victims
    }
  }

  /// A detached session was resumed.
  func didAttach(_ connection: ClientConnection) {
    lock.withLock { detached.removeAll { $0 === connection } }
  }

  /// A session ended: its token resumes nothing any more.
  func didEnd(_ connection: ClientConnection, token: ResumeToken?) {
    lock.withLock {
      detached.removeAll { $0 === connection }
      if let token, byToken[token] === connection { byToken[token] = nil }
    }
  }

  /// Takes the detached sessions of `loop` out of the detached list, longest detached first,
  /// for that loop to end (memory pressure, shutdown).
  func takeDetached(on loop: EventLoop) -> [ClientConnection] {
    lock.withLock {
      let mine = detached.filter { $0.loop === loop }
      detached.removeAll { $0.loop === loop }
      return mine
    }
  }
}
