import Foundation

/// A view that turns touches into actions (UIKit's `UIControl`): buttons, text fields,
/// switches, sliders.
///
/// Target-action works as in UIKit, with Swift method references instead of selectors:
/// `button.addTarget(self, action: LoginStackViewController.login, for: .touchUpInside)`. The target
/// is held weakly, as UIKit holds it.
open class Control: View {
  /// The events a control sends actions for (UIKit's `UIControl.Event`).
  public struct Event: OptionSet, Hashable, Sendable {
    /// UIKit's bit for each event, so sets combine as `UIControl.Event` values do.
    public let rawValue: UInt32
    /// Wraps UIKit's bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A finger went down on the control.
    public static let touchDown = Event(rawValue: 1 << 0)
    /// A further finger-down of a multi-tap (tap count above 1), sent with `touchDown`.
    public static let touchDownRepeat = Event(rawValue: 1 << 1)
    /// The finger moved within the control's bounds and their 70-point slop.
    public static let touchDragInside = Event(rawValue: 1 << 2)
    /// The finger moved outside the bounds and their slop.
    public static let touchDragOutside = Event(rawValue: 1 << 3)
    /// The finger came back inside.
    public static let touchDragEnter = Event(rawValue: 1 << 4)
    /// The finger left the inside.
    public static let touchDragExit = Event(rawValue: 1 << 5)
    /// The finger lifted inside: a button's tap.
    public static let touchUpInside = Event(rawValue: 1 << 6)
    /// The finger lifted outside, which UIKit treats as a change of mind.
    public static let touchUpOutside = Event(rawValue: 1 << 7)
    /// A recognizer or a new touch took the touch from the control.
    public static let touchCancel = Event(rawValue: 1 << 8)
    /// A switch flipped or a slider moved.
    public static let valueChanged = Event(rawValue: 1 << 12)
    /// The control's main action: a button's tap, a text field's return key.
    public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    /// A text field took focus.
    public static let editingDidBegin = Event(rawValue: 1 << 16)
    /// A text field's text changed by typing or deleting.
    public static let editingChanged = Event(rawValue: 1 << 17)
    /// A text field lost focus.
    public static let editingDidEnd = Event(rawValue: 1 << 18)
    /// The return key ended editing in a text field.
    public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
    /// Every touch event, UIKit's mask.
    public static let allTouchEvents = Event(rawValue: 0x0FFF)
    /// Every editing event, UIKit's mask.
    public static let allEditingEvents = Event(rawValue: 0x000F_0000)
    /// Every event.
    public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
  }

  /// The control's state (UIKit's `UIControl.State`), for per-state titles and colours.
  public struct State: OptionSet, Hashable, Sendable {
    /// UIKit's bit for each state, so states combine as `UIControl.State` values do.
    public let rawValue: UInt
    /// Wraps UIKit's bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// No other state: what the other states fall back to.
    public static let normal = State([])
    /// A finger is down on the control.
    public static let highlighted = State(rawValue: 1 << 0)
    /// `isEnabled` is false.
    public static let disabled = State(rawValue: 1 << 1)
    /// `isSelected` is true.
    public static let selected = State(rawValue: 1 << 2)
    /// UIKit's focus-engine state; sessions have no focus engine, kept for the API.
    public static let focused = State(rawValue: 1 << 3)
  }

  /// One target-action pair, or one closure action (`addAction`).
  ///
  /// The target is held here, not captured by `perform`: `perform` then captures only the
  /// action, which `addTarget` (inlined into the app) knows as a constant, a method reference,
  /// so the optimizer makes it a closure without a context that calls the method directly.
  /// Captured with the target, the action stayed opaque: calling the curried
  /// `Target.method` allocated a closure binding the target (a malloc and a free) and went
  /// through three reabstraction thunks, on every action sent.
  private struct Registration {
    let events: Event
    /// The target, not retained, as UIKit does not retain targets; nil for a closure action.
    let target: UnownedBox<AnyObject>?
    /// Sends the action: given the target (alive) and the control; a closure action is given
    /// nil.
    let perform: (AnyObject?, Control) -> Void
  }

  // The registrations and the touch-tracking flags below are unchecked for exclusivity at run
  // time: every touch on the control reads and writes them; `sendActions` iterates a copy, so
  // an action may add or remove targets.
  @exclusivity(unchecked) private var registrations: [Registration] = []

  /// Whether the control responds to touches; a disabled control is drawn dimmed.
  ///
  /// Unchecked for exclusivity at run time, as `View`'s hit-testing flags are: every touch on
  /// the control reads it.
  @exclusivity(unchecked) open var isEnabled = true {
    didSet {
      setRenderProperty(.enabled, isEnabled ? nil : .bool(false))
      if !isEnabled { isHighlighted = false }
      stateDidChange()
    }
  }

  /// Whether a finger is down on the control.
  @exclusivity(unchecked) open var isHighlighted = false {
    didSet {
      guard isHighlighted != oldValue else { return }
      stateDidChange()
    }
  }

  /// Whether the control is selected (a toggled button).
  @exclusivity(unchecked) open var isSelected = false {
    didSet {
      guard isSelected != oldValue else { return }
      // A client cannot see selection, so the `selected` trait travels (`a11y-traits`).
      sendsAccessibilityKeys = true
      refreshAccessibilityKeys()
      stateDidChange()
    }
  }

  /// The control's current state.
  public var state: State {
    var state = State.normal
    if isHighlighted { state.insert(.highlighted) }
    if !isEnabled { state.insert(.disabled) }
    if isSelected { state.insert(.selected) }
    return state
  }

  /// Called when `isEnabled`, `isHighlighted` or `isSelected` changed, to redraw per state.
  open func stateDidChange() {}

  /// Whether a touch that began on the control is being tracked.
  @exclusivity(unchecked) public private(set) var isTracking = false
  /// Whether the tracked touch is inside the control (with UIKit's 70-point slop).
  @exclusivity(unchecked) public private(set) var isTouchInside = false

  // MARK: Target-action

  /// Calls `action` on `target` with the control when one of `events` happens.
  ///
  /// Inlinable, so that it is specialized where the app calls it: there `action` is a known
  /// method, and sending it is a direct call of the method (see `Registration`). Final, so that
  /// a call is not dispatched through the class's table, which no compiler can inline.
  @inlinable
  public final func addTarget<Target: AnyObject, Sender>(
    _ target: Target, action: @escaping (Target) -> (Sender) -> Void, for events: Event
  ) {
    // The target is held by a checked unowned reference in a box of its own (not retained,
    // as UIKit documents; nil once it is gone), not as a weak `Target?`: a weak reference gave
    // the target (the controller, usually) a side table, so each of its retains on every
    // action took the slow path.
    register(events, target: target) { object, control in
      guard let object else { return }
      let target = unsafeDowncast(object, to: Target.self)
      // The sender is nearly always declared as the control's own class (a switch's action
      // takes the switch): then the control is the sender as it is, without the generic cast
      // (`swift_dynamicCast` and the optional's metadata, on every action sent).
      if ObjectIdentifier(type(of: control)) == ObjectIdentifier(Sender.self) {
        action(target)(unsafeBitCast(control, to: Sender.self))
      } else {
        Control.send(control, as: Sender.self, to: target, action)
      }
    }
  }

  /// The general case of `addTarget`'s action, the control cast to the declared sender: kept
  /// out of the closure, whose every call otherwise fetched `Optional<Sender>`'s metadata for
  /// the cast's result even when the cast was not needed.
  @usableFromInline @inline(never)
  static func send<Target, Sender>(
    _ control: Control, as: Sender.Type, to target: Target, _ action: (Target) -> (Sender) -> Void
  ) {
    guard let sender = control as? Sender else { return }
    action(target)(sender)
  }

  /// Calls `action` on `target` when one of `events` happens, for actions that take no sender.
  ///
  /// Inlinable, as the other `addTarget` is.
  @inlinable
  public final func addTarget<Target: AnyObject>(
    _ target: Target, action: @escaping (Target) -> () -> Void, for events: Event
  ) {
    // Held in an `UnownedBox`, as above.
    register(events, target: target) { object, _ in
      guard let object else { return }
      action(unsafeDowncast(object, to: Target.self))()
    }
  }

  /// Adds a registration for `target` (held unowned) whose `perform` gets the target while it
  /// lives: the part of `addTarget` that is not specialized for the app's types.
  @usableFromInline
  final func register(_ events: Event, target: AnyObject, perform: @escaping (AnyObject?, Control) -> Void) {
    registrations.append(
      Registration(events: events, target: UnownedBox<AnyObject>(target), perform: perform))
  }

  /// Removes the target's registrations for `events` (all of them for `nil` target).
  public func removeTarget(_ target: AnyObject?, for events: Event) {
    registrations.removeAll { registration in
      (target == nil || registration.target?.refers(to: target) == true)
        && !registration.events.isDisjoint(with: events)
    }
  }

  /// Calls `handler` when one of `events` happens (UIKit's `addAction(_:for:)` with a closure).
  public func addAction(_ action: Action, for events: Event) {
    registrations.append(
      Registration(events: events, target: nil) { _, control in
        action.sender = control
        action.handler(action)
      })
  }

  /// Sends the actions registered for `events`, in the order they were added.
  open func sendActions(for events: Event) {
    // By index over a copy of the list, which holds the registrations while actions run (an
    // action may add or remove targets): the enumerating iterator and its tuples retained and
    // released the list and each closure, on each of the three sends of a tap.
    // Most sends have no registration (a tap sends `touchDown` and `touchUpInside` to a switch
    // that only has a `valueChanged` target): asked first where the list is stored.
    var any = false
    for index in registrations.indices where !registrations[index].events.isDisjoint(with: events) {
      any = true
      break
    }
    guard any else { return }
    let list = registrations
    var anyGone = false
    withExtendedLifetime(list) {
      for index in list.indices where !list[index].events.isDisjoint(with: events) {
        var target: AnyObject?
        if let held = list[index].target {
          guard let alive = held.object else {
            anyGone = true
            continue
          }
          target = alive
        }
        list[index].perform(target, self)
      }
    }
    // A target that is gone is pruned, as UIKit no longer sends to it: from the list as the
    // actions left it (one may have added or removed targets), not by the copy's positions.
    if anyGone { registrations.removeAll { $0.target.map { $0.object == nil } ?? false } }
  }

  /// The number of registrations, including those whose target is gone but not yet pruned.
  public var actionCount: Int { registrations.count }

  // MARK: Touch tracking

  /// Whether a touch lifting inside is also the control's primary action
  /// (`primaryActionTriggered`): true for a button, false for a text field, whose primary action
  /// is the return key, as in UIKit; a tap that focuses a field must not submit a form.
  var touchUpInsideIsPrimaryAction: Bool { true }

  /// Whether `point` (in the control's coordinates) is inside the bounds widened by UIKit's
  /// 70-point slop, where a lift still counts as inside.
  ///
  /// `bounds.insetBy(dx: -70, dy: -70).containsPoint(_:)` with the arithmetic written out for
  /// the bounds every control has (finite, not negative), in the same order of operations so
  /// every point gets the same answer: `insetBy` is a call into Foundation, about 40
  /// instructions of every lift on a control. Other bounds take Foundation's way.
  final func isWithinTrackingSlop(_ point: CGPoint) -> Bool {
    let rect = bounds
    let (x, y, width, height) = (rect.origin.x, rect.origin.y, rect.size.width, rect.size.height)
    guard width >= 0, height >= 0, x.isFinite, y.isFinite, width.isFinite, height.isFinite else {
      return rect.insetBy(dx: -70, dy: -70).containsPoint(point)
    }
    let minX = x - 70
    let minY = y - 70
    let wide = width + 140
    let high = height + 140
    return point.x >= minX && point.x < minX + wide && point.y >= minY && point.y < minY + high
  }

  open override func touchesBegan(_ touch: Touch) {
    guard isEnabled else { return }
    isTracking = true
    isTouchInside = true
    isHighlighted = true
    sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown)
  }

  open override func touchesMoved(_ touch: Touch) {
    guard isTracking else { return }
    let inside = isWithinTrackingSlop(touch.location(in: self))
    let wasInside = isTouchInside
    isTouchInside = inside
    isHighlighted = inside
    if inside != wasInside { sendActions(for: inside ? .touchDragEnter : .touchDragExit) }
    sendActions(for: inside ? .touchDragInside : .touchDragOutside)
  }

  open override func touchesEnded(_ touch: Touch) {
    guard isTracking else { return }
    let inside = isWithinTrackingSlop(touch.location(in: self))
    isTracking = false
    isHighlighted = false
    if inside {
      sendActions(
        for: touchUpInsideIsPrimaryAction ? [.touchUpInside, .primaryActionTriggered] : .touchUpInside)
    } else {
      sendActions(for: .touchUpOutside)
    }
  }

  open override func touchesCancelled(_ touch: Touch) {
    guard isTracking else { return }
    isTracking = false
    isHighlighted = false
    sendActions(for: .touchCancel)
  }
}

/// A closure-based action (UIKit's `UIAction`).
public final class Action {
  /// The action's name, for menus that show it; controls that fire it on a touch ignore it.
  public let title: String
  /// The work, given the action so it can read `sender`; held strongly, as UIKit holds it, so
  /// capture the controller weakly.
  public let handler: (Action) -> Void
  /// The control that sent the action, while the handler runs; not retained, nil once the
  /// control is gone, as a weak reference, but held as a checked unowned one
  /// (`CheckedUnowned`): a weak one gave every control with a closure action a side table, so
  /// each retain of the control took the runtime's slow path.
  public internal(set) var sender: Control? {
    get { CheckedUnowned.load(senderReference, as: Control.self) }
    set {
      guard !CheckedUnowned.refers(senderReference, to: newValue) else { return }
      CheckedUnowned.replace(&senderReference, with: newValue)
    }
  }
  /// `sender`'s storage. Unchecked for exclusivity at run time, as the controls' own state is:
  /// set only by the control, on its loop, before the handler runs (the check was a tenth of a
  /// closure action's cost).
  @exclusivity(unchecked) private var senderReference: UnsafeMutableRawPointer?

  /// Creates an action, as `UIAction(title:handler:)`; the title may stay empty.
  public init(title: String = "", handler: @escaping (Action) -> Void) {
    self.title = title
    self.handler = handler
  }

  deinit { CheckedUnowned.release(senderReference) }
}
