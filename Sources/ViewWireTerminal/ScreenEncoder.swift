/// Turns the change from one grid to the next into the escape sequences that make a terminal
/// show the next one, writing only the cells that changed.
///
/// Each row is compared cell by cell; every run of changed cells becomes one cursor move (CUP)
/// followed by its characters, with an SGR sequence only where the colours or attributes differ
/// from the cell written before. Nothing else is written, so a frame that turned a square green
/// costs the square's cells. A wide character is written whole: a run that starts on its right
/// half starts one cell earlier. Without a previous grid (the first frame, after a resize) the
/// whole screen is written.
public struct ScreenEncoder: Sendable {
  /// How colours are written.
  public enum ColourMode: Sendable, Equatable {
    /// `38;2;R;G;B` / `48;2;R;G;B`, for terminals that say `COLORTERM=truecolor` or `24bit`.
    case trueColour
    /// `38;5;N` / `48;5;N`, the nearest xterm palette entry (`RGB.paletteIndex`).
    case palette256

    /// The mode a terminal's `COLORTERM` asks for.
    public init(colorterm: String?) {
      self = colorterm == "truecolor" || colorterm == "24bit" ? .trueColour : .palette256
    }
  }

  /// The colour mode.
  public var mode: ColourMode

  /// An encoder writing colours in `mode`.
  public init(mode: ColourMode) {
    self.mode = mode
  }

  /// The bytes that change a screen showing `old` (nil: unknown) into one showing `new`.
  public func update(from old: CellGrid?, to new: CellGrid) -> String {
    var output = ""
    let previous = old.flatMap { $0.width == new.width && $0.height == new.height ? $0 : nil }
    if previous == nil { output += "\u{1B}[0m\u{1B}[2J" }
    var written: Cell? = nil
    for row in 0..<new.height {
      var column = 0
      while column < new.width {
        if let previous, previous[column, row] == new[column, row] {
          column += 1
          continue
        }
        var start = column
        if new[start, row].isContinuation && start > 0 { start -= 1 }
        var end = column + 1
        while end < new.width {
          if let previous, previous[end, row] == new[end, row] && !new[end, row].isContinuation { break }
          end += 1
        }
        output += "\u{1B}[\(row + 1);\(start + 1)H"
        for index in start..<end {
          let cell = new[index, row]
          if cell.isContinuation { continue }
          if written.map({ !sameLook($0, cell) }) ?? true {
            output += sgr(cell)
            written = cell
          }
          output += cell.character.isEmpty ? " " : cell.character
        }
        column = end
      }
    }
    return output
  }

  private func sameLook(_ a: Cell, _ b: Cell) -> Bool {
    a.foreground == b.foreground && a.background == b.background && a.bold == b.bold
      && a.underline == b.underline
  }

  /// The SGR sequence that sets every attribute of `cell` from a reset.
  public func sgr(_ cell: Cell) -> String {
    var parts = ["0"]
    if cell.bold { parts.append("1") }
    if cell.underline { parts.append("4") }
    switch mode {
    case .trueColour:
      parts.append("38;2;\(cell.foreground.red);\(cell.foreground.green);\(cell.foreground.blue)")
      parts.append("48;2;\(cell.background.red);\(cell.background.green);\(cell.background.blue)")
    case .palette256:
      parts.append("38;5;\(cell.foreground.paletteIndex)")
      parts.append("48;5;\(cell.background.paletteIndex)")
    }
    return "\u{1B}[" + parts.joined(separator: ";") + "m"
  }
}
