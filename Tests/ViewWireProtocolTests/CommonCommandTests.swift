import Testing

@testable import ViewWireProtocol

/// `ClientCommand.parseCommonForm`, the server's byte-level reading of the lines scripted clients
/// send most: it must say what the general parser says, or nothing, so the wire is the same.
struct CommonCommandTests {
  /// What the general path (tokens, `n=` split, `parse(tokens:)`) makes of a line: the command,
  /// or nil for an error or an empty line.
  static func general(_ line: String) -> ClientCommand? {
    guard let tokens = try? Tokenizer.tokenize(line), let split = try? CommandNumber.split(tokens) else {
      return nil
    }
    // A numbered line is the ledger's; the fast path must never take one.
    guard split.number == nil else { return nil }
    return (try? ClientCommand.parse(tokens: split.rest)) ?? nil
  }

  /// Fails unless the fast path agrees with the general one, down to the sign of a zero.
  static func check(_ line: String) {
    guard let fast = ClientCommand.parseCommonForm(line) else { return }
    let expected = general(line)
    #expect(expected == fast, "\(line.debugDescription)")
    let expectedText = String(describing: expected)
    #expect(expectedText == String(describing: Optional(fast)), "\(line.debugDescription)")
  }

  @Test(arguments: [
    ("ping", ClientCommand.ping),
    ("  ping\t", .ping),
    ("tap @switch", .tap(.identifier("switch"), count: 1)),
    ("tap\t@a\\b", .tap(.identifier("a\\b"), count: 1)),
    ("tap #12", .tap(.id(12), count: 1)),
    ("tap #0012", .tap(.id(12), count: 1)),
    ("tap 10 -2.5", .tap(.point(x: 10, y: -2.5), count: 1)),
    ("drag 195 150 195 600", .drag(fromX: 195, fromY: 150, toX: 195, toY: 600, steps: 4)),
    ("drag +1 2.125 -0 1000000", .drag(fromX: 1, fromY: 2.125, toX: 0, toY: 1_000_000, steps: 4)),
    ("down 1 2", .down(x: 1, y: 2)),
    ("move 1.5 2", .move(x: 1.5, y: 2)),
    ("up 0 0", .up(x: 0, y: 0)),
  ])
  func readsTheCommonForms(_ line: String, _ command: ClientCommand) {
    #expect(ClientCommand.parseCommonForm(line) == command)
    Self.check(line)
  }

  /// Lines the general path refuses or reads otherwise: options, numbers, strings, capitals,
  /// errors; each is left to it.
  @Test(arguments: [
    "", " ", "PING", "Tap @switch", "ping x", "tap", "tap @", "tap #0", "tap #x", "tap #-1",
    "tap #99999999999999999999", "tap @a b", "tap #1 2", "tap 1", "tap 1 2 3", "tap @a count=2",
    "tap @a n=3", "tap \"@a\"", "tap @é", "drag 1 2 3", "drag 1 2 3 4 5", "drag 1 2 3 4 steps=9",
    "drag 1 2 3 1000001", "down 1 x", "move 1e3 2", "up 5. 2", "up .5 2", "up 1.2.3 4",
    "up 1234567890123456 1", "up -- 1", "up - 1", "help", "text a", "tap\u{1}@a",
  ])
  func leavesTheRestToTheGeneralParser(_ line: String) {
    let fast = ClientCommand.parseCommonForm(line)
    if ["up 1234567890123456 1", "up 5. 2", "up .5 2"].contains(line) {
      // Numbers the short path does not take are read by `Double(String)` in both paths.
      #expect(fast == Self.general(line))
    } else {
      #expect(fast == nil, "\(line.debugDescription)")
    }
  }

  /// Every verb with up to four arguments from a pool of awkward words: the fast path says what
  /// the general one says whenever it says anything.
  @Test func agreesWithTheGeneralParserOnACorpus() {
    let verbs = ["ping", "tap", "drag", "down", "move", "up", "PING", "Up", "help", "open"]
    let words = [
      "@switch", "@", "#12", "#0", "#012", "#x", "#", "#99999999999999999999", "1", "-2.5", "+3", "1e3",
      "5.", ".5", "1000000", "1000001", "-1000000", "-1000000.0001", "0.0000000000000001",
      "12345678901234567", "123456789012345.5", "--1", "-", "a", "@a@b", "1.2.3", "inf", "nan", "0x10", "-0",
      "0.1", "999999.9995", "1.0000000000000000000000001",
    ]
    var generator = SystemRandomNumberGenerator()
    var checked = 0
    for verb in verbs {
      Self.check(verb)
      for first in words {
        Self.check("\(verb) \(first)")
        for second in words {
          Self.check("\(verb) \(first) \(second)")
          checked += 1
        }
      }
      for _ in 0..<400 {
        let arguments = (0..<4).map { _ in words.randomElement(using: &generator)! }
        Self.check(([verb] + arguments).joined(separator: Bool.random() ? " " : " \t "))
      }
    }
    #expect(checked == verbs.count * words.count * words.count)
  }
}
