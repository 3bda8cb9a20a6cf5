import ViewWireProtocol

/// The terms of the frame hash (PROTOCOL.md section 7).
///
/// Each term's text is written into one reused byte buffer by the same writers the encoder uses
/// (`WireBytes`), then digested: the result equals `FNV1a.hash` of the string the spec names,
/// which clients compute naively, and no term allocates once the buffer has grown.
struct HashTerms {
  private var scratch: [UInt8] = []

  init() { scratch.reserveCapacity(256) }

  /// `s ID CLASS PARENT PREV`
  mutating func place(id: Int, className: String, parent: Int?, previous: Int?) -> UInt64 {
    scratch.removeAll(keepingCapacity: true)
    scratch.appendASCII("s ")
    scratch.appendDecimal(id)
    scratch.append(UInt8(ascii: " "))
    scratch.appendUTF8(className)
    appendNeighbour(parent)
    appendNeighbour(previous)
    return digest()
  }

  /// `l ID X Y W H`, numbers canonical.
  mutating func layout(id: Int, x: Double, y: Double, width: Double, height: Double) -> UInt64 {
    scratch.removeAll(keepingCapacity: true)
    scratch.appendASCII("l ")
    scratch.appendDecimal(id)
    appendNumber(x)
    appendNumber(y)
    appendNumber(width)
    appendNumber(height)
    return digest()
  }

  /// `p ID KEY=VALUE`, the value as wire text.
  mutating func property(id: Int, key: String, value: WireValue) -> UInt64 {
    scratch.removeAll(keepingCapacity: true)
    scratch.appendASCII("p ")
    scratch.appendDecimal(id)
    scratch.append(UInt8(ascii: " "))
    scratch.appendUTF8(key)
    scratch.append(UInt8(ascii: "="))
    scratch.appendWireText(of: value)
    return digest()
  }

  /// A space, then the id, or `-` for none.
  private mutating func appendNeighbour(_ id: Int?) {
    scratch.append(UInt8(ascii: " "))
    if let id { scratch.appendDecimal(id) } else { scratch.append(UInt8(ascii: "-")) }
  }

  /// A space, then the number canonically.
  private mutating func appendNumber(_ number: Double) {
    scratch.append(UInt8(ascii: " "))
    scratch.appendCanonical(number)
  }

  private func digest() -> UInt64 {
    scratch.withUnsafeBufferPointer { FNV1a.hash($0) }
  }
}
