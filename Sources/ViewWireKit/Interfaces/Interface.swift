public import Foundation
internal import Yams

/// A view hierarchy described in a YAML file (Interface Builder's nib, seed 000's IB section).
///
/// A file names a root view's class, its properties, its subviews and their outlets:
///
/// ```yaml
/// class: SquareView            # registered in InterfaceRegistry
/// backgroundColor: lightGray
/// subviews:
///   - class: View
///     outlet: square           # sets the root view's `@Outlet var square`
///     frame: [95, 322, 200, 200]
///     backgroundColor: red
///     identifier: square
/// ```
///
/// Loading follows the nib contract UIKit documents: every object is created and configured,
/// then every outlet is connected, then every loaded view gets `awakeFromNib()` (in file order,
/// root first), so `awakeFromNib` may use any outlet. `outlet` connects to the root view, the
/// seed's advice of keeping outlets in the view; `ownerOutlet` connects to the owner (the
/// controller that loads the file).
public struct Interface: Sendable {
  /// The file's name, for error messages.
  public let name: String
  private let text: String

  /// The interface `name`.yaml in `bundle`, looked for in its `Interfaces` folder, then at the
  /// top.
  public init(named name: String, bundle: Bundle) throws(InterfaceError) {
    let url =
      bundle.url(forResource: name, withExtension: "yaml", subdirectory: "Interfaces")
      ?? bundle.url(forResource: name, withExtension: "yaml")
    guard let url, let text = try? String(contentsOf: url, encoding: .utf8) else {
      throw InterfaceError(
        kind: .notFound, file: name, location: "file",
        message: "no interface file \(name).yaml in \(bundle.bundlePath)")
    }
    self.init(name: name, yaml: text)
  }

  /// An interface from YAML text, for tests and generated interfaces.
  public init(name: String, yaml: String) {
    self.name = name
    self.text = yaml
  }

  /// Creates the views, connects the outlets, and wakes every view.
  ///
  /// - Parameters:
  ///   - owner: the object `ownerOutlet`s connect to, usually the loading controller.
  ///   - registry: where class names are looked up.
  /// - Returns: the root view.
  /// - Throws: `InterfaceError` naming the file, the place and the problem; nothing is woken
  ///   when loading fails.
  public func instantiate(
    owner: AnyObject? = nil, registry: InterfaceRegistry = .shared
  ) throws(InterfaceError) -> View {
    let document: Node?
    do {
      document = try Yams.compose(yaml: text)
    } catch {
      throw failure(.malformed, "file", "not YAML: \(error)")
    }
    guard let document, document.mapping != nil else {
      throw failure(.malformed, "file", "the file must be a mapping with a 'class'")
    }
    var loaded: [View] = []
    var connections: [Connection] = []
    let root = try build(
      document, path: "root", registry: registry, loaded: &loaded, connections: &connections)
    for connection in connections {
      let target: AnyObject
      if connection.toOwner {
        guard let owner else {
          throw failure(
            .missingOutlet(connection.name), connection.location,
            "ownerOutlet '\(connection.name)' needs an owner, and the file was loaded without one")
        }
        target = owner
      } else {
        target = root
      }
      let targetName = String(describing: type(of: target))
      guard let outlet = outlet(named: connection.name, on: target) else {
        throw failure(
          .missingOutlet(connection.name), connection.location,
          "\(targetName) has no outlet '\(connection.name)' (declare `@Outlet var \(connection.name): \(connection.viewClass)!`)"
        )
      }
      guard outlet.connect(connection.view) else {
        throw failure(
          .outletTypeMismatch(connection.name), connection.location,
          "outlet '\(connection.name)' of \(targetName) holds \(outlet.acceptedType), not \(connection.viewClass)"
        )
      }
    }
    for view in loaded { view.awakeFromNib() }
    return root
  }

  // MARK: Building

  private struct Connection {
    let name: String
    let toOwner: Bool
    let view: View
    let viewClass: String
    let location: String
  }

  private static let structuralKeys: Set<String> = ["class", "outlet", "ownerOutlet", "subviews"]

  private func build(
    _ node: Node, path: String, registry: InterfaceRegistry, loaded: inout [View],
    connections: inout [Connection]
  ) throws(InterfaceError) -> View {
    let location = Self.location(path, node)
    guard let mapping = node.mapping else {
      throw failure(.malformed, location, "a view must be a mapping with a 'class'")
    }
    guard let className = mapping["class"]?.scalar?.string else {
      throw failure(.malformed, location, "a view needs a 'class'")
    }
    guard let view = registry.makeView(named: className) else {
      throw failure(
        .unknownClass(className), location,
        "unknown class '\(className)'; register it with InterfaceRegistry (known: \(registry.classNames.joined(separator: ", ")))"
      )
    }
    loaded.append(view)
    for (keyNode, value) in mapping {
      guard let key = keyNode.scalar?.string else {
        throw failure(.malformed, location, "keys must be plain names")
      }
      if Self.structuralKeys.contains(key) { continue }
      do {
        try InterfaceProperties.apply(key, value, to: view)
      } catch {
        throw failure(.badProperty(key), Self.location(path, value), "\(className).\(key): \(error.message)")
      }
    }
    for (key, toOwner) in [("outlet", false), ("ownerOutlet", true)] {
      guard let outletNode = mapping[key] else { continue }
      guard let outletName = outletNode.scalar?.string, !outletName.isEmpty else {
        throw failure(.malformed, location, "'\(key)' must be a property name")
      }
      connections.append(
        Connection(
          name: outletName, toOwner: toOwner, view: view, viewClass: className,
          location: Self.location(path, outletNode)))
    }
    if let subviews = mapping["subviews"] {
      guard let sequence = subviews.sequence else {
        throw failure(.malformed, Self.location(path + ".subviews", subviews), "'subviews' must be a list")
      }
      for (index, child) in sequence.enumerated() {
        let subview = try build(
          child, path: "\(path).subviews[\(index)]", registry: registry, loaded: &loaded,
          connections: &connections)
        view.addSubview(subview)
      }
    }
    return view
  }

  private static func location(_ path: String, _ node: Node) -> String {
    guard let line = node.mark?.line else { return path }
    return "line \(line) (\(path))"
  }

  private func failure(_ kind: InterfaceError.Kind, _ location: String, _ message: String) -> InterfaceError {
    InterfaceError(kind: kind, file: name + ".yaml", location: location, message: message)
  }
}
