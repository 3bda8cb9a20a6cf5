import Foundation
import Testing
import ViewWireClient
import ViewWireProtocol

/// The session clock over TCP: an animation's completion lands exactly when a manual clock
/// reaches the end of the animation, and switching clocks loses no waiting work.
@Suite struct ClockTests {
  @Test func aDaemonStartedWithManualClockRunsCompletionsOnlyWhenAdvanced() throws {
    let daemon = try Daemon(["--manual-clock"])
    defer { daemon.stop() }
    let session = try daemon.session()
    let clock = try session.run("clock")
    #expect(clock.field("mode") == "manual")
    #expect(clock.field("now") == "0")
    try session.run("open gallery")
    let tap = try session.run("tap @animate")
    #expect(tap.lines.contains(#"render 9 alpha=0.5 anim="1 0.5 0 easeInOut""#), "\(tap.lines)")
    #expect(session.view("box")?.frame == ["326", "240", "44", "44"], "the model took the final frame")
    let early = try session.run("clock advance 0.499")
    #expect(early.frames.isEmpty)
    #expect(session.text(of: "animate") == "Animate")
    let done = try session.run("clock advance 0.001")
    #expect(done.frames.count == 1)
    #expect(done.field("now") == "0.5")
    #expect(session.view("box")?.properties["anim"] == nil)
    #expect(session.text(of: "animate") == "Back")
    #expect(session.asynchronousLines.isEmpty, "a manual clock sends nothing by itself")
  }

  @Test func switchingToManualKeepsWorkThatWasWaiting() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    let session = try daemon.session()
    try session.run("open gallery")
    try session.run("tap @animate")
    try session.run("clock manual")
    // Whether the real timer fired before the switch or not, the completion has run once the
    // manual clock covers the rest of the animation.
    try session.run("clock advance 0.5")
    #expect(session.text(of: "animate") == "Back")
    #expect(session.view("animate")?.properties["enabled"] == nil)
  }

  @Test func advancingARealClockIsRefused() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    let session = try daemon.session()
    let reply = try session.send("clock advance 1")
    #expect(reply.errorCode == "bad-argument")
    #expect(try session.run("clock").field("mode") == "real")
  }
}
