import Foundation
import ViewWireKit

/// The saved bills' screen: an amount field and the percentage above a table of saved bills,
/// placed with Auto Layout anchors on the window's constraint solver.
public final class BillsView: UIView {
  public let amountField = UITextField()
  public let percentControl = UISegmentedControl(items: ["10%", "15%", "20%"])
  public let tableView = UITableView(frame: .zero, style: .plain)
  public let totalLabel = UILabel()

  public required init() {
    super.init()
    backgroundColor = .white
    amountField.placeholder = "Amount"
    amountField.borderStyle = .roundedRect
    amountField.accessibilityIdentifier = "amount"
    percentControl.selectedSegmentIndex = 1
    percentControl.accessibilityIdentifier = "bill-percent"
    tableView.accessibilityIdentifier = "bills"
    totalLabel.textAlignment = .right
    totalLabel.accessibilityIdentifier = "sum"
    for view in [amountField, percentControl, tableView, totalLabel] {
      view.translatesAutoresizingMaskIntoConstraints = false
      addSubview(view)
    }
    NSLayoutConstraint.activate([
      amountField.topAnchor.constraint(equalTo: safeAreaLayoutGuide.topAnchor, constant: 16),
      amountField.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
      amountField.heightAnchor.constraint(equalToConstant: 44),
      percentControl.centerYAnchor.constraint(equalTo: amountField.centerYAnchor),
      percentControl.leadingAnchor.constraint(equalTo: amountField.trailingAnchor, constant: 8),
      percentControl.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -16),
      percentControl.widthAnchor.constraint(equalToConstant: 150),
      tableView.topAnchor.constraint(equalTo: amountField.bottomAnchor, constant: 8),
      tableView.leadingAnchor.constraint(equalTo: leadingAnchor),
      tableView.trailingAnchor.constraint(equalTo: trailingAnchor),
      totalLabel.topAnchor.constraint(equalTo: tableView.bottomAnchor, constant: 8),
      totalLabel.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
      totalLabel.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -16),
      totalLabel.heightAnchor.constraint(equalToConstant: 32),
      totalLabel.bottomAnchor.constraint(equalTo: safeAreaLayoutGuide.bottomAnchor, constant: -8),
    ])
  }
}
