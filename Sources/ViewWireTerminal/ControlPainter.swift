import ViewWireClient
import ViewWireProtocol

/// Paints section 14's "newer controls" (PROTOCOL.md): a segmented control, a stepper, a
/// progress view and an activity indicator. Each look is a drawing-command list computed from
/// the view's keys, as the spec gives it, painted by `DrawingPainter` in half blocks; what is
/// finer than a cell is drawn as the "Terminals" part says: a stepper's minus and plus as `−`
/// and `+`, a progress view as its row of `━`, an animating spinner as `✻`.
struct ControlPainter {
  let node: Mirror.Node
  /// The view's frame in window points.
  let frame: PointRect
  /// The cells the view covers, before clipping.
  let cells: CellRect
  /// The cells it may paint: its bounds, and its ancestors' clips.
  let clip: CellRect
  /// The cells its ancestors' clips leave: a progress bar thinner than a row holds no cell's
  /// centre, so `clip` is empty for it, yet it shows on the row of its centre line.
  let ancestors: CellRect
  /// The view's opacity, its ancestors' included.
  let opacity: Double

  static let classes: Set<String> = ["SegmentedControl", "Stepper", "ProgressView", "ActivityIndicatorView"]
  static let track = "#7676801f"
  static let divider = "#3c3c4349"
  static let dimmed = "#3c3c434d"
  static let progressTrack = WireColor(red: 0xe5, green: 0xe5, blue: 0xea)
  static let tint = WireColor(red: 0x00, green: 0x7a, blue: 0xff)
  static let spoke = WireColor(red: 0x8e, green: 0x8e, blue: 0x93)

  private var isEnabled: Bool { node.flag("enabled") != false }

  func paint(on grid: inout CellGrid) {
    guard frame.width > 0, frame.height > 0 else { return }
    if node.className == "ProgressView" { return paintProgress(grid: &grid) }
    guard !clip.isEmpty else { return }
    let dim = isEnabled ? 1.0 : 0.5
    switch node.className {
    case "SegmentedControl":
      var painter = DrawingPainter(frame: frame, clip: clip, opacity: opacity * dim)
      // The thumb's 1-point outline is finer than a cell and left out, as the switch knob's.
      let commands = Self.segmentedCommands(node, width: frame.width, height: frame.height)
      painter.paint(commands.replacingOccurrences(of: "paint both", with: "paint fill"), on: &grid)
    case "Stepper":
      var painter = DrawingPainter(frame: frame, clip: clip, opacity: opacity * dim)
      painter.paint(Self.stepperTrack, on: &grid)
      let (minus, plus) = Self.stepperColours(node)
      put("−", x: 23.5, y: 16, colour: minus, opacity: opacity * dim, grid: &grid)
      put("+", x: 70.5, y: 16, colour: plus, opacity: opacity * dim, grid: &grid)
    case "ProgressView":
      paintProgress(grid: &grid)
    case "ActivityIndicatorView":
      guard node.flag("animating") == true else { return }
      put("✻", x: frame.width / 2, y: frame.height / 2, colour: Self.spoke, opacity: opacity, grid: &grid)
    default:
      break
    }
  }

  /// Writes one character in the cell holding the point (x, y) of the view, over what is there.
  private func put(
    _ character: Character, x: Double, y: Double, colour: WireColor, opacity: Double, grid: inout CellGrid
  ) {
    let column = Int(((frame.x + x) / CellMetrics.cellWidth).rounded(.down))
    let row = Int(((frame.y + y) / CellMetrics.cellHeight).rounded(.down))
    guard clip.rows.contains(row) else { return }
    var cell = grid[column, row]
    cell.foreground = cell.background.blended(colour, opacity: opacity)
    grid.put(character, at: column, row, cell: cell, columns: clip.columns)
  }

  /// A progress view on the row of its centre line: `━` in the tint over the filled fraction's
  /// columns, `━` in the track's grey after them.
  private func paintProgress(grid: inout CellGrid) {
    let row = Int(((frame.y + frame.height / 2) / CellMetrics.cellHeight).rounded(.down))
    guard ancestors.rows.contains(row) else { return }
    let fraction = max(0, min(1, node.number("progress") ?? 0))
    let end = frame.x + fraction * frame.width
    for column in cells.columns.clamped(to: ancestors.columns) {
      let centre = (Double(column) + 0.5) * CellMetrics.cellWidth
      var cell = grid[column, row]
      cell.foreground = cell.background.blended(
        fraction > 0 && centre < end ? Self.tint : Self.progressTrack, opacity: opacity)
      grid.put("━", at: column, row, cell: cell, columns: ancestors.columns)
    }
  }

  // MARK: The command lists of section 14

  private static func number(_ value: Double) -> String {
    CanonicalNumber.format((value * 1000).rounded() / 1000)
  }

  /// The segmented control's list: the track, the selected segment's thumb, dividers between
  /// unselected segments, and each title centred in its segment at 13 points.
  static func segmentedCommands(_ node: Mirror.Node, width w: Double, height h: Double) -> String {
    let text = node.string("segments") ?? ""
    let titles =
      text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let r = min(8, h / 2)
    var out = ["fill \(track)", "rrect 0 0 \(number(w)) \(number(h)) \(number(r))", "paint fill"]
    guard !titles.isEmpty else { return out.joined(separator: "\n") }
    let segment = w / Double(titles.count)
    let raw = node.number("selected") ?? -1
    let selected = raw >= 0 && raw < Double(titles.count) && raw == raw.rounded() ? Int(raw) : -1
    if selected >= 0 {
      out += [
        "fill #ffffffff", "stroke #0000001f",
        "rrect \(number(Double(selected) * segment + 2)) 2 \(number(segment - 4)) \(number(h - 4)) \(number(max(0, r - 2)))",
        "paint both",
      ]
    }
    if h > 16 {
      for index in 1..<titles.count where index != selected && index - 1 != selected {
        out += [
          "fill \(divider)", "rect \(number(Double(index) * segment - 0.5)) 8 1 \(number(h - 16))",
          "paint fill",
        ]
      }
    }
    for (index, title) in titles.enumerated() {
      // Half-ems at 13 points are 6.5 points; the title is tail-truncated to w - 8.
      let available = Int(((segment - 8) / 6.5).rounded(.down))
      let shown =
        CharacterWidth.cells(title) > available ? TextLayout.truncatedTail(title, width: available) : title
      let width = Double(CharacterWidth.cells(shown)) * 6.5
      guard width > 0 else { continue }
      let weight = index == selected ? "semibold" : "regular"
      out += [
        "fill #000000ff",
        "text \(number(Double(index) * segment + (segment - width) / 2)) \(number((h - 16) / 2)) 13 \(weight) \(Quoting.quote(shown))",
      ]
    }
    return out.joined(separator: "\n")
  }

  /// The stepper's track and divider; its glyphs are characters here.
  static let stepperTrack = [
    "fill \(track)", "rrect 0 0 94 32 8", "paint fill", "fill \(divider)", "rect 46.5 7 1 18", "paint fill",
  ].joined(separator: "\n")

  /// The minus's and the plus's colours: an end a tap would not change is dimmed, unless it wraps.
  static func stepperColours(_ node: Mirror.Node) -> (WireColor, WireColor) {
    let value = node.number("value") ?? 0
    let wraps = node.flag("wraps") == true
    let black = WireColor(red: 0, green: 0, blue: 0)
    let faint = WireColor(wireText: dimmed)!
    return (
      !wraps && value <= (node.number("min") ?? 0) ? faint : black,
      !wraps && value >= (node.number("max") ?? 100) ? faint : black
    )
  }
}
