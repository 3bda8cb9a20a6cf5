import Logging
import ViewWireLoop
import ViewWireWeb

/// One connection to the web port before it becomes a session: reads the request head, answers
/// a file or an error, or completes the WebSocket handshake and hands the socket on
/// (PROTOCOL.md section 13).
///
/// Everything it holds is bounded: the head parser keeps at most `HTTPHeadParser`'s limit, and a
/// client that has not finished its head within the handshake timeout is closed without an
/// answer, so a connection that trickles bytes or sends nothing cannot hold its slot for ever.
final class WebRequestConnection {
  private let connection: TCPConnection
  private var parser = HTTPHeadParser()
  private let files: StaticFileTable
  private let origins: WebSocketHandshake.OriginPolicy
  private let logger: Logger
  private var timer: LoopTimer?
  private var isAnswered = false
  /// Called with the socket and the bytes that followed the head once the handshake succeeded.
  var onUpgrade: ((TCPConnection, [UInt8]) -> Void)?
  /// Called once the connection is closed (false), or handed on as a WebSocket (true): the
  /// listener stops counting it as pending.
  var onFinished: ((_ upgraded: Bool) -> Void)?

  /// The path the WebSocket is upgraded on.
  static let wirePath = "/wire"

  init(
    connection: TCPConnection, files: StaticFileTable, origins: WebSocketHandshake.OriginPolicy,
    handshakeTimeoutMilliseconds: UInt64, loop: EventLoop, logger: Logger
  ) {
    self.connection = connection
    self.files = files
    self.origins = origins
    self.logger = logger
    let timer = loop.makeTimer()
    self.timer = timer
    timer.start(afterMilliseconds: handshakeTimeoutMilliseconds) { [weak self] in self?.timedOut() }
  }

  func start() {
    connection.onRead = { [weak self] bytes in self?.received(bytes) }
    connection.onClose = { [weak self] _ in self?.finish() }
    connection.startReading()
  }

  /// Closes at once (the server is shutting down).
  func close() {
    connection.close()
  }

  private func received(_ bytes: UnsafeRawBufferPointer) {
    guard !isAnswered else { return }
    switch parser.append(bytes) {
    case .incomplete:
      return
    case .failed(let status):
      logger.info(
        "refused an HTTP request",
        metadata: ["status": "\(status.rawValue)", "peer": "\(connection.remoteAddress)"])
      answer(.error(status))
    case .complete(let head, let rest):
      route(head, rest: rest)
    }
  }

  private func route(_ head: HTTPRequestHead, rest: [UInt8]) {
    let path = head.target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
    guard path == Self.wirePath else {
      let response = files.respond(to: head)
      logger.debug(
        "HTTP \(head.method) \(head.target)",
        metadata: ["status": "\(response.status.rawValue)", "peer": "\(connection.remoteAddress)"])
      answer(response)
      return
    }
    let (response, upgraded) = WebSocketHandshake.respond(to: head, origins: origins)
    guard upgraded else {
      logger.info(
        "refused a WebSocket handshake",
        metadata: [
          "status": "\(response.status.rawValue)", "origin": "\(head.field("Origin") ?? "none")",
          "peer": "\(connection.remoteAddress)",
        ])
      answer(response)
      return
    }
    isAnswered = true
    stopTimer()
    connection.write(response.encoded)
    connection.onRead = nil
    connection.onClose = nil
    let onUpgrade = self.onUpgrade
    finish(upgraded: true)
    onUpgrade?(connection, rest)
  }

  /// Writes the response and closes after it; the connection counts until it is gone.
  private func answer(_ response: HTTPResponse) {
    isAnswered = true
    stopTimer()
    connection.write(response.encoded)
    connection.closeAfterFlush()
  }

  private func timedOut() {
    logger.info(
      "closed a web connection that did not finish its request in time",
      metadata: ["peer": "\(connection.remoteAddress)"])
    connection.close()
  }

  private func stopTimer() {
    timer?.close()
    timer = nil
  }

  private func finish(upgraded: Bool = false) {
    stopTimer()
    onUpgrade = nil
    let onFinished = self.onFinished
    self.onFinished = nil
    onFinished?(upgraded)
  }
}
