import Foundation
import Testing
import ViewWireClient

/// A client that goes away mid-session (its socket closes, no `quit`) takes its app with it: the
/// controllers on screen hear `viewWillDisappear` then `viewDidDisappear`, in UIKit's order
/// (LifecycleTests' "client disconnect", here through the real ClientConnection and
/// Session.tearDown). The client cannot see its own teardown, so the daemon's log at level
/// `trace`, which carries every session's trace events, is the witness.
@Suite struct TeardownTests {
  @Test func aDroppedConnectionMakesTheControllersOnScreenDisappearInUIKitOrder() throws {
    let daemon = try Daemon(["--log-level", "trace"])
    defer { daemon.stop() }
    let dropped = try daemon.session()
    let other = try daemon.session()
    try dropped.run("open navigation")
    try dropped.run("tap @row-fig")
    try other.run("open navigation")
    let marker = "session=\(dropped.sessionID) "
    // The push is over once the detail appeared; what disappears after that is the teardown's.
    let pushed = { (lines: [String]) in
      lines.firstIndex { $0.contains(marker) && $0.hasSuffix("FruitDetailViewController viewDidAppear") }
    }
    let before = try #require(pushed(daemon.logLines { pushed($0) != nil }))
    dropped.close()

    let closed = { (lines: [String]) in
      lines.contains { $0.contains(marker) && $0.hasSuffix("connection closed") }
    }
    let callbacks = ["viewWillDisappear", "viewDidDisappear"]
    let disappearancesIn = { (lines: [String]) -> [String] in
      lines[(before + 1)...].filter { $0.contains(marker) }.compactMap { line -> String? in
        guard let range = line.range(of: "lifecycle "),
          callbacks.contains(where: { line.hasSuffix(" \($0)") })
        else { return nil }
        return String(line[range.upperBound...])
      }
    }
    // The teardown's trace lines may follow "connection closed" (they are logged as the session
    // is torn down, not before the close is reported), so wait for both: the close and all four
    // callbacks. A teardown that loses one times out here and fails the checks below.
    let log = daemon.logLines { closed($0) && disappearancesIn($0).count >= 4 }
    #expect(closed(log), "the daemon logged the end of the dropped connection")
    let disappearances = disappearancesIn(log)
    #expect(
      disappearances == [
        "NavigationController viewWillDisappear", "FruitDetailViewController viewWillDisappear",
        "NavigationController viewDidDisappear", "FruitDetailViewController viewDidDisappear",
      ])
    // The session left on the same daemon saw none of it and goes on.
    #expect(other.asynchronousLines.isEmpty)
    try other.run("tap @row-apple")
    #expect(other.view("navigation-title")?.properties["text"] == "\"Apple\"")
  }
}
