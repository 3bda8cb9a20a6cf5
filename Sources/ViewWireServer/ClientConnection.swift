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
///
/// **Shared sessions** (PROTOCOL.md section 18). A connection that joins another session keeps
/// this object (its transport, framer, limits and timers) and points `session` at the joined
/// one, with `host` the joined session's own object; the host keeps its `joiners` and hands every
/// frame to each reader (`ClientConnection+Sharing.swift`).
final class ClientConnection {
  /// The transport of the client attached now; nil while the session is detached. The
  /// daemon-wide census counts it while it is set (PROTOCOL.md section 17).
  @exclusivity(unchecked) var connection: (any ClientTransport)? {
    didSet {
      guard oldValue !== connection else { return }
      if let old = oldValue {
        census.release(loop: loopIndex, host: ConnectionCensus.host(of: old.remoteAddress))
      }
      if let new = connection {
        census.attach(loop: loopIndex, host: ConnectionCensus.host(of: new.remoteAddress))
      }
    }
  }
  /// The session this client sees: its own, or the one it joined (section 18).
  @exclusivity(unchecked) var session: Session
  /// The daemon's settings, read in place from the loop's shared copy.
  var configuration: ServerConfiguration {
    _read { yield sharedConfiguration.value }
  }
  /// The loop's one copy of the settings: stored inline they were about 270 bytes of every
  /// connection (strings, a closure, a dozen numbers), the same for all (issue 14, "Lean
  /// sessions").
  private let sharedConfiguration: SharedConfiguration
  /// The event loop this session runs on, for good: everything here is touched only on its
  /// thread. Other loops read this to know where to send work for the session.
  let loop: EventLoop
  /// The loop's index, for the census.
  private let loopIndex: Int
  /// Connections counted daemon-wide.
  private let census: ConnectionCensus
  /// Whether this session's connection went to another loop with a `resume` and waits there
  /// for the resumed session to take it, or to be handed back (PROTOCOL.md section 17).
  private var lentForResume = false
  let logger: SessionLogger
  @exclusivity(unchecked) private var framer: LineFramer
  /// Tokens, detached sessions and their limits, kept by the server.
  unowned let registry: SessionRegistry
  /// The frames sent most recently, for `resume`; only once the session is resumable.
  @exclusivity(unchecked) var history: FrameHistory?
  /// The reply of the numbered command being run, collected for the session's ledger.
  @exclusivity(unchecked) private var recordedReply: [ServerMessage]?
  /// Ends a detached session that no one resumed in time.
  private var detachTimer: LoopTimer?
  /// Whether the session ends with its connection whatever it is (`quit`, shutdown).
  private var endsForGood = false
  /// Whether the session ended; nothing more happens to it.
  @exclusivity(unchecked) private(set) var hasEnded = false
  /// Whether this connection presented the daemon's token (or the daemon wants none).
  @exclusivity(unchecked) private var isAuthenticated: Bool
  /// The loop object that made this connection: told when it closes (`clientClosed`), asked to
  /// move it to another loop (`moveJoining`), and its idle watch closes it when it is silent for
  /// `idleTimeout`. A reference rather than two closures and a timer of its own: about 370 bytes
  /// less per session (issue 14, "Lean sessions"). Unretained: a loop outlives its connections
  /// (it keeps them until they close, and stops only once they have); `unowned`, checked, as the
  /// closures were: it is read only when a connection starts, closes or moves.
  private unowned let home: ServerLoop
  private var idleWatch: IdleWatch { home.idleWatch }
  /// This connection's place in `idleWatch`'s heap; -1 while it is not watched.
  var idleSlot = -1
  /// When `idleWatch` looks at this connection next, in the loop's milliseconds.
  var idleDeadline: UInt64 = 0
  /// When the client last sent anything, in the loop's milliseconds: a read only stores it, and
  /// the idle watch, when the deadline comes, waits again for whatever is left.
  @exclusivity(unchecked) private(set) var lastInputMilliseconds: UInt64 = 0
  /// Wrong tokens seen on this connection (section 17): the third closes it.
  private var wrongTokens = 0
  /// Runs this connection's lines. Made at the end of `init` (it points back here), and read
  /// once per command: a `lazy` one was an exclusivity-checked access on every line.
  @exclusivity(unchecked) private var dispatcher: CommandDispatcher!
  /// Bytes produced while handling one read, written with one call at its end.
  ///
  /// This and the input queue below are unchecked for exclusivity at run time: every command
  /// appends to them several times, on the loop's thread only, and no access stays open across
  /// a call that could reach the same field. So are the other fields every command reads (the
  /// transport, the session, the flags, the sharing state, the framer, whose `append` calls
  /// back only into the input queue): each access is a read, a store or a mutation that calls
  /// nothing that could reach the same field (an observer runs after its store), and each one
  /// checked cost a tap about 80 instructions in the run-time access set.
  @exclusivity(unchecked) var output: [UInt8] = []
  /// Whether output passed the limit and the connection waits for the socket to drain.
  @exclusivity(unchecked) private(set) var isStalled = false
  /// Whether changes happened that a stall kept from being sent; on a shared session's host, that
  /// no client was reading when they happened.
  @exclusivity(unchecked) var frameOwed = false
  /// This client's part in a shared session, and a host's joiners (section 18).
  @exclusivity(unchecked) var sharing = SharingState()
  /// Framed input not yet handled because the connection stalled in the middle of a read. At
  /// most one read's worth: reading stops at the stall. Its room is the loop's
  /// (`LoopScratch.events`), lent for each read and given back once the queue is empty.
  @exclusivity(unchecked) private var pendingInput: [LineFramer.Event] = []
  @exclusivity(unchecked) private var pendingInputHead = 0
  private var stallTimer: LoopTimer?
  /// Whether reading stopped because more than a turn of commands waits.
  @exclusivity(unchecked) private var pausedForBacklog = false
  @exclusivity(unchecked) private(set) var isClosing = false
  /// The most bytes held for the client at once (`unsentBytes` at its highest), for statistics.
  @exclusivity(unchecked) private var peakUnsentBytes = 0
  /// What the session's stall test reads this object through (`Session.isClientStalled`).
  private let stallProbe = StallProbe()

  /// - Parameter logger: already tagged with the session's id, the same logger as the session's.
  ///
  /// The connection must be counted in `census` already, for `loopIndex` and its address.
  init(
    connection: any ClientTransport, session: Session, configuration: SharedConfiguration, loop: EventLoop,
    loopIndex: Int, census: ConnectionCensus, registry: SessionRegistry, home: ServerLoop,
    logger: SessionLogger
  ) {
    self.connection = connection
    self.session = session
    self.sharedConfiguration = configuration
    self.loop = loop
    self.loopIndex = loopIndex
    self.census = census
    self.registry = registry
    self.home = home
    self.logger = logger
    self.framer = LineFramer(
      maximumLineLength: configuration.value.maximumLineLength, parsesCommonForms: true)
    isAuthenticated = configuration.value.authToken == nil
    dispatcher = CommandDispatcher(connection: self, scratch: home.scratch)
    stallProbe.connection = self
  }

  /// Empties the stall probe: a session this object hooked up may outlive it.
  deinit {
    stallProbe.connection = nil
  }

  /// Sends the greeting and starts reading.
  func start() {
    guard let connection else { return }
    hookUp(connection)
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

  /// Ties the session's clock and stall test, and the transport's callbacks, to this object.
  private func hookUp(_ connection: any ClientTransport) {
    // Through the probe, which this object empties in its `deinit`: the session's teardown may
    // still trace after the connection is gone. A detached session holds its traces as a
    // stalled one does.
    let probe = stallProbe
    session.clock.onWork = { probe.connection?.flushAsynchronousChanges() }
    session.isClientStalled = { probe.connection.map { $0.isStalled || $0.connection == nil } ?? false }
    bind(connection)
  }

  /// Starts on a connection another loop moved here to join a session of this loop (PROTOCOL.md
  /// section 18): no greeting (the client had its own), authenticated as it was there, and the
  /// lines it had not handled yet, its `join` first, handled at once.
  func startMoved(framer: LineFramer, input: [LineFramer.Event], authenticated: Bool) {
    guard let connection else { return }
    hookUp(connection)
    // The init does not run `connection`'s observer: the census counts the move here, as for
    // a resume (it was counted when it came in, and released by the loop it left).
    census.attach(loop: loopIndex, host: ConnectionCensus.host(of: connection.remoteAddress))
    self.framer = framer
    isAuthenticated = authenticated
    pendingInput = input
    pendingInputHead = 0
    startIdleTimer()
    logger.debug("moved here to join a session", metadata: ["peer": "\(connection.remoteAddress)"])
    withExtendedLifetime(self) {
      handlePendingInput()
      pauseForBacklogIfNeeded()
    }
    if !isStalled, !pausedForBacklog, !isClosing { connection.startReading() }
  }

  /// Moves this connection to `target`, the loop of the session it joins, and replays its
  /// `join` line there, where it is handled as on one loop: a session is only ever touched on its
  /// own loop, and a joiner touches its host's session. This connection's own session ends (as
  /// `join` ends it anyway). A join refused there (the session ended, or took its last joiner
  /// meanwhile) is answered there, and the connection goes on with a new session of that loop.
  func joinOnOtherLoop(_ target: EventLoop, token text: String) throws(SessionError) {
    guard let connection else { return }
    flush()
    guard let handOff = connection.handOff() else {
      throw .badArgument("this connection is closing; join on a new one")
    }
    let input = [LineFramer.Event.line("join \(text)")] + Array(pendingInput[pendingInputHead...])
    pendingInput.removeAll()
    pendingInputHead = 0
    self.connection = nil
    let parked = ParkedResume(transport: handOff, framer: framer, input: input)
    if !home.moveJoining(parked, authenticated: isAuthenticated, to: target) {
      logger.notice("a joining connection was lost between loops: the daemon is stopping")
    }
    endSession(reason: "moved to the joined session's loop")
  }

  /// Through the probe, as `hookUp`: a closure whose one capture is a Swift object has that
  /// object as its context, where each `[unowned self]` closure allocated one (issue 14, "Lean
  /// sessions").
  private func bind(_ connection: any ClientTransport) {
    let probe = stallProbe
    connection.onRead = { bytes in probe.connection?.received(bytes) }
    connection.onDrain = { probe.connection?.drained() }
    connection.onClose = { error in probe.connection?.closed(error) }
  }

  // MARK: Input

  private func received(_ bytes: UnsafeRawBufferPointer) {
    // A `resume` in this read ends this object's session and the server forgets it while its
    // input loop is still running.
    // The loop's room for the queue, unless this connection holds events already.
    if pendingInput.capacity == 0 { swap(&pendingInput, &dispatcher.scratch.events) }
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

  /// The monotonic clock in nanoseconds: `clock_gettime` through the vDSO, some tens of
  /// nanoseconds, read once per command of a turn.
  private static func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
  }

  /// Handles framed input until it runs out or the client stops reading: a client that pipelines
  /// thousands of commands without reading the replies gets them handled as fast as it reads,
  /// so what the server holds for it stays bounded.
  private func handlePendingInput() {
    var handled = 0
    // A time slice as well as a count (`--turn-slice`): 64 taps take about a millisecond, which a
    // client waiting behind a flood saw as a sevenfold p99; the slice keeps its wait near one
    // command whatever the commands cost.
    let slice = UInt64(configuration.turnSlice) &* 1000
    let turnStart = slice > 0 ? Self.monotonicNanoseconds() : 0
    while pendingInputHead < pendingInput.count, !isStalled, !isClosing {
      if handled == Self.commandsPerTurn
        || (slice > 0 && handled > 0 && Self.monotonicNanoseconds() &- turnStart >= slice)
      {
        scheduleNextTurn()
        break
      }
      handled += 1
      // Moved out of the queue, an `interrupt` (which holds nothing) left in its place: a copy
      // cost a retain and a release of what the event holds, and an outlined copy and destroy
      // of the whole enum, a command's included.
      let head = pendingInputHead
      let event = pendingInput.withUnsafeMutableBufferPointer { queue in
        let slot = queue.baseAddress.unsafelyUnwrapped + head
        let event = slot.move()
        slot.initialize(to: .interrupt)
        return event
      }
      pendingInputHead += 1
      switch consume event {
      case .command(let command):
        dispatcher.handle(command: command)
      case .line(let line):
        // The dispatcher runs the command in the client's locale and traits, once it is
        // parsed: parsing reads neither.
        dispatcher.handle(line: line)
      case .error(let error):
        send(error.reply)
      case .telnetAnswer(let verb, let option):
        output += [0xFF, verb, option]  // IAC VERB OPTION, between replies, in request order (§1.1)
      case .interrupt:
        if mayCancelTouchInProgress, session.window.cancelTouchInProgress() { sendChanges() }
      }
      if output.count + queuedBytes > configuration.outputLimit { flush() }
    }
    if pendingInputHead == pendingInput.count || isClosing {
      // One or two lines (a client waiting for each reply) are popped: `removeAll` keeping the
      // room went through a generic `replaceSubrange`, 170 instructions per read.
      if pendingInput.count <= 2, pendingInput.capacity <= 1024 {
        while pendingInput.popLast() != nil {}
      } else {
        pendingInput.removeAll(keepingCapacity: pendingInput.capacity <= 1024)
      }
      pendingInputHead = 0
      // The room goes back to the loop: an idle connection holds no input queue (64 bytes).
      if dispatcher.scratch.events.capacity == 0 { swap(&pendingInput, &dispatcher.scratch.events) }
      if pausedForBacklog, !isClosing {
        pausedForBacklog = false
        if !isStalled { connection?.startReading() }
      }
    }
    flush()
  }

  /// Bytes the transport holds for the client; none while detached.
  private var queuedBytes: Int { connection?.queuedBytes ?? 0 }

  /// Continues with the pending commands once the loop has polled again and served what it
  /// found (other clients' commands, new connections, a SIGTERM): in the check phase after that
  /// poll (`EventLoop.afterNextPoll`), after every callback of it. The loop's wake-up
  /// (`execute`) ran the turn among the poll's I/O callbacks, ahead of a client whose command
  /// came while the cut turn's replies were written, which then waited for the next turn too
  /// (issue 14). (A zero timer would not do: libuv 1.44 runs a timer restarted from its own
  /// callback again in the same pass, before polling.)
  private func scheduleNextTurn() {
    loop.afterNextPoll { [self] in
      guard !isClosing else { return }
      handlePendingInput()
    }
  }

  /// What this connection holds for its client, for operators and tests.
  var statistics: ConnectionStatistics {
    ConnectionStatistics(
      sessionID: session.id, role: sharing.role?.rawValue ?? "owner", unsentBytes: output.count + queuedBytes,
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

  /// Queues `ok VERB view=ID` (`view=none` when nothing was hit), the reply of every touch
  /// command: the bytes of `send(.ok(verb:fields:))`, written straight into the output without a
  /// `Field` array, its strings and the message around them on every tap and drag. A numbered
  /// command, whose reply is recorded, takes the message path.
  func sendViewOK(_ verb: StaticString, view id: Int?) {
    if recordedReply != nil {
      send(.ok(verb: "\(verb)", fields: [Field("view", id.map(String.init) ?? "none")]))
      return
    }
    // Gathered on the stack, one append to the output (`ScratchLine`); the verb is a touch
    // command's word.
    var line = ScratchLine()
    line.appendASCII("ok ")
    line.appendASCII(verb)
    line.appendASCII(" view=")
    if let id { line.appendDecimal(id) } else { line.appendASCII("none") }
    line.append(UInt8(ascii: "\n"))
    line.write(to: &output)
  }

  /// Queues `ok VERB`, the reply of a command that has no field to report: the bytes of
  /// `send(.ok(verb:fields: []))` without the message (whose encoder checked its fields and
  /// copied the verb through a `String`). A recorded (numbered) command takes the message path.
  func sendOK(_ verb: StaticString) {
    if recordedReply != nil {
      send(.ok(verb: "\(verb)", fields: []))
      return
    }
    var line = ScratchLine()
    line.appendASCII("ok ")
    line.appendASCII(verb)
    line.append(UInt8(ascii: "\n"))
    line.write(to: &output)
  }

  /// Queues a frame, and keeps its bytes for `resume` when the session is resumable.
  func sendFrame(_ frame: Frame) {
    let start = output.count
    frame.encode(into: &output)
    history?.record(sequence: frame.sequence, bytes: output[start...])
  }

  /// Takes a frame of what changed and queues it for every client of the session that reads
  /// (this one, and a shared session's others: section 18), or remembers that one is owed while
  /// none does (stalled or detached).
  func sendChanges() {
    withStreamHost { sendChanges(host: $0) }
  }

  /// `sendChanges()` for the session `host` holds.
  private func sendChanges(host: ClientConnection) {
    let session = self.session
    if !host.hasReader {
      // Layout runs anyway: the app's callbacks keep their time and the layout and display
      // queues let go of views that came and went; the frame waits.
      session.window.prepareFrame()
      host.frameOwed = true
      return
    }
    host.frameOwed = false
    // Layout runs first, so the callbacks it causes are traced before the frame they shape.
    session.window.prepareFrame()
    sendTraces()
    if host === self, sharing.joiners.isEmpty, history == nil, isReader {
      // The one client that takes it, keeping no copy: the frame is written straight into the
      // output (what `deliver` would encode there).
      _ = session.appendFrame(to: &output)
    } else if let frame = session.takeFrame() {
      host.deliver(frame, from: self)
    }
    sendTraces()
  }

  /// Queues the trace lines collected so far; an observer's go to the owner (section 18). A
  /// client that is stalled or detached keeps them held (section 4): in a shared session its
  /// frames may go out to the others meanwhile, but its output must not grow.
  func sendTraces() {
    guard sharing.role != .observer else {
      sharing.host?.sendTracesToOwner()
      return
    }
    // Most commands trace nothing: asked first, it spares the other checks and the drain
    // (twice a tap, about 100 instructions each).
    guard !session.pendingTraces.isEmpty, connection != nil, !isStalled else { return }
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
  func flushAsynchronousChanges() {
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
    if sharing.missedFrame {
      // Frames went to the session's other clients meanwhile (section 18).
      streamHost.catchUp(self)
    } else if streamHost.frameOwed {
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
    registry.didEnd(self, token: session.resumeToken)
    flush()
    connection?.closeAfterFlush(reason)
  }

  /// Tells the client the server is going away, then closes once the goodbye is written; a
  /// detached session just ends.
  ///
  /// - Parameter closeReason: what a WebSocket's close frame says: going away for a shutdown, a
  ///   normal close for a joiner whose session ended (section 18).
  func sayGoodbye(_ reason: String, closeReason: TransportCloseReason = .goingAway) {
    guard connection != nil else {
      endSession(reason: "shutdown")
      return
    }
    guard !isClosing else { return }
    send(.bye(reason: reason))
    closeAfterReply(closeReason)
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
    // The transport is gone: it counts no more (the census follows `connection`).
    connection = nil
    stallTimer?.close()
    stallTimer = nil
    idleWatch.unwatch(self)
    if let error {
      logger.debug("connection closed", metadata: ["error": "\(error)"])
    } else {
      logger.debug("connection closed")
    }
    if sharing.role != nil {
      // A joiner: the session goes on without it (section 18); only this connection is gone.
      leaveJoinedSession()
      home.clientClosed(self)
      return
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
    for victim in registry.didDetach(self) {
      if victim.loop === loop {
        victim.endSession(reason: "too-many-detached")
        continue
      }
      // On its own loop, and only if no `resume` took it meanwhile.
      let box = LoopConfined(victim)
      victim.loop.execute {
        guard box.value.isDetached else { return }
        box.value.endSession(reason: "too-many-detached")
      }
    }
  }

  /// Whether the session is detached: it has no connection and waits to be resumed.
  var isDetached: Bool { connection == nil && !hasEnded && !lentForResume }

  /// Ends the session for good: its app closes and the server forgets it. `reason` goes to the
  /// log (PROTOCOL.md section 15 lists the reasons of detached sessions).
  func endSession(reason: String) {
    guard !hasEnded else { return }
    endOwnSession(reason: reason)
    home.clientClosed(self)
  }

  /// Ends this object's own session for good without forgetting the connection: what
  /// `endSession` does, and what `join` does before the connection joins another session.
  func endOwnSession(reason: String) {
    guard !hasEnded else { return }
    hasEnded = true
    isClosing = true
    detachTimer?.close()
    detachTimer = nil
    stallTimer?.close()
    stallTimer = nil
    idleWatch.unwatch(self)
    session.clock.cancelAll()
    session.tearDown()
    history = nil
    registry.didEnd(self, token: session.resumeToken)
    if session.resumeToken != nil {
      logger.notice("session ended", metadata: ["reason": "\(reason)"])
    } else {
      logger.debug("session ended", metadata: ["reason": "\(reason)"])
    }
    // Its share tokens end with it, and its joiners are told (section 18).
    endSharing(reason: reason)
  }

  /// Runs `resume TOKEN frame=SEQ` sent on this connection: finds the session and moves this
  /// connection over to it, or throws the error this connection answers with. A session on
  /// another loop gets the connection there (`resumeOnOtherLoop`), and this returns at once:
  /// the reply comes from that loop, or, should it refuse, from this one later.
  func resume(token text: String, afterFrame sequence: Int) throws(SessionError) {
    let target: ClientConnection
    switch registry.lookUp(token: text) {
    case .malformed:
      throw .badArgument("a resume token is NAME.HEX with 32 lowercase hex digits, as resume-token named it")
    case .otherDaemon(let name):
      throw .unknownSession("the token names the daemon '\(name)', and this is '\(configuration.daemonName)'")
    case .unknown:
      throw Self.noSuchSession
    case .found(let found):
      target = found
    }
    guard target !== self else { throw .badArgument("this connection holds that session already") }
    guard target.loop === loop else {
      try resumeOnOtherLoop(target, afterFrame: sequence)
      return
    }
    if let refusal = target.refusalToAdopt(afterFrame: sequence) { throw refusal }
    guard let handed = handOver() else { return }
    target.adopt(handed, afterFrame: sequence)
  }

  private static let noSuchSession = SessionError.unknownSession(
    "no session has this token: it is mistyped, or its session ended (detach timeout, quit, too many detached)"
  )

  /// Why this session cannot take a connection that resumes it after frame `sequence`, or nil.
  /// On this session's loop.
  private func refusalToAdopt(afterFrame sequence: Int) -> SessionError? {
    // A session that is itself handing its connection to another, or a daemon shutting down,
    // has nothing to resume any more.
    guard !hasEnded, !lentForResume, registry.acceptsDetached else { return Self.noSuchSession }
    let last = session.engine.sequence
    guard sequence <= last else {
      return .badArgument("frame \(sequence) was never sent: the session's last frame is \(last)")
    }
    return nil
  }

  /// What a connection carries to the session it resumes: its transport (or the transport
  /// handed off by another loop), its framer and the lines it read after `resume`.
  struct HandedConnection {
    let connection: any ClientTransport
    let framer: LineFramer
    let input: [LineFramer.Event]
  }

  /// A connection on its way to another loop's session (PROTOCOL.md section 17, "Event
  /// loops"): its socket handed off, with its framer and unread lines.
  struct ParkedResume: Sendable {
    let transport: TransportHandOff
    let framer: LineFramer
    let input: [LineFramer.Event]
  }

  /// Gives this connection's transport, and what it read but did not handle yet, to the session
  /// being resumed on this loop; this connection's own session ends.
  private func handOver() -> HandedConnection? {
    guard let connection else { return nil }
    flush()
    let input = Array(pendingInput[pendingInputHead...])
    pendingInput.removeAll()
    pendingInputHead = 0
    self.connection = nil
    endSession(reason: "replaced by a resumed session")
    return HandedConnection(connection: connection, framer: framer, input: input)
  }

  /// Sends this connection to `target`'s loop, which checks the resume there and takes the
  /// connection, or hands it back with the error to answer (`resumeRefused`). Meanwhile this
  /// session holds no connection and handles nothing; it ends once the target took it.
  private func resumeOnOtherLoop(_ target: ClientConnection, afterFrame sequence: Int) throws(SessionError) {
    guard let connection else { return }
    flush()
    guard let handOff = connection.handOff() else {
      throw .badArgument("this connection is closing; resume on a new one")
    }
    let parked = ParkedResume(
      transport: handOff, framer: framer, input: Array(pendingInput[pendingInputHead...]))
    pendingInput.removeAll()
    pendingInputHead = 0
    self.connection = nil
    lentForResume = true
    isClosing = true
    stallTimer?.close()
    stallTimer = nil
    idleWatch.unwatch(self)
    let source = LoopConfined(self)
    let resumed = LoopConfined(target)
    let home = loop
    logger.debug("handing the connection to the resumed session's loop")
    let sent = target.loop.execute {
      resumed.value.adoptFromOtherLoop(parked, afterFrame: sequence, source: source, sourceLoop: home)
    }
    if !sent {
      // That loop has stopped (the daemon is shutting down): its sessions are gone.
      resumeRefused(parked, error: Self.noSuchSession)
    }
  }

  /// On this session's loop: takes a connection another loop handed over with `resume`, or
  /// hands it back with the reason.
  private func adoptFromOtherLoop(
    _ parked: ParkedResume, afterFrame sequence: Int, source: LoopConfined<ClientConnection>,
    sourceLoop: EventLoop
  ) {
    if let refusal = refusalToAdopt(afterFrame: sequence) {
      sourceLoop.execute { source.value.resumeRefused(parked, error: refusal) }
      return
    }
    let transport: any ClientTransport
    do {
      transport = try parked.transport.open(on: loop)
    } catch {
      logger.notice("a resuming connection was lost between loops", metadata: ["error": "\(error)"])
      sourceLoop.execute { source.value.endLentSession() }
      return
    }
    adopt(
      HandedConnection(connection: transport, framer: parked.framer, input: parked.input),
      afterFrame: sequence)
    sourceLoop.execute { source.value.endLentSession() }
  }

  /// The connection lent to another loop's session was taken: this session ends, as it would
  /// have on one loop.
  private func endLentSession() {
    guard lentForResume else { return }
    lentForResume = false
    endSession(reason: "replaced by a resumed session")
  }

  /// The other loop refused the resume (its session ended meanwhile, or `frame` was never
  /// sent): the connection comes back and is answered here, as on one loop, and its own
  /// session goes on.
  private func resumeRefused(_ parked: ParkedResume, error: SessionError) {
    guard lentForResume, !hasEnded else { return }  // ended meanwhile (shutdown): the socket closes
    lentForResume = false
    isClosing = false
    let transport: any ClientTransport
    do {
      transport = try parked.transport.open(on: loop)
    } catch {
      endSession(reason: "connection closed")
      return
    }
    connection = transport
    framer = parked.framer
    pendingInput = parked.input
    pendingInputHead = 0
    bind(transport)
    send(.clientError(error.code, error.message))
    if error.code == .unknownSession { countWrongToken() }
    if closeAfterWrongTokens { closeForWrongTokens() }
    flush()
    startIdleTimer()
    handlePendingInput()
    pauseForBacklogIfNeeded()
    if !isStalled, !pausedForBacklog, !isClosing { transport.startReading() }
  }

  /// Takes over a resuming connection and goes on: the frames the client missed, then
  /// `ok resume`, then the lines that came after `resume`.
  private func adopt(_ handed: HandedConnection, afterFrame sequence: Int) {
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
    startIdleTimer()
    handlePendingInput()
    pauseForBacklogIfNeeded()
    if !isStalled, !pausedForBacklog { handed.connection.startReading() }
  }

  /// The frames after `sequence` from the history, or one full frame when it no longer holds
  /// them all; then what changed since the last frame, and held trace lines.
  private func sendMissedFrames(after sequence: Int) {
    let last = session.engine.sequence
    sharing.missedFrame = false
    if let frames = history?.frames(after: sequence, through: last) {
      for frame in frames { output.append(contentsOf: frame) }
      frameOwed = false
      sendChanges()
    } else if !sharing.joiners.isEmpty {
      // A new number would leave the joiners a gap: the full frame repeats the last (section 18).
      catchUp(self)
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

  /// Lets a connection whose own session ended for `join` go on reading, with its idle timer,
  /// for the session it joins (section 18).
  func reopenAfterOwnSessionEnded() {
    isClosing = false
    startIdleTimer()
  }

  /// Starts watching for silence from a newly attached client.
  private func startIdleTimer() {
    guard connection != nil else { return }
    lastInputMilliseconds = loop.nowMilliseconds
    idleWatch.watch(self)
  }

  /// Closes a connection idle for too long (called by `idleWatch`); a resumable session
  /// detaches (section 15).
  func closeIdle() {
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
  /// `owner`, or `observer` or `driver` for a client that joined the session (PROTOCOL.md section
  /// 18), so a test can tell a session's connections apart.
  public var role: String
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

/// How a session's stall test and clock, and the transport's callbacks, find their connection
/// without a weak reference, which would give the connection a side table and make every retain
/// and release of it (a dozen per command) take the slow path, and without a closure context
/// each. The connection empties it in its `deinit`, so a session that outlives
/// its connection (a joined host's, held by its joiners, or one tracing in its teardown) reads
/// nil, as the weak reference did, and never a freed object.
final class StallProbe {
  /// The connection, while it lives.
  unowned(unsafe) var connection: ClientConnection?
}

/// A loop-confined object carried into `EventLoop.execute` for the loop that owns it: the work
/// runs on that loop's thread, so the object is only ever touched there (the one promise the
/// compiler cannot check, hence unchecked).
struct LoopConfined<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
