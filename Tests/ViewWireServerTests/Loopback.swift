import Foundation
import Glibc

/// Plain POSIX sockets on 127.0.0.1 for the tests' stand-ins (`FakeServer`, `HoldingRelay`,
/// raw clients): the address dance written once, so each stand-in says only what it does with
/// the socket.
enum Loopback {
  /// 127.0.0.1 at `port`.
  static func address(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
  }

  /// A listening socket on a free port (port 0, so tests run in parallel), and that port.
  ///
  /// - Throws: `DaemonFailure` naming `owner` and the system's reason.
  static func listen(backlog: Int32, owner: String) throws -> (socket: Int32, port: Int) {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = Self.address(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, length) == 0 && Glibc.listen(listener, backlog) == 0
          && getsockname(listener, $0, &length) == 0
      }
    }
    guard bound else {
      Glibc.close(listener)
      throw DaemonFailure(message: "\(owner): \(String(cString: strerror(errno)))")
    }
    return (listener, Int(UInt16(bigEndian: address.sin_port)))
  }

  /// Connects `socket` to 127.0.0.1 at `port`; whether it connected.
  static func connect(_ socket: Int32, port: Int) -> Bool {
    var address = Self.address(port: port)
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
  }
}
