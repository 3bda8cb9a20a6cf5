import Foundation
import ViewWireKit

// A stack-view demo: one horizontal stack per distribution (fill, fillEqually,
// fillProportionally, equalSpacing, equalCentering), each holding the same three labels, inside
// a vertical stack pinned to the safe area with anchors. Tapping "toggle" hides or shows every
// row's middle label, so the collapse of hidden arranged views can be watched in each
// distribution.

final class StacksView: UIView {
  let rows: [UIStackView]
  let toggle: UIButton
  let column: UIStackView

  /// View's required `init()`, where UIKit code has `required init?(coder:)`.
  required convenience init() {
    self.init(frame: .zero)
  }

  override init(frame: CGRect) {
    let distributions: [(String, UIStackView.Distribution)] = [
      ("fill", .fill), ("fillEqually", .fillEqually), ("fillProportionally", .fillProportionally),
      ("equalSpacing", .equalSpacing), ("equalCentering", .equalCentering),
    ]
    rows = distributions.map { name, distribution in
      let labels = ["One", "Three", "Fifteen"].map { text -> UILabel in
        let label = UILabel()
        label.text = text
        label.backgroundColor = Color(red: 0.85, green: 0.9, blue: 1, alpha: 1)
        label.textAlignment = .center
        return label
      }
      let row = UIStackView(arrangedSubviews: labels)
      row.axis = .horizontal
      row.spacing = 8
      row.distribution = distribution
      row.accessibilityIdentifier = name
      return row
    }
    toggle = UIButton(type: .system)
    toggle.setTitle("toggle", for: .normal)
    toggle.accessibilityIdentifier = "toggle"
    column = UIStackView(arrangedSubviews: rows + [toggle])
    column.axis = .vertical
    column.spacing = 12
    column.translatesAutoresizingMaskIntoConstraints = false
    super.init(frame: frame)
    backgroundColor = .white
    addSubview(column)
    NSLayoutConstraint.activate([
      column.topAnchor.constraint(equalTo: safeAreaLayoutGuide.topAnchor, constant: 20),
      column.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
      column.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -16),
    ])
  }
}

final class StacksViewController: UIViewController {
  var stacksView: StacksView { view as! StacksView }

  override func loadView() {
    let content = StacksView(frame: .zero)
    content.toggle.addTarget(self, action: StacksViewController.toggleMiddle, for: .touchUpInside)
    view = content
  }

  func toggleMiddle() {
    for row in stacksView.rows { row.arrangedSubviews[1].isHidden.toggle() }
  }
}
