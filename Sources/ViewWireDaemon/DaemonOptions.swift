public import ArgumentParser
import Foundation
public import Logging
public import ViewWireServer
import ViewWireWebClient

/// Every option `viewwired` takes, for any executable that serves its own apps.
///
/// `ViewWireApplication.main()` parses them from the command line; an executable with options
/// of its own can include them in its command with `@OptionGroup var daemon: DaemonOptions` and
/// call `ViewWireApplication.run(options:)`. They live here, not in the `viewwired` executable,
/// so every daemon built on ViewWire takes the same options with the same checks.
public struct DaemonOptions: ParsableArguments {
  @Option(help: "The address to listen on.")
  public var host = "127.0.0.1"

  // Numeric options parse their value unconditionally, so `--stall-timeout -1` reaches
  // `validate()` and its message instead of being read as an unknown flag `-1`.
  @Option(parsing: .unconditional, help: "The port to listen on; 0 picks a free port and prints it.")
  public var port = 7420

  @Option(
    help:
      "Log level: trace, debug, info, notice, warning, error, critical; trace also logs every session's trace events (lifecycle callbacks), even after its client left."
  )
  public var logLevel: Logger.Level = .info

  @Option(parsing: .unconditional, help: "Largest number of clients served at once.")
  public var maxConnections = 1024

  @Option(parsing: .unconditional, help: "Bytes a client may leave unread before its frames are held back.")
  public var outputLimit = 256 * 1024

  @Option(
    parsing: .unconditional,
    help: "Seconds a client may stay stalled before it is disconnected (above 0, at most 86400: one day).")
  public var stallTimeout: Double = 30

  @Option(
    name: .customLong("memory-soft-limit-mib"), parsing: .unconditional,
    help: "Resident memory in MiB above which every session gets a memory warning.")
  public var memorySoftLimitMiB: Int?

  @Option(
    help: ArgumentHelp(
      "Read resident memory (bytes, in decimal) from this file instead of /proc, so tests can cross the soft limit.",
      visibility: .hidden))
  public var residentMemoryFile: String?

  @Option(
    parsing: .unconditional,
    help:
      "Also serve the browser client and WebSocket sessions over HTTP on this port (0 picks a free port); off when not given."
  )
  public var webPort: Int?

  @Option(
    help: ArgumentHelp(
      "An origin (such as http://localhost:8000) whose pages may open a WebSocket besides the server's own; repeatable; '*' allows any.",
      valueName: "origin"))
  public var webAllowOrigin: [String] = []

  @Option(
    parsing: .unconditional,
    help: "Seconds a web connection has to finish its request before it is closed (above 0, at most 86400).")
  public var webHandshakeTimeout: Double = 10

  @Flag(help: "Start every session on a manual clock that only 'clock advance' moves (for scripts).")
  public var manualClock = false

  /// The defaults, as `viewwired` with no arguments.
  public init() {}

  /// Refuses every numeric option out of range before anything starts, so a bad value is a
  /// message at startup instead of a trap much later (a stall timeout of -1 or 1e30 used to crash
  /// the daemon when a client first stalled).
  public func validate() throws {
    guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
    if let webPort {
      guard (0...65535).contains(webPort) else {
        throw ValidationError("--web-port must be between 0 and 65535")
      }
    }
    guard webHandshakeTimeout > 0, webHandshakeTimeout <= ServerConfiguration.maximumStallTimeout else {
      throw ValidationError(
        "--web-handshake-timeout must be a number of seconds above 0 and at most 86400, not \(webHandshakeTimeout)"
      )
    }
    guard maxConnections >= 1 else { throw ValidationError("--max-connections must be at least 1") }
    guard outputLimit >= 1024 else {
      throw ValidationError("--output-limit must be at least 1024 bytes (1 KiB)")
    }
    // Written so that nan fails too.
    guard stallTimeout > 0, stallTimeout <= ServerConfiguration.maximumStallTimeout else {
      throw ValidationError(
        "--stall-timeout must be a number of seconds above 0 and at most 86400 (one day), not \(stallTimeout)"
      )
    }
    if let mebibytes = memorySoftLimitMiB {
      guard mebibytes > 0, mebibytes <= Int.max >> 20 else {
        throw ValidationError("--memory-soft-limit-mib must be above 0 and at most \(Int.max >> 20)")
      }
    }
  }

  /// The server configuration these options describe, the browser client's files included.
  public var configuration: ServerConfiguration {
    var configuration = ServerConfiguration()
    configuration.host = host
    configuration.port = port
    configuration.maximumConnections = maxConnections
    configuration.outputLimit = outputLimit
    configuration.stallTimeout = stallTimeout
    configuration.memorySoftLimit = memorySoftLimitMiB.map { $0 * 1024 * 1024 }
    if let path = residentMemoryFile {
      configuration.residentMemory = {
        (try? String(contentsOfFile: path, encoding: .utf8)).flatMap {
          Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
      }
    }
    configuration.manualClock = manualClock
    configuration.webPort = webPort
    configuration.webAllowedOrigins = webAllowOrigin
    configuration.webHandshakeTimeout = webHandshakeTimeout
    configuration.webStaticDirectory = WebClientFiles.directory
    return configuration
  }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
