import Foundation
import Testing
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

  @Test func aClientThatNeverReadsDoesNotStallOthers() throws {
    let daemon = try Daemon(["--output-limit", "65536"])
    defer { daemon.stop() }
    let slow = try WireConnection(port: daemon.port)
    try slow.send(line: "open login")
    let flood = Array(String(repeating: "snapshot\n", count: 20_000).utf8)
    // The daemon stops reading a client whose output piles up, so this send may block: do it on
    // a thread and never read the replies.
    let box = ConnectionBox(slow)
    Thread { try? box.connection.send(bytes: flood) }.start()
    let other = try daemon.session()
    for _ in 0..<20 { try other.run("ping") }
    try other.run("open square")
    try other.run("drag 195 422 195 100")
    box.connection.close()
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
    #expect(line?.hasPrefix("error server too-many-connections ") == true)
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

  @Test func aClientThatLeavesInTheMiddleOfAFrameHarmsNoOne() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    let bystander = try daemon.session()
    try bystander.run("open square")
    for _ in 0..<20 {
      // Asks for full frames and leaves (with a reset) before reading them.
      let leaver = try WireConnection(port: daemon.port, receiveBufferBytes: 4096)
      try leaver.send(bytes: Array("open login\nresync\nresync\nresync\n".utf8))
      _ = try leaver.readLine(timeout: 10)
      leaver.close()
    }
    try bystander.run("drag 195 422 195 100")
    #expect(bystander.view("square")?.properties["bg"] == "#00ff00ff")
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
