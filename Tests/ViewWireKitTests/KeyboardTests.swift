import Foundation
import Testing
import ViewWireKit

/// The keyboard notifications come in UIKit's order and follow the window: the responder hears
/// first, a focus change shows the keyboard again, and a resize or a new keyboard height while the
/// keyboard is up moves it.
struct KeyboardTests {
  /// A 300×600 window with a 300-point keyboard and two fields, tagged 1 and 2, logging the
  /// delegate's begin and end, every keyboard notification and the keyboard traces in one list.
  final class Stage: TextFieldDelegate, @unchecked Sendable {
    let window = Window(size: CGSize(width: 300, height: 600))
    let fields = [1, 2].map { TextField(frame: CGRect(x: 0, y: CGFloat($0) * 50, width: 200, height: 30)) }
    var log: [String] = []
    private var tokens: [any NSObjectProtocol] = []

    init() {
      for (index, field) in fields.enumerated() {
        field.tag = index + 1
        field.delegate = self
        window.addSubview(field)
      }
      window.traceSink = { [unowned self] kind, detail in
        if kind == "keyboard" { self.log.append("trace \(detail)") }
      }
      let names: [(Notification.Name, String)] = [
        (Responder.keyboardWillChangeFrameNotification, "willChange"),
        (Responder.keyboardWillShowNotification, "willShow"),
        (Responder.keyboardWillHideNotification, "willHide"),
        (Responder.keyboardDidChangeFrameNotification, "didChange"),
        (Responder.keyboardDidShowNotification, "didShow"),
        (Responder.keyboardDidHideNotification, "didHide"),
      ]
      for (name, label) in names {
        tokens.append(
          window.notificationCenter.addObserver(forName: name, object: nil, queue: nil) {
            [unowned self] note in
            let begin = note.userInfo?[Responder.keyboardFrameBeginUserInfoKey] as? CGRect
            let end = note.userInfo?[Responder.keyboardFrameEndUserInfoKey] as? CGRect
            self.log.append("\(label) \(Self.describe(begin)) -> \(Self.describe(end))")
          })
      }
    }

    /// A frame as `x,y wxh`.
    static func describe(_ frame: CGRect?) -> String {
      guard let frame else { return "-" }
      return "\(Int(frame.minX)),\(Int(frame.minY)) \(Int(frame.width))x\(Int(frame.height))"
    }

    func textFieldDidBeginEditing(_ textField: TextField) { log.append("didBegin \(textField.tag)") }
    func textFieldDidEndEditing(_ textField: TextField) { log.append("didEnd \(textField.tag)") }
  }

  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    /// Whether the first field is focused (and the log cleared) before the action.
    let editing: Bool
    let action: @Sendable (Stage) throws -> Void
    let log: [String]
    /// The keyboard's frame afterwards, as `Stage.describe` writes it.
    let frame: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "focus: the field begins editing, then the keyboard shows", editing: false,
      action: { $0.fields[0].becomeFirstResponder() },
      log: [
        "didBegin 1", "trace show height=300", "willChange 0,600 300x300 -> 0,300 300x300",
        "willShow 0,600 300x300 -> 0,300 300x300", "didChange 0,600 300x300 -> 0,300 300x300",
        "didShow 0,600 300x300 -> 0,300 300x300",
      ], frame: "0,300 300x300"),
    Case(
      name: "focus moves to another field: the keyboard shows again where it is", editing: true,
      action: { try $0.window.press(.tab) },
      log: [
        "didEnd 1", "didBegin 2", "willChange 0,300 300x300 -> 0,300 300x300",
        "willShow 0,300 300x300 -> 0,300 300x300", "didChange 0,300 300x300 -> 0,300 300x300",
        "didShow 0,300 300x300 -> 0,300 300x300",
      ], frame: "0,300 300x300"),
    Case(
      name: "editing ends: the field hears first, then the keyboard hides", editing: true,
      action: { try $0.window.press(.escape) },
      log: [
        "didEnd 1", "trace hide", "willChange 0,300 300x300 -> 0,600 300x300",
        "willHide 0,300 300x300 -> 0,600 300x300", "didChange 0,300 300x300 -> 0,600 300x300",
        "didHide 0,300 300x300 -> 0,600 300x300",
      ], frame: "-"),
    Case(
      name: "a resize moves the keyboard that is up", editing: true,
      action: { $0.window.resize(to: CGSize(width: 400, height: 500)) },
      log: [
        "willChange 0,300 300x300 -> 0,200 400x300", "willShow 0,300 300x300 -> 0,200 400x300",
        "didChange 0,300 300x300 -> 0,200 400x300", "didShow 0,300 300x300 -> 0,200 400x300",
      ], frame: "0,200 400x300"),
    Case(
      name: "a resize with the keyboard down posts nothing", editing: false,
      action: { $0.window.resize(to: CGSize(width: 400, height: 500)) }, log: [], frame: "-"),
    Case(
      name: "a new keyboard height moves the keyboard that is up", editing: true,
      action: { $0.window.updateTraits(TraitCollection(keyboardHeight: 250)) },
      log: [
        "willChange 0,300 300x300 -> 0,350 300x250", "willShow 0,300 300x300 -> 0,350 300x250",
        "didChange 0,300 300x300 -> 0,350 300x250", "didShow 0,300 300x300 -> 0,350 300x250",
      ], frame: "0,350 300x250"),
    Case(
      name: "a keyboard height of 0 hides the keyboard, and ending editing then posts nothing",
      editing: true,
      action: { stage in
        stage.window.updateTraits(TraitCollection(keyboardHeight: 0))
        stage.fields[0].resignFirstResponder()
      },
      log: [
        "trace hide", "willChange 0,300 300x300 -> 0,600 300x300", "willHide 0,300 300x300 -> 0,600 300x300",
        "didChange 0,300 300x300 -> 0,600 300x300", "didHide 0,300 300x300 -> 0,600 300x300", "didEnd 1",
      ], frame: "-"),
  ]

  @Test(arguments: cases)
  func keyboardNotifications(_ testCase: Case) throws {
    let stage = Stage()
    if testCase.editing {
      stage.fields[0].becomeFirstResponder()
      stage.log = []
    }
    try testCase.action(stage)
    #expect(stage.log == testCase.log)
    #expect(Stage.describe(stage.window.keyboardFrame) == testCase.frame)
  }
}
