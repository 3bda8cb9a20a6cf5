import ViewWireProtocol

/// The terms of the frame hash (PROTOCOL.md section 7), digested without building strings.
///
/// FNV-1a is a streaming digest, so each term is fed its pieces in order: the result equals
/// `FNV1a.hash` of the joined string that the spec names, which clients compute naively.
enum HashTerms {
  /// `s ID CLASS PARENT PREV`
  static func place(id: Int, className: String, parent: Int?, previous: Int?) -> UInt64 {
    var digest = Digest()
    digest.add(byte: UInt8(ascii: "s"))
    digest.add(space: id)
    digest.add(byte: UInt8(ascii: " "))
    digest.add(className)
    digest.add(space: parent)
    digest.add(space: previous)
    return digest.state
  }

  /// `l ID X Y W H`, from canonical number texts.
  static func layout(id: Int, x: String, y: String, width: String, height: String) -> UInt64 {
    var digest = Digest()
    digest.add(byte: UInt8(ascii: "l"))
    digest.add(space: id)
    for text in [x, y, width, height] {
      digest.add(byte: UInt8(ascii: " "))
      digest.add(text)
    }
    return digest.state
  }

  /// `p ID KEY=VALUE`, from the value's wire text.
  static func property(id: Int, key: String, valueText: String) -> UInt64 {
    var digest = Digest()
    digest.add(byte: UInt8(ascii: "p"))
    digest.add(space: id)
    digest.add(byte: UInt8(ascii: " "))
    digest.add(key)
    digest.add(byte: UInt8(ascii: "="))
    digest.add(valueText)
    return digest.state
  }

  private struct Digest {
    var state = FNV1a.offsetBasis

    mutating func add(byte: UInt8) {
      state = (state ^ UInt64(byte)) &* FNV1a.prime
    }

    mutating func add(_ text: String) {
      for byte in text.utf8 { add(byte: byte) }
    }

    /// A space, then the number in decimal, or `-` for nil.
    mutating func add(space number: Int?) {
      add(byte: UInt8(ascii: " "))
      guard let number else { return add(byte: UInt8(ascii: "-")) }
      if number < 0 { add(byte: UInt8(ascii: "-")) }
      var magnitude = number.magnitude
      var digits:
        (
          UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
          UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
        ) =
          (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
      var count = 0
      withUnsafeMutableBytes(of: &digits) { buffer in
        repeat {
          buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
          magnitude /= 10
          count += 1
        } while magnitude > 0
        for index in stride(from: count - 1, through: 0, by: -1) { add(byte: buffer[index]) }
      }
    }
  }
}
