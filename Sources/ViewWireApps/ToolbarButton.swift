import ViewWireKit

extension UIButton {
  /// A system button with `title`, found by tests and scripts as `@identifier`: the buttons of
  /// the demo apps' toolbars (rows, table), made one way.
  static func toolbarButton(_ title: String, _ identifier: String) -> UIButton {
    let button = UIButton(type: .system)
    button.setTitle(title, for: .normal)
    button.accessibilityIdentifier = identifier
    return button
  }
}
