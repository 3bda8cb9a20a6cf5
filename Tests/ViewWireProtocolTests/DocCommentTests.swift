import Foundation
import Testing

/// Every public symbol in `Sources/` has a `///` doc comment (STYLE.md habit 5), so the reason a
/// type, a member or an enum case exists is written where a reader of the API meets it.
///
/// It reads the source text of every `.swift` file under `Sources/`: a `public` or `open`
/// declaration, an enum case of a public enum and a requirement of a public protocol need a `///`
/// line right above them, attributes (`@discardableResult`) allowed in between. Not checked:
/// `public import`, `extension` lines (their members are checked one by one), and overrides, which
/// show their base's comment and whose base is itself a public symbol checked here.
@Suite struct DocCommentTests {
  /// The package root, found from this file's place in `Tests/ViewWireProtocolTests/`.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// `file:line: declaration` for each undocumented public symbol under `Sources/`, by file path.
  static func undocumented() throws -> [String] {
    let sources = root.appendingPathComponent("Sources")
    let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
    let files = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
    #expect(files.count > 50, "found \(files.count) files under \(sources.path)")
    var lines: [String] = []
    for file in files {
      let path = "Sources/" + file
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      let (findings, balanced) = DocCommentScanner.scan(text)
      if !balanced { lines.append("\(path): braces do not balance; the scanner lost track of this file") }
      lines += findings.map { "\(path):\($0)" }
    }
    return lines
  }

  @Test func everyPublicSymbolHasADocComment() throws {
    let missing = try Self.undocumented()
    #expect(
      missing.isEmpty,
      "\(missing.count) public symbols have no /// doc comment:\n\(missing.joined(separator: "\n"))")
  }

  /// One snippet of Swift and the lines the scanner must report in it.
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let source: String
    let undocumentedLines: [Int]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "documented function", source: "/// Doc.\npublic func f() {}", undocumentedLines: []),
    Case(name: "undocumented function", source: "public func f() {}", undocumentedLines: [1]),
    Case(name: "open class", source: "open class C {}", undocumentedLines: [1]),
    Case(
      name: "attribute between comment and symbol",
      source: "/// Doc.\n@discardableResult\npublic func f() -> Int { 1 }", undocumentedLines: []),
    Case(
      name: "attribute on several lines",
      source: "/// Doc.\n@available(\n  *, deprecated)\npublic func f() {}", undocumentedLines: []),
    Case(name: "blank line breaks the link", source: "/// Doc.\n\npublic var x = 1", undocumentedLines: [3]),
    Case(name: "plain comment is not a doc", source: "// Note.\npublic var x = 1", undocumentedLines: [2]),
    Case(name: "internal symbol", source: "func f() {}\nvar x = 1", undocumentedLines: []),
    Case(
      name: "imports and extensions",
      source: "public import Foundation\nextension Int {}\npublic extension Double {}", undocumentedLines: []),
    Case(
      name: "member of a public extension",
      source: "/// E.\npublic extension Int {\n  var twice: Int { self * 2 }\n  private var x: Int { 0 }\n}",
      undocumentedLines: [3]),
    Case(
      name: "cases of a public enum",
      source: "/// E.\npublic enum E {\n  case a, b\n  /// C.\n  case c(Int)\n}", undocumentedLines: [3]),
    Case(name: "cases of an internal enum", source: "enum E {\n  case a\n}", undocumentedLines: []),
    Case(
      name: "switch cases inside a public enum",
      source:
        "/// E.\npublic enum E {\n  /// A.\n  case a\n  var v: Int {\n    switch self {\n    case .a: 1\n    }\n  }\n}",
      undocumentedLines: []),
    Case(
      name: "requirements of a public protocol",
      source: "/// P.\npublic protocol P {\n  func f()\n  /// G.\n  var g: Int { get }\n}",
      undocumentedLines: [3]),
    Case(
      name: "override",
      source: "/// C.\nopen class C: B {\n  open override func f() {}\n  public override init() {}\n}",
      undocumentedLines: []),
    Case(
      name: "class as a modifier",
      source: "/// C.\nopen class C {\n  open class func f() {}\n}", undocumentedLines: [3]),
    Case(
      name: "braces in strings and comments",
      source:
        "/// T.\npublic struct T {\n  let s = \"{\\\"{\" // {\n  /* } */ let r = #\"}\"#\n  public var x = 1\n}",
      undocumentedLines: [5]),
    Case(
      name: "multi-line string",
      source: "let s = \"\"\"\n  public func f() {\n  \"\"\"\npublic var x = 1", undocumentedLines: [4]),
  ]

  @Test(arguments: cases) func scannerReadsSwift(_ testCase: Case) {
    let (findings, balanced) = DocCommentScanner.scan(testCase.source)
    #expect(findings.map(\.line) == testCase.undocumentedLines)
    #expect(balanced)
  }
}

/// Finds public declarations without a doc comment in one Swift file, reading it line by line.
///
/// It is not a parser: it knows just enough Swift (comments, string literals, braces, modifiers)
/// to tell a declaration from a statement and to know which scope a line is in. That scope is
/// what makes enum cases of a public enum and requirements of a public protocol public without
/// the keyword. A file whose braces do not balance by its end is reported too, since then the
/// scanner has lost track and its silence would mean nothing.
struct DocCommentScanner {
  /// One public declaration with no `///` comment above it (attributes may sit in between).
  struct Finding: Equatable, CustomStringConvertible {
    let line: Int
    let text: String
    var description: String { "\(line): \(text)" }
  }

  /// A `{ ... }` the scanner is inside, and whether what it declares makes members public.
  private enum Scope {
    case publicEnum, publicProtocol, publicExtension, other
  }

  /// Words that may come before a declaration's keyword.
  private static let modifiers: Set<Substring> = [
    "public", "open", "private", "fileprivate", "internal", "package", "final", "static", "class",
    "override", "mutating", "nonmutating", "convenience", "required", "lazy", "weak", "unowned",
    "dynamic", "indirect", "prefix", "postfix", "infix", "nonisolated", "isolated", "optional",
    "distributed", "consuming", "borrowing", "async",
  ]
  /// The keywords that start a declaration.
  private static let keywords: Set<Substring> = [
    "enum", "struct", "class", "actor", "protocol", "extension", "func", "init", "deinit", "var",
    "let", "typealias", "subscript", "associatedtype", "case", "macro", "import",
  ]

  private var scopes: [Scope] = []
  /// The scope the next `{` opens: set by a type declaration whose brace may be lines below.
  private var pendingScope: Scope?
  private var blockCommentDepth = 0
  /// The closing delimiter of the multi-line string literal the scanner is inside (`"""` and any
  /// `#`s of a raw string), or nil.
  private var multilineStringEnd: String?
  /// Unclosed parentheses of an attribute that spans lines (`@Option(\n help: ...)`).
  private var attributeParentheses = 0
  private var sawDocComment = false
  private(set) var findings: [Finding] = []

  /// Scans a whole file; `findings` then holds its undocumented public declarations in order.
  static func scan(_ text: String) -> (findings: [Finding], balanced: Bool) {
    var scanner = DocCommentScanner()
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      scanner.read(line, number: index + 1)
    }
    return (scanner.findings, scanner.scopes.isEmpty && scanner.blockCommentDepth == 0)
  }

  private mutating func read(_ line: Substring, number: Int) {
    let trimmed = line.drop { $0 == " " || $0 == "\t" }
    let startsInCode = blockCommentDepth == 0 && multilineStringEnd == nil
    if startsInCode {
      if trimmed.hasPrefix("///") {
        sawDocComment = true
        return
      }
      if attributeParentheses > 0 {
        attributeParentheses += Self.parenthesisBalance(trimmed)
        return
      }
      let (rest, openParentheses) = Self.droppingAttributes(trimmed)
      if rest.isEmpty && trimmed.hasPrefix("@") {
        // A line of attributes only: the doc comment, if any, is above it.
        attributeParentheses = openParentheses
        return
      }
      if let declaration = Self.declaration(rest) {
        if isPublic(declaration), !sawDocComment {
          findings.append(Finding(line: number, text: String(trimmed)))
        }
        if let scope = Self.scope(declaration) { pendingScope = scope }
      }
      sawDocComment = false
    }
    countBraces(line)
  }

  /// The modifiers and keyword of a declaration line, or nil for a statement.
  private static func declaration(_ line: Substring) -> (modifiers: [Substring], keyword: Substring)? {
    var modifiers: [Substring] = []
    let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
    for (index, word) in words.enumerated() {
      // `private(set)`, `init?(`, `func<T>`: only the leading identifier counts.
      let name = word.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      let isModifierClass =
        name == "class" && name.count == word.count && index + 1 < words.count
        && keywords.contains(words[index + 1].prefix { $0.isLetter })
      if keywords.contains(name), !isModifierClass {
        return (modifiers, name)
      }
      guard modifiers.count < 8, Self.modifiers.contains(name) else { return nil }
      modifiers.append(name)
    }
    return nil
  }

  private func isPublic(_ declaration: (modifiers: [Substring], keyword: Substring)) -> Bool {
    if declaration.keyword == "import" || declaration.keyword == "extension" { return false }
    // An override shows its base's comment, and the base is a public symbol this scan checks.
    if declaration.modifiers.contains("override") { return false }
    if declaration.modifiers.contains("public") || declaration.modifiers.contains("open") { return true }
    switch scopes.last {
    case .publicEnum: return declaration.keyword == "case"
    case .publicProtocol: return true
    case .publicExtension:
      let restricted: Set<Substring> = ["private", "fileprivate", "internal", "package"]
      return declaration.keyword != "case" && restricted.isDisjoint(with: declaration.modifiers)
    case .other, nil: return false
    }
  }

  /// The scope a type or extension declaration opens; `.other` for one that is not public.
  private static func scope(_ declaration: (modifiers: [Substring], keyword: Substring)) -> Scope? {
    let isPublic = declaration.modifiers.contains("public") || declaration.modifiers.contains("open")
    switch declaration.keyword {
    case "enum": return isPublic ? .publicEnum : .other
    case "protocol": return isPublic ? .publicProtocol : .other
    case "extension": return isPublic ? .publicExtension : .other
    case "struct", "class", "actor": return .other
    default: return nil
    }
  }

  /// The line without its leading attributes (`@MainActor`, `@available(...)`), and how many of
  /// an attribute's parentheses are still open at the end of the line.
  private static func droppingAttributes(_ line: Substring) -> (Substring, Int) {
    var rest = line
    while rest.hasPrefix("@") {
      rest = rest.dropFirst().drop { $0.isLetter || $0.isNumber || $0 == "_" }
      if rest.hasPrefix("(") {
        var depth = 0
        var index = rest.startIndex
        while index < rest.endIndex {
          if rest[index] == "(" { depth += 1 }
          if rest[index] == ")" { depth -= 1 }
          index = rest.index(after: index)
          if depth == 0 { break }
        }
        if depth > 0 { return ("", depth) }
        rest = rest[index...]
      }
      rest = rest.drop { $0 == " " || $0 == "\t" }
    }
    return (rest, 0)
  }

  private static func parenthesisBalance(_ line: Substring) -> Int {
    line.reduce(0) { $0 + ($1 == "(" ? 1 : $1 == ")" ? -1 : 0) }
  }

  /// Opens and closes scopes for the braces of the line's code, skipping comments and strings.
  private mutating func countBraces(_ line: Substring) {
    let characters = Array(line)
    var index = 0
    func at(_ text: String) -> Bool {
      let needle = Array(text)
      return index + needle.count <= characters.count
        && Array(characters[index..<(index + needle.count)]) == needle
    }
    while index < characters.count {
      if blockCommentDepth > 0 {
        if at("*/") {
          blockCommentDepth -= 1
          index += 2
        } else if at("/*") {
          blockCommentDepth += 1
          index += 2
        } else {
          index += 1
        }
        continue
      }
      if let end = multilineStringEnd {
        if at(end) {
          multilineStringEnd = nil
          index += end.count
        } else {
          index += characters[index] == "\\" ? 2 : 1
        }
        continue
      }
      if at("//") { return }
      if at("/*") {
        blockCommentDepth += 1
        index += 2
        continue
      }
      // A string literal, perhaps raw (`#"..."#`): skip to its end.
      var hashes = 0
      while index + hashes < characters.count, characters[index + hashes] == "#" { hashes += 1 }
      if index + hashes < characters.count, characters[index + hashes] == "\"" {
        let raw = String(repeating: "#", count: hashes)
        index += hashes
        if at("\"\"\"") {
          multilineStringEnd = "\"\"\"" + raw
          return
        }
        index += 1
        while index < characters.count, !at("\"" + raw) {
          index += characters[index] == "\\" && hashes == 0 ? 2 : 1
        }
        index += 1 + hashes
        continue
      }
      if characters[index] == "{" {
        scopes.append(pendingScope ?? .other)
        pendingScope = nil
      } else if characters[index] == "}" {
        _ = scopes.popLast()
      }
      index += max(hashes, 1)
    }
  }
}
