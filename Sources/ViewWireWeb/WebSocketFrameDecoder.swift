/// Turns WebSocket bytes into whole messages and control frames (RFC 6455 section 5), as they
/// arrive, enforcing every rule the server relies on.
///
/// Frame layout (section 5.2):
///
/// ```
///  0               1               2               3
///  F R R R opcode  M length7       extended length (0, 2 or 8 bytes)
///  I S S S (4)     A (7)           ...
///  N V V V         S               masking key (0 or 4 bytes), then the payload
///      1 2 3       K
/// ```
///
/// A failure is found as early as the bytes allow: an unmasked frame or a set RSV bit at its
/// second byte, a length above `maximumMessageBytes` once the length field is read, before any
/// payload is kept, so a frame claiming 2^63 bytes costs nothing; invalid UTF-8 at its first bad
/// byte, even in the middle of a fragmented message. After a failure or a close frame the decoder
/// takes no more input. Memory held: one message of at most `maximumMessageBytes` and one control
/// payload of at most 125 bytes.
public struct WebSocketFrameDecoder: Sendable {
  /// Which side of the connection the decoder reads for.
  public enum Role: Sendable {
    /// Reads a client's frames: each must be masked (section 5.1).
    case server
    /// Reads a server's frames: none may be masked.
    case client
  }

  /// A message or control frame that arrived whole.
  public enum Event: Sendable, Equatable {
    /// A text message, its fragments joined; valid UTF-8.
    case text([UInt8])
    /// A binary message, its fragments joined (only when `acceptsBinary`).
    case binary([UInt8])
    /// A ping with its application data, to be answered with a pong carrying the same.
    case ping([UInt8])
    /// A pong with its application data.
    case pong([UInt8])
    /// A close frame: its code (nil when it carried none) and reason.
    case close(code: WebSocketCloseCode?, reason: String)
  }

  /// Why the connection must be closed, with the code to close it with.
  public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The close code to send.
    public var code: WebSocketCloseCode
    /// Sent as the close frame's reason, so it stays short ASCII.
    public var reason: String
    /// A failure with its close code and reason.
    public init(_ code: WebSocketCloseCode, _ reason: String) {
      self.code = code
      self.reason = reason
    }
    /// The code and the reason, for logs.
    public var description: String { "\(code) \(reason)" }
  }

  /// Whose frames the decoder reads, which decides whether they must be masked.
  public let role: Role
  /// The largest message accepted, its fragments together.
  public let maximumMessageBytes: Int
  /// Whether binary messages are delivered; when not, one fails with 1003 at its first frame.
  public let acceptsBinary: Bool

  private enum Stage: Sendable { case header, payload, done }
  private var stage = Stage.header
  /// The header read so far: at most 2 + 8 + 4 bytes.
  private var header: [UInt8] = []
  private var opcode: UInt8 = 0
  private var isFinal = false
  private var maskKey: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
  private var isMasked = false
  private var payloadRemaining: UInt64 = 0
  private var maskOffset = 0
  /// The message being joined: its opcode (1 text, 2 binary) while fragments are awaited.
  private var messageOpcode: UInt8?
  private var message: [UInt8] = []
  private var validator = UTF8Validator()
  private var control: [UInt8] = []

  /// A decoder at the start of a stream, with PROTOCOL.md section 13's limit by default.
  public init(role: Role, maximumMessageBytes: Int = 64 * 1024, acceptsBinary: Bool = false) {
    self.role = role
    self.maximumMessageBytes = maximumMessageBytes
    self.acceptsBinary = acceptsBinary
    header.reserveCapacity(14)
  }

  /// Feeds bytes, calling `emit` for each message and control frame completed by them.
  ///
  /// - Returns: the failure that ends the connection, the first time one is found; nil otherwise.
  public mutating func feed(_ bytes: UnsafeRawBufferPointer, _ emit: (Event) -> Void) -> Failure? {
    var index = 0
    let count = bytes.count
    while index < count {
      switch stage {
      case .done:
        return nil
      case .header:
        header.append(bytes[index])
        index += 1
        if let failure = headerProgress() {
          stage = .done
          return failure
        }
        if stage == .payload, payloadRemaining == 0, let failure = finishFrame(emit) {
          stage = .done
          return failure
        }
      case .payload:
        let take = Int(min(UInt64(count - index), payloadRemaining))
        let chunk = UnsafeRawBufferPointer(rebasing: bytes[index..<(index + take)])
        index += take
        payloadRemaining -= UInt64(take)
        if let failure = absorb(chunk) {
          stage = .done
          return failure
        }
        if payloadRemaining == 0, let failure = finishFrame(emit) {
          stage = .done
          return failure
        }
      }
    }
    return nil
  }

  /// Feeds an array of bytes; returns the events and the failure, for tests and small clients.
  public mutating func feed(_ bytes: [UInt8]) -> (events: [Event], failure: Failure?) {
    var events: [Event] = []
    let failure = bytes.withUnsafeBytes { feed($0) { events.append($0) } }
    return (events, failure)
  }

  /// Whether the decoder stopped: after a close frame or a failure.
  public var isFinished: Bool { stage == .done }

  /// Checks the header as far as it has arrived; moves to the payload once it is whole.
  private mutating func headerProgress() -> Failure? {
    if header.count == 2 {
      let first = header[0]
      let second = header[1]
      if first & 0x70 != 0 { return Failure(.protocolError, "reserved bits set without an extension") }
      opcode = first & 0x0F
      isFinal = first & 0x80 != 0
      isMasked = second & 0x80 != 0
      let length7 = second & 0x7F
      switch opcode {
      case 0x0:
        if messageOpcode == nil { return Failure(.protocolError, "continuation frame with no message begun") }
      case 0x1, 0x2:
        if messageOpcode != nil { return Failure(.protocolError, "new message before the last one ended") }
        if opcode == 0x2 && !acceptsBinary {
          return Failure(.unsupportedData, "binary messages are not accepted")
        }
      case 0x8, 0x9, 0xA:
        if !isFinal { return Failure(.protocolError, "fragmented control frame") }
        if length7 > 125 { return Failure(.protocolError, "control frame longer than 125 bytes") }
      default:
        return Failure(.protocolError, "unknown opcode \(opcode)")
      }
      switch role {
      case .server where !isMasked: return Failure(.protocolError, "client frame not masked")
      case .client where isMasked: return Failure(.protocolError, "server frame masked")
      default: break
      }
    }
    guard header.count >= 2 else { return nil }
    let length7 = header[1] & 0x7F
    let lengthBytes = length7 == 126 ? 2 : length7 == 127 ? 8 : 0
    let total = 2 + lengthBytes + (isMasked ? 4 : 0)
    // The length is checked as soon as it is read, before the masking key.
    if header.count == 2 + lengthBytes {
      var length = UInt64(length7)
      if lengthBytes > 0 {
        length = header[2..<(2 + lengthBytes)].reduce(0) { $0 << 8 | UInt64($1) }
      }
      payloadRemaining = length
      if opcode < 0x8 {
        let already = UInt64(message.count)
        if length > UInt64(maximumMessageBytes) || already + length > UInt64(maximumMessageBytes) {
          return Failure(.messageTooBig, "message above \(maximumMessageBytes) bytes")
        }
      }
    }
    guard header.count == total else { return nil }
    if isMasked {
      let key = header[(total - 4)..<total]
      maskKey = (
        key[key.startIndex], key[key.startIndex + 1], key[key.startIndex + 2], key[key.startIndex + 3]
      )
    }
    maskOffset = 0
    header.removeAll(keepingCapacity: true)
    if opcode == 0x1 || opcode == 0x2 {
      messageOpcode = opcode
      validator = UTF8Validator()
      message.reserveCapacity(Int(min(payloadRemaining, UInt64(maximumMessageBytes))))
    }
    control.removeAll(keepingCapacity: true)
    stage = .payload
    return nil
  }

  /// Unmasks a piece of payload into the message or control buffer.
  private mutating func absorb(_ chunk: UnsafeRawBufferPointer) -> Failure? {
    let isControl = opcode >= 0x8
    let start = isControl ? control.count : message.count
    if isControl { control.append(contentsOf: chunk) } else { message.append(contentsOf: chunk) }
    if isMasked {
      let key = [maskKey.0, maskKey.1, maskKey.2, maskKey.3]
      var offset = maskOffset
      if isControl {
        for position in start..<control.count {
          control[position] ^= key[offset & 3]
          offset += 1
        }
      } else {
        message.withUnsafeMutableBufferPointer { buffer in
          for position in start..<buffer.count {
            buffer[position] ^= key[offset & 3]
            offset += 1
          }
        }
      }
      maskOffset = offset & 3
    }
    if !isControl && messageOpcode == 0x1 && !validator.feed(message[start...]) {
      return Failure(.invalidData, "text message is not valid UTF-8")
    }
    return nil
  }

  /// Delivers a frame whose payload is complete.
  private mutating func finishFrame(_ emit: (Event) -> Void) -> Failure? {
    stage = .header
    switch opcode {
    case 0x8:
      let payload = control
      stage = .done
      if payload.isEmpty {
        emit(.close(code: nil, reason: ""))
        return nil
      }
      guard payload.count >= 2 else { return Failure(.protocolError, "close frame of one byte") }
      let code = WebSocketCloseCode(rawValue: UInt16(payload[0]) << 8 | UInt16(payload[1]))
      guard code.isAllowedOnTheWire else { return Failure(.protocolError, "close code \(code) not allowed") }
      var reasonCheck = UTF8Validator()
      guard reasonCheck.feed(payload.dropFirst(2)), reasonCheck.isComplete else {
        return Failure(.invalidData, "close reason is not valid UTF-8")
      }
      emit(.close(code: code, reason: String(decoding: payload.dropFirst(2), as: UTF8.self)))
    case 0x9:
      emit(.ping(control))
    case 0xA:
      emit(.pong(control))
    default:
      guard isFinal, let kind = messageOpcode else { return nil }
      if kind == 0x1 && !validator.isComplete {
        return Failure(.invalidData, "text message ends inside a character")
      }
      let whole = message
      message.removeAll(keepingCapacity: message.capacity <= 4096)
      messageOpcode = nil
      emit(kind == 0x1 ? .text(whole) : .binary(whole))
    }
    return nil
  }
}
