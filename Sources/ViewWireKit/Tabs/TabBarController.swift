public import Foundation

/// Decides and hears tab changes the user makes (UIKit's `UITabBarControllerDelegate`).
public protocol TabBarControllerDelegate: AnyObject {
  /// Whether a tap may select `viewController`'s tab; true by default.
  func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController)
    -> Bool
  /// The user selected `viewController`'s tab (also when it was selected already).
  func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController)
}

extension TabBarControllerDelegate {
  /// True.
  public func tabBarController(
    _ tabBarController: TabBarController, shouldSelect viewController: ViewController
  )
    -> Bool
  { true }
  /// Nothing.
  public func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController)
  {}
}

/// Controllers side by side behind a bar of tabs (UIKit's `UITabBarController`).
///
/// The controllers are children; only the selected one is on screen, its view filling this
/// one's with its safe area ending above the bar (`view.safeAreaInsets.bottom`), so a table in
/// a tab scrolls under the bar as in UIKit. Switching tabs runs UIKit's appearance order (the
/// old tab's `viewWillDisappear`, the new one's `viewWillAppear`, then `viewDidDisappear` and
/// `viewDidAppear`). Setting `selectedIndex` in code does not call the delegate; a tap does.
open class TabBarController: ViewController {
  /// The tabs' controllers, in order.
  public private(set) var viewControllers: [ViewController]?

  /// The bar along the bottom.
  public let tabBar = TabBar()

  /// Asked and told about the user's tab changes; held weakly.
  open weak var delegate: (any TabBarControllerDelegate)?

  /// The selected tab.
  open var selectedIndex: Int {
    get { selected }
    set { select(newValue) }
  }

  /// The selected tab's controller.
  open var selectedViewController: ViewController? {
    get { viewControllers.flatMap { $0.indices.contains(selected) ? $0[selected] : nil } }
    set {
      guard let newValue, let index = viewControllers?.firstIndex(where: { $0 === newValue }) else { return }
      select(index)
    }
  }

  private var selected = 0

  /// A tab bar controller with no tabs; give it some with `setViewControllers(_:animated:)`.
  public override init(nibName: String? = nil, bundle: Bundle? = nil) {
    super.init(nibName: nibName, bundle: bundle)
    tabBar.onSelect = { [weak self] index in self?.userSelected(index) }
  }

  /// Replaces the tabs; the first is selected.
  open func setViewControllers(_ controllers: [ViewController]?, animated: Bool) {
    let old = selectedViewController
    for controller in viewControllers ?? [] {
      controller.willMove(toParent: nil)
    }
    let removed = viewControllers ?? []
    viewControllers = controllers
    selected = 0
    for controller in controllers ?? [] {
      addChild(controller)
      controller.tabBarItem.onChange = { [weak self] in self?.updateBar() }
    }
    updateBar()
    let new = selectedViewController
    transitionShownChild(from: old, to: new, animated: animated) {
      for controller in removed { controller.removeFromParent() }
      for controller in controllers ?? [] { controller.didMove(toParent: self) }
    }
  }

  private func userSelected(_ index: Int) {
    guard let controllers = viewControllers, controllers.indices.contains(index) else { return }
    guard delegate?.tabBarController(self, shouldSelect: controllers[index]) ?? true else { return }
    select(index)
    delegate?.tabBarController(self, didSelect: controllers[index])
  }

  private func select(_ index: Int) {
    guard let controllers = viewControllers, controllers.indices.contains(index), index != selected else {
      return
    }
    let old = selectedViewController
    selected = index
    tabBar.selectedIndex = index
    transitionShownChild(from: old, to: controllers[index], animated: false) {}
  }

  /// Shows the tabs' titles: each item's, or its controller's `title`; a navigation controller
  /// without a title of its own shows its root controller's, as apps expect of UIKit (where a
  /// root controller's `title` names the tab its stack is in).
  func updateBar() {
    func title(of controller: ViewController) -> String? {
      if let title = controller.tabBarItem.title ?? controller.title { return title }
      return (controller as? NavigationController)?.viewControllers.first.flatMap(title(of:))
    }
    let titles = (viewControllers ?? []).map { title(of: $0) ?? "" }
    tabBar.setTitles(titles)
    tabBar.selectedIndex = selected
  }

  // MARK: Appearance and views, shared with NavigationController (BarContainer.swift)

  open override func loadView() {
    view = TabBarContainerView(bar: tabBar)
  }

  /// The selected tab appears when this controller does, at the moments it chooses.
  open override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

  override func willForwardAppearance(appearing: Bool) {
    prepareShownChildForAppearance(appearing: appearing)
  }

  override func didForwardAppearance(appearing: Bool) {
    installShownChildAfterAppearance(appearing: appearing)
  }

  override var childrenForAppearance: [ViewController] { shownChildForAppearance }

  /// The safe area the tabs have: this controller's own, with the bar added at the bottom.
  var childSafeAreaInsets: EdgeInsets {
    let own = view.safeAreaInsets
    return EdgeInsets(top: own.top, left: own.left, bottom: own.bottom + TabBar.height, right: own.right)
  }

  /// The client's insets changed: the bar moves above the bottom one and every loaded tab gets
  /// them above the bar.
  override func containerSafeAreaDidChange() { barContainerSafeAreaDidChange() }
}

extension TabBarController: BarContainer {
  var containerBar: View { tabBar }
  var shownChild: ViewController? { selectedViewController }
  var barContainerChildren: [ViewController] { viewControllers ?? [] }
}

/// The tab bar controller's view: the selected tab's view, and the bar along the bottom.
final class TabBarContainerView: BarContainerView {
  init(bar: TabBar) {
    super.init(bar: bar)
  }

  /// A container with a bar of its own; View's required `init()`.
  required convenience init() {
    self.init(bar: TabBar())
  }

  /// The bar sits above the safe area's bottom, its background reaching down to the bottom edge.
  override var barFrame: CGRect {
    let bottom = safeAreaInsets.bottom
    return CGRect(
      x: 0, y: bounds.height - TabBar.height - bottom, width: bounds.width, height: TabBar.height + bottom)
  }
}

extension ViewController {
  /// The tab bar controller this controller is a tab of, directly or inside another container.
  public var tabBarController: TabBarController? {
    var current = parent
    while let controller = current {
      if let tabs = controller as? TabBarController { return tabs }
      current = controller.parent
    }
    return nil
  }
}
