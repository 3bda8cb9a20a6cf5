import Foundation
import ViewWireProtocol

/// Rasterises a view's `draw` commands (PROTOCOL.md, "Drawing commands") with half blocks.
///
/// Each cell is two pixels, one above the other (8.5 × 10.5 points each), shown as `▀` with
/// the top pixel's colour as the text colour and the bottom one's as the background, so shapes get
/// twice the vertical resolution of rows and keep both colours. A pixel is filled when its
/// centre is inside the path (non-zero winding); a stroke covers the pixels whose centres lie
/// within half the line width of the path, and at least the pixels the line passes through, so a
/// hairline stays visible at this resolution. Curves and arcs are flattened into short lines.
/// `text` puts its characters in the cells from the one its line box starts in. Unknown
/// commands are skipped, as the spec asks.
struct DrawingPainter {
  /// The view's frame in window points: commands are in its coordinates.
  let frame: PointRect
  /// The cells the drawing may touch.
  let clip: CellRect
  /// The view's opacity, its ancestors' included.
  let opacity: Double

  private var fill = WireColor(red: 0, green: 0, blue: 0)
  private var stroke = WireColor(red: 0, green: 0, blue: 0)
  private var lineWidth = 1.0
  private var subpaths: [[(Double, Double)]] = []
  private var closed: [Bool] = []
  /// Pixel colours of the clip rect, two per cell, row-major; nil until a pixel is painted.
  private var pixels: [RGB?]
  private var texts: [(x: Double, y: Double, size: Double, bold: Bool, text: String, colour: WireColor)] = []

  init(frame: PointRect, clip: CellRect, opacity: Double) {
    self.frame = frame
    self.clip = clip
    self.opacity = opacity
    pixels = Array(repeating: nil, count: clip.columns.count * clip.rows.count * 2)
  }

  /// Paints the command list over the grid.
  mutating func paint(_ commands: String, on grid: inout CellGrid) {
    bases = []
    for row in clip.rows {
      for _ in 0..<2 {
        for column in clip.columns { bases.append(grid[column, row].background) }
      }
    }
    for line in commands.split(separator: "\n") {
      guard let tokens = try? Tokenizer.tokenize(String(line)), case .word(let verb)? = tokens.first else {
        continue
      }
      let numbers = tokens.dropFirst().map { token -> Double? in
        if case .word(let word) = token { return CanonicalNumber.parse(word) }
        return nil
      }
      func number(_ index: Int) -> Double? { index < numbers.count ? numbers[index] : nil }
      func word(_ index: Int) -> String? {
        guard index + 1 < tokens.count else { return nil }
        switch tokens[index + 1] {
        case .word(let text), .string(let text): return text
        case .option: return nil
        }
      }
      func all(_ count: Int) -> [Double]? {
        let values = (0..<count).compactMap(number)
        return values.count == count ? values : nil
      }
      switch verb {
      case "fill": if let colour = word(0).flatMap({ WireColor(wireText: $0) }) { fill = colour }
      case "stroke": if let colour = word(0).flatMap({ WireColor(wireText: $0) }) { stroke = colour }
      case "width": if let value = number(0) { lineWidth = max(0, value) }
      case "rect":
        if let v = all(4) { addRoundedRect(v[0], v[1], v[2], v[3], 0) }
      case "rrect":
        if let v = all(5) { addRoundedRect(v[0], v[1], v[2], v[3], v[4]) }
      case "ellipse":
        if let v = all(4) { addEllipse(v[0], v[1], v[2], v[3]) }
      case "move":
        if let v = all(2) { startSubpath(at: (v[0], v[1])) }
      case "line":
        if let v = all(2) { addPoint((v[0], v[1])) }
      case "quad":
        if let v = all(4) { addCurve(control1: (v[0], v[1]), control2: nil, to: (v[2], v[3])) }
      case "curve":
        if let v = all(6) { addCurve(control1: (v[0], v[1]), control2: (v[2], v[3]), to: (v[4], v[5])) }
      case "close":
        if !closed.isEmpty { closed[closed.count - 1] = true }
      case "paint":
        let mode = word(0) ?? "fill"
        if mode == "fill" || mode == "both" { fillPath() }
        if mode == "stroke" || mode == "both" { strokePath() }
        subpaths = []
        closed = []
      case "text":
        if let x = number(0), let y = number(1), let size = number(2), tokens.count >= 6,
          case .string(let text) = tokens[5]
        {
          let weight = word(3) ?? "regular"
          texts.append((x, y, size, weight == "bold" || weight == "semibold", text, fill))
        }
      default:
        continue
      }
    }
    commit(to: &grid)
  }

  // MARK: Path building

  private mutating func startSubpath(at point: (Double, Double)) {
    subpaths.append([point])
    closed.append(false)
  }

  private mutating func addPoint(_ point: (Double, Double)) {
    if subpaths.isEmpty { startSubpath(at: point) } else { subpaths[subpaths.count - 1].append(point) }
  }

  private mutating func addCurve(
    control1: (Double, Double), control2: (Double, Double)?, to end: (Double, Double)
  ) {
    guard let start = subpaths.last?.last else {
      startSubpath(at: end)
      return
    }
    for step in 1...12 {
      let t = Double(step) / 12
      let u = 1 - t
      if let control2 {
        addPoint(
          (
            u * u * u * start.0 + 3 * u * u * t * control1.0 + 3 * u * t * t * control2.0 + t * t * t * end.0,
            u * u * u * start.1 + 3 * u * u * t * control1.1 + 3 * u * t * t * control2.1 + t * t * t * end.1
          ))
      } else {
        addPoint(
          (
            u * u * start.0 + 2 * u * t * control1.0 + t * t * end.0,
            u * u * start.1 + 2 * u * t * control1.1 + t * t * end.1
          ))
      }
    }
  }

  private mutating func addRoundedRect(
    _ x: Double, _ y: Double, _ width: Double, _ height: Double, _ radius: Double
  ) {
    let r = max(0, min(radius, abs(width) / 2, abs(height) / 2))
    guard r > 0 else {
      startSubpath(at: (x, y))
      addPoint((x + width, y))
      addPoint((x + width, y + height))
      addPoint((x, y + height))
      closed[closed.count - 1] = true
      return
    }
    let corners = [
      (x + width - r, y + r, -Double.pi / 2), (x + width - r, y + height - r, 0.0),
      (x + r, y + height - r, Double.pi / 2), (x + r, y + r, Double.pi),
    ]
    subpaths.append([])
    closed.append(true)
    for (cx, cy, start) in corners {
      for step in 0...6 {
        let angle = start + Double(step) / 6 * Double.pi / 2
        subpaths[subpaths.count - 1].append((cx + r * cos(angle), cy + r * sin(angle)))
      }
    }
  }

  private mutating func addEllipse(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
    subpaths.append(
      (0..<48).map { step in
        let angle = Double(step) / 48 * 2 * Double.pi
        return (x + width / 2 + width / 2 * cos(angle), y + height / 2 + height / 2 * sin(angle))
      })
    closed.append(true)
  }

  // MARK: Painting

  /// Each pixel's centre in the view's coordinates, with its index.
  private func forEachPixel(_ body: (Int, Double, Double) -> Void) {
    var index = 0
    for row in clip.rows {
      for half in 0..<2 {
        for column in clip.columns {
          let x = (Double(column) + 0.5) * CellMetrics.cellWidth - frame.x
          let y =
            Double(row) * CellMetrics.cellHeight + (Double(half) + 0.5) * CellMetrics.cellHeight / 2 - frame.y
          body(index, x, y)
          index += 1
        }
      }
    }
  }

  private mutating func paintPixel(_ index: Int, _ colour: WireColor, base: RGB) {
    pixels[index] = (pixels[index] ?? base).blended(colour, opacity: opacity)
  }

  private var bases: [RGB] = []

  private mutating func fillPath() {
    var hits: [Int] = []
    forEachPixel { index, x, y in
      var winding = 0
      for subpath in subpaths where subpath.count > 1 {
        for i in subpath.indices {
          let a = subpath[i]
          let b = subpath[(i + 1) % subpath.count]
          if a.1 <= y {
            if b.1 > y && cross(a, b, (x, y)) > 0 { winding += 1 }
          } else if b.1 <= y && cross(a, b, (x, y)) < 0 {
            winding -= 1
          }
        }
      }
      if winding != 0 { hits.append(index) }
    }
    for index in hits { paintPixel(index, fill, base: bases[index]) }
  }

  private mutating func strokePath() {
    guard lineWidth > 0 else { return }
    let reach = max(lineWidth / 2, CellMetrics.cellHeight / 4)
    var hits: [Int] = []
    forEachPixel { index, x, y in
      for (number, subpath) in subpaths.enumerated() {
        let count = closed[number] ? subpath.count : subpath.count - 1
        guard count > 0 else { continue }
        for i in 0..<count where distance((x, y), subpath[i], subpath[(i + 1) % subpath.count]) <= reach {
          hits.append(index)
          return
        }
      }
    }
    for index in hits { paintPixel(index, stroke, base: bases[index]) }
  }

  private func cross(_ a: (Double, Double), _ b: (Double, Double), _ p: (Double, Double)) -> Double {
    (b.0 - a.0) * (p.1 - a.1) - (p.0 - a.0) * (b.1 - a.1)
  }

  private func distance(_ p: (Double, Double), _ a: (Double, Double), _ b: (Double, Double)) -> Double {
    let dx = b.0 - a.0
    let dy = b.1 - a.1
    let length = dx * dx + dy * dy
    let t = length == 0 ? 0 : max(0, min(1, ((p.0 - a.0) * dx + (p.1 - a.1) * dy) / length))
    let ex = a.0 + t * dx - p.0
    let ey = a.1 + t * dy - p.1
    return (ex * ex + ey * ey).squareRoot()
  }

  /// Writes the painted pixels into their cells as half blocks, then the texts.
  private mutating func commit(to grid: inout CellGrid) {
    let columns = clip.columns.count
    for (rowIndex, row) in clip.rows.enumerated() {
      for (columnIndex, column) in clip.columns.enumerated() {
        let topIndex = rowIndex * 2 * columns + columnIndex
        let top = pixels[topIndex]
        let bottom = pixels[topIndex + columns]
        guard top != nil || bottom != nil else { continue }
        let upper = top ?? bases[topIndex]
        let lower = bottom ?? bases[topIndex + columns]
        grid.breakWide(at: column, row)
        grid[column, row] =
          upper == lower ? Cell(background: upper) : Cell("▀", foreground: upper, background: lower)
      }
    }
    for text in texts {
      let lineHeight = (1.2 * text.size).rounded(.up)
      for (index, line) in text.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        // Line i's box is at (X, Y + i × L); it starts in column round(x / 8.5) and row
        // round(y / 21), halves rounded up (section 14, "Terminals").
        let row = Int(
          ((frame.y + text.y + Double(index) * lineHeight) / CellMetrics.cellHeight + 0.5).rounded(.down))
        var column = Int(((frame.x + text.x) / CellMetrics.cellWidth + 0.5).rounded(.down))
        guard clip.rows.contains(row) else { continue }
        for character in line {
          var cell = grid[column, row]
          if cell.character == "▀" {
            // Text over a half block sits on the lower pixel's colour, as it covers most of it.
            cell.character = " "
          }
          cell.foreground = cell.background.blended(text.colour, opacity: opacity)
          cell.bold = text.bold
          column += max(1, grid.put(character, at: column, row, cell: cell, columns: clip.columns))
        }
      }
    }
  }
}
