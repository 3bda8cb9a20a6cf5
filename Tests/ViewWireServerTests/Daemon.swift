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
  func waitForExit(seconds: Double = 20) -> Int32 { daemon.waitForExit(seconds: seconds) }

  /// Sends a signal and waits for the process to end; returns its exit status.
  @discardableResult
  func stop(signal: Int32 = SIGTERM) -> Int32 { daemon.stop(signal: signal) }

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
