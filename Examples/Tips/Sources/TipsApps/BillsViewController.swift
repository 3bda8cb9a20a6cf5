import Foundation
import ViewWireKit

/// The saved bills' controller: the list (the model), the table's data source and delegate, and
/// the actions. The navigation bar's Add button saves the typed amount with the chosen tip; a
/// tap on a row marks that bill paid, or unpaid; Clear empties the list.
public final class BillsViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
  private struct Saved {
    var bill: Bill
    var paid = false
  }

  private static let cellIdentifier = "bill"
  private var saved: [Saved] = []

  /// A list that starts with `bills`.
  public init(bills: [Bill] = []) {
    saved = bills.map { Saved(bill: $0) }
    super.init(nibName: nil, bundle: nil)
  }

  private var billsView: BillsView { view as! BillsView }

  public override func loadView() {
    view = BillsView()
  }

  public override func viewDidLoad() {
    super.viewDidLoad()
    title = "Bills"
    navigationItem.rightBarButtonItem = UIBarButtonItem(
      barButtonSystemItem: .add, target: self, action: BillsViewController.addBill)
    navigationItem.leftBarButtonItem = UIBarButtonItem(
      title: "Clear", style: .plain, target: self, action: BillsViewController.clear)
    billsView.tableView.register(UITableViewCell.self, forCellReuseIdentifier: Self.cellIdentifier)
    billsView.tableView.dataSource = self
    billsView.tableView.delegate = self
    renderSum()
  }

  private func addBill() {
    guard let cents = Bill.cents(from: billsView.amountField.text ?? "") else { return }
    let index = max(0, billsView.percentControl.selectedSegmentIndex)
    saved.append(Saved(bill: Bill(amountCents: cents, percent: TipViewController.percents[index], people: 1)))
    billsView.amountField.text = ""
    billsView.tableView.insertRows(at: [IndexPath(row: saved.count - 1, section: 0)], with: .automatic)
    renderSum()
  }

  private func clear() {
    saved.removeAll()
    billsView.tableView.reloadData()
    renderSum()
  }

  private func renderSum() {
    let unpaid = saved.filter { !$0.paid }.reduce(0) { $0 + $1.bill.total }
    billsView.totalLabel.text = "Unpaid: " + Bill.format(unpaid)
  }

  // MARK: UITableViewDataSource

  public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    saved.count
  }

  public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: Self.cellIdentifier, for: indexPath)
    let item = saved[indexPath.row]
    cell.textLabel?.text =
      "\(Bill.format(item.bill.amountCents)) + \(item.bill.percent)% = \(Bill.format(item.bill.total))"
    cell.accessoryType = item.paid ? .checkmark : .none
    return cell
  }

  // MARK: UITableViewDelegate

  /// A tap marks the bill paid, or unpaid again; the row does not stay selected.
  public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    saved[indexPath.row].paid.toggle()
    tableView.reloadRows(at: [indexPath], with: .none)
    tableView.deselectRow(at: indexPath, animated: false)
    renderSum()
  }
}
