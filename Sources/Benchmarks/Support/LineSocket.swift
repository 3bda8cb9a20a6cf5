// A blocking TCP connection to 127.0.0.1 that writes lines and reads until a line it waits for:
// how the benchmarks open sessions before the load starts.
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A socket call that failed, with what failed.
public struct SocketError: Error, CustomStringConvertible {
  /// The failed call and its errno.
  public let description: String
}

/// A blocking line connection; `fd` may be handed to a `ClosedLoop` afterwards.
public final class LineSocket {
  /// The socket's descriptor.
  public let fd: Int32
  /// Bytes read past the last line returned.
  private var buffer: [UInt8] = []
  private var closed = false

  /// Connects to 127.0.0.1:`port`.
  public init(port: UInt16) throws {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw SocketError(description: "socket: errno \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = port.bigEndian
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      let error = errno
      Glibc.close(fd)
      throw SocketError(description: "connect to port \(port): errno \(error)")
    }
    var one: Int32 = 1
    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
  }

  /// Writes all of `text`.
  public func send(_ text: String) throws {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
      if written < 0 {
        if errno == EINTR { continue }
        throw SocketError(description: "write: errno \(errno)")
      }
      offset += written
    }
    bytes.removeAll()
  }

  /// Reads lines until one satisfies `isLast`; returns every line read (without `\n`).
  @discardableResult
  public func readLines(until isLast: (Substring) -> Bool) throws -> [Substring] {
    var lines: [Substring] = []
    while true {
      while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        var line = String(decoding: buffer[..<newline], as: UTF8.self)
        if line.hasSuffix("\r") { line.removeLast() }
        buffer.removeSubrange(...newline)
        lines.append(Substring(line))
        if isLast(Substring(line)) { return lines }
      }
      var chunk = [UInt8](repeating: 0, count: 65536)
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        throw SocketError(description: "connection closed (read \(count), errno \(errno))")
      }
      buffer.append(contentsOf: chunk[..<count])
    }
  }

  /// Opens a ViewWire session: reads the greeting, then `open APP` up to its `ok open` line.
  public func openViewWireApp(_ app: String) throws {
    try readLines { $0.hasPrefix("hello ") }
    try send("open \(app)\n")
    let lines = try readLines { $0.hasPrefix("ok ") || $0.hasPrefix("error ") }
    guard lines.last?.hasPrefix("ok open") == true else {
      throw SocketError(description: "open \(app): \(lines.last ?? "")")
    }
  }

  /// Closes the socket (once; later calls do nothing).
  public func close() {
    guard !closed else { return }
    closed = true
    Glibc.close(fd)
  }

  deinit { close() }
}
