import Foundation
import Testing
import ViewWireKit

/// The seeds' three ways to reach a controller's root view as its own class, plus seed 004's
/// computed accessor: each returns the very view the window shows, and the generic controller
/// installs it without a `loadView()` of the app's own.
struct TypedRootViewTests {
  final class SquareView: View, DefaultInitializableView {
    let square = View()
    required init() {
      super.init()
      addSubview(square)
    }
  }

  /// Seeds 000 and 001: `view()` through `ViewSpecificController`.
  final class SpecificController: ViewController, ViewSpecificController {
    typealias RootView = SquareView
    override func loadView() { view = SquareView() }
    var typedView: SquareView { view() }
  }

  /// Seed 002: `customView` through `HasCustomView`.
  final class HasCustomController: ViewController, HasCustomView {
    typealias CustomView = SquareView
    override func loadView() { view = CustomView() }
    var typedView: SquareView { customView }
  }

  /// Seed 002's generic variant: no `loadView()` here at all.
  final class GenericController: CustomViewController<SquareView> {
    var typedView: SquareView { customView }
  }

  /// Seed 004: a computed property with a cast.
  final class ComputedController: ViewController {
    var loginView: SquareView { view as! SquareView }
    override func loadView() { view = SquareView() }
    var typedView: SquareView { loginView }
  }

  static let styles: [(name: String, make: @Sendable () -> (ViewController, () -> SquareView))] = [
    (
      "ViewSpecificController.view()",
      {
        let c = SpecificController(); return (c, { c.typedView })
      }
    ),
    (
      "HasCustomView.customView",
      {
        let c = HasCustomController(); return (c, { c.typedView })
      }
    ),
    (
      "CustomViewController<V>.customView",
      {
        let c = GenericController(); return (c, { c.typedView })
      }
    ),
    (
      "computed accessor",
      {
        let c = ComputedController(); return (c, { c.typedView })
      }
    ),
  ]

  @Test(arguments: styles.map(\.name))
  func theTypedAccessorIsTheViewTheWindowShows(_ name: String) throws {
    let style = try #require(Self.styles.first { $0.name == name })
    let (controller, typedView) = style.make()
    let window = Window(size: CGSize(width: 300, height: 200))
    window.rootViewController = controller
    let shown = try #require(window.subviews.first)
    #expect(typedView() === shown, "\(name)")
    #expect(typedView().square.superview === shown)
    #expect(shown.frame == window.bounds)
  }
}
