import Foundation
import Testing
import ViewWireClient
import ViewWireProtocol

/// PROTOCOL.md section 15: sessions that outlive their connection, and the bounds on them
/// (issue 13). Each case drives the real daemon over TCP and reads its log for the reasons.
@Suite struct ResumeTests {
  /// Reads lines up to the terminal reply of the command just sent; returns them all.
  static func reply(_ connection: WireConnection) throws -> [String] {
    var lines: [String] = []
    while let line = try connection.readLine(timeout: 10) {
      lines.append(line)
      if line.hasPrefix("ok ") || line.hasPrefix("error ") { return lines }
    }
    return lines
  }

  /// A new connection to `daemon` that asked for its token; returns both, the greeting read.
  static func resumable(_ daemon: Daemon) throws -> (WireConnection, String) {
    let connection = try WireConnection(port: daemon.port)
    _ = try connection.readLine(timeout: 10)
    try connection.send(line: "resume-token")
    let answer = try reply(connection).last ?? ""
    let token = try #require(answer.split(separator: " ").first { $0.hasPrefix("token=") }).dropFirst(6)
    return (connection, String(token))
  }

  static func resume(_ daemon: Daemon, _ token: String, frame: Int = 0) throws -> (WireConnection, [String]) {
    let connection = try WireConnection(port: daemon.port)
    _ = try connection.readLine(timeout: 10)
    try connection.send(line: "resume \(token) frame=\(frame)")
    return (connection, try reply(connection))
  }

  @Test func aTokenIs128RandomBitsNamedAfterItsDaemonAndNeverLogged() throws {
    let daemon = try Daemon(["--daemon-name", "east-1", "--log-level", "notice"])
    var secrets: Set<String> = []
    for _ in 0..<20 {
      let (connection, token) = try Self.resumable(daemon)
      connection.close()
      #expect(token.hasPrefix("east-1."))
      let secret = String(token.dropFirst("east-1.".count))
      #expect(secret.count == 32 && secret.allSatisfy(\.isHexDigit))
      secrets.insert(secret)
    }
    #expect(secrets.count == 20)
    let log = daemon.logLines { $0.filter { $0.contains("session detached") }.count >= 20 }.joined()
    for secret in secrets {
      #expect(!log.contains(secret.prefix(5)), "the log holds at most 4 hex digits of a token")
    }
  }

  @Test func aSessionNobodyAskedTheTokenOfEndsWithItsConnection() throws {
    let daemon = try Daemon(["--log-level", "debug"])
    let connection = try WireConnection(port: daemon.port)
    _ = try connection.readLine(timeout: 10)
    try connection.send(line: "open square")
    _ = try Self.reply(connection)
    connection.close()
    let log = daemon.logLines { $0.contains { $0.contains("session ended") } }
    #expect(log.contains { $0.contains("session ended") && $0.contains("reason=connection closed") })
    #expect(!log.contains { $0.contains("session detached") })
  }

  @Test func theAppRunsOnWhileDetachedAndResumeSendsWhatChanged() throws {
    let daemon = try Daemon()
    let (connection, token) = try Self.resumable(daemon)
    try connection.send(line: "open gallery")
    _ = try Self.reply(connection)
    try connection.send(line: "tap @animate")
    _ = try Self.reply(connection)
    connection.close()
    // The gallery's animation ends on the server's clock while no one is connected.
    Thread.sleep(forTimeInterval: 1.5)
    var mirror = Mirror()
    let (resumed, lines) = try Self.resume(daemon, token, frame: 0)
    for line in lines { try mirror.consume(ServerLine.parse(line)) }
    #expect(lines.last?.hasPrefix("ok resume session=") == true)
    try resumed.send(line: "tree")
    let tree = try Self.reply(resumed).filter { $0.hasPrefix("tree ") }.map { String($0.dropFirst(5)) }
    #expect(tree == mirror.treeLines, "the resumed mirror is the server's tree")
  }

  @Test func aResumeTheHistoryCannotCoverGetsOneFullFrame() throws {
    let daemon = try Daemon(["--resume-buffer", "2000"])
    let (connection, token) = try Self.resumable(daemon)
    for line in ["open rows", "tap @add", "tap @add", "tap @update"] {
      try connection.send(line: line)
      _ = try Self.reply(connection)
    }
    connection.close()
    let (resumed, lines) = try Self.resume(daemon, token, frame: 1)
    defer { resumed.close() }
    #expect(lines.first?.hasSuffix("begin full") == true, "\(lines.first ?? "")")
    #expect(lines.last?.hasPrefix("ok resume") == true)
  }

  @Test func theTokensHolderTakesOverAConnectionStillAttached() throws {
    let daemon = try Daemon()
    let (old, token) = try Self.resumable(daemon)
    let (new, lines) = try Self.resume(daemon, token)
    defer { new.close() }
    #expect(lines.last?.hasPrefix("ok resume") == true)
    #expect(try old.readLine(timeout: 10) == "bye \"session resumed by another connection\"")
    #expect(try old.readLine(timeout: 10) == nil)
  }

  @Test(arguments: [
    (["--detach-timeout", "0.3"], "reason=detach-timeout"),
    (["--max-detached", "0"], "reason=too-many-detached"),
  ])
  func aDetachedSessionEndsForItsReason(options: [String], reason: String) throws {
    let daemon = try Daemon(options + ["--log-level", "notice"])
    let (connection, token) = try Self.resumable(daemon)
    connection.close()
    let log = daemon.logLines { $0.contains { $0.contains(reason) } }
    #expect(log.contains { $0.contains("session ended") && $0.contains(reason) })
    let (again, lines) = try Self.resume(daemon, token)
    again.close()
    #expect(lines.last?.hasPrefix("error client unknown-session") == true)
  }

  @Test func theLongestDetachedEndsFirst() throws {
    let daemon = try Daemon(["--max-detached", "2", "--log-level", "notice"])
    var tokens: [String] = []
    for _ in 0..<3 {
      let (connection, token) = try Self.resumable(daemon)
      tokens.append(token)
      connection.close()
      _ = daemon.logLines { $0.filter { $0.contains("session detached") }.count >= tokens.count }
    }
    let (first, refused) = try Self.resume(daemon, tokens[0])
    first.close()
    #expect(refused.last?.hasPrefix("error client unknown-session") == true)
    for token in tokens.dropFirst() {
      let (connection, lines) = try Self.resume(daemon, token)
      connection.close()
      #expect(lines.last?.hasPrefix("ok resume") == true)
    }
  }

  @Test func shutdownEndsDetachedSessionsWithTheirReason() throws {
    let daemon = try Daemon(["--log-level", "notice"])
    let (connection, _) = try Self.resumable(daemon)
    connection.close()
    _ = daemon.logLines { $0.contains { $0.contains("session detached") } }
    #expect(daemon.stop() == 0)
    #expect(
      daemon.logLines { $0.contains { $0.contains("reason=shutdown") } }.contains {
        $0.contains("reason=shutdown")
      })
  }

  /// The Swift client library reconnects, resumes and retries by itself: the daemon-side drop is
  /// a connection the client sees closed in the middle of its commands.
  @Test func theSwiftClientSurvivesADroppedConnection() throws {
    let daemon = try Daemon()
    let session = try ViewWireSession(port: daemon.port)
    try session.makeResumable()
    try session.open("login")
    try session.tap("@username")
    try session.type("al")
    // Another connection takes the session over, as a proxy restart would cut this one.
    let (thief, _) = try Self.resume(daemon, try #require(session.token), frame: 0)
    thief.close()
    try session.type("ice")
    #expect(session.reconnectCount == 1)
    #expect(session.text(of: "username") == "alice")
    #expect(try session.tree() == session.snapshot())
  }

  /// Section 17, "More than one daemon": a resuming client sends `auth` and `resume` at once on
  /// connect, before the greeting, and the daemon answers them after it, in order.
  @Test func authAndResumeSentBeforeTheGreetingAreAnsweredAfterIt() throws {
    let daemon = try Daemon(["--auth-token-file", try AccessTests.tokenFile(), "--daemon-name", "vw2"])
    let first = try WireConnection(port: daemon.port)
    try first.send(
      bytes: Array("auth \(AccessTests.token)\nresume-token\nopen login\ntap @username\ntext \"al\"\n".utf8))
    var lines: [String] = []
    while lines.filter({ $0.hasPrefix("ok ") || $0.hasPrefix("error ") }).count < 5,
      let line = try first.readLine(timeout: 10)
    {
      lines.append(line)
    }
    let replies = lines.filter { $0.hasPrefix("ok ") || $0.hasPrefix("error ") }
    #expect(lines.first?.hasPrefix("hello viewwire ") == true)
    #expect(
      replies.map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
        == ["ok auth", "ok resume-token", "ok open", "ok tap", "ok text"])
    let token = String(
      try #require(replies[1].split(separator: " ").first { $0.hasPrefix("token=") }).dropFirst(6))
    #expect(token.hasPrefix("vw2."))
    first.close()

    let second = try WireConnection(port: daemon.port)
    try second.send(bytes: Array("auth \(AccessTests.token)\nresume \(token) frame=0\n".utf8))
    let greeting = try #require(try second.readLine(timeout: 10))
    #expect(greeting.hasPrefix("hello viewwire "))
    #expect(try second.readLine(timeout: 10) == "ok auth")
    let resumed = try Self.reply(second)
    #expect(resumed.last?.hasPrefix("ok resume session=") == true, "\(resumed)")
    #expect(resumed.contains { $0.contains("\"al\"") }, "the full frame holds the typed text")

    // The same token on a daemon of another name: unknown-session, naming the token's daemon.
    let other = try Daemon(["--auth-token-file", try AccessTests.tokenFile(), "--daemon-name", "vw1"])
    let stranger = try WireConnection(port: other.port)
    try stranger.send(bytes: Array("auth \(AccessTests.token)\nresume \(token) frame=0\n".utf8))
    _ = try stranger.readLine(timeout: 10)
    #expect(try stranger.readLine(timeout: 10) == "ok auth")
    #expect(
      try stranger.readLine(timeout: 10)
        == "error client unknown-session \"the token names the daemon 'vw2', and this is 'vw1'\"")
  }

  /// The Swift client sends `resume` before it reads the greeting, so a proxy that holds each new
  /// connection for its first line (HAProxy in `deploy/haproxy.cfg`) routes it at once. Through
  /// a relay that does the same, the session's first connection (a new session, which waits
  /// for its greeting) is only let through after the hold; the resuming one by its first line.
  @Test func theSwiftClientResumesThroughAProxyThatRoutesByTheFirstLine() throws {
    let daemon = try Daemon()
    let relay = try HoldingRelay(upstreamPort: daemon.port, holdSeconds: 1)
    defer { relay.close() }
    let session = try ViewWireSession(port: relay.port)
    try session.makeResumable()
    try session.open("login")
    try session.tap("@username")
    try session.type("al")
    let token = try #require(session.token)
    relay.cut()
    try session.type("ice")
    #expect(session.reconnectCount >= 1)
    #expect(session.text(of: "username") == "alice")
    #expect(try session.tree() == session.snapshot())
    let firstLines = relay.firstLines
    #expect(firstLines.first == .some(nil), "a new session's client waits for its greeting")
    #expect(firstLines.count == 2)
    #expect(firstLines.dropFirst().first??.hasPrefix("resume \(token) frame=") == true, "\(firstLines)")
  }

  /// A daemon that wants a token (section 17): the Swift client presents it on connecting, and
  /// again, in the same write as `resume`, on every connection a drop makes it open.
  @Test func theSwiftClientPresentsItsTokenAndResumesBehindAuth() throws {
    let daemon = try Daemon(["--auth-token-file", try AccessTests.tokenFile()])
    let relay = try HoldingRelay(upstreamPort: daemon.port, holdSeconds: 1)
    defer { relay.close() }
    #expect(throws: ViewWireSession.Failure.self, "a wrong token is refused") {
      try ViewWireSession(port: daemon.port, authToken: "not-the-token")
    }
    let session = try ViewWireSession(port: relay.port, authToken: AccessTests.token)
    try session.makeResumable()
    try session.open("login")
    try session.tap("@username")
    try session.type("al")
    relay.cut()
    try session.type("ice")
    #expect(session.reconnectCount >= 1)
    #expect(session.text(of: "username") == "alice")
    #expect(try session.tree() == session.snapshot())
    let resumed = relay.firstLines.dropFirst().first ?? nil
    #expect(
      resumed?.hasPrefix("auth ") == true, "auth is the resuming connection's first line: \(relay.firstLines)"
    )
  }
}
