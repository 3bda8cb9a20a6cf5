import Foundation
import Testing
import ViewWireDiff

@testable import ViewWireKit

/// What a view keeps out of line to stay small (issue 14, "Lean sessions"): the rarely set
/// values in side storage, small tables instead of dictionaries, render properties trimmed
/// after their first frame. Each behaves as the inline storage did.
struct LeanViewTests {
  @Test func aSmallTableSetsReplacesAndRemovesByKeyInTheOrderFirstSet() {
    var table = SmallTable<String, Int>()
    #expect(table.isEmpty)
    table["bg"] = 1
    table["textColor"] = 2
    table["bg"] = 3
    #expect(table["bg"] == 3)
    #expect(table["textColor"] == 2)
    #expect(table["tint"] == nil)
    #expect(table.entries.map(\.key) == ["bg", "textColor"])
    table["bg"] = nil
    table["nothing"] = nil
    #expect(table.entries.map(\.key) == ["textColor"])
    table["textColor"] = nil
    #expect(table.isEmpty)
  }

  @Test func tagTintAndSafeAreaInsetsKeepTheirValuesAndDefaults() {
    let parent = View()
    let child = View()
    parent.addSubview(child)
    #expect(child.tag == 0)
    child.tag = 7
    #expect(parent.viewWithTag(7) === child)
    child.tag = 0
    #expect(parent.viewWithTag(7) == nil)

    #expect(child.tintColor == .systemBlue, "the default tint")
    parent.tintColor = .red
    #expect(child.tintColor == .red, "inherited")
    child.tintColor = .green
    #expect(child.tintColor == .green)
    child.tintColor = nil
    #expect(child.tintColor == .red, "inherited again once its own is cleared")

    child.accessibilityHint = "Opens"
    #expect(child.accessibilityHint == "Opens")
    child.accessibilityHint = nil
    #expect(child.accessibilityHint == nil)
  }

  @Test func twoDynamicColoursOfOneViewBothFollowTheAppearance() {
    let window = Window(size: CGSize(width: 100, height: 100))
    let label = Label()
    label.text = "Hi"
    label.backgroundColor = .systemBackground
    label.textColor = .label
    window.addSubview(label)
    let engine = DiffEngine(window: window)
    _ = engine.makeFrame()
    window.updateTraits(TraitCollection(userInterfaceStyle: .dark))
    let id = label.wireID
    let dark = engine.nextDiffLines().filter { $0.hasPrefix("render \(id) ") }
    #expect(dark.count == 1)
    #expect(dark.first?.contains("bg=#000000ff") == true, "\(dark)")
    #expect(dark.first?.contains("textColor=#ffffffff") == true, "\(dark)")
    // A fixed colour replaces the dynamic one: the next appearance change leaves it alone.
    label.backgroundColor = .red
    _ = engine.nextDiffLines()
    window.updateTraits(TraitCollection(userInterfaceStyle: .light))
    #expect(
      engine.nextDiffLines().filter { $0.hasPrefix("render \(id) ") } == ["render \(id) textColor=#000000ff"])
  }

  @Test func renderPropertiesTrimmedAfterTheFirstFrameKeepTheirEntries() {
    var properties = RenderProperties()
    for key in ["a", "b", "c", "d", "e"] { properties[key] = .string(key) }
    let before = properties
    properties.trimCapacity()
    #expect(properties == before)
    #expect(properties.entries.capacity - properties.entries.count < 2)
    properties["f"] = .bool(true)
    #expect(properties["f"] == .bool(true))
    #expect(properties.count == 6)
  }
}
