/// A controller whose root view has a known class, reached as `view()` (seeds 000 and 001).
///
/// Ruslan Kavetsky's protocol from seed 000: declare `typealias RootView = MyView` and call
/// `view().square` instead of casting `view` by hand.
public protocol ViewSpecificController {
  /// The class the controller's `loadView()` installs as its root view.
  associatedtype RootView: View
}

extension ViewSpecificController where Self: ViewController {
  /// The root view as its own class.
  ///
  /// Inlinable, so an app's controller gets it made for its own class (a class cast), rather
  /// than the generic one that looks up `RootView` through the conformance on each call: the
  /// square app calls it three times on every move of a drag.
  @inlinable public func view() -> RootView {
    guard let view = self.view as? RootView else {
      fatalError(
        "Expected the root view to be \(RootView.self), got \(type(of: self.view!)); install it in loadView()"
      )
    }
    return view
  }
}

/// A controller whose root view has a known class, reached as `customView` (seed 002).
public protocol HasCustomView {
  /// The class the controller's `loadView()` installs as its root view.
  associatedtype CustomView: View
}

extension HasCustomView where Self: ViewController {
  /// The root view as its own class.
  public var customView: CustomView {
    guard let customView = view as? CustomView else {
      fatalError("Expected view to be of type \(CustomView.self) but got \(type(of: view!)) instead")
    }
    return customView
  }
}

/// A view class that can be made from its metatype with `init()`, for the interface registry.
///
/// Every `View` can (its `init()` is required), so conforming is an empty extension:
/// `extension MyView: DefaultInitializableView {}`. Kept so code written against it still
/// compiles; new code can use `V: View` directly.
public protocol DefaultInitializableView: View {
  /// Creates the view with its subviews, as the seeds' views do in `init()`.
  init()
}

/// A controller generic over its root view's class, which it installs itself (seed 002):
/// `final class MyViewController: CustomViewController<MyView>`, with no other line.
open class CustomViewController<CustomView: View>: ViewController {
  /// The root view as its own class; never fails, because `loadView` installed it.
  public var customView: CustomView {
    // The cast cannot fail unless a subclass replaced `view`, which is a programmer error.
    view as! CustomView
  }

  /// Installs a `CustomView()` as the root view, through View's required `init()`.
  open override func loadView() {
    view = CustomView()
  }
}
