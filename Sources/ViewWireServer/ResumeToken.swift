/// A session's secret resume token (PROTOCOL.md section 15): `NAME.HEX`, the daemon's name and
/// 128 bits from the system's secure random source.
///
/// `SystemRandomNumberGenerator` reads getrandom(2) on Linux, the kernel's CSPRNG, so the token
/// is as hard to guess as 128 random bits. The token is never logged: `redacted` is what logs
/// show.
struct ResumeToken: Hashable {
  /// The whole token as the client writes it.
  let text: String

  /// How many hex digits the secret has: 32, 128 bits.
  static let secretDigits = 32

  /// A new token for the daemon named `daemonName`.
  static func generate(daemonName: String) -> ResumeToken {
    var generator = SystemRandomNumberGenerator()
    var hex = ""
    hex.reserveCapacity(secretDigits)
    for _ in 0..<2 {
      let word = generator.next() as UInt64
      let digits = String(word, radix: 16)
      hex += String(repeating: "0", count: 16 - digits.count) + digits
    }
    return ResumeToken(text: "\(daemonName).\(hex)")
  }

  /// Splits a token a client sent into its daemon name and secret, or nil when it is not of the
  /// form `NAME.HEX` with 32 lowercase hex digits and a valid name.
  static func parse(_ text: String) -> (daemon: Substring, secret: Substring)? {
    guard let dot = text.lastIndex(of: ".") else { return nil }
    let name = text[..<dot]
    let secret = text[text.index(after: dot)...]
    guard isValidDaemonName(name), secret.utf8.count == secretDigits,
      secret.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
    else { return nil }
    return (name, secret)
  }

  /// Whether `name` may name a daemon: 1 to 32 ASCII letters, digits and `-`.
  static func isValidDaemonName<S: StringProtocol>(_ name: S) -> Bool {
    !name.isEmpty && name.utf8.count <= 32
      && name.utf8.allSatisfy {
        ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D
      }
  }

  /// The daemon's name and the secret's first 4 digits: enough to tell tokens apart in a log,
  /// far too little to resume with.
  var redacted: String {
    guard let dot = text.lastIndex(of: ".") else { return "?" }
    return String(text[..<dot]) + "." + String(text[text.index(after: dot)...].prefix(4)) + "…"
  }
}

/// Checks a daemon name for the daemon's options, before any token is made with it.
public enum ResumeTokenName {
  /// Whether `name` may name a daemon in resume tokens: 1 to 32 ASCII letters, digits and `-`.
  public static func isValid(_ name: String) -> Bool { ResumeToken.isValidDaemonName(name) }
}
