import Testing

@testable import ViewWireProtocol

#if canImport(Glibc)
  import Glibc
#endif

/// PROTOCOL.md section 12: transcript files and their line patterns.
struct TranscriptTests {
  static let sample = """
    # A comment, then a blank line.

    < hello viewwire protocol=1 session={SESSION} size={W}x{H}
    > open square
    <... frame {N} end {...}
    < ok open app=square
    ! raw ff fb 01 0a
    ! send-unterminated pi
    ! repeat 3 ab
    >\u{20}
    <
    ! close
    ! expect-close
    ! expect-raw ff fb 06
    """

  static let expectedSteps: [Transcript.Step] = [
    .expect(TranscriptPattern("hello viewwire protocol=1 session={SESSION} size={W}x{H}")),
    .send("open square"),
    .skipUntil(TranscriptPattern("frame {N} end {...}")),
    .expect(TranscriptPattern("ok open app=square")),
    .sendBytes([0xFF, 0xFB, 0x01, 0x0A]),
    .sendBytes(Array("pi".utf8)),
    .sendBytes(Array("ababab".utf8)),
    .send(""),
    .expect(TranscriptPattern("")),
    .close,
    .expectClose,
    .expectBytes([0xFF, 0xFB, 0x06]),
  ]

  @Test func parsesEveryKindOfLine() throws {
    let transcript = try Transcript(parsing: Self.sample, name: "sample.vwt")
    #expect(transcript.name == "sample.vwt")
    #expect(transcript.lines.map(\.step) == Self.expectedSteps)
    #expect(transcript.lines.map(\.number) == [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])
  }

  @Test func connectionsAreNamedAndSwitched() throws {
    let transcript = try Transcript(
      parsing: "! connect observer\n> ping\n! use main\n! use observer\n", name: "two.vwt")
    #expect(transcript.lines.map(\.step) == [.connect("observer"), .send("ping"), .use("main"), .use("observer")])
  }

  @Test func crlfFilesParseTheSame() throws {
    let lf = try Transcript(parsing: Self.sample, name: "lf.vwt")
    let crlf = try Transcript(parsing: Self.sample.replacing("\n", with: "\r\n") + "\r\n", name: "crlf.vwt")
    #expect(crlf.lines.map(\.step) == lf.lines.map(\.step))
    #expect(crlf.lines.map(\.number) == lf.lines.map(\.number))
  }

  @Test(arguments: [
    ("> ping\n? what", 2), ("! raw zz", 1), ("! raw f", 1), ("! raw 1ff", 1), ("! repeat x ab", 1),
    ("! repeat 0 ab", 1),
    ("! repeat 3", 1), ("\n\n! bogus", 3), ("ping", 1), (">ping", 1), ("<...ok", 1),
    // Section 12's connections: named before use, opened once, names of letters, digits, - and _.
    ("! use other", 1), ("! connect main", 1), ("! connect a\n! connect a", 2), ("! connect a b", 1),
    ("! connect", 1),
  ])
  func syntaxErrorsNameTheLine(_ text: String, _ line: Int) {
    #expect {
      _ = try Transcript(parsing: text, name: "bad.vwt")
    } throws: { error in
      guard let error = error as? Transcript.SyntaxError else { return false }
      return error.line == line && error.name == "bad.vwt" && error.description.hasPrefix("bad.vwt:\(line): ")
    }
  }

  @Test func theRepositoryTranscriptsParse() throws {
    // Tests/ViewWireProtocolTests/TranscriptTests.swift → the package root.
    let root = String(
      #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/"))
    let names = Self.list("\(root)/Protocol/transcripts").filter { $0.hasSuffix(".vwt") }
    #expect(!names.isEmpty)
    for name in names {
      guard let text = Self.read("\(root)/Protocol/transcripts/\(name)") else {
        Issue.record("cannot read Protocol/transcripts/\(name)")
        continue
      }
      let transcript = try Transcript(parsing: text, name: name)
      #expect(!transcript.lines.isEmpty, "\(name)")
    }
  }

  private static func list(_ directory: String) -> [String] {
    guard let handle = opendir(directory) else { return [] }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      names.append(name)
    }
    return names.sorted()
  }

  private static func read(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count <= 0 { break }
      bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

struct TranscriptPatternTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let pattern: String
    let line: String
    var before: [String: String] = [:]
    /// The bindings after a match, or nil when the line must not match.
    let after: [String: String]?
    var testDescription: String { "\(pattern.debugDescription) ~ \(line.debugDescription)" }
  }

  static let cases: [Case] = [
    // Literal text matches the whole line.
    Case(pattern: "ok ping", line: "ok ping", after: [:]),
    Case(pattern: "ok ping", line: "ok ping ", after: nil),
    Case(pattern: "ok ping", line: "ok pin", after: nil),
    Case(pattern: "ok", line: "ok ping", after: nil),
    Case(pattern: "", line: "", after: [:]),
    // {NAME} binds one token the first time, then must match the same text.
    Case(
      pattern: "hello viewwire protocol=1 session={SESSION} size=390x844",
      line: "hello viewwire protocol=1 session=7 size=390x844", after: ["SESSION": "7"]),
    Case(
      pattern: "ok hello protocol=1 session={SESSION}", line: "ok hello protocol=1 session=7",
      before: ["SESSION": "7"], after: ["SESSION": "7"]),
    Case(
      pattern: "ok hello protocol=1 session={SESSION}", line: "ok hello protocol=1 session=8",
      before: ["SESSION": "7"], after: nil),
    Case(
      pattern: "ok hello protocol=1 session={SESSION}", line: "ok hello protocol=1 session=77",
      before: ["SESSION": "7"], after: nil),
    Case(pattern: "{X} {X}", line: "a a", after: ["X": "a"]),
    Case(pattern: "{X} {X}", line: "a b", after: nil),
    Case(pattern: "{X} {Y}", line: "a b", after: ["X": "a", "Y": "b"]),
    Case(
      pattern: "create {ID} Button {PARENT} 0", line: "create 5 Button 1 0", before: ["Z": "9"],
      after: ["ID": "5", "PARENT": "1", "Z": "9"]),
    Case(pattern: "size={W}x{H}", line: "size=390x844", after: ["W": "390", "H": "844"]),
    // A token is never empty, so of two adjacent holes the first leaves one character at least.
    Case(pattern: "{A}{B}", line: "xy", after: ["A": "x", "B": "y"]),
    Case(pattern: "{X}", line: "a b", after: nil),
    Case(pattern: "{X}", line: "", after: nil),
    Case(pattern: "a {X}", line: "a ", after: nil),
    Case(pattern: "{snake_case1}", line: "v", after: ["snake_case1": "v"]),
    // {_} matches one token and binds nothing.
    Case(pattern: "{_} {_}", line: "a b", after: [:]),
    Case(pattern: "{_} {_}", line: "a b c", after: nil),
    Case(pattern: "{_} {_}", line: "a", after: nil),
    Case(pattern: "tap view={_}", line: "tap view=none", after: [:]),
    // {...} matches any text, including none.
    Case(
      pattern: "frame {N} end {...}", line: "frame 3 end hash=dd6b31b41c9f1367 views=4", after: ["N": "3"]),
    Case(pattern: "ok open{...}", line: "ok open", after: [:]),
    Case(pattern: "{...}", line: "", after: [:]),
    Case(pattern: "{...} end", line: "x end end", after: [:]),
    Case(pattern: "{...}x{...}", line: "abc", after: nil),
    // Braces that are not holes are literal text.
    Case(pattern: "{}", line: "{}", after: [:]),
    Case(pattern: "a {b", line: "a {b", after: [:]),
    Case(pattern: "a b}", line: "a b}", after: [:]),
    Case(pattern: "{a b}", line: "{a b}", after: [:]),
    Case(pattern: "{a b}", line: "x", after: nil),
    Case(pattern: "{a-b}", line: "{a-b}", after: [:]),
    Case(pattern: "render 1 text=\"{not a hole}\"", line: "render 1 text=\"{not a hole}\"", after: [:]),
    Case(pattern: "{a b} {X}", line: "{a b} 7", after: ["X": "7"]),
    Case(pattern: "render 1 text=\"{\" ident={X}", line: "render 1 text=\"{\" ident=7", after: ["X": "7"]),
    Case(pattern: "{ {X}", line: "{ 7", after: ["X": "7"]),
    Case(pattern: "{{{X}}", line: "{7}", after: ["X": "7"]),
    Case(pattern: "by {{H} digits", line: "by {H} digits", after: [:]),
    Case(pattern: "{{X}", line: "{X}", after: [:]),
  ]

  @Test(arguments: cases)
  func matches(_ testCase: Case) {
    var bindings = testCase.before
    let matched = TranscriptPattern(testCase.pattern).matches(testCase.line, bindings: &bindings)
    if let after = testCase.after {
      #expect(matched)
      #expect(bindings == after)
    } else {
      #expect(!matched)
      #expect(bindings == testCase.before, "a failed match binds nothing")
    }
  }

  @Test func descriptionIsThePatternText() {
    #expect(TranscriptPattern("ok {X}").description == "ok {X}")
  }
}
