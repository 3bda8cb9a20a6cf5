import Foundation
import Testing
import ViewWireClient

/// PROTOCOL.md section 4, "Fair turns": a client that pipelines a long batch gets at most 64
/// commands handled per turn of the loop, so others are served in between; over real sockets
/// against the real daemon.
struct FairTurnsTests {
  /// Reads one connection on its own thread, noting when each line came, so the test can order
  /// what two connections received.
  final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [(line: String, at: UInt64)] = []
    private var ended = false
    /// Read only by the recorder's thread once it started.
    private let connection: WireConnection

    init(_ connection: WireConnection) {
      self.connection = connection
      Thread { [self] in
        while let line = try? self.connection.readLine(timeout: 60) {
          let now = DispatchTime.now().uptimeNanoseconds
          lock.withLock { lines.append((line, now)) }
        }
        lock.withLock { ended = true }
      }.start()
    }

    /// Writes `bytes` from another thread (the write blocks while the server reads slowly).
    func send(_ bytes: [UInt8]) {
      Thread { [self] in try? self.connection.send(bytes: bytes) }.start()
    }

    var snapshot: (lines: [(line: String, at: UInt64)], ended: Bool) { lock.withLock { (lines, ended) } }

    /// Waits until `condition` holds for what was read, or `seconds` pass.
    func wait(seconds: Double = 60, until condition: ([(line: String, at: UInt64)], Bool) -> Bool) -> Bool {
      let deadline = Date().addingTimeInterval(seconds)
      while Date() < deadline {
        let (lines, ended) = snapshot
        if condition(lines, ended) { return true }
        usleep(1000)
      }
      return false
    }
  }

  /// The taps a flood pipelines: 5,000 fit in one read of the server (60 KB), which the server
  /// used to handle to its end before anything else; a debug daemon takes about a second over
  /// them, far more than a loaded machine's scheduling delays.
  static let floodTaps = 5000

  /// A flood of taps in the gallery, pipelined from another thread while the replies are read;
  /// returns its connection's recorder once the first tap's reply came (so the server is inside
  /// the batch).
  private static func startFlood(on daemon: Daemon, taps: Int = floodTaps) throws -> Recorder {
    let flood = try WireConnection(port: daemon.port)
    _ = try flood.readLine(timeout: 10)  // the greeting
    try flood.send(bytes: Array("open gallery\n".utf8))
    while let line = try flood.readLine(timeout: 10), !line.hasPrefix("ok open") {}
    let recorder = Recorder(flood)
    recorder.send(Array(String(repeating: "tap @switch\n", count: taps).utf8))
    #expect(recorder.wait { lines, _ in lines.contains { $0.line.hasPrefix("ok tap") } })
    return recorder
  }

  @Test func aNewcomerIsGreetedBeforeAFloodsLastReply() throws {
    // An output limit the flood never reaches, so the server never pauses it for a stall (which
    // would let others in between whatever the turns).
    let daemon = try Daemon(["--output-limit", "\(64 << 20)"])
    defer { daemon.stop() }
    let flood = try Self.startFlood(on: daemon)
    let newcomer = try WireConnection(port: daemon.port)
    let greeting = try #require(try newcomer.readLine(timeout: 30))
    let greetedAt = DispatchTime.now().uptimeNanoseconds
    #expect(greeting.hasPrefix("hello "))
    // The newcomer's commands are served between the flood's turns too.
    try newcomer.send(bytes: Array("ping\n".utf8))
    #expect(try newcomer.readLine(timeout: 30) == "ok ping")
    let pingedAt = DispatchTime.now().uptimeNanoseconds
    #expect(flood.wait { lines, _ in lines.filter { $0.line.hasPrefix("ok tap") }.count == Self.floodTaps })
    let lastReply = try #require(flood.snapshot.lines.last { $0.line.hasPrefix("ok tap") })
    #expect(greetedAt < lastReply.at, "the greeting waited for the whole batch")
    #expect(pingedAt < lastReply.at, "the ping waited for the whole batch")
  }

  @Test func sigtermEndsABatchBetweenTwoReplies() throws {
    let daemon = try Daemon()
    let flood = try Self.startFlood(on: daemon, taps: 4 * Self.floodTaps)
    kill(daemon.process.processIdentifier, SIGTERM)
    #expect(flood.wait { _, ended in ended })
    let lines = flood.snapshot.lines.map(\.line)
    let taps = lines.filter { $0.hasPrefix("ok tap") }.count
    #expect(taps < 4 * Self.floodTaps, "the whole batch was handled before the shutdown")
    #expect(lines.last == "bye \"server shutting down\"")
    // After a complete reply (or a frame an animation sent between two), never inside a frame.
    let beforeBye = lines.dropLast().last ?? ""
    #expect(
      beforeBye.hasPrefix("ok tap") || beforeBye.hasPrefix("frame ") && beforeBye.contains(" end "),
      "bye after \(beforeBye)")
    #expect(daemon.waitForExit() == 0)
  }
}
