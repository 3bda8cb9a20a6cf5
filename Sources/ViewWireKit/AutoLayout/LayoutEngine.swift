internal import Algorithms
internal import Cassowary
internal import Foundation

/// One window's constraint solver and the bookkeeping that keeps it incremental.
///
/// The window's layout pass asks it to solve once per frame. It touches the solver only for
/// what changed since the last pass: constraints activated or deactivated (or whose constant or
/// priority changed), fixed frames of views that translate their frames into constraints
/// (suggested through edit variables, as the window size is), intrinsic sizes, and the insets of
/// margin and safe-area guides. When nothing changed it does not solve at all.
public final class LayoutEngine {
  private let solver = Solver()

  /// Everything the solver holds for one item (a view or guide) that constraints mention.
  ///
  /// 72 bytes, an 80-byte malloc chunk (it was 81, a 96-byte one): the item is a plain object
  /// reference with its kind (`LayoutItemKind`) rather than a 16-byte existential, and the
  /// small fields come after `extras` (stored properties are laid out in declaration order).
  private final class ItemRecord {
    private let object: AnyObject
    /// What the engine added to the solver for the item beyond the app's constraints. One
    /// field, not one per kind: an item is a pinned view, a constraint-positioned view or a
    /// system guide, never two at once (a view changing mode is cleared first, `modeChanged`),
    /// and the three optionals side by side made every record about 100 bytes larger, for as
    /// long as an idle session lasts.
    var extras = Extras.none
    private let kind: LayoutItemKind
    var references: Int32 = 0
    /// For app guides: the constraint keeping them inside their owner's solver (none needed).
    init(item: any LayoutItem) {
      object = item
      kind = LayoutItemKind(item)
    }

    /// The item, held strongly for as long as constraints in force mention it.
    var item: any LayoutItem { kind.item(object) }
    /// The item's identity, what `records` is sorted by.
    var key: ObjectIdentifier { ObjectIdentifier(object) }

    /// For views whose frame is a fixed input: the edit variables are added, last suggestion.
    var pinnedRect: CGRect? {
      if case .pinned(let rect) = extras { return rect }
      return nil
    }
    /// For constraint-positioned views: what the intrinsic size constraints encode, nil until
    /// they are made (and after they are dropped).
    var intrinsicKey: IntrinsicKey? {
      if case .intrinsic(_, let key) = extras { return key }
      return nil
    }
    /// For system guides: the insets the ties to the owner encode.
    var tieInsets: EdgeInsets? {
      if case .ties(_, let insets) = extras { return insets }
      return nil
    }
  }

  /// What the engine added to the solver for one item, by kind of item.
  private enum Extras {
    /// Nothing yet (or an app guide, which needs nothing).
    case none
    /// A view whose frame is a fixed input: its four edit variables, with the last suggestion.
    case pinned(CGRect)
    /// A constraint-positioned view: its intrinsic size bounds (one solver object for what were
    /// six constraints, a list and two terms arrays; Stop 15) and what they encode.
    case intrinsic(SizeBounds, IntrinsicKey)
    /// A system guide: the four constraints tying it to its owner, and their insets.
    case ties([Constraint], EdgeInsets)
  }

  /// The records sorted by their item's identity, found by binary search: 8 bytes a record,
  /// fitted exactly when the engine goes idle, where a hash table of identity to record was
  /// about 330 bytes for a login window's dozen items (Stop 15, loginmem4).
  private var records: [ItemRecord] = []
  /// The records in the order their items arrived, so every pass feeds the solver in the same
  /// order and equal-priority choices come out the same in every run (transcripts rely on it).
  private var orderedRecords: [ItemRecord] = []
  /// The identities of the active constraints the engine holds, sorted, found by binary search
  /// (8 bytes each, fitted exactly when idle: a hash table of identity to place was about
  /// 460 bytes of a login window; Stop 15, loginmem4).
  private var active: [ObjectIdentifier] = []
  /// The active constraints in activation order. A pass's removals leave it in one sweep
  /// (`deactivate`), so a batch of N removals costs N plus the list, not N² searches.
  private var activeOrder: [LayoutConstraint] = []
  /// The active constraints in activation order.
  private var activeConstraints: [LayoutConstraint] { activeOrder }
  private var pendingAdd: [LayoutConstraint] = []
  /// The host retained for each active constraint with a `multiplierOriginHost`, released when
  /// the constraint goes: a table here rather than a field of every constraint, since few
  /// constraints have one (a multiplier other than 1 on a position).
  private var originHosts: [ObjectIdentifier: View] = [:]
  private var pendingRemove: [LayoutConstraint] = []
  /// How many times each constraint is in `pendingAdd` and `pendingRemove`, so `add` asks
  /// "is it pending?" with a lookup rather than a search of the lists (N additions in one frame
  /// cost N² before). Emptied with the lists at every solve.
  private var pendingAddCount: [ObjectIdentifier: Int32] = [:]
  private var pendingRemoveCount: [ObjectIdentifier: Int32] = [:]
  /// Whether anything the ambiguity report looks at changed since it last ran: the constraints
  /// in force (or broken), an item's mode or intrinsic size, the items laid out. A frame that
  /// only moves pinned frames (a drag, a resize) leaves it false and skips the report.
  private var ambiguityInputsChanged = false
  private var modeChanged: [View] = []
  /// Stack views in this window, asked before each solve whether their inputs changed.
  var watchedStacks: [WeakStack] = []

  /// How many times the engine asked the solver for new values; tests use it to show that a
  /// frame with nothing changed does not solve.
  public private(set) var solveCount = 0
  /// How many constraints were added to the solver so far (edits and intrinsic sizes included).
  public private(set) var solverAdditions = 0

  /// What the window's solver holds: its rows, symbol ids and an estimate of its bytes, so tests
  /// can show that it follows the constraints in force rather than every constraint ever added.
  package var solverStorage: (constraints: Int, rows: Int, symbols: Int, bytes: Int) {
    let statistics = solver.storageStatistics
    return (statistics.constraints, statistics.rows, statistics.symbols, statistics.bytes)
  }

  /// The engine's own lists, counts and capacities, so tests can show that an idle engine holds
  /// them fitted (`active` and `records` are sorted lists, not hash tables; Stop 15, loginmem4).
  package var tableStorage:
    (active: Int, activeCapacity: Int, order: Int, orderCapacity: Int, records: Int, recordsCapacity: Int)
  {
    precondition(active.count == activeOrder.count && records.count == orderedRecords.count)
    precondition(zip(active, active.dropFirst()).allSatisfy { $0 < $1 })
    precondition(zip(records, records.dropFirst()).allSatisfy { $0.key < $1.key })
    return (
      active.count, active.capacity, activeOrder.count, activeOrder.capacity, records.count, records.capacity
    )
  }

  /// The bytes each list holds beyond its elements, for tests of `fit`.
  package var tableSpareBytes: (active: Int, order: Int, records: Int) {
    func spare<Element>(_ list: [Element]) -> Int {
      (list.capacity - list.count) * MemoryLayout<Element>.stride
    }
    return (spare(active), spare(activeOrder), spare(records))
  }

  /// Where conflict and ambiguity reports go (the window's trace sink).
  var report: (String) -> Void = { _ in }

  init() {}

  // MARK: Changes

  func add(_ constraint: LayoutConstraint) {
    let key = ObjectIdentifier(constraint)
    guard pendingAddCount[key] == nil else { return }
    // Held already: nothing to do, unless it is on its way out (then it comes back in after).
    if isActive(key) && pendingRemoveCount[key] == nil { return }
    appendPendingAdd(constraint)
  }

  func remove(_ constraint: LayoutConstraint) {
    let key = ObjectIdentifier(constraint)
    // Searched only when it is pending (activated and deactivated within one frame).
    if pendingAddCount[key] != nil, let index = pendingAdd.firstIndex(where: { $0 === constraint }) {
      pendingAdd.remove(at: index)
      let left = pendingAddCount[key, default: 1] - 1
      pendingAddCount[key] = left > 0 ? left : nil
      return
    }
    if isActive(key) { appendPendingRemove(constraint) }
  }

  func replace(_ constraint: LayoutConstraint) {
    guard isActive(ObjectIdentifier(constraint)) else { return }
    appendPendingRemove(constraint)
    appendPendingAdd(constraint)
  }

  private func appendPendingAdd(_ constraint: LayoutConstraint) {
    pendingAdd.append(constraint)
    pendingAddCount[ObjectIdentifier(constraint), default: 0] += 1
  }

  private func appendPendingRemove(_ constraint: LayoutConstraint) {
    pendingRemove.append(constraint)
    pendingRemoveCount[ObjectIdentifier(constraint), default: 0] += 1
  }

  /// Where `key` is in `active`, or where it would go (the first identity not below it).
  private func activeSlot(_ key: ObjectIdentifier) -> Int {
    active.partitioningIndex { $0 >= key }
  }

  /// Whether the engine holds `constraint` as active.
  private func isActive(_ key: ObjectIdentifier) -> Bool {
    let slot = activeSlot(key)
    return slot < active.count && active[slot] == key
  }

  /// Records `constraint` as active, after every other active one.
  private func activate(_ constraint: LayoutConstraint) {
    let key = ObjectIdentifier(constraint)
    active.insert(key, at: activeSlot(key))
    activeOrder.append(constraint)
  }

  /// Forgets an active constraint; false when it was not active. It stays in `activeOrder`
  /// until the pass's removals are swept out together (`sweepActiveOrder`).
  private func deactivate(_ constraint: LayoutConstraint) -> Bool {
    let key = ObjectIdentifier(constraint)
    let slot = activeSlot(key)
    guard slot < active.count && active[slot] == key else { return false }
    active.remove(at: slot)
    return true
  }

  /// Takes the constraints in `gone` out of `activeOrder` in one pass, keeping the order of the
  /// others.
  private func sweepActiveOrder(_ gone: Set<ObjectIdentifier>) {
    activeOrder.removeAll { gone.contains(ObjectIdentifier($0)) }
  }

  /// Fits `list`'s capacity to its count: the lists stay as long as the session, with no more
  /// added in an idle spell (regrowing costs one copy in the pass that needs it, as for the
  /// solver's entries).
  /// The most bytes a fitted list's allocation may exceed what it asked for (see `fit`).
  package static let mallocSlack = 48

  private static func fit<Element>(_ list: inout [Element]) {
    let count = list.count
    // A fitted list's capacity is its malloc chunk, which glibc rounds up to 16 bytes and may
    // hand out up to 32 bytes (its smallest chunk) larger than asked, depending on what is free;
    // a list within that must not be fitted again at every pass.
    guard (list.capacity - count) * MemoryLayout<Element>.stride > Self.mallocSlack else { return }
    var kept: [Element] = []
    kept.reserveCapacity(count)
    kept.append(contentsOf: list)
    list = kept
  }

  /// Gives back the room the engine's lists grew by doubling while a pass added to them.
  private func trimLists() {
    Self.fit(&activeOrder)
    Self.fit(&active)
    Self.fit(&records)
    Self.fit(&orderedRecords)
  }

  /// Where the record for `key` is in `records`, or where it would go.
  private func recordSlot(_ key: ObjectIdentifier) -> Int {
    records.partitioningIndex { $0.key >= key }
  }

  /// The record of the item with identity `key`, if constraints in force mention it.
  private func record(for key: ObjectIdentifier) -> ItemRecord? {
    let slot = recordSlot(key)
    guard slot < records.count else { return nil }
    let record = records[slot]
    return record.key == key ? record : nil
  }

  func itemModeChanged(_ view: View) {
    if record(for: ObjectIdentifier(view)) != nil { modeChanged.append(view) }
  }

  /// The active constraints that mention `item`, in activation order.
  public func constraints(affecting item: any LayoutItem) -> [LayoutConstraint] {
    guard record(for: ObjectIdentifier(item)) != nil else { return [] }
    return activeConstraints.filter { $0.firstItem === item || $0.secondItem === item }
  }

  /// Whether the next `solve` would do anything.
  func needsSolve() -> Bool {
    refreshStacks()
    if !pendingAdd.isEmpty || !pendingRemove.isEmpty || !modeChanged.isEmpty { return true }
    for record in orderedRecords {
      guard let view = record.item as? View else {
        // A margins or safe-area guide whose insets moved (additionalSafeAreaInsets, margins).
        if let guide = record.item as? LayoutGuide, let insets = guide.systemInsets?(),
          insets != record.tieInsets
        {
          return true
        }
        continue
      }
      if let pinned = record.pinnedRect {
        if windowRect(of: view) != pinned { return true }
      } else if !view.translatesAutoresizingMaskIntoConstraints
        && intrinsicKey(of: view) != record.intrinsicKey
      {
        return true
      }
    }
    return false
  }

  // MARK: Solving

  /// Brings the solver up to date and assigns frames; returns whether any frame was assigned.
  @discardableResult
  func solve(scale: CGFloat) -> Bool {
    var changed = false
    for view in modeChanged {
      if let record = record(for: ObjectIdentifier(view)) {
        clearExtras(record)
        changed = true
        ambiguityInputsChanged = true
      }
    }
    modeChanged = []
    let removing = pendingRemove
    pendingRemove = []
    if !pendingRemoveCount.isEmpty { pendingRemoveCount = [:] }
    var gone = Set<ObjectIdentifier>()
    for constraint in removing {
      guard deactivate(constraint) else { continue }
      gone.insert(ObjectIdentifier(constraint))
      if let solved = constraint.solverConstraint { try? solver.removeConstraint(solved) }
      constraint.solverConstraint = nil
      constraint.isBroken = false
      release(constraint.firstItem)
      release(constraint.secondItem)
      if !originHosts.isEmpty, let host = originHosts.removeValue(forKey: ObjectIdentifier(constraint)) {
        release(host)
      }
      changed = true
    }
    if !gone.isEmpty { sweepActiveOrder(gone) }
    let adding = pendingAdd
    pendingAdd = []
    if !pendingAddCount.isEmpty { pendingAddCount = [:] }
    if !removing.isEmpty || !adding.isEmpty { ambiguityInputsChanged = true }
    for constraint in adding where !isActive(ObjectIdentifier(constraint)) {
      retain(constraint.firstItem)
      retain(constraint.secondItem)
      if let host = constraint.multiplierOriginHost {
        retain(host)
        originHosts[ObjectIdentifier(constraint)] = host
      }
      activate(constraint)
      changed = true
      if let problem = constraint.illegality {
        // UIKit raises for these; a daemon serving other sessions reports and ignores instead.
        constraint.isBroken = true
        report("Ignoring an illegal constraint \(constraint.description): \(problem)")
        continue
      }
      guard let solved = constraint.makeSolverConstraint() else { continue }
      if !offer(solved, for: constraint) {
        constraint.isBroken = true
        reportConflict(breaking: constraint)
      }
    }
    // As in UIKit, a constraint broken in a conflict comes back once what it conflicted with is
    // gone: after a removal that was not a replacement (a changed constant is removed and added
    // again, and must keep its place), the broken ones are offered to the solver again, oldest
    // first, after this pass's additions.
    let readded = Set(adding.map(ObjectIdentifier.init))
    if removing.contains(where: { !readded.contains(ObjectIdentifier($0)) }) {
      for constraint in activeConstraints
      where constraint.isBroken && constraint.illegality == nil
        && !readded.contains(ObjectIdentifier(constraint))
      {
        guard let solved = constraint.solverConstraint ?? constraint.makeSolverConstraint() else { continue }
        _ = offer(solved, for: constraint)  // still in conflict: it stays broken and out of the solver
      }
    }
    for record in orderedRecords where updateExtras(record) { changed = true }
    guard changed else { return false }
    solver.updateVariables()
    // The window's solver then sits idle until the next change, for as long as the session
    // lasts: what it grew while this pass added constraints goes back.
    solver.trimStorage()
    trimLists()
    solveCount += 1
    assignFrames(scale: scale)
    if ambiguityInputsChanged {
      ambiguityInputsChanged = false
      reportAmbiguity()
    }
    return true
  }

  /// Views already reported as ambiguous, so a report is made once, not every frame.
  private var reportedAmbiguous: Set<ObjectIdentifier> = []

  /// Reports constraint-positioned views whose constraints leave an axis open (UIKit's
  /// `hasAmbiguousLayout`, by a structural check): no attribute fixes the position, or neither a
  /// size attribute, two edges nor an intrinsic size fixes the length.
  ///
  /// Runs only after a pass that changed one of its inputs (`ambiguityInputsChanged`), and
  /// keeps each item's attributes as a bit set in one table for the pass: a `Set` per item was
  /// a hash table allocated per item and per pass, about half a million instructions of every
  /// stacks-demo toggle (BENCHMARKS.md, Stop 13).
  private func reportAmbiguity() {
    var mentioned: [ObjectIdentifier: UInt16] = [:]
    mentioned.reserveCapacity(records.count)
    for constraint in activeOrder where !constraint.isBroken {
      if let item = constraint.firstItem {
        mentioned[ObjectIdentifier(item), default: 0] |= Self.bit(constraint.firstAttribute)
      }
      if let item = constraint.secondItem {
        mentioned[ObjectIdentifier(item), default: 0] |= Self.bit(constraint.secondAttribute)
      }
    }
    let horizontal = Self.bits([.left, .right, .leading, .trailing, .centerX])
    let vertical = Self.bits([.top, .bottom, .centerY, .firstBaseline, .lastBaseline])
    for record in orderedRecords {
      guard let view = record.item as? View, !view.translatesAutoresizingMaskIntoConstraints else { continue }
      let key = ObjectIdentifier(view)
      let attributes = mentioned[key] ?? 0
      let size = view.intrinsicContentSize
      var open: [String] = []
      let xEdges = (attributes & horizontal).nonzeroBitCount
      let yEdges = (attributes & vertical).nonzeroBitCount
      if xEdges == 0 { open.append("horizontal position") }
      if yEdges == 0 { open.append("vertical position") }
      if attributes & Self.bit(.width) == 0 && xEdges < 2 && size.width == View.noIntrinsicMetric {
        open.append("width")
      }
      if attributes & Self.bit(.height) == 0 && yEdges < 2 && size.height == View.noIntrinsicMetric {
        open.append("height")
      }
      if open.isEmpty {
        reportedAmbiguous.remove(key)
      } else if !reportedAmbiguous.contains(key) {
        reportedAmbiguous.insert(key)
        report(
          "Ambiguous layout: no constraint fixes the \(open.joined(separator: ", ")) of \(view.layoutName)")
      }
    }
  }

  /// An attribute as one bit of the ambiguity report's per-item set.
  private static func bit(_ attribute: LayoutAttribute) -> UInt16 {
    switch attribute {
    case .left: 1 << 0
    case .right: 1 << 1
    case .top: 1 << 2
    case .bottom: 1 << 3
    case .leading: 1 << 4
    case .trailing: 1 << 5
    case .width: 1 << 6
    case .height: 1 << 7
    case .centerX: 1 << 8
    case .centerY: 1 << 9
    case .firstBaseline: 1 << 10
    case .lastBaseline: 1 << 11
    case .notAnAttribute: 1 << 12
    }
  }

  private static func bits(_ attributes: [LayoutAttribute]) -> UInt16 {
    attributes.reduce(0) { $0 | bit($1) }
  }

  private func retain(_ item: (any LayoutItem)?) {
    guard let item else { return }
    let key = ObjectIdentifier(item)
    let record: ItemRecord
    let slot = recordSlot(key)
    if slot < records.count && records[slot].key == key {
      record = records[slot]
    } else {
      record = ItemRecord(item: item)
      records.insert(record, at: slot)
      orderedRecords.append(record)
    }
    record.references += 1
    // A guide needs its owner in the solver so its ties have something to hold on to.
    if record.references == 1, let guide = item as? LayoutGuide, guide.systemInsets != nil {
      retain(guide.owningView)
    }
  }

  private func release(_ item: (any LayoutItem)?) {
    guard let item else { return }
    let slot = recordSlot(ObjectIdentifier(item))
    guard slot < records.count, records[slot].key == ObjectIdentifier(item) else { return }
    let record = records[slot]
    record.references -= 1
    guard record.references <= 0 else { return }
    clearExtras(record)
    records.remove(at: slot)
    orderedRecords.removeAll { $0 === record }
    if let guide = item as? LayoutGuide, guide.systemInsets != nil { release(guide.owningView) }
  }

  private func clearExtras(_ record: ItemRecord) {
    switch record.extras {
    case .none: break
    case .pinned:
      let v = record.item.layoutVariables
      for variable in [v.minX, v.minY, v.width, v.height] { try? solver.removeEditVariable(variable) }
    case .intrinsic(let bounds, _):
      try? solver.removeSizeBounds(bounds)
    case .ties(let constraints, _):
      for constraint in constraints { try? solver.removeConstraint(constraint) }
    }
    record.extras = .none
  }

  /// The strength of a fixed frame: above every optional priority, below required, so that a
  /// required constraint that contradicts a hand-set frame wins instead of failing.
  private static let pinStrength = Strength(1_000_000_000)

  /// Refreshes an item's extra constraints; returns whether anything in the solver changed.
  private func updateExtras(_ record: ItemRecord) -> Bool {
    let v = record.item.layoutVariables
    if let guide = record.item as? LayoutGuide {
      guard let insets = guide.systemInsets?(), let owner = guide.owningView else { return false }
      guard insets != record.tieInsets else { return false }
      if case .ties(let old, _) = record.extras {
        for constraint in old { try? solver.removeConstraint(constraint) }
      }
      let o = owner.layoutVariables
      let ties = [
        v.minX == o.minX + Double(insets.left),
        v.minY == o.minY + Double(insets.top),
        v.width == o.width - Double(insets.left + insets.right),
        v.height == o.height - Double(insets.top + insets.bottom),
      ]
      for constraint in ties { try? solver.addConstraint(constraint) }
      solverAdditions += 4
      record.extras = .ties(ties, insets)
      return true
    }
    guard let view = record.item as? View else { return false }
    if view.translatesAutoresizingMaskIntoConstraints {
      let rect = windowRect(of: view)
      if record.pinnedRect == rect { return false }
      let values = [rect.minX, rect.minY, rect.width, rect.height]
      let variables = [v.minX, v.minY, v.width, v.height]
      if record.pinnedRect == nil {
        ambiguityInputsChanged = true
        // One kind of extras at a time: whatever else the record holds goes first (a view
        // changing mode was cleared already, through `modeChanged`).
        clearExtras(record)
        for variable in variables {
          try? solver.addEditVariable(variable, strength: Self.pinStrength)
          solverAdditions += 1
        }
      }
      for (variable, value) in zip(variables, values) { try? solver.suggestValue(variable, Double(value)) }
      record.extras = .pinned(rect)
      return true
    }
    let size = view.intrinsicContentSize
    let state = view.layoutState
    let key = intrinsicKey(of: view)
    guard key != record.intrinsicKey else { return false }
    clearExtras(record)  // the old intrinsic constraints (or, never in practice, a pin)
    // An axis's bounds all say `length relation value`, at the view's priorities: one
    // `SizeBounds` builds each bound's row from a constraint made as the six constraints were
    // made (`0 + value * -1` as the constant, the strengths as given), in the same order, so
    // every bit the solver sees is the same.
    let bounds = SizeBounds(
      width: v.width, height: v.height,
      widthValue: size.width != View.noIntrinsicMetric ? Double(size.width) : nil,
      heightValue: size.height != View.noIntrinsicMetric ? Double(size.height) : nil,
      widthHugging: state.hugging.horizontal.strength,
      widthCompression: state.compression.horizontal.strength,
      heightHugging: state.hugging.vertical.strength, heightCompression: state.compression.vertical.strength)
    try? solver.addSizeBounds(bounds)
    // Counted as the constraints they stand for.
    solverAdditions += 2 + (bounds.widthValue != nil ? 2 : 0) + (bounds.heightValue != nil ? 2 : 0)
    record.extras = .intrinsic(bounds, key)
    ambiguityInputsChanged = true
    return true
  }

  /// What a view's intrinsic constraints encode: its size and four priorities.
  private func intrinsicKey(of view: View) -> IntrinsicKey {
    let size = view.intrinsicContentSize
    let state = view.layoutState
    return IntrinsicKey(
      width: Double(size.width), height: Double(size.height),
      hugging: (state.hugging.horizontal.rawValue, state.hugging.vertical.rawValue),
      compression: (state.compression.horizontal.rawValue, state.compression.vertical.rawValue))
  }

  /// What a view's intrinsic constraints encode: its size and its four priorities.
  /// The priorities are kept as the `Float`s they are (32 bytes in all, not 48): widening a
  /// `Float` to `Double` is exact, so two keys compare as they did with `Double`s.
  struct IntrinsicKey: Equatable {
    var width: Double
    var height: Double
    var hugging: (Float, Float)
    var compression: (Float, Float)

    static func == (a: IntrinsicKey, b: IntrinsicKey) -> Bool {
      a.width == b.width && a.height == b.height && a.hugging == b.hugging
        && a.compression == b.compression
    }
  }

  /// The view's rectangle in window coordinates, as the solver is given it: a component that is
  /// NaN or infinite (an app's bug) is 0, so it neither poisons the solver nor, never equal to
  /// itself, makes every pass think the frame moved.
  private func windowRect(of view: View) -> CGRect {
    let rect =
      view is Window ? CGRect(origin: .zero, size: view.bounds.size) : view.convert(view.bounds, to: nil)
    func finite(_ value: CGFloat) -> CGFloat { value.isFinite ? value : 0 }
    return CGRect(
      x: finite(rect.minX), y: finite(rect.minY), width: finite(rect.width), height: finite(rect.height))
  }

  /// Gives each constraint-positioned view its solved frame, in its superview's coordinates,
  /// superviews first so a child converts against its parent's new frame.
  private func assignFrames(scale: CGFloat) {
    let views = orderedRecords.compactMap { record -> (View, Int)? in
      guard let view = record.item as? View, !view.translatesAutoresizingMaskIntoConstraints else {
        return nil
      }
      var depth = 0
      var current = view.superview
      while let parent = current {
        depth += 1
        current = parent.superview
      }
      return (view, depth)
    }.enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }.map(\.element)
    let unit = scale > 0 ? scale : 1
    // A value within rounding noise of a half pixel counts as the half pixel, so which way it
    // rounds does not depend on the order the solver took its constraints in (a stack view that
    // keeps its unchanged constraints across a toggle reaches 116.25 as 116.2499999...).
    func snap(_ value: Double) -> CGFloat {
      let scaled = value * Double(unit)
      let half = (scaled * 2).rounded() / 2
      return CGFloat((abs(scaled - half) < 1e-7 ? half : scaled).rounded() / Double(unit))
    }
    for (view, _) in views {
      let v = view.layoutVariables
      let minX = snap(v.minX.value)
      let minY = snap(v.minY.value)
      let maxX = snap(v.minX.value + v.width.value)
      let maxY = snap(v.minY.value + v.height.value)
      var origin = CGPoint(x: minX, y: minY)
      if let parent = view.superview { origin = parent.convert(origin, from: nil) }
      let frame = CGRect(x: origin.x, y: origin.y, width: max(0, maxX - minX), height: max(0, maxY - minY))
      if view.frame != frame { view.frame = frame }
    }
  }

  // MARK: Reports

  /// Adds `solved` to the solver for `constraint` and marks it in force; false when the solver
  /// refuses it (a conflict), leaving the constraint as it was.
  private func offer(_ solved: Constraint, for constraint: LayoutConstraint) -> Bool {
    do {
      try solver.addConstraint(solved)
    } catch {
      return false
    }
    solverAdditions += 1
    constraint.solverConstraint = solved
    constraint.isBroken = false
    return true
  }

  private func reportConflict(breaking constraint: LayoutConstraint) {
    let items = [constraint.firstItem, constraint.secondItem].compactMap { $0 }
    let related = activeConstraints.filter { other in
      other !== constraint && other.priority == .required && !other.isBroken
        && items.contains { $0 === other.firstItem || $0 === other.secondItem }
    }
    let listed = (related + [constraint]).map(\.description).joined(separator: ", ")
    report(
      "Unable to simultaneously satisfy constraints. Probably at least one of the constraints in the "
        + "following list is one you don't want: (\(listed)) Will attempt to recover by breaking "
        + "constraint \(constraint.description)")
  }
}

extension Window {
  /// This window's solver, created when the first constraint arrives.
  package var autoLayoutEngine: LayoutEngine {
    if let engine = layoutEngine { return engine }
    let engine = LayoutEngine()
    engine.report = { [unowned self] message in trace("layout", message) }
    layoutEngine = engine
    return engine
  }

  /// Solves the window's constraints if anything changed; frames are assigned before the
  /// layout pass runs `layoutSubviews`, as UIKit orders it (constraints, frames, layoutSubviews).
  package func solveConstraintsIfNeeded() {
    guard let engine = layoutEngine, engine.needsSolve() else { return }
    engine.solve(scale: traitCollection.displayScale)
  }

  /// Whether the window's constraints are out of date (a fixed frame moved during layout).
  package var constraintsNeedSolve: Bool { layoutEngine?.needsSolve() ?? false }
}
