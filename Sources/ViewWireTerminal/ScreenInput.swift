import ViewWireProtocol

/// Turns decoded terminal input into protocol commands and screen actions.
///
/// | input | does |
/// | --- | --- |
/// | left button down on a cell | `down X Y` at the cell's centre (`CellMetrics.centre`) |
/// | moving with it down, to another cell | `move X Y` |
/// | left button up | `up X Y` |
/// | typed text | `text "..."` (to the focused field; the server answers `no-focus` when none is) |
/// | Enter, Backspace, Tab, Escape | `key return`, `key backspace`, `key tab`, `key escape` |
/// | F1 or Ctrl-G | shows or hides the status line |
/// | Ctrl-C or Ctrl-Q | quits |
///
/// A move within the same cell sends nothing (the point would be the same), and a move or
/// release without a press this side saw is dropped, so the server never answers `not-in-drag`
/// for a drag that began before the screen did. Other keys and buttons do nothing.
public struct ScreenInput: Sendable {
  /// What the screen does for one input.
  public enum Action: Equatable, Sendable {
    /// Send this command line to the server.
    case send(String)
    /// Show the status line if hidden, hide it if shown.
    case toggleStatus
    /// Leave, restoring the terminal.
    case quit
  }

  private var dragCell: (column: Int, row: Int)?

  /// No drag in progress.
  public init() {}

  /// Whether the left button is down (a touch is in progress on the server).
  public var isDragging: Bool { dragCell != nil }

  /// The actions for one event, in order.
  public mutating func actions(for event: InputEvent) -> [Action] {
    switch event {
    case .text(let text):
      return [.send("text " + Quoting.quote(text))]
    case .key(.enter): return [.send("key return")]
    case .key(.backspace): return [.send("key backspace")]
    case .key(.tab): return [.send("key tab")]
    case .key(.escape): return [.send("key escape")]
    case .key(.function(1)): return [.toggleStatus]
    case .key: return []
    case .control("g"): return [.toggleStatus]
    case .control("c"), .control("q"): return [.quit]
    case .control: return []
    case .mouse(let report):
      return mouse(report)
    }
  }

  private mutating func mouse(_ report: MouseReport) -> [Action] {
    let point = CellMetrics.centre(column: report.column, row: report.row)
    switch report.kind {
    case .press where report.button == 0:
      // A press while a drag is open (a release the terminal never reported) ends it first.
      var actions: [Action] = []
      if let cell = dragCell {
        let old = CellMetrics.centre(column: cell.column, row: cell.row)
        actions.append(.send("up \(old.x) \(old.y)"))
      }
      dragCell = (report.column, report.row)
      return actions + [.send("down \(point.x) \(point.y)")]
    case .motion where report.button == 0:
      guard let cell = dragCell, cell.column != report.column || cell.row != report.row else { return [] }
      dragCell = (report.column, report.row)
      return [.send("move \(point.x) \(point.y)")]
    case .release:
      guard dragCell != nil else { return [] }
      dragCell = nil
      return [.send("up \(point.x) \(point.y)")]
    default:
      return []
    }
  }
}
