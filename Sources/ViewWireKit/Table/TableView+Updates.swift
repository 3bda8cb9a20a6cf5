public import Foundation

// Inserting, deleting, reloading and moving rows, alone or in a batch (UIKit's
// `insertRows(at:with:)`, `deleteRows(at:with:)`, `reloadRows(at:with:)`, `moveRow(at:to:)`,
// `performBatchUpdates(_:completion:)`).
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

  /// Moves a row from `indexPath` (numbered as before the update) to `newIndexPath` (numbered as
  /// after it), within its section or to another; the data source already has it there. As in
  /// UIKit, the row keeps its cell (which only moves: no `cellForRowAt`) and its selection, and
  /// the rows between slide to make room. Moves combine with insertions and deletions in a batch;
  /// moving a row that the same update deletes or reloads, or moving two rows from or to one
  /// place, is a programmer error (UIKit raises an exception).
  public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    pendingUpdates.moves.append((from: indexPath, to: newIndexPath))
    applyUpdatesUnlessBatching()
  }

  /// Inserts whole sections (numbered as after the update); the data source already has them.
  public func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
    pendingUpdates.insertedSections += Array(sections)
    applyUpdatesUnlessBatching()
  }

  /// Deletes whole sections (numbered as before the update), with their rows and selection.
  public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
    pendingUpdates.deletedSections += Array(sections)
    applyUpdatesUnlessBatching()
  }

  /// Asks the data source again for whole sections: their header, row count, heights and cells.
  public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
    pendingUpdates.reloadedSections += Array(sections)
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
    let oldCount = geometry.sections.count
    let newCount = dataSource.numberOfSections(in: self)
    let sections = updates.sectionChanges
    precondition(
      sections.deleted.allSatisfy { $0 >= 0 && $0 < oldCount }
        && sections.reloaded.allSatisfy { $0 >= 0 && $0 < oldCount }
        && sections.inserted.allSatisfy { $0 >= 0 && $0 < newCount },
      "Invalid update: a deleted, reloaded or inserted section is outside the table")
    precondition(
      newCount == oldCount - sections.deleted.count + sections.inserted.count,
      "Invalid update: invalid number of sections. The number of sections contained in the table view after the "
        + "update (\(newCount)) must be equal to the number of sections contained in the table view before the "
        + "update (\(oldCount)), plus or minus the number of sections inserted or deleted (\(sections.inserted.count) "
        + "inserted, \(sections.deleted.count) deleted)")
    let sources = Set(updates.moves.map(\.from))
    let destinations = Set(updates.moves.map(\.to))
    precondition(
      sources.count == updates.moves.count && destinations.count == updates.moves.count,
      "Invalid update: two rows are moved from, or to, the same index path")
    precondition(
      sources.isDisjoint(with: updates.deletions) && sources.isDisjoint(with: updates.reloads),
      "Invalid update: a row is moved and also deleted or reloaded")
    precondition(
      destinations.isDisjoint(with: updates.insertions),
      "Invalid update: a row is moved to an index path that is also inserted")
    // Deletions and reloads are keyed by the section before the update, insertions by the one after.
    let rows = updates.bySection()
    let rebuilt = Set(sections.deleted + sections.reloaded)
    for (section, change) in rows where !change.deleted.isEmpty || !change.reloaded.isEmpty {
      precondition(
        !rebuilt.contains(section),
        "Invalid update: rows of section \(section) are deleted or reloaded while the section itself is")
    }
    for (section, change) in rows where !change.inserted.isEmpty {
      precondition(
        !sections.inserted.contains(section),
        "Invalid update: rows are inserted into section \(section), which the same update inserts")
    }
    var newSections = [TableGeometry.Section?](repeating: nil, count: newCount)
    var rowChanges: [Int: PendingUpdates.SectionChanges] = [:]
    for old in 0..<oldCount where !sections.deleted.contains(old) {
      let new = sections.newRow(forOldRow: old)!
      if sections.reloaded.contains(old) { continue }
      let change = PendingUpdates.SectionChanges(
        deleted: rows[old]?.deleted ?? [], reloaded: rows[old]?.reloaded ?? [],
        inserted: rows[new]?.inserted ?? [])
      let before = geometry.numberOfRows(inSection: old)
      let after = dataSource.tableView(self, numberOfRowsInSection: new)
      precondition(
        change.deleted.allSatisfy { $0 >= 0 && $0 < before }
          && change.reloaded.allSatisfy { $0 >= 0 && $0 < before },
        "Invalid update: a deleted or reloaded row of section \(old) is outside its \(before) rows before the update"
      )
      precondition(
        after == before + change.inserted.count - change.deleted.count,
        "Invalid update: invalid number of rows in section \(new). The number of rows contained in an existing "
          + "section after the update (\(after)) must be equal to the number of rows contained in that section "
          + "before the update (\(before)), plus or minus the number of rows inserted or deleted from that "
          + "section (\(change.inserted.count) inserted, \(change.deleted.count) deleted)")
      precondition(
        change.inserted.allSatisfy { $0 >= 0 && $0 < after },
        "Invalid update: an inserted row of section \(new) is outside its \(after) rows after the update")
      rowChanges[old] = change
      // A section the update leaves alone keeps its heights and sums as they are, so an update
      // costs the sections it changes (and the sections' tops), not every row of the table.
      guard !change.deleted.isEmpty || !change.reloaded.isEmpty || !change.inserted.isEmpty else {
        newSections[new] = geometry.sections[old]
        continue
      }
      newSections[new] = updated(geometry.sections[old], with: change, inSection: new)
    }
    for new in 0..<newCount where newSections[new] == nil {
      let count = dataSource.tableView(self, numberOfRowsInSection: new)
      newSections[new] = makeSection(new, rowCount: count, headerHeight: headerHeight(inSection: new))
    }
    geometry.reset(newSections.map { $0! })
    remap(sections: sections, rows: rowChanges, moves: updates.moves)
    setNeedsLayout()
  }

  /// A section after a change: survivors keep their heights, inserted rows are asked of the
  /// delegate, reloaded rows asked again. When every row then has one height, as in a table sized
  /// by `rowHeight`, this costs the rows changed; otherwise it is linear in the section's rows.
  private func updated(
    _ old: TableGeometry.Section, with change: PendingUpdates.SectionChanges, inSection section: Int
  ) -> TableGeometry.Section {
    let newCount = old.rowCount - change.deleted.count + change.inserted.count
    let inserted = change.inserted.map { rowHeight(at: IndexPath(row: $0, section: section)) }
    let reloaded = change.reloaded.compactMap { row in
      change.newRow(forOldRow: row).map { ($0, rowHeight(at: IndexPath(row: $0, section: section))) }
    }
    // The one height every row would have, if there is one: the survivors' (when any survive),
    // else the first new row's.
    let survivors = old.rowCount - change.deleted.count
    if let common = survivors > 0 ? old.uniformHeight : (inserted.first ?? 0),
      inserted.allSatisfy({ $0 == common }), reloaded.allSatisfy({ $0.1 == common })
    {
      return TableGeometry.Section(headerHeight: old.headerHeight, rowCount: newCount, rowHeight: common)
    }
    var heights: [CGFloat] = []
    heights.reserveCapacity(newCount)
    var nextOld = 0
    var nextDeleted = 0
    var nextInserted = 0
    for _ in 0..<newCount {
      if nextInserted < change.inserted.count, change.inserted[nextInserted] == heights.count {
        heights.append(inserted[nextInserted])
        nextInserted += 1
        continue
      }
      while nextDeleted < change.deleted.count, change.deleted[nextDeleted] == nextOld {
        nextDeleted += 1
        nextOld += 1
      }
      heights.append(old.rowHeight(nextOld))
      nextOld += 1
    }
    for (row, height) in reloaded { heights[row] = height }
    return TableGeometry.Section(headerHeight: old.headerHeight, rowHeights: heights)
  }

  /// Moves visible cells, headers and the selection to their new numbers (a moved row's to its
  /// destination); cells and headers of deleted and reloaded rows and sections go to the reuse
  /// queue, and leave the selection.
  private func remap(
    sections: PendingUpdates.SectionChanges, rows: [Int: PendingUpdates.SectionChanges],
    moves: [(from: IndexPath, to: IndexPath)]
  ) {
    let movedTo = Dictionary(uniqueKeysWithValues: moves.map { ($0.from, $0.to) })
    func newSection(_ section: Int) -> Int? {
      sections.reloaded.contains(section) ? nil : sections.newRow(forOldRow: section)
    }
    func newPath(_ path: IndexPath) -> IndexPath? {
      guard let section = newSection(path.section) else { return nil }
      if let destination = movedTo[path] { return destination }
      guard let change = rows[path.section] else { return IndexPath(row: path.row, section: section) }
      if change.reloaded.contains(path.row) { return nil }
      return change.newRow(forOldRow: path.row).map { IndexPath(row: $0, section: section) }
    }
    if let highlighted = highlightedIndexPath {
      cellForRow(at: highlighted)?.setHighlighted(false, animated: false)
      highlightedIndexPath = nil
    }
    visibleCellsByIndexPath = visibleCellsByIndexPath.carried(to: newPath) { endDisplaying($0, at: $1) }
    visibleHeadersBySection = visibleHeadersBySection.carried(to: newSection) { header, _ in
      endDisplaying(header: header)
    }
    selectedIndexPaths = Set(selectedIndexPaths.compactMap(newPath))
  }
}
