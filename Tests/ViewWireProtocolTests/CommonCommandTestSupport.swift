@testable import ViewWireProtocol

extension ClientCommand {
  /// `parseCommonForm(_:)` over a string's bytes (a short string's are copied to the stack), so
  /// the tests can state their lines as strings. Only the tests read lines this way: the server
  /// reads the framer's bytes, so this stays out of the module's public API.
  static func parseCommonForm(_ line: String) -> ClientCommand? {
    var line = line
    return line.withUTF8 { parseCommonForm($0) }
  }
}
