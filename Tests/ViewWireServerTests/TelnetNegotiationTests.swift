import Foundation
import Testing
import ViewWireClient
import ViewWireProtocol

/// PROTOCOL.md section 1.1: what telnet negotiation a client can make the server send is bounded.
@Suite struct TelnetNegotiationTests {
  /// Issue 15: a client that floods option requests without reading gets one 3-byte answer per
  /// request, never more than it sent, and the answers count against the output limit like any
  /// reply: the server stalls the client and stops reading it, holding no more than for a client
  /// pipelining commands. When the client reads, every answer is there, in order, and the session
  /// goes on.
  @Test(arguments: [
    ("DO ECHO", [UInt8]([0xFF, 0xFD, 0x01]), [UInt8]([0xFF, 0xFC, 0x01])),
    ("WILL NAWS", [0xFF, 0xFB, 0x1F], [0xFF, 0xFE, 0x1F]),
    ("DO TIMING-MARK", [0xFF, 0xFD, 0x06], [0xFF, 0xFB, 0x06]),
  ])
  func aFloodOfRequestsIsAnsweredOnlyAsFastAsTheClientReads(name: String, request: [UInt8], answer: [UInt8])
    throws
  {
    let server = try InProcessServer(apps: [])
    let connection = try WireConnection(port: server.port, receiveBufferBytes: 4096)
    #expect(try connection.readLine(timeout: 10)?.hasPrefix("hello viewwire ") == true)
    // Six megabytes of answers: more than the kernel's socket buffers hold, so the client stalls.
    let requests = 2_000_000
    let flood = Self.repeated(request, requests) + Array("ping\n".utf8)
    // A writer thread: once the server stops reading this client, the kernel's buffers fill and
    // a single-threaded client would block for ever.
    let box = ConnectionBox(connection)
    Thread { try? box.connection.send(bytes: flood) }.start()
    // Two million requests take a ThreadSanitizer build tens of seconds when other suites share
    // the two cores, so the waits below are generous: they end as soon as the state is reached.
    let statistics = server.waitForStatistics(seconds: 180) { $0.first?.isStalled ?? false }
    #expect(statistics != nil, "\(name): the client stalled instead of the server holding every answer")
    let peak = server.statistics().first?.peakUnsentBytes ?? 0
    #expect(peak <= StalledClientTests.outputBound, "\(name): held \(peak) bytes for one client")

    let answers = try connection.readBytes(count: requests * answer.count, timeout: 180)
    #expect(answers.count == requests * answer.count)
    #expect(answers == Self.repeated(answer, requests), "\(name)")
    #expect(try connection.readLine(timeout: 10) == "ok ping")
  }

  /// `bytes` `count` times over, built by doubling so a debug build makes megabytes quickly.
  static func repeated(_ bytes: [UInt8], _ count: Int) -> [UInt8] {
    var result = bytes
    result.reserveCapacity(bytes.count * count)
    while result.count * 2 <= bytes.count * count { result += result }
    result += result[0..<(bytes.count * count - result.count)]
    return result
  }
}
