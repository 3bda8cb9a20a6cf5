public import Foundation

/// A spinner that shows work in progress (UIKit's `UIActivityIndicatorView`).
///
/// The server does not animate it: `animating=true` asks the client to spin it. As in UIKit it
/// hides itself while stopped unless `hidesWhenStopped` is false, so a stopped spinner is
/// `hidden=true` on the wire.
open class ActivityIndicatorView: View {
  /// The spinner's size (UIKit's `UIActivityIndicatorView.Style`).
  public enum Style: Sendable {
    /// 20×20 points.
    case medium
    /// 37×37 points.
    case large

    var side: CGFloat { self == .medium ? 20 : 37 }
  }

  /// The size the spinner is drawn at.
  public let style: Style

  /// Whether it spins.
  public private(set) var isAnimating = false

  /// Whether it is hidden while it does not spin (UIKit's default: true). Turned off while the
  /// spinner is stopped, it shows the spinner again: UIKit documents that with it false "the
  /// receiver is not hidden when animation stops", and the hiding was the spinner's own doing.
  open var hidesWhenStopped = true {
    didSet {
      if oldValue, !hidesWhenStopped, !isAnimating { isHidden = false }
      updateHidden()
    }
  }

  /// A stopped spinner of `style`, hidden.
  public init(style: Style) {
    self.style = style
    super.init(frame: CGRect(x: 0, y: 0, width: style.side, height: style.side))
    isUserInteractionEnabled = false
    setRenderProperty(.animating, .bool(false))
    updateHidden()
  }

  /// A medium spinner.
  public required convenience init() {
    self.init(style: .medium)
  }

  /// Starts spinning (and shows it).
  open func startAnimating() {
    isAnimating = true
    setRenderProperty(.animating, .bool(true))
    updateHidden()
  }

  /// Stops spinning (and hides it, when `hidesWhenStopped`).
  open func stopAnimating() {
    isAnimating = false
    setRenderProperty(.animating, .bool(false))
    updateHidden()
  }

  private func updateHidden() {
    if hidesWhenStopped { isHidden = !isAnimating }
  }

  open override var intrinsicContentSize: CGSize { CGSize(width: style.side, height: style.side) }

  open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }
}
