// A load generator: connections in a closed loop (each sends its next request when the reply to
// the last one is complete), driven by one thread with epoll, recording every round trip.
//
// It is built to cost the machine as little as it can per request, because on a 2-CPU machine
// its CPU is taken from the server it measures: one `epoll_wait` for every ready connection, one
// `read` per ready connection into one reused buffer, a reply found by looking only at the first
// bytes of each line (`memchr` to the next line end, no copy), one `write` per request from bytes
// laid out once, no allocation per request; and it reports its own CPU per request (the thread's
// CPU time) so a benchmark can say how much of the machine it took.
import CBenchSystem
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What one connection sends and how it knows a reply is complete.
public struct RequestKind: Sendable {
  /// What the benchmark's tables call this kind (`tap`, `redis PING`).
  public let name: String
  /// The requests, sent in turn (a drag alternates down and up).
  public let requests: [[UInt8]]
  /// The first bytes of the line that ends a reply (`ok ` for ViewWire, `+PONG` for redis).
  public let terminalPrefixes: [[UInt8]]

  /// A kind that sends `requests` in turn and reads each reply up to a line that starts with
  /// one of `terminalPrefixes`.
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
  /// Requests whose reply was complete before the run ended.
  public var requests = 0
  /// The run's length in seconds.
  public var seconds = 0.0
  /// Round trips in microseconds, sorted.
  public var latencies: [Double] = []
  /// The load generator's own CPU time over the run (its thread, user and system), in seconds.
  public var generatorCPUSeconds = 0.0
  /// Completed requests per second of the run.
  public var requestsPerSecond: Double { seconds > 0 ? Double(requests) / seconds : 0 }
  /// The median round trip, in microseconds.
  public var p50: Double { percentile(latencies, 0.5) }
  /// The 99th percentile round trip, in microseconds.
  public var p99: Double { percentile(latencies, 0.99) }
  /// The generator's CPU per completed request, in microseconds: G in BENCHMARKS.md.
  public var generatorMicrosecondsPerRequest: Double { generatorCPUSeconds * 1e6 / Double(max(1, requests)) }
}

/// Drives connections (already connected and set up, blocking sockets) in a closed loop.
public final class ClosedLoop {
  private let kind: RequestKind
  private let fds: [Int32]
  /// Every request of `kind` laid out once, back to back; `requestStart[i]..<requestStart[i+1]`.
  private let requestBytes: UnsafeMutableBufferPointer<UInt8>
  private let requestStart: [Int]
  /// The terminal prefixes packed little-endian into a word each (at most 8 bytes), with their
  /// lengths: a line's head is compared as one integer when it is as long as a prefix.
  private let prefixWords: [(word: UInt64, length: Int)]
  private let longestPrefix: Int
  private let epoll: Int32

  /// Drives the connected sockets `fds`, each sending `kind`'s requests.
  public init(fds: [Int32], kind: RequestKind) {
    precondition(
      kind.terminalPrefixes.allSatisfy { !$0.isEmpty && $0.count <= 8 }, "prefixes of 1 to 8 bytes")
    self.kind = kind
    self.fds = fds
    var starts = [0]
    for request in kind.requests { starts.append(starts.last! + request.count) }
    requestStart = starts
    requestBytes = .allocate(capacity: max(1, starts.last!))
    _ = requestBytes.initialize(from: kind.requests.joined())
    prefixWords = kind.terminalPrefixes.map { prefix in
      var word: UInt64 = 0
      for (offset, byte) in prefix.enumerated() { word |= UInt64(byte) << (8 * UInt64(offset)) }
      return (word, prefix.count)
    }
    longestPrefix = kind.terminalPrefixes.map(\.count).max() ?? 1
    epoll = viewwire_bench_epoll_create()
    if epoll < 0 { fail("epoll_create1 failed (errno \(errno))") }
    for (index, fd) in fds.enumerated() {
      guard viewwire_bench_epoll_add(epoll, fd, UInt32(index)) == 0 else {
        fail("\(kind.name): epoll_ctl failed (errno \(errno))")
      }
    }
  }

  deinit {
    requestBytes.deallocate()
    Glibc.close(epoll)
  }

  /// Runs for `seconds`, then waits for the replies still owed so the next run starts clean.
  public func run(seconds: Double) -> LoadResult {
    let count = fds.count
    // Per connection, in flat arrays allocated once per run: the next request's number, when
    // the last was sent, and the head of the line being read (its bytes packed into a word,
    // and how many; `skipping` once the head matched or cannot match, until the next `\n`).
    let next = UnsafeMutableBufferPointer<Int>.allocate(capacity: count)
    let sentAt = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: count)
    let head = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: count)
    let headLength = UnsafeMutableBufferPointer<Int>.allocate(capacity: count)
    next.initialize(repeating: 0)
    sentAt.initialize(repeating: 0)
    head.initialize(repeating: 0)
    headLength.initialize(repeating: 0)
    let scratchSize = 1 << 16
    let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: scratchSize)
    let tags = UnsafeMutablePointer<UInt32>.allocate(capacity: 64)
    // Room for every round trip at 400,000 requests a second; grows (rarely) if it must.
    var latencies: [Double] = []
    latencies.reserveCapacity(Int(max(1, seconds) * 400_000))
    defer {
      next.deallocate()
      sentAt.deallocate()
      head.deallocate()
      headLength.deallocate()
      scratch.deallocate()
      tags.deallocate()
    }
    let skipping = Int.max
    let requestCount = requestStart.count - 1
    let requestBase = requestBytes.baseAddress!
    let prefixes = prefixWords
    let longest = longestPrefix

    /// Sends connection `index`'s next request: one `write` (a partial write, which a few bytes
    /// on an idle socket never are, is finished by more).
    func send(_ index: Int, at now: UInt64) {
      let which = next[index] % requestCount
      next[index] &+= 1
      sentAt[index] = now
      var offset = requestStart[which]
      let end = requestStart[which + 1]
      while offset < end {
        let written = write(fds[index], requestBase + offset, end - offset)
        if written < 0 {
          if errno == EINTR { continue }
          fail("\(kind.name): write failed (errno \(errno))")
        }
        offset += written
      }
    }

    let cpuStart = viewwire_bench_thread_cpu_ns()
    let start = nowNanoseconds()
    let deadline = start + UInt64(seconds * 1e9)
    var outstanding = 0
    for index in 0..<count {
      send(index, at: nowNanoseconds())
      outstanding += 1
    }
    var requests = 0
    var stopping = false
    while outstanding > 0 {
      let ready = viewwire_bench_epoll_wait(epoll, tags, 64, 100)
      if ready < 0 {
        if errno == EINTR { continue }
        fail("\(kind.name): epoll_wait failed (errno \(errno))")
      }
      // One clock reading per wake-up: every reply read now completed now.
      let now = nowNanoseconds()
      if now >= deadline { stopping = true }
      for slot in 0..<Int(ready) {
        let index = Int(tags[slot])
        let length = read(fds[index], scratch, scratchSize)
        guard length > 0 else {
          if length < 0 && (errno == EINTR || errno == EAGAIN) { continue }
          fail("\(kind.name): the server closed a connection")
        }
        // Count the replies these bytes complete: look at each line's first bytes only.
        var replies = 0
        var position = 0
        var word = head[index]
        var wordLength = headLength[index]
        while position < length {
          if wordLength == skipping {
            guard let newline = memchr(scratch + position, 0x0A, length - position) else { break }
            position = scratch.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
            word = 0
            wordLength = 0
            continue
          }
          let byte = scratch[position]
          position += 1
          if byte == 0x0A {
            word = 0
            wordLength = 0
            continue
          }
          word |= UInt64(byte) << (8 * UInt64(wordLength))
          wordLength += 1
          var matched = false
          for prefix in prefixes where prefix.length == wordLength && prefix.word == word {
            matched = true
          }
          if matched {
            replies += 1
            wordLength = skipping
          } else if wordLength >= longest {
            wordLength = skipping
          }
        }
        head[index] = word
        headLength[index] = wordLength
        for _ in 0..<replies {
          latencies.append(Double(now &- sentAt[index]) / 1000)
          requests += 1
          if stopping {
            outstanding -= 1
          } else {
            send(index, at: now)
          }
        }
      }
    }
    var result = LoadResult()
    result.requests = requests
    result.seconds = Double(nowNanoseconds() - start) / 1e9
    result.generatorCPUSeconds = Double(viewwire_bench_thread_cpu_ns() - cpuStart) / 1e9
    latencies.sort()
    result.latencies = latencies
    return result
  }
}
