/// Writes WebSocket frames (RFC 6455 section 5.2): the server's, unmasked, and a client's,
/// masked with a key the caller gives (tests and benchmarks play the client).
public enum WebSocketFrameEncoder {
  /// Frame opcodes (section 5.2).
  public enum Opcode: UInt8, Sendable {
    /// A later fragment of a message.
    case continuation = 0x0
    /// The first (or only) frame of a text message.
    case text = 0x1
    /// The first (or only) frame of a binary message.
    case binary = 0x2
    /// The closing handshake.
    case close = 0x8
    /// A ping, answered by a pong with the same data.
    case ping = 0x9
    /// The answer to a ping.
    case pong = 0xA
  }

  /// Appends one frame to `output`.
  ///
  /// - Parameters:
  ///   - final: the FIN bit; false for every fragment of a message but the last.
  ///   - mask: the masking key for a client's frame; nil for a server's.
  ///   - rsv: the RSV1-3 bits (shifted into place), for tests that send what no peer may.
  public static func appendFrame(
    _ opcode: Opcode, payload: some Collection<UInt8>, final: Bool = true, mask: [UInt8]? = nil,
    rsv: UInt8 = 0,
    into output: inout [UInt8]
  ) {
    appendFrame(
      rawOpcode: opcode.rawValue, payload: payload, final: final, mask: mask, rsv: rsv, into: &output)
  }

  /// Appends one frame with any opcode, even a reserved one (for tests).
  public static func appendFrame(
    rawOpcode: UInt8, payload: some Collection<UInt8>, final: Bool = true, mask: [UInt8]? = nil,
    rsv: UInt8 = 0,
    into output: inout [UInt8]
  ) {
    output.append((final ? 0x80 : 0) | (rsv & 0x70) | (rawOpcode & 0x0F))
    appendLength(UInt64(payload.count), masked: mask != nil, into: &output)
    guard let mask else {
      output.append(contentsOf: payload)
      return
    }
    precondition(mask.count == 4, "a masking key has four bytes")
    output.append(contentsOf: mask)
    var offset = 0
    for byte in payload {
      output.append(byte ^ mask[offset & 3])
      offset += 1
    }
  }

  /// Appends the second byte and the extended length: 7 bits, or 126 and 16 bits, or 127 and
  /// 64 bits, the shortest that holds `length`.
  public static func appendLength(_ length: UInt64, masked: Bool, into output: inout [UInt8]) {
    let maskBit: UInt8 = masked ? 0x80 : 0
    if length < 126 {
      output.append(maskBit | UInt8(length))
    } else if length <= 0xFFFF {
      output.append(maskBit | 126)
      output.append(UInt8(length >> 8))
      output.append(UInt8(length & 0xFF))
    } else {
      output.append(maskBit | 127)
      for shift in stride(from: 56, through: 0, by: -8) {
        output.append(UInt8((length >> UInt64(shift)) & 0xFF))
      }
    }
  }

  /// A close frame's payload: the code, then the reason cut to fit 125 bytes at a character
  /// boundary.
  public static func closePayload(_ code: WebSocketCloseCode, reason: String) -> [UInt8] {
    var payload = [UInt8(code.rawValue >> 8), UInt8(code.rawValue & 0xFF)]
    var room = 123
    for scalar in reason.unicodeScalars {
      let bytes = Array(String(scalar).utf8)
      guard bytes.count <= room else { break }
      payload += bytes
      room -= bytes.count
    }
    return payload
  }

  /// A whole close frame from the server.
  public static func closeFrame(_ code: WebSocketCloseCode, reason: String = "", mask: [UInt8]? = nil)
    -> [UInt8]
  {
    var output: [UInt8] = []
    appendFrame(.close, payload: closePayload(code, reason: reason), mask: mask, into: &output)
    return output
  }
}
