import Foundation
import ViewWireKit

/// The table demo's controller: 10,000 numbered items in sections of 100, a checkmark on the
/// items the user tapped, and buttons that insert and delete items at the top (deleting asks
/// first, in an action sheet).
final class ItemsTableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
  static let cellIdentifier = "item"
  static let sectionSize = 100
  /// The most items `tap @insert` lets the table hold: the 10,000 it opens with and 100 more.
  static let maximumItems = 10_100

  /// The items by section; each is its number, so a checked item stays checked as rows move.
  private var sections: [[Int]] = (0..<100).map { section in
    Array(
      section * ItemsTableViewController.sectionSize + 1...(section + 1)
        * ItemsTableViewController.sectionSize)
  }
  private var checked: Set<Int> = []
  /// Inserted items are numbered on from 10,001.
  private var nextNumber = 10_001

  private var itemsView: ItemsTableView { view as! ItemsTableView }
  private var tableView: UITableView { itemsView.tableView }

  override func loadView() {
    view = ItemsTableView()
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Table"
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: Self.cellIdentifier)
    tableView.dataSource = self
    tableView.delegate = self
    itemsView.insertButton.addTarget(self, action: ItemsTableViewController.insertItem, for: .touchUpInside)
    itemsView.deleteButton.addTarget(self, action: ItemsTableViewController.deleteItem, for: .touchUpInside)
  }

  // MARK: Data source

  func numberOfSections(in tableView: UITableView) -> Int { sections.count }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    sections[section].count
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: Self.cellIdentifier, for: indexPath)
    let number = sections[indexPath.section][indexPath.row]
    cell.textLabel?.text = "Item \(number)"
    cell.accessoryType = checked.contains(number) ? .checkmark : .none
    return cell
  }

  func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    // Named by place, not by the items' numbers: inserts and deletes change the first section's
    // items, and a header already on screen is not asked again.
    "Section \(section + 1)"
  }

  // MARK: Delegate

  /// A tap checks or unchecks the item, and the row does not stay selected (Settings' manner).
  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    let number = sections[indexPath.section][indexPath.row]
    if checked.remove(number) == nil { checked.insert(number) }
    tableView.cellForRow(at: indexPath)?.accessoryType = checked.contains(number) ? .checkmark : .none
    tableView.deselectRow(at: indexPath, animated: true)
  }

  // MARK: Actions

  /// Inserts a new item at the top of the first section, up to `maximumItems` in all.
  private func insertItem() {
    // Bounded, so one client cannot grow the table without end (PROTOCOL.md section 17): each
    // item stays, and each insert costs a pass over the first section.
    guard sections.reduce(0, { $0 + $1.count }) < Self.maximumItems else {
      view.window?.reportLimit("the table holds at most \(Self.maximumItems) items")
      return
    }
    sections[0].insert(nextNumber, at: 0)
    nextNumber += 1
    tableView.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
  }

  /// Asks, in an action sheet, before deleting the first section's top item.
  private func deleteItem() {
    guard let number = sections[0].first else { return }
    let sheet = UIAlertController(title: "Delete Item \(number)?", message: nil, preferredStyle: .actionSheet)
    sheet.addAction(
      UIAlertAction(title: "Delete", style: .destructive) { [weak self] _ in self?.deleteFirstItem() })
    sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel))
    present(sheet, animated: true)
  }

  private func deleteFirstItem() {
    guard !sections[0].isEmpty else { return }
    checked.remove(sections[0].removeFirst())
    tableView.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
  }
}
