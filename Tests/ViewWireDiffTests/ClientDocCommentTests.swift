import Foundation
import Testing

/// Every public symbol of the client library has a `///` doc comment (STYLE.md habit 5): scripts
/// and other clients learn the library from its docs, so an undocumented field is a gap in its
/// interface. Attributes (`@discardableResult`) may sit between the comment and the symbol.
@Suite struct ClientDocCommentTests {
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/ViewWireClient")

  /// `public`/`open` declarations, and enum cases (which are as public as their enum; every enum
  /// in this module is public), but not `case` labels of a `switch`, which end in `:` or start
  /// with `.` or `let`.
  static func isPublicDeclaration(_ line: Substring) -> Bool {
    if line.hasPrefix("public ") || line.hasPrefix("open ") { return !line.hasPrefix("public import") }
    return line.wholeMatch(of: /case [`A-Za-z_][`A-Za-z0-9_]*(\(.*\))?/) != nil && !line.hasPrefix("case let")
  }

  @Test func everyPublicSymbolHasADocComment() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).filter {
      $0.hasSuffix(".swift")
    }
    #expect(!files.isEmpty)
    var undocumented: [String] = []
    for file in files.sorted() {
      let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
        $0.drop { $0 == " " }
      }
      for (index, line) in lines.enumerated() where Self.isPublicDeclaration(line) {
        var above = index - 1
        while above >= 0, lines[above].hasPrefix("@") { above -= 1 }
        if above < 0 || !lines[above].hasPrefix("///") {
          undocumented.append("\(file):\(index + 1): \(line)")
        }
      }
    }
    #expect(undocumented == [])
  }
}
