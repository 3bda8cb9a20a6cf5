import Foundation
import ViewWireKit

/// The to-do list's screen: a field, an Add button and a table, placed with Auto Layout anchors
/// on the window's constraint solver instead of `layoutSubviews`.
public final class TodoView: UIView {
  public let field = UITextField()
  public let addButton = UIButton(type: .system)
  public let tableView = UITableView(frame: .zero, style: .plain)

  public required init() {
    super.init()
    backgroundColor = .white
    field.placeholder = "What to do"
    field.borderStyle = .roundedRect
    field.accessibilityIdentifier = "new-item"
    addButton.setTitle("Add", for: .normal)
    addButton.accessibilityIdentifier = "add"
    tableView.accessibilityIdentifier = "items"
    for view in [field, addButton, tableView] {
      view.translatesAutoresizingMaskIntoConstraints = false
      addSubview(view)
    }
    NSLayoutConstraint.activate([
      field.topAnchor.constraint(equalTo: topAnchor, constant: 16),
      field.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
      field.heightAnchor.constraint(equalToConstant: 44),
      addButton.topAnchor.constraint(equalTo: field.topAnchor),
      addButton.leadingAnchor.constraint(equalTo: field.trailingAnchor, constant: 8),
      addButton.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -16),
      addButton.widthAnchor.constraint(equalToConstant: 80),
      addButton.heightAnchor.constraint(equalTo: field.heightAnchor),
      tableView.topAnchor.constraint(equalTo: field.bottomAnchor, constant: 8),
      tableView.leadingAnchor.constraint(equalTo: leadingAnchor),
      tableView.trailingAnchor.constraint(equalTo: trailingAnchor),
      tableView.bottomAnchor.constraint(equalTo: bottomAnchor),
    ])
  }
}
