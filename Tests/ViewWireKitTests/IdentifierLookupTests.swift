import Foundation
import Testing

@testable import ViewWireKit

/// `Window.view(withIdentifier:)` keeps its last answer while nothing that could change it
/// happened (issue 14, stop 17): every test asks, changes something, and asks again, and the
/// second answer must be the one a fresh depth-first walk gives.
struct IdentifierLookupTests {
  /// The first view, depth-first, with `identifier`: the walk the kept answer stands for.
  private func walk(_ view: View, _ identifier: String) -> View? {
    if view.accessibilityIdentifier == identifier { return view }
    for subview in view.subviews {
      if let found = walk(subview, identifier) { return found }
    }
    return nil
  }

  private func expectAnswer(
    _ window: Window, _ identifier: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let expected = walk(window, identifier)
    // Twice: the first may walk, the second is the kept answer.
    #expect(window.view(withIdentifier: identifier) === expected, sourceLocation: sourceLocation)
    #expect(window.view(withIdentifier: identifier) === expected, sourceLocation: sourceLocation)
  }

  private func makeWindow() -> (Window, View, View) {
    let window = Window(size: CGSize(width: 300, height: 300))
    let left = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let right = View(frame: CGRect(x: 100, y: 0, width: 100, height: 100))
    window.addSubview(left)
    window.addSubview(right)
    return (window, left, right)
  }

  @Test func aKeptAnswerFollowsRenamesAddsAndRemovals() {
    let (window, left, right) = makeWindow()
    let button = View()
    button.accessibilityIdentifier = "go"
    right.addSubview(button)
    expectAnswer(window, "go")
    #expect(window.view(withIdentifier: "go") === button)

    // Renamed away, then another view takes the name.
    button.accessibilityIdentifier = "stop"
    expectAnswer(window, "go")
    #expect(window.view(withIdentifier: "go") == nil)
    left.accessibilityIdentifier = "go"
    expectAnswer(window, "go")
    #expect(window.view(withIdentifier: "go") === left)
    left.accessibilityIdentifier = nil

    // Removed: not found, even though the view still holds the identifier.
    button.accessibilityIdentifier = "go"
    expectAnswer(window, "go")
    button.removeFromSuperview()
    expectAnswer(window, "go")
    #expect(window.view(withIdentifier: "go") == nil)

    // Added back, inside a subtree built outside the window.
    let holder = View()
    holder.addSubview(button)
    expectAnswer(window, "go")
    left.addSubview(holder)
    expectAnswer(window, "go")
    #expect(window.view(withIdentifier: "go") === button)

    // A missing identifier is remembered as missing until a view takes it.
    expectAnswer(window, "absent")
    holder.accessibilityIdentifier = "absent"
    expectAnswer(window, "absent")
    #expect(window.view(withIdentifier: "absent") === holder)
  }

  @Test func depthFirstOrderFollowsReparentingAndReordering() {
    let (window, left, right) = makeWindow()
    let first = View()
    let second = View()
    first.accessibilityIdentifier = "row"
    second.accessibilityIdentifier = "row"
    left.addSubview(first)
    right.addSubview(second)
    expectAnswer(window, "row")
    #expect(window.view(withIdentifier: "row") === first)

    // Reparented within the same window, behind the other one.
    right.addSubview(first)
    expectAnswer(window, "row")
    #expect(window.view(withIdentifier: "row") === second)

    // Reordered in place: to the back, exchanged, to the front.
    right.sendSubviewToBack(first)
    expectAnswer(window, "row")
    #expect(window.view(withIdentifier: "row") === first)
    right.exchangeSubview(at: 0, withSubviewAt: 1)
    expectAnswer(window, "row")
    #expect(window.view(withIdentifier: "row") === second)
    right.bringSubviewToFront(second)
    expectAnswer(window, "row")
    #expect(window.view(withIdentifier: "row") === first)

    // The parents reordered: the one holding neither row first changes nothing, the other
    // subtree moving in front of the window's first view does.
    window.bringSubviewToFront(left)
    expectAnswer(window, "row")
    left.addSubview(second)
    expectAnswer(window, "row")
    #expect(window.view(withIdentifier: "row") === first)
    window.sendSubviewToBack(left)
    expectAnswer(window, "row")
    #expect(window.view(withIdentifier: "row") === second)
  }

  @Test func aViewMovedToAnotherWindowIsNotFoundInTheFirst() {
    let (window, _, right) = makeWindow()
    let (other, otherLeft, _) = makeWindow()
    let view = View()
    view.accessibilityIdentifier = "moving"
    right.addSubview(view)
    expectAnswer(window, "moving")
    otherLeft.addSubview(view)
    expectAnswer(window, "moving")
    expectAnswer(other, "moving")
    #expect(window.view(withIdentifier: "moving") == nil)
    #expect(other.view(withIdentifier: "moving") === view)
  }

  @Test func aRemovedViewThatIsFreedIsNeverReadAgain() {
    let (window, left, _) = makeWindow()
    do {
      let view = View()
      view.accessibilityIdentifier = "gone"
      left.addSubview(view)
      #expect(window.view(withIdentifier: "gone") === view)
      view.removeFromSuperview()
    }
    // The kept answer named a view now freed: the removal made it stale.
    #expect(window.view(withIdentifier: "gone") == nil)
    left.removeFromSuperview()
    #expect(window.view(withIdentifier: "gone") == nil)
  }

  @Test func theWindowItselfCanBeTheAnswer() {
    let (window, left, _) = makeWindow()
    left.accessibilityIdentifier = "root"
    expectAnswer(window, "root")
    window.accessibilityIdentifier = "root"
    expectAnswer(window, "root")
    #expect(window.view(withIdentifier: "root") === window)
  }

  /// A view whose identifier is computed, never set.
  final class Computed: View {
    var name: String?
    override var accessibilityIdentifier: String? {
      get { name }
      set { name = newValue }
    }
  }

  @Test func anOverriddenIdentifierIsAskedAsItAnswersNow() {
    let (window, left, right) = makeWindow()
    let computed = Computed()
    computed.name = "dynamic"
    left.addSubview(computed)
    let plain = View()
    plain.accessibilityIdentifier = "dynamic"
    right.addSubview(plain)
    expectAnswer(window, "dynamic")
    #expect(window.view(withIdentifier: "dynamic") === computed)
    // Changed without the base setter, so without a word to the window.
    computed.name = "other"
    expectAnswer(window, "dynamic")
    #expect(window.view(withIdentifier: "dynamic") === plain)
    computed.name = "dynamic"
    expectAnswer(window, "dynamic")
    #expect(window.view(withIdentifier: "dynamic") === computed)
  }

  /// A view whose identifier setter adds to the base class's, as an app's observer does.
  final class Observed: View {
    var changes = 0
    override var accessibilityIdentifier: String? {
      didSet { changes += 1 }
    }
  }

  @Test func anObservedIdentifierStillTellsTheWindow() {
    let (window, left, _) = makeWindow()
    let view = Observed()
    left.addSubview(view)
    expectAnswer(window, "watched")
    view.accessibilityIdentifier = "watched"
    expectAnswer(window, "watched")
    #expect(window.view(withIdentifier: "watched") === view)
    #expect(view.changes == 1)
  }
}
