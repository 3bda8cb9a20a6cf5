import Foundation
import ViewWireKit

/// The tip calculator's controller: the model (a `Bill`) and the user's actions. Every control
/// changes one field of the bill, and the view shows the result.
public final class TipViewController: CustomViewController<TipView> {
  /// The tip percentages, in the segmented control's order.
  public static let percents = [10, 15, 20]
  private var people = 1

  public override func viewDidLoad() {
    super.viewDidLoad()
    customView.billField.addTarget(self, action: TipViewController.recompute, for: .editingChanged)
    customView.percentControl.addTarget(self, action: TipViewController.recompute, for: .valueChanged)
    customView.peopleStepper.addTarget(self, action: TipViewController.peopleChanged, for: .valueChanged)
    recompute()
  }

  /// The bill as the controls say now; `nil` while the field does not hold an amount.
  public var bill: Bill? {
    guard let cents = Bill.cents(from: customView.billField.text ?? "") else { return nil }
    let index = max(0, customView.percentControl.selectedSegmentIndex)
    return Bill(amountCents: cents, percent: Self.percents[index], people: people)
  }

  private func peopleChanged() {
    people = Int(customView.peopleStepper.value)
    recompute()
  }

  private func recompute() {
    customView.render(people: people, bill: bill)
  }
}
