/// The protocol versions this code speaks.
public enum ProtocolVersion {
  /// The highest version, named in the greeting.
  public static let current = 2
  /// Every version a client may ask for with `hello version=N`.
  public static let supported: ClosedRange<Int> = 1...2
  /// The first version whose frames may hold `shift` lines.
  public static let shiftLines = 2

  /// The message of `unsupported-version` for a version written `version` (digits, perhaps
  /// too many for an `Int`).
  public static func unsupportedMessage(_ version: String) -> String {
    "this server speaks protocol \(supported.map(String.init).joined(separator: ", ")), not \(version)"
  }
}

/// A `key=value` pair of an `ok` reply or a `render`/`tree` line; `value` is wire text.
public struct Field: Equatable, Sendable {
  /// The key, as written: render keys are case-sensitive and the hash takes them as they are.
  public var key: String
  /// The value's wire text (canonical number, `#rrggbbaa`, quoted string, `true`/`false` or `none`), never a
  /// parsed value, so what is hashed is exactly what was sent.
  public var value: String

  /// A field from its key and its value's wire text.
  public init(_ key: String, _ value: String) {
    self.key = key
    self.value = value
  }
}

/// A line the server sends, other than frame lines (PROTOCOL.md sections 3, 4 and 10).
public enum ServerMessage: Equatable, Sendable {
  /// The first line of every connection; the size is written in canonical numbers.
  case greeting(protocolVersion: Int, sessionID: Int, width: Double, height: Double)
  /// The terminal reply of a command that succeeded, with the fields that command reports.
  case ok(verb: String, fields: [Field])
  /// `error unknown-command "VERB"`; the verb is cut to 40 characters by the parser, not here.
  case unknownCommand(String)
  /// `error client CODE "MESSAGE"`: the client's fault; the session goes on.
  case clientError(ClientErrorCode, String)
  /// `error server CODE "MESSAGE"`: the server failed; only this kind may be followed by `bye` and a close.
  case serverError(code: String, message: String)
  /// `app NAME "TITLE"`, one per app in reply to `apps`.
  case app(name: String, title: String)
  /// `help VERB "ARGUMENTS" "SUMMARY"`, one per command in reply to `help`.
  case help(verb: String, arguments: String, summary: String)
  /// `tree DEPTH ID CLASS X Y W H [KEY=VALUE ...]`, one view per line, depth-first; `frame` holds the four
  /// canonical number texts of its `layout` line.
  case tree(depth: Int, id: Int, className: String, frame: [String], properties: [Field])
  /// `trace KIND DETAIL...`, sent only while the session has `trace on`.
  case trace(String)
  /// One line of an `explain` reply: a constraint or fact that decides a view's frame.
  case explain(String)
  /// `bye "REASON"`: the server is about to close the connection (shutdown or a server fault).
  case bye(reason: String)

  /// The line without its LF.
  public var text: String {
    switch self {
    case .greeting(let version, let session, let width, let height):
      return
        "hello viewwire protocol=\(version) session=\(session) size=\(CanonicalNumber.format(width))x\(CanonicalNumber.format(height))"
    case .ok(let verb, let fields):
      return (["ok", verb] + fields.map { "\($0.key)=\($0.value)" }).joined(separator: " ")
    case .unknownCommand(let verb):
      return "error unknown-command \(Quoting.quote(verb))"
    case .clientError(let code, let message):
      return "error client \(code.rawValue) \(Quoting.quote(message))"
    case .serverError(let code, let message):
      return "error server \(code) \(Quoting.quote(message))"
    case .app(let name, let title):
      return "app \(name) \(Quoting.quote(title))"
    case .help(let verb, let arguments, let summary):
      return "help \(verb) \(Quoting.quote(arguments)) \(Quoting.quote(summary))"
    case .tree(let depth, let id, let className, let frame, let properties):
      return
        (["tree", String(depth), String(id), className] + frame + properties.map { "\($0.key)=\($0.value)" })
        .joined(separator: " ")
    case .trace(let detail):
      return "trace \(detail)"
    case .explain(let detail):
      return "explain \(Quoting.quote(detail))"
    case .bye(let reason):
      return "bye \(Quoting.quote(reason))"
    }
  }

  /// Appends the line and its LF to `buffer`.
  public func encode(into buffer: inout [UInt8]) {
    if case .ok(let verb, let fields) = self {
      // Every command's reply: its bytes go straight into the buffer, without building the
      // line as a string from an array of strings first (the same bytes as `text`).
      buffer.append(contentsOf: "ok ".utf8)
      buffer.append(contentsOf: verb.utf8)
      for field in fields {
        buffer.append(UInt8(ascii: " "))
        buffer.append(contentsOf: field.key.utf8)
        buffer.append(UInt8(ascii: "="))
        buffer.append(contentsOf: field.value.utf8)
      }
      buffer.append(UInt8(ascii: "\n"))
      return
    }
    var line = text
    line.withUTF8 { buffer.append(contentsOf: $0) }
    buffer.append(UInt8(ascii: "\n"))
  }
}

extension ServerMessage {
  /// The refusal a connection beyond `--max-connections` reads instead of the greeting
  /// (PROTOCOL.md section 5), in words that agree with the number: "at most 1 client".
  public static func tooManyConnections(limit: Int) -> ServerMessage {
    .serverError(
      code: "too-many-connections",
      message: "this server serves at most \(limit) \(limit == 1 ? "client" : "clients")")
  }
}
