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
