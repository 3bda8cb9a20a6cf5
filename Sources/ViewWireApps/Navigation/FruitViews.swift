import Foundation
import ViewWireKit

// The navigation demo's views, in the seeds' style: each root view builds and lays out its
// subviews and exposes the controls a controller attaches actions to. Both lay their content
// out below their safe area's top edge, which the navigation controller sets to its bar.

/// One fruit the demo lists.
struct Fruit: Sendable {
  let name: String
  let summary: String

  static let all = [
    Fruit(name: "Apple", summary: "Crisp, and keeps for months in a cool cellar."),
    Fruit(name: "Fig", summary: "Soft and sweet; eaten fresh or dried."),
    Fruit(name: "Quince", summary: "Too hard to eat raw; cooked into paste and jelly."),
  ]
}

/// A list of fruits, one row button each (`@row-apple`...).
final class FruitListView: UIView {
  let rows: [UIButton]

  /// View's required `init()`, where UIKit code has `required init?(coder:)`: an empty list.
  required convenience init() {
    self.init(fruits: [])
  }

  init(fruits: [Fruit]) {
    rows = fruits.map { fruit in
      let row = UIButton(type: .system)
      row.setTitle(fruit.name, for: .normal)
      row.accessibilityIdentifier = "row-" + fruit.name.lowercased()
      row.backgroundColor = UIColor(white: 0.94)
      return row
    }
    super.init()
    backgroundColor = .white
    for row in rows { addSubview(row) }
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    var y = safeAreaInsets.top + 16
    for row in rows {
      row.frame = CGRect(x: 16, y: y, width: bounds.width - 32, height: 44)
      y += 52
    }
  }
}

/// One fruit's name and summary, with a button to the next fruit (`@next`).
final class FruitDetailView: UIView {
  let nameLabel: UILabel = {
    let label = UILabel()
    label.font = .systemFont(ofSize: 28, weight: .bold)
    label.accessibilityIdentifier = "name"
    return label
  }()

  let summaryLabel: UILabel = {
    let label = UILabel()
    label.numberOfLines = 0
    label.accessibilityIdentifier = "summary"
    return label
  }()

  let nextButton: UIButton = {
    let button = UIButton(type: .system)
    button.setTitle("Next fruit", for: .normal)
    button.accessibilityIdentifier = "next"
    return button
  }()

  required init() {
    super.init()
    backgroundColor = .white
    addSubview(nameLabel)
    addSubview(summaryLabel)
    addSubview(nextButton)
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    let top = safeAreaInsets.top + 16
    let width = bounds.width - 32
    nameLabel.frame = CGRect(x: 16, y: top, width: width, height: 36)
    summaryLabel.frame = CGRect(x: 16, y: top + 44, width: width, height: 48)
    nextButton.frame = CGRect(x: 16, y: top + 100, width: width, height: 44)
  }
}
