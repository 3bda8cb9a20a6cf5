import Foundation
import Testing
import ViewWireKit

/// Touches a view does not handle go up the responder chain, as in UIKit: from the hit view to
/// its superviews, the controller whose root view it passes, and on to the window.
struct ResponderChainTests {
  /// Records the touches it hears, by phase and the view the touch hit.
  final class Recorder {
    var log: [String] = []
    func note(_ who: String, _ phase: String, _ touch: Touch) {
      log.append("\(who) \(phase) \(touch.view?.accessibilityIdentifier ?? "?")")
    }
  }

  /// A controller that handles touches itself, as seed code overrides `touchesBegan` on a
  /// `UIViewController`.
  final class TouchController: ViewController {
    let recorder: Recorder
    let plain = View(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
    init(recorder: Recorder) {
      self.recorder = recorder
      super.init(nibName: nil, bundle: nil)
    }
    override func loadView() {
      view = View()
      view.accessibilityIdentifier = "root"
      plain.accessibilityIdentifier = "plain"
      view.addSubview(plain)
    }
    override func touchesBegan(_ touch: Touch) { recorder.note("controller", "began", touch) }
    override func touchesMoved(_ touch: Touch) { recorder.note("controller", "moved", touch) }
    override func touchesEnded(_ touch: Touch) { recorder.note("controller", "ended", touch) }
    override func touchesCancelled(_ touch: Touch) { recorder.note("controller", "cancelled", touch) }
  }

  /// A view that handles `touchesBegan` and, when told, passes it on with super.
  final class HandlingView: View {
    let recorder: Recorder
    let passesOn: Bool
    required init() { fatalError("made only with init(recorder:passesOn:)") }

    init(recorder: Recorder, passesOn: Bool) {
      self.recorder = recorder
      self.passesOn = passesOn
      super.init(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
      accessibilityIdentifier = "handler"
    }
    override func touchesBegan(_ touch: Touch) {
      recorder.note("view", "began", touch)
      if passesOn { super.touchesBegan(touch) }
    }
  }

  final class Stage {
    let recorder = Recorder()
    let window = Window(size: CGSize(width: 300, height: 300))
    let controller: TouchController
    init() {
      controller = TouchController(recorder: recorder)
      window.rootViewController = controller
      window.prepareFrame()
    }
  }

  @Test func aControllerHearsTouchesOnAPlainSubviewOfItsView() throws {
    let stage = Stage()
    try stage.window.touchDown(at: CGPoint(x: 20, y: 20))
    try stage.window.touchMove(to: CGPoint(x: 30, y: 20))
    try stage.window.touchUp(at: CGPoint(x: 30, y: 20))
    try stage.window.tap(at: CGPoint(x: 200, y: 200))
    #expect(
      stage.recorder.log == [
        "controller began plain", "controller moved plain", "controller ended plain", "controller began root",
        "controller ended root",
      ])
  }

  @Test func theChainRunsFromTheHitViewThroughItsControllersToTheWindow() throws {
    let stage = Stage()
    stage.window.accessibilityIdentifier = "window"
    let child = TouchController(recorder: stage.recorder)
    stage.controller.addChild(child)
    stage.controller.plain.addSubview(child.view)
    child.didMove(toParent: stage.controller)
    child.view.accessibilityIdentifier = "child root"
    child.plain.accessibilityIdentifier = "child plain"
    var chain: [String] = []
    var responder: Responder? = child.plain
    while let current = responder {
      if let view = current as? View {
        chain.append(view.accessibilityIdentifier ?? "?")
      } else {
        chain.append(
          current === child ? "child controller" : current === stage.controller ? "controller" : "?")
      }
      responder = current.next
    }
    #expect(
      chain == ["child plain", "child root", "child controller", "plain", "root", "controller", "window"])
  }

  struct PassCase: CustomTestStringConvertible, Sendable {
    let name: String
    let passesOn: Bool
    let log: [String]
    var testDescription: String { name }
  }

  @Test(arguments: [
    PassCase(name: "a view that handles the touch keeps it", passesOn: false, log: ["view began handler"]),
    PassCase(
      name: "a view that calls super passes it on", passesOn: true,
      log: ["view began handler", "controller began handler"]),
  ])
  func anOverrideDecidesWhetherTheTouchGoesOn(_ testCase: PassCase) throws {
    let stage = Stage()
    let handler = HandlingView(recorder: stage.recorder, passesOn: testCase.passesOn)
    stage.controller.plain.addSubview(handler)
    try stage.window.touchDown(at: CGPoint(x: 15, y: 15))
    #expect(stage.recorder.log == testCase.log)
  }

  @Test func aRecognizerThatTakesTheTouchCancelsItAlongTheChain() throws {
    let stage = Stage()
    stage.controller.plain.addGestureRecognizer(PanGestureRecognizer())
    try stage.window.touchDown(at: CGPoint(x: 20, y: 20))
    try stage.window.touchMove(to: CGPoint(x: 30, y: 20))
    try stage.window.touchUp(at: CGPoint(x: 30, y: 20))
    #expect(stage.recorder.log == ["controller began plain", "controller cancelled plain"])
  }

  @Test func aControlKeepsItsTouches() throws {
    let stage = Stage()
    let button = Button(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    button.accessibilityIdentifier = "button"
    var taps = 0
    button.addAction(Action { _ in taps += 1 }, for: .touchUpInside)
    stage.controller.plain.addSubview(button)
    try stage.window.tap(at: CGPoint(x: 15, y: 15))
    #expect(taps == 1)
    #expect(stage.recorder.log.isEmpty, "a control handles its touches, as UIControl does")
  }
}
