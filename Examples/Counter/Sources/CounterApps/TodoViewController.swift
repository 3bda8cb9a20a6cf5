import Foundation
import ViewWireKit

/// The to-do list's controller: the items (the model), the table's data source and delegate,
/// and the user's actions: add the typed item, tap an item to tick it off.
public final class TodoViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
  private struct Item {
    var title: String
    var done = false
  }

  private static let cellIdentifier = "item"
  private var items: [Item]

  /// A list that starts with `items`.
  public init(items: [String] = []) {
    self.items = items.map { Item(title: $0) }
    super.init(nibName: nil, bundle: nil)
  }

  /// The root view as its own class: a typed accessor instead of casts at every use.
  private var todoView: TodoView { view as! TodoView }

  public override func loadView() {
    view = TodoView()
  }

  public override func viewDidLoad() {
    super.viewDidLoad()
    todoView.tableView.register(UITableViewCell.self, forCellReuseIdentifier: Self.cellIdentifier)
    todoView.tableView.dataSource = self
    todoView.tableView.delegate = self
    todoView.addButton.addTarget(self, action: TodoViewController.addItem, for: .touchUpInside)
  }

  private func addItem() {
    let title = (todoView.field.text ?? "").trimmingCharacters(in: .whitespaces)
    guard !title.isEmpty else { return }
    items.append(Item(title: title))
    todoView.field.text = ""
    todoView.tableView.insertRows(at: [IndexPath(row: items.count - 1, section: 0)], with: .automatic)
  }

  // MARK: UITableViewDataSource

  public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    items.count
  }

  public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: Self.cellIdentifier, for: indexPath)
    let item = items[indexPath.row]
    cell.textLabel?.text = item.title
    cell.accessoryType = item.done ? .checkmark : .none
    return cell
  }

  // MARK: UITableViewDelegate

  /// A tap ticks the item off, or back on; the row does not stay selected. A ticked-off item
  /// sinks to the end of the list, and one unticked rises to the top: its row moves, and
  /// its cell with it (the table asks for no cell; only the tick changes).
  public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    var item = items.remove(at: indexPath.row)
    item.done.toggle()
    let destination = IndexPath(row: item.done ? items.count : 0, section: 0)
    items.insert(item, at: destination.row)
    tableView.moveRow(at: indexPath, to: destination)
    tableView.cellForRow(at: destination)?.accessoryType = item.done ? .checkmark : .none
    tableView.deselectRow(at: destination, animated: false)
  }
}
