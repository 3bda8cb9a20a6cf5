import Foundation
import ViewWireKit

// The rows demo: js-framework-benchmark's table, on the wire. The view builds its toolbar and
// list in init and lays them out by index in layoutSubviews; the controller keeps the rows (the
// model) and the user's actions. Removing or inserting a row moves every row below it by one
// row height, which a version 2 client receives as one `shift` line.

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

/// One row: a label inset in a view, as js-framework-benchmark's `<tr>` with its label cell.
final class RowView: UIView {
  let label: UILabel = {
    let label = UILabel()
    label.font = .systemFont(ofSize: 15)
    return label
  }()

  required init() {
    super.init()
    addSubview(label)
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    label.frame = CGRect(x: 16, y: 0, width: bounds.width - 32, height: bounds.height)
  }
}

/// A toolbar of actions above a list of rows stacked by index.
final class RowsView: UIView {
  static let rowHeight: CGFloat = 32

  let addButton = RowsView.button("Add 10", "add")
  let removeFirstButton = RowsView.button("Remove first", "remove-first")
  let swapButton = RowsView.button("Swap", "swap")
  let updateButton = RowsView.button("Update", "update")

  private let list = UIView()
  private var rowViews: [RowView] = []

  required init() {
    super.init()
    backgroundColor = .white
    for button in [addButton, removeFirstButton, swapButton, updateButton] { addSubview(button) }
    list.accessibilityIdentifier = "list"
    addSubview(list)
  }

  private static func button(_ title: String, _ identifier: String) -> UIButton {
    let button = UIButton(type: .system)
    button.setTitle(title, for: .normal)
    button.accessibilityIdentifier = identifier
    return button
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    let buttons = [addButton, removeFirstButton, swapButton, updateButton]
    let top = safeAreaInsets.top + 8
    let width = (bounds.width - 16) / CGFloat(buttons.count)
    for (index, button) in buttons.enumerated() {
      button.frame = CGRect(x: 8 + CGFloat(index) * width, y: top, width: width, height: 44)
    }
    list.frame = CGRect(x: 0, y: top + 52, width: bounds.width, height: bounds.height - top - 52)
    for (index, row) in list.subviews.enumerated() {
      row.frame = CGRect(
        x: 0, y: CGFloat(index) * Self.rowHeight, width: bounds.width, height: Self.rowHeight)
    }
  }

  /// Shows `rows` in order, reusing the row views of rows still shown (by number), so a removal
  /// removes one view and the rows below it move up.
  func show(_ rows: [RowItem]) {
    var kept: [Int: RowView] = [:]
    for view in rowViews { kept[view.tag] = view }
    var shown: [RowView] = []
    for row in rows {
      let view = kept.removeValue(forKey: row.number) ?? RowView()
      view.tag = row.number
      view.label.text = row.label
      view.accessibilityIdentifier = "row-\(row.number)"
      shown.append(view)
    }
    for view in kept.values { view.removeFromSuperview() }
    for (index, view) in shown.enumerated()
    where list.subviews.count <= index || list.subviews[index] !== view {
      list.insertSubview(view, at: index)
    }
    rowViews = shown
    setNeedsLayout()
  }
}
