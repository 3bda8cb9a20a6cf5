import Testing
import ViewWireWeb

/// Autobahn-style cases for the frame decoder: each a name, the bytes a client sends, and the
/// messages or close code they must give. Every case is also fed byte by byte and in every
/// two-way split, as swift-nio's `ByteToMessageDecoderVerifier` does, and must give the same.
@Suite struct WebSocketDecoderTests {
  typealias Event = WebSocketFrameDecoder.Event
  typealias Opcode = WebSocketFrameEncoder.Opcode

  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let bytes: [UInt8]
    let events: [Event]
    let failure: WebSocketCloseCode?
    var testDescription: String { name }
  }

  static let mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]

  /// A masked client frame.
  static func frame(
    _ opcode: Opcode, _ payload: [UInt8], final: Bool = true, masked: Bool = true, rsv: UInt8 = 0
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    WebSocketFrameEncoder.appendFrame(
      opcode, payload: payload, final: final, mask: masked ? mask : nil, rsv: rsv, into: &bytes)
    return bytes
  }

  static func text(_ string: String, final: Bool = true) -> [UInt8] {
    frame(.text, Array(string.utf8), final: final)
  }
  static func more(_ string: String, final: Bool = true) -> [UInt8] {
    frame(.continuation, Array(string.utf8), final: final)
  }
  static func close(_ code: UInt16, _ reason: String = "") -> [UInt8] {
    frame(.close, [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8))
  }
  /// A header claiming `length` bytes, with no payload after it.
  static func header(_ opcode: UInt8, length: UInt64, masked: Bool = true) -> [UInt8] {
    var bytes: [UInt8] = [0x80 | opcode]
    WebSocketFrameEncoder.appendLength(length, masked: masked, into: &bytes)
    if masked { bytes += mask }
    return bytes
  }
  static func t(_ string: String) -> Event { .text(Array(string.utf8)) }

  static let cases: [Case] = [
    // 1.x: framing of single-frame messages.
    Case(name: "1.1.1 empty text", bytes: text(""), events: [t("")], failure: nil),
    Case(name: "1.1.2 short text", bytes: text("ping\n"), events: [t("ping\n")], failure: nil),
    Case(
      name: "1.1.3 125 bytes (7-bit length)", bytes: text(String(repeating: "a", count: 125)),
      events: [t(String(repeating: "a", count: 125))], failure: nil),
    Case(
      name: "1.1.4 126 bytes (16-bit length)", bytes: text(String(repeating: "b", count: 126)),
      events: [t(String(repeating: "b", count: 126))], failure: nil),
    Case(
      name: "1.1.5 65535 bytes (16-bit length, largest)", bytes: text(String(repeating: "c", count: 65535)),
      events: [t(String(repeating: "c", count: 65535))], failure: nil),
    Case(
      name: "1.1.6 65536 bytes (64-bit length, the maximum)",
      bytes: text(String(repeating: "d", count: 65536)),
      events: [t(String(repeating: "d", count: 65536))], failure: nil),
    Case(
      name: "1.1.7 two messages in one read", bytes: text("a\n") + text("b\n"), events: [t("a\n"), t("b\n")],
      failure: nil),
    Case(
      name: "1.1.8 16-bit length that fits in 7 bits is accepted",
      bytes: [0x81, 0x80 | 126, 0, 2] + mask + zip(Array("hi".utf8), mask).map { $0 ^ $1 },
      events: [t("hi")], failure: nil),
    // 2.x: pings and pongs.
    Case(name: "2.1 ping without payload", bytes: frame(.ping, []), events: [.ping([])], failure: nil),
    Case(
      name: "2.2 ping with payload", bytes: frame(.ping, Array("abc".utf8)),
      events: [.ping(Array("abc".utf8))],
      failure: nil),
    Case(
      name: "2.3 ping with 125 bytes", bytes: frame(.ping, Array(repeating: 0xFE, count: 125)),
      events: [.ping(Array(repeating: 0xFE, count: 125))], failure: nil),
    Case(
      name: "2.4 ping with 126 bytes", bytes: frame(.ping, Array(repeating: 1, count: 126)), events: [],
      failure: .protocolError),
    Case(
      name: "2.5 unsolicited pong", bytes: frame(.pong, Array("x".utf8)), events: [.pong(Array("x".utf8))],
      failure: nil),
    Case(
      name: "2.6 fragmented ping", bytes: frame(.ping, [], final: false), events: [], failure: .protocolError),
    // 3.x: reserved bits.
    Case(
      name: "3.1 RSV1 set", bytes: frame(.text, Array("a".utf8), rsv: 0x40), events: [],
      failure: .protocolError),
    Case(
      name: "3.2 RSV2 set after a good message", bytes: text("a") + frame(.text, [], rsv: 0x20),
      events: [t("a")], failure: .protocolError),
    Case(name: "3.3 RSV3 on a ping", bytes: frame(.ping, [], rsv: 0x10), events: [], failure: .protocolError),
    // 4.x: opcodes.
    Case(
      name: "4.1.1 reserved data opcode 3", bytes: [0x83, 0x80] + mask, events: [], failure: .protocolError),
    Case(
      name: "4.2.1 reserved control opcode 11", bytes: [0x8B, 0x80] + mask, events: [],
      failure: .protocolError),
    Case(
      name: "4.3 binary message refused", bytes: frame(.binary, [1, 2, 3]), events: [],
      failure: .unsupportedData),
    // 5.x: fragmentation.
    Case(
      name: "5.1 text in three fragments",
      bytes: text("op", final: false) + more("en ", final: false) + more("square"),
      events: [t("open square")], failure: nil),
    Case(
      name: "5.2 ping between fragments", bytes: text("a", final: false) + frame(.ping, [9]) + more("b"),
      events: [.ping([9]), t("ab")], failure: nil),
    Case(name: "5.3 continuation with no message", bytes: more("x"), events: [], failure: .protocolError),
    Case(
      name: "5.4 new text inside a fragmented message", bytes: text("a", final: false) + text("b"),
      events: [], failure: .protocolError),
    Case(
      name: "5.5 empty fragments", bytes: text("", final: false) + more("", final: false) + more(""),
      events: [t("")], failure: nil),
    Case(
      name: "5.6 close in the middle of a fragmented message",
      bytes: text("op", final: false) + close(1000) + more("en"),
      events: [.close(code: .normal, reason: "")], failure: nil),
    // 6.x: UTF-8.
    Case(
      name: "6.1 valid multibyte text", bytes: text("κόσμε 你好 😀"), events: [t("κόσμε 你好 😀")], failure: nil),
    Case(
      name: "6.2 a character split over fragments",
      bytes: frame(.text, [0xE4, 0xBD], final: false) + frame(.continuation, [0xA0]),
      events: [t("你")], failure: nil),
    Case(
      name: "6.3 invalid byte 0xFF", bytes: frame(.text, [0x61, 0xFF]), events: [], failure: .invalidData),
    Case(
      name: "6.4 overlong slash C0 AF", bytes: frame(.text, [0xC0, 0xAF]), events: [], failure: .invalidData),
    Case(
      name: "6.5 surrogate ED A0 80", bytes: frame(.text, [0xED, 0xA0, 0x80]), events: [],
      failure: .invalidData),
    Case(
      name: "6.6 above U+10FFFF F4 90 80 80", bytes: frame(.text, [0xF4, 0x90, 0x80, 0x80]), events: [],
      failure: .invalidData),
    Case(
      name: "6.7 truncated character at the end of a message", bytes: frame(.text, [0xE4, 0xBD]), events: [],
      failure: .invalidData),
    Case(
      name: "6.8 invalid byte in the first fragment fails before the rest",
      bytes: frame(.text, [0xFF], final: false), events: [], failure: .invalidData),
    // 7.x: closing.
    Case(
      name: "7.1 close without payload", bytes: frame(.close, []), events: [.close(code: nil, reason: "")],
      failure: nil),
    Case(
      name: "7.2 close 1000 with reason", bytes: close(1000, "bye"),
      events: [.close(code: .normal, reason: "bye")],
      failure: nil),
    Case(
      name: "7.3 input after close is ignored", bytes: close(1001) + text("late"),
      events: [.close(code: .goingAway, reason: "")], failure: nil),
    Case(name: "7.4 close of one byte", bytes: frame(.close, [0x03]), events: [], failure: .protocolError),
    Case(name: "7.5 close code 1005 is never sent", bytes: close(1005), events: [], failure: .protocolError),
    Case(name: "7.6 close code 999", bytes: close(999), events: [], failure: .protocolError),
    Case(
      name: "7.7 close code 4000 (application)", bytes: close(4000),
      events: [.close(code: WebSocketCloseCode(rawValue: 4000), reason: "")], failure: nil),
    Case(
      name: "7.8 close reason not UTF-8", bytes: frame(.close, [0x03, 0xE8, 0xFF]), events: [],
      failure: .invalidData),
    // 9.x: limits.
    Case(
      name: "9.1 frame claiming 2^63 bytes", bytes: header(0x1, length: 1 << 63), events: [],
      failure: .messageTooBig),
    Case(
      name: "9.2 frame claiming 2^64-1 bytes", bytes: header(0x1, length: .max), events: [],
      failure: .messageTooBig),
    Case(
      name: "9.3 65537 bytes in one frame", bytes: header(0x1, length: 65537), events: [],
      failure: .messageTooBig),
    Case(
      name: "9.4 fragments together above the maximum",
      bytes: text(String(repeating: "x", count: 40000), final: false) + header(0x0, length: 30000),
      events: [],
      failure: .messageTooBig),
    // 10.x: masking.
    Case(
      name: "10.1 unmasked client frame", bytes: frame(.text, Array("ping".utf8), masked: false), events: [],
      failure: .protocolError),
    Case(
      name: "10.2 unmasked ping", bytes: frame(.ping, [], masked: false), events: [], failure: .protocolError),
  ]

  static func decode(_ pieces: [ArraySlice<UInt8>]) -> ([Event], WebSocketCloseCode?) {
    var decoder = WebSocketFrameDecoder(role: .server)
    var events: [Event] = []
    var failure: WebSocketCloseCode?
    for piece in pieces {
      let result = decoder.feed(Array(piece))
      events += result.events
      if let code = result.failure?.code {
        failure = code
        break
      }
    }
    return (events, failure)
  }

  @Test(arguments: cases)
  func wholeInput(_ example: Case) {
    let (events, failure) = Self.decode([example.bytes[...]])
    #expect(events == example.events)
    #expect(failure == example.failure)
  }

  @Test(arguments: cases)
  func byteByByte(_ example: Case) {
    let (events, failure) = Self.decode(example.bytes.indices.map { example.bytes[$0...$0] })
    #expect(events == example.events)
    #expect(failure == example.failure)
  }

  @Test(arguments: cases.filter { $0.bytes.count <= 300 })
  func everyTwoWaySplit(_ example: Case) {
    for split in 0...example.bytes.count {
      let (events, failure) = Self.decode([example.bytes[..<split], example.bytes[split...]])
      #expect(events == example.events, "split at \(split)")
      #expect(failure == example.failure, "split at \(split)")
    }
  }

  @Test func aFrameClaiming2To63BytesFailsAtItsTenthByteWithNothingKept() {
    var decoder = WebSocketFrameDecoder(role: .server)
    let bytes = Self.header(0x1, length: 1 << 63)
    for (index, byte) in bytes.enumerated() {
      let result = decoder.feed([byte])
      if index < 9 {
        #expect(result.failure == nil)
      } else {
        #expect(result.failure?.code == .messageTooBig)
        break
      }
    }
  }

  @Test func theFailureReasonFitsAControlFrame() {
    for example in Self.cases {
      var decoder = WebSocketFrameDecoder(role: .server)
      if let failure = decoder.feed(example.bytes).failure {
        #expect(WebSocketFrameEncoder.closePayload(failure.code, reason: failure.reason).count <= 125)
      }
    }
  }

  @Test func aClientDecoderRefusesMaskedServerFrames() {
    var decoder = WebSocketFrameDecoder(role: .client)
    #expect(decoder.feed(Self.text("x")).failure?.code == .protocolError)
    var plain = WebSocketFrameDecoder(role: .client)
    #expect(plain.feed(Self.frame(.text, Array("ok\n".utf8), masked: false)).events == [Self.t("ok\n")])
  }

  @Test func encoderUsesTheShortestLength() {
    for (length, headerBytes) in [(0, 2), (125, 2), (126, 4), (65535, 4), (65536, 10)] {
      var bytes: [UInt8] = []
      WebSocketFrameEncoder.appendFrame(.text, payload: [UInt8](repeating: 0x61, count: length), into: &bytes)
      #expect(bytes.count == length + headerBytes, "length \(length)")
    }
  }

  @Test func closePayloadCutsTheReasonAtACharacter() {
    let payload = WebSocketFrameEncoder.closePayload(.goingAway, reason: String(repeating: "é", count: 100))
    #expect(payload.count == 124)
    #expect(Array(payload.prefix(2)) == [0x03, 0xE9])
  }
}
