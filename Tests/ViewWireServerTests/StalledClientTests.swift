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

  @Test func anAppChangingTenThousandTimesCostsBoundedMemoryAndOneMergedFrame() throws {
    let server = try InProcessServer(apps: [ChurnController.app])
    let connection = try WireConnection(port: server.port, receiveBufferBytes: 4096)
    try connection.send(line: "open churn")
    // The client reads nothing while the app moves its views 10,000 times on the loop's timer.
    var worst = 0
    var sawStall = false
    while !ChurnController.progress.isFinished {
      let statistics = server.statistics()
      worst = max(worst, statistics.map(\.unsentBytes).max() ?? 0)
      sawStall = sawStall || statistics.contains { $0.isStalled }
      usleep(2_000)
    }
    #expect(sawStall, "the client's unread output passed the limit, so frames were held back")
    // What the server holds: at most the limit plus the one write that crossed it.
    #expect(worst <= Self.outputLimit + 64 * 1024, "held \(worst) bytes for one client")

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

  @Test func pipelinedCommandsAreHandledOnlyAsFastAsTheClientReads() throws {
    let server = try InProcessServer(apps: [ChurnController.app])
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
    var worst = 0
    var sawPending = false
    for _ in 0..<100 {
      let statistics = server.statistics()
      worst = max(worst, statistics.map(\.unsentBytes).max() ?? 0)
      sawPending = sawPending || statistics.contains { $0.isStalled && $0.pendingLines > 0 }
      usleep(5_000)
    }
    #expect(sawPending, "the server stopped handling the client's lines while it did not read")
    #expect(worst <= Self.outputLimit + 64 * 1024, "held \(worst) bytes for one client")
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

  init(apps: [AppDescriptor]) throws {
    var configuration = ServerConfiguration()
    configuration.port = 0
    configuration.outputLimit = StalledClientTests.outputLimit
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

/// An app that changes by itself: every millisecond it rewrites the text of all 100 of its
/// labels (about 40 KB of frame), 200 ticks, so 20,000 changes and megabytes of diffs reach a
/// client that may not be reading — more than the kernel's socket buffers absorb.
final class ChurnController: ViewController {
  static let views = 100
  static let ticks = 200

  final class Progress: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    var isFinished: Bool { lock.withLock { done } }
    func finish() { lock.withLock { done = true } }
  }
  nonisolated(unsafe) static var progress = Progress()

  static let app = AppDescriptor(name: "churn", title: "Rewrites 100 labels 200 times") { _ in
    progress = Progress()
    return ChurnController()
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
    _ = view.window?.scheduler?.schedule(after: 0.001) { [weak self] in
      guard let self else { return }
      self.tick += 1
      for (index, child) in self.view.subviews.enumerated() {
        (child as? Label)?.text = Self.text(of: index, atTick: self.tick)
      }
      if self.tick < Self.ticks {
        self.scheduleTick()
      } else {
        Self.progress.finish()
      }
    }
  }
}
