import Foundation
import Testing
import ViewWireDiff
import ViewWireKit
import ViewWireProtocol

/// UIKit's accessibility API and what of it goes on the wire (PROTOCOL.md section 6,
/// "Accessibility", and section 14's table of defaults): standard controls keep UIKit's
/// defaults and send nothing new; what an app sets, and only that, travels, and only when it
/// changes.
struct AccessibilityTests {
  /// A window with a diff engine that already sent its first frame.
  final class Stage {
    let window = Window(size: CGSize(width: 400, height: 400))
    let engine: DiffEngine

    init(_ views: View...) {
      for view in views { window.addSubview(view) }
      engine = DiffEngine(window: window)
      _ = engine.makeFrame()
    }

    func diffLines() -> [String] { engine.nextDiffLines() }

    /// The whole tree's render lines, as a full frame would send them.
    func fullRenderLines() -> [String] {
      engine.makeFullFrame().lines.filter { $0.hasPrefix("render ") }
    }
  }

  // MARK: UIKit's defaults

  struct DefaultCase: CustomTestStringConvertible, Sendable {
    let name: String
    let make: @Sendable () -> View
    let element: Bool
    let label: String?
    let value: String?
    let traits: AccessibilityTraits
    var testDescription: String { name }
  }

  static let defaultCases: [DefaultCase] = [
    DefaultCase(
      name: "a label is static text named by its text",
      make: {
        let label = Label()
        label.text = "Hello"
        return label
      }, element: true, label: "Hello", value: nil, traits: .staticText),
    DefaultCase(
      name: "a button is a button named by its title",
      make: {
        let button = Button(type: .system)
        button.setTitle("Login", for: .normal)
        return button
      }, element: true, label: "Login", value: nil, traits: .button),
    DefaultCase(
      name: "a disabled button is also notEnabled",
      make: {
        let button = Button(type: .system)
        button.setTitle("Login", for: .normal)
        button.isEnabled = false
        return button
      }, element: true, label: "Login", value: nil, traits: [.button, .notEnabled]),
    DefaultCase(
      name: "a text field is named by its placeholder and holds its text",
      make: {
        let field = TextField()
        field.placeholder = "Username"
        field.text = "bob"
        return field
      }, element: true, label: "Username", value: "bob", traits: []),
    DefaultCase(
      name: "a secure field's value is the mask: its length only",
      make: {
        let field = TextField()
        field.placeholder = "Password"
        field.isSecureTextEntry = true
        field.text = "secret"
        return field
      }, element: true, label: "Password", value: "••••••", traits: []),
    DefaultCase(
      name: "a switch is a button whose value is 1 or 0",
      make: {
        let toggle = Switch()
        toggle.isOn = true
        return toggle
      }, element: true, label: nil, value: "1", traits: .button),
    DefaultCase(
      name: "a slider is adjustable, its value a percentage of its range",
      make: {
        let slider = Slider()
        slider.minimumValue = 10
        slider.maximumValue = 20
        slider.value = 12.5
        return slider
      }, element: true, label: nil, value: "25%", traits: .adjustable),
    DefaultCase(
      name: "a progress view updates frequently",
      make: {
        let progress = ProgressView()
        progress.progress = 0.333
        return progress
      }, element: true, label: nil, value: "33%", traits: .updatesFrequently),
    DefaultCase(
      name: "a segmented control's value is the selected title",
      make: { SegmentedControl(items: ["One", "Two"]).selecting(1) },
      element: true, label: nil, value: "Two", traits: []),
    DefaultCase(
      name: "an image view is an image but not an element",
      make: { ImageView(image: Image(named: "star")) }, element: false, label: nil, value: nil,
      traits: .image),
    DefaultCase(
      name: "a plain view is nothing", make: { View() }, element: false, label: nil, value: nil,
      traits: []),
  ]

  @Test(arguments: defaultCases)
  func standardViewsHaveUIKitsDefaultsAndSendNoKey(_ example: DefaultCase) {
    let view = example.make()
    #expect(view.isAccessibilityElement == example.element)
    #expect(view.accessibilityLabel == example.label)
    #expect(view.accessibilityValue == example.value)
    #expect(view.accessibilityTraits == example.traits)
    #expect(view.accessibilityHint == nil)
    let stage = Stage(view)
    #expect(!stage.fullRenderLines().joined().contains("a11y"), "a client computes all of it")
  }

  // MARK: What travels

  @Test func aCustomViewMadeAnElementSendsWhatTheAppSet() {
    let square = View(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
    square.isAccessibilityElement = true
    square.accessibilityLabel = "Square"
    square.accessibilityHint = "Drag it"
    let stage = Stage(square)
    #expect(
      stage.fullRenderLines() == [
        "render 1 bg=#ffffffff", "render 2 a11y=true a11y-hint=\"Drag it\" a11y-label=\"Square\"",
      ])
  }

  @Test func aChangedValueSendsOnlyThatKey() {
    let square = View()
    square.isAccessibilityElement = true
    square.accessibilityLabel = "Square"
    let stage = Stage(square)
    square.accessibilityValue = "In the green area"
    #expect(stage.diffLines() == ["render 2 a11y-value=\"In the green area\""])
    square.accessibilityValue = "In the green area"
    #expect(stage.diffLines() == [], "the same value again sends nothing")
    square.accessibilityValue = nil
    #expect(stage.diffLines() == ["render 2 a11y-value=none"])
  }

  /// The square app sets its value on every move of a drag, mostly to what it has: each frame
  /// carries the key only when the value differs from what the client holds.
  @Test func aValueSetOnEveryMoveSendsOnlyItsChanges() {
    let square = View()
    square.isAccessibilityElement = true
    square.accessibilityLabel = "Square"
    square.accessibilityValue = "Outside"
    let stage = Stage(square)
    let moves: [(String?, [String])] = [
      ("Outside", []), ("Inside", ["render 2 a11y-value=\"Inside\""]), ("Inside", []),
      (nil, ["render 2 a11y-value=none"]), (nil, []), ("Outside", ["render 2 a11y-value=\"Outside\""]),
    ]
    for (value, lines) in moves {
      square.accessibilityValue = value
      #expect(square.accessibilityValue == value)
      #expect(stage.diffLines() == lines, "after \(value ?? "nil")")
    }
    square.accessibilityLabel = "Square"
    #expect(stage.diffLines() == [], "the same label again")
    square.accessibilityLabel = "Box"
    #expect(stage.diffLines() == ["render 2 a11y-label=\"Box\""])
    #expect(square.accessibilityLabel == "Box" && square.accessibilityHint == nil)
  }

  @Test func aLabelWhoseTextChangesSendsOnlyItsText() {
    let label = Label()
    label.text = "Before"
    let stage = Stage(label)
    label.text = "After"
    #expect(stage.diffLines() == ["render 2 text=\"After\""])
    #expect(label.accessibilityLabel == "After")
  }

  @Test func anOverriddenLabelStaysWhenTheTextChangesAndGoesWhenReset() {
    let button = Button(type: .system)
    button.setTitle("✕", for: .normal)
    button.accessibilityLabel = "Close"
    let stage = Stage(button)
    #expect(stage.fullRenderLines().contains { $0.contains("a11y-label=\"Close\"") })
    button.setTitle("×", for: .normal)
    #expect(stage.diffLines() == ["render 2 text=\"×\""], "the label the app set still holds")
    button.accessibilityLabel = nil
    #expect(stage.diffLines() == ["render 2 a11y-label=none"], "back to the title")
    #expect(button.accessibilityLabel == "×")
  }

  @Test func aLabelChangedAloneSendsOnlyItAndTheDefaultRemovesIt() {
    let image = ImageView()
    image.accessibilityLabel = "Star"
    let button = Button(type: .system)
    button.setTitle("Login", for: .normal)
    button.accessibilityLabel = "Close"
    let stage = Stage(image, button)
    image.accessibilityLabel = "Heart"
    #expect(stage.diffLines() == ["render 2 a11y-label=\"Heart\""])
    image.accessibilityLabel = "Star"
    image.accessibilityLabel = "Heart"
    #expect(stage.diffLines() == [], "back to what the client holds")
    button.accessibilityLabel = "Login"
    #expect(stage.diffLines() == ["render 3 a11y-label=none"], "the title's own label again")
    button.accessibilityLabel = "Sign in"
    #expect(stage.diffLines() == ["render 3 a11y-label=\"Sign in\""])
    button.accessibilityLabel = nil
    #expect(stage.diffLines() == ["render 3 a11y-label=none"])
    #expect(stage.fullRenderLines().filter { $0.contains("a11y") } == ["render 2 a11y-label=\"Heart\""])
  }

  @Test(arguments: [
    "Label", "Button", "TextField", "TextView", "Switch", "Slider", "Stepper", "SegmentedControl",
    "ProgressView", "ImageView", "View", "MyView",
  ])
  func theLabelAloneIsTheDefaultsLabel(className: String) {
    let properties: [String: WireValue] = ["text": .string("Text"), "placeholder": .string("Hint")]
    let label = AccessibilityDefaults.label(className: className) { properties[$0] }
    #expect(label == AccessibilityDefaults(className: className) { properties[$0] }.label)
    #expect(AccessibilityDefaults.label(className: className) { _ in nil } == nil)
  }

  @Test(arguments: [
    "Label", "Button", "TextField", "TextView", "Switch", "Slider", "Stepper", "SegmentedControl",
    "ProgressView", "ImageView", "View", "MyView",
  ])
  func theValueAloneIsTheDefaultsValue(className: String) {
    let cases: [[String: WireValue]] = [
      [:],
      [
        "text": .string("Text"), "on": .bool(true), "value": .number(0.25), "segments": .string("A\nB"),
        "selected": .number(1), "progress": .number(0.5),
      ],
    ]
    for properties in cases {
      let value = AccessibilityDefaults.value(className: className) { properties[$0] }
      #expect(value == AccessibilityDefaults(className: className) { properties[$0] }.value)
    }
  }

  @Test func aLabelSetToTheDefaultSendsNothing() {
    let button = Button(type: .system)
    button.setTitle("Login", for: .normal)
    let stage = Stage(button)
    button.accessibilityLabel = "Login"
    #expect(stage.diffLines() == [])
  }

  @Test func aSelectedButtonSendsItsTraitsAndDisablingIsFollowed() {
    let button = Button(type: .system)
    button.setTitle("Bold", for: .normal)
    let stage = Stage(button)
    button.isSelected = true
    #expect(stage.diffLines() == ["render 2 a11y-traits=\"button selected\""])
    button.isEnabled = false
    #expect(stage.diffLines() == ["render 2 a11y-traits=\"button selected notEnabled\" enabled=false"])
    button.isSelected = false
    #expect(stage.diffLines() == ["render 2 a11y-traits=none"], "notEnabled follows from enabled")
  }

  @Test func traitsTheAppSetReplaceTheDefaults() {
    let label = Label()
    label.text = "Settings"
    label.accessibilityTraits = .header
    #expect(label.accessibilityTraits == .header)
    let stage = Stage(label)
    #expect(stage.fullRenderLines().last?.contains("a11y-traits=\"header\"") == true)
    label.accessibilityTraits = [.header, .staticText]
    #expect(stage.diffLines() == ["render 2 a11y-traits=\"header staticText\""])
  }

  @Test func hiddenElementsAndControlsTakenOut() {
    let decoration = View()
    decoration.accessibilityElementsHidden = true
    let toggle = Switch()
    toggle.isAccessibilityElement = false
    let stage = Stage(decoration, toggle)
    let lines = stage.fullRenderLines()
    #expect(lines.contains("render 2 a11y-hidden=true"))
    #expect(lines.contains("render 3 a11y=false on=false"))
  }

  @Test func anAlertIsModalSoTheScreenItDimsIsNotRead() {
    let screen = View()
    let alert = View()
    alert.accessibilityViewIsModal = true
    let stage = Stage(screen, alert)
    #expect(stage.fullRenderLines().contains("render 3 a11y-modal=true"))
    alert.accessibilityViewIsModal = false
    #expect(stage.diffLines() == ["render 3 a11y-modal=none"])
  }

  @Test func aSecureFieldNeverSendsItsTextAsAValue() {
    let field = TextField()
    field.isSecureTextEntry = true
    let stage = Stage(field)
    field.text = "hunter2"
    let lines = stage.diffLines()
    #expect(lines == ["render 2 text=\"•••••••\""])
    #expect(field.accessibilityValue == "•••••••")
  }

  /// An app's subclass of a kit control travels under its own name, which a client exposes as a
  /// plain view: the server sends what UIKit gives it, and keeps it current.
  @Test func anAppsSubclassOfALabelSendsItsDefaults() {
    let title = TitleLabel()
    title.text = "Welcome"
    let stage = Stage(title)
    #expect(
      stage.fullRenderLines().last?.hasPrefix(
        "render 2 a11y=true a11y-label=\"Welcome\" a11y-traits=\"staticText\"") == true)
    title.text = "Bye"
    #expect(stage.diffLines() == ["render 2 a11y-label=\"Bye\" text=\"Bye\""])
  }

  @Test func traitsWireTextIsInTheSpecsOrderAndIgnoresUnknownNames() {
    #expect(AccessibilityTraits([.notEnabled, .button, .selected]).wireText == "button selected notEnabled")
    #expect(AccessibilityTraits(wireText: "adjustable wiggly header") == [.header, .adjustable])
    #expect(AccessibilityTraits.none.wireText == "")
  }
}

final class TitleLabel: Label {}

extension SegmentedControl {
  fileprivate func selecting(_ index: Int) -> SegmentedControl {
    selectedSegmentIndex = index
    return self
  }
}
