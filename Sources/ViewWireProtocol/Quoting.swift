/// Writes strings the way PROTOCOL.md section 2 says the server writes them.
public enum Quoting {
  /// `"..."` with `\"`, `\\`, `\n`, `\r`, `\t` escaped, and the other characters of
  /// `mustEscape` as `\u{H}`.
  public static func quote(_ text: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 2)
    bytes.appendQuoted(text)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether `bytes` are printable ASCII without `"` or `\`, which quote as they are: most
  /// text, checked for every string of every frame.
  ///
  /// Eight bytes at a time: each test below sets the high bit of some byte of its result
  /// exactly when some byte of the word matches (a borrow or carry starts only at a byte that
  /// matches itself, so it can add no false match to a word that has none).
  @inlinable
  public static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    // Some byte of `word` is zero.
    func hasZeroByte(_ word: UInt64) -> Bool { (word &- ones) & ~word & highBits != 0 }
    var index = 0
    while index + 8 <= bytes.count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      let belowSpace = (word &- ones &* 0x20) & ~word & highBits
      let deleteOrAbove = ((word &+ ones) | word) & highBits
      if belowSpace | deleteOrAbove != 0 || hasZeroByte(word ^ (ones &* 0x22))
        || hasZeroByte(word ^ (ones &* 0x5C))
      {
        return false
      }
      index += 8
    }
    while index < bytes.count {
      let byte = base[index]
      if byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        return false
      }
      index += 1
    }
    return true
  }

  /// C0 and C1 control characters, DEL, and the Unicode line and paragraph separators: a client
  /// that splits lines the way Python's `splitlines` or JavaScript do must never see a line end
  /// inside a string.
  public static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029: return true
    default: return false
    }
  }
}
