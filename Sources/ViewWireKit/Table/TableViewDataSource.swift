public import Foundation

/// Supplies a table view's sections, rows and cells (UIKit's `UITableViewDataSource`).
///
/// The method names are UIKit's, so ported data sources compile as written. The table asks for
/// counts when it loads (its first layout, `reloadData()`) and after each update, and for cells
/// only for rows that come into view: a data source of 10,000 rows is asked for a screenful.
///
/// Requirements with defaults are still requirements, so a class's own implementation is the
/// one the table calls. As with any Swift protocol, a subclass that adds a method its superclass
/// left to the default is not seen: implement every method in the class that adopts the protocol
/// and override it in subclasses (`TableViewController` does).
public protocol TableViewDataSource: AnyObject {
  /// The number of sections; 1 by default.
  func numberOfSections(in tableView: TableView) -> Int
  /// The number of rows in `section`.
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
  /// The cell for the row at `indexPath`, usually from
  /// `tableView.dequeueReusableCell(withIdentifier:for:)`.
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
  /// The title of `section`'s header, nil for none (the default).
  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
}

extension TableViewDataSource {
  /// One section.
  public func numberOfSections(in tableView: TableView) -> Int { 1 }
  /// No header title.
  public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
}

/// Sizes a table view's rows and headers and hears about selection (UIKit's
/// `UITableViewDelegate`); every method is optional.
///
/// A table view's `delegate` is its scroll view's, so the same object also hears scrolling.
public protocol TableViewDelegate: ScrollViewDelegate {
  /// The height of the row at `indexPath`; by default the table's `rowHeight`.
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat
  /// The height of `section`'s header; by default `sectionHeaderHeight` when the section has a
  /// header (a title or a view), 0 when it has none.
  func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat
  /// A view of the app's own for `section`'s header, in place of the title header; nil (the
  /// default) for the title header.
  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View?
  /// The row the user is about to select: return it, another row, or nil to select nothing.
  func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
  /// The user selected the row (never called for `selectRow(at:animated:scrollPosition:)`).
  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
  /// The user's selection of another row (or a second tap in multiple selection) deselected it.
  func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
  /// Whether a finger down on the row highlights it; true by default.
  func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
  /// The cell is about to be shown for the row.
  func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath)
  /// The cell left the screen (scrolled away, deleted or reloaded) and went to the reuse queue.
  func tableView(
    _ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath)
}

extension TableViewDelegate {
  /// The table's `rowHeight`.
  public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
    tableView.rowHeight
  }
  /// `sectionHeaderHeight` for a section with a header, 0 otherwise.
  public func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat {
    tableView.defaultHeaderHeight(inSection: section)
  }
  /// No view: the title header, if any.
  public func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? { nil }
  /// The row itself.
  public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    indexPath
  }
  /// Nothing.
  public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
  /// Nothing.
  public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
  /// True.
  public func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
  /// Nothing.
  public func tableView(
    _ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath
  ) {
  }
  /// Nothing.
  public func tableView(
    _ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath
  ) {}
}
