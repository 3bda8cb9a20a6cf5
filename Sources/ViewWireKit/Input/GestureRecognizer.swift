public import Foundation

/// Asked before a recognizer begins and whether it may share a touch with another (UIKit's
/// `UIGestureRecognizerDelegate`, the part the seeds use). Every method has UIKit's default.
public protocol GestureRecognizerDelegate: AnyObject {
  /// Whether `recognizer` may leave `possible` now; false makes it fail, so a view can refuse a
  /// gesture that would otherwise take the touch from something else (default true).
  func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool

  /// Whether `recognizer` and `other` may both recognize the same touch (default false).
  ///
  /// By default the first to recognize wins: the others still `possible` fail, and one that
  /// recognizes while another is under way fails instead. True from either recognizer's delegate
  /// lets both run, as in UIKit.
  func gestureRecognizer(
    _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool
}

extension GestureRecognizerDelegate {
  /// Lets every recognizer begin.
  public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }

  /// Lets no two recognizers share a touch, UIKit's default.
  public func gestureRecognizer(
    _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool { false }
}

/// Turns a touch sequence into a gesture and sends actions as its state changes (UIKit's
/// `UIGestureRecognizer`).
///
/// Recognizers on the hit view and its ancestors see every touch before the view does. Once
/// one recognizes (`began`, or `ended` for a discrete gesture) and `cancelsTouchesInView` is
/// set, the view gets `touchesCancelled`, so a button under a pan does not also fire. Only one
/// recognizer recognizes a touch unless a delegate allows more
/// (`gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`): a pan that begins makes a tap on
/// the same touch fail.
/// Subclasses override the touch methods and set `state`; actions go out on `began`, `changed`,
/// `ended` and `cancelled`, as in UIKit.
open class GestureRecognizer {
  /// A recognizer's state machine (UIKit's `UIGestureRecognizer.State`).
  public enum State: Sendable {
    /// UIKit's states: `possible` until decided; `began`, `changed` and `ended` (or `cancelled`)
    /// for a continuous gesture; `ended` alone for a discrete one; `failed` when it did not happen.
    case possible, began, changed, ended, cancelled, failed
    /// A discrete gesture that happened.
    public static let recognized = State.ended
  }

  // The recognizer's fields are unchecked for exclusivity at run time: every move of a drag
  // reads and writes them, and each access ends before anything else runs (`state`'s observer
  // runs after the store, so setting it again from there is a new access).

  /// Setting it to `began`, `changed`, `ended` or `cancelled` sends the actions.
  ///
  /// A recognizer that must wait for others to fail (`require(toFail:)`) keeps a recognition
  /// to itself until they have: it stays `possible`, and the state is applied, actions and all,
  /// once every one of them failed, or becomes `failed` if one of them recognized.
  @exclusivity(unchecked) public var state: State = .possible {
    didSet {
      guard !isSettingStateQuietly else { return }
      if state == .began || state == .ended, oldValue == .possible {
        if let delegate, !delegate.gestureRecognizerShouldBegin(self) {
          setStateQuietly(.failed)
          decided(recognized: false)
          return
        }
        if failureRequirements.contains(where: { $0.recognizer?.isUndecided == true }) {
          deferredState = state
          setStateQuietly(.possible)
          return
        }
        if !claimTouch() {
          setStateQuietly(.failed)
          decided(recognized: false)
          return
        }
      }
      switch state {
      case .began, .changed, .ended, .cancelled: sendActions()
      case .possible, .failed: break
      }
      switch state {
      case .began, .ended: if oldValue == .possible { decided(recognized: true) }
      case .failed: decided(recognized: false)
      default: break
      }
    }
  }

  @exclusivity(unchecked) private var isSettingStateQuietly = false

  // MARK: Exclusion

  /// The other recognizers watching the current touch, if this one watches it too.
  private var rivals: [GestureRecognizer] {
    guard let recognizers = view?.window?.touchSequence?.recognizers,
      recognizers.contains(where: { $0 === self })
    else { return [] }
    return recognizers.filter { $0 !== self }
  }

  /// Whether this recognizer and `other` may both recognize one touch: either delegate says so.
  private func recognizesSimultaneously(with other: GestureRecognizer) -> Bool {
    delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) == true
      || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) == true
  }

  /// Takes the touch for this recognizer as it recognizes, UIKit's default exclusion: it fails
  /// if another already recognized the touch, else the others still `possible` fail, unless a
  /// delegate lets the two recognize simultaneously.
  ///
  /// - Returns: false when another recognizer holds the touch, so this one must fail.
  private func claimTouch() -> Bool {
    let others = rivals.filter { !recognizesSimultaneously(with: $0) }
    if others.contains(where: \.hasRecognized) { return false }
    for other in others where other.state == .possible { other.failBecauseAnotherRecognized() }
    return true
  }

  /// Fails for the rest of the touch sequence, with any recognition held back for a failure
  /// requirement, because another recognizer took the touch.
  private func failBecauseAnotherRecognized() {
    deferredState = nil
    setStateQuietly(.failed)
    decided(recognized: false)
  }

  private func setStateQuietly(_ newState: State) {
    isSettingStateQuietly = true
    state = newState
    isSettingStateQuietly = false
  }

  // MARK: Failure requirements

  private struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
  }

  /// Recognizers that must fail before this one may recognize.
  @exclusivity(unchecked) private var failureRequirements: [WeakRecognizer] = []
  /// Recognizers waiting for this one to fail.
  @exclusivity(unchecked) private var dependents: [WeakRecognizer] = []
  /// A recognition held back until the failure requirements are decided.
  @exclusivity(unchecked) private var deferredState: State?
  /// Whether this recognizer is watching a touch sequence now.
  @exclusivity(unchecked) var isInSequence = false

  /// Whether this recognizer might still recognize: it is watching touches, or waiting for a
  /// further tap, and has neither recognized nor failed.
  open var isUndecided: Bool { state == .possible && isInSequence }

  /// Makes this recognizer wait until `other` fails (UIKit's `require(toFail:)`): the classic
  /// use is a single tap that must not fire on the first tap of a double tap.
  public func require(toFail other: GestureRecognizer) {
    failureRequirements.append(WeakRecognizer(recognizer: other))
    other.dependents.append(WeakRecognizer(recognizer: self))
  }

  /// Tells the recognizers waiting for this one what it decided.
  func decided(recognized: Bool) {
    for dependent in dependents.compactMap(\.recognizer) {
      dependent.requirementDecided(recognized: recognized)
    }
  }

  private func requirementDecided(recognized: Bool) {
    guard let deferred = deferredState else { return }
    if recognized {
      deferredState = nil
      setStateQuietly(.failed)
      decided(recognized: false)
      setStateQuietly(.possible)
      return
    }
    guard !failureRequirements.contains(where: { $0.recognizer?.isUndecided == true }) else { return }
    deferredState = nil
    state = deferred
    // A discrete gesture applied after its own sequence ended starts over, as at the end of one.
    if !isInSequence {
      reset()
      setStateQuietly(.possible)
      lastTouch = nil
    }
  }

  /// The view the recognizer is attached to.
  ///
  /// Unretained, as a view's `superview` is: the view holds its recognizers, and clears this when
  /// it lets one go (`removeGestureRecognizer`) or dies, so it never dangles. A weak reference
  /// gave every view with a recognizer (a controller's root view, as the square app's) a side
  /// table, which made each retain and release of it, several on every move of a drag, take the
  /// slow path.
  @exclusivity(unchecked) public internal(set) unowned(unsafe) var view: View?
  /// A disabled recognizer sees no touches.
  @exclusivity(unchecked) public var isEnabled = true {
    didSet {
      if !isEnabled, state == .began || state == .changed { state = .cancelled }
    }
  }
  /// Whether the hit view loses the touch once this recognizer recognizes.
  @exclusivity(unchecked) public var cancelsTouchesInView = true
  /// Decides whether the recognizer may begin and whether it shares touches; held weakly, as
  /// UIKit holds it, because the delegate is usually the controller that owns the view.
  /// Unchecked for exclusivity at run time: only ever read or stored; a pan reads it as it
  /// begins, and the check cost about 75 instructions a read.
  @exclusivity(unchecked) public weak var delegate: (any GestureRecognizerDelegate)?
  /// The last touch seen, for `location(in:)`.
  @exclusivity(unchecked) public private(set) var lastTouch: Touch?

  /// The target-action pairs and closure actions, in the order they were added; a pair whose
  /// target is gone is dropped as the actions are next sent.
  @exclusivity(unchecked) private var actions: [RecognizerAction] = []

  /// Creates a recognizer with no action.
  public init() {}

  /// Creates a recognizer that calls `action` on `target` with itself:
  /// `UIPanGestureRecognizer(target: self, action: MyController.handlePan)`.
  ///
  /// Inlinable, as `addTarget` is, so that the app's method is called directly.
  @inlinable
  public convenience init<Target: AnyObject, Sender>(
    target: Target, action: @escaping (Target) -> (Sender) -> Void,
    file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
  ) {
    self.init()
    addTarget(target, action: action, file: file, line: line, column: column)
  }

  /// Creates a recognizer whose action takes no argument.
  @inlinable
  public convenience init<Target: AnyObject>(
    target: Target, action: @escaping (Target) -> () -> Void,
    file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
  ) {
    self.init()
    addTarget(target, action: action, file: file, line: line, column: column)
  }

  /// Adds an action; the target is held weakly.
  ///
  /// As UIKit documents, adding a target-action pair the recognizer already has does nothing, so
  /// a setup method that runs twice does not make one gesture act twice. UIKit compares
  /// selectors; Swift cannot compare functions, so here the action is known by where it is
  /// written: the same `target` added again from the same line and column of the source is the
  /// same pair. FIXME: the same method added from two different places counts as two actions.
  /// The `file`, `line` and `column` arguments are for the compiler to fill in.
  ///
  /// Inlinable, so that it is specialized where the app calls it: there `action` is a known
  /// method, and the closure sending it captures nothing else (the target is held by the
  /// `RecognizerAction`), so the optimizer makes it a call of the method. A closure capturing
  /// the target as well kept the action opaque: calling the curried `Target.method` allocated a
  /// closure binding the target (a malloc and a free) and went through three reabstraction
  /// thunks, on every move of a drag. Final, so that a call is not dispatched through the
  /// class's table, which no compiler can inline.
  @inlinable
  public final func addTarget<Target: AnyObject, Sender>(
    _ target: Target, action: @escaping (Target) -> (Sender) -> Void,
    file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
  ) {
    addTargetAction(target: target, file: file, line: line, column: column) { object, recognizer in
      let target = unsafeDowncast(object, to: Target.self)
      // As `Control.addTarget`: an action declared to take the recognizer's own class (a pan's
      // `handlePan(_:)` takes the pan) gets it without the generic cast, on every move.
      if ObjectIdentifier(type(of: recognizer)) == ObjectIdentifier(Sender.self) {
        action(target)(unsafeBitCast(recognizer, to: Sender.self))
      } else {
        GestureRecognizer.sendCast(recognizer, to: target, action)
      }
    }
  }

  /// Sends `action` with `recognizer` cast to the sender's type, when it is one. Apart from the
  /// action's closure: a `Sender?` in the closure made it look up the optional's metadata on
  /// every call, cast or not.
  @usableFromInline @inline(never)
  static func sendCast<Target, Sender>(
    _ recognizer: GestureRecognizer, to target: Target, _ action: (Target) -> (Sender) -> Void
  ) {
    if let sender = recognizer as? Sender { action(target)(sender) }
  }

  /// Adds an action that takes no argument; a duplicate pair is ignored, as above.
  @inlinable
  public final func addTarget<Target: AnyObject>(
    _ target: Target, action: @escaping (Target) -> () -> Void,
    file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
  ) {
    addTargetAction(target: target, file: file, line: line, column: column) { object, _ in
      action(unsafeDowncast(object, to: Target.self))()
    }
  }

  /// Adds `target`'s action unless the pair is there already (same target, same place in the
  /// source): the part of `addTarget` not specialized for the app's types. The target is held
  /// as `AnyObject`, unretained, by a checked unowned reference (`UnownedBox`): a weak one gave
  /// the target (the controller, usually) a side table, so every retain of it, several on each
  /// move, took the runtime's slow path.
  @usableFromInline
  final func addTargetAction(
    target: AnyObject, file: StaticString, line: UInt, column: UInt,
    perform: @escaping (AnyObject, GestureRecognizer) -> Void
  ) {
    let site = "\(file):\(line):\(column)"
    guard !hasAction(target: target, site: site) else { return }
    actions.append(RecognizerAction(target: UnownedBox<AnyObject>(target), site: site, perform: perform))
  }

  /// Adds a closure action. Every call adds one: closures have no identity to compare.
  public func addAction(_ handler: @escaping (GestureRecognizer) -> Void) {
    actions.append(RecognizerAction(target: nil, site: nil) { _, recognizer in handler(recognizer) })
  }

  /// The number of actions the recognizer would send now (targets still alive).
  public var actionCount: Int { actions.count { $0.site == nil || $0.target != nil } }

  private func hasAction(target: AnyObject, site: String) -> Bool {
    actions.contains { $0.site == site && $0.held?.refers(to: target) == true }
  }

  private func sendActions() {
    // Over a copy of the list, which holds the actions while they run (an action may add or
    // remove targets, which then stand for the next send); the list is written only when a
    // target is gone: every drag's move comes through here, and a new list copied each action's
    // target reference and allocated an array.
    let current = actions
    var anyGone = false
    for index in current.indices {
      // A closure action is sent to no target; one whose target is gone is no longer wanted.
      guard let held = current[index].held else {
        current[index].perform(self, self)
        continue
      }
      guard let target = held.object else {
        anyGone = true
        continue
      }
      current[index].perform(target, self)
    }
    // Pruned from the list as the actions left it, not by the copy's positions.
    if anyGone { actions.removeAll { $0.held.map { $0.object == nil } ?? false } }
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
    if touch.phase == .began { isInSequence = true }
    switch touch.phase {
    case .began: touchesBegan(touch)
    case .moved: touchesMoved(touch)
    case .ended: touchesEnded(touch)
    case .cancelled: touchesCancelled(touch)
    }
  }

  /// A finger went down on the view or a subview; subclasses note where, to measure the gesture.
  open func touchesBegan(_ touch: Touch) {}
  /// The finger moved; subclasses begin, change or fail here.
  open func touchesMoved(_ touch: Touch) {}
  /// The finger lifted; subclasses end or fail here, since the sequence is over.
  open func touchesEnded(_ touch: Touch) {}
  /// The touch was cancelled (another finger, the view left the window): a gesture under way is
  /// `cancelled` and one still possible `failed`, so targets never see half a gesture as done.
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
    let wasUndecided = state == .possible
    isInSequence = awaitsAnotherSequence
    if deferredState == .began { deferredState = nil }
    reset()
    setStateQuietly(.possible)
    if deferredState == nil { lastTouch = nil }
    // A recognizer that ends a sequence without recognizing, and expects no further one, failed.
    if wasUndecided && !isInSequence && deferredState == nil { decided(recognized: false) }
  }

  /// Whether the recognizer keeps watching after this touch sequence, as a double tap waits for
  /// its second tap.
  open var awaitsAnotherSequence: Bool { false }

  /// Gives up waiting for another sequence: the recognizer failed.
  func stopAwaiting() {
    guard isInSequence, state == .possible else { return }
    isInSequence = false
    decided(recognized: false)
  }
}

/// Recognizes taps (UIKit's `UITapGestureRecognizer`).
open class TapGestureRecognizer: GestureRecognizer {
  /// Taps needed: 2 for a double tap.
  public var numberOfTapsRequired = 1
  /// Fingers needed; sessions have one finger, so only 1 can be met, kept for UIKit's API.
  public var numberOfTouchesRequired = 1
  /// How long a multi-tap recognizer waits for the next tap before it fails.
  public static let maximumTapInterval: TimeInterval = 0.35
  private var start: CGPoint?
  private var tapsSeen = 0
  private var nextTapTimeout: ScheduledWork?

  open override func touchesBegan(_ touch: Touch) {
    start = touch.location(in: nil)
    nextTapTimeout?.cancel()
    nextTapTimeout = nil
  }

  open override var awaitsAnotherSequence: Bool {
    guard numberOfTapsRequired > 1, tapsSeen > 0, tapsSeen < numberOfTapsRequired else { return false }
    // Without a clock there is nobody to end the wait, so the recognizer fails at once.
    guard let scheduler = view?.window?.scheduler else { return false }
    nextTapTimeout = scheduler.schedule(after: Self.maximumTapInterval) { [weak self] in
      guard let self else { return }
      self.tapsSeen = 0
      self.stopAwaiting()
    }
    return true
  }

  open override func touchesMoved(_ touch: Touch) {
    guard state == .possible, let start else { return }
    let point = touch.location(in: nil)
    if hypot(point.x - start.x, point.y - start.y) > 10 { state = .failed }
  }

  open override func touchesEnded(_ touch: Touch) {
    guard state == .possible else { return }
    tapsSeen = touch.tapCount
    if touch.tapCount >= numberOfTapsRequired {
      tapsSeen = 0
      state = .recognized
    }
  }

  open override func touchesCancelled(_ touch: Touch) {
    tapsSeen = 0
    super.touchesCancelled(touch)
  }

  open override func reset() { start = nil }
}

/// Recognizes a finger moving (UIKit's `UIPanGestureRecognizer`): it begins with the first move
/// and reports the translation from the point where the finger went down.
open class PanGestureRecognizer: GestureRecognizer {
  private var origin: CGPoint = .zero
  private var current: CGPoint = .zero
  private var velocity: CGPoint = .zero

  /// The fewest fingers that pan; sessions have one finger, kept for UIKit's API.
  public var minimumNumberOfTouches = 1
  /// The most fingers that pan; sessions have one finger, kept for UIKit's API.
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
  /// How long the finger must stay down before the press begins, in seconds (UIKit's 0.5).
  public var minimumPressDuration: TimeInterval = 0.5
  /// How far the finger may wander, in points, before the press fails (UIKit's 10).
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
  /// The directions a swipe may take; several may be allowed at once.
  public struct Direction: OptionSet, Sendable {
    /// UIKit's bit for each direction.
    public let rawValue: UInt
    /// Wraps UIKit's bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Towards greater x.
    public static let right = Direction(rawValue: 1)
    /// Towards smaller x.
    public static let left = Direction(rawValue: 2)
    /// Towards smaller y (up the screen).
    public static let up = Direction(rawValue: 4)
    /// Towards greater y.
    public static let down = Direction(rawValue: 8)
  }

  /// The directions that count; UIKit's default is right only.
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

/// One target-action pair of a recognizer, with what identifies it for UIKit's rule that a
/// duplicate pair is ignored.
private struct RecognizerAction {
  /// The target, unretained; nil for a closure action. Held here, not captured by `perform`
  /// (see `GestureRecognizer.addTarget`).
  let held: UnownedBox<AnyObject>?
  /// The target while it lives; nil for a closure action or a target that is gone.
  var target: AnyObject? { held?.object }
  /// Where the pair was added (`file:line:column`); nil for a closure action.
  let site: String?
  /// Sends the action, given the target (alive) and the recognizer; a closure action ignores
  /// the first argument.
  let perform: (AnyObject, GestureRecognizer) -> Void

  init(
    target held: UnownedBox<AnyObject>?, site: String?,
    perform: @escaping (AnyObject, GestureRecognizer) -> Void
  ) {
    self.held = held
    self.site = site
    self.perform = perform
  }
}
