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
///
/// The controller tells the view what changed (rows appended, one removed, two swapped, labels
/// updated), and the view lays out only the rows whose place changed: a swap of two rows of
/// 10,000 costs as much as one of 1,000. It used to be handed the whole list and re-insert every
/// row that was out of place, which for a swap moved each row between the two by one (each
/// move a search and a shift of the subviews: quadratic).
final class RowsView: UIView {
  static let rowHeight: CGFloat = 32

  let addButton = RowsView.button("Add 10", "add")
  let removeFirstButton = RowsView.button("Remove first", "remove-first")
  let swapButton = RowsView.button("Swap", "swap")
  let updateButton = RowsView.button("Update", "update")

  private let list = UIView()
  /// The row views, in the list's order (`list.subviews`, typed).
  private var rowViews: [RowView] = []
  /// Every row from this index on needs its frame set in the next layout.
  private var staleFrom = 0
  /// Rows before `staleFrom` that need their frame set (a swap's two), in no particular order.
  private var staleRows: [Int] = []
  /// The width the rows were last laid out at; another width lays out every row.
  private var rowWidth: CGFloat = -1

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
    if bounds.width != rowWidth {
      rowWidth = bounds.width
      staleFrom = 0
    }
    // In index order, as a full pass would set them, so the frame's lines come in that order.
    staleRows.sort()
    for index in staleRows where index < staleFrom && index < rowViews.count { placeRow(at: index) }
    for index in staleFrom..<max(staleFrom, rowViews.count) { placeRow(at: index) }
    staleRows = []
    staleFrom = rowViews.count
  }

  private func placeRow(at index: Int) {
    rowViews[index].frame = CGRect(
      x: 0, y: CGFloat(index) * Self.rowHeight, width: rowWidth, height: Self.rowHeight)
  }

  /// Adds rows at the end.
  func append(_ rows: some Sequence<RowItem>) {
    for row in rows {
      let view = RowView()
      view.tag = row.number
      view.label.text = row.label
      view.accessibilityIdentifier = "row-\(row.number)"
      staleFrom = min(staleFrom, rowViews.count)
      rowViews.append(view)
      list.addSubview(view)
    }
    setNeedsLayout()
  }

  /// Removes the row at `index`; the rows below move up.
  func removeRow(at index: Int) {
    rowViews.remove(at: index).removeFromSuperview()
    staleFrom = min(staleFrom, index)
    setNeedsLayout()
  }

  /// Swaps two rows, on screen and in the list's order.
  func swapRows(_ first: Int, _ second: Int) {
    guard first != second else { return }
    rowViews.swapAt(first, second)
    list.exchangeSubview(at: first, withSubviewAt: second)
    staleRows.append(first)
    staleRows.append(second)
    setNeedsLayout()
  }

  /// Shows a row's new label.
  func updateRow(at index: Int, label: String) {
    rowViews[index].label.text = label
  }
}
