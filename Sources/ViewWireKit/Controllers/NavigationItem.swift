/// What a controller shows in a navigation bar while it is on top (UIKit's `UINavigationItem`).
///
/// Large titles are not drawn (the bar is always the standard one), so `largeTitleDisplayMode`
/// is kept for source compatibility and `.never` is what every bar shows.
public final class NavigationItem {
  /// How a large title shows (UIKit's `UINavigationItem.LargeTitleDisplayMode`).
  public enum LargeTitleDisplayMode: Sendable {
    /// As the bar above says.
    case automatic
    /// Always large.
    case always
    /// Never large: what the kit's bar always shows.
    case never
  }

  /// The title; the controller's `title` when nil.
  public var title: String? {
    didSet { onChange?() }
  }
  /// The item on the left, in place of the back button.
  public var leftBarButtonItem: BarButtonItem? {
    didSet { itemsChanged() }
  }
  /// The items on the right, the first at the right edge.
  public var rightBarButtonItems: [BarButtonItem]? {
    didSet { itemsChanged() }
  }
  /// The item at the right edge.
  public var rightBarButtonItem: BarButtonItem? {
    get { rightBarButtonItems?.first }
    set { rightBarButtonItems = newValue.map { [$0] } }
  }
  /// Whether the back button is hidden even below another controller.
  public var hidesBackButton = false {
    didSet { onChange?() }
  }
  /// Accepted for source compatibility: the kit's bar never shows large titles.
  public var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic

  /// Called when something the bar shows changed.
  var onChange: (() -> Void)?

  /// An empty item.
  public init() {}

  private func itemsChanged() {
    for item in (rightBarButtonItems ?? []) + [leftBarButtonItem].compactMap({ $0 }) {
      item.onChange = { [weak self] in self?.onChange?() }
    }
    onChange?()
  }
}
