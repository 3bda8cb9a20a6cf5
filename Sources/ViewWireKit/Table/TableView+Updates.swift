public import Foundation

// Inserting, deleting and reloading rows, alone or in a batch (UIKit's `insertRows(at:with:)`,
// `deleteRows(at:with:)`, `reloadRows(at:with:)`, `performBatchUpdates(_:completion:)`).
//
// The data source changes first, then the table is told; the table checks the new counts against
// the old ones and the updates, as UIKit does. A count that does not add up is a programmer
// error: UIKit raises NSInternalInconsistencyException ("Invalid update: invalid number of rows
// in section ..."), the kit stops with a precondition failure carrying the same message, since
// going on would show rows the data source does not have.
//
// Rows keep their cells across an update: a row that moved (because rows were inserted or deleted
// above it) keeps its cell, which only moves, so deleting the top row of the screen sends the
// cells below it a `layout` each (a `shift` for long runs) and one cell for the row that came
// into view at the bottom. Deleted and reloaded rows' cells go back to the reuse queue.
extension TableView {
  /// Inserts rows (numbered as after the update); the data source already has them.
  public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    pendingUpdates.insertions += indexPaths
    applyUpdatesUnlessBatching()
  }

  /// Deletes rows (numbered as before the update); the data source no longer has them. A
  /// deleted row's selection goes with it.
  public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    pendingUpdates.deletions += indexPaths
    applyUpdatesUnlessBatching()
  }

  /// Asks the data source again for the rows' cells and heights. As in UIKit, a reloaded row is
  /// deselected.
  public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    pendingUpdates.reloads += indexPaths
    applyUpdatesUnlessBatching()
  }

  /// Applies the insertions, deletions and reloads that `updates` makes as one update: deletions
  /// and reloads name rows as before the block, insertions as after it, whatever their order.
  /// Blocks nest; the outermost applies. `completion` runs once the update is applied, with
  /// true (rows are not animated, so nothing can interrupt them).
  public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    batchDepth += 1
    updates?()
    batchDepth -= 1
    applyUpdatesUnlessBatching()
    completion?(true)
  }

  /// Starts a group of updates applied together at the matching `endUpdates()` (UIKit's older
  /// spelling of `performBatchUpdates`).
  public func beginUpdates() { batchDepth += 1 }

  /// Ends a group started by `beginUpdates()`.
  public func endUpdates() {
    precondition(batchDepth > 0, "endUpdates() without beginUpdates()")
    batchDepth -= 1
    applyUpdatesUnlessBatching()
  }

  private func applyUpdatesUnlessBatching() {
    guard batchDepth == 0, !pendingUpdates.isEmpty else { return }
    let updates = pendingUpdates
    pendingUpdates = PendingUpdates()
    // Never loaded (or a reload is pending): the reload reads the new state whole.
    guard !needsReload, let dataSource else { return }
    apply(updates, from: dataSource)
  }

  private func apply(_ updates: PendingUpdates, from dataSource: any TableViewDataSource) {
    let sectionCount = dataSource.numberOfSections(in: self)
    precondition(
      sectionCount == geometry.sections.count,
      "Invalid update: invalid number of sections. The number of sections contained in the table view after the "
        + "update (\(sectionCount)) must be equal to the number of sections before the update "
        + "(\(geometry.sections.count)); row updates cannot add or remove sections: use reloadData()")
    let changes = updates.bySection()
    for section in 0..<sectionCount {
      let before = geometry.numberOfRows(inSection: section)
      let after = dataSource.tableView(self, numberOfRowsInSection: section)
      let change = changes[section] ?? PendingUpdates.SectionChanges()
      precondition(
        change.deleted.allSatisfy { $0 >= 0 && $0 < before }
          && change.reloaded.allSatisfy { $0 >= 0 && $0 < before },
        "Invalid update: a deleted or reloaded row of section \(section) is outside its \(before) rows before the update"
      )
      precondition(
        after == before + change.inserted.count - change.deleted.count,
        "Invalid update: invalid number of rows in section \(section). The number of rows contained in an existing "
          + "section after the update (\(after)) must be equal to the number of rows contained in that section "
          + "before the update (\(before)), plus or minus the number of rows inserted or deleted from that "
          + "section (\(change.inserted.count) inserted, \(change.deleted.count) deleted)")
      precondition(
        change.inserted.allSatisfy { $0 >= 0 && $0 < after },
        "Invalid update: an inserted row of section \(section) is outside its \(after) rows after the update")
    }
    for (section, change) in changes { applyHeights(change, inSection: section) }
    remapRows(changes)
    setNeedsLayout()
  }

  /// The section's new heights: survivors in order, inserted rows asked of the delegate, reloaded
  /// rows asked again. Linear in the section's rows.
  private func applyHeights(_ change: PendingUpdates.SectionChanges, inSection section: Int) {
    let old = geometry.sections[section].rowHeights
    let newCount = old.count - change.deleted.count + change.inserted.count
    var heights: [CGFloat] = []
    heights.reserveCapacity(newCount)
    var nextOld = 0
    var nextDeleted = 0
    var nextInserted = 0
    for row in 0..<newCount {
      if nextInserted < change.inserted.count, change.inserted[nextInserted] == row {
        nextInserted += 1
        heights.append(rowHeight(at: IndexPath(row: row, section: section)))
        continue
      }
      while nextDeleted < change.deleted.count, change.deleted[nextDeleted] == nextOld {
        nextDeleted += 1
        nextOld += 1
      }
      heights.append(old[nextOld])
      nextOld += 1
    }
    for reloaded in change.reloaded {
      guard let row = change.newRow(forOldRow: reloaded) else { continue }
      heights[row] = rowHeight(at: IndexPath(row: row, section: section))
    }
    geometry.replaceRows(inSection: section, with: heights)
  }

  /// Moves visible cells and the selection to their rows' new numbers; cells of deleted and
  /// reloaded rows go to the reuse queue, and those rows leave the selection.
  private func remapRows(_ changes: [Int: PendingUpdates.SectionChanges]) {
    func newPath(_ path: IndexPath) -> IndexPath? {
      guard let change = changes[path.section] else { return path }
      if change.reloaded.contains(path.row) { return nil }
      return change.newRow(forOldRow: path.row).map { IndexPath(row: $0, section: path.section) }
    }
    if let highlighted = highlightedIndexPath {
      cellForRow(at: highlighted)?.setHighlighted(false, animated: false)
      highlightedIndexPath = nil
    }
    var cells: [IndexPath: TableViewCell] = [:]
    for (path, cell) in visibleCellsByIndexPath.sorted(by: { $0.key < $1.key }) {
      if let moved = newPath(path) {
        cells[moved] = cell
      } else {
        endDisplaying(cell, at: path)
      }
    }
    visibleCellsByIndexPath = cells
    selectedIndexPaths = Set(selectedIndexPaths.compactMap(newPath))
  }
}
