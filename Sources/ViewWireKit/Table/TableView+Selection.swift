public import Foundation

// Selection, as UIKit's table view does it: a tap selects (asking `willSelectRowAt`, calling
// `didSelectRowAt`), a finger down highlights; code selects and deselects without delegate calls.
extension TableView {
  /// The selected row (the first, with multiple selection), nil when none is.
  public var indexPathForSelectedRow: IndexPath? { selectedIndexPaths.min() }

  /// The selected rows, top to bottom; nil when none is, as in UIKit.
  public var indexPathsForSelectedRows: [IndexPath]? {
    selectedIndexPaths.isEmpty ? nil : selectedIndexPaths.sorted()
  }

  /// Selects the row (without delegate calls, as UIKit documents) and scrolls it to `position`;
  /// nil clears the selection. Without multiple selection the row replaces the selection.
  public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
    guard let indexPath else {
      for selected in selectedIndexPaths.sorted() { deselectRow(at: selected, animated: animated) }
      return
    }
    loadDataIfNeeded()
    precondition(
      indexPath.section < geometry.sections.count
        && indexPath.row < geometry.numberOfRows(inSection: indexPath.section),
      "selectRow(at:) with \(indexPath), outside the table")
    if !allowsMultipleSelection {
      for selected in selectedIndexPaths.sorted() where selected != indexPath {
        deselectRow(at: selected, animated: animated)
      }
    }
    selectedIndexPaths.insert(indexPath)
    cellForRow(at: indexPath)?.setSelected(true, animated: animated)
    if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
  }

  /// Deselects the row, without delegate calls.
  public func deselectRow(at indexPath: IndexPath, animated: Bool) {
    guard selectedIndexPaths.remove(indexPath) != nil else { return }
    cellForRow(at: indexPath)?.setSelected(false, animated: animated)
  }

  /// What a tap on the row does: with multiple selection a selected row is deselected; otherwise
  /// the delegate may redirect or refuse (`willSelectRowAt`), the previous selection is
  /// deselected (`didDeselectRowAt`) and the row selected (`didSelectRowAt`).
  func userDidTapRow(at indexPath: IndexPath) {
    if allowsMultipleSelection, selectedIndexPaths.contains(indexPath) {
      deselectRow(at: indexPath, animated: true)
      tableDelegate?.tableView(self, didDeselectRowAt: indexPath)
      return
    }
    guard let target = tableDelegate.map({ $0.tableView(self, willSelectRowAt: indexPath) }) ?? indexPath
    else {
      return
    }
    if !allowsMultipleSelection {
      for selected in selectedIndexPaths.sorted() where selected != target {
        deselectRow(at: selected, animated: true)
        tableDelegate?.tableView(self, didDeselectRowAt: selected)
      }
    }
    selectedIndexPaths.insert(target)
    cellForRow(at: target)?.setSelected(true, animated: true)
    tableDelegate?.tableView(self, didSelectRowAt: target)
  }

  /// A finger went down at `point` (table coordinates): highlight the row under it.
  func beginHighlight(at point: CGPoint) {
    guard allowsSelection, let indexPath = indexPathForRow(at: point),
      tableDelegate?.tableView(self, shouldHighlightRowAt: indexPath) ?? true
    else { return }
    highlightedIndexPath = indexPath
    cellForRow(at: indexPath)?.setHighlighted(true, animated: false)
  }

  /// The finger lifted at `point`: a lift on the highlighted row selects it.
  func endTouch(at point: CGPoint) {
    guard let indexPath = highlightedIndexPath else { return }
    endHighlight()
    if indexPathForRow(at: point) == indexPath { userDidTapRow(at: indexPath) }
  }

  /// Removes the highlight, as a cancelled touch does.
  func endHighlight() {
    guard let indexPath = highlightedIndexPath else { return }
    highlightedIndexPath = nil
    cellForRow(at: indexPath)?.setHighlighted(false, animated: false)
  }
}
