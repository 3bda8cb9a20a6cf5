import Foundation
import Testing
import ViewWireClient
import ViewWireProtocol
import ViewWireWeb

/// The daemon's web port over real sockets (PROTOCOL.md section 13): transcripts replayed over a
/// WebSocket, and every kind of bad HTTP and WebSocket input answered with its status or close
/// code while another session goes on.
@Suite struct WebSocketSessionTests {
  /// Transcripts that only send and expect lines: raw bytes and unterminated lines mean something
  /// else in a WebSocket message (section 13), so those stay TCP's.
  static let transcripts: [String] = TranscriptTests.transcripts.filter { name in
    guard let transcript = try? load(name) else { return false }
    return !transcript.lines.contains {
      switch $0.step {
      case .sendBytes, .expectBytes: true
      default: false
      }
    }
  }

  static func load(_ name: String) throws -> Transcript {
    let url = Daemon.packageRoot.appendingPathComponent("Protocol/transcripts").appendingPathComponent(name)
    return try Transcript(parsing: String(contentsOf: url, encoding: .utf8), name: name)
  }

  @Test func mostTranscriptsOnlySendLines() {
    #expect(Self.transcripts.count >= 10)
  }

  /// The same transcript as over TCP, each `>` line one text message, every frame applied to a
  /// mirror whose hash must match.
  @Test(arguments: transcripts)
  func replaysOverWebSocket(_ name: String) throws {
    let daemon = try Daemon(["--web-port", "0"])
    defer { daemon.stop() }
    let transcript = try Self.load(name)
    let webPort = try #require(daemon.webPort)
    var socket = try WebSocketWireConnection(port: webPort)
    var bindings: [String: String] = [:]
    var mirror = Mirror()
    // Section 18's transcripts speak over several connections, each with its own mirror.
    var current = Transcript.Step.firstConnection
    var others: [String: (socket: WebSocketWireConnection, mirror: Mirror)] = [:]
    defer { for other in others.values { other.socket.close() } }
    func next(_ number: Int) throws -> String? {
      let line = try socket.readLine(timeout: 10)
      if let line { _ = try mirror.consume(ServerLine.parse(line)) }
      return line
    }
    steps: for step in transcript.lines {
      let place = "\(name):\(step.number)"
      switch step.step {
      case .send(let text):
        try socket.send(line: text)
      case .sendBound(let text):
        try socket.send(line: Transcript.Step.substitute(text, bindings))
      case .reconnect:
        // Section 15's resume over a second WebSocket: the mirror keeps its last whole frame.
        mirror.dropUnfinishedFrame()
        socket.close()
        socket = try WebSocketWireConnection(port: webPort)
      case .sendBytes, .expectBytes:
        Issue.record("\(place): raw bytes are not replayed over WebSocket")
      case .expect(let pattern):
        let line = try next(step.number)
        #expect(
          line.map { pattern.matches($0, bindings: &bindings) } == true,
          "\(place): \(pattern) got \(line ?? "(closed)")")
        if line == nil { break steps }
      case .skipUntil(let pattern):
        while let line = try next(step.number), !pattern.matches(line, bindings: &bindings) {}
      case .close:
        break steps
      case .expectClose:
        #expect(try next(step.number) == nil, "\(place): the server must close")
        #expect(socket.closeCode == .normal, "\(place): close code")
      case .connect(let name):
        others[current] = (socket, mirror)
        (socket, mirror, current) = (try WebSocketWireConnection(port: webPort), Mirror(), name)
      case .use(let name):
        guard name != current, let next = others.removeValue(forKey: name) else { continue }
        others[current] = (socket, mirror)
        (socket, mirror, current) = (next.socket, next.mirror, name)
      }
    }
  }

  @Test func aWebSocketSessionIsAnOrdinarySession() throws {
    let daemon = try Daemon(["--web-port", "0"])
    defer { daemon.stop() }
    let tcp = try WireConnection(port: daemon.port)
    let web = try WebSocketWireConnection(
      port: try #require(daemon.webPort), origin: "http://127.0.0.1:\(daemon.webPort!)")
    let tcpGreeting = try #require(try tcp.readLine())
    let webGreeting = try #require(try web.readLine())
    #expect(tcpGreeting == "hello viewwire protocol=2 session=1 size=390x844")
    #expect(webGreeting == "hello viewwire protocol=2 session=2 size=390x844")
    func exchange(_ line: String, until terminal: String) throws -> ([String], [String]) {
      try tcp.send(line: line)
      try web.send(line: line)
      var over = ([String](), [String]())
      while let reply = try tcp.readLine(timeout: 10) {
        over.0.append(reply)
        if reply.hasPrefix(terminal) { break }
      }
      while let reply = try web.readLine(timeout: 10) {
        over.1.append(reply)
        if reply.hasPrefix(terminal) { break }
      }
      return over
    }
    for (line, terminal) in [
      ("open square", "ok open"), ("drag 195 422 195 100", "ok drag"), ("tree", "ok tree"),
      ("help", "ok help"),
    ] {
      let (overTCP, overWeb) = try exchange(line, until: terminal)
      #expect(overTCP == overWeb, "\(line)")
      #expect(overTCP.count > 1, "\(line)")
    }
    // Several lines in one message, the last without its LF; an overlong line gets its error.
    try web.send(message: Array("ping\n\nping".utf8))
    #expect(try web.readLine() == "ok ping")
    #expect(try web.readLine() == "ok ping")
    try web.send(message: Array(repeating: UInt8(ascii: "a"), count: 5000))
    #expect(try web.readLine()?.hasPrefix("error client line-too-long") == true)
    // Fragments and a ping between them.
    try web.sendFrame(.text, Array("pi".utf8), final: false)
    try web.sendFrame(.ping, Array("are you there".utf8))
    try web.sendFrame(.continuation, Array("ng\n".utf8))
    #expect(try web.readLine() == "ok ping")
    #expect(web.controlFrames == [.pong(Array("are you there".utf8))])
  }

  /// Frames sent in the same write as the handshake, before its answer, are read as the
  /// session's first input, after the greeting.
  @Test func framesRightBehindTheHandshakeAreNotLost() throws {
    let daemon = try Daemon(["--web-port", "0"])
    defer { daemon.stop() }
    let connection = try WireConnection(port: try #require(daemon.webPort))
    connection.recordsBytes = true
    var bytes = Array(
      ("GET /wire HTTP/1.1\r\nHost: x\r\n" + Self.upgradeFields + "Sec-WebSocket-Version: 13\r\n\r\n").utf8)
    bytes += Self.frame(1, Array("ping\n".utf8)) + Self.frame(1, Array("apps".utf8))
    try connection.send(bytes: bytes)
    // The 101 head, then frames; read until the apps reply has come.
    while !String(decoding: connection.receivedBytes, as: UTF8.self).contains("ok apps") {
      guard try connection.readLine(timeout: 10) != nil else { break }
    }
    let received = connection.receivedBytes
    let text = String(decoding: received, as: UTF8.self)
    #expect(text.hasPrefix("HTTP/1.1 101 Switching Protocols\r\n"))
    let head = try #require(text.range(of: "\r\n\r\n")).upperBound.utf16Offset(in: text)
    var decoder = WebSocketFrameDecoder(role: .client)
    let (events, failure) = decoder.feed(Array(received[head...]))
    #expect(failure == nil)
    let lines = events.flatMap { event -> [String] in
      guard case .text(let payload) = event else { return [] }
      return String(decoding: payload, as: UTF8.self).split(separator: "\n").map(String.init)
    }
    #expect(lines.first?.hasPrefix("hello viewwire") == true)
    #expect(lines.dropFirst().first == "ok ping")
    #expect(lines.last?.hasPrefix("ok apps") == true)
  }

  /// Bad WebSocket input after a good handshake: each case's bytes and the close code it must get.
  struct FrameCase: CustomTestStringConvertible, Sendable {
    let name: String
    let bytes: [UInt8]
    let code: WebSocketCloseCode
    var testDescription: String { name }
  }

  static let mask: [UInt8] = [1, 2, 3, 4]
  static func frame(
    _ opcode: UInt8, _ payload: [UInt8], final: Bool = true, masked: Bool = true, rsv: UInt8 = 0
  )
    -> [UInt8]
  {
    var bytes: [UInt8] = []
    WebSocketFrameEncoder.appendFrame(
      rawOpcode: opcode, payload: payload, final: final, mask: masked ? mask : nil, rsv: rsv, into: &bytes)
    return bytes
  }

  static let frameCases: [FrameCase] = [
    FrameCase(
      name: "a frame claiming 2^63 bytes", bytes: [0x81, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 0] + mask,
      code: .messageTooBig),
    FrameCase(
      name: "a message of 64 KiB + 1", bytes: frame(1, Array(repeating: 0x61, count: 65537)),
      code: .messageTooBig),
    FrameCase(
      name: "an unmasked client frame", bytes: frame(1, Array("ping\n".utf8), masked: false),
      code: .protocolError),
    FrameCase(
      name: "invalid UTF-8 in a text frame", bytes: frame(1, [0x70, 0x69, 0xFF, 0x0A]), code: .invalidData),
    FrameCase(
      name: "invalid UTF-8 in the first fragment", bytes: frame(1, [0xC0, 0xAF], final: false),
      code: .invalidData),
    FrameCase(name: "a binary message", bytes: frame(2, [1, 2, 3]), code: .unsupportedData),
    FrameCase(
      name: "RSV1 without an extension", bytes: frame(1, Array("ping\n".utf8), rsv: 0x40),
      code: .protocolError),
    FrameCase(name: "a reserved opcode", bytes: frame(5, []), code: .protocolError),
    FrameCase(
      name: "a ping of 126 bytes", bytes: frame(9, Array(repeating: 0, count: 126)), code: .protocolError),
    FrameCase(
      name: "a continuation with no message", bytes: frame(0, Array("ping\n".utf8)), code: .protocolError),
    FrameCase(
      name: "a close in the middle of a fragmented message",
      bytes: frame(1, Array("pi".utf8), final: false) + frame(8, [0x03, 0xE8]) + frame(0, Array("ng\n".utf8)),
      code: .normal),
    FrameCase(name: "a close with code 1005", bytes: frame(8, [0x03, 0xED]), code: .protocolError),
  ]

  @Test(arguments: frameCases)
  func badFramesGetTheirCloseCodeAndOthersGoOn(_ example: FrameCase) throws {
    let daemon = try Daemon(["--web-port", "0"])
    defer { daemon.stop() }
    let bystander = try daemon.session()
    try bystander.run("open square")
    let socket = try WebSocketWireConnection(port: try #require(daemon.webPort))
    #expect(try socket.readLine()?.hasPrefix("hello viewwire") == true)
    try socket.sendRaw(example.bytes)
    // Nothing of the bad or unfinished message is answered: the next thing is the close frame.
    #expect(try socket.readLine(timeout: 10) == nil)
    #expect(socket.receivedClose)
    #expect(socket.closeCode == example.code)
    #expect(socket.waitForEndOfStream(timeout: 10))
    try bystander.run("drag 195 422 195 100")
    #expect(bystander.view("square")?.properties["bg"] == "#00ff00ff")
  }

  /// Bad HTTP input on the web port: the request and the status line it must get.
  struct RequestCase: CustomTestStringConvertible, Sendable {
    let name: String
    let request: String
    let status: String
    var testDescription: String { name }
  }

  static let upgradeFields =
    "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"

  static let requestCases: [RequestCase] = [
    RequestCase(name: "the start page", request: "GET / HTTP/1.1\r\nHost: x\r\n\r\n", status: "200 OK"),
    RequestCase(
      name: "HEAD of the start page", request: "HEAD / HTTP/1.1\r\nHost: x\r\n\r\n", status: "200 OK"),
    RequestCase(
      name: "a missing file", request: "GET /nothing.js HTTP/1.1\r\nHost: x\r\n\r\n",
      status: "404 Not Found"),
    RequestCase(
      name: "a traversal", request: "GET /../Package.swift HTTP/1.1\r\nHost: x\r\n\r\n",
      status: "400 Bad Request"),
    RequestCase(
      name: "an encoded traversal", request: "GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n",
      status: "400 Bad Request"),
    RequestCase(
      name: "an absolute path", request: "GET //etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n",
      status: "404 Not Found"),
    RequestCase(
      name: "POST", request: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n",
      status: "405 Method Not Allowed"),
    RequestCase(name: "no Host", request: "GET / HTTP/1.1\r\n\r\n", status: "400 Bad Request"),
    RequestCase(
      name: "HTTP/2.0", request: "GET / HTTP/2.0\r\nHost: x\r\n\r\n", status: "505 HTTP Version Not Supported"
    ),
    RequestCase(
      name: "garbage", request: "\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\u{00}\r\n\r\n",
      status: "400 Bad Request"),
    RequestCase(
      name: "a bad Origin",
      request: "GET /wire HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://evil.example\r\n" + upgradeFields
        + "Sec-WebSocket-Version: 13\r\n\r\n", status: "403 Forbidden"),
    RequestCase(
      name: "WebSocket version 8",
      request: "GET /wire HTTP/1.1\r\nHost: x\r\n" + upgradeFields + "Sec-WebSocket-Version: 8\r\n\r\n",
      status: "426 Upgrade Required"),
    RequestCase(
      name: "/wire without Upgrade", request: "GET /wire HTTP/1.1\r\nHost: x\r\n\r\n",
      status: "400 Bad Request"),
    RequestCase(
      name: "POST /wire", request: "POST /wire HTTP/1.1\r\nHost: x\r\n\r\n",
      status: "405 Method Not Allowed"),
  ]

  static func statusLine(_ connection: WireConnection) throws -> String? {
    try connection.readLine(timeout: 10).map { String($0.dropLast($0.hasSuffix("\r") ? 1 : 0)) }
  }

  @Test(arguments: requestCases)
  func requestsGetTheirStatus(_ example: RequestCase) throws {
    let daemon = try Daemon(["--web-port", "0"])
    defer { daemon.stop() }
    let connection = try WireConnection(port: try #require(daemon.webPort))
    try connection.send(bytes: Array(example.request.utf8))
    #expect(try Self.statusLine(connection) == "HTTP/1.1 \(example.status)")
    // One request per connection: the server closes after its answer.
    while try connection.readLine(timeout: 10) != nil {}
  }

  @Test func aMegabyteOfHeadersGets431AndAnotherSessionGoesOn() throws {
    let daemon = try Daemon(["--web-port", "0"])
    defer { daemon.stop() }
    let bystander = try daemon.session()
    try bystander.run("open square")
    let connection = try WireConnection(port: try #require(daemon.webPort))
    var request = Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8)
    while request.count < 1_000_000 {
      request += Array("X-Filler: 0123456789abcdef0123456789abcdef\r\n".utf8)
    }
    // The server may stop reading this before the end; what it answered is what counts.
    try? connection.send(bytes: request + [13, 10])
    #expect(try Self.statusLine(connection) == "HTTP/1.1 431 Request Header Fields Too Large")
    try bystander.run("drag 195 422 195 100")
    #expect(bystander.view("square")?.properties["bg"] == "#00ff00ff")
  }

  @Test func aHandshakeNeverFinishedIsClosedWithinTheTimeout() throws {
    let daemon = try Daemon(["--web-port", "0", "--web-handshake-timeout", "0.5"])
    defer { daemon.stop() }
    let bystander = try daemon.session()
    let silent = try WireConnection(port: try #require(daemon.webPort))
    let trickling = try WireConnection(port: try #require(daemon.webPort))
    try trickling.send(bytes: Array("GET /wire HTTP/1.1\r\nHost: x\r\n".utf8))
    let start = Date()
    #expect(try silent.readLine(timeout: 10) == nil)
    #expect(try trickling.readLine(timeout: 10) == nil)
    #expect(Date().timeIntervalSince(start) < 5)
    try bystander.run("ping")
  }

  @Test func aWebSocketSessionCountsAgainstMaxConnections() throws {
    let daemon = try Daemon(["--web-port", "0", "--max-connections", "2"])
    defer { daemon.stop() }
    let first = try daemon.session()
    let web = try WebSocketWireConnection(port: try #require(daemon.webPort))
    #expect(try web.readLine()?.hasPrefix("hello viewwire") == true)
    let refused = try WireConnection(port: try #require(daemon.webPort))
    try refused.send(bytes: Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
    #expect(try Self.statusLine(refused) == "HTTP/1.1 503 Service Unavailable")
    let refusedTCP = try WireConnection(port: daemon.port)
    #expect(try refusedTCP.readLine()?.hasPrefix("error server too-many-connections") == true)
    try first.run("ping")
    try web.send(line: "ping")
    #expect(try web.readLine() == "ok ping")
  }

  @Test func aRequestNotFinishedYetCountsAgainstMaxConnections() throws {
    let daemon = try Daemon(["--web-port", "0", "--max-connections", "2"])
    defer { daemon.stop() }
    let first = try daemon.session()
    let pending = try WireConnection(port: try #require(daemon.webPort))
    try pending.send(bytes: Array("GET / HTTP/1.1\r\n".utf8))
    // The daemon accepts on its loop; a ping through the first session orders it after the accept.
    usleep(100_000)
    try first.run("ping")
    let refusedTCP = try WireConnection(port: daemon.port)
    #expect(try refusedTCP.readLine()?.hasPrefix("error server too-many-connections") == true)
    // Finished, the request is answered and its slot freed.
    try pending.send(bytes: Array("Host: x\r\n\r\n".utf8))
    #expect(try Self.statusLine(pending) == "HTTP/1.1 200 OK")
  }

  /// A WebSocket client that stops reading is held to the output limit and cut off after the
  /// stall timeout like a TCP one (section 4); it gets `bye` and 1008 only if its output ended at
  /// a frame (section 13), and never a close code that says otherwise.
  @Test func aStalledWebSocketClientIsDisconnectedAfterTheTimeout() throws {
    let daemon = try Daemon([
      "--web-port", "0", "--stall-timeout", "1", "--output-limit", "16384", "--log-level", "notice",
    ])
    defer { daemon.stop() }
    let stalled = try WebSocketWireConnection(port: try #require(daemon.webPort), receiveBufferBytes: 4096)
    let greeting = try #require(try stalled.readLine(timeout: 10))
    guard case .greeting(_, let sessionID, _) = ServerLine.parse(greeting) else {
      Issue.record("no greeting: \(greeting)")
      return
    }
    // 2000 full frames of the gallery (megabytes), in one message; never read.
    try stalled.send(message: Array(("open gallery\n" + String(repeating: "snapshot\n", count: 2000)).utf8))
    let (disconnect, other) = try daemon.serveAnotherClientUntilStallDisconnect(of: sessionID)
    #expect(disconnect != nil, "the daemon logged the disconnect")
    var received = 0
    while (try? stalled.readLine(timeout: 10)) ?? nil != nil { received += 1 }
    #expect(received > 0, "the lines the kernel took are still read")
    #expect(stalled.waitForEndOfStream(timeout: 10), "the server closed the connection")
    #expect(stalled.closeCode == nil || stalled.closeCode == .policyViolation)
    try other.run("drag 195 422 195 100")
    #expect(other.view("square")?.properties["bg"] == "#00ff00ff")
  }

  /// 200,000 pings (26 MB) from a client that reads nothing: unanswered past the backlog, so
  /// the daemon's memory grows by far less than the 25 MB of pongs it would otherwise hold.
  @Test func aPingFloodThatNeverReadsIsBounded() throws {
    let daemon = try Daemon(["--web-port", "0"])
    defer { daemon.stop() }
    func residentKiB() throws -> Int {
      let status = try String(
        contentsOfFile: "/proc/\(daemon.process.processIdentifier)/status", encoding: .utf8)
      let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
      return try #require(Int(line.split(separator: " ")[1]))
    }
    let flood = try WebSocketWireConnection(port: try #require(daemon.webPort), receiveBufferBytes: 4096)
    #expect(try flood.readLine()?.hasPrefix("hello viewwire") == true)
    let before = try residentKiB()
    var ping: [UInt8] = []
    WebSocketFrameEncoder.appendFrame(
      .ping, payload: [UInt8](repeating: 0x70, count: 125), mask: [9, 8, 7, 6], into: &ping)
    let batch = Array([[UInt8]](repeating: ping, count: 1000).joined())
    for _ in 0..<200 { try flood.sendRaw(batch) }
    // A TCP session is served all along, and orders the check after the flood was read.
    let other = try daemon.session()
    try other.run("ping")
    let grown = try residentKiB() - before
    #expect(grown < 10_000, "resident memory grew by \(grown) KiB")
  }

  @Test func shutdownSaysByeThenGoingAway() throws {
    let daemon = try Daemon(["--web-port", "0"])
    let web = try WebSocketWireConnection(port: try #require(daemon.webPort))
    #expect(try web.readLine()?.hasPrefix("hello viewwire") == true)
    try web.send(line: "ping")
    #expect(try web.readLine() == "ok ping")
    kill(daemon.process.processIdentifier, SIGTERM)
    #expect(try web.readLine(timeout: 10) == "bye \"server shutting down\"")
    #expect(try web.readLine(timeout: 10) == nil)
    #expect(web.closeCode == .goingAway)
    #expect(daemon.waitForExit() == 0)
  }

  @Test func allowedOriginsAndAny() throws {
    let daemon = try Daemon(["--web-port", "0", "--web-allow-origin", "http://localhost:8000"])
    defer { daemon.stop() }
    let port = try #require(daemon.webPort)
    _ = try WebSocketWireConnection(port: port, origin: "http://localhost:8000")
    _ = try WebSocketWireConnection(port: port, origin: "http://127.0.0.1:\(port)")
    #expect(throws: WireConnection.Failure.cannotConnect("HTTP/1.1 403 Forbidden")) {
      _ = try WebSocketWireConnection(port: port, origin: "http://localhost:8001")
    }
    let open = try Daemon(["--web-port", "0", "--web-allow-origin", "*"])
    defer { open.stop() }
    _ = try WebSocketWireConnection(port: try #require(open.webPort), origin: "http://anything.example")
  }
}
