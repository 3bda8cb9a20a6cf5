/// A server line as a client reads it: every line of PROTOCOL.md, frame lines included.
///
/// Clients keep values as wire text, because the frame hash digests exactly that text.
public enum ServerLine: Equatable, Sendable {
  /// `hello viewwire protocol=N session=ID size=WxH`; the size stays wire text (`390x844`).
  case greeting(protocolVersion: Int, sessionID: Int, size: String)
  /// `ok VERB [key=value ...]`, a terminal reply.
  case ok(verb: String, fields: [Field])
  /// `error KIND CODE "MESSAGE"`, a terminal reply; for `unknown-command` the kind and code are both
  /// `unknown-command` and the message is the verb.
  case error(kind: String, code: String, message: String)
  /// `frame SEQ begin [full]`; a full frame tells the client to empty its mirror first.
  case frameBegin(sequence: Int, isFull: Bool)
  /// `frame SEQ end hash=HASH views=N`: apply the buffered frame, then compare the mirror's hash with `hash`.
  case frameEnd(sequence: Int, hash: UInt64, viewCount: Int)
  /// `remove ID`: the view and its whole subtree go.
  case remove(id: Int)
  /// `create ID CLASS PARENT INDEX`; `parent` is nil for the root (`-` on the wire).
  case create(id: Int, className: String, parent: Int?, index: Int)
  /// `move ID PARENT INDEX`, the index counted after the view was taken out.
  case move(id: Int, parent: Int, index: Int)
  /// `layout ID X Y W H`, kept as the four canonical number texts the hash digests.
  case layout(id: Int, frame: [String])
  /// `shift PARENT FROM COUNT DX DY` (version 2): children `from..<from+count` of `parent` move
  /// by the offset, kept as canonical number texts.
  case shift(parent: Int, from: Int, count: Int, dx: String, dy: String)
  /// `render ID KEY=VALUE ...`; a value of `none` removes the property.
  case render(id: Int, properties: [Field])
  /// `app NAME "TITLE"`, a data line of `apps`.
  case app(name: String, title: String)
  /// `help VERB ...`, a data line of `help`; only the verb is parsed, the rest is text for a person to read.
  case help(verb: String)
  /// `tree DEPTH ID CLASS ...`, a data line of `tree`; only the structure is parsed, since frames already
  /// carry layout and properties.
  case tree(depth: Int, id: Int, className: String)
  /// `trace KIND DETAIL...`, everything after `trace `.
  case trace(String)
  /// One line of an `explain` reply, unquoted.
  case explain(String)
  /// `bye "REASON"`: the server is about to close the connection.
  case bye(reason: String)
  /// A line this client does not understand; kept so callers can report it.
  case unknown(String)

  /// Whether this line ends a command's reply.
  public var isTerminalReply: Bool {
    switch self {
    case .ok, .error: return true
    default: return false
    }
  }

  /// Parses one line (without its LF). Lines that do not fit their form become `.unknown`.
  public static func parse(_ line: String) -> ServerLine {
    let words = RawWords.split(line)
    guard let head = words.first else { return .unknown(line) }
    func int(_ index: Int) -> Int? { index < words.count ? Int(words[index]) : nil }
    func string(_ index: Int) -> String? { index < words.count ? RawWords.unquote(words[index]) : nil }
    switch head {
    case "hello":
      let fields = RawWords.fields(words.dropFirst(2))
      guard words.count >= 2, words[1] == "viewwire",
        let version = fields.first(where: { $0.key == "protocol" }).flatMap({ Int($0.value) }),
        let session = fields.first(where: { $0.key == "session" }).flatMap({ Int($0.value) }),
        let size = fields.first(where: { $0.key == "size" })?.value
      else { return .unknown(line) }
      return .greeting(protocolVersion: version, sessionID: session, size: size)
    case "ok":
      guard words.count >= 2 else { return .unknown(line) }
      return .ok(verb: words[1], fields: RawWords.fields(words.dropFirst(2)))
    case "error":
      if words.count == 3, words[1] == "unknown-command", let verb = string(2) {
        return .error(kind: "unknown-command", code: "unknown-command", message: verb)
      }
      guard words.count == 4, let message = string(3) else { return .unknown(line) }
      return .error(kind: words[1], code: words[2], message: message)
    case "frame":
      guard let sequence = int(1), words.count >= 3 else { return .unknown(line) }
      if words[2] == "begin" {
        return .frameBegin(sequence: sequence, isFull: words.count > 3 && words[3] == "full")
      }
      let fields = RawWords.fields(words.dropFirst(3))
      guard words[2] == "end", let hashText = fields.first(where: { $0.key == "hash" })?.value,
        let hash = UInt64(hashText, radix: 16),
        let views = fields.first(where: { $0.key == "views" }).flatMap({ Int($0.value) })
      else { return .unknown(line) }
      return .frameEnd(sequence: sequence, hash: hash, viewCount: views)
    case "remove":
      guard words.count == 2, let id = int(1) else { return .unknown(line) }
      return .remove(id: id)
    case "create":
      guard words.count == 5, let id = int(1), let index = int(4) else { return .unknown(line) }
      let parent = words[3] == "-" ? nil : Int(words[3])
      if parent == nil && words[3] != "-" { return .unknown(line) }
      return .create(id: id, className: words[2], parent: parent, index: index)
    case "move":
      guard words.count == 4, let id = int(1), let parent = int(2), let index = int(3) else {
        return .unknown(line)
      }
      return .move(id: id, parent: parent, index: index)
    case "layout":
      guard words.count == 6, let id = int(1) else { return .unknown(line) }
      return .layout(id: id, frame: Array(words[2...5]))
    case "shift":
      guard words.count == 6, let parent = int(1), let from = int(2), let count = int(3),
        CanonicalNumber.parse(words[4]) != nil, CanonicalNumber.parse(words[5]) != nil
      else { return .unknown(line) }
      return .shift(parent: parent, from: from, count: count, dx: String(words[4]), dy: String(words[5]))
    case "render":
      guard words.count >= 3, let id = int(1) else { return .unknown(line) }
      return .render(id: id, properties: RawWords.fields(words.dropFirst(2)))
    case "app":
      guard words.count == 3, let title = string(2) else { return .unknown(line) }
      return .app(name: words[1], title: title)
    case "help":
      guard words.count >= 2 else { return .unknown(line) }
      return .help(verb: words[1])
    case "tree":
      guard words.count >= 4, let depth = int(1), let id = int(2) else { return .unknown(line) }
      return .tree(depth: depth, id: id, className: words[3])
    case "trace":
      return .trace(String(line.dropFirst(min(line.count, 6))))
    case "explain":
      guard words.count == 2, let detail = string(1) else { return .unknown(line) }
      return .explain(detail)
    case "bye":
      return .bye(reason: string(1) ?? "")
    default:
      return .unknown(line)
    }
  }
}

/// Splits server lines into words without unescaping: a quoted string (with its quotes and
/// escapes) stays one word, exactly as written.
public enum RawWords {
  /// The words of `line`; a quoted run may follow `key=` inside one word.
  ///
  /// It walks Unicode scalars, not characters: a quote followed by a combining mark is one
  /// `Character`, and would hide the quote (and the string's spaces) from a character walk.
  public static func split(_ line: String) -> [String] {
    var words: [String] = []
    var current = String.UnicodeScalarView()
    var inString = false
    var escaped = false
    for character in line.unicodeScalars {
      if inString {
        current.append(character)
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        }
      } else if character == " " || character == "\t" {
        if !current.isEmpty {
          words.append(String(current))
          current = String.UnicodeScalarView()
        }
      } else {
        if character == "\"" { inString = true }
        current.append(character)
      }
    }
    if !current.isEmpty { words.append(String(current)) }
    return words
  }

  /// `key=value` words as fields; words without `=` are skipped.
  public static func fields(_ words: some Sequence<String>) -> [Field] {
    words.compactMap { word in
      let scalars = word.unicodeScalars
      guard let equals = scalars.firstIndex(of: "=") else { return nil }
      return Field(String(scalars[..<equals]), String(scalars[scalars.index(after: equals)...]))
    }
  }

  /// The text of a quoted word with its escapes undone, or the word itself if unquoted.
  public static func unquote(_ word: String) -> String? {
    guard word.utf8.first == UInt8(ascii: "\"") else { return word }
    guard let tokens = try? Tokenizer.tokenize(word), tokens.count == 1, case .string(let text) = tokens[0]
    else {
      return nil
    }
    return text
  }
}
