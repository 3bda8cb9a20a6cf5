public import Foundation

/// Asked before a recognizer begins (UIKit's `UIGestureRecognizerDelegate`, the part the seeds use).
public protocol GestureRecognizerDelegate: AnyObject {
  func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool
}

extension GestureRecognizerDelegate {
  public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }
}

/// Turns a touch sequence into a gesture and sends actions as its state changes (UIKit's
/// `UIGestureRecognizer`).
///
/// Recognizers on the hit view and its ancestors see every touch before the view does. Once
/// one recognizes (`began`, or `ended` for a discrete gesture) and `cancelsTouchesInView` is
/// set, the view gets `touchesCancelled`, so a button under a pan does not also fire.
/// Subclasses override the touch methods and set `state`; actions go out on `began`, `changed`,
/// `ended` and `cancelled`, as in UIKit.
open class GestureRecognizer {
  /// A recognizer's state machine (UIKit's `UIGestureRecognizer.State`).
  public enum State: Sendable {
    case possible, began, changed, ended, cancelled, failed
    /// A discrete gesture that happened.
    public static let recognized = State.ended
  }

  /// Setting it to `began`, `changed`, `ended` or `cancelled` sends the actions.
  public var state: State = .possible {
    didSet {
      if state == .began, oldValue == .possible, let delegate, !delegate.gestureRecognizerShouldBegin(self) {
        state = .failed
        return
      }
      switch state {
      case .began, .changed, .ended, .cancelled: sendActions()
      case .possible, .failed: break
      }
    }
  }

  /// The view the recognizer is attached to.
  public internal(set) weak var view: View?
  /// A disabled recognizer sees no touches.
  public var isEnabled = true {
    didSet {
      if !isEnabled, state == .began || state == .changed { state = .cancelled }
    }
  }
  /// Whether the hit view loses the touch once this recognizer recognizes.
  public var cancelsTouchesInView = true
  public weak var delegate: (any GestureRecognizerDelegate)?
  /// The last touch seen, for `location(in:)`.
  public private(set) var lastTouch: Touch?

  private var actions: [(AnyObject?, (GestureRecognizer) -> Bool)] = []

  /// Creates a recognizer with no action.
  public init() {}

  /// Creates a recognizer that calls `action` on `target` with itself:
  /// `UIPanGestureRecognizer(target: self, action: MyController.handlePan)`.
  public convenience init<Target: AnyObject, Sender>(
    target: Target, action: @escaping (Target) -> (Sender) -> Void
  ) {
    self.init()
    addTarget(target, action: action)
  }

  /// Creates a recognizer whose action takes no argument.
  public convenience init<Target: AnyObject>(target: Target, action: @escaping (Target) -> () -> Void) {
    self.init()
    addTarget(target, action: action)
  }

  /// Adds an action; the target is held weakly.
  public func addTarget<Target: AnyObject, Sender>(
    _ target: Target, action: @escaping (Target) -> (Sender) -> Void
  ) {
    actions.append(
      (
        target,
        { [weak target] recognizer in
          guard let target else { return false }
          if let sender = recognizer as? Sender { action(target)(sender) }
          return true
        }
      ))
  }

  /// Adds an action that takes no argument.
  public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> () -> Void) {
    actions.append(
      (
        target,
        { [weak target] _ in
          guard let target else { return false }
          action(target)()
          return true
        }
      ))
  }

  /// Adds a closure action.
  public func addAction(_ handler: @escaping (GestureRecognizer) -> Void) {
    actions.append(
      (
        nil,
        {
          handler($0); return true
        }
      ))
  }

  private func sendActions() {
    actions = actions.filter { $0.1(self) }
  }

  /// Where the gesture is, in `view`'s coordinates.
  open func location(in view: View?) -> CGPoint {
    lastTouch?.location(in: view) ?? .zero
  }

  // MARK: For subclasses

  /// Whether the recognizer has recognized its gesture and so takes the touch from the view.
  var hasRecognized: Bool {
    switch state {
    case .began, .changed, .ended: return true
    default: return false
    }
  }

  func deliver(_ touch: Touch) {
    lastTouch = touch
    switch touch.phase {
    case .began: touchesBegan(touch)
    case .moved: touchesMoved(touch)
    case .ended: touchesEnded(touch)
    case .cancelled: touchesCancelled(touch)
    }
  }

  open func touchesBegan(_ touch: Touch) {}
  open func touchesMoved(_ touch: Touch) {}
  open func touchesEnded(_ touch: Touch) {}
  open func touchesCancelled(_ touch: Touch) {
    if state == .began || state == .changed {
      state = .cancelled
    } else if state == .possible {
      state = .failed
    }
  }

  /// Returns to `possible` after a touch sequence; subclasses clear their own state here.
  open func reset() {}

  func finishSequence() {
    if state == .began || state == .changed { state = .cancelled }
    reset()
    state = .possible
    lastTouch = nil
  }
}

/// Recognizes taps (UIKit's `UITapGestureRecognizer`).
open class TapGestureRecognizer: GestureRecognizer {
  /// Taps needed: 2 for a double tap.
  public var numberOfTapsRequired = 1
  public var numberOfTouchesRequired = 1
  private var start: CGPoint?

  open override func touchesBegan(_ touch: Touch) {
    start = touch.location(in: nil)
  }

  open override func touchesMoved(_ touch: Touch) {
    guard state == .possible, let start else { return }
    let point = touch.location(in: nil)
    if hypot(point.x - start.x, point.y - start.y) > 10 { state = .failed }
  }

  open override func touchesEnded(_ touch: Touch) {
    guard state == .possible else { return }
    if touch.tapCount >= numberOfTapsRequired { state = .recognized }
  }

  open override func reset() { start = nil }
}

/// Recognizes a finger moving (UIKit's `UIPanGestureRecognizer`): it begins with the first move
/// and reports the translation from the point where the finger went down.
open class PanGestureRecognizer: GestureRecognizer {
  private var origin: CGPoint = .zero
  private var current: CGPoint = .zero
  private var velocity: CGPoint = .zero

  public var minimumNumberOfTouches = 1
  public var maximumNumberOfTouches = Int.max

  /// How far the finger moved since it went down (or since `setTranslation`).
  open func translation(in view: View?) -> CGPoint {
    CGPoint(x: current.x - origin.x, y: current.y - origin.y)
  }

  /// Rebases the translation so that it reads `translation` now.
  open func setTranslation(_ translation: CGPoint, in view: View?) {
    origin = CGPoint(x: current.x - translation.x, y: current.y - translation.y)
  }

  /// Points per second of the last move.
  open func velocity(in view: View?) -> CGPoint { velocity }

  open override func touchesBegan(_ touch: Touch) {
    origin = touch.location(in: nil)
    current = origin
  }

  open override func touchesMoved(_ touch: Touch) {
    let point = touch.location(in: nil)
    let previous = touch.previousLocation(in: nil)
    let elapsed = max(touch.timestamp - touch.previousTimestamp, 1.0 / 120)
    velocity = CGPoint(x: (point.x - previous.x) / elapsed, y: (point.y - previous.y) / elapsed)
    current = point
    switch state {
    case .possible: if point != origin { state = .began }
    case .began, .changed: state = .changed
    default: break
    }
  }

  open override func touchesEnded(_ touch: Touch) {
    current = touch.location(in: nil)
    if state == .began || state == .changed { state = .ended } else if state == .possible { state = .failed }
  }

  open override func reset() {
    velocity = .zero
  }
}

/// Recognizes a finger held still (UIKit's `UILongPressGestureRecognizer`). Needs the window's
/// scheduler; the server provides one backed by loop timers.
open class LongPressGestureRecognizer: GestureRecognizer {
  public var minimumPressDuration: TimeInterval = 0.5
  public var allowableMovement: CGFloat = 10
  private var start: CGPoint = .zero
  private var timer: ScheduledWork?

  open override func touchesBegan(_ touch: Touch) {
    start = touch.location(in: nil)
    timer = view?.window?.scheduler?.schedule(after: minimumPressDuration) { [weak self] in
      guard let self, self.state == .possible else { return }
      self.state = .began
      self.view?.window?.gestureDidRecognizeAsynchronously(self)
    }
  }

  open override func touchesMoved(_ touch: Touch) {
    let point = touch.location(in: nil)
    switch state {
    case .possible:
      if hypot(point.x - start.x, point.y - start.y) > allowableMovement {
        timer?.cancel()
        state = .failed
      }
    case .began, .changed: state = .changed
    default: break
    }
  }

  open override func touchesEnded(_ touch: Touch) {
    timer?.cancel()
    if state == .began || state == .changed { state = .ended } else if state == .possible { state = .failed }
  }

  open override func reset() {
    timer?.cancel()
    timer = nil
  }
}

/// Recognizes a quick stroke in a direction (UIKit's `UISwipeGestureRecognizer`).
open class SwipeGestureRecognizer: GestureRecognizer {
  public struct Direction: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let right = Direction(rawValue: 1)
    public static let left = Direction(rawValue: 2)
    public static let up = Direction(rawValue: 4)
    public static let down = Direction(rawValue: 8)
  }

  public var direction: Direction = .right
  /// The shortest stroke that counts, in points.
  public var minimumDistance: CGFloat = 50
  private var start: CGPoint = .zero

  open override func touchesBegan(_ touch: Touch) {
    start = touch.location(in: nil)
  }

  open override func touchesEnded(_ touch: Touch) {
    guard state == .possible else { return }
    let end = touch.location(in: nil)
    let dx = end.x - start.x
    let dy = end.y - start.y
    let horizontal = abs(dx) >= abs(dy)
    let matches =
      (horizontal && dx >= minimumDistance && direction.contains(.right))
      || (horizontal && -dx >= minimumDistance && direction.contains(.left))
      || (!horizontal && dy >= minimumDistance && direction.contains(.down))
      || (!horizontal && -dy >= minimumDistance && direction.contains(.up))
    state = matches ? .recognized : .failed
  }
}
