import Logging
import ViewWireDiff
import ViewWireKit
import ViewWireProtocol

/// A client's part in a shared session (PROTOCOL.md section 18), kept on its `ClientConnection`.
///
/// Every connection starts as its own session's owner (`role` nil). One that joins another
/// session keeps its connection object and takes a role; the joined session's object, its
/// **host**, lists its joiners and hands every frame to each client that reads.
struct SharingState {
  /// The role this connection joined with; nil for a session's owner.
  var role: ShareRole?
  /// For a joiner, the joined session's own object; weak, since that session may end (and its
  /// object go) while the joiner's close is still on its way.
  weak var host: ClientConnection?
  /// For a host, the clients that joined it, in joining order.
  var joiners: [ClientConnection] = []
  /// For a host, its live share tokens by role, so `share` names the same token again and
  /// `share revoke` and the session's end find them.
  var tokens: [ShareRole: ResumeToken] = [:]
  /// Whether a frame went to the session's other clients while this one was not reading
  /// (stalled, detached, catching up): it needs a full frame before any other.
  var missedFrame = false
  /// For a joiner, its numbered commands (section 16): numbering is per connection, and the
  /// owner's belongs to the session.
  var ledger = CommandLedger()
  /// For a host, whether the finger down is its own client's (`ClientConnection.touchHolder`).
  var touchHeldByHost = false
  /// For a host, the joiner whose finger is down, if one's is. Kept apart from the host's own
  /// finger so that a session without joiners forms no weak reference to its connection: one
  /// (every tap stored the host here) gave each connection a side table, and then every retain
  /// and release of it took the slow path, a dozen times per command.
  weak var touchHoldingJoiner: ClientConnection?
}

extension ClientConnection {
  /// For a host, the client whose finger is down: one touch at a time, owned by one client. Weak
  /// for a joiner, which may go while its finger is down; the host itself is this object.
  var touchHolder: ClientConnection? {
    get { sharing.touchHeldByHost ? self : sharing.touchHoldingJoiner }
    set {
      sharing.touchHeldByHost = newValue === self
      sharing.touchHoldingJoiner = newValue === self ? nil : newValue
    }
  }

  // MARK: The stream of frames

  /// The object that holds the session this client sees and hands out its frames: the joined
  /// session's for a joiner, else this one. Only a joiner has a host, set with its role: an
  /// owner (no role) is answered without loading the weak reference, on every frame.
  var streamHost: ClientConnection { sharing.role == nil ? self : (sharing.host ?? self) }

  /// Runs `body` with `streamHost`, an owner passing itself as it is: returned as a value, the
  /// host cost a retain and a release on every frame and touch of an owner (most clients).
  @inline(__always) func withStreamHost<Result>(_ body: (ClientConnection) -> Result) -> Result {
    if sharing.role == nil { return body(self) }
    return body(sharing.host ?? self)
  }

  /// Whether this client takes frames now: attached, reading, not closing, and holding every
  /// frame so far.
  var isReader: Bool { connection != nil && !isStalled && !isClosing && !sharing.missedFrame }

  /// Whether a client of this host's session takes frames now; while none does, changes wait as
  /// dirty flags and are merged into one frame (section 4).
  var hasReader: Bool { isReader || sharing.joiners.contains { $0.isReader } }

  /// Whether this client is a session's owner (not a joiner), for the daemon's walks over
  /// sessions, which must visit each session once.
  var ownsItsSession: Bool { sharing.role == nil }

  /// Gives `frame`, a new frame of this host's session, to every client that reads, and marks
  /// the others as having missed one; keeps it for `resume`.
  ///
  /// The frame is encoded once, into the first reader's output, and copied to the others, so a
  /// session without joiners costs what it did before sharing existed. Other clients' output is
  /// written at once (it holds only whole replies: the loop runs one client's handler at a time);
  /// `commander`, whose command made the frame, flushes with its reply.
  func deliver(_ frame: Frame, from commander: ClientConnection) {
    frameOwed = false
    // The bytes are kept, as a slice of the first reader's output, only for another reader or
    // the history: a session of one client without history (most) encodes straight into it.
    let isReused = !sharing.joiners.isEmpty || history != nil
    var encoded: ArraySlice<UInt8>?
    // No list of clients is built: a session without joiners makes one frame after another.
    func give(to client: ClientConnection) {
      guard client.isReader else {
        if !client.isClosing { client.sharing.missedFrame = true }
        return
      }
      if let encoded {
        client.output.append(contentsOf: encoded)
      } else if isReused {
        let start = client.output.count
        frame.encode(into: &client.output)
        encoded = client.output[start...]
      } else {
        frame.encode(into: &client.output)
      }
      if client !== commander { client.flush() }
    }
    give(to: self)
    for joiner in sharing.joiners { give(to: joiner) }
    guard history != nil else { return }
    if let encoded {
      history?.record(sequence: frame.sequence, bytes: encoded)
    } else {
      var bytes: [UInt8] = []
      frame.encode(into: &bytes)
      history?.record(sequence: frame.sequence, bytes: bytes[...])
    }
  }

  /// Brings `client` of this host's session up to date with one full frame numbered as the
  /// session's last frame (section 18): the changes no frame carried yet go to everyone else
  /// first, as the next frame, so every client's mirror ends at the same number and hash.
  func catchUp(_ client: ClientConnection) {
    client.sharing.missedFrame = true
    session.window.prepareFrame()
    if let frame = session.takeFrame() { deliver(frame, from: client) }
    frameOwed = false
    client.sharing.missedFrame = false
    client.sendTraces()
    session.engine.makeRepeatedFullFrame().encode(into: &client.output)
  }

  /// Sends the trace lines collected so far to the owner, when it is attached and reading; else
  /// they wait, held as for a stalled client (section 4).
  func sendTracesToOwner() {
    guard connection != nil, !isStalled, !isClosing else { return }
    for trace in session.drainTraces() { send(.trace(trace)) }
    flush()
  }

  /// A full frame for this client alone (`snapshot`, `resync`): a new frame while the session has
  /// no joiners, as before sharing; else the last frame's number repeated, so no client sees a gap.
  func sendOwnFullFrame() {
    let host = streamHost
    if host.sharing.joiners.isEmpty {
      sendNewFullFrame()
    } else {
      host.catchUp(self)
    }
  }

  /// A full frame with a new number, for every client (`open`; `snapshot` without joiners).
  func sendNewFullFrame() {
    session.window.prepareFrame()
    sendTraces()
    streamHost.deliver(session.takeFullFrame(), from: self)
    sendTraces()
  }

  // MARK: Share tokens

  /// The session's token for `role`, made on first asking (section 18).
  ///
  /// - Throws: `.limitReached` when the daemon allows no joiners (`--max-joiners 0`).
  func shareToken(for role: ShareRole) throws(SessionError) -> ResumeToken {
    guard configuration.maximumJoiners > 0 else {
      throw .limitReached("this daemon allows no joiners (--max-joiners 0), so it shares no session")
    }
    if let token = sharing.tokens[role] { return token }
    let token = registry.shares.issue(for: self, role: role)
    sharing.tokens[role] = token
    logger.info("session shared", metadata: ["role": "\(role.rawValue)", "token": "\(token.redacted)"])
    return token
  }

  /// Ends the session's share tokens and closes its joiners; returns how many of each.
  func revokeSharing() -> (tokens: Int, joiners: Int) {
    let tokens = registry.shares.revoke(Array(sharing.tokens.values))
    sharing.tokens = [:]
    let joiners = sharing.joiners
    closeJoiners(saying: "sharing revoked by the session's owner")
    if tokens > 0 || !joiners.isEmpty {
      logger.info("sharing revoked", metadata: ["tokens": "\(tokens)", "joiners": "\(joiners.count)"])
    }
    return (tokens, joiners.count)
  }

  /// The session ended for good: its tokens end and its joiners are told why.
  func endSharing(reason: String) {
    registry.shares.revoke(Array(sharing.tokens.values))
    sharing.tokens = [:]
    touchHolder = nil
    closeJoiners(saying: reason == "shutdown" ? "server shutting down" : "session ended")
  }

  private func closeJoiners(saying reason: String) {
    let joiners = sharing.joiners
    sharing.joiners = []
    for joiner in joiners {
      joiner.sharing.host = nil
      joiner.closeAsJoiner(saying: reason)
    }
  }

  /// Closes a joiner's connection after `bye "REASON"`; the session it joined goes on or is gone.
  private func closeAsJoiner(saying reason: String) {
    sayGoodbye(reason, closeReason: .normal)
  }

  // MARK: Joining

  /// Runs `join TOKEN` sent on this connection: this connection's own session ends and the
  /// connection joins the token's session, getting its full frame; returns what `ok join` names.
  ///
  /// - Throws: a `SessionError` whose reply the connection sends; a token that names no session
  ///   (malformed, another daemon's, guessed, revoked, ended) also counts as a wrong token.
  /// - Returns: the role and the frame the joiner's mirror starts from; nil when the connection
  ///   moved to the host session's loop, whose reply comes from there (`joinOnOtherLoop`).
  func join(token text: String) throws(SessionError) -> (role: ShareRole, frame: Int)? {
    let host: ClientConnection
    let role: ShareRole
    switch registry.shares.lookUp(token: text) {
    case .malformed:
      countWrongToken()
      throw .badArgument("a share token is NAME.HEX with 32 lowercase hex digits, as share named it")
    case .otherDaemon(let name):
      countWrongToken()
      throw .unknownSession("the token names the daemon '\(name)', and this is '\(configuration.daemonName)'")
    case .unknown:
      countWrongToken()
      throw .unknownSession(
        "no session shares with this token: it is mistyped or revoked, or its session ended")
    case .found(let found, let foundRole):
      (host, role) = (found, foundRole)
    }
    guard host !== self else { throw .badArgument("this connection owns that session already") }
    // A session is touched on its own loop only: a joiner of another loop's session moves there
    // first, and joins there as on one loop.
    guard host.loop === loop else {
      try joinOnOtherLoop(host.loop, token: text)
      return nil
    }
    guard !host.hasEnded else {
      countWrongToken()
      throw .unknownSession(
        "no session shares with this token: it is mistyped or revoked, or its session ended")
    }
    let limit = configuration.maximumJoiners
    guard host.sharing.joiners.count < limit else {
      throw .limitReached(
        "session \(host.session.id) has \(limit) joiner\(limit == 1 ? "" : "s") already, as many as --max-joiners allows"
      )
    }
    endOwnSession(reason: "replaced by a joined session")
    reopenAfterOwnSessionEnded()
    session = host.session
    sharing.role = role
    sharing.host = host
    sharing.ledger = CommandLedger()
    sharing.ledger.takesAnyFirstNumber = true
    sharing.missedFrame = false
    frameOwed = false
    host.sharing.joiners.append(self)
    host.logger.info(
      "client joined", metadata: ["role": "\(role.rawValue)", "joiners": "\(host.sharing.joiners.count)"])
    host.catchUp(self)
    return (role, session.engine.sequence)
  }

  /// Leaves the joined session when this joiner's connection closes: the session goes on, less
  /// this client's finger (section 18).
  func leaveJoinedSession() {
    guard let host = sharing.host else { return }
    sharing.host = nil
    host.sharing.joiners.removeAll { $0 === self }
    host.logger.info("client left", metadata: ["joiners": "\(host.sharing.joiners.count)"])
    if host.touchHolder === self {
      host.touchHolder = nil
      if session.window.cancelTouchInProgress() { host.flushAsynchronousChanges() }
    }
  }

  // MARK: What a joiner may do

  /// Why this client may not run `command` (section 18's table), or nil when it may. Checked
  /// before the command runs, so a refused one changes nothing and sends no frame.
  func refusal(of command: ClientCommand) -> SessionError? {
    guard let role = sharing.role else { return nil }
    switch command {
    case .share:
      return .ownerOnly("share belongs to the session's owner: only it names and revokes share tokens")
    case .resumeToken:
      return .ownerOnly(
        "resume-token belongs to the session's owner; a joiner's place ends with its connection")
    case .resize:
      return .ownerOnly("the window's size belongs to the session's owner")
    case .hello(let options):
      if options.width != nil || options.scale != nil || options.idiom != nil || options.locale != nil
        || options.keyboardHeight != nil
      {
        return .ownerOnly(
          "the window's size and traits belong to the session's owner; a joiner's hello may name only version"
        )
      }
      if let version = options.version, ProtocolVersion.supported.contains(version),
        version != session.protocolVersion
      {
        return .ownerOnly(
          "the session speaks protocol \(session.protocolVersion), as its owner chose; every client reads the same frames"
        )
      }
      return nil
    case .join, .resume:
      return .badArgument(
        "this connection has joined session \(session.id); open another connection to join or resume another session"
      )
    default:
      break
    }
    guard role == .observer else { return nil }
    switch command {
    case .open, .close, .tap, .down, .move, .up, .drag, .text, .key, .back, .memoryWarning, .trace:
      return .readOnly(command.verb)
    case .clock(let request):
      if case .show = request { return nil }
      return .readOnly("clock")
    default:
      return nil
    }
  }

  /// Whether this client is attached and staying: a finger of a client that is not does not block
  /// the others (section 18).
  private var isAttached: Bool { connection != nil && !isClosing }

  /// Before `down`, `tap` or `drag`: refuses while another attached client's finger is down.
  func checkTouchIsFree() throws(SessionError) {
    guard session.window.isTouching, let holder = streamHost.touchHolder, holder !== self,
      holder.isAttached
    else { return }
    throw .touchBusy
  }

  /// Before `move` or `up`: refuses while the finger down is another client's.
  func checkTouchIsMine() throws(SessionError) {
    guard session.window.isTouching, let holder = streamHost.touchHolder, holder !== self else {
      return
    }
    throw .fingerOfAnotherClient
  }

  /// After this client put a finger down.
  func tookTouch() { withStreamHost { $0.touchHolder = self } }

  /// Whether a telnet interrupt from this client may cancel the touch in progress: an
  /// observer's never does, and another attached client's finger is not this client's to cancel.
  var mayCancelTouchInProgress: Bool {
    guard sharing.role != .observer else { return false }
    guard let holder = streamHost.touchHolder, holder !== self else { return true }
    return !holder.isAttached
  }

  /// The numbered-command ledger this connection answers from: the session's for its owner
  /// (it survives `resume`), the connection's own for a joiner.
  var ledger: CommandLedger {
    get { sharing.role == nil ? session.ledger : sharing.ledger }
    set {
      if sharing.role == nil {
        session.ledger = newValue
      } else {
        sharing.ledger = newValue
      }
    }
  }
}
