import ViewWireProtocol

/// Records what changed in one window since the last frame: the views whose layout, render
/// properties or subviews changed, the views that left the window, and the views that need
/// layout.
///
/// Views report here from their property setters, in constant time; the diff engine drains it
/// once per frame. Nothing here walks the tree, which is what makes a frame cost O(change).
/// Views the client does not hold yet (wire id 0) record nothing: their creation will send all
/// their state at once.
///
/// Every queue holds each view at most once, kept so by a flag on the view (`isQueuedFor...`),
/// so what a window records between two frames is bounded by its views, not by how often they
/// change: a client that stops reading while its app adds and removes views for minutes costs
/// no more than one that reads.
@usableFromInline package final class ChangeTracker {
  /// The window that owns this tracker, unretained and queued by flag rather than in the
  /// arrays: the window holds the tracker, so an array holding the window would keep it alive
  /// until the next frame, and for ever if none came. The window clears it as it goes.
  @exclusivity(unchecked) package unowned(unsafe) var owner: View? {
    didSet { ownerID = owner.map(ObjectIdentifier.init) }
  }
  /// The owner's identity, compared on every change: loading `owner` itself would retain the
  /// window, whose weak references give it a side table and a slow retain.
  @exclusivity(unchecked) private var ownerID: ObjectIdentifier?
  @exclusivity(unchecked) private var ownerChanged = false
  @exclusivity(unchecked) private var ownerNeedsLayout = false
  @exclusivity(unchecked) private var ownerNeedsDisplay = false

  /// Views with at least one change, each once, in the order they first changed (the owner
  /// apart: `drain()` puts it first).
  @exclusivity(unchecked) package private(set) var changedViews: [View] = []
  /// Views the client holds that were taken out of a superview, each once; some may be back by
  /// now.
  @exclusivity(unchecked) package private(set) var detachedViews: [View] = []
  /// Views that asked for `layoutSubviews`, each once.
  @exclusivity(unchecked) private var layoutQueue: [View] = []
  /// How many entries the queues hold, for the statistics that show a stalled client's cost.
  package var queuedCount: Int {
    changedViews.count + detachedViews.count + layoutQueue.count + displayQueue.count
      + (ownerChanged ? 1 : 0) + (ownerNeedsLayout ? 1 : 0) + (ownerNeedsDisplay ? 1 : 0)
  }
  /// Whether a layout or display pass has anything to do.
  package var hasLayoutOrDisplayWork: Bool {
    !layoutQueue.isEmpty || ownerNeedsLayout || !displayQueue.isEmpty || ownerNeedsDisplay
  }
  /// Whether anything at all was recorded, so an input that changed nothing sends no frame.
  package var hasChanges: Bool { ownerChanged || !changedViews.isEmpty || !detachedViews.isEmpty }

  private func queueChanged(_ view: View) {
    if ObjectIdentifier(view) == ownerID { ownerChanged = true } else { changedViews.append(view) }
  }

  // The queues and flags are `@exclusivity(unchecked)`: every change of every view and every
  // frame's layout and display passes reach them, on the window's thread only, and no access
  // stays open across a call that could reach the same field (the passes take a queue out
  // before they run any view's code). The run-time checks were a measurable part of a tap.

  package init() {}

  /// Records that `key` of `view` changed from `previous`, which it takes (leaving nil): the
  /// first change of a key in a frame keeps the old value as it came out of the view's
  /// properties, moved along rather than copied here and released by the setter (a retain and
  /// release of the old text on every change; `note`'s closure could only copy what it
  /// captured).
  func noteRender(of view: View, key: RenderKey, taking previous: inout WireValue?) {
    guard view.wireID != 0 else { return }
    let wasQueued = view._pending.isQueued
    view._pending.render.record(key, previous: previous.take())
    view._pending.isQueued = true
    if !wasQueued { queueChanged(view) }
  }

  func noteLayout(of view: View) {
    guard view.wireID != 0 else { return }
    let wasQueued = view.pending.note { $0.layout = true }
    if !wasQueued { queueChanged(view) }
  }

  func noteChildren(of view: View) {
    guard view.wireID != 0 else { return }
    let wasQueued = view.pending.note { $0.children = true }
    if !wasQueued { queueChanged(view) }
  }

  func noteDetached(_ view: View) {
    guard view.wireID != 0, !view.isQueuedAsDetached else { return }
    view.isQueuedAsDetached = true
    detachedViews.append(view)
  }

  func noteNeedsLayout(_ view: View) {
    guard !view.isQueuedForLayout else { return }
    view.isQueuedForLayout = true
    if ObjectIdentifier(view) == ownerID { ownerNeedsLayout = true } else { layoutQueue.append(view) }
  }

  /// The last animation number given out (PROTOCOL.md section 6, "Animations").
  private var animationSerial = 0

  func nextAnimationSerial() -> Int {
    animationSerial += 1
    return animationSerial
  }

  /// Views that asked for `draw(_:)`, each once.
  @exclusivity(unchecked) private var displayQueue: [View] = []

  func noteNeedsDisplay(_ view: View) {
    guard !view.isQueuedForDisplay else { return }
    view.isQueuedForDisplay = true
    if ObjectIdentifier(view) == ownerID { ownerNeedsDisplay = true } else { displayQueue.append(view) }
  }

  /// Empties `queue` and returns what it held, with the owner window after it when its flag
  /// (cleared here) says the owner was queued too.
  ///
  /// `owner` is loaded only when it is queued: loading it retains the window, a slow
  /// side-table operation (its weak references give it one), and this runs several times per
  /// frame, mostly with nothing queued.
  private func take(_ queue: inout [View], if ownerQueued: inout Bool) -> [View] {
    if queue.isEmpty && !ownerQueued { return [] }
    var taken = queue
    queue = []
    if ownerQueued, let owner {
      ownerQueued = false
      taken.append(owner)
    }
    return taken
  }

  /// Runs `draw(_:)` for every queued view still in the window, once each.
  func runDisplayPass() {
    for view in take(&displayQueue, if: &ownerNeedsDisplay) {
      // Cleared first: a view that draws may ask to draw again, for the next pass.
      view.isQueuedForDisplay = false
      if view.needsDisplay && view.window != nil { view.display() }
    }
  }

  /// An empty list with the capacity of an earlier frame's `changedViews`, given back by
  /// `recycle(_:)`: starting each frame's list from `[]` allocated it again, and grew it once
  /// more past one view, on every input.
  @exclusivity(unchecked) private var spareChangedViews: [View] = []

  /// Hands the recorded changes to the diff engine and starts a new frame's record.
  ///
  /// The new record starts in the spare list `recycle(_:)` gave back, when there is one.
  package func drain() -> (changed: [View], detached: [View]) {
    var changed = changedViews
    changedViews = []
    swap(&changedViews, &spareChangedViews)
    if ownerChanged, let owner {
      ownerChanged = false
      changed.insert(owner, at: 0)
    }
    let detached = detachedViews
    if !detached.isEmpty {
      detachedViews = []
      for view in detached { view.isQueuedAsDetached = false }
    }
    return (changed, detached)
  }

  /// Takes back the list of changed views `drain()` handed out, once the engine is done with
  /// it, emptied with its capacity kept, for the frame after next. A list that grew large (a
  /// frame that changed many views) is not kept, so an idle window holds no more than a small
  /// frame's room.
  package func recycle(_ views: inout [View]) {
    guard views.capacity <= 64, views.capacity > spareChangedViews.capacity else { return }
    // A tap's few views one by one: `removeAll(keepingCapacity:)` went through
    // `replaceSubrange` and a generic destroy of the elements, 260 instructions for three.
    if views.count <= 8 {
      while views.popLast() != nil {}
    } else {
      views.removeAll(keepingCapacity: true)
    }
    swap(&views, &spareChangedViews)
  }

  /// Empties every queue and clears the views' queued flags, without laying out or sending
  /// anything: for a window that goes away (or a session torn down) with changes still queued.
  /// The queues hold their views strongly and views hold the tracker, so a queue left full
  /// would keep both alive; views out of any window also let go of the tracker here.
  package func reset() {
    for view in changedViews + detachedViews + layoutQueue + displayQueue {
      view.pending = PendingChanges()
      view.isQueuedAsDetached = false
      view.isQueuedForLayout = false
      view.isQueuedForDisplay = false
      if view.window == nil { view.changeTracker = nil }
    }
    if let owner {
      if ownerChanged { owner.pending = PendingChanges() }
      if ownerNeedsLayout { owner.isQueuedForLayout = false }
      if ownerNeedsDisplay { owner.isQueuedForDisplay = false }
    }
    (ownerChanged, ownerNeedsLayout, ownerNeedsDisplay) = (false, false, false)
    changedViews = []
    detachedViews = []
    layoutQueue = []
    displayQueue = []
  }

  /// Lays out every queued view inside `root`, parents before children.
  ///
  /// A `layoutSubviews` that resizes subviews queues them again; the pass repeats until nothing
  /// is queued, at most `maximumRounds` times, so a layout that never settles cannot stall the
  /// loop (it finishes in the next frame instead).
  func runLayoutPass(within root: View, maximumRounds: Int = 8) {
    var round = 0
    while (!layoutQueue.isEmpty || ownerNeedsLayout) && round < maximumRounds {
      round += 1
      var pending: [(depth: Int, view: View)] = []
      for view in take(&layoutQueue, if: &ownerNeedsLayout) {
        // Cleared first: a layout may ask for another, and a view outside `root` queues again.
        view.isQueuedForLayout = false
        guard view.needsLayout, view.window != nil else { continue }
        guard let depth = view.depth(below: root) else {
          noteNeedsLayout(view)
          continue
        }
        pending.append((depth, view))
      }
      if pending.isEmpty { break }
      pending.sort { $0.depth < $1.depth }
      for entry in pending where entry.view.needsLayout {
        entry.view.performLayout()
      }
    }
  }
}

extension View {
  /// How many superviews lie between this view and `ancestor`, or nil if it is not inside it.
  package func depth(below ancestor: View) -> Int? {
    var depth = 0
    // Unretained, as the tree holds every ancestor (see `superviewReference`).
    unowned(unsafe) var view = self
    while true {
      if view === ancestor { return depth }
      depth += 1
      guard let parent = view.superviewReference else { return nil }
      view = parent.takeUnretainedValue()
    }
  }
}
