import Foundation
import Testing
import ViewWireKit

/// A window's solver lives as long as its session: what it holds follows the constraints in
/// force, not every constraint a stack view ever made (issue 14, "lean sessions").
struct AutoLayoutStorageTests {
  @Test(arguments: [StackView.Distribution.fill, .fillEqually, .equalSpacing, .equalCentering])
  func aStackRebuildingAgainAndAgainHoldsNoMore(_ distribution: StackView.Distribution) throws {
    let scene = AutoLayoutStackViewTests.Scene()
    scene.stack.spacing = 10
    scene.stack.distribution = distribution
    let first = scene.snapshot()
    let engine = try #require(scene.window.layoutEngine)
    let held = engine.solverStorage
    // Every toggle replaces the constraints (and spacer guides) that mention the toggled label.
    for _ in 0..<200 {
      scene.labels[1].isHidden.toggle()
      scene.window.prepareFrame()
    }
    #expect(scene.snapshot() == first)
    let after = engine.solverStorage
    #expect(after.constraints == held.constraints)
    #expect(after.rows == held.rows)
    // Ids of symbols gone are given back once they are more than half of all (`trimStorage`).
    #expect(after.symbols <= max(64, 2 * held.symbols), "\(held.symbols) symbols, then \(after.symbols)")
    #expect(after.bytes <= 2 * held.bytes, "\(held.bytes) bytes, then \(after.bytes)")
  }
}
