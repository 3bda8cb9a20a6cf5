/// Decodes the bytes a terminal sends for keys and the mouse into `InputEvent`s.
///
/// Bytes come in reads of any size and a sequence may be split across two, so the decoder keeps
/// an unfinished sequence (an escape sequence, a UTF-8 character) for the next `feed`. A lone ESC
/// is ambiguous (the Escape key, or the start of a sequence still in flight); the caller waits a
/// moment and calls `flush()`, which turns it into the Escape key, as terminal programs do.
///
/// | bytes | event |
/// | --- | --- |
/// | printable UTF-8 | `.text` |
/// | CR, LF | `.key(.enter)` |
/// | DEL, BS | `.key(.backspace)` |
/// | TAB | `.key(.tab)` |
/// | other C0 bytes | `.control(letter)` (0x03 is Ctrl-C) |
/// | `ESC [ A`…`D`, `ESC O A`…`D` | arrows |
/// | `ESC O P`…`S`, `ESC [ 11~`…`24~` | F1-F12 |
/// | `ESC [ < B ; X ; Y M` / `m` | mouse press or motion / release |
/// | `ESC [ M B X Y` (each byte + 32) | the same in the X10 encoding |
public struct InputDecoder: Sendable {
  private var pending: [UInt8] = []
  /// Whether the last byte decoded was a CR, so that a LF right after it (a CR LF pair, even
  /// split between two reads) is not a second Enter.
  private var afterCarriageReturn = false

  /// A decoder with nothing pending.
  public init() {}

  /// Whether bytes wait for more input (the caller should `flush()` after a short pause).
  public var hasPending: Bool { !pending.isEmpty }

  /// Decodes `bytes` after any kept from before; an unfinished sequence at the end is kept.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
    pending.append(contentsOf: bytes)
    var events: [InputEvent] = []
    var index = 0
    var text: [UInt8] = []
    func flushText() {
      if !text.isEmpty {
        events.append(.text(String(decoding: text, as: UTF8.self)))
        text = []
      }
    }
    decoding: while index < pending.count {
      let byte = pending[index]
      defer { afterCarriageReturn = index > 0 && pending[index - 1] == 0x0D }
      if byte == 0x0A && afterCarriageReturn {
        index += 1
        continue
      }
      switch byte {
      case 0x1B:
        guard let (event, length) = Self.escapeSequence(pending, at: index) else { break decoding }
        flushText()
        if let event { events.append(event) }
        index += length
      case 0x0D, 0x0A:
        flushText()
        events.append(.key(.enter))
        index += 1
      case 0x7F, 0x08:
        flushText()
        events.append(.key(.backspace))
        index += 1
      case 0x09:
        flushText()
        events.append(.key(.tab))
        index += 1
      case 0x00..<0x20:
        flushText()
        events.append(.control(Character(Unicode.Scalar(byte + 0x60))))
        index += 1
      default:
        let length = Self.utf8Length(byte)
        guard index + length <= pending.count else { break decoding }
        text.append(contentsOf: pending[index..<(index + length)])
        index += length
      }
    }
    flushText()
    pending.removeFirst(index)
    return events
  }

  /// Turns what is pending into events: a lone ESC becomes the Escape key, an unfinished
  /// sequence is dropped.
  public mutating func flush() -> [InputEvent] {
    defer { pending = [] }
    return pending.first == 0x1B ? [.key(.escape)] : []
  }

  /// The byte count of the UTF-8 character a lead byte starts (1 for a stray continuation byte,
  /// which then decodes as U+FFFD).
  static func utf8Length(_ byte: UInt8) -> Int {
    switch byte {
    case 0xC0..<0xE0: return 2
    case 0xE0..<0xF0: return 3
    case 0xF0..<0xF8: return 4
    default: return 1
    }
  }

  /// The escape sequence at `index`: its event (nil for one this decoder ignores) and length,
  /// or nil when it is unfinished.
  static func escapeSequence(_ bytes: [UInt8], at index: Int) -> (InputEvent?, Int)? {
    guard index + 1 < bytes.count else { return nil }
    let second = bytes[index + 1]
    if second == UInt8(ascii: "O") {
      guard index + 2 < bytes.count else { return nil }
      let keys: [UInt8: InputEvent.Key] = [
        UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right, UInt8(ascii: "D"): .left,
        UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end, UInt8(ascii: "P"): .function(1),
        UInt8(ascii: "Q"): .function(2), UInt8(ascii: "R"): .function(3), UInt8(ascii: "S"): .function(4),
      ]
      return (keys[bytes[index + 2]].map(InputEvent.key), 3)
    }
    guard second == UInt8(ascii: "[") else {
      // ESC followed by anything else is Escape, then that byte on its own (Alt+key).
      return (.key(.escape), 1)
    }
    var end = index + 2
    while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
    guard end < bytes.count else { return end - index > 32 ? (nil, end - index) : nil }
    let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
    let final = bytes[end]
    let length = end - index + 1
    if parameters.isEmpty, final == UInt8(ascii: "M") {
      // The X10 encoding, from a terminal that reports the mouse but not in SGR (mode 1006):
      // three bytes follow, each its value + 32; a release does not say which button.
      guard end + 3 < bytes.count else { return nil }
      let code = Int(bytes[end + 1]) - 32
      let column = Int(bytes[end + 2]) - 33
      let row = Int(bytes[end + 3]) - 33
      guard code >= 0, column >= 0, row >= 0 else { return (nil, length + 3) }
      let report = mouse(
        "\(code & 3 == 3 && code & 64 == 0 ? code & ~3 : code);\(column + 1);\(row + 1)",
        release: code & 3 == 3 && code & 64 == 0)
      return (report, length + 3)
    }
    if parameters.hasPrefix("<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
      return (mouse(parameters.dropFirst(), release: final == UInt8(ascii: "m")), length)
    }
    let finals: [UInt8: InputEvent.Key] = [
      UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right, UInt8(ascii: "D"): .left,
      UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end, UInt8(ascii: "P"): .function(1),
      UInt8(ascii: "Q"): .function(2), UInt8(ascii: "R"): .function(3), UInt8(ascii: "S"): .function(4),
    ]
    if final == UInt8(ascii: "~") {
      let tilde: [Int: InputEvent.Key] = [
        1: .home, 2: .insert, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home, 8: .end,
        11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
        17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10),
        23: .function(11), 24: .function(12),
      ]
      let first = parameters.split(separator: ";").first.flatMap { Int($0) } ?? 0
      return (tilde[first].map(InputEvent.key), length)
    }
    return (finals[final].map(InputEvent.key), length)
  }

  /// An SGR mouse report's event from its parameters `B;X;Y`.
  static func mouse(_ parameters: Substring, release: Bool) -> InputEvent? {
    let numbers = parameters.split(separator: ";").compactMap { Int($0) }
    guard numbers.count == 3, numbers[1] >= 1, numbers[2] >= 1 else { return nil }
    let code = numbers[0]
    let kind: MouseReport.Kind
    if code & 64 != 0 {
      kind = .wheel(up: code & 1 == 0)
    } else if release {
      kind = .release
    } else if code & 32 != 0 {
      kind = .motion
    } else {
      kind = .press
    }
    return .mouse(MouseReport(kind: kind, button: code & 3, column: numbers[1] - 1, row: numbers[2] - 1))
  }
}
