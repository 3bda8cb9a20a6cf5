public import ViewWireClient
import ViewWireProtocol

/// Paints a mirrored view tree into a grid of cells: the terminal's picture of the window.
///
/// It walks the tree depth-first in drawing order (a parent, then its children first to last),
/// as UIKit composites layers: for each view its background, its drawing (`draw`), its content
/// (text, a control, an image), its subviews, then its border, which a layer draws above its
/// sublayers (PROTOCOL.md section 14, "Painting a view"). A cell shows what is painted at its
/// centre (`CellMetrics`); `hidden` views and views whose `alpha` is below 0.01 are skipped with
/// their subtrees; translucent colours are blended over what the cells show. Any view shifts its subviews by its `offset`; views with `clips=true` clip them.
///
/// A translucent view is composited as a group (section 14): its subtree is painted opaque, then
/// blended over the cells beneath (`CellGrid.composite(over:alpha:)`).
///
/// Pure: a mirror in, a grid out, so tests compare grids as text.
public struct Rasterizer {
  /// The grid being painted.
  public private(set) var grid: CellGrid

  /// A painter for a `columns` × `rows` screen, cleared to white.
  public init(columns: Int, rows: Int) {
    grid = CellGrid(width: columns, height: rows)
  }

  /// Views shown other than as the mirror holds them: an animation's views in mid-flight.
  private var overrides: [Int: Mirror.Node] = [:]

  /// The grid showing `mirror`'s tree, with `overrides` in place of the views they name.
  public static func grid(
    of mirror: Mirror, columns: Int, rows: Int, overrides: [Int: Mirror.Node] = [:]
  ) -> CellGrid {
    var painter = Rasterizer(columns: columns, rows: rows)
    painter.overrides = overrides
    painter.paint(mirror)
    return painter.grid
  }

  /// Paints the whole tree over the grid.
  public mutating func paint(_ mirror: Mirror) {
    guard let root = mirror.rootID else { return }
    let screen = CellRect(columns: 0..<grid.width, rows: 0..<grid.height)
    paint(root, in: mirror, originX: 0, originY: 0, clip: screen)
  }

  private mutating func paint(
    _ id: Int, in mirror: Mirror, originX: Double, originY: Double, clip: CellRect
  ) {
    guard let node = overrides[id] ?? mirror.nodes[id], node.flag("hidden") != true else { return }
    let alpha = max(0, min(1, node.number("alpha") ?? 1))
    guard alpha >= 0.01 else { return }
    if alpha < 1 {
      // Group opacity (section 14, step 2): the view and its subtree are painted opaque over a
      // copy, and what they changed is composited over the cells beneath with the view's alpha.
      let beneath = grid
      paintOpaque(node, in: mirror, originX: originX, originY: originY, clip: clip)
      grid.composite(over: beneath, alpha: alpha)
    } else {
      paintOpaque(node, in: mirror, originX: originX, originY: originY, clip: clip)
    }
  }

  /// Section 14's steps 3 to 7 for one view, as if its alpha were 1.
  private mutating func paintOpaque(
    _ node: Mirror.Node, in mirror: Mirror, originX: Double, originY: Double, clip: CellRect
  ) {
    let opacity = 1.0
    var frame = node.rect
    frame.x += originX
    frame.y += originY
    // A view of width or height 0 or less paints nothing of its own; its subviews still paint.
    let paintsItself = frame.width > 0 && frame.height > 0
    let cells = paintsItself ? frame.cells : CellRect(columns: 0..<0, rows: 0..<0)
    let visible = cells.intersection(clip)
    let radius = max(0, node.number("radius") ?? 0)

    if let background = node.colour("bg"), !visible.isEmpty {
      fill(visible, with: background, opacity: opacity, frame: frame, radius: radius)
    }
    if let drawing = node.string("draw"), !visible.isEmpty {
      var painter = DrawingPainter(frame: frame, clip: visible, opacity: opacity)
      painter.paint(drawing, on: &grid)
    }
    ContentPainter(node: node, frame: frame, cells: cells, clip: visible, opacity: opacity, ancestors: clip)
      .paint(
        on: &grid)

    // `offset` is the bounds origin of any view, scroll view or not; only `clips` clips.
    let offset = node.pair("offset") ?? (0, 0)
    let clipsChildren = node.flag("clips") == true
    let childClip = clipsChildren ? visible : clip
    if !(clipsChildren && visible.isEmpty) {
      for child in node.children {
        paint(child, in: mirror, originX: frame.x - offset.0, originY: frame.y - offset.1, clip: childClip)
      }
    }

    if let width = node.number("border"), width > 0, !visible.isEmpty {
      let colour = node.colour("borderColor") ?? WireColor(red: 0, green: 0, blue: 0)
      BoxDrawing.frame(cells, clip: visible, colour: colour, opacity: opacity, rounded: radius > 0, on: &grid)
    }
  }

  /// Blends `colour` over the cells' backgrounds (and over their text, which shows through a
  /// translucent fill and is covered by an opaque one). With a corner radius, a corner cell whose
  /// centre lies outside the rounded rectangle is left alone, so a circle looks round.
  private mutating func fill(
    _ cells: CellRect, with colour: WireColor, opacity: Double, frame: PointRect, radius: Double
  ) {
    let opaque = colour.alpha == 255 && opacity >= 1
    for row in cells.rows {
      for column in cells.columns {
        if radius > 0,
          !Self.roundedRect(
            frame, radius: radius, contains: CellMetrics.centreValue(column: column, row: row))
        {
          continue
        }
        var cell = grid[column, row]
        cell.background = cell.background.blended(colour, opacity: opacity)
        if opaque {
          grid.breakWide(at: column, row)
          cell = Cell(background: cell.background)
        } else {
          cell.foreground = cell.foreground.blended(colour, opacity: opacity)
        }
        grid[column, row] = cell
      }
    }
  }

  /// Whether a point lies in the rectangle with corners rounded to `radius` (capped at half the
  /// shorter side, as Core Animation caps it).
  static func roundedRect(_ rect: PointRect, radius: Double, contains point: (x: Double, y: Double)) -> Bool {
    let r = min(radius, rect.width / 2, rect.height / 2)
    let cx = max(rect.x + r, min(rect.x + rect.width - r, point.x))
    let cy = max(rect.y + r, min(rect.y + rect.height - r, point.y))
    let dx = point.x - cx
    let dy = point.y - cy
    return dx * dx + dy * dy <= r * r + 1e-9
  }
}

extension CellMetrics {
  /// A cell's centre in points, as numbers.
  static func centreValue(column: Int, row: Int) -> (x: Double, y: Double) {
    ((Double(column) + 0.5) * cellWidth, (Double(row) + 0.5) * cellHeight)
  }
}
