/// The client error codes of PROTOCOL.md section 4, spelled as on the wire.
public enum ClientErrorCode: String, Sendable, CaseIterable {
  case lineTooLong = "line-too-long"
  case invalidUTF8 = "invalid-utf8"
  case badSyntax = "bad-syntax"
  case missingArgument = "missing-argument"
  case badArgument = "bad-argument"
  case tooManyArguments = "too-many-arguments"
  case unsupportedVersion = "unsupported-version"
  case unknownApp = "unknown-app"
  case noApp = "no-app"
  case noSuchView = "no-such-view"
  case outsideWindow = "outside-window"
  case noFocus = "no-focus"
  case notInDrag = "not-in-drag"
  case badAck = "bad-ack"
  case atRoot = "at-root"
}

/// Why a client line was refused before any session saw it: the line could not be framed,
/// tokenized or parsed. Each case is one `error` reply.
public enum LineError: Error, Equatable, Sendable {
  /// The verb is not a command (`error unknown-command "VERB"`).
  case unknownCommand(String)
  /// The line is the client's fault (`error client CODE "MESSAGE"`).
  case client(ClientErrorCode, String)

  /// The reply that reports this error.
  public var reply: ServerMessage {
    switch self {
    case .unknownCommand(let verb): return .unknownCommand(verb)
    case .client(let code, let message): return .clientError(code, message)
    }
  }
}
