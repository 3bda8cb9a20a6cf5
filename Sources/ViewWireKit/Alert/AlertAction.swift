/// A button of an alert or action sheet and what it does (UIKit's `UIAlertAction`).
public final class AlertAction {
  /// How the button looks and where it goes (UIKit's `UIAlertAction.Style`).
  public enum Style: Sendable {
    /// The standard button.
    case `default`
    /// Dismisses without acting: semibold, and last (an action sheet's own group; the left of
    /// two alert buttons). At most one per alert.
    case cancel
    /// Changes or deletes data: red.
    case destructive
  }

  /// The button's title.
  public let title: String?
  /// The button's look.
  public let style: Style
  /// Runs after the alert is dismissed, given the action; held strongly, as UIKit holds it, so
  /// capture the controller weakly.
  let handler: ((AlertAction) -> Void)?
  /// Whether the button can be tapped.
  public var isEnabled = true {
    didSet { button?.isEnabled = isEnabled }
  }

  /// The button that shows the action, once the alert's view is loaded.
  weak var button: Button?

  /// An action, as `UIAlertAction(title:style:handler:)`.
  public init(title: String?, style: Style, handler: ((AlertAction) -> Void)? = nil) {
    self.title = title
    self.style = style
    self.handler = handler
  }
}
