public import Foundation

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
      loadViewIfNeeded()
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

  /// Called before the window changes size.
  open func viewWillTransition(to size: CGSize) {}

  /// Called when the client's traits changed (idiom, scale, locale, keyboard).
  open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}

  /// Called when the daemon runs short of memory: release what can be rebuilt.
  open func didReceiveMemoryWarning() {}

  package func receiveMemoryWarning() {
    lifecycle("didReceiveMemoryWarning")
    didReceiveMemoryWarning()
  }

  /// The title a navigation bar shows for this controller.
  open var title: String?

  /// The traits of the window the controller is shown in.
  public var traitCollection: TraitCollection {
    hostWindow?.traitCollection ?? TraitCollection()
  }

  /// The window this controller (or its parent) is installed in.
  package weak var hostWindow: Window?

  /// Whether the view is between `viewWillAppear` and `viewWillDisappear`.
  public private(set) var isAppearing = false

  // MARK: Appearance, driven by the window and by containers

  /// Starts an appearance transition: `viewWillAppear` or `viewWillDisappear`.
  public func beginAppearanceTransition(isAppearing appearing: Bool, animated: Bool = false) {
    if appearing {
      lifecycle("viewWillAppear")
      viewWillAppear(animated)
    } else {
      lifecycle("viewWillDisappear")
      viewWillDisappear(animated)
    }
    isAppearing = appearing
  }

  /// Ends an appearance transition: `viewDidAppear` or `viewDidDisappear`.
  public func endAppearanceTransition(animated: Bool = false) {
    if isAppearing {
      lifecycle("viewDidAppear")
      viewDidAppear(animated)
    } else {
      lifecycle("viewDidDisappear")
      viewDidDisappear(animated)
    }
  }

  package func callViewIsAppearing() {
    lifecycle("viewIsAppearing")
    viewIsAppearing(false)
  }

  package func propagateTraitChange(from previous: TraitCollection) {
    lifecycle("traitCollectionDidChange")
    traitCollectionDidChange(previous)
  }

  /// Reports a lifecycle call to the window's trace sink.
  package func lifecycle(_ event: String) {
    hostWindow?.trace("lifecycle", "\(String(describing: type(of: self))) \(event)")
  }

  /// The next responder of a controller: its view's superview.
  open override var next: Responder? { loadedView?.superview }
}
