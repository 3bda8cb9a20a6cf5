import Foundation
import Testing
import ViewWireServer

/// The daemon refuses every numeric option out of range at startup, with a message, instead of
/// starting and trapping later (audit: `--stall-timeout -1` crashed the daemon when a client
/// first stalled).
struct DaemonOptionsTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let arguments: [String]
    /// Text stderr must hold.
    let message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let refused: [Case] = [
    Case(
      arguments: ["--stall-timeout", "-1"], message: "--stall-timeout must be a number of seconds above 0"),
    Case(
      arguments: ["--stall-timeout", "0"], message: "--stall-timeout must be a number of seconds above 0"),
    Case(
      arguments: ["--stall-timeout", "nan"], message: "--stall-timeout must be a number of seconds above 0"),
    Case(arguments: ["--stall-timeout", "1e30"], message: "at most 86400 (one day), not 1e+30"),
    Case(arguments: ["--stall-timeout", "86400.5"], message: "at most 86400 (one day)"),
    Case(
      arguments: ["--output-limit", "1023"], message: "--output-limit must be at least 1024 bytes (1 KiB)"),
    Case(arguments: ["--output-limit", "-5"], message: "--output-limit must be at least 1024 bytes (1 KiB)"),
    Case(
      arguments: ["--turn-slice", "-1"],
      message: "--turn-slice must be a number of microseconds from 0 to 1000000"),
    Case(
      arguments: ["--turn-slice", "1000001"],
      message: "--turn-slice must be a number of microseconds from 0 to 1000000"),
    Case(arguments: ["--max-connections", "0"], message: "--max-connections must be at least 1"),
    Case(arguments: ["--max-connections", "-1"], message: "--max-connections must be at least 1"),
    Case(arguments: ["--memory-soft-limit-mib", "0"], message: "--memory-soft-limit-mib must be above 0"),
    Case(
      arguments: ["--memory-soft-limit-mib", "9223372036854775807"],
      message: "--memory-soft-limit-mib must be above 0 and at most 8796093022207"),
    Case(arguments: ["--port", "-1"], message: "--port must be between 0 and 65535"),
    Case(arguments: ["--web-port", "65536"], message: "--web-port must be between 0 and 65535"),
    Case(
      arguments: ["--web-handshake-timeout", "0"],
      message: "--web-handshake-timeout must be a number of seconds above 0 and at most 86400"),
    Case(
      arguments: ["--web-handshake-timeout", "nan"],
      message: "--web-handshake-timeout must be a number of seconds above 0 and at most 86400"),
    Case(
      arguments: ["--detach-timeout", "0"], message: "--detach-timeout must be a number of seconds above 0"),
    Case(
      arguments: ["--daemon-name", "a.b"], message: "--daemon-name must be 1 to 32 letters, digits and '-'"),
    Case(arguments: ["--idle-timeout", "-1"], message: "--idle-timeout must be a number of seconds from 0"),
    Case(
      arguments: ["--max-connections-per-address", "0"],
      message: "--max-connections-per-address must be at least 1"),
    Case(arguments: ["--loops", "0"], message: "--loops must be between 1 and 64, not 0"),
    Case(arguments: ["--loops", "65"], message: "--loops must be between 1 and 64, not 65"),
    // PROTOCOL.md section 17: beyond loopback only with a token, or when told --insecure.
    Case(
      arguments: ["--host", "0.0.0.0"], message: "refusing to listen on 0.0.0.0 without --auth-token-file"),
    Case(arguments: ["--host", "::"], message: "refusing to listen on :: without --auth-token-file"),
    Case(arguments: ["--auth-token-file", "/nonexistent/token"], message: "cannot read --auth-token-file"),
  ]

  @Test(arguments: refused)
  func aBadNumericOptionStopsTheDaemonWithAMessage(_ testCase: Case) throws {
    let process = Process()
    process.executableURL = Daemon.executable
    process.arguments = ["--port", "0"] + testCase.arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = Pipe()
    try process.run()
    // A daemon that accepted the value would serve for ever: give up on it after a deadline.
    let deadline = Date().addingTimeInterval(20)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    let started = process.isRunning
    if started { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(!started, "the daemon started with \(testCase.arguments)")
    #expect(process.terminationStatus != 0)
    #expect(text.contains(testCase.message), "stderr: \(text)")
  }

  /// `--help` prints every option and exits 0 (it crashed the daemon: the parser's help command
  /// was taken for a parse failure).
  @Test func helpPrintsTheOptionsAndExitsCleanly() throws {
    let process = Process()
    process.executableURL = Daemon.executable
    process.arguments = ["--help"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = Pipe()
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(text.contains("USAGE: viewwired"), "stdout: \(text)")
    for option in ["--port", "--web-port", "--loops", "--auth-token-file", "--max-joiners"] {
      #expect(text.contains(option), "--help names \(option)")
    }
  }

  struct Conversion: CustomTestStringConvertible, Sendable {
    let seconds: Double
    let milliseconds: UInt64
    var testDescription: String { "\(seconds) s" }
  }

  /// The conversion for the loop's timer cannot trap, whatever a library user configured.
  @Test(arguments: [
    Conversion(seconds: 30, milliseconds: 30_000),
    Conversion(seconds: 0.0001, milliseconds: 1),
    Conversion(seconds: 1.0005, milliseconds: 1001),
    Conversion(seconds: -1, milliseconds: 1),
    Conversion(seconds: -.infinity, milliseconds: 1),
    Conversion(seconds: 1e30, milliseconds: 86_400_000),
    Conversion(seconds: .infinity, milliseconds: 86_400_000),
    Conversion(seconds: .nan, milliseconds: 30_000),
  ])
  func theStallTimeoutConvertsSafely(_ conversion: Conversion) {
    var configuration = ServerConfiguration()
    configuration.stallTimeout = conversion.seconds
    #expect(configuration.stallTimeoutMilliseconds == conversion.milliseconds)
  }
}
