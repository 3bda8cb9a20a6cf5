import Foundation
import Testing
import ViewWireKit

/// The measurement model of PROTOCOL.md section 6, "Text measurement": what a client must
/// reproduce to lay text out as the server does.
struct TextMeasureTests {
  struct WidthCase: CustomTestStringConvertible, Sendable {
    let name: String
    let text: String
    /// The width at 10 points: 5 per narrow character, 10 per wide one.
    let width: CGFloat
    var testDescription: String { name }
  }

  static let widthCases: [WidthCase] = [
    WidthCase(name: "latin letters are half an em", text: "ab", width: 10),
    WidthCase(name: "a precomposed é", text: "\u{E9}", width: 5),
    WidthCase(name: "an é from e and a combining accent is one character", text: "e\u{301}", width: 5),
    WidthCase(name: "CJK is one em", text: "漢字", width: 20),
    WidthCase(name: "Hangul jamo that make one syllable", text: "\u{1100}\u{1161}\u{11A8}", width: 10),
    WidthCase(name: "fullwidth forms", text: "ＡＢ", width: 20),
    WidthCase(name: "an emoji", text: "😀", width: 10),
    WidthCase(name: "a heart with U+FE0F is one wide character", text: "\u{2764}\u{FE0F}", width: 10),
    WidthCase(name: "a heart without U+FE0F is text", text: "\u{2764}", width: 5),
    WidthCase(name: "a keycap", text: "1\u{FE0F}\u{20E3}", width: 10),
    WidthCase(name: "a flag", text: "🇫🇷", width: 10),
    WidthCase(name: "a skin tone", text: "👍🏽", width: 10),
    WidthCase(name: "a family joined by ZWJ is one emoji", text: "👨‍👩‍👧‍👦", width: 10),
    WidthCase(name: "text presentation (U+FE0E) stays narrow", text: "\u{263A}\u{FE0E}", width: 5),
  ]

  @Test(arguments: widthCases)
  func characterWidths(_ testCase: WidthCase) {
    #expect(TextMeasure.width(of: testCase.text, size: 10) == testCase.width)
  }

  struct SizeCase: CustomTestStringConvertible, Sendable {
    let name: String
    let text: String
    let size: CGFloat
    let maximumWidth: CGFloat
    let lines: Int
    let expected: CGSize
    var testDescription: String { name }
  }

  static let none = CGFloat.greatestFiniteMagnitude

  /// At 10 points a narrow character and a space are 5 wide, a wide character 10, a line 12 high.
  static let sizeCases: [SizeCase] = [
    SizeCase(name: "empty", text: "", size: 10, maximumWidth: none, lines: 0, expected: .zero),
    SizeCase(
      name: "one line without a limit", text: "hello world", size: 10, maximumWidth: none, lines: 0,
      expected: CGSize(width: 55, height: 12)),
    SizeCase(
      name: "wraps at the space", text: "hello world", size: 10, maximumWidth: 40, lines: 0,
      expected: CGSize(width: 25, height: 24)),
    SizeCase(
      name: "a line that fits exactly", text: "a b c", size: 10, maximumWidth: 25, lines: 0,
      expected: CGSize(width: 25, height: 12)),
    SizeCase(
      name: "a line half a point too narrow", text: "a b c", size: 10, maximumWidth: 24.5, lines: 0,
      expected: CGSize(width: 15, height: 24)),
    SizeCase(
      name: "consecutive spaces each count", text: "a  b", size: 10, maximumWidth: none, lines: 0,
      expected: CGSize(width: 20, height: 12)),
    SizeCase(
      name: "wide characters", text: "漢字 漢字", size: 10, maximumWidth: 30, lines: 0,
      expected: CGSize(width: 20, height: 24)),
    SizeCase(
      name: "emoji in a long word are never split", text: String(repeating: "\u{2764}\u{FE0F}", count: 5),
      size: 10, maximumWidth: 25, lines: 0, expected: CGSize(width: 20, height: 36)),
    SizeCase(
      name: "newlines break lines", text: "ab\ncd", size: 10, maximumWidth: none, lines: 0,
      expected: CGSize(width: 10, height: 24)),
    SizeCase(
      name: "CR LF breaks once", text: "ab\r\ncd", size: 10, maximumWidth: none, lines: 0,
      expected: CGSize(width: 10, height: 24)),
    SizeCase(
      name: "a trailing newline makes an empty line", text: "ab\n", size: 10, maximumWidth: none, lines: 0,
      expected: CGSize(width: 10, height: 24)),
    SizeCase(
      name: "newlines and wrapping together", text: "aaaa bb\ncc", size: 10, maximumWidth: 25, lines: 0,
      expected: CGSize(width: 20, height: 36)),
    SizeCase(
      name: "the lines cap", text: "aaaa bb cc", size: 10, maximumWidth: 20, lines: 2,
      expected: CGSize(width: 20, height: 24)),
    SizeCase(
      name: "the width is the widest shown line", text: "bb cc aaaa", size: 10, maximumWidth: 20, lines: 2,
      expected: CGSize(width: 10, height: 24)),
    SizeCase(
      name: "one line cap on a paragraph", text: "ab\nlonger", size: 10, maximumWidth: none, lines: 1,
      expected: CGSize(width: 10, height: 12)),
    // Regression: the word was cut at fractional widths, 195.5 points in two lines.
    SizeCase(
      name: "a word longer than a line breaks between characters",
      text: String(repeating: "a", count: 23), size: 17, maximumWidth: 100, lines: 0,
      expected: CGSize(width: 94, height: 63)),
    SizeCase(
      name: "a long word after a short one starts its own line",
      text: "ab " + String(repeating: "a", count: 30), size: 10, maximumWidth: 100, lines: 0,
      expected: CGSize(width: 100, height: 36)),
    SizeCase(
      name: "a character wider than the line takes a line of its own", text: "漢字", size: 10, maximumWidth: 5,
      lines: 0, expected: CGSize(width: 5, height: 24)),
    SizeCase(
      name: "widths round up to a whole point", text: "abc", size: 17, maximumWidth: none, lines: 0,
      expected: CGSize(width: 26, height: 21)),
  ]

  @Test(arguments: sizeCases)
  func textSizes(_ testCase: SizeCase) {
    let measured = TextMeasure.size(
      of: testCase.text, size: testCase.size, maximumWidth: testCase.maximumWidth, lines: testCase.lines)
    #expect(measured == testCase.expected)
  }

  @Test func aMultiLineLabelSizesItselfByTheModel() {
    let label = Label()
    label.numberOfLines = 0
    label.text = String(repeating: "a", count: 23)
    #expect(label.sizeThatFits(CGSize(width: 100, height: 0)) == CGSize(width: 94, height: 63))
  }
}
