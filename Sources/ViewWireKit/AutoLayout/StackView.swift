public import Foundation

/// A view that lines up its arranged subviews with constraints (UIKit's `UIStackView`).
///
/// It owns only constraints: each change (axis, spacing, distribution, alignment, the arranged
/// list, an arranged view hidden or shown, or an intrinsic size that `fillProportionally`
/// depends on) brings its constraint set up to date, and the window's solver does the rest in
/// the same layout pass. Hiding, showing, inserting or removing one arranged view swaps only
/// the constraints that mention it and its neighbours' gap (as UIKit's stack view adjusts
/// rather than rebuilds), so the cost of a toggle does not grow with the stack. Hidden arranged views collapse: they leave the line and their space closes up.
open class StackView: View {
  /// How arranged views share the length along the axis (UIKit's `UIStackView.Distribution`).
  public enum Distribution: Hashable, Sendable {
    /// Intrinsic sizes, with the lowest hugging view stretching (or lowest compression
    /// resistance view shrinking) to fill.
    case fill
    /// Every view the same length.
    case fillEqually
    /// Lengths in proportion to the views' intrinsic lengths.
    case fillProportionally
    /// Intrinsic lengths with equal gaps between views (at least `spacing`).
    case equalSpacing
    /// Intrinsic lengths with equal distances between the views' centres.
    case equalCentering
  }

  /// Where arranged views sit across the axis (UIKit's `UIStackView.Alignment`).
  public enum Alignment: Hashable, Sendable {
    /// `fill` stretches each view across the stack; `leading` (`top` in a horizontal stack), `center` and
    /// `trailing` (`bottom`) keep intrinsic sizes and pin one side or the centre; `firstBaseline` and
    /// `lastBaseline` line up text baselines in a horizontal stack.
    case fill, leading, firstBaseline, center, trailing, lastBaseline
    /// `leading`, as horizontal stacks call it.
    public static let top = Alignment.leading
    /// `trailing`, as horizontal stacks call it.
    public static let bottom = Alignment.trailing
  }

  /// The views laid out in a line, in order; each is also a subview.
  public private(set) var arrangedSubviews: [View] = []

  /// The stack's constraints, in the order they were made. What each says is read back from the
  /// constraint itself when a rebuild looks for the ones it can keep: a copy of every key beside
  /// them (56 bytes a constraint) was most of a stack's own memory in an idle session.
  private var owned: [LayoutConstraint] = []
  /// The gap guide of the equal distributions after each arranged view (by identity), so a gap
  /// whose leading view stays keeps its guide and the constraints that do not change.
  private var gapAfter: [ObjectIdentifier: LayoutGuide] = [:]
  /// The gap guides the last `makeConstraints` stopped using, for `rebuild` to remove.
  private var unusedGaps: [LayoutGuide] = []
  /// What the current constraints were built for (`currentKey`); a difference means rebuild.
  /// Empty when every entry is 0 (no arranged view hidden, no proportional sizes: nearly every
  /// stack), with `builtForCount` the key's length: an idle stack then holds no array for it
  /// (64 bytes of a login session's stacks, one per stack of every session).
  private var builtFor: [Double] = []

  /// The gap between adjacent views (the minimum gap for the equal distributions).
  open var spacing: CGFloat = 0 { didSet { rebuild(reusing: false) } }
  // The one-byte fields side by side, after every wider one (stored properties are laid out in
  // declaration order: each took an 8-byte slot of its own between wider fields).
  /// The direction of the line.
  open var axis: LayoutAxis = .horizontal { didSet { rebuild(reusing: false) } }
  /// How views share the length along the axis.
  open var distribution: Distribution = .fill { didSet { rebuild(reusing: false) } }
  /// How views sit across the axis.
  open var alignment: Alignment = .fill { didSet { rebuild(reusing: false) } }
  /// The distribution `owned` was made for, whose name its constraints carry.
  private var builtDistribution: Distribution?
  /// The length of the key `builtFor` stands for (in the padding after the one-byte fields).
  private var builtForCount: Int32 = 0

  /// A stack of `views`, as UIKit's `init(arrangedSubviews:)`.
  public convenience init(arrangedSubviews views: [View]) {
    self.init(frame: .zero)
    for view in views { addArrangedSubview(view) }
  }

  /// Appends `view` to the line (and makes it a subview).
  open func addArrangedSubview(_ view: View) {
    insertArrangedSubview(view, at: arrangedSubviews.count)
  }

  /// Inserts `view` into the line at `index`.
  open func insertArrangedSubview(_ view: View, at index: Int) {
    arrangedSubviews.removeAll { $0 === view }
    arrangedSubviews.insert(view, at: max(0, min(index, arrangedSubviews.count)))
    view.translatesAutoresizingMaskIntoConstraints = false
    if view.superview !== self { addSubview(view) }
    rebuild()
  }

  /// Takes `view` out of the line; it stays a subview, as in UIKit.
  open func removeArrangedSubview(_ view: View) {
    arrangedSubviews.removeAll { $0 === view }
    rebuild()
  }

  /// Drops an arranged view that stops being a subview, as UIKit does, so the stack never constrains a view
  /// it no longer holds.
  open override func willRemoveSubview(_ subview: View) {
    super.willRemoveSubview(subview)
    if arrangedSubviews.contains(where: { $0 === subview }) {
      arrangedSubviews.removeAll { $0 === subview }
      rebuild()
    }
  }

  /// Registers the stack with its new window's layout engine, which asks it before each solve whether a
  /// hidden or resized arranged view means new constraints.
  open override func didMoveToWindow() {
    super.didMoveToWindow()
    window?.autoLayoutEngine.watch(self)
  }

  /// The inputs the constraint set depends on besides the stored properties.
  private var currentKey: [Double] {
    var key: [Double] = []
    for view in arrangedSubviews {
      key.append(view.isHidden ? 1 : 0)
      if distribution == .fillProportionally {
        let size = view.intrinsicContentSize
        key.append(Double(axis == .horizontal ? size.width : size.height))
      }
    }
    return key
  }

  /// Rebuilds when an arranged view was hidden or shown, or an intrinsic size it uses changed;
  /// the window's engine asks before each solve.
  func refreshIfNeeded() {
    if !isBuilt(for: currentKey) { rebuild() }
  }

  /// Whether the constraints were built for `key` (`builtFor` compared as if it were stored
  /// whole).
  private func isBuilt(for key: [Double]) -> Bool {
    guard builtFor.isEmpty else { return key == builtFor }
    return key.count == builtForCount && key.allSatisfy { $0 == 0 }
  }

  /// Brings the constraint set in line with the current inputs, touching only what differs: a
  /// constraint the new set still needs (same items, attributes, relation, multiplier, constant
  /// and priority) stays active, so hiding, showing, inserting or removing one arranged view
  /// deactivates and activates a bounded number of constraints instead of the whole stack's,
  /// and the window's solver removes and adds only those (issue 14: a toggle in the stacks demo
  /// spent milliseconds rebuilding every row's tableau).
  ///
  /// A change of axis, spacing, distribution or alignment (`reusing: false`) replaces every
  /// constraint, in the order a new stack would activate them: it changes most of them anyway,
  /// and the solver's choices among equal-priority solutions follow that order.
  private func rebuild(reusing: Bool = true) {
    if !reusing {
      unusedGaps = Array(gapAfter.values)
      gapAfter = [:]
    }
    let specs = makeConstraints()
    // The first old constraint with each key, and for each old constraint the next one with the
    // same key (-1: none), so matching allocates no array per key.
    var firstWith: [Key: Int] = [:]
    // Arrays of one repeated value are made with `repeatElement` here, not
    // `init(repeating:count:)`, whose allocation goes through the standard library's
    // unspecialised code and a lookup in the runtime's metadata cache: a reader count written
    // by every thread, so by both event loops (BENCHMARKS.md, "Stop 17: two loops").
    var nextWith = [Int](repeatElement(-1, count: owned.count))
    // A new distribution renames every constraint (its identifier): nothing is kept.
    if reusing && builtDistribution == distribution {
      firstWith.reserveCapacity(owned.count)
      for index in owned.indices.reversed() {
        // A constraint whose first item is gone cannot be kept (its key would match nothing).
        guard let key = Key(owned[index]) else { continue }
        if let later = firstWith.updateValue(index, forKey: key) { nextWith[index] = later }
      }
    }
    builtDistribution = distribution
    var reused = [LayoutConstraint?](repeatElement(nil, count: specs.count))
    var stillUsed = [Bool](repeatElement(false, count: owned.count))
    if !firstWith.isEmpty {
      for position in specs.indices {
        let key = specs[position].key
        guard let index = firstWith[key] else { continue }
        if nextWith[index] >= 0 { firstWith[key] = nextWith[index] } else { firstWith[key] = nil }
        let old = owned[index]
        // The key holds object identities; the weak items confirm they are still the same objects.
        guard old.firstItem === specs[position].a, old.secondItem === specs[position].b else { continue }
        reused[position] = old
        stillUsed[index] = true
      }
    }
    for (index, constraint) in owned.enumerated() where !stillUsed[index] { constraint.isActive = false }
    for guide in unusedGaps { removeLayoutGuide(guide) }
    unusedGaps = []
    var added: [LayoutConstraint] = []
    let identifier = self.identifier
    owned = zip(specs, reused).map { spec, old in
      if let old { return old }
      let constraint = spec.make(identifier: identifier)
      added.append(constraint)
      return constraint
    }
    let key = currentKey
    builtForCount = Int32(key.count)
    builtFor = key.allSatisfy { $0 == 0 } ? [] : key
    // Each of them is installed on the stack itself (the common ancestor of its items): room for
    // all of them at once, not by doubling, which left an idle stack's list up to twice as long.
    if !added.isEmpty {
      let installed = layoutState.installed.count
      layoutState.installed.reserveCapacity(installed + added.count)
    }
    LayoutConstraint.activate(added)
  }

  /// The identifier every stack constraint carries: one shared object per distribution (and
  /// thread: see `StackIdentifiers`), so making a constraint formats no string and each
  /// constraint holds one reference to it.
  private var identifier: ConstraintDetails {
    let identifiers = StackIdentifiers.onThisThread
    switch distribution {
    case .fill: return identifiers.fill
    case .fillEqually: return identifiers.fillEqually
    case .fillProportionally: return identifiers.fillProportionally
    case .equalSpacing: return identifiers.equalSpacing
    case .equalCentering: return identifiers.equalCentering
    }
  }

  /// What identifies a stack constraint for reuse: everything its solver row depends on.
  private struct Key: Hashable {
    let a: ObjectIdentifier
    let aa: LayoutAttribute
    let b: ObjectIdentifier?
    let ba: LayoutAttribute
    let relation: LayoutRelation
    let multiplier: CGFloat
    let constant: CGFloat
    let priority: Float

    init(
      a: ObjectIdentifier, aa: LayoutAttribute, b: ObjectIdentifier?, ba: LayoutAttribute,
      relation: LayoutRelation, multiplier: CGFloat, constant: CGFloat, priority: Float
    ) {
      self.a = a
      self.aa = aa
      self.b = b
      self.ba = ba
      self.relation = relation
      self.multiplier = multiplier
      self.constant = constant
      self.priority = priority
    }

    /// What `constraint` says now, as a key; nil when its first item is gone. The same key as
    /// the `Spec` it was made from unless the app changed its constant or priority since, and
    /// then it is not the constraint the stack wants any more.
    init?(_ constraint: LayoutConstraint) {
      guard let first = constraint.firstItem else { return nil }
      self.init(
        a: ObjectIdentifier(first), aa: constraint.firstAttribute,
        b: constraint.secondItem.map { ObjectIdentifier($0) }, ba: constraint.secondAttribute,
        relation: constraint.relation, multiplier: constraint.multiplier, constant: constraint.constant,
        priority: constraint.priority.rawValue)
    }
  }

  /// A constraint the stack wants, before it is known whether an active one already says it.
  private struct Spec {
    let a: any LayoutItem
    let aa: LayoutAttribute
    let b: (any LayoutItem)?
    let ba: LayoutAttribute
    let relation: LayoutRelation
    let multiplier: CGFloat
    let constant: CGFloat
    let priority: LayoutPriority

    var key: Key {
      Key(
        a: ObjectIdentifier(a), aa: aa, b: b.map { ObjectIdentifier($0) },
        ba: b == nil ? .notAnAttribute : ba,
        relation: relation, multiplier: multiplier, constant: constant, priority: priority.rawValue)
    }

    func make(identifier: ConstraintDetails) -> LayoutConstraint {
      let constraint = LayoutConstraint(
        item: a, attribute: aa, relatedBy: relation, toItem: b, attribute: ba, multiplier: multiplier,
        constant: constant)
      constraint.priority = priority
      constraint.setSharedIdentifier(identifier)
      return constraint
    }
  }

  /// The constraints the current inputs call for, in the order they are first activated. The
  /// gap guides of the equal distributions are kept by their leading view (`gapAfter`; the ones
  /// no longer used go to `unusedGaps`), so an unchanged gap keeps its constraints.
  private func makeConstraints() -> [Spec] {
    var previousGaps = gapAfter
    gapAfter = [:]
    var firstGap: LayoutGuide?
    defer { unusedGaps += previousGaps.values }
    let views = arrangedSubviews.filter { !$0.isHidden }
    guard let first = views.first, let last = views.last else { return [] }
    let horizontal = axis == .horizontal
    let (lead, trail, length, centre): (LayoutAttribute, LayoutAttribute, LayoutAttribute, LayoutAttribute) =
      horizontal ? (.leading, .trailing, .width, .centerX) : (.top, .bottom, .height, .centerY)
    let (crossLead, crossTrail, crossCentre): (LayoutAttribute, LayoutAttribute, LayoutAttribute) =
      horizontal ? (.top, .bottom, .centerY) : (.leading, .trailing, .centerX)
    func make(
      _ a: any LayoutItem, _ aa: LayoutAttribute, _ b: (any LayoutItem)?, _ ba: LayoutAttribute,
      multiplier: CGFloat = 1, _ constant: CGFloat = 0, relation: LayoutRelation = .equal,
      priority: LayoutPriority = .required
    ) -> Spec {
      Spec(
        a: a, aa: aa, b: b, ba: ba, relation: relation, multiplier: multiplier, constant: constant,
        priority: priority)
    }
    var result: [Spec] = [make(first, lead, self, lead), make(self, trail, last, trail)]
    // Along the axis.
    for (a, b) in zip(views, views.dropFirst()) {
      switch distribution {
      case .fill, .fillEqually, .fillProportionally:
        result.append(make(b, lead, a, trail, spacing))
      case .equalSpacing, .equalCentering:
        let gap: LayoutGuide
        if let kept = previousGaps.removeValue(forKey: ObjectIdentifier(a)) {
          gap = kept
        } else {
          gap = LayoutGuide()
          gap.identifier = "UISV-distributing"
          addLayoutGuide(gap)
        }
        gapAfter[ObjectIdentifier(a)] = gap
        result.append(make(b, lead, a, trail, spacing, relation: .greaterThanOrEqual))
        let edges: (LayoutAttribute, LayoutAttribute) =
          distribution == .equalSpacing ? (trail, lead) : (centre, centre)
        result.append(make(gap, lead, a, edges.0))
        result.append(make(gap, trail, b, edges.1))
        result.append(make(gap, crossLead, self, crossLead))
        result.append(make(gap, length == .width ? .height : .width, nil, .notAnAttribute, 0))
        if let firstGap {
          result.append(make(gap, length, firstGap, length))
        } else {
          firstGap = gap
        }
      }
    }
    if distribution == .fillEqually {
      for view in views.dropFirst() { result.append(make(view, length, first, length)) }
    }
    if distribution == .fillProportionally {
      let sizes = views.map { view -> CGFloat in
        let size = view.intrinsicContentSize
        return max(0, horizontal ? size.width : size.height)
      }
      let total = sizes.reduce(0, +)
      let gaps = spacing * CGFloat(views.count - 1)
      if total > 0 {
        for (view, size) in zip(views, sizes) {
          let share = size / total
          result.append(make(view, length, self, length, multiplier: share, -gaps * share, priority: 999))
        }
      }
    }
    // Across the axis.
    for view in views {
      switch alignment {
      case .fill:
        result.append(make(view, crossLead, self, crossLead))
        result.append(make(self, crossTrail, view, crossTrail))
      case .leading:
        result.append(make(view, crossLead, self, crossLead))
        result.append(make(self, crossTrail, view, crossTrail, relation: .greaterThanOrEqual))
      case .trailing:
        result.append(make(self, crossTrail, view, crossTrail))
        result.append(make(view, crossLead, self, crossLead, relation: .greaterThanOrEqual))
      case .center:
        result.append(make(view, crossCentre, self, crossCentre))
        result.append(make(view, crossLead, self, crossLead, relation: .greaterThanOrEqual))
      case .firstBaseline, .lastBaseline:
        let baseline: LayoutAttribute = alignment == .firstBaseline ? .firstBaseline : .lastBaseline
        if horizontal && view !== first {
          result.append(make(view, baseline, first, baseline))
        }
        result.append(make(view, crossLead, self, crossLead, relation: .greaterThanOrEqual))
        result.append(make(self, crossTrail, view, crossTrail, relation: .greaterThanOrEqual))
      }
      // Without a fixed cross size the stack hugs its tallest view.
      if alignment != .fill {
        result.append(make(self, crossLead == .top ? .height : .width, nil, .notAnAttribute, 0, priority: 49))
      }
    }
    if alignment == .firstBaseline || alignment == .lastBaseline {
      result.append(make(first, crossLead, self, crossLead, priority: 50))
    }
    return result
  }
}

extension LayoutEngine {
  /// Keeps `stack` in the list of stack views asked to refresh before each solve.
  func watch(_ stack: StackView) {
    watchedStacks.removeAll { $0.stack == nil }
    if !watchedStacks.contains(where: { $0.stack === stack }) {
      watchedStacks.append(WeakStack(stack: stack))
    }
  }

  /// Lets stack views whose arranged views were hidden or resized rebuild their constraints.
  func refreshStacks() {
    for entry in watchedStacks { entry.stack?.refreshIfNeeded() }
  }
}

/// A stack view the engine asks to refresh, without keeping it alive.
struct WeakStack {
  weak var stack: StackView?
}

/// The stack constraints' identifiers, one set per thread: making and freeing a constraint
/// retains and releases its identifier, and with one process-wide set both event loops wrote
/// the same reference counts, about 80 times a stacks-app relayout, each write taking the cache
/// line from the other loop's CPU (BENCHMARKS.md, "Stop 16: two loops"). Five small objects a
/// thread; a thread's set is freed as it exits (constraints that still hold one keep it).
private final class StackIdentifiers {
  let fill = ConstraintDetails(text: "UISV-fill")
  let fillEqually = ConstraintDetails(text: "UISV-fillEqually")
  let fillProportionally = ConstraintDetails(text: "UISV-fillProportionally")
  let equalSpacing = ConstraintDetails(text: "UISV-equalSpacing")
  let equalCentering = ConstraintDetails(text: "UISV-equalCentering")

  /// The calling thread's set, made on its first use; the thread-specific slot holds it.
  static var onThisThread: StackIdentifiers {
    if let identifiers = pthread_getspecific(slot) {
      return Unmanaged<StackIdentifiers>.fromOpaque(identifiers).takeUnretainedValue()
    }
    let made = StackIdentifiers()
    pthread_setspecific(slot, Unmanaged.passRetained(made).toOpaque())
    return made
  }

  private static let slot: pthread_key_t = {
    var slot = pthread_key_t()
    let status = pthread_key_create(&slot) { identifiers in
      if let identifiers { Unmanaged<StackIdentifiers>.fromOpaque(identifiers).release() }
    }
    precondition(status == 0, "no thread-specific slot for the stack constraints' identifiers")
    return slot
  }()
}
