public import Foundation

/// A value chosen by dragging a thumb along a track (UIKit's `UISlider`).
///
/// Values are `Float`, as in UIKit. The thumb's geometry is in PROTOCOL.md section 6
/// ("Controls' geometry"), so a client draws the thumb where a drag must start.
open class Slider: Control {
  /// The thumb's diameter; the track's ends are half of it in from the view's edges.
  public static let thumbSize: CGFloat = 28

  /// How far outside the thumb a drag may start and still move it.
  public static let thumbSlop: CGFloat = 10

  /// The value, clamped to `minimumValue...maximumValue`. Setting it sends no action.
  open var value: Float = 0 {
    didSet {
      let clamped = min(max(value, minimumValue), maximumValue)
      if clamped != value { value = clamped }
      setRenderProperty(.value, .number(Double(value)))
    }
  }

  /// The value at the left end.
  open var minimumValue: Float = 0 {
    didSet {
      if maximumValue < minimumValue { maximumValue = minimumValue }
      setRenderProperty(.min, minimumValue == 0 ? nil : .number(Double(minimumValue)))
      value = min(max(value, minimumValue), maximumValue)
    }
  }

  /// The value at the right end.
  open var maximumValue: Float = 1 {
    didSet {
      if minimumValue > maximumValue { minimumValue = maximumValue }
      setRenderProperty(.max, maximumValue == 1 ? nil : .number(Double(maximumValue)))
      value = min(max(value, minimumValue), maximumValue)
    }
  }

  /// Whether `valueChanged` goes out on every move (true) or once when the finger lifts.
  open var isContinuous = true

  private var dragStartValue: Float = 0
  private var dragStartX: CGFloat = 0
  private var valueAtTouchDown: Float = 0

  public override init(frame: CGRect) {
    super.init(frame: frame)
    setRenderProperty(.value, .number(0))
  }

  /// A slider from 0 to 1 at 0 (View's required `init()`).
  public required init() {
    super.init()
    setRenderProperty(.value, .number(0))
  }

  /// Sets the value without sending an action; the client animates the thumb on its own.
  open func setValue(_ value: Float, animated: Bool) {
    self.value = value
  }

  /// Where the thumb is drawn, in the slider's coordinates.
  public var thumbRect: CGRect {
    let range = maximumValue - minimumValue
    let fraction = range > 0 ? CGFloat((value - minimumValue) / range) : 0
    let travel = max(0, bounds.width - Self.thumbSize)
    return CGRect(
      x: fraction * travel, y: (bounds.height - Self.thumbSize) / 2, width: Self.thumbSize,
      height: Self.thumbSize)
  }

  /// Whether a touch at `point` would take the thumb.
  func isOnThumb(_ point: CGPoint) -> Bool {
    thumbRect.insetBy(dx: -Self.thumbSlop, dy: -Self.thumbSlop).contains(point)
  }

  open override func touchesBegan(_ touch: Touch) {
    guard isEnabled, isOnThumb(touch.location(in: self)) else { return }
    dragStartValue = value
    valueAtTouchDown = value
    dragStartX = touch.location(in: self).x
    super.touchesBegan(touch)
  }

  open override func touchesMoved(_ touch: Touch) {
    guard isTracking else { return }
    let travel = max(1, bounds.width - Self.thumbSize)
    let delta = Float((touch.location(in: self).x - dragStartX) / travel) * (maximumValue - minimumValue)
    let previous = value
    value = dragStartValue + delta
    if isContinuous && value != previous { sendActions(for: .valueChanged) }
    super.touchesMoved(touch)
  }

  open override func touchesEnded(_ touch: Touch) {
    guard isTracking else { return }
    if !isContinuous && value != valueAtTouchDown { sendActions(for: .valueChanged) }
    super.touchesEnded(touch)
  }

  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    CGSize(width: bounds.width > 0 ? bounds.width : 100, height: 31)
  }

  open override var intrinsicContentSize: CGSize {
    CGSize(width: View.noIntrinsicMetric, height: 31)
  }
}
