import Testing

@testable import ViewWireTerminal

/// PROTOCOL.md's measuring and wrapping rule, in cells.
struct TextLayoutTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let text: String
    let width: Int
    let maxLines: Int
    let wraps: Bool
    let lines: [String]
    var testDescription: String { "\(text.debugDescription) in \(width)" }
  }

  static let cases: [Case] = [
    Case(text: "Hello", width: 10, maxLines: 1, wraps: false, lines: ["Hello"]),
    Case(text: "Hello, world", width: 8, maxLines: 1, wraps: false, lines: ["Hello, …"]),
    Case(text: "a\nb", width: 8, maxLines: 0, wraps: true, lines: ["a", "b"]),
    Case(text: "a\r\nb\n", width: 8, maxLines: 0, wraps: true, lines: ["a", "b", ""]),
    Case(text: "one two three", width: 7, maxLines: 0, wraps: true, lines: ["one two", "three"]),
    // Lines left over: the last shown ends with `…` even when it fits (section 14).
    Case(text: "one two three", width: 7, maxLines: 1, wraps: true, lines: ["one tw…"]),
    Case(text: "one two three", width: 9, maxLines: 1, wraps: true, lines: ["one two…"]),
    Case(text: "abc", width: 0, maxLines: 1, wraps: false, lines: ["…"]),
    Case(
      text: String(repeating: "a", count: 23), width: 11, maxLines: 0, wraps: true,
      lines: [
        String(repeating: "a", count: 11), String(repeating: "a", count: 11), "a",
      ]),
    Case(text: "日本語", width: 5, maxLines: 0, wraps: true, lines: ["日本", "語"]),
    Case(text: "日本語", width: 5, maxLines: 1, wraps: false, lines: ["日本…"]),
    Case(text: "a  b", width: 3, maxLines: 0, wraps: true, lines: ["a ", "b"]),
  ]

  @Test(arguments: cases) func layout(_ example: Case) {
    #expect(
      TextLayout.lines(example.text, width: example.width, maxLines: example.maxLines, wraps: example.wraps)
        == example.lines)
  }

  struct Width: Sendable {
    let character: Character
    let cells: Int
  }

  static let widths: [Width] = [
    Width(character: "a", cells: 1), Width(character: "é", cells: 1), Width(character: "e\u{301}", cells: 1),
    Width(character: "日", cells: 2), Width(character: "한", cells: 2), Width(character: "😀", cells: 2),
    Width(character: "❤️", cells: 2), Width(character: "❤", cells: 1), Width(character: "🇫🇷", cells: 2),
    Width(character: "•", cells: 1), Width(character: "★", cells: 1),
  ]

  @Test(arguments: widths) func characterWidth(_ example: Width) {
    #expect(CharacterWidth.cells(example.character) == example.cells)
  }
}
