import Testing
import ViewWireKit

@testable import ViewWireDiff

/// The diff engine's table of the views a client holds (`ViewTable`): an open-addressed table
/// whose removals shift entries back. Each case inserts views with wire ids in sequence, as the
/// engine hands them out, removes some in a given order, and checks every id against a
/// dictionary doing the same.
struct ViewTableTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let count: Int
    /// Which of the ids 1...count are removed, in this order.
    let removed: @Sendable (Int) -> [Int]
    var testDescription: String { name }
  }

  static let cases = [
    Case(name: "none removed", count: 40, removed: { _ in [] }),
    Case(name: "every one, first to last", count: 40, removed: { Array(1...$0) }),
    Case(name: "every one, last to first", count: 40, removed: { Array((1...$0).reversed()) }),
    Case(name: "every other one", count: 100, removed: { Array(stride(from: 1, through: $0, by: 2)) }),
    Case(
      name: "runs that wrap around the end of the table", count: 300,
      removed: { count in (1...count).filter { $0 % 16 < 5 || $0 % 7 == 0 } }),
    Case(
      name: "a shuffled half, in a fixed order", count: 500,
      removed: { count in (1...count).map { ($0 * 7919) % count + 1 }.filter { $0 % 2 == 0 } }),
  ]

  @Test(arguments: cases)
  func findsWhatADictionaryFinds(_ testCase: Case) {
    var table = ViewTable()
    var reference: [Int: View] = [:]
    for id in 1...testCase.count {
      let view = View()
      view.wireID = id
      table.insert(view)
      reference[id] = view
    }
    for id in testCase.removed(testCase.count) where reference[id] != nil {
      table.remove(id: id)
      reference[id] = nil
      #expect(table.view(withID: id) == nil, "\(id) is gone")
    }
    #expect(table.count == reference.count)
    for id in 0...(testCase.count + 20) {
      #expect(table.view(withID: id) === reference[id], "id \(id)")
    }
    #expect(Set(table.views.map(ObjectIdentifier.init)) == Set(reference.values.map(ObjectIdentifier.init)))
    // New views after the removals are found too (the engine never reuses an id).
    for id in (testCase.count + 1)...(testCase.count + 30) {
      let view = View()
      view.wireID = id
      table.insert(view)
      #expect(table.view(withID: id) === view)
    }
    #expect(table.count == reference.count + 30)
  }

  /// Ids that share home slots (the engine hands out ids in sequence, but the table must not
  /// rely on it): inserted and removed interleaved, every id checked against a dictionary after
  /// each step, so a removal that stops shifting too early (Robin Hood order broken) is caught.
  @Test func collidingIdsInAnyOrder() {
    var table = ViewTable()
    var reference: [Int: View] = [:]
    var state: UInt64 = 12345
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    // Ids from a few homes only: multiples of 64 plus 0...3, clashing in any table up to 64 slots.
    let ids = (0..<200).map { 64 * $0 + $0 % 4 + 1 }
    for _ in 0..<2000 {
      let id = ids[next(ids.count)]
      if reference[id] == nil {
        let view = View()
        view.wireID = id
        table.insert(view)
        reference[id] = view
      } else {
        table.remove(id: id)
        reference[id] = nil
      }
      #expect(table.count == reference.count)
    }
    for id in ids { #expect(table.view(withID: id) === reference[id], "id \(id)") }
    for id in ids where reference[id] != nil {
      table.remove(id: id)
      reference[id] = nil
      for other in ids { #expect(table.view(withID: other) === reference[other], "id \(other)") }
    }
    #expect(table.count == 0)
  }

  /// The table's size: 8 bytes a slot, 16 slots up to 12 views (a login screen holds a dozen),
  /// where a `[Int: View]` of the same views took 328 bytes.
  @Test func aDozenViewsTakeSixteenSlots() {
    var table = ViewTable()
    for id in 1...12 {
      let view = View()
      view.wireID = id
      table.insert(view)
    }
    #expect(table.slotCount == 16)
    #expect(MemoryLayout<View?>.stride == 8)
  }
}
