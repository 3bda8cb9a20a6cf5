/// The server's one way of writing a number (PROTOCOL.md section 2).
///
/// Layout and hash must agree between server and every client, so numbers are rounded to three
/// decimals, half away from zero, with trailing zeros, a trailing point and the sign of zero
/// removed. Formatting works on integers (thousandths) so it never depends on the platform's
/// floating-point printing.
public enum CanonicalNumber {
  /// Writes `value` canonically: `12`, `0.5`, `-3.125`. Non-finite values are written `0`,
  /// because the wire has no spelling for them and a view with a NaN frame is a bug to contain.
  public static func format(_ value: Double) -> String {
    var bytes: [UInt8] = []
    bytes.appendCanonical(value)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `value` in whole thousandths, rounded as the canonical text is (half away from zero):
  /// the exact number a client holds after reading it. Non-finite values are 0, and values
  /// past ±9e12 are clamped to it.
  ///
  /// Clients add `shift` offsets in thousandths, so the server checks runs of moved views in
  /// the same integers.
  @inlinable @inline(__always)
  public static func thousandths(_ value: Double) -> Int64 {
    guard value.isFinite else { return 0 }
    // Whole thousandths (every whole coordinate) convert exactly, without a call to round.
    let product = value * 1000
    if abs(product) < 9.0e15 {
      let truncated = Int64(product)
      if Double(truncated) == product { return truncated }
    }
    let scaled = product.rounded(.toNearestOrAwayFromZero)
    guard abs(scaled) < 9.0e15 else { return value < 0 ? -9_000_000_000_000_000 : 9_000_000_000_000_000 }
    return Int64(scaled)
  }

  /// The canonical text of `text` moved by `offset`, both canonical numbers, added exactly in
  /// thousandths as a client applies a `shift` line; nil when either is not a number.
  public static func shifted(_ text: some StringProtocol, by offset: some StringProtocol) -> String? {
    guard let value = parse(text), let delta = parse(offset) else { return nil }
    var bytes: [UInt8] = []
    bytes.appendCanonical(thousandths: thousandths(value) &+ thousandths(delta))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Parses a client's number: optional sign, digits, optional fraction. No exponent, no `inf`.
  public static func parse(_ text: some StringProtocol) -> Double? {
    // A native string's bytes are read in place: through the generic `UTF8View` each byte of
    // each coordinate cost tens of instructions (a `drag` parsed four).
    if let parsed = text.utf8.withContiguousStorageIfAvailable({ parse(utf8: $0) }) { return parsed }
    return parseGeneric(text)
  }

  /// `parse(_:)` over bytes, which a line's parser reads without making a `String` per token:
  /// the same checks, then the same exact short path, then `Double(String)` for longer numbers.
  public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    guard !bytes.isEmpty else { return nil }
    var index = 0
    var negative = false
    if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
      negative = bytes[0] == UInt8(ascii: "-")
      index = 1
    }
    var digits = 0
    var fractionDigits = 0
    var sawPoint = false
    var mantissa: Int64 = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: ".") {
        if sawPoint { return nil }
        sawPoint = true
        continue
      }
      let digit = byte &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      digits += 1
      if digits <= 15 { mantissa = mantissa &* 10 &+ Int64(digit) }
      if sawPoint { fractionDigits += 1 }
    }
    guard digits > 0 else { return nil }
    // The cases `parseShort` hands to `Double(String)`, handed there the same way.
    guard digits <= 15, !sawPoint || (fractionDigits > 0 && digits > fractionDigits), fractionDigits <= 22
    else {
      return Double(String(decoding: bytes, as: UTF8.self))
    }
    // An integer (every coordinate a script sends) needs no power of ten: dividing by 1 is exact.
    let magnitude =
      fractionDigits == 0 ? Double(mantissa) : Double(mantissa) / exactPowersOfTen[fractionDigits]
    return negative ? -magnitude : magnitude
  }

  /// `parse(_:)` for text whose bytes are not contiguous (a `Substring` of a bridged string).
  private static func parseGeneric(_ text: some StringProtocol) -> Double? {
    var sawDigit = false
    var sawPoint = false
    for (offset, byte) in text.utf8.enumerated() {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
      case UInt8(ascii: "."):
        if sawPoint { return nil }
        sawPoint = true
      case UInt8(ascii: "-"), UInt8(ascii: "+"):
        if offset != 0 { return nil }
      default: return nil
      }
    }
    guard sawDigit else { return nil }
    if let exact = parseShort(text.utf8) { return exact }
    return Double(String(text))
  }

  /// Powers of ten a `Double` holds exactly.
  private static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
    1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// A number of at most 15 digits with at most 22 after the point (every coordinate a client
  /// sends), already checked by `parse`: its digits as an integer, divided by a power of ten.
  /// Both are exact in a `Double`, so the one division rounds correctly, as `Double(String)`
  /// does (Clinger's fast path), without making a `String` and calling `strtod`. Nil for longer
  /// numbers, which take that path.
  private static func parseShort(_ utf8: some Collection<UInt8>) -> Double? {
    var digits = 0
    var fractionDigits = 0
    var sawPoint = false
    var negative = false
    var mantissa: Int64 = 0
    for byte in utf8 {
      switch byte {
      case UInt8(ascii: "-"): negative = true
      case UInt8(ascii: "+"): break
      case UInt8(ascii: "."): sawPoint = true
      default:
        digits += 1
        guard digits <= 15 else { return nil }
        mantissa = mantissa * 10 + Int64(byte - UInt8(ascii: "0"))
        if sawPoint { fractionDigits += 1 }
      }
    }
    // `5.` and `.5` take the long way, whatever `Double(String)` makes of them.
    guard !sawPoint || (fractionDigits > 0 && digits > fractionDigits), fractionDigits <= 22 else {
      return nil
    }
    let magnitude = Double(mantissa) / exactPowersOfTen[fractionDigits]
    return negative ? -magnitude : magnitude
  }
}
