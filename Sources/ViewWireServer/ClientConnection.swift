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
final class ClientConnection {
  private let connection: any ClientTransport
  let session: Session
  private let configuration: ServerConfiguration
  private let loop: EventLoop
  private let logger: Logger
  private var framer: LineFramer
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
  /// Called once the connection is closed, to let the server forget it.
  var onClosed: (() -> Void)?

  /// - Parameter logger: already tagged with the session's id, the same logger as the session's.
  init(
    connection: any ClientTransport, session: Session, configuration: ServerConfiguration, loop: EventLoop,
    logger: Logger
  ) {
    self.connection = connection
    self.session = session
    self.configuration = configuration
    self.loop = loop
    self.logger = logger
    self.framer = LineFramer(maximumLineLength: configuration.maximumLineLength)
  }

  /// Sends the greeting and starts reading.
  func start() {
    session.clock.onWork = { [unowned self] in self.flushAsynchronousChanges() }
    // Weak: the session's teardown may still trace after the connection is gone.
    session.isClientStalled = { [weak self] in self?.isStalled ?? false }
    connection.onRead = { [unowned self] bytes in self.received(bytes) }
    connection.onDrain = { [unowned self] in self.drained() }
    connection.onClose = { [unowned self] error in self.closed(error) }
    let size = session.window.bounds.size
    send(
      .greeting(
        protocolVersion: ProtocolVersion.current, sessionID: session.id, width: Double(size.width),
        height: Double(size.height)))
    flush()
    connection.startReading()
    logger.debug("connected", metadata: ["peer": "\(connection.remoteAddress)"])
  }

  // MARK: Input

  private func received(_ bytes: UnsafeRawBufferPointer) {
    framer.append(bytes) { event in pendingInput.append(event) }
    handlePendingInput()
    // What waits is bounded by one read; nothing more is read until it has been handled.
    if pendingInputHead < pendingInput.count, !pausedForBacklog, !isClosing {
      pausedForBacklog = true
      connection.stopReading()
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
      if output.count + connection.queuedBytes > configuration.outputLimit { flush() }
    }
    if pendingInputHead == pendingInput.count || isClosing {
      pendingInput.removeAll(keepingCapacity: pendingInput.capacity <= 1024)
      pendingInputHead = 0
      if pausedForBacklog, !isClosing {
        pausedForBacklog = false
        if !isStalled { connection.startReading() }
      }
    }
    flush()
  }

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
      sessionID: session.id, unsentBytes: output.count + connection.queuedBytes,
      peakUnsentBytes: max(peakUnsentBytes, output.count + connection.queuedBytes), isStalled: isStalled,
      pendingLines: pendingInput.count - pendingInputHead, pendingTraces: session.pendingTraces.count,
      queuedChanges: session.window.changes.queuedCount)
  }

  // MARK: Output

  /// Queues one server message.
  func send(_ message: ServerMessage) {
    message.encode(into: &output)
  }

  /// Queues a frame, unless the client is stalled, in which case the changes wait.
  func sendFrame(_ frame: Frame) {
    frame.encode(into: &output)
  }

  /// Takes a frame of what changed and queues it, or remembers that one is owed while stalled.
  func sendChanges() {
    if isStalled {
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
    peakUnsentBytes = max(peakUnsentBytes, output.count + connection.queuedBytes)
    if !output.isEmpty, !connection.isClosed {
      connection.write(output)
      output.removeAll(keepingCapacity: output.capacity <= 64 * 1024)
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
    connection.stopReading()
    logger.debug("client stalled; holding frames", metadata: ["queued": "\(connection.queuedBytes)"])
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
    if !isStalled, !pausedForBacklog { connection.startReading() }
  }

  // MARK: Closing

  /// Ends the session after the client asked to (`quit`): the reply is flushed first.
  func closeAfterReply(_ reason: TransportCloseReason = .normal) {
    isClosing = true
    flush()
    connection.closeAfterFlush(reason)
  }

  /// Tells the client the server is going away, then closes once the goodbye is written.
  func sayGoodbye(_ reason: String) {
    guard !isClosing else { return }
    send(.bye(reason: reason))
    closeAfterReply(.goingAway)
  }

  /// Closes at once, dropping unwritten output.
  func forceClose() {
    isClosing = true
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
    session.clock.cancelAll()
    session.tearDown()
    if let error {
      logger.debug("connection closed", metadata: ["error": "\(error)"])
    } else {
      logger.debug("connection closed")
    }
    onClosed?()
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
