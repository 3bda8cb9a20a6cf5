import Foundation
public import Logging
public import ViewWireKit
import ViewWireLoop
import ViewWireProtocol
import ViewWireWeb

/// The ViewWire daemon's core: a libuv event loop that accepts TCP clients and gives each a
/// session with its own window.
///
/// Everything runs on the loop's thread: accepting, reading, parsing, the view trees, layout,
/// diffing and writing. Nothing blocks it. `stop()` may be called from any thread.
public final class ViewWireServer: @unchecked Sendable {
  private let configuration: ServerConfiguration
  private let apps: [String: AppDescriptor]
  private let logger: Logger
  private var loop: EventLoop?
  private var listener: TCPListener?
  private var webListener: WebListener?
  private var signalWatchers: [SignalWatcher] = []
  private var clients: [ObjectIdentifier: ClientConnection] = [:]
  /// Resume tokens and detached sessions (PROTOCOL.md section 15).
  private let registry: SessionRegistry
  private var nextSessionID = 1
  private var isShuttingDown = false
  private var hasFinishedShutdown = false
  private var memoryTimer: LoopTimer?
  /// Runs `FreedMemory.release()` after sessions closed; pending while `trimPending`.
  private var trimTimer: LoopTimer?
  private var trimPending = false
  private var memoryPressure: MemoryPressure?
  private let startLock = NSCondition()
  private var startedLoop: EventLoop?

  /// Creates a server offering `apps`; nothing listens until `run`.
  public init(configuration: ServerConfiguration, apps: [AppDescriptor], logger: Logger) {
    self.configuration = configuration
    var byName: [String: AppDescriptor] = [:]
    for app in apps { byName[app.name] = app }
    self.apps = byName
    self.logger = logger
    registry = SessionRegistry(configuration: configuration)
  }

  /// Listens and serves on the calling thread until `stop()` or SIGINT/SIGTERM (when
  /// `handlesSignals`).
  ///
  /// - Parameters:
  ///   - onListening: called once the socket is bound, with the host and the real port (useful
  ///     with port 0).
  ///   - onWebListening: called after `onListening` with the web port's host and real port, when
  ///     `webPort` is set.
  /// - Throws: `ServerError` when the loop cannot start, an address cannot be bound or the web
  ///   client's files cannot be read; in that case nothing was served.
  public func run(
    onListening: (String, Int) -> Void = { _, _ in }, onWebListening: (String, Int) -> Void = { _, _ in }
  ) throws {
    let loop: EventLoop
    do {
      loop = try EventLoop()
    } catch {
      throw ServerError(message: "cannot start the event loop: \(error)")
    }
    self.loop = loop
    do {
      listener = try loop.listen(host: configuration.host, port: configuration.port) {
        [unowned self] connection in
        self.accept(connection)
      }
      try startWebListener(loop: loop)
      for signal in configuration.handlesSignals ? [SIGINT, SIGTERM] : [] {
        signalWatchers.append(
          try loop.onSignal(signal) { [unowned self] in self.beginShutdown(reason: "server shutting down") })
      }
    } catch let error as ServerError {
      loop.stop()
      loop.run()
      throw error
    } catch {
      loop.stop()
      loop.run()
      throw ServerError(message: "cannot listen on \(configuration.host):\(configuration.port): \(error)")
    }
    if let limit = configuration.memorySoftLimit {
      memoryPressure = MemoryPressure(limit: limit)
      let timer = loop.makeTimer()
      timer.start(afterMilliseconds: 1000, repeatMilliseconds: 1000) { [unowned self] in
        self.checkMemory()
      }
      memoryTimer = timer
    }
    let port = listener?.port ?? configuration.port
    logger.info("listening", metadata: ["host": "\(configuration.host)", "port": "\(port)"])
    startLock.lock()
    startedLoop = loop
    startLock.broadcast()
    startLock.unlock()
    onListening(configuration.host, port)
    if let webListener { onWebListening(configuration.host, webListener.port) }
    loop.run()
    logger.info("stopped")
  }

  /// Asks the server to shut down gracefully: stop accepting, say `bye` to every client, flush,
  /// close, and let `run` return. Safe from any thread.
  public func stop() {
    startLock.lock()
    while startedLoop == nil { startLock.wait() }
    let loop = startedLoop!
    startLock.unlock()
    loop.execute { [unowned self] in self.beginShutdown(reason: "server shutting down") }
  }

  /// Calls `body` on the loop's thread with a snapshot of every connection, ordered by session.
  ///
  /// For operators and tests: it shows what the server holds for each client, so the bound on a
  /// stalled client's memory can be checked from outside. Safe from any thread.
  public func withConnectionStatistics(_ body: @escaping @Sendable ([ConnectionStatistics]) -> Void) {
    startLock.lock()
    while startedLoop == nil { startLock.wait() }
    let loop = startedLoop!
    startLock.unlock()
    loop.execute { [unowned self] in
      body(self.clients.values.map(\.statistics).sorted { $0.sessionID < $1.sessionID })
    }
  }

  // MARK: Connections

  private func accept(_ connection: TCPConnection) {
    guard !isShuttingDown else {
      connection.close()
      return
    }
    guard hasRoomForAConnection else {
      var refusal: [UInt8] = []
      ServerMessage.tooManyConnections(limit: configuration.maximumConnections).encode(into: &refusal)
      // Section 4: a server that closes the connection says so with `bye` first.
      ServerMessage.bye(reason: "too many connections").encode(into: &refusal)
      connection.write(refusal)
      connection.closeAfterFlush()
      logger.warning("refused a connection: too many", metadata: ["peer": "\(connection.remoteAddress)"])
      return
    }
    startSession(on: connection)
  }

  /// Whether one more connection fits under `maximumConnections`: sessions over either port and
  /// web connections that are not sessions yet count alike.
  private var hasRoomForAConnection: Bool {
    clients.count - registry.detachedCount + (webListener?.pendingCount ?? 0)
      < configuration.maximumConnections
  }

  /// Whether `address` (host and port, as transports name their peer) already holds
  /// `maximumConnectionsPerAddress` attached sessions (PROTOCOL.md section 17). Counted when
  /// asked, over at most `maximumConnections` clients, so no table has to follow connections as
  /// `resume` moves them between sessions.
  private func addressIsFull(_ address: String) -> Bool {
    guard let colon = address.lastIndex(of: ":") else { return false }
    var host = address[..<colon]
    if host.hasPrefix("[") { host = host.dropFirst().dropLast() }
    var count = 0
    for client in clients.values where client.peerHost.map({ $0 == host }) ?? false {
      count += 1
      if count >= configuration.maximumConnectionsPerAddress { return true }
    }
    return false
  }

  /// Gives a connection, TCP or upgraded WebSocket, a session with its own window.
  private func startSession(on connection: any ClientTransport) {
    guard let loop else { return }
    guard !addressIsFull(connection.remoteAddress) else {
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
    let sessionID = nextSessionID
    nextSessionID += 1
    // One logger tagged with the session's id, for the session and its connection.
    var sessionLogger = logger
    sessionLogger[metadataKey: "session"] = "\(sessionID)"
    let session = Session(
      id: sessionID, windowSize: configuration.defaultWindowSize, apps: apps,
      clock: SessionClock(loop: loop, manual: configuration.manualClock), logger: sessionLogger)
    let client = ClientConnection(
      connection: connection, session: session, configuration: configuration, loop: loop,
      registry: registry, logger: sessionLogger)
    let key = ObjectIdentifier(client)
    clients[key] = client
    client.onClosed = { [unowned self] in
      self.clients[key] = nil
      if self.isShuttingDown && self.clients.isEmpty { self.finishShutdown() }
      self.releaseFreedMemorySoon()
    }
    client.start()
  }

  /// Binds the web port when one is configured, with the browser client's files read into
  /// memory first.
  private func startWebListener(loop: EventLoop) throws {
    guard let webPort = configuration.webPort else { return }
    var files = StaticFileTable(files: [:])
    if let directory = configuration.webStaticDirectory {
      do {
        files = try WebListener.loadFiles(in: directory)
      } catch {
        throw ServerError(message: "cannot read the web client's files in \(directory.path): \(error)")
      }
    }
    var webLogger = logger
    webLogger[metadataKey: "listener"] = "web"
    let web = WebListener(loop: loop, configuration: configuration, files: files, logger: webLogger)
    web.canAccept = { [unowned self] in !self.isShuttingDown && self.hasRoomForAConnection }
    web.onUpgrade = { [unowned self] transport in
      guard !self.isShuttingDown else {
        transport.closeAfterFlush(.goingAway)
        return
      }
      self.startSession(on: transport)
    }
    do {
      try web.listen(port: webPort)
    } catch {
      throw ServerError(message: "cannot listen on \(configuration.host):\(webPort) (web): \(error)")
    }
    webListener = web
    logger.info("web listening", metadata: ["host": "\(configuration.host)", "port": "\(web.port)"])
  }

  private func beginShutdown(reason: String) {
    guard !isShuttingDown else { return }
    isShuttingDown = true
    registry.acceptsDetached = false
    logger.info("shutting down", metadata: ["clients": "\(clients.count)"])
    registry.endDetached(reason: "shutdown")
    listener?.close()
    webListener?.close()
    for watcher in signalWatchers { watcher.close() }
    signalWatchers = []
    memoryTimer?.close()
    if clients.isEmpty {
      finishShutdown()
      return
    }
    for client in Array(clients.values) { client.sayGoodbye(reason) }
    // A client that never reads must not hold the daemon up.
    let timer = loop?.makeTimer()
    timer?.start(afterMilliseconds: 2000) { [unowned self] in
      for client in Array(self.clients.values) { client.forceClose() }
      self.finishShutdown()
    }
  }

  private func finishShutdown() {
    // Ending the detached sessions can empty `clients` before `beginShutdown` looks.
    guard !hasFinishedShutdown else { return }
    hasFinishedShutdown = true
    loop?.stop()
  }

  // MARK: Memory

  /// Gives memory freed by closed sessions back to the kernel a moment after a session closed:
  /// at most one `malloc_trim` (a walk of the heap) per 250 ms however many close. Without it
  /// the daemon's RSS stayed at its peak after every session was gone (BENCHMARKS.md,
  /// bench-sessions).
  private func releaseFreedMemorySoon() {
    guard !isShuttingDown, !trimPending, let loop else { return }
    let timer = trimTimer ?? loop.makeTimer()
    trimTimer = timer
    trimPending = true
    timer.start(afterMilliseconds: 250) { [unowned self] in
      self.trimPending = false
      FreedMemory.release()
    }
  }

  /// Warns every session once when resident memory rises above the soft limit; see
  /// `MemoryPressure` for when it warns again.
  private func checkMemory() {
    guard var pressure = memoryPressure, let resident = configuration.residentMemory() else { return }
    let warn = pressure.shouldWarn(resident: resident)
    memoryPressure = pressure
    logger.debug("memory check", metadata: ["resident": "\(resident)", "warned": "\(pressure.hasWarned)"])
    guard warn else { return }
    // Detached sessions go first: no one is looking at them (PROTOCOL.md section 15).
    registry.endDetached(reason: "memory-pressure")
    // Only the sessions holding the most views are warned (PROTOCOL.md section 17): one client
    // that grows its session must not make every other client's controllers drop their views.
    // Each session once: joiners of a shared session (PROTOCOL.md section 18) see their host's.
    let owners = clients.values.filter { $0.ownsItsSession }
    let largest = owners.map { $0.session.engine.viewCount }.max() ?? 0
    let warned = owners.filter { $0.session.engine.viewCount == largest }
    logger.notice(
      "memory above the soft limit; warning the largest sessions once, again after it falls below 90% of the limit",
      metadata: ["resident": "\(resident)", "views": "\(largest)", "sessions": "\(warned.count)"])
    for client in warned { client.raiseMemoryWarning() }
  }
}

/// The daemon could not start serving.
public struct ServerError: Error, CustomStringConvertible {
  /// What failed, in words for the person starting the daemon (the port in use, say).
  public let message: String
  /// The message, as the daemon prints it before exiting.
  public var description: String { message }
}

/// Reads the process's resident memory from /proc, for the memory soft limit.
enum ResidentMemory {
  static func current() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
