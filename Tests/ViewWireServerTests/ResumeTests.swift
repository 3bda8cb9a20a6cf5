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
    #expect(daemon.logLines { $0.contains { $0.contains("reason=shutdown") } }.contains { $0.contains("reason=shutdown") })
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
}
