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

/// Seed 002's generic controller as written, `class CustomViewController<CustomView: UIView>`
/// with `view = CustomView()`: any view class works, with no conformance, because View's
/// `init()` is required. A view with an initializer of its own provides `init()` too.
struct GenericControllerOverAnyViewTests {
  /// A view written UIKit's way, with `init(frame:)` only: it inherits `init()`.
  final class FrameView: View {
    let label = Label()
    override init(frame: CGRect) {
      super.init(frame: frame)
      addSubview(label)
    }
    required convenience init() { self.init(frame: .zero) }
  }

  /// The seed's controller, declared in this file exactly as seed 002 declares it.
  class SeedCustomViewController<CustomView: View>: ViewController {
    var customView: CustomView { view as! CustomView }
    override func loadView() { view = CustomView() }
  }

  final class FrameController: SeedCustomViewController<FrameView> {}
  final class PlainController: CustomViewController<Label> {}

  @Test func theSeedsGenericControllerInstallsItsViewClass() throws {
    let seed = FrameController()
    let window = Window(size: CGSize(width: 200, height: 100))
    window.rootViewController = seed
    #expect(window.subviews.first === seed.customView)
    #expect(seed.customView.label.superview === seed.customView)
    let kit = PlainController()
    #expect(type(of: kit.customView) == Label.self)
  }
}
