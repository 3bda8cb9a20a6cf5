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

  /// The address of an array's storage, to tell shared storage from copies.
  private func storage<T>(_ array: [T]) -> UnsafeRawPointer? {
    array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  /// A login-like screen, built the same way every time.
  private func screen() -> (Window, DiffEngine, Label) {
    let window = Window(size: CGSize(width: 200, height: 200))
    let label = Label()
    label.text = "Hello"
    label.accessibilityIdentifier = "greeting"
    window.addSubview(label)
    let engine = DiffEngine(window: window)
    _ = engine.makeFrame()
    return (window, engine, label)
  }

  @Test func twoSessionsShowingTheSameScreenShareTheirRenderPropertiesUntilOneChanges() {
    // The pool is the process's, which other tests fill at the same time: when it was full
    // between the two screens, it forgot the first one's array; five tries make that moot.
    var (firstEngine, first, secondEngine, second) = (screen().1, screen().2, screen().1, screen().2)
    for _ in 0..<5 {
      (_, firstEngine, first) = screen()
      (_, secondEngine, second) = screen()
      if storage(first.renderProperties.entries) == storage(second.renderProperties.entries) { break }
    }
    #expect(first.renderProperties == second.renderProperties)
    #expect(storage(first.renderProperties.entries) == storage(second.renderProperties.entries))
    #expect(first.renderProperties.entries.capacity == first.renderProperties.count)

    second.text = "Bye"
    #expect(secondEngine.nextDiffLines() == ["render \(second.wireID) text=\"Bye\""])
    #expect(first.text == "Hello")
    #expect(first.renderProperties["text"] == .string("Hello"), "the other copy is untouched")
    #expect(firstEngine.nextDiffLines().isEmpty)
    #expect(storage(first.renderProperties.entries) != storage(second.renderProperties.entries))
  }

  @Test func theSharedRenderPropertiesPoolForgetsAllPastItsLimit() {
    let pool = SharedRenderProperties(limit: 2)
    func entries(_ text: String) -> [RenderProperties.Entry] {
      var properties = RenderProperties()
      properties["text"] = .string(text)
      return properties.entries
    }
    let a = pool.intern(entries("a"))
    #expect(storage(pool.intern(entries("a"))) == storage(a))
    _ = pool.intern(entries("b"))
    #expect(pool.count == 2)
    _ = pool.intern(entries("c"))
    #expect(pool.count == 1, "full: forgot both, then took the new one")
    #expect(storage(pool.intern(entries("a"))) != storage(a), "a is new again")
    #expect(a.map(\.value) == [.string("a")], "holders keep theirs")
  }

  @Test func labelsShareTheirDynamicColourTableUntilOneAddsAnother() {
    let window = Window(size: CGSize(width: 200, height: 200))
    let first = Label()
    let second = Label()
    window.addSubview(first)
    window.addSubview(second)
    second.backgroundColor = .systemBackground
    let engine = DiffEngine(window: window)
    _ = engine.makeFrame()
    window.updateTraits(TraitCollection(userInterfaceStyle: .dark))
    let lines = engine.nextDiffLines()
    #expect(lines.contains("render \(first.wireID) textColor=#ffffffff"), "\(lines)")
    #expect(
      lines.contains { $0.hasPrefix("render \(second.wireID) ") && $0.contains("bg=#000000ff") }, "\(lines)")
    #expect(!lines.contains { $0.hasPrefix("render \(first.wireID) ") && $0.contains("bg=") }, "\(lines)")
  }

  @Test func aButtonMakesItsTitleLabelOnlyWhenAskedAndSendsTheSameEitherWay() {
    let window = Window(size: CGSize(width: 200, height: 200))
    let plain = Button(type: .system)
    let asked = Button(type: .system)
    plain.setTitle("Go", for: .normal)
    asked.setTitle("Go", for: .normal)
    #expect(asked.titleLabel?.font == .systemFont(ofSize: 15, weight: .medium))
    #expect(plain.renderProperties == asked.renderProperties)
    #expect(plain.intrinsicContentSize == asked.intrinsicContentSize)
    window.addSubview(plain)
    window.addSubview(asked)
    let engine = DiffEngine(window: window)
    _ = engine.makeFrame()
    asked.titleLabel?.font = .systemFont(ofSize: 20, weight: .bold)
    let lines = engine.nextDiffLines()
    #expect(
      lines.contains {
        $0.hasPrefix("render \(asked.wireID) ") && $0.contains("font=20") && $0.contains("weight=\"bold\"")
      }, "\(lines)")
    #expect(Button(type: .custom).renderProperties["weight"] == .string("regular"))
  }
}
