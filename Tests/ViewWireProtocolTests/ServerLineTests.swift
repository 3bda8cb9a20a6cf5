import Testing

@testable import ViewWireProtocol

/// PROTOCOL.md sections 3, 4, 6 and 10: what the server writes, and what a client reads back.
struct ServerLineTests {
  struct RoundTrip: Sendable, CustomTestStringConvertible {
    let message: ServerMessage
    let text: String
    let parsed: ServerLine
    var testDescription: String { text }
  }

  static let roundTrips: [RoundTrip] = [
    RoundTrip(
      message: .greeting(protocolVersion: 1, sessionID: 7, width: 390, height: 844),
      text: "hello viewwire protocol=1 session=7 size=390x844",
      parsed: .greeting(protocolVersion: 1, sessionID: 7, size: "390x844")),
    RoundTrip(
      message: .greeting(protocolVersion: 1, sessionID: 1, width: 390.5, height: 844.125),
      text: "hello viewwire protocol=1 session=1 size=390.5x844.125",
      parsed: .greeting(protocolVersion: 1, sessionID: 1, size: "390.5x844.125")),
    RoundTrip(message: .ok(verb: "ping", fields: []), text: "ok ping", parsed: .ok(verb: "ping", fields: [])),
    RoundTrip(
      message: .ok(verb: "open", fields: [Field("app", "square")]), text: "ok open app=square",
      parsed: .ok(verb: "open", fields: [Field("app", "square")])),
    RoundTrip(
      message: .ok(verb: "hello", fields: [Field("protocol", "1"), Field("session", "12")]),
      text: "ok hello protocol=1 session=12",
      parsed: .ok(verb: "hello", fields: [Field("protocol", "1"), Field("session", "12")])),
    RoundTrip(
      message: .unknownCommand("FROB"), text: "error unknown-command \"FROB\"",
      parsed: .error(kind: "unknown-command", code: "unknown-command", message: "FROB")),
    RoundTrip(
      message: .clientError(.badArgument, "say \"hi\" to me"),
      text: #"error client bad-argument "say \"hi\" to me""#,
      parsed: .error(kind: "client", code: "bad-argument", message: "say \"hi\" to me")),
    RoundTrip(
      message: .clientError(.lineTooLong, "a line may hold at most 4096 bytes"),
      text: #"error client line-too-long "a line may hold at most 4096 bytes""#,
      parsed: .error(kind: "client", code: "line-too-long", message: "a line may hold at most 4096 bytes")),
    RoundTrip(
      message: .serverError(code: "internal", message: "layout\tfailed\n"),
      text: #"error server internal "layout\tfailed\n""#,
      parsed: .error(kind: "server", code: "internal", message: "layout\tfailed\n")),
    RoundTrip(
      message: .app(name: "login", title: "A login screen"), text: #"app login "A login screen""#,
      parsed: .app(name: "login", title: "A login screen")),
    RoundTrip(
      message: .help(verb: "tap", arguments: "X Y|#ID|@IDENT [count=N]", summary: "taps a point or a view"),
      text: #"help tap "X Y|#ID|@IDENT [count=N]" "taps a point or a view""#, parsed: .help(verb: "tap")),
    RoundTrip(
      message: .tree(
        depth: 1, id: 2, className: "Button", frame: ["20", "100", "350", "44"],
        properties: [Field("text", "\"Log in\"")]),
      text: #"tree 1 2 Button 20 100 350 44 text="Log in""#,
      parsed: .tree(depth: 1, id: 2, className: "Button")),
    RoundTrip(
      message: .trace("lifecycle LoginViewController viewDidLoad"),
      text: "trace lifecycle LoginViewController viewDidLoad",
      parsed: .trace("lifecycle LoginViewController viewDidLoad")),
    RoundTrip(
      message: .bye(reason: "shutting down"), text: #"bye "shutting down""#,
      parsed: .bye(reason: "shutting down")),
  ]

  @Test(arguments: roundTrips)
  func messageTextAndParse(_ roundTrip: RoundTrip) {
    #expect(roundTrip.message.text == roundTrip.text)
    #expect(ServerLine.parse(roundTrip.text) == roundTrip.parsed)
  }

  @Test func encodeAppendsTheLineAndALineFeed() {
    var buffer: [UInt8] = [0x41]
    ServerMessage.ok(verb: "ping", fields: []).encode(into: &buffer)
    #expect(buffer == Array("Aok ping\n".utf8))
  }

  struct Parse: Sendable, CustomTestStringConvertible {
    let text: String
    let parsed: ServerLine
    var testDescription: String { text }
  }

  /// Frame lines (section 6) and lines that do not fit their form.
  static let frameLines: [Parse] = [
    Parse(text: "frame 1 begin full", parsed: .frameBegin(sequence: 1, isFull: true)),
    Parse(text: "frame 12 begin", parsed: .frameBegin(sequence: 12, isFull: false)),
    Parse(
      text: "frame 1 end hash=dd6b31b41c9f1367 views=4",
      parsed: .frameEnd(sequence: 1, hash: 0xdd6b_31b4_1c9f_1367, viewCount: 4)),
    Parse(
      text: "frame 2 end hash=0000000000000000 views=0", parsed: .frameEnd(sequence: 2, hash: 0, viewCount: 0)
    ),
    Parse(text: "remove 5", parsed: .remove(id: 5)),
    Parse(text: "create 1 Window - 0", parsed: .create(id: 1, className: "Window", parent: nil, index: 0)),
    Parse(
      text: "create 2 CustomView 1 0", parsed: .create(id: 2, className: "CustomView", parent: 1, index: 0)),
    Parse(text: "move 5 2 1", parsed: .move(id: 5, parent: 2, index: 1)),
    Parse(text: "layout 5 20 100 350 44", parsed: .layout(id: 5, frame: ["20", "100", "350", "44"])),
    Parse(text: "layout 5 -0.5 0 1.25 0", parsed: .layout(id: 5, frame: ["-0.5", "0", "1.25", "0"])),
    Parse(
      text: "render 1 bg=#ffffffff alpha=0.5",
      parsed: .render(id: 1, properties: [Field("bg", "#ffffffff"), Field("alpha", "0.5")])),
    Parse(
      text: #"render 5 text="Log in now" bg=none"#,
      parsed: .render(id: 5, properties: [Field("text", "\"Log in now\""), Field("bg", "none")])),
    Parse(
      text: #"render 7 text="say \"hi there\"" ident="a b""#,
      parsed: .render(id: 7, properties: [Field("text", #""say \"hi there\"""#), Field("ident", "\"a b\"")])),
    Parse(
      text: #"render 7 text="ends in \\" lines=0"#,
      parsed: .render(id: 7, properties: [Field("text", #""ends in \\""#), Field("lines", "0")])),
    Parse(
      text: "render 3 offset=\"0,120\"\tfocused=true",
      parsed: .render(id: 3, properties: [Field("offset", "\"0,120\""), Field("focused", "true")])),
    Parse(text: "shift 2 3 996 0 -37", parsed: .shift(parent: 2, from: 3, count: 996, dx: "0", dy: "-37")),
    Parse(
      text: "shift 7 0 9 0.5 -10.125", parsed: .shift(parent: 7, from: 0, count: 9, dx: "0.5", dy: "-10.125")),
    // Lines that do not fit their form.
    Parse(text: "", parsed: .unknown("")),
    Parse(text: "gibberish here", parsed: .unknown("gibberish here")),
    Parse(text: "frame x begin", parsed: .unknown("frame x begin")),
    Parse(text: "frame 1 end views=4", parsed: .unknown("frame 1 end views=4")),
    Parse(text: "create 1 Window x 0", parsed: .unknown("create 1 Window x 0")),
    Parse(text: "create 1 Window -", parsed: .unknown("create 1 Window -")),
    Parse(text: "layout 1 2 3", parsed: .unknown("layout 1 2 3")),
    Parse(text: "render 1", parsed: .unknown("render 1")),
    Parse(text: "shift 2 3 996 0", parsed: .unknown("shift 2 3 996 0")),
    Parse(text: "shift 2 x 9 0 1", parsed: .unknown("shift 2 x 9 0 1")),
    Parse(text: "shift 2 0 9 a 1", parsed: .unknown("shift 2 0 9 a 1")),
    Parse(text: "remove", parsed: .unknown("remove")),
    Parse(text: "hello world", parsed: .unknown("hello world")),
    Parse(text: "ok", parsed: .unknown("ok")),
    Parse(text: "error client bad-argument", parsed: .unknown("error client bad-argument")),
  ]

  @Test(arguments: frameLines)
  func parsesFrameLines(_ testCase: Parse) {
    #expect(ServerLine.parse(testCase.text) == testCase.parsed)
  }

  @Test func onlyOkAndErrorAreTerminalReplies() {
    #expect(ServerLine.parse("ok ping").isTerminalReply)
    #expect(ServerLine.parse("error unknown-command \"x\"").isTerminalReply)
    #expect(ServerLine.parse("error client no-app \"open an app first\"").isTerminalReply)
    #expect(!ServerLine.parse("frame 1 begin full").isTerminalReply)
    #expect(!ServerLine.parse("bye \"shutting down\"").isTerminalReply)
    #expect(!ServerLine.parse("app login \"Login\"").isTerminalReply)
  }

  /// A string render value keeps its exact wire text through a client's split, and unquotes to
  /// the server's string, whatever the string holds.
  @Test(arguments: [
    "Log in", "say \"hi\" now", "back\\slash \\\" tricky", "", " ", "tab\there\nnewline", "\u{1}\u{7F}",
    "héllo 😀 日本", "\u{301} starts with a combining mark", "x \u{301}\"\u{301} y", "\"", "=",
    "a=\"b c\"",
  ])
  func stringValuesRoundTrip(_ text: String) {
    let wire = WireValue.string(text).wireText
    let line = "render 9 text=\(wire) bg=#00000000"
    #expect(
      ServerLine.parse(line) == .render(id: 9, properties: [Field("text", wire), Field("bg", "#00000000")]))
    #expect(RawWords.unquote(wire) == text)
  }

  @Test func clientErrorMessageRoundTripsEveryCode() {
    for code in ClientErrorCode.allCases {
      let text = ServerMessage.clientError(code, "m \"q\"").text
      #expect(ServerLine.parse(text) == .error(kind: "client", code: code.rawValue, message: "m \"q\""))
    }
  }

  @Test func lineErrorsReplyAsSectionFourSays() {
    #expect(LineError.unknownCommand("frob").reply.text == "error unknown-command \"frob\"")
    #expect(
      LineError.client(.noApp, "open an app first").reply.text == "error client no-app \"open an app first\"")
  }

  @Test(arguments: [
    (WireValue.number(0.5), "0.5"), (.number(-0.0001), "0"), (.bool(true), "true"), (.bool(false), "false"),
    (.color(WireColor(red: 255, green: 0, blue: 16, alpha: 128)), "#ff001080"),
    (.color(WireColor(red: 1, green: 2, blue: 3)), "#010203ff"), (.string("a b"), "\"a b\""),
  ])
  func wireValueText(_ value: WireValue, _ text: String) {
    #expect(value.wireText == text)
  }

  @Test func wireColorParsing() {
    #expect(WireColor(wireText: "#ff001080") == WireColor(red: 255, green: 0, blue: 16, alpha: 128))
    #expect(WireColor(wireText: "#FF0010") == WireColor(red: 255, green: 0, blue: 16, alpha: 255))
    #expect(WireColor(wireText: "ff001080") == nil)
    #expect(WireColor(wireText: "#ff00108") == nil)
    #expect(WireColor(wireText: "#gg001080") == nil)
    #expect(WireColor(wireText: "") == nil)
  }
}

/// PROTOCOL.md sections 2 and 7: canonical numbers, quoting and the FNV-1a digest.
struct CanonicalTextTests {
  @Test(arguments: [
    (0.0, "0"), (-0.0, "0"), (12.0, "12"), (1.25, "1.25"), (-3.5, "-3.5"), (0.125, "0.125"), (390, "390"),
    (0.0005, "0.001"), (-0.0005, "-0.001"), (-0.0004, "0"), (0.0004, "0"), (0.1 + 0.2, "0.3"),
    (2.9996, "3"), (1.0004, "1"), (100.10, "100.1"), (0.05, "0.05"), (-0.001, "-0.001"),
    (1234567.891, "1234567.891"), (10, "10"), (-40, "-40"), (1000, "1000"), (0.01, "0.01"),
    (12_345_678_901, "12345678901"), (1e13, "9000000000000"), (-1e13, "-9000000000000"),
    (Double.nan, "0"), (Double.infinity, "0"), (-Double.infinity, "0"),
  ])
  func canonicalFormat(_ value: Double, _ text: String) {
    #expect(CanonicalNumber.format(value) == text)
  }

  /// A `shift` offset added as clients add it: exactly, in thousandths.
  @Test(
    arguments: [
      ("12.5", "-0.25", "12.25"), ("0", "-37", "-37"), ("0.001", "-0.001", "0"), ("281.333", "0.667", "282"),
      ("-0.5", "0.25", "-0.25"), ("100.1", "0.05", "100.15"), ("x", "1", nil), ("1", "1e3", nil),
    ] as [(String, String, String?)])
  func shiftedNumbers(_ text: String, _ offset: String, _ result: String?) {
    #expect(CanonicalNumber.shifted(text, by: offset) == result)
  }

  @Test(arguments: [
    ("12", 12.0), ("-3.5", -3.5), ("+4", 4), ("0.25", 0.25), ("007", 7), ("-0", 0), ("1000000", 1_000_000),
  ])
  func canonicalParse(_ text: String, _ value: Double) {
    #expect(CanonicalNumber.parse(text) == value)
  }

  @Test(arguments: [
    "", "-", "+", ".", "1e3", "inf", "nan", "NaN", "1.2.3", "1-2", "--1", "+-1", "0x10", " 1", "1 ", "١",
  ])
  func canonicalParseRefuses(_ text: String) {
    #expect(CanonicalNumber.parse(text) == nil)
  }

  @Test(arguments: [
    ("", #""""#), ("a b", #""a b""#), ("say \"hi\"", #""say \"hi\"""#), ("a\\b", #""a\\b""#),
    ("\n\r\t", #""\n\r\t""#), ("\u{1}", #""\u{1}""#), ("\u{1B}", #""\u{1b}""#), ("\u{7F}", #""\u{7f}""#),
    ("\u{0}", #""\u{0}""#), ("é😀", "\"é😀\""), ("•••", "\"•••\""),
    // C1 controls and the Unicode line separators, which eager line splitters break on.
    ("\u{85}", #""\u{85}""#), ("\u{9F}", #""\u{9f}""#), ("\u{A0}", "\"\u{A0}\""),
    ("a\u{2028}b\u{2029}", #""a\u{2028}b\u{2029}""#),
  ])
  func quote(_ text: String, _ quoted: String) {
    #expect(Quoting.quote(text) == quoted)
  }

  /// The plain-text scan reads eight bytes at a time: every byte value, at every offset of a
  /// word and of the tail, is found when it needs escaping and let through when it does not.
  @Test func plainScanFindsEveryByteAtEveryOffset() {
    for byte in UInt8.min...UInt8.max {
      let isPlain = byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
      for length in 1...19 {
        for offset in 0..<length {
          var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
          bytes[offset] = byte
          let found = bytes.withUnsafeBufferPointer { Quoting.isPlain($0) }
          #expect(found == isPlain, "byte \(byte) at \(offset) of \(length)")
        }
      }
    }
  }

  /// What the server quotes, the tokenizer reads back unchanged.
  @Test(arguments: [
    "", "plain", "a \"b\" \\ c", "\n\r\t\u{0}\u{1F}\u{7F}", "😀 日本 é", "\u{301}x", "{x}", "\u{85}\u{2028}",
  ])
  func quoteThenTokenize(_ text: String) throws {
    #expect(try Tokenizer.tokenize(Quoting.quote(text)) == [.string(text)])
  }

  @Test func fnv1a() {
    #expect(FNV1a.hash("") == FNV1a.offsetBasis)
    #expect(FNV1a.hash("a") == 0xaf63_dc4c_8601_ec8c)
    #expect(FNV1a.hash("foobar") == 0x8594_4171_f739_67e8)
    #expect(FNV1a.hex(0) == "0000000000000000")
    #expect(FNV1a.hex(0xdd6b_31b4_1c9f_1367) == "dd6b31b41c9f1367")
  }
}
