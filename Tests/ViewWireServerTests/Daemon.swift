import Foundation
import Testing
import ViewWireClient
import ViewWireTesting

/// The real `viewwired` executable, started as a subprocess on a free port.
///
/// `swift test` builds it because this test target depends on it; it sits beside the test
/// bundle. Every test gets its own daemon, so tests run in parallel without sharing sessions.
/// The process itself is the public `DaemonProcess` that app authors test their daemons with,
/// so the server's tests exercise it too; this adds the package's paths.
final class Daemon {
  private let daemon: DaemonProcess
  /// Whether the test ended the process itself (`stop`, `waitForExit`), so its end is expected.
  private var endedByTest = false
  /// The running process.
  var process: Process { daemon.process }
  /// The port it listens on.
  var port: Int { daemon.port }
  /// The web port (PROTOCOL.md section 13), when started with `--web-port`.
  var webPort: Int? { daemon.webPort }

  /// The package's root, for transcripts.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static var executable: URL { DaemonProcess.builtExecutable(named: "viewwired") }

  init(_ arguments: [String] = []) throws {
    daemon = try DaemonProcess(executable: Self.executable, arguments: arguments)
  }

  /// Waits up to `seconds` for the process to end by itself and returns its exit status, or
  /// kills it and returns -1, so a daemon that hangs fails the test instead of hanging it.
  func waitForExit(seconds: Double = 20) -> Int32 {
    endedByTest = true
    return daemon.waitForExit(seconds: seconds)
  }

  /// Sends a signal and waits for the process to end; returns its exit status.
  @discardableResult
  func stop(signal: Int32 = SIGTERM) -> Int32 {
    endedByTest = true
    return daemon.stop(signal: signal)
  }

  /// A daemon that reported a data race, crashed or died by itself fails the test that ran it.
  ///
  /// Its stderr is otherwise read only by tests that look for a log line, and CI runs this suite
  /// under ThreadSanitizer with `halt_on_error=1`, inherited by the daemon: a race in the daemon
  /// ends the process, and without this a test sees only a connection closed early.
  deinit {
    // A SIGTERM or SIGINT a test sent itself ends the daemon with status 0.
    let died =
      !process.isRunning && !endedByTest
      && (process.terminationReason != .exit || process.terminationStatus != 0)
    // A process that ended may still have stderr in the pipe for the collecting thread.
    let lines = daemon.logLines(waitingUpTo: died ? 2 : 0) { lines in
      lines.contains { $0.contains("SUMMARY: ThreadSanitizer") }
    }
    let markers = ["ThreadSanitizer", "Fatal error", "Program crashed"]
    guard died || lines.contains(where: { line in markers.contains { line.contains($0) } }) else { return }
    let status = process.isRunning ? "still running" : "ended with status \(process.terminationStatus)"
    Issue.record(
      "viewwired (\(status)) reported a problem; its stderr ends:\n\(lines.suffix(60).joined(separator: "\n"))")
  }

  func session() throws -> ViewWireSession {
    try ViewWireSession(port: port)
  }

  /// Waits up to `seconds` for the daemon's log lines to satisfy `done`, then returns them.
  func logLines(waitingUpTo seconds: Double = 20, until done: ([String]) -> Bool) -> [String] {
    daemon.logLines(waitingUpTo: seconds, until: done)
  }
}

struct DaemonFailure: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
