import Foundation
import Testing
import ViewWireKit

/// The layout engine finds its active constraints and its items in sorted lists fitted when it
/// goes idle, not hash tables (Stop 15, loginmem4): what an idle window holds, and that finding,
/// adding and removing through them keeps every frame and the activation order.
struct AutoLayoutEngineTablesTests {
  /// A row of `count` views, each after the previous one, in a window.
  final class Row {
    let window = Window(size: CGSize(width: 2000, height: 100))
    let views: [View]
    var constraints: [NSLayoutConstraint] = []

    init(count: Int) {
      views = (0..<count).map { _ in View() }
      for view in views {
        view.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(view)
      }
      for (index, view) in views.enumerated() {
        let before = index == 0 ? window.leadingAnchor : views[index - 1].trailingAnchor
        constraints += [
          view.leadingAnchor.constraint(equalTo: before, constant: 2),
          view.widthAnchor.constraint(equalToConstant: CGFloat(10 + index)),
          view.topAnchor.constraint(equalTo: window.topAnchor, constant: CGFloat(index % 7)),
          view.heightAnchor.constraint(equalToConstant: 20),
        ]
      }
    }

    var frames: [CGRect] { views.map(\.frame) }
  }

  /// Fitted: no more room than the malloc chunk's slack (glibc may hand out a chunk up to 32
  /// bytes larger than asked, depending on what is free: an exact count of spare elements made
  /// these tests fail now and then when run beside others).
  static func expectFitted(_ engine: LayoutEngine, active: Int, records: Int) {
    let tables = engine.tableStorage
    #expect(tables.active == active)
    #expect(tables.order == active)
    #expect(tables.records == records)
    let spare = engine.tableSpareBytes
    #expect(spare.active <= LayoutEngine.mallocSlack, "\(tables)")
    #expect(spare.order <= LayoutEngine.mallocSlack, "\(tables)")
    #expect(spare.records <= LayoutEngine.mallocSlack, "\(tables)")
  }

  @Test func anIdleEngineHoldsItsListsFitted() throws {
    let row = Row(count: 50)
    NSLayoutConstraint.activate(row.constraints)
    row.window.prepareFrame()
    let engine = try #require(row.window.layoutEngine)
    // 50 views and the window.
    Self.expectFitted(engine, active: 200, records: 51)
    #expect(row.views[3].frame == CGRect(x: 2 + 10 + 2 + 11 + 2 + 12 + 2, y: 3, width: 13, height: 20))
  }

  @Test func removingAndAddingInBatchesKeepsFramesAndOrder() throws {
    let row = Row(count: 40)
    NSLayoutConstraint.activate(row.constraints)
    row.window.prepareFrame()
    let before = row.frames
    let engine = try #require(row.window.layoutEngine)
    // Take the last twenty views' constraints out in one pass: their items leave the engine.
    let tail = Array(row.constraints[80...])
    NSLayoutConstraint.deactivate(tail)
    row.window.prepareFrame()
    Self.expectFitted(engine, active: 80, records: 21)
    #expect(Array(row.frames[..<20]) == Array(before[..<20]))
    // Back in, in a shuffled order within one pass, plus one deactivated and reactivated in the
    // same pass and one constant changed (a removal and an addition of the same constraint).
    var generator = SystemRandomNumberGenerator()
    NSLayoutConstraint.activate(tail.shuffled(using: &generator))
    row.constraints[5].isActive = false
    row.constraints[5].isActive = true
    row.constraints[9].constant = 40
    row.window.prepareFrame()
    Self.expectFitted(engine, active: 160, records: 41)
    row.constraints[9].constant = CGFloat(10 + 2)
    row.window.prepareFrame()
    #expect(row.frames == before)
    // Every view's constraints are found, in activation order.
    for (index, view) in row.views.enumerated() {
      let held = engine.constraints(affecting: view)
      let mine = row.constraints[(4 * index)..<(4 * index + 4)]
      #expect(mine.allSatisfy { constraint in held.contains { $0 === constraint } })
    }
    #expect(engine.constraints(affecting: View()).isEmpty)
  }

  @Test func aWindowWithEveryConstraintGoneHoldsNothing() throws {
    let row = Row(count: 20)
    NSLayoutConstraint.activate(row.constraints)
    row.window.prepareFrame()
    let engine = try #require(row.window.layoutEngine)
    for constraint in row.constraints.reversed() { constraint.isActive = false }
    row.window.prepareFrame()
    Self.expectFitted(engine, active: 0, records: 0)
  }
}
