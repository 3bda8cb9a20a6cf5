public import Foundation

// UIKit adds `row`, `section` and `item` to Foundation's `IndexPath`; Foundation on Linux has no
// UIKit, so the kit adds them here and ported table code compiles as written.
extension IndexPath {
  /// An index path for `row` in `section`, as UIKit's `IndexPath(row:section:)`.
  public init(row: Int, section: Int) {
    self.init(indexes: [section, row])
  }

  /// An index path for `item` in `section`, as UIKit's `IndexPath(item:section:)` for collection
  /// views.
  public init(item: Int, section: Int) {
    self.init(indexes: [section, item])
  }

  /// The section: the first index.
  public var section: Int {
    get { self[0] }
    set { self[0] = newValue }
  }

  /// The row within the section: the second index.
  public var row: Int {
    get { self[1] }
    set { self[1] = newValue }
  }

  /// The item within the section, the collection-view name of `row`.
  public var item: Int {
    get { self[1] }
    set { self[1] = newValue }
  }
}
