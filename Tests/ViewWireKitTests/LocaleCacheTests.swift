import Foundation
import Testing
import ViewWireKit

/// 3,122 distinct `hello locale=` tags grew a process-wide cache by 21 KB each, kept after the
/// client left (issue 13): only string tables that exist are kept (PROTOCOL.md section 17).
struct LocaleCacheTests {
  @Test func lookupsInInventedLocalesKeepNothing() {
    _ = Localization.string("Back", bundle: .main, locale: "en")
    let before = Localization.cachedTableCount
    for index in 0..<500 {
      _ = Localization.string("Back", bundle: .main, locale: "x\(index)-Y\(index)")
    }
    #expect(Localization.cachedTableCount == before)
  }
}
