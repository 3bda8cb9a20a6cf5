import Testing

@testable import ViewWireTerminal

/// Only the cells that changed are written: one cursor move per run, SGR only when the look
/// changes, wide characters whole.
struct ScreenEncoderTests {
  static let encoder = ScreenEncoder(mode: .trueColour)
  static let plain = "\u{1B}[0;38;2;0;0;0;48;2;255;255;255m"

  static func grid(_ rows: [String]) -> CellGrid {
    var grid = CellGrid(width: rows.map { CharacterWidth.cells($0) }.max() ?? 0, height: rows.count)
    for (row, text) in rows.enumerated() {
      var column = 0
      for character in text {
        column += grid.put(character, at: column, row, cell: Cell(), columns: 0..<grid.width)
      }
    }
    return grid
  }

  @Test func withoutAPreviousGridEveryCellIsWritten() {
    let output = Self.encoder.update(from: nil, to: Self.grid(["ab", "cd"]))
    #expect(output == "\u{1B}[0m\u{1B}[2J\u{1B}[1;1H\(Self.plain)ab\u{1B}[2;1Hcd")
  }

  @Test func anUnchangedGridWritesNothing() {
    let grid = Self.grid(["abc", "def"])
    #expect(Self.encoder.update(from: grid, to: grid) == "")
  }

  struct Change: Sendable, CustomTestStringConvertible {
    let old: [String]
    let new: [String]
    let output: String
    var testDescription: String { "\(old) → \(new)" }
  }

  static let changes: [Change] = [
    Change(old: ["abcdef"], new: ["abXdef"], output: "\u{1B}[1;3H\(plain)X"),
    Change(old: ["abcdef"], new: ["XbcdeY"], output: "\u{1B}[1;1H\(plain)X\u{1B}[1;6HY"),
    Change(old: ["abcdef", "ghijkl"], new: ["abcdef", "gXYjkl"], output: "\u{1B}[2;2H\(plain)XY"),
    // A wide character replacing two narrow ones is written once, from its first cell.
    Change(old: ["abcd"], new: ["a日d"], output: "\u{1B}[1;2H\(plain)日"),
    // Changing the second half of a wide character rewrites it from its first cell.
    Change(old: ["a日d"], new: ["a日X"], output: "\u{1B}[1;4H\(plain)X"),
    Change(old: ["a日d"], new: ["abcd"], output: "\u{1B}[1;2H\(plain)bc"),
  ]

  @Test(arguments: changes) func onlyChangedRunsAreWritten(_ change: Change) {
    #expect(Self.encoder.update(from: Self.grid(change.old), to: Self.grid(change.new)) == change.output)
  }

  @Test func colourIsWrittenOnlyWhenItChanges() {
    let old = CellGrid(width: 4, height: 1)
    var new = old
    let red = Cell(background: RGB(255, 0, 0))
    new[0, 0] = red
    new[1, 0] = red
    new[3, 0] = Cell("x", foreground: RGB(1, 2, 3), bold: true, underline: true)
    #expect(
      Self.encoder.update(from: old, to: new)
        == "\u{1B}[1;1H\u{1B}[0;38;2;0;0;0;48;2;255;0;0m  \u{1B}[1;4H\u{1B}[0;1;4;38;2;1;2;3;48;2;255;255;255mx"
    )
  }

  @Test func thePaletteModeWritesTheNearestXtermColours() {
    let encoder = ScreenEncoder(mode: .palette256)
    #expect(
      encoder.sgr(Cell(foreground: RGB(255, 0, 0), background: RGB(0xaa, 0xaa, 0xaa)))
        == "\u{1B}[0;38;5;196;48;5;248m")
    #expect(ScreenEncoder.ColourMode(colorterm: "truecolor") == .trueColour)
    #expect(ScreenEncoder.ColourMode(colorterm: "24bit") == .trueColour)
    #expect(ScreenEncoder.ColourMode(colorterm: nil) == .palette256)
  }

  struct Palette: Sendable {
    let colour: RGB
    let index: Int
  }

  static let palette: [Palette] = [
    Palette(colour: RGB(0, 0, 0), index: 16), Palette(colour: RGB(255, 255, 255), index: 231),
    Palette(colour: RGB(255, 0, 0), index: 196), Palette(colour: RGB(0, 255, 0), index: 46),
    Palette(colour: RGB(0x00, 0x7a, 0xff), index: 33), Palette(colour: RGB(0x80, 0x80, 0x80), index: 244),
    Palette(colour: RGB(0xf7, 0xf7, 0xf7), index: 231),
  ]

  @Test(arguments: palette) func paletteIndex(_ entry: Palette) {
    #expect(entry.colour.paletteIndex == entry.index)
  }
}
