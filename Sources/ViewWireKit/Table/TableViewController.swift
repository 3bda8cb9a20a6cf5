public import Foundation

/// A controller whose root view is a table it feeds (UIKit's `UITableViewController`).
///
/// It is the table's data source and delegate; subclasses override the methods they need, as
/// with UIKit (every method is `open` here, so a subclass's override is the one the table calls;
/// a protocol's default would hide it). As in UIKit it deselects the selected rows when its view
/// is about to appear again (`clearsSelectionOnViewWillAppear`), so returning to a list from
/// the details a row pushed leaves no row selected.
open class TableViewController: ViewController, TableViewDataSource, TableViewDelegate {
  /// The table's style.
  public let style: TableView.Style

  /// Whether `viewWillAppear` deselects the selected rows (UIKit's default: true).
  open var clearsSelectionOnViewWillAppear = true

  /// A controller with a table of `style`, as `UITableViewController(style:)`.
  public init(style: TableView.Style) {
    self.style = style
    super.init(nibName: nil, bundle: nil)
  }

  /// A controller with a plain table.
  public convenience init() {
    self.init(style: .plain)
  }

  /// The root view, a table view.
  public var tableView: TableView! {
    view as? TableView
  }

  /// Makes the table and becomes its data source and delegate.
  open override func loadView() {
    let table = TableView(frame: .zero, style: style)
    table.dataSource = self
    table.delegate = self
    view = table
  }

  open override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    guard clearsSelectionOnViewWillAppear, let selected = tableView.indexPathsForSelectedRows else { return }
    for indexPath in selected { tableView.deselectRow(at: indexPath, animated: animated) }
  }

  // MARK: Data source: override these.

  /// One section.
  open func numberOfSections(in tableView: TableView) -> Int { 1 }
  /// No rows.
  open func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 0 }
  /// A subclass with rows must override this; the default is an empty cell.
  open func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    TableViewCell(style: .default, reuseIdentifier: nil)
  }
  /// No title.
  open func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }

  // MARK: Delegate: override what you need.

  /// The table's `rowHeight`.
  open func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
    tableView.rowHeight
  }
  /// `sectionHeaderHeight` for a section with a title.
  open func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat {
    tableView.defaultHeaderHeight(inSection: section)
  }
  /// No view: the title header.
  open func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? { nil }
  /// The row itself.
  open func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    indexPath
  }
  /// Nothing.
  open func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
  /// Nothing.
  open func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
  /// True.
  open func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
  /// Nothing.
  open func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath)
  {}
  /// Nothing.
  open func tableView(
    _ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath
  ) {}

  // MARK: Scroll view delegate

  /// Nothing.
  open func scrollViewDidScroll(_ scrollView: ScrollView) {}
  /// Nothing.
  open func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
  /// Nothing.
  open func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
}
