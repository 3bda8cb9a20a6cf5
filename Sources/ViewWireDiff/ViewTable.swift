import ViewWireKit

/// The views a client holds, by wire id: an open-addressed table of references whose key is the
/// view's own `wireID`, so a slot is 8 bytes where a `[Int: View]` spent 16 and a bitmap.
///
/// A login session's dozen views took a 328-byte dictionary and take a 160-byte array here (issue
/// 14, "Lean sessions"). Wire ids are handed out in sequence, so `id & mask` spreads them evenly and
/// linear probing stays short; a removal shifts back the entries after it (no tombstones), so a
/// table with views coming and going for ever stays as fast as a fresh one. Insertion, lookup and
/// removal are O(1), as the dictionary's were: the rows demo creates and removes thousands.
///
/// Entries are kept in Robin Hood order (along a run of occupied slots, no entry lies further from
/// its home slot than the one after it plus one), so a removal stops shifting at the first entry
/// that sits in its home slot. Without that order it had to walk to the end of the run: ids in
/// sequence fill one run as long as the table, so removing one of 10,000 plain subviews (and
/// their labels) read the wire id of all 20,000 views, a cache miss each, about 10% of the frame
/// that removed it (issue 14, "No superlinear paths"; removing k views cost k times that).
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
    // Backward-shift deletion: each following entry away from its home slot moves one back; the
    // run ends at an empty slot or an entry at home, behind which (Robin Hood order) no entry of
    // the run could have been placed.
    var next = (hole + 1) & mask
    while let view = slots[next], view.wireID & mask != next {
      slots[hole] = view
      slots[next] = nil
      hole = next
      next = (next + 1) & mask
    }
  }

  /// How many slots the table has, for its size test.
  var slotCount: Int { slots.count }

  /// Every view of the table, in no particular order.
  var views: [View] { slots.compactMap { $0 } }

  /// Puts `view` in the first free slot from its home, Robin Hood style: an entry nearer its
  /// own home than the one being placed gives up its slot and is carried on instead.
  private mutating func place(_ view: View) {
    let mask = slots.count - 1
    var carried = view
    var slot = view.wireID & mask
    var distance = 0
    while let resident = slots[slot] {
      let residentDistance = (slot &- resident.wireID) & mask
      if residentDistance < distance {
        slots[slot] = carried
        carried = resident
        distance = residentDistance
      }
      slot = (slot + 1) & mask
      distance += 1
    }
    slots[slot] = carried
  }

  private mutating func grow() {
    let old = slots
    slots = ContiguousArray(repeating: nil, count: max(16, old.count * 2))
    for case let view? in old { place(view) }
  }
}
