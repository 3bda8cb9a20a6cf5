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

  /// Issue: after one hash mismatch the console never recovered and flooded the server with
  /// `resync`: it emptied its mirror (sequence 0), refused the answering full frame as a gap,
  /// and every diff line after it failed again. Section 7: a client whose hash differs sends
  /// `resync` once and replaces its mirror with the full frame that answers it.
  @Test func oneHashMismatchSendsOneResyncAndTheMirrorRecovers() throws {
    let server = try BadHashScenario.server()
    let console = try ConsoleProcess(["--port", "\(server.port)", "--show-checks"])
    defer { console.stop() }
    let shown = console.waitForLines { $0.contains { $0.hasPrefix("# frame 5 checked") } }
    #expect(shown.contains("# frame 1 checked: 2 views, hash matches"), "\(shown)")
    #expect(shown.filter { $0.hasPrefix("# mirror:") }.count == 1, "\(shown)")
    // Frame 3 came after the mismatch and before the full frame: it is not applied.
    #expect(!shown.contains { $0.hasPrefix("# frame 3 checked") }, "\(shown)")
    #expect(shown.contains("# frame 4 checked: 2 views, hash matches"), "\(shown)")
    #expect(shown.contains("# frame 5 checked: 2 views, hash matches"), "\(shown)")
    // Every resync the console sent went out before it showed frame 5's check, so typing `quit`
    // now puts the last line after all of them. The console asked for a resume token first
    // (PROTOCOL.md section 16), which this server does not know; `resync` and `quit` need no
    // number.
    console.type("quit")
    #expect(server.receivedWhenDone() == ["resume-token", "resync", "quit"])
  }
}
