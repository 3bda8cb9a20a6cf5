public import Foundation

/// The bar of tabs a tab bar controller shows along the bottom (UIKit's `UITabBar`).
///
/// One button per tab, sharing the width, identified as `tab-` and the title in lowercase with
/// dashes for spaces (`tap @tab-settings`); the selected tab's title is in the tint colour, the
/// others grey.
open class TabBar: View {
  /// The bar's height above the bottom safe-area inset (UIKit's 49).
  public static let height: CGFloat = 49

  /// The buttons, in tab order.
  public private(set) var buttons: [Button] = []

  /// Called with the index of a tapped tab.
  var onSelect: ((Int) -> Void)?

  /// The selected tab, drawn in the tint colour.
  var selectedIndex = 0 {
    didSet { updateColours() }
  }

  /// An empty tab bar (View's required `init()`).
  public required init() {
    super.init()
    backgroundColor = .tabBarBackground
  }

  /// Shows one button per title.
  func setTitles(_ titles: [String]) {
    if titles.count != buttons.count {
      for button in buttons { button.removeFromSuperview() }
      buttons = titles.indices.map { index in
        let button = Button(type: .system)
        button.titleLabel?.font = .systemFont(ofSize: 10, weight: .medium)
        button.addAction(Action { [weak self] _ in self?.onSelect?(index) }, for: .touchUpInside)
        addSubview(button)
        return button
      }
    }
    for (button, title) in zip(buttons, titles) {
      button.setTitle(title, for: .normal)
      button.accessibilityIdentifier =
        "tab-" + title.lowercased().split(separator: " ").joined(separator: "-")
    }
    updateColours()
    setNeedsLayout()
  }

  private func updateColours() {
    for (index, button) in buttons.enumerated() {
      button.setTitleColor(index == selectedIndex ? tintColor : .gray, for: .normal)
    }
  }

  open override func layoutSubviews() {
    super.layoutSubviews()
    guard !buttons.isEmpty else { return }
    let width = bounds.width / CGFloat(buttons.count)
    for (index, button) in buttons.enumerated() {
      button.frame = CGRect(x: CGFloat(index) * width, y: 0, width: width, height: Self.height)
    }
  }
}
