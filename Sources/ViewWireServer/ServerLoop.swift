import Foundation
import Logging
import ViewWireKit
import ViewWireLoop
import ViewWireProtocol
import ViewWireWeb

/// One of the daemon's event loops and the sessions it serves (PROTOCOL.md section 17, "Event
/// loops").
///
/// Everything here is confined to the loop's thread: the clients, the pending web requests, the
/// timers. Other threads reach it only through `eventLoop.execute`. What loops share, the
/// census, the session registry and the session ids, lives in `ViewWireServer` behind locks.
final class ServerLoop {
  /// The loop's place among the daemon's loops; 0 is the one that accepts.
  let index: Int
  let eventLoop: EventLoop
  private unowned let server: ViewWireServer
  private let logger: Logger
  /// The settings every connection of this loop reads (one copy, not one per connection).
  private let sharedConfiguration: SharedConfiguration
  private var clients: [ObjectIdentifier: ClientConnection] = [:]
  /// Closes this loop's connections idle for `--idle-timeout`, with one timer.
  let idleWatch: IdleWatch
  /// The array this loop's commands are tokenized into, one at a time (`CommandDispatcher`).
  let scratch = LoopScratch()
  /// This loop's web connections that are not sessions yet; nil without a web port.
  private(set) var web: WebListener?
  private(set) var isShuttingDown = false
  private var hasFinishedShutdown = false
  /// Runs `FreedMemory.release()` after sessions closed; pending while `trimPending`.
  private var trimTimer: LoopTimer?
  private var trimPending = false
  /// The thread running this loop; nil for the loop `ViewWireServer.run` runs on its caller.
  var thread: LoopThread?

  init(index: Int, server: ViewWireServer, logger: Logger) throws(LoopError) {
    self.index = index
    self.server = server
    self.logger = logger
    sharedConfiguration = SharedConfiguration(server.configuration)
    eventLoop = try EventLoop()
    idleWatch = IdleWatch(loop: eventLoop, timeout: server.configuration.idleTimeout)
  }

  /// Sets up this loop's web requests (not its listener: only the accepting loop listens).
  func makeWeb(files: StaticFileTable) -> WebListener {
    var webLogger = logger
    webLogger[metadataKey: "listener"] = "web"
    let web = WebListener(
      loop: eventLoop, configuration: server.configuration, files: files, logger: webLogger)
    web.onUpgrade = { [unowned self] transport in
      guard !self.isShuttingDown else {
        self.server.census.release(loop: self.index, host: nil)
        transport.closeAfterFlush(.goingAway)
        return
      }
      self.startSession(on: transport)
    }
    web.onAbandoned = { [unowned self] in self.server.census.release(loop: self.index, host: nil) }
    self.web = web
    return web
  }

  // MARK: Connections

  /// Serves a line-protocol connection accepted on this loop, or opened from one another loop
  /// accepted; either way counted already for this loop.
  func serveLine(_ connection: TCPConnection) {
    guard !isShuttingDown else {
      server.census.release(loop: index, host: nil)
      connection.close()
      return
    }
    startSession(on: connection)
  }

  /// Reads the HTTP request of a web connection counted for this loop.
  func serveWeb(_ connection: TCPConnection) {
    guard !isShuttingDown, let web else {
      server.census.release(loop: index, host: nil)
      connection.close()
      return
    }
    web.start(connection)
  }

  /// Opens a socket the accepting loop handed here and serves it; `web` picks the protocol.
  func adopt(_ socket: DetachedSocket, web: Bool) {
    let connection: TCPConnection
    do {
      connection = try eventLoop.open(socket)
    } catch {
      server.census.release(loop: index, host: nil)
      logger.warning("could not take over an accepted connection", metadata: ["error": "\(error)"])
      return
    }
    if web { serveWeb(connection) } else { serveLine(connection) }
  }

  /// Gives a connection, TCP or upgraded WebSocket, counted for this loop, a session with its
  /// own window; or refuses it when its address holds too many (PROTOCOL.md section 17).
  private func startSession(on connection: any ClientTransport) {
    let configuration = server.configuration
    let host = ConnectionCensus.host(of: connection.remoteAddress)
    guard host.map({ server.census.admitAddress($0) }) ?? true else {
      server.census.release(loop: index, host: nil)
      var refusal: [UInt8] = []
      ServerMessage.serverError(
        code: "too-many-connections",
        message: "one address may hold at most \(configuration.maximumConnectionsPerAddress) connections"
      ).encode(into: &refusal)
      ServerMessage.bye(reason: "too many connections from your address").encode(into: &refusal)
      connection.write(refusal)
      connection.closeAfterFlush(.normal)
      logger.warning(
        "refused a connection: too many from its address", metadata: ["peer": "\(connection.remoteAddress)"])
      return
    }
    makeClient(on: connection).start()
  }

  /// A connection object of this loop, with a new session, known to the loop until it closes.
  private func makeClient(on connection: any ClientTransport) -> ClientConnection {
    let configuration = server.configuration
    let sessionID = server.nextSessionID()
    // One logger tagged with the session's id, for the session and its connection: the loop's,
    // which adds the id to what is logged (a tagged copy of a `Logger` was ~600 bytes a session).
    let sessionLogger = SessionLogger(base: logger, sessionID: sessionID)
    let session = Session(
      id: sessionID, windowSize: configuration.defaultWindowSize, apps: server.apps,
      clock: SessionClock(loop: eventLoop, manual: configuration.manualClock), logger: sessionLogger)
    let client = ClientConnection(
      connection: connection, session: session, configuration: sharedConfiguration, loop: eventLoop,
      loopIndex: index,
      census: server.census, registry: server.registry, home: self, logger: sessionLogger)
    clients[ObjectIdentifier(client)] = client
    return client
  }

  /// Forgets `client`, whose session has ended for good.
  func clientClosed(_ client: ClientConnection) {
    clients[ObjectIdentifier(client)] = nil
    if isShuttingDown && clients.isEmpty { finishShutdown() }
    releaseFreedMemorySoon()
  }

  /// Takes `parked`, a connection that joins a session of `target`, onto that loop
  /// (`ClientConnection.joinOnOtherLoop`); false once that loop stopped.
  func moveJoining(
    _ parked: ClientConnection.ParkedResume, authenticated: Bool, to target: EventLoop
  ) -> Bool {
    server.moveJoining(parked, authenticated: authenticated, to: target)
  }

  /// Takes a connection another loop moved here to join a session of this loop (PROTOCOL.md
  /// section 18): it gets a connection object of this loop, with a session of its own until its
  /// `join`, replayed here, replaces it.
  func adoptJoining(_ parked: ClientConnection.ParkedResume, authenticated: Bool) {
    let connection: any ClientTransport
    do {
      connection = try parked.transport.open(on: eventLoop)
    } catch {
      logger.notice("a joining connection was lost between loops", metadata: ["error": "\(error)"])
      return
    }
    guard !isShuttingDown else {
      connection.close()
      return
    }
    let client = makeClient(on: connection)
    client.startMoved(framer: parked.framer, input: parked.input, authenticated: authenticated)
  }

  /// What each connection of this loop holds for its client.
  var statistics: [ConnectionStatistics] { clients.values.map(\.statistics) }

  // MARK: Memory

  /// Ends this loop's detached sessions, longest detached first, with `reason`.
  func endDetached(reason: String) {
    for client in server.registry.takeDetached(on: eventLoop) { client.endSession(reason: reason) }
  }

  /// The most views any session of this loop holds.
  /// Each session once: joiners of a shared session (PROTOCOL.md section 18) see their host's.
  var largestViewCount: Int {
    clients.values.filter(\.ownsItsSession).map { $0.session.engine.viewCount }.max() ?? 0
  }

  /// Warns the sessions of this loop holding at least `views` views, the daemon's largest.
  func warnSessions(holdingAtLeast views: Int) {
    for client in Array(clients.values)
    where !client.hasEnded && client.ownsItsSession && client.session.engine.viewCount >= views {
      client.raiseMemoryWarning()
    }
  }

  /// Gives memory freed by closed sessions back to the kernel a moment after a session closed:
  /// at most one `malloc_trim` (a walk of the heap) per 250 ms per loop however many close.
  /// Without it the daemon's RSS stayed at its peak after every session was gone
  /// (BENCHMARKS.md, bench-sessions). glibc's `malloc_trim` takes each arena's lock, so loops
  /// may call it at once.
  private func releaseFreedMemorySoon() {
    guard !isShuttingDown, !trimPending else { return }
    let timer = trimTimer ?? eventLoop.makeTimer()
    trimTimer = timer
    trimPending = true
    timer.start(afterMilliseconds: 250) { [unowned self] in
      self.trimPending = false
      FreedMemory.release()
    }
  }

  // MARK: Shutdown

  /// Says `bye` to this loop's clients, ends its detached sessions, and stops the loop once
  /// every client has gone (after 2 s at most).
  func beginShutdown(reason: String) {
    guard !isShuttingDown else { return }
    isShuttingDown = true
    logger.info("shutting down", metadata: ["loop": "\(index)", "clients": "\(clients.count)"])
    endDetached(reason: "shutdown")
    web?.close()
    trimTimer?.close()
    idleWatch.close()
    if clients.isEmpty {
      finishShutdown()
      return
    }
    for client in Array(clients.values) { client.sayGoodbye(reason) }
    // A client that never reads must not hold the daemon up.
    let timer = eventLoop.makeTimer()
    timer.start(afterMilliseconds: 2000) { [unowned self] in
      for client in Array(self.clients.values) { client.forceClose() }
      self.finishShutdown()
    }
  }

  private func finishShutdown() {
    // Ending the detached sessions can empty `clients` before `beginShutdown` looks.
    guard !hasFinishedShutdown else { return }
    hasFinishedShutdown = true
    eventLoop.stop()
  }
}
