import Foundation
import Testing
import ViewWireKit

/// Auto Layout on the window's one solver: anchors become frames in each superview's
/// coordinates at the window's layout pass, before `layoutSubviews`.

struct AutoLayoutAnchorTests {
  /// A 320×480 window with a container at (10, 20, 300, 400) laid out by hand and one
  /// constraint-positioned child inside it.
  final class Scene {
    let window = Window(size: CGSize(width: 320, height: 480))
    let container = View(frame: CGRect(x: 10, y: 20, width: 300, height: 400))
    let child = View()
    let sibling = View()
    var traces: [String] = []

    init() {
      window.addSubview(container)
      container.addSubview(child)
      container.addSubview(sibling)
      child.translatesAutoresizingMaskIntoConstraints = false
      sibling.translatesAutoresizingMaskIntoConstraints = false
      window.traceSink = { [unowned self] kind, detail in traces.append("\(kind) \(detail)") }
    }
  }

  static let anchorCases: [(name: String, make: @Sendable (Scene) -> [NSLayoutConstraint], frame: String)] = [
    (
      "edges pinned with constants",
      { s in
        [
          s.child.leadingAnchor.constraint(equalTo: s.container.leadingAnchor, constant: 20),
          s.child.trailingAnchor.constraint(equalTo: s.container.trailingAnchor, constant: -20),
          s.child.topAnchor.constraint(equalTo: s.container.topAnchor, constant: 8),
          s.child.bottomAnchor.constraint(equalTo: s.container.bottomAnchor, constant: -8),
        ]
      }, "20 8 260 384"
    ),
    (
      "centred with a fixed size",
      { s in
        [
          s.child.centerXAnchor.constraint(equalTo: s.container.centerXAnchor),
          s.child.centerYAnchor.constraint(equalTo: s.container.centerYAnchor),
          s.child.widthAnchor.constraint(equalToConstant: 100),
          s.child.heightAnchor.constraint(equalToConstant: 50),
        ]
      }, "100 175 100 50"
    ),
    (
      "half the container's width by multiplier",
      { s in
        [
          s.child.leftAnchor.constraint(equalTo: s.container.leftAnchor),
          s.child.topAnchor.constraint(equalTo: s.container.topAnchor),
          s.child.widthAnchor.constraint(equalTo: s.container.widthAnchor, multiplier: 0.5),
          s.child.heightAnchor.constraint(equalTo: s.child.widthAnchor, multiplier: 0.5, constant: 5),
        ]
      }, "0 0 150 80"
    ),
    (
      "at least 50 wide wins over a wish for 10",
      { s in
        let wish = s.child.widthAnchor.constraint(equalToConstant: 10)
        wish.priority = .defaultLow
        return [
          s.child.rightAnchor.constraint(equalTo: s.container.rightAnchor),
          s.child.bottomAnchor.constraint(equalTo: s.container.bottomAnchor),
          s.child.widthAnchor.constraint(greaterThanOrEqualToConstant: 50), wish,
          s.child.heightAnchor.constraint(lessThanOrEqualToConstant: 30),
          s.child.heightAnchor.constraint(greaterThanOrEqualToConstant: 30),
        ]
      }, "250 370 50 30"
    ),
    (
      "placed after a sibling",
      { s in
        [
          s.sibling.leadingAnchor.constraint(equalTo: s.container.leadingAnchor, constant: 10),
          s.sibling.topAnchor.constraint(equalTo: s.container.topAnchor, constant: 10),
          s.sibling.widthAnchor.constraint(equalToConstant: 40),
          s.sibling.heightAnchor.constraint(equalToConstant: 40),
          s.child.leadingAnchor.constraint(equalTo: s.sibling.trailingAnchor, constant: 8),
          s.child.topAnchor.constraint(greaterThanOrEqualTo: s.sibling.bottomAnchor, constant: 4),
          s.child.widthAnchor.constraint(equalTo: s.sibling.widthAnchor),
          s.child.heightAnchor.constraint(equalTo: s.sibling.heightAnchor, multiplier: 2),
        ]
      }, "58 54 40 80"
    ),
    (
      "inside the layout margins",
      { s in
        s.container.layoutMargins = EdgeInsets(top: 10, left: 16, bottom: 10, right: 16)
        let guide = s.container.layoutMarginsGuide
        return [
          s.child.leadingAnchor.constraint(equalTo: guide.leadingAnchor),
          s.child.trailingAnchor.constraint(equalTo: guide.trailingAnchor),
          s.child.topAnchor.constraint(equalTo: guide.topAnchor),
          s.child.heightAnchor.constraint(equalToConstant: 44),
        ]
      }, "16 10 268 44"
    ),
  ]

  @Test(arguments: 0..<anchorCases.count)
  func anchorsBecomeFramesInTheSuperviewsCoordinates(index: Int) {
    let entry = Self.anchorCases[index]
    let scene = Scene()
    NSLayoutConstraint.activate(entry.make(scene))
    scene.window.prepareFrame()
    #expect(text(scene.child.frame) == entry.frame, "\(entry.name)")
    #expect(scene.traces.filter { $0.hasPrefix("layout") }.isEmpty, "\(entry.name)")
  }

  @Test func framesFollowTheContainerAndAConstantChange() {
    let scene = Scene()
    let width = scene.child.widthAnchor.constraint(equalTo: scene.container.widthAnchor, constant: -40)
    NSLayoutConstraint.activate([
      scene.child.leadingAnchor.constraint(equalTo: scene.container.leadingAnchor, constant: 20),
      scene.child.topAnchor.constraint(equalTo: scene.container.topAnchor),
      scene.child.heightAnchor.constraint(equalToConstant: 10), width,
    ])
    scene.window.prepareFrame()
    #expect(text(scene.child.frame) == "20 0 260 10")
    scene.container.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
    scene.window.prepareFrame()
    #expect(text(scene.child.frame) == "20 0 160 10")
    width.constant = -100
    scene.window.prepareFrame()
    #expect(text(scene.child.frame) == "20 0 100 10")
    width.isActive = false
    scene.child.widthAnchor.constraint(equalToConstant: 7).isActive = true
    scene.window.prepareFrame()
    #expect(text(scene.child.frame) == "20 0 7 10")
  }

  @Test func aFrameWithNothingChangedDoesNotSolve() throws {
    let scene = Scene()
    NSLayoutConstraint.activate([
      scene.child.leadingAnchor.constraint(equalTo: scene.container.leadingAnchor),
      scene.child.topAnchor.constraint(equalTo: scene.container.topAnchor),
      scene.child.widthAnchor.constraint(equalToConstant: 5),
      scene.child.heightAnchor.constraint(equalToConstant: 5),
    ])
    scene.window.prepareFrame()
    let engine = try #require(scene.window.layoutEngine)
    let (solves, additions) = (engine.solveCount, engine.solverAdditions)
    scene.window.prepareFrame()
    scene.window.prepareFrame()
    #expect(engine.solveCount == solves)
    #expect(engine.solverAdditions == additions)
    // Moving the hand-laid container only suggests new values: nothing is added to the solver.
    scene.container.frame.origin.x = 30
    scene.window.prepareFrame()
    #expect(engine.solveCount == solves + 1)
    #expect(engine.solverAdditions == additions)
    // One more constraint is one addition.
    scene.sibling.widthAnchor.constraint(equalToConstant: 3).isActive = true
    scene.window.prepareFrame()
    #expect(engine.solveCount == solves + 2)
    #expect(engine.solverAdditions > additions)
  }

  @Test func conflictingRequiredConstraintsAreReportedNotCrashed() {
    let scene = Scene()
    let fixed = scene.child.widthAnchor.constraint(equalToConstant: 100)
    fixed.identifier = "fixed"
    let other = scene.child.widthAnchor.constraint(equalToConstant: 200)
    other.identifier = "other"
    NSLayoutConstraint.activate([
      scene.child.leadingAnchor.constraint(equalTo: scene.container.leadingAnchor),
      scene.child.topAnchor.constraint(equalTo: scene.container.topAnchor),
      scene.child.heightAnchor.constraint(equalToConstant: 5), fixed, other,
    ])
    scene.window.prepareFrame()
    #expect(text(scene.child.frame) == "0 0 100 5")
    let reports = scene.traces.filter { $0.hasPrefix("layout ") }
    #expect(reports.count == 1)
    #expect(reports.first?.contains("Unable to simultaneously satisfy constraints") == true)
    #expect(reports.first?.contains("<NSLayoutConstraint 'fixed' View.width == 100 (active)>") == true)
    #expect(
      reports.first?.hasSuffix("breaking constraint <NSLayoutConstraint 'other' View.width == 200 (broken)>")
        == true)
    // Removing the winner lets the broken one be tried again when it is re-activated.
    fixed.isActive = false
    other.isActive = false
    other.isActive = true
    scene.window.prepareFrame()
    #expect(text(scene.child.frame) == "0 0 200 5")
  }

  @Test func ambiguityIsReportedOnceUntilItIsResolved() {
    let scene = Scene()
    scene.child.accessibilityIdentifier = "child"
    scene.child.leadingAnchor.constraint(equalTo: scene.container.leadingAnchor).isActive = true
    scene.window.prepareFrame()
    #expect(
      scene.traces == [
        "layout Ambiguous layout: no constraint fixes the vertical position, width, height of View#child"
      ])
    scene.window.prepareFrame()
    #expect(scene.traces.count == 1)
    NSLayoutConstraint.activate([
      scene.child.topAnchor.constraint(equalTo: scene.container.topAnchor),
      scene.child.widthAnchor.constraint(equalToConstant: 1),
      scene.child.heightAnchor.constraint(equalToConstant: 1),
    ])
    scene.window.prepareFrame()
    #expect(scene.traces.count == 1)
  }

  /// The report is made after passes that change constraints, and skipped after passes that
  /// only move pinned frames (issue 14: it walked every constraint on every solve).
  @Test func ambiguityIsCheckedWhenConstraintsChangeNotWhenAFrameMoves() {
    let scene = Scene()
    scene.child.accessibilityIdentifier = "child"
    let width = scene.child.widthAnchor.constraint(equalToConstant: 7)
    NSLayoutConstraint.activate([
      scene.child.leadingAnchor.constraint(equalTo: scene.container.leadingAnchor, constant: 2),
      scene.child.topAnchor.constraint(equalTo: scene.container.topAnchor),
      scene.child.heightAnchor.constraint(equalToConstant: 3), width,
    ])
    scene.window.prepareFrame()
    #expect(scene.traces.isEmpty)
    let solves = scene.window.layoutEngine?.solveCount ?? 0
    scene.container.frame = CGRect(x: 30, y: 40, width: 200, height: 100)
    scene.window.prepareFrame()
    #expect(scene.window.layoutEngine?.solveCount == solves + 1)
    #expect(text(scene.child.frame) == "2 0 7 3")
    #expect(scene.traces.isEmpty)
    width.isActive = false
    scene.window.prepareFrame()
    #expect(scene.traces == ["layout Ambiguous layout: no constraint fixes the width of View#child"])
  }

  /// Deactivating most of many constraints (which squeezes the holes out of the engine's
  /// activation-order list) keeps the survivors, and later activations, in activation order.
  @Test func activationOrderSurvivesManyDeactivations() throws {
    let scene = Scene()
    let first = (0..<40).map { scene.child.widthAnchor.constraint(greaterThanOrEqualToConstant: CGFloat($0)) }
    NSLayoutConstraint.activate(first)
    scene.window.prepareFrame()
    for (index, constraint) in first.enumerated() where index % 4 != 0 { constraint.isActive = false }
    scene.window.prepareFrame()
    let later = (0..<5).map { scene.child.heightAnchor.constraint(greaterThanOrEqualToConstant: CGFloat($0)) }
    NSLayoutConstraint.activate(later)
    first[1].isActive = true
    scene.window.prepareFrame()
    let engine = try #require(scene.window.layoutEngine)
    let expected = first.enumerated().filter { $0.offset % 4 == 0 }.map(\.element) + later + [first[1]]
    let held = engine.constraints(affecting: scene.child)
    #expect(held.count == expected.count)
    #expect(zip(held, expected).allSatisfy { $0 === $1 })
  }

  @Test func constraintsActivatedBeforeTheViewJoinsAWindowApplyWhenItDoes() {
    let window = Window(size: CGSize(width: 100, height: 100))
    let holder = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let child = View()
    child.translatesAutoresizingMaskIntoConstraints = false
    holder.addSubview(child)
    NSLayoutConstraint.activate([
      child.topAnchor.constraint(equalTo: holder.topAnchor, constant: 3),
      child.leadingAnchor.constraint(equalTo: holder.leadingAnchor, constant: 4),
      child.widthAnchor.constraint(equalToConstant: 10), child.heightAnchor.constraint(equalToConstant: 10),
    ])
    // Like UIKit: relations live on the common ancestor, constant sizes on the view itself.
    #expect(holder.constraints.count == 2)
    #expect(child.constraints.count == 2)
    window.addSubview(holder)
    window.prepareFrame()
    #expect(text(child.frame) == "4 3 10 10")
    holder.removeFromSuperview()
    #expect(holder.constraints.count == 2)
  }

  @Test func aViewThatLeavesLosesTheConstraintsTyingItToViewsThatStay() {
    let scene = Scene()
    let tie = scene.child.leadingAnchor.constraint(equalTo: scene.sibling.trailingAnchor)
    let own = scene.child.widthAnchor.constraint(equalToConstant: 5)
    NSLayoutConstraint.activate([tie, own])
    scene.window.prepareFrame()
    scene.child.removeFromSuperview()
    #expect(!tie.isActive)
    #expect(own.isActive)
    scene.window.prepareFrame()
    #expect(scene.window.layoutEngine?.constraints(affecting: scene.sibling).isEmpty == true)
  }

  @Test func framesAreAssignedBeforeLayoutSubviewsRuns() {
    final class Recorder: View {
      var seen: [String] = []
      override func layoutSubviews() { seen.append(text(frame)) }
    }
    let window = Window(size: CGSize(width: 100, height: 100))
    let view = Recorder()
    view.translatesAutoresizingMaskIntoConstraints = false
    window.addSubview(view)
    NSLayoutConstraint.activate([
      view.topAnchor.constraint(equalTo: window.topAnchor),
      view.leftAnchor.constraint(equalTo: window.leftAnchor),
      view.widthAnchor.constraint(equalTo: window.widthAnchor),
      view.heightAnchor.constraint(equalToConstant: 9),
    ])
    window.prepareFrame()
    #expect(view.seen == ["0 0 100 9"])
    window.resize(to: CGSize(width: 60, height: 100))
    window.prepareFrame()
    #expect(view.seen == ["0 0 100 9", "0 0 60 9"])
  }
}

/// A frame as `x y width height` with integers where they are whole.
func text(_ rect: CGRect) -> String {
  [rect.minX, rect.minY, rect.width, rect.height].map { value in
    value == value.rounded() ? String(Int(value)) : String(Double(value))
  }.joined(separator: " ")
}
