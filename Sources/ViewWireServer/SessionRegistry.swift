import Logging

/// The daemon's resumable sessions: who holds which token, which sessions are detached, and the
/// bounds on them (PROTOCOL.md section 15).
///
/// Loop-confined, like everything the server holds. Tokens are looked up in a dictionary: its
/// hashing is SipHash with a per-process random seed, so how long a lookup takes says nothing an
/// attacker can use about the tokens held.
final class SessionRegistry {
  private let configuration: ServerConfiguration
  private var byToken: [ResumeToken: ClientConnection] = [:]
  /// Detached sessions, longest detached first.
  private var detached: [ClientConnection] = []
  /// Whether sessions may detach; false once the daemon shuts down.
  var acceptsDetached = true
  /// The share tokens of shared sessions (PROTOCOL.md section 18), kept apart from resume tokens.
  let shares: ShareRegistry

  init(configuration: ServerConfiguration) {
    self.configuration = configuration
    shares = ShareRegistry(daemonName: configuration.daemonName)
  }

  /// How many sessions are detached now.
  var detachedCount: Int { detached.count }

  /// A new token for `connection`'s session, unique among the tokens held.
  func issueToken(for connection: ClientConnection) -> ResumeToken {
    var token = ResumeToken.generate(daemonName: configuration.daemonName)
    // 2^-128 per pair; the loop costs nothing and rules a collision out.
    while byToken[token] != nil { token = ResumeToken.generate(daemonName: configuration.daemonName) }
    byToken[token] = connection
    return token
  }

  enum Lookup {
    case malformed
    case otherDaemon(String)
    case unknown
    case found(ClientConnection)
  }

  func lookUp(token text: String) -> Lookup {
    guard let (daemon, _) = ResumeToken.parse(text) else { return .malformed }
    guard daemon == configuration.daemonName else { return .otherDaemon(String(daemon)) }
    guard let connection = byToken[ResumeToken(text: text)], !connection.hasEnded else { return .unknown }
    return .found(connection)
  }

  /// A session lost its connection: it joins the detached, and the longest detached end while
  /// there are more than `maximumDetached`.
  func didDetach(_ connection: ClientConnection) {
    detached.append(connection)
    while detached.count > configuration.maximumDetached {
      detached[0].endSession(reason: "too-many-detached")
    }
  }

  /// A detached session was resumed.
  func didAttach(_ connection: ClientConnection) {
    detached.removeAll { $0 === connection }
  }

  /// A session ended: its token resumes nothing any more.
  func didEnd(_ connection: ClientConnection) {
    detached.removeAll { $0 === connection }
    if let token = connection.session.resumeToken, byToken[token] === connection { byToken[token] = nil }
  }

  /// Ends every detached session, longest detached first, with `reason`.
  func endDetached(reason: String) {
    while let first = detached.first { first.endSession(reason: reason) }
  }
}
