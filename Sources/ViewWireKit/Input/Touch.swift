public import Foundation

/// One finger on the screen (UIKit's `UITouch`). A session has at most one at a time.
public final class Touch {
  /// Where the touch is in its life.
  public enum Phase: Sendable {
    /// UIKit's phases, less `stationary`: a session's one finger is reported only when it moves.
    case began, moved, ended, cancelled
  }

  // The mutable fields are unchecked for exclusivity at run time: every move of a drag reads
  // them several times (the window, each recognizer, the action's `location(in:)`), and each
  // access is a read or a store that calls nothing.

  /// Where the touch is now; the window updates it before each delivery, so a handler reads
  /// the phase of the call it is in.
  @exclusivity(unchecked) public internal(set) var phase: Phase = .began
  /// The number of taps in quick succession this touch belongs to (2 for a double tap).
  @exclusivity(unchecked) public internal(set) var tapCount: Int
  /// Seconds, from the window's scheduler.
  @exclusivity(unchecked) public internal(set) var timestamp: TimeInterval
  /// The view hit-tested when the finger went down; it receives the touch until it ends.
  ///
  /// Not retained (UIKit's is strong, but a recognizer's `lastTouch` would then keep the view
  /// it is attached to alive through a touch a disconnecting client leaves down), and nil once
  /// the view is gone, as a weak reference; held as a checked unowned one (`CheckedUnowned`),
  /// since a weak one gave every touched view a side table, so each retain of it took the
  /// runtime's slow path from then on.
  public internal(set) var view: View? {
    get { CheckedUnowned.load(viewReference, as: View.self) }
    set { CheckedUnowned.replace(&viewReference, with: newValue) }
  }
  /// The window the touch is in, which converts its location; unretained, since a touch never
  /// keeps a closed session's window alive, and checked unowned rather than weak, as `view`.
  public internal(set) var window: Window? {
    get { CheckedUnowned.load(windowReference, as: Window.self) }
    set { CheckedUnowned.replace(&windowReference, with: newValue) }
  }
  // The storage of `view` and `window`, given back in `deinit`.
  @exclusivity(unchecked) private var viewReference: UnsafeMutableRawPointer?
  @exclusivity(unchecked) private var windowReference: UnsafeMutableRawPointer?
  @exclusivity(unchecked) var locationInWindow: CGPoint
  @exclusivity(unchecked) var previousLocationInWindow: CGPoint
  @exclusivity(unchecked) var previousTimestamp: TimeInterval

  init(at point: CGPoint, tapCount: Int, timestamp: TimeInterval, view: View?, window: Window) {
    locationInWindow = point
    previousLocationInWindow = point
    self.tapCount = tapCount
    self.timestamp = timestamp
    previousTimestamp = timestamp
    viewReference = CheckedUnowned.retain(view)
    windowReference = CheckedUnowned.retain(window)
  }

  /// Makes this touch a new one, as `init` would: for a window's spare touch, one no one else
  /// holds (`Window.touchDown`), so a tap allocates and frees no touch. UIKit documents that a
  /// touch must not be kept past the end of its sequence; one still held is never reused.
  func reuse(at point: CGPoint, tapCount: Int, timestamp: TimeInterval, view: View?) {
    phase = .began
    locationInWindow = point
    previousLocationInWindow = point
    self.tapCount = tapCount
    self.timestamp = timestamp
    previousTimestamp = timestamp
    // The same view tapped again (the common case) keeps its reference as it is.
    if !CheckedUnowned.refers(viewReference, to: view) { CheckedUnowned.replace(&viewReference, with: view) }
  }

  deinit {
    CheckedUnowned.release(viewReference)
    CheckedUnowned.release(windowReference)
  }

  /// The touch's location in `view`'s coordinates (the window's when nil).
  public func location(in view: View?) -> CGPoint {
    view?.convert(locationInWindow, from: nil) ?? locationInWindow
  }

  /// The location before the last move, in `view`'s coordinates.
  public func previousLocation(in view: View?) -> CGPoint {
    view?.convert(previousLocationInWindow, from: nil) ?? previousLocationInWindow
  }

  func update(to point: CGPoint, timestamp: TimeInterval, phase: Phase) {
    previousLocationInWindow = locationInWindow
    previousTimestamp = self.timestamp
    locationInWindow = point
    self.timestamp = timestamp
    self.phase = phase
  }
}
