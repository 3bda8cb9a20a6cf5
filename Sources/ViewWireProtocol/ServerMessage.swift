/// The protocol versions this code speaks.
public enum ProtocolVersion {
  /// The highest version, named in the greeting.
  public static let current = 1
  /// Every version a client may ask for with `hello version=N`.
  public static let supported: ClosedRange<Int> = 1...1

  /// The message of `unsupported-version` for a version written `version` (digits, perhaps
  /// too many for an `Int`).
  public static func unsupportedMessage(_ version: String) -> String {
    "this server speaks protocol \(supported.map(String.init).joined(separator: ", ")), not \(version)"
  }
}

/// A `key=value` pair of an `ok` reply or a `render`/`tree` line; `value` is wire text.
public struct Field: Equatable, Sendable {
  public var key: String
  public var value: String

  public init(_ key: String, _ value: String) {
    self.key = key
    self.value = value
  }
}

/// A line the server sends, other than frame lines (PROTOCOL.md sections 3, 4 and 10).
public enum ServerMessage: Equatable, Sendable {
  case greeting(protocolVersion: Int, sessionID: Int, width: Double, height: Double)
  case ok(verb: String, fields: [Field])
  case unknownCommand(String)
  case clientError(ClientErrorCode, String)
  case serverError(code: String, message: String)
  case app(name: String, title: String)
  case help(verb: String, arguments: String, summary: String)
  case tree(depth: Int, id: Int, className: String, frame: [String], properties: [Field])
  case trace(String)
  /// One line of an `explain` reply: a constraint or fact that decides a view's frame.
  case explain(String)
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
    var line = text
    line.withUTF8 { buffer.append(contentsOf: $0) }
    buffer.append(UInt8(ascii: "\n"))
  }
}
