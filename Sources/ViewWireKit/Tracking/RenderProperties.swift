package import ViewWireProtocol

/// A view's render properties by wire key, kept sorted by key.
///
/// A view has a handful (a label six, most views none to three), so a short sorted array beats
/// a hash table: the keys are short strings that compare inline without hashing, and the diff
/// engine and `tree` read them in wire order (sorted) without sorting a copy.
package struct RenderProperties: Sequence, Equatable, Sendable {
  /// The properties in key order.
  package private(set) var entries: [(key: String, value: WireValue)] = []

  /// No properties.
  package init() {}

  /// The value for `key`, or nil when absent; setting nil removes it.
  package subscript(key: String) -> WireValue? {
    get {
      for entry in entries where entry.key == key { return entry.value }
      return nil
    }
    set {
      var index = 0
      while index < entries.count, entries[index].key < key { index += 1 }
      if index < entries.count, entries[index].key == key {
        if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
      } else if let newValue {
        entries.insert((key, newValue), at: index)
      }
    }
  }

  /// Whether the view has no render property.
  package var isEmpty: Bool { entries.isEmpty }

  /// How many properties the view has.
  package var count: Int { entries.count }

  /// The properties in key order.
  package func makeIterator() -> IndexingIterator<[(key: String, value: WireValue)]> {
    entries.makeIterator()
  }

  /// Compares key by key; tuples cannot conform to `Equatable` themselves.
  package static func == (lhs: RenderProperties, rhs: RenderProperties) -> Bool {
    lhs.entries.elementsEqual(rhs.entries) { $0.key == $1.key && $0.value == $1.value }
  }
}

/// The render properties changed since the last frame, each once, with the value it had before
/// its first change, in the order they first changed.
///
/// Most frames change one property of a view (a label's text); a list of one is all that takes.
package struct RenderChanges {
  /// Each changed key once, with its value before the first change (nil: it was absent).
  package private(set) var entries: [(key: String, previous: WireValue?)] = []

  package init() {}

  /// Records `key`'s earlier value, unless an earlier change in this frame already did.
  package mutating func record(_ key: String, previous: WireValue?) {
    for entry in entries where entry.key == key { return }
    entries.append((key, previous))
  }

  /// Whether nothing changed.
  package var isEmpty: Bool { entries.isEmpty }

  /// Forgets every change (the frame that sent them is out).
  package mutating func removeAll() { entries.removeAll() }
}

/// A view's changes since the last frame, as the change tracker records them for the engine.
package struct PendingChanges {
  /// Whether the tracker's list of changed views holds the view.
  package var isQueued = false
  /// Whether the layout frame changed.
  package var layout = false
  /// Whether the order or membership of the subviews changed.
  package var children = false
  /// Render properties changed, with their values before the first change.
  package var render = RenderChanges()

  package init() {}

  /// Applies `change` and marks the view queued, in one access to the view's field (every
  /// property setter comes through here); returns whether it was queued already.
  @inline(__always)
  package mutating func note(_ change: (inout PendingChanges) -> Void) -> Bool {
    change(&self)
    defer { isQueued = true }
    return isQueued
  }
}
