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
  /// `--host`: the address to listen on.
  @Option(help: "The address to listen on.")
  public var host = "127.0.0.1"

  // Numeric options parse their value unconditionally, so `--stall-timeout -1` reaches
  // `validate()` and its message instead of being read as an unknown flag `-1`.
  /// `--port`: the TCP port; 0 picks a free one.
  @Option(parsing: .unconditional, help: "The port to listen on; 0 picks a free port and prints it.")
  public var port = 7420

  /// `--log-level`: the least severe message logged.
  @Option(
    help:
      "Log level: trace, debug, info, notice, warning, error, critical; trace also logs every session's trace events (lifecycle callbacks), even after its client left."
  )
  public var logLevel: Logger.Level = .info

  /// `--max-connections`: clients served at once.
  @Option(parsing: .unconditional, help: "Largest number of clients served at once.")
  public var maxConnections = 1024

  /// `--output-limit`: unread bytes before a client's frames are held back.
  @Option(parsing: .unconditional, help: "Bytes a client may leave unread before its frames are held back.")
  public var outputLimit = 256 * 1024

  /// `--stall-timeout`: seconds a stalled client is kept.
  @Option(
    parsing: .unconditional,
    help: "Seconds a client may stay stalled before it is disconnected (above 0, at most 86400: one day).")
  public var stallTimeout: Double = 30

  /// `--turn-slice`: microseconds of one client's pipelined commands per turn of its loop.
  @Option(
    parsing: .unconditional,
    help:
      "Microseconds one client's pipelined commands may run before the other clients of its loop are served (0: only the 64-command bound; at most 1000000)."
  )
  public var turnSlice = ServerConfiguration().turnSlice

  /// `--memory-soft-limit-mib`: resident memory that raises memory warnings.
  @Option(
    name: .customLong("memory-soft-limit-mib"), parsing: .unconditional,
    help: "Resident memory in MiB above which every session gets a memory warning.")
  public var memorySoftLimitMiB: Int?

  /// `--resident-memory-file` (hidden): where tests supply the resident memory.
  @Option(
    help: ArgumentHelp(
      "Read resident memory (bytes, in decimal) from this file instead of /proc, so tests can cross the soft limit.",
      visibility: .hidden))
  public var residentMemoryFile: String?

  /// `--web-port`: the browser client's and WebSocket sessions' port; none when nil.
  @Option(
    parsing: .unconditional,
    help:
      "Also serve the browser client and WebSocket sessions over HTTP on this port (0 picks a free port); off when not given."
  )
  public var webPort: Int?

  /// `--web-allow-origin`: other origins whose pages may open a WebSocket.
  @Option(
    help: ArgumentHelp(
      "An origin (such as http://localhost:8000) whose pages may open a WebSocket besides the server's own; repeatable; '*' allows any.",
      valueName: "origin"))
  public var webAllowOrigin: [String] = []

  /// `--web-handshake-timeout`: seconds to finish an HTTP request.
  @Option(
    parsing: .unconditional,
    help: "Seconds a web connection has to finish its request before it is closed (above 0, at most 86400).")
  public var webHandshakeTimeout: Double = 10

  /// `--daemon-name`: the first part of resume tokens.
  @Option(
    help: "The daemon's name, the first part of its resume tokens (letters, digits and '-', at most 32).")
  public var daemonName = "vw"

  /// `--detach-timeout`: seconds a session waits for its client to resume.
  @Option(
    parsing: .unconditional,
    help:
      "Seconds a resumable session waits for its client after losing its connection (above 0, at most 86400)."
  )
  public var detachTimeout: Double = 60

  /// `--max-detached`: detached sessions kept at most.
  @Option(
    parsing: .unconditional, help: "Detached sessions kept at most; one more ends the one detached longest.")
  public var maxDetached = 100

  /// `--max-joiners`: clients that may join one shared session (PROTOCOL.md section 18).
  @Option(
    parsing: .unconditional,
    help: "Clients that may join one session with its share tokens (0 turns sharing off).")
  public var maxJoiners = 8

  /// `--resume-buffer`: bytes of recent frames kept for `resume`.
  @Option(parsing: .unconditional, help: "Bytes of recent frames a resumable session keeps for 'resume'.")
  public var resumeBuffer = 256 * 1024

  /// `--auth-token-file`: the file holding the secret `auth` needs.
  @Option(
    help:
      "A file whose first line is the secret every connection presents with 'auth' (at least 16 characters).")
  public var authTokenFile: String?

  /// `--insecure`: allows a non-loopback address without a token.
  @Flag(
    help: "Listen on a non-loopback address without --auth-token-file (anyone who can reach it may connect).")
  public var insecure = false

  /// `--max-connections-per-address`: connections one address may hold.
  @Option(parsing: .unconditional, help: "Connections one address may hold open at once.")
  public var maxConnectionsPerAddress = 64

  /// `--idle-timeout`: seconds a silent connection is kept; 0 is for ever.
  @Option(
    parsing: .unconditional,
    help: "Seconds a connection may send nothing before it is closed (0: never; at most 86400).")
  public var idleTimeout: Double = 600

  /// `--loops`: event loops, each on its own thread; nil for one per processor.
  @Option(
    parsing: .unconditional,
    help:
      "Event loops, each on its own thread, that share the connections (1 to 64); one per processor the daemon may use when not given."
  )
  public var loops: Int?

  /// `--manual-clock`: sessions start on a clock only `clock advance` moves.
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
    guard ResumeTokenName.isValid(daemonName) else {
      throw ValidationError("--daemon-name must be 1 to 32 letters, digits and '-', not '\(daemonName)'")
    }
    guard detachTimeout > 0, detachTimeout <= ServerConfiguration.maximumStallTimeout else {
      throw ValidationError(
        "--detach-timeout must be a number of seconds above 0 and at most 86400, not \(detachTimeout)")
    }
    guard maxDetached >= 0 else { throw ValidationError("--max-detached must be 0 or more") }
    guard maxJoiners >= 0 else { throw ValidationError("--max-joiners must be 0 or more") }
    guard resumeBuffer >= 0 else { throw ValidationError("--resume-buffer must be 0 or more bytes") }
    guard maxConnectionsPerAddress >= 1 else {
      throw ValidationError("--max-connections-per-address must be at least 1")
    }
    guard idleTimeout >= 0, idleTimeout <= ServerConfiguration.maximumStallTimeout else {
      throw ValidationError(
        "--idle-timeout must be a number of seconds from 0 (never) to 86400, not \(idleTimeout)")
    }
    if authTokenFile == nil, !insecure, !Self.isLoopback(host) {
      throw ValidationError(
        "refusing to listen on \(host) without --auth-token-file: anyone who can reach it could connect. Give a token file, or --insecure if you mean it (PROTOCOL.md section 17)."
      )
    }
    if let loops {
      guard (1...ServerConfiguration.maximumLoops).contains(loops) else {
        throw ValidationError(
          "--loops must be between 1 and \(ServerConfiguration.maximumLoops), not \(loops)")
      }
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
    guard turnSlice >= 0, turnSlice <= ServerConfiguration.maximumTurnSlice else {
      throw ValidationError(
        "--turn-slice must be a number of microseconds from 0 to 1000000, not \(turnSlice)")
    }
    if let mebibytes = memorySoftLimitMiB {
      guard mebibytes > 0, mebibytes <= Int.max >> 20 else {
        throw ValidationError("--memory-soft-limit-mib must be above 0 and at most \(Int.max >> 20)")
      }
    }
  }

  /// Whether `host` is a loopback address: 127.0.0.0/8, ::1 or localhost.
  static func isLoopback(_ host: String) -> Bool {
    let host = host.lowercased()
    if host == "localhost" || host == "::1" || host == "[::1]" { return true }
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
  }

  /// Reads the auth token: the file's first line without surrounding blanks.
  func readAuthToken() throws -> String? {
    guard let path = authTokenFile else { return nil }
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw ValidationError("cannot read --auth-token-file \(path)")
    }
    let token = (text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
      .trimmingCharacters(in: .whitespaces)
    guard token.count >= 16 else {
      throw ValidationError("the token in \(path) must be at least 16 characters")
    }
    return token
  }

  /// The server configuration these options describe, the browser client's files and the auth
  /// token (read from its file now) included.
  ///
  /// - Throws: `ValidationError` when the token file cannot be read or holds too short a token.
  public func configuration() throws -> ServerConfiguration {
    var configuration = ServerConfiguration()
    configuration.host = host
    configuration.port = port
    configuration.maximumConnections = maxConnections
    configuration.outputLimit = outputLimit
    configuration.stallTimeout = stallTimeout
    configuration.turnSlice = turnSlice
    configuration.memorySoftLimit = memorySoftLimitMiB.map { $0 * 1024 * 1024 }
    if let path = residentMemoryFile {
      configuration.residentMemory = {
        (try? String(contentsOfFile: path, encoding: .utf8)).flatMap {
          Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
      }
    }
    configuration.manualClock = manualClock
    configuration.loops = loops ?? ServerConfiguration.defaultLoops
    configuration.authToken = try readAuthToken()
    configuration.maximumConnectionsPerAddress = maxConnectionsPerAddress
    configuration.idleTimeout = idleTimeout
    configuration.daemonName = daemonName
    configuration.detachTimeout = detachTimeout
    configuration.maximumDetached = maxDetached
    configuration.maximumJoiners = maxJoiners
    configuration.resumeBufferBytes = resumeBuffer
    configuration.webPort = webPort
    configuration.webAllowedOrigins = webAllowOrigin
    configuration.webHandshakeTimeout = webHandshakeTimeout
    configuration.webStaticDirectory = WebClientFiles.directory
    return configuration
  }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
