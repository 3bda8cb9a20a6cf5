// A load generator: connections in a closed loop (each sends its next request when the reply to
// the last one is complete), driven by one thread with poll(2) (Swift's Glibc module has no
// epoll), recording every round trip.
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What one connection sends and how it knows a reply is complete.
public struct RequestKind: Sendable {
  /// The kind's name in the report.
  public let name: String
  /// The requests, sent in turn (a drag alternates down and up).
  public let requests: [[UInt8]]
  /// The first bytes of the line that ends a reply (`ok ` for ViewWire, `+PONG` for redis).
  public let terminalPrefixes: [[UInt8]]

  /// A kind sending `requests` in turn, whose replies end with a line starting with one of
  /// `terminalPrefixes`.
  public init(name: String, requests: [String], terminalPrefixes: [String]) {
    self.name = name
    self.requests = requests.map { Array($0.utf8) }
    self.terminalPrefixes = terminalPrefixes.map { Array($0.utf8) }
  }

  /// Whether `line` (without its newline) ends a reply.
  func ends(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    terminalPrefixes.contains { prefix in
      line.count >= prefix.count && zip(prefix, line).allSatisfy { $0 == $1 }
    }
  }
}

/// The outcome of one run: completed requests, the time taken and every round trip.
public struct LoadResult {
  /// Requests whose reply was complete.
  public var requests = 0
  /// The run's length, until the last reply.
  public var seconds = 0.0
  /// Round trips in microseconds, sorted.
  public var latencies: [Double] = []
  /// Completed requests per second.
  public var requestsPerSecond: Double { seconds > 0 ? Double(requests) / seconds : 0 }
  /// The median round trip in microseconds.
  public var p50: Double { percentile(latencies, 0.5) }
  /// The 99th percentile round trip in microseconds.
  public var p99: Double { percentile(latencies, 0.99) }
}

/// Drives connections (already connected and set up, blocking sockets) in a closed loop.
public final class ClosedLoop {
  private struct Connection {
    let fd: Int32
    var next = 0
    var sentAt: UInt64 = 0
    /// The bytes of the line being read, up to the longest terminal prefix.
    var lineStart: [UInt8] = []
    var atLineStart = true
  }

  private let kind: RequestKind
  private var connections: [Connection]
  private var pollSet: [pollfd]
  private let longestPrefix: Int

  /// Drives the connected sockets `fds`, each sending `kind`'s requests.
  public init(fds: [Int32], kind: RequestKind) {
    self.kind = kind
    connections = fds.map { Connection(fd: $0) }
    pollSet = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    longestPrefix = kind.terminalPrefixes.map(\.count).max() ?? 0
  }

  /// Runs for `seconds`, then waits for the replies still owed so the next run starts clean.
  public func run(seconds: Double) -> LoadResult {
    var result = LoadResult()
    result.latencies.reserveCapacity(200_000)
    let start = nowNanoseconds()
    let deadline = start + UInt64(seconds * 1e9)
    var outstanding = 0
    for index in connections.indices {
      send(index)
      outstanding += 1
    }
    var scratch = [UInt8](repeating: 0, count: 1 << 16)
    var stopping = false
    while outstanding > 0 {
      let ready = pollSet.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), 100) }
      if ready < 0 && errno == EINTR { continue }
      let now = nowNanoseconds()
      if now >= deadline { stopping = true }
      guard ready > 0 else { continue }
      for index in pollSet.indices where pollSet[index].revents != 0 {
        pollSet[index].revents = 0
        let count = scratch.withUnsafeMutableBytes { read(connections[index].fd, $0.baseAddress!, $0.count) }
        guard count > 0 else {
          if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
          fail("\(kind.name): the server closed a connection")
        }
        let replies = scratch.withUnsafeBufferPointer { consume(index, $0.prefix(count)) }
        for _ in 0..<replies {
          let done = nowNanoseconds()
          result.latencies.append(Double(done - connections[index].sentAt) / 1000)
          result.requests += 1
          if stopping {
            outstanding -= 1
          } else {
            send(index)
          }
        }
      }
    }
    result.seconds = Double(nowNanoseconds() - start) / 1e9
    result.latencies.sort()
    return result
  }

  /// Sends connection `index`'s next request.
  private func send(_ index: Int) {
    let request = kind.requests[connections[index].next % kind.requests.count]
    connections[index].next += 1
    connections[index].sentAt = nowNanoseconds()
    var offset = 0
    while offset < request.count {
      let written = request.withUnsafeBytes {
        write(connections[index].fd, $0.baseAddress! + offset, $0.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        fail("\(kind.name): write failed (errno \(errno))")
      }
      offset += written
    }
  }

  /// Scans bytes read on connection `index`; returns how many replies they completed.
  private func consume(_ index: Int, _ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
    var replies = 0
    for byte in bytes {
      if byte == UInt8(ascii: "\n") {
        connections[index].atLineStart = true
        connections[index].lineStart.removeAll(keepingCapacity: true)
        continue
      }
      guard connections[index].atLineStart else { continue }
      connections[index].lineStart.append(byte)
      let ended = connections[index].lineStart.withUnsafeBufferPointer { kind.ends($0) }
      if ended {
        replies += 1
        connections[index].atLineStart = false
      } else if connections[index].lineStart.count >= longestPrefix {
        connections[index].atLineStart = false
      }
    }
    return replies
  }
}
