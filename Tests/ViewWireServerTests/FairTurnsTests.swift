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

  /// An observer of the flood's session with a thread of its own: it reads up to the end of a
  /// frame of the flood, sends `ping` while that turn runs, and counts the flood's frames between
  /// that one and the reply.
  final class Probe: @unchecked Sendable {
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    /// The frames counted before the reply; nil until the reply came (or when it never did).
    private var frames: Int?
    /// Read only by the probe's thread once it started.
    private let connection: WireConnection

    /// Joins the session `token` shares, so the probe's next frames are the flood's.
    init(port: Int, token: Substring) throws {
      connection = try WireConnection(port: port)
      _ = try connection.readLine(timeout: 10)  // the greeting
      try connection.send(bytes: Array("join \(token)\n".utf8))
      while let line = try connection.readLine(timeout: 10), !line.hasPrefix("ok join") {}
    }

    func start() {
      Thread { [self] in
        defer { done.signal() }
        // Up to the end of a frame of the flood, then the probe's command while its turn runs.
        while let line = try? connection.readLine(timeout: 60),
          !(line.hasPrefix("frame ") && line.contains(" end "))
        {}
        guard (try? connection.send(bytes: Array("ping\n".utf8))) != nil else { return }
        var count = 0
        while let line = try? connection.readLine(timeout: 60) {
          if line == "ok ping" {
            lock.withLock { frames = count }
            return
          }
          if line.hasPrefix("frame "), line.contains(" end ") { count += 1 }
        }
      }.start()
    }

    /// The flood's frames between the probe's command and its reply, once the reply came.
    var framesAfter: Int? {
      _ = done.wait(timeout: .now() + 120)
      return lock.withLock { frames }
    }
  }

  /// Clients that send a command while another floods are all answered before the flood's next
  /// turn. Counted, not timed: each probe observes the flood's session, so the frames of the
  /// flood's taps (one each, written to it as they are made) come to it in the order the server
  /// ran them. A frame read means a turn of the flood is under way (64 taps of the stacks app, a
  /// relayout each, with no time slice: a second in a debug daemon, far longer than a probe
  /// takes to answer; the gallery's taps left too little room on a loaded machine); a probe's
  /// command sent then arrives while the turn runs, and the frames between that one and the
  /// reply are what was left of the turn: fewer than 64, not the next turn's as well. The five
  /// probes send theirs in the same turn, each on its own thread, so every one of them must be
  /// served before the flood's next turn, and the test waits for one or two turns of the flood,
  /// not five in a row (a turn takes seconds under ThreadSanitizer).
  @Test func aCommandIsServedBeforeAFloodsNextTurn() throws {
    let daemon = try Daemon(["--loops", "1", "--turn-slice", "0", "--output-limit", "\(64 << 20)"])
    defer { daemon.stop() }
    let owner = try WireConnection(port: daemon.port)
    _ = try owner.readLine(timeout: 10)  // the greeting
    try owner.send(bytes: Array("open stacks\nshare observe\n".utf8))
    var shared: Substring?
    while shared == nil, let line = try owner.readLine(timeout: 10) {
      if line.hasPrefix("ok share ") {
        shared = line.split(separator: " ").first { $0.hasPrefix("token=") }?.dropFirst("token=".count)
      }
    }
    let token = try #require(shared)
    let probes = try (0..<5).map { _ in try Probe(port: daemon.port, token: token) }
    let taps = 64 * 20
    let flood = Recorder(owner)
    for probe in probes { probe.start() }
    flood.send(Array(String(repeating: "tap @toggle\n", count: taps).utf8))
    /// Per probe: the flood's frames between the one that sent its command and its reply.
    let framesAfter = probes.map(\.framesAfter)
    let floodRan = flood.snapshot.lines.filter { $0.line.hasPrefix("ok tap") }.count
    #expect(floodRan < taps, "the flood ended before the probes' commands")
    // One may miss its turn where the machine's load kept the probe from sending in time.
    #expect(
      framesAfter.filter { ($0 ?? .max) < 64 }.count >= 4,
      "a probe waited for a further turn: \(framesAfter.map { $0.map(String.init) ?? "no reply" })")
  }
}
