public import Foundation
public import Logging
public import ViewWireClient
public import ViewWireKit
public import ViewWireProtocol
public import ViewWireServer

/// A ViewWire server running your apps inside the test process, on a free port.
///
/// The server runs its loop on a thread of its own, as the daemon runs it on its main thread, and
/// tests talk to it over real TCP: a `session()` drives it command by command, `replay` plays a
/// transcript file. Works with the testing library and XCTest alike:
///
/// ```swift
/// let server = try TestServer(apps: [counterApp])
/// defer { server.stop() }
/// try server.replay(transcriptAt: URL(fileURLWithPath: "Transcripts/counter.vwt"))
/// ```
///
/// The server does not take SIGINT or SIGTERM from the test process (Ctrl-C still stops the
/// tests). To test the executable itself, with its options, use `DaemonProcess`.
public final class TestServer: @unchecked Sendable {
  /// The port the server listens on, on 127.0.0.1.
  public let port: Int
  private let server: ViewWireServer
  private let thread: Thread
  // Set by the server's thread when `run` returns; read after `finished` is signalled.
  private let finished = DispatchSemaphore(value: 0)
  private var stopped = false

  /// Starts a server offering `apps` and returns once it listens.
  ///
  /// - Parameters:
  ///   - apps: the apps clients may `open`.
  ///   - configuration: limits, clock and loops; its host and port are replaced by 127.0.0.1 and
  ///     a free port. `manualClock` makes animations and timers move only on `clock advance`;
  ///   `loops` above 1 runs that many event loops, as `viewwired --loops` does.
  ///   - logLevel: what the server logs to stderr; warnings by default, so tests stay quiet.
  /// - Throws: `ServerError` when the server cannot start.
  public init(
    apps: [AppDescriptor], configuration: ServerConfiguration = ServerConfiguration(),
    logLevel: Logger.Level = .warning
  ) throws {
    var configuration = configuration
    configuration.host = "127.0.0.1"
    configuration.port = 0
    configuration.handlesSignals = false
    var logger = Logger(label: "viewwire-test-server")
    logger.logLevel = logLevel
    let server = ViewWireServer(configuration: configuration, apps: apps, logger: logger)
    let started = StartReport()
    let finished = self.finished
    thread = Thread {
      do {
        try server.run(onListening: { _, port in started.report(.success(port)) })
      } catch {
        started.report(.failure(error))
      }
      finished.signal()
    }
    thread.name = "viewwire-test-server"
    thread.start()
    self.server = server
    port = try started.wait().get()
  }

  /// How many connections each of the server's event loops serves now
  /// (`ServerConfiguration.loops`): sessions attached, and web connections not yet sessions. A
  /// test can wait for connections to spread, or for a `resume` to move one to its session's
  /// loop.
  public var connectionsPerLoop: [Int] { server.connectionsPerLoop }

  /// A client session to the server: `hello` already read, ready for `open`.
  public func session(timeout: Double = 10) throws -> ViewWireSession {
    try ViewWireSession(port: port, timeout: timeout)
  }

  /// Replays `transcript` over a new connection and returns its variable bindings.
  ///
  /// - Throws: `TranscriptReplayer.Failure`, naming the transcript line that did not match and
  ///   what the server sent instead.
  @discardableResult
  public func replay(_ transcript: Transcript, timeout: Double = 10) throws -> [String: String] {
    try TranscriptReplayer(port: port, timeout: timeout).replay(transcript)
  }

  /// Reads and replays the transcript file at `url` (PROTOCOL.md section 12).
  @discardableResult
  public func replay(transcriptAt url: URL, timeout: Double = 10) throws -> [String: String] {
    let text = try String(contentsOf: url, encoding: .utf8)
    return try replay(Transcript(parsing: text, name: url.lastPathComponent), timeout: timeout)
  }

  /// Shuts the server down gracefully (every client hears `bye`) and waits for its thread.
  /// Safe to call twice.
  public func stop() {
    guard !stopped else { return }
    stopped = true
    server.stop()
    finished.wait()
  }

  deinit { stop() }
}

/// Hands the server thread's first news (its port, or why it could not start) to the thread
/// that waits in `TestServer.init`.
private final class StartReport: @unchecked Sendable {
  private let condition = NSCondition()
  // Guarded by `condition`.
  private var result: Result<Int, any Error>?

  func report(_ result: Result<Int, any Error>) {
    condition.withLock {
      if self.result == nil { self.result = result }
      condition.broadcast()
    }
  }

  func wait() -> Result<Int, any Error> {
    condition.withLock {
      while result == nil { condition.wait() }
      return result!
    }
  }
}
