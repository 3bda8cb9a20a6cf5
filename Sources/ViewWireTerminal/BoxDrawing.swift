import ViewWireProtocol

/// Borders drawn with the box-drawing characters along a view's outermost cells.
///
/// A cell is too coarse to show a border's width, so every border is one line of `─`/`│` with
/// `┌┐└┘` corners, or `╭╮╰╯` when the view has a corner radius. A view one row tall gets `[` and
/// `]` at its ends, which reads as a box where a box has no room.
enum BoxDrawing {
  /// The characters of one style: horizontal, vertical, top-left, top-right, bottom-left,
  /// bottom-right.
  struct Style {
    let horizontal: Character
    let vertical: Character
    let corners: [Character]
  }

  static let square = Style(horizontal: "─", vertical: "│", corners: ["┌", "┐", "└", "┘"])
  static let rounded = Style(horizontal: "─", vertical: "│", corners: ["╭", "╮", "╰", "╯"])

  /// Draws the frame of `cells` (where it lies in `clip`) in `colour`, over each cell's background.
  static func frame(
    _ cells: CellRect, clip: CellRect, colour: WireColor, opacity: Double, rounded: Bool,
    on grid: inout CellGrid
  ) {
    guard !cells.isEmpty else { return }
    let style = rounded ? Self.rounded : Self.square
    let top = cells.rows.lowerBound
    let bottom = cells.rows.upperBound - 1
    let left = cells.columns.lowerBound
    let right = cells.columns.upperBound - 1
    func put(_ character: Character, _ column: Int, _ row: Int) {
      guard clip.contains(column, row) else { return }
      var cell = grid[column, row]
      cell.foreground = cell.background.blended(colour, opacity: opacity)
      cell.bold = false
      cell.underline = false
      grid.put(character, at: column, row, cell: cell, columns: clip.columns)
    }
    if top == bottom {
      if left == right { return }
      put("[", left, top)
      put("]", right, top)
      return
    }
    // Only the cells in the clip are visited: a view may be far wider than the screen.
    for column in cells.columns.clamped(to: clip.columns) {
      let isLeft = column == left
      let isRight = column == right
      if isLeft && isRight {
        for row in cells.rows.clamped(to: clip.rows) { put(style.vertical, column, row) }
        return
      }
      put(isLeft ? style.corners[0] : isRight ? style.corners[1] : style.horizontal, column, top)
      put(isLeft ? style.corners[2] : isRight ? style.corners[3] : style.horizontal, column, bottom)
    }
    for row in ((top + 1)..<bottom).clamped(to: clip.rows) {
      put(style.vertical, left, row)
      put(style.vertical, right, row)
    }
  }
}
