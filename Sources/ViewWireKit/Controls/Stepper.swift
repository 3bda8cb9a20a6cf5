public import Foundation

/// Two buttons, minus and plus, that step a value (UIKit's `UIStepper`).
///
/// UIKit's defaults: value 0 in 0...100, step 1, no wrapping, continuous. A press on either half
/// changes the value at once (UIKit's stepper acts on touch down) and sends `valueChanged`
/// (with `isContinuous` false, when the finger lifts). `autorepeat` is kept for source
/// compatibility: a session's finger never stays down long enough between lines to repeat.
/// The value, range and step travel as `value`, `min`, `max`, `step`.
open class Stepper: Control {
  /// The size every stepper has, as on iOS.
  public static let size = CGSize(width: 94, height: 32)

  /// The value, clamped to `minimumValue...maximumValue`. Setting it sends no action.
  open var value: Double = 0 {
    didSet {
      let clamped = min(max(value, minimumValue), maximumValue)
      if clamped != value { value = clamped }
      setRenderProperty(.value, .number(value))
    }
  }

  /// The lowest value. Set above `maximumValue`, it moves the maximum with it, as UIKit does.
  open var minimumValue: Double = 0 {
    didSet {
      if maximumValue < minimumValue { maximumValue = minimumValue }
      setRenderProperty(.min, .number(minimumValue))
      value = min(max(value, minimumValue), maximumValue)
    }
  }

  /// The highest value. Set below `minimumValue`, it moves the minimum with it.
  open var maximumValue: Double = 100 {
    didSet {
      if minimumValue > maximumValue { minimumValue = maximumValue }
      setRenderProperty(.max, .number(maximumValue))
      value = min(max(value, minimumValue), maximumValue)
    }
  }

  /// What one press adds or subtracts; must be above 0 (UIKit raises an exception otherwise).
  open var stepValue: Double = 1 {
    didSet {
      precondition(stepValue > 0, "a stepper's stepValue must be greater than 0, not \(stepValue)")
      setRenderProperty(.step, .number(stepValue))
    }
  }

  /// Whether stepping past one end goes round to the other.
  open var wraps = false {
    didSet { setRenderProperty(.wraps, wraps ? .bool(true) : nil) }
  }
  /// Whether `valueChanged` goes out on each press (true) or when the finger lifts.
  open var isContinuous = true
  /// UIKit's press-and-hold repetition; accepted, not acted on (see the type's comment).
  open var autorepeat = true

  private var valueAtTouchDown: Double = 0

  public override init(frame: CGRect) {
    super.init(frame: CGRect(origin: frame.origin, size: Self.size))
    sendAllProperties()
  }

  /// A stepper with UIKit's defaults (View's required `init()`).
  public required init() {
    super.init(frame: CGRect(origin: .zero, size: Self.size))
    sendAllProperties()
  }

  private func sendAllProperties() {
    setRenderProperty(.value, .number(value))
    setRenderProperty(.min, .number(minimumValue))
    setRenderProperty(.max, .number(maximumValue))
    setRenderProperty(.step, .number(stepValue))
  }

  /// The value one press on the minus (`up` false) or plus half gives.
  func steppedValue(up: Bool) -> Double {
    let next = value + (up ? stepValue : -stepValue)
    if next > maximumValue { return wraps ? minimumValue : maximumValue }
    if next < minimumValue { return wraps ? maximumValue : minimumValue }
    return next
  }

  open override func touchesBegan(_ touch: Touch) {
    super.touchesBegan(touch)
    guard isTracking else { return }
    valueAtTouchDown = value
    let up = touch.location(in: self).x >= bounds.width / 2
    let next = steppedValue(up: up)
    guard next != value else { return }
    value = next
    if isContinuous { sendActions(for: .valueChanged) }
  }

  open override func touchesEnded(_ touch: Touch) {
    let wasTracking = isTracking
    super.touchesEnded(touch)
    if wasTracking, !isContinuous, value != valueAtTouchDown { sendActions(for: .valueChanged) }
  }

  open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size }

  open override var intrinsicContentSize: CGSize { Self.size }
}
