import Foundation
import ViewWireKit

// The rows demo: js-framework-benchmark's table, on the wire. The view builds its toolbar and
// table in init and lays them out in layoutSubviews; the controller keeps the rows (the model),
// is the table's data source, and keeps the user's actions. The table is a `UITableView`, as a
// UIKit engineer would show 10,000 rows: only the rows on screen are cells, so removing the first
// row moves the cells on screen up by one row height (one `shift` line) and a swap or an update
// sends the labels on screen that changed, whatever the number of rows.

/// One row of the table: its number and label.
struct RowItem: Sendable, Equatable {
  let number: Int
  var label: String
}

/// js-framework-benchmark's label generator with a fixed seed, so a session is repeatable.
struct RowLabels {
  private static let adjectives = [
    "pretty", "large", "big", "small", "tall", "short", "long", "handsome", "plain", "quaint", "clean",
  ]
  private static let colours = ["red", "yellow", "blue", "green", "pink", "brown", "purple", "white"]
  private static let nouns = ["table", "chair", "house", "bbq", "desk", "car", "pony", "cookie", "pizza"]
  private var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  private var nextNumber = 1

  private mutating func random(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
  }

  /// The next row: a new number and a random label.
  mutating func next() -> RowItem {
    defer { nextNumber += 1 }
    let adjective = Self.adjectives[random(Self.adjectives.count)]
    let colour = Self.colours[random(Self.colours.count)]
    return RowItem(
      number: nextNumber, label: "\(adjective) \(colour) \(Self.nouns[random(Self.nouns.count)])")
  }
}

/// One row's cell: its label in the demo's 15-point text, as js-framework-benchmark's `<tr>`
/// with its label cell. Reused: the table hands a cell that left the screen to the next row.
final class RowCell: UITableViewCell {
  static let reuseIdentifier = "row"

  required init(style: CellStyle, reuseIdentifier: String?) {
    super.init(style: style, reuseIdentifier: reuseIdentifier)
    textLabel?.font = .systemFont(ofSize: 15)
  }

  /// Shows `row`: its label, and its number as the identifier a client taps it by.
  func show(_ row: RowItem) {
    textLabel?.text = row.label
    accessibilityIdentifier = "row-\(row.number)"
  }
}

/// A toolbar of actions above a table of rows.
final class RowsView: UIView {
  static let rowHeight: CGFloat = 32

  let addButton = UIButton.toolbarButton("Add 10", "add")
  let removeFirstButton = UIButton.toolbarButton("Remove first", "remove-first")
  let swapButton = UIButton.toolbarButton("Swap", "swap")
  let updateButton = UIButton.toolbarButton("Update", "update")

  let tableView: UITableView = {
    let table = UITableView(frame: .zero, style: .plain)
    table.accessibilityIdentifier = "list"
    table.rowHeight = RowsView.rowHeight
    // The rows are a list to look at, as the benchmark's table; a tap on one selects nothing.
    table.allowsSelection = false
    table.register(RowCell.self, forCellReuseIdentifier: RowCell.reuseIdentifier)
    return table
  }()

  required init() {
    super.init()
    backgroundColor = .white
    for button in [addButton, removeFirstButton, swapButton, updateButton] { addSubview(button) }
    addSubview(tableView)
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    let buttons = [addButton, removeFirstButton, swapButton, updateButton]
    let top = safeAreaInsets.top + 8
    let width = (bounds.width - 16) / CGFloat(buttons.count)
    for (index, button) in buttons.enumerated() {
      button.frame = CGRect(x: 8 + CGFloat(index) * width, y: top, width: width, height: 44)
    }
    tableView.frame = CGRect(x: 0, y: top + 52, width: bounds.width, height: bounds.height - top - 52)
  }
}
