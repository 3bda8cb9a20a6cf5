/// An object that can take part in the responder chain (UIKit's `UIResponder`).
///
/// Views and view controllers are responders; the chain runs from a view up through its
/// superviews and controllers to the window. Key input goes to the first responder.
open class Responder {
  public init() {}

  /// The next responder up the chain.
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

  /// Gives up first-responder status.
  @discardableResult
  open func resignFirstResponder() -> Bool {
    guard canResignFirstResponder else { return false }
    if let window = (self as? View)?.window, window.firstResponder === self {
      return window.makeFirstResponder(nil)
    }
    return true
  }

  /// Called when this responder became or stopped being the first responder.
  open func firstResponderDidChange(isFirstResponder: Bool) {}
}
