import ViewWireProtocol

/// The terminal's fixed scale: one cell is 8.5 points wide and 21 points tall.
///
/// 8.5 points is half an em of 17-point text, so a character of the default font takes one cell
/// and a wide one two, as PROTOCOL.md's text measurement counts them; 21 points is that font's
/// line height (`ceil(1.2 × 17)`), so one line of text is one row. A view covers the cells whose
/// centres lie inside it, and the mouse reports the centre of the cell it is over, so what a
/// click hits is what the cell shows.
public enum CellMetrics {
  /// Points per column.
  public static let cellWidth = 8.5
  /// Points per row.
  public static let cellHeight = 21.0

  /// The window size, in points, for a terminal of `columns` × `rows`, as `hello size=` and
  /// `resize` write it (`680x840` for 80 × 40).
  public static func windowSize(columns: Int, rows: Int) -> (width: String, height: String) {
    (CanonicalNumber.format(Double(columns) * cellWidth), CanonicalNumber.format(Double(rows) * cellHeight))
  }

  /// The centre of a cell in window points, as `down`/`move`/`up` send it (`4.25 10.5` for the
  /// top-left cell).
  public static func centre(column: Int, row: Int) -> (x: String, y: String) {
    (
      CanonicalNumber.format((Double(column) + 0.5) * cellWidth),
      CanonicalNumber.format((Double(row) + 0.5) * cellHeight)
    )
  }

  /// The columns whose centres lie in `x ..< x + width` (points).
  public static func columns(x: Double, width: Double) -> Range<Int> {
    span(start: x, length: width, unit: cellWidth)
  }

  /// The rows whose centres lie in `y ..< y + height` (points).
  public static func rows(y: Double, height: Double) -> Range<Int> {
    span(start: y, length: height, unit: cellHeight)
  }

  private static func span(start: Double, length: Double, unit: Double) -> Range<Int> {
    guard length > 0, start.isFinite, length.isFinite else { return 0..<0 }
    let clampedStart = max(-1e7, min(1e7, start))
    let end = max(-1e7, min(1e7, start + length))
    let first = Int((clampedStart / unit - 0.5).rounded(.up))
    let last = Int((end / unit - 0.5).rounded(.up))
    return first..<max(first, last)
  }
}
