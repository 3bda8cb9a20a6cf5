import Dispatch
import Foundation
import Glibc
import Testing

@testable import ViewWireLoop

/// A test failure that is not an expectation: a guard timed out, a socket call failed.
struct Failure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// How long any wait may take before the test fails. A guard against hangs, never a measurement.
let failureTimeout: TimeInterval = 10

/// An event loop running `run()` on a thread of its own for the length of one test.
final class LoopHarness: @unchecked Sendable {
  let loop: EventLoop
  private let finished = DispatchSemaphore(value: 0)
  private let started = DispatchSemaphore(value: 0)
  /// The thread that runs the loop; written once before `started` is signalled.
  private(set) nonisolated(unsafe) var loopThread: pthread_t = 0
  private var hasFinished = false

  init() throws {
    // A peer that resets must not kill the test process when the loop writes to it.
    signal(SIGPIPE, SIG_IGN)
    loop = try EventLoop()
    let thread = Thread { [self] in
      loopThread = pthread_self()
      started.signal()
      loop.run()
      finished.signal()
    }
    thread.start()
    guard started.wait(timeout: .now() + failureTimeout) == .success else {
      throw Failure("the loop thread did not start")
    }
  }

  /// Runs `body` on the loop thread and returns what it returned.
  func sync<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
    let result = Recorder<Result<T, any Error>>()
    loop.execute { result.append(Result { try body() }) }
    guard result.wait(until: { !$0.isEmpty }) else { throw Failure("the loop did not run the work in time") }
    return try result.all[0].get()
  }

  /// Asks the loop to stop and waits for `run()` to return; false if it did not.
  @discardableResult
  func stopAndWait() -> Bool {
    if hasFinished { return true }
    loop.execute { [loop] in loop.stop() }
    hasFinished = finished.wait(timeout: .now() + failureTimeout) == .success
    return hasFinished
  }
}

/// A thread-safe list that a test can wait on.
final class Recorder<Element>: @unchecked Sendable {
  private let condition = NSCondition()
  private var items: [Element] = []

  func append(_ item: Element) {
    condition.lock()
    items.append(item)
    condition.broadcast()
    condition.unlock()
  }

  var all: [Element] {
    condition.lock()
    defer { condition.unlock() }
    return items
  }

  /// Waits until `predicate` holds for the items; false if it still does not after the timeout.
  func wait(until predicate: ([Element]) -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: failureTimeout)
    condition.lock()
    defer { condition.unlock() }
    while !predicate(items) {
      if !condition.wait(until: deadline) { return predicate(items) }
    }
    return true
  }
}

/// State that only the loop thread touches, carried into `execute` closures.
final class LoopConfined<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}

/// The client side: a blocking POSIX socket with 10 s timeouts as failure guards.
final class Client {
  private(set) var fd: Int32
  private var buffer: [UInt8] = []

  /// `receiveBuffer`, when given, fixes the socket's SO_RCVBUF before connecting, which also
  /// turns off the kernel's autotuning (here up to 32 MiB): a test that needs the kernel to stop
  /// taking bytes from the server then knows it will, and soon.
  init(port: Int, receiveBuffer: Int32? = nil) throws {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw Failure("socket: errno \(errno)") }
    if var size = receiveBuffer {
      setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var timeout = timeval(tv_sec: Int(failureTimeout), tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let status = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard status == 0 else {
      let error = errno
      Glibc.close(fd)
      throw Failure("connect to port \(port): errno \(error)")
    }
  }

  deinit { close() }

  func close() {
    if fd >= 0 { Glibc.close(fd) }
    fd = -1
  }

  func send(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard sent > 0 else { throw Failure("send: errno \(errno)") }
      offset += sent
    }
  }

  func send(_ text: String) throws { try send(Array(text.utf8)) }

  /// Up to `limit` bytes; empty at end of stream. Throws on the timeout.
  func read(limit: Int = 64 * 1024) throws -> [UInt8] {
    if !buffer.isEmpty {
      let taken = Array(buffer.prefix(limit))
      buffer.removeFirst(taken.count)
      return taken
    }
    var chunk = [UInt8](repeating: 0, count: limit)
    let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, limit, 0) }
    guard count >= 0 else { throw Failure("recv: errno \(errno) (a timeout is EAGAIN, \(EAGAIN))") }
    return Array(chunk[..<count])
  }

  /// The next line without its LF, or nil at end of stream.
  func readLine() throws -> String? {
    while true {
      if let newline = buffer.firstIndex(of: 0x0A) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeFirst(newline + 1)
        return line
      }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 4096, 0) }
      guard count >= 0 else { throw Failure("recv: errno \(errno)") }
      if count == 0 { return nil }
      buffer += chunk[..<count]
    }
  }

  /// Everything until the peer closes.
  func readToEnd() throws -> [UInt8] {
    var all = buffer
    buffer = []
    while true {
      let chunk = try read()
      if chunk.isEmpty { return all }
      all += chunk
    }
  }

  /// Closes at once with a reset (SO_LINGER 0) instead of a FIN.
  func reset() {
    var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
    setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    close()
  }

  /// Half-closes: the server reads EOF but can still write.
  func finishSending() { shutdown(fd, Int32(SHUT_WR)) }

  /// Waits until the server's kernel has acknowledged every byte sent, so they sit in its
  /// receive buffer (whether or not the server reads them); false at the timeout.
  func waitUntilAcknowledged() -> Bool {
    let deadline = Date(timeIntervalSinceNow: failureTimeout)
    while Date() < deadline {
      var unacknowledged: Int32 = 0
      guard ioctl(fd, UInt(TIOCOUTQ), &unacknowledged) == 0 else { return false }
      if unacknowledged == 0 { return true }
      usleep(1_000)
    }
    return false
  }
}
