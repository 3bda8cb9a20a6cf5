/// A whole session written down (PROTOCOL.md section 12): what a client sends and what it must
/// read back. Parsing and matching live here, with no I/O, so any client can replay one.
public struct Transcript: Sendable {
  /// One instruction of a transcript.
  public enum Step: Equatable, Sendable {
    /// `> TEXT`: send the text and a LF.
    case send(String)
    /// `< PATTERN`: the next line must match.
    case expect(TranscriptPattern)
    /// `<... PATTERN`: skip lines until one matches.
    case skipUntil(TranscriptPattern)
    /// `! raw HEX` and `! repeat N TEXT` and `! send-unterminated TEXT`: bytes sent as they are.
    case sendBytes([UInt8])
    /// `! close`: the client closes; later steps are ignored.
    case close
    /// `! expect-close`: the server must close next.
    case expectClose
    /// `! expect-raw HEX`: the server's next bytes must be exactly these (telnet answers).
    case expectBytes([UInt8])
    /// `! reconnect`: close the connection and open a new one to the same server; variables stay
    /// bound (section 15's resume needs a second connection).
    case reconnect
    /// `! send-bound TEXT`: send the text and a LF, each `{NAME}` in it replaced by the value it
    /// was bound to (a resume token read from a reply, section 15).
    case sendBound(String)
    /// `! connect NAME`: open one more connection, named `NAME`, and make it the current one
    /// (section 18's shared sessions need two clients at once). The first is named `main`.
    case connect(String)
    /// `! use NAME`: make the connection named `NAME` the current one.
    case use(String)

    /// The name of the connection a transcript starts with.
    public static let firstConnection = "main"

    /// Whether `name` may name a connection: letters, digits, `-` and `_`.
    public static func isConnectionName(_ name: String) -> Bool {
      !name.isEmpty
        && name.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" || $0 == "_" }
    }

    /// `text` with each `{NAME}` bound in `bindings` replaced by its value; other braces stay.
    public static func substitute(_ text: String, _ bindings: [String: String]) -> String {
      var result = ""
      var rest = Substring(text)
      while let open = rest.firstIndex(of: "{") {
        result += rest[..<open]
        let after = rest[rest.index(after: open)...]
        if let close = after.firstIndex(of: "}"), let value = bindings[String(after[..<close])] {
          result += value
          rest = after[after.index(after: close)...]
        } else {
          result += "{"
          rest = after
        }
      }
      return result + rest
    }
  }

  /// A step with the line it came from, for error messages.
  public struct Line: Sendable {
    /// The 1-based line number in the file, counting comments and blank lines, so a report points at the line
    /// a person sees.
    public let number: Int
    /// What the line asks for.
    public let step: Step
  }

  /// The transcript's name (its file name), for error messages.
  public let name: String
  /// The steps in file order; comments and blank lines are dropped.
  public let lines: [Line]

  /// Why a transcript file does not parse.
  public struct SyntaxError: Error, CustomStringConvertible {
    /// The transcript's name.
    public let name: String
    /// The 1-based line that does not parse.
    public let line: Int
    /// What is wrong with the line.
    public let message: String
    /// `NAME:LINE: MESSAGE`, the form compilers use, so editors and terminals can jump to the line.
    public var description: String { "\(name):\(line): \(message)" }
  }

  /// Parses a transcript's text (PROTOCOL.md section 12).
  ///
  /// LF and CRLF line ends are both accepted, so a file edited on any system reads the same.
  ///
  /// - Parameters:
  ///   - text: the whole file.
  ///   - name: what error messages call it, usually the file name.
  /// - Throws: `SyntaxError` for the first line that is not a comment, a blank, `>`, `<`, `<...` or a known
  ///   `!` directive, or that names a connection not opened (or opened twice).
  public init(parsing text: String, name: String) throws(SyntaxError) {
    self.name = name
    var lines: [Line] = []
    var connections: Set<String> = [Step.firstConnection]
    // "\r\n" is one Character, so splitting on "\n" alone would leave a CRLF file one line.
    let rawLines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    for (offset, rawLine) in rawLines.enumerated() {
      let number = offset + 1
      let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
      if line.allSatisfy({ $0 == " " || $0 == "\t" }) || line.hasPrefix("#") { continue }
      func fail(_ message: String) -> SyntaxError { SyntaxError(name: name, line: number, message: message) }
      if line.hasPrefix("<... ") {
        lines.append(Line(number: number, step: .skipUntil(TranscriptPattern(String(line.dropFirst(5))))))
      } else if line.hasPrefix("< ") || line == "<" {
        lines.append(Line(number: number, step: .expect(TranscriptPattern(String(line.dropFirst(2))))))
      } else if line.hasPrefix("> ") {
        lines.append(Line(number: number, step: .send(String(line.dropFirst(2)))))
      } else if line.hasPrefix("! ") {
        let words = line.dropFirst(2).split(separator: " ", maxSplits: 1)
        let argument = words.count > 1 ? String(words[1]) : ""
        switch words.first.map(String.init) {
        case "raw", "expect-raw":
          var bytes: [UInt8] = []
          for hex in argument.split(separator: " ") {
            guard hex.count == 2, let byte = UInt8(hex, radix: 16) else {
              throw fail("'\(hex)' is not a hex byte")
            }
            bytes.append(byte)
          }
          lines.append(
            Line(number: number, step: words.first == "raw" ? .sendBytes(bytes) : .expectBytes(bytes)))
        case "send-unterminated":
          lines.append(Line(number: number, step: .sendBytes(Array(argument.utf8))))
        case "repeat":
          let parts = argument.split(separator: " ", maxSplits: 1)
          guard parts.count == 2, let count = Int(parts[0]), count > 0 else {
            throw fail("'! repeat' takes a count and a text")
          }
          lines.append(
            Line(
              number: number, step: .sendBytes(Array(String(repeating: String(parts[1]), count: count).utf8)))
          )
        case "close":
          lines.append(Line(number: number, step: .close))
        case "expect-close":
          lines.append(Line(number: number, step: .expectClose))
        case "reconnect":
          lines.append(Line(number: number, step: .reconnect))
        case "send-bound":
          lines.append(Line(number: number, step: .sendBound(argument)))
        case "connect", "use":
          guard Step.isConnectionName(argument) else {
            throw fail(
              "'! \(words[0])' takes a connection name (letters, digits, '-', '_'), not '\(argument)'")
          }
          if words[0] == "connect" {
            guard !connections.contains(argument) else {
              throw fail("connection '\(argument)' is open already")
            }
            connections.insert(argument)
            lines.append(Line(number: number, step: .connect(argument)))
          } else {
            guard connections.contains(argument) else {
              throw fail("no connection named '\(argument)' is open")
            }
            lines.append(Line(number: number, step: .use(argument)))
          }
        default:
          throw fail("unknown directive '\(line)'")
        }
      } else {
        throw fail("a line must start with '>', '<', '<...', '!' or '#'")
      }
    }
    self.lines = lines
  }
}

/// A line pattern of a transcript: literal text with `{NAME}`, `{_}` and `{...}` holes.
public struct TranscriptPattern: Equatable, Sendable, CustomStringConvertible {
  enum Piece: Equatable, Sendable {
    case literal([Character])
    case variable(String)
    case anyToken
    case anyText
  }

  /// The pattern as written in the transcript, for reporting a mismatch.
  public let description: String
  let pieces: [Piece]

  /// Parses a pattern's holes once, so matching each server line does not parse it again. Braces that do not
  /// form a hole (`{a b}`) and `{{` are literal text.
  public init(_ text: String) {
    description = text
    var pieces: [Piece] = []
    var literal: [Character] = []
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{") {
      let afterOpen = rest.index(after: open)
      if afterOpen < rest.endIndex, rest[afterOpen] == "{" {
        // `{{` is a literal brace, so a pattern can hold text such as `{H}` that looks like a hole.
        literal += rest[..<open]
        literal.append("{")
        rest = rest[rest.index(after: afterOpen)...]
        continue
      }
      guard let close = rest[open...].firstIndex(of: "}") else { break }
      let name = rest[rest.index(after: open)..<close]
      let isHole =
        name == "_" || name == "..."
        || (!name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" })
      literal += rest[..<open]
      if isHole {
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        literal = []
        pieces.append(name == "_" ? .anyToken : name == "..." ? .anyText : .variable(String(name)))
      } else {
        // Only this brace is literal: a hole may start inside the braces ("{ {X}").
        literal.append("{")
        rest = rest[rest.index(after: open)...]
        continue
      }
      rest = rest[rest.index(after: close)...]
    }
    literal += rest
    if !literal.isEmpty { pieces.append(.literal(literal)) }
    self.pieces = pieces
  }

  /// Matches the whole `line`; on success, adds first-time variable bindings to `bindings`.
  public func matches(_ line: String, bindings: inout [String: String]) -> Bool {
    let characters = Array(line)
    guard let result = match(pieceIndex: 0, characters, 0, bindings) else { return false }
    bindings = result
    return true
  }

  private func match(pieceIndex: Int, _ line: [Character], _ position: Int, _ bindings: [String: String])
    -> [String: String]?
  {
    guard pieceIndex < pieces.count else { return position == line.count ? bindings : nil }
    switch pieces[pieceIndex] {
    case .literal(let text):
      guard position + text.count <= line.count, Array(line[position..<(position + text.count)]) == text
      else {
        return nil
      }
      return match(pieceIndex: pieceIndex + 1, line, position + text.count, bindings)
    case .anyText:
      for end in stride(from: line.count, through: position, by: -1) {
        if let result = match(pieceIndex: pieceIndex + 1, line, end, bindings) { return result }
      }
      return nil
    case .anyToken, .variable:
      var limit = position
      while limit < line.count, line[limit] != " " { limit += 1 }
      guard limit > position else { return nil }
      for end in stride(from: limit, to: position, by: -1) {
        var next = bindings
        if case .variable(let name) = pieces[pieceIndex] {
          let value = String(line[position..<end])
          if let bound = bindings[name] {
            guard bound == value else { continue }
          } else {
            next[name] = value
          }
        }
        if let result = match(pieceIndex: pieceIndex + 1, line, end, next) { return result }
      }
      return nil
    }
  }
}
