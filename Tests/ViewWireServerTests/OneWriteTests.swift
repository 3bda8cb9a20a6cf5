import Foundation
import Glibc
import Testing

/// A command's frame and its `ok` leave in one `write`, in the loop turn that read the command
/// (issue 14, item 3; BENCHMARKS.md, "The kernel side and one client's round trip"): a second
/// write, or a reply deferred to a later turn of the loop, would add a system call and a
/// wake-up of the client to every tap and drag.
///
/// Tested from outside over a raw socket: the server writes a small reply in one `write`, which
/// loopback delivers whole before the client is woken, so the first `recv` after the socket
/// becomes readable returns the entire reply. Had the frame and the `ok` gone out in two writes,
/// or the `ok` a turn later, that `recv` could end after the frame.
struct OneWriteTests {
  /// A blocking loopback connection read one `recv` at a time.
  final class RawSocket {
    let fd: Int32

    init(port: Int) throws {
      fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      try #require(Loopback.connect(fd, port: port))
    }

    deinit { Glibc.close(fd) }

    func send(_ text: String) {
      let bytes = Array(text.utf8)
      var offset = 0
      while offset < bytes.count {
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
        guard written > 0 else { return }
        offset += written
      }
    }

    /// Waits (up to 30 s) until the socket is readable, then returns what one `recv` gives.
    func receiveOnce() -> String {
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 30_000) > 0 else { return "" }
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      return count > 0 ? String(decoding: chunk[..<count], as: UTF8.self) : ""
    }

    /// Reads until the text read ends with a line starting with `prefix`.
    func receive(throughLineStarting prefix: String) -> String {
      var text = ""
      let deadline = Date().addingTimeInterval(30)
      while Date() < deadline {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if text.hasSuffix("\n"), let last = lines.dropLast().last, last.hasPrefix(prefix) { return text }
        let more = receiveOnce()
        if more.isEmpty { return text }
        text += more
      }
      return text
    }
  }

  /// A session of `app` whose greeting and opening frame were read to their end.
  private static func openSession(_ app: String, on daemon: Daemon) throws -> RawSocket {
    let socket = try RawSocket(port: daemon.port)
    #expect(socket.receive(throughLineStarting: "hello ").hasPrefix("hello "))
    socket.send("open \(app)\n")
    #expect(socket.receive(throughLineStarting: "ok open").contains("ok open"))
    return socket
  }

  /// Each command changes the tree, so each reply carries a frame (the drag goes there and back).
  @Test(arguments: [
    ("gallery", ["tap @switch\n"], "ok tap"),
    ("square", ["drag 195 150 195 600\n", "drag 195 600 195 150\n"], "ok drag"),
  ])
  func aFrameAndItsOkComeInOneRead(app: String, commands: [String], ok: String) throws {
    let daemon = try Daemon()
    defer { daemon.stop() }
    let socket = try Self.openSession(app, on: daemon)
    for round in 0..<4 {
      socket.send(commands[round % commands.count])
      let reply = socket.receiveOnce()
      let lines = reply.split(separator: "\n")
      #expect(lines.first?.hasPrefix("frame ") == true, "\(reply)")
      #expect(reply.hasSuffix("\n") && lines.last?.hasPrefix(ok) == true, "\(reply)")
    }
  }

  @Test func commandsReadTogetherAreAnsweredInOneWrite() throws {
    // Without the time slice, one turn handles all three (a debug or ThreadSanitizer build can
    // take longer than the default 50 µs over a tap, which ends the turn after it).
    let daemon = try Daemon(["--turn-slice", "0"])
    defer { daemon.stop() }
    let socket = try Self.openSession("gallery", on: daemon)
    // One write, so the server reads all three in one read and answers them in one write.
    socket.send("tap @switch\nping\ntap @switch\n")
    let reply = socket.receiveOnce()
    let oks = reply.split(separator: "\n").filter { $0.hasPrefix("ok ") }
    #expect(oks.map { String($0.prefix(7)) } == ["ok tap ", "ok ping", "ok tap "], "\(reply)")
    #expect(reply.hasSuffix("\n"))
  }
}
