import ViewWireClient
import ViewWireProtocol

/// Paints a kit class's own content in cells (PROTOCOL.md section 14): a label's, a button's or
/// a text field's text, a switch, a slider, an image. Only the kit's class names draw content;
/// any other class is a plain view, as section 14 says.
///
/// Text is laid out in points by the look section's rules (line boxes of the measured width and
/// `L = ceil(1.2 × S)` tall, placed by `align`, centred vertically) and each line box then starts
/// in column `round(x / 8.5)` and row `round(y / 21)`, one cell a narrow character, as the
/// "Terminals" part says. What a cell cannot show is drawn as that part's list says: a text
/// field's border as a box or an underline, the caret as one cell, the slider with line
/// characters, the symbols as characters.
struct ContentPainter {
  let node: Mirror.Node
  /// The view's frame in window points.
  let frame: PointRect
  /// The cells the view covers, before clipping.
  let cells: CellRect
  /// The cells it may paint: its bounds, and its ancestors' clips.
  let clip: CellRect
  /// The view's opacity, its ancestors' included.
  let opacity: Double
  /// The cells its ancestors' clips leave (a bar thinner than a row still shows on its row).
  var ancestors: CellRect? = nil

  static let tint = WireColor(red: 0x00, green: 0x7a, blue: 0xff)
  static let placeholder = WireColor(red: 0x3c, green: 0x3c, blue: 0x43, alpha: 0x4d)
  static let defaultOnTint = WireColor(red: 0x34, green: 0xc7, blue: 0x59)
  static let switchOff = WireColor(red: 0xe9, green: 0xe9, blue: 0xea)
  static let maximumTrack = WireColor(red: 0xe5, green: 0xe5, blue: 0xea)
  static let thumb = WireColor(red: 0x8e, green: 0x8e, blue: 0x93)
  static let black = WireColor(red: 0, green: 0, blue: 0)
  static let white = WireColor(red: 255, green: 255, blue: 255)

  /// The characters that stand for the built-in symbol images; `photo` is painted instead.
  static let symbols: [String: Character] = [
    "star": "★", "heart": "♥", "circle": "●", "square": "■", "checkmark": "✓", "person": "👤", "gear": "⚙",
  ]

  /// The borders of text fields' `borderStyle`s, by the colour of their outer line.
  static let fieldBorders: [String: WireColor] = [
    "line": black, "bezel": WireColor(red: 0x8e, green: 0x8e, blue: 0x93),
    "roundedRect": WireColor(red: 0xc7, green: 0xc7, blue: 0xcc),
  ]

  func paint(on grid: inout CellGrid) {
    if ControlPainter.classes.contains(node.className) {
      ControlPainter(
        node: node, frame: frame, cells: cells, clip: clip, ancestors: ancestors ?? clip, opacity: opacity
      )
      .paint(on: &grid)
      return
    }
    guard !clip.isEmpty, frame.width > 0, frame.height > 0 else { return }
    switch node.className {
    case "Label": paintLabel(grid: &grid)
    case "Button": paintButton(grid: &grid)
    case "TextField": paintField(grid: &grid)
    case "Switch": paintSwitch(grid: &grid)
    case "Slider": paintSlider(grid: &grid)
    case "ImageView": paintImage(grid: &grid)
    default: break
    }
  }

  // MARK: Text

  private var size: Double { max(1, node.number("font") ?? 17) }
  private var lineHeight: Double { (1.2 * size).rounded(.up) }
  /// Points per half-em: a narrow character's width at this size.
  private var halfEm: Double { size / 2 }
  private var bold: Bool { ["semibold", "bold"].contains(node.string("weight") ?? "regular") }
  private var isEnabled: Bool { node.flag("enabled") != false }

  /// A width in points as a count of half-ems, the unit `TextLayout` measures in.
  private func units(_ points: Double) -> Int { max(0, Int((points / halfEm).rounded(.down))) }

  /// The x of a line box of `width` half-ems placed by `align` in `[left, left + area)`.
  private func place(_ width: Int, align: String, left: Double, area: Double) -> Double {
    let w = Double(width) * halfEm
    switch align {
    case "center": return left + (area - w) / 2
    case "right": return left + area - w
    default: return left
    }
  }

  /// Writes a line whose box starts at (x, y) in the view: from column `round(x / 8.5)` and row
  /// `round(y / 21)` in window terms, halves rounded up. Returns the column after the line.
  @discardableResult
  private func write(_ line: String, x: Double, y: Double, colour: WireColor, grid: inout CellGrid) -> Int {
    let column = Int(((frame.x + x) / CellMetrics.cellWidth + 0.5).rounded(.down))
    let row = Int(((frame.y + y) / CellMetrics.cellHeight + 0.5).rounded(.down))
    return write(line, column: column, row: row, colour: colour, grid: &grid)
  }

  @discardableResult
  private func write(_ line: String, column: Int, row: Int, colour: WireColor, grid: inout CellGrid) -> Int {
    var x = column
    guard clip.rows.contains(row) else { return x + CharacterWidth.cells(line) }
    for character in line {
      var cell = grid[x, row]
      cell.foreground = cell.background.blended(colour, opacity: opacity)
      cell.bold = bold
      grid.put(character, at: x, row, cell: cell, columns: clip.columns)
      x += CharacterWidth.cells(character)
    }
    return x
  }

  /// Labels: wrapped at W unless `lines` is 1, as many lines as `lines` and the height allow,
  /// the block centred vertically, each line placed by `align`.
  private func paintLabel(grid: inout CellGrid) {
    guard let text = node.string("text"), !text.isEmpty else { return }
    let lines = Int(node.number("lines") ?? 1)
    let heightCap = max(1, Int((frame.height / lineHeight).rounded(.down)))
    let cap = lines > 0 ? min(lines, heightCap) : heightCap
    let shown = TextLayout.lines(text, width: units(frame.width), maxLines: cap, wraps: lines != 1)
    let top = (frame.height - Double(shown.count) * lineHeight) / 2
    let colour = node.colour("textColor") ?? Self.black
    let align = node.string("align") ?? "left"
    for (index, line) in shown.enumerated() {
      let x = place(CharacterWidth.cells(line), align: align, left: 0, area: frame.width)
      write(line, x: x, y: top + Double(index) * lineHeight, colour: colour, grid: &grid)
    }
  }

  /// Buttons: the title's lines (broken only at `\n`) as a block centred both ways.
  private func paintButton(grid: inout CellGrid) {
    guard let text = node.string("text"), !text.isEmpty else { return }
    let shown = TextLayout.lines(text, width: units(frame.width), maxLines: 0, wraps: false)
    let top = (frame.height - Double(shown.count) * lineHeight) / 2
    var colour = node.colour("textColor") ?? Self.black
    if !isEnabled { colour.alpha /= 2 }
    for (index, line) in shown.enumerated() {
      let x = place(CharacterWidth.cells(line), align: "center", left: 0, area: frame.width)
      write(line, x: x, y: top + Double(index) * lineHeight, colour: colour, grid: &grid)
    }
  }

  /// Text fields: the text (or the placeholder) on one line in the bounds inset by 8 points left
  /// and right, centred vertically; a focused field shows its text's end and a caret cell in the
  /// tint; the border style as a box when the field has three rows, else as an underline of its
  /// text row in the style's colour.
  private func paintField(grid: inout CellGrid) {
    let text = node.string("text") ?? ""
    let placeholderText = node.string("placeholder") ?? ""
    let focused = node.flag("focused") == true && isEnabled
    let align = node.string("align") ?? "left"
    let area = frame.width - 16
    let top = (frame.height - lineHeight) / 2
    let row = Int(((frame.y + top) / CellMetrics.cellHeight + 0.5).rounded(.down))
    let dim = isEnabled ? 1.0 : 0.5
    if let style = node.string("borderStyle"), var colour = Self.fieldBorders[style] {
      colour.alpha = UInt8(Double(colour.alpha) * dim)
      if style == "roundedRect" {
        for r in clip.rows {
          for c in clip.columns {
            grid[c, r].background = grid[c, r].background.blended(Self.white, opacity: opacity)
          }
        }
      }
      if cells.rows.count >= 3 && cells.columns.count >= 2 {
        BoxDrawing.frame(
          cells, clip: clip, colour: colour, opacity: opacity, rounded: style == "roundedRect", on: &grid)
      } else if clip.rows.contains(row) {
        for column in clip.columns {
          grid[column, row].underline = true
          if grid[column, row].character == " " {
            grid[column, row].foreground = grid[column, row].background.blended(colour, opacity: opacity)
          }
        }
      }
    }
    var line = text.isEmpty ? placeholderText : text
    line = String(line.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.first ?? "")
    var colour = text.isEmpty ? Self.placeholder : (node.colour("textColor") ?? Self.black)
    colour.alpha = UInt8(Double(colour.alpha) * dim)
    let width = CharacterWidth.cells(line)
    let showsEnd = focused && !text.isEmpty && Double(width) * halfEm > area
    var caretX: Double
    if showsEnd {
      line = TextLayout.tail(line, width: units(area - 2))
      let x = frame.width - 10 - Double(CharacterWidth.cells(line)) * halfEm
      write(line, x: x, y: top, colour: colour, grid: &grid)
      caretX = frame.width - 10
    } else {
      if Double(width) * halfEm > area { line = TextLayout.ellipsized(line, width: units(area)) }
      let w = CharacterWidth.cells(line)
      let x = place(w, align: align, left: 8, area: area)
      if !line.isEmpty { write(line, x: x, y: top, colour: colour, grid: &grid) }
      if text.isEmpty {
        caretX = align == "center" ? frame.width / 2 : align == "right" ? frame.width - 10 : 8
      } else {
        caretX =
          align == "center"
          ? (frame.width + Double(w) * halfEm) / 2
          : align == "right" ? frame.width - 8 : x + Double(w) * halfEm
      }
    }
    guard focused else { return }
    caretX = min(caretX, frame.width - 10)
    let column = Int(((frame.x + caretX) / CellMetrics.cellWidth + 0.5).rounded(.down))
    guard clip.contains(column, row) else { return }
    grid.breakWide(at: column, row)
    var cell = grid[column, row]
    cell.background = cell.background.blended(Self.tint, opacity: opacity)
    if !text.isEmpty || cell.character == " " { cell.foreground = cell.background }
    grid[column, row] = cell
  }

  // MARK: Controls

  /// A switch: its 51 × 31-point track and 27-point knob painted as section 14 draws them,
  /// sampled in half blocks (the 1-point outline of the knob is finer than a cell and left out).
  private func paintSwitch(grid: inout CellGrid) {
    let on = node.flag("on") == true
    let tint = on ? (node.colour("onTint") ?? Self.defaultOnTint) : Self.switchOff
    let commands = [
      "fill \(tint.wireText)", "rrect 0 0 51 31 15.5", "paint fill", "fill #ffffffff",
      "ellipse \(on ? 22 : 2) 2 27 27", "paint fill",
    ]
    var painter = DrawingPainter(frame: frame, clip: clip, opacity: opacity * (isEnabled ? 1 : 0.5))
    painter.paint(commands.joined(separator: "\n"), on: &grid)
  }

  /// A slider, on the row of its centre line: `━` in the tint up to the thumb, `━` in the
  /// maximum track's grey after it, and the thumb as `●` in grey (a white circle, as section 14
  /// paints it, would not show on a white background) in the column of its centre.
  private func paintSlider(grid: inout CellGrid) {
    let row = Int(((frame.y + frame.height / 2) / CellMetrics.cellHeight).rounded(.down))
    guard clip.rows.contains(row) else { return }
    let low = node.number("min") ?? 0
    let high = node.number("max") ?? 1
    let value = node.number("value") ?? 0
    let fraction = high > low ? max(0, min(1, (value - low) / (high - low))) : 0
    let thumb = Int(((frame.x + 14 + fraction * (frame.width - 28)) / CellMetrics.cellWidth).rounded(.down))
    let dim = isEnabled ? 1.0 : 0.5
    func faded(_ colour: WireColor) -> WireColor {
      var colour = colour
      colour.alpha = UInt8(Double(colour.alpha) * dim)
      return colour
    }
    for column in cells.columns.clamped(to: clip.columns) where column != thumb {
      write(
        "━", column: column, row: row, colour: faded(column < thumb ? Self.tint : Self.maximumTrack),
        grid: &grid)
    }
    write("●", column: thumb, row: row, colour: faded(Self.thumb), grid: &grid)
  }

  /// An image: a symbol as its character in the tint, in the cell of the bounds' centre; `photo`
  /// painted from section 14's commands, scaled to fill the bounds, in half blocks.
  private func paintImage(grid: inout CellGrid) {
    guard let name = node.string("image") else { return }
    if name == "photo" {
      let sx = frame.width / 120
      let sy = frame.height / 80
      func p(_ x: Double, _ y: Double) -> String {
        "\(CanonicalNumber.format(x * sx)) \(CanonicalNumber.format(y * sy))"
      }
      let commands = [
        "fill #e5e5eaff", "rect 0 0 \(p(120, 80))", "paint fill", "fill #ffcc00ff",
        "ellipse \(p(84, 14)) \(p(16, 16))",
        "paint fill", "fill #34c759ff", "move \(p(0, 80))", "line \(p(40, 36))", "line \(p(70, 62))",
        "line \(p(86, 48))", "line \(p(120, 80))", "close", "paint fill",
      ]
      var painter = DrawingPainter(frame: frame, clip: clip, opacity: opacity)
      painter.paint(commands.joined(separator: "\n"), on: &grid)
      return
    }
    guard let symbol = Self.symbols[name] else { return }
    let span = CharacterWidth.cells(symbol)
    let column = Int(((frame.x + frame.width / 2) / CellMetrics.cellWidth).rounded(.down)) - (span - 1)
    let row = Int(((frame.y + frame.height / 2) / CellMetrics.cellHeight).rounded(.down))
    write(String(symbol), column: column, row: row, colour: Self.tint, grid: &grid)
  }
}
