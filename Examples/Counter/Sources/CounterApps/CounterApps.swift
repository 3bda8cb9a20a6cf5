import Foundation
import ViewWireKit

/// The apps this package serves: what `apps` lists and `open NAME` opens.
public enum CounterApps {
  public static let all: [AppDescriptor] = [
    AppDescriptor(name: "counter", title: "A count and two buttons") { _ in CounterViewController() },
    AppDescriptor(name: "todo", title: "A to-do list in a table view") { _ in
      TodoViewController(items: ["Buy milk", "Write a transcript"])
    },
  ]
}
