import Testing
import ViewWireClient

/// The scripting API of `ViewWireSession` (issue: "an API for scripts and tests: open an app, tap
/// a view by identifier or coordinates, type, wait for a view with given text, read the mirror as
/// a text snapshot", with resync on mismatch), driven against the real daemon and a fake one.
@Suite struct ScriptingTests {
  /// Seed 004's login screen, scripted as a person uses it; the mirror ends as the server's tree.
  @Test func loginDemoByScript() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    let session = try daemon.session()
    defer { session.close() }
    try session.open("login")
    try session.tap("@username")
    try session.type("alice")
    try session.tap("@password")
    try session.type("secret")
    try session.tap("@login")
    let welcome = try session.waitForView(withText: "Welcome, alice!")
    #expect(welcome.properties["ident"] == "\"result\"")
    #expect(session.resyncCount == 0)
    // The mirror holds exactly what the server prints: every view, frame and property.
    #expect(session.snapshot() == (try session.tree()))
    #expect(
      session.textSnapshot == """
        0 1 Window 0 0 390 844 bg=#ffffffff
        1 2 NavigationContainerView 0 0 390 844 bg=#ffffffff
        2 3 LoginStackView 0 0 390 844 bg=#ffffffff
        3 4 StackView 20 52 350 171
        4 5 StackView 0 0 350 70
        5 6 TextField 0 0 350 30 borderStyle="line" font=17 ident="username" placeholder="Username" text="alice" textColor=#000000ff weight="regular"
        5 7 TextField 0 40 350 30 borderStyle="line" focused=true font=17 ident="password" placeholder="Password" secure=true text="••••••" textColor=#000000ff weight="regular"
        4 8 Button 0 90 350 40 bg=#808080ff font=15 ident="login" radius=5 text="Login" textColor=#ffffffff weight="medium"
        4 9 Label 0 150 350 21 align="center" font=17 ident="result" text="Welcome, alice!" textColor=#34c759ff weight="regular"
        2 10 NavigationBar 0 0 390 44 bg=#f7f7f7ff ident="navigation-bar"
        3 11 Label 112 0 166 44 align="center" font=17 ident="navigation-title" text="Login" textColor=#000000ff weight="semibold"
        3 12 Button 8 0 96 44 font=15 hidden=true ident="back" text="‹ Back" textColor=#007affff weight="medium"
        """)
  }

  /// Taps at points, keys and drags reach the app as their commands do; `#ID` names a view.
  @Test func pointsKeysAndDrags() throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    let session = try daemon.session()
    defer { session.close() }
    try session.open("login")
    let username = try #require(session.view("username"))
    let frame = try #require(session.mirror.windowFrame(of: username.id))
    #expect(try session.tap(x: frame.x + 10, y: frame.y + 10).field("view") == "\(username.id)")
    try session.type("bob")
    try session.key(.backspace)
    #expect(session.text(of: "username") == "bo")
    try session.key(.tab)
    #expect(session.view("password")?.properties["focused"] == "true")
    #expect(try session.tap("#\(username.id)").field("view") == "\(username.id)")
    #expect(try session.drag(from: (x: 5, y: 300), to: (x: 50, y: 320), steps: 2).isOK)
    #expect(throws: ViewWireSession.Failure.self) { try session.tap("no-such-view") }
    #expect(session.snapshot() == (try session.tree()))
    #expect(session.resyncCount == 0)
  }

  /// A frame whose hash is wrong is repaired with one `resync` before the call returns, and the
  /// frames after it apply again; section 7.
  @Test func aHashMismatchIsRepairedWithOneResync() throws {
    let server = try BadHashScenario.server()
    let session = try ViewWireSession(port: server.port)
    defer { session.close() }
    // Frames 1-3 arrive before ping's reply; frame 2 is wrong, so the session resyncs and reads
    // the full frame 4 and `ok resync` after `ok ping`.
    try session.run("ping")
    #expect(session.resyncCount == 1)
    #expect(session.mirror.sequence == 4)
    try session.run("ping")  // reads frame 5, sent after the resync's reply
    #expect(session.mirror.sequence == 5)
    #expect(session.snapshot() == BadHashScenario.finalTree)
    try session.run("quit")
    #expect(server.receivedWhenDone() == ["ping", "resync", "ping", "quit"])
    #expect(session.resyncCount == 1)
  }

  /// Waiting reads asynchronous frames (resyncing on the way), and a wait that cannot end fails
  /// at its deadline.
  @Test func waitingForTextReadsFramesAndHasADeadline() throws {
    let server = try BadHashScenario.server()
    let session = try ViewWireSession(port: server.port)
    defer { session.close() }
    // Frame 5 sets the text, after frame 2's mismatch and the resync's full frame 4.
    let done = try session.waitForView(withText: "done")
    #expect(done.id == 2)
    #expect(session.resyncCount == 1)
    #expect(session.snapshot() == BadHashScenario.finalTree)
    // Nothing more comes, so this wait ends at its deadline, however late.
    #expect(throws: ViewWireSession.Failure.self) { try session.waitForView(withText: "never", timeout: 0.2) }
    try session.run("quit")
    #expect(server.receivedWhenDone() == ["resync", "quit"])
  }
}
