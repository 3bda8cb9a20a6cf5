public import Foundation
import Synchronization
import ViewWireProtocol

extension View {
  /// How an animation moves (UIKit's `UIView.AnimationOptions`, the curve bits and the flags
  /// apps pass; flags other than the curve change nothing here).
  public struct AnimationOptions: OptionSet, Sendable {
    /// UIKit's bit values, so options written for UIKit mean the same here.
    public let rawValue: UInt
    /// Options from UIKit's bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Accepted for UIKit code; views stay interactive during animations anyway, since the
    /// server's model already holds the final values.
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    /// Accepted for UIKit code; a client always starts from what it shows.
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    /// Accepted for UIKit code; not sent: clients play an animation once.
    public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
    /// Accepted for UIKit code; not sent: clients play an animation forwards only.
    public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
    /// Slow at both ends; UIKit's default curve (no curve bits).
    public static let curveEaseInOut = AnimationOptions([])
    /// Slow at the start.
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    /// Slow at the end.
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    /// Even speed throughout.
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

    /// The curve's name on the wire (PROTOCOL.md section 6, "Animations").
    var curveName: String {
      switch (rawValue >> 16) & 3 {
      case 1: return "easeIn"
      case 2: return "easeOut"
      case 3: return "linear"
      default: return "easeInOut"
      }
    }
  }

  /// Animates the changes `animations` makes, as UIKit's `UIView.animate` does.
  ///
  /// The views take the final values at once (reading a property inside or after the block
  /// gives the new value, as UIKit's model layer does); each changed view's frame also carries
  /// `anim` with the duration, delay and curve, so the client interpolates. `completion` runs
  /// after `delay + duration` on the window's scheduler (the session's clock), with `true`; when
  /// the duration is not positive, nothing in a window changed, or the window has no scheduler,
  /// the changes are not animated or the completion runs at once.
  ///
  /// Subviews placed by `layoutSubviews` move with the animation only when the block lays them
  /// out itself, with `layoutIfNeeded()`, as in UIKit.
  public static func animate(
    withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
    animations: () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    // UIKit: "If you specify a negative value or 0, the changes are made without animating them."
    guard duration > 0 else {
      animations()
      completion?(true)
      return
    }
    let transaction = AnimationTransaction()
    AnimationTransaction.running.add(1, ordering: .relaxed)
    AnimationTransaction.$current.withValue(transaction) { animations() }
    AnimationTransaction.running.subtract(1, ordering: .relaxed)
    transaction.commit(duration: duration, delay: delay, curve: options.curveName, completion: completion)
  }

  /// Animates with no delay and the default curve.
  public static func animate(
    withDuration duration: TimeInterval, animations: () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
  }

  /// Changes views without animating them, even inside an animation block.
  public static func performWithoutAnimation(_ actions: () -> Void) {
    AnimationTransaction.$current.withValue(nil) { actions() }
  }

  /// Records that this view changed while an animation block runs.
  ///
  /// Every frame and property change calls this; the task-local lookup is skipped while no
  /// animation block runs anywhere in the process, the common case.
  func noteAnimatedChange() {
    guard AnimationTransaction.running.load(ordering: .relaxed) > 0 else { return }
    AnimationTransaction.current?.note(self)
  }
}

/// The views one `animate` call changed, grouped by window.
///
/// `@unchecked Sendable` only so it can be task-local: it lives for one `animate` call, on
/// that call's thread.
final class AnimationTransaction: @unchecked Sendable {
  /// The animation block running on this thread, if any.
  @TaskLocal static var current: AnimationTransaction?

  /// How many animation blocks run now, on every thread: while none does, a change needs no
  /// task-local lookup.
  static let running = Atomic<Int>(0)

  private var views: [View] = []
  private var seen: Set<ObjectIdentifier> = []

  func note(_ view: View) {
    guard view.window != nil, seen.insert(ObjectIdentifier(view)).inserted else { return }
    views.append(view)
  }

  func commit(
    duration: TimeInterval, delay: TimeInterval, curve: String, completion: ((Bool) -> Void)?
  ) {
    var windows: [(window: Window, views: [View])] = []
    for view in views {
      guard let window = view.window else { continue }
      if let index = windows.firstIndex(where: { $0.window === window }) {
        windows[index].views.append(view)
      } else {
        windows.append((window, [view]))
      }
    }
    var completionScheduled = false
    for (window, views) in windows {
      let serial = window.changes.nextAnimationSerial()
      let value = WireValue.string(
        "\(serial) \(CanonicalNumber.format(max(0, duration))) \(CanonicalNumber.format(max(0, delay))) \(curve)"
      )
      for view in views { view.setRenderProperty(.anim, value) }
      guard let scheduler = window.scheduler else { continue }
      let finish = completionScheduled ? nil : completion
      completionScheduled = completionScheduled || completion != nil
      let weakViews = views.map { WeakView(view: $0) }
      _ = scheduler.schedule(after: max(0, delay) + max(0, duration)) {
        for entry in weakViews {
          guard let view = entry.view, view.renderProperties[.anim] == value else { continue }
          view.setRenderProperty(.anim, nil)
        }
        finish?(true)
      }
    }
    if !completionScheduled { completion?(true) }
  }

  private struct WeakView {
    weak var view: View?
  }
}
