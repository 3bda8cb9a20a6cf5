import Foundation
import Logging
import Testing
import ViewWireClient
import ViewWireKit
import ViewWireProtocol
import ViewWireServer

/// A client that stops reading costs the server a bounded amount of memory, however much its app
/// changes or however many commands it pipelines, and when it reads again one merged frame makes
/// its mirror exact (issue 4: slow clients).
@Suite struct StalledClientTests {
  /// The bound under test, far below the default so a short test passes it many times over.
  static let outputLimit = 16 * 1024
  /// What the server may hold for a client: the limit plus the one write that crossed it.
  static let outputBound = outputLimit + 64 * 1024

  @Test func anAppChangingTenThousandTimesCostsBoundedMemoryAndOneMergedFrame() throws {
    let progress = AppProgress()
    let server = try InProcessServer(apps: [ChurnController.app(reporting: progress)])
    let connection = try WireConnection(port: server.port, receiveBufferBytes: 4096)
    try connection.send(line: "open churn")
    // The client reads nothing while the app rewrites its labels 20,000 times on the loop's
    // timers: megabytes of diffs, more than the kernel's buffers hold, so it stalls.
    #expect(progress.wait(seconds: 60), "the app finished its ticks")
    let statistics = try #require(server.statistics().first)
    #expect(statistics.isStalled, "the client's unread output passed the limit, so frames were held back")
    #expect(statistics.peakUnsentBytes <= Self.outputBound, "held \(statistics.peakUnsentBytes) bytes")

    // Reading again: every frame applies, the last one is exact, and far fewer frames than
    // changes arrived, because held-back changes were merged.
    var mirror = Mirror()
    var frames = 0
    let expected = ChurnController.finalTexts()
    func isFinal() -> Bool {
      !mirror.isInFrame
        && expected.allSatisfy { identifier, text in
          mirror.node(identifier: identifier).flatMap { mirror.text(of: $0, "text") } == text
        }
    }
    while !isFinal(), let text = try connection.readLine(timeout: 10) {
      let line = ServerLine.parse(text)
      try mirror.consume(line)
      if case .frameEnd = line { frames += 1 }
    }
    #expect(isFinal(), "the mirror shows the app's last state")
    #expect(frames < ChurnController.ticks, "\(frames) frames for \(ChurnController.ticks) ticks")
    try connection.send(line: "ping")
    #expect(try connection.readLine(timeout: 10) == "ok ping")
  }

  /// A stalled client whose app changes its structure (views removed, added back, moved, created
  /// and dropped, a child controller shown and hidden) ten thousand times costs the server a
  /// bounded amount: unsent bytes, trace lines and the change tracker's queues all stay under
  /// their bounds, and after it reads again its mirror is exactly the server's tree (audit: the
  /// tracker listed a view once per removal and queued a re-added view for layout again, and
  /// trace lines piled up, for as long as the stall lasted).
  @Test func anAppChangingItsStructureTenThousandTimesCostsBoundedMemory() throws {
    let progress = AppProgress()
    let server = try InProcessServer(apps: [StructureChurnController.app(reporting: progress)])
    let connection = try WireConnection(port: server.port, receiveBufferBytes: 4096)
    try connection.send(bytes: Array("trace on\nopen structure-churn\n".utf8))
    #expect(progress.wait(seconds: 120), "the app finished its ticks")
    let statistics = try #require(server.statistics().first)
    #expect(statistics.isStalled, "the client stalled early: every tick rewrites a 10 KB label")
    #expect(statistics.peakUnsentBytes <= Self.outputBound, "held \(statistics.peakUnsentBytes) bytes")
    // The first 1000 trace lines of the stall and one overflow line (PROTOCOL.md section 10).
    #expect(statistics.pendingTraces == 1001, "\(statistics.pendingTraces) trace lines held")
    // Each of the app's 66 views at most once in each of the tracker's four queues.
    #expect(statistics.queuedChanges <= 66 * 4, "\(statistics.queuedChanges) entries in the tracker")

    // Reading again, then asking for the tree: the merged frame makes the mirror exact.
    try connection.send(line: "tree")
    var mirror = Mirror()
    var treeLines: [String] = []
    var overflowLines: [String] = []
    while let text = try connection.readLine(timeout: 10) {
      let line = ServerLine.parse(text)
      try mirror.consume(line)
      if text.hasPrefix("tree ") { treeLines.append(text) }
      if text.hasPrefix("trace overflow ") { overflowLines.append(text) }
      if text.hasPrefix("ok tree") { break }
      if text.hasPrefix("error") { Issue.record("\(text)") }
    }
    #expect(
      treeLines == mirror.treeLines.map { "tree " + $0 }, "the mirror is the server's tree, view for view")
    #expect(
      mirror.node(identifier: "t\(StructureChurnController.ticks)") != nil, "the last new view is there")
    #expect(mirror.node(identifier: "t\(StructureChurnController.ticks - 1)") == nil, "and no earlier one")
    #expect(overflowLines.count == 1, "\(overflowLines)")
    #expect(overflowLines.first.map { $0.hasSuffix(" lines dropped") } == true)
    try connection.send(line: "ping")
    #expect(try connection.readLine(timeout: 10) == "ok ping")
  }

  /// A client that never reads is disconnected once `--stall-timeout` passes (PROTOCOL.md
  /// section 4): the daemon logs the reason with its session id and whether a `bye` went out,
  /// the client later reads the lines the kernel took and the end of the stream; another client
  /// works throughout. Whether the `bye` itself arrives depends on the kernel's buffers and is
  /// not checked here (the loop tests cover both paths). Only deadlines: the test waits for the
  /// log.
  @Test func aClientStalledPastTheTimeoutIsDisconnectedWithAReason() throws {
    let daemon = try Daemon(["--stall-timeout", "1", "--output-limit", "16384", "--log-level", "notice"])
    defer { daemon.stop() }
    let stalled = try WireConnection(port: daemon.port, receiveBufferBytes: 4096)
    let greeting = try #require(try stalled.readLine(timeout: 10))
    guard case .greeting(_, let sessionID, _) = ServerLine.parse(greeting) else {
      Issue.record("no greeting: \(greeting)")
      return
    }
    // 2000 full frames of the gallery (8 MB), more than the kernel's buffers hold; never read.
    try stalled.send(bytes: Array(("open gallery\n" + String(repeating: "snapshot\n", count: 2000)).utf8))
    let (disconnect, other) = try daemon.serveAnotherClientUntilStallDisconnect(of: sessionID)
    let logged = try #require(disconnect, "the daemon logged the disconnect")
    #expect(logged.contains("disconnecting: stalled: output unread for more than 1 s"), "\(logged)")
    // Whether a bye went out depends on the kernel's buffers (a client that never read leaves
    // the socket no room for one); the log says which, and that is what is checked here.
    #expect(logged.contains("bye="), "the log says whether a bye was sent: \(logged)")

    // What the stalled client can still read: the lines the kernel took, then the end.
    var received: [String] = []
    while let line = try stalled.readLine(timeout: 10) { received.append(line) }
    #expect(received.first == "ok open app=gallery" || received.first?.hasPrefix("frame 1 begin") == true)
    #expect(!stalled.isOpen, "the server closed the connection")

    try other.run("drag 195 422 195 100")
    #expect(other.view("square")?.properties["bg"] == "#00ff00ff")
  }

  @Test func pipelinedCommandsAreHandledOnlyAsFastAsTheClientReads() throws {
    let server = try InProcessServer(apps: [ChurnController.app(reporting: AppProgress())])
    let connection = try WireConnection(port: server.port, receiveBufferBytes: 4096)
    // Each `help` asks for about 1.5 KB of reply; the client sends 3,000 and reads none yet.
    let requests = 3_000
    let script = "open nothing-here\n" + String(repeating: "help\n", count: requests)
    let bytes = Array(script.utf8)
    // A writer thread, because the server stops reading this client once it stalls; the kernel's
    // buffers then fill and a single-threaded client would block for ever.
    let box = ConnectionBox(connection)
    let writer = Thread { try? box.connection.send(bytes: bytes) }
    writer.start()
    // Once stalled with lines waiting, it stays so: the client does not read.
    let statistics = server.waitForStatistics {
      $0.first.map { $0.isStalled && $0.pendingLines > 0 } ?? false
    }
    #expect(statistics != nil, "the server stopped handling the client's lines while it did not read")
    let peak = server.statistics().first?.peakUnsentBytes ?? 0
    #expect(peak <= Self.outputBound, "held \(peak) bytes for one client")
    // Reading everything: one reply per line, in order, nothing lost.
    var replies: [String] = []
    while replies.count < requests + 1, let line = try connection.readLine(timeout: 10) {
      if line.hasPrefix("ok ") || line.hasPrefix("error ") { replies.append(line) }
    }
    #expect(replies.first?.hasPrefix("error client unknown-app") == true, "\(replies.first ?? "")")
    #expect(replies.dropFirst().allSatisfy { $0.hasPrefix("ok help count=") })
    #expect(replies.count == requests + 1)
  }
}

/// A ViewWireServer on its own thread in the test process, so a test can read its statistics.
final class InProcessServer: @unchecked Sendable {
  let server: ViewWireServer
  let port: Int
  private let thread: Thread
  private let finished = DispatchSemaphore(value: 0)

  init(apps: [AppDescriptor], configure: (inout ServerConfiguration) -> Void = { _ in }) throws {
    var configuration = ServerConfiguration()
    configuration.port = 0
    configuration.outputLimit = StalledClientTests.outputLimit
    configure(&configuration)
    var logger = Logger(label: "test")
    logger.logLevel = .error
    let server = ViewWireServer(configuration: configuration, apps: apps, logger: logger)
    self.server = server
    let bound = LockedList()
    let finished = self.finished
    thread = Thread {
      try? server.run { _, port in bound.append(String(port)) }
      finished.signal()
    }
    thread.start()
    let deadline = Date().addingTimeInterval(10)
    while bound.items.isEmpty && Date() < deadline { usleep(1_000) }
    guard let port = bound.items.first.flatMap({ Int($0) }) else {
      throw DaemonFailure(message: "the in-process server did not start")
    }
    self.port = port
  }

  func statistics() -> [ConnectionStatistics] {
    let box = StatisticsBox()
    server.withConnectionStatistics { box.set($0) }
    return box.wait()
  }

  /// Waits up to `seconds` for the statistics to satisfy `condition` and returns them, or nil;
  /// a deadline for waiting, never a measurement.
  func waitForStatistics(
    seconds: Double = 30, until condition: ([ConnectionStatistics]) -> Bool
  ) -> [ConnectionStatistics]? {
    let deadline = Date().addingTimeInterval(seconds)
    repeat {
      let statistics = self.statistics()
      if condition(statistics) { return statistics }
      usleep(2_000)
    } while Date() < deadline
    return nil
  }

  deinit {
    server.stop()
    _ = finished.wait(timeout: .now() + 10)
  }
}

final class StatisticsBox: @unchecked Sendable {
  private let ready = DispatchSemaphore(value: 0)
  private var value: [ConnectionStatistics] = []
  func set(_ value: [ConnectionStatistics]) {
    self.value = value
    ready.signal()
  }
  func wait() -> [ConnectionStatistics] {
    _ = ready.wait(timeout: .now() + 10)
    return value
  }
}

/// Tells a test that an app running on the loop's timers has finished.
final class AppProgress: @unchecked Sendable {
  private let condition = NSCondition()
  private var done = false

  func finish() {
    condition.withLock {
      done = true
      condition.broadcast()
    }
  }

  /// Waits up to `seconds` for `finish()`; false if it did not come (a deadline, not a
  /// measurement).
  func wait(seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    return condition.withLock {
      while !done, condition.wait(until: deadline) {}
      return done
    }
  }
}

/// An app that changes by itself: at every turn of the loop it rewrites the text of all 100 of
/// its labels (about 40 KB of frame), 200 ticks, so 20,000 changes and megabytes of diffs reach a
/// client that may not be reading — more than the kernel's socket buffers absorb. The ticks run
/// as soon as the loop can, one timer each: real time plays no part, only the order of work.
final class ChurnController: ViewController {
  static let views = 100
  static let ticks = 200

  /// The app, telling `progress` when its last tick ran.
  static func app(reporting progress: AppProgress) -> AppDescriptor {
    AppDescriptor(name: "churn", title: "Rewrites 100 labels 200 times") { _ in
      ChurnController(progress: progress)
    }
  }

  private let progress: AppProgress

  init(progress: AppProgress) {
    self.progress = progress
    super.init(nibName: nil, bundle: nil)
  }

  private var tick = 0

  static func text(of index: Int, atTick tick: Int) -> String {
    "label \(index) at tick \(tick) " + String(repeating: "abcdefghij", count: 40)
  }

  /// The texts the mirror must show at the end.
  static func finalTexts() -> [(identifier: String, text: String)] {
    (0..<views).map { ("v\($0)", text(of: $0, atTick: ticks)) }
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    for index in 0..<Self.views {
      let label = Label(frame: CGRect(x: 0, y: index * 8, width: 390, height: 8))
      label.text = Self.text(of: index, atTick: 0)
      label.accessibilityIdentifier = "v\(index)"
      view.addSubview(label)
    }
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    scheduleTick()
  }

  private func scheduleTick() {
    _ = view.window?.scheduler?.schedule(after: 0) { [weak self] in
      guard let self else { return }
      self.tick += 1
      for (index, child) in self.view.subviews.enumerated() {
        (child as? Label)?.text = Self.text(of: index, atTick: self.tick)
      }
      if self.tick < Self.ticks {
        self.scheduleTick()
      } else {
        self.progress.finish()
      }
    }
  }
}

/// An app that changes its structure by itself, 10,000 ticks, one timer each at the next turn
/// of the loop. Every tick a persistent label leaves and comes back elsewhere, a view of a pool
/// leaves or comes back (still needing layout if it never got it), a brand-new view replaces the
/// last tick's, a child controller is shown or hidden (lifecycle traces) and a 10 KB label is
/// rewritten, so a client that does not read stalls within a few hundred ticks and the rest
/// happen while it is stalled.
final class StructureChurnController: ViewController {
  static let ticks = 10_000
  static let persistentCount = 20
  static let poolCount = 40

  /// The app, telling `progress` when its last tick ran.
  static func app(reporting progress: AppProgress) -> AppDescriptor {
    AppDescriptor(name: "structure-churn", title: "Adds and removes views 10,000 times") { _ in
      StructureChurnController(progress: progress)
    }
  }

  private let progress: AppProgress

  init(progress: AppProgress) {
    self.progress = progress
    super.init(nibName: nil, bundle: nil)
  }

  private var persistent: [Label] = []
  private var pool: [View] = []
  private let big = Label(frame: CGRect(x: 0, y: 0, width: 390, height: 20))
  private let child = ViewController()
  private var fresh: View?
  private var tick = 0

  override func viewDidLoad() {
    super.viewDidLoad()
    for index in 0..<Self.persistentCount {
      let label = Label(frame: CGRect(x: 0, y: 20 + index * 10, width: 100, height: 10))
      label.text = "p\(index)"
      label.accessibilityIdentifier = "p\(index)"
      persistent.append(label)
      view.addSubview(label)
    }
    for index in 0..<Self.poolCount {
      let member = View(frame: CGRect(x: 200, y: index * 10, width: 10, height: 10))
      member.accessibilityIdentifier = "q\(index)"
      pool.append(member)
      if index % 2 == 0 { view.addSubview(member) }
    }
    big.accessibilityIdentifier = "big"
    view.addSubview(big)
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    scheduleTick()
  }

  private func scheduleTick() {
    _ = view.window?.scheduler?.schedule(after: 0) { [weak self] in
      guard let self else { return }
      self.tick += 1
      self.step()
      if self.tick < Self.ticks {
        self.scheduleTick()
      } else {
        self.progress.finish()
      }
    }
  }

  private func step() {
    let label = persistent[tick % persistent.count]
    label.removeFromSuperview()
    view.insertSubview(label, at: (tick * 7) % (view.subviews.count + 1))
    let member = pool[tick % pool.count]
    if member.superview == nil {
      view.insertSubview(member, at: tick % (view.subviews.count + 1))
    } else {
      member.removeFromSuperview()
    }
    fresh?.removeFromSuperview()
    let next = View(frame: CGRect(x: 300, y: 0, width: 10, height: 10))
    next.accessibilityIdentifier = "t\(tick)"
    view.addSubview(next)
    fresh = next
    if child.parent == nil {
      addChild(child)
      child.view.frame = CGRect(x: 0, y: 300, width: 50, height: 50)
      view.addSubview(child.view)
      child.didMove(toParent: self)
    } else {
      child.willMove(toParent: nil)
      child.view.removeFromSuperview()
      child.removeFromParent()
    }
    big.text = "tick \(tick) " + String(repeating: "0123456789", count: 1000)
  }
}

extension Daemon {
  /// Opens `square` on a second session and pings on it until the daemon logs that it cut
  /// session `sessionID` off as stalled, for at most 30 s: the second client is served while the
  /// first sits stalled, whatever its transport. Returns the log line of the disconnect (nil if
  /// none came) and the second session, to check it still works.
  func serveAnotherClientUntilStallDisconnect(of sessionID: Int) throws -> (
    disconnect: String?, other: ViewWireSession
  ) {
    let other = try session()
    try other.run("open square")
    func isDisconnect(_ line: String) -> Bool {
      line.contains("session=\(sessionID) ") && line.contains("disconnecting: stalled")
    }
    var lines: [String] = []
    let deadline = Date().addingTimeInterval(30)
    repeat {
      try other.run("ping")
      lines = logLines(waitingUpTo: 0.05) { $0.contains(where: isDisconnect) }
    } while !lines.contains(where: isDisconnect) && Date() < deadline
    return (lines.first(where: isDisconnect), other)
  }
}
