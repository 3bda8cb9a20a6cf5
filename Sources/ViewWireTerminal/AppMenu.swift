/// The list of apps the screen shows when it was started without one: one app a row, clicked
/// to open.
///
/// It is the client's own picture, drawn over the empty window, not a view of the server's: the
/// server's window stays empty until an app is opened, as the protocol has it.
public enum AppMenu {
  /// The row of the first app; the rows above hold the heading.
  static let firstRow = 2

  /// `grid` with the heading and one row per app.
  public static func overlay(_ apps: [(name: String, title: String)], on grid: CellGrid) -> CellGrid {
    var result = grid
    let heading = Cell(foreground: .black, background: .white, bold: true)
    write("Click an app to open it:", at: 0, on: &result, cell: heading)
    let nameWidth = (apps.map { CharacterWidth.cells($0.name) }.max() ?? 0) + 2
    for (index, app) in apps.enumerated() {
      let row = firstRow + index
      write("  " + app.name, at: row, on: &result, cell: Cell(foreground: RGB(0x00, 0x7a, 0xff)))
      write(
        app.title, at: row, column: 2 + nameWidth, on: &result, cell: Cell(foreground: RGB(0x3c, 0x3c, 0x43)))
    }
    return result
  }

  /// The app on a row of the menu, if any.
  public static func app(atRow row: Int, of names: [String]) -> String? {
    let index = row - firstRow
    return names.indices.contains(index) ? names[index] : nil
  }

  private static func write(_ text: String, at row: Int, column: Int = 0, on grid: inout CellGrid, cell: Cell)
  {
    var x = column
    for character in TextLayout.ellipsized(text, width: max(0, grid.width - column)) {
      x += max(1, grid.put(character, at: x, row, cell: cell, columns: 0..<grid.width))
    }
  }
}
