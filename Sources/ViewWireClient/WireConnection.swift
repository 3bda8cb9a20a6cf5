import Foundation
import Glibc

/// A blocking TCP connection that reads server lines, for scripts, tests and the console
/// client.
///
/// Deliberately not libuv: a client is a few blocking calls with timeouts, and keeping it on
/// plain POSIX sockets proves the daemon speaks to any TCP peer.
public final class WireConnection {
  private var socket: Int32
  private var buffer = LineBuffer()
  /// Every byte received, when `recordsBytes` is set (tests check secrets never travel).
  public private(set) var receivedBytes: [UInt8] = []
  /// Whether to keep every byte received in `receivedBytes`; off by default, since a long
  /// session would keep all its traffic in memory.
  public var recordsBytes = false

  /// Why a connection failed.
  public enum Failure: Error, CustomStringConvertible, Equatable {
    /// The connection could not be made (bad address, refused), with the reason.
    case cannotConnect(String)
    /// No complete line came within the timeout; the connection stays usable.
    case timedOut(seconds: Double)
    /// The peer closed the connection (or reset it) while sending.
    case closed
    /// Any other socket error, with `strerror`'s text.
    case ioError(String)

    /// The failure in words, for scripts and test failures.
    public var description: String {
      switch self {
      case .cannotConnect(let reason): return "cannot connect: \(reason)"
      case .timedOut(let seconds): return "no line within \(seconds) s"
      case .closed: return "the server closed the connection"
      case .ioError(let reason): return "I/O error: \(reason)"
      }
    }
  }

  /// Connects to `host` (an IPv4 literal or `localhost`) on `port`.
  ///
  /// - Parameter receiveBufferBytes: a small kernel receive buffer, set before connecting, makes
  ///   a client that stops reading look slow to the server at once instead of after megabytes:
  ///   for testing back-pressure. Nil keeps the system's default.
  public init(host: String = "127.0.0.1", port: Int, receiveBufferBytes: Int? = nil) throws(Failure) {
    socket = try Self.connectedSocket(host: host, port: port, receiveBufferBytes: receiveBufferBytes)
  }

  deinit {
    if socket >= 0 { Glibc.close(socket) }
  }

  /// A blocking TCP socket connected to `host` (an IPv4 literal or `localhost`) on `port`, with
  /// Nagle off; shared by the line and the WebSocket connections.
  static func connectedSocket(host: String, port: Int, receiveBufferBytes: Int?) throws(Failure) -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw .cannotConnect(String(cString: strerror(errno))) }
    if var size = receiveBufferBytes.map(Int32.init) {
      setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    guard inet_pton(AF_INET, host == "localhost" ? "127.0.0.1" : host, &address.sin_addr) == 1 else {
      Glibc.close(socket)
      throw .cannotConnect("'\(host)' is not an IPv4 address")
    }
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      let reason = String(cString: strerror(errno))
      Glibc.close(socket)
      throw .cannotConnect("\(host):\(port): \(reason)")
    }
    var one: Int32 = 1
    setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    return socket
  }

  /// Whether the connection is still open on this side.
  public var isOpen: Bool { socket >= 0 }

  /// Sends `text` followed by a LF.
  public func send(line text: String) throws(Failure) {
    try send(bytes: Array((text + "\n").utf8))
  }

  /// Sends raw bytes.
  public func send(bytes: [UInt8]) throws(Failure) {
    guard socket >= 0 else { throw .closed }
    try Self.sendAll(bytes, on: socket)
  }

  /// Writes all of `bytes` to `socket`, retrying after signals; a peer that went away is
  /// `.closed`. Shared by the line and the WebSocket connections.
  static func sendAll(_ bytes: [UInt8], on socket: Int32) throws(Failure) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw errno == EPIPE || errno == ECONNRESET ? .closed : .ioError(String(cString: strerror(errno)))
      }
      offset += written
    }
  }

  /// Reads the next `count` bytes as they are, for what is not a line: a telnet answer
  /// (PROTOCOL.md section 1.1).
  ///
  /// - Returns: the bytes, or fewer if the server closed the connection first.
  /// - Throws: `Failure.timedOut` when they do not all arrive within `timeout` seconds.
  public func readBytes(count: Int, timeout: Double = 5) throws(Failure) -> [UInt8] {
    let deadline = Date().addingTimeInterval(timeout)
    while buffer.count < count, socket >= 0 {
      let remaining = deadline.timeIntervalSinceNow
      guard remaining > 0 else { throw .timedOut(seconds: timeout) }
      try receive(waitingUpTo: remaining)
    }
    return buffer.nextBytes(count)
  }

  /// Reads the next line (without its LF), waiting at most `timeout` seconds. Returns nil when
  /// the server closed the connection cleanly.
  public func readLine(timeout: Double = 5) throws(Failure) -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if let line = buffer.nextLine() { return line }
      // A last line without LF is dropped.
      guard socket >= 0 else { return nil }
      let remaining = deadline.timeIntervalSinceNow
      guard remaining > 0 else { throw .timedOut(seconds: timeout) }
      try receive(waitingUpTo: remaining)
    }
  }

  /// Waits up to `seconds` for bytes and appends what came to the buffer; closes the socket at
  /// the end of the stream or a reset.
  private func receive(waitingUpTo seconds: Double) throws(Failure) {
    var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    let ready = poll(&poller, 1, Int32(min(seconds * 1000, 60_000)) + 1)
    if ready < 0 {
      if errno == EINTR { return }
      throw .ioError(String(cString: strerror(errno)))
    }
    if ready == 0 { return }
    var chunk = [UInt8](repeating: 0, count: 65536)
    let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
    if count < 0 {
      if errno == EINTR || errno == EAGAIN { return }
      if errno == ECONNRESET {
        close()
        return
      }
      throw .ioError(String(cString: strerror(errno)))
    }
    if count == 0 {
      close()
      return
    }
    buffer.append(contentsOf: chunk[0..<count])
    if recordsBytes { receivedBytes.append(contentsOf: chunk[0..<count]) }
  }

  /// Tells the server nothing more will be sent (a TCP half-close); replies can still be read.
  public func finishSending() {
    guard socket >= 0 else { return }
    shutdown(socket, Int32(SHUT_WR))
  }

  /// Closes the connection.
  public func close() {
    guard socket >= 0 else { return }
    Glibc.close(socket)
    socket = -1
  }
}
