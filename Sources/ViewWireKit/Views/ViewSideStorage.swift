/// A few values by key, in an array of pairs searched in order.
///
/// For the per-view tables that hold one or two entries (a view's dynamic colours, a button's
/// titles and title colours by state): a `Dictionary` of one entry is a hash table of at least
/// two buckets with its own header, about 200 bytes, where an array of one pair is 50 to 80;
/// with thousands of views per daemon (issue 14, "Lean sessions"), that difference is a
/// session's kilobytes. Lookups compare every key, which for the two or three entries these
/// tables hold is faster than hashing. Empty, it allocates nothing.
package struct SmallTable<Key: Equatable, Value> {
  /// The entries, each key once, in the order they were first set.
  private var pairs: [(key: Key, value: Value)] = []

  /// An empty table.
  package init() {}

  /// Whether the table holds nothing.
  package var isEmpty: Bool { pairs.isEmpty }

  /// The value for `key`, or nil; setting nil removes the entry.
  package subscript(key: Key) -> Value? {
    get {
      for pair in pairs where pair.key == key { return pair.value }
      return nil
    }
    set {
      let index = pairs.firstIndex { $0.key == key }
      switch (index, newValue) {
      case (let index?, let value?): pairs[index].value = value
      case (let index?, nil):
        pairs.remove(at: index)
        if pairs.isEmpty { pairs = [] }  // gives the storage back
      case (nil, let value?):
        // Exactly one more: these tables rarely grow past two, and a doubled array is spare room.
        pairs.reserveCapacity(pairs.count + 1)
        pairs.append((key, value))
      case (nil, nil): break
      }
    }
  }

  /// The entries, in the order they were first set.
  package var entries: [(key: Key, value: Value)] { pairs }

  /// This table with its storage made immortal (`makeImmortal`), for a table made once for the
  /// process and shared by views on every event loop (`SharedColorTables`). An `Array` is one
  /// reference to its storage object (a frozen layout); the empty array's storage is immortal
  /// already.
  func immortalized() -> SmallTable {
    makeImmortal(unsafeBitCast(pairs, to: AnyObject.self))
    return self
  }
}

extension SmallTable: Sendable where Key: Sendable, Value: Sendable {}

/// One-entry tables of dynamic colours, made once for the whole process and shared by every
/// view whose only dynamic colour is one of them: a label's `textColor` of `.label`, a
/// container's `bg` of `.systemBackground`.
///
/// Nearly every kit view has exactly one dynamic colour, and one of a dozen system colours under
/// one of two keys; its own table was an 88-byte array per view (a login screen's eleven, in
/// every session). A view given one of these holds a reference to the shared array, which
/// copy-on-write copies if the view ever changes the table (a second dynamic colour); arrays'
/// reference counts are atomic, so sessions on different loops may share them.
enum SharedColorTables {
  /// The keys the kit sets dynamic colours under.
  private static let keys: [RenderKey] = [.bg, .textColor]
  /// The system colours (each one provider, so compared by identity after the components).
  private static let colors: [Color] = [
    .label, .systemBackground, .systemBlue, .secondaryLabel, .placeholderText,
    .secondarySystemBackground, .navigationBarBackground, .tabBarBackground, .systemGray4,
    .systemGreen, .systemRed, .separator,
  ]
  /// `keys` × `colors`, key-major.
  private static let tables: [SmallTable<RenderKey, Color>] = keys.flatMap { key in
    colors.map { color in
      var table = SmallTable<RenderKey, Color>()
      table[key] = color
      // Views on both event loops share it: its count is left unwritten (`makeImmortal`).
      return table.immortalized()
    }
  }

  /// The shared table holding only `key` → `color`, or nil when there is none.
  static func table(_ key: RenderKey, _ color: Color) -> SmallTable<RenderKey, Color>? {
    guard let keyIndex = keys.firstIndex(of: key), let colorIndex = colors.firstIndex(of: color) else {
      return nil
    }
    return tables[keyIndex * colors.count + colorIndex]
  }
}

/// What a view holds only when an app sets it: its own tint colour, its accessibility
/// settings, the safe-area insets a container assigned it, its tag, the controller it is the
/// root view of, its layer, its gesture recognizers.
///
/// Most views never set any of these; kept inline, they cost every view about 170 bytes (a
/// colour with its provider, the accessibility overrides with three strings, an insets record,
/// a tag), which at a login screen's dozen views and ten thousand sessions is 20 MB. A view
/// allocates this box the first time one of them is set to something (issue 14, "Lean
/// sessions"), so a plain view pays one pointer. The controller, the layer and the recognizers
/// joined later (8 bytes each in every view, set on one view in ten of a login screen): the
/// views that have them mostly have a box already (a root view for its insets, a button with a
/// layer for its tint), and the box's 16 more bytes are paid by those few.
final class ViewSideStorage {
  /// The tint colour set on this view itself (nil: inherited).
  var ownTintColor: Color?
  /// What the app set of the view's accessibility.
  ///
  /// In a box of its own, as even fewer views set it than set the rest: inline, its three
  /// strings and flags were 64 of this box's 168 bytes, paid by every root view for its insets.
  /// Edited in place through `_modify` (and `replaceAccessibilityLabelOverride`): a get and a
  /// set would copy the whole struct on every accessibility setter.
  var accessibilityOverrides: AccessibilityOverrides? {
    get { overrides?.value }
    _modify {
      if let overrides {
        yield &overrides.value
      } else {
        var value: AccessibilityOverrides? = nil
        yield &value
        if value != nil { overrides = Box(value) }
      }
    }
    set {
      if let overrides { overrides.value = newValue } else if newValue != nil { overrides = Box(newValue) }
    }
  }
  private var overrides: Box<AccessibilityOverrides?>?

  /// The label the app set, read where it is stored: the getter of `accessibilityOverrides`
  /// copies the whole struct (its three strings retained, then released through a generic
  /// destroy, about 400 instructions), and every label or value setter read one field again.
  var accessibilityLabelOverride: String? { overrides?.value?.label }

  /// The value the app set, read where it is stored (see `accessibilityLabelOverride`).
  var accessibilityValueOverride: String? { overrides?.value?.value }

  /// Sets the label the app set where it is stored, when the app set some accessibility
  /// already: nil when it set none (the caller takes the general way), else whether the label
  /// changed. Through `_modify` and a closure this was about 250 instructions of every toggle of
  /// the gallery, which names the image it shows.
  func replaceAccessibilityLabelOverride(with label: String?) -> Bool? {
    // A mutating call through optional chaining edits the stored struct in place; testing the
    // optional for nil first copied the whole struct (its three strings retained, released).
    overrides?.value?.replaceLabel(with: label)
  }

  /// Sets the value the app set where it is stored, as `replaceAccessibilityLabelOverride`
  /// (the square says where it is on every move of a drag).
  func replaceAccessibilityValueOverride(with value: String?) -> Bool? {
    overrides?.value?.replaceValue(with: value)
  }

  /// A value kept out of line.
  private final class Box<Value> {
    /// Unchecked for exclusivity at run time: a view's accessibility setters read and change it
    /// in place, and no access calls out while it is open.
    @exclusivity(unchecked) var value: Value
    init(_ value: Value) { self.value = value }
  }
  /// The controller whose root view this is (a screen's one or two views have one).
  /// Unretained and nil once the controller is gone, as a weak reference, but checked unowned
  /// (`CheckedUnowned`): a weak one gave every controller with a view a side table, and each
  /// retain of the controller (its actions', its responder chain's) took the slow path.
  var owningViewController: ViewController? {
    get { CheckedUnowned.load(owningViewControllerReference, as: ViewController.self) }
    set { CheckedUnowned.replace(&owningViewControllerReference, with: newValue) }
  }
  /// Unchecked for exclusivity at run time: read, or replaced by `CheckedUnowned.replace`,
  /// which calls only the runtime's unowned retain and release; `View.next` reads it on each
  /// step up the responder chain (four a move of the square's drag), and each check cost
  /// about 75 instructions.
  @exclusivity(unchecked) private var owningViewControllerReference: UnsafeMutableRawPointer?
  /// The view's layer, made the first time an app asks for it.
  var layer: Layer?
  /// The gesture recognizers attached to the view (unchecked for exclusivity as they were in
  /// the view: the touch path reads them and calls out with no access open).
  @exclusivity(unchecked) var gestureRecognizers: [GestureRecognizer] = []
  /// The app's tag.
  var tag = 0
  // Last: its 33 bytes end the object, where their padding costs nothing.
  /// The insets a container gave this view as a controller's root view.
  var assignedSafeAreaInsets: EdgeInsets?

  /// Whether everything has its default again, so the view may drop the box.
  var isEmpty: Bool {
    ownTintColor == nil && accessibilityOverrides == nil && assignedSafeAreaInsets == nil
      && tag == 0 && owningViewController == nil && layer == nil && gestureRecognizers.isEmpty
  }

  deinit { CheckedUnowned.release(owningViewControllerReference) }
}
