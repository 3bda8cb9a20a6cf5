import Foundation

/// The view classes interface files may name, by name.
///
/// UIKit finds a nib's classes through the Objective-C runtime. Linux has none, so classes
/// register here: the kit's own at start, an app's before it loads a file that names them
/// (`InterfaceRegistry.shared.register(CardView.self)`; registering twice is harmless).
public final class InterfaceRegistry: @unchecked Sendable {
  /// The registry `Interface` uses unless given another; it starts with the kit's classes.
  public static let shared = InterfaceRegistry(kitClasses: true)

  // The lock makes registration from several session threads safe; every access holds it.
  private let lock = NSLock()
  private var factories: [String: @Sendable () -> View] = [:]

  /// A registry with no classes, or with the kit's classes (`View`, `Label`, `Button`...).
  public init(kitClasses: Bool = true) {
    guard kitClasses else { return }
    factories = [
      "View": { View() }, "Label": { Label() }, "Button": { Button(type: .system) },
      "TextField": { TextField() }, "Switch": { Switch() }, "Slider": { Slider() },
      "ImageView": { ImageView() }, "ScrollView": { ScrollView() },
    ]
  }

  /// Registers a view class under its Swift name (or `name`).
  public func register<V: DefaultInitializableView>(_ type: V.Type, as name: String? = nil) {
    register(name ?? String(describing: type)) { V() }
  }

  /// Registers a factory under `name`, for classes without a plain `init()`.
  public func register(_ name: String, make: @escaping @Sendable () -> View) {
    lock.withLock { factories[name] = make }
  }

  /// A new instance of the class registered as `name`, or nil.
  public func makeView(named name: String) -> View? {
    lock.withLock { factories[name] }?()
  }

  /// Every registered name, sorted, for error messages.
  public var classNames: [String] {
    lock.withLock { factories.keys.sorted() }
  }
}
