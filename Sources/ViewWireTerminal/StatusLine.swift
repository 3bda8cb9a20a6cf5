/// The status and help line, drawn over the screen's last row while shown.
///
/// It overlays the window rather than taking a row from it, so showing it never resizes the
/// server's window (which would send a frame for what is only the client's own help).
public enum StatusLine {
  /// The line's colours: white on dark grey, unlike anything the demo apps draw.
  static let background = RGB(0x3a, 0x3a, 0x3c)

  /// The text of the line: where the screen is connected, the keys, and the last error the server
  /// answered, if any.
  public static func text(app: String?, session: Int?, lastError: String?) -> String {
    var parts = ["viewwire screen"]
    if let app { parts.append(app) }
    if let session { parts.append("session \(session)") }
    // The error before the keys: it is news, the keys are not, and a narrow terminal cuts the end.
    if let lastError { parts.append(lastError) }
    parts.append("click/drag: touch · type: focused field · F1/Ctrl-G: this line · Ctrl-Q/Ctrl-C: quit")
    return parts.joined(separator: " │ ")
  }

  /// `grid` with `text` on its last row (cut to the width).
  public static func overlay(_ text: String, on grid: CellGrid) -> CellGrid {
    var result = grid
    guard grid.height > 0 else { return result }
    let row = grid.height - 1
    let cell = Cell(foreground: .white, background: background)
    for column in 0..<grid.width { result[column, row] = cell }
    var column = 0
    for character in TextLayout.ellipsized(text, width: grid.width) {
      column += max(1, result.put(character, at: column, row, cell: cell, columns: 0..<grid.width))
    }
    return result
  }
}
