import ViewWireKit

/// The views a client holds, by wire id: an open-addressed table of references whose key is the
/// view's own `wireID`, so a slot is 8 bytes where a `[Int: View]` spent 16 and a bitmap.
///
/// A login session's dozen views took a 328-byte dictionary and take a 160-byte array here (issue
/// 14, "Lean sessions"). Wire ids are handed out in sequence, so `id & mask` spreads them evenly and
/// linear probing stays short; a removal shifts back the entries after it (no tombstones), so a
/// table with views coming and going for ever stays as fast as a fresh one. Insertion, lookup and
/// removal are O(1), as the dictionary's were: the rows demo creates and removes thousands.
struct ViewTable {
  /// A power of two long, or empty; at most three quarters used.
  private var slots: ContiguousArray<View?> = []
  /// How many views the table holds.
  private(set) var count = 0

  /// The view whose wire id is `id`.
  func view(withID id: Int) -> View? {
    guard !slots.isEmpty else { return nil }
    let mask = slots.count - 1
    var slot = id & mask
    while let view = slots[slot] {
      if view.wireID == id { return view }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Adds `view`, which has a wire id no other view of the table has.
  mutating func insert(_ view: View) {
    if (count + 1) * 4 > slots.count * 3 { grow() }
    place(view)
    count += 1
  }

  /// Removes the view whose wire id is `id`, if the table holds it.
  mutating func remove(id: Int) {
    guard !slots.isEmpty else { return }
    let mask = slots.count - 1
    var hole = id & mask
    while true {
      guard let view = slots[hole] else { return }
      if view.wireID == id { break }
      hole = (hole + 1) & mask
    }
    slots[hole] = nil
    count -= 1
    // Shifts back each entry of the run after the hole that would not be found past it: one whose
    // home slot is not cyclically in (hole, next].
    var next = hole
    while true {
      next = (next + 1) & mask
      guard let view = slots[next] else { return }
      let home = view.wireID & mask
      let staysPut = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
      if staysPut { continue }
      slots[hole] = view
      slots[next] = nil
      hole = next
    }
  }

  /// How many slots the table has, for its size test.
  var slotCount: Int { slots.count }

  /// Every view of the table, in no particular order.
  var views: [View] { slots.compactMap { $0 } }

  private mutating func place(_ view: View) {
    let mask = slots.count - 1
    var slot = view.wireID & mask
    while slots[slot] != nil { slot = (slot + 1) & mask }
    slots[slot] = view
  }

  private mutating func grow() {
    let old = slots
    slots = ContiguousArray(repeating: nil, count: max(16, old.count * 2))
    for case let view? in old { place(view) }
  }
}
