import Foundation
public import Logging
public import ViewWireKit
import ViewWireLoop
import ViewWireProtocol
import ViewWireWeb

/// The ViewWire daemon's core: libuv event loops that accept TCP clients and give each a
/// session with its own window.
///
/// `configuration.loops` loops run, each on a thread of its own (the first on the thread that
/// calls `run`). The first accepts on the port and the web port and hands each connection to the
/// loop serving the fewest; everything about a session then runs on its loop: reading, parsing,
/// the view tree, layout, diffing and writing. Nothing blocks a loop. What loops share, the
/// census of connections, the resume tokens and the session ids, is behind locks; see
/// PROTOCOL.md section 17, "Event loops". `stop()` may be called from any thread.
public final class ViewWireServer: @unchecked Sendable {
  let configuration: ServerConfiguration
  let apps: [String: AppDescriptor]
  private let logger: Logger
  /// The loops, set once in `run` before any thread starts, read-only after.
  private var loops: [ServerLoop] = []
  // The accepting loop's (loops[0]) handles; touched on its thread only.
  private var listener: TCPListener?
  private var webListener: WebListener?
  private var signalWatchers: [SignalWatcher] = []
  private var isShuttingDown = false
  private var memoryTimer: LoopTimer?
  private var memoryPressure: MemoryPressure?
  /// Resume tokens and detached sessions of every loop (PROTOCOL.md section 15).
  let registry: SessionRegistry
  /// Connections of every loop, against the daemon-wide limits.
  let census: ConnectionCensus
  private let idLock = Lock()
  // Guarded by `idLock`.
  private var lastSessionID = 0
  private let startLock = NSCondition()
  // Guarded by `startLock`: the loops once `run` has started them, nil before.
  private var startedLoops: [EventLoop]?

  /// Creates a server offering `apps`; nothing listens until `run`.
  public init(configuration: ServerConfiguration, apps: [AppDescriptor], logger: Logger) {
    self.configuration = configuration
    var byName: [String: AppDescriptor] = [:]
    for app in apps { byName[app.name] = app }
    self.apps = byName
    self.logger = logger
    registry = SessionRegistry(configuration: configuration)
    census = ConnectionCensus(
      loops: configuration.loopCount, maximumConnections: configuration.maximumConnections,
      maximumPerAddress: configuration.maximumConnectionsPerAddress)
  }

  /// A session id no other session of the daemon has had, whatever its loop (PROTOCOL.md
  /// section 3). Safe from any thread.
  func nextSessionID() -> Int {
    idLock.withLock {
      lastSessionID += 1
      return lastSessionID
    }
  }

  /// Listens and serves until `stop()` or SIGINT/SIGTERM (when `handlesSignals`): the accepting
  /// loop on the calling thread, the others on threads of their own; returns once all stopped.
  ///
  /// - Parameters:
  ///   - onListening: called once the socket is bound, with the host and the real port (useful
  ///     with port 0).
  ///   - onWebListening: called after `onListening` with the web port's host and real port, when
  ///     `webPort` is set.
  /// - Throws: `ServerError` when a loop cannot start, an address cannot be bound or the web
  ///   client's files cannot be read; in that case nothing was served.
  public func run(
    onListening: (String, Int) -> Void = { _, _ in }, onWebListening: (String, Int) -> Void = { _, _ in }
  ) throws {
    var made: [ServerLoop] = []
    do {
      for index in 0..<configuration.loopCount {
        var loopLogger = logger
        if configuration.loopCount > 1 { loopLogger[metadataKey: "loop"] = "\(index)" }
        made.append(try ServerLoop(index: index, server: self, logger: loopLogger))
      }
    } catch {
      for loop in made { stopUnstarted(loop.eventLoop) }
      throw ServerError(message: "cannot start the event loop: \(error)")
    }
    loops = made
    let accepting = made[0]
    do {
      listener = try accepting.eventLoop.listen(host: configuration.host, port: configuration.port) {
        [unowned self] connection in
        self.accept(connection, web: false)
      }
      try startWebListeners()
      for signal in configuration.handlesSignals ? [SIGINT, SIGTERM] : [] {
        signalWatchers.append(
          try accepting.eventLoop.onSignal(signal) { [unowned self] in
            self.beginShutdown(reason: "server shutting down")
          })
      }
    } catch let error as ServerError {
      for loop in made { stopUnstarted(loop.eventLoop) }
      throw error
    } catch {
      for loop in made { stopUnstarted(loop.eventLoop) }
      throw ServerError(message: "cannot listen on \(configuration.host):\(configuration.port): \(error)")
    }
    if let limit = configuration.memorySoftLimit {
      memoryPressure = MemoryPressure(limit: limit)
      let timer = accepting.eventLoop.makeTimer()
      timer.start(afterMilliseconds: 1000, repeatMilliseconds: 1000) { [unowned self] in
        self.checkMemory()
      }
      memoryTimer = timer
    }
    for loop in made.dropFirst() {
      loop.thread = loop.eventLoop.runOnNewThread(name: "viewwire-loop\(loop.index)")
    }
    let port = listener?.port ?? configuration.port
    logger.info(
      "listening", metadata: ["host": "\(configuration.host)", "port": "\(port)", "loops": "\(made.count)"])
    startLock.withLock {
      startedLoops = made.map(\.eventLoop)
      startLock.broadcast()
    }
    onListening(configuration.host, port)
    if let webListener { onWebListening(configuration.host, webListener.port) }
    accepting.eventLoop.run()
    for loop in made.dropFirst() { loop.thread?.join() }
    logger.info("stopped")
  }

  /// Closes a loop that never ran.
  private func stopUnstarted(_ loop: EventLoop) {
    loop.stop()
    loop.run()
  }

  /// Asks the server to shut down gracefully: stop accepting, say `bye` to every client on every
  /// loop, flush, close, and let `run` return. Safe from any thread.
  public func stop() {
    let accepting = waitForLoops()[0]
    accepting.execute { [unowned self] in self.beginShutdown(reason: "server shutting down") }
  }

  private func waitForLoops() -> [EventLoop] {
    startLock.withLock {
      while startedLoops == nil { startLock.wait() }
      return startedLoops!
    }
  }

  /// Calls `body` with a snapshot of every connection of every loop, ordered by session.
  ///
  /// For operators and tests: it shows what the server holds for each client, so the bound on a
  /// stalled client's memory can be checked from outside. Safe from any thread; `body` runs on
  /// the thread of whichever loop answers last.
  public func withConnectionStatistics(_ body: @escaping @Sendable ([ConnectionStatistics]) -> Void) {
    _ = waitForLoops()
    gather({ $0.statistics }) { parts in
      body(parts.flatMap { $0 }.sorted { $0.sessionID < $1.sessionID })
    }
  }

  /// How many connections each loop serves now (sessions attached and web requests), for tests
  /// and operators. Safe from any thread once `run` has started the loops.
  public var connectionsPerLoop: [Int] { census.counts.perLoop }

  /// Runs `part` on every loop's thread and, once every loop answered, `whole` with the answers
  /// in loop order, on the thread of the loop that answered last. A loop that has stopped
  /// answers nothing, and then `whole` does not run.
  private func gather<Part: Sendable>(
    _ part: @escaping (ServerLoop) -> Part, then whole: @escaping @Sendable ([Part]) -> Void
  ) {
    let collector = Collector<Part>(count: loops.count, whole: whole)
    for loop in loops {
      let box = LoopConfined((loop, part))
      loop.eventLoop.execute { collector.add(box.value.1(box.value.0), at: box.value.0.index) }
    }
  }

  /// Hands a connection that joins a session of `target` to that loop (PROTOCOL.md section 18);
  /// false when no loop of this server is `target` or it has stopped.
  func moveJoining(_ parked: ClientConnection.ParkedResume, authenticated: Bool, to target: EventLoop) -> Bool {
    guard let loop = loops.first(where: { $0.eventLoop === target }) else { return false }
    let box = LoopConfined(loop)
    return target.execute { box.value.adoptJoining(parked, authenticated: authenticated) }
  }

  // MARK: Accepting (the accepting loop's thread)

  /// Counts a new connection and hands it to the loop serving the fewest, or refuses it when
  /// `--max-connections` are open.
  ///
  /// One loop accepts for all, rather than a listener per loop with `SO_REUSEPORT`: that flag
  /// would let any process of the same user join the port (a second daemon would start and take
  /// half the connections instead of failing), and the kernel's hash spreads a few connections
  /// unevenly. The price: a socket accepted for another loop is duplicated and re-registered
  /// there (`TCPConnection.detach()`), and a flood on the accepting loop delays accepts by up
  /// to one fair turn (PROTOCOL.md section 4).
  /// FIXME (issue 14): accepting is bounded by one loop's speed; measure connection churn with
  /// several loops (bench-sessions) before a daemon that opens thousands a second relies on it.
  private func accept(_ connection: TCPConnection, web: Bool) {
    guard !isShuttingDown else {
      connection.close()
      return
    }
    guard let target = census.admit() else {
      if web {
        webListener?.refuse(connection)
      } else {
        var refusal: [UInt8] = []
        ServerMessage.tooManyConnections(limit: configuration.maximumConnections).encode(into: &refusal)
        // Section 4: a server that closes the connection says so with `bye` first.
        ServerMessage.bye(reason: "too many connections").encode(into: &refusal)
        connection.write(refusal)
        connection.closeAfterFlush()
        logger.warning("refused a connection: too many", metadata: ["peer": "\(connection.remoteAddress)"])
      }
      return
    }
    let loop = loops[target]
    if target == 0 {
      if web { loop.serveWeb(connection) } else { loop.serveLine(connection) }
      return
    }
    guard let socket = connection.detach() else {
      census.release(loop: target, host: nil)
      return
    }
    let box = LoopConfined(loop)
    let sent = loop.eventLoop.execute { box.value.adopt(socket, web: web) }
    // A loop that stopped drops the work, and with it the socket, which closes.
    if !sent { census.release(loop: target, host: nil) }
  }

  /// Binds the web port when one is configured, with the browser client's files read into
  /// memory first; every loop gets its share of the web requests.
  private func startWebListeners() throws {
    guard let webPort = configuration.webPort else { return }
    var files = StaticFileTable(files: [:])
    if let directory = configuration.webStaticDirectory {
      do {
        files = try WebListener.loadFiles(in: directory)
      } catch {
        throw ServerError(message: "cannot read the web client's files in \(directory.path): \(error)")
      }
    }
    let webs = loops.map { $0.makeWeb(files: files) }
    let web = webs[0]
    web.onAccept = { [unowned self] connection in self.accept(connection, web: true) }
    do {
      try web.listen(port: webPort)
    } catch {
      throw ServerError(message: "cannot listen on \(configuration.host):\(webPort) (web): \(error)")
    }
    webListener = web
    logger.info("web listening", metadata: ["host": "\(configuration.host)", "port": "\(web.port)"])
  }

  /// On the accepting loop: stops accepting and tells every loop to shut down.
  private func beginShutdown(reason: String) {
    guard !isShuttingDown else { return }
    isShuttingDown = true
    registry.acceptsDetached = false
    listener?.close()
    webListener?.close()
    for watcher in signalWatchers { watcher.close() }
    signalWatchers = []
    memoryTimer?.close()
    for loop in loops {
      if loop.index == 0 {
        loop.beginShutdown(reason: reason)
      } else {
        let box = LoopConfined(loop)
        loop.eventLoop.execute { box.value.beginShutdown(reason: reason) }
      }
    }
  }

  // MARK: Memory

  /// Warns the largest sessions of the daemon once when resident memory rises above the soft
  /// limit; see `MemoryPressure` for when it warns again.
  private func checkMemory() {
    guard var pressure = memoryPressure, let resident = configuration.residentMemory() else { return }
    let warn = pressure.shouldWarn(resident: resident)
    memoryPressure = pressure
    let checked: Logger.Metadata = ["resident": "\(resident)", "warned": "\(pressure.hasWarned)"]
    guard warn else {
      logger.debug("memory check", metadata: checked)
      return
    }
    // Detached sessions go first, on every loop: no one is looking at them (PROTOCOL.md section
    // 15). Then only the sessions holding the most views, daemon-wide (section 17): one client
    // that grows its session must not make every other client's controllers drop their views.
    // The check is logged once every loop has sent its warnings, so a reader of the log knows
    // they are out.
    gather({ loop in
      loop.endDetached(reason: "memory-pressure")
      return loop.largestViewCount
    }) { [self] counts in
      let largest = counts.max() ?? 0
      logger.notice(
        "memory above the soft limit; warning the largest sessions once, again after it falls below 90% of the limit",
        metadata: ["resident": "\(resident)", "views": "\(largest)"])
      gather({ $0.warnSessions(holdingAtLeast: largest) }) { [self] _ in
        logger.debug("memory check", metadata: checked)
      }
    }
  }
}

/// Collects one answer per loop for `ViewWireServer.gather`; any loop's thread may add.
private final class Collector<Part: Sendable>: @unchecked Sendable {
  private let lock = Lock()
  // Guarded by `lock`.
  private var parts: [Part?]
  private var missing: Int
  private let whole: @Sendable ([Part]) -> Void

  init(count: Int, whole: @escaping @Sendable ([Part]) -> Void) {
    parts = Array(repeating: nil, count: count)
    missing = count
    self.whole = whole
  }

  func add(_ part: Part, at index: Int) {
    let done: [Part]? = lock.withLock {
      parts[index] = part
      missing -= 1
      return missing == 0 ? parts.compactMap { $0 } : nil
    }
    if let done { whole(done) }
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
