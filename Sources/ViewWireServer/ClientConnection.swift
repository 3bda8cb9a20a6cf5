import Foundation
import Logging
import ViewWireDiff
import ViewWireKit
import ViewWireLoop
import ViewWireProtocol

/// One client's TCP connection: bytes in through the line framer to the command dispatcher,
/// replies and frames out through one buffered write per batch of input.
///
/// **Slow clients.** Output a client leaves unread is bounded by `outputLimit`: past it, the
/// connection stops reading the client's commands and stops sending frames, while the session
/// keeps collecting changes (dirty flags, so memory stays bounded by the tree, not by the number
/// of changes) and keeps laying out, so its app runs on as it would for a reader and views that
/// came and went do not wait in the layout queue. Trace lines are kept up to
/// `Session.maximumHeldTraces`. When the socket drains, one frame carries everything the client
/// missed. A client stalled for longer than `stallTimeout` is disconnected with its reason,
/// without waiting for it (`disconnectStalled()`).
///
/// **Sessions that outlive their connection** (PROTOCOL.md section 15). Once the client asked for
/// its resume token, a lost connection detaches the session instead of ending it: `connection`
/// becomes nil, the app runs on as for a stalled client, and a `resume` on another connection
/// hands that connection's transport, framer and unread lines over to this object
/// (`adopt(from:afterFrame:)`), whose session goes on. So this object is the session's end of the
/// wire, which outlives any one transport.
final class ClientConnection {
  /// The transport of the client attached now; nil while the session is detached.
  private var connection: (any ClientTransport)?
  let session: Session
  private let configuration: ServerConfiguration
  private let loop: EventLoop
  private let logger: Logger
  private var framer: LineFramer
  /// Tokens, detached sessions and their limits, kept by the server.
  private unowned let registry: SessionRegistry
  /// The frames sent most recently, for `resume`; only once the session is resumable.
  private var history: FrameHistory?
  /// The reply of the numbered command being run, collected for the session's ledger.
  private var recordedReply: [ServerMessage]?
  /// Ends a detached session that no one resumed in time.
  private var detachTimer: LoopTimer?
  /// Whether the session ends with its connection whatever it is (`quit`, shutdown).
  private var endsForGood = false
  /// Whether the session ended; nothing more happens to it.
  private(set) var hasEnded = false
  /// Whether this connection presented the daemon's token (or the daemon wants none).
  private var isAuthenticated: Bool
  /// Closes a connection that sent nothing for `idleTimeout`.
  private var idleTimer: LoopTimer?
  /// When the client last sent anything, in the loop's milliseconds: a read only stores it, and
  /// the idle timer, when it fires, waits again for whatever is left.
  private var lastInputMilliseconds: UInt64 = 0
  /// Wrong tokens seen on this connection (section 17): the third closes it.
  private var wrongTokens = 0
  private lazy var dispatcher = CommandDispatcher(session: session, connection: self)
  /// Bytes produced while handling one read, written with one call at its end.
  private var output: [UInt8] = []
  /// Whether output passed the limit and the connection waits for the socket to drain.
  private(set) var isStalled = false
  /// Whether changes happened that a stall kept from being sent.
  private var frameOwed = false
  /// Framed input not yet handled because the connection stalled in the middle of a read. At
  /// most one read's worth: reading stops at the stall.
  private var pendingInput: [LineFramer.Event] = []
  private var pendingInputHead = 0
  private var stallTimer: LoopTimer?
  /// Whether reading stopped because more than a turn of commands waits.
  private var pausedForBacklog = false
  private var isClosing = false
  /// The most bytes held for the client at once (`unsentBytes` at its highest), for statistics.
  private var peakUnsentBytes = 0
  /// Called once the session has ended for good, to let the server forget it.
  var onClosed: (() -> Void)?

  /// - Parameter logger: already tagged with the session's id, the same logger as the session's.
  init(
    connection: any ClientTransport, session: Session, configuration: ServerConfiguration, loop: EventLoop,
    registry: SessionRegistry, logger: Logger
  ) {
    self.connection = connection
    self.session = session
    self.configuration = configuration
    self.loop = loop
    self.registry = registry
    self.logger = logger
    self.framer = LineFramer(maximumLineLength: configuration.maximumLineLength)
    isAuthenticated = configuration.authToken == nil
  }

  /// Sends the greeting and starts reading.
  func start() {
    guard let connection else { return }
    session.clock.onWork = { [unowned self] in self.flushAsynchronousChanges() }
    // Weak: the session's teardown may still trace after the connection is gone. A detached
    // session holds its traces as a stalled one does.
    session.isClientStalled = { [weak self] in self.map { $0.isStalled || $0.connection == nil } ?? false }
    bind(connection)
    let size = session.window.bounds.size
    send(
      .greeting(
        protocolVersion: ProtocolVersion.current, sessionID: session.id, width: Double(size.width),
        height: Double(size.height)))
    flush()
    connection.startReading()
    startIdleTimer()
    logger.debug("connected", metadata: ["peer": "\(connection.remoteAddress)"])
  }

  private func bind(_ connection: any ClientTransport) {
    connection.onRead = { [unowned self] bytes in self.received(bytes) }
    connection.onDrain = { [unowned self] in self.drained() }
    connection.onClose = { [unowned self] error in self.closed(error) }
  }

  // MARK: Input

  private func received(_ bytes: UnsafeRawBufferPointer) {
    // A `resume` in this read ends this object's session and the server forgets it while its
    // input loop is still running.
    withExtendedLifetime(self) {
      lastInputMilliseconds = loop.nowMilliseconds
      framer.append(bytes) { event in pendingInput.append(event) }
      handlePendingInput()
      pauseForBacklogIfNeeded()
    }
  }

  /// What waits is bounded by one read; nothing more is read until it has been handled.
  private func pauseForBacklogIfNeeded() {
    if pendingInputHead < pendingInput.count, !pausedForBacklog, !isClosing {
      pausedForBacklog = true
      connection?.stopReading()
    }
  }

  /// Commands one connection may have handled per turn of the loop (PROTOCOL.md section 4, "Fair
  /// turns"): a client that pipelines thousands of commands delays the others by one turn.
  static let commandsPerTurn = 64

  /// Handles framed input until it runs out or the client stops reading: a client that pipelines
  /// thousands of commands without reading the replies gets them handled as fast as it reads,
  /// so what the server holds for it stays bounded.
  private func handlePendingInput() {
    var handled = 0
    while pendingInputHead < pendingInput.count, !isStalled, !isClosing {
      if handled == Self.commandsPerTurn {
        scheduleNextTurn()
        break
      }
      handled += 1
      let event = pendingInput[pendingInputHead]
      pendingInputHead += 1
      switch event {
      case .line(let line):
        // The app's localised strings follow this client's `hello locale=` (PROTOCOL.md §3).
        Localization.withLocale(session.window.traitCollection.locale) { dispatcher.handle(line: line) }
      case .error(let error):
        send(error.reply)
      case .telnetAnswer(let verb, let option):
        output += [0xFF, verb, option]  // IAC VERB OPTION, between replies, in request order (§1.1)
      case .interrupt:
        if session.window.cancelTouchInProgress() { sendChanges() }
      }
      if output.count + queuedBytes > configuration.outputLimit { flush() }
    }
    if pendingInputHead == pendingInput.count || isClosing {
      pendingInput.removeAll(keepingCapacity: pendingInput.capacity <= 1024)
      pendingInputHead = 0
      if pausedForBacklog, !isClosing {
        pausedForBacklog = false
        if !isStalled { connection?.startReading() }
      }
    }
    flush()
  }

  /// Bytes the transport holds for the client; none while detached.
  private var queuedBytes: Int { connection?.queuedBytes ?? 0 }

  /// Continues with the pending commands after the loop has polled again and served what it
  /// found (other clients' commands, new connections, a SIGTERM): the loop's wake-up runs the
  /// work among the next poll's I/O callbacks. (A zero timer would not do: libuv 1.44 runs a
  /// timer restarted from its own callback again in the same pass, before polling.)
  private func scheduleNextTurn() {
    let next = NextTurn(connection: self)
    loop.execute {
      guard !next.connection.isClosing else { return }
      next.connection.handlePendingInput()
    }
  }

  /// What this connection holds for its client, for operators and tests.
  var statistics: ConnectionStatistics {
    ConnectionStatistics(
      sessionID: session.id, unsentBytes: output.count + queuedBytes,
      peakUnsentBytes: max(peakUnsentBytes, output.count + queuedBytes), isStalled: isStalled,
      pendingLines: pendingInput.count - pendingInputHead, pendingTraces: session.pendingTraces.count,
      queuedChanges: session.window.changes.queuedCount)
  }

  // MARK: Output

  /// Queues one server message.
  func send(_ message: ServerMessage) {
    message.encode(into: &output)
    recordedReply?.append(message)
  }

  /// Queues a frame, and keeps its bytes for `resume` when the session is resumable.
  func sendFrame(_ frame: Frame) {
    let start = output.count
    frame.encode(into: &output)
    history?.record(sequence: frame.sequence, bytes: output[start...])
  }

  /// Takes a frame of what changed and queues it, or remembers that one is owed while stalled or
  /// detached.
  func sendChanges() {
    if isStalled || connection == nil {
      // Layout runs anyway: the app's callbacks keep their time and the layout and display
      // queues let go of views that came and went; the frame waits.
      session.window.prepareFrame()
      frameOwed = true
      return
    }
    // Layout runs first, so the callbacks it causes are traced before the frame they shape.
    session.window.prepareFrame()
    sendTraces()
    if let frame = session.takeFrame() { sendFrame(frame) }
    sendTraces()
  }

  /// Queues the trace lines collected so far.
  func sendTraces() {
    for trace in session.drainTraces() { send(.trace(trace)) }
  }

  /// Writes what was queued and applies back-pressure if the client is not reading.
  func flush() {
    guard let connection else {
      // Detached: nothing is produced for the client but what a resume sends.
      output.removeAll()
      return
    }
    peakUnsentBytes = max(peakUnsentBytes, output.count + connection.queuedBytes)
    if !output.isEmpty, !connection.isClosed {
      connection.write(output)
      // A small reply's room is kept for the next one; a frame's is given back, or an idle
      // session would hold the capacity of the largest frame it ever sent (its first, whole
      // one: kilobytes) for as long as it lasts.
      output.removeAll(keepingCapacity: output.capacity <= 512)
    }
    if !isStalled && connection.queuedBytes > configuration.outputLimit {
      stall()
    }
  }

  /// Changes made by timers (animations, long presses, completions) reach the client here.
  private func flushAsynchronousChanges() {
    guard !isClosing else { return }
    sendChanges()
    flush()
  }

  private func stall() {
    isStalled = true
    connection?.stopReading()
    logger.debug("client stalled; holding frames", metadata: ["queued": "\(queuedBytes)"])
    let timer = loop.makeTimer()
    timer.start(afterMilliseconds: configuration.stallTimeoutMilliseconds) { [unowned self] in
      self.disconnectStalled()
    }
    stallTimer = timer
  }

  /// Ends a connection still stalled after `stallTimeout` (PROTOCOL.md section 4). The output
  /// the kernel never took is dropped: the client is not reading it. `bye` with the reason
  /// follows what the kernel did take only if that ends at a line's end, since after a cut line
  /// it would read as the cut line's tail; it goes as far as the socket has room, and the socket
  /// closes at once, without waiting for a client that does not read.
  private func disconnectStalled() {
    guard let connection else { return }
    let reason =
      "stalled: output unread for more than \(CanonicalNumber.format(configuration.stallTimeout)) s"
    let atLineEnd = connection.sentEndsAtBoundary
    var farewell: [UInt8] = []
    if atLineEnd { ServerMessage.bye(reason: reason).encode(into: &farewell) }
    let held = output.count + connection.queuedBytes
    output.removeAll()
    isClosing = true
    let sent = connection.closeWithoutFlush(farewell: farewell)
    let bye: String
    if !atLineEnd {
      bye = "none: the bytes sent end inside a line"
    } else if sent == farewell.count {
      bye = "sent"
    } else {
      bye = sent == 0 ? "none: no room in the socket" : "cut: room for \(sent) of \(farewell.count) bytes"
    }
    logger.notice(
      "disconnecting: \(reason)", metadata: ["held": "\(held) bytes", "bye": "\(bye)"])
  }

  private func drained() {
    guard isStalled, !isClosing else { return }
    isStalled = false
    stallTimer?.close()
    stallTimer = nil
    if frameOwed {
      frameOwed = false
      sendChanges()
    }
    // Trace lines held during the stall go now, before lines traced later could follow the
    // overflow line.
    sendTraces()
    flush()
    handlePendingInput()
    if !isStalled, !pausedForBacklog { connection?.startReading() }
  }

  // MARK: Closing

  /// Ends the session after the client asked to (`quit`): the reply is flushed first.
  func closeAfterReply(_ reason: TransportCloseReason = .normal) {
    isClosing = true
    endsForGood = true
    // The transport may wait for the client's own close; the token must stop working now.
    registry.didEnd(self)
    flush()
    connection?.closeAfterFlush(reason)
  }

  /// Tells the client the server is going away, then closes once the goodbye is written; a
  /// detached session just ends.
  func sayGoodbye(_ reason: String) {
    guard connection != nil else {
      endSession(reason: "shutdown")
      return
    }
    guard !isClosing else { return }
    send(.bye(reason: reason))
    closeAfterReply(.goingAway)
  }

  /// Closes at once, dropping unwritten output; the session ends with it.
  func forceClose() {
    isClosing = true
    endsForGood = true
    guard let connection else {
      endSession(reason: "shutdown")
      return
    }
    connection.close()
  }

  /// Raises a memory warning in the session and sends what it changed.
  func raiseMemoryWarning() {
    session.window.simulateMemoryWarning()
    flushAsynchronousChanges()
  }

  private func closed(_ error: LoopError?) {
    isClosing = true
    stallTimer?.close()
    stallTimer = nil
    idleTimer?.close()
    idleTimer = nil
    if let error {
      logger.debug("connection closed", metadata: ["error": "\(error)"])
    } else {
      logger.debug("connection closed")
    }
    if !endsForGood, session.resumeToken != nil, registry.acceptsDetached {
      detach()
    } else {
      endSession(reason: endsForGood ? "closed" : "connection closed")
    }
  }

  // MARK: Resuming (PROTOCOL.md section 15)

  /// Makes the session resumable: it gets its token, and frames are kept from now on.
  func makeResumable() -> ResumeToken {
    if let token = session.resumeToken { return token }
    let token = registry.issueToken(for: self)
    session.resumeToken = token
    history = FrameHistory(limit: configuration.resumeBufferBytes)
    logger.info("session resumable", metadata: ["token": "\(token.redacted)"])
    return token
  }

  /// Keeps the session without a connection until it is resumed or its time runs out.
  private func detach() {
    connection = nil
    isStalled = false
    pausedForBacklog = false
    isClosing = false
    pendingInput.removeAll()
    pendingInputHead = 0
    output.removeAll()
    let timer = loop.makeTimer()
    timer.start(afterMilliseconds: configuration.detachTimeoutMilliseconds) { [unowned self] in
      self.endSession(reason: "detach-timeout")
    }
    detachTimer = timer
    logger.notice(
      "session detached", metadata: ["timeout": "\(CanonicalNumber.format(configuration.detachTimeout)) s"])
    registry.didDetach(self)
  }

  /// Ends the session for good: its app closes and the server forgets it. `reason` goes to the
  /// log (PROTOCOL.md section 15 lists the reasons of detached sessions).
  func endSession(reason: String) {
    guard !hasEnded else { return }
    hasEnded = true
    isClosing = true
    detachTimer?.close()
    detachTimer = nil
    stallTimer?.close()
    stallTimer = nil
    idleTimer?.close()
    idleTimer = nil
    session.clock.cancelAll()
    session.tearDown()
    history = nil
    registry.didEnd(self)
    if session.resumeToken != nil {
      logger.notice("session ended", metadata: ["reason": "\(reason)"])
    } else {
      logger.debug("session ended", metadata: ["reason": "\(reason)"])
    }
    onClosed?()
  }

  /// Gives this connection's transport, and what it read but did not handle yet, to the session
  /// being resumed; this connection's own session ends.
  private func handOver() -> (connection: any ClientTransport, framer: LineFramer, input: [LineFramer.Event])?
  {
    guard let connection else { return nil }
    flush()
    let input = Array(pendingInput[pendingInputHead...])
    pendingInput.removeAll()
    pendingInputHead = 0
    self.connection = nil
    endSession(reason: "replaced by a resumed session")
    return (connection, framer, input)
  }

  /// Runs `resume TOKEN frame=SEQ` sent on this connection: finds the session and moves this
  /// connection over to it, or throws the error this connection answers with.
  func resume(token text: String, afterFrame sequence: Int) throws(SessionError) {
    let target: ClientConnection
    switch registry.lookUp(token: text) {
    case .malformed:
      throw .badArgument("a resume token is NAME.HEX with 32 lowercase hex digits, as resume-token named it")
    case .otherDaemon(let name):
      throw .unknownSession("the token names the daemon '\(name)', and this is '\(configuration.daemonName)'")
    case .unknown:
      throw .unknownSession(
        "no session has this token: it is mistyped, or its session ended (detach timeout, quit, too many detached)"
      )
    case .found(let found):
      target = found
    }
    guard target !== self else { throw .badArgument("this connection holds that session already") }
    let last = target.session.engine.sequence
    guard sequence <= last else {
      throw .badArgument("frame \(sequence) was never sent: the session's last frame is \(last)")
    }
    target.adopt(from: self, afterFrame: sequence)
  }

  /// Takes over `source`'s connection and goes on: the frames the client missed, then
  /// `ok resume`, then the lines that came after `resume`.
  private func adopt(from source: ClientConnection, afterFrame sequence: Int) {
    if let old = connection {
      // Held elsewhere, most likely by a connection the network lost without telling: the
      // token's holder takes the session (section 15).
      old.onRead = nil
      old.onDrain = nil
      old.onClose = nil
      var farewell: [UInt8] = []
      ServerMessage.bye(reason: "session resumed by another connection").encode(into: &farewell)
      old.write(farewell)
      old.closeAfterFlush(.normal)
      connection = nil
      pendingInput.removeAll()
      pendingInputHead = 0
      logger.notice("session taken over by another connection")
    } else {
      detachTimer?.close()
      detachTimer = nil
      registry.didAttach(self)
    }
    stallTimer?.close()
    stallTimer = nil
    isStalled = false
    isClosing = false
    output.removeAll()
    guard let handed = source.handOver() else { return }
    connection = handed.connection
    framer = handed.framer
    pendingInput = handed.input
    pendingInputHead = 0
    bind(handed.connection)
    logger.notice(
      "session resumed",
      metadata: ["peer": "\(handed.connection.remoteAddress)", "after-frame": "\(sequence)"])
    sendMissedFrames(after: sequence)
    send(
      .ok(
        verb: "resume",
        fields: [
          Field("session", String(session.id)), Field("frame", String(session.engine.sequence)),
          Field("command", String(session.ledger.last)),
        ]))
    flush()
    pausedForBacklog = false
    // The new connection presented the token before it could send `resume`.
    isAuthenticated = true
    wrongTokens = 0
    closeAfterWrongTokens = false
    idleTimer?.close()
    idleTimer = nil
    startIdleTimer()
    handlePendingInput()
    pauseForBacklogIfNeeded()
    if !isStalled, !pausedForBacklog { handed.connection.startReading() }
  }

  /// The frames after `sequence` from the history, or one full frame when it no longer holds
  /// them all; then what changed since the last frame, and held trace lines.
  private func sendMissedFrames(after sequence: Int) {
    let last = session.engine.sequence
    if let frames = history?.frames(after: sequence, through: last) {
      for frame in frames { output.append(contentsOf: frame) }
      frameOwed = false
      sendChanges()
    } else {
      frameOwed = false
      session.window.prepareFrame()
      sendTraces()
      sendFrame(session.takeFullFrame())
    }
    sendTraces()
  }

  /// Seconds a detached session waits, for `resume-token`'s reply.
  var detachTimeout: Double { configuration.detachTimeout }

  /// Counts a wrong token (a `resume` that found no session, section 15, or a wrong `auth`,
  /// section 17); the third closes the connection, after its error, with a `bye`.
  func countWrongToken() {
    wrongTokens += 1
    guard wrongTokens >= Self.maximumWrongTokens else { return }
    logger.notice("closing: too many wrong tokens", metadata: ["peer": "\(connection?.remoteAddress ?? "?")"])
    closeAfterWrongTokens = true
  }

  /// Wrong tokens one connection may send; the last closes it.
  static let maximumWrongTokens = 3

  /// Whether the connection closes after the error it is answering.
  private(set) var closeAfterWrongTokens = false

  /// Closes the connection after its third wrong token, with `bye` after the error.
  func closeForWrongTokens() {
    send(.bye(reason: "too many wrong tokens"))
    closeAfterReply()
  }

  // MARK: Access (PROTOCOL.md section 17)

  /// Whether commands other than `auth` and `quit` are refused until a token is presented.
  var needsAuth: Bool { !isAuthenticated }

  /// Checks `token` against the daemon's in constant time; a right one authenticates.
  func authenticate(_ token: String) -> Bool {
    guard let secret = configuration.authToken else { return true }
    guard ConstantTime.equal(Array(token.utf8), Array(secret.utf8)) else { return false }
    isAuthenticated = true
    return true
  }

  /// The address the attached client connects from, without its port; nil while detached.
  var peerHost: String? {
    guard let address = connection?.remoteAddress, let colon = address.lastIndex(of: ":") else { return nil }
    let host = address[..<colon]
    return String(host.hasPrefix("[") ? host.dropFirst().dropLast() : host)
  }

  /// Starts watching for silence from a newly attached client.
  private func startIdleTimer() {
    guard configuration.idleTimeout > 0, connection != nil else { return }
    lastInputMilliseconds = loop.nowMilliseconds
    if idleTimer == nil { idleTimer = loop.makeTimer() }
    idleTimer?.start(afterMilliseconds: idleMilliseconds) { [unowned self] in self.idleTimerFired() }
  }

  private var idleMilliseconds: UInt64 {
    UInt64((min(configuration.idleTimeout, 86_400) * 1000).rounded(.up))
  }

  /// Closes a connection idle for too long, or waits for the rest of the timeout after input.
  private func idleTimerFired() {
    let silent = loop.nowMilliseconds &- lastInputMilliseconds
    if silent < idleMilliseconds {
      idleTimer?.start(afterMilliseconds: idleMilliseconds - silent) { [unowned self] in self.idleTimerFired()
      }
      return
    }
    closeIdle()
  }

  /// Closes a connection idle for too long; a resumable session detaches (section 15).
  private func closeIdle() {
    guard let connection, !isClosing else { return }
    let reason = "idle for more than \(CanonicalNumber.format(configuration.idleTimeout)) s"
    logger.notice("closing: \(reason)")
    send(.bye(reason: reason))
    flush()
    isClosing = true
    connection.closeAfterFlush(.normal)
  }

  // MARK: Numbered commands (PROTOCOL.md section 16)

  /// Starts collecting the reply of a numbered command.
  func beginRecordingReply() { recordedReply = [] }

  /// Stops collecting and returns the reply, frames left out.
  func endRecordingReply() -> [ServerMessage] {
    defer { recordedReply = nil }
    return recordedReply ?? []
  }
}

/// A snapshot of what one connection holds for its client.
public struct ConnectionStatistics: Sendable, Equatable {
  /// The session on this connection.
  public var sessionID: Int
  /// Bytes produced for the client that the kernel has not taken yet: the bound that protects
  /// the server from clients that do not read.
  public var unsentBytes: Int
  /// The most `unsentBytes` has been since the connection opened, so a test can check the bound
  /// without sampling at the right moment.
  public var peakUnsentBytes: Int
  /// Whether frames are held back because the client is not reading.
  public var isStalled: Bool
  /// Lines read but not handled yet because the client stalled in the middle of a read.
  public var pendingLines: Int
  /// Trace lines waiting to be sent (at most `Session.maximumHeldTraces` and one overflow line
  /// while stalled).
  public var pendingTraces: Int
  /// Entries in the window's change tracker waiting for the next frame: bounded by the views,
  /// each queued once, however often they change.
  public var queuedChanges: Int
}

/// A connection carried to its next turn; `EventLoop.execute` runs the work on the loop thread
/// that owns the connection, so the connection is only ever touched there.
private struct NextTurn: @unchecked Sendable {
  let connection: ClientConnection
}
