/// One token of a line (PROTOCOL.md section 2).
public enum Token: Equatable, Sendable {
  /// A run of characters other than blanks and `"`.
  case word(String)
  /// A quoted string, unescaped.
  case string(String)
  /// `key=value`; the key lowercased, the value a word or an unescaped string.
  case option(key: String, value: String)
}

/// Splits a line into tokens and undoes string escapes.
public enum Tokenizer {
  /// The tokens of `line`, or a `bad-syntax` error.
  public static func tokenize(_ line: String) throws(LineError) -> [Token] {
    var tokens: [Token] = []
    // Room for a `tap @IDENT` or a `drag` in one allocation: growing from empty took two.
    tokens.reserveCapacity(5)
    try tokenize(line, into: &tokens)
    return tokens
  }

  /// Replaces the contents of `tokens` with the tokens of `line`, keeping its capacity: a
  /// server reads every command into one array instead of allocating and freeing one per line.
  /// On a `bad-syntax` error `tokens` is left empty.
  public static func tokenize(_ line: String, into tokens: inout [Token]) throws(LineError) {
    tokens.removeAll(keepingCapacity: true)
    var line = line
    if line.withUTF8({ tokenizePlainASCII($0, into: &tokens) }) { return }
    tokens.removeAll(keepingCapacity: true)
    tokens = try tokenizeScalars(line)
  }

  /// Appends the tokens of a line of ASCII without quotes (every `tap`, `drag`, `ping`...), split
  /// on its bytes; false, appending nothing, for any other line, which `tokenizeScalars` reads. Each command went scalar by
  /// scalar through a `String.UnicodeScalarView` per word, and searched each word for `=` by
  /// `Character`; for ASCII, bytes are scalars and characters, so the tokens are the same.
  private static func tokenizePlainASCII(_ bytes: UnsafeBufferPointer<UInt8>, into tokens: inout [Token]) -> Bool
  {
    for byte in bytes where byte >= 0x80 || byte == UInt8(ascii: "\"") { return false }
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
        index += 1
        continue
      }
      let start = index
      var equals: Int?
      while index < bytes.count, bytes[index] != UInt8(ascii: " "), bytes[index] != UInt8(ascii: "\t") {
        if equals == nil, bytes[index] == UInt8(ascii: "=") { equals = index }
        index += 1
      }
      if let equals, equals != start {
        var key = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<equals]), as: UTF8.self)
        if key.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) {
          key = key.lowercased()
        }
        let value = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)..<index]), as: UTF8.self)
        tokens.append(.option(key: key, value: value))
      } else {
        tokens.append(
          .word(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)))
      }
    }
    return true
  }

  /// The tokens of any line, scalar by scalar.
  private static func tokenizeScalars(_ line: String) throws(LineError) -> [Token] {
    var tokens: [Token] = []
    let scalars = Array(line.unicodeScalars)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == " " || scalar == "\t" {
        index += 1
        continue
      }
      if scalar == "\"" {
        tokens.append(.string(try readString(scalars, &index)))
        try expectSeparator(after: scalars, index)
        continue
      }
      var word = String.UnicodeScalarView()
      while index < scalars.count, scalars[index] != " ", scalars[index] != "\t", scalars[index] != "\"" {
        word.append(scalars[index])
        index += 1
      }
      let text = String(word)
      if index < scalars.count, scalars[index] == "\"" {
        guard text.hasSuffix("="), text.count > 1 else {
          throw .client(.badSyntax, "a string must be separated from '\(text)' by a space")
        }
        let value = try readString(scalars, &index)
        try expectSeparator(after: scalars, index)
        tokens.append(.option(key: String(text.dropLast()).lowercased(), value: value))
      } else if let equals = text.firstIndex(of: "="), equals != text.startIndex {
        tokens.append(
          .option(
            key: String(text[..<equals]).lowercased(), value: String(text[text.index(after: equals)...])))
      } else {
        tokens.append(.word(text))
      }
    }
    return tokens
  }

  /// A string ends its token: what follows must be a blank or the end of the line, or `"a"b`
  /// would silently read as two tokens.
  private static func expectSeparator(after scalars: [Unicode.Scalar], _ index: Int) throws(LineError) {
    guard index < scalars.count, scalars[index] != " ", scalars[index] != "\t" else { return }
    throw .client(.badSyntax, "a string must be followed by a space or the end of the line")
  }

  /// Reads a string starting at the opening quote; leaves `index` after the closing one.
  private static func readString(_ scalars: [Unicode.Scalar], _ index: inout Int) throws(LineError) -> String
  {
    var text = String.UnicodeScalarView()
    index += 1
    while index < scalars.count {
      let scalar = scalars[index]
      index += 1
      switch scalar {
      case "\"":
        return String(text)
      case "\\":
        guard index < scalars.count else { break }
        let escape = scalars[index]
        index += 1
        switch escape {
        case "\"": text.append("\"")
        case "\\": text.append("\\")
        case "n": text.append("\n")
        case "r": text.append("\r")
        case "t": text.append("\t")
        case "u":
          guard index < scalars.count, scalars[index] == "{",
            let close = scalars[index...].firstIndex(of: "}"), (2...7).contains(close - index),
            // UInt32(_:radix:) alone would also take a sign, so "\u{+41}" would pass.
            scalars[(index + 1)..<close].allSatisfy(\.properties.isASCIIHexDigit),
            let value = UInt32(String(String.UnicodeScalarView(scalars[(index + 1)..<close])), radix: 16),
            let decoded = Unicode.Scalar(value)
          else {
            throw .client(
              .badSyntax, "\\u must be followed by {H} with one to six hex digits of a Unicode scalar")
          }
          text.append(decoded)
          index = close + 1
        default:
          throw .client(.badSyntax, "unknown escape '\\\(escape)' in a string")
        }
      default:
        text.append(scalar)
      }
    }
    throw .client(.badSyntax, "a string is not closed before the end of the line")
  }
}
