import Foundation
import Testing
import ViewWireApps
import ViewWireClient
import ViewWireProtocol

/// Hostile, broken and numerous clients: each gets errors or is closed, and nobody else notices.
@Suite struct RobustnessTests {
  @Test func binaryGarbageGetsErrorsAndTheSessionGoesOn() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    let bystander = try daemon.session()
    try bystander.run("open square")
    let session = try daemon.session()
    var generator = SplitMix(seed: 7)
    for _ in 0..<50 {
      var bytes = (0..<Int(generator.next() % 300)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      bytes.append(UInt8(ascii: "\n"))
      try session.connection.send(bytes: bytes)
    }
    try session.connection.send(bytes: Array(repeating: 0x41, count: 100_000))
    try session.connection.send(line: "")
    // Every reply to the garbage is an error line or a blank-line silence; then ping works.
    try session.connection.send(line: "ping")
    while true {
      let line = try #require(try session.connection.readLine(timeout: 10))
      if line == "ok ping" { break }
      let parsed = ServerLine.parse(line)
      guard case .error = parsed else {
        Issue.record("unexpected reply to garbage: \(line)")
        break
      }
    }
    try bystander.run("drag 195 422 195 100")
    #expect(bystander.view("square")?.properties["bg"] == "#00ff00ff")
  }

  @Test func manyClientsAtOnceEachKeepTheirOwnSession() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    let failures = LockedList()
    let group = DispatchGroup()
    let port = daemon.port
    for index in 0..<24 {
      group.enter()
      Thread {
        defer { group.leave() }
        do {
          let session = try ViewWireSession(port: port)
          try session.run("open login")
          try session.run("tap @username")
          try session.run("text \"user\(index)\"")
          try session.run("tap @password")
          try session.run("text \"pw\"")
          try session.run("tap @login")
          if session.text(of: "result") != "Welcome, user\(index)!" { failures.append("client \(index)") }
          try session.run("quit")
        } catch {
          failures.append("client \(index): \(error)")
        }
      }.start()
    }
    #expect(group.wait(timeout: .now() + 60) == .success)
    #expect(failures.items.isEmpty)
  }

  /// While a client that never reads sits stalled, another client's round trips all come back
  /// within a generous deadline (a guard against being held up, not a measurement).
  @Test func aClientThatNeverReadsDoesNotStallOthers() throws {
    let server = try InProcessServer(apps: DemoApps.all)
    let slow = try WireConnection(port: server.port, receiveBufferBytes: 4096)
    // 2000 full frames of the gallery, megabytes the kernel's buffers cannot hold; never read.
    try slow.send(bytes: Array(("open gallery\n" + String(repeating: "snapshot\n", count: 2000)).utf8))
    let stalled = server.waitForStatistics { $0.contains { $0.isStalled } }
    let slowSession = try #require(stalled?.first { $0.isStalled }?.sessionID, "the slow client stalled")
    let other = try ViewWireSession(port: server.port, timeout: 5)
    let deadline = Date().addingTimeInterval(60)
    for _ in 0..<200 { try other.run("ping") }  // each reply within 5 s, or the test fails
    try other.run("open square")
    try other.run("drag 195 422 195 100")
    #expect(Date() < deadline, "every round trip came back while the slow client sat stalled")
    #expect(other.view("square")?.properties["bg"] == "#00ff00ff")
    let after = server.statistics().first { $0.sessionID == slowSession }
    #expect(after?.isStalled == true, "the slow client was stalled throughout")
    slow.close()
  }

  @Test func aClientVanishingMidLineOrMidDragHarmsNoOne() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    for _ in 0..<10 {
      let leaver = try daemon.session()
      try leaver.run("open square")
      try leaver.run("down 195 422")
      try leaver.connection.send(bytes: Array("move 10".utf8))
      leaver.close()
    }
    let session = try daemon.session()
    try session.run("open square")
    try session.run("ping")
  }

  @Test func connectionsBeyondTheLimitAreToldWhyAndClosed() throws {
    let daemon = try Daemon(["--max-connections", "2"])
    defer { daemon.stop() }
    let first = try daemon.session()
    let second = try daemon.session()
    let third = try WireConnection(port: daemon.port)
    let line = try third.readLine(timeout: 10)
    #expect(line == #"error server too-many-connections "this server serves at most 2 clients""#)
    #expect(try third.readLine(timeout: 10) == #"bye "too many connections""#)
    #expect(try third.readLine(timeout: 10) == nil)
    try first.run("ping")
    try second.run("ping")
  }

  @Test(arguments: [SIGTERM, SIGINT])
  func aSignalShutsDownGracefully(_ signal: Int32) throws {
    let daemon = try Daemon()
    let session = try daemon.session()
    try session.run("open login")
    kill(daemon.process.processIdentifier, signal)
    let line = try session.connection.readLine(timeout: 10)
    #expect(line == "bye \"server shutting down\"")
    #expect(try session.connection.readLine(timeout: 10) == nil)
    #expect(daemon.waitForExit() == 0)
  }

  @Test func aResyncStormAndBogusAcksDisturbNobody() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    let bystander = try daemon.session()
    try bystander.run("open square")
    let session = try daemon.session()
    try session.run("open login")
    // 500 resyncs pipelined: each answers with a full frame, and the mirror stays exact.
    try session.connection.send(bytes: Array(String(repeating: "resync\n", count: 500).utf8))
    for _ in 0..<500 { #expect(try session.readReply().isOK) }
    // Acknowledging frames never sent is a client error; the session goes on.
    for (bogus, code) in [("ack 999999", "bad-ack"), ("ack 0", "bad-ack"), ("ack -1", "bad-argument")] {
      #expect(try session.send(bogus).errorCode == code, "\(bogus)")
    }
    #expect(try session.send("ack \(session.mirror.sequence)").isOK)
    try bystander.run("drag 195 422 195 100")
    #expect(bystander.view("square")?.properties["bg"] == "#00ff00ff")
  }

  /// Clients that leave with a reset while a large frame is still being written to them (a
  /// tiny receive buffer, thousands of full snapshots of the gallery asked for, none read) harm
  /// no one: each one's session goes, and the bystander's works on. The test waits until the
  /// server holds unsent output for the leaver, so the reset comes in the middle of a frame.
  @Test func aClientThatLeavesInTheMiddleOfAFrameHarmsNoOne() throws {
    let server = try InProcessServer(apps: DemoApps.all)
    let bystander = try ViewWireSession(port: server.port)
    try bystander.run("open square")
    var from = "195 422"
    for round in 0..<5 {
      let leaver = try WireConnection(port: server.port, receiveBufferBytes: 4096)
      let greeting = try #require(try leaver.readLine(timeout: 10))
      guard case .greeting(_, let session, _) = ServerLine.parse(greeting) else {
        Issue.record("no greeting: \(greeting)")
        return
      }
      try leaver.send(bytes: Array(("open gallery\n" + String(repeating: "snapshot\n", count: 2000)).utf8))
      let writing = server.waitForStatistics {
        $0.contains { $0.sessionID == session && $0.isStalled && $0.unsentBytes > 0 }
      }
      #expect(writing != nil, "round \(round): the server was in the middle of writing to the leaver")
      leaver.close()  // with unread input in its buffer: a reset
      let gone = server.waitForStatistics { !$0.contains { $0.sessionID == session } }
      #expect(gone != nil, "round \(round): the leaver's session ended")
      let to = round % 2 == 0 ? "195 100" : "195 600"
      try bystander.run("drag \(from) \(to)")
      #expect(bystander.view("square")?.properties["bg"] == (round % 2 == 0 ? "#00ff00ff" : "#ff0000ff"))
      from = to
    }
  }

  /// A burst of 1,000 connections opened and closed (after reading the greeting, after sending
  /// a command whose frame they never read, or at once) while another session keeps working:
  /// each is served and forgotten, the other session notices nothing, and afterwards the daemon
  /// holds none of them (as many new clients as its limit allows are all greeted).
  @Test func aBurstOfAThousandConnectionsHarmsNoOne() throws {
    let limit = 32
    let daemon = try Daemon(["--max-connections", String(limit)])
    defer { daemon.stop() }
    let bystander = try daemon.session()
    try bystander.run("open square")
    let port = daemon.port
    let failures = LockedList()
    let finished = DispatchSemaphore(value: 0)
    Thread {
      defer { finished.signal() }
      for index in 0..<1000 {
        do {
          let connection = try WireConnection(port: port)
          switch index % 3 {
          case 0:
            // A greeting, or a refusal when the daemon has not yet seen earlier ones leave.
            let line = try connection.readLine(timeout: 10) ?? "end of stream"
            if !line.hasPrefix("hello viewwire ") && !line.hasPrefix("error server too-many-connections ") {
              failures.append("connection \(index): \(line)")
            }
          case 1:
            try connection.send(line: "open login")
          default:
            break
          }
          connection.close()
        } catch {
          failures.append("connection \(index): \(error)")
        }
      }
    }.start()
    // The bystander drags its square back and forth for as long as the burst lasts.
    var drags = 0
    repeat {
      let (from, to) = drags % 2 == 0 ? ("195 422", "195 100") : ("195 100", "195 422")
      try bystander.run("drag \(from) \(to)")
      #expect(bystander.view("square")?.properties["bg"] == (drags % 2 == 0 ? "#00ff00ff" : "#ff0000ff"))
      drags += 1
    } while finished.wait(timeout: .now()) == .timedOut
    #expect(failures.items.isEmpty, "\(failures.items.prefix(5))")
    // Every burst connection is forgotten: limit - 1 new clients beside the bystander are all
    // greeted (waiting, with a deadline, for the daemon to see the last ones go).
    let deadline = Date().addingTimeInterval(20)
    var greeted = 0
    while Date() < deadline {
      let clients = try (1..<limit).map { _ in try WireConnection(port: port) }
      greeted = try clients.filter { try $0.readLine(timeout: 10)?.hasPrefix("hello viewwire ") == true }
        .count
      for client in clients { client.close() }
      if greeted == limit - 1 { break }
      usleep(50_000)
    }
    #expect(greeted == limit - 1, "the daemon still held some of the burst's connections")
    try bystander.run("ping")
  }

  @Test func quitClosesAfterTheReply() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    let session = try daemon.session()
    try session.connection.send(bytes: Array("quit\nping\n".utf8))
    #expect(try session.connection.readLine(timeout: 10) == "ok quit")
    #expect(try session.connection.readLine(timeout: 10) == nil)
  }
}

/// A deterministic generator for reproducible garbage.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

final class LockedList: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [String] = []
  func append(_ item: String) { lock.withLock { storage.append(item) } }
  var items: [String] { lock.withLock { storage } }
}

final class ConnectionBox: @unchecked Sendable {
  let connection: WireConnection
  init(_ connection: WireConnection) { self.connection = connection }
}
