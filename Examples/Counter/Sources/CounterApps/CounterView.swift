import Foundation
import ViewWireKit

/// The counter's screen: the count and two buttons. It builds its subviews in `init` and places
/// them in `layoutSubviews` from `bounds`; it knows nothing of what the buttons do.
public final class CounterView: UIView {
  public let countLabel = UILabel()
  public let incrementButton = UIButton(type: .system)
  public let resetButton = UIButton(type: .system)

  public required init() {
    super.init()
    backgroundColor = .white
    countLabel.textAlignment = .center
    countLabel.font = .systemFont(ofSize: 48, weight: .bold)
    countLabel.accessibilityIdentifier = "count"
    incrementButton.setTitle("+1", for: .normal)
    incrementButton.accessibilityIdentifier = "increment"
    resetButton.setTitle("Reset", for: .normal)
    resetButton.accessibilityIdentifier = "reset"
    for view in [countLabel, incrementButton, resetButton] { addSubview(view) }
  }

  public override func layoutSubviews() {
    super.layoutSubviews()
    let width = bounds.width - 32
    countLabel.frame = CGRect(x: 16, y: safeAreaInsets.top + 80, width: width, height: 60)
    incrementButton.frame = CGRect(x: 16, y: countLabel.frame.maxY + 24, width: width, height: 44)
    resetButton.frame = CGRect(x: 16, y: incrementButton.frame.maxY + 8, width: width, height: 44)
  }

  /// Shows `count`; the controller calls it after every change.
  public func render(count: Int) {
    countLabel.text = "\(count)"
  }
}
