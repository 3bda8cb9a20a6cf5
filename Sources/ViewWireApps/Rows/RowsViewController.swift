import Foundation
import ViewWireKit

/// The rows demo's controller: it owns the rows and the actions; `RowsView` shows them.
final class RowsViewController: UIViewController {
  private var rows: [RowItem] = []
  private var labels = RowLabels()

  private var rowsView: RowsView { view as! RowsView }

  override func loadView() {
    view = RowsView()
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Rows"
    rowsView.addButton.addTarget(self, action: RowsViewController.addTen, for: .touchUpInside)
    rowsView.removeFirstButton.addTarget(self, action: RowsViewController.removeFirst, for: .touchUpInside)
    rowsView.swapButton.addTarget(self, action: RowsViewController.swapSecondAndLast, for: .touchUpInside)
    rowsView.updateButton.addTarget(self, action: RowsViewController.updateEveryThird, for: .touchUpInside)
  }

  private func addTen() {
    for _ in 0..<10 { rows.append(labels.next()) }
    rowsView.show(rows)
  }

  private func removeFirst() {
    guard !rows.isEmpty else { return }
    rows.removeFirst()
    rowsView.show(rows)
  }

  /// Swaps the second row and the last, as js-framework-benchmark swaps rows 2 and 999.
  private func swapSecondAndLast() {
    guard rows.count > 2 else { return }
    rows.swapAt(1, rows.count - 1)
    rowsView.show(rows)
  }

  /// Appends ` !!!` to every third row's label, as js-framework-benchmark's partial update does
  /// to every tenth.
  private func updateEveryThird() {
    for index in stride(from: 0, to: rows.count, by: 3) { rows[index].label += " !!!" }
    rowsView.show(rows)
  }
}
