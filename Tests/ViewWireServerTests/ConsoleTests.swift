import Foundation
import Testing
import ViewWireClient

/// The `viewwire` executable as a person uses it: typing into a terminal, reading what it shows.
@Suite struct ConsoleTests {
  /// Issue: the console showed one server line per line typed. Its reader thread flushed every C
  /// stream, and glibc locks each one, stdin included, which the main thread holds while it waits
  /// for the next typed line; so the reader stopped after each line until the person typed again.
  /// One typed command must bring its whole reply.
  @Test func oneTypedCommandShowsItsWholeReply() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    // What a fresh session reads for `open square`, as the library sees it.
    let expected = try daemon.session().run("open square").lines
    #expect(expected.first == "frame 1 begin full")

    let console = try ConsoleProcess(["--port", "\(daemon.port)"])
    defer { console.stop() }
    let greeted = console.waitForLines { $0.contains { $0.hasPrefix("hello viewwire ") } }
    try #require(greeted.contains { $0.hasPrefix("hello viewwire ") }, "\(greeted)")
    console.type("open square")
    let shown = console.waitForLines { $0.contains("ok open app=square") }
    // The terminal echoes the typed line; the reply follows it, whole and in order.
    let echo = try #require(shown.firstIndex(of: "open square"), "\(shown)")
    #expect(Array(shown[(echo + 1)...].prefix(expected.count)) == expected)
  }
}
