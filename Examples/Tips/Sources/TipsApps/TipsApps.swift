import Foundation
import ViewWireKit

/// The apps this package serves: what `apps` lists and `open NAME` opens.
public enum TipsApps {
  public static let all: [AppDescriptor] = [
    AppDescriptor(name: "tips", title: "A tip calculator: bill, percentage, people") { _ in
      TipViewController()
    },
    AppDescriptor(name: "bills", title: "Saved bills in a table; the bar's + adds one") { _ in
      UINavigationController(rootViewController: BillsViewController())
    },
  ]
}
