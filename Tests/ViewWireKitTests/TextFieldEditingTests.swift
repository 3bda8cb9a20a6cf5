import Foundation
import Testing
import ViewWireKit

/// A text field asks and tells its delegate, and sends its editing events, in UIKit's order.
struct TextFieldEditingTests {
  /// Logs every delegate call, named after the field's tag.
  final class Probe: TextFieldDelegate {
    var log: [String] = []
    var allowsBegin = true
    var allowsChange = true
    var allowsEnd = true
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool {
      log.append("shouldBegin \(textField.tag)")
      return allowsBegin
    }
    func textField(
      _ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
    ) -> Bool {
      log.append("shouldChange \(textField.tag) \(range.location),\(range.length) \"\(string)\"")
      return allowsChange
    }
    func textFieldDidBeginEditing(_ textField: TextField) { log.append("didBegin \(textField.tag)") }
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool {
      log.append("shouldEnd \(textField.tag)")
      return allowsEnd
    }
    func textFieldDidEndEditing(_ textField: TextField) { log.append("didEnd \(textField.tag)") }
    func textFieldShouldReturn(_ textField: TextField) -> Bool {
      log.append("shouldReturn \(textField.tag)")
      return true
    }
  }

  /// A window with two fields, tagged 1 and 2, at y = 0 and y = 50; the first one sits in a
  /// container at the window's origin and is focused.
  final class Form {
    let window = Window(size: CGSize(width: 300, height: 600))
    let container = View(frame: CGRect(x: 0, y: 0, width: 300, height: 40))
    let first = TextField(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
    let second = TextField(frame: CGRect(x: 0, y: 50, width: 200, height: 30))
    let probe = Probe()
    init() {
      window.addSubview(container)
      for (tag, field) in [(1, first), (2, second)] {
        field.tag = tag
        field.delegate = probe
        (tag == 1 ? container : window).addSubview(field)
      }
      first.becomeFirstResponder()
      probe.log = []
    }
  }

  struct EndCase: CustomTestStringConvertible, Sendable {
    let name: String
    let end: @Sendable (Form) throws -> Void
    let allowsEnd: Bool
    let log: [String]
    /// The tag of the focused field afterwards, 0 for none.
    let focused: Int
    var testDescription: String { name }
  }

  /// Every way editing ends asks `textFieldShouldEndEditing` exactly once (regression: the
  /// resign asked it, then the window asked it again).
  static let endCases: [EndCase] = [
    EndCase(
      name: "the return key", end: { try $0.window.press(.return) }, allowsEnd: true,
      log: ["shouldReturn 1", "shouldEnd 1", "didEnd 1"], focused: 0),
    EndCase(
      name: "the escape key", end: { try $0.window.press(.escape) }, allowsEnd: true,
      log: ["shouldEnd 1", "didEnd 1"], focused: 0),
    EndCase(
      name: "resignFirstResponder in code", end: { $0.first.resignFirstResponder() }, allowsEnd: true,
      log: ["shouldEnd 1", "didEnd 1"], focused: 0),
    EndCase(
      name: "tab to the next field", end: { try $0.window.press(.tab) }, allowsEnd: true,
      log: ["shouldBegin 2", "shouldEnd 1", "didEnd 1", "didBegin 2"], focused: 2),
    EndCase(
      name: "a tap on the other field", end: { try $0.window.tap(at: CGPoint(x: 10, y: 60)) },
      allowsEnd: true,
      log: ["shouldBegin 2", "shouldEnd 1", "didEnd 1", "didBegin 2"], focused: 2),
    EndCase(
      name: "the delegate refuses", end: { $0.first.resignFirstResponder() }, allowsEnd: false,
      log: ["shouldEnd 1"], focused: 1),
    EndCase(
      name: "the delegate refuses the tab", end: { try $0.window.press(.tab) }, allowsEnd: false,
      log: ["shouldBegin 2", "shouldEnd 1"], focused: 1),
  ]

  @Test(arguments: endCases)
  func endingEditingAsksTheDelegateOnce(_ testCase: EndCase) throws {
    let form = Form()
    form.probe.allowsEnd = testCase.allowsEnd
    try testCase.end(form)
    #expect(form.probe.log == testCase.log)
    #expect((form.window.focusedTextField?.tag ?? 0) == testCase.focused)
  }

  struct DepartureCase: CustomTestStringConvertible, Sendable {
    let name: String
    let move: @Sendable (Form) -> Void
    /// Whether the focused field is still in the window afterwards.
    let staysInWindow: Bool
    var testDescription: String { name }
  }

  static let departureCases: [DepartureCase] = [
    DepartureCase(
      name: "the field is removed", move: { $0.first.removeFromSuperview() }, staysInWindow: false),
    DepartureCase(
      name: "its container is removed", move: { $0.container.removeFromSuperview() }, staysInWindow: false),
    DepartureCase(
      name: "it moves to a view outside the window", move: { View().addSubview($0.first) },
      staysInWindow: false),
    DepartureCase(
      name: "it moves to another view in the window", move: { $0.window.addSubview($0.first) },
      staysInWindow: true),
  ]

  /// A focused field that leaves the window stops being the first responder, as in UIKit: its
  /// editing ends without asking the delegate (it cannot stay), the keyboard hides, and typing
  /// has nowhere to go. Regression: the removed field kept editing and the keyboard stayed up.
  @Test(arguments: departureCases)
  func aFocusedFieldLeavingTheWindowEndsEditing(_ testCase: DepartureCase) throws {
    let form = Form()
    form.probe.allowsEnd = false
    let keyboard = InputTests.KeyboardObserver(form.window.notificationCenter)
    testCase.move(form)
    if testCase.staysInWindow {
      #expect(form.first.isFirstResponder)
      #expect(form.probe.log.isEmpty)
      #expect(keyboard.events.isEmpty)
      try form.window.insertText("a")
      #expect(form.first.text == "a")
      return
    }
    #expect(!form.first.isFirstResponder)
    #expect(form.window.firstResponder == nil)
    #expect(form.probe.log == ["didEnd 1"])
    #expect(form.first.renderProperties["focused"] == nil)
    #expect(keyboard.events == ["willHide 600 300", "didHide 600 300"])
    #expect(form.window.keyboardFrame == nil)
    #expect(throws: InputError.noFocus) { try form.window.insertText("a") }
    #expect(form.first.text == "")
  }

  // MARK: Editing events

  /// The editing events a field sends, logged as `EVENT TAG` next to the delegate's calls.
  static let editingEvents: [(Control.Event, String)] = [
    (.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"),
    (.editingDidEnd, "editingDidEnd"), (.editingDidEndOnExit, "editingDidEndOnExit"),
    (.primaryActionTriggered, "primaryActionTriggered"),
  ]

  struct EventCase: CustomTestStringConvertible, Sendable {
    let name: String
    /// Whether the first field is focused (and the log cleared) before the action.
    let editing: Bool
    let refuse: Set<String>
    let action: @Sendable (Form) throws -> Void
    let log: [String]
    var testDescription: String { name }
  }

  static let eventCases: [EventCase] = [
    EventCase(
      name: "a tap begins editing", editing: false, refuse: [],
      action: { try $0.window.tap(at: CGPoint(x: 10, y: 10)) },
      log: ["shouldBegin 1", "didBegin 1", "editingDidBegin 1"]),
    EventCase(
      name: "the delegate refuses to begin", editing: false, refuse: ["begin"],
      action: { try $0.window.tap(at: CGPoint(x: 10, y: 10)) }, log: ["shouldBegin 1"]),
    EventCase(
      name: "a disabled field is not asked", editing: false, refuse: [],
      action: { form in
        form.first.isEnabled = false
        try form.window.tap(at: CGPoint(x: 10, y: 10))
      }, log: []),
    EventCase(
      name: "typing", editing: true, refuse: [], action: { try $0.window.insertText("ab") },
      log: [#"shouldChange 1 0,0 "ab""#, "editingChanged 1"]),
    EventCase(
      name: "typing the delegate refuses", editing: true, refuse: ["change"],
      action: { try $0.window.insertText("ab") },
      log: [#"shouldChange 1 0,0 "ab""#]),
    EventCase(
      name: "backspace", editing: true, refuse: [],
      action: { form in
        try form.window.insertText("ab")
        form.probe.log = []
        try form.window.press(.backspace)
      }, log: [#"shouldChange 1 1,1 """#, "editingChanged 1"]),
    EventCase(
      name: "backspace in an empty field", editing: true, refuse: [],
      action: { try $0.window.press(.backspace) },
      log: []),
    EventCase(
      name: "return", editing: true, refuse: [], action: { try $0.window.press(.return) },
      log: [
        "shouldReturn 1", "primaryActionTriggered 1", "editingDidEndOnExit 1", "shouldEnd 1", "didEnd 1",
        "editingDidEnd 1",
      ]),
    EventCase(
      name: "tab", editing: true, refuse: [], action: { try $0.window.press(.tab) },
      log: ["shouldBegin 2", "shouldEnd 1", "didEnd 1", "editingDidEnd 1", "didBegin 2", "editingDidBegin 2"]),
    EventCase(
      name: "the delegate refuses to end", editing: true, refuse: ["end"],
      action: { try $0.window.press(.escape) },
      log: ["shouldEnd 1"]),
  ]

  /// The order UIKit documents: `textFieldShouldBeginEditing`, `textFieldDidBeginEditing` then
  /// `editingDidBegin`; `shouldChangeCharactersIn` then `editingChanged`; on the way out
  /// `textFieldShouldEndEditing`, `textFieldDidEndEditing` then `editingDidEnd`.
  @Test(arguments: eventCases)
  func editingEventsAndDelegateCallsInOrder(_ testCase: EventCase) throws {
    let form = Form()
    for field in [form.first, form.second] {
      for (event, name) in Self.editingEvents {
        field.addAction(
          Action { [unowned form] _ in form.probe.log.append("\(name) \(field.tag)") }, for: event)
      }
    }
    if !testCase.editing { form.first.resignFirstResponder() }
    form.probe.log = []
    form.probe.allowsBegin = !testCase.refuse.contains("begin")
    form.probe.allowsChange = !testCase.refuse.contains("change")
    form.probe.allowsEnd = !testCase.refuse.contains("end")
    try testCase.action(form)
    #expect(form.probe.log == testCase.log)
  }
}
