import Foundation
import ViewWireKit

/// The tip calculator's screen: the bill, the tip percentage, the number of people and what each
/// pays. It knows what it shows, not how the numbers are computed; frames come from `bounds` in
/// `layoutSubviews()`.
public final class TipView: UIView {
  public let billField = UITextField()
  public let percentControl = UISegmentedControl(items: ["10%", "15%", "20%"])
  public let peopleStepper = UIStepper()
  public let peopleLabel = UILabel()
  public let tipLabel = UILabel()
  public let totalLabel = UILabel()
  public let perPersonLabel = UILabel()

  public required init() {
    super.init()
    backgroundColor = .white
    billField.placeholder = "Bill amount"
    billField.borderStyle = .roundedRect
    billField.accessibilityIdentifier = "bill"
    percentControl.selectedSegmentIndex = 1
    percentControl.accessibilityIdentifier = "percent"
    peopleStepper.minimumValue = 1
    peopleStepper.maximumValue = 20
    peopleStepper.value = 1
    peopleStepper.accessibilityIdentifier = "people"
    peopleLabel.accessibilityIdentifier = "people-count"
    tipLabel.accessibilityIdentifier = "tip"
    totalLabel.accessibilityIdentifier = "total"
    perPersonLabel.accessibilityIdentifier = "per-person"
    perPersonLabel.font = .systemFont(ofSize: 32, weight: .bold)
    for label in [tipLabel, totalLabel, perPersonLabel] { label.textAlignment = .right }
    for view in [billField, percentControl, peopleLabel, peopleStepper, tipLabel, totalLabel, perPersonLabel]
    {
      addSubview(view)
    }
  }

  public override func layoutSubviews() {
    super.layoutSubviews()
    let width = bounds.width - 32
    billField.frame = CGRect(x: 16, y: safeAreaInsets.top + 24, width: width, height: 44)
    percentControl.frame = CGRect(x: 16, y: billField.frame.maxY + 16, width: width, height: 32)
    let stepperSize = peopleStepper.sizeThatFits(bounds.size)
    peopleStepper.frame = CGRect(
      x: bounds.width - 16 - stepperSize.width, y: percentControl.frame.maxY + 16,
      width: stepperSize.width, height: stepperSize.height)
    peopleLabel.frame = CGRect(
      x: 16, y: peopleStepper.frame.minY, width: peopleStepper.frame.minX - 24, height: stepperSize.height)
    tipLabel.frame = CGRect(x: 16, y: peopleStepper.frame.maxY + 24, width: width, height: 24)
    totalLabel.frame = CGRect(x: 16, y: tipLabel.frame.maxY + 8, width: width, height: 24)
    perPersonLabel.frame = CGRect(x: 16, y: totalLabel.frame.maxY + 16, width: width, height: 44)
  }

  /// Shows a computed bill; `nil` while the field does not hold a number.
  public func render(people: Int, bill: Bill?) {
    peopleLabel.text = people == 1 ? "1 person" : "\(people) people"
    tipLabel.text = "Tip: " + (bill.map { Bill.format($0.tip) } ?? "–")
    totalLabel.text = "Total: " + (bill.map { Bill.format($0.total) } ?? "–")
    perPersonLabel.text = (bill.map { Bill.format($0.perPerson) } ?? "–") + " each"
  }
}
