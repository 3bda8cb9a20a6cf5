/// A parsed HTTP/1.x request head: the request line and the header fields, nothing of a body.
public struct HTTPRequestHead: Sendable, Equatable {
  /// The method token as sent (`GET`, `HEAD`); methods are case-sensitive (RFC 9110 9.1).
  public var method: String
  /// The request target as sent, percent escapes and query included (`/app.js?v=2`).
  public var target: String
  /// The minor version: 0 for `HTTP/1.0`, 1 for `HTTP/1.1`.
  public var minorVersion: Int
  /// The header fields in order, names as sent; look them up with `field(_:)`.
  public var fields: [(name: String, value: String)]

  /// A head with these parts (the parser makes them; tests may too).
  public init(method: String, target: String, minorVersion: Int = 1, fields: [(name: String, value: String)])
  {
    self.method = method
    self.target = target
    self.minorVersion = minorVersion
    self.fields = fields
  }

  /// The value of the field `name` (case-insensitive), the first one when repeated; nil if absent.
  public func field(_ name: String) -> String? {
    fields.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  /// Every value of the field `name`, split at commas into trimmed tokens, for list-valued
  /// fields such as `Connection: keep-alive, Upgrade`.
  public func tokens(_ name: String) -> [String] {
    fields.filter { $0.name.lowercased() == name.lowercased() }
      .flatMap { $0.value.split(separator: ",") }
      .map { $0.trimmingBlanks() }
      .filter { !$0.isEmpty }
  }

  /// How many times the field `name` occurs.
  public func count(of name: String) -> Int {
    fields.count { $0.name.lowercased() == name.lowercased() }
  }

  /// Equal when every part is, fields in the same order (tuples are not `Equatable`).
  public static func == (lhs: HTTPRequestHead, rhs: HTTPRequestHead) -> Bool {
    lhs.method == rhs.method && lhs.target == rhs.target && lhs.minorVersion == rhs.minorVersion
      && lhs.fields.map(\.name) == rhs.fields.map(\.name)
      && lhs.fields.map(\.value) == rhs.fields.map(\.value)
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs (HTTP's optional whitespace).
  func trimmingBlanks() -> String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else {
      return ""
    }
    return String(self[first...last])
  }
}
