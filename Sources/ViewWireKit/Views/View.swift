public import Foundation
public import ViewWireProtocol

/// A rectangle on screen and the root class of every view (UIKit's `UIView`).
///
/// A view owns its subviews, lays them out in `layoutSubviews()` from its `bounds`, and exposes
/// render properties (colour, alpha, corner radius, text...) that travel to clients. Setting a
/// property records only that the property changed (a dirty flag), so the diff engine produces
/// frames in time proportional to what changed, never to the size of the tree.
///
/// Views are not thread-safe: each lives in one session and is touched only on that session's
/// thread, as UIKit views live on the main thread.
open class View: Responder {
  // MARK: Hierarchy

  /// The view this one is a subview of.
  ///
  /// Unretained, as UIKit's is: the superview holds its subviews and clears this in `deinit`,
  /// so it never dangles, and while a subclass's `deinit` runs it still names the parent (a
  /// `deinit` may take its subviews out, as UIKit code does). A weak reference gave every parent
  /// a side table, which made each retain and release of a parent (every frame touches
  /// thousands of rows) take the slow path; a checked unowned one traps in that `deinit`.
  public private(set) var superview: View? {
    get { superviewReference?.takeUnretainedValue() }
    set { superviewReference = newValue.map(Unmanaged.passUnretained) }
  }

  /// `superview`'s storage, for the walks up the tree on every input (a touch's point, the
  /// recognizers above the hit view, a layout's depth): read through a `unowned(unsafe)` local,
  /// an `Unmanaged` costs no retain or release, where the `unowned(unsafe)` property retained
  /// each ancestor it named (for views, a slow side-table operation). The same invariant as
  /// `superview`'s: set only by `addSubview` (to the new parent) and cleared by removal and by
  /// the parent's `deinit`, so it never names a view that is gone. Unchecked for exclusivity at
  /// run time: every access is a read or a store.
  @exclusivity(unchecked) final var superviewReference: Unmanaged<View>?

  /// The subviews, back to front: later ones draw on top and are hit-tested first.
  @exclusivity(unchecked) public private(set) var subviews: [View] = []

  // MARK: Child positions
  // Taking a view out of a table of 10,000 rows searched the subviews with `firstIndex`, so
  // clearing the table from the back was quadratic (20 to 30 ms). Each view instead remembers
  // where it sits in its superview, and the superview how many of its subviews, from the front,
  // are known to remember correctly: an insertion or removal at `i` shifts the ones after it, so
  // the count drops to `i` (nothing is renumbered then) and a later lookup renumbers from the
  // count up to the view it looks for. Appending, removing the last and exchanging cost O(1),
  // a lookup after a change at `i` costs the distance from `i`, once. The position is always
  // checked against `subviews` before it is believed, so a stale one can only cost time.

  /// This view's position in its superview's `subviews`, valid when below the superview's
  /// `indexedSubviewCount` (checked before use in any case).
  private final var positionInSuperview: Int {
    get { Int(storedPositionInSuperview) }
    set { storedPositionInSuperview = Int32(truncatingIfNeeded: newValue) }
  }
  /// How many subviews, from the front, have a correct `positionInSuperview`.
  private final var indexedSubviewCount: Int {
    get { Int(storedIndexedSubviewCount) }
    set { storedIndexedSubviewCount = Int32(truncatingIfNeeded: newValue) }
  }
  // These five counters are stored as `Int32`s, in 8 bytes and three paddings where five `Int`s
  // took 40 (issue 14, "Lean sessions": every view of every session has them). A view's subviews
  // cannot number 2^31 (each is an object of hundreds of bytes), and a position that wrapped
  // would only be a wrong hint, checked before it is believed; the edit count is compared with 0
  // and 1 only, and 2^32 edits between two frames cannot happen.
  // The last three are declared further down, each in the padding after a few one-byte flags
  // (`isUserInteractionEnabled`, `needsLayout`, `needsDisplay`), where they take no room.
  private final var storedPositionInSuperview: Int32 = 0
  private final var storedIndexedSubviewCount: Int32 = 0

  /// Where `view` is among the subviews, or nil when it is not one; O(1) unless the subviews
  /// changed in front of it since it was last looked up.
  package final func indexOfSubview(_ view: View) -> Int? {
    guard view.superview === self else { return nil }
    let hint = view.positionInSuperview
    if hint < subviews.count, subviews[hint] === view { return hint }
    var index = indexedSubviewCount
    while index < subviews.count {
      let child = subviews[index]
      child.positionInSuperview = index
      index += 1
      if child === view {
        indexedSubviewCount = index
        return index - 1
      }
    }
    indexedSubviewCount = subviews.count
    return nil
  }

  /// How many times the subviews changed since the diff engine last sent them (it resets this),
  /// and the positions of the last exchange: when the one change is an exchange, the engine
  /// knows the client's list is this one with those two swapped, without comparing the lists.
  package final var childEditsSinceSent: Int {
    get { Int(storedChildEdits) }
    set { storedChildEdits = Int32(truncatingIfNeeded: newValue) }
  }
  /// The two positions `exchangeSubview` last swapped (see `childEditsSinceSent`).
  package final private(set) var lastExchange: (Int, Int) {
    get { (Int(storedExchangeFirst), Int(storedExchangeSecond)) }
    set {
      storedExchangeFirst = Int32(truncatingIfNeeded: newValue.0)
      storedExchangeSecond = Int32(truncatingIfNeeded: newValue.1)
    }
  }

  /// Inserts into `subviews`, keeping the positions' bookkeeping.
  private func insertIntoSubviews(_ view: View, at index: Int) {
    childEditsSinceSent &+= 1
    noteIdentifierLookupChange()
    subviews.insert(view, at: index)
    view.positionInSuperview = index
    // The views after `index` moved; those before it did not.
    if indexedSubviewCount >= index { indexedSubviewCount = index + 1 }
  }

  /// Removes from `subviews`, keeping the positions' bookkeeping.
  private func removeFromSubviews(at index: Int) {
    childEditsSinceSent &+= 1
    noteIdentifierLookupChange()
    subviews.remove(at: index)
    if indexedSubviewCount > index { indexedSubviewCount = index }
  }

  /// Subviews that outlive this view (held elsewhere) are left without a superview rather than
  /// with a dangling one.
  deinit {
    for subview in subviews { subview.superview = nil }
    // A recognizer the app still holds no longer names this view (its `view` is unretained).
    for recognizer in gestureRecognizers where recognizer.view === self { recognizer.view = nil }
  }

  /// The window this view is in, or nil while it is not in one.
  ///
  /// Kept up to date on every attach and detach (as UIKit's `willMove(toWindow:)`), so that
  /// setting a property finds the change tracker in constant time.
  ///
  /// Unretained, as `superview`: the window clears it in every view of its tree in its `deinit`
  /// (and a view leaving the window has it cleared as it leaves), so it never dangles. A weak
  /// reference gave each session's window a side table, and every retain and release of the
  /// window (a dozen on each input: the session, the touch, the frame, the reply) took the
  /// runtime's slow path.
  public internal(set) var window: Window? {
    @inline(__always) get { windowReference?.takeUnretainedValue() }
    @inline(__always) set { windowReference = newValue.map(Unmanaged.passUnretained) }
  }

  /// `window`'s storage. Unchecked for exclusivity at run time (a load or store that calls
  /// nothing): every layout pass and trait lookup reads it.
  @exclusivity(unchecked) final var windowReference: Unmanaged<Window>?

  // MARK: Geometry
  // The geometry, the hierarchy and the flags hit testing and `view(withIdentifier:)` read are
  // `@exclusivity(unchecked)`, as the change-tracking state below is (see there): every tap
  // reads them for each view on its way (hit test, identifier search, layout), and each read's
  // run-time check (a lookup in a thread-local set of accesses) cost more than the read; with
  // the checks on, they were about a tenth of a tap's user-space time in the daemon. A view
  // is touched on its session's thread only, and no accessor of these keeps an access open
  // across a call that could reach the same field (observed properties are read and written
  // whole, `didSet` after the write); the compile-time checks still apply.

  /// The frame's origin; with `bounds.size`, the frame. Stored apart from the size because UIKit
  /// keeps the centre fixed when only the bounds change.
  @exclusivity(unchecked) private var frameOrigin: CGPoint = .zero

  /// The view's own coordinate system: its origin is the scroll offset, its size the view's size.
  @exclusivity(unchecked) public var bounds: CGRect = .zero {
    didSet {
      guard bounds != oldValue else { return }
      if bounds.size != oldValue.size {
        // UIKit keeps the centre where it was when the size changes through the bounds.
        frameOrigin.x -= (bounds.size.width - oldValue.size.width) / 2
        frameOrigin.y -= (bounds.size.height - oldValue.size.height) / 2
        sizeDidChange()
      }
      if bounds.origin != oldValue.origin { boundsOriginDidChange() }
      noteLayoutChange()
    }
  }

  /// The view's rectangle in its superview's coordinates.
  public var frame: CGRect {
    get { CGRect(origin: frameOrigin, size: bounds.size) }
    set {
      // Compared by component, inline: Foundation's == on points and sizes is a call into
      // another library, and tables set thousands of frames per layout pass.
      let size = bounds.size
      let sizeChanged = newValue.size.width != size.width || newValue.size.height != size.height
      let originChanged = newValue.origin.x != frameOrigin.x || newValue.origin.y != frameOrigin.y
      guard sizeChanged || originChanged else { return }
      frameOrigin = newValue.origin
      if sizeChanged {
        // Assigning the bounds moves the origin to keep the centre; the frame wins here.
        withoutCentreCorrection { bounds.size = newValue.size }
      }
      noteLayoutChange()
    }
  }

  /// The frame's centre in the superview's coordinates.
  public var center: CGPoint {
    get { CGPoint(x: frameOrigin.x + bounds.width / 2, y: frameOrigin.y + bounds.height / 2) }
    set {
      let origin = CGPoint(x: newValue.x - bounds.width / 2, y: newValue.y - bounds.height / 2)
      guard origin != frameOrigin else { return }
      frameOrigin = origin
      noteLayoutChange()
    }
  }

  private func withoutCentreCorrection(_ body: () -> Void) {
    let keep = frameOrigin
    body()
    frameOrigin = keep
  }

  /// Creates a view with a frame, as `UIView(frame:)`.
  public init(frame: CGRect) {
    super.init()
    noteAccessibilityClass()
    self.frameOrigin = frame.origin
    self.bounds = CGRect(origin: .zero, size: frame.size)
    self.frameOrigin = frame.origin
  }

  /// Creates a view with an empty frame; its superview's `layoutSubviews` places it.
  ///
  /// Designated, like `init(frame:)`, so a subclass may write `init() { super.init() ... }` as
  /// seed 000 does. Required, so code generic over a view class can write `V()` (seed 002's
  /// `CustomViewController<CustomView: UIView>`): UIKit reaches `init()` through the
  /// Objective-C runtime, Swift only through a required initializer. A subclass that declares an
  /// initializer of its own (`init(fruit:)`) therefore declares `init()` too, as UIKit subclasses
  /// declare `init?(coder:)`; one that declares none inherits it.
  public required override init() {
    super.init()
    noteAccessibilityClass()
  }

  // MARK: Render properties

  /// The fill behind the view's content; nil draws nothing.
  ///
  /// Unchecked for exclusivity at run time, as `alpha`: a store, then its observer (the square
  /// app sets it on every move of a drag).
  ///
  /// A setter rather than an observer: a fixed colour is made a wire colour from the new value
  /// before it is stored, so the colour is never copied. An observer read it back from the
  /// storage and passed it on, a copy, and a copy of a colour goes through the runtime's generic
  /// value witnesses (its `CGFloat`s are Foundation's): about 200 instructions per set, which the
  /// square app does on every move of a drag (issue 14, "Cheaper per input").
  open var backgroundColor: Color? {
    get { storedBackgroundColor }
    set {
      let wire = newValue?.fixedWireColor
      storedBackgroundColor = newValue
      if let wire { return setRenderFixedColor(.bg, wire) }
      setRenderColor(.bg, storedBackgroundColor)
    }
  }
  /// Storage behind `backgroundColor`. Unchecked for exclusivity at run time, as `alpha`: a
  /// store, then the render property's update.
  @exclusivity(unchecked) private var storedBackgroundColor: Color?

  /// Opacity from 0 to 1. Views below 0.01 are not hit-tested.
  @exclusivity(unchecked) open var alpha: CGFloat = 1 {
    didSet { setRenderProperty(.alpha, alpha == 1 ? nil : .number(Double(alpha))) }
  }

  /// Hidden views and their subtrees are neither drawn nor hit-tested.
  @exclusivity(unchecked) open var isHidden: Bool = false {
    didSet { setRenderProperty(.hidden, isHidden ? .bool(true) : nil) }
  }

  /// Whether subviews are clipped to the bounds, for drawing and hit testing alike.
  open var clipsToBounds: Bool = false {
    didSet { setRenderProperty(.clips, clipsToBounds ? .bool(true) : nil) }
  }

  /// Whether touches may land on this view and its subviews.
  @exclusivity(unchecked) open var isUserInteractionEnabled: Bool = true
  /// Storage behind `translatesAutoresizingMaskIntoConstraints` (AutoLayout/): in the padding
  /// after the flags above, free, where in the view's layout state its one byte took that object
  /// past a 96-byte malloc chunk.
  /// Unchecked for exclusivity at run time: read or stored, never held across a call; every
  /// text or image change of a label or image view reads it (`invalidateIntrinsicContentSize`),
  /// and its check was about 75 instructions each time.
  @exclusivity(unchecked) package final var translatesAutoresizingMaskStorage = true
  /// Storage behind `childEditsSinceSent`, here to fill the padding after the flags above.
  private final var storedChildEdits: Int32 = 0

  /// An integer app code can use to find the view (`viewWithTag(_:)`).
  ///
  /// Kept in the side storage, as few views have one.
  open var tag: Int {
    get { side?.tag ?? 0 }
    set {
      guard newValue != tag else { return }
      editSide { $0.tag = newValue }
    }
  }

  /// What few views set (tint, accessibility, assigned insets, tag), nil
  /// while the view has all their defaults: see `ViewSideStorage`.
  private final var side: ViewSideStorage?

  /// The side storage, nil while the view has every default (for tests).
  final var sideStorageIfMade: ViewSideStorage? { side }

  /// Changes the side storage, creating it on the first change and dropping it when all its
  /// values are back to their defaults.
  private final func editSide(_ body: (ViewSideStorage) -> Void) {
    let storage = side ?? ViewSideStorage()
    body(storage)
    side = storage.isEmpty ? nil : storage
  }

  /// The identifier scripts use to find the view (`tap @identifier`), UIKit's
  /// `accessibilityIdentifier`: it names the view for tests and scripts, and assistive
  /// technology does not read it (the label is ``accessibilityLabel``).
  ///
  /// A change moves the window's `identifierGeneration` on, so `view(withIdentifier:)` looks
  /// again.
  open var accessibilityIdentifier: String? {
    get { storedAccessibilityIdentifier }
    set {
      storedAccessibilityIdentifier = newValue
      noteIdentifierLookupChange()
      setRenderProperty(.ident, newValue.map { .string($0) })
    }
  }
  /// Storage behind `accessibilityIdentifier`, which `view(withIdentifier:)` compares with what
  /// the (overridable) getter answers. Unchecked for exclusivity at run time: read or stored,
  /// never held across a call.
  @exclusivity(unchecked) final var storedAccessibilityIdentifier: String?

  /// Moves this view's window's `identifierGeneration` on: something changed that may change
  /// which view `view(withIdentifier:)` finds (an identifier, or the order or membership of
  /// the window's views). Through the unretained reference, without a retain of the window.
  @inline(__always) final func noteIdentifierLookupChange() {
    if let window = windowReference {
      window._withUnsafeGuaranteedRef { $0.identifierGeneration &+= 1 }
    }
  }

  /// The colour controls draw their content with; inherited from the superview when nil.
  open var tintColor: Color! {
    get { ownTintColor ?? superview?.tintColor ?? .systemBlue }
    set {
      ownTintColor = newValue
      tintColorDidChange()
    }
  }
  private var ownTintColor: Color? {
    get { side?.ownTintColor }
    set {
      guard newValue != nil || side?.ownTintColor != nil else { return }
      editSide { $0.ownTintColor = newValue }
    }
  }

  /// Called when `tintColor` changes, so controls can redraw with it.
  open func tintColorDidChange() {
    for subview in subviews where subview.ownTintColor == nil { subview.tintColorDidChange() }
  }

  /// Border, corner radius and clipping, reached as on iOS through `view.layer`.
  ///
  /// Made on first use and kept in the side storage, as before in a lazy field of the view:
  /// most views never ask for it, and the field cost each of them 8 bytes.
  public var layer: Layer {
    if let layer = side?.layer { return layer }
    let layer = Layer(view: self)
    editSide { $0.layer = layer }
    return layer
  }

  /// The render properties as they stand, by wire key; absent keys have their default.
  ///
  /// Settable in the package so the diff engine can record, beside each value, the hash term
  /// of what the client holds (`RenderProperties.Entry.sentTerm`). Reached through an inlinable
  /// accessor and unchecked for exclusivity at run time, as the change-tracking state below is,
  /// for the same reason.
  @inlinable package final var renderProperties: RenderProperties {
    _read { yield _renderProperties }
    _modify { yield &_renderProperties }
  }
  /// Storage behind `renderProperties`.
  @exclusivity(unchecked) @usableFromInline package final var _renderProperties = RenderProperties()

  /// Sets a render property that travels to clients; nil removes it.
  ///
  /// The kit's own properties call this from their `didSet`; an app's view may add keys of its
  /// own (PROTOCOL.md section 6). Setting a property to the value it has records nothing.
  public func setRenderProperty(_ key: String, _ value: WireValue?) {
    setRenderProperty(RenderKey(key), value)
  }

  /// `setRenderProperty(_:_:)` with the key interned: the kit's own properties pass the static
  /// keys (`.text`), which compare as pointers and carry their wire bytes and what this setter
  /// asks of them, instead of strings compared and encoded again on every change.
  ///
  /// The value is taken (`consuming`): the setters make it for this call, and it moves into the
  /// view's properties rather than being copied there and released by the caller.
  package func setRenderProperty(_ key: RenderKey, _ value: consuming WireValue?) {
    // A key set to a value of its own no longer follows a dynamic colour set before.
    if !dynamicColors.isEmpty { forgetDynamicColor(key) }
    var (changed, old) = renderProperties.update(key, taking: &value)
    guard changed else { return }
    // The view holds its tracker, and noting a change does not let go of it: called without
    // a retain and release of the tracker (four pairs a tap). The old value is handed over,
    // not copied (`noteRender`).
    if let tracker = changeTracker.map(Unmanaged.passUnretained) {
      tracker._withUnsafeGuaranteedRef { $0.noteRender(of: self, key: key, taking: &old) }
    }
    if !key.isAnimation { noteAnimatedChange() }
    // Once worked out, the `a11y...` keys change only with the keys the defaults read (and
    // with what the app sets, and a control's selection, which refresh them themselves).
    if sendsAccessibilityKeys
      && (key.accessibilityDefaultsDepend || (!accessibilityKeysRefreshed && !key.isAccessibilityKey))
    {
      refreshAccessibilityKeys()
    }
  }

  /// Sets a colour render property, resolved for this view's traits; a dynamic colour (such as
  /// `.label` or `.systemBackground`) is kept and sent again, resolved anew, whenever the view's
  /// traits change (a `hello appearance=`, joining a window), so the client always holds the
  /// concrete colour for its appearance. nil removes the key.
  public func setRenderColor(_ key: String, _ color: Color?) {
    setRenderColor(RenderKey(key), color)
  }

  /// `setRenderColor(_:_:)` with the key interned, as the kit's own colours pass it.
  package func setRenderColor(_ key: RenderKey, _ color: Color?) {
    // A fixed colour: compared with what the key holds (`setRenderFixedColor`).
    if let wire = color?.fixedWireColor { return setRenderFixedColor(key, wire) }
    // The traits are read only for a dynamic colour: a fixed one resolves to itself, and
    // reading them loads the weak window and copies its traits (a drag's every move sets the
    // square's colour).
    setRenderProperty(
      key, color.map { .color(($0.isDynamic ? $0.resolvedColor(with: traitCollection) : $0).wireColor) })
    if let color, color.isDynamic {
      // The common case, one system colour and no other, shares a process-wide table.
      if dynamicColors.isEmpty, let shared = SharedColorTables.table(key, color) {
        dynamicColors = shared
      } else {
        dynamicColors[key] = color
      }
    }
  }

  /// Sets `key` to a fixed colour already made a wire colour.
  ///
  /// A fixed colour the key holds already (the square app sets its square's on every move of a
  /// drag) is compared where it is stored, without making the optional wire value that
  /// `setRenderProperty` would compare, and copy, and drop.
  func setRenderFixedColor(_ key: RenderKey, _ wire: WireColor) {
    if dynamicColors.isEmpty, let index = renderProperties.index(of: key),
      case .color(let held) = renderProperties.entries[index].value, held == wire
    {
      return
    }
    setRenderProperty(key, .color(wire))
  }

  /// The dynamic colours behind render keys, by key; empty (no storage) for the many views that
  /// have none. A small table of pairs rather than a dictionary: a view has one or two
  /// (background, text), and a one-entry dictionary cost about 200 bytes, its table 100.
  ///
  /// Unchecked for exclusivity at run time, as the fields below: every render property set
  /// reads it (and these were about a tenth of a tap's checks). Each access is a read, or a
  /// mutation that calls nothing that could reach the same field.
  @exclusivity(unchecked) private var dynamicColors = SmallTable<RenderKey, Color>()

  private func forgetDynamicColor(_ key: RenderKey) {
    guard dynamicColors[key] != nil else { return }
    dynamicColors[key] = nil
  }

  // MARK: Traits

  /// The traits of the window the view is in (UIKit's `traitCollection`), or the defaults
  /// outside one.
  public var traitCollection: TraitCollection { window?.traits ?? TraitCollection() }

  /// Called when the view's traits changed (appearance, text size, size classes...), after its
  /// dynamic colours were resolved anew; override it to redo what depends on them.
  open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}

  /// Brings what the kit derives from the traits up to date: the dynamic colours, and what a
  /// subclass resolves (a label's text-style font). Runs when the traits change and when the view
  /// joins a window, whose traits may differ from the defaults it was built with.
  func resolveTraitDependents() {
    let colors = dynamicColors
    guard !colors.isEmpty else { return }
    // Setting a key forgets the dynamic colour behind it; these keys keep theirs, so the table
    // is set aside while they are set (forgetting them one by one would copy it).
    dynamicColors = SmallTable()
    let traits = traitCollection
    for (key, color) in colors.entries {
      setRenderProperty(key, .color(color.resolvedColor(with: traits).wireColor))
    }
    dynamicColors = colors
  }

  /// After the window's traits changed from `previous`: resolves this subtree again and tells
  /// each view, parents before children. A view that draws is drawn again, since its `draw(_:)`
  /// may use dynamic colours.
  package func propagateTraitChange(from previous: TraitCollection) {
    resolveTraitDependents()
    if renderProperties[.draw] != nil { setNeedsDisplay() }
    traitCollectionDidChange(previous)
    for subview in subviews { subview.propagateTraitChange(from: previous) }
  }

  /// What the app set of the view's accessibility (label, traits...), nil while it set nothing.
  ///
  /// Kept in the side storage, as nearly every view keeps UIKit's defaults.
  package final var accessibilityOverrides: AccessibilityOverrides? {
    get { side?.accessibilityOverrides }
    set {
      guard newValue != nil || side?.accessibilityOverrides != nil else { return }
      editSide { $0.accessibilityOverrides = newValue }
    }
  }

  // Reading `accessibilityOverrides` copies the struct, retaining and releasing its three
  // strings; the square app sets its accessibility value on every move of a drag, to what it
  // has four times in five. These read or change one field where it is stored.

  /// The label the app set, read in place; nil when it set none.
  final var accessibilityLabelOverride: String? { side?.accessibilityLabelOverride }

  /// The value the app set, read in place; nil when it set none.
  final var accessibilityValueOverride: String? { side?.accessibilityValueOverride }

  /// Sets the label the app set where it is stored, when it set some accessibility already:
  /// nil when it set none, else whether the label changed (`ViewSideStorage`).
  final func replaceAccessibilityLabelOverride(with label: String?) -> Bool? {
    side?.replaceAccessibilityLabelOverride(with: label)
  }

  /// Sets the value the app set where it is stored, as `replaceAccessibilityLabelOverride`.
  final func replaceAccessibilityValueOverride(with value: String?) -> Bool? {
    side?.replaceAccessibilityValueOverride(with: value)
  }

  /// Whether the view's `a11y...` keys may differ from the defaults a client computes, so a
  /// change to its other keys recomputes them: set once the app sets any accessibility property,
  /// a control is selected, or the view is an app's subclass of a kit control. False for nearly
  /// every view, which thereby pays one test per property change.
  @exclusivity(unchecked) package final var sendsAccessibilityKeys = false
  /// Whether the `a11y...` keys were worked out at least once: from then on they follow every
  /// change of what they depend on, so a change of anything else needs no new look.
  @exclusivity(unchecked) package final var accessibilityKeysRefreshed = false

  // MARK: Hierarchy changes

  /// Adds `view` on top of the other subviews, taking it from its superview first.
  open func addSubview(_ view: View) {
    insertSubview(view, at: subviews.count)
  }

  /// Inserts `view` at `index` among the subviews (clamped to the valid range).
  open func insertSubview(_ view: View, at index: Int) {
    precondition(view !== self, "a view cannot be its own subview")
    precondition(!isDescendant(of: view), "adding an ancestor as a subview would make a cycle")
    var index = max(0, min(index, subviews.count))
    if view.superview === self, let current = indexOfSubview(view) {
      // Moving within the same superview: no detach, only the order changes.
      if current == index || current == index - 1 && index == subviews.count { return }
      removeFromSubviews(at: current)
      if current < index { index -= 1 }
      insertIntoSubviews(view, at: min(index, subviews.count))
      changeTracker?.noteChildren(of: self)
      return
    }
    let oldWindow = view.window
    if oldWindow !== window { view.endInputLeavingWindow() }
    view.willMove(toSuperview: self)
    view.removeFromSuperviewKeepingWindow(newSuperview: self)
    insertIntoSubviews(view, at: index)
    view.superview = self
    if oldWindow !== window { view.propagateWindow(window, from: oldWindow) }
    changeTracker?.noteChildren(of: self)
    didAddSubview(view)
    view.didMoveToSuperview()
    setNeedsLayout()
  }

  /// Inserts `view` just above `sibling`.
  open func insertSubview(_ view: View, aboveSubview sibling: View) {
    guard let index = indexOfSubview(sibling) else { return addSubview(view) }
    insertSubview(view, at: index + 1)
  }

  /// Inserts `view` just below `sibling`.
  open func insertSubview(_ view: View, belowSubview sibling: View) {
    guard let index = indexOfSubview(sibling) else { return addSubview(view) }
    insertSubview(view, at: index)
  }

  /// Moves `view` to the front (the end of `subviews`).
  open func bringSubviewToFront(_ view: View) {
    guard view.superview === self else { return }
    insertSubview(view, at: subviews.count)
  }

  /// Moves `view` to the back (the start of `subviews`).
  open func sendSubviewToBack(_ view: View) {
    guard view.superview === self else { return }
    insertSubview(view, at: 0)
  }

  /// Swaps the subviews at two indexes.
  open func exchangeSubview(at first: Int, withSubviewAt second: Int) {
    guard first != second, subviews.indices.contains(first), subviews.indices.contains(second) else { return }
    subviews.swapAt(first, second)
    childEditsSinceSent &+= 1
    noteIdentifierLookupChange()
    lastExchange = (first, second)
    subviews[first].positionInSuperview = first
    subviews[second].positionInSuperview = second
    changeTracker?.noteChildren(of: self)
  }

  /// Takes the view out of its superview (and so out of the window); a first responder inside
  /// it resigns first, so its editing ends and the keyboard hides, and a touch on a view inside
  /// it is cancelled.
  open func removeFromSuperview() {
    guard superview != nil else { return }
    let oldWindow = window
    endInputLeavingWindow()
    willMove(toSuperview: nil)
    removeFromSuperviewKeepingWindow(newSuperview: nil)
    if oldWindow != nil { propagateWindow(nil, from: oldWindow) }
    didMoveToSuperview()
  }

  private func removeFromSuperviewKeepingWindow(newSuperview: View?) {
    guard let parent = superview, let index = parent.indexOfSubview(self) else { return }
    parent.willRemoveSubview(self)
    parent.removeFromSubviews(at: index)
    superview = nil
    if let tracker = parent.changeTracker {
      tracker.noteChildren(of: parent)
      tracker.noteDetached(self)
    }
    parent.setNeedsLayout()
  }

  /// Ends input in this subtree before it leaves its window, as UIKit does: a first responder
  /// inside it resigns (otherwise a removed text field would keep editing and the keyboard would
  /// stay up for nothing), and a touch on a view inside it is cancelled (its recognizers and the
  /// view see it cancelled; a later move or lift finds no finger down).
  private func endInputLeavingWindow() {
    guard let window else { return }
    if let responder = window.firstResponder as? View, responder.isDescendant(of: self) {
      window.forceResignFirstResponder()
    }
    if let touched = window.touchSequence?.touch.view, touched.isDescendant(of: self) {
      window.cancelTouchInProgress()
    }
  }

  private func propagateWindow(_ newWindow: Window?, from oldWindow: Window?) {
    owningViewController?.rootViewWillMove(toWindow: newWindow)
    willMove(toWindow: newWindow)
    window = newWindow
    // A view the client holds keeps recording while it is out of a window: taken out, changed
    // and put back before the next frame, it must send what changed. The engine lets go of the
    // tracker when it forgets the view.
    changeTracker = newWindow?.changes ?? (wireID != 0 ? changeTracker : nil)
    if newWindow != nil { resolveTraitDependents() }
    autoLayoutWindowChanged(from: oldWindow, to: newWindow)
    if let newWindow, needsLayout { newWindow.changes.noteNeedsLayout(self) }
    if let newWindow, needsDisplay { newWindow.changes.noteNeedsDisplay(self) }
    for subview in subviews { subview.propagateWindow(newWindow, from: oldWindow) }
    didMoveToWindow()
    owningViewController?.rootViewDidMove(toWindow: newWindow)
  }

  /// Whether this view is `view` or inside it.
  public func isDescendant(of view: View) -> Bool {
    var current: View? = self
    while let candidate = current {
      if candidate === view { return true }
      current = candidate.superview
    }
    return false
  }

  /// The first view in this subtree (this one included) with `tag`, depth first.
  public func viewWithTag(_ tag: Int) -> View? {
    if self.tag == tag { return self }
    for subview in subviews {
      if let found = subview.viewWithTag(tag) { return found }
    }
    return nil
  }

  /// Called before the view moves to another superview or out of one.
  open func willMove(toSuperview newSuperview: View?) {}
  /// Called after the view moved to another superview or out of one.
  open func didMoveToSuperview() {}
  /// Called before the view moves into or out of a window.
  open func willMove(toWindow newWindow: Window?) {}
  /// Called after the view moved into or out of a window.
  open func didMoveToWindow() {}
  /// Called after `subview` was added.
  open func didAddSubview(_ subview: View) {}
  /// Called before `subview` is removed.
  open func willRemoveSubview(_ subview: View) {}

  // MARK: Layout

  /// Whether `layoutSubviews` runs in the next layout pass.
  ///
  /// Unchecked for exclusivity at run time: every layout pass reads it for each queued view,
  /// and each access is a read or a store that calls nothing.
  @exclusivity(unchecked) public private(set) var needsLayout = true
  /// Storage behind `lastExchange`, here to fill the padding after the flags above.
  private final var storedExchangeFirst: Int32 = 0

  /// Asks for `layoutSubviews` in the next layout pass, which runs once per frame.
  open func setNeedsLayout() {
    guard !needsLayout else { return }
    needsLayout = true
    changeTracker?.noteNeedsLayout(self)
  }

  /// Runs any pending layout of this view and its subtree now: the window's constraints are
  /// solved first, so a changed constraint moves its views before this returns (UIKit's
  /// `constant = x; UIView.animate { layoutIfNeeded() }` idiom animates the change).
  open func layoutIfNeeded() {
    if let window {
      window.solveConstraintsIfNeeded()
      window.changes.runLayoutPass(within: self)
    } else {
      layoutSubtreeIgnoringWindow()
    }
  }

  private func layoutSubtreeIgnoringWindow() {
    if needsLayout { performLayout() }
    for subview in subviews { subview.layoutSubtreeIgnoringWindow() }
  }

  /// Lays out the subviews from `bounds`. The default does nothing: constraint-positioned
  /// subviews already got their frames from the window's solver before this runs.
  ///
  /// Called whenever the view's size changed or `setNeedsLayout()` was called, at most once per
  /// view per layout pass.
  open func layoutSubviews() {}

  /// Called on every view loaded from an interface file, after all of the file's outlets are
  /// connected, so a view can finish its setup with its outlets (seed 000: round the square's
  /// corners). Views built in code never get it: their setup belongs in `init`.
  open func awakeFromNib() {}

  /// Runs one layout of this view: the controller's will/did callbacks around `layoutSubviews`.
  package func performLayout() {
    needsLayout = false
    let controller = owningViewController
    controller?.lifecycle("viewWillLayoutSubviews")
    controller?.viewWillLayoutSubviews()
    if controller != nil { window?.trace("lifecycle", "\(wireClassName) layoutSubviews") }
    layoutSubviews()
    controller?.lifecycle("viewDidLayoutSubviews")
    controller?.viewDidLayoutSubviews()
  }

  /// Auto Layout's per-view state (AutoLayout/), nil until the view first takes part.
  package var layoutStateStorage: ViewLayoutState?

  /// The controller whose root view this is, told of this view's layout (UIKit's view delegate).
  ///
  /// Weak, in the side storage: a screen has one or two root views, and the field cost every
  /// view 8 bytes.
  package final var owningViewController: ViewController? {
    @inline(__always) get { side?.owningViewController }
    set {
      guard newValue != nil || side?.owningViewController != nil else { return }
      editSide { $0.owningViewController = newValue }
    }
  }

  /// How far bars and other chrome cover this view's edges; content belongs inside them.
  ///
  /// Set on a controller's root view by its container (a navigation controller's bar) plus the
  /// controller's `additionalSafeAreaInsets`; a setting change lays the view out again. Any
  /// other view has, as in UIKit, the part of its superview's insets that overlaps it: a view
  /// under the navigation bar is inset by what the bar covers of it, one below the bar by none.
  public internal(set) var safeAreaInsets: EdgeInsets {
    get {
      if let assignedSafeAreaInsets { return assignedSafeAreaInsets }
      guard let parent = superview else { return EdgeInsets(top: 0, left: 0, bottom: 0, right: 0) }
      return insets(underSuperviewInsets: parent.safeAreaInsets, of: parent)
    }
    set {
      let old = safeAreaInsets
      assignedSafeAreaInsets = newValue
      guard newValue != old else { return }
      safeAreaInsetsDidChange()
      owningViewController?.rootViewSafeAreaDidChange()
      setNeedsLayout()
      subviewsSafeAreaDidChange(from: old)
    }
  }

  /// The part of `parentInsets` (the insets of `parent`, this view's superview) that overlaps
  /// this view.
  private func insets(underSuperviewInsets parentInsets: EdgeInsets, of parent: View) -> EdgeInsets {
    let insets = parentInsets
    guard insets.top > 0 || insets.left > 0 || insets.bottom > 0 || insets.right > 0 else { return insets }
    let visible = parent.bounds
    let safeMinX = visible.minX + insets.left
    let safeMinY = visible.minY + insets.top
    let safeMaxX = visible.maxX - insets.right
    let safeMaxY = visible.maxY - insets.bottom
    return EdgeInsets(
      top: max(0, safeMinY - frame.minY), left: max(0, safeMinX - frame.minX),
      bottom: max(0, frame.maxY - safeMaxY), right: max(0, frame.maxX - safeMaxX))
  }

  /// After this view's insets changed from `old`, tells each subview whose insets follow from
  /// them and changed (`safeAreaInsetsDidChange`, a layout), then its subviews in turn, as UIKit
  /// does; below a subview whose insets stayed the same nothing changed.
  private func subviewsSafeAreaDidChange(from old: EdgeInsets) {
    for subview in subviews where subview.assignedSafeAreaInsets == nil {
      let previous = subview.insets(underSuperviewInsets: old, of: self)
      guard subview.safeAreaInsets != previous else { continue }
      subview.safeAreaInsetsDidChange()
      subview.owningViewController?.rootViewSafeAreaDidChange()
      subview.setNeedsLayout()
      subview.subviewsSafeAreaDidChange(from: previous)
    }
  }

  /// The insets a container gave this view as a controller's root view; nil for other views,
  /// whose insets follow from their superview's.
  ///
  /// Kept in the side storage, as only controllers' root views have them.
  private var assignedSafeAreaInsets: EdgeInsets? {
    get { side?.assignedSafeAreaInsets }
    set {
      guard newValue != nil || side?.assignedSafeAreaInsets != nil else { return }
      editSide { $0.assignedSafeAreaInsets = newValue }
    }
  }

  /// Called when `safeAreaInsets` changed.
  open func safeAreaInsetsDidChange() {}

  /// The size that fits `size`; views without content answer their current size.
  open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

  /// Resizes the view to `sizeThatFits` its current size.
  open func sizeToFit() {
    let fitted = sizeThatFits(bounds.size)
    frame = CGRect(origin: frame.origin, size: fitted)
  }

  /// The size the content wants, or `noIntrinsicMetric` per dimension.
  open var intrinsicContentSize: CGSize {
    CGSize(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
  }

  /// Tells the constraint-based layout system that `intrinsicContentSize` changed.
  ///
  /// As UIKit documents it, this is a message to Auto Layout: a view positioned by constraints
  /// has its superview laid out again (the window's engine re-reads the size before it solves).
  /// A view that keeps its own frame asks for nothing, so a frame-based table whose labels change
  /// text does not lay out every changed row again; code that sizes such a view from its content
  /// calls `setNeedsLayout()` itself, as it must on iOS.
  open func invalidateIntrinsicContentSize() {
    guard !translatesAutoresizingMaskIntoConstraints else { return }
    superview?.setNeedsLayout()
  }

  /// The value of an intrinsic dimension that has no size of its own.
  public static let noIntrinsicMetric: CGFloat = -1

  /// Called when the size changes: the view must lay out again, as UIKit guarantees.
  private func sizeDidChange() {
    setNeedsLayout()
    if renderProperties[.draw] != nil { setNeedsDisplay() }
  }

  /// A change of bounds origin is a scroll; subclasses with content offsets report it.
  open func boundsOriginDidChange() {
    setRenderProperty(
      .offset,
      bounds.origin == .zero
        ? nil
        : .string(
          "\(CanonicalNumber.format(Double(bounds.origin.x))),\(CanonicalNumber.format(Double(bounds.origin.y)))"
        ))
  }

  private func noteLayoutChange() {
    changeTracker?.noteLayout(of: self)
    noteAnimatedChange()
  }

  // MARK: Drawing

  /// Whether `draw(_:)` runs before the next frame; true until the view first drew.
  ///
  /// Unchecked for exclusivity at run time, as `needsLayout`: a read or a store that calls nothing.
  @exclusivity(unchecked) public package(set) var needsDisplay = true
  /// Whether `gestureRecognizers` is not empty: the touch path asks every ancestor of the
  /// touched view, and a byte in padding answers for the many with none without reaching
  /// into their side storage.
  @exclusivity(unchecked) package final var hasGestureRecognizers = false
  /// Storage behind `lastExchange`, here to fill the padding after the flag above.
  private final var storedExchangeSecond: Int32 = 0

  /// Asks for `draw(_:)` before the next frame; the frame then carries the new commands only.
  open func setNeedsDisplay() {
    guard !needsDisplay else { return }
    needsDisplay = true
    changeTracker?.noteNeedsDisplay(self)
  }

  /// Asks for a redraw; the whole view redraws, since its commands travel as one property.
  open func setNeedsDisplay(_ rect: CGRect) { setNeedsDisplay() }

  /// Draws the view's own content into `UIGraphicsGetCurrentContext()`, as in UIKit.
  ///
  /// The default draws nothing, and a view that draws nothing sends no `draw` property. The
  /// commands travel to clients (PROTOCOL.md section 6, "Drawing commands"); `rect` is always
  /// the whole bounds.
  open func draw(_ rect: CGRect) {}

  // MARK: Coordinates and hit testing

  /// Converts `point` from this view's coordinates to `view`'s (the window's when nil).
  public func convert(_ point: CGPoint, to view: View?) -> CGPoint {
    let inWindow = pointInWindow(point)
    guard let view else { return inWindow }
    return view.pointFromWindow(inWindow)
  }

  /// Converts `point` from `view`'s coordinates (the window's when nil) to this view's.
  public func convert(_ point: CGPoint, from view: View?) -> CGPoint {
    let inWindow = view.map { $0.pointInWindow(point) } ?? point
    return pointFromWindow(inWindow)
  }

  /// Converts `rect` from this view's coordinates to `view`'s.
  public func convert(_ rect: CGRect, to view: View?) -> CGRect {
    CGRect(origin: convert(rect.origin, to: view), size: rect.size)
  }

  /// The point in the coordinates of the root of this view's tree (the window, when in one).
  private func pointInWindow(_ point: CGPoint) -> CGPoint {
    var result = point
    // Unretained: the tree holds every ancestor while this runs (see `superviewReference`).
    unowned(unsafe) var view = self
    while let parent = view.superviewReference {
      result.x += view.frameOrigin.x - view.bounds.origin.x
      result.y += view.frameOrigin.y - view.bounds.origin.y
      view = parent.takeUnretainedValue()
    }
    return result
  }

  private func pointFromWindow(_ point: CGPoint) -> CGPoint {
    let origin = pointInWindow(.zero)
    return CGPoint(x: point.x - origin.x, y: point.y - origin.y)
  }

  /// Whether `point` (in this view's coordinates) is inside it.
  open func point(inside point: CGPoint) -> Bool {
    bounds.containsPoint(point)
  }

  /// The deepest visible, interactive view containing `point` (in this view's coordinates).
  ///
  /// UIKit's rules: a view that does not contain the point, is hidden, has alpha below 0.01 or
  /// has interaction disabled is skipped with its whole subtree (so a subview sticking out of its
  /// superview cannot be touched there, clipped or not); later subviews are tried first.
  open func hitTest(_ point: CGPoint) -> View? {
    // Interaction first: it is what turns most views away (labels, image views), and each of
    // the three is an overridable getter, a call; `point(inside:)` stays last, as in UIKit,
    // which never asks a hidden or disabled view where its inside is.
    guard isUserInteractionEnabled, !isHidden, alpha >= 0.01, self.point(inside: point) else { return nil }
    // By index over a local copy of the list, which holds the subviews: iterating
    // `subviews.reversed()` retained and released each subview tried, and views with weak
    // references to them (most) take the slow, side-table path for that; every tap hit-tests.
    // Each subview is called through an unretained reference, which the local list keeps
    // alive: a retain and release of each view tried was still a slow pair per view.
    let children = subviews
    return withExtendedLifetime(children) { () -> View? in
      var index = children.count
      while index > 0 {
        index -= 1
        let hit = Unmanaged.passUnretained(children[index])._withUnsafeGuaranteedRef { subview in
          let local = CGPoint(
            x: point.x - subview.frameOrigin.x + subview.bounds.origin.x,
            y: point.y - subview.frameOrigin.y + subview.bounds.origin.y)
          return subview.hitTest(local)
        }
        if let hit { return hit }
      }
      return self
    }
  }

  // MARK: Touches and gestures

  /// The gesture recognizers attached to this view; they see touches on it and its subviews
  /// before the views do, as in UIKit.
  ///
  /// Kept in the side storage (empty: none), as few views have any. Final and inlined: the
  /// touch path reads it on every ancestor of the touched view through an unretained
  /// reference, and a call retained each of them (slow, side-table retains).
  /// A view with side storage but no recognizers gives the empty literal rather than a copy of
  /// its stored empty array, whose (immortal) storage is retained and released on the slow path.
  public final var gestureRecognizers: [GestureRecognizer] {
    @inline(__always) get {
      guard let side, !side.gestureRecognizers.isEmpty else { return [] }
      return side.gestureRecognizers
    }
  }

  /// Attaches a gesture recognizer.
  open func addGestureRecognizer(_ recognizer: GestureRecognizer) {
    recognizer.view?.removeGestureRecognizer(recognizer)
    editSide { $0.gestureRecognizers.append(recognizer) }
    hasGestureRecognizers = true
    recognizer.view = self
  }

  /// Detaches a gesture recognizer.
  open func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
    if side?.gestureRecognizers.contains(where: { $0 === recognizer }) == true {
      editSide { $0.gestureRecognizers.removeAll { $0 === recognizer } }
      hasGestureRecognizers = side?.gestureRecognizers.isEmpty == false
    }
    if recognizer.view === self { recognizer.view = nil }
  }

  // The touch methods (`touchesBegan`...) are `Responder`'s: a view that does not override them
  // passes its touches up the responder chain, as in UIKit.

  // MARK: Responder chain

  /// The next responder: the owning controller for a root view, otherwise the superview, so an
  /// unhandled touch goes from a plain subview up to the controller that owns the screen.
  open override var next: Responder? {
    if let controller = owningViewController { return controller }
    return superview
  }

  // MARK: Change-tracking state, owned by the diff engine
  // `final` and inlinable, so the engine in another module reaches the fields with neither a
  // dynamic dispatch nor a call per view per frame.
  //
  // `@exclusivity(unchecked)`: these fields are read and written for every changed view of
  // every frame and every property change, and the run-time exclusivity check (a lookup in a
  // thread-local set of accesses) cost about a tenth of a frame. Only the kit's tracking code
  // and the diff engine touch them, on the window's thread. Most accesses are instantaneous or
  // short mutations calling nothing that could reach the same field; a few borrow a field for
  // a call (`changeTracker?.noteRender(...)` borrows the tracker, unretained, while it
  // records), so nothing the tracker's `note` methods call may change that same field. The
  // compile-time checks still apply.
  //
  // The attribute only governs accesses compiled in this module: the engine's module would
  // still check every access to the stored field. So the fields the engine uses are stored
  // under an underscored name and reached through `@inlinable` accessors, whose bodies (and
  // unchecked accesses) are compiled into the engine as they were written here.

  /// The window's change tracker while the view is in one, or out of it while the client still
  /// holds the view; held directly: property setters reach it on every change, and loading the
  /// weak `window` went through the window's side table each time. The tracker refers back only
  /// from its queues, which every frame drains and `ChangeTracker.reset()` empties (a window
  /// does that as it goes).
  @inlinable package final var changeTracker: ChangeTracker? {
    _read { yield _changeTracker }
    _modify { yield &_changeTracker }
  }
  /// Storage behind `changeTracker`.
  @exclusivity(unchecked) @usableFromInline package final var _changeTracker: ChangeTracker?
  /// The view's id on the wire, or 0 while the client does not hold it.
  @inlinable package final var wireID: Int {
    _read { yield _wireID }
    _modify { yield &_wireID }
  }
  /// Storage behind `wireID`.
  @exclusivity(unchecked) @usableFromInline package final var _wireID = 0
  /// Bookkeeping of the diff engine about what the client holds for this view.
  @inlinable package final var wireState: WireState? {
    _read { yield _wireState }
    _modify { yield &_wireState }
  }
  /// Storage behind `wireState`.
  @exclusivity(unchecked) @usableFromInline package final var _wireState: WireState?
  /// The frame the client holds and its hash term, kept on the view itself (not in `wireState`)
  /// because a moved row is the most common change of a large frame, and one object fewer per
  /// row is one cache miss fewer; read and written with one access each.
  @inlinable package final var sentLayout: (frame: CGRect, term: UInt64) {
    _read { yield _sentLayout }
    _modify { yield &_sentLayout }
  }
  /// Storage behind `sentLayout`.
  @exclusivity(unchecked) @usableFromInline package final var _sentLayout: (frame: CGRect, term: UInt64) = (
    .zero, 0
  )
  /// What changed since the last frame.
  @inlinable package final var pending: PendingChanges {
    _read { yield _pending }
    _modify { yield &_pending }
  }
  /// Storage behind `pending`.
  @exclusivity(unchecked) @usableFromInline package final var _pending = PendingChanges()
  /// Whether the tracker's list of views taken out of a superview holds this view, so a view
  /// removed again and again before the next frame is listed once.
  @exclusivity(unchecked) package final var isQueuedAsDetached = false
  /// Whether the tracker's layout queue holds this view, so re-adding a view that still needs
  /// layout does not queue it again.
  @exclusivity(unchecked) package final var isQueuedForLayout = false
  /// Whether the tracker's display queue holds this view.
  @exclusivity(unchecked) package final var isQueuedForDisplay = false
  /// Whether the order or membership of the subviews changed since the last frame.
  @inlinable package final var childrenChanged: Bool {
    get { pending.children }
    set { pending.children = newValue }
  }

  /// The class name the wire shows: the app's own class, as `type(of:)` spells it.
  open var wireClassName: String {
    if let name = describedClassName { return name._withUnsafeGuaranteedRef { $0.value } }
    let name = WireClassNames.shared.name(of: type(of: self))
    describedClassName = .passUnretained(name)
    return name.value
  }

  /// `wireClassName` as first described, kept: every accessibility refresh asks for the name
  /// (7% of a gallery tap's CPU), and the per-class table behind it takes a lock every loop
  /// shares (BENCHMARKS.md, "Several loops"), so a view asks it once. A view's type never
  /// changes. Unretained: the table holds every name for as long as the process runs, and a
  /// pointer is 8 bytes of every view where the `String?` was 16.
  @exclusivity(unchecked) private final var describedClassName: Unmanaged<WireClassNames.Name>?
}

/// The wire's class names by type, made once per class for the whole process.
///
/// `String(describing:)` reflects on the type (a `Mirror`, dynamic casts) behind the Swift
/// runtime's process-wide type-name lock; a view created later (a reused table's new cell)
/// finds its class's name here instead. Bounded by the classes the program has; types live as
/// long as the process, so an identifier is never reused for another.
private final class WireClassNames: @unchecked Sendable {
  static let shared = WireClassNames()
  // Sessions may run on several threads; every access holds the lock.
  private let lock = NSLock()
  private var names: [ObjectIdentifier: Name] = [:]

  /// One class's name, in an object views point to unretained: the table keeps each one for
  /// the life of the process, and never replaces it.
  final class Name: Sendable {
    /// The name, as `String(describing:)` gives it.
    let value: String
    init(_ value: String) { self.value = value }
  }

  func name(of type: View.Type) -> Name {
    let id = ObjectIdentifier(type)
    if let name = lock.withLock({ names[id] }) { return name }
    let made = Name(String(describing: type))
    // Another thread may have described the class meanwhile: its name stays, as views may
    // already point to it.
    return lock.withLock {
      if let name = names[id] { return name }
      names[id] = made
      return made
    }
  }
}

/// What the client holds for one view, as the diff engine last sent it.
///
/// A value kept inside the view (40 bytes, `nil` while the client does not hold the view), not
/// an object of its own: an object was a 56-byte allocation and a pointer per view, about 0.4 KB
/// and a dozen allocations of every idle login session (issue 14, "Lean sessions"). The engine
/// edits it in place through the view's `_modify` accessor.
@usableFromInline package struct WireState {
  /// The wire id of the parent the client holds the view under, 0 for the root. An id, not a
  /// reference: a weak one gave every parent a side table (slow retains on every frame), and
  /// the engine looks the view up only when structure changes.
  package var sentParentID = 0
  /// The children as the client holds them, in order.
  package var sentChildren: [View] = []
  /// The view's place term as last added to the hash.
  package var placeTerm: UInt64 = 0
  /// The parent and previous-sibling ids `placeTerm` was computed from (0 for none, -1 before
  /// the first), so a frame recomputes only the places of children whose neighbours changed.
  package var placeParentID = -1
  /// See `placeParentID`.
  package var placePreviousID = -1
  /// An empty state, for a view the client is just being sent.
  package init() {}

  /// Records the place term computed for the given neighbours, in one access to the view.
  package mutating func recordPlace(_ term: UInt64, parentID: Int, previousID: Int) {
    placeTerm = term
    placeParentID = parentID
    placePreviousID = previousID
  }
}
