public import Foundation
import ViewWireProtocol

/// Manages one screen's root view and the user's actions on it (UIKit's `UIViewController`).
///
/// The seeds' rule: the controller installs its root view in `loadView()` and keeps only user
/// actions (target-action, gestures, delegates, notifications); the view builds and lays out its
/// subviews. The kit calls the lifecycle methods in UIKit's documented order, and reports each
/// call as a `lifecycle` trace event so sessions can assert the order over the wire.
open class ViewController: Responder {
  /// Creates a controller; the names mirror UIKit's designated initializer, which seed code
  /// calls as `super.init(nibName: nil, bundle: nil)`.
  ///
  /// With a `nibName`, the default `loadView()` loads the interface file of that name from
  /// `bundle` (seed 000's Interface Builder section: no `loadView()` of your own).
  public init(nibName: String? = nil, bundle: Bundle? = nil) {
    self.nibName = nibName
    self.nibBundle = bundle
    super.init()
  }

  /// Creates a controller whose view loads from the interface file `name`.yaml in `bundle`.
  public convenience init(interfaceNamed name: String, bundle: Bundle) {
    self.init(nibName: name, bundle: bundle)
  }

  /// The interface file the default `loadView()` loads, if any.
  public let nibName: String?
  /// The bundle holding `nibName`; the main bundle when nil.
  public let nibBundle: Bundle?

  /// Creates a controller with no nib.
  public convenience override init() {
    self.init(nibName: nil, bundle: nil)
  }

  private var loadedView: View?

  /// The root view, loaded on first access through `loadView()` and `viewDidLoad()`.
  public var view: View! {
    get {
      // Asked first here: apps read `view` (through a typed accessor) for every change they
      // make, and the call was a tenth of each read.
      if loadedView == nil { loadViewIfNeeded() }
      return loadedView
    }
    set {
      loadedView?.owningViewController = nil
      loadedView = newValue
      newValue?.owningViewController = self
    }
  }

  /// The root view if it is loaded, without loading it.
  public var viewIfLoaded: View? { loadedView }

  /// Whether the root view is loaded.
  public var isViewLoaded: Bool { loadedView != nil }

  private var isLoadingView = false

  /// Loads the root view now if it is not loaded: `loadView()`, then `viewDidLoad()`.
  public func loadViewIfNeeded() {
    guard loadedView == nil, !isLoadingView else { return }
    isLoadingView = true
    defer { isLoadingView = false }
    lifecycle("loadView")
    loadView()
    if loadedView == nil { loadedView = View() }
    loadedView?.owningViewController = self
    updateSafeArea()
    lifecycle("viewDidLoad")
    viewDidLoad()
  }

  /// Creates the root view. Override it to install your own view class; do not call super.
  ///
  /// The default loads `nibName` with this controller as the owner, or creates a plain `View`.
  /// An interface file that fails to load is a bug in the app, as a missing nib is in UIKit:
  /// it stops with the loader's message, which names the file, the line and the problem.
  open func loadView() {
    guard let nibName else {
      view = View()
      return
    }
    do {
      view = try Interface(named: nibName, bundle: nibBundle ?? .main).instantiate(owner: self)
    } catch {
      fatalError("\(type(of: self)) could not load its view: \(error)")
    }
  }

  /// Called once the root view is loaded, to wire user actions.
  open func viewDidLoad() {}

  /// Called before the view is added to the window.
  open func viewWillAppear(_ animated: Bool) {}
  /// Called after the view is in the window, before its first layout.
  open func viewIsAppearing(_ animated: Bool) {}
  /// Called after the view appeared and was laid out.
  open func viewDidAppear(_ animated: Bool) {}
  /// Called before the view leaves the window.
  open func viewWillDisappear(_ animated: Bool) {}
  /// Called after the view left the window.
  open func viewDidDisappear(_ animated: Bool) {}
  /// Called before the root view's `layoutSubviews`.
  open func viewWillLayoutSubviews() {}
  /// Called after the root view's `layoutSubviews`.
  open func viewDidLayoutSubviews() {}

  /// Called before the window changes size; children and presented controllers hear it after
  /// their parent, as UIKit's default implementation forwards it.
  open func viewWillTransition(to size: CGSize) {}

  package func transition(to size: CGSize) {
    let width = CanonicalNumber.format(Double(size.width))
    lifecycle("viewWillTransition(to: \(width)x\(CanonicalNumber.format(Double(size.height))))")
    viewWillTransition(to: size)
    for child in children { child.transition(to: size) }
    presentedViewController?.transition(to: size)
  }

  /// Called when the client's traits changed (idiom, scale, locale, keyboard).
  open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}

  /// Called when the daemon runs short of memory: release what can be rebuilt.
  ///
  /// The default releases the root view when it is not in a window (seed 003's lifecycle
  /// diagram): `isViewLoaded` turns false, every `@ViewLazy` property of the controller lets go
  /// of its value, `viewDidUnload()` runs, and the view is loaded again, `loadView()` then
  /// `viewDidLoad()`, before it next appears. An override that keeps its view does not call super.
  open func didReceiveMemoryWarning() {
    guard let loadedView, loadedView.window == nil, !isAppearing else { return }
    hostWindow?.trace("memory", "\(String(describing: type(of: self))) released its view")
    let window = hostWindow
    loadedView.owningViewController = nil
    self.loadedView = nil
    ViewLazyRelease.releaseAll(in: self)
    lifecycle(in: window, "viewDidUnload")
    viewDidUnload()
  }

  /// Called after a memory warning released the root view: drop what belonged to that view
  /// (bindings to its subviews, references to them, caches of what it showed), because
  /// `viewDidLoad()` will build it all again for the next view.
  ///
  /// UIKit called this until iOS 6 and then stopped releasing views at all; ViewWire still
  /// releases hidden views, since a busy server's memory is shared by every session, so it needs
  /// this too. Properties declared `@ViewLazy` are released for you before it is called.
  open func viewDidUnload() {}

  /// Delivers a memory warning to this controller, its children and what it presents.
  package func receiveMemoryWarning() {
    lifecycle("didReceiveMemoryWarning")
    didReceiveMemoryWarning()
    for child in children { child.receiveMemoryWarning() }
    presentedViewController?.receiveMemoryWarning()
  }

  /// The title a navigation bar shows for this controller.
  open var title: String? {
    didSet {
      (parent as? NavigationController)?.updateBar()
      (parent as? TabBarController)?.updateBar()
    }
  }

  /// What a navigation bar shows while this controller is on top (UIKit's `navigationItem`).
  public lazy var navigationItem: NavigationItem = {
    let item = NavigationItem()
    item.onChange = { [weak self] in (self?.parent as? NavigationController)?.updateBar() }
    return item
  }()

  /// The tab this controller shows in a tab bar controller (UIKit's `tabBarItem`); made on
  /// first use, without a title, so the tab shows `title`.
  public lazy var tabBarItem: TabBarItem! = TabBarItem(title: nil, image: nil, tag: 0)

  /// The traits of the window the controller is shown in.
  public var traitCollection: TraitCollection {
    hostWindow?.traits ?? TraitCollection()
  }

  /// The window this controller is installed in, directly or through its parent or presenter.
  package var hostWindow: Window? {
    get { installedWindow ?? parent?.hostWindow ?? presentingViewController?.hostWindow }
    set { CheckedUnowned.replace(&installedWindowReference, with: newValue) }
  }
  /// The window the controller is installed in directly: unretained and nil once the window is
  /// gone, as a weak reference, but checked unowned (`CheckedUnowned`), since a weak one gave
  /// the window a side table, which put every retain of the window on the slow path.
  private var installedWindow: Window? { CheckedUnowned.load(installedWindowReference, as: Window.self) }
  private var installedWindowReference: UnsafeMutableRawPointer?

  /// Whether the view is between `viewWillAppear` and `viewWillDisappear`.
  public var isAppearing: Bool { appearance == .appearing || appearance == .appeared }

  /// Where the controller is in its appearance cycle; repeated transitions to the same state
  /// are ignored, so a view shown by its container and by its window hears each callback once.
  enum Appearance {
    case disappeared, appearing, appeared, disappearing
  }
  private(set) var appearance = Appearance.disappeared
  private var hasCalledViewIsAppearing = false

  // MARK: Appearance, driven by the window and by containers

  /// Starts an appearance transition: `viewWillAppear` or `viewWillDisappear`, then the same for
  /// the children whose views are inside this one when appearance is forwarded.
  public func beginAppearanceTransition(isAppearing appearing: Bool, animated: Bool = false) {
    if appearing {
      guard appearance == .disappeared || appearance == .disappearing else { return }
      loadViewIfNeeded()
      lifecycle("viewWillAppear")
      appearance = .appearing
      hasCalledViewIsAppearing = false
      viewWillAppear(animated)
    } else {
      guard appearance == .appeared || appearance == .appearing else { return }
      lifecycle("viewWillDisappear")
      appearance = .disappearing
      viewWillDisappear(animated)
    }
    willForwardAppearance(appearing: appearing)
    for child in forwardedChildren {
      child.beginAppearanceTransition(isAppearing: appearing, animated: animated)
    }
    didForwardAppearance(appearing: appearing)
  }

  /// Ends an appearance transition: `viewDidAppear` or `viewDidDisappear`, then the children's.
  public func endAppearanceTransition(animated: Bool = false) {
    switch appearance {
    case .appearing:
      lifecycle("viewDidAppear")
      appearance = .appeared
      viewDidAppear(animated)
    case .disappearing:
      lifecycle("viewDidDisappear")
      appearance = .disappeared
      viewDidDisappear(animated)
    case .appeared, .disappeared:
      return
    }
    for child in forwardedChildren { child.endAppearanceTransition(animated: animated) }
  }

  package func callViewIsAppearing() {
    guard appearance == .appearing, !hasCalledViewIsAppearing else { return }
    hasCalledViewIsAppearing = true
    lifecycle("viewIsAppearing")
    viewIsAppearing(false)
    for child in forwardedChildren { child.callViewIsAppearing() }
  }

  /// Whether children hear appearance callbacks when this controller does, and when their views
  /// enter or leave the window (UIKit's default). Containers that time their children's
  /// callbacks themselves, such as `NavigationController`, answer false.
  open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

  /// The children that appear with this controller: those whose views are inside its view.
  var childrenForAppearance: [ViewController] {
    guard shouldAutomaticallyForwardAppearanceMethods, let root = loadedView else { return [] }
    return children.filter { $0.loadedView?.isDescendant(of: root) == true }
  }

  /// Lets a container ready its children's views (load, size) before they hear `viewWillAppear`
  /// or `viewWillDisappear`.
  func willForwardAppearance(appearing: Bool) {}

  /// Lets a container add its children's views once they heard `viewWillAppear`, which UIKit
  /// calls before the view joins a hierarchy.
  func didForwardAppearance(appearing: Bool) {}

  private var forwardedChildren: [ViewController] { childrenForAppearance }

  /// The root view is about to enter or leave a window. A child added to (or removed from) a
  /// visible parent hears its appearance callbacks here, as in UIKit.
  package func rootViewWillMove(toWindow newWindow: Window?) {
    guard let parent, parent.shouldAutomaticallyForwardAppearanceMethods, parent.isAppearing else { return }
    if newWindow != nil, appearance == .disappeared {
      beginAppearanceTransition(isAppearing: true)
      transitionStartedByWindowMove = true
    } else if newWindow == nil, isAppearing {
      beginAppearanceTransition(isAppearing: false)
      transitionStartedByWindowMove = true
    }
  }

  /// Whether `rootViewWillMove` started the transition in progress, so it is finished once.
  private var transitionStartedByWindowMove = false

  /// The root view entered or left a window: finish what `rootViewWillMove` started.
  package func rootViewDidMove(toWindow window: Window?) {
    guard transitionStartedByWindowMove else { return }
    transitionStartedByWindowMove = false
    if let window, appearance == .appearing {
      callViewIsAppearing()
      // A checked unowned box rather than a weak capture, as the window's own (`CheckedUnowned`).
      window.runAfterLayout { [held = UnownedBox(self)] in held.object?.endAppearanceTransition() }
    } else if window == nil, appearance == .disappearing {
      endAppearanceTransition()
    }
  }

  package func propagateTraitChange(from previous: TraitCollection) {
    lifecycle("traitCollectionDidChange")
    traitCollectionDidChange(previous)
    for child in children { child.propagateTraitChange(from: previous) }
    presentedViewController?.propagateTraitChange(from: previous)
  }

  // MARK: Containment

  /// The container this controller is a child of.
  public private(set) weak var parent: ViewController?

  /// The child controllers, in the order they were added.
  public private(set) var children: [ViewController] = []

  /// Makes `child` a child of this controller, calling its `willMove(toParent:)` first, as
  /// UIKit does. The caller adds the child's view and then calls `child.didMove(toParent:)`.
  open func addChild(_ child: ViewController) {
    guard child.parent !== self else { return }
    if child.parent != nil { child.removeFromParent() }
    child.willMove(toParent: self)
    children.append(child)
    child.parent = self
  }

  /// Removes this controller from its parent and calls `didMove(toParent: nil)`, as UIKit does.
  /// The caller calls `willMove(toParent: nil)` and removes the view first.
  open func removeFromParent() {
    guard let parent else { return }
    parent.children.removeAll { $0 === self }
    self.parent = nil
    didMove(toParent: nil)
  }

  /// Called before the controller is added to or removed from a container; overrides call super.
  open func willMove(toParent parent: ViewController?) {
    lifecycle(
      in: parent?.hostWindow,
      "willMove(toParent: \(parent.map { String(describing: type(of: $0)) } ?? "nil"))")
  }

  /// Called after the controller was added to or removed from a container; overrides call super.
  open func didMove(toParent parent: ViewController?) {
    lifecycle(
      in: parent?.hostWindow, "didMove(toParent: \(parent.map { String(describing: type(of: $0)) } ?? "nil"))"
    )
  }

  /// The nearest navigation controller above this one.
  public var navigationController: NavigationController? {
    var current = parent
    while let candidate = current {
      if let navigation = candidate as? NavigationController { return navigation }
      current = candidate.parent
    }
    return nil
  }

  // MARK: Safe area

  /// Insets the controller adds to its view's safe area, for bars of its own.
  ///
  /// In a box made when first set to something else than zero: few controllers set them, and
  /// inline their 32 bytes were every controller's (issue 14, "Lean sessions").
  public var additionalSafeAreaInsets: EdgeInsets {
    get { setAdditionalSafeAreaInsets?.value ?? Self.noInsets }
    set {
      if let setAdditionalSafeAreaInsets {
        setAdditionalSafeAreaInsets.value = newValue
      } else if newValue != Self.noInsets {
        setAdditionalSafeAreaInsets = InsetsBox(newValue)
      }
      updateSafeArea()
    }
  }
  private var setAdditionalSafeAreaInsets: InsetsBox?
  private static let noInsets = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
  /// Insets kept out of line.
  private final class InsetsBox {
    var value: EdgeInsets
    init(_ value: EdgeInsets) { self.value = value }
  }

  /// The safe area its container gives this controller, before `additionalSafeAreaInsets`.
  package var containerSafeAreaInsets = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0) {
    didSet { updateSafeArea() }
  }

  private func updateSafeArea() {
    let insets = EdgeInsets(
      top: containerSafeAreaInsets.top + additionalSafeAreaInsets.top,
      left: containerSafeAreaInsets.left + additionalSafeAreaInsets.left,
      bottom: containerSafeAreaInsets.bottom + additionalSafeAreaInsets.bottom,
      right: containerSafeAreaInsets.right + additionalSafeAreaInsets.right)
    loadedView?.safeAreaInsets = insets
  }

  /// Called when the root view's `safeAreaInsets` changed (a container's bar, the client's
  /// `hello safe-area=`, `additionalSafeAreaInsets`), before the view is laid out again.
  open func viewSafeAreaInsetsDidChange() {}

  /// Tells the controller its root view's insets changed: containers pass them on to their
  /// children first, then the app hears `viewSafeAreaInsetsDidChange`.
  package func rootViewSafeAreaDidChange() {
    containerSafeAreaDidChange()
    viewSafeAreaInsetsDidChange()
  }

  /// A container's hook to give its children the new insets; the default has none to give.
  func containerSafeAreaDidChange() {}

  /// How far from the top of the view content starts: below a navigation bar, for example
  /// (UIKit's `topLayoutGuide.length`, which seed 004 pins its stack view to).
  public var topLayoutGuideLength: CGFloat { view.safeAreaInsets.top }

  // MARK: Presentation

  /// The controller this one presented modally.
  public private(set) var presentedViewController: ViewController?
  /// The controller that presented this one.
  public private(set) weak var presentingViewController: ViewController?

  /// How a presented controller covers the one that presents it (UIKit's
  /// `UIModalPresentationStyle`, the styles a phone shows).
  public enum ModalPresentationStyle: Sendable {
    /// UIKit's default since iOS 13, a page sheet on a phone.
    case automatic
    /// Over the whole window; the controller below disappears (its view leaves the window).
    case fullScreen
    /// Over the whole window, the controller below staying in view (an alert's dimmed backdrop).
    case overFullScreen
    /// As `overFullScreen` (the kit has no presentation context smaller than the window).
    case overCurrentContext
    /// A card from `pageSheetTopInset` points below the window's top to its bottom, over the
    /// controller below, which stays in view.
    case pageSheet
    /// As `pageSheet` on a phone.
    case formSheet
  }

  /// How far below the window's top a page or form sheet starts.
  public static let pageSheetTopInset: CGFloat = 40

  /// How `present(_:animated:completion:)` shows this controller. The kit's default is
  /// `.fullScreen`, UIKit's before iOS 13, so code written for either shows what it expects;
  /// `.automatic` is a page sheet, as UIKit's is on a phone.
  open var modalPresentationStyle: ModalPresentationStyle = .fullScreen

  /// Whether presenting this controller takes the one below out of the window.
  var replacesPresenter: Bool { modalPresentationStyle == .fullScreen }

  /// The frame this controller's view takes in a window of `bounds`: the whole window, or a
  /// sheet's card when it was presented as one.
  package func frameInWindow(_ bounds: CGRect) -> CGRect {
    guard presentingViewController != nil else { return bounds }
    switch modalPresentationStyle {
    case .fullScreen, .overFullScreen, .overCurrentContext: return bounds
    case .automatic, .pageSheet, .formSheet:
      let top = min(Self.pageSheetTopInset, bounds.height)
      return CGRect(x: bounds.minX, y: bounds.minY + top, width: bounds.width, height: bounds.height - top)
    }
  }

  /// The part of the window's insets this controller's view has in the window: all of them, or
  /// for a sheet all but the top, which its card already starts below.
  package func insetsInWindow(_ insets: EdgeInsets) -> EdgeInsets {
    guard presentingViewController != nil else { return insets }
    switch modalPresentationStyle {
    case .fullScreen, .overFullScreen, .overCurrentContext: return insets
    case .automatic, .pageSheet, .formSheet:
      return EdgeInsets(top: 0, left: insets.left, bottom: insets.bottom, right: insets.right)
    }
  }

  /// Presents `controller` by its `modalPresentationStyle`: it appears, then (full screen only)
  /// the controller it covers disappears, then `completion` runs, after the next layout pass
  /// (UIKit's order). The other styles leave the controller below in view and send it no
  /// appearance callbacks, as UIKit does. `animated` is accepted for seed code; clients get the
  /// final state at once.
  public func present(_ controller: ViewController, animated: Bool, completion: (() -> Void)? = nil) {
    guard presentedViewController == nil, controller.presentingViewController == nil,
      controller.parent == nil, let window = hostWindow
    else { return }
    let covered = controller.replacesPresenter ? window.topFullScreenController : nil
    presentedViewController = controller
    controller.presentingViewController = self
    controller.hostWindow = window
    controller.loadViewIfNeeded()
    controller.containerSafeAreaInsets = controller.insetsInWindow(window.safeAreaInsets)
    covered?.beginAppearanceTransition(isAppearing: false, animated: animated)
    controller.beginAppearanceTransition(isAppearing: true, animated: animated)
    let view: View = controller.view
    view.frame = controller.frameInWindow(window.bounds)
    window.addSubview(view)
    controller.callViewIsAppearing()
    window.runAfterLayout { [weak controller, weak covered] in
      controller?.endAppearanceTransition(animated: animated)
      covered?.viewIfLoaded?.removeFromSuperview()
      covered?.endAppearanceTransition(animated: animated)
      completion?()
    }
  }

  /// Dismisses the controller this one presented, or this one if it was presented: the covered
  /// controller appears, then the presented one disappears, then `completion` runs.
  public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
    guard let presented = presentedViewController else {
      presentingViewController?.dismiss(animated: animated, completion: completion)
      return
    }
    if presented.presentedViewController != nil {
      presented.dismiss(animated: animated)
    }
    guard let window = presented.hostWindow else { return }
    // A controller presented over the one below never took it out of the window.
    let uncovered = presented.replacesPresenter ? window.fullScreenController(below: presented) : nil
    presented.beginAppearanceTransition(isAppearing: false, animated: animated)
    uncovered?.beginAppearanceTransition(isAppearing: true, animated: animated)
    if let uncovered, let presentedView = presented.viewIfLoaded {
      let view: View = uncovered.view
      view.frame = window.bounds
      window.insertSubview(view, belowSubview: presentedView)
    }
    uncovered?.callViewIsAppearing()
    window.runAfterLayout { [weak self, weak presented, weak uncovered] in
      uncovered?.endAppearanceTransition(animated: animated)
      presented?.viewIfLoaded?.removeFromSuperview()
      presented?.endAppearanceTransition(animated: animated)
      presented?.presentingViewController = nil
      self?.presentedViewController = nil
      completion?()
    }
  }

  /// Unlinks the presentation chain from here down without callbacks; the window calls it once
  /// the controllers have disappeared.
  package func discardPresentations() {
    presentedViewController?.discardPresentations()
    presentedViewController?.viewIfLoaded?.removeFromSuperview()
    presentedViewController?.presentingViewController = nil
    presentedViewController = nil
  }

  /// Reports a lifecycle call to the window's trace sink.
  package func lifecycle(in window: Window? = nil, _ event: String) {
    guard let window = window ?? hostWindow ?? lastWindow else { return }
    lastWindow = window
    window.trace("lifecycle", "\(String(describing: type(of: self))) \(event)")
  }

  /// The window the last traced callback went to, so a controller that just left its container
  /// still reports `didMove(toParent: nil)` there. Checked unowned, as `installedWindow`.
  private var lastWindow: Window? {
    get { CheckedUnowned.load(lastWindowReference, as: Window.self) }
    set {
      guard !CheckedUnowned.refers(lastWindowReference, to: newValue) else { return }
      CheckedUnowned.replace(&lastWindowReference, with: newValue)
    }
  }
  private var lastWindowReference: UnsafeMutableRawPointer?

  deinit {
    CheckedUnowned.release(installedWindowReference)
    CheckedUnowned.release(lastWindowReference)
  }

  /// The next responder of a controller: its view's superview.
  open override var next: Responder? { loadedView?.superview }
}
