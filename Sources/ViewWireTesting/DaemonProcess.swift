public import Foundation
public import ViewWireClient

/// A daemon executable (`viewwired`, or your own built on `ViewWireApplication`) started as a
/// subprocess on a free port, for tests of the executable as users run it: its options, its
/// output, its exit on SIGTERM.
///
/// It is started with `--port 0` and reads the `listening on HOST:PORT` line the daemon prints.
public final class DaemonProcess: @unchecked Sendable {
  /// The running process.
  public let process = Process()
  /// The port it listens on.
  public let port: Int
  /// The web port (PROTOCOL.md section 13) when `arguments` hold `--web-port`, else nil.
  public let webPort: Int?
  private let output = Pipe()
  private let errors = Pipe()
  private let logCollector = LogCollector()

  /// Starts `executable` with `--port 0`, `--log-level warning` and `arguments`, and returns
  /// once it printed its port (and, with `--web-port`, its web port).
  ///
  /// - Throws: `DaemonProcess.Failure` when it exits or prints anything else first.
  public init(executable: URL, arguments: [String] = []) throws {
    process.executableURL = executable
    process.arguments = ["--port", "0", "--log-level", "warning"] + arguments
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Read from the start, so a daemon that logs much before its port never blocks on the pipe.
    let reader = errors.fileHandleForReading
    let collector = logCollector
    Thread {
      while case let data = reader.availableData, !data.isEmpty { collector.append(data) }
    }.start()
    var text = ""
    // With --web-port, a second line names the web port.
    let linesWanted = arguments.contains("--web-port") ? 2 : 1
    while text.count(where: { $0 == "\n" }) < linesWanted {
      let data = output.fileHandleForReading.availableData
      if data.isEmpty { break }
      text += String(decoding: data, as: UTF8.self)
    }
    let lines = text.split(separator: "\n")
    guard let line = lines.first, line.hasPrefix("listening on "),
      let port = line.split(separator: ":").last.flatMap({ Int($0) })
    else {
      process.terminate()
      process.waitUntilExit()
      throw Failure(message: "\(executable.lastPathComponent) did not report its port: \(text)")
    }
    self.port = port
    guard linesWanted == 2 else {
      webPort = nil
      return
    }
    let web = lines.dropFirst().first ?? ""
    guard web.hasPrefix("web on http://"), web.hasSuffix("/"),
      let webPort = web.dropLast().split(separator: ":").last.flatMap({ Int($0) })
    else {
      process.terminate()
      process.waitUntilExit()
      throw Failure(message: "\(executable.lastPathComponent) did not report its web port: \(text)")
    }
    self.webPort = webPort
  }

  /// The executable named `name` in the build folder that holds the running test binary, where
  /// `swift build --build-tests` puts a package's executables.
  public static func builtExecutable(named name: String) -> URL {
    let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var directory = testBinary.deletingLastPathComponent()
    // The test binary may sit inside an .xctest bundle directory.
    while !FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path),
      directory.path != "/"
    {
      directory = directory.deletingLastPathComponent()
    }
    return directory.appendingPathComponent(name)
  }

  /// A client session to the daemon, `hello` already read.
  public func session(timeout: Double = 10) throws -> ViewWireSession {
    try ViewWireSession(port: port, timeout: timeout)
  }

  /// What the daemon has written to stderr (its log) so far.
  public var log: String { logCollector.text }

  /// Waits up to `seconds` for the daemon's log lines to satisfy `done`, then returns them; a
  /// poll with a deadline, so a slow machine waits longer instead of failing.
  public func logLines(waitingUpTo seconds: Double = 20, until done: ([String]) -> Bool) -> [String] {
    let deadline = Date().addingTimeInterval(seconds)
    var lines = logCollector.lines
    while !done(lines), Date() < deadline {
      usleep(10_000)
      lines = logCollector.lines
    }
    return lines
  }

  /// Sends `signal` (SIGTERM by default), waits for the process to end and returns its exit
  /// status.
  @discardableResult
  public func stop(signal: Int32 = SIGTERM) -> Int32 {
    if process.isRunning { kill(process.processIdentifier, signal) }
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Waits up to `seconds` for the process to end by itself and returns its exit status, or
  /// kills it and returns -1, so a daemon that hangs fails the test instead of hanging it.
  public func waitForExit(seconds: Double = 20) -> Int32 {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    guard !process.isRunning else {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      return -1
    }
    return process.terminationStatus
  }

  deinit {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
  }

  /// The daemon did not start as expected.
  public struct Failure: Error, CustomStringConvertible {
    /// What went wrong, with what the daemon printed.
    public let message: String
    /// The message.
    public var description: String { message }
  }

  /// Collects stderr from a reading thread, so the pipe never fills while the test reads.
  private final class LogCollector: @unchecked Sendable {
    // The reading thread appends while the test reads; every access holds the lock.
    private let lock = NSLock()
    private var bytes = Data()

    func append(_ data: Data) { lock.withLock { bytes.append(data) } }

    var text: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }

    /// The complete lines so far.
    var lines: [String] {
      text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
  }
}
