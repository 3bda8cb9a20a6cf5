import Algorithms
import Foundation
public import ViewWireKit
import ViewWireProtocol

/// Turns one window's recorded changes into frames, keeping the client's tree and hash in step.
///
/// The engine reads only what the window's change tracker queued since the last frame (dirty
/// flags, never a comparison of trees) and so costs time proportional to the change:
///
/// 1. **Removals.** Views the client holds that left the window are removed with one line per
///    removed subtree (the highest removed view whose parent stays).
/// 2. **Structure.** Each parent whose subviews changed is brought in line, shallowest first:
///    walking its final subview list, any position that differs from what the client holds gets
///    a `create` (with the new view's whole subtree) or a `move`. The engine keeps a simulated copy
///    of each touched parent's child list, so every `INDEX` is right at the moment the client
///    applies the line.
/// 3. **Layout, then render**, for views whose frame or render properties changed, comparing with
///    what was last sent so a value set and set back sends nothing.
///
/// The tree hash (PROTOCOL.md section 7) is a sum of per-fact terms: each step subtracts the
/// terms of what the client had and adds those of what it has now.
public final class DiffEngine {
  /// The window whose tree this engine sends.
  public let window: Window

  /// The number of the last frame produced.
  ///
  /// This, `hash` and the table of views are unchecked for exclusivity at run time, as the
  /// builder's fields are: each access is a read, a store or a dictionary update that calls
  /// nothing, so the run-time check (about 80 instructions, three per frame) could never fire.
  @exclusivity(unchecked) public private(set) var sequence = 0

  /// The tree hash as the client holds it after the last frame.
  @exclusivity(unchecked) public private(set) var hash: UInt64 = 0

  /// Whether frames may hold `shift` lines (protocol version 2): a run of at least
  /// `minimumShiftRun` consecutive siblings moved by one offset, sizes kept, is then one line.
  @exclusivity(unchecked) public var sendsShiftLines = true

  /// The shortest run sent as a `shift`; shorter runs read more easily as `layout` lines.
  public static let minimumShiftRun = 8

  /// Views the client holds, by wire id; keeps them alive until the client is told they are gone.
  @exclusivity(unchecked) private var viewsByID = ViewTable()
  @exclusivity(unchecked) private var nextID = 1

  /// An engine that has sent nothing for `window` yet, so its first `makeFrame()` is a full frame. One engine
  /// per window: the wire ids it hands out are stored on the views.
  public init(window: Window) {
    self.window = window
  }

  /// The view the client knows as `id`.
  public func view(withID id: Int) -> View? { viewsByID.view(withID: id) }

  /// The wire id of `view`, or nil while the client does not hold it.
  public func id(of view: View) -> Int? { view.wireID == 0 ? nil : view.wireID }

  /// The number of views the client holds.
  public var viewCount: Int { viewsByID.count }

  // MARK: Frames

  /// Lays out the window and returns a frame with what changed, or nil when nothing did.
  public func makeFrame() -> Frame? {
    // The client holds nothing yet: the first frame of a session is a full one.
    if window.wireID == 0 { return makeFullFrame() }
    window.prepareFrame()
    return FrameScratch.borrow { scratch in
      var builder = Builder(engine: self, scratch: scratch)
      builder.collectChanges()
      hash = hash &+ builder.hashDelta
      builder.returnScratch()
      guard !builder.body.isEmpty else { return nil }
      sequence += 1
      return Frame(
        sequence: sequence, isFull: false, body: builder.body, hash: hash, viewCount: viewsByID.count)
    }
  }

  /// Lays out the window and appends a frame of what changed to `output`, the bytes
  /// `makeFrame()?.encode(into:)` would append; returns the frame's number, or nil when nothing
  /// changed (`output` is then as it was).
  ///
  /// For a client that alone takes the frame (a session without joiners or resume history,
  /// most): the lines go straight into its output between the `begin` and `end` lines, without
  /// a body array lent by the scratch and emptied, a `Frame` made and destroyed, and the body
  /// copied once more (about 350 instructions of a tap's frame; issue 14, stop 17).
  public func appendFrame(to output: inout [UInt8]) -> Int? {
    if window.wireID == 0 {
      let frame = makeFullFrame()
      frame.encode(into: &output)
      return frame.sequence
    }
    window.prepareFrame()
    return FrameScratch.borrow { scratch in
      var builder = Builder(engine: self, scratch: scratch, takesBody: false)
      let frameStart = output.count
      // Numbered as the frame it will be; dropped with the `begin` line if nothing changed.
      var lines = FrameLines(sequence: sequence + 1, isFull: false)
      lines.writeBegin(to: &output)
      let bodyStart = output.count
      // The output is the builder's body while it writes: exchanged, not copied.
      swap(&builder.body, &output)
      builder.collectChanges()
      swap(&builder.body, &output)
      hash = hash &+ builder.hashDelta
      builder.returnScratch(keepsBody: false)
      guard output.count > bodyStart else {
        output.removeSubrange(frameStart...)
        return nil
      }
      sequence += 1
      lines.writeEnd(hash: hash, viewCount: viewsByID.count, to: &output)
      return sequence
    }
  }

  /// Lays out the window and returns a full frame: every view, with the ids the client knew.
  public func makeFullFrame() -> Frame {
    window.prepareFrame()
    return FrameScratch.borrow { scratch in
      var builder = Builder(engine: self, scratch: scratch)
      builder.sharesRenderProperties = sequence == 0
      builder.collectFullTree()
      hash = builder.hashDelta
      sequence += 1
      builder.returnScratch()
      return Frame(
        sequence: sequence, isFull: true, body: builder.body, hash: hash, viewCount: viewsByID.count)
    }
  }

  /// A full frame of the tree as the last frame left it, numbered as that frame, for one client
  /// of a shared session that needs the whole tree (one that joined, read again after a stall, or
  /// asked for `resync`) while the others go on from the same number (PROTOCOL.md section 18).
  ///
  /// It sends nothing new: the caller takes the pending changes first with `makeFrame()`, for
  /// every client, so this frame and theirs describe one tree with one hash. The engine's state
  /// is left as it was: the ids, the places and the hash are only read again.
  ///
  /// - Precondition: a frame was made before, and no change is pending since.
  public func makeRepeatedFullFrame() -> Frame {
    precondition(sequence > 0 && window.wireID != 0, "no frame was made yet: makeFrame() first")
    return FrameScratch.borrow { scratch in
      var builder = Builder(engine: self, scratch: scratch)
      builder.collectFullTree()
      assert(builder.hashDelta == hash, "changes were pending: makeFrame() first")
      builder.returnScratch()
      return Frame(
        sequence: sequence, isFull: true, body: builder.body, hash: builder.hashDelta,
        viewCount: viewsByID.count)
    }
  }

  // MARK: Bookkeeping shared with the builder

  fileprivate func register(_ view: View) -> Int {
    let id = nextID
    nextID += 1
    view.wireID = id
    view.wireState = WireState()
    viewsByID.insert(view)
    return id
  }

  fileprivate func unregister(_ view: View) {
    viewsByID.remove(id: view.wireID)
    Self.release(view)
  }

  /// Clears what the engine kept on a view: its id, its wire state, its pending changes, and,
  /// out of a window, the tracker it kept only because the client held it.
  private static func release(_ view: View) {
    view.wireID = 0
    view.wireState = nil
    view.pending = PendingChanges()
    if view.window == nil { view.changeTracker = nil }
  }

  /// The views the client held stop being tracked as held: ids are this engine's, and a view
  /// that outlives it must not record changes for a client that is gone.
  deinit {
    for view in viewsByID.views { Self.release(view) }
  }
}

/// The work of producing one frame.
///
/// Its memory is borrowed: the thread's `FrameScratch` lends the render-line buffers and the
/// body's room, taken at the start and given back by `returnScratch()`.
private struct Builder {
  /// The engine and the scratch, unretained: the builder lives inside a call of the engine's
  /// that borrows the scratch (`FrameScratch.borrow`), so both outlive it; held strongly, each
  /// was a retain and a release per frame.
  unowned(unsafe) let engine: DiffEngine
  unowned(unsafe) let scratch: FrameScratch
  /// The frame's lines as written so far.
  var body: [UInt8]
  /// The render lines of views changed (not created) in this frame, which follow those of
  /// created views. The scratch's buffer, exchanged rather than reached through the scratch:
  /// each write through it retained and released the scratch.
  private var changedRenders = TextBuffer()
  /// The render lines of views created in this frame, which follow the layout lines.
  private var createdRenders = TextBuffer()
  /// What this frame adds to the engine's hash (wrapping), applied once at the end; for a full
  /// frame, the whole hash.
  private(set) var hashDelta: UInt64 = 0
  /// Views created in this frame, whose layout and render lines follow the structure lines.
  private var created: [View] = []
  /// The client's child lists of parents touched in this frame, as the emitted lines leave them.
  /// Nil until the first: most frames (a tap's) touch no child list, and making and destroying
  /// an empty dictionary was two calls per frame.
  private var simulated: [ObjectIdentifier: SimulatedChildren]?
  /// Whether created views' render properties go to the daemon-wide pool
  /// (`RenderProperties.trimAndShare()`): only in a session's first frame, the screen an idle
  /// session keeps and every session of the app shares, and for its first `maximumShared`
  /// views, so a frame pays at most that many pool look-ups.
  var sharesRenderProperties = false {
    didSet { sharedBudget = Self.maximumShared }
  }
  private var sharedBudget = 0
  /// The most views of one frame whose properties are shared.
  static let maximumShared = 256

  /// A builder with the scratch's buffers; its body is the scratch's kept room, or, without
  /// `takesBody`, empty until the caller puts the output it writes into there.
  init(engine: DiffEngine, scratch: FrameScratch, takesBody: Bool = true) {
    self.engine = engine
    self.scratch = scratch
    body = takesBody ? scratch.takeBody() : []
    swap(&changedRenders, &scratch.changedRenders)
    swap(&createdRenders, &scratch.createdRenders)
  }

  /// Gives the scratch its buffers back, and the body's room unless `keepsBody` is false (the
  /// body was the caller's).
  mutating func returnScratch(keepsBody: Bool = true) {
    swap(&changedRenders, &scratch.changedRenders)
    swap(&createdRenders, &scratch.createdRenders)
    if keepsBody { scratch.keep(body: body) }
  }

  private var window: Window { engine.window }

  // MARK: Incremental frame

  /// One walk of the changed views computes their layout and render lines (each view is touched
  /// once: in a table of thousands of rows, touching a view is a cache miss); layout lines go
  /// straight into `body` after those of created views, render lines follow those of
  /// created views.
  mutating func collectChanges() {
    var (changed, detached) = window.changes.drain()
    if !detached.isEmpty { emitRemovals(detached) }
    emitStructure(changed)
    for view in created { emitCreatedLayout(of: view) }
    searchBudget = 2 * changed.count + 256
    forEachUnretained(changed) { view in
      let id = view.wireID
      guard id != 0 else { return }
      // Read where it lies and cleared in place: swapping in an empty value and destroying
      // the old one went through its value witness, about 200 instructions a view. Through
      // the kit's inlined accessor, whose accesses are unchecked: `_pending` named from this
      // module was checked at run time (a `swift_beginAccess` per access, 80 instructions).
      if view.pending.isQueued {
        if view.pending.layout { emitLayoutChange(of: view, id: id) }
        if !view.pending.render.isEmpty { writeRenderLine(for: view, changes: &view.pending.render) }
      }
      view.pending.removeAll()
    }
    flushShiftRun()
    returnTakenLists()
    for view in created { emitCreatedRenders(of: view) }
    // An empty buffer is skipped: appending nothing still cost a call of 200 instructions.
    if createdRenders.count > 0 { body.append(createdRenders) }
    if changedRenders.count > 0 { body.append(changedRenders) }
    // The list's room serves the next frame (`ChangeTracker.recycle`).
    window.changes.recycle(&changed)
  }

  /// Gives every child list still taken (see `children(of:)`) back to its parent: one whose
  /// parent was not reconciled in this frame, which the kit's change notes make unexpected.
  private mutating func returnTakenLists() {
    guard let simulated else { return }
    for list in simulated.values { list.giveBack() }
  }

  /// Parents that must send again a view the client lost with a removed subtree.
  private var reparented: [View] = []
  /// The shift run being gathered, sent when a view does not extend it.
  private var shiftRun: ShiftRun?
  /// Where the last run ended, where the next one of the same parent likely starts.
  private var lastRunEnd: (parent: ObjectIdentifier, end: Int)?
  /// Sibling comparisons left for finding runs' first positions in this frame.
  private var searchBudget = 0

  private mutating func add(_ term: UInt64) { hashDelta = hashDelta &+ term }
  private mutating func subtract(_ term: UInt64) { hashDelta = hashDelta &- term }

  /// The client's child lists lose their removed views once per parent, after the lines are
  /// out: removing them one by one searched the list each time, quadratic when a long list is
  /// cleared.
  private mutating func emitRemovals(_ detached: [View]) {
    var removedByParent: [ObjectIdentifier: (parent: View, views: Set<ObjectIdentifier>)] = [:]
    for view in detached where view.wireID != 0 && view.window !== window {
      let sentParent = sentParent(of: view)
      let parentStays = view.wireState?.sentParentID == 0 || sentParent?.window === window
      guard parentStays else { continue }  // an ancestor's removal takes this view with it
      body.appendRemoveLine(id: view.wireID)
      if let sentParent {
        removedByParent[ObjectIdentifier(sentParent), default: (sentParent, [])].views.insert(
          ObjectIdentifier(view))
      }
      forgetSentSubtree(of: view)
    }
    for (parent, views) in removedByParent.values {
      let list = children(of: parent)
      if views.count == 1, let only = views.first {
        if let index = list.index(of: only) { list.views.remove(at: index) }
      } else {
        list.views.removeAll { views.contains(ObjectIdentifier($0)) }
      }
    }
  }

  /// Subtracts the terms of the render properties the client holds for `view`: the recorded
  /// ones, except for keys changed since the last frame, whose held value is the one recorded in
  /// the view's pending changes.
  private mutating func subtractHeldProperties(of view: View) {
    let changes = view.pending.render
    let id = view.wireID
    for entry in view.renderProperties where !changes.contains(where: { $0.key == entry.renderKey }) {
      subtract(entry.sentTerm)
    }
    for (key, previous) in changes {
      let recorded = view.renderProperties.entries.first { $0.renderKey == key }?.sentTerm ?? 0
      subtract(heldTerm(recorded, previous: previous, id: id, key: key))
    }
  }

  /// Forgets every view the client held under `root` (itself included): the client removed them.
  /// A view among them that is still in the window will be created again by its new parent.
  private mutating func forgetSentSubtree(of root: View) {
    var stack = [root]
    while let view = stack.popLast() {
      guard view.wireID != 0, let state = view.wireState else { continue }
      stack.append(contentsOf: state.sentChildren)
      subtract(state.placeTerm)
      subtract(view.sentLayout.term)
      subtractHeldProperties(of: view)
      if view.window === window, let parent = view.superview {
        // Still on screen under another parent: make sure that parent sends it again.
        parent.childrenChanged = true
        reparented.append(parent)
      }
      engine.unregister(view)
    }
  }

  private mutating func emitStructure(_ changed: [View]) {
    var parents: [(depth: Int, view: View)] = []
    forEachUnretained(changed) { view in
      guard view.childrenChanged, view.wireID != 0, let depth = view.depth(below: window) else { return }
      parents.append((depth, view))
    }
    // Survivors of removed subtrees flagged their new parents, which may not have been queued.
    for view in reparented where view.childrenChanged {
      guard view.wireID != 0, let depth = view.depth(below: window) else { continue }
      parents.append((depth, view))
    }
    // Most frames (a tap's) change no child list.
    if parents.isEmpty { return }
    parents.sort { $0.depth < $1.depth }
    for (_, parent) in parents where parent.wireID != 0 {
      reconcileChildren(of: parent)
    }
  }

  /// Brings the client's child list of `parent` in line with its subviews with as few lines as
  /// it can: the longest run of children the client already holds in the right relative order
  /// stays put, and every other child is created or moved to just after its final predecessor.
  /// Bringing a view to the front is therefore one `move`, not one per view it passes.
  ///
  /// The list's `cursor` is where the previous final child sits in it: children are placed
  /// in final order, so each stayer lies after it, and the walk costs O(children + moved × list)
  /// rather than a search of the whole list for every created or moved child.
  private mutating func reconcileChildren(of parent: View) {
    if simulated?[ObjectIdentifier(parent)] == nil, exchangeTwoChildren(of: parent) { return }
    let list = children(of: parent)
    let final = parent.subviews
    let (stays, prefix, suffix) = Self.longestOrderedRun(of: final, in: list.views)
    // The common prefix sits at the start of the list as it is; the common suffix needs no line.
    // The cursor lives in the list: taking a view out of it before the cursor (here, or when
    // a created subtree takes one of this parent's children) moves the cursor back with it.
    list.cursor = prefix - 1
    for position in prefix..<(final.count - suffix) {
      let child = final[position]
      if stays[position] {
        list.cursor = list.index(of: child, from: list.cursor + 1) ?? list.index(of: child) ?? list.cursor
        continue
      }
      if child.wireID != 0, let oldParent = sentParent(of: child) {
        children(of: oldParent).remove(child)
      }
      let index = list.cursor + 1
      list.views.insert(child, at: min(index, list.views.count))
      list.cursor = index
      if child.wireID == 0 {
        createSubtree(child, parent: parent, index: index)
      } else {
        body.appendMoveLine(id: child.wireID, parent: parent.wireID, index: index)
        child.wireState?.sentParentID = parent.wireID
      }
    }
    // Place terms were computed against the list as last sent, before this frame's removals:
    // past the part both share at the start, and up to the first view of the shared end, whose
    // previous sibling may differ.
    let sent = list.sentEnds ?? Self.commonEnds(of: final, and: parent.wireState?.sentChildren ?? [])
    // The taken list, now the client's, goes back: `record` then finds it equal to `final` (or
    // replaces only what differs) without copying it.
    list.giveBack()
    updatePlaces(of: parent, final: final, in: sent.prefix..<min(final.count, final.count - sent.suffix + 1))
    parent.childrenChanged = false
  }

  /// Sends an exchange of two children (a swap of two rows) without walking the children
  /// between them, when that is all that changed under `parent`; returns false otherwise.
  ///
  /// The lines are those the general walk sends: when the client's list and the final one
  /// differ only in their first and last differing positions `low` and `high`, which hold each
  /// other's views, and at least two children lie between them, the longest ordered run is
  /// exactly the children between, so the walk moves the view now at `low` there and then the
  /// one now at `high` there (`move` to `low`, then to `high`). Only the four children whose
  /// previous sibling changed get new place terms. The client's list is swapped in place: it
  /// stops sharing storage with `subviews` after the first exchange, so neither side copies
  /// (and retains) ten thousand views again on the next one.
  private mutating func exchangeTwoChildren(of parent: View) -> Bool {
    guard parent.wireState != nil else { return false }
    let final = parent.subviews
    let exchanged: (Int, Int)?
    if parent.childEditsSinceSent == 1, final.count == parent.wireState!.sentChildren.count {
      // The one change since the list was sent is this exchange: nothing to compare.
      let (first, second) = parent.lastExchange
      exchanged = (min(first, second), max(first, second))
    } else {
      exchanged = Self.exchangedPair(of: final, in: parent.wireState!.sentChildren)
    }
    guard let (low, high) = exchanged, high - low >= 3 else { return false }
    parent.childEditsSinceSent = 0
    let parentID = parent.wireID
    body.appendMoveLine(id: final[low].wireID, parent: parentID, index: low)
    body.appendMoveLine(id: final[high].wireID, parent: parentID, index: high)
    // In place through the view's accessor: a copy of the state would share the list, and the
    // swap would then copy ten thousand views.
    parent.wireState!.sentChildren.swapAt(low, high)
    for index in [low, low + 1, high, high + 1] where index < final.count {
      updatePlace(of: final[index], parentID: parentID, previousID: index > 0 ? final[index - 1].wireID : 0)
    }
    parent.childrenChanged = false
    return true
  }

  /// The two positions `final` and `held` exchanged, when that is their only difference and
  /// at least two views lie between them (see `exchangeTwoChildren`); compares addresses only.
  private static func exchangedPair(of final: [View], in held: [View]) -> (Int, Int)? {
    guard final.count == held.count else { return nil }
    let (prefix, suffix) = commonEnds(of: final, and: held)
    let (low, high) = (prefix, final.count - suffix - 1)
    guard high - low >= 3 else { return nil }
    let matches = withAddresses(of: final) { final in
      withAddresses(of: held) { held in
        guard final[low] == held[high], final[high] == held[low] else { return false }
        return memcmp(
          final.baseAddress! + low + 1, held.baseAddress! + low + 1,
          (high - low - 1) * MemoryLayout<UnsafeRawPointer?>.stride) == 0
      }
    }
    return matches ? (low, high) : nil
  }

  /// Which children of `final` (by position) the client holds in `held` and form a longest run
  /// in the same relative order (a longest increasing subsequence of their positions in `held`,
  /// found by patience sorting in O(n log n)).
  ///
  /// The common prefix and suffix, which stay put, are matched by identity first, so appending
  /// to or removing from a long list hashes only the part that changed.
  private static func longestOrderedRun(of final: [View], in held: [View]) -> (
    stays: [Bool], prefix: Int, suffix: Int
  ) {
    var stays = [Bool](repeating: false, count: final.count)
    let (prefix, suffix) = commonEnds(of: final, and: held)
    for index in 0..<prefix { stays[index] = true }
    for index in (final.count - suffix)..<final.count { stays[index] = true }
    let finalMiddle = prefix..<(final.count - suffix)
    let heldMiddle = prefix..<(held.count - suffix)
    guard !finalMiddle.isEmpty, !heldMiddle.isEmpty else { return (stays, prefix, suffix) }
    // By address, as in `commonEnds`: a view found in the client's list is one it holds.
    var position: [UnsafeRawPointer?: Int] = [:]
    position.reserveCapacity(heldMiddle.count)
    withAddresses(of: held) { held in
      for index in heldMiddle { position[held[index]] = index }
    }
    let positions: [(final: Int, at: Int)] = withAddresses(of: final) { final in
      finalMiddle.compactMap { index in position[final[index]].map { (index, $0) } }
    }
    // tails[k]: index into `positions` of the smallest tail of an increasing run of length k+1.
    var tails: [Int] = []
    var predecessor = [Int](repeating: -1, count: positions.count)
    for (index, entry) in positions.enumerated() {
      // The length of the longest run whose smallest tail is below the entry (the tails rise):
      // the entry extends that run and becomes the smallest tail of a run one longer.
      let length = tails.partitioningIndex { positions[$0].at >= entry.at }
      if length > 0 { predecessor[index] = tails[length - 1] }
      if length == tails.count { tails.append(index) } else { tails[length] = index }
    }
    var cursor = tails.last ?? -1
    while cursor >= 0 {
      stays[positions[cursor].final] = true
      cursor = predecessor[cursor]
    }
    return (stays, prefix, suffix)
  }

  /// How many views two lists share at their start and, after that, at their end (the same
  /// objects, which the client holds), compared by identity.
  ///
  /// The views are compared as addresses, without touching them: views hold weak references, so
  /// each retain and release goes through a side table, and for a list of thousands that cost
  /// more than the rest of the frame. A view in a list the client holds is registered (a view
  /// the engine forgot this frame was under a forgotten parent, which is never reconciled), so
  /// equal addresses mean a view the client holds at that place.
  private static func commonEnds(of final: [View], and held: [View]) -> (prefix: Int, suffix: Int) {
    withAddresses(of: final) { final in
      withAddresses(of: held) { held in
        var prefix = 0
        while prefix < final.count, prefix < held.count, final[prefix] == held[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < final.count - prefix, suffix < held.count - prefix,
          final[final.count - 1 - suffix] == held[held.count - 1 - suffix]
        {
          suffix += 1
        }
        return (prefix, suffix)
      }
    }
  }

  /// Sends `view` and its whole subtree as new, parents first.
  private mutating func createSubtree(_ view: View, parent: View?, index: Int) {
    let id = engine.register(view)
    body.appendCreateLine(id: id, className: view.wireClassName, parent: parent?.wireID, index: index)
    view.wireState?.sentParentID = parent?.wireID ?? 0
    created.append(view)
    // Properties recorded before creation are part of the full state sent now.
    view.pending = PendingChanges()
    for (childIndex, child) in view.subviews.enumerated() {
      if child.wireID == 0 {
        createSubtree(child, parent: view, index: childIndex)
      } else {
        // Already held by the client elsewhere: move it under its new, just-created parent.
        if let oldParent = sentParent(of: child) { children(of: oldParent).remove(child) }
        body.appendMoveLine(id: child.wireID, parent: id, index: childIndex)
        child.wireState?.sentParentID = id
      }
    }
    updatePlaces(of: view, final: view.subviews)
    view.childrenChanged = false
    if parent == nil, view.wireState != nil {
      add(place(of: view, parentID: 0, previousID: 0))
    }
  }

  /// Computes and records `view`'s place term for the given neighbours (wire ids, 0 for none).
  private mutating func place(of view: View, parentID: Int, previousID: Int) -> UInt64 {
    let term = HashTerms.place(
      id: view.wireID, className: view.wireClassName, parent: parentID == 0 ? nil : parentID,
      previous: previousID == 0 ? nil : previousID)
    view.wireState?.recordPlace(term, parentID: parentID, previousID: previousID)
    return term
  }

  /// Recomputes the place terms of `parent`'s children whose parent or previous sibling changed
  /// (only those: the term is a digest of text, the comparison is of two ids), and records the
  /// list as what the client holds.
  ///
  /// `range` limits the walk to the children whose neighbours may have changed; the others keep
  /// their terms.
  private mutating func updatePlaces(of parent: View, final: [View], in range: Range<Int>? = nil) {
    let range = range ?? final.indices
    var previousID = range.lowerBound > 0 ? final[range.lowerBound - 1].wireID : 0
    let parentID = parent.wireID
    for child in final[range] {
      updatePlace(of: child, parentID: parentID, previousID: previousID)
      previousID = child.wireID
    }
    if parent.wireState != nil { Self.record(final, asSentChildrenOf: &parent.wireState!) }
    parent.childEditsSinceSent = 0
    simulated = simulated ?? [:]
    simulated![ObjectIdentifier(parent)] = SimulatedChildren(final)
  }

  /// Makes the engine's copy of a parent's child list equal to `final` by replacing only the
  /// part between their common ends, in place.
  ///
  /// Assigning `final` would share storage with the kit's `subviews`, and the kit's next change
  /// to that list (a swap, a removal) would copy it, retaining every view: for a table of
  /// 10,000 rows, 100 µs or more on a change that touches two rows. A short list is shared all
  /// the same: copying it later costs a few retains, and a copy of its own was an allocation
  /// for every parent of every idle session (issue 14, "Lean sessions").
  private static func record(_ final: [View], asSentChildrenOf state: inout WireState) {
    if final.count <= maximumSharedChildren {
      state.sentChildren = final
      return
    }
    let (prefix, suffix) = commonEnds(of: final, and: state.sentChildren)
    let heldCount = state.sentChildren.count
    guard prefix + suffix < max(final.count, heldCount) else { return }
    state.sentChildren.replaceSubrange(
      prefix..<(heldCount - min(suffix, heldCount - prefix)),
      with: final[prefix..<(final.count - min(suffix, final.count - prefix))])
  }

  /// The longest child list the engine shares with the kit's `subviews` (see `record`).
  private static let maximumSharedChildren = 8

  /// Recomputes `child`'s place term if its parent or previous sibling changed.
  private mutating func updatePlace(of child: View, parentID: Int, previousID: Int) {
    // Field by field through the view's accessor: binding the whole state would retain its
    // child list for every child walked.
    guard child.wireState != nil else { return }
    if child.wireState!.placeParentID == parentID && child.wireState!.placePreviousID == previousID { return }
    let old = child.wireState!.placeTerm
    let term = place(of: child, parentID: parentID, previousID: previousID)
    if term != old {
      subtract(old)
      add(term)
    }
  }

  /// The parent the client holds `view` under, while the client still holds that parent.
  private func sentParent(of view: View) -> View? {
    guard let id = view.wireState?.sentParentID, id != 0 else { return nil }
    return engine.view(withID: id)
  }

  ///
  /// The list as last sent is taken out of the parent's wire state, not copied: a copy shared its
  /// storage, so the first removal or insertion copied it again, retaining every child (each one
  /// a side-table write and a cache miss), and the frame's end released them all: for 10,000
  /// plain subviews, about 10% of the frame that removed or inserted the first. What the list
  /// was kept for, where it and the final list share their ends, is worked out before; the list
  /// goes back when the parent is reconciled, or at the end of the frame (`returnTakenLists`).
  private mutating func children(of parent: View) -> SimulatedChildren {
    if let list = simulated?[ObjectIdentifier(parent)] { return list }
    let list: SimulatedChildren
    if parent.wireState != nil {
      let sentEnds = Self.commonEnds(of: parent.subviews, and: parent.wireState!.sentChildren)
      var taken: [View] = []
      swap(&taken, &parent.wireState!.sentChildren)
      list = SimulatedChildren(taken, takenFrom: parent, sentEnds: sentEnds)
    } else {
      list = SimulatedChildren([])
    }
    simulated = simulated ?? [:]
    simulated![ObjectIdentifier(parent)] = list
    return list
  }

  // MARK: State lines

  /// Adds the layout line of a view created in this frame (none for an empty frame).
  private mutating func emitCreatedLayout(of view: View) {
    let zero = HashTerms.layout(id: view.wireID, x: 0, y: 0, width: 0, height: 0)
    view.sentLayout = (.zero, zero)
    add(zero)
    if let line = layoutLine(for: view, id: view.wireID, frame: view.frame, sent: (.zero, zero)) {
      body.appendLayoutLine(line)
    }
  }

  /// Adds every render property of a view created in this frame, in key order.
  private mutating func emitCreatedRenders(of view: View) {
    guard !view.renderProperties.isEmpty else { return }
    let prefix = createdRenders.startRenderLine(id: view.wireID)
    for index in view.renderProperties.entries.indices {
      let entry = view.renderProperties.entries[index]
      let term = createdRenders.appendRenderField(key: entry.renderKey, value: entry.value, prefix: prefix)
      _ = view.renderProperties.recordSent(term, at: index)
      add(term)
    }
    createdRenders.appendLineEnd()
    if sharesRenderProperties && sharedBudget > 0 {
      sharedBudget -= 1
      view.renderProperties.trimAndShare()
    } else {
      view.renderProperties.trimCapacity()
    }
  }

  // MARK: Shift runs

  /// Consecutive siblings whose frames moved by one offset (in thousandths), sizes kept, in the
  /// order the changed views came: the rows below an inserted or removed one. Each member's new
  /// layout is already in the hash; its `layout` line is kept in case the run stays too short
  /// for a `shift` (layout lines hold no references, so a long run retains nothing per view).
  private struct ShiftRun {
    let parent: View
    /// The parent's subviews when the run began (shared storage, not a copy).
    let siblings: [View]
    let start: Int
    let dx: Int64
    let dy: Int64
    /// How many siblings the run holds.
    var count = 1
    /// The first sibling's layout line, kept inline: most runs (a dragged view's) hold one
    /// view, and a list for it was an allocation and a free per frame.
    let firstLine: LayoutLine
    /// The later siblings' layout lines, kept only until the run is long enough for a `shift`.
    var laterLines: [LayoutLine] = []

    /// Whether `view`, moved by this offset, is the sibling right after the run: then it has
    /// the run's parent, which is not read again.
    func continues(with view: View, dx: Int64, dy: Int64) -> Bool {
      let next = start + count
      return dx == self.dx && dy == self.dy && next < siblings.count && siblings[next] === view
    }
  }

  /// Sends a view's new frame: into the current shift run when it extends it, else as a new run
  /// or a `layout` line.
  private mutating func emitLayoutChange(of view: View, id: Int) {
    let frame = view.frame
    let sentLayout = view.sentLayout
    let sent = sentLayout.frame
    guard !frame.isIdentical(to: sent) else { return }
    guard engine.sendsShiftLines else {
      if let line = layoutLine(for: view, id: id, frame: frame, sent: sentLayout) {
        body.appendLayoutLine(line)
      }
      return
    }
    // A resized view is never in a run: its layout line, without working out an offset.
    let sameSize =
      (frame.size.width == sent.size.width && frame.size.height == sent.size.height)
      || (frame.size.width.thousandths == sent.size.width.thousandths
        && frame.size.height.thousandths == sent.size.height.thousandths)
    let dx = sameSize ? frame.origin.x.thousandths &- sent.origin.x.thousandths : 0
    let dy = sameSize ? frame.origin.y.thousandths &- sent.origin.y.thousandths : 0
    guard dx != 0 || dy != 0 else {
      if let line = layoutLine(for: view, id: id, frame: frame, sent: sentLayout) {
        body.appendLayoutLine(line)
      }
      return
    }
    // The new layout goes into the hash now; the line is sent only if the run stays short.
    guard let line = layoutLine(for: view, id: id, frame: frame, sent: sentLayout) else { return }
    if shiftRun?.continues(with: view, dx: dx, dy: dy) == true {
      shiftRun!.count += 1
      if shiftRun!.count < DiffEngine.minimumShiftRun {
        shiftRun!.laterLines.append(line)
      } else if shiftRun!.count == DiffEngine.minimumShiftRun {
        shiftRun!.laterLines = []  // a shift now: the lines will not be sent
      }
      return
    }
    flushShiftRun()
    // A run's indexes are the client's: only under a parent the client holds.
    guard let parent = view.superview, parent.wireID != 0 else { return body.appendLayoutLine(line) }
    let siblings = parent.subviews
    guard let start = position(of: view, in: parent, siblings: siblings) else {
      return body.appendLayoutLine(line)
    }
    shiftRun = ShiftRun(parent: parent, siblings: siblings, start: start, dx: dx, dy: dy, firstLine: line)
  }

  /// Sends the gathered run: one `shift` when it is long enough, else its `layout` lines.
  private mutating func flushShiftRun() {
    guard let run = shiftRun else { return }
    shiftRun = nil
    let count = run.count
    lastRunEnd = (ObjectIdentifier(run.parent), run.start + count)
    if count >= DiffEngine.minimumShiftRun {
      body.appendShiftLine(parent: run.parent.wireID, from: run.start, count: count, dx: run.dx, dy: run.dy)
    } else {
      body.appendLayoutLine(run.firstLine)
      for line in run.laterLines { body.appendLayoutLine(line) }
    }
  }

  /// Where `view` is among `parent`'s subviews (the client's order, once the structure lines are
  /// applied), looking first after the previous run of the same parent; nil when this frame's
  /// search budget is spent, so scattered moves in a long list stay linear in the change.
  private mutating func position(of view: View, in parent: View, siblings: [View]) -> Int? {
    let target = unsafeBitCast(view, to: UnsafeRawPointer.self)
    let hint = lastRunEnd.flatMap { $0.parent == ObjectIdentifier(parent) ? $0.end : nil } ?? 0
    var budget = searchBudget
    defer { searchBudget = budget }
    return withAddresses(of: siblings) { addresses -> Int? in
      let hint = min(hint, addresses.count)
      for range in [hint..<addresses.count, 0..<hint] {
        for index in range {
          guard budget > 0 else { return nil }
          budget -= 1
          if addresses[index] == target { return index }
        }
      }
      return nil
    }
  }

  /// A layout line if `frame` differs from `sent`, what the client holds, updating the hash and
  /// what the client holds.
  private mutating func layoutLine(
    for view: View, id: Int, frame: CGRect, sent: (frame: CGRect, term: UInt64)
  ) -> LayoutLine? {
    guard !frame.isIdentical(to: sent.frame) else { return nil }
    // Each number is rounded once, for the hash term and the line.
    let line = LayoutLine(
      id: id, x: frame.origin.x.thousandths, y: frame.origin.y.thousandths,
      width: frame.size.width.thousandths, height: frame.size.height.thousandths)
    let term = HashTerms.layout(id: id, x: line.x, y: line.y, width: line.width, height: line.height)
    view.sentLayout = (frame, term)
    guard term != sent.term else { return nil }  // moved less than the wire's precision
    subtract(sent.term)
    add(term)
    return line
  }

  /// Writes a render line with the properties in `changes` whose value differs from what the
  /// client holds, if any does.
  private mutating func writeRenderLine(for view: View, changes: inout RenderChanges) {
    let id = view.wireID
    let lineStart = changedRenders.count
    let prefix = changedRenders.startRenderLine(id: id)
    var wrote = false
    // One changed property (a label's text) is the common case: nothing to sort, and the
    // change is read where it lies rather than copied out (a copy retains its strings).
    if changes.count == 1 {
      wrote = writeChangedField(
        key: changes.firstKey, previous: changes.firstPrevious, of: view, id: id, prefix: prefix)
    } else if changes.count == 2 {
      // Two (a value and the `a11y...` key that says it): put in key order without sorting a
      // copied list, which allocated and retained each key and value, and read where they lie
      // (copied into a pair, both values were retained and released).
      let (firstKey, secondKey) = (changes.firstKey, changes.secondKey)
      if secondKey < firstKey {
        wrote = writeChangedField(
          key: secondKey, previous: changes.secondPrevious, of: view, id: id, prefix: prefix)
        wrote =
          writeChangedField(key: firstKey, previous: changes.firstPrevious, of: view, id: id, prefix: prefix)
          || wrote
      } else {
        wrote = writeChangedField(
          key: firstKey, previous: changes.firstPrevious, of: view, id: id, prefix: prefix)
        wrote =
          writeChangedField(
            key: secondKey, previous: changes.secondPrevious, of: view, id: id, prefix: prefix) || wrote
      }
    } else {
      for change in changes.sorted(by: { $0.key < $1.key }) {
        wrote =
          writeChangedField(key: change.key, previous: change.previous, of: view, id: id, prefix: prefix)
          || wrote
      }
    }
    if wrote {
      changedRenders.appendLineEnd()
    } else {
      changedRenders.truncate(to: lineStart)
    }
  }

  /// Writes ` KEY=VALUE` for a changed property unless it holds what the client holds, moving
  /// the hash from the held value's term to the new one's; returns whether it wrote.
  private mutating func writeChangedField(
    key: RenderKey, previous: borrowing WireValue?, of view: View, id: Int, prefix: FNV1aDigest
  ) -> Bool {
    switch view.renderProperties.outcome(
      of: key, previous: previous, term: { HashTerms.property(id: id, key: key, value: $0) })
    {
    case .unchanged:
      return false
    case .removed:
      changedRenders.appendRemovedRenderField(key: key)
      subtract(heldTerm(0, previous: previous, id: id, key: key))
    case .changed(let index):
      // The value is written where it lies and its term recorded in the same access to the
      // entry: read through the array's subscript, it was copied (an outlined copy and destroy,
      // a retain and a release of its string).
      let (term, recorded) = view.renderProperties.sendValue(at: index) { value in
        changedRenders.appendRenderField(key: key, value: value, prefix: prefix)
      }
      subtract(heldTerm(recorded, previous: previous, id: id, key: key))
      add(term)
    }
    return true
  }

  /// The term of what the client holds for a property whose value before this frame's changes
  /// was `previous`: the one recorded beside it, or, when the entry went (or was made again) in
  /// this frame and so lost it, the term of `previous` itself.
  private func heldTerm(_ recorded: UInt64, previous: WireValue?, id: Int, key: RenderKey) -> UInt64 {
    guard let previous else { return 0 }
    return recorded != 0 ? recorded : HashTerms.property(id: id, key: key, value: previous)
  }

  // MARK: Full frame

  mutating func collectFullTree() {
    let (changed, detached) = window.changes.drain()
    // Views the client held that are gone are simply forgotten: the full frame replaces all.
    for view in detached where view.wireID != 0 && view.window !== window {
      forgetSentSubtree(of: view)
    }
    for view in changed where view.wireID != 0 { view.pending = PendingChanges() }
    hashDelta = 0
    created = []
    emitTree(window, parent: nil, index: 0)
    for view in created { emitCreatedLayout(of: view) }
    for view in created { emitCreatedRenders(of: view) }
    body.append(createdRenders)
  }

  /// Sends `view` and its subtree as they are, keeping the ids the client already knew.
  private mutating func emitTree(_ view: View, parent: View?, index: Int) {
    let id = view.wireID == 0 ? engine.register(view) : view.wireID
    body.appendCreateLine(id: id, className: view.wireClassName, parent: parent?.wireID, index: index)
    view.wireState!.sentParentID = parent?.wireID ?? 0
    add(
      place(
        of: view, parentID: parent?.wireID ?? 0,
        previousID: index > 0 ? parent?.subviews[index - 1].wireID ?? 0 : 0))
    view.pending = PendingChanges()
    created.append(view)  // its state lines follow every create, in this order
    for (childIndex, child) in view.subviews.enumerated() {
      emitTree(child, parent: view, index: childIndex)
    }
    Self.record(view.subviews, asSentChildrenOf: &view.wireState!)
    view.childEditsSinceSent = 0
  }
}

/// A parent's child list as the client holds it while a frame is being built.
private final class SimulatedChildren {
  var views: [View]
  /// Where the last placed child sits while this parent is reconciled, -1 before the first.
  var cursor = -1
  /// The parent whose sent list `views` was taken from, until it is given back.
  private var owner: View?
  /// How many views the sent list shared with the parent's final subviews at its start and,
  /// after that, at its end, when it was taken; nil for a list not taken.
  let sentEnds: (prefix: Int, suffix: Int)?
  init(_ views: [View]) {
    self.views = views
    sentEnds = nil
  }
  /// A list taken out of `owner`'s wire state (see `Builder.children(of:)`).
  init(_ views: [View], takenFrom owner: View, sentEnds: (prefix: Int, suffix: Int)) {
    self.views = views
    self.owner = owner
    self.sentEnds = sentEnds
  }
  /// Puts the list, as the lines so far leave it, back as the owner's sent list, moved rather
  /// than copied; the list is then empty, and no longer used.
  func giveBack() {
    guard let owner else { return }
    self.owner = nil
    if owner.wireState != nil { swap(&owner.wireState!.sentChildren, &views) }
  }
  /// Removes `view` and returns where it was; a place before the cursor moves the cursor back.
  @discardableResult
  func remove(_ view: View) -> Int? {
    guard let index = index(of: view) else { return nil }
    views.remove(at: index)
    if index <= cursor { cursor -= 1 }
    return index
  }
  /// Where `view` is, searching from `start`; compares addresses (see `commonEnds`).
  func index(of view: View, from start: Int = 0) -> Int? {
    index(of: ObjectIdentifier(view), from: start)
  }
  func index(of view: ObjectIdentifier, from start: Int = 0) -> Int? {
    guard start < views.count else { return nil }
    let target: UnsafeRawPointer? = unsafeBitCast(view, to: UnsafeRawPointer.self)
    return withAddresses(of: views) { addresses in
      addresses[max(0, start)...].firstIndex(of: target)
    }
  }
}

extension CGFloat {
  /// The number in whole thousandths, as a client holds it (`CanonicalNumber.thousandths`).
  @inline(__always)
  fileprivate var thousandths: Int64 { CanonicalNumber.thousandths(Double(self)) }
}

extension CGRect {
  /// Whether the four numbers are equal, compared inline (Foundation's `==` is a call into
  /// another library, on every changed view).
  @inline(__always)
  fileprivate func isIdentical(to other: CGRect) -> Bool {
    origin.x == other.origin.x && origin.y == other.origin.y && size.width == other.size.width
      && size.height == other.size.height
  }
}

/// Runs `body` on each of `views` without retaining it (`views` keeps them alive): the walks
/// over every changed view of a frame retained and released each one, an atomic operation on
/// an object that is otherwise only read.
@inline(__always)
private func forEachUnretained(_ views: [View], _ body: (View) -> Void) {
  views.withUnsafeBufferPointer { buffer in
    for index in buffer.indices {
      Unmanaged.passUnretained(buffer[index])._withUnsafeGuaranteedRef(body)
    }
  }
}

/// Runs `body` on the addresses of `views`, read in place with no retain or release.
private func withAddresses<Result>(
  of views: [View], _ body: (UnsafeBufferPointer<UnsafeRawPointer?>) -> Result
) -> Result {
  views.withUnsafeBufferPointer { buffer in
    buffer.withMemoryRebound(to: UnsafeRawPointer?.self) { body($0) }
  }
}
