import Foundation
import Testing
import ViewWireDiff
import ViewWireKit

/// Labels and buttons as a client reads them: each property becomes the render line the spec's
/// section 6 names, and a button's title follows its state while the finger is down.
struct TextControlTests {
  typealias Stage = ControlTests.Stage

  // MARK: Label

  @Test func aNewLabelSendsItsDefaults() {
    let label = Label(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
    label.text = "Hi"
    let window = Window(size: CGSize(width: 200, height: 200))
    window.addSubview(label)
    let engine = DiffEngine(window: window)
    #expect(
      engine.makeFrame()?.lines.filter { $0.hasPrefix("render 2") } == [
        #"render 2 font=17 text="Hi" textColor=#000000ff weight="regular""#
      ])
  }

  struct LabelCase: CustomTestStringConvertible, Sendable {
    let name: String
    let change: @Sendable (Label) -> Void
    let lines: [String]
    var testDescription: String { name }
  }

  static let labelCases: [LabelCase] = [
    LabelCase(name: "text", change: { $0.text = "Hello" }, lines: [#"render 2 text="Hello""#]),
    LabelCase(name: "no text", change: { $0.text = nil }, lines: []),
    LabelCase(
      name: "font size and weight", change: { $0.font = .systemFont(ofSize: 20, weight: .semibold) },
      lines: [#"render 2 font=20 weight="semibold""#]),
    LabelCase(
      name: "bold system font at the same size", change: { $0.font = .boldSystemFont(ofSize: 17) },
      lines: [#"render 2 weight="bold""#]),
    LabelCase(
      name: "a weight the wire folds (heavy is bold)",
      change: { $0.font = .systemFont(ofSize: 17, weight: .heavy) },
      lines: [#"render 2 weight="bold""#]),
    LabelCase(name: "text colour", change: { $0.textColor = .red }, lines: ["render 2 textColor=#ff0000ff"]),
    LabelCase(name: "text colour nil is black", change: { $0.textColor = nil }, lines: []),
    LabelCase(
      name: "alignment", change: { $0.textAlignment = .center }, lines: [#"render 2 align="center""#]),
    LabelCase(name: "lines", change: { $0.numberOfLines = 0 }, lines: ["render 2 lines=0"]),
    LabelCase(
      name: "several at once, keys in order",
      change: {
        $0.textAlignment = .right
        $0.numberOfLines = 2
        $0.textColor = .blue
        $0.font = .systemFont(ofSize: 12)
      }, lines: [#"render 2 align="right" font=12 lines=2 textColor=#0000ffff"#]),
  ]

  @Test(arguments: labelCases)
  func labelPropertiesOnTheWire(_ testCase: LabelCase) {
    let label = Label(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
    let stage = Stage(label)
    testCase.change(label)
    #expect(stage.diffLines() == testCase.lines)
  }

  // MARK: Button

  /// A 100×40 button at the window's origin, with per-state titles and colours as asked.
  static func makeButton(type: Button.ButtonType = .custom) -> Button {
    let button =
      type == .custom ? Button(frame: CGRect(x: 0, y: 0, width: 100, height: 40)) : Button(type: type)
    button.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
    return button
  }

  struct ButtonCase: CustomTestStringConvertible, Sendable {
    let name: String
    let type: Button.ButtonType
    let setUp: @Sendable (Button) -> Void
    /// The render line while the finger is down, then after it lifted.
    let down: [String]
    let up: [String]
    var testDescription: String { name }
  }

  static let buttonCases: [ButtonCase] = [
    ButtonCase(
      name: "one title: kept, the colour at half alpha while down", type: .custom,
      setUp: {
        $0.setTitle("Go", for: .normal)
        $0.setTitleColor(.blue, for: .normal)
      },
      down: ["render 2 highlighted=true textColor=#0000ff80"],
      up: ["render 2 highlighted=none textColor=#0000ffff"]),
    ButtonCase(
      name: "a highlighted title and colour of its own", type: .custom,
      setUp: {
        $0.setTitle("Go", for: .normal)
        $0.setTitle("Going", for: .highlighted)
        $0.setTitleColor(.blue, for: .normal)
        $0.setTitleColor(.red, for: .highlighted)
      },
      down: [#"render 2 highlighted=true text="Going" textColor=#ff0000ff"#],
      up: [#"render 2 highlighted=none text="Go" textColor=#0000ffff"#]),
    ButtonCase(
      name: "a custom button's default title colour is white", type: .custom,
      setUp: { $0.setTitle("Go", for: .normal) },
      down: ["render 2 highlighted=true textColor=#ffffff80"],
      up: ["render 2 highlighted=none textColor=#ffffffff"]),
    ButtonCase(
      name: "a system button's default title colour is the tint", type: .system,
      setUp: { $0.setTitle("Go", for: .normal) },
      down: ["render 2 highlighted=true textColor=#007aff80"],
      up: ["render 2 highlighted=none textColor=#007affff"]),
  ]

  @Test(arguments: buttonCases)
  func aButtonsTitleFollowsTheFinger(_ testCase: ButtonCase) throws {
    let button = Self.makeButton(type: testCase.type)
    testCase.setUp(button)
    let stage = Stage(button)
    try stage.window.touchDown(at: CGPoint(x: 10, y: 10))
    #expect(stage.diffLines() == testCase.down)
    try stage.window.touchUp(at: CGPoint(x: 10, y: 10))
    #expect(stage.diffLines() == testCase.up)
  }

  @Test func aButtonShowsItsDisabledAndSelectedTitles() {
    let button = Self.makeButton()
    button.setTitle("Go", for: .normal)
    button.setTitle("Off", for: .disabled)
    button.setTitle("On", for: .selected)
    button.setTitleColor(.gray, for: .disabled)
    let stage = Stage(button)
    button.isEnabled = false
    #expect(stage.diffLines() == [#"render 2 enabled=false text="Off" textColor=#808080ff"#])
    button.isEnabled = true
    button.isSelected = true
    // A client cannot see selection: the `selected` trait travels (PROTOCOL.md section 6).
    #expect(
      stage.diffLines() == [
        #"render 2 a11y-traits="button selected" enabled=none text="On" textColor=#ffffffff"#
      ])
    #expect(button.currentTitle == "On")
    #expect(button.title(for: [.selected, .highlighted]) == "Go", "an unset state falls back to normal")
  }

  @Test func aButtonTitleFontTravelsAsFontAndWeight() {
    let button = Self.makeButton(type: .system)
    let stage = Stage(button)
    button.titleLabel?.font = .systemFont(ofSize: 22, weight: .bold)
    #expect(stage.diffLines() == [#"render 2 font=22 weight="bold""#])
  }
}
