import Foundation
import Testing
import ViewWireKit

/// Gesture recognizers share a touch as UIKit's do: the first to recognize wins unless a
/// delegate allows both, and every state a recognizer ends in (`ended`, `cancelled`, `failed`)
/// is reached the way UIKit reaches it.
struct GestureRecognizerTests {
  /// A window whose whole area is one view, with a clock, logging the actions of the
  /// recognizers it is given as `NAME STATE`.
  final class Stage {
    let scheduler = ManualScheduler()
    let window = Window(size: CGSize(width: 300, height: 300))
    let view = View(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    var log: [String] = []

    init() {
      window.scheduler = scheduler
      window.addSubview(view)
    }

    func add(_ recognizer: GestureRecognizer, as name: String) {
      recognizer.addAction { [unowned self] in self.log.append("\(name) \($0.state)") }
      view.addGestureRecognizer(recognizer)
    }
  }

  /// Allows or refuses what the exclusion cases need.
  final class Permissions: GestureRecognizerDelegate {
    let simultaneous: Bool
    let begins: Bool
    init(simultaneous: Bool = false, begins: Bool = true) {
      self.simultaneous = simultaneous
      self.begins = begins
    }
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { begins }
    func gestureRecognizer(
      _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { simultaneous }
  }

  /// What the finger does, from a touch-down at (100, 100).
  enum Step: Sendable {
    case move(CGFloat, CGFloat)
    case wait(TimeInterval)
    case up
  }

  struct PairCase: CustomTestStringConvertible, Sendable {
    let name: String
    /// Builds the recognizers on the stage, in the order they are added.
    let setUp: @Sendable (Stage) -> [AnyObject]
    let steps: [Step]
    let log: [String]
    var testDescription: String { name }
  }

  /// Adds a tap, then a pan, to the stage's view, with delegates as asked; returns what must
  /// stay alive (a recognizer holds its delegate weakly).
  static func addTapAndPan(
    to stage: Stage, tapSimultaneous: Bool = false, panSimultaneous: Bool = false, panBegins: Bool = true
  ) -> [AnyObject] {
    let tap = TapGestureRecognizer()
    let pan = PanGestureRecognizer()
    let tapDelegate = Permissions(simultaneous: tapSimultaneous)
    let panDelegate = Permissions(simultaneous: panSimultaneous, begins: panBegins)
    tap.delegate = tapDelegate
    pan.delegate = panDelegate
    stage.add(tap, as: "tap")
    stage.add(pan, as: "pan")
    return [tap, pan, tapDelegate, panDelegate]
  }

  static let pairCases: [PairCase] = [
    // Regression: both recognized, "pan began, tap ended, pan ended".
    PairCase(
      name: "a tap and a pan, moved 4 points: the pan began first, the tap fails",
      setUp: { addTapAndPan(to: $0) }, steps: [.move(104, 100), .up], log: ["pan began", "pan ended"]),
    PairCase(
      name: "a tap and a pan, no move: the pan fails, the tap recognizes", setUp: { addTapAndPan(to: $0) },
      steps: [.up], log: ["tap ended"]),
    PairCase(
      name: "the tap's delegate allows both", setUp: { addTapAndPan(to: $0, tapSimultaneous: true) },
      steps: [.move(104, 100), .up], log: ["pan began", "tap ended", "pan ended"]),
    PairCase(
      name: "the pan's delegate allows both", setUp: { addTapAndPan(to: $0, panSimultaneous: true) },
      steps: [.move(104, 100), .up], log: ["pan began", "tap ended", "pan ended"]),
    PairCase(
      name: "the pan may not begin: the tap recognizes", setUp: { addTapAndPan(to: $0, panBegins: false) },
      steps: [.move(104, 100), .up], log: ["tap ended"]),
    PairCase(
      name: "a long press that began keeps the touch from a pan",
      setUp: { stage in
        let press = LongPressGestureRecognizer()
        let pan = PanGestureRecognizer()
        stage.add(press, as: "press")
        stage.add(pan, as: "pan")
        return [press, pan]
      }, steps: [.wait(0.6), .move(120, 100), .up], log: ["press began", "press changed", "press ended"]),
    PairCase(
      name: "a pan that began before the press duration makes the long press fail",
      setUp: { stage in
        let press = LongPressGestureRecognizer()
        let pan = PanGestureRecognizer()
        stage.add(press, as: "press")
        stage.add(pan, as: "pan")
        return [press, pan]
      }, steps: [.move(105, 100), .wait(0.6), .up], log: ["pan began", "pan ended"]),
    PairCase(
      name: "a pan on a superview fails when the subview's pan began first",
      setUp: { stage in
        let outer = PanGestureRecognizer()
        let inner = PanGestureRecognizer()
        stage.window.addGestureRecognizer(outer)
        outer.addAction { [unowned stage] in stage.log.append("outer \($0.state)") }
        stage.add(inner, as: "inner")
        return [outer, inner]
      }, steps: [.move(110, 100), .move(120, 100), .up], log: ["inner began", "inner changed", "inner ended"]),
  ]

  @Test(arguments: pairCases)
  func onlyOneRecognizerTakesATouchByDefault(_ testCase: PairCase) throws {
    let stage = Stage()
    let recognizers = testCase.setUp(stage)
    try run(testCase.steps, on: stage)
    #expect(stage.log == testCase.log)
    withExtendedLifetime(recognizers) {}
  }

  func run(_ steps: [Step], on stage: Stage) throws {
    var point = CGPoint(x: 100, y: 100)
    try stage.window.touchDown(at: point)
    for step in steps {
      switch step {
      case .move(let x, let y):
        point = CGPoint(x: x, y: y)
        try stage.window.touchMove(to: point)
      case .wait(let seconds): stage.scheduler.advance(by: seconds)
      case .up: try stage.window.touchUp(at: point)
      }
    }
  }

  // MARK: End states

  /// Reports the state a recognizer ended its touch sequence in: `reset()` runs just before it
  /// returns to `possible`, so it still sees `ended`, `cancelled` or `failed`.
  protocol EndStateReporting: GestureRecognizer {
    var onReset: ((GestureRecognizer.State) -> Void)? { get set }
  }
  final class ProbeTap: TapGestureRecognizer, EndStateReporting {
    var onReset: ((GestureRecognizer.State) -> Void)?
    override func reset() {
      onReset?(state)
      super.reset()
    }
  }
  final class ProbePan: PanGestureRecognizer, EndStateReporting {
    var onReset: ((GestureRecognizer.State) -> Void)?
    override func reset() {
      onReset?(state)
      super.reset()
    }
  }
  final class ProbeLongPress: LongPressGestureRecognizer, EndStateReporting {
    var onReset: ((GestureRecognizer.State) -> Void)?
    override func reset() {
      onReset?(state)
      super.reset()
    }
  }
  final class ProbeSwipe: SwipeGestureRecognizer, EndStateReporting {
    var onReset: ((GestureRecognizer.State) -> Void)?
    override func reset() {
      onReset?(state)
      super.reset()
    }
  }

  /// What interrupts a touch sequence, after its steps.
  enum Interruption: Sendable {
    case none
    /// A second touch-down, which cancels the first touch.
    case anotherTouch
    /// The recognizer is disabled, then the finger lifts.
    case disable
  }

  struct EndCase: CustomTestStringConvertible, Sendable {
    let name: String
    let make: @Sendable () -> any EndStateReporting
    let steps: [Step]
    let interruption: Interruption
    /// The states the actions saw, then `reset STATE`.
    let log: [String]
    var testDescription: String { name }
  }

  static let endCases: [EndCase] = [
    EndCase(
      name: "a tap recognizes", make: { ProbeTap() }, steps: [.up], interruption: .none,
      log: ["ended", "reset ended"]),
    EndCase(
      name: "a tap that moves more than 10 points fails", make: { ProbeTap() },
      steps: [.move(111, 100), .up],
      interruption: .none, log: ["reset failed"]),
    EndCase(
      name: "a tap cut short by another touch fails", make: { ProbeTap() }, steps: [],
      interruption: .anotherTouch,
      log: ["reset failed"]),
    EndCase(
      name: "a pan that never moves fails", make: { ProbePan() }, steps: [.up], interruption: .none,
      log: ["reset failed"]),
    EndCase(
      name: "a pan under way is cancelled by another touch", make: { ProbePan() }, steps: [.move(120, 100)],
      interruption: .anotherTouch, log: ["began", "cancelled", "reset cancelled"]),
    EndCase(
      name: "a pan under way is cancelled when disabled", make: { ProbePan() }, steps: [.move(120, 100)],
      interruption: .disable, log: ["began", "cancelled", "reset cancelled"]),
    EndCase(
      name: "a long press that moves too far fails", make: { ProbeLongPress() },
      steps: [.move(120, 100), .wait(1), .up],
      interruption: .none, log: ["reset failed"]),
    EndCase(
      name: "a long press lifted too soon fails", make: { ProbeLongPress() }, steps: [.wait(0.3), .up],
      interruption: .none, log: ["reset failed"]),
    EndCase(
      name: "a long press under way is cancelled by another touch", make: { ProbeLongPress() },
      steps: [.wait(0.6)], interruption: .anotherTouch, log: ["began", "cancelled", "reset cancelled"]),
    EndCase(
      name: "a swipe too short fails", make: { ProbeSwipe() }, steps: [.move(130, 100), .up],
      interruption: .none,
      log: ["reset failed"]),
    EndCase(
      name: "a swipe far enough recognizes", make: { ProbeSwipe() }, steps: [.move(160, 100), .up],
      interruption: .none, log: ["ended", "reset ended"]),
  ]

  @Test(arguments: endCases)
  func recognizersEndInUIKitsStates(_ testCase: EndCase) throws {
    let stage = Stage()
    let recognizer = testCase.make()
    recognizer.addAction { [unowned stage] in stage.log.append("\($0.state)") }
    recognizer.onReset = { [unowned stage] in stage.log.append("reset \($0)") }
    stage.view.addGestureRecognizer(recognizer)
    try run(testCase.steps, on: stage)
    switch testCase.interruption {
    case .none: break
    case .anotherTouch:
      recognizer.onReset = { [unowned stage] state in
        stage.log.append("reset \(state)")
        recognizer.onReset = nil  // the second touch's own sequence is not this case's
      }
      try stage.window.touchDown(at: CGPoint(x: 10, y: 10))
    case .disable:
      recognizer.isEnabled = false
      try stage.window.touchUp(at: CGPoint(x: 120, y: 100))
    }
    #expect(stage.log == testCase.log)
  }

  // MARK: Translation

  @Test func setTranslationRebasesWhatThePanReports() throws {
    let stage = Stage()
    let pan = PanGestureRecognizer()
    stage.view.addGestureRecognizer(pan)
    var seen: [String] = []
    pan.addAction { recognizer in
      let t = (recognizer as! PanGestureRecognizer).translation(in: stage.view)
      seen.append("\(recognizer.state) \(Int(t.x)),\(Int(t.y))")
    }
    try stage.window.touchDown(at: CGPoint(x: 100, y: 100))
    try stage.window.touchMove(to: CGPoint(x: 110, y: 100))
    // The usual idiom: apply the translation so far, then start again from zero.
    pan.setTranslation(.zero, in: stage.view)
    #expect(pan.translation(in: stage.view) == .zero)
    try stage.window.touchMove(to: CGPoint(x: 130, y: 90))
    pan.setTranslation(CGPoint(x: 5, y: 5), in: stage.view)
    try stage.window.touchMove(to: CGPoint(x: 131, y: 92))
    try stage.window.touchUp(at: CGPoint(x: 131, y: 92))
    #expect(seen == ["began 10,0", "changed 20,-10", "changed 6,7", "ended 6,7"])
  }
}
