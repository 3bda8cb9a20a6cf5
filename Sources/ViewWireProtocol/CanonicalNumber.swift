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

  /// Parses a client's number: optional sign, digits, optional fraction. No exponent, no `inf`.
  public static func parse(_ text: some StringProtocol) -> Double? {
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
    return Double(String(text))
  }
}
