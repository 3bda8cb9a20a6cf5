/// A button in a navigation bar (UIKit's `UIBarButtonItem`), with a title or a system item.
///
/// The bar shows it as a `Button` identified as `bar-` and its name (the system item's, such as
/// `bar-add`, or the title in lowercase with dashes), so scripts reach it as `tap @bar-add`.
/// Target-action takes Swift method references, as `Control.addTarget` does; the target is held
/// weakly. FIXME: images and custom views are not shown.
public final class BarButtonItem {
  /// How the item's title looks (UIKit's `UIBarButtonItem.Style`).
  public enum Style: Sendable {
    /// The standard weight.
    case plain
    /// Semibold: the action that finishes the screen.
    case done
  }

  /// UIKit's standard items (`UIBarButtonItem.SystemItem`), each with its title.
  public enum SystemItem: String, Sendable {
    /// "Done", in the done style.
    case done
    /// "Cancel".
    case cancel
    /// "Edit".
    case edit
    /// "Save", in the done style.
    case save
    /// "+".
    case add
    /// "Close".
    case close

    var title: String {
      switch self {
      case .done: "Done"
      case .cancel: "Cancel"
      case .edit: "Edit"
      case .save: "Save"
      case .add: "+"
      case .close: "Close"
      }
    }
  }

  /// The title shown.
  public var title: String? {
    didSet { onChange?() }
  }
  /// How the title looks.
  public var style: Style {
    didSet { onChange?() }
  }
  /// Whether the item can be tapped.
  public var isEnabled = true {
    didSet { onChange?() }
  }
  /// An integer app code can use to tell items apart.
  public var tag = 0
  /// The system item it was made as, if any.
  public let systemItem: SystemItem?

  private var perform: ((BarButtonItem) -> Void)?
  /// Called when something the bar shows changed.
  var onChange: (() -> Void)?

  /// An item with a title whose tap calls `action` on `target` with the item.
  public init<Target: AnyObject>(
    title: String?, style: Style, target: Target?, action: @escaping (Target) -> (BarButtonItem) -> Void
  ) {
    self.title = title
    self.style = style
    systemItem = nil
    perform = { [weak target] item in if let target { action(target)(item) } }
  }

  /// An item with a title whose tap calls `action` on `target`.
  public init<Target: AnyObject>(
    title: String?, style: Style, target: Target?, action: @escaping (Target) -> () -> Void
  ) {
    self.title = title
    self.style = style
    systemItem = nil
    perform = { [weak target] _ in if let target { action(target)() } }
  }

  /// A system item whose tap calls `action` on `target`, as
  /// `UIBarButtonItem(barButtonSystemItem:target:action:)`.
  public init<Target: AnyObject>(
    barButtonSystemItem systemItem: SystemItem, target: Target?, action: @escaping (Target) -> () -> Void
  ) {
    title = systemItem.title
    style = systemItem == .done || systemItem == .save ? .done : .plain
    self.systemItem = systemItem
    perform = { [weak target] _ in if let target { action(target)() } }
  }

  /// An item whose tap runs `primaryAction`, as `UIBarButtonItem(title:primaryAction:)`.
  public init(title: String?, primaryAction: Action) {
    self.title = title
    style = .plain
    systemItem = nil
    perform = { _ in primaryAction.handler(primaryAction) }
  }

  /// The name in the item's identifier: the system item's, or the title's words joined by dashes.
  var identifierName: String {
    systemItem?.rawValue ?? (title ?? "").lowercased().split(separator: " ").joined(separator: "-")
  }

  /// Runs the item's action, as a tap on it does.
  func activate() { perform?(self) }
}
