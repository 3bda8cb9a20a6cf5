public import Foundation
import ViewWireLoop

/// What a daemon is told at start: where to listen and the limits that protect it.
public struct ServerConfiguration: Sendable {
  /// The address to listen on; loopback unless told otherwise.
  public var host: String = "127.0.0.1"
  /// The port to listen on; 0 picks a free one (for tests), reported once bound.
  public var port: Int = 7420
  /// The window size a session starts with, before the client's `hello` or `resize`.
  public var defaultWindowSize = CGSize(width: 390, height: 844)
  /// The longest client line accepted (PROTOCOL.md section 1).
  public var maximumLineLength = 4096
  /// Connections beyond this are told `too-many-connections` and closed.
  public var maximumConnections = 1024
  /// Output a client may leave unread before the server stops sending it frames and reading its
  /// commands; its changes are merged into one frame once it drains.
  public var outputLimit = 256 * 1024
  /// How long a client may stay above `outputLimit` before it is disconnected, in seconds: above
  /// 0 and at most `maximumStallTimeout` (the daemon refuses anything else at startup).
  public var stallTimeout: TimeInterval = 30
  /// The longest stall timeout: one day.
  public static let maximumStallTimeout: TimeInterval = 86_400
  /// Microseconds one client's pipelined commands may run in a turn of its loop before the next
  /// waits for the following turn (PROTOCOL.md section 4, "Fair turns"); 0 keeps only the
  /// 64-command bound. 64 taps take about a millisecond: a client waiting behind a flood saw that
  /// as a sevenfold p99. At 50 µs its p99 still read 1.6–2.4-fold on a quiet machine; at 25 µs,
  /// 0.9–1.3-fold (BENCHMARKS.md, issue 14, stop 17), and a closed-loop client, one command a
  /// read, never has its turn cut.
  public var turnSlice = 25
  /// The longest turn slice: one second.
  public static let maximumTurnSlice = 1_000_000

  /// `stallTimeout` in whole milliseconds for the loop's timer, rounded up and kept between 1 ms
  /// and a day (nan counts as the default 30 s), so no value can trap in the conversion to an
  /// integer, as -1 and 1e30 did.
  package var stallTimeoutMilliseconds: UInt64 {
    let seconds = stallTimeout.isNaN ? 30 : min(max(stallTimeout, 0.001), Self.maximumStallTimeout)
    return UInt64((seconds * 1000).rounded(.up))
  }
  /// Resident memory above which the daemon raises memory warnings in every session; nil for none.
  public var memorySoftLimit: Int?
  /// Reads the daemon's resident memory in bytes for `memorySoftLimit`: /proc/self/statm unless
  /// replaced, as tests do to cross the limit when they choose.
  public var residentMemory: @Sendable () -> Int? = { ResidentMemory.current() }
  /// Whether sessions start on a manual clock that only `clock advance` moves, for scripts.
  public var manualClock = false
  /// Whether SIGINT and SIGTERM shut the server down. A daemon wants that; a server embedded in
  /// a test process (`ViewWireTesting.TestServer`) leaves the process's signals alone.
  public var handlesSignals = true

  /// The web port (PROTOCOL.md section 13): 0 picks a free one; nil serves no web port.
  public var webPort: Int?
  /// Origins besides the server's own whose pages may open a WebSocket; `*` allows any.
  public var webAllowedOrigins: [String] = []
  /// Seconds a web connection has to finish its request head before it is closed.
  public var webHandshakeTimeout: TimeInterval = 10
  /// The largest client WebSocket message, its fragments together.
  public var maximumWebMessageBytes = 64 * 1024
  /// The browser client's files, served on the web port; nil serves none (every path is 404).
  public var webStaticDirectory: URL?

  /// `webHandshakeTimeout` in whole milliseconds, kept between 1 ms and a day like the stall
  /// timeout, so no value can trap in the conversion.
  package var webHandshakeTimeoutMilliseconds: UInt64 {
    let seconds =
      webHandshakeTimeout.isNaN ? 10 : min(max(webHandshakeTimeout, 0.001), Self.maximumStallTimeout)
    return UInt64((seconds * 1000).rounded(.up))
  }

  /// The daemon's name, the first part of every resume token it issues (PROTOCOL.md section
  /// 15), so a token says which daemon holds its session: letters, digits and `-`, 1 to 32.
  public var daemonName = "vw"
  /// Seconds a detached session waits to be resumed before it ends: above 0, at most a day.
  public var detachTimeout: TimeInterval = 60
  /// Sessions detached at once at most; one more ends the one detached longest.
  public var maximumDetached = 100
  /// Bytes of recent frames a resumable session keeps for `resume`.
  public var resumeBufferBytes = 256 * 1024
  /// Clients that may join one session with its share tokens (PROTOCOL.md section 18); 0 turns
  /// sharing off. Each joiner is a connection with its own output buffer, so the bound keeps what
  /// one session's owner can make the daemon hold in step with the number of its connections.
  public var maximumJoiners = 8

  /// `detachTimeout` in whole milliseconds, kept between 1 ms and a day like the stall timeout.
  package var detachTimeoutMilliseconds: UInt64 {
    let seconds = detachTimeout.isNaN ? 60 : min(max(detachTimeout, 0.001), Self.maximumStallTimeout)
    return UInt64((seconds * 1000).rounded(.up))
  }

  /// The secret every connection presents with `auth` before any other command (PROTOCOL.md
  /// section 17); nil asks for none.
  public var authToken: String?
  /// Connections one address may hold open at once, TCP and WebSocket sessions together.
  public var maximumConnectionsPerAddress = 64
  /// Seconds a connection may send nothing before it is closed; 0 for never.
  public var idleTimeout: TimeInterval = 600

  /// Event loops, each on a thread of its own (PROTOCOL.md section 17, "Event loops"): 1 serves
  /// everything on the thread that calls `run`; `viewwired` defaults to one per processor.
  /// Kept between 1 and `maximumLoops`.
  public var loops = 1
  /// The most loops a daemon runs: far more than the processors of any machine it serves from.
  public static let maximumLoops = 64

  /// One loop per processor this process may run on (its affinity mask, as `taskset` or a
  /// cpuset sets it), at most `maximumLoops`: `viewwired`'s default.
  public static var defaultLoops: Int { min(EventLoop.availableProcessors, maximumLoops) }

  /// `loops` kept between 1 and `maximumLoops`.
  package var loopCount: Int { min(max(loops, 1), Self.maximumLoops) }

  /// The daemon's defaults; the executable overrides what its options name.
  public init() {}
}

/// One copy of the settings that every connection of a loop refers to, instead of a copy each.
final class SharedConfiguration: Sendable {
  /// The settings.
  let value: ServerConfiguration
  init(_ value: ServerConfiguration) { self.value = value }
}
