import Foundation
import Testing
import ViewWireKit

/// Input behaves as UIKit's does: hit testing, control events, gesture recognizers and their
/// failure requirements, focus and keys, and keyboard notifications.
struct InputTests {
  /// A window with one 100×100 view at (50, 50) holding a 40×40 child at (10, 10).
  final class Scene {
    let window = Window(size: CGSize(width: 300, height: 300))
    let parent = View(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
    let child = View(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
    init() {
      window.addSubview(parent)
      parent.addSubview(child)
    }
  }

  // MARK: Hit testing

  struct HitCase: CustomTestStringConvertible, Sendable {
    let name: String
    let point: CGPoint
    let change: @Sendable (Scene) -> Void
    let expected: String
    var testDescription: String { name }
  }

  static let hitCases: [HitCase] = [
    HitCase(name: "the child", point: CGPoint(x: 70, y: 70), change: { _ in }, expected: "child"),
    HitCase(
      name: "the parent around it", point: CGPoint(x: 140, y: 140), change: { _ in }, expected: "parent"),
    HitCase(name: "outside both", point: CGPoint(x: 10, y: 10), change: { _ in }, expected: "window"),
    HitCase(
      name: "a hidden child", point: CGPoint(x: 70, y: 70), change: { $0.child.isHidden = true },
      expected: "parent"),
    HitCase(
      name: "a nearly transparent child", point: CGPoint(x: 70, y: 70), change: { $0.child.alpha = 0.005 },
      expected: "parent"),
    HitCase(
      name: "a child with alpha 0.01", point: CGPoint(x: 70, y: 70), change: { $0.child.alpha = 0.01 },
      expected: "child"),
    HitCase(
      name: "a non-interactive child", point: CGPoint(x: 70, y: 70),
      change: { $0.child.isUserInteractionEnabled = false }, expected: "parent"),
    HitCase(
      name: "a non-interactive parent takes its subtree", point: CGPoint(x: 70, y: 70),
      change: { $0.parent.isUserInteractionEnabled = false }, expected: "window"),
    HitCase(
      name: "a child sticking out of its parent, where it sticks out", point: CGPoint(x: 160, y: 160),
      change: { $0.child.frame = CGRect(x: 80, y: 80, width: 40, height: 40) }, expected: "window"),
    HitCase(
      name: "the later of two overlapping siblings", point: CGPoint(x: 70, y: 70),
      change: { scene in
        let cover = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        cover.accessibilityIdentifier = "cover"
        scene.parent.addSubview(cover)
      }, expected: "cover"),
  ]

  @Test(arguments: hitCases)
  func hitTesting(_ testCase: HitCase) {
    let scene = Scene()
    scene.child.accessibilityIdentifier = "child"
    scene.parent.accessibilityIdentifier = "parent"
    scene.window.accessibilityIdentifier = "window"
    testCase.change(scene)
    #expect(scene.window.hitTest(testCase.point)?.accessibilityIdentifier == testCase.expected)
  }

  // MARK: Controls

  final class EventLog {
    var events: [String] = []
    func record(_ control: Control, _ names: [(Control.Event, String)]) {
      for (event, name) in names {
        control.addAction(Action { [unowned self] _ in self.events.append(name) }, for: event)
      }
    }
  }

  static let buttonEvents: [(Control.Event, String)] = [
    (.touchDown, "down"), (.touchUpInside, "upInside"), (.touchUpOutside, "upOutside"),
    (.touchDragExit, "exit"), (.touchDragEnter, "enter"), (.touchCancel, "cancel"),
    (.primaryActionTriggered, "primary"),
  ]

  @Test(arguments: [
    // (where the finger goes after (60, 60), the events the button sends)
    ([CGPoint](), ["down", "upInside", "primary"]),
    ([CGPoint(x: 90, y: 60)], ["down", "upInside", "primary"]),
    // 70 points of slop around the button count as inside, as in UIKit.
    ([CGPoint(x: 150, y: 60)], ["down", "upInside", "primary"]),
    // The slop's far edge: the button ends at 90, its slop 70 points further, not included.
    ([CGPoint(x: 159.5, y: 60)], ["down", "upInside", "primary"]),
    ([CGPoint(x: 160, y: 60)], ["down", "exit", "upOutside"]),
    // Its near edge is included: 70 points before the button's start at 50.
    ([CGPoint(x: 60, y: -20)], ["down", "upInside", "primary"]),
    ([CGPoint(x: 60, y: -20.5)], ["down", "exit", "upOutside"]),
    ([CGPoint(x: 250, y: 60)], ["down", "exit", "upOutside"]),
    ([CGPoint(x: 250, y: 60), CGPoint(x: 60, y: 60)], ["down", "exit", "enter", "upInside", "primary"]),
  ])
  func buttonEventsFollowTheFinger(_ path: [CGPoint], _ expected: [String]) throws {
    let window = Window(size: CGSize(width: 300, height: 300))
    let button = Button(frame: CGRect(x: 50, y: 50, width: 40, height: 40))
    window.addSubview(button)
    let log = EventLog()
    log.record(button, Self.buttonEvents)
    try window.touchDown(at: CGPoint(x: 60, y: 60))
    #expect(button.isHighlighted)
    for point in path { try window.touchMove(to: point) }
    try window.touchUp(at: path.last ?? CGPoint(x: 60, y: 60))
    #expect(log.events == expected)
    #expect(!button.isHighlighted)
  }

  @Test func aDisabledButtonSendsNothing() throws {
    let window = Window(size: CGSize(width: 300, height: 300))
    let button = Button(frame: CGRect(x: 50, y: 50, width: 40, height: 40))
    window.addSubview(button)
    let log = EventLog()
    log.record(button, Self.buttonEvents)
    button.isEnabled = false
    try window.tap(at: CGPoint(x: 60, y: 60))
    #expect(log.events.isEmpty)
  }

  @Test func targetActionReachesTheControllerWithTheSender() throws {
    final class Controller {
      var taps: [String] = []
      func buttonTapped(_ sender: Button) { taps.append(sender.title(for: .normal) ?? "") }
    }
    let window = Window(size: CGSize(width: 300, height: 300))
    let button = Button(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
    button.setTitle("Go", for: .normal)
    window.addSubview(button)
    let controller = Controller()
    button.addTarget(controller, action: Controller.buttonTapped, for: .touchUpInside)
    try window.tap(at: CGPoint(x: 50, y: 20))
    try window.tap(at: CGPoint(x: 50, y: 20))
    #expect(controller.taps == ["Go", "Go"])
  }

  // MARK: Gesture recognizers

  @Test func aPanReportsTranslationAndVelocityAndTakesTheTouchFromAButton() throws {
    let scheduler = ManualScheduler()
    let window = Window(size: CGSize(width: 300, height: 300))
    window.scheduler = scheduler
    let button = Button(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    window.addSubview(button)
    let log = EventLog()
    log.record(button, Self.buttonEvents)
    let pan = PanGestureRecognizer()
    var seen: [String] = []
    pan.addAction { recognizer in
      let pan = recognizer as! PanGestureRecognizer
      let t = pan.translation(in: nil)
      let v = pan.velocity(in: nil)
      seen.append("\(recognizer.state) t=\(Int(t.x)),\(Int(t.y)) v=\(Int(v.x)),\(Int(v.y))")
    }
    button.addGestureRecognizer(pan)
    try window.touchDown(at: CGPoint(x: 100, y: 100), timestamp: 0)
    try window.touchMove(to: CGPoint(x: 110, y: 100), timestamp: 0.1)
    try window.touchMove(to: CGPoint(x: 130, y: 80), timestamp: 0.2)
    try window.touchUp(at: CGPoint(x: 130, y: 80), timestamp: 0.3)
    #expect(
      seen == [
        "began t=10,0 v=100,0", "changed t=30,-20 v=200,-200", "ended t=30,-20 v=200,-200",
      ])
    #expect(log.events == ["down", "cancel"], "the pan took the touch: the button did not fire")
  }

  struct SwipeCase: Sendable {
    let end: CGPoint
    let direction: SwipeGestureRecognizer.Direction
    let recognized: Bool
  }

  /// Strokes from (150, 150): where they end, the directions allowed, whether they count.
  static let swipeCases = [
    SwipeCase(end: CGPoint(x: 220, y: 150), direction: .right, recognized: true),
    SwipeCase(end: CGPoint(x: 80, y: 150), direction: .right, recognized: false),
    SwipeCase(end: CGPoint(x: 80, y: 150), direction: .left, recognized: true),
    SwipeCase(end: CGPoint(x: 150, y: 60), direction: [.up, .down], recognized: true),
    SwipeCase(end: CGPoint(x: 170, y: 150), direction: .right, recognized: false),  // too short
  ]

  @Test(arguments: swipeCases)
  func swipes(_ testCase: SwipeCase) throws {
    let window = Window(size: CGSize(width: 300, height: 300))
    let swipe = SwipeGestureRecognizer()
    swipe.direction = testCase.direction
    var fired = false
    swipe.addAction { _ in fired = true }
    window.addGestureRecognizer(swipe)
    try window.touchDown(at: CGPoint(x: 150, y: 150))
    try window.touchMove(to: testCase.end)
    try window.touchUp(at: testCase.end)
    #expect(fired == testCase.recognized)
  }

  @Test func aLongPressBeginsAfterItsDurationOnTheClock() throws {
    let scheduler = ManualScheduler()
    let window = Window(size: CGSize(width: 300, height: 300))
    window.scheduler = scheduler
    let press = LongPressGestureRecognizer()
    var states: [GestureRecognizer.State] = []
    press.addAction { states.append($0.state) }
    window.addGestureRecognizer(press)
    try window.touchDown(at: CGPoint(x: 10, y: 10))
    scheduler.advance(by: 0.4)
    #expect(states.isEmpty)
    scheduler.advance(by: 0.2)
    #expect(states == [.began])
    try window.touchMove(to: CGPoint(x: 40, y: 10))
    try window.touchUp(at: CGPoint(x: 40, y: 10))
    #expect(states == [.began, .changed, .ended])
    // Moving too far before the duration fails it.
    states = []
    try window.touchDown(at: CGPoint(x: 10, y: 10))
    try window.touchMove(to: CGPoint(x: 60, y: 10))
    scheduler.advance(by: 1)
    try window.touchUp(at: CGPoint(x: 60, y: 10))
    #expect(states.isEmpty)
  }

  /// A single tap that requires a double tap to fail: UIKit's classic pairing.
  final class TapPair {
    let scheduler = ManualScheduler()
    let window = Window(size: CGSize(width: 300, height: 300))
    let single = TapGestureRecognizer()
    let double = TapGestureRecognizer()
    var log: [String] = []
    init(withClock: Bool) {
      if withClock { window.scheduler = scheduler }
      double.numberOfTapsRequired = 2
      single.require(toFail: double)
      single.addAction { [unowned self] _ in self.log.append("single") }
      double.addAction { [unowned self] _ in self.log.append("double") }
      window.addGestureRecognizer(single)
      window.addGestureRecognizer(double)
    }
  }

  @Test func aDoubleTapFiresOnlyTheDoubleTapRecognizer() throws {
    let pair = TapPair(withClock: true)
    try pair.window.tap(at: CGPoint(x: 10, y: 10), count: 2)
    #expect(pair.log == ["double"])
    pair.scheduler.advance(by: 1)
    #expect(pair.log == ["double"], "the single tap failed and stays failed")
  }

  @Test func aSingleTapWaitsUntilTheDoubleTapGivesUp() throws {
    let pair = TapPair(withClock: true)
    try pair.window.tap(at: CGPoint(x: 10, y: 10))
    #expect(pair.log.isEmpty, "a second tap may still come")
    pair.scheduler.advance(by: TapGestureRecognizer.maximumTapInterval + 0.01)
    #expect(pair.log == ["single"])
    try pair.window.tap(at: CGPoint(x: 10, y: 10))
    pair.scheduler.advance(by: 1)
    #expect(pair.log == ["single", "single"])
  }

  @Test func withoutAClockASingleTapFiresWhenItsTouchEnds() throws {
    let pair = TapPair(withClock: false)
    try pair.window.tap(at: CGPoint(x: 10, y: 10))
    #expect(pair.log == ["single"])
  }

  @Test func aRecognizerWhoseDelegateSaysNoFails() throws {
    final class Refuser: GestureRecognizerDelegate {
      func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { false }
    }
    let window = Window(size: CGSize(width: 300, height: 300))
    let tap = TapGestureRecognizer()
    let refuser = Refuser()
    tap.delegate = refuser
    var fired = false
    tap.addAction { _ in fired = true }
    window.addGestureRecognizer(tap)
    try window.tap(at: CGPoint(x: 10, y: 10))
    #expect(!fired)
  }

  // MARK: Focus, keys and text

  final class FieldLog: TextFieldDelegate {
    var calls: [String] = []
    var allowsChange = true
    var allowsReturn = true
    func textFieldDidBeginEditing(_ textField: TextField) { calls.append("begin \(textField.tag)") }
    func textFieldDidEndEditing(_ textField: TextField) { calls.append("end \(textField.tag)") }
    func textField(
      _ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
    ) -> Bool {
      calls.append("change \(range.location),\(range.length) \"\(string)\"")
      return allowsChange
    }
    func textFieldShouldReturn(_ textField: TextField) -> Bool {
      calls.append("return \(textField.tag)")
      return allowsReturn
    }
  }

  final class Form {
    let window = Window(size: CGSize(width: 300, height: 600))
    let fields = (1...3).map { TextField(frame: CGRect(x: 0, y: $0 * 50, width: 200, height: 30)) }
    let log = FieldLog()
    init() {
      for field in fields {
        field.tag = field.frame.minY == 50 ? 1 : field.frame.minY == 100 ? 2 : 3
        field.delegate = log
        window.addSubview(field)
      }
    }
  }

  @Test func tappingAFieldFocusesItAndTabCyclesThroughTheFields() throws {
    let form = Form()
    try form.window.tap(at: CGPoint(x: 10, y: 60))
    #expect(form.window.focusedTextField === form.fields[0])
    try form.window.press(.tab)
    try form.window.press(.tab)
    try form.window.press(.tab)
    #expect(form.window.focusedTextField === form.fields[0])
    #expect(form.log.calls == ["begin 1", "end 1", "begin 2", "end 2", "begin 3", "end 3", "begin 1"])
  }

  @Test func typingAsksTheDelegateAndSecureTextIsMaskedOnTheWire() throws {
    let form = Form()
    let field = form.fields[0]
    field.isSecureTextEntry = true
    field.becomeFirstResponder()
    try form.window.insertText("ab")
    try form.window.press(.backspace)
    try form.window.insertText("cé")
    #expect(field.text == "acé")
    #expect(field.renderProperties["text"] == .string("•••"))
    form.log.allowsChange = false
    try form.window.insertText("zzz")
    #expect(field.text == "acé")
    #expect(
      form.log.calls == [
        "begin 1", "change 0,0 \"ab\"", "change 1,1 \"\"", "change 1,0 \"cé\"", "change 3,0 \"zzz\"",
      ])
  }

  @Test func returnAsksTheDelegateAndEndsEditingOnlyIfItAgrees() throws {
    let form = Form()
    form.fields[1].becomeFirstResponder()
    form.log.allowsReturn = false
    try form.window.press(.return)
    #expect(form.window.focusedTextField === form.fields[1])
    form.log.allowsReturn = true
    try form.window.press(.return)
    #expect(form.window.focusedTextField == nil)
    #expect(form.log.calls == ["begin 2", "return 2", "return 2", "end 2"])
  }

  @Test(arguments: [
    // (what the client does with no focused field, the error)
    ("text", InputError.noFocus), ("key", .noFocus), ("move", .notInDrag), ("up", .notInDrag),
    ("down outside", .outsideWindow),
  ])
  func inputWithNothingToReceiveItIsRefused(_ action: String, _ error: InputError) {
    let window = Window(size: CGSize(width: 100, height: 100))
    #expect(throws: error) {
      switch action {
      case "text": try window.insertText("a")
      case "key": try window.press(.return)
      case "move": try window.touchMove(to: .zero)
      case "up": try window.touchUp(at: .zero)
      default: try window.touchDown(at: CGPoint(x: 500, y: 5))
      }
    }
  }

  // MARK: Keyboard notifications

  final class KeyboardObserver: @unchecked Sendable {
    var events: [String] = []
    private var tokens: [any NSObjectProtocol] = []
    init(_ center: NotificationCenter) {
      let names: [(Notification.Name, String)] = [
        (Responder.keyboardWillShowNotification, "willShow"),
        (Responder.keyboardDidShowNotification, "didShow"),
        (Responder.keyboardWillHideNotification, "willHide"),
        (Responder.keyboardDidHideNotification, "didHide"),
      ]
      for (name, label) in names {
        tokens.append(
          center.addObserver(forName: name, object: nil, queue: nil) { [unowned self] note in
            let end = note.userInfo?[Responder.keyboardFrameEndUserInfoKey] as? CGRect
            self.events.append("\(label) \(end.map { "\(Int($0.minY)) \(Int($0.height))" } ?? "-")")
          })
      }
    }
  }

  @Test func theKeyboardShowsWithTheFirstFieldAndHidesWithTheLast() throws {
    let form = Form()
    let observer = KeyboardObserver(form.window.notificationCenter)
    try form.window.tap(at: CGPoint(x: 10, y: 60))
    try form.window.press(.tab)  // focus moves; the keyboard stays, and shows again as in UIKit
    #expect(form.window.keyboardFrame == CGRect(x: 0, y: 300, width: 300, height: 300))
    try form.window.press(.escape)
    #expect(
      observer.events == [
        "willShow 300 300", "didShow 300 300", "willShow 300 300", "didShow 300 300", "willHide 600 300",
        "didHide 600 300",
      ])
    #expect(form.window.keyboardFrame == nil)
  }

  @Test func aClientWithoutAnOnScreenKeyboardHearsNothing() throws {
    let window = Window(
      size: CGSize(width: 300, height: 300),
      traits: TraitCollection(userInterfaceIdiom: .terminal, keyboardHeight: 0))
    let field = TextField(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
    window.addSubview(field)
    let observer = KeyboardObserver(window.notificationCenter)
    field.becomeFirstResponder()
    field.resignFirstResponder()
    #expect(observer.events.isEmpty)
  }

  @Test func eachWindowHasItsOwnNotificationCentre() throws {
    let first = Form()
    let second = Form()
    let observer = KeyboardObserver(second.window.notificationCenter)
    first.fields[0].becomeFirstResponder()
    #expect(observer.events.isEmpty, "one session's keyboard is not another's")
  }
}
