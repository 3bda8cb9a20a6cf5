import Foundation
import Testing
import ViewWireClient
import ViewWireProtocol

/// Whole sessions scripted over TCP against the real daemon: the demos behave as the seeds say,
/// frames hold only what changed, and secure text never travels in clear.
@Suite struct SessionTests {
  @Test func theSquareIsGreenExactlyInsideTheGreenArea() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    let session = try daemon.session()
    try session.run("open square")
    #expect(session.view("square")?.properties["bg"] == "#ff0000ff")
    let cases: [(to: (Double, Double), green: Bool)] = [
      ((195, 100), true), ((195, 600), false), ((20, 20), true), ((380, 280), true), ((380, 290), false),
    ]
    var from = (195.0, 422.0)
    for (to, green) in cases {
      let reply = try session.run("drag \(from.0) \(from.1) \(to.0) \(to.1)")
      #expect(reply.frames.count == 1, "one drag, one frame")
      let square = try #require(session.view("square"))
      let frame = try #require(session.mirror.windowFrame(of: square.id))
      #expect(frame.x + frame.width / 2 == to.0 && frame.y + frame.height / 2 == to.1)
      #expect(square.properties["bg"] == (green ? "#00ff00ff" : "#ff0000ff"), "square at \(to)")
      from = to
    }
  }

  @Test func aResizeSendsOnlyWhatMoved() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    let session = try daemon.session()
    try session.run("open login")
    let reply = try session.run("resize 390 500")
    // Only the height changed: the window, the navigation controller's view and the login view
    // change; the bar and the fields keep their frames.
    let diffLines = reply.lines.filter { !$0.hasPrefix("frame ") }
    #expect(
      diffLines == [
        "layout 1 0 0 390 500", "layout 2 0 0 390 500", "layout 3 0 0 390 500", "ok resize size=390x500",
      ])
    let same = try session.send("resize 390 500")
    #expect(same.frames.isEmpty)
  }

  @Test func secureTextNeverLeavesTheServerInClear() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    let session = try daemon.session()
    session.connection.recordsBytes = true
    try session.run("open login")
    try session.run("tap @password")
    try session.run("text \"hunter2-secret\"")
    try session.run("key backspace")
    try session.run("tree")
    try session.run("snapshot")
    #expect(session.text(of: "password") == String(repeating: "\u{2022}", count: 13))
    let received = String(decoding: session.connection.receivedBytes, as: UTF8.self)
    #expect(!received.contains("hunter"))
    #expect(!received.contains("secret"))
  }

  @Test func loginShowsTheControllersResult() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    let session = try daemon.session()
    try session.run("open login")
    try session.run("tap @login")
    #expect(session.text(of: "result") == "Enter a username and a password")
    try session.run("tap @username")
    try session.run("text \"ada\"")
    try session.run("key tab")
    try session.run("text \"pw\"")
    // A tap by coordinates is hit-tested like a finger: the button's centre.
    let button = try #require(session.view("login"))
    let frame = try #require(session.mirror.windowFrame(of: button.id))
    let reply = try session.run("tap \(frame.x + frame.width / 2) \(frame.y + frame.height / 2)")
    #expect(reply.field("view") == String(button.id))
    #expect(session.text(of: "result") == "Welcome, ada!")
  }

  @Test func aTapOnAHiddenOrNonInteractiveViewFallsThrough() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    let session = try daemon.session()
    try session.run("open square")
    // The green area has interaction disabled: a tap on it lands on the root view below.
    let root = try #require(session.mirror.depthFirst.first { $0.className == "CustomView" })
    let reply = try session.run("tap 10 10")
    #expect(reply.field("view") == String(root.id))
  }

  @Test func lifecycleFollowsUIKitsOrderOverTheWire() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    let session = try daemon.session()
    try session.run("trace on")
    let open = try session.run("open login")
    let events = open.lines.filter { $0.hasPrefix("trace lifecycle LoginStackViewController") }.map {
      String($0.split(separator: " ").last!)
    }
    #expect(
      events == [
        "loadView", "viewDidLoad", "viewWillAppear", "viewIsAppearing", "viewWillLayoutSubviews",
        "viewDidLayoutSubviews", "viewDidAppear",
      ])
    // Closing (as a client's disconnect does) makes the visible controllers disappear, the
    // navigation controller and then the login screen it shows.
    let close = try session.run("close")
    #expect(
      close.lines.filter { $0.hasPrefix("trace") } == [
        "trace lifecycle NavigationController viewWillDisappear",
        "trace lifecycle LoginStackViewController viewWillDisappear",
        "trace lifecycle NavigationController viewDidDisappear",
        "trace lifecycle LoginStackViewController viewDidDisappear",
      ])
  }

  /// `tree` and frames give the same X Y W H for every view, also for a view whose app gave it a
  /// negative size: the note app in a window 7 points wide (audit: `tree` sent minX and width,
  /// which Foundation normalises, while frames send origin and size as set).
  @Test func treeLinesAgreeWithFramesEvenForNegativeSizes() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    let session = try daemon.session()
    try session.run("open note")
    try session.run("resize 7 1855")
    let printed = try session.run("tree").lines.compactMap { line -> (Int, [String])? in
      guard case .tree(_, let id, _) = ServerLine.parse(line) else { return nil }
      let tokens = line.split(separator: " ").map(String.init)
      return (id, Array(tokens[4..<8]))
    }
    #expect(printed.count == session.mirror.nodes.count)
    #expect(
      printed.contains { _, frame in frame[2].hasPrefix("-") || frame[3].hasPrefix("-") },
      "the repro has a view with a negative size")
    for (id, frame) in printed {
      #expect(frame == session.mirror.nodes[id]?.frame, "view \(id)")
    }
  }
}
