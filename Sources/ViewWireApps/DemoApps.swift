public import ViewWireKit

/// The apps the daemon offers: each seed's example, ported to ViewWireKit.
public enum DemoApps {
  /// The SwiftPM resource bundle holding the demo apps' interface files and strings, which
  /// `viewwired` checks is beside it at start (`ViewWireApplication.resourceBundles`).
  public static let resourceBundle = "ViewWire_ViewWireApps"

  /// Every demo app, by name.
  public static let all: [AppDescriptor] = [
    AppDescriptor(name: "note", title: "One view, a controller per idiom: phones lift the field (seed 001)") {
      traits in
      traits.userInterfaceIdiom == .phone ? PhoneNoteViewController() : RegularNoteViewController()
    },
    AppDescriptor(name: "square", title: "Drag the square into the green area (seed 000)") { _ in
      CustomViewController()
    },
    AppDescriptor(
      name: "interface-square", title: "The square, loaded from an interface file with outlets (seed 000)"
    ) { _ in InterfaceSquareViewController() },
    AppDescriptor(name: "login", title: "A login screen with a secure field (seed 004)") { _ in
      UINavigationController(rootViewController: LoginStackViewController())
    },
    AppDescriptor(name: "stacks", title: "Stack views in every distribution; toggle hides the middle labels")
    {
      _ in StacksViewController()
    },
    AppDescriptor(name: "gallery", title: "Controls, drawing and animation") { _ in GalleryViewController() },
    AppDescriptor(
      name: "navigation", title: "A list and its details in a navigation stack: push, back, reload"
    ) {
      _ in UINavigationController(rootViewController: FruitListViewController(fruits: Fruit.all))
    },
    AppDescriptor(
      name: "my-view", title: "A root view reached as customView through HasCustomView (seed 002)"
    ) {
      _ in MyViewController()
    },
    AppDescriptor(
      name: "my-view-generic", title: "A root view installed by CustomViewController<MyView> (seed 002)"
    ) { _ in MyGenericViewController() },
    AppDescriptor(
      name: "rows", title: "A table of rows: add, remove the first, swap, update (js-framework-benchmark)"
    ) { _ in RowsViewController() },
    AppDescriptor(
      name: "table",
      title: "10,000 rows in sections: only the visible ones exist; tap to check, insert, delete"
    ) { _ in ItemsTableViewController() },
    AppDescriptor(
      name: "grid", title: "Tiles in a collection view; size, count, progress and a spinner around it"
    ) { _ in TilesViewController() },
    AppDescriptor(
      name: "tabs", title: "A tab bar: a table view controller in a navigation stack, and a page sheet"
    ) { _ in DemoTabBarController() },
    AppDescriptor(
      name: "traits",
      title: "The client's traits: light or dark, size classes, text size and the safe area, live"
    ) { _ in TraitsViewController() },
    AppDescriptor(
      name: "binding", title: "setupViews() and bindViews() with a reactive view model (seed 003)"
    ) {
      _ in BindingViewController(viewModel: MyViewModel())
    },
  ]
}
