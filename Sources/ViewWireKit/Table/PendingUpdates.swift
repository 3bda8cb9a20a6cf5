import Algorithms
import Foundation

/// The row updates a table recorded since it last applied them, and how they move rows.
///
/// UIKit's rules for a batch, whatever order the calls came in: deletions and reloads name rows
/// as they were **before** the batch; insertions name rows as they are **after** it (after the
/// deletions). A reload is a deletion and an insertion of the same row. A move is a deletion of
/// its source (numbered before) and an insertion of its destination (numbered after) whose cell
/// and selection go along.
struct PendingUpdates {
  var deletions: [IndexPath] = []
  var insertions: [IndexPath] = []
  var reloads: [IndexPath] = []
  /// Rows moved: the source numbered as before the update, the destination as after it.
  var moves: [(from: IndexPath, to: IndexPath)] = []
  /// Sections removed, numbered as before the update.
  var deletedSections: [Int] = []
  /// Sections added, numbered as after the update.
  var insertedSections: [Int] = []
  /// Sections asked for again whole, numbered as before the update.
  var reloadedSections: [Int] = []

  var isEmpty: Bool {
    deletions.isEmpty && insertions.isEmpty && reloads.isEmpty && moves.isEmpty && deletedSections.isEmpty
      && insertedSections.isEmpty && reloadedSections.isEmpty
  }

  /// How sections move: the same arithmetic as rows within a section, over section numbers.
  var sectionChanges: SectionChanges {
    SectionChanges(
      deleted: Array(Set(deletedSections)).sorted(), reloaded: Array(Set(reloadedSections)).sorted(),
      inserted: Array(Set(insertedSections)).sorted())
  }

  /// One section's share of a batch: sorted, without duplicates.
  struct SectionChanges {
    /// Rows removed, in the numbering before the batch.
    var deleted: [Int] = []
    /// Rows reloaded, in the numbering before the batch.
    var reloaded: [Int] = []
    /// Rows added, in the numbering after the batch.
    var inserted: [Int] = []

    /// The row's number after the batch, nil when the row was deleted. Reloaded rows keep a
    /// number (their cells are replaced, not their place).
    func newRow(forOldRow row: Int) -> Int? {
      if binarySearch(deleted, row) { return nil }
      var result = row - countBelow(deleted, row)
      for insertion in inserted {
        if insertion <= result { result += 1 } else { break }
      }
      return result
    }

    private func binarySearch(_ array: [Int], _ value: Int) -> Bool {
      let index = countBelow(array, value)
      return index < array.count && array[index] == value
    }

    /// How many elements of the sorted `array` are below `value`.
    private func countBelow(_ array: [Int], _ value: Int) -> Int {
      array.partitioningIndex { $0 >= value }
    }
  }

  /// The changes by section, each list sorted and without duplicates.
  func bySection() -> [Int: SectionChanges] {
    var result: [Int: SectionChanges] = [:]
    for path in deletions { result[path.section, default: SectionChanges()].deleted.append(path.row) }
    for path in reloads { result[path.section, default: SectionChanges()].reloaded.append(path.row) }
    for path in insertions { result[path.section, default: SectionChanges()].inserted.append(path.row) }
    for move in moves {
      result[move.from.section, default: SectionChanges()].deleted.append(move.from.row)
      result[move.to.section, default: SectionChanges()].inserted.append(move.to.row)
    }
    for key in result.keys {
      result[key]!.deleted = Array(Set(result[key]!.deleted)).sorted()
      result[key]!.reloaded = Array(Set(result[key]!.reloaded)).sorted()
      result[key]!.inserted = Array(Set(result[key]!.inserted)).sorted()
    }
    return result
  }
}

extension Dictionary where Key: Comparable {
  /// What an update does to the cells (or headers) on screen, for tables and collections alike:
  /// each keeps its view under its new index (`newKey`), and one whose row, item or section is
  /// gone (deleted or reloaded) is handed to `dropped`, in index order, and left out.
  func carried(to newKey: (Key) -> Key?, dropping dropped: (Value, Key) -> Void) -> [Key: Value] {
    var carried: [Key: Value] = [:]
    for (key, value) in sorted(by: { $0.key < $1.key }) {
      if let moved = newKey(key) {
        carried[moved] = value
      } else {
        dropped(value, key)
      }
    }
    return carried
  }
}
