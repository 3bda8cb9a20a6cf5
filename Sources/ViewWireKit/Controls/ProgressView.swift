public import Foundation

/// A bar that fills as a task progresses (UIKit's `UIProgressView`); `progress` travels as is.
open class ProgressView: View {
  /// The bar's look (UIKit's `UIProgressView.Style`); both are drawn alike.
  public enum Style: Sendable {
    /// The standard bar.
    case `default`
    /// The toolbar variant.
    case bar
  }

  /// The height of the bar.
  public static let height: CGFloat = 4

  /// The style the bar was made with.
  public let progressViewStyle: Style

  /// The fraction filled, clamped to 0...1 (Float, as in UIKit).
  open var progress: Float = 0 {
    didSet {
      let clamped = min(max(progress, 0), 1)
      if clamped != progress { progress = clamped }
      setRenderProperty(.progress, .number(Double(progress)))
    }
  }

  /// An empty bar of `style`.
  public init(progressViewStyle style: Style) {
    progressViewStyle = style
    super.init(frame: CGRect(x: 0, y: 0, width: 0, height: Self.height))
    isUserInteractionEnabled = false
    setRenderProperty(.progress, .number(0))
  }

  /// An empty default bar.
  public required convenience init() {
    self.init(progressViewStyle: .default)
  }

  /// An empty default bar with a frame.
  public convenience override init(frame: CGRect) {
    self.init(progressViewStyle: .default)
    self.frame = frame
  }

  /// Sets the progress; `animated` is for source compatibility (the client shows the new fill).
  open func setProgress(_ progress: Float, animated: Bool) {
    self.progress = progress
  }

  open override var intrinsicContentSize: CGSize {
    CGSize(width: View.noIntrinsicMetric, height: Self.height)
  }

  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    CGSize(width: bounds.width, height: Self.height)
  }
}
