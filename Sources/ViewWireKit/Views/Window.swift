public import Foundation

/// The root of one session's view tree (UIKit's `UIWindow`).
///
/// The server owns one window per client session. It installs the root view controller with
/// UIKit's appearance callbacks, runs the layout pass once per frame, routes input, and records
/// changes for the diff engine. It knows nothing of the wire beyond the change record.
open class Window: View {
  /// What changed since the last frame; drained by the diff engine.
  package let changes = ChangeTracker()

  /// The traits the client announced (idiom, scale, locale, keyboard, appearance, text size),
  /// with the size classes of the window's size; every view's `traitCollection` reads them.
  @exclusivity(unchecked) package private(set) var traits: TraitCollection {
    didSet { hasDefaultTraits = traits == TraitCollection.defaults }
  }

  /// Whether `traits` are `TraitCollection.defaults` (a client that stated none): kept with them
  /// by `traits`' observer (and `init`, where observers do not run), so the wrapper around every
  /// command knows it without comparing them.
  @exclusivity(unchecked) private var hasDefaultTraits: Bool

  /// Receives trace events (`lifecycle`, `layout`...) while someone listens; the server forwards
  /// them as `trace` lines.
  /// Unchecked for exclusivity at run time: read (the closure copied out, then called) or
  /// stored, never held across a call.
  @exclusivity(unchecked) public var traceSink: ((_ kind: String, _ detail: String) -> Void)?

  /// Runs the kit's timed work (long presses, delayed actions); the server backs it with loop
  /// timers, tests with a `ManualScheduler`.
  ///
  /// Unchecked for exclusivity at run time: every touch reads it for the time, and it is only
  /// ever read or stored.
  @exclusivity(unchecked) public var scheduler: (any Scheduler)?

  /// The finger that is down, with the recognizers watching it.
  ///
  /// Unchecked for exclusivity at run time, as the traits, the limit and the after-layout work:
  /// each input reads them; every access copies or stores, calling nothing meanwhile.
  @exclusivity(unchecked) var touchSequence: TouchSequence?

  /// The touch of the last sequence, kept when nothing else held it once it ended, for the next
  /// touch-down to reuse (`Touch.reuse`): a tap then allocates and frees no touch (about 450
  /// instructions of a tap). Its unowned reference to the view last touched keeps at most that
  /// one view's memory (not the view) until the next touch or the window goes.
  @exclusivity(unchecked) var spareTouch: Touch?

  /// Why the last input stopped at one of the limits that bound what one client can make its
  /// session hold (PROTOCOL.md section 17): the kit or an app refused the change and said so
  /// here, and the server answers the command with `limit-reached` and this message.
  @exclusivity(unchecked) public private(set) var limitReached: String?

  /// Records that a change was refused at a limit; the first refusal of a command is kept.
  public func reportLimit(_ message: String) {
    if limitReached == nil { limitReached = message }
  }

  /// The refusal recorded since the last call, if any.
  public func takeLimitReached() -> String? {
    defer { limitReached = nil }
    return limitReached
  }

  /// Moved on by every change that may change which view `view(withIdentifier:)` finds: an
  /// identifier set on a view of this window, a subview added to, removed from or reordered in
  /// one of its views (`View.noteIdentifierLookupChange`). Wraps rather than traps: only
  /// equality with a kept value is asked.
  @exclusivity(unchecked) package final var identifierGeneration: UInt64 = 0
  /// The last identifier `view(withIdentifier:)` looked for (nil: no answer kept), ...
  @exclusivity(unchecked) var identifierLookupKey: String?
  /// ... the view it found (nil: none), unretained: a view leaves the window only by a removal,
  /// which moves the generation on, so a kept view is read only while the tree holds it ...
  @exclusivity(unchecked) var identifierLookupView: Unmanaged<View>?
  /// ... and the generation the answer holds for.
  @exclusivity(unchecked) var identifierLookupGeneration: UInt64 = 0

  /// The Auto Layout solver (AutoLayout/LayoutEngine.swift), nil until a constraint arrives.
  /// Unchecked for exclusivity at run time: read (and set once) by plain accesses, four times
  /// per frame.
  @exclusivity(unchecked) package var layoutEngine: LayoutEngine?

  /// Work that must run after the next layout pass, such as `viewDidAppear`.
  @exclusivity(unchecked) private var afterLayout: [() -> Void] = []

  /// Lets go of everything the change tracker holds, before the subviews go: a view that outlives
  /// the window (held by app code) must not keep the tracker, and the tracker's queues must not
  /// keep views, or either would keep the other alive. Clears every view's `window` too, which
  /// is unretained: a view that outlives the window must not name it.
  deinit {
    var stack = subviews
    while let view = stack.popLast() {
      view.changeTracker = nil
      view.windowReference = nil
      stack.append(contentsOf: view.subviews)
    }
    changes.reset()
    changes.owner = nil
  }

  /// Creates a window of `size`; it starts empty, with no root view controller.
  public init(size: CGSize, traits: TraitCollection = TraitCollection()) {
    self.traits = traits.withSizeClasses(for: size)
    hasDefaultTraits = self.traits == TraitCollection.defaults
    super.init(frame: CGRect(origin: .zero, size: size))
    window = self
    changes.owner = self
    changeTracker = changes
    // A view queues its first layout and drawing as it joins a window; the window never joins
    // one, so it queues its own here (a Window subclass's layoutSubviews and draw then run).
    changes.noteNeedsLayout(self)
    changes.noteNeedsDisplay(self)
    backgroundColor = .systemBackground
  }

  /// A window of size zero (View's required `init()`); a session sizes it from the client.
  public required convenience init() {
    self.init(size: .zero)
  }

  /// The controller whose view fills the window.
  ///
  /// Setting it runs UIKit's first-appearance sequence for the new controller (`loadView`,
  /// `viewDidLoad`, `viewWillAppear`, `viewIsAppearing`, the layout callbacks at the next layout
  /// pass, then `viewDidAppear`) and the disappearance sequence for the old one. A touch on the
  /// old tree is cancelled when its views leave the window, as UIKit cancels a touch whose view
  /// leaves the window.
  public var rootViewController: ViewController? {
    didSet {
      guard oldValue !== rootViewController else { return }
      if let old = oldValue {
        // The controller on screen (the top of any presentations) disappears; the rest already did.
        var shown = old
        while let presented = shown.presentedViewController { shown = presented }
        shown.beginAppearanceTransition(isAppearing: false)
        old.discardPresentations()
        shown.viewIfLoaded?.removeFromSuperview()
        old.viewIfLoaded?.removeFromSuperview()
        shown.endAppearanceTransition()
        old.hostWindow = nil
      }
      if let new = rootViewController {
        new.hostWindow = self
        new.containerSafeAreaInsets = new.insetsInWindow(safeAreaInsets)
        new.loadViewIfNeeded()
        new.beginAppearanceTransition(isAppearing: true)
        let rootView: View = new.view
        rootView.frame = bounds
        addSubview(rootView)
        new.callViewIsAppearing()
        // Unretained through a checked unowned box rather than captured weak: a weak capture
        // gave every root controller a side table (`CheckedUnowned`).
        runAfterLayout { [held = UnownedBox(new)] in held.object?.endAppearanceTransition() }
      }
    }
  }

  /// The controller whose view covers the window: the last one presented, else the root.
  package var topFullScreenController: ViewController? {
    var current = rootViewController
    while let presented = current?.presentedViewController { current = presented }
    return current
  }

  /// The controller in the presentation chain just under `controller`.
  package func fullScreenController(below controller: ViewController) -> ViewController? {
    var current = rootViewController
    while let next = current?.presentedViewController {
      if next === controller { return current }
      current = next
    }
    return nil
  }

  /// Changes the window's size; the controllers' views follow and the controllers hear of the
  /// transition first (`viewWillTransition(to:)`, forwarded to children and presented ones).
  /// A keyboard that is up moves to the new bottom edge, with its notifications.
  public func resize(to size: CGSize) {
    guard size != bounds.size else { return }
    rootViewController?.transition(to: size)
    frame = CGRect(origin: .zero, size: size)
    for view in subviews {
      guard let controller = view.owningViewController else { continue }
      view.frame = controller.frameInWindow(bounds)
    }
    // A new size may cross a size-class threshold (a phone turned to landscape).
    updateTraits(traits)
    updateKeyboard()
  }

  /// Replaces the traits (their size classes follow the window's size, whatever `traits` says)
  /// and, when they changed, tells the apps: every controller (root first, then children and
  /// presented ones), then every view, parents first, which resolves its dynamic colours again
  /// (PROTOCOL.md section 3). App code runs with `TraitCollection.current` set to the new traits.
  public func updateTraits(_ traits: TraitCollection) {
    let previous = self.traits
    let new = traits.withSizeClasses(for: bounds.size)
    guard previous != new else { return }
    self.traits = new
    TraitCollection.withCurrent(new) {
      rootViewController?.propagateTraitChange(from: previous)
      propagateTraitChange(from: previous)
    }
    updateKeyboard()
  }

  /// Runs `work` with `TraitCollection.current` set to this window's traits, as UIKit sets it
  /// around an app's code, so `Font.preferredFont(forTextStyle:)` and dynamic colours read this
  /// client's traits. The server wraps each command of the session in it.
  ///
  /// Traits already current (a default client's, on every command) are not bound again: a
  /// task-local binding allocates, and this runs once per input (as `Localization.withLocale`).
  /// With no binding in force (`EnvironmentBindings`) the current traits are the defaults:
  /// traits known to be the defaults need no read of the task-local and no comparison.
  public func withCurrentTraits<Result>(_ work: () throws -> Result) rethrows -> Result {
    if EnvironmentBindings.noneInForce {
      if hasDefaultTraits { return try work() }
    } else if traits == TraitCollection.current {
      return try work()
    }
    return try TraitCollection.withCurrent(traits, work)
  }

  /// Runs `work` in this window's client environment: its locale (`Localization.withLocale`)
  /// and its traits (`withCurrentTraits`), as the server runs each command of the session.
  ///
  /// A client that stated no traits, outside any binding (every command of a default client),
  /// runs `work` as it is after two loads: binding nothing, both already read the defaults.
  public func withClientEnvironment<Result>(_ work: () throws -> Result) rethrows -> Result {
    if hasDefaultTraits, EnvironmentBindings.noneInForce { return try work() }
    return try Localization.withLocale(traits.locale) { try withCurrentTraits(work) }
  }

  // MARK: Safe area

  /// Sets what the client's chrome covers of the window (its `hello safe-area=`): the window's
  /// `safeAreaInsets`, which the root controller and every controller presented full screen
  /// get as their own (a page sheet all but the top), and containers pass on under their bars.
  public func updateSafeAreaInsets(_ insets: EdgeInsets) {
    guard insets != safeAreaInsets else { return }
    safeAreaInsets = insets
    var controller = rootViewController
    while let current = controller {
      current.containerSafeAreaInsets = current.insetsInWindow(insets)
      controller = current.presentedViewController
    }
  }

  /// Runs `work` after the next layout pass of this window.
  public func runAfterLayout(_ work: @escaping () -> Void) {
    afterLayout.append(work)
  }

  /// Brings the tree up to date before a frame is taken: the layout pass, then the work that
  /// waits for it (appearance completions), repeated while that work changes layout again.
  ///
  /// With nothing queued (no layout, no display, no after-layout work, no constraint out of
  /// date) nothing would run, so the traits are not bound: the diff engine asks again right after
  /// the server did, and binding (a task-local read and a comparison of the traits) cost each
  /// command about 300 instructions.
  public func prepareFrame() {
    if !changes.hasLayoutOrDisplayWork && afterLayout.isEmpty && !constraintsNeedSolve { return }
    withCurrentTraits { prepareFrameWithTraits() }
  }

  private func prepareFrameWithTraits() {
    var rounds = 0
    repeat {
      rounds += 1
      solveConstraintsIfNeeded()
      changes.runLayoutPass(within: self)
      let work = afterLayout
      afterLayout = []
      for item in work { item() }
    } while (!afterLayout.isEmpty || constraintsNeedSolve) && rounds < 8
    // The loop ends either settled (nothing waiting and no constraint out of date, which it just
    // checked, so a second check would only repeat the scan) or out of rounds, when the last
    // changes still need solving.
    if rounds == 8 { solveConstraintsIfNeeded() }
    changes.runLayoutPass(within: self)
    changes.runDisplayPass()
  }

  // MARK: First responder

  /// The responder that receives key input: the focused text field.
  public private(set) weak var firstResponder: Responder?

  /// Moves first-responder status, asking the current one to resign first.
  ///
  /// When key input starts or stops, the client's on-screen keyboard (as tall as its `hello`
  /// said; none for `keyboard=0`) shows or hides, and the window posts UIKit's keyboard
  /// notifications to its `notificationCenter`, so controllers can move content out of the way.
  @discardableResult
  public func makeFirstResponder(_ responder: Responder?) -> Bool {
    if firstResponder === responder { return true }
    if let current = firstResponder, !current.canResignFirstResponder { return false }
    moveFirstResponder(to: responder)
    return true
  }

  /// Takes first-responder status away without asking, because the responder is leaving the
  /// window: a view out of the window cannot take key input, so UIKit ends its editing whatever
  /// its delegate would say (as `endEditing(true)` does) and the keyboard hides.
  func forceResignFirstResponder() {
    guard firstResponder != nil else { return }
    moveFirstResponder(to: nil)
  }

  private func moveFirstResponder(to responder: Responder?) {
    if let current = firstResponder {
      firstResponder = nil
      current.firstResponderDidChange(isFirstResponder: false)
    }
    firstResponder = responder
    // The responder hears first (`textFieldDidBeginEditing`), then the keyboard observers, as in
    // UIKit, so an observer may ask which field is editing.
    responder?.firstResponderDidChange(isFirstResponder: true)
    updateKeyboard(newResponder: responder != nil)
  }

  // MARK: Keyboard

  /// This session's notification centre: keyboard notifications go here.
  ///
  /// UIKit posts to `NotificationCenter.default`; a daemon serves many sessions in one process,
  /// so each window has its own centre and an observer hears only its own client's keyboard.
  /// Seed code changes `NotificationCenter.default` to `view.window?.notificationCenter` (or the
  /// controller's `notificationCenter`).
  ///
  /// Made on first use (an observer, or the keyboard's first move): most sessions never use it,
  /// and a centre with its locks and tables was a few hundred bytes of every idle session.
  public private(set) lazy var notificationCenter = NotificationCenter()

  /// The on-screen keyboard's frame in window coordinates while it is shown, else nil.
  ///
  /// It follows the window: a resize or a new keyboard height while the keyboard is up moves it,
  /// with the notifications UIKit posts when the keyboard changes frame (on rotation, say).
  public private(set) var keyboardFrame: CGRect?

  /// How long clients take to slide the keyboard in or out, announced in the notifications.
  public static let keyboardAnimationDuration: TimeInterval = 0.25

  /// Where the keyboard belongs now: along the bottom edge while something takes key input on a
  /// client with an on-screen keyboard, else nowhere.
  private var wantedKeyboardFrame: CGRect? {
    let height = traits.keyboardHeight
    guard firstResponder != nil, height > 0 else { return nil }
    return CGRect(x: 0, y: bounds.height - height, width: bounds.width, height: height)
  }

  /// Moves the keyboard where it belongs and posts UIKit's notifications for the move.
  ///
  /// Showing posts `willChangeFrame`, `willShow`, `didChangeFrame`, `didShow`; hiding the same
  /// with `Hide`; a keyboard that stays up but moves (a resize) posts the showing sequence with
  /// the old frame as the begin frame. A new first responder while the keyboard is up posts the
  /// showing sequence again with equal frames, as UIKit does when focus moves to another field.
  ///
  /// - Parameter newResponder: whether a responder just took key input.
  private func updateKeyboard(newResponder: Bool = false) {
    let old = keyboardFrame
    let new = wantedKeyboardFrame
    guard old != new || (newResponder && new != nil) else { return }
    let offscreen = { (frame: CGRect) in
      CGRect(x: frame.minX, y: self.bounds.height, width: frame.width, height: frame.height)
    }
    let begin: CGRect
    let end: CGRect
    switch (old, new) {
    case (nil, let new?): (begin, end) = (offscreen(new), new)
    case (let old?, nil): (begin, end) = (old, offscreen(old))
    case (let old?, let new?): (begin, end) = (old, new)
    case (nil, nil): return
    }
    let showing = new != nil
    if old == nil { trace("keyboard", "show height=\(Int(end.height))") }
    if new == nil { trace("keyboard", "hide") }
    let userInfo: [AnyHashable: Any] = [
      Responder.keyboardFrameBeginUserInfoKey: begin,
      Responder.keyboardFrameEndUserInfoKey: end,
      Responder.keyboardAnimationDurationUserInfoKey: Self.keyboardAnimationDuration,
    ]
    notificationCenter.post(
      name: Responder.keyboardWillChangeFrameNotification, object: self, userInfo: userInfo)
    notificationCenter.post(
      name: showing ? Responder.keyboardWillShowNotification : Responder.keyboardWillHideNotification,
      object: self, userInfo: userInfo)
    keyboardFrame = new
    notificationCenter.post(
      name: Responder.keyboardDidChangeFrameNotification, object: self, userInfo: userInfo)
    notificationCenter.post(
      name: showing ? Responder.keyboardDidShowNotification : Responder.keyboardDidHideNotification,
      object: self, userInfo: userInfo)
  }

  /// Reports a trace event when someone listens.
  public func trace(_ kind: String, _ detail: @autoclosure () -> String) {
    traceSink?(kind, detail())
  }
}
