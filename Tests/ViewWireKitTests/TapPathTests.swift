import Foundation
import Testing
import ViewWireProtocol

@testable import ViewWireKit

/// The shortcuts a tap's kit side takes (issue 14, stop 16): a touch object reused only when no
/// one holds it, a delivery without copies, target-action that looks before it copies, the
/// accessibility label and value changed in place. Each must behave as the longer way did.
struct TapPathTests {
  /// A view that records the touches it is given, and keeps them when asked to.
  final class Recorder: View {
    var seen: [(phase: Touch.Phase, tapCount: Int, location: CGPoint, previous: CGPoint)] = []
    var kept: [Touch] = []
    var keeps = false
    private func note(_ touch: Touch) {
      seen.append((touch.phase, touch.tapCount, touch.location(in: nil), touch.previousLocation(in: nil)))
      #expect(touch.view === self)
      if keeps { kept.append(touch) }
    }
    override func touchesBegan(_ touch: Touch) { note(touch) }
    override func touchesMoved(_ touch: Touch) { note(touch) }
    override func touchesEnded(_ touch: Touch) { note(touch) }
  }

  // MARK: Touch objects

  @Test func eachSequenceStartsAsANewTouchWhetherOrNotTheObjectIsReused() throws {
    let window = Window(size: CGSize(width: 300, height: 300))
    let first = Recorder(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let second = Recorder(frame: CGRect(x: 100, y: 0, width: 100, height: 100))
    window.addSubview(first)
    window.addSubview(second)
    try window.touchDown(at: CGPoint(x: 10, y: 10), tapCount: 2, timestamp: 1)
    try window.touchMove(to: CGPoint(x: 20, y: 30), timestamp: 2)
    try window.touchUp(at: CGPoint(x: 25, y: 35), timestamp: 3)
    // A new sequence on another view: the view, the tap count, both locations and the phase
    // are the new touch's, not what the last one ended with.
    try window.touchDown(at: CGPoint(x: 150, y: 50), tapCount: 1, timestamp: 4)
    try window.touchUp(at: CGPoint(x: 150, y: 50), timestamp: 5)
    #expect(first.seen.map(\.phase) == [.began, .moved, .ended])
    #expect(first.seen.map(\.tapCount) == [2, 2, 2])
    #expect(first.seen.last?.previous == CGPoint(x: 20, y: 30))
    #expect(second.seen.map(\.phase) == [.began, .ended])
    #expect(second.seen.map(\.tapCount) == [1, 1])
    #expect(second.seen.first?.location == CGPoint(x: 150, y: 50))
    #expect(second.seen.first?.previous == CGPoint(x: 150, y: 50))
    #expect(!window.isTouching)
  }

  @Test func aTouchAnAppKeepsIsNeverReusedAndKeepsWhatItEndedWith() throws {
    let window = Window(size: CGSize(width: 300, height: 300))
    let view = Recorder(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    window.addSubview(view)
    view.keeps = true
    try window.tap(at: CGPoint(x: 10, y: 10))
    view.keeps = false
    let kept = try #require(view.kept.first)
    try window.touchDown(at: CGPoint(x: 60, y: 70), tapCount: 3)
    try window.touchUp(at: CGPoint(x: 60, y: 70))
    #expect(kept.phase == .ended)
    #expect(kept.tapCount == 1)
    #expect(kept.location(in: nil) == CGPoint(x: 10, y: 10))
    #expect(view.seen.last?.tapCount == 3)
    #expect(view.seen.last?.location == CGPoint(x: 60, y: 70))
  }

  @Test func aReusedTouchNamesTheViewHitAndLosesAViewThatWent() throws {
    let window = Window(size: CGSize(width: 300, height: 300))
    let view = Recorder(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    window.addSubview(view)
    try window.tap(at: CGPoint(x: 10, y: 10))
    view.removeFromSuperview()
    // Nothing under the point now but the window.
    #expect(try window.touchDown(at: CGPoint(x: 10, y: 10)) === window)
    try window.touchUp(at: CGPoint(x: 10, y: 10))
    #expect(view.seen.count == 2)
  }

  // MARK: Target-action

  final class Target {
    var log: [String] = []
    func switched(_ sender: Switch) { log.append("switch \(sender.isOn)") }
    func anyControl(_ sender: Control) { log.append("control \(type(of: sender))") }
    func asButton(_ sender: Button) { log.append("button") }
    func plain() { log.append("plain") }
  }

  @Test func actionsReachTheirTargetsWithTheSenderAsDeclared() throws {
    let window = Window(size: CGSize(width: 300, height: 300))
    let toggle = Switch(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
    window.addSubview(toggle)
    let target = Target()
    toggle.addTarget(target, action: Target.switched, for: .valueChanged)
    toggle.addTarget(target, action: Target.anyControl, for: .valueChanged)
    // Declared for a class the switch is not: the action is not called, as before.
    toggle.addTarget(target, action: Target.asButton, for: .valueChanged)
    toggle.addTarget(target, action: Target.plain, for: .touchUpInside)
    try window.tap(at: CGPoint(x: 20, y: 20))
    try window.tap(at: CGPoint(x: 20, y: 20))
    #expect(
      target.log == [
        "switch true", "control Switch", "plain", "switch false", "control Switch", "plain",
      ])
  }

  @Test func aTargetIsNotRetainedAndItsRegistrationGoesWithIt() throws {
    let window = Window(size: CGSize(width: 300, height: 300))
    let toggle = Switch(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
    window.addSubview(toggle)
    weak var gone: Target?
    do {
      let target = Target()
      gone = target
      toggle.addTarget(target, action: Target.switched, for: .valueChanged)
      toggle.addTarget(target, action: Target.plain, for: .touchUpInside)
    }
    #expect(gone == nil)
    #expect(toggle.actionCount == 2)
    try window.tap(at: CGPoint(x: 20, y: 20))
    #expect(toggle.isOn)
    #expect(toggle.actionCount == 0)
  }

  @Test func anActionMayRemoveItsOwnTargetWhileActionsAreSent() throws {
    final class Remover {
      var calls = 0
      func fired(_ sender: Switch) {
        calls += 1
        sender.removeTarget(self, for: .allEvents)
      }
    }
    let window = Window(size: CGSize(width: 300, height: 300))
    let toggle = Switch(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
    window.addSubview(toggle)
    let remover = Remover()
    let other = Target()
    toggle.addTarget(remover, action: Remover.fired, for: .valueChanged)
    toggle.addTarget(other, action: Target.switched, for: .valueChanged)
    try window.tap(at: CGPoint(x: 20, y: 20))
    try window.tap(at: CGPoint(x: 20, y: 20))
    #expect(remover.calls == 1)
    #expect(other.log == ["switch true", "switch false"])
  }

  /// A gone target is pruned from the list as the actions left it: here the first action
  /// removes its own target and adds another, so the gone one's position in the list the send
  /// began with now holds the new target (pruning by that position removed it instead).
  @Test func aGoneTargetIsPrunedFromTheListTheActionsLeft() throws {
    final class Rearranger {
      let late = Target()
      func fired(_ sender: Switch) {
        sender.removeTarget(self, for: .allEvents)
        sender.addTarget(late, action: Target.switched, for: .valueChanged)
      }
    }
    let window = Window(size: CGSize(width: 300, height: 300))
    let toggle = Switch(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
    window.addSubview(toggle)
    let rearranger = Rearranger()
    toggle.addTarget(rearranger, action: Rearranger.fired, for: .valueChanged)
    do {
      let gone = Target()
      toggle.addTarget(gone, action: Target.switched, for: .valueChanged)
    }
    try window.tap(at: CGPoint(x: 20, y: 20))
    #expect(toggle.actionCount == 1)
    #expect(rearranger.late.log.isEmpty)
    try window.tap(at: CGPoint(x: 20, y: 20))
    #expect(rearranger.late.log == ["switch false"])
  }

  /// Holds a target strongly until the target's own action lets it go.
  final class Owner {
    var held: SelfReleasing?
  }

  /// A target whose action drops the last strong reference to it, then uses its own state: the
  /// send must keep it alive until the action returns (the target is held by the control
  /// unretained, and `addTarget`, inlined into the caller, calls the method directly).
  final class SelfReleasing {
    weak var owner: Owner?
    var calls = 0
    let log: (String) -> Void
    init(owner: Owner, log: @escaping (String) -> Void) {
      self.owner = owner
      self.log = log
    }
    func switched(_ sender: Switch) {
      owner?.held = nil
      calls += 1
      log("switched \(calls)")
    }
    func panned(_ sender: PanGestureRecognizer) {
      owner?.held = nil
      calls += 1
      log("panned \(calls)")
    }
  }

  @Test func aTargetThatLetsGoOfItselfInItsActionLivesUntilTheActionReturns() throws {
    let window = Window(size: CGSize(width: 300, height: 300))
    let toggle = Switch(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
    window.addSubview(toggle)
    var log: [String] = []
    let owner = Owner()
    weak var gone: SelfReleasing?
    do {
      let target = SelfReleasing(owner: owner) { log.append($0) }
      owner.held = target
      gone = target
      toggle.addTarget(target, action: SelfReleasing.switched, for: .valueChanged)
    }
    // A closure action added after the pair still runs, after it.
    toggle.addAction(Action { _ in log.append("closure") }, for: .valueChanged)
    try window.tap(at: CGPoint(x: 20, y: 20))
    #expect(log == ["switched 1", "closure"])
    #expect(gone == nil)
    try window.tap(at: CGPoint(x: 20, y: 20))
    #expect(log == ["switched 1", "closure", "closure"])
    #expect(toggle.actionCount == 1)
  }

  @Test func aRecognizerTargetThatLetsGoOfItselfInItsActionLivesUntilTheActionReturns() throws {
    let window = Window(size: CGSize(width: 300, height: 300))
    window.scheduler = ManualScheduler()
    let view = View(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    window.addSubview(view)
    var log: [String] = []
    let owner = Owner()
    weak var gone: SelfReleasing?
    let pan: PanGestureRecognizer
    do {
      let target = SelfReleasing(owner: owner) { log.append($0) }
      owner.held = target
      gone = target
      pan = PanGestureRecognizer(target: target, action: SelfReleasing.panned)
    }
    pan.addAction { _ in log.append("closure") }
    view.addGestureRecognizer(pan)
    try window.touchDown(at: CGPoint(x: 50, y: 50), tapCount: 1, timestamp: 1)
    try window.touchMove(to: CGPoint(x: 50, y: 150), timestamp: 2)
    try window.touchMove(to: CGPoint(x: 50, y: 200), timestamp: 3)
    try window.touchUp(at: CGPoint(x: 50, y: 200), timestamp: 4)
    #expect(log.first == "panned 1")
    #expect(log.filter { $0 == "panned 1" }.count == 1)
    #expect(!log.contains("panned 2"))
    #expect(log.filter { $0 == "closure" }.count >= 2)
    #expect(gone == nil)
    #expect(pan.actionCount == 1)
  }

  // MARK: Accessibility set in place

  @Test func aLabelSetOverAndOverSendsWhatDiffersFromTheClientsDefault() {
    let image = ImageView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    image.accessibilityLabel = "Star"
    #expect(image.renderProperties["a11y-label"] == .string("Star"))
    image.accessibilityLabel = "Heart"
    #expect(image.renderProperties["a11y-label"] == .string("Heart"))
    image.accessibilityLabel = "Heart"
    #expect(image.renderProperties["a11y-label"] == .string("Heart"))
    image.accessibilityLabel = nil
    #expect(image.renderProperties["a11y-label"] == nil)
    #expect(image.accessibilityLabel == nil)

    let label = Label(frame: .zero)
    label.text = "Hello"
    label.accessibilityHint = "Reads it"
    label.accessibilityLabel = "Greeting"
    #expect(label.renderProperties["a11y-label"] == .string("Greeting"))
    // The same as the client's default (the text): nothing to send.
    label.accessibilityLabel = "Hello"
    #expect(label.renderProperties["a11y-label"] == nil)
    label.accessibilityLabel = "Bye"
    #expect(label.renderProperties["a11y-label"] == .string("Bye"))
    label.accessibilityLabel = nil
    #expect(label.renderProperties["a11y-label"] == nil)
    #expect(label.accessibilityLabel == "Hello")
  }

  @Test func aValueSetOverAndOverSendsWhatDiffersFromTheClientsDefault() {
    let slider = Slider(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
    slider.accessibilityValue = "half"
    #expect(slider.renderProperties["a11y-value"] == .string("half"))
    slider.accessibilityValue = "most"
    #expect(slider.renderProperties["a11y-value"] == .string("most"))
    let defaultValue = AccessibilityDefaults(slider, className: "Slider").value
    slider.accessibilityValue = defaultValue
    #expect(slider.renderProperties["a11y-value"] == nil)
    slider.accessibilityValue = nil
    #expect(slider.renderProperties["a11y-value"] == nil)

    let square = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    square.accessibilityValue = "at 0, 0"
    square.accessibilityValue = "at 5, 0"
    #expect(square.renderProperties["a11y-value"] == .string("at 5, 0"))
    #expect(square.accessibilityValue == "at 5, 0")
  }

  @Test(arguments: [
    "Label", "Button", "TextField", "TextView", "Switch", "Slider", "Stepper", "SegmentedControl",
    "ProgressView", "ImageView", "View", "Labels", "Buttom", "Switches", "MyLabel", "",
  ])
  func theDefaultsByNameAgreeWithTheWholeTable(_ className: String) {
    let properties: [String: WireValue] = [
      "text": .string("T"), "placeholder": .string("P"), "on": .bool(true), "value": .number(0.5),
      "min": .number(0), "max": .number(1), "progress": .number(0.25),
    ]
    let whole = AccessibilityDefaults(className: className) { properties[$0] }
    #expect(AccessibilityDefaults.label(className: className) { properties[$0] } == whole.label)
    #expect(AccessibilityDefaults.value(className: className) { properties[$0] } == whole.value)
  }
}
