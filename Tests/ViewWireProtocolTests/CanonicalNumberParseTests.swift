import Testing

@testable import ViewWireProtocol

/// `CanonicalNumber.parse` reads short numbers without `strtod` (issue 14, item 3): it must give
/// exactly what `Double(String)` gives, bit for bit, signed zeros included.
struct CanonicalNumberParseTests {
  static let texts: [String] = [
    "0", "-0", "+0", "0.0", "-0.000", "5.", ".5", "-.5", "+12.25", "195", "600", "-1000000",
    "0.1", "0.3", "2.675", "1.005", "123456789012345", "12345678901234.5", "0.000000000000001",
    "999999999999999", "1234567890123456", "0.1234567890123456", "3.14159265358979",
    "007", "-00.10", "100000.001",
  ]

  @Test(arguments: texts)
  func sameAsDouble(_ text: String) {
    let parsed = CanonicalNumber.parse(text)
    #expect(parsed?.bitPattern == Double(text)?.bitPattern, "\(text)")
  }

  @Test func randomShortNumbersMatchDouble() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let whole = String(UInt64.random(in: 0...999_999_999, using: &generator))
      let fraction = String(UInt64.random(in: 0...999_999, using: &generator))
      let sign = ["", "-", "+"].randomElement(using: &generator)!
      let text = Bool.random(using: &generator) ? sign + whole : sign + whole + "." + fraction
      #expect(CanonicalNumber.parse(text)?.bitPattern == Double(text)?.bitPattern, "\(text)")
    }
  }

  @Test func rejectsWhatItRejectedBefore() {
    for text in ["", ".", "-", "1e5", "inf", "1.2.3", "1-2", " 1", "0x10"] {
      #expect(CanonicalNumber.parse(text) == nil, "\(text)")
    }
  }
}

/// The parser's shortcuts for lines without options or capitals read them as before.
struct CommandShortcutTests {
  @Test func verbWithAKelvinSignStillLowercases() throws {
    // U+212A KELVIN SIGN lowercases to ASCII `k`, so it names `key`, as `lowercased()` says.
    #expect(try ClientCommand.parse("\u{212A}ey return") == .key(.return))
    #expect(try ClientCommand.parse("TAP @switch") == .tap(.identifier("switch"), count: 1))
  }

  @Test func linesWithoutOptionsKeepTheirTokens() throws {
    let tokens = try Tokenizer.tokenize("drag 1 2 3 4")
    let split = try CommandNumber.split(tokens)
    #expect(split.number == nil)
    #expect(split.rest == tokens)
    #expect(
      try ClientCommand.parse(tokens: split.rest) == .drag(fromX: 1, fromY: 2, toX: 3, toY: 4, steps: 4))
    #expect(try CommandNumber.split(Tokenizer.tokenize("tap #3 n=7")).number == 7)
  }
}
