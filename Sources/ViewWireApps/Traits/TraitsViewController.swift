import Foundation
import ViewWireKit

// The client's traits made visible: a card pinned to the safe area (so the insets a client
// states in `hello safe-area=` show as the margin around it), text that says each trait, dynamic
// colours (the system ones and one of the app's own) and Dynamic Type fonts that follow
// `hello content-size=`. Everything updates in `traitCollectionDidChange(_:)` and
// `viewSafeAreaInsetsDidChange()`, the UIKit callbacks a real app would use.

/// The card's colour: a pale blue by day, a deep blue by night (an app's own dynamic colour).
private let cardColor = UIColor(
  light: UIColor(red: 0.9, green: 0.95, blue: 1), dark: UIColor(red: 0.04, green: 0.16, blue: 0.29))

/// The screen: the card inside the safe area, its lines of text in a stack view.
final class TraitsView: UIView {
  let card = UIView()
  let titleLabel = UILabel()
  let appearanceLabel = UILabel()
  let sizeClassLabel = UILabel()
  let contentSizeLabel = UILabel()
  let safeAreaLabel = UILabel()
  let bodyLabel = UILabel()

  /// View's required `init()`, where UIKit code has `required init?(coder:)`.
  required convenience init() {
    self.init(frame: .zero)
  }

  override init(frame: CGRect) {
    super.init(frame: frame)
    backgroundColor = .systemBackground
    card.backgroundColor = cardColor
    card.layer.cornerRadius = 12
    card.accessibilityIdentifier = "card"
    card.translatesAutoresizingMaskIntoConstraints = false
    addSubview(card)

    titleLabel.text = "Traits"
    titleLabel.font = .preferredFont(forTextStyle: .largeTitle)
    titleLabel.accessibilityIdentifier = "title"
    let lines: [(UILabel, String)] = [
      (appearanceLabel, "appearance"), (sizeClassLabel, "size-classes"), (contentSizeLabel, "content-size"),
      (safeAreaLabel, "safe-area"),
    ]
    for (label, identifier) in lines {
      label.font = .preferredFont(forTextStyle: .body)
      label.accessibilityIdentifier = identifier
    }
    bodyLabel.text = "This text follows the reader's text size."
    bodyLabel.font = .preferredFont(forTextStyle: .footnote)
    bodyLabel.textColor = .secondaryLabel
    bodyLabel.numberOfLines = 0
    bodyLabel.accessibilityIdentifier = "body"
    for label in [titleLabel, bodyLabel] + lines.map(\.0) { label.adjustsFontForContentSizeCategory = true }

    let stack = UIStackView(arrangedSubviews: [titleLabel] + lines.map(\.0) + [bodyLabel])
    stack.axis = .vertical
    stack.spacing = 8
    stack.translatesAutoresizingMaskIntoConstraints = false
    card.addSubview(stack)

    let guide = safeAreaLayoutGuide
    NSLayoutConstraint.activate([
      card.topAnchor.constraint(equalTo: guide.topAnchor, constant: 8),
      card.leadingAnchor.constraint(equalTo: guide.leadingAnchor, constant: 8),
      card.trailingAnchor.constraint(equalTo: guide.trailingAnchor, constant: -8),
      card.bottomAnchor.constraint(equalTo: guide.bottomAnchor, constant: -8),
      stack.topAnchor.constraint(equalTo: card.topAnchor, constant: 16),
      stack.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 16),
      stack.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -16),
    ])
  }
}

/// Writes the traits into the labels whenever they change.
final class TraitsViewController: UIViewController, ViewSpecificController {
  typealias RootView = TraitsView

  override func loadView() {
    view = TraitsView()
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Traits"
    showTraits()
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    showTraits()
  }

  override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    showTraits()
  }

  override func viewSafeAreaInsetsDidChange() {
    super.viewSafeAreaInsetsDidChange()
    showTraits()
  }

  private func showTraits() {
    let traits = traitCollection
    let view = view()
    view.appearanceLabel.text = "appearance: \(traits.userInterfaceStyle.rawValue)"
    view.sizeClassLabel.text =
      "size classes: \(traits.horizontalSizeClass.rawValue) x \(traits.verticalSizeClass.rawValue)"
    view.contentSizeLabel.text = "content size: \(traits.preferredContentSizeCategory.rawValue)"
    let insets = view.safeAreaInsets
    let numbers = [insets.top, insets.left, insets.bottom, insets.right].map { value in
      value == value.rounded() ? String(Int(value)) : String(Double(value))
    }
    view.safeAreaLabel.text = "safe area: " + numbers.joined(separator: " ")
  }
}
