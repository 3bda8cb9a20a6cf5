import ViewWireClient
import ViewWireProtocol

/// Paints what a view shows inside its frame: text (labels, buttons, text fields), a switch, a
/// slider or an image. Which one is decided by the properties the view carries (section 6 says
/// which keys belong to which kind), with the class name only to tell buttons, which centre
/// their text, from labels.
struct ContentPainter {
  let node: Mirror.Node
  /// The view's frame in window points.
  let frame: PointRect
  /// The cells the view covers, before clipping: text is placed in these.
  let cells: CellRect
  /// The cells it may paint.
  let clip: CellRect
  /// The view's opacity, its ancestors' included.
  let opacity: Double

  static let systemBlue = WireColor(red: 0x00, green: 0x7a, blue: 0xff)
  static let placeholderGrey = WireColor(red: 0x3c, green: 0x3c, blue: 0x43, alpha: 0x4c)
  static let switchOn = WireColor(red: 0x34, green: 0xc7, blue: 0x59)
  static let switchOff = WireColor(red: 0xe9, green: 0xe9, blue: 0xea)
  static let trackGrey = WireColor(red: 0xb4, green: 0xb4, blue: 0xb9)
  static let thumbGrey = WireColor(red: 0x63, green: 0x63, blue: 0x66)
  static let white = WireColor(red: 255, green: 255, blue: 255)

  /// The symbols that stand for the built-in images (PROTOCOL.md, "Controls' geometry").
  static let imageSymbols: [String: Character] = [
    "star": "★", "heart": "♥", "circle": "●", "square": "■", "checkmark": "✓", "person": "👤",
    "gear": "⚙", "photo": "▲",
  ]

  func paint(on grid: inout CellGrid) {
    guard !clip.isEmpty else { return }
    if let on = node.flag("on") {
      paintSwitch(on: on, grid: &grid)
    } else if let value = node.number("value") {
      paintSlider(value: value, grid: &grid)
    } else if let image = node.string("image") {
      paintImage(image, grid: &grid)
    } else if isTextField {
      paintField(grid: &grid)
    } else if let text = node.string("text"), !text.isEmpty {
      let isButton = node.className.hasSuffix("Button") || node.properties["highlighted"] != nil
      let align = node.string("align") ?? (isButton ? "center" : "left")
      let lines = Int(node.number("lines") ?? 1)
      var colour =
        node.colour("textColor") ?? (isButton ? Self.systemBlue : WireColor(red: 0, green: 0, blue: 0))
      if node.flag("highlighted") == true || node.flag("enabled") == false { colour.alpha /= 3 }
      let laid = TextLayout.lines(
        text, width: cells.columns.count, maxLines: max(0, lines), wraps: lines != 1)
      drawLines(laid, in: cells, align: align, colour: colour, grid: &grid)
    }
  }

  private var isTextField: Bool {
    node.className.hasSuffix("TextField") || node.properties["borderStyle"] != nil
      || node.properties["placeholder"] != nil || node.properties["secure"] != nil
  }

  private var bold: Bool {
    let weight = node.string("weight")
    return weight == "bold" || weight == "semibold"
  }

  /// The row text sits on when centred vertically in `rows` (the view's middle row; for a view
  /// too short to hold a cell's centre, the row holding its middle).
  private func middleRow(of rows: Range<Int>, lines: Int = 1) -> Int {
    if rows.isEmpty { return Int(((frame.y + frame.height / 2) / CellMetrics.cellHeight).rounded(.down)) }
    return rows.lowerBound + max(0, rows.count - lines) / 2
  }

  /// Draws lines of text centred vertically in `area`, each aligned in its columns.
  private func drawLines(
    _ lines: [String], in area: CellRect, align: String, colour: WireColor, underline: Bool = false,
    grid: inout CellGrid
  ) {
    let shown = area.rows.isEmpty ? Array(lines.prefix(1)) : Array(lines.prefix(area.rows.count))
    let top = middleRow(of: area.rows, lines: shown.count)
    for (index, line) in shown.enumerated() {
      let width = CharacterWidth.cells(line)
      let column: Int
      switch align {
      case "center": column = area.columns.lowerBound + (area.columns.count - width) / 2
      case "right": column = area.columns.upperBound - width
      default: column = area.columns.lowerBound
      }
      write(line, at: column, row: top + index, colour: colour, grid: &grid)
    }
  }

  /// Writes a line's characters from a column, in `colour` over each cell's background.
  @discardableResult
  private func write(_ line: String, at column: Int, row: Int, colour: WireColor, grid: inout CellGrid) -> Int
  {
    guard clip.rows.contains(row) else { return column }
    var x = column
    for character in line {
      var cell = grid[x, row]
      cell.foreground = cell.background.blended(colour, opacity: opacity)
      cell.bold = bold
      let span = CharacterWidth.cells(character)
      if grid.put(character, at: x, row, cell: cell, columns: clip.columns) == 0 {
        if x >= clip.columns.upperBound { break }
      }
      x += span
    }
    return x
  }

  /// A text field: its text (or placeholder in grey) on one line, a box when it has three rows
  /// for one, otherwise its text row underlined; a block caret after the text when focused, the
  /// text then scrolled to show its end. A secure field's text is the mask the server sent.
  private func paintField(grid: inout CellGrid) {
    let style = node.string("borderStyle") ?? "none"
    var area = cells
    if style != "none" && cells.rows.count >= 3 && cells.columns.count >= 3 {
      BoxDrawing.frame(
        cells, clip: clip, colour: WireColor(red: 0x8e, green: 0x8e, blue: 0x93), opacity: opacity,
        rounded: style == "roundedRect", on: &grid)
      area = CellRect(
        columns: (cells.columns.lowerBound + 1)..<(cells.columns.upperBound - 1),
        rows: (cells.rows.lowerBound + 1)..<(cells.rows.upperBound - 1))
    }
    let row = middleRow(of: area.rows)
    let focused = node.flag("focused") == true
    let text = node.string("text") ?? ""
    let colour = node.colour("textColor") ?? WireColor(red: 0, green: 0, blue: 0)
    let width = area.columns.count
    if style != "none" && area == cells && clip.rows.contains(row) {
      for column in area.columns where clip.columns.contains(column) { grid[column, row].underline = true }
    }
    let caretRoom = focused ? 1 : 0
    let shown: String
    let shownColour: WireColor
    if text.isEmpty {
      shown = TextLayout.ellipsized(node.string("placeholder") ?? "", width: width - caretRoom)
      shownColour = Self.placeholderGrey
    } else {
      shown =
        focused ? TextLayout.tail(text, width: width - caretRoom) : TextLayout.ellipsized(text, width: width)
      shownColour = colour
    }
    let align = node.string("align") ?? "left"
    let shownWidth = CharacterWidth.cells(shown) + caretRoom
    var column = area.columns.lowerBound
    if align == "center" { column += (width - shownWidth) / 2 }
    if align == "right" { column = area.columns.upperBound - shownWidth }
    if text.isEmpty && focused {
      caret(at: column, row: row, colour: colour, grid: &grid)
      write(shown, at: column + 1, row: row, colour: shownColour, grid: &grid)
    } else {
      let end = write(shown, at: column, row: row, colour: shownColour, grid: &grid)
      if focused { caret(at: end, row: row, colour: colour, grid: &grid) }
    }
  }

  /// A block caret: the cell in the text colour.
  private func caret(at column: Int, row: Int, colour: WireColor, grid: inout CellGrid) {
    guard clip.contains(column, row) else { return }
    grid.breakWide(at: column, row)
    var cell = grid[column, row]
    cell.character = " "
    cell.background = cell.background.blended(colour, opacity: opacity)
    grid[column, row] = cell
  }

  /// A switch: its track on the middle row (green when on, grey when off) with a white thumb
  /// at the end its state points to.
  private func paintSwitch(on: Bool, grid: inout CellGrid) {
    let row = middleRow(of: cells.rows)
    guard clip.rows.contains(row), !cells.columns.isEmpty else { return }
    for column in cells.columns.clamped(to: clip.columns) {
      grid.breakWide(at: column, row)
      var cell = grid[column, row]
      cell.background = cell.background.blended(on ? Self.switchOn : Self.switchOff, opacity: opacity)
      cell.character = " "
      grid[column, row] = cell
    }
    let thumb = on ? cells.columns.upperBound - 1 : cells.columns.lowerBound
    write("●", at: thumb, row: row, colour: Self.white, grid: &grid)
  }

  /// A slider: `━` in blue up to the thumb, `─` in grey after it, and `●` at the thumb's centre
  /// (`x = 14 + (value - min) / (max - min) × (width - 28)`).
  private func paintSlider(value: Double, grid: inout CellGrid) {
    let row = middleRow(of: cells.rows)
    guard clip.rows.contains(row) else { return }
    let low = node.number("min") ?? 0
    let high = node.number("max") ?? 1
    let fraction = high > low ? max(0, min(1, (value - low) / (high - low))) : 0
    let thumbX = frame.x + 14 + fraction * (frame.width - 28)
    let thumb = Int((thumbX / CellMetrics.cellWidth).rounded(.down))
    for column in cells.columns.clamped(to: clip.columns) {
      if column == thumb { continue }
      write(
        column < thumb ? "━" : "─", at: column, row: row,
        colour: column < thumb ? Self.systemBlue : Self.trackGrey, grid: &grid)
    }
    write("●", at: thumb, row: row, colour: Self.thumbGrey, grid: &grid)
  }

  /// A built-in image as a symbol in the view's middle cell (`photo` on a grey panel).
  private func paintImage(_ name: String, grid: inout CellGrid) {
    if name == "photo" {
      for row in clip.rows {
        for column in clip.columns {
          var cell = grid[column, row]
          cell.background = cell.background.blended(Self.switchOff, opacity: opacity)
          grid[column, row] = cell
        }
      }
    }
    guard let symbol = Self.imageSymbols[name] else { return }
    let colour = node.colour("textColor") ?? (name == "photo" ? Self.thumbGrey : Self.systemBlue)
    let span = CharacterWidth.cells(symbol)
    let column =
      cells.columns.isEmpty
      ? Int((frame.x + frame.width / 2) / CellMetrics.cellWidth)
      : cells.columns.lowerBound + (cells.columns.count - span) / 2
    write(String(symbol), at: column, row: middleRow(of: cells.rows), colour: colour, grid: &grid)
  }
}
