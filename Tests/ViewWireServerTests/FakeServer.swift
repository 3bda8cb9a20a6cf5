import Foundation
import Glibc
import ViewWireProtocol

/// A scripted stand-in for the daemon: a TCP listener on 127.0.0.1 (port 0, so tests run in
/// parallel) that serves one connection by a script, for what the real daemon never does, such
/// as sending a frame whose hash is wrong.
///
/// On connect it sends `greeting`; then for each line the client sends, it records the line and
/// sends what `answer` returns for it. `quit` is answered `ok quit` and ends the connection.
final class FakeServer: @unchecked Sendable {
  let port: Int
  private let listener: Int32
  // The serving thread records while the test reads; every access holds the lock.
  private let lock = NSLock()
  private var receivedLines: [String] = []
  private var finished = false

  /// Listens and serves one connection on a thread of its own, for at most `seconds`.
  ///
  /// - Parameters:
  ///   - greeting: the lines sent on connect.
  ///   - answer: the lines to send for a client line, given how many times that line came
  ///     before (0 for its first time).
  init(
    greeting: [String], seconds: Double = 30,
    answer: @escaping @Sendable (_ line: String, _ repeats: Int) -> [String]
  ) throws {
    let (listener, port) = try Loopback.listen(backlog: 1, owner: "fake server")
    self.listener = listener
    self.port = port
    Thread { [self] in
      serve(greeting: greeting, deadline: Date().addingTimeInterval(seconds), answer: answer)
    }.start()
  }

  deinit { Glibc.close(listener) }

  /// Every line the client sent so far, in order.
  var received: [String] { lock.withLock { receivedLines } }

  /// Waits up to `seconds` for the connection to end, then returns what the client sent.
  func receivedWhenDone(waitingUpTo seconds: Double = 20) -> [String] {
    let deadline = Date().addingTimeInterval(seconds)
    while !lock.withLock({ finished }), Date() < deadline { usleep(10_000) }
    return received
  }

  private func serve(
    greeting: [String], deadline: Date, answer: (String, Int) -> [String]
  ) {
    defer { lock.withLock { finished = true } }
    guard wait(for: listener, until: deadline) else { return }
    let client = accept(listener, nil, nil)
    guard client >= 0 else { return }
    defer { Glibc.close(client) }
    func send(_ lines: [String]) {
      let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
      var offset = 0
      while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes {
          Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        guard written > 0 else { return }
        offset += written
      }
    }
    send(greeting)
    var buffer: [UInt8] = []
    var counts: [String: Int] = [:]
    while wait(for: client, until: deadline) {
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return }
      buffer += chunk[0..<count]
      while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeSubrange(...newline)
        lock.withLock { receivedLines.append(line) }
        if line == "quit" {
          send(["ok quit"])
          return
        }
        send(answer(line, counts[line, default: 0]))
        counts[line, default: 0] += 1
      }
    }
  }

  /// Whether `socket` became readable before `deadline`.
  private func wait(for socket: Int32, until deadline: Date) -> Bool {
    while true {
      let remaining = deadline.timeIntervalSinceNow
      guard remaining > 0 else { return false }
      var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, Int32(min(remaining, 1) * 1000) + 1)
      if ready > 0 { return true }
      if ready < 0 && errno != EINTR { return false }
    }
  }
}

/// The hash of section 7 computed from the spec's fact strings as written in a test, apart from
/// the mirror's code, so a test's expected hashes do not trust the code they check.
func specHash(_ facts: [String]) -> String {
  FNV1a.hex(facts.reduce(UInt64(0)) { $0 &+ FNV1a.hash($1) })
}

/// A server whose frame 2 has a wrong hash, then answers the client's `resync` as the spec says.
///
/// After the greeting it sends three frames at once: 1 (full, right), 2 (wrong hash), 3 (an
/// incremental frame with the right hash for the server's tree, which a client must ignore while
/// it waits for the full frame). Its first `resync` gets the full frame 4, `ok resync`, and an
/// incremental frame 5 (setting a text, for waits) the client must apply again; a later `resync`
/// only gets `ok resync`, so a client that floods resyncs never reaches frame 5. `ping` gets
/// `ok ping`.
enum BadHashScenario {
  static let greeting = ["hello viewwire protocol=1 session=1 size=390x844"] + frame1 + frame2 + frame3

  /// The tree after frame 3 (and 4), as facts of section 7.
  static let factsAfter3 = [
    "s 1 Window - -", "l 1 0 0 390 844", "p 1 bg=#ffffffff", "s 2 View 1 -", "l 2 30 30 100 50",
    "p 2 bg=#ff0000ff",
  ]

  static let frame1 = [
    "frame 1 begin full", "create 1 Window - 0", "create 2 View 1 0", "layout 1 0 0 390 844",
    "layout 2 10 10 100 50", "render 1 bg=#ffffffff",
    "frame 1 end hash="
      + specHash([
        "s 1 Window - -", "l 1 0 0 390 844", "p 1 bg=#ffffffff", "s 2 View 1 -", "l 2 10 10 100 50",
      ])
      + " views=2",
  ]
  static let frame2 = ["frame 2 begin", "layout 2 20 20 100 50", "frame 2 end hash=0123456789abcdef views=2"]
  static let frame3 = [
    "frame 3 begin", "layout 2 30 30 100 50", "render 2 bg=#ff0000ff",
    "frame 3 end hash=\(specHash(factsAfter3)) views=2",
  ]
  static let frame4 = [
    "frame 4 begin full", "create 1 Window - 0", "create 2 View 1 0", "layout 1 0 0 390 844",
    "layout 2 30 30 100 50", "render 1 bg=#ffffffff", "render 2 bg=#ff0000ff",
    "frame 4 end hash=\(specHash(factsAfter3)) views=2",
  ]
  static let frame5 = [
    "frame 5 begin", "render 2 alpha=0.5 text=\"done\"",
    "frame 5 end hash=\(specHash(factsAfter3 + ["p 2 alpha=0.5", "p 2 text=\"done\""])) views=2",
  ]

  /// The tree after frame 5 as `tree` lines without their `tree` word.
  static let finalTree = [
    "0 1 Window 0 0 390 844 bg=#ffffffff", "1 2 View 30 30 100 50 alpha=0.5 bg=#ff0000ff text=\"done\"",
  ]

  static func server() throws -> FakeServer {
    try FakeServer(greeting: greeting) { line, repeats in
      switch line {
      case "resync": return repeats == 0 ? frame4 + ["ok resync"] + frame5 : ["ok resync"]
      case "ping": return ["ok ping"]
      default: return ["error unknown-command \"\(line)\""]
      }
    }
  }
}
