import ViewWireLoop

/// What a session's connection writes its lines through and reads them from: a raw TCP stream
/// of lines, or WebSocket text messages (PROTOCOL.md section 13).
///
/// `ClientConnection` knows nothing else of the transport: both carry the same bytes of lines,
/// with the same back-pressure (`queuedBytes`, `stopReading`) and the same ways to close.
protocol ClientTransport: AnyObject {
  /// Bytes of lines from the client; valid only during the call.
  var onRead: ((UnsafeRawBufferPointer) -> Void)? { get set }
  /// Called when every queued byte has been written, after some had to wait.
  var onDrain: (() -> Void)? { get set }
  /// Called once, when the connection is closed: nil for an orderly close, else the error.
  var onClose: ((LoopError?) -> Void)? { get set }
  /// Bytes handed to `write` that the kernel has not taken yet.
  var queuedBytes: Int { get }
  /// The peer's address, for logs.
  var remoteAddress: String { get }
  var isClosed: Bool { get }
  func startReading()
  func stopReading()
  /// Queues whole lines for the client.
  func write(_ bytes: [UInt8])
  /// Writes what is queued, then closes gracefully, saying why where the transport can.
  func closeAfterFlush(_ reason: TransportCloseReason)
  /// Whether what the kernel took so far ends where the client can tell a new line apart (at a
  /// line's end on TCP, at a frame's end on a WebSocket); a farewell is sent only then.
  var sentEndsAtBoundary: Bool { get }
  /// Closes at once, dropping queued output; `farewell` (whole lines) goes out only as far as the
  /// socket has room. Returns how many bytes of `farewell` went out.
  @discardableResult func closeWithoutFlush(farewell: [UInt8]) -> Int
  /// Closes at once.
  func close()
  /// Gives the transport up so that another event loop can go on with it (a `resume` for a
  /// session on that loop): this object closes without calling `onClose`, and the socket, the
  /// bytes not written yet and the framing state travel in what it returns. Nil when it is
  /// closing and cannot move.
  func handOff() -> TransportHandOff?
}

/// A transport between two event loops: taken off one by `ClientTransport.handOff()`, opened on
/// the other by `open(on:)`. Sendable, since it crosses threads inside `EventLoop.execute`; an
/// unopened one closes its socket when dropped.
struct TransportHandOff: @unchecked Sendable {
  /// The socket and what it had not written yet.
  let socket: DetachedSocket
  /// The WebSocket's state, nil for a TCP stream of lines.
  let webSocket: WebSocketTransport.State?

  /// The same transport on `loop`, which must be the calling thread's loop.
  func open(on loop: EventLoop) throws(LoopError) -> any ClientTransport {
    let connection = try loop.open(socket)
    guard let webSocket else { return connection }
    return WebSocketTransport(connection: connection, state: webSocket)
  }
}

/// Why the server closes a connection, for transports that can say so (a WebSocket close code).
enum TransportCloseReason {
  /// The client asked (`quit`), or was refused.
  case normal
  /// The server is shutting down.
  case goingAway
}

extension TCPConnection: ClientTransport {
  func closeAfterFlush(_ reason: TransportCloseReason) { closeAfterFlush() }

  var sentEndsAtBoundary: Bool { lastByteSent.map { $0 == UInt8(ascii: "\n") } ?? true }

  func handOff() -> TransportHandOff? {
    detach().map { TransportHandOff(socket: $0, webSocket: nil) }
  }
}
