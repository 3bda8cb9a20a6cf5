import Foundation
public import ViewWireProtocol

/// A view's render properties by wire key, kept sorted by key.
///
/// A view has a handful (a label six, most views none to three), so a short sorted array beats
/// a hash table: the keys are interned (`RenderKey`) and compare as pointers, and the diff
/// engine and `tree` read them in wire order (sorted) without sorting a copy.
@usableFromInline package struct RenderProperties: Sequence, Equatable, Sendable {
  /// One property, with the hash term of the value the client holds for it.
  @usableFromInline package struct Entry: Sendable {
    /// The wire key, interned.
    @usableFromInline package let renderKey: RenderKey
    /// The wire key as text.
    @inlinable package var key: String { renderKey.name }
    /// The value now.
    @usableFromInline package var value: WireValue
    /// The frame-hash term of the value the client holds for this key, recorded by the diff
    /// engine when it sends one; 0 when it has none to record (a property added since). Kept
    /// here, beside the value, so a changed label text costs the engine one look at the view's
    /// properties rather than another object and list.
    @usableFromInline package var sentTerm: UInt64 = 0
  }

  /// The properties in key order.
  @usableFromInline package internal(set) var entries: [Entry] = []

  /// No properties.
  package init() {}

  /// The value for `key`, or nil when absent; setting nil removes it. A changed value keeps its
  /// entry's `sentTerm`: the client still holds the old one until the engine sends the new.
  package subscript(key: RenderKey) -> WireValue? {
    get {
      index(of: key).map { entries[$0].value }
    }
    set { _ = update(key, to: newValue) }
  }

  /// The value for the key named `key`, or nil when absent: read by comparing names, without
  /// interning (the accessibility defaults and tests read keys by name); set through the
  /// interned key.
  package subscript(key: String) -> WireValue? {
    get {
      for entry in entries where entry.renderKey.name == key { return entry.value }
      return nil
    }
    set { _ = update(RenderKey(key), to: newValue) }
  }

  /// Sets `key` to `value` (nil removes it), in one walk over the sorted keys, and says whether
  /// that changed anything and what the key held before (nil: absent).
  ///
  /// `View.setRenderProperty` read the old value through the subscript and then wrote through
  /// it: two walks over the keys, two copies of the old value and a comparison more, on every
  /// property a tap changes (issue 14, "Cheaper per input").
  ///
  /// The key is looked for by address first (a changed value, the common case); only a key the
  /// view lacks is placed by order.
  package mutating func update(_ key: RenderKey, to value: WireValue?) -> (
    changed: Bool, previous: WireValue?
  ) {
    var taken = value
    return update(key, taking: &taken)
  }

  /// `update(_:to:)` for a value the caller gives up: it is moved out of `value` (left nil) into
  /// the entry, and the old value moved out of the entry into the result, where the borrowed
  /// form copied the new value (a retain of its text) and the caller then released its own.
  package mutating func update(_ key: RenderKey, taking value: inout WireValue?) -> (
    changed: Bool, previous: WireValue?
  ) {
    guard let index = index(of: key) else {
      guard let new = value.take() else { return (false, nil) }
      var index = 0
      while index < entries.count, entries[index].renderKey < key { index += 1 }
      entries.insert(Entry(renderKey: key, value: new), at: index)
      return (true, nil)
    }
    guard var new = value.take() else { return (true, entries.remove(at: index).value) }
    if entries[index].value == new { return (false, nil) }
    // Exchanged in place: the old value moves out instead of being copied (retained) and then
    // released by the store.
    swap(&entries[index].value, &new)
    return (true, new)
  }

  /// The index of `key`'s entry.
  ///
  /// Always inlined: a loop of a few pointer compares, which every property set runs, and
  /// the call around it (about 30 instructions a set, as profiled) cost as much as the loop.
  @inlinable @inline(__always)
  package func index(of key: RenderKey) -> Int? {
    entries.withUnsafeBufferPointer { buffer in
      for index in buffer.indices where buffer[index].renderKey == key { return index }
      return nil
    }
  }

  /// Whether the view has no render property.
  package var isEmpty: Bool { entries.isEmpty }

  /// Gives back the room `entries` grew into while the view was built one key at a time (an
  /// array doubles: a label's six keys sat in room for eight, 96 bytes spare). The diff engine
  /// calls it once the view's creation is sent, after which most views change a key or two in
  /// place (issue 14, "Lean sessions"); it copies only when two or more entries are spare.
  package mutating func trimCapacity() {
    guard entries.capacity - entries.count >= 2 else { return }
    var exact: [Entry] = []
    exact.reserveCapacity(entries.count)
    exact.append(contentsOf: entries)
    entries = exact
  }

  /// Like `trimCapacity()`, and shares the storage with every other view, in any session, whose
  /// properties and sent terms are the same (`SharedRenderProperties`): the views of one app's
  /// first screen are the same in every session, ids included, and were each session's own
  /// copies (issue 14, "Lean sessions"). A later change copies the shared array first.
  package mutating func trimAndShare() {
    guard !entries.isEmpty else { return }
    entries = SharedRenderProperties.shared.intern(entries)
  }

  /// How many properties the view has.
  package var count: Int { entries.count }

  /// The properties in key order.
  @usableFromInline package func makeIterator() -> IndexingIterator<[Entry]> {
    entries.makeIterator()
  }

  /// What the diff engine sends for a key changed since the last frame.
  @usableFromInline package enum Outcome {
    /// The key holds the value the client holds again: nothing to send.
    case unchanged
    /// The property went: the engine sends `none`.
    case removed
    /// The entry at this index holds the value to send.
    case changed(index: Int)
  }

  /// For the diff engine, once per changed key and frame: whether `key`, whose value before the
  /// frame's changes was `previous`, has anything to send.
  ///
  /// A property removed and set back within the frame has a new entry, which lost the term of
  /// what the client still holds, this same value: `term` gives it back.
  @inlinable package mutating func outcome(
    of key: RenderKey, previous: WireValue?, term: (WireValue) -> UInt64
  ) -> Outcome {
    guard let index = index(of: key) else {
      return previous == nil ? .unchanged : .removed
    }
    guard entries[index].value != previous else {
      if entries[index].sentTerm == 0 { entries[index].sentTerm = term(entries[index].value) }
      return .unchanged
    }
    return .changed(index: index)
  }

  /// For the diff engine, when it sends the entry at `index`: records its value's term and
  /// returns the one recorded before (0: none).
  @inlinable package mutating func recordSent(_ term: UInt64, at index: Int) -> UInt64 {
    defer { entries[index].sentTerm = term }
    return entries[index].sentTerm
  }

  /// For the diff engine, when it sends the entry at `index`: `write` writes its value, passed
  /// where it lies, and returns the value's term, which is recorded; returns that term and the
  /// one recorded before (0: none).
  ///
  /// One access to the entry in place: read through the array's subscript, the value was
  /// copied (its string retained and released), and `recordSent` checked the array's
  /// uniqueness again.
  @inlinable package mutating func sendValue(
    at index: Int, _ write: (borrowing WireValue) -> UInt64
  ) -> (term: UInt64, recorded: UInt64) {
    Self.send(&entries[index], write)
  }

  @inlinable static func send(
    _ entry: inout Entry, _ write: (borrowing WireValue) -> UInt64
  ) -> (term: UInt64, recorded: UInt64) {
    let term = write(entry.value)
    defer { entry.sentTerm = term }
    return (term, entry.sentTerm)
  }

  /// Compares keys and values; the sent terms are the engine's bookkeeping, not the view's state.
  @usableFromInline package static func == (lhs: RenderProperties, rhs: RenderProperties) -> Bool {
    lhs.entries.elementsEqual(rhs.entries) { $0.renderKey == $1.renderKey && $0.value == $1.value }
  }
}

/// Render property arrays shared by the views that hold equal ones, across sessions and loops.
///
/// An idle session of an app holds its first screen as the first frame left it: the same keys,
/// values and sent terms (terms hash the view's id, and ids are handed out in the same order)
/// in every session. The diff engine hands each view's array here once, as it sends the view in
/// a session's first frame; an equal array already held is returned instead, and the view's
/// own is freed. Arrays are immutable values: a view that changes a property later copies the
/// shared storage first (copy on write), and reference counts are atomic, so any loop may hold
/// one. Bounded: past `limit` arrays the pool forgets all of them (holders keep theirs) and
/// starts again, so an app with endless distinct views costs at most `limit` arrays here.
package final class SharedRenderProperties: @unchecked Sendable {
  /// The daemon's pool.
  package static let shared = SharedRenderProperties(limit: 1024)

  /// An array and its hash, computed once outside the lock.
  private struct Interned: Hashable {
    let entries: [RenderProperties.Entry]
    let hashCode: Int

    init(_ entries: [RenderProperties.Entry]) {
      self.entries = entries
      var hasher = Hasher()
      hasher.combine(entries.count)
      for entry in entries {
        hasher.combine(entry.renderKey)
        hasher.combine(entry.value)
        hasher.combine(entry.sentTerm)
      }
      hashCode = hasher.finalize()
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hashCode) }

    static func == (lhs: Interned, rhs: Interned) -> Bool {
      lhs.hashCode == rhs.hashCode
        && lhs.entries.elementsEqual(rhs.entries) {
          $0.renderKey == $1.renderKey && $0.value == $1.value && $0.sentTerm == $1.sentTerm
        }
    }
  }

  private let limit: Int
  // Sessions on every loop come here; each access holds the lock.
  private let lock = NSLock()
  private var arrays: Set<Interned> = []

  /// A pool that holds at most `limit` arrays.
  package init(limit: Int) { self.limit = limit }

  /// An array equal to `entries` (keys, values and sent terms), with no spare capacity: one
  /// already in the pool, or an exact copy of `entries`, which then joins it.
  package func intern(_ entries: [RenderProperties.Entry]) -> [RenderProperties.Entry] {
    let candidate = Interned(entries)
    if let held = lock.withLock({ arrays.firstIndex(of: candidate).map { arrays[$0].entries } }) {
      return held
    }
    var exact: [RenderProperties.Entry] = []
    exact.reserveCapacity(entries.count)
    exact.append(contentsOf: entries)
    let made = Interned(exact)
    return lock.withLock {
      if arrays.count >= limit { arrays.removeAll() }
      return arrays.insert(made).memberAfterInsert.entries
    }
  }

  /// How many arrays the pool holds, for tests.
  package var count: Int { lock.withLock { arrays.count } }
}

/// The render properties changed since the last frame, each once, with the value it had before
/// its first change, in the order they first changed.
///
/// Most frames change one property of a view (a label's text): the first change is held inline,
/// in fields of its own, so recording it allocates nothing, and the engine reads those fields
/// in place, retaining neither string (in a frame right after the change, each retain was an
/// atomic write to a string not in the cache).
@usableFromInline package struct RenderChanges: Sequence {
  /// A changed key with its value before the first change (nil: it was absent).
  @usableFromInline package typealias Change = (key: RenderKey, previous: WireValue?)
  // Declared in this order so the 17-byte optional value comes last and the fields that follow
  // it in `PendingChanges` and `View` (a few flags) fill its last slot: every view holds one of
  // these, empty between frames (issue 14, "Lean sessions").
  /// The changes after the first.
  @usableFromInline var rest: [Change]
  /// How many keys changed.
  @usableFromInline package private(set) var count: Int
  /// The key of the first change, nil until there is one (a nil pointer: `init` stores zero).
  @usableFromInline var storedFirstKey: RenderKey?
  /// The value `firstKey` had before its first change.
  @usableFromInline package private(set) var firstPrevious: WireValue?

  @inlinable package init() {
    count = 0
    storedFirstKey = nil
    firstPrevious = nil
    rest = []
  }

  /// The key of the first change, when `count` is at least 1.
  @inlinable package var firstKey: RenderKey { storedFirstKey! }

  /// Records `key`'s earlier value, unless an earlier change in this frame already did.
  package mutating func record(_ key: RenderKey, previous: consuming WireValue?) {
    if count == 0 {
      (storedFirstKey, firstPrevious) = (key, previous)
    } else {
      if storedFirstKey == key { return }
      for change in rest where change.key == key { return }
      rest.append((key, previous))
    }
    count += 1
  }

  /// Whether nothing changed.
  @inlinable package var isEmpty: Bool { count == 0 }

  /// The most later changes whose room a view keeps between frames (see `removeAll`).
  @usableFromInline static let keptRoom = 2

  /// Forgets every change, in place: the engine clears each changed view's record this way
  /// after reading it where it lies, instead of swapping in an empty one and destroying the old
  /// value, which went through the type's value witness (about 200 instructions a view).
  ///
  /// A view that changes two keys at once (a value and the `a11y-...` key that says it, the
  /// gallery's image and its label) does so on every tap: its list of later changes keeps its
  /// room for one, so the next frame's second change allocates nothing (an allocation, a free
  /// and a generic deinit, about 500 instructions). Larger lists are freed. Inlinable: the
  /// engine clears every changed view of a frame, and the call was a fifth of the clearing.
  @inlinable package mutating func removeAll() {
    guard count != 0 else { return }
    if count > 1 {
      if rest.capacity <= Self.keptRoom {
        // One by one: `removeAll(keepingCapacity:)` went through `replaceSubrange`, 250
        // instructions for a list of one or two.
        while rest.popLast() != nil {}
      } else {
        rest = []
      }
    }
    storedFirstKey = nil
    firstPrevious = nil
    count = 0
  }

  /// The second change, when there is one.
  @inlinable package var second: Change? { rest.first }

  /// The key of the second change, when `count` is at least 2.
  @inlinable package var secondKey: RenderKey { rest[0].key }

  /// The value `secondKey` had before its first change, read in place (no copy of the pair).
  @inlinable package var secondPrevious: WireValue? {
    _read { yield rest[0].previous }
  }

  /// The changes in the order they first happened.
  @usableFromInline package func makeIterator() -> Iterator { Iterator(changes: self) }

  /// Walks the inline change, then the rest.
  @usableFromInline package struct Iterator: IteratorProtocol {
    fileprivate let changes: RenderChanges
    fileprivate var position = 0

    @usableFromInline package mutating func next() -> Change? {
      defer { position += 1 }
      guard position < changes.count else { return nil }
      return position == 0 ? (changes.firstKey, changes.firstPrevious) : changes.rest[position - 1]
    }
  }
}

/// A view's changes since the last frame, as the change tracker records them for the engine.
@usableFromInline package struct PendingChanges {
  // The render changes come first and every field is set in `init` rather than by an
  // initial-value expression: the engine makes an empty value for every changed view of a
  // frame, and this way that is a few aligned stores instead of a call and an unaligned copy.
  /// Render properties changed, with their values before the first change.
  @usableFromInline package var render: RenderChanges
  /// Whether the tracker's list of changed views holds the view.
  @usableFromInline package var isQueued: Bool
  /// Whether the layout frame changed.
  @usableFromInline package var layout: Bool
  /// Whether the order or membership of the subviews changed.
  @usableFromInline package var children: Bool

  @inlinable package init() {
    render = RenderChanges()
    isQueued = false
    layout = false
    children = false
  }

  /// Forgets what was recorded, in place (see `RenderChanges.removeAll`).
  @inlinable package mutating func removeAll() {
    render.removeAll()
    isQueued = false
    layout = false
    children = false
  }

  /// Applies `change` and marks the view queued, in one access to the view's field (every
  /// property setter comes through here); returns whether it was queued already.
  @inline(__always)
  package mutating func note(_ change: (inout PendingChanges) -> Void) -> Bool {
    change(&self)
    defer { isQueued = true }
    return isQueued
  }
}
