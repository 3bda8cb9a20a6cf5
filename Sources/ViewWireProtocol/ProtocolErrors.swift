/// The client error codes of PROTOCOL.md section 4, spelled as on the wire.
public enum ClientErrorCode: String, Sendable, CaseIterable {
  /// The line passed 4096 bytes; the rest of it up to its LF is discarded and answered once.
  case lineTooLong = "line-too-long"
  /// The line is not valid UTF-8.
  case invalidUTF8 = "invalid-utf8"
  /// An unterminated string, a bad escape or a control character.
  case badSyntax = "bad-syntax"
  /// A required argument is absent; the message quotes the command's usage.
  case missingArgument = "missing-argument"
  /// An argument has the wrong form or is out of range.
  case badArgument = "bad-argument"
  /// More arguments or options than the command takes.
  case tooManyArguments = "too-many-arguments"
  /// `hello version=N` names a version the server does not speak; the session goes on in version 1.
  case unsupportedVersion = "unsupported-version"
  /// `open` names no app of this daemon.
  case unknownApp = "unknown-app"
  /// The command needs an open app.
  case noApp = "no-app"
  /// A `#ID` or `@identifier` names no view in the window.
  case noSuchView = "no-such-view"
  /// A point lies outside the window.
  case outsideWindow = "outside-window"
  /// `text` or `key` with no focused text field.
  case noFocus = "no-focus"
  /// `move` or `up` with no finger down, or with the touch cancelled by an `open` or `close` since.
  case notInDrag = "not-in-drag"
  /// `ack` names a frame that was never sent.
  case badAck = "bad-ack"
  /// `back` when no navigation stack on screen holds more than its root.
  case atRoot = "at-root"
  /// `resume` names a token no session has: guessed, mistyped, ended, or another daemon's.
  case unknownSession = "unknown-session"
  /// A numbered command repeats the last number with another command (section 16).
  case numberReused = "number-reused"
  /// A numbered command's number is below the last one applied.
  case numberStale = "number-stale"
  /// A numbered command skips numbers.
  case numberGap = "number-gap"
  /// The daemon wants `auth TOKEN` before any other command (section 17).
  case authRequired = "auth-required"
  /// `auth` named a wrong token.
  case badToken = "bad-token"
  /// The command would make the session hold more than a limit allows (section 17).
  case limitReached = "limit-reached"
  /// An observer of a shared session sent a command that would change it (section 18): watching
  /// must never disturb the person being watched.
  case readOnly = "read-only"
  /// A joiner sent a command that belongs to the session's owner (`share`, `resume-token`,
  /// `resize`, a `hello` naming a trait): the session has one window and one owner (section 18).
  case ownerOnly = "owner-only"
  /// A touch from one client of a shared session while another's finger is down (section 18):
  /// one finger per session, so two drivers never move each other's drags.
  case touchBusy = "touch-busy"
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
