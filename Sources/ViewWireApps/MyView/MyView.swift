import Foundation
import ViewWireKit

// The view of seed 002 ("Writing Cleaner View Code in Swift By Overriding loadView()"). The seed
// leaves `MyView` to the reader: it has a `delegate` the controller sets in `loadView()` and a
// `render()` method the controller calls in `viewDidLoad()`. This one is a counter: a label and a
// button; the view builds and lays out both, and reports taps to its delegate, so the controller
// holds only the count and the user's action.

/// Hears what the user did in a `MyView`.
protocol MyViewDelegate: AnyObject {
  func myViewDidTapButton(_ myView: MyView)
}

final class MyView: UIView {
  weak var delegate: (any MyViewDelegate)?

  private let countLabel: UILabel = {
    let label = UILabel()
    label.textAlignment = .center
    label.font = .systemFont(ofSize: 24, weight: .semibold)
    label.accessibilityIdentifier = "count"
    return label
  }()

  private let button: UIButton = {
    let button = UIButton(type: .system)
    button.setTitle("Tap me", for: .normal)
    button.backgroundColor = .systemBlue
    button.setTitleColor(.white, for: .normal)
    button.layer.cornerRadius = 8
    button.accessibilityIdentifier = "tap"
    return button
  }()

  required init() {
    super.init()
    backgroundColor = .white
    addSubview(countLabel)
    addSubview(button)
    button.addTarget(self, action: MyView.buttonTapped, for: .touchUpInside)
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    countLabel.frame = CGRect(x: 16, y: bounds.height / 2 - 80, width: bounds.width - 32, height: 40)
    button.frame = CGRect(x: bounds.width / 2 - 80, y: bounds.height / 2, width: 160, height: 44)
  }

  /// Shows the number of taps; the controller calls it with its model's value.
  func render(taps: Int = 0) {
    countLabel.text = taps == 1 ? "1 tap" : "\(taps) taps"
  }

  private func buttonTapped() {
    delegate?.myViewDidTapButton(self)
  }
}
