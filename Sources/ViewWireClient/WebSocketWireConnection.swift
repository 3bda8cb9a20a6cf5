import Foundation
import Glibc
public import ViewWireWeb

/// A blocking WebSocket client that speaks the line protocol over the daemon's web port
/// (PROTOCOL.md section 13), for tests and benchmarks: the same calls as `WireConnection`.
///
/// Plain POSIX sockets and the codec's frames, written from the spec: each line sent is one
/// masked text message; server text messages are joined into one stream of lines.
public final class WebSocketWireConnection {
  private var socket: Int32 = -1
  private var decoder = WebSocketFrameDecoder(
    role: .client, maximumMessageBytes: 1 << 30, acceptsBinary: true)
  /// Bytes of lines received and not yet returned.
  private var lines = LineBuffer()
  /// Control frames received (pongs and the close), oldest first, for tests.
  public private(set) var controlFrames: [WebSocketFrameDecoder.Event] = []
  /// The close frame's code once the server sent one; nil before (or for one without a code).
  public private(set) var closeCode: WebSocketCloseCode?
  /// Whether the server's close frame arrived.
  public private(set) var receivedClose = false
  /// The server's decoder failure, if its frames broke the rules.
  public private(set) var protocolFailure: WebSocketFrameDecoder.Failure?
  private var maskCounter: UInt32 = 0x1234_5678

  /// Connects, sends the opening handshake for `path` and checks the `101` answer.
  ///
  /// - Parameters:
  ///   - origin: the `Origin` field to send, as a browser would; nil sends none.
  ///   - receiveBufferBytes: a small kernel receive buffer, as `WireConnection` takes, to make a
  ///     client that stops reading look slow to the server at once.
  /// - Throws: `WireConnection.Failure.cannotConnect` with the status line when the server
  ///   refuses the handshake.
  public init(
    host: String = "127.0.0.1", port: Int, path: String = "/wire", origin: String? = nil,
    extraFields: [String] = [], receiveBufferBytes: Int? = nil
  ) throws(WireConnection.Failure) {
    socket = try WireConnection.connectedSocket(
      host: host, port: port, receiveBufferBytes: receiveBufferBytes)
    let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
    var request =
      "GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    request += "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
    if let origin { request += "Origin: \(origin)\r\n" }
    for field in extraFields { request += field + "\r\n" }
    request += "\r\n"
    try sendRaw(Array(request.utf8))
    var head: [UInt8] = []
    while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
      guard let byte = try readByte(timeout: 10) else { throw .cannotConnect("closed during the handshake") }
      head.append(byte)
    }
    let text = String(decoding: head, as: UTF8.self)
    guard text.hasPrefix("HTTP/1.1 101 "),
      text.contains("Sec-WebSocket-Accept: \(WebSocketHandshake.acceptValue(forKey: key))\r\n")
    else {
      close()
      throw .cannotConnect(text.components(separatedBy: "\r\n").first ?? text)
    }
  }

  deinit { close() }

  /// Whether the connection is still open on this side.
  public var isOpen: Bool { socket >= 0 }

  /// Sends `text` and a LF as one masked text message.
  public func send(line text: String) throws(WireConnection.Failure) {
    try send(message: Array((text + "\n").utf8))
  }

  /// Sends one masked text message holding `bytes`.
  public func send(message bytes: [UInt8]) throws(WireConnection.Failure) {
    try sendFrame(.text, bytes)
  }

  /// Sends one masked frame.
  public func sendFrame(
    _ opcode: WebSocketFrameEncoder.Opcode, _ payload: [UInt8], final: Bool = true
  ) throws(WireConnection.Failure) {
    var frame: [UInt8] = []
    maskCounter = maskCounter &* 1_664_525 &+ 1_013_904_223
    let mask = withUnsafeBytes(of: maskCounter) { Array($0) }
    WebSocketFrameEncoder.appendFrame(opcode, payload: payload, final: final, mask: mask, into: &frame)
    try sendRaw(frame)
  }

  /// Sends bytes as they are, frames or not (for tests of bad input).
  public func sendRaw(_ bytes: [UInt8]) throws(WireConnection.Failure) {
    guard socket >= 0 else { throw .closed }
    try WireConnection.sendAll(bytes, on: socket)
  }

  /// Reads the next line (without its LF), waiting at most `timeout` seconds; nil once the
  /// server sent its close frame or closed the connection.
  public func readLine(timeout: Double = 5) throws(WireConnection.Failure) -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if let line = lines.nextLine() { return line }
      if receivedClose || protocolFailure != nil || socket < 0 { return nil }
      let remaining = deadline.timeIntervalSinceNow
      guard remaining > 0 else { throw .timedOut(seconds: timeout) }
      guard let chunk = try readChunk(timeout: remaining) else { return nil }
      let failure = chunk.withUnsafeBytes { bytes in
        decoder.feed(bytes) { event in
          switch event {
          case .text(let payload), .binary(let payload): lines.append(contentsOf: payload)
          case .close(let code, _):
            closeCode = code
            receivedClose = true
            controlFrames.append(event)
          case .ping, .pong: controlFrames.append(event)
          }
        }
      }
      if let failure { protocolFailure = failure }
    }
  }

  /// Reads and drops lines until the server's close frame or the end of the stream, for at most
  /// `timeout` seconds; returns the close code (nil when none came).
  public func waitForClose(timeout: Double = 10) -> WebSocketCloseCode? {
    let deadline = Date().addingTimeInterval(timeout)
    while deadline.timeIntervalSinceNow > 0 {
      guard (try? readLine(timeout: max(0.01, deadline.timeIntervalSinceNow))) != nil else { break }
    }
    return closeCode
  }

  /// Whether the server closed the TCP connection within `timeout` seconds (reading and
  /// dropping whatever comes before).
  public func waitForEndOfStream(timeout: Double) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while socket >= 0, deadline.timeIntervalSinceNow > 0 {
      guard (try? readChunk(timeout: deadline.timeIntervalSinceNow)) != nil else { return socket < 0 }
    }
    return socket < 0
  }

  /// Closes the connection at once, without a close frame (as a browser tab that goes away).
  public func close() {
    guard socket >= 0 else { return }
    Glibc.close(socket)
    socket = -1
  }

  // MARK: Sockets

  private func readByte(timeout: Double) throws(WireConnection.Failure) -> UInt8? {
    var byte: UInt8 = 0
    guard try waitReadable(timeout: timeout) else { throw .timedOut(seconds: timeout) }
    let count = recv(socket, &byte, 1, 0)
    if count <= 0 {
      close()
      return nil
    }
    return byte
  }

  /// The next bytes from the socket; nil when it closed. Throws on timeout.
  private func readChunk(timeout: Double) throws(WireConnection.Failure) -> [UInt8]? {
    guard socket >= 0 else { return nil }
    guard try waitReadable(timeout: timeout) else { throw .timedOut(seconds: timeout) }
    var chunk = [UInt8](repeating: 0, count: 65536)
    let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
    if count <= 0 {
      if count < 0 && (errno == EINTR || errno == EAGAIN) { return [] }
      close()
      return nil
    }
    return Array(chunk[0..<count])
  }

  private func waitReadable(timeout: Double) throws(WireConnection.Failure) -> Bool {
    var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    while true {
      let ready = poll(&poller, 1, Int32(min(max(timeout, 0) * 1000, 60_000)) + 1)
      if ready < 0 && errno == EINTR { continue }
      if ready < 0 { throw .ioError(String(cString: strerror(errno))) }
      return ready > 0
    }
  }
}
