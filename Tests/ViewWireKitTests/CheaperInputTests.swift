import Foundation
import Testing
import ViewWireDiff
import ViewWireProtocol

@testable import ViewWireKit

/// The shortcuts a tap's work takes (issue 14, "Cheaper per input"): each must leave the view's
/// state, and what the diff engine is told, as the longer way did.
struct CheaperInputTests {
  /// One `RenderProperties.update` call: the keys before, the key and value set, and what it
  /// must report and leave.
  struct UpdateCase: Sendable, CustomTestStringConvertible {
    let id: String
    let before: [String]
    let key: String
    let value: WireValue?
    let changed: Bool
    let previous: WireValue?
    let after: [String]
    var testDescription: String { id }
  }

  static let updateCases: [UpdateCase] = [
    UpdateCase(
      id: "insert first", before: [], key: "text", value: .string("x"), changed: true, previous: nil,
      after: ["text"]),
    UpdateCase(
      id: "insert between", before: ["a", "c"], key: "b", value: .string("x"), changed: true,
      previous: nil, after: ["a", "b", "c"]),
    UpdateCase(
      id: "insert last", before: ["a", "b"], key: "c", value: .bool(true), changed: true,
      previous: nil, after: ["a", "b", "c"]),
    UpdateCase(
      id: "replace", before: ["a", "b", "c"], key: "b", value: .string("new"), changed: true,
      previous: .string("b"), after: ["a", "b", "c"]),
    UpdateCase(
      id: "same value", before: ["a", "b", "c"], key: "c", value: .string("c"), changed: false,
      previous: nil, after: ["a", "b", "c"]),
    UpdateCase(
      id: "remove", before: ["a", "b", "c"], key: "a", value: nil, changed: true, previous: .string("a"),
      after: ["b", "c"]),
    UpdateCase(
      id: "remove absent", before: ["a", "c"], key: "b", value: nil, changed: false, previous: nil,
      after: ["a", "c"]),
  ]

  @Test(arguments: updateCases)
  func renderPropertiesUpdateSetsInKeyOrderAndReportsTheValueBefore(_ test: UpdateCase) {
    var properties = RenderProperties()
    for key in test.before { properties[key] = .string(key) }
    var expected = properties
    expected[test.key] = test.value
    let (changed, previous) = properties.update(RenderKey(test.key), to: test.value)
    #expect(changed == test.changed)
    #expect(previous == test.previous)
    #expect(properties.entries.map(\.key) == test.after)
    #expect(properties == expected)
  }

  @Test func aChangedPropertyIsRecordedOnceWithItsFirstValueAndAnUnchangedOneNotAtAll() {
    let window = Window(size: CGSize(width: 200, height: 200))
    let label = Label()
    label.text = "Off"
    window.addSubview(label)
    let engine = DiffEngine(window: window)
    _ = engine.makeFrame()
    label.text = "Off"
    #expect(label.pending.render.isEmpty)
    label.text = "On"
    label.text = "Again"
    #expect(label.pending.render.count == 1)
    #expect(label.pending.render.firstKey == .text)
    #expect(label.pending.render.firstPrevious == .string("Off"))
    #expect(label.renderProperties["text"] == .string("Again"))
  }
}

extension CheaperInputTests {
  @Test(arguments: [
    "star", "heart", "circle", "square", "checkmark", "person", "gear", "photo", "", "Star", "nope",
  ])
  func aNamedImageIsFoundExactlyWhenTheBuiltInTableHasItsName(_ name: String) {
    let image = Image(named: name)
    #expect(image?.name == (Image.builtIn[name] == nil ? nil : name))
    #expect(image?.size == Image.builtIn[name])
  }

  @Test func theBuiltInTableAndListAgree() {
    #expect(Image.builtIn.count == Image.builtInList.count)
    for (name, size) in Image.builtInList { #expect(Image.builtIn[name] == size) }
    #expect(Image(named: "photo")?.size == CGSize(width: 120, height: 80))
  }
}
