import Foundation
import Testing
import ViewWireClient

/// The real `viewwired` executable, started as a subprocess on a free port.
///
/// `swift test` builds it because this test target depends on it; it sits beside the test
/// bundle. Every test gets its own daemon, so tests run in parallel without sharing sessions.
final class Daemon {
  let process = Process()
  let port: Int
  /// The web port (PROTOCOL.md section 13), when started with `--web-port`.
  private(set) var webPort: Int?
  private let output = Pipe()
  private let errors = Pipe()
  /// What the daemon wrote to stderr, its log, read as it comes so the pipe never fills.
  private let log = LogCollector()

  /// The package's root, for transcripts.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static var executable: URL {
    let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var directory = testBinary.deletingLastPathComponent()
    // The test binary may sit inside an .xctest bundle directory.
    while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("viewwired").path),
      directory.path != "/"
    {
      directory = directory.deletingLastPathComponent()
    }
    return directory.appendingPathComponent("viewwired")
  }

  init(_ arguments: [String] = []) throws {
    process.executableURL = Self.executable
    process.arguments = ["--port", "0", "--log-level", "warning"] + arguments
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let errorReader = errors.fileHandleForReading
    let log = self.log
    Thread {
      while case let data = errorReader.availableData, !data.isEmpty { log.append(data) }
    }.start()
    var text = ""
    // With --web-port, a second line names the web port.
    let linesWanted = arguments.contains("--web-port") ? 2 : 1
    while text.count(where: { $0 == "\n" }) < linesWanted {
      let data = output.fileHandleForReading.availableData
      if data.isEmpty { break }
      text += String(decoding: data, as: UTF8.self)
    }
    guard let line = text.split(separator: "\n").first, line.hasPrefix("listening on "),
      let port = line.split(separator: ":").last.flatMap({ Int($0) })
    else {
      process.terminate()
      throw DaemonFailure(message: "the daemon did not report its port: \(text)")
    }
    self.port = port
    if linesWanted == 2 {
      let web = text.split(separator: "\n").dropFirst().first ?? ""
      guard web.hasPrefix("web on http://"), web.hasSuffix("/"),
        let webPort = web.dropLast().split(separator: ":").last.flatMap({ Int($0) })
      else {
        process.terminate()
        throw DaemonFailure(message: "the daemon did not report its web port: \(text)")
      }
      self.webPort = webPort
    }
  }

  /// Waits up to `seconds` for the process to end by itself and returns its exit status, or
  /// kills it and returns -1, so a daemon that hangs fails the test instead of hanging it.
  func waitForExit(seconds: Double = 20) -> Int32 {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    guard !process.isRunning else {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      return -1
    }
    return process.terminationStatus
  }

  /// Sends a signal and waits for the process to end; returns its exit status.
  @discardableResult
  func stop(signal: Int32 = SIGTERM) -> Int32 {
    if process.isRunning { kill(process.processIdentifier, signal) }
    process.waitUntilExit()
    return process.terminationStatus
  }

  deinit {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
  }

  func session() throws -> ViewWireSession {
    try ViewWireSession(port: port)
  }

  /// Waits up to `seconds` for the daemon's log lines to satisfy `done`, then returns them; a
  /// poll with a deadline, so a slow machine waits longer instead of failing.
  func logLines(waitingUpTo seconds: Double = 20, until done: ([String]) -> Bool) -> [String] {
    let deadline = Date().addingTimeInterval(seconds)
    var lines = log.lines
    while !done(lines), Date() < deadline {
      usleep(10_000)
      lines = log.lines
    }
    return lines
  }
}

/// Collects a process's output from a reading thread; the test reads whole lines.
private final class LogCollector: @unchecked Sendable {
  // The reading thread appends while the test reads; every access holds the lock.
  private let lock = NSLock()
  private var bytes = Data()

  func append(_ data: Data) { lock.withLock { bytes.append(data) } }

  /// The complete lines so far.
  var lines: [String] {
    let text = lock.withLock { String(decoding: bytes, as: UTF8.self) }
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }
}

struct DaemonFailure: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
