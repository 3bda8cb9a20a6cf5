import Foundation
import Glibc
import Testing

@testable import ViewWireLoop

/// The event loop over real TCP on 127.0.0.1, with blocking POSIX sockets as clients.
///
/// Nothing here measures time: timeouts only stop a hung test.
struct TCPTests {
  /// Starts a listener on a free port; `onAccept` runs on the loop thread.
  static func listen(_ harness: LoopHarness, _ onAccept: @escaping @Sendable (TCPConnection) -> Void) throws
    -> Int
  {
    try harness.sync { [loop = harness.loop] in
      try loop.listen(host: "127.0.0.1", port: 0, onAccept: onAccept).port
    }
  }

  @Test func echoesLinesOverRealTCP() throws {
    let harness = try LoopHarness()
    defer { harness.stopAndWait() }
    let port = try Self.listen(harness) { connection in
      connection.onRead = { bytes in connection.write(bytes) }
      connection.startReading()
    }
    #expect(port > 0)
    let client = try Client(port: port)
    try client.send("hello\n")
    #expect(try client.readLine() == "hello")
    try client.send("several\nlines in\none send\n")
    #expect(try client.readLine() == "several")
    #expect(try client.readLine() == "lines in")
    #expect(try client.readLine() == "one send")
    let many = (0..<2000).map { "line \($0) \(String(repeating: "x", count: $0 % 97))\n" }.joined()
    try client.send(many)
    for number in 0..<2000 {
      let line = try client.readLine()
      guard line == "line \(number) \(String(repeating: "x", count: number % 97))" else {
        Issue.record("line \(number) came back as \(line ?? "end of stream")")
        return
      }
    }
  }

  @Test func twoClientsAreServedIndependently() throws {
    let harness = try LoopHarness()
    defer { harness.stopAndWait() }
    let port = try Self.listen(harness) { connection in
      connection.onRead = { bytes in connection.write(bytes) }
      connection.startReading()
    }
    let first = try Client(port: port)
    let second = try Client(port: port)
    try first.send("one\n")
    try second.send("two\n")
    #expect(try second.readLine() == "two")
    #expect(try first.readLine() == "one")
  }

  @Test func largeWriteToASlowReaderArrivesCompleteAndInOrderAndDrains() throws {
    let harness = try LoopHarness()
    defer { harness.stopAndWait() }
    let size = 8 << 20
    let payload = (0..<size).map { UInt8(truncatingIfNeeded: $0 ^ ($0 >> 8) ^ ($0 >> 16)) }
    let events = Recorder<String>()
    let port = try Self.listen(harness) { connection in
      connection.onDrain = {
        events.append("drain queued=\(connection.queuedBytes)")
        connection.closeAfterFlush()
      }
      connection.onClose = { error in events.append("close \(error.map { "\($0)" } ?? "clean")") }
      connection.write(payload)
      // 8 MiB is more than a loopback socket takes at once, so some of it must wait in the queue.
      events.append(connection.queuedBytes > 0 ? "queued" : "all taken at once")
    }
    let client = try Client(port: port)
    #expect(events.wait { !$0.isEmpty })
    var received: [UInt8] = []
    received.reserveCapacity(size)
    var reads = 0
    while true {
      let chunk = try client.read(limit: 4096)
      if chunk.isEmpty { break }
      received += chunk
      reads += 1
      if reads % 64 == 0 { usleep(1000) }  // a slow reader, so the server's queue backs up
    }
    #expect(received.count == size)
    #expect(received == payload, "the bytes arrive in order")
    #expect(events.wait { $0.contains { $0.hasPrefix("close") } })
    #expect(events.all == ["queued", "drain queued=0", "close clean"])
  }

  @Test func closeAfterFlushDeliversEverythingBeforeEOF() throws {
    let harness = try LoopHarness()
    defer { harness.stopAndWait() }
    let body = (0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let events = Recorder<String>()
    let port = try Self.listen(harness) { connection in
      connection.onClose = { error in events.append("close \(error.map { "\($0)" } ?? "clean")") }
      connection.write(body)
      connection.write("END\n")
      connection.closeAfterFlush()
      connection.write("written after closeAfterFlush\n")  // refused
      events.append("closing")
    }
    let client = try Client(port: port)
    let received = try client.readToEnd()
    #expect(received.count == body.count + 4)
    #expect(received == body + Array("END\n".utf8))
    #expect(events.wait { $0.contains("close clean") })
  }

  @Test func closeAfterFlushWithNothingQueuedClosesAtOnce() throws {
    let harness = try LoopHarness()
    defer { harness.stopAndWait() }
    let events = Recorder<String>()
    let port = try Self.listen(harness) { connection in
      connection.onClose = { error in events.append("close \(error == nil)") }
      connection.write("bye\n")
      connection.closeAfterFlush()
    }
    let client = try Client(port: port)
    #expect(try client.readToEnd() == Array("bye\n".utf8))
    #expect(events.wait { $0 == ["close true"] })
  }

  @Test func peerDisconnectFiresOnCloseAfterTheLastRead() throws {
    let harness = try LoopHarness()
    defer { harness.stopAndWait() }
    let events = Recorder<String>()
    let port = try Self.listen(harness) { connection in
      connection.onRead = { bytes in events.append("read \(String(decoding: bytes, as: UTF8.self))") }
      connection.onClose = { error in events.append("close \(error.map { "\($0)" } ?? "clean")") }
      connection.startReading()
    }
    let client = try Client(port: port)
    try client.send("last words")
    #expect(events.wait { $0.contains("read last words") })
    client.close()
    #expect(events.wait { $0.contains { $0.hasPrefix("close") } })
    #expect(events.all == ["read last words", "close clean"])
  }

  @Test func peerResetFiresOnClose() throws {
    let harness = try LoopHarness()
    defer { harness.stopAndWait() }
    let events = Recorder<String>()
    let port = try Self.listen(harness) { connection in
      connection.onClose = { _ in events.append("close") }
      connection.startReading()
      events.append("accepted")
    }
    let client = try Client(port: port)
    #expect(events.wait { $0.contains("accepted") })
    client.reset()
    #expect(events.wait { $0.contains("close") })
    #expect(events.all.filter { $0 == "close" }.count == 1)
  }

  @Test func aHalfClosedPeerStillGetsTheReply() throws {
    let harness = try LoopHarness()
    defer { harness.stopAndWait() }
    let port = try Self.listen(harness) { connection in
      connection.onRead = { bytes in connection.write(bytes) }
      connection.startReading()
    }
    let client = try Client(port: port)
    try client.send("quit\n")
    client.finishSending()
    #expect(try client.readToEnd() == Array("quit\n".utf8))
  }

  @Test func stopReadingHoldsInputUntilStartReading() throws {
    let harness = try LoopHarness()
    defer { harness.stopAndWait() }
    let events = Recorder<String>()
    let held = LoopConfined<TCPConnection?>(nil)
    let port = try Self.listen(harness) { connection in
      connection.onRead = { bytes in
        events.append("read \(String(decoding: bytes, as: UTF8.self))")
        connection.stopReading()
        held.value = connection
      }
      connection.startReading()
    }
    let client = try Client(port: port)
    try client.send("one")
    #expect(events.wait { $0 == ["read one"] })
    try client.send("two")
    // Proof that "two" was held: it is read only after startReading, behind a marker.
    try harness.sync { events.append("marker") }
    try harness.sync { held.value?.startReading() }
    #expect(events.wait { $0.count == 3 })
    #expect(events.all == ["read one", "marker", "read two"])
  }

  @Test func bindingAPortInUseThrowsAddressInUse() throws {
    let harness = try LoopHarness()
    defer { harness.stopAndWait() }
    let port = try Self.listen(harness) { _ in }
    let error = try harness.sync { [loop = harness.loop] () -> LoopError? in
      do {
        _ = try loop.listen(host: "127.0.0.1", port: port) { _ in }
        return nil
      } catch let error as LoopError {
        return error
      } catch {
        return nil
      }
    }
    #expect(error?.isAddressInUse == true, "\(String(describing: error))")
    #expect(error?.name == "EADDRINUSE")
    // The first listener still serves.
    _ = try Client(port: port)
  }

  @Test(arguments: ["not-an-address", "999.1.1.1", ""])
  func aHostThatIsNotAnAddressThrows(_ host: String) throws {
    let harness = try LoopHarness()
    defer { harness.stopAndWait() }
    let error = try harness.sync { [loop = harness.loop] () -> LoopError? in
      do {
        _ = try loop.listen(host: host, port: 0) { _ in }
        return nil
      } catch let error as LoopError {
        return error
      } catch {
        return nil
      }
    }
    #expect(error != nil)
    #expect(error?.isAddressInUse == false)
  }

  @Test func localhostAndIPv6LoopbackListen() throws {
    let harness = try LoopHarness()
    defer { harness.stopAndWait() }
    let port = try harness.sync { [loop = harness.loop] in
      try loop.listen(host: "localhost", port: 0) { _ in }.port
    }
    _ = try Client(port: port)
    let v6 = try harness.sync { [loop = harness.loop] () -> Result<Int, LoopError> in
      Result { () throws(LoopError) in try loop.listen(host: "::1", port: 0) { _ in }.port }
    }
    if case .success(let port) = v6 { #expect(port > 0) }  // a host without IPv6 may refuse ::1
  }
}

struct TimerTests {
  @Test func aOneShotTimerFiresOnceAndARepeatingTimerRepeats() throws {
    let harness = try LoopHarness()
    defer { harness.stopAndWait() }
    let events = Recorder<String>()
    try harness.sync { [loop = harness.loop] in
      loop.makeTimer().start(afterMilliseconds: 1) { events.append("once") }
      let repeating = loop.makeTimer()
      var count = 0
      repeating.start(afterMilliseconds: 1, repeatMilliseconds: 1) {
        count += 1
        events.append("tick \(count)")
        guard count == 5 else { return }
        repeating.stop()
        // A later timer: by the time it fires, neither timer above may fire again.
        let last = loop.makeTimer()
        last.start(afterMilliseconds: 30) {
          events.append("done")
          last.close()
        }
      }
    }
    #expect(events.wait { $0.contains("done") })
    let all = events.all
    #expect(all.filter { $0 == "once" }.count == 1)
    #expect(all.filter { $0.hasPrefix("tick") } == (1...5).map { "tick \($0)" })
    #expect(all.last == "done")
  }

  @Test func aStoppedTimerCanBeRestartedAndAClosedOneNeverFires() throws {
    let harness = try LoopHarness()
    defer { harness.stopAndWait() }
    let events = Recorder<String>()
    try harness.sync { [loop = harness.loop] in
      let closed = loop.makeTimer()
      closed.start(afterMilliseconds: 1) { events.append("closed timer fired") }
      closed.close()
      closed.start(afterMilliseconds: 1) { events.append("closed timer restarted") }
      #expect(closed.isClosed)

      let restarted = loop.makeTimer()
      restarted.start(afterMilliseconds: 1) { events.append("first handler") }
      restarted.stop()
      restarted.start(afterMilliseconds: 2) {
        events.append("second handler")
        restarted.close()
      }
      let last = loop.makeTimer()
      last.start(afterMilliseconds: 30) {
        events.append("done")
        last.close()
      }
    }
    #expect(events.wait { $0.contains("done") })
    #expect(events.all == ["second handler", "done"])
  }
}

struct LoopLifecycleTests {
  @Test func executeFromOtherThreadsRunsOnTheLoopInOrder() throws {
    let harness = try LoopHarness()
    defer { harness.stopAndWait() }
    let loopThread = harness.loopThread
    let results = Recorder<(thread: Int, item: Int, onLoop: Bool)>()
    let threads = 4
    let items = 200
    for thread in 0..<threads {
      Thread { [loop = harness.loop] in
        for item in 0..<items {
          loop.execute { results.append((thread, item, pthread_equal(pthread_self(), loopThread) != 0)) }
        }
      }.start()
    }
    #expect(results.wait { $0.count == threads * items })
    let all = results.all
    #expect(all.allSatisfy { $0.onLoop })
    for thread in 0..<threads {
      #expect(
        all.filter { $0.thread == thread }.map(\.item) == Array(0..<items), "thread \(thread)'s work in order"
      )
    }
  }

  @Test func stopClosesEveryHandleAndRunReturns() throws {
    let harness = try LoopHarness()
    let events = Recorder<String>()
    let handles = LoopConfined<[LoopHandle]>([])
    let port = try harness.sync { [loop = harness.loop] in
      let listener = try loop.listen(host: "127.0.0.1", port: 0) { connection in
        connection.onClose = { error in events.append("connection closed \(error == nil)") }
        connection.startReading()
        handles.value.append(connection)
        events.append("accepted")
      }
      let timer = loop.makeTimer()
      timer.start(afterMilliseconds: 600_000) { events.append("timer fired") }
      let idle = loop.makeTimer()  // never started: inactive, but open
      handles.value += [listener, timer, idle]
      return listener.port
    }
    let client = try Client(port: port)
    #expect(events.wait { $0.contains("accepted") })

    #expect(harness.stopAndWait(), "run() returns once stop() has closed every handle")
    // run() has returned, so reading loop-thread state here is ordered after it.
    #expect(harness.loop.isStopped)
    #expect(handles.value.count == 4)
    #expect(handles.value.allSatisfy { $0.isClosed })
    #expect(events.all == ["accepted", "connection closed true"])
    #expect(try client.readToEnd().isEmpty, "the client sees the connection end")
    #expect(throws: Failure.self) { _ = try Client(port: port) }
    // Work after stop is ignored, not run and not a crash.
    harness.loop.execute { events.append("late work") }
    #expect(!events.all.contains("late work"))
  }

  @Test func stopWithNoHandlesOfItsOwn() throws {
    let harness = try LoopHarness()
    #expect(harness.stopAndWait())
    #expect(harness.loop.isStopped)
  }
}

/// A lingering close: the server reads and drops input after `closeAfterFlush`, so Linux never
/// answers unread input with a reset that would discard the unsent tail of a reply.
struct LingeringCloseTests {
  @Test func unreadInputDoesNotCostTheTailOfAReply() throws {
    let harness = try LoopHarness()
    defer { harness.stopAndWait() }
    let body = [UInt8](repeating: 0x61, count: 32 << 20)
    let events = Recorder<String>()
    let port = try TCPTests.listen(harness) { connection in
      connection.onRead = { _ in
        connection.stopReading()
        connection.write(body)
        connection.closeAfterFlush()
        events.append("closing")
      }
      connection.startReading()
    }
    let client = try Client(port: port)
    try client.send("quit\n")
    // The server has read `quit` alone and is closing, so the next line is not read with it.
    #expect(events.wait { $0 == ["closing"] })
    try client.send("a line the server never reads\n")
    // The line has reached the server while the tail of the 32 MiB is still in its send buffer
    // (the client has read nothing yet).
    #expect(client.waitUntilAcknowledged())
    // Before the lingering close, this was a reset (ECONNRESET from recv) after fewer bytes.
    let received = try client.readToEnd()
    #expect(received.count == body.count)
  }
}

extension LingeringCloseTests {
  @Test func aPeerThatNeverClosesIsClosedAfterTheLinger() throws {
    let harness = try LoopHarness()
    defer { harness.stopAndWait() }
    let events = Recorder<String>()
    let port = try TCPTests.listen(harness) { connection in
      connection.onRead = { _ in events.append("read") }
      connection.onClose = { error in events.append("close \(error == nil)") }
      connection.write("bye\n")
      connection.closeAfterFlush()
    }
    let client = try Client(port: port)
    #expect(try client.readLine() == "bye")
    #expect(try client.readLine() == nil, "our EOF arrives before the peer closes")
    try client.send("ignored, and no reset for it\n")
    // The client keeps its socket open; the server gives up waiting for its EOF.
    #expect(events.wait { $0 == ["close true"] })
  }
}
