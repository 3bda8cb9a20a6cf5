public import ViewWireProtocol

/// A scripted session: send a command, get its reply, with every frame applied to a checked
/// mirror. Tests and scripts drive the daemon with it the way a person does with telnet.
///
/// ```swift
/// let session = try ViewWireSession(port: 7420)
/// try session.open("login")
/// try session.tap("@username")
/// try session.type("bob")
/// try session.tap("@login")
/// try session.waitForView(withText: "Welcome, bob!")
/// print(session.textSnapshot)   // 0 1 Window 0 0 390 844 bg=#ffffffff ...
/// ```
///
/// Every call returns with the mirror exact: a frame whose hash disagrees is answered with one
/// `resync` (`MirrorSync`, the code the `viewwire` console runs too) whose full frame is read
/// before the call returns; `resyncCount` counts them. The typed calls fail (`.notOK`) on an
/// `error` reply; `send` returns any reply.
public final class ViewWireSession {
  /// What one command got back.
  public struct Reply: Sendable {
    /// The terminal line (`ok ...` or `error ...`).
    public let terminal: ServerLine
    /// Every line before it, frames included, in order.
    public let lines: [String]
    /// Numbers of the frames the command produced.
    public let frames: [Int]

    /// Whether the terminal line is `ok`.
    public var isOK: Bool {
      if case .ok = terminal { return true }
      return false
    }

    /// The value of a field of the `ok` line (`view` of `ok tap view=4`).
    public func field(_ key: String) -> String? {
      guard case .ok(_, let fields) = terminal else { return nil }
      return fields.first { $0.key == key }?.value
    }

    /// The error code of an `error` line.
    public var errorCode: String? {
      guard case .error(_, let code, _) = terminal else { return nil }
      return code
    }
  }

  /// Why a scripted command failed.
  public enum Failure: Error, CustomStringConvertible {
    /// The connection failed: cannot connect, a timeout, an I/O error.
    case connection(WireConnection.Failure)
    /// A frame stayed wrong after a resync (its full frame did not check out either).
    case mirror(Mirror.Failure)
    /// The first line was not `hello viewwire ...`: not a ViewWire server.
    case unexpectedGreeting(String)
    /// The server closed the connection before the command's terminal reply.
    case closedBeforeReply(command: String)
    /// A command that had to succeed got an `error` reply (the reply line is kept).
    case notOK(command: String, reply: String)
    /// `waitForView(withText:timeout:)` reached its deadline without such a view.
    case viewNotFound(text: String, seconds: Double)
    /// `waitForMirror(timeout:_:until:)` reached its deadline with the condition still false;
    /// the text says what was awaited.
    case timedOutWaiting(for: String, seconds: Double)

    /// The failure in words, for test failures and scripts' output.
    public var description: String {
      switch self {
      case .connection(let failure): return failure.description
      case .mirror(let failure): return failure.description
      case .unexpectedGreeting(let line): return "unexpected greeting: \(line)"
      case .closedBeforeReply(let command): return "the server closed before answering '\(command)'"
      case .notOK(let command, let reply): return "'\(command)' got '\(reply)'"
      case .viewNotFound(let text, let seconds):
        return "no view with text \(Quoting.quote(text)) within \(seconds) s"
      case .timedOutWaiting(let what, let seconds): return "no \(what) within \(seconds) s"
      }
    }
  }

  /// The socket, for tests that need to send raw bytes or half-close; scripts use `send`.
  public internal(set) var connection: WireConnection
  /// Where the session's server is, to reconnect to it (PROTOCOL.md section 15).
  let host: String
  let port: Int
  /// The resume token and detach timeout, once `makeResumable()` asked for them.
  var resumeToken: (token: String, detachTimeout: Double)?
  /// The number of the last command sent with `n=` (section 16).
  var commandNumber = 0
  /// How many times the session was resumed on a new connection after losing one.
  public internal(set) var reconnectCount = 0
  /// How many commands were sent again after a lost connection.
  public internal(set) var retryCount = 0
  /// The session number from the greeting, as the daemon's log and traces name the session.
  public internal(set) var sessionID: Int
  /// Every `trace` line read so far, inside replies or between them, so tests can check
  /// lifecycle callbacks. Frames are not kept here: they go to the mirror, and one that arrives
  /// between replies is read with the next reply and counted among its `frames`.
  public private(set) var asynchronousLines: [String] = []
  /// The reason of the server's `bye`, once read, or nil. A `bye` may follow an unfinished frame
  /// (the stall farewell, PROTOCOL.md section 4); that frame is dropped and the mirror stays as
  /// the last whole frame left it.
  public private(set) var bye: String?
  /// Seconds to wait for each line.
  public var timeout: Double
  /// The mirror with its resync logic, the same code the `viewwire` console runs.
  var sync = MirrorSync()
  /// `resync`s sent for mismatches whose terminal replies are still unread.
  private var unansweredResyncs = 0

  /// The client's copy of the tree, checked against every frame hash; exact after every
  /// command's reply, since a mismatch is repaired (`resyncCount`) before the call returns.
  public var mirror: Mirror { sync.mirror }

  /// How many `resync`s the session sent because its mirror disagreed with the server. A
  /// correct server and client never need one, so tests assert it stays 0.
  public var resyncCount: Int { sync.resyncCount }

  /// The token `auth` presents, for a daemon started with `--auth-token-file` (PROTOCOL.md
  /// section 17); sent after the greeting, and again on every connection a resume opens.
  let authToken: String?

  /// Connects and reads the greeting; with `authToken`, presents it (`auth`) before anything else.
  ///
  /// - Throws: `.connection` when the server cannot be reached, `.unexpectedGreeting` when the
  ///   first line is not a greeting, `.notOK` when the daemon refuses the token.
  public init(host: String = "127.0.0.1", port: Int, timeout: Double = 10, authToken: String? = nil)
    throws(Failure)
  {
    self.timeout = timeout
    self.host = host
    self.port = port
    self.authToken = authToken
    do {
      connection = try WireConnection(host: host, port: port)
      guard let line = try connection.readLine(timeout: timeout) else {
        throw Failure.closedBeforeReply(command: "")
      }
      guard case .greeting(_, let session, _) = ServerLine.parse(line) else {
        throw Failure.unexpectedGreeting(line)
      }
      sessionID = session
    } catch let failure as WireConnection.Failure {
      throw .connection(failure)
    } catch let failure as Failure {
      throw failure
    } catch {
      throw .unexpectedGreeting("\(error)")
    }
    if let authToken {
      let reply = try sendOnce("auth \(authToken)")
      guard reply.isOK else { throw .notOK(command: "auth", reply: reply.lines.last ?? "") }
    }
  }

  // MARK: Commands

  /// Sends `command` and reads until its terminal reply, whatever it is.
  ///
  /// - Throws: `.connection` or `.closedBeforeReply` when no reply comes; `.mirror` when a frame
  ///   stays wrong after a resync. After a throw the session's state is unknown: close it.
  @discardableResult
  public func send(_ command: String) throws(Failure) -> Reply {
    if resumeToken != nil { return try sendNumbered(command) }
    return try sendOnce(command)
  }

  /// Sends `command` as it is and reads its reply, on the connection there is.
  func sendOnce(_ command: String) throws(Failure) -> Reply {
    do {
      try connection.send(line: command)
    } catch {
      throw .connection(error)
    }
    return try readReply(to: command)
  }

  /// Sends `command` and fails unless the reply is `ok`.
  ///
  /// - Throws: `.notOK` with the reply for an `error`, and whatever `send` throws.
  @discardableResult
  public func run(_ command: String) throws(Failure) -> Reply {
    let reply = try send(command)
    guard reply.isOK else { throw .notOK(command: command, reply: reply.lines.last ?? "\(reply.terminal)") }
    return reply
  }

  /// Reads lines until a terminal reply, applying frames.
  ///
  /// A mismatch on the way sends `resync` at once; its reply (the full frame and `ok resync`)
  /// comes after this command's and is read before returning, so the mirror is exact again
  /// when the call returns and the next command's reply is not confused with it.
  public func readReply(to command: String = "") throws(Failure) -> Reply {
    var lines: [String] = []
    var frames: [Int] = []
    while true {
      let line = try nextLine(command)
      let parsed = try consume(line)
      if parsed.isTerminalReply {
        lines.append(line)
        try readResyncReplies()
        return Reply(terminal: parsed, lines: lines, frames: frames)
      }
      if case .frameEnd(let sequence, _, _) = parsed { frames.append(sequence) }
      lines.append(line)
    }
  }

  /// Opens `app` (`open APP`), closing the one open before; its full frame replaces the mirror.
  @discardableResult
  public func open(_ app: String) throws(Failure) -> Reply { try run("open \(app)") }

  /// Taps a view by name: `@IDENT` (accessibility identifier) or `#ID` (view id) as written; a
  /// bare name means `@NAME`, the common case in scripts.
  ///
  /// The server puts a finger down at the view's centre (section 5, "Taps"), so a script does not
  /// depend on where layout put the view; the reply's `view=` names the view tapped, and a view
  /// whose centre is outside the window fails with `outside-window`.
  @discardableResult
  public func tap(_ identifier: String) throws(Failure) -> Reply {
    let target = identifier.hasPrefix("@") || identifier.hasPrefix("#") ? identifier : "@" + identifier
    return try run("tap \(target)")
  }

  /// Taps the point (`x`, `y`) in window coordinates, hit-tested as a finger would be.
  @discardableResult
  public func tap(x: Double, y: Double) throws(Failure) -> Reply {
    try run("tap \(Self.number(x)) \(Self.number(y))")
  }

  /// Types `text` into the focused text field (`text "..."`); quoted here, so any text works.
  ///
  /// - Throws: `.notOK` with `no-focus` when no field has focus (tap one first).
  @discardableResult
  public func type(_ text: String) throws(Failure) -> Reply { try run("text \(Quoting.quote(text))") }

  /// Sends `key` to the focused text field (section 8): `return` asks the field's delegate,
  /// `backspace` deletes the last character, `tab` focuses the next field, `escape` ends editing.
  @discardableResult
  public func key(_ key: KeyName) throws(Failure) -> Reply { try run("key \(key.rawValue)") }

  /// Drags a finger from `start` to `end` in window coordinates (`drag`): a touch down, `steps`
  /// evenly spaced moves (the server's default, 4, when nil) and a touch up, in one frame.
  @discardableResult
  public func drag(
    from start: (x: Double, y: Double), to end: (x: Double, y: Double), steps: Int? = nil
  ) throws(Failure) -> Reply {
    let points = [start.x, start.y, end.x, end.y].map(Self.number).joined(separator: " ")
    return try run("drag \(points)" + (steps.map { " steps=\($0)" } ?? ""))
  }

  /// Waits until some view's `text` is `text` and returns it, reading the asynchronous frames
  /// that timers and animations send meanwhile.
  ///
  /// Returns at once when the mirror already shows it. Text changed by a command is in the
  /// mirror when the command returns; this is for text that comes later (a delayed result, an
  /// animation's completion).
  ///
  /// - Throws: `.viewNotFound` when `timeout` seconds pass first (a deadline, not a timing
  ///   check: waiting longer never changes the outcome of a correct script).
  @discardableResult
  public func waitForView(withText text: String, timeout: Double = 10) throws(Failure) -> Mirror.Node {
    var found: Mirror.Node?
    do {
      try waitForMirror(timeout: timeout, "view with text \(Quoting.quote(text))") { mirror in
        found = mirror.depthFirst.first(where: { mirror.text(of: $0, "text") == text })
        return found != nil
      }
    } catch .timedOutWaiting {
      throw .viewNotFound(text: text, seconds: timeout)
    }
    return found!
  }

  /// Waits until `condition` holds for the mirror, reading the asynchronous frames that timers,
  /// animations and, in a shared session (PROTOCOL.md section 18), the other clients' input send
  /// meanwhile. An observer waits with it for the frame a driver's command made:
  /// `waitForMirror("frame 7") { $0.sequence >= 7 }`.
  ///
  /// - Parameter what: what is awaited, for the failure's message.
  /// - Throws: `.timedOutWaiting` when `timeout` seconds pass first (a deadline, not a timing
  ///   check); `.closedBeforeReply` when the server closes meanwhile.
  public func waitForMirror(
    timeout: Double = 10, _ what: String, until condition: (Mirror) -> Bool
  ) throws(Failure) {
    let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int(timeout * 1000)))
    while true {
      // Not while a resync is unanswered: the mirror is stale, and its `ok resync` must be read
      // here, not taken later for the next command's reply.
      if unansweredResyncs == 0, !sync.isAwaitingFullFrame, !mirror.isInFrame, condition(mirror) { return }
      let remaining = deadline - ContinuousClock.now
      guard remaining > .zero else { throw .timedOutWaiting(for: what, seconds: timeout) }
      let line: String?
      do {
        line = try connection.readLine(timeout: Self.seconds(remaining))
      } catch .timedOut {
        throw .timedOutWaiting(for: what, seconds: timeout)
      } catch {
        throw .connection(error)
      }
      guard let line else { throw .closedBeforeReply(command: "(waiting for \(what))") }
      if try consume(line).isTerminalReply, unansweredResyncs > 0 { unansweredResyncs -= 1 }
    }
  }

  // MARK: Reading the mirror

  /// The mirror's node with accessibility identifier `identifier`.
  public func view(_ identifier: String) -> Mirror.Node? { mirror.node(identifier: identifier) }

  /// A text property of the view with `identifier`, unquoted.
  public func text(of identifier: String, _ key: String = "text") -> String? {
    guard let node = view(identifier) else { return nil }
    return mirror.text(of: node, key)
  }

  /// The mirror as text, one line per view in the form of the server's `tree` lines without
  /// their first word (`DEPTH ID CLASS X Y W H KEY=VALUE...`, keys sorted): a snapshot a test
  /// compares with `tree()` or writes inline.
  ///
  /// It reads nothing from the server; to have the server send a full frame, `run("snapshot")`.
  public func snapshot() -> [String] { mirror.treeLines }

  /// `snapshot()` as one string, a line per view, for inline snapshots and failure messages.
  public var textSnapshot: String { snapshot().joined(separator: "\n") }

  /// The server's own printout of its tree (`tree`), in `snapshot()`'s form, so a test can
  /// check that the mirror holds exactly what the server holds.
  public func tree() throws(Failure) -> [String] {
    try run("tree").lines.compactMap { line in
      guard case .tree = ServerLine.parse(line) else { return nil }
      return String(line.dropFirst("tree ".count))
    }
  }

  /// Closes the connection.
  public func close() { connection.close() }

  // MARK: Reading lines

  /// The next line, or a failure naming `command` when the connection ends first.
  func nextLine(_ command: String) throws(Failure) -> String {
    let line: String?
    do {
      line = try connection.readLine(timeout: timeout)
    } catch {
      throw .connection(error)
    }
    guard let line else { throw .closedBeforeReply(command: command) }
    return line
  }

  /// Feeds `line` to the mirror, sending `resync` when it disagrees; keeps traces.
  func consume(_ line: String) throws(Failure) -> ServerLine {
    let parsed = ServerLine.parse(line)
    switch sync.consume(parsed) {
    case .resyncNeeded:
      do {
        try connection.send(line: "resync")
      } catch {
        throw .connection(error)
      }
      unansweredResyncs += 1
    case .unrecoverable(let failure):
      throw .mirror(failure)
    case .other, .buffered, .applied, .skipped:
      break
    }
    if parsed.isTrace { asynchronousLines.append(line) }
    if case .bye(let reason) = parsed { bye = reason }
    return parsed
  }

  /// Reads the replies of the `resync`s sent so far, applying their full frames.
  private func readResyncReplies() throws(Failure) {
    while unansweredResyncs > 0 {
      if try consume(nextLine("resync")).isTerminalReply { unansweredResyncs -= 1 }
    }
  }

  /// A number as the protocol writes it (canonical form).
  private static func number(_ value: Double) -> String { CanonicalNumber.format(value) }

  /// A duration in seconds, for `WireConnection.readLine`.
  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}

extension ServerLine {
  /// Whether this is a `trace` line.
  fileprivate var isTrace: Bool {
    if case .trace = self { return true }
    return false
  }
}
