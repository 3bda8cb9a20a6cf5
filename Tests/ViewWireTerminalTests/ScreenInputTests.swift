import Testing

@testable import ViewWireTerminal

/// What each input sends, as ScreenInput's table says.
struct ScreenInputTests {
  static func mouse(_ kind: MouseReport.Kind, _ column: Int, _ row: Int, button: Int = 0) -> InputEvent {
    .mouse(MouseReport(kind: kind, button: button, column: column, row: row))
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let events: [InputEvent]
    let actions: [ScreenInput.Action]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "text is quoted", events: [.text(#"a "b""#)], actions: [.send(#"text "a \"b\"""#)]),
    Case(
      name: "named keys", events: [.key(.enter), .key(.backspace), .key(.tab), .key(.escape)],
      actions: [.send("key return"), .send("key backspace"), .send("key tab"), .send("key escape")]),
    Case(name: "arrows do nothing", events: [.key(.up), .key(.function(2))], actions: []),
    Case(
      name: "help and quit", events: [.key(.function(1)), .control("g"), .control("c"), .control("q")],
      actions: [.toggleStatus, .toggleStatus, .quit, .quit]),
    Case(
      name: "a drag at cell centres",
      events: [
        mouse(.press, 40, 20), mouse(.motion, 40, 18), mouse(.motion, 40, 18), mouse(.release, 40, 6),
      ],
      actions: [.send("down 344.25 430.5"), .send("move 344.25 388.5"), .send("up 344.25 136.5")]),
    Case(
      name: "moves and releases without a press are dropped",
      events: [mouse(.motion, 1, 1), mouse(.release, 1, 1)], actions: []),
    Case(
      name: "other buttons and the wheel do nothing",
      events: [mouse(.press, 1, 1, button: 2), mouse(.wheel(up: true), 1, 1)], actions: []),
    Case(
      name: "a press during a drag ends the drag first",
      events: [mouse(.press, 0, 0), mouse(.press, 1, 0)],
      actions: [.send("down 4.25 10.5"), .send("up 4.25 10.5"), .send("down 12.75 10.5")]),
  ]

  @Test(arguments: cases) func actions(_ example: Case) {
    var input = ScreenInput()
    #expect(example.events.flatMap { input.actions(for: $0) } == example.actions)
  }
}
