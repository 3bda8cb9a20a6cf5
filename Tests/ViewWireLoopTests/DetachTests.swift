import Foundation
import Glibc
import Testing

@testable import ViewWireLoop

/// A connection moved from one loop to another (`TCPConnection.detach()`,
/// `EventLoop.open(_:)`), as the daemon moves a resuming connection to its session's loop.
struct DetachTests {
  @Test func aConnectionMovesToAnotherLoopWithWhatItHadNotWritten() throws {
    let first = try LoopHarness()
    let second = try LoopHarness()
    defer {
      first.stopAndWait()
      second.stopAndWait()
    }
    let closes = Recorder<String>()
    let port = try TCPTests.listen(first) { [second] connection in
      connection.onClose = { _ in closes.append("first loop's handle reported a close") }
      connection.write("from the first loop\n")
      // Whatever part of it the kernel did not take travels with the socket.
      guard let socket = connection.detach() else { return }
      #expect(connection.isClosed)
      let moving = DetachedBox(socket: socket)
      second.loop.execute { [loop = second.loop] in
        guard let connection = try? loop.open(moving.socket) else { return }
        connection.write("from the second loop\n")
        connection.onRead = { bytes in connection.write(bytes) }
        connection.startReading()
      }
    }
    let client = try Client(port: port)
    #expect(try client.readLine() == "from the first loop")
    #expect(try client.readLine() == "from the second loop")
    try client.send("echoed by the second loop\n")
    #expect(try client.readLine() == "echoed by the second loop")
    #expect(closes.all.isEmpty, "a detached handle closes without calling onClose")
  }

  @Test func aDetachedSocketNobodyOpensIsClosed() throws {
    let harness = try LoopHarness()
    defer { harness.stopAndWait() }
    let port = try TCPTests.listen(harness) { connection in
      // Dropped at once: the peer must see the end of the stream, not a socket left open.
      _ = connection.detach()
    }
    let client = try Client(port: port)
    #expect(try client.readLine() == nil)
  }

  @Test func theLoopCountDefaultsToTheProcessorsThisProcessMayUse() {
    #expect(EventLoop.availableProcessors >= 1)
    #expect(EventLoop.availableProcessors <= Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }
}

/// A detached socket carried into another loop's work.
private struct DetachedBox: Sendable {
  let socket: DetachedSocket
}
