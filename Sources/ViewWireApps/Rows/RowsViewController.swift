package import Foundation
package import ViewWireKit

/// The rows demo's controller: it owns the rows and the actions, and is the data source of
/// `RowsView`'s table, which it tells what changed (rows inserted, deleted, reloaded) as a UIKit
/// table's controller does, so an action costs the rows it changes on screen, not the table's
/// length.
///
/// Package-visible so `bench-diff` can measure the demo's own actions at 1,000 to 10,000 rows.
package final class RowsViewController: ViewController, UITableViewDataSource {
  private var rows = RowList()
  private var labels = RowLabels()

  private var rowsView: RowsView { view as! RowsView }
  private var tableView: UITableView { rowsView.tableView }

  package override func loadView() {
    view = RowsView()
  }

  package override func viewDidLoad() {
    super.viewDidLoad()
    title = "Rows"
    tableView.dataSource = self
    rowsView.addButton.addTarget(self, action: RowsViewController.addTen, for: .touchUpInside)
    rowsView.removeFirstButton.addTarget(self, action: RowsViewController.removeFirst, for: .touchUpInside)
    rowsView.swapButton.addTarget(self, action: RowsViewController.swapSecondAndLast, for: .touchUpInside)
    rowsView.updateButton.addTarget(self, action: RowsViewController.updateEveryThird, for: .touchUpInside)
  }

  // MARK: Data source

  /// One section: the rows.
  package func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }

  /// A reused cell showing the row.
  package func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: RowCell.reuseIdentifier, for: indexPath)
    (cell as! RowCell).show(rows[indexPath.row])
    return cell
  }

  // MARK: Actions

  private func addTen() {
    // Bounded, so one client cannot grow the table without end (PROTOCOL.md section 17); the
    // benchmarks call `add` themselves and are not bound by it.
    guard rows.count + 10 <= Self.maximumRows else {
      view.window?.reportLimit("the rows table holds at most \(Self.maximumRows) rows")
      return
    }
    add(10)
  }

  /// The most rows a client can add with `tap @add`.
  package static let maximumRows = 10_000

  /// Appends `count` new rows (the Add button adds 10; the benchmark fills the table with it).
  package func add(_ count: Int) {
    let first = rows.count
    for _ in 0..<count { rows.append(labels.next()) }
    tableView.insertRows(at: (first..<rows.count).map { IndexPath(row: $0, section: 0) }, with: .automatic)
  }

  /// Removes the first row; the table moves the rows on screen up.
  package func removeFirst() {
    guard !rows.isEmpty else { return }
    rows.removeFirst()
    tableView.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
  }

  /// Swaps the second row and the last, as js-framework-benchmark swaps rows 2 and 999: the two
  /// rows keep their places and show each other's contents, so the table reloads the two (a row
  /// off screen has no cell, and costs nothing).
  package func swapSecondAndLast() {
    guard rows.count > 2 else { return }
    rows.swapAt(1, rows.count - 1)
    tableView.reloadRows(
      at: [IndexPath(row: 1, section: 0), IndexPath(row: rows.count - 1, section: 0)], with: .none)
  }

  /// Appends ` !!!` to every third row's label, as js-framework-benchmark's partial update does
  /// to every tenth. The rows' heights do not change, so the cells on screen are shown again in
  /// place (UIKit's `reconfigureRows`); the others get the new labels when they come into view.
  package func updateEveryThird() {
    for index in stride(from: 0, to: rows.count, by: 3) { rows.appendToLabel(at: index, " !!!") }
    for indexPath in tableView.indexPathsForVisibleRows ?? [] where indexPath.row % 3 == 0 {
      (tableView.cellForRow(at: indexPath) as? RowCell)?.show(rows[indexPath.row])
    }
  }
}

/// The demo's rows: an array whose first rows are dropped by moving a start index, so removing
/// the first row costs the same at 10,000 rows as at 1,000 (an array's `removeFirst` moves every
/// row after it). The dropped rows' storage is reclaimed once they are half of it: amortised O(1).
struct RowList {
  private var storage: [RowItem] = []
  private var start = 0

  /// The number of rows.
  var count: Int { storage.count - start }

  /// Whether there are no rows.
  var isEmpty: Bool { count == 0 }

  /// The row at `index`, counted from the first.
  subscript(index: Int) -> RowItem { storage[start + index] }

  /// Appends `suffix` to a row's label, in place (a get and a set would copy the label).
  mutating func appendToLabel(at index: Int, _ suffix: String) { storage[start + index].label += suffix }

  /// Adds a row at the end.
  mutating func append(_ row: RowItem) { storage.append(row) }

  /// Drops the first row.
  mutating func removeFirst() {
    precondition(!isEmpty, "removeFirst on no rows")
    storage[start] = RowItem(number: 0, label: "")  // lets its label go now
    start += 1
    if start >= 64, start * 2 >= storage.count {
      storage.removeFirst(start)
      start = 0
    }
  }

  /// Exchanges two rows.
  mutating func swapAt(_ first: Int, _ second: Int) { storage.swapAt(start + first, start + second) }
}
