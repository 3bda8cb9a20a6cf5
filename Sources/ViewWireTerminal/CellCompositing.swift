import ViewWireProtocol

/// Compositing a translucent group's cells over the cells beneath it.
extension CellGrid {
  /// Blends every cell that differs from `beneath` (what the group painted) back over it with
  /// `alpha`: backgrounds mix; a character the group drew is shown in its colour mixed over the
  /// background beneath; a character beneath that the group covered stays, faded toward the
  /// group's background. A wide character left without its other half is blanked.
  public mutating func composite(over beneath: CellGrid, alpha: Double) {
    guard beneath.width == width, beneath.height == height else { return }
    for row in 0..<height {
      var touched = false
      for column in 0..<width {
        let layer = self[column, row]
        let below = beneath[column, row]
        guard layer != below else { continue }
        touched = true
        var cell = below
        cell.background = below.background.mixed(with: layer.background, alpha)
        if layer.character != " " {
          cell.character = layer.character
          cell.foreground = below.background.mixed(with: layer.foreground, alpha)
          cell.bold = layer.bold
          cell.underline = layer.underline
        } else {
          cell.foreground = below.foreground.mixed(with: layer.background, alpha)
          cell.underline = below.underline || layer.underline
        }
        self[column, row] = cell
      }
      if touched { repairWide(row) }
    }
  }

  /// Blanks halves of wide characters whose other half is gone.
  mutating func repairWide(_ row: Int) {
    for column in 0..<width {
      let cell = self[column, row]
      if cell.isContinuation {
        let left = column > 0 ? self[column - 1, row].character : ""
        if left.isEmpty || CharacterWidth.cells(Character(left)) != 2 { self[column, row].character = " " }
      } else if CharacterWidth.cells(Character(cell.character.isEmpty ? " " : cell.character)) == 2 {
        if column + 1 >= width || !self[column + 1, row].isContinuation { self[column, row].character = " " }
      }
    }
  }
}

extension RGB {
  /// This colour with `other` painted over it at `alpha`.
  func mixed(with other: RGB, _ alpha: Double) -> RGB {
    blended(WireColor(red: other.red, green: other.green, blue: other.blue), opacity: alpha)
  }
}
