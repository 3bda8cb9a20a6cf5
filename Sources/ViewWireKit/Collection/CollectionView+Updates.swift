public import Foundation

// Inserting, deleting and reloading items, alone or in a batch, with the table view's rules
// (TableView+Updates.swift): deletions and reloads are numbered as before the update, insertions
// as after it; counts that do not add up are a programmer error, as UIKit raises.
extension CollectionView {
  /// Inserts items (numbered as after the update); the data source already has them.
  public func insertItems(at indexPaths: [IndexPath]) {
    pendingUpdates.insertions += indexPaths
    applyUpdatesUnlessBatching()
  }

  /// Deletes items (numbered as before the update).
  public func deleteItems(at indexPaths: [IndexPath]) {
    pendingUpdates.deletions += indexPaths
    applyUpdatesUnlessBatching()
  }

  /// Asks the data source again for the items' cells and sizes.
  public func reloadItems(at indexPaths: [IndexPath]) {
    pendingUpdates.reloads += indexPaths
    applyUpdatesUnlessBatching()
  }

  /// Applies the updates `updates` makes as one; blocks nest. `completion` runs when they are
  /// applied, with true.
  public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    batchDepth += 1
    updates?()
    batchDepth -= 1
    applyUpdatesUnlessBatching()
    completion?(true)
  }

  private func applyUpdatesUnlessBatching() {
    guard batchDepth == 0, !pendingUpdates.isEmpty else { return }
    let updates = pendingUpdates
    pendingUpdates = PendingUpdates()
    guard !needsReload, let dataSource else { return }
    let sectionCount = dataSource.numberOfSections(in: self)
    precondition(
      sectionCount == itemCounts.count,
      "Invalid update: invalid number of sections (\(sectionCount) after the update, \(itemCounts.count) before); "
        + "item updates cannot add or remove sections: use reloadData()")
    let changes = updates.bySection()
    for section in 0..<sectionCount {
      let before = itemCounts[section]
      let after = dataSource.collectionView(self, numberOfItemsInSection: section)
      let change = changes[section] ?? PendingUpdates.SectionChanges()
      precondition(
        change.deleted.allSatisfy { $0 >= 0 && $0 < before }
          && change.reloaded.allSatisfy { $0 >= 0 && $0 < before }
          && change.inserted.allSatisfy { $0 >= 0 && $0 < after },
        "Invalid update: an item of section \(section) is outside the section")
      precondition(
        after == before + change.inserted.count - change.deleted.count,
        "Invalid update: invalid number of items in section \(section). The number of items contained in an "
          + "existing section after the update (\(after)) must be equal to the number of items contained in that "
          + "section before the update (\(before)), plus or minus the number of items inserted or deleted from "
          + "that section (\(change.inserted.count) inserted, \(change.deleted.count) deleted)")
      itemCounts[section] = after
    }
    // Frames that are stale as a whole (a new layout, a new width) are computed whole, from the
    // new counts; otherwise only the changed sections reflow.
    prepareIfNeeded()
    for section in changes.keys.sorted() { relayOutSection(section) }
    func newPath(_ path: IndexPath) -> IndexPath? {
      guard let change = changes[path.section] else { return path }
      if change.reloaded.contains(path.item) { return nil }
      return change.newRow(forOldRow: path.item).map { IndexPath(item: $0, section: path.section) }
    }
    endHighlight()
    visibleCellsByIndexPath = visibleCellsByIndexPath.carried(to: newPath) { endDisplaying($0, at: $1) }
    selectedIndexPaths = Set(selectedIndexPaths.compactMap(newPath))
    setNeedsLayout()
  }
}
