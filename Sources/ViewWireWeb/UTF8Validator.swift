/// Checks UTF-8 as it arrives, byte by byte, so a text message split over frames is refused at
/// its first bad byte rather than once it is whole (RFC 6455 section 8.1: fail fast).
///
/// Follows the Unicode standard's table of well-formed byte sequences (Table 3-7): no overlong
/// forms, no surrogates (U+D800-DFFF), nothing above U+10FFFF.
public struct UTF8Validator: Sendable, Equatable {
  /// Continuation bytes still expected for the current character.
  private var remaining = 0
  /// The range the next byte must fall in; narrower than 80-BF right after some lead bytes.
  private var low: UInt8 = 0x80
  private var high: UInt8 = 0xBF

  /// A validator at the start of a text, between characters.
  public init() {}

  /// Whether the bytes so far end between characters.
  public var isComplete: Bool { remaining == 0 }

  /// Feeds bytes; false at the first byte that cannot belong to well-formed UTF-8.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> Bool {
    for byte in bytes {
      if remaining == 0 {
        if byte < 0x80 { continue }
        switch byte {
        case 0xC2...0xDF: remaining = 1
        case 0xE0: (remaining, low, high) = (2, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: remaining = 2
        case 0xED: (remaining, low, high) = (2, 0x80, 0x9F)
        case 0xF0: (remaining, low, high) = (3, 0x90, 0xBF)
        case 0xF1...0xF3: remaining = 3
        case 0xF4: (remaining, low, high) = (3, 0x80, 0x8F)
        default: return false
        }
        continue
      }
      guard byte >= low && byte <= high else { return false }
      remaining -= 1
      (low, high) = (0x80, 0xBF)
    }
    return true
  }
}
