import Foundation
import Testing
import ViewWireProtocol

@testable import ViewWireKit

/// Interned render keys (`RenderKey`) must behave as the strings they replaced: equal exactly
/// when the names are, ordered as the names are (the wire sends a view's properties in that
/// order), and written as the names' bytes.
@Suite struct RenderKeyTests {
  /// Names that share long prefixes, differ past the eighth byte, are prefixes of each other,
  /// differ in case, or are not ASCII, and canonically equivalent spellings (`é` and `e` with a
  /// combining accent; the Kelvin sign and `K`): each pair must compare as `String` compares them.
  static let names = [
    "a11y", "a11y-hidden", "a11y-hint", "a11y-label", "a11y-labels", "a11y-value", "bg", "b", "",
    "borderColor", "borderStyle", "Text", "text", "textColor", "x-custom-long-name-1",
    "x-custom-long-name-2", "zèbre", "zebra", "é", "e\u{301}", "e\u{301}x", "日本", "K", "\u{212A}", "Kelvin",
  ]

  @Test func keysCompareAndOrderAsTheirNames() {
    for left in Self.names {
      for right in Self.names {
        let (a, b) = (RenderKey(left), RenderKey(right))
        #expect((a == b) == (left == right), "\(left) == \(right)")
        #expect((a < b) == (left < right), "\(left) < \(right)")
      }
    }
  }

  @Test func aNameIsInternedOnceAndCarriesItsBytes() {
    #expect(RenderKey("text") == .text)
    #expect(RenderKey("a11y-value") == .a11yValue)
    for name in Self.names {
      // A canonically equivalent spelling is the same key, sent as first spelled.
      #expect(Array(RenderKey(name).utf8) == Array(RenderKey(name).name.utf8))
      #expect(RenderKey(name).name == name)
    }
    #expect(RenderKey.anim.isAnimation && !RenderKey.text.isAnimation)
    #expect(RenderKey.a11yLabel.isAccessibilityKey && !RenderKey.alpha.isAccessibilityKey)
    #expect(RenderKey.value.accessibilityDefaultsDepend && !RenderKey.bg.accessibilityDefaultsDepend)
  }

  @Test func keysInternedOnManyThreadsAtOnceAreOneKeyEach() async {
    let names = (0..<64).map { "concurrent-key-\($0 % 16)" }
    let keys = await withTaskGroup(of: (String, RenderKey).self) { group in
      for name in names { group.addTask { (name, RenderKey(name)) } }
      var keys: [(String, RenderKey)] = []
      for await pair in group { keys.append(pair) }
      return keys
    }
    for (name, key) in keys { #expect(key == RenderKey(name) && key.name == name) }
  }

  @Test func aViewSendsItsPropertiesInNameOrderWhateverOrderTheyWereSet() {
    let view = View()
    for name in ["zeta-key", "alpha-key-long-2", "alpha-key-long-1", "Beta", "beta"].shuffled() {
      view.setRenderProperty(name, .bool(true))
    }
    #expect(
      view.renderProperties.map(\.key) == [
        "Beta", "alpha-key-long-1", "alpha-key-long-2", "beta", "zeta-key",
      ])
  }
}
