import Foundation

/// An alert or an action sheet (UIKit's `UIAlertController`): a title, a message and buttons,
/// presented over the screen that asked.
///
/// As in UIKit it is presented with `present(_:animated:completion:)` and presents itself over
/// full screen (the screen below stays in view, dimmed, and hears no disappearance); a tap on a
/// button dismisses the alert and then runs the action's handler. Its views are ordinary views
/// on the wire: a dimming backdrop, a white box with labels, and one button per action, whose
/// `ident` is `alert-` and the title in lowercase with dashes for spaces (`tap @alert-delete`).
/// FIXME: text fields in alerts (`addTextField`) are not done.
open class AlertController: ViewController {
  /// Where the alert shows (UIKit's `UIAlertController.Style`).
  public enum Style: Sendable {
    /// A box in the middle of the screen.
    case alert
    /// Buttons rising from the bottom, the cancel button apart below the others.
    case actionSheet
  }

  /// The alert's look.
  public let preferredStyle: Style

  /// The message under the title.
  open var message: String? {
    didSet { alertView?.messageLabel.text = message }
  }

  /// The actions, in the order added.
  public private(set) var actions: [AlertAction] = []

  /// The action drawn in bold as the one to take (UIKit's `preferredAction`).
  open var preferredAction: AlertAction?

  /// An alert, as `UIAlertController(title:message:preferredStyle:)`.
  public init(title: String?, message: String?, preferredStyle: Style) {
    self.preferredStyle = preferredStyle
    self.message = message
    super.init(nibName: nil, bundle: nil)
    self.title = title
    modalPresentationStyle = .overFullScreen
  }

  /// Adds a button. A second cancel action is a programmer error, as UIKit raises.
  public func addAction(_ action: AlertAction) {
    precondition(
      action.style != .cancel || !actions.contains { $0.style == .cancel },
      "an alert may have only one action with the cancel style")
    actions.append(action)
  }

  private var alertView: AlertView? { viewIfLoaded as? AlertView }

  open override func loadView() {
    // Cancel goes last in a sheet and first (left) of two alert buttons, as UIKit orders them.
    let cancel = actions.filter { $0.style == .cancel }
    let others = actions.filter { $0.style != .cancel }
    let ordered = preferredStyle == .alert && actions.count == 2 ? cancel + others : others + cancel
    let alert = AlertView(style: preferredStyle, title: title, message: message, actions: ordered)
    for (action, button) in zip(ordered, alert.buttons) {
      action.button = button
      button.isEnabled = action.isEnabled
      if action === preferredAction { button.titleLabel?.font = .systemFont(ofSize: 17, weight: .semibold) }
      button.addAction(
        Action { [weak self, weak action] _ in
          guard let self, let action else { return }
          self.dismiss(animated: true) { action.handler?(action) }
        }, for: .touchUpInside)
    }
    view = alert
  }
}
