import Foundation

/// A container controller that shows one child at a time, its view filling the container's and
/// kept below a bar of the container's own: `NavigationController` (the top of its stack, under
/// the navigation bar) and `TabBarController` (the selected tab, above the tab bar).
///
/// Both time the shown child's appearance callbacks themselves, in UIKit's order, and give their
/// children a safe area that leaves the bar out; that logic is written once here, and each
/// container only says which bar, which child and which insets.
protocol BarContainer: ViewController {
  /// The bar the shown child's view stays below.
  var containerBar: View { get }
  /// The child on screen, if any.
  var shownChild: ViewController? { get }
  /// Every child whose safe area follows the container's.
  var barContainerChildren: [ViewController] { get }
  /// The safe area the children have: the container's own, with the bar's side added.
  var childSafeAreaInsets: EdgeInsets { get }
}

extension BarContainer {
  /// What `willForwardAppearance(appearing:)` does: the shown child's view gets its frame and
  /// safe area before its `viewWillAppear`, so that callback already sees them.
  func prepareShownChildForAppearance(appearing: Bool) {
    if appearing, let child = shownChild { prepare(child) }
  }

  /// What `didForwardAppearance(appearing:)` does: the shown child's view joins this view only
  /// after its `viewWillAppear`, as in UIKit.
  func installShownChildAfterAppearance(appearing: Bool) {
    if appearing, let child = shownChild { install(child) }
  }

  /// What `childrenForAppearance` is: the shown child appears and disappears with the container;
  /// its view may not be installed yet while it hears `viewWillAppear`.
  var shownChildForAppearance: [ViewController] {
    guard let child = shownChild, isViewLoaded else { return [] }
    return [child]
  }

  /// What `containerSafeAreaDidChange()` does: the bar moves with the client's insets, and every
  /// loaded child gets them with the bar left out.
  func barContainerSafeAreaDidChange() {
    view.setNeedsLayout()
    for child in barContainerChildren where child.isViewLoaded {
      child.containerSafeAreaInsets = childSafeAreaInsets
    }
  }

  /// Swaps the shown child's view from `old`'s to `new`'s, with appearance callbacks when the
  /// container is on screen; `completion` runs once the callbacks have (at once when off screen
  /// or when nothing changes).
  func transitionShownChild(
    from old: ViewController?, to new: ViewController?, animated: Bool, completion: @escaping () -> Void
  ) {
    guard old !== new || new?.viewIfLoaded?.superview == nil else {
      completion()
      return
    }
    guard isAppearing, let window = hostWindow else {
      if isViewLoaded {
        old?.viewIfLoaded?.removeFromSuperview()
        if let new { install(new) }
      }
      completion()
      return
    }
    if let new { prepare(new) }
    old?.beginAppearanceTransition(isAppearing: false, animated: animated)
    new?.beginAppearanceTransition(isAppearing: true, animated: animated)
    // UIKit calls `viewWillAppear` before the view joins the hierarchy, so it is added only now.
    if let new { install(new) }
    // Clients get the final state at once, so the old view leaves now, before the layout pass
    // the new one needs; its `viewDidDisappear` still waits for the new one's layout, as in UIKit.
    old?.viewIfLoaded?.removeFromSuperview()
    new?.callViewIsAppearing()
    window.runAfterLayout { [weak old, weak new] in
      old?.endAppearanceTransition(animated: animated)
      new?.endAppearanceTransition(animated: animated)
      completion()
    }
  }

  /// Loads `child`'s view and gives it the frame and safe area it will have beside the bar.
  private func prepare(_ child: ViewController) {
    let content: View = child.view
    child.containerSafeAreaInsets = childSafeAreaInsets
    content.frame = view.bounds
  }

  /// Puts `child`'s view (loading it if needed) below the bar, filling this view.
  private func install(_ child: ViewController) {
    prepare(child)
    let content: View = child.view
    if content.superview !== view { view.insertSubview(content, belowSubview: containerBar) }
  }
}

/// A bar container's view: a bar along one edge, and the shown child's view filling the rest
/// below it. Subclasses say where the bar goes.
class BarContainerView: View {
  /// The container's bar, added first so children's views go below it.
  let bar: View

  init(bar: View) {
    self.bar = bar
    super.init()
    backgroundColor = .systemBackground
    addSubview(bar)
  }

  /// A container with a bare view for a bar; View's required `init()`.
  required convenience init() {
    self.init(bar: View())
  }

  /// Where the bar goes in `bounds`: subclasses override.
  var barFrame: CGRect { .zero }

  override func layoutSubviews() {
    super.layoutSubviews()
    bar.frame = barFrame
    for content in subviews where content !== bar { content.frame = bounds }
  }
}
