import Foundation
package import ViewWireKit

/// The rows demo's controller: it owns the rows and the actions; `RowsView` shows them, told of
/// each change rather than handed the whole list, so an action costs what it changes.
///
/// Package-visible so `bench-diff` can measure the demo's own actions at 1,000 to 10,000 rows.
package final class RowsViewController: ViewController {
  private var rows: [RowItem] = []
  private var labels = RowLabels()

  private var rowsView: RowsView { view as! RowsView }

  package override func loadView() {
    view = RowsView()
  }

  package override func viewDidLoad() {
    super.viewDidLoad()
    title = "Rows"
    rowsView.addButton.addTarget(self, action: RowsViewController.addTen, for: .touchUpInside)
    rowsView.removeFirstButton.addTarget(self, action: RowsViewController.removeFirst, for: .touchUpInside)
    rowsView.swapButton.addTarget(self, action: RowsViewController.swapSecondAndLast, for: .touchUpInside)
    rowsView.updateButton.addTarget(self, action: RowsViewController.updateEveryThird, for: .touchUpInside)
  }

  private func addTen() { add(10) }

  /// Appends `count` new rows (the Add button adds 10; the benchmark fills the table with it).
  package func add(_ count: Int) {
    let new = (0..<count).map { _ in labels.next() }
    rows.append(contentsOf: new)
    rowsView.append(new)
  }

  /// Removes the first row.
  package func removeFirst() {
    guard !rows.isEmpty else { return }
    rows.removeFirst()
    rowsView.removeRow(at: 0)
  }

  /// Swaps the second row and the last, as js-framework-benchmark swaps rows 2 and 999.
  package func swapSecondAndLast() {
    guard rows.count > 2 else { return }
    rows.swapAt(1, rows.count - 1)
    rowsView.swapRows(1, rows.count - 1)
  }

  /// Appends ` !!!` to every third row's label, as js-framework-benchmark's partial update does
  /// to every tenth.
  package func updateEveryThird() {
    for index in stride(from: 0, to: rows.count, by: 3) {
      rows[index].label += " !!!"
      rowsView.updateRow(at: index, label: rows[index].label)
    }
  }
}
