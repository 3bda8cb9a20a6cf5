import Foundation
import Testing
import ViewWireKit

/// UIKit's `addTarget(_:action:)` on a gesture recognizer: "if you call this method multiple
/// times with the same target-action pair, subsequent calls are ignored"; a different target,
/// or a different action, is one more action. Each case adds pairs, taps once and counts calls.
struct GestureTargetActionTests {
  final class Handler {
    var calls: [String] = []
    func first() { calls.append("first") }
    func second() { calls.append("second") }
    func withSender(_ recognizer: TapGestureRecognizer) { calls.append("sender") }
  }

  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    /// Adds actions to the recognizer with the two handlers.
    let add: @Sendable (TapGestureRecognizer, Handler, Handler) -> Void
    let one: [String]
    let other: [String]
    var testDescription: String { name }
  }

  /// One line of source adding `first` to `handler`, run as often as asked: the same pair each time.
  static func addFirst(_ recognizer: TapGestureRecognizer, _ handler: Handler, times: Int) {
    for _ in 0..<times { recognizer.addTarget(handler, action: Handler.first) }
  }

  static let cases: [Case] = [
    Case(name: "one pair", add: { r, a, _ in addFirst(r, a, times: 1) }, one: ["first"], other: []),
    Case(
      name: "the same pair added three times acts once", add: { r, a, _ in addFirst(r, a, times: 3) },
      one: ["first"], other: []),
    Case(
      name: "the same action for two targets acts for each",
      add: { r, a, b in
        addFirst(r, a, times: 2)
        addFirst(r, b, times: 2)
      }, one: ["first"], other: ["first"]),
    Case(
      name: "two actions for one target act both",
      add: { r, a, _ in
        addFirst(r, a, times: 1)
        r.addTarget(a, action: Handler.second)
      }, one: ["first", "second"], other: []),
    Case(
      name: "an action with the sender, added twice, acts once",
      add: { r, a, _ in
        for _ in 0..<2 { r.addTarget(a, action: Handler.withSender) }
      }, one: ["sender"], other: []),
  ]

  @Test(arguments: cases)
  func aTapCallsEachDistinctPairOnce(_ testCase: Case) throws {
    let window = Window(size: CGSize(width: 100, height: 100))
    window.scheduler = ManualScheduler()
    let view = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    window.addSubview(view)
    let recognizer = TapGestureRecognizer()
    let one = Handler()
    let other = Handler()
    testCase.add(recognizer, one, other)
    view.addGestureRecognizer(recognizer)
    try window.tap(at: CGPoint(x: 50, y: 50))
    #expect(one.calls == testCase.one)
    #expect(other.calls == testCase.other)
  }

  @Test func aPairWhoseTargetWentAwayDoesNotHideANewTarget() throws {
    let recognizer = TapGestureRecognizer()
    do {
      let gone = Handler()
      Self.addFirst(recognizer, gone, times: 1)
    }
    let fresh = Handler()
    Self.addFirst(recognizer, fresh, times: 1)
    #expect(recognizer.actionCount == 1)
  }

  /// An action that adds another target: the gesture being sent goes to the actions it found,
  /// and the new one acts from the next gesture on (the send wrote its copy of the list back
  /// over it), while a gone target is pruned in the same send.
  @Test func aTargetAddedByAnActionActsFromTheNextGestureOn() throws {
    final class Adder {
      let late = Handler()
      var added = false
      func add(_ recognizer: TapGestureRecognizer) {
        guard !added else { return }
        added = true
        recognizer.addTarget(late, action: Handler.first)
      }
    }
    let window = Window(size: CGSize(width: 100, height: 100))
    window.scheduler = ManualScheduler()
    let view = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    window.addSubview(view)
    let recognizer = TapGestureRecognizer()
    do {
      let gone = Handler()
      Self.addFirst(recognizer, gone, times: 1)
    }
    let adder = Adder()
    recognizer.addTarget(adder, action: Adder.add)
    view.addGestureRecognizer(recognizer)
    try window.tap(at: CGPoint(x: 50, y: 50))
    #expect(adder.late.calls.isEmpty)
    #expect(recognizer.actionCount == 2)
    try window.tap(at: CGPoint(x: 50, y: 50))
    #expect(adder.late.calls == ["first"])
  }
}
