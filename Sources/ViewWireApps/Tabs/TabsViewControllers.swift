import Foundation
import ViewWireKit

// The tabs demo: a tab bar controller with two tabs. "Fruits" is a navigation stack whose root is
// a table view controller (UIKit's most common screen): a row pushes that fruit's details, coming
// back clears the selection, and the bar's + item asks for a fruit's name in an alert with a text
// field and adds it. "About" presents a page sheet over
// itself and has a text view for notes.

/// The fruits as a table view controller: one row per fruit with a disclosure indicator.
final class FruitTableViewController: UITableViewController {
  private var fruits = Fruit.all
  /// The most fruits + adds, so one client cannot grow the list without end (PROTOCOL.md
  /// section 17).
  static let maximumAdded = 20

  init() {
    super.init(style: .plain)
    title = "Fruits"
    tabBarItem = UITabBarItem(title: "Fruits", image: UIImage(named: "heart"), tag: 0)
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "fruit")
    navigationItem.rightBarButtonItem = UIBarButtonItem(
      barButtonSystemItem: .add, target: self, action: FruitTableViewController.addFruit)
  }

  /// Asks for the new fruit's name in an alert; Add puts it at the end of the list.
  private func addFruit() {
    let alert = UIAlertController(title: "New Fruit", message: "What is it called?", preferredStyle: .alert)
    alert.addTextField { $0.placeholder = "Name" }
    alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
    alert.addAction(
      UIAlertAction(title: "Add", style: .default) { [weak self, unowned alert] _ in
        self?.add(named: alert.textFields?.first?.text ?? "")
      })
    present(alert, animated: true)
  }

  private func add(named name: String) {
    let name = name.trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty else { return }
    fruits.append(Fruit(name: name, summary: "Added by you."))
    tableView.insertRows(at: [IndexPath(row: fruits.count - 1, section: 0)], with: .automatic)
    if fruits.count - Fruit.all.count == Self.maximumAdded {
      navigationItem.rightBarButtonItem?.isEnabled = false
    }
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    fruits.count
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "fruit", for: indexPath)
    cell.textLabel?.text = fruits[indexPath.row].name
    cell.accessoryType = .disclosureIndicator
    return cell
  }

  override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    navigationController?.pushViewController(
      FruitDetailViewController(fruits: fruits, index: indexPath.row), animated: true)
  }
}

/// A page with a button that presents a sheet, and a text view for notes.
final class AboutViewController: UIViewController {
  private let label: UILabel = {
    let label = UILabel()
    label.text = "Tabs, a table view controller and a sheet"
    label.textAlignment = .center
    label.numberOfLines = 0
    return label
  }()
  private let sheetButton: UIButton = {
    let button = UIButton(type: .system)
    button.setTitle("Show sheet", for: .normal)
    button.accessibilityIdentifier = "show-sheet"
    return button
  }()

  private let notes: UITextView = {
    let notes = UITextView()
    notes.font = .systemFont(ofSize: 15)
    notes.accessibilityIdentifier = "notes"
    notes.layer.borderWidth = 1
    notes.layer.borderColor = .lightGray
    return notes
  }()

  init() {
    super.init(nibName: nil, bundle: nil)
    title = "About"
    tabBarItem = UITabBarItem(title: "About", image: UIImage(named: "person"), tag: 1)
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    view.addSubview(label)
    view.addSubview(sheetButton)
    view.addSubview(notes)
    sheetButton.addTarget(self, action: AboutViewController.showSheet, for: .touchUpInside)
  }

  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    let bounds = view.bounds
    label.frame = CGRect(x: 16, y: 100, width: bounds.width - 32, height: 44)
    sheetButton.frame = CGRect(x: 16, y: 160, width: bounds.width - 32, height: 44)
    notes.frame = CGRect(x: 16, y: 220, width: bounds.width - 32, height: 120)
  }

  private func showSheet() {
    let sheet = SheetViewController()
    sheet.modalPresentationStyle = .pageSheet
    present(sheet, animated: true)
  }
}

/// The sheet: a line of text and a Done button that dismisses it.
final class SheetViewController: UIViewController {
  private let doneButton: UIButton = {
    let button = UIButton(type: .system)
    button.setTitle("Done", for: .normal)
    button.accessibilityIdentifier = "done"
    return button
  }()
  private let label: UILabel = {
    let label = UILabel()
    label.text = "A page sheet: the screen below stays in view"
    label.numberOfLines = 0
    return label
  }()

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    view.layer.cornerRadius = 10
    view.addSubview(doneButton)
    view.addSubview(label)
    doneButton.addTarget(self, action: SheetViewController.done, for: .touchUpInside)
  }

  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    doneButton.frame = CGRect(x: view.bounds.width - 96, y: 8, width: 80, height: 44)
    label.frame = CGRect(x: 16, y: 60, width: view.bounds.width - 32, height: 44)
  }

  private func done() {
    dismiss(animated: true)
  }
}

/// The tab bar controller of the demo.
final class DemoTabBarController: UITabBarController {
  override init(nibName: String? = nil, bundle: Bundle? = nil) {
    super.init(nibName: nibName, bundle: bundle)
    setViewControllers(
      [UINavigationController(rootViewController: FruitTableViewController()), AboutViewController()],
      animated: false)
  }
}
