import ViewWireKit
import ViewWireProtocol

/// The terms of the frame hash (PROTOCOL.md section 7).
///
/// Each term's text goes straight into an FNV-1a digest through the same writers the encoder
/// uses (`WireByteSink`): the result equals `FNV1a.hash` of the string the spec names, which
/// clients compute naively, and no term builds a string or fills a buffer.
enum HashTerms {
  /// `s ID CLASS PARENT PREV`
  static func place(id: Int, className: String, parent: Int?, previous: Int?) -> UInt64 {
    var digest = FNV1aDigest()
    digest.appendASCII("s ")
    digest.appendDecimal(id)
    digest.append(UInt8(ascii: " "))
    digest.appendUTF8(className)
    digest.appendNeighbour(parent)
    digest.appendNeighbour(previous)
    return digest.state
  }

  /// `l ID X Y W H`, numbers canonical, given in whole thousandths
  /// (`CanonicalNumber.thousandths`), as the `layout` line writes them.
  static func layout(id: Int, x: Int64, y: Int64, width: Int64, height: Int64) -> UInt64 {
    var digest = FNV1aDigest()
    digest.appendASCII("l ")
    digest.appendDecimal(id)
    digest.appendNumber(x)
    digest.appendNumber(y)
    digest.appendNumber(width)
    digest.appendNumber(height)
    return digest.state
  }

  /// `p ID KEY=VALUE`, the value as wire text.
  static func property(id: Int, key: RenderKey, value: WireValue) -> UInt64 {
    var digest = FNV1aDigest()
    digest.appendASCII("p ")
    digest.appendDecimal(id)
    digest.append(UInt8(ascii: " "))
    digest.append(contentsOf: key.utf8)
    digest.append(UInt8(ascii: "="))
    digest.appendWireText(of: value)
    return digest.state
  }
}

extension FNV1aDigest {
  /// A space, then a number of thousandths canonically.
  fileprivate mutating func appendNumber(_ thousandths: Int64) {
    append(UInt8(ascii: " "))
    appendCanonical(thousandths: thousandths)
  }

  /// A space, then the id, or `-` for none.
  fileprivate mutating func appendNeighbour(_ id: Int?) {
    append(UInt8(ascii: " "))
    if let id { appendDecimal(id) } else { append(UInt8(ascii: "-")) }
  }
}
