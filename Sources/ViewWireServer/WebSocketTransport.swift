import Logging
import ViewWireLoop
import ViewWireWeb

/// A session's lines carried in WebSocket text messages over an upgraded TCP connection
/// (PROTOCOL.md section 13).
///
/// Each `write` is one text message of whole lines. Each client text message is handed on as
/// lines, with a LF added when it does not end with one, so a line never spans messages. Pings
/// are answered here; a broken rule gets its close code and ends the connection, and the session
/// sees the close as it would a TCP client's.
final class WebSocketTransport: ClientTransport {
  private let connection: TCPConnection
  private var decoder: WebSocketFrameDecoder
  private let logger: Logger
  /// Bytes that followed the handshake in its read, decoded when reading starts.
  private var leftover: [UInt8]
  /// Whether our close frame is out: nothing more is written or delivered.
  private var isClosing = false
  /// Events decoded from the current read and not handled yet (see `received`).
  private var undelivered: [WebSocketFrameDecoder.Event] = []
  private var undeliveredHead = 0
  var onRead: ((UnsafeRawBufferPointer) -> Void)?
  var onDrain: (() -> Void)?
  var onClose: ((LoopError?) -> Void)?

  /// Unsent bytes above which pings are not answered.
  static let pongBacklogLimit = 64 * 1024

  init(connection: TCPConnection, leftover: [UInt8], maximumMessageBytes: Int, logger: Logger) {
    self.connection = connection
    self.leftover = leftover
    self.logger = logger
    decoder = WebSocketFrameDecoder(role: .server, maximumMessageBytes: maximumMessageBytes)
    bindConnection()
  }

  /// What a WebSocket session carries to another event loop besides its socket: the decoder,
  /// with any message or frame it holds in part.
  struct State: Sendable {
    let decoder: WebSocketFrameDecoder
    /// Events of the read that carried the `resume`, after it.
    let undelivered: [WebSocketFrameDecoder.Event]
    let leftover: [UInt8]
    let logger: Logger
  }

  /// Goes on with a WebSocket another loop handed off (`handOff()`).
  init(connection: TCPConnection, state: State) {
    self.connection = connection
    leftover = state.leftover
    logger = state.logger
    decoder = state.decoder
    undelivered = state.undelivered
    bindConnection()
  }

  func handOff() -> TransportHandOff? {
    guard !isClosing, let socket = connection.detach() else { return nil }
    isClosing = true
    let rest = Array(undelivered[undeliveredHead...])
    return TransportHandOff(
      socket: socket,
      webSocket: State(decoder: decoder, undelivered: rest, leftover: leftover, logger: logger))
  }

  private func bindConnection() {
    connection.onRead = { [weak self] bytes in self?.received(bytes) }
    connection.onDrain = { [weak self] in self?.onDrain?() }
    connection.onClose = { [weak self] error in self?.onClose?(error) }
  }

  var queuedBytes: Int { connection.queuedBytes }
  var remoteAddress: String { connection.remoteAddress }
  var isClosed: Bool { connection.isClosed }

  func startReading() {
    connection.startReading()
    // Events another loop decoded and handed over with this transport come first.
    deliverUndelivered()
    guard !leftover.isEmpty, !isClosing else { return }
    let bytes = leftover
    leftover = []
    bytes.withUnsafeBytes { received($0) }
  }

  func stopReading() { connection.stopReading() }

  func write(_ bytes: [UInt8]) {
    guard !isClosing, !connection.isClosed, !bytes.isEmpty else { return }
    var frame: [UInt8] = []
    frame.reserveCapacity(bytes.count + 10)
    WebSocketFrameEncoder.appendFrame(.text, payload: bytes, into: &frame)
    connection.write(frame)
  }

  private func received(_ bytes: UnsafeRawBufferPointer) {
    guard !isClosing else { return }
    // Decoded whole before any is handled: handling a `resume` may hand this transport to
    // another loop (`handOff()`), which takes the decoder as it is after the whole read and
    // the events not handled yet; the decoder must not be in the middle of a `feed` then.
    let failure = decoder.feed(bytes) { event in undelivered.append(event) }
    deliverUndelivered()
    if let failure {
      logger.info(
        "closing a WebSocket: \(failure.reason)",
        metadata: ["code": "\(failure.code)", "peer": "\(connection.remoteAddress)"])
      sendClose(failure.code, reason: failure.reason)
    }
  }

  /// Handles the decoded events in order, until they run out or the transport closes or moves.
  private func deliverUndelivered() {
    while undeliveredHead < undelivered.count, !isClosing {
      let event = undelivered[undeliveredHead]
      undeliveredHead += 1
      handle(event)
    }
    if undeliveredHead == undelivered.count || isClosing {
      undelivered.removeAll(keepingCapacity: undelivered.capacity <= 64)
      undeliveredHead = 0
    }
  }

  private func handle(_ event: WebSocketFrameDecoder.Event) {
    switch event {
    case .text(var payload):
      if payload.isEmpty { return }
      if payload.last != UInt8(ascii: "\n") { payload.append(UInt8(ascii: "\n")) }
      payload.withUnsafeBytes { onRead?($0) }
    case .binary:
      break  // refused by the decoder (1003); never delivered
    case .ping(let data):
      // A client that pings without reading must not make the server hold pongs without end:
      // past the backlog, pings go unanswered until it reads (PROTOCOL.md section 13).
      guard connection.queuedBytes <= Self.pongBacklogLimit else { return }
      var pong: [UInt8] = []
      WebSocketFrameEncoder.appendFrame(.pong, payload: data, into: &pong)
      connection.write(pong)
    case .pong:
      break
    case .close(let code, _):
      logger.debug(
        "client closed the WebSocket", metadata: ["code": "\(code.map(\.description) ?? "none")"])
      sendClose(code ?? .normal, reason: "")
    }
  }

  /// Sends a close frame, then closes once it is written (a lingering close: the peer's own
  /// close frame and anything after it are read and dropped).
  private func sendClose(_ code: WebSocketCloseCode, reason: String) {
    guard !isClosing else { return }
    isClosing = true
    connection.write(WebSocketFrameEncoder.closeFrame(code, reason: reason))
    connection.closeAfterFlush()
  }

  func closeAfterFlush(_ reason: TransportCloseReason) {
    switch reason {
    case .normal: sendClose(.normal, reason: "")
    case .goingAway: sendClose(.goingAway, reason: "server shutting down")
    }
  }

  /// Every message written ends with a line's end, so the kernel's bytes end at a boundary only
  /// when it took them all; a frame cut part-way cannot be told apart from what follows.
  var sentEndsAtBoundary: Bool { connection.queuedBytes == 0 }

  @discardableResult func closeWithoutFlush(farewell: [UInt8]) -> Int {
    isClosing = true
    guard !farewell.isEmpty else { return connection.closeWithoutFlush() }
    var framed: [UInt8] = []
    WebSocketFrameEncoder.appendFrame(.text, payload: farewell, into: &framed)
    framed += WebSocketFrameEncoder.closeFrame(.policyViolation, reason: "stalled")
    let sent = connection.closeWithoutFlush(farewell: framed)
    return sent == framed.count
      ? farewell.count : max(0, min(sent - (framed.count - farewell.count), farewell.count - 1))
  }

  func close() { connection.close() }
}
