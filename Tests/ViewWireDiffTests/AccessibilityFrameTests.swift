import Foundation
import Testing
import ViewWireDiff
import ViewWireKit
import ViewWireProtocol

/// The accessibility keys in frames (PROTOCOL.md sections 6 and 7): ordinary render properties
/// to the engine, so each change sends one key of one view, and the frame hash a client
/// computes from its mirror (the reference mirror, written from the spec) stays exact as keys
/// come, change and go.
struct AccessibilityFrameTests {
  /// A list of 200 rows, each a label the app named for assistive technology and marked as a
  /// header every tenth row, in a window whose first frame the mirror applied.
  final class Rows {
    let window = Window(size: CGSize(width: 320, height: 8000))
    let engine: DiffEngine
    var mirror = ReferenceMirror()
    var labels: [Label] = []

    init() throws {
      for row in 0..<200 {
        let label = Label(frame: CGRect(x: 0, y: CGFloat(row) * 40, width: 320, height: 40))
        label.text = "Row \(row)"
        label.accessibilityHint = "Opens row \(row)"
        if row % 10 == 0 { label.accessibilityTraits = [.header, .staticText] }
        window.addSubview(label)
        labels.append(label)
      }
      engine = DiffEngine(window: window)
      try mirror.apply(try #require(engine.makeFrame()))
    }

    func expect(_ lines: [String], _ context: String) throws {
      try mirror.expectNextFrame(of: engine, window: window, lines: lines, context: context)
    }
  }

  @Test func eachChangeSendsOneKeyOfOneViewAndTheHashStaysExact() throws {
    let rows = try Rows()
    let row = rows.labels[42]
    row.text = "Row 42, renamed"
    try rows.expect(["render 44 text=\"Row 42, renamed\""], "a text: the default label follows it")
    row.accessibilityLabel = "The answer"
    try rows.expect(["render 44 a11y-label=\"The answer\""], "a label the app set")
    row.text = "Row 42 again"
    try rows.expect(["render 44 text=\"Row 42 again\""], "a text under a set label")
    row.accessibilityHint = nil
    try rows.expect(["render 44 a11y-hint=none"], "a hint removed")
    rows.labels[10].accessibilityTraits = .staticText
    try rows.expect(["render 12 a11y-traits=none"], "traits back to the default")
    row.accessibilityElementsHidden = true
    row.accessibilityLabel = nil
    try rows.expect(["render 44 a11y-hidden=true a11y-label=none"], "two keys, one line")
  }

  @Test func aFullFrameCarriesTheKeysWithTheViewsOtherKeys() throws {
    let rows = try Rows()
    let full = rows.engine.makeFullFrame()
    #expect(
      full.lines.contains(
        "render 12 a11y-hint=\"Opens row 10\" a11y-traits=\"header staticText\" font=17 text=\"Row 10\" textColor=#000000ff weight=\"regular\""
      ))
    try rows.mirror.apply(full)
    #expect(rows.mirror.hashFromScratch() == full.hash)
  }
}
