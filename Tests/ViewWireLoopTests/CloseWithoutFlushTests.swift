import Foundation
import Glibc
import Testing

@testable import ViewWireLoop

/// `closeWithoutFlush(farewell:)`, for a peer that stopped reading: queued bytes the kernel has
/// not taken are dropped, the farewell goes straight to the socket, input left unread does not
/// turn the close into a reset, and `lastByteSent` says where the peer's stream will end.
struct CloseWithoutFlushTests {
  /// Sixteen bytes a line, so any prefix of a body of them says where it was cut.
  static let pattern = Array("0123456789abcde\n".utf8)

  @Test func aPeerThatReadsGetsWhatWasSentThenTheFarewell() throws {
    let harness = try LoopHarness()
    defer { harness.stopAndWait() }
    let accepted = Recorder<TCPConnection>()
    let events = Recorder<String>()
    let port = try TCPTests.listen(harness) { connection in
      connection.onClose = { error in events.append("close \(error == nil)") }
      connection.write("hello\n")
      accepted.append(connection)
    }
    let client = try Client(port: port)
    #expect(try client.readLine() == "hello")
    // Input the server never reads: without draining it first, closing would send a reset.
    try client.send("unread input\n")
    #expect(client.waitUntilAcknowledged())
    #expect(accepted.wait { $0.count == 1 })
    let sent = try harness.sync { () -> [Int] in
      let connection = accepted.all[0]
      let last = connection.lastByteSent.map(Int.init) ?? -1
      return [last, connection.closeWithoutFlush(farewell: Array("bye\n".utf8))]
    }
    #expect(sent == [0x0A, 4], "the last byte taken ends a line, and the farewell fits")
    #expect(try client.readLine() == "bye")
    #expect(try client.readLine() == nil)
    #expect(events.wait { $0 == ["close true"] })
  }

  @Test func aPeerThatDoesNotReadIsCutWhereTheKernelStopped() throws {
    let harness = try LoopHarness()
    defer { harness.stopAndWait() }
    let body = Array((0..<(256 * 1024)).map { _ in Self.pattern }.joined())
    let accepted = Recorder<TCPConnection>()
    let events = Recorder<String>()
    let port = try TCPTests.listen(harness) { connection in
      connection.onClose = { error in events.append("close \(error == nil)") }
      connection.write(body)  // 4 MiB: more than the kernel's buffers take from a peer not reading
      accepted.append(connection)
    }
    // A small fixed receive buffer: with autotuning the peer's kernel alone could take 32 MiB.
    let client = try Client(port: port, receiveBuffer: 256 * 1024)
    try client.send("unread input\n")
    #expect(client.waitUntilAcknowledged())
    #expect(accepted.wait { $0.count == 1 })
    let result = try harness.sync { () -> [Int] in
      let connection = accepted.all[0]
      // Whatever the kernel's buffers hold, write on until it stops taking bytes (bounded: a
      // kernel that took 256 MiB from a peer not reading would be a failure below).
      var written = body.count
      while connection.queuedBytes == 0 && written < 64 * body.count {
        connection.write(body)
        written += body.count
      }
      let queued = connection.queuedBytes
      let last = connection.lastByteSent.map(Int.init) ?? -1
      let farewell = Array("bye\n".utf8)
      let sent =
        last == 0x0A ? connection.closeWithoutFlush(farewell: farewell) : connection.closeWithoutFlush()
      return [queued, last, sent, written]
    }
    let (queued, last, sent, written) = (result[0], result[1], result[2], result[3])
    #expect(queued > 0, "some of the body waited in the queue when the connection was cut")
    #expect(events.wait { $0 == ["close true"] }, "the close did not wait for the peer")
    // Reading now: the prefix the kernel took (its last byte is the one reported), the part of
    // the farewell that fitted, then the end of the stream, and no reset. The stream is the body
    // over and over, so byte i is body[i % body.count].
    let received = try client.readToEnd()
    let bodyPart = received.count - sent
    #expect(bodyPart > 0 && bodyPart < written)
    #expect(received.prefix(bodyPart).enumerated().allSatisfy { $1 == body[$0 % body.count] })
    #expect(bodyPart > 0 && Int(body[(bodyPart - 1) % body.count]) == last)
    #expect(Array(received.suffix(sent)) == Array("bye\n".utf8.prefix(sent)))
  }
}
