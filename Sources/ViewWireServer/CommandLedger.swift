import ViewWireProtocol

/// What a session remembers of its numbered commands (PROTOCOL.md section 16): the last number
/// applied, that command's tokens and its reply, so a command re-sent after a lost connection is
/// answered again instead of applied twice.
///
/// One command's worth, bounded: the tokens of one line (at most 4096 bytes) and a reply whose
/// data lines are kept only up to `maximumReplyBytes`.
struct CommandLedger {
  /// The last number applied; 0 before any.
  private(set) var last = 0
  /// The last applied command's tokens, its `n` taken off.
  private var lastTokens: [Token] = []
  /// The last applied command's reply, frames left out.
  private(set) var lastReply: [ServerMessage] = []

  /// Whether the next number may be any number: a joiner's ledger starts so (PROTOCOL.md section
  /// 18), since a client that numbered the commands of its own session goes on counting after
  /// `join`, and with nothing applied yet no number can repeat or skip one.
  var takesAnyFirstNumber = false

  /// The data lines of a reply kept at most, in bytes; past it only the terminal reply is kept.
  static let maximumReplyBytes = 64 * 1024

  /// What to do with a command numbered `number`.
  enum Decision: Equatable {
    /// Apply it: it is the next one.
    case apply
    /// Send `lastReply` again: it is the last one, re-sent.
    case repeatReply
    /// Refuse it with this error.
    case refuse(ClientErrorCode, String)
  }

  func decide(number: Int, tokens: [Token]) -> Decision {
    if number == last + 1 || (takesAnyFirstNumber && last == 0) { return .apply }
    if number == last && last > 0 {
      guard tokens == lastTokens else {
        return .refuse(
          .numberReused, "command \(number) was applied already as another command; number each command anew")
      }
      return .repeatReply
    }
    if number <= last {
      return .refuse(
        .numberStale,
        "command \(number) was applied before command \(last); only the last command's reply is kept")
    }
    return .refuse(
      .numberGap,
      "command \(number) is not the next one: the last applied is \(last), so the next is \(last + 1)")
  }

  /// Records that `number` was applied with `tokens` and answered with `reply`.
  mutating func applied(number: Int, tokens: [Token], reply: [ServerMessage]) {
    last = number
    lastTokens = tokens
    var bytes = 0
    for message in reply.dropLast() { bytes += message.text.utf8.count + 1 }
    lastReply = bytes <= Self.maximumReplyBytes ? reply : Array(reply.suffix(1))
  }
}
