/// A property an interface file connects by name (Interface Builder's `@IBOutlet`).
///
/// Write `@Outlet var square: UIView!` where seed code writes `@IBOutlet weak var square:
/// UIView!`. Swift on Linux has no Objective-C runtime to set a property by name, so the outlet
/// is a small object the loader finds by reflection (the stored property `_square`) and fills.
/// It holds its view strongly: the view is in the hierarchy anyway, and nothing it holds points
/// back up.
@propertyWrapper
public final class Outlet<Wrapped: AnyObject> {
  /// The connected object; `nil` until the interface is loaded.
  public var wrappedValue: Wrapped!

  /// An outlet waiting for its interface file.
  public init() {}

  /// An outlet that already holds `wrappedValue` (a view built in code).
  public init(wrappedValue: Wrapped!) {
    self.wrappedValue = wrappedValue
  }
}

/// An outlet of any type, as the loader sees it.
protocol AnyOutlet: AnyObject {
  /// The type the outlet accepts, for error messages.
  var acceptedType: Any.Type { get }
  /// Connects `object`; false when it is not of the accepted type.
  func connect(_ object: AnyObject) -> Bool
}

extension Outlet: AnyOutlet {
  var acceptedType: Any.Type { Wrapped.self }

  func connect(_ object: AnyObject) -> Bool {
    guard let object = object as? Wrapped else { return false }
    wrappedValue = object
    return true
  }
}

/// Finds the outlet named `name` on `object`, looking through its class and its superclasses.
func outlet(named name: String, on object: AnyObject) -> (any AnyOutlet)? {
  var mirror: Mirror? = Mirror(reflecting: object)
  while let current = mirror {
    for child in current.children where child.label == "_" + name {
      if let outlet = child.value as? any AnyOutlet { return outlet }
    }
    mirror = current.superclassMirror
  }
  return nil
}
