import Testing

@testable import ViewWireProtocol

/// PROTOCOL.md sections 2, 3 and 5: client lines become tokens, then typed commands.
struct TokenizerTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let line: String
    let tokens: [Token]
    var testDescription: String { line.debugDescription }
  }

  static let cases: [Case] = [
    Case(line: "", tokens: []),
    Case(line: " \t ", tokens: []),
    Case(line: "open square", tokens: [.word("open"), .word("square")]),
    Case(line: "  tap\t\t#12   ", tokens: [.word("tap"), .word("#12")]),
    Case(
      line: "tap @login count=2", tokens: [.word("tap"), .word("@login"), .option(key: "count", value: "2")]),
    Case(line: "hello SIZE=390X844", tokens: [.word("hello"), .option(key: "size", value: "390X844")]),
    Case(line: "x text=\"a b\"", tokens: [.word("x"), .option(key: "text", value: "a b")]),
    Case(line: "x k= v", tokens: [.word("x"), .option(key: "k", value: ""), .word("v")]),
    Case(line: "x =v", tokens: [.word("x"), .word("=v")]),
    Case(line: "x a=b=c", tokens: [.word("x"), .option(key: "a", value: "b=c")]),
    Case(line: "text \"a\" \"b c\"", tokens: [.word("text"), .string("a"), .string("b c")]),
    Case(line: "text \"\"", tokens: [.word("text"), .string("")]),
    Case(line: "text \"say \\\"hi\\\"\"", tokens: [.word("text"), .string("say \"hi\"")]),
    Case(line: #"text "a\\b""#, tokens: [.word("text"), .string("a\\b")]),
    Case(line: #"text "1\n2\r3\t4""#, tokens: [.word("text"), .string("1\n2\r3\t4")]),
    Case(line: #"text "\u{1F600}\u{41}\u{e9}\u{0}""#, tokens: [.word("text"), .string("😀Aé\u{0}")]),
    Case(line: #"text "\u{10FFFF}""#, tokens: [.word("text"), .string("\u{10FFFF}")]),
    Case(line: "text \"héllo 日本\"", tokens: [.word("text"), .string("héllo 日本")]),
    Case(line: "text \"tab\there\"", tokens: [.word("text"), .string("tab\there")]),
  ]

  @Test(arguments: cases)
  func tokens(_ testCase: Case) throws {
    #expect(try Tokenizer.tokenize(testCase.line) == testCase.tokens)
  }

  /// Every malformed string is `bad-syntax`.
  @Test(arguments: [
    #"text "abc"#,
    #"text "abc\"#,
    #"text "abc\""#,
    #"text "a\qb""#,
    #"text "a\'b""#,
    #"text "\u41""#,
    #"text "\u{41""#,
    #"text "\u{}""#,
    #"text "\u{1234567}""#,
    #"text "\u{D800}""#,
    #"text "\u{110000}""#,
    #"text "\u{xyz}""#,
    #"text "\u{+41}""#,
    #"text "\u{-0}""#,
    #"text "\u{ 41}""#,
    #"text abc"def""#,
    #"text ="def""#,
  ])
  func badStrings(_ line: String) {
    #expect {
      try Tokenizer.tokenize(line)
    } throws: { error in
      guard case .client(.badSyntax, _) = error as? LineError else { return false }
      return true
    }
  }
}

struct ClientCommandTests {
  struct Good: Sendable, CustomTestStringConvertible {
    let line: String
    let command: ClientCommand?
    var testDescription: String { line.debugDescription }
  }

  static func hello(
    version: Int? = nil, width: Double? = nil, height: Double? = nil, scale: Double? = nil,
    idiom: String? = nil, locale: String? = nil, keyboard: Double? = nil, appearance: String? = nil,
    safeArea: (Double, Double, Double, Double)? = nil, contentSize: String? = nil
  ) -> ClientCommand {
    var options = HelloOptions()
    options.version = version
    options.width = width
    options.height = height
    options.scale = scale
    options.idiom = idiom
    options.locale = locale
    options.keyboardHeight = keyboard
    options.appearance = appearance
    options.safeArea = safeArea.map { (top: $0.0, left: $0.1, bottom: $0.2, right: $0.3) }
    options.contentSize = contentSize
    return .hello(options)
  }

  static let good: [Good] = [
    Good(line: "", command: nil),
    Good(line: "  \t", command: nil),
    // Verbs without arguments, in any case.
    Good(line: "help", command: .help),
    Good(line: "PING", command: .ping),
    Good(line: "  ping  ", command: .ping),
    Good(line: "Apps", command: .apps),
    Good(line: "close", command: .close),
    Good(line: "tree", command: .tree),
    Good(line: "snapshot", command: .snapshot),
    Good(line: "ReSync", command: .resync),
    Good(line: "quit", command: .quit),
    Good(line: "back", command: .back),
    Good(line: "memory-warning", command: .memoryWarning),
    // hello.
    Good(line: "hello", command: hello()),
    Good(
      line: "hello version=1 size=320x480 idiom=pad scale=3 locale=fr keyboard=0",
      command: hello(version: 1, width: 320, height: 480, scale: 3, idiom: "pad", locale: "fr", keyboard: 0)),
    Good(line: "HELLO SIZE=390X844", command: hello(width: 390, height: 844)),
    Good(line: "hello\tlocale=fr-CA\tkeyboard=300", command: hello(locale: "fr-CA", keyboard: 300)),
    Good(line: "hello locale=\"zh\" scale=2.5", command: hello(scale: 2.5, locale: "zh")),
    Good(line: "hello idiom=terminal", command: hello(idiom: "terminal")),
    // Keyword values are case-insensitive, a locale tag takes BCP 47's case (section 2, "Case").
    Good(line: "hello idiom=PHONE", command: hello(idiom: "phone")),
    Good(line: "hello Idiom=Terminal", command: hello(idiom: "terminal")),
    Good(line: "hello locale=FR", command: hello(locale: "fr")),
    Good(line: "hello locale=FR-ca", command: hello(locale: "fr-CA")),
    Good(line: "hello locale=zh_hant_tw", command: hello(locale: "zh_Hant_TW")),
    Good(line: "hello locale=EN-US-POSIX", command: hello(locale: "en-US-posix")),
    Good(line: "hello locale=es-419", command: hello(locale: "es-419")),
    Good(line: "key RETURN", command: .key(.return)),
    Good(line: "trace ON", command: .trace(true)),
    Good(line: "clock MANUAL", command: .clock(.manual)),
    Good(line: "hello size=390.5x844.25", command: hello(width: 390.5, height: 844.25)),
    // The traits of PROTOCOL.md section 3, "Appearance, safe area and text size".
    Good(line: "hello appearance=dark", command: hello(appearance: "dark")),
    Good(line: "hello Appearance=LIGHT", command: hello(appearance: "light")),
    Good(line: "hello safe-area=47,0,34,0", command: hello(safeArea: (47, 0, 34, 0))),
    Good(line: "hello safe-area=20.5,+0,.5,10000", command: hello(safeArea: (20.5, 0, 0.5, 10000))),
    Good(line: "hello content-size=AX5", command: hello(contentSize: "ax5")),
    Good(
      line: "hello appearance=dark safe-area=0,0,0,0 content-size=xs",
      command: hello(appearance: "dark", safeArea: (0, 0, 0, 0), contentSize: "xs")),
    // Arguments.
    Good(line: "open square", command: .open(app: "square")),
    Good(line: "open \"my app\"", command: .open(app: "my app")),
    Good(line: "open Square", command: .open(app: "Square")),
    Good(line: "resize 320 480", command: .resize(width: 320, height: 480)),
    Good(line: "resize +320.5 480.25", command: .resize(width: 320.5, height: 480.25)),
    Good(line: "tap 120 300", command: .tap(.point(x: 120, y: 300), count: 1)),
    Good(line: "tap -1.5 0.25", command: .tap(.point(x: -1.5, y: 0.25), count: 1)),
    Good(line: "tap #12", command: .tap(.id(12), count: 1)),
    Good(line: "tap @login", command: .tap(.identifier("login"), count: 1)),
    Good(line: "tap @Login.Button count=2", command: .tap(.identifier("Login.Button"), count: 2)),
    Good(line: "TAP #5 COUNT=3", command: .tap(.id(5), count: 3)),
    Good(line: "tap count=2 10 20", command: .tap(.point(x: 10, y: 20), count: 2)),
    Good(line: "down 1 2", command: .down(x: 1, y: 2)),
    Good(line: "move 3.5 -4", command: .move(x: 3.5, y: -4)),
    Good(line: "up 5 6", command: .up(x: 5, y: 6)),
    Good(line: "drag 10 20 30 40", command: .drag(fromX: 10, fromY: 20, toX: 30, toY: 40, steps: 4)),
    Good(line: "drag 10 20 30 40 steps=8", command: .drag(fromX: 10, fromY: 20, toX: 30, toY: 40, steps: 8)),
    Good(line: "drag 0 0 0 0 steps=1", command: .drag(fromX: 0, fromY: 0, toX: 0, toY: 0, steps: 1)),
    Good(line: "text hello", command: .text("hello")),
    Good(line: "text \"hello world\"", command: .text("hello world")),
    Good(line: "text \"\"", command: .text("")),
    Good(line: #"text "say \"hi\" \\ \n\t\u{1F600}""#, command: .text("say \"hi\" \\ \n\t😀")),
    Good(line: "text \"é\"", command: .text("é")),
    Good(line: "key return", command: .key(.return)),
    Good(line: "key BACKSPACE", command: .key(.backspace)),
    Good(line: "key tab", command: .key(.tab)),
    Good(line: "Key Escape", command: .key(.escape)),
    Good(line: "ack 7", command: .ack(sequence: 7)),
    Good(line: "ack 0", command: .ack(sequence: 0)),
    Good(line: "ack 2147483647", command: .ack(sequence: 2_147_483_647)),
    // SEQ is a number in any form of section 2 whose value is whole.
    Good(line: "ack 01", command: .ack(sequence: 1)),
    Good(line: "ack 1.0", command: .ack(sequence: 1)),
    Good(line: "ack +1.", command: .ack(sequence: 1)),
    Good(line: "trace on", command: .trace(true)),
    Good(line: "clock", command: .clock(.show)),
    Good(line: "CLOCK Manual", command: .clock(.manual)),
    Good(line: "clock advance 0.25", command: .clock(.advance(seconds: 0.25))),
    Good(line: "TRACE OFF", command: .trace(false)),
    // Sharing (section 18).
    Good(line: "share observe", command: .share(.observe)),
    Good(line: "SHARE Drive", command: .share(.drive)),
    Good(line: "share revoke", command: .share(.revoke)),
    Good(
      line: "join vw.0123456789abcdef0123456789abcdef",
      command: .join(token: "vw.0123456789abcdef0123456789abcdef")),
  ]

  @Test(arguments: good)
  func parsesGoodLines(_ testCase: Good) throws {
    #expect(try ClientCommand.parse(testCase.line) == testCase.command)
  }

  struct Bad: Sendable, CustomTestStringConvertible {
    let line: String
    let error: Expected
    /// The whole message, where a case checks it.
    var message: String? = nil
    var testDescription: String { line.debugDescription }

    enum Expected: Sendable, Equatable {
      case unknownCommand(String)
      case client(ClientErrorCode)
    }
  }

  static let bad: [Bad] = [
    // Unknown verbs, named as sent.
    Bad(line: "frobnicate", error: .unknownCommand("frobnicate")),
    Bad(line: "Frob 1 2", error: .unknownCommand("Frob")),
    Bad(line: "pingg", error: .unknownCommand("pingg")),
    Bad(line: "back 2", error: .client(.tooManyArguments)),
    Bad(line: "memory-warning now", error: .client(.tooManyArguments)),
    // Not a verb at all.
    Bad(line: "\"ping\"", error: .client(.badSyntax)),
    // Missing arguments.
    Bad(line: "open", error: .client(.missingArgument)),
    Bad(line: "resize 320", error: .client(.missingArgument)),
    Bad(line: "tap", error: .client(.missingArgument)),
    Bad(line: "tap 1", error: .client(.missingArgument)),
    Bad(line: "down", error: .client(.missingArgument)),
    Bad(line: "up 1", error: .client(.missingArgument)),
    Bad(line: "drag 1 2 3", error: .client(.missingArgument)),
    Bad(line: "text", error: .client(.missingArgument)),
    Bad(line: "key", error: .client(.missingArgument)),
    Bad(line: "ack", error: .client(.missingArgument)),
    Bad(line: "trace", error: .client(.missingArgument)),
    Bad(line: "clock advance", error: .client(.missingArgument)),
    Bad(line: "clock advance -1", error: .client(.badArgument)),
    Bad(line: "clock advance 86401", error: .client(.badArgument)),
    Bad(line: "clock faster", error: .client(.badArgument)),
    Bad(line: "clock manual 2", error: .client(.tooManyArguments)),
    // Too many.
    Bad(line: "ping extra", error: .client(.tooManyArguments)),
    Bad(line: "open a b", error: .client(.tooManyArguments)),
    Bad(line: "resize 1 2 3", error: .client(.tooManyArguments)),
    Bad(line: "tap #1 2", error: .client(.tooManyArguments)),
    Bad(line: "move 1 2 3", error: .client(.tooManyArguments)),
    Bad(line: "text \"a\" \"b\"", error: .client(.tooManyArguments)),
    Bad(line: "key return tab", error: .client(.tooManyArguments)),
    Bad(line: "trace on off", error: .client(.tooManyArguments)),
    Bad(line: "hello 1", error: .client(.tooManyArguments)),
    // Malformed or out of range.
    Bad(line: "resize abc 480", error: .client(.badArgument)),
    Bad(line: "resize 0 480", error: .client(.badArgument)),
    Bad(line: "resize 320 100001", error: .client(.badArgument)),
    Bad(line: "resize 1e3 480", error: .client(.badArgument)),
    Bad(line: "resize inf 480", error: .client(.badArgument)),
    Bad(line: "resize 0x10 480", error: .client(.badArgument)),
    Bad(line: "resize \"320\" 480", error: .client(.badArgument)),
    Bad(line: "down x 1", error: .client(.badArgument)),
    Bad(line: "tap #+5", error: .client(.badArgument)),
    Bad(line: "tap #٣", error: .client(.badArgument)),
    Bad(line: "text a=b", error: .client(.badArgument)),
    Bad(line: "down 1.2.3 1", error: .client(.badArgument)),
    Bad(line: "tap 1000001 1", error: .client(.badArgument)),
    Bad(line: "tap #0", error: .client(.badArgument)),
    Bad(line: "tap #x", error: .client(.badArgument)),
    Bad(line: "tap #", error: .client(.badArgument)),
    Bad(line: "tap @", error: .client(.badArgument)),
    Bad(line: "tap #1 count=0", error: .client(.badArgument)),
    Bad(line: "tap #1 count=11", error: .client(.badArgument)),
    Bad(line: "tap #1 count=two", error: .client(.badArgument)),
    Bad(line: "tap #1 bogus=1", error: .client(.badArgument)),
    Bad(line: "ping count=1", error: .client(.badArgument)),
    Bad(line: "drag 1 2 3 4 steps=0", error: .client(.badArgument)),
    Bad(line: "drag 1 2 3 4 steps=1001", error: .client(.badArgument)),
    Bad(line: "key space", error: .client(.badArgument)),
    Bad(line: "ack -1", error: .client(.badArgument)),
    Bad(line: "ack 1.5", error: .client(.badArgument)),
    Bad(line: "ack 2147483648", error: .client(.badArgument)),
    Bad(line: "trace maybe", error: .client(.badArgument)),
    Bad(line: "hello version=0", error: .client(.badArgument)),
    Bad(line: "hello appearance=dim", error: .client(.badArgument)),
    Bad(line: "hello appearance=", error: .client(.badArgument)),
    Bad(line: "hello safe-area=47,0,34", error: .client(.badArgument)),
    Bad(line: "hello safe-area=47,0,34,0,0", error: .client(.badArgument)),
    Bad(line: "hello safe-area=47,0,-1,0", error: .client(.badArgument)),
    Bad(line: "hello safe-area=47,0,10001,0", error: .client(.badArgument)),
    Bad(line: "hello safe-area=47;0;34;0", error: .client(.badArgument)),
    Bad(line: "hello safe-area=\"47, 0, 34, 0\"", error: .client(.badArgument)),
    Bad(line: "hello content-size=huge", error: .client(.badArgument)),
    Bad(line: "hello content-size=ax6", error: .client(.badArgument)),
    Bad(line: "hello version=one", error: .client(.badArgument)),
    Bad(line: "hello version=-1", error: .client(.badArgument)),
    Bad(line: "hello version=00000000000000000000000", error: .client(.badArgument)),
    // A version too large for an Int is a version this server does not speak, not a bad argument.
    Bad(
      line: "hello version=99999999999999999999", error: .client(.unsupportedVersion),
      message: "this server speaks protocol 1, 2, not 99999999999999999999"),
    Bad(line: "hello size=390", error: .client(.badArgument)),
    Bad(line: "hello size=0x844", error: .client(.badArgument)),
    Bad(line: "hello size=390x844x2", error: .client(.badArgument)),
    Bad(line: "hello idiom=watch", error: .client(.badArgument)),
    Bad(
      line: "hello scale=0.1", error: .client(.badArgument), message: "scale must be a number from 0.5 to 10"),
    Bad(
      line: "hello scale=11", error: .client(.badArgument), message: "scale must be a number from 0.5 to 10"),
    Bad(
      line: "hello keyboard=-1", error: .client(.badArgument),
      message: "keyboard must be a number from 0 to 10000"),
    Bad(line: "hello locale=", error: .client(.badArgument)),
    Bad(line: "hello locale=\"fr CA\"", error: .client(.badArgument)),
    Bad(line: "hello colour=blue", error: .client(.badArgument)),
    // Syntax.
    Bad(line: "text \"abc", error: .client(.badSyntax)),
    Bad(line: #"text "a\qb""#, error: .client(.badSyntax)),
    Bad(line: #"text "\u{110000}""#, error: .client(.badSyntax)),
    Bad(line: "text abc\"def\"", error: .client(.badSyntax)),
    Bad(line: "text \"abc\"def", error: .client(.badSyntax)),
    Bad(line: "text x=\"abc\"def", error: .client(.badSyntax)),
    Bad(line: "text \"abc\"\"def\"", error: .client(.badSyntax)),
    Bad(line: "share", error: .client(.missingArgument)),
    Bad(
      line: "share watch", error: .client(.badArgument),
      message: "share takes 'observe', 'drive' or 'revoke', not 'watch'"),
    Bad(line: "share observe now", error: .client(.tooManyArguments)),
    Bad(line: "join", error: .client(.missingArgument)),
  ]

  @Test(arguments: bad)
  func refusesBadLines(_ testCase: Bad) {
    do {
      let command = try ClientCommand.parse(testCase.line)
      Issue.record("parsed as \(String(describing: command))")
    } catch {
      switch error {
      case .unknownCommand(let verb): #expect(Bad.Expected.unknownCommand(verb) == testCase.error)
      case .client(let code, let message):
        #expect(Bad.Expected.client(code) == testCase.error, "\(message)")
        #expect(!message.isEmpty)
        if let expected = testCase.message { #expect(message == expected) }
      }
    }
  }

  @Test func missingArgumentMessagesGiveTheUsage() throws {
    #expect(throws: LineError.client(.missingArgument, "X is missing; usage: drag X1 Y1 X2 Y2 [steps=N]")) {
      try ClientCommand.parse("drag")
    }
  }

  @Test func helpListsEveryVerbTheParserAccepts() throws {
    #expect(ClientCommand.helpEntries.count == 29)
    for entry in ClientCommand.helpEntries {
      do {
        _ = try ClientCommand.parse(entry.verb)
      } catch .unknownCommand(let verb) {
        Issue.record("help lists '\(verb)' but the parser does not know it")
      } catch {
        // A known verb with missing arguments.
      }
    }
  }

  @Test(arguments: good.compactMap(\.command))
  func verbNamesTheOkReply(_ command: ClientCommand) {
    #expect(ClientCommand.helpEntries.contains { $0.verb == command.verb })
  }

  /// Which commands send the first frame, and a failing command's changes (section 3's list).
  @Test(arguments: [
    ("help", false), ("ping", false), ("apps", false), ("trace on", false), ("ack 1", false),
    ("quit", false), ("clock", false), ("clock manual", false), ("clock advance 1", true),
    ("open square", true), ("close", true), ("tree", true), ("snapshot", true), ("resync", true),
    ("explain @a", true), ("tap 1 2", true), ("down 1 2", true), ("move 1 2", true), ("up 1 2", true),
    ("drag 1 2 3 4", true), ("text a", true), ("key tab", true), ("resize 10 10", true),
    ("hello", true), ("back", true), ("memory-warning", true), ("share observe", false),
    ("join vw.0123456789abcdef0123456789abcdef", false),
  ])
  func touchesTree(_ line: String, _ touches: Bool) throws {
    #expect(try ClientCommand.parse(line)?.touchesTree == touches)
  }
}
