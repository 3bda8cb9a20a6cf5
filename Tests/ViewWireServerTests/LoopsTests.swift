import Foundation
import Testing
import ViewWireApps
import ViewWireClient
import ViewWireProtocol
import ViewWireServer
import ViewWireTesting

/// PROTOCOL.md section 17, "Event loops" (issue 14): several loops serve one daemon's
/// connections; ids, limits and resume tokens stay daemon-wide, and the wire does not change.
@Suite struct LoopsTests {
  static func server(loops: Int, _ change: (inout ServerConfiguration) -> Void = { _ in }) throws
    -> TestServer
  {
    var configuration = ServerConfiguration()
    configuration.loops = loops
    change(&configuration)
    return try TestServer(apps: DemoApps.all, configuration: configuration)
  }

  /// Waits up to 10 s for `condition`, polling; returns whether it held.
  static func eventually(_ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      if condition() { return true }
      usleep(5_000)
    }
    return condition()
  }

  @Test func manySessionsOnSeveralLoopsEachKeepAnExactMirrorAndAUniqueID() throws {
    let server = try Self.server(loops: 3)
    defer { server.stop() }
    let count = 12
    let ids = IDs()
    let failures = IDs()
    // Each client on a thread of its own, all at once, so the loops really run side by side.
    DispatchQueue.concurrentPerform(iterations: count) { index in
      do {
        let session = try server.session()
        defer { session.close() }
        ids.add(session.sessionID)
        try session.open(index % 2 == 0 ? "rows" : "login")
        if index % 2 == 1 { try session.tap("@username") }
        for _ in 0..<15 {
          if index % 2 == 0 { try session.tap("@add") } else { try session.type("x") }
        }
        let tree = try session.tree()
        if tree != session.snapshot() || session.resyncCount != 0 { failures.add(index) }
      } catch {
        failures.add(1000 + index)
      }
    }
    #expect(failures.all.isEmpty, "sessions whose mirror disagreed or failed: \(failures.all)")
    #expect(ids.all.count == count && Set(ids.all).count == count, "session ids are unique daemon-wide")
  }

  @Test func connectionsSpreadOverTheLoops() throws {
    let server = try Self.server(loops: 2)
    defer { server.stop() }
    let sessions = try (0..<6).map { _ in try server.session() }
    defer { for session in sessions { session.close() } }
    #expect(Self.eventually { server.connectionsPerLoop == [3, 3] }, "\(server.connectionsPerLoop)")
    for session in sessions { #expect(try session.run("ping").isOK) }
  }

  /// A joiner whose connection landed on another loop than the shared session's moves there
  /// (PROTOCOL.md section 18): its `join` is answered from the session's loop, its mirror stays
  /// exact through the owner's and its own input, and a join refused there is still answered.
  @Test func aJoinerOnAnotherLoopMovesToTheSessionsLoop() throws {
    let server = try Self.server(loops: 2) { $0.maximumJoiners = 1 }
    defer { server.stop() }
    let owner = try server.session()
    defer { owner.close() }
    #expect(Self.eventually { server.connectionsPerLoop == [1, 0] })
    try owner.open("login")
    let token = try owner.share(.driver)
    // The least busy loop takes the next connection: loop 1, away from the session.
    let driver = try server.session()
    defer { driver.close() }
    #expect(Self.eventually { server.connectionsPerLoop == [1, 1] })
    let joined = try driver.join(token: token)
    #expect(joined.sessionID == owner.sessionID)
    #expect(Self.eventually { server.connectionsPerLoop == [2, 0] }, "the joiner moved to loop 0")
    try driver.tap("@username")
    for character in "alice" { try driver.type(String(character)) }
    try owner.tap("@password")
    try owner.type("secret")
    try SharedSessionTests.expectSameScreen(driver, as: owner)
    #expect(owner.text(of: "username") == "alice")
    // A second joiner, moved the same way, passes the limit: refused where the session runs.
    let second = try server.session()
    defer { second.close() }
    #expect(Self.eventually { server.connectionsPerLoop == [2, 1] })
    #expect(throws: (any Error).self) { try second.join(token: token) }
    #expect(try second.run("ping").isOK, "the refused connection goes on")
  }

  /// Lines sent after `join` in the same write move with the connection to the session's loop,
  /// in order: the common forms among them arrive parsed by the framer, the others as text.
  @Test func linesPipelinedAfterAJoinMoveWithIt() throws {
    let server = try Self.server(loops: 2)
    defer { server.stop() }
    let owner = try server.session()
    defer { owner.close() }
    #expect(Self.eventually { server.connectionsPerLoop == [1, 0] })
    try owner.open("login")
    let token = try owner.share(.driver)
    let joiner = try WireConnection(port: server.port)
    defer { joiner.close() }
    _ = try joiner.readLine(timeout: 10)
    #expect(Self.eventually { server.connectionsPerLoop == [1, 1] })
    try joiner.send(bytes: Array("join \(token)\ntap @username\nping\nPING\n".utf8))
    let joined = try ResumeTests.reply(joiner).last ?? ""
    #expect(joined.hasPrefix("ok join "), "\(joined)")
    let tapped = try ResumeTests.reply(joiner).last ?? ""
    #expect(tapped.hasPrefix("ok tap view="), "\(tapped)")
    #expect(try ResumeTests.reply(joiner) == ["ok ping"])
    #expect(try ResumeTests.reply(joiner) == ["ok ping"])
    #expect(Self.eventually { server.connectionsPerLoop == [2, 0] }, "\(server.connectionsPerLoop)")
  }

  /// A resumable session on loop 0 and a connection on loop 1 that resumes it.
  static func sessionOnLoop0AndConnectionOnLoop1(
    _ server: TestServer
  ) throws -> (token: String, keeper: ViewWireSession, resuming: WireConnection) {
    let first = try WireConnection(port: server.port)
    _ = try first.readLine(timeout: 10)
    try first.send(line: "resume-token")
    let answer = try ResumeTests.reply(first).last ?? ""
    let token = String(
      try #require(answer.split(separator: " ").first { $0.hasPrefix("token=") }).dropFirst(6))
    for line in ["open login", "tap @username", "text \"alice\""] {
      try first.send(line: line)
      _ = try ResumeTests.reply(first)
    }
    first.close()
    #expect(eventually { server.connectionsPerLoop == [0, 0] }, "the session is detached")
    // The least busy loop takes each new connection: the keeper goes to loop 0, the next to 1.
    let keeper = try server.session()
    #expect(eventually { server.connectionsPerLoop == [1, 0] })
    let resuming = try WireConnection(port: server.port)
    _ = try resuming.readLine(timeout: 10)
    #expect(eventually { server.connectionsPerLoop == [1, 1] })
    return (token, keeper, resuming)
  }

  @Test func aResumeOnAnotherLoopMovesTheConnectionToTheSession() throws {
    let server = try Self.server(loops: 2)
    defer { server.stop() }
    let (token, keeper, connection) = try Self.sessionOnLoop0AndConnectionOnLoop1(server)
    defer {
      keeper.close()
      connection.close()
    }
    // Lines sent after `resume` in the same write travel with the connection, in order.
    try connection.send(bytes: Array("resume \(token) frame=0\ntext \"!\"\nping\n".utf8))
    var mirror = Mirror()
    let resumed = try ResumeTests.reply(connection)
    for line in resumed { try mirror.consume(ServerLine.parse(line)) }
    #expect(resumed.last?.hasPrefix("ok resume session=1 ") == true, "\(resumed.last ?? "")")
    let typed = try ResumeTests.reply(connection)
    for line in typed { try mirror.consume(ServerLine.parse(line)) }
    #expect(typed.last == "ok text")
    #expect(try ResumeTests.reply(connection) == ["ok ping"])
    #expect(Self.eventually { server.connectionsPerLoop == [2, 0] }, "\(server.connectionsPerLoop)")
    try connection.send(line: "tree")
    let tree = try ResumeTests.reply(connection).filter { $0.hasPrefix("tree ") }.map {
      String($0.dropFirst(5))
    }
    #expect(tree == mirror.treeLines, "the mirror rebuilt from the resume is the server's tree")
    #expect(tree.contains { $0.contains("alice!") })
  }

  @Test func aResumeTheOtherLoopRefusesIsAnsweredAndTheConnectionKeepsItsSession() throws {
    let server = try Self.server(loops: 2)
    defer { server.stop() }
    let (token, keeper, connection) = try Self.sessionOnLoop0AndConnectionOnLoop1(server)
    defer {
      keeper.close()
      connection.close()
    }
    try connection.send(bytes: Array("resume \(token) frame=999\nhello\n".utf8))
    let refused = try ResumeTests.reply(connection)
    #expect(
      refused.last?.hasPrefix("error client bad-argument \"frame 999 was never sent") == true, "\(refused)")
    // Its own session (the greeting's id, 3) goes on, back on its own loop.
    #expect(try ResumeTests.reply(connection).last == "ok hello protocol=2 session=3")
    #expect(Self.eventually { server.connectionsPerLoop == [1, 1] }, "\(server.connectionsPerLoop)")
  }

  @Test func aWebSocketResumesASessionOnAnotherLoop() throws {
    let daemon = try Daemon(["--loops", "2", "--web-port", "0", "--log-level", "notice"])
    defer { daemon.stop() }
    let webPort = try #require(daemon.webPort)
    let (first, token) = try ResumeTests.resumable(daemon)
    for line in ["open login", "tap @username", "text \"bob\""] {
      try first.send(line: line)
      _ = try ResumeTests.reply(first)
    }
    first.close()
    _ = daemon.logLines { $0.contains { $0.contains("session detached") } }
    // Loop 0 gets the keeper, the least busy loop 1 the WebSocket.
    let keeper = try WireConnection(port: daemon.port)
    defer { keeper.close() }
    _ = try keeper.readLine(timeout: 10)
    try keeper.send(line: "ping")
    #expect(try keeper.readLine(timeout: 10) == "ok ping")
    let web = try WebSocketWireConnection(port: webPort, origin: "http://127.0.0.1:\(webPort)")
    defer { web.close() }
    #expect(try web.readLine(timeout: 10)?.hasPrefix("hello viewwire") == true)
    // One message: the lines after `resume` travel with the connection.
    try web.send(line: "resume \(token) frame=0\ntext \"!\"\ntree")
    var mirror = Mirror()
    var lines: [String] = []
    while let line = try web.readLine(timeout: 10) {
      lines.append(line)
      if line.hasPrefix("ok tree") || line.hasPrefix("error") { break }
    }
    let tree = lines.filter { $0.hasPrefix("tree ") }.map { String($0.dropFirst(5)) }
    for line in lines where !line.hasPrefix("tree ") { try mirror.consume(ServerLine.parse(line)) }
    #expect(lines.contains { $0.hasPrefix("ok resume session=1 ") }, "\(lines)")
    #expect(lines.contains("ok text"))
    #expect(tree == mirror.treeLines)
    #expect(tree.contains { $0.contains("bob!") })
  }

  @Test func limitsHoldForTheDaemonNotPerLoop() throws {
    let server = try Self.server(loops: 2) {
      $0.maximumConnections = 10
      $0.maximumConnectionsPerAddress = 3
    }
    defer { server.stop() }
    let held = try (0..<3).map { _ in try server.session() }
    defer { for session in held { session.close() } }
    #expect(Self.eventually { server.connectionsPerLoop.reduce(0, +) == 3 })
    let fourth = try WireConnection(port: server.port)
    defer { fourth.close() }
    #expect(try fourth.readLine(timeout: 10)?.hasPrefix("error server too-many-connections") == true)
    #expect(try fourth.readLine(timeout: 10) == "bye \"too many connections from your address\"")
  }

  @Test func theConnectionLimitCountsEveryLoop() throws {
    let server = try Self.server(loops: 2) { $0.maximumConnections = 3 }
    defer { server.stop() }
    let held = try (0..<3).map { _ in try server.session() }
    defer { for session in held { session.close() } }
    let fourth = try WireConnection(port: server.port)
    defer { fourth.close() }
    #expect(try fourth.readLine(timeout: 10)?.hasPrefix("error server too-many-connections") == true)
    held[0].close()
    #expect(Self.eventually { server.connectionsPerLoop.reduce(0, +) == 2 })
    let next = try server.session()
    defer { next.close() }
    #expect(try next.run("ping").isOK)
  }

  @Test func sigtermStopsEveryLoop() throws {
    let daemon = try Daemon(["--loops", "3"])
    let connections = try (0..<6).map { _ in try WireConnection(port: daemon.port) }
    for connection in connections {
      #expect(try connection.readLine(timeout: 10)?.hasPrefix("hello viewwire") == true)
    }
    kill(daemon.process.processIdentifier, SIGTERM)
    for connection in connections {
      #expect(try connection.readLine(timeout: 10) == "bye \"server shutting down\"")
      #expect(try connection.readLine(timeout: 10) == nil)
    }
    #expect(daemon.waitForExit() == 0)
  }
}

/// Numbers collected from several threads.
private final class IDs: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Int] = []
  func add(_ value: Int) { lock.withLock { values.append(value) } }
  var all: [Int] { lock.withLock { values } }
}
