/// Why an interface file could not be loaded; `description` names the file, the place in it
/// and what was wrong, so the message alone is enough to fix the file.
public struct InterfaceError: Error, CustomStringConvertible, Equatable {
  /// What went wrong.
  public enum Kind: Equatable, Sendable {
    /// No file of that name in the bundle.
    case notFound
    /// The text is not YAML, or not the shape of an interface file.
    case malformed
    /// A `class` that is not registered.
    case unknownClass(String)
    /// A property the view's class does not have, or a value of the wrong form.
    case badProperty(String)
    /// An `outlet` the root view (or `ownerOutlet` the owner) does not declare.
    case missingOutlet(String)
    /// An outlet whose declared type does not accept the view.
    case outletTypeMismatch(String)
  }

  /// What went wrong, for code (and tests) that must tell a missing file from a bad one without reading the
  /// message.
  public let kind: Kind
  /// The file's name, as passed to the loader.
  public let file: String
  /// Where in the file: a path such as `subviews[1]`, with its line when known.
  public let location: String
  /// What was wrong there, in words for the person fixing the file.
  public let message: String

  /// `FILE: LOCATION: MESSAGE`, so a log line alone says where to look.
  public var description: String { "\(file): \(location): \(message)" }
}
