/// The `n=SEQ` option a client may put on any command line (PROTOCOL.md section 16), taken off the
/// line before the command is parsed, so no command has to know about it.
public enum CommandNumber {
  /// The largest command number: 2^53 - 1, the largest whole number every client language
  /// (JavaScript's included) counts to exactly.
  public static let maximum = (1 << 53) - 1

  /// Splits `tokens` into the command's number, if it has one, and the other tokens in order.
  ///
  /// - Throws: `bad-argument` when `n` is not digits naming a number from 1 to `maximum`; a
  ///   line that names `n` twice keeps the last, as for any option (section 2).
  public static func split(_ tokens: [Token]) throws(LineError) -> (number: Int?, rest: [Token]) {
    // A line without options (most) has no number: its tokens go on as they are, not copied.
    guard tokens.dropFirst().contains(where: { if case .option = $0 { true } else { false } }) else {
      return (nil, tokens)
    }
    var number: Int?
    var rest: [Token] = []
    rest.reserveCapacity(tokens.count)
    for (index, token) in tokens.enumerated() {
      // The verb is never an option (section 2), so only what follows it is looked at.
      if index > 0, case .option(let key, let value) = token, key.lowercased() == "n" {
        guard !value.isEmpty, value.count <= 16, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
          let parsed = Int(value), parsed >= 1, parsed <= maximum
        else {
          throw .client(.badArgument, "n must be a whole number from 1 to \(maximum), written in digits")
        }
        number = parsed
      } else {
        rest.append(token)
      }
    }
    return (number, rest)
  }
}
