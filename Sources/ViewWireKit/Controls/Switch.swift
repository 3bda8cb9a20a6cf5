public import Foundation

/// An on/off toggle (UIKit's `UISwitch`): a tap flips it and sends `valueChanged`.
///
/// It is always 51×31 points, as on iOS (PROTOCOL.md section 6, "Controls' geometry"), so a
/// client draws it where the server hit-tests it; its state travels as `on`.
open class Switch: Control {
  /// The size every switch has, whatever frame it is given.
  public static let size = CGSize(width: 51, height: 31)

  /// Whether the switch is on. Setting it sends no action, as in UIKit.
  @exclusivity(unchecked) open var isOn = false {
    didSet { setRenderProperty(.on, .bool(isOn)) }
  }

  /// The colour of the track when on; travels as `onTint` when set.
  open var onTintColor: Color? {
    didSet { setRenderColor(.onTint, onTintColor) }
  }

  public override init(frame: CGRect) {
    super.init(frame: CGRect(origin: frame.origin, size: Self.size))
    setRenderProperty(.on, .bool(false))
  }

  /// A switch that is off (View's required `init()`).
  public required init() {
    super.init(frame: CGRect(origin: .zero, size: Self.size))
    setRenderProperty(.on, .bool(false))
  }

  /// Sets the state without sending an action; `animated` is for source compatibility (the
  /// client animates the knob whenever `on` changes).
  open func setOn(_ on: Bool, animated: Bool) {
    isOn = on
  }

  open override func touchesEnded(_ touch: Touch) {
    let flips = isTracking && isWithinTrackingSlop(touch.location(in: self))
    if flips {
      isOn.toggle()
      sendActions(for: .valueChanged)
    }
    super.touchesEnded(touch)
  }

  open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size }

  open override var intrinsicContentSize: CGSize { Self.size }
}
