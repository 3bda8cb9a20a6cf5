import Foundation
import Testing
import ViewWireKit

/// 3,122 distinct `hello locale=` tags grew a process-wide cache by 21 KB each, kept after the
/// client left (issue 13): only string tables that exist are kept (PROTOCOL.md section 17).
struct LocaleCacheTests {
  @Test func lookupsInInventedLocalesKeepNothing() {
    // Other tests load real tables in parallel in this process, so the check names the invented
    // tags rather than comparing the cache's size before and after.
    for index in 0..<500 {
      _ = Localization.string("Back", bundle: .main, locale: "x\(index)-Y\(index)")
    }
    let invented = Localization.cachedLanguages.filter { $0.hasPrefix("x") }
    #expect(invented.isEmpty, "kept tables for invented locales: \(invented.sorted())")
  }
}
