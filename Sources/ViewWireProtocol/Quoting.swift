/// Writes strings the way PROTOCOL.md section 2 says the server writes them.
public enum Quoting {
  /// `"..."` with `\"`, `\\`, `\n`, `\r`, `\t` escaped, and the other characters of
  /// `mustEscape` as `\u{H}`.
  public static func quote(_ text: String) -> String {
    // Most text is printable ASCII with nothing to escape: one pass over the bytes, one copy.
    // (Frames quote every label text they send, and the old value too, for the hash.)
    if text.utf8.allSatisfy({
      $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
    }) {
      return "\"" + text + "\""
    }
    var out = "\""
    out.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if Quoting.mustEscape(scalar) {
          out += "\\u{" + String(scalar.value, radix: 16) + "}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    out += "\""
    return out
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
