import Foundation
import Testing
import ViewWireClient
import ViewWireKit

/// PROTOCOL.md section 17: what one client can make its session hold is bounded, and reaching a
/// bound is a clear error, not a crash or a daemon that grows (issue 13's attacker findings,
/// each named after what was tried).
@Suite struct LimitsTests {
  static func command(_ session: ViewWireSession, _ line: String) throws -> String {
    try session.send(line).lines.last ?? ""
  }

  /// 40,000 pushed navigation controllers took the daemon from 23 to 160 MB.
  @Test func aNavigationStackStopsAt64Controllers() throws {
    let daemon = try Daemon(["--manual-clock"])
    let session = try daemon.session()
    try session.open("navigation")
    try session.tap("@row-fig")
    _ = try Self.command(session, "clock advance 1")
    var refusal: String?
    var pushes = 1
    while refusal == nil, pushes < 100 {
      let reply = try Self.command(session, "tap @next")
      _ = try Self.command(session, "clock advance 1")
      if reply.hasPrefix("error") { refusal = reply } else { pushes += 1 }
    }
    #expect(refusal == "error client limit-reached \"a navigation stack holds at most 64 controllers\"")
    #expect(pushes == 63, "the root and 63 pushed controllers")
    #expect(try Self.command(session, "back") == "ok back", "the session goes on")
  }

  /// A text field took 832,000 characters, and each keystroke then cost half a second.
  @Test func aTextFieldStopsAt10000Characters() throws {
    let daemon = try Daemon()
    let session = try daemon.session()
    try session.open("login")
    try session.tap("@username")
    let chunk = String(repeating: "x", count: 4000)
    #expect(try Self.command(session, "text \"\(chunk)\"") == "ok text")
    #expect(try Self.command(session, "text \"\(chunk)\"") == "ok text")
    #expect(
      try Self.command(session, "text \"\(chunk)\"")
        == "error client limit-reached \"a text field holds at most 10000 characters\"")
    #expect(session.text(of: "username")?.count == 8000, "nothing of the refused text was typed")
    #expect(try Self.command(session, "text \"y\"") == "ok text", "typing within the bound goes on")
  }

  /// A text view took any amount: 300 `text` lines of 4,000 characters made the server send
  /// 180 MB, each keystroke resending the whole text. Return and tab type a character too.
  @Test func aTextViewStopsAt10000Characters() throws {
    let daemon = try Daemon()
    let session = try daemon.session()
    try session.open("tabs")
    try session.tap("@tab-about")
    try session.tap("@notes")
    let refusal = "error client limit-reached \"a text view holds at most 10000 characters\""
    let chunk = String(repeating: "x", count: 4000)
    #expect(try Self.command(session, "text \"\(chunk)\"") == "ok text")
    #expect(try Self.command(session, "text \"\(chunk)\"") == "ok text")
    #expect(try Self.command(session, "text \"\(chunk)\"") == refusal)
    #expect(session.text(of: "notes")?.count == 8000, "nothing of the refused text was typed")
    #expect(try Self.command(session, "text \"\(String(repeating: "y", count: 2000))\"") == "ok text")
    #expect(try Self.command(session, "key return") == refusal)
    #expect(try Self.command(session, "key tab") == refusal)
    #expect(session.text(of: "notes")?.count == 10000)
    #expect(try Self.command(session, "key backspace") == "ok key", "the session goes on")
    #expect(try Self.command(session, "key return") == "ok key")
  }

  /// The table app's `tap @insert` added rows without end.
  @Test func theTableAppStopsAt10100Items() throws {
    let daemon = try Daemon()
    let connection = try WireConnection(port: daemon.port)
    _ = try connection.readLine(timeout: 10)
    var script = "open table\n"
    for _ in 0..<101 { script += "tap @insert\n" }
    try connection.send(bytes: Array(script.utf8))
    var replies: [String] = []
    while replies.count < 102, let line = try connection.readLine(timeout: 30) {
      if line.hasPrefix("ok ") || line.hasPrefix("error ") { replies.append(line) }
    }
    #expect(replies.dropFirst().dropLast().allSatisfy { $0.hasPrefix("ok tap") })
    #expect(replies.last == "error client limit-reached \"the table holds at most 10100 items\"")
  }

  /// The rows table grew to 30,000 rows.
  @Test func theRowsTableStopsAt10000Rows() throws {
    let daemon = try Daemon()
    let connection = try WireConnection(port: daemon.port)
    _ = try connection.readLine(timeout: 10)
    var script = "open rows\n"
    for _ in 0..<1001 { script += "tap @add\n" }
    try connection.send(bytes: Array(script.utf8))
    var replies: [String] = []
    while replies.count < 1002, let line = try connection.readLine(timeout: 30) {
      if line.hasPrefix("ok ") || line.hasPrefix("error ") { replies.append(line) }
    }
    #expect(replies.dropFirst().dropLast().allSatisfy { $0.hasPrefix("ok tap") })
    #expect(replies.last == "error client limit-reached \"the rows table holds at most 10000 rows\"")
  }

  /// `explain @password` reported an intrinsic width measured on the clear text, so it told
  /// whether the password held CJK or emoji characters; the mask's width says only the length.
  @Test func explainMeasuresASecureFieldByItsMask() throws {
    let daemon = try Daemon()
    let session = try daemon.session()
    try session.open("login")
    try session.tap("@password")
    func explained(_ text: String) throws -> [String] {
      try session.type(text)
      let lines = try session.send("explain @password").lines
      for _ in text { try session.key(.backspace) }
      return lines
    }
    #expect(try explained("abcd") == explained("你好😀😀"))
  }
}

/// One client's memory sent memory warnings into every other session (issue 13): only the
/// sessions holding the most views are warned.
@Suite struct MemoryWarningTargetTests {
  @Test func onlyTheLargestSessionIsWarned() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("resident-\(UUID())")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data("0\n".utf8).write(to: file, options: .atomic)
    let daemon = try Daemon(["--memory-soft-limit-mib", "1", "--resident-memory-file", file.path])
    let small = try daemon.session()
    let large = try daemon.session()
    try small.run("trace on")
    try small.run("open navigation")
    try large.run("trace on")
    try large.run("open rows")
    for _ in 0..<20 { try large.run("tap @add") }
    try Data("\(2 * 1024 * 1024)\n".utf8).write(to: file, options: .atomic)
    let warned = "trace lifecycle RowsViewController didReceiveMemoryWarning"
    let deadline = Date().addingTimeInterval(20)
    while !large.asynchronousLines.contains(warned), Date() < deadline {
      try large.run("ping")
      usleep(50_000)
    }
    #expect(large.asynchronousLines.contains(warned), "the session holding 200 rows was warned")
    try small.run("ping")
    #expect(
      !small.asynchronousLines.contains("trace lifecycle NavigationController didReceiveMemoryWarning"),
      "the small session was left alone")
  }
}
