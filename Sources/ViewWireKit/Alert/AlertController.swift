import Foundation

/// An alert or an action sheet (UIKit's `UIAlertController`): a title, a message and buttons,
/// presented over the screen that asked.
///
/// As in UIKit it is presented with `present(_:animated:completion:)` and presents itself over
/// full screen (the screen below stays in view, dimmed, and hears no disappearance); a tap on a
/// button dismisses the alert and then runs the action's handler. Its views are ordinary views
/// on the wire: a dimming backdrop, a white box with labels, and one button per action, whose
/// `ident` is `alert-` and the title in lowercase with dashes for spaces (`tap @alert-delete`).
/// An alert may also ask for text: `addTextField(configurationHandler:)` adds fields between the
/// message and the buttons, and the handlers read them through `textFields`.
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

  /// The text fields, in the order added; nil when the alert has none, as in UIKit.
  public var textFields: [TextField]? { fields.isEmpty ? nil : fields }
  private var fields: [TextField] = []

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

  /// Adds a text field to an alert, below its message; `configurationHandler` gets it at once
  /// to set its placeholder, secure entry, identifier or text. Unless the handler names it, the
  /// field's `ident` is `alert-field-` and its number from 1 (`tap @alert-field-1`). Only an
  /// alert has text fields: adding one to an action sheet is a programmer error, as UIKit raises.
  public func addTextField(configurationHandler: ((TextField) -> Void)? = nil) {
    precondition(preferredStyle == .alert, "text fields can only be added to an alert of the .alert style")
    let field = TextField()
    field.borderStyle = .roundedRect
    field.font = .systemFont(ofSize: 13)
    field.accessibilityIdentifier = "alert-field-\(fields.count + 1)"
    configurationHandler?(field)
    fields.append(field)
  }

  /// The first text field takes the keyboard when the alert shows, as in UIKit, so the user
  /// can type at once.
  open override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    _ = fields.first?.becomeFirstResponder()
  }

  private var alertView: AlertView? { viewIfLoaded as? AlertView }

  open override func loadView() {
    // Cancel goes last in a sheet and first (left) of two alert buttons, as UIKit orders them.
    let cancel = actions.filter { $0.style == .cancel }
    let others = actions.filter { $0.style != .cancel }
    let ordered = preferredStyle == .alert && actions.count == 2 ? cancel + others : others + cancel
    let alert = AlertView(
      style: preferredStyle, title: title, message: message, textFields: fields, actions: ordered)
    for (action, button) in zip(ordered, alert.buttons) {
      action.button = button
      button.isEnabled = action.isEnabled
      if action === preferredAction { button.titleLabel?.font = .systemFont(ofSize: 17, weight: .semibold) }
      button.addAction(
        Action { [weak self, weak action] _ in
          guard let self, let action else { return }
          // The alert is kept until its handler has run, as UIKit keeps it: a handler that reads
          // the alert's text fields (through an unowned capture) must find it alive, although
          // dismissal let go of the last other reference.
          self.dismiss(animated: true) { withExtendedLifetime(self) { action.handler?(action) } }
        }, for: .touchUpInside)
    }
    view = alert
  }
}
