/// A screen's worth of cells, row by row: what the rasteriser paints and the diff compares.
public struct CellGrid: Hashable, Sendable {
  /// Columns.
  public let width: Int
  /// Rows.
  public let height: Int
  /// The cells, row after row (`row * width + column`).
  public private(set) var cells: [Cell]

  /// A grid of `width` × `height` copies of `fill`.
  public init(width: Int, height: Int, fill: Cell = Cell()) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: fill, count: self.width * self.height)
  }

  /// The cell at a column and row; reading outside the grid gives an empty cell and writing
  /// there does nothing, so painters need not clip twice.
  public subscript(column: Int, row: Int) -> Cell {
    get { contains(column, row) ? cells[row * width + column] : Cell() }
    set {
      guard contains(column, row) else { return }
      cells[row * width + column] = newValue
    }
  }

  /// Whether the column and row lie inside the grid.
  public func contains(_ column: Int, _ row: Int) -> Bool {
    column >= 0 && column < width && row >= 0 && row < height
  }

  /// Writes a character with its colours at a cell, keeping wide characters whole: a wide
  /// character takes the next cell too (and is not written when that cell is outside `columns`),
  /// and a character written over half of a wide one blanks the other half.
  ///
  /// - Returns: the number of cells the character took (0 when it did not fit).
  @discardableResult
  public mutating func put(
    _ character: Character, at column: Int, _ row: Int, cell: Cell, columns: Range<Int>
  )
    -> Int
  {
    let span = CharacterWidth.cells(character)
    guard columns.contains(column), columns.contains(column + span - 1), contains(column, row),
      contains(column + span - 1, row)
    else { return 0 }
    for index in column..<(column + span) { breakWide(at: index, row) }
    var written = cell
    written.character = String(character)
    self[column, row] = written
    if span == 2 {
      written.character = ""
      self[column + 1, row] = written
    }
    return span
  }

  /// Blanks the other half of a wide character that the cell at `column` belongs to, so no half
  /// of one is left when the other is overwritten.
  mutating func breakWide(at column: Int, _ row: Int) {
    guard contains(column, row) else { return }
    if self[column, row].isContinuation, contains(column - 1, row) {
      self[column - 1, row].character = " "
      self[column, row].character = " "
    } else if CharacterWidth.cells(
      Character(self[column, row].character.isEmpty ? " " : self[column, row].character))
      == 2, contains(column + 1, row), self[column + 1, row].isContinuation
    {
      self[column + 1, row].character = " "
      self[column, row].character = " "
    }
  }

  /// The grid's text, one line per row with trailing spaces removed: what a person sees, for
  /// tests and snapshots.
  public var text: String {
    (0..<height).map { row in
      var line = ""
      for column in 0..<width { line += self[column, row].character }
      while line.hasSuffix(" ") { line.removeLast() }
      return line
    }.joined(separator: "\n")
  }
}
