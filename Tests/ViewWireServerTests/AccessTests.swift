import Foundation
import Testing
import ViewWireClient

/// PROTOCOL.md section 17: who may use a daemon, and how much one address may hold (issue 13,
/// item 5). Each case drives the real daemon over TCP.
@Suite struct AccessTests {
  static let token = "correct-horse-battery-staple"

  static func tokenFile() throws -> String {
    let path = NSTemporaryDirectory() + "viewwire-token-\(UUID().uuidString)"
    try (token + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  static func connect(_ daemon: Daemon) throws -> WireConnection {
    let connection = try WireConnection(port: daemon.port)
    _ = try connection.readLine(timeout: 10)
    return connection
  }

  /// Sends `line`, returns the next line.
  static func ask(_ connection: WireConnection, _ line: String) throws -> String? {
    try connection.send(line: line)
    return try connection.readLine(timeout: 10)
  }

  @Test func beforeAuthOnlyAuthAndQuitRunAndNothingElseIsSent() throws {
    let daemon = try Daemon(["--auth-token-file", try Self.tokenFile()])
    let connection = try Self.connect(daemon)
    let required = "error client auth-required \"this daemon wants its token first: auth TOKEN\""
    for line in ["ping", "open square", "tap 1 1", "resume-token", "apps"] {
      #expect(try Self.ask(connection, line) == required, "\(line): no frame, no data, only the refusal")
    }
    #expect(try Self.ask(connection, "auth \(Self.token)") == "ok auth")
    #expect(try Self.ask(connection, "ping") == "ok ping")
  }

  @Test func theThirdWrongTokenClosesTheConnection() throws {
    let daemon = try Daemon(["--auth-token-file", try Self.tokenFile()])
    let connection = try Self.connect(daemon)
    let wrong = "error client bad-token \"that is not this daemon's token\""
    #expect(try Self.ask(connection, "auth correct-horse-battery-stapl") == wrong)
    #expect(try Self.ask(connection, "auth \(Self.token)x") == wrong)
    #expect(try Self.ask(connection, "auth nope") == wrong)
    #expect(try connection.readLine(timeout: 10) == "bye \"too many wrong tokens\"")
    #expect(try connection.readLine(timeout: 10) == nil)
  }

  @Test func aResumingClientAuthenticatesFirst() throws {
    let daemon = try Daemon(["--auth-token-file", try Self.tokenFile()])
    let first = try Self.connect(daemon)
    _ = try Self.ask(first, "auth \(Self.token)")
    let reply = try #require(try Self.ask(first, "resume-token"))
    let token = String(
      try #require(reply.split(separator: " ").first { $0.hasPrefix("token=") }).dropFirst(6))
    first.close()
    let second = try Self.connect(daemon)
    #expect(try Self.ask(second, "resume \(token)")?.hasPrefix("error client auth-required") == true)
    #expect(try Self.ask(second, "auth \(Self.token)") == "ok auth")
    try second.send(line: "resume \(token)")
    var last: String?
    while let line = try second.readLine(timeout: 10) {
      last = line
      if line.hasPrefix("ok ") || line.hasPrefix("error ") { break }
    }
    #expect(last?.hasPrefix("ok resume") == true, "\(last ?? "")")
  }

  @Test func oneAddressHoldsAtMostItsShare() throws {
    let daemon = try Daemon(["--max-connections-per-address", "2"])
    let kept = try (0..<2).map { _ in try Self.connect(daemon) }
    let third = try WireConnection(port: daemon.port)
    #expect(
      try third.readLine(timeout: 10)
        == "error server too-many-connections \"one address may hold at most 2 connections\"")
    #expect(try third.readLine(timeout: 10) == "bye \"too many connections from your address\"")
    #expect(try third.readLine(timeout: 10) == nil)
    kept[0].close()
    // Once one leaves, there is room again.
    var admitted = false
    for _ in 0..<100 where !admitted {
      let next = try WireConnection(port: daemon.port)
      admitted = try next.readLine(timeout: 10)?.hasPrefix("hello viewwire") == true
      usleep(20_000)
    }
    #expect(admitted)
  }

  @Test func anIdleConnectionIsClosedWithItsReason() throws {
    let daemon = try Daemon(["--idle-timeout", "0.3"])
    let connection = try Self.connect(daemon)
    #expect(try Self.ask(connection, "ping") == "ok ping")
    #expect(try connection.readLine(timeout: 10) == "bye \"idle for more than 0.3 s\"")
    #expect(try connection.readLine(timeout: 10) == nil)
  }

  /// One watch per loop closes idle connections (`IdleWatch`): each connection is closed after
  /// its own silence, whatever the order the connections came in, and one that keeps talking is
  /// never closed. Here the talking one came first, and the quiet ones, which came after it, are
  /// closed while it goes on; then it falls quiet and is closed too. On one loop and on two.
  @Test(arguments: ["1", "2"]) func eachConnectionIsClosedAfterItsOwnSilence(loops: String) throws {
    let daemon = try Daemon(["--idle-timeout", "2", "--loops", loops])
    let talking = try Self.connect(daemon)
    let quiet = try (0..<4).map { _ in try Self.connect(daemon) }
    var open = Array(quiet.indices)
    var rounds = 0
    while !open.isEmpty {
      rounds += 1
      #expect(rounds < 2000, "the quiet connections were never closed")
      if rounds >= 2000 { return }
      #expect(try Self.ask(talking, "ping") == "ok ping")
      for index in open {
        guard let line = try? quiet[index].readLine(timeout: 0.02) else { continue }
        #expect(line == "bye \"idle for more than 2 s\"")
        #expect(try quiet[index].readLine(timeout: 10) == nil)
        open.removeAll { $0 == index }
      }
    }
    // The talking one is still served; once it is silent it goes too.
    #expect(try Self.ask(talking, "ping") == "ok ping")
    let farewell = try talking.readLine(timeout: 10)
    #expect(farewell == "bye \"idle for more than 2 s\"", "read \(farewell ?? "the end of the stream")")
    #expect(try talking.readLine(timeout: 10) == nil)
  }
}
