/// A controller property that belongs to its loaded view: made on first use, like `lazy var`,
/// and let go when a memory warning releases the view, so the next `viewDidLoad()` makes a new
/// one.
///
/// Seed 003 keeps its subviews in `private lazy var subview1: UIView = { ... }()`. A Swift `lazy`
/// property is made once for the controller's life: after a memory warning unloads the view,
/// `viewDidLoad()` would add the same subviews to the new view and bind them a second time (one
/// tap acting twice), and the old subviews would never be freed. Writing `@ViewLazy` where the
/// seed writes `lazy` fixes both:
///
/// ```swift
/// @ViewLazy private var subview1: UIView = {
///   let view = UIView()
///   view.backgroundColor = .red
///   return view
/// }()
/// ```
///
/// The expression runs on first access, as `lazy`'s does; it cannot mention `self`, which
/// the seed's closures do not. The kit finds these properties by reflection (`Mirror`) on the
/// controller's class and its superclasses; nothing needs registering.
@propertyWrapper
public final class ViewLazy<Value> {
  private let make: () -> Value
  private var value: Value?

  /// Remembers how to make the value; nothing runs until first access.
  public init(wrappedValue: @autoclosure @escaping () -> Value) {
    make = wrappedValue
  }

  /// The value, made now if it was never made or was released with the view.
  public var wrappedValue: Value {
    if let value { return value }
    let made = make()
    value = made
    return made
  }

  /// The property itself, as `$name`: whether it holds a value, and a way to release it.
  public var projectedValue: ViewLazy<Value> { self }

  /// Whether the value has been made since the last release.
  public var isMade: Bool { value != nil }

  /// Lets go of the value; the next access makes a new one.
  public func release() { value = nil }
}

extension ViewLazy: ViewLazyReleasable {}

/// What `ViewLazyRelease` can release without knowing the value's type.
protocol ViewLazyReleasable: AnyObject {
  func release()
}

/// Releases every `@ViewLazy` property of a controller after its view was unloaded.
enum ViewLazyRelease {
  static func releaseAll(in controller: ViewController) {
    var mirror: Mirror? = Mirror(reflecting: controller)
    while let current = mirror {
      for child in current.children {
        (child.value as? any ViewLazyReleasable)?.release()
      }
      mirror = current.superclassMirror
    }
  }
}
