public import Foundation

/// A stack of controllers under a bar with the top one's title and a back button (UIKit's
/// `UINavigationController`).
///
/// The top controller's view fills the navigation controller's view, under the bar; its safe
/// area starts below the bar (`view.safeAreaInsets.top`, `topLayoutGuideLength`), so content can
/// sit below it as seed 004's login stack does. The stack's controllers are children; only the top
/// one is on screen, and the controller times their appearance callbacks itself, in UIKit's order
/// for a push (the old top's `viewWillDisappear`, the new top's `viewWillAppear`, then the old
/// top's `viewDidDisappear` and the new top's `viewDidAppear`) and for a pop. `animated` is
/// accepted for seed code; clients get the final state at once.
open class NavigationController: ViewController {
  /// The most controllers one stack holds (PROTOCOL.md section 17); a push beyond is refused.
  public static let maximumDepth = 64
  /// The stack, root first.
  public private(set) var viewControllers: [ViewController] = []

  /// The controller on screen.
  public var topViewController: ViewController? { viewControllers.last }

  /// The bar across the top: the top controller's title and, above the root, a back button.
  public let navigationBar = NavigationBar()

  /// Creates a stack holding `rootViewController`.
  public init(rootViewController: ViewController) {
    super.init(nibName: nil, bundle: nil)
    navigationBar.backButton.addAction(
      Action { [weak self] _ in self?.popViewController(animated: true) }, for: .touchUpInside)
    addChild(rootViewController)
    viewControllers = [rootViewController]
    rootViewController.didMove(toParent: self)
    updateBar()
  }

  /// A container view keeps the bar above whichever controller's view is on top.
  open override func loadView() {
    view = NavigationContainerView(bar: navigationBar)
  }

  /// The stack's controllers appear when this one does, at the moments it chooses.
  open override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

  override func willForwardAppearance(appearing: Bool) {
    prepareShownChildForAppearance(appearing: appearing)
  }

  /// The top view joins this view only after the top controller's `viewWillAppear`, as in UIKit.
  override func didForwardAppearance(appearing: Bool) {
    installShownChildAfterAppearance(appearing: appearing)
  }

  /// The top controller appears and disappears with this one; its view may not be installed yet
  /// while it hears `viewWillAppear`.
  override var childrenForAppearance: [ViewController] { shownChildForAppearance }

  /// Pushes `controller` on the stack and shows it.
  open func pushViewController(_ controller: ViewController, animated: Bool) {
    guard controller.parent == nil, controller.presentingViewController == nil else { return }
    // Bounded, so one client cannot push controllers until the daemon's memory runs out.
    guard viewControllers.count < Self.maximumDepth else {
      view.window?.reportLimit("a navigation stack holds at most \(Self.maximumDepth) controllers")
      return
    }
    let old = topViewController
    addChild(controller)
    viewControllers.append(controller)
    updateBar()
    transitionShownChild(from: old, to: controller, animated: animated) {
      controller.didMove(toParent: self)
    }
  }

  /// Pops the top controller and shows the one under it; nil at the root.
  @discardableResult
  open func popViewController(animated: Bool) -> ViewController? {
    guard viewControllers.count > 1 else { return nil }
    return pop(to: viewControllers.count - 2, animated: animated).first
  }

  /// Pops every controller above the root; nil when the root is on top.
  @discardableResult
  open func popToRootViewController(animated: Bool) -> [ViewController]? {
    guard viewControllers.count > 1 else { return nil }
    return pop(to: 0, animated: animated)
  }

  /// Pops the controllers above `index`, top first in the result.
  private func pop(to index: Int, animated: Bool) -> [ViewController] {
    let popped = Array(viewControllers[(index + 1)...].reversed())
    for controller in popped { controller.willMove(toParent: nil) }
    viewControllers.removeSubrange((index + 1)...)
    updateBar()
    transitionShownChild(from: popped.first, to: viewControllers[index], animated: animated) {
      for controller in popped { controller.removeFromParent() }
    }
    return popped
  }

  /// The safe area this controller's children have: its own, with the bar added at the top.
  var childSafeAreaInsets: EdgeInsets {
    let own = view.safeAreaInsets
    return EdgeInsets(
      top: own.top + NavigationBar.height, left: own.left, bottom: own.bottom, right: own.right)
  }

  /// The client's insets changed: the bar moves below them and every controller of the stack gets
  /// them under the bar.
  override func containerSafeAreaDidChange() { barContainerSafeAreaDidChange() }

  /// Shows the top controller's title, and a back button titled after the one under it or, as
  /// UIKit does when that one has no title, a localised "Back" (the kit's own string tables).
  func updateBar() {
    let item = topViewController?.navigationItem
    navigationBar.titleLabel.text = item?.title ?? topViewController?.title
    let previous = viewControllers.count > 1 ? viewControllers[viewControllers.count - 2] : nil
    // A left item takes the back button's place, as in UIKit.
    navigationBar.backButton.isHidden =
      previous == nil || item?.hidesBackButton == true || item?.leftBarButtonItem != nil
    navigationBar.show(left: item?.leftBarButtonItem, right: item?.rightBarButtonItems ?? [])
    let backTitle = previous?.title.flatMap { $0.isEmpty ? nil : $0 } ?? Localization.kitString("Back")
    navigationBar.backButton.setTitle("\u{2039} " + backTitle, for: .normal)
    navigationBar.setNeedsLayout()
  }
}

/// The navigation controller's view: the bar on top, the top controller's view filling the rest.
final class NavigationContainerView: BarContainerView {
  init(bar: NavigationBar) {
    super.init(bar: bar)
  }

  /// A container with a bar of its own; View's required `init()`.
  required convenience init() {
    self.init(bar: NavigationBar())
  }

  /// The bar sits below the safe area's top, its background reaching up to the top edge.
  override var barFrame: CGRect {
    CGRect(x: 0, y: 0, width: bounds.width, height: safeAreaInsets.top + NavigationBar.height)
  }
}

extension NavigationController: BarContainer {
  var containerBar: View { navigationBar }
  var shownChild: ViewController? { topViewController }
  var barContainerChildren: [ViewController] { viewControllers }
}

/// The bar a navigation controller shows (UIKit's `UINavigationBar`): a centred title and a back
/// button that pops, reachable as `@navigation-title` and `@back` over the wire.
open class NavigationBar: View {
  /// The bar's height in points.
  public static let height: CGFloat = 44

  /// The top controller's title.
  public let titleLabel = Label()
  /// Pops the top controller; hidden at the root.
  public let backButton = Button(type: .system)

  /// Tags the bar, its title and its back button with identifiers, so clients and scripts reach
  /// them as `@navigation-bar`, `@navigation-title` and `@back`.
  public required init() {
    super.init()
    backgroundColor = .navigationBarBackground
    accessibilityIdentifier = "navigation-bar"
    titleLabel.textAlignment = .center
    titleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
    titleLabel.accessibilityIdentifier = "navigation-title"
    backButton.accessibilityIdentifier = "back"
    addSubview(titleLabel)
    addSubview(backButton)
  }

  /// The buttons of the top controller's bar button items: the left one, then the right ones
  /// from the right edge inwards.
  public private(set) var itemButtons: [Button] = []
  private var shownItems: [BarButtonItem] = []
  private var leftItem: BarButtonItem?

  /// Shows buttons for `left` (in the back button's place) and `right`, reusing the buttons of
  /// items already shown, so a bar that keeps its items sends nothing.
  func show(left: BarButtonItem?, right: [BarButtonItem]) {
    let items = [left].compactMap { $0 } + right
    if items.count != shownItems.count || zip(items, shownItems).contains(where: { $0 !== $1 }) {
      for button in itemButtons { button.removeFromSuperview() }
      itemButtons = items.map { item in
        let button = Button(type: .system)
        button.addAction(Action { [weak item] _ in item?.activate() }, for: .touchUpInside)
        addSubview(button)
        return button
      }
      shownItems = items
    }
    leftItem = left
    for (item, button) in zip(items, itemButtons) {
      button.setTitle(item.title, for: .normal)
      button.titleLabel?.font = .systemFont(ofSize: 17, weight: item.style == .done ? .semibold : .regular)
      button.isEnabled = item.isEnabled
      button.accessibilityIdentifier = "bar-" + item.identifierName
    }
    setNeedsLayout()
  }

  /// Keeps equal margins on both sides of the title, so it stays centred and never runs under the
  /// back button or the items. The content fills the bar's bottom 44 points: above them is the
  /// part of its background that reaches up under the client's status bar (the safe area's top).
  open override func layoutSubviews() {
    super.layoutSubviews()
    let top = max(0, bounds.height - Self.height)
    let height = bounds.height - top
    backButton.frame = CGRect(x: 8, y: top, width: 96, height: height)
    titleLabel.frame = CGRect(x: 112, y: top, width: max(0, bounds.width - 224), height: height)
    var right = bounds.width - 8
    for (index, button) in itemButtons.enumerated() {
      if index == 0, leftItem != nil {
        button.frame = CGRect(x: 8, y: top, width: 96, height: height)
        continue
      }
      let width = min(96, max(44, button.sizeThatFits(bounds.size).width + 16))
      right -= width
      button.frame = CGRect(x: right, y: top, width: width, height: height)
    }
  }
}

extension Window {
  /// The innermost navigation controller in the controller shown last (the top of any modal
  /// presentations): the stack a client's `back` command pops.
  public var visibleNavigationController: NavigationController? {
    var found: NavigationController?
    var current = topFullScreenController
    while let controller = current {
      if let navigation = controller as? NavigationController {
        found = navigation
        current = navigation.topViewController
      } else {
        current = controller.children.first { $0.isAppearing }
      }
    }
    return found
  }
}
