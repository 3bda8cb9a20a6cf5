/// Where wire text goes: an output buffer, or straight into a hash digest.
///
/// The frame encoder and the frame hash both need the canonical text of numbers, quoted strings
/// and values; building a `String` for each, only to copy its bytes out again, was most of what
/// a small frame cost, and writing a hash term into a buffer before digesting it was most of
/// what a moved view cost. The writers below work on any sink and produce the exact bytes of
/// `CanonicalNumber.format`, `Quoting.quote` and `WireValue.wireText` (which are defined through
/// them), so the hash and the wire cannot drift apart.
public protocol WireByteSink {
  /// Takes one byte.
  mutating func append(_ byte: UInt8)
  /// Takes bytes in order.
  mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: WireByteSink where Element == UInt8 {}

/// A sink that digests what it is given with 64-bit FNV-1a (PROTOCOL.md section 7), so a hash
/// term is computed from the same writers as the line, without a buffer.
public struct FNV1aDigest: WireByteSink {
  /// The digest of the bytes so far.
  public var state = FNV1a.offsetBasis

  /// A digest of nothing yet.
  @inlinable public init() {}

  /// Digests one byte.
  @inlinable
  public mutating func append(_ byte: UInt8) {
    state = (state ^ UInt64(byte)) &* FNV1a.prime
  }

  /// Digests bytes in order.
  @inlinable @inline(__always)
  public mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
    for byte in bytes { append(byte) }
  }
}

extension WireByteSink {
  /// Appends a 64-bit digest as 16 lowercase hex digits, leading zeros included (a frame's
  /// `hash=`): `FNV1a.hex` is defined through it, and the frame encoder writes the digits straight
  /// into its buffer instead of building a `String` from `String(_:radix:)` and a padding
  /// concatenation on every frame.
  @inlinable
  public mutating func appendHex16(_ value: UInt64) {
    // The digits are laid out eight at a time in a word, then appended at once: a loop over
    // sixteen digits was most of a frame's `end` line.
    var scratch: (UInt64, UInt64) = (
      Self.hexDigits(of: UInt32(truncatingIfNeeded: value &>> 32)).bigEndian,
      Self.hexDigits(of: UInt32(truncatingIfNeeded: value)).bigEndian
    )
    Swift.withUnsafeBytes(of: &scratch) { raw in
      append(contentsOf: raw.bindMemory(to: UInt8.self))
    }
  }

  /// The eight lowercase hex digits of `value` as the bytes of a word, the most significant
  /// digit in its most significant byte.
  @usableFromInline @inline(__always)
  static func hexDigits(of value: UInt32) -> UInt64 {
    // Nibble k of `value` moved to byte k, in three spreads.
    var word = UInt64(value)
    word = (word | word &<< 16) & 0x0000_FFFF_0000_FFFF
    word = (word | word &<< 8) & 0x00FF_00FF_00FF_00FF
    word = (word | word &<< 4) & 0x0F0F_0F0F_0F0F_0F0F
    // 1 in each byte whose digit is 10 or more: `a` lies 39 past the byte after `9`.
    let letters = ((word &+ 0x0606_0606_0606_0606) &>> 4) & 0x0101_0101_0101_0101
    return word &+ 0x3030_3030_3030_3030 &+ letters &* 0x27
  }

  /// Appends the ASCII bytes of a literal, such as a command word.
  @inlinable
  public mutating func appendASCII(_ text: StaticString) {
    text.withUTF8Buffer { append(contentsOf: $0) }
  }

  /// Appends a string's UTF-8 bytes as they are (class names, property keys).
  @inlinable
  public mutating func appendUTF8(_ text: String) {
    var text = text
    text.withUTF8 { append(contentsOf: $0) }
  }

  /// Appends an integer in decimal, `-` first when negative.
  @inlinable
  public mutating func appendDecimal(_ number: Int) {
    if number < 0 { append(UInt8(ascii: "-")) }
    appendDigits(UInt64(number.magnitude))
  }

  /// Appends `value` canonically (PROTOCOL.md section 5): `12`, `0.5`, `-3.125`; non-finite
  /// values as `0`, values past ±9e12 clamped.
  @inlinable
  public mutating func appendCanonical(_ value: Double) {
    appendCanonical(thousandths: CanonicalNumber.thousandths(value))
  }

  /// Appends a number given in whole thousandths canonically: 1500 is `1.5`.
  @inlinable
  public mutating func appendCanonical(thousandths: Int64) {
    if thousandths == 0 { return append(UInt8(ascii: "0")) }
    // Whole numbers, most frames' coordinates, need no fraction digits.
    if thousandths % 1000 == 0 { return appendDecimal(Int(thousandths / 1000)) }
    if thousandths < 0 { append(UInt8(ascii: "-")) }
    let magnitude = thousandths.magnitude
    appendDigits(magnitude / 1000)
    var fraction = magnitude % 1000
    append(UInt8(ascii: "."))
    var digits = 3
    while fraction % 10 == 0 {
      fraction /= 10
      digits -= 1
    }
    // Leading zeros of the fraction: 0.05 is 50 thousandths, written "05".
    var divisor: UInt64 = digits == 3 ? 100 : digits == 2 ? 10 : 1
    while divisor > 0 {
      append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
      divisor /= 10
    }
  }

  /// Appends `text` quoted as PROTOCOL.md section 5 says: `"`, with `\"`, `\\`, `\n`, `\r`, `\t`
  /// escaped and the other characters `Quoting.mustEscape` names as `\u{H}`, then `"`.
  @inlinable
  public mutating func appendQuoted(_ text: String) {
    append(UInt8(ascii: "\""))
    // Most text is printable ASCII with nothing to escape: one pass over the bytes, one copy.
    // The pass reads the string's storage in place; walking `utf8` byte by byte cost more than
    // the rest of quoting.
    var text = text
    let plain = text.withUTF8 { bytes in
      guard Quoting.isPlain(bytes) else { return false }
      append(contentsOf: bytes)
      return true
    }
    if !plain {
      for scalar in text.unicodeScalars { appendEscaped(scalar) }
    }
    append(UInt8(ascii: "\""))
  }

  /// Appends a value's wire text (`WireValue.wireText`).
  @inlinable
  public mutating func appendWireText(of value: WireValue) {
    switch value {
    case .number(let number): appendCanonical(number)
    case .bool(let flag): flag ? appendASCII("true") : appendASCII("false")
    case .color(let color):
      append(UInt8(ascii: "#"))
      for channel in [color.red, color.green, color.blue, color.alpha] {
        append(Self.hexDigit(channel >> 4))
        append(Self.hexDigit(channel & 0xF))
      }
    case .string(let text): appendQuoted(text)
    }
  }

  /// The lowercase hex digit of a value 0 to 15.
  @inlinable
  static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }

  @usableFromInline mutating func appendEscaped(_ scalar: Unicode.Scalar) {
    switch scalar {
    case "\"": appendASCII("\\\"")
    case "\\": appendASCII("\\\\")
    case "\n": appendASCII("\\n")
    case "\r": appendASCII("\\r")
    case "\t": appendASCII("\\t")
    default:
      if Quoting.mustEscape(scalar) {
        appendASCII("\\u{")
        appendUTF8(String(scalar.value, radix: 16))
        append(UInt8(ascii: "}"))
      } else {
        for byte in UTF8.encode(scalar)! { append(byte) }
      }
    }
  }

  /// Appends the decimal digits of `number`, most significant first.
  ///
  /// The digits are written back to front into stack space, then handed over in one call:
  /// appending to an array byte by byte checked uniqueness and capacity per digit, and numbers
  /// are most of what layout lines and their hash terms write.
  @inlinable @inline(__always)
  mutating func appendDigits(_ number: UInt64) {
    guard number >= 10 else { return append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: number)) }
    var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for the 20 digits of UInt64.max
    Swift.withUnsafeMutableBytes(of: &scratch) { raw in
      let digits = raw.bindMemory(to: UInt8.self)
      var rest = number
      var start = 20
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
      } while rest > 0
      append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
    }
  }

}
