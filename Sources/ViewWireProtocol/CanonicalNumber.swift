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
    guard value.isFinite else { return "0" }
    let scaled = (value * 1000).rounded(.toNearestOrAwayFromZero)
    guard abs(scaled) < 9.0e15 else { return value < 0 ? "-9000000000000" : "9000000000000" }
    var thousandths = Int64(scaled)
    if thousandths == 0 { return "0" }
    let negative = thousandths < 0
    if negative { thousandths = -thousandths }
    let whole = thousandths / 1000
    var fraction = thousandths % 1000
    var text = negative ? "-" : ""
    text += String(whole)
    if fraction != 0 {
      var digits = 3
      while fraction % 10 == 0 {
        fraction /= 10
        digits -= 1
      }
      let fractionText = String(fraction)
      text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }
    return text
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
