import Foundation
import ViewWireKit

// The table demo: 10,000 items in 100 sections of a UIKit-style table view. The root view builds
// its toolbar and table in init and lays them out in layoutSubviews; the controller keeps the
// items (the model), is the table's data source and delegate, and keeps the user's actions.
// Only the rows on screen exist as views: scrolling reuses the cells of rows that left.

/// A toolbar of actions above the table.
final class ItemsTableView: UIView {
  let insertButton = UIButton.toolbarButton("Insert", "insert")
  let deleteButton = UIButton.toolbarButton("Delete", "delete")
  let tableView: UITableView = {
    let table = UITableView(frame: .zero, style: .plain)
    table.accessibilityIdentifier = "table"
    return table
  }()

  required init() {
    super.init()
    backgroundColor = .white
    for view in [insertButton, deleteButton, tableView] { addSubview(view) }
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    let top = safeAreaInsets.top + 8
    let width = (bounds.width - 16) / 2
    insertButton.frame = CGRect(x: 8, y: top, width: width, height: 44)
    deleteButton.frame = CGRect(x: 8 + width, y: top, width: width, height: 44)
    tableView.frame = CGRect(x: 0, y: top + 52, width: bounds.width, height: bounds.height - top - 52)
  }
}
