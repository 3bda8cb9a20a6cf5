import Foundation
import Glibc

/// A TCP relay that does what a proxy routing by the client's first line does (PROTOCOL.md
/// section 17, "More than one daemon"; `deploy/haproxy.cfg`): it holds each new connection
/// until the client's first line is whole, or `holdSeconds` pass, and only then connects to the
/// daemon and passes the bytes through, the held ones first.
///
/// So a client that waits for the greeting before it sends `resume` is only connected after the
/// hold, and the relay records its first line as nil: tests tell the two apart by `firstLines`.
/// `cut()` closes every client connection at once, as a proxy that restarts does.
final class HoldingRelay: @unchecked Sendable {
  let port: Int
  private let upstreamPort: Int
  private let holdSeconds: Double
  private let listener: Int32
  // Threads record while the test reads; every access holds the lock.
  private let lock = NSLock()
  private var lines: [String?] = []
  private var clients: [Int32] = []
  private var closed = false

  /// Listens on 127.0.0.1 (a free port) and relays to `upstreamPort` on 127.0.0.1.
  init(upstreamPort: Int, holdSeconds: Double = 2) throws {
    self.upstreamPort = upstreamPort
    self.holdSeconds = holdSeconds
    let (listener, port) = try Loopback.listen(backlog: 16, owner: "relay")
    self.listener = listener
    self.port = port
    Thread { [self] in acceptLoop() }.start()
  }

  /// Each connection's first line, in the order they came, or nil for one that sent no whole
  /// line within the hold.
  var firstLines: [String?] { lock.withLock { lines } }

  /// Closes every client connection so far (their relaying threads then end).
  func cut() {
    // Under the lock: a relaying thread forgets its socket under it before closing it, so no
    // number shut down here can belong to a socket opened since.
    lock.withLock {
      for client in clients { shutdown(client, Int32(SHUT_RDWR)) }
    }
  }

  /// Stops accepting and cuts every connection.
  func close() {
    lock.withLock { closed = true }
    shutdown(listener, Int32(SHUT_RDWR))
    cut()
  }

  deinit { Glibc.close(listener) }

  private func acceptLoop() {
    while true {
      let client = accept(listener, nil, nil)
      guard client >= 0 else {
        if errno == EINTR { continue }
        return
      }
      let stop = lock.withLock {
        clients.append(client)
        return closed
      }
      if stop {
        Glibc.close(client)
        return
      }
      Thread { [self] in relay(client) }.start()
    }
  }

  /// Holds `client` for its first line, then connects upstream and copies both ways.
  private func relay(_ client: Int32) {
    var held: [UInt8] = []
    let deadline = Date().addingTimeInterval(holdSeconds)
    while !held.contains(UInt8(ascii: "\n")) {
      let remaining = deadline.timeIntervalSinceNow
      guard remaining > 0 else { break }
      var poller = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, Int32(remaining * 1000) + 1)
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else { break }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { break }
      held += chunk[0..<count]
    }
    let firstLine = held.firstIndex(of: UInt8(ascii: "\n")).map {
      String(decoding: held[..<$0], as: UTF8.self)
    }
    lock.withLock { lines.append(firstLine) }
    let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    let connected = Loopback.connect(server, port: upstreamPort)
    if connected, Self.sendAll(held, to: server) {
      let done = DispatchSemaphore(value: 0)
      Thread {
        Self.copy(from: server, to: client)
        done.signal()
      }.start()
      Self.copy(from: client, to: server)
      done.wait()
    }
    Glibc.close(server)
    lock.withLock { clients.removeAll { $0 == client } }
    Glibc.close(client)
  }

  /// Copies until either side ends, then shuts both down so the other direction ends too.
  private static func copy(from source: Int32, to destination: Int32) {
    var chunk = [UInt8](repeating: 0, count: 16384)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0, sendAll(Array(chunk[0..<count]), to: destination) else { break }
    }
    shutdown(source, Int32(SHUT_RDWR))
    shutdown(destination, Int32(SHUT_RDWR))
  }

  private static func sendAll(_ bytes: [UInt8], to socket: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return false }
      offset += written
    }
    return true
  }
}
