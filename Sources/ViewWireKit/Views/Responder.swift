public import Foundation

/// An object that can take part in the responder chain (UIKit's `UIResponder`).
///
/// Views and view controllers are responders; the chain runs from a view up through its
/// superviews and controllers to the window. Key input goes to the first responder.
open class Responder {
  /// Creates a responder with no next responder; views and controllers supply their own `next`.
  public init() {}

  /// The next responder up the chain: where unhandled touches go (a view's superview or its
  /// controller, a controller's superview, up to the window).
  open var next: Responder? { nil }

  /// Whether this responder can take key input; text fields answer true.
  open var canBecomeFirstResponder: Bool { false }

  /// Whether this responder gives up first-responder status when asked.
  open var canResignFirstResponder: Bool { true }

  /// Whether this responder receives key input now.
  public var isFirstResponder: Bool {
    guard let window = (self as? View)?.window else { return false }
    return window.firstResponder === self
  }

  /// Makes this responder the window's first responder, if it can be one.
  @discardableResult
  open func becomeFirstResponder() -> Bool {
    guard canBecomeFirstResponder, let window = (self as? View)?.window else { return false }
    return window.makeFirstResponder(self)
  }

  /// Gives up first-responder status, if `canResignFirstResponder` agrees.
  ///
  /// Only the window asks `canResignFirstResponder`, once per change of first responder, so a
  /// text field's delegate hears `textFieldShouldEndEditing` once per resignation whichever way
  /// it comes (return key, escape, code, another field taking focus). A responder that is not
  /// the first responder has nothing to give up and answers true, as UIKit's default does.
  ///
  /// - Returns: whether this responder is no longer the first responder.
  @discardableResult
  open func resignFirstResponder() -> Bool {
    guard let window = (self as? View)?.window, window.firstResponder === self else { return true }
    return window.makeFirstResponder(nil)
  }

  /// Called when this responder became or stopped being the first responder.
  open func firstResponderDidChange(isFirstResponder: Bool) {}

  // MARK: Touches

  /// A finger went down on the hit-tested view, or on a view up the chain from it that passed
  /// the touch on.
  ///
  /// The window delivers a touch to the view it hit; each of these methods by default passes it
  /// to `next`, as UIKit's do, so a superview or a view controller handles touches on plain
  /// subviews by overriding them. An override that handles the touch does not call super
  /// (controls do not); one that also wants the chain to hear it calls super.
  open func touchesBegan(_ touch: Touch) { next?.touchesBegan(touch) }
  /// The finger moved; passed to `next` unless overridden, like `touchesBegan`.
  open func touchesMoved(_ touch: Touch) { next?.touchesMoved(touch) }
  /// The finger lifted; passed to `next` unless overridden, like `touchesBegan`.
  open func touchesEnded(_ touch: Touch) { next?.touchesEnded(touch) }
  /// A gesture recognizer took the touch over, or the touch was cancelled; whoever tracked it
  /// must forget it. Passed to `next` unless overridden, so the chain that heard the touch
  /// begin also hears that it was cancelled.
  open func touchesCancelled(_ touch: Touch) { next?.touchesCancelled(touch) }
}

extension Responder {
  /// Posted to the window's `notificationCenter` before the client's keyboard slides in; again,
  /// with the new frame, when it moves with the window, and with equal frames when focus moves
  /// to another field, as UIKit posts it.
  public static let keyboardWillShowNotification = Notification.Name("UIKeyboardWillShowNotification")
  /// Posted after the keyboard is shown.
  public static let keyboardDidShowNotification = Notification.Name("UIKeyboardDidShowNotification")
  /// Posted before the keyboard slides out.
  public static let keyboardWillHideNotification = Notification.Name("UIKeyboardWillHideNotification")
  /// Posted after the keyboard is hidden.
  public static let keyboardDidHideNotification = Notification.Name("UIKeyboardDidHideNotification")
  /// Posted before the keyboard's frame changes for any reason: it shows, hides, or moves with
  /// the window; the one notification that covers every case.
  public static let keyboardWillChangeFrameNotification = Notification.Name(
    "UIKeyboardWillChangeFrameNotification")
  /// Posted after the keyboard's frame changed.
  public static let keyboardDidChangeFrameNotification = Notification.Name(
    "UIKeyboardDidChangeFrameNotification")
  /// The keyboard's frame before the change, a `CGRect` in window coordinates (UIKit wraps it
  /// in an `NSValue`; read it with `as? CGRect`).
  public static let keyboardFrameBeginUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
  /// The keyboard's frame after the change, a `CGRect` in window coordinates.
  public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
  /// The slide's duration in seconds, a `TimeInterval`.
  public static let keyboardAnimationDurationUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"
}
