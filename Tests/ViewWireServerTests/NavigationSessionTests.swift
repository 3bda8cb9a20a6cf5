import Foundation
import Testing
import ViewWireClient
import ViewWireProtocol

/// Navigation, memory warnings and traits over real TCP against the real daemon (issue 3
/// items 6 and 7; PROTOCOL.md section 5, "Navigation" and "Memory warnings").
@Suite struct NavigationSessionTests {
  @Test func backAndMemoryWarningNeedWhatTheSpecSays() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    let session = try daemon.session()
    #expect(try session.send("back").errorCode == "no-app")
    try session.run("memory-warning")
    try session.run("open square")
    #expect(try session.send("back").errorCode == "at-root")
    try session.run("open navigation")
    #expect(try session.send("back").errorCode == "at-root")
    try session.run("tap @row-fig")
    #expect(session.view("navigation-title")?.properties["text"] == "\"Fig\"")
    try session.run("back")
    #expect(session.view("navigation-title")?.properties["text"] == "\"Fruits\"")
    #expect(session.view("row-fig") != nil)
  }

  /// The daemon's soft limit (here 1 MiB, always passed) warns every session, not only one:
  /// each releases its hidden list and loads it again on `back`.
  @Test func theSoftLimitWarnsEverySession() throws {
    let daemon = try Daemon(["--memory-soft-limit-mib", "1"])
    defer { daemon.stop() }
    let sessions = try (0..<2).map { _ in try daemon.session() }
    for session in sessions {
      try session.run("trace on")
      try session.run("open navigation")
      try session.run("tap @row-apple")
    }
    let released = "trace memory FruitListViewController released its view"
    for session in sessions {
      // The daemon checks once a second; wait for its warning, bounded, asserting no timing.
      let deadline = Date().addingTimeInterval(20)
      while !session.asynchronousLines.contains(released), Date() < deadline {
        try session.run("ping")
        usleep(50_000)
      }
      #expect(session.asynchronousLines.contains(released))
      let reply = try session.run("back")
      #expect(reply.lines.contains("trace lifecycle FruitListViewController loadView"))
      #expect(reply.lines.contains("trace lifecycle FruitListViewController viewDidLoad"))
      #expect(session.view("row-apple") != nil)
    }
  }

  /// A `hello` that changes the idiom reaches the open app's controllers as a trait change, and
  /// the next `open` picks the controller for the new idiom (seed 001).
  @Test func helloTraitsReachTheControllers() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    let session = try daemon.session()
    try session.run("trace on")
    try session.run("open note")
    let reply = try session.run("hello idiom=pad")
    #expect(reply.lines.contains("trace lifecycle PhoneNoteViewController traitCollectionDidChange"))
    let opened = try session.run("open note")
    #expect(opened.lines.contains("trace lifecycle RegularNoteViewController viewDidLoad"))
    #expect(try session.run("hello idiom=pad").lines.allSatisfy { !$0.contains("traitCollectionDidChange") })
  }
}
