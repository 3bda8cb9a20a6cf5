import Foundation
import Testing
import ViewWireApps
import ViewWireClient
import ViewWireProtocol
import ViewWireServer

/// PROTOCOL.md section 18: a session watched by observers and driven by more than one client
/// (issue 13, item 4). Every case runs over real TCP; mirrors are compared by hash and by tree,
/// and every wait is for a state, with a deadline.
@Suite struct SharedSessionTests {
  /// The owner of a new session on `port`, and a second client joined to it as `role`.
  static func sharedPair(
    port: Int, role: ViewWireSession.ShareRole
  ) throws -> (owner: ViewWireSession, joiner: ViewWireSession, token: String) {
    let owner = try ViewWireSession(port: port)
    let token = try owner.share(role)
    let joiner = try ViewWireSession(port: port)
    let joined = try joiner.join(token: token)
    #expect(joined.sessionID == owner.sessionID && joined.role == role)
    return (owner, joiner, token)
  }

  /// Waits until `client`'s mirror holds `owner`'s last frame, then checks the two mirrors hold
  /// one tree, view for view, with one hash, and that it is the server's own tree.
  static func expectSameScreen(
    _ client: ViewWireSession, as owner: ViewWireSession, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let last = owner.mirror.sequence
    try client.waitForMirror(timeout: 30, "frame \(last)") { $0.sequence >= last }
    #expect(client.mirror.sequence == last, sourceLocation: sourceLocation)
    #expect(client.mirror.hash == owner.mirror.hash, sourceLocation: sourceLocation)
    #expect(client.mirror.treeLines == owner.mirror.treeLines, sourceLocation: sourceLocation)
    #expect(try owner.tree() == owner.mirror.treeLines, sourceLocation: sourceLocation)
    #expect(client.resyncCount == 0 && owner.resyncCount == 0, sourceLocation: sourceLocation)
  }

  /// Reads what `client` is sent until the server closes (or 20 s pass), so its `bye` is read.
  static func readToTheEnd(_ client: ViewWireSession) {
    try? client.waitForMirror(timeout: 20, "the end of the stream") { _ in false }
  }

  @Test func anObserversMirrorStaysExactThroughManyOfTheOwnersInputs() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    let (owner, observer, _) = try Self.sharedPair(port: daemon.port, role: .observer)
    try owner.open("login")
    try owner.tap("@username")
    for character in "alice in wonderland" { try owner.type(String(character)) }
    try owner.key(.backspace)
    try owner.tap("@password")
    try owner.type("secret")
    try owner.tap("@login")
    try Self.expectSameScreen(observer, as: owner)
    try owner.open("rows")
    for _ in 0..<25 { try owner.tap("@add") }
    try owner.drag(from: (195, 600), to: (195, 200), steps: 8)
    try owner.open("navigation")
    try owner.tap(x: 100, y: 70)
    try owner.run("back")
    try owner.run("resize 320 480")
    try Self.expectSameScreen(observer, as: owner)
    // A driver joins and drives: the observer follows its input as it follows the owner's.
    let driver = try ViewWireSession(port: daemon.port)
    try driver.join(token: try owner.share(.driver))
    try driver.open("rows")
    for _ in 0..<25 { try driver.tap("@add") }
    try driver.drag(from: (160, 400), to: (160, 100), steps: 6)
    try driver.open("login")
    try driver.tap("@username")
    for character in "driven" { try driver.type(String(character)) }
    try Self.expectSameScreen(observer, as: driver)
    try Self.expectSameScreen(owner, as: driver)
    #expect(observer.text(of: "username") == "driven")
    // The observer's frames are everyone's, number for number.
    #expect(observer.mirror.sequence == driver.mirror.sequence)
  }

  @Test func anObserversInputIsRefusedAndChangesNothing() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    let (owner, observer, _) = try Self.sharedPair(port: daemon.port, role: .observer)
    try owner.open("login")
    try Self.expectSameScreen(observer, as: owner)
    let before = try owner.tree()
    let frameBefore = owner.mirror.sequence
    let refused: [(String, String)] = [
      ("tap @username", "read-only"), ("down 10 10", "read-only"), ("move 10 10", "read-only"),
      ("up 10 10", "read-only"), ("drag 1 1 5 5", "read-only"), ("text \"x\"", "read-only"),
      ("key return", "read-only"), ("open square", "read-only"), ("close", "read-only"),
      ("back", "read-only"), ("memory-warning", "read-only"), ("trace on", "read-only"),
      ("clock manual", "read-only"), ("clock advance 1", "read-only"), ("resize 100 100", "owner-only"),
      ("hello size=100x100", "owner-only"), ("hello locale=fr", "owner-only"),
      ("hello version=1", "owner-only"),
      ("share observe", "owner-only"), ("share revoke", "owner-only"), ("resume-token", "owner-only"),
      ("join vw.00000000000000000000000000000000", "bad-argument"),
      ("resume vw.00000000000000000000000000000000", "bad-argument"),
    ]
    for (command, code) in refused {
      let reply = try observer.send(command)
      #expect(reply.errorCode == code, "\(command): \(reply.lines.last ?? "")")
      #expect(reply.frames.isEmpty, "\(command) sent no frame")
    }
    // What an observer may do.
    for command in [
      "ping", "help", "apps", "clock", "hello", "hello version=2", "ack 1", "snapshot", "resync",
    ] {
      #expect(try observer.send(command).isOK, "\(command)")
    }
    #expect(try observer.tree() == before)
    // Nothing reached the owner: no frame, the same tree.
    let ping = try owner.send("ping")
    #expect(ping.frames.isEmpty)
    #expect(owner.mirror.sequence == frameBefore)
    #expect(try owner.tree() == before)
    // The observer's snapshot repeated the last frame's number for it alone (section 18).
    #expect(observer.mirror.sequence == frameBefore)
  }

  @Test func aSecondDriversInputReachesTheOwnerAndTouchesTakeTurns() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    let (owner, driver, _) = try Self.sharedPair(port: daemon.port, role: .driver)
    try owner.open("login")
    try driver.tap("@username")
    try driver.type("bob")
    try owner.waitForView(withText: "bob")
    try owner.type("by")
    try driver.waitForView(withText: "bobby")
    try Self.expectSameScreen(driver, as: owner)

    // One finger per session, owned by the client that put it down.
    #expect(try owner.run("down 195 100").isOK)
    #expect(try driver.send("tap @password").errorCode == "touch-busy")
    #expect(try driver.send("down 10 10").errorCode == "touch-busy")
    #expect(try driver.send("drag 10 10 20 20").errorCode == "touch-busy")
    #expect(try driver.send("move 10 10").errorCode == "not-in-drag")
    #expect(try driver.send("up 10 10").errorCode == "not-in-drag")
    #expect(try owner.run("up 195 100").isOK)
    #expect(try driver.run("tap @password").isOK)

    // A driver may not change what belongs to the session's owner.
    #expect(try driver.send("resize 100 100").errorCode == "owner-only")
    #expect(try driver.send("share drive").errorCode == "owner-only")
    #expect(try driver.send("hello idiom=pad").errorCode == "owner-only")

    // A driver that leaves with its finger down leaves no finger behind.
    #expect(try driver.run("down 195 300").isOK)
    driver.close()
    let deadline = Date().addingTimeInterval(20)
    var reply = try owner.send("down 195 100")
    while reply.errorCode == "touch-busy", Date() < deadline {
      usleep(10_000)
      reply = try owner.send("down 195 100")
    }
    #expect(reply.isOK, "\(reply.lines.last ?? "")")
  }

  /// An observer that stops reading stalls like any client (section 4): the owner's commands
  /// keep getting their frames, what the server holds for the observer stays bounded, and when it
  /// reads again one full frame makes its mirror the owner's.
  @Test func aStalledObserverDelaysNoOneAndIsExactWhenItReadsAgain() throws {
    let server = try InProcessServer(apps: DemoApps.all)
    let owner = try ViewWireSession(port: server.port)
    try owner.open("gallery")
    let token = try owner.share(.observer)
    let observer = try WireConnection(port: server.port, receiveBufferBytes: 4096)
    _ = try observer.readLine(timeout: 10)
    try observer.send(line: "join \(token)")
    func observerStatistics() -> ConnectionStatistics? {
      server.statistics().first { $0.role == "observer" }
    }
    #expect(server.waitForStatistics { $0.contains { $0.role == "observer" } } != nil, "the observer joined")
    // The owner's full frames go to the observer too, which never reads: it stalls.
    var opened = 0
    while observerStatistics()?.isStalled != true, opened < 5000 {
      for _ in 0..<20 { try owner.open("gallery") }
      opened += 20
    }
    #expect(observerStatistics()?.isStalled == true, "stalled after \(opened) full frames")
    // While it is stalled, every command of the owner gets its frame in its reply.
    for index in 0..<30 {
      let reply = try owner.run(index.isMultiple(of: 2) ? "open gallery" : "open login")
      #expect(reply.frames.count == 1)
    }
    try owner.tap("@username")
    try owner.type("still here")
    let statistics = try #require(observerStatistics())
    #expect(statistics.isStalled)
    #expect(
      statistics.peakUnsentBytes <= StalledClientTests.outputBound, "held \(statistics.peakUnsentBytes) bytes"
    )
    let ownerStatistics = try #require(server.statistics().first { $0.role == "owner" })
    #expect(!ownerStatistics.isStalled)

    // Reading again: the stale frames, then one full frame numbered as the owner's last.
    var mirror = Mirror()
    var fullFrames: [Int] = []
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      while mirror.isInFrame || mirror.sequence < owner.mirror.sequence,
        let text = try observer.readLine(timeout: 10)
      {
        let line = ServerLine.parse(text)
        if case .frameBegin(let sequence, true) = line { fullFrames.append(sequence) }
        try mirror.consume(line)
      }
      _ = try owner.run("ping")  // reads a frame that the catch-up sent everyone, if any
      if mirror.sequence == owner.mirror.sequence { break }
    }
    #expect(mirror.sequence == owner.mirror.sequence)
    #expect(mirror.hash == owner.mirror.hash)
    #expect(mirror.treeLines == owner.mirror.treeLines)
    #expect(fullFrames.last == owner.mirror.sequence, "the catch-up is one full frame at the last number")
    #expect(owner.resyncCount == 0)
    // And it goes on with everyone's frames.
    try owner.type("!")
    while mirror.sequence < owner.mirror.sequence, let text = try observer.readLine(timeout: 10) {
      try mirror.consume(ServerLine.parse(text))
    }
    #expect(mirror.treeLines == owner.mirror.treeLines)
  }

  /// Trace lines a command causes go to the client that sent it; an observer's reading brings
  /// none to itself (section 18). On a manual clock, so no timed work traces meanwhile.
  @Test func traceLinesGoToTheClientWhoseCommandCausedThem() throws {
    let daemon = try Daemon(["--manual-clock"])
    defer { daemon.stop() }
    let (owner, driver, _) = try Self.sharedPair(port: daemon.port, role: .driver)
    let observer = try ViewWireSession(port: daemon.port)
    try observer.join(token: try owner.share(.observer))
    try owner.run("trace on")
    let opened = try driver.run("open login")
    #expect(opened.lines.contains("trace lifecycle LoginStackViewController viewDidLoad"))
    _ = try owner.run("ping")
    try Self.expectSameScreen(observer, as: owner)
    #expect(owner.asynchronousLines.isEmpty, "\(owner.asynchronousLines.prefix(3))")
    #expect(observer.asynchronousLines.isEmpty, "\(observer.asynchronousLines.prefix(3))")
    #expect(try observer.send("trace off").errorCode == "read-only")
  }

  @Test func numberedCommandsArePerConnection() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    let (owner, driver, _) = try Self.sharedPair(port: daemon.port, role: .driver)
    #expect(try owner.run("open square n=1").isOK)
    // A joiner's first number may be any: a client goes on counting from its own session's.
    #expect(try driver.run("ping n=7").isOK)
    #expect(try driver.run("ping n=7").isOK, "answered again, not applied twice")
    #expect(try driver.send("ping n=9").errorCode == "number-gap")
    #expect(try driver.run("ping n=8").isOK)
    #expect(try owner.run("ping n=2").isOK)
    #expect(try driver.send("join vw.00000000000000000000000000000000 n=2").errorCode == "bad-argument")
  }

  @Test func badTokensGetClearErrorsAndCountAsWrongTokens() throws {
    let daemon = try Daemon(["--daemon-name", "east"])
    defer { daemon.stop() }
    let owner = try ViewWireSession(port: daemon.port)
    let token = try owner.share(.observer)
    #expect(token.hasPrefix("east.") && token.count == "east.".count + 32)
    #expect(try owner.share(.observer) == token, "asking again names the same token")
    let driverToken = try owner.share(.driver)
    #expect(driverToken != token)
    let resumeToken = try #require(try owner.run("resume-token").field("token"))

    // Malformed, another daemon's, guessed, a resume token: each a clear error, each counted.
    let guesser = try ViewWireSession(port: daemon.port)
    let malformed = try guesser.send("join nonsense")
    #expect(malformed.errorCode == "bad-argument")
    #expect(malformed.lines.last?.contains("NAME.HEX") == true)
    let other = try guesser.send("join west.\(token.dropFirst("east.".count))")
    #expect(other.errorCode == "unknown-session")
    #expect(other.lines.last?.contains("'west'") == true)
    let third = try guesser.send("join \(resumeToken)")
    #expect(third.errorCode == "unknown-session", "a resume token joins nothing")
    Self.readToTheEnd(guesser)
    #expect(guesser.bye == "too many wrong tokens")

    // Revoked: the joiner is closed, and the token joins nothing any more.
    let observer = try ViewWireSession(port: daemon.port)
    try observer.join(token: token)
    let revoked = try owner.revokeSharing()
    #expect(revoked.tokens == 2 && revoked.joiners == 1)
    Self.readToTheEnd(observer)
    #expect(observer.bye == "sharing revoked by the session's owner")
    let late = try ViewWireSession(port: daemon.port)
    let answer = try late.send("join \(token)")
    #expect(answer.errorCode == "unknown-session")
    #expect(answer.lines.last?.contains("revoked") == true)
    #expect(try late.send("join \(driverToken)").errorCode == "unknown-session")
    // A new token after a revoke; the session ends, and its tokens with it.
    let fresh = try owner.share(.observer)
    #expect(fresh != token)
    let watcher = try ViewWireSession(port: daemon.port)
    try watcher.join(token: fresh)
    try owner.run("quit")
    Self.readToTheEnd(watcher)
    #expect(watcher.bye == "session ended")
    let third2 = try late.send("join \(fresh)")
    #expect(third2.errorCode == "unknown-session")
    Self.readToTheEnd(late)
    #expect(late.bye == "too many wrong tokens", "the third wrong token on that connection")
  }

  @Test func joinersAreLimitedPerSession() throws {
    let daemon = try Daemon(["--max-joiners", "2"])
    defer { daemon.stop() }
    let owner = try ViewWireSession(port: daemon.port)
    try owner.open("square")
    let token = try owner.share(.observer)
    let first = try ViewWireSession(port: daemon.port)
    let second = try ViewWireSession(port: daemon.port)
    try first.join(token: token)
    try second.join(token: token)
    let third = try ViewWireSession(port: daemon.port)
    let refused = try third.send("join \(token)")
    #expect(refused.errorCode == "limit-reached")
    #expect(refused.lines.last?.contains("--max-joiners") == true)
    // The refused client keeps its own session; a place freed by a joiner that left is taken.
    #expect(try third.run("open square").isOK)
    first.close()
    let deadline = Date().addingTimeInterval(20)
    var reply = try third.send("join \(token)")
    while reply.errorCode == "limit-reached", Date() < deadline {
      usleep(10_000)
      reply = try third.send("join \(token)")
    }
    #expect(reply.isOK, "\(reply.lines.last ?? "")")
    try owner.tap("@square")
    try Self.expectSameScreen(third, as: owner)
    try Self.expectSameScreen(second, as: owner)

    let closed = try Daemon(["--max-joiners", "0"])
    defer { closed.stop() }
    let lonely = try ViewWireSession(port: closed.port)
    #expect(try lonely.send("share observe").errorCode == "limit-reached")
  }

  @Test func joinersStayWhileTheOwnerIsDetachedAndResumes() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    let (owner, observer, _) = try Self.sharedPair(port: daemon.port, role: .observer)
    try owner.makeResumable()
    let token = try #require(owner.token)
    try owner.open("login")
    try owner.tap("@username")
    let driverToken = try owner.share(.driver)
    let driver = try ViewWireSession(port: daemon.port)
    try driver.join(token: driverToken)
    owner.close()
    // The owner is gone; the driver types on, the observer watches.
    try driver.type("carol")
    try observer.waitForView(withText: "carol")
    // The owner comes back on a new connection: the frames it missed, and the stream goes on.
    let back = try ViewWireSession(port: daemon.port)
    let reply = try back.send("resume \(token) frame=0")
    #expect(reply.isOK, "\(reply.lines.last ?? "")")
    #expect(back.text(of: "username") == "carol")
    try back.type("!")
    try Self.expectSameScreen(observer, as: back)
    try Self.expectSameScreen(driver, as: back)
  }
}
