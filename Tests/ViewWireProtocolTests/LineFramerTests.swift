import Testing

@testable import ViewWireProtocol

/// PROTOCOL.md section 1: how the byte stream becomes lines.
///
/// Every case is fed whole, one byte at a time, line by line, in reads of a few bytes, and (for
/// short inputs) split in two at every position; all must give the same events, because the
/// framer keeps its state between reads.
struct LineFramerTests {
  /// What one event means, without the human-readable message.
  enum Outcome: Equatable, CustomStringConvertible {
    case line(String)
    case error(ClientErrorCode)
    case answer([UInt8])
    case interrupt

    init(_ event: LineFramer.Event) {
      switch event {
      case .line(let text): self = .line(text)
      case .command(let command):
        Issue.record("a framer made without parsesCommonForms parsed \(command)"); self = .line("")
      case .error(.client(let code, _)): self = .error(code)
      case .error(.unknownCommand(let verb)):
        Issue.record("the framer reported an unknown command \(verb)"); self = .line("")
      case .telnetAnswer(let verb, let option): self = .answer([0xFF, verb, option])
      case .interrupt: self = .interrupt
      }
    }

    var description: String {
      switch self {
      case .line(let text): "line(\(text.debugDescription))"
      case .error(let code): "error(\(code.rawValue))"
      case .answer(let bytes): "answer(\(bytes.map { String($0, radix: 16) }.joined(separator: " ")))"
      case .interrupt: "interrupt"
      }
    }
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let expected: [Outcome]
    var maximumLineLength = 4096

    var testDescription: String { name }
  }

  static let iac: UInt8 = 0xFF
  static func text(_ string: String) -> [UInt8] { Array(string.utf8) }
  static let long4096 = String(repeating: "a", count: 4096)

  static let cases: [Case] = [
    // Line endings.
    Case(name: "LF ends a line", bytes: text("ping\n"), expected: [.line("ping")]),
    Case(
      name: "CRLF ends a line and the CR is removed", bytes: text("ping\r\nopen square\r\n"),
      expected: [.line("ping"), .line("open square")]),
    Case(
      name: "LF and CRLF may mix", bytes: text("a\r\nb\nc\r\n"),
      expected: [.line("a"), .line("b"), .line("c")]),
    Case(name: "an unterminated line is held back", bytes: text("ping\nopen sq"), expected: [.line("ping")]),
    Case(name: "a lone CR does not end a line", bytes: text("ping\r"), expected: []),
    Case(
      name: "inner spaces and tabs are kept", bytes: text("  text \"a\tb\"  \n"),
      expected: [.line("  text \"a\tb\"  ")]),
    Case(
      name: "UTF-8 text survives any split", bytes: text("text \"héllo 😀 日本\"\n"),
      expected: [.line("text \"héllo 😀 日本\"")]),
    // Blank lines.
    Case(
      name: "blank lines are ignored", bytes: text("\n\r\n   \n\t \t\r\nping\n"), expected: [.line("ping")]),
    // CR NUL.
    Case(
      name:
        "telnet's CR NUL (a bare carriage return, what a telnet in character mode sends for Enter) ends the line",
      bytes: text("ping\r") + [0] + text("ping\n"), expected: [.line("ping"), .line("ping")]),
    Case(
      name: "CR NUL then LF: the line, then an empty line that is ignored",
      bytes: text("ping\r") + [0] + text("\n"), expected: [.line("ping")]),
    Case(
      name: "a bare CR inside a line is a control character", bytes: text("ab\rcd\n"),
      expected: [.error(.badSyntax)]),
    // Length.
    Case(name: "exactly 4096 bytes is accepted", bytes: text(long4096 + "\n"), expected: [.line(long4096)]),
    Case(
      name: "4096 bytes and CRLF are accepted", bytes: text(long4096 + "\r\n" + "ping\r\n"),
      expected: [.line(long4096), .line("ping")]),
    Case(
      name: "4097 bytes give one line-too-long, then the session goes on",
      bytes: text(long4096 + "b\n" + "ping\n"), expected: [.error(.lineTooLong), .line("ping")]),
    Case(
      name: "a very long line is reported once",
      bytes: text(String(repeating: "xyz ", count: 5000) + "\nping\n"),
      expected: [.error(.lineTooLong), .line("ping")]),
    Case(
      name: "a CR that is not before the LF counts toward the length",
      bytes: text(long4096 + "\rx\n"), expected: [.error(.lineTooLong)]),
    Case(
      name: "4096 two-byte characters are too long", bytes: text(String(repeating: "é", count: 2049) + "\n"),
      expected: [.error(.lineTooLong)]),
    // UTF-8 and control characters.
    Case(
      name: "invalid UTF-8 is refused, then the session goes on",
      bytes: text("text ") + [0xC3, 0x28] + text("\nping\n"),
      expected: [.error(.invalidUTF8), .line("ping")]),
    Case(
      name: "a truncated sequence is invalid", bytes: text("text ") + [0xF0, 0x9F, 0x98] + text("\n"),
      expected: [.error(.invalidUTF8)]),
    Case(
      name: "an encoded surrogate is invalid", bytes: [0xED, 0xA0, 0x80, 0x0A],
      expected: [.error(.invalidUTF8)]),
    Case(
      name: "an overlong encoding is invalid", bytes: [0xC0, 0xAF, 0x0A], expected: [.error(.invalidUTF8)]),
    Case(name: "0x01 is bad syntax", bytes: text("ping\u{1}\n"), expected: [.error(.badSyntax)]),
    Case(name: "ESC is bad syntax", bytes: text("\u{1B}[A\n"), expected: [.error(.badSyntax)]),
    Case(name: "DEL is bad syntax", bytes: text("ping\u{7F}\n"), expected: [.error(.badSyntax)]),
    Case(name: "NUL is bad syntax", bytes: text("pi") + [0] + text("ng\n"), expected: [.error(.badSyntax)]),
    Case(name: "a CR inside a line is bad syntax", bytes: text("pi\rng\n"), expected: [.error(.badSyntax)]),
    Case(name: "TAB is allowed", bytes: text("tap\t1\t2\n"), expected: [.line("tap\t1\t2")]),
    // Telnet (section 1.1): requests are answered in stream order, WONT and DONT never.
    Case(
      name: "IAC WILL x is removed and refused with DONT x", bytes: [iac, 251, 1] + text("ping\n"),
      expected: [.answer([iac, 254, 1]), .line("ping")]),
    Case(
      name: "IAC DO x is refused with WONT x, WONT and DONT get no answer",
      bytes: [iac, 252, 3] + text("pi") + [iac, 253, 24] + text("ng") + [iac, 254, 31] + text("\n"),
      expected: [.answer([iac, 252, 24]), .line("ping")]),
    Case(
      name: "DO TIMING-MARK is answered WILL TIMING-MARK after the lines before it",
      bytes: text("ping\n") + [iac, 253, 6] + text("ping\n"),
      expected: [.line("ping"), .answer([iac, 251, 6]), .line("ping")]),
    Case(
      name: "WILL TIMING-MARK from a client is refused like any WILL", bytes: [iac, 251, 6],
      expected: [.answer([iac, 254, 6])]),
    Case(
      name: "every request gets its answer, repeated requests too",
      bytes: [iac, 253, 1, iac, 253, 1, iac, 253, 6, iac, 253, 6],
      expected: [
        .answer([iac, 252, 1]), .answer([iac, 252, 1]), .answer([iac, 251, 6]), .answer([iac, 251, 6]),
      ]),
    Case(
      name: "IAC SB ... IAC SE is removed",
      bytes: [iac, 250, 24, 0] + text("xterm") + [iac, 240] + text("ping\n"),
      expected: [.line("ping")]),
    Case(
      name: "IAC IAC inside a sub-negotiation does not end it",
      bytes: [iac, 250, 24, iac, iac, 10, iac, 240] + text("ping\n"), expected: [.line("ping")]),
    Case(
      name: "a LF inside a sub-negotiation ends no line",
      bytes: [iac, 250] + text("a\nb\n") + [iac, 240] + text("ping\n"),
      expected: [.line("ping")]),
    Case(
      name: "Ctrl-C in telnet (IAC IP IAC DO TIMING-MARK) interrupts and discards the partial line",
      bytes: text("pi") + [iac, 244, iac, 253, 6] + text("ng\n"),
      expected: [.interrupt, .answer([iac, 251, 6]), .line("ng")]),
    Case(
      name: "IAC BRK (Ctrl-\\) interrupts too", bytes: text("ping") + [iac, 243] + text("\n"),
      expected: [.interrupt]),
    Case(
      name: "an interrupt discards a pending CR", bytes: text("ping\r") + [iac, 244] + text("\n"),
      expected: [.interrupt]),
    Case(
      name: "an interrupt discards an overlong line, so no line-too-long follows",
      bytes: text(long4096 + "ab") + [iac, 244] + text("ping\n"), expected: [.interrupt, .line("ping")]),
    Case(
      name: "Ctrl-Z in telnet (IAC SUSP IAC DO TIMING-MARK) keeps the partial line",
      bytes: text("pi") + [iac, 237, iac, 253, 6] + text("ng\n"),
      expected: [.answer([iac, 251, 6]), .line("ping")]),
    Case(
      name: "AO, AYT and NOP are ignored", bytes: text("p") + [iac, 245, iac, 246, iac, 241] + text("ing\n"),
      expected: [.line("ping")]),
    Case(
      name: "IAC EC erases the last character", bytes: text("pinx") + [iac, 247] + text("g\n"),
      expected: [.line("ping")]),
    Case(
      name: "IAC EC erases a whole UTF-8 character", bytes: text("text \"aé") + [iac, 247] + text("\"\n"),
      expected: [.line("text \"a\"")]),
    Case(
      name: "IAC EC erases a pending CR", bytes: text("ping\r") + [iac, 247] + text("\n"),
      expected: [.line("ping")]),
    Case(
      name: "IAC EC on an empty line erases nothing", bytes: [iac, 247] + text("ping\n"),
      expected: [.line("ping")]),
    Case(
      name: "IAC EL erases the partial line", bytes: text("tap 1 2") + [iac, 248] + text("ping\n"),
      expected: [.line("ping")]),
    Case(
      name: "IAC between CR and LF keeps the CRLF", bytes: text("ping\r") + [iac, 254, 1] + text("\n"),
      expected: [.line("ping")]),
    Case(
      name: "IAC IAC is a literal 0xFF, which is invalid UTF-8", bytes: text("a") + [iac, iac] + text("\n"),
      expected: [.error(.invalidUTF8)]),
    Case(
      name: "a line of only telnet commands is blank", bytes: [iac, 254, 1, iac, 241] + text("\n"),
      expected: []),
  ]

  static func run(_ testCase: Case, reads: [[UInt8]]) -> [Outcome] {
    var framer = LineFramer(maximumLineLength: testCase.maximumLineLength)
    var outcomes: [Outcome] = []
    for read in reads { framer.append(read) { outcomes.append(Outcome($0)) } }
    return outcomes
  }

  /// Splits `bytes` into reads of at most `size` bytes.
  static func chunks(_ bytes: [UInt8], of size: Int) -> [[UInt8]] {
    stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
  }

  /// Splits `bytes` after every second LF, so a read holds several lines.
  static func linesPerRead(_ bytes: [UInt8]) -> [[UInt8]] {
    var reads: [[UInt8]] = []
    var current: [UInt8] = []
    var lines = 0
    for byte in bytes {
      current.append(byte)
      if byte == 0x0A {
        lines += 1
        if lines % 2 == 0 {
          reads.append(current)
          current = []
        }
      }
    }
    if !current.isEmpty { reads.append(current) }
    return reads
  }

  @Test(arguments: cases)
  func wholeInput(_ testCase: Case) {
    #expect(Self.run(testCase, reads: [testCase.bytes]) == testCase.expected)
  }

  @Test(arguments: cases)
  func oneByteAtATime(_ testCase: Case) {
    #expect(Self.run(testCase, reads: testCase.bytes.map { [$0] }) == testCase.expected)
  }

  @Test(arguments: cases)
  func severalLinesPerRead(_ testCase: Case) {
    #expect(Self.run(testCase, reads: Self.linesPerRead(testCase.bytes)) == testCase.expected)
  }

  @Test(arguments: cases)
  func oddSizedReads(_ testCase: Case) {
    for size in [2, 3, 7, 4095] {
      #expect(
        Self.run(testCase, reads: Self.chunks(testCase.bytes, of: size)) == testCase.expected,
        "reads of \(size)")
    }
  }

  @Test(arguments: cases.filter { $0.bytes.count < 200 })
  func splitInTwoAnywhere(_ testCase: Case) {
    for split in 0...testCase.bytes.count {
      let reads = [Array(testCase.bytes[..<split]), Array(testCase.bytes[split...])]
      #expect(Self.run(testCase, reads: reads) == testCase.expected, "split at \(split)")
    }
  }

  @Test func overlongLineSplitAcrossReadsAtTheTerminator() {
    var framer = LineFramer()
    var outcomes: [Outcome] = []
    framer.append(Self.text(Self.long4096 + "\r")) { outcomes.append(Outcome($0)) }
    #expect(outcomes.isEmpty)
    framer.append(Self.text("\nping\n")) { outcomes.append(Outcome($0)) }
    #expect(outcomes == [.line(Self.long4096), .line("ping")])
  }

  @Test func errorsCarryTheReplyOfSectionFour() {
    var framer = LineFramer()
    var events: [LineFramer.Event] = []
    framer.append(Self.text(String(repeating: "a", count: 5000) + "\n")) { events.append($0) }
    guard case .error(let error) = events.first else {
      Issue.record("expected an error, got \(events)")
      return
    }
    #expect(error.reply.text.hasPrefix("error client line-too-long \""))
  }

  /// The server's framer hands the common forms over parsed, every other line as text, and
  /// refuses what the plain framer refuses, whichever way the bytes arrive.
  @Test func parsesTheCommonFormsWhenAsked() {
    let input =
      "ping\r\ntap @switch\n  drag 1 2 3 4\t\nPING\ntap @a count=2\ntap @\u{E9}\n\u{1}ping\nmove 1 2\n"
    let expected: [String] = [
      "command(ping)", "command(tap @switch)", "command(drag 1 2 3 4)", "line(PING)",
      "line(tap @a count=2)", "line(tap @\u{E9})", "error(bad-syntax)", "command(move 1 2)",
    ]
    let bytes = Array(input.utf8)
    for readSize in [bytes.count, 1, 3] {
      var framer = LineFramer(parsesCommonForms: true)
      var outcomes: [String] = []
      var start = 0
      while start < bytes.count {
        let end = min(start + readSize, bytes.count)
        framer.append(Array(bytes[start..<end])) { event in
          switch event {
          case .command(let command):
            let line = expected[outcomes.count].dropFirst(8).dropLast()
            #expect(ClientCommand.parseCommonForm(String(line)) == command)
            outcomes.append("command(\(line))")
          case .line(let text): outcomes.append("line(\(text))")
          case .error(.client(let code, _)): outcomes.append("error(\(code.rawValue))")
          default: outcomes.append("other")
          }
        }
        start = end
      }
      #expect(outcomes == expected, "reads of \(readSize)")
    }
  }

  @Test func theDefaultLimitIs4096() {
    #expect(LineFramer().maximumLineLength == 4096)
  }
}
