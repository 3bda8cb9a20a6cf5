/// What a controller's tab shows (UIKit's `UITabBarItem`): a title and a tag.
///
/// Images are accepted for source compatibility and kept, but the bar shows titles only (FIXME:
/// an image view above each title).
public final class TabBarItem {
  /// The title under the tab; the controller's `title` when nil.
  public var title: String? {
    didSet { onChange?() }
  }
  /// The image, kept for source compatibility.
  public var image: Image?
  /// An integer app code can use to tell tabs apart.
  public var tag: Int

  /// Called when the title changes, so the bar shows it.
  var onChange: (() -> Void)?

  /// An item, as `UITabBarItem(title:image:tag:)`.
  public init(title: String?, image: Image?, tag: Int) {
    self.title = title
    self.image = image
    self.tag = tag
  }
}
