import Foundation
import Testing
import ViewWireDiff
import ViewWireKit
import ViewWireProtocol

/// The diff engine's contract, checked on random trees: after every frame a client that applied
/// the frames holds exactly the server's tree, the hash it computes from scratch equals the
/// frame's, and every frame carries only views that changed.
struct DiffPropertyTests {
  /// 400 seeds of 60 mutations: 24,000 frames, each checked against the server's tree (3,000
  /// seeds once found a reconcile fault that 100 missed; they all pass).
  @Test(arguments: 0..<400)
  func randomMutationsKeepTheMirrorExact(seed: UInt64) throws {
    _ = try runRandomSession(seed: seed)
  }

  /// The random sessions do exercise `shift` lines (lists of rows moved alike), so the test
  /// above checks them too.
  @Test func randomSessionsIncludeShiftRuns() throws {
    var shifts = 0
    for seed in UInt64(0)..<10 { shifts += try runRandomSession(seed: seed) }
    #expect(shifts > 0)
  }

  /// Runs one seeded session of 60 steps, checking every frame; returns how many `shift` lines
  /// its frames held.
  private func runRandomSession(seed: UInt64) throws -> Int {
    var shifts = 0
    var random = SeededRandom(seed: seed &* 7919 &+ 1)
    let window = Window(size: CGSize(width: 390, height: 844))
    let engine = DiffEngine(window: window)
    var mirror = ReferenceMirror()
    try mirror.apply(engine.makeFrame()!)
    var live: [View] = [window]
    for step in 0..<60 {
      let touched = mutate(&live, window: window, random: &random)
      guard let frame = engine.makeFrame() else {
        try mirror.expectEqual(to: window, engine: engine, context: "seed \(seed) step \(step) (no frame)")
        continue
      }
      try mirror.apply(frame)
      try mirror.expectEqual(to: window, engine: engine, context: "seed \(seed) step \(step)")
      #expect(mirror.hashFromScratch() == frame.hash, "seed \(seed) step \(step): hash")
      // Only changed views appear: every id named by a layout or render line was touched.
      for line in frame.diffLines {
        switch line {
        case .layout(let id, _), .render(let id, _):
          let view = engine.view(withID: id)
          #expect(
            view.map { touched.contains(ObjectIdentifier($0)) } ?? false,
            "seed \(seed) step \(step): untouched view \(id) sent")
        case .shift(let parent, let from, let count, _, _):
          shifts += 1
          let moved = engine.view(withID: parent)?.subviews.dropFirst(from).prefix(count) ?? []
          #expect(
            moved.count == count && moved.allSatisfy { touched.contains(ObjectIdentifier($0)) },
            "seed \(seed) step \(step): shift of untouched views")
        default: break
        }
      }
    }
    // A full frame of the same tree yields the same hash.
    let full = engine.makeFullFrame()
    var fresh = ReferenceMirror()
    try fresh.apply(full)
    #expect(fresh.hashFromScratch() == mirror.hashFromScratch())
    return shifts
  }

  @Test func aViewCreatedAndRemovedWithinOneFrameSendsNothing() throws {
    let window = Window(size: CGSize(width: 100, height: 100))
    let engine = DiffEngine(window: window)
    _ = engine.makeFrame()
    let transient = View(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
    window.addSubview(transient)
    transient.backgroundColor = .red
    transient.removeFromSuperview()
    #expect(engine.makeFrame() == nil)
  }

  @Test func aValueSetAndSetBackSendsNothing() throws {
    let window = Window(size: CGSize(width: 100, height: 100))
    let child = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    window.addSubview(child)
    let engine = DiffEngine(window: window)
    _ = engine.makeFrame()
    child.backgroundColor = .red
    child.backgroundColor = nil
    child.frame.origin.x = 5
    child.frame.origin.x = 0
    #expect(engine.makeFrame() == nil)
  }

  /// The hash term of what the client holds for a property is kept beside the value; these
  /// sequences lose or replace the entry within a frame, and the hash must still come out exact.
  @Test(arguments: [
    ("removed, then set again", ["bg=#0000ffff"]),
    ("changed, then removed", ["bg=none"]),
    ("removed and the view taken out", ["remove 2"]),
  ])
  func propertyEntriesLostWithinAFrame(_ sequence: String, _ lines: [String]) throws {
    let window = Window(size: CGSize(width: 100, height: 100))
    let child = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    child.backgroundColor = .red
    window.addSubview(child)
    let engine = DiffEngine(window: window)
    var mirror = ReferenceMirror()
    try mirror.apply(engine.makeFrame()!)
    switch sequence {
    case "removed, then set again":
      child.backgroundColor = nil
      child.backgroundColor = .blue
    case "changed, then removed":
      child.backgroundColor = .green
      child.backgroundColor = nil
    default:
      child.backgroundColor = nil
      child.removeFromSuperview()
    }
    let expected = lines.map { $0.hasPrefix("remove") ? $0 : "render 2 " + $0 }
    try mirror.expectNextFrame(of: engine, window: window, lines: expected, context: sequence)
  }

  @Test func removingASubtreeSendsOneLine() throws {
    let window = Window(size: CGSize(width: 100, height: 100))
    let parent = View()
    for _ in 0..<5 { parent.addSubview(View()) }
    window.addSubview(parent)
    let engine = DiffEngine(window: window)
    _ = engine.makeFrame()
    parent.removeFromSuperview()
    let frame = try #require(engine.makeFrame())
    #expect(frame.diffLines == [.remove(id: 2)])
    #expect(frame.viewCount == 1)
  }

  // MARK: Random mutations

  /// Applies a few random mutations and returns the views whose state they touched.
  private func mutate(_ live: inout [View], window: Window, random: inout SeededRandom) -> Set<
    ObjectIdentifier
  > {
    var touched: Set<ObjectIdentifier> = []
    func touch(_ view: View) { touched.insert(ObjectIdentifier(view)) }
    for _ in 0..<Int(random.next(upTo: 4) + 1) {
      live = live.filter { $0 === window || $0.window === window }
      let target = live[Int(random.next(upTo: UInt64(live.count)))]
      switch random.next(upTo: 11) {
      case 0, 1:  // add a new subtree
        let view = random.next(upTo: 2) == 0 ? View() : LeafView()
        view.frame = CGRect(x: random.coordinate(), y: random.coordinate(), width: 20, height: 20)
        if random.next(upTo: 2) == 0 { view.addSubview(View(frame: CGRect(x: 1, y: 1, width: 2, height: 2))) }
        target.insertSubview(view, at: Int(random.next(upTo: UInt64(target.subviews.count + 1))))
        live.append(view)
        live.append(contentsOf: view.subviews)
        touch(view)
        view.subviews.forEach(touch)
      case 2:  // remove
        guard target !== window else { continue }
        target.removeFromSuperview()
      case 3:  // move to another parent (not into its own subtree)
        guard target !== window else { continue }
        let candidates = live.filter { $0.window === window && !$0.isDescendant(of: target) }
        let parent = candidates[Int(random.next(upTo: UInt64(candidates.count)))]
        parent.insertSubview(target, at: Int(random.next(upTo: UInt64(parent.subviews.count + 1))))
        touch(target)
      case 4:  // reorder
        guard let parent = target.superview else { continue }
        switch random.next(upTo: 3) {
        case 0: parent.sendSubviewToBack(target)
        case 1: parent.bringSubviewToFront(target)
        default:  // an exchange with a sibling (the engine's short path when far enough apart)
          let index = parent.subviews.firstIndex { $0 === target }!
          parent.exchangeSubview(
            at: index, withSubviewAt: Int(random.next(upTo: UInt64(parent.subviews.count))))
        }
      case 5:  // layout
        guard target !== window else { continue }
        target.frame = CGRect(
          x: random.coordinate(), y: random.coordinate(), width: random.coordinate(), height: 10.5)
        touch(target)
      case 6:  // render
        target.backgroundColor =
          random.next(upTo: 3) == 0 ? nil : Color(red: random.unit(), green: 0.5, blue: 0.25)
        target.alpha = random.next(upTo: 2) == 0 ? 1 : 0.5
        touch(target)
      case 7:  // a text property with characters that need escaping
        target.accessibilityIdentifier =
          random.next(upTo: 2) == 0 ? nil : "id \"\(random.next(upTo: 100))\"\n"
        touch(target)
      case 8:  // a list: ten or more children at once, for runs to shift
        for _ in 0..<Int(10 + random.next(upTo: 3)) {
          let row = View(frame: CGRect(x: 0, y: random.coordinate(), width: 30, height: 12))
          target.insertSubview(row, at: Int(random.next(upTo: UInt64(target.subviews.count + 1))))
          live.append(row)
          touch(row)
        }
      case 9:  // a run of the target's siblings moved alike (as below an inserted row), maybe one resized
        guard let target = target.superview else { continue }
        let start = Int(random.next(upTo: UInt64(target.subviews.count)))
        let end = min(target.subviews.count, start + Int(random.next(upTo: 14)) + 1)
        let offsets: [CGFloat] = [12, -12.5, 0.25, 0.0004, 1_000]
        let dy = offsets[Int(random.next(upTo: UInt64(offsets.count)))]
        let dx: CGFloat = random.next(upTo: 3) == 0 ? 3 : 0
        let resized = random.next(upTo: 3) == 0 ? Int(random.next(upTo: UInt64(end - start))) + start : -1
        for index in start..<end {
          let child = target.subviews[index]
          var frame = child.frame.offsetBy(dx: dx, dy: dy)
          if index == resized { frame.size.width += 1 }
          child.frame = frame
          touch(child)
        }
      default:  // remove and re-add elsewhere within the same frame
        guard target !== window, let parent = target.superview else { continue }
        target.removeFromSuperview()
        parent.addSubview(target)
        touch(target)
      }
    }
    // Anything inside a touched subtree may have been recreated, so it counts as touched.
    for view in live where view.window === window {
      var ancestor: View? = view
      while let current = ancestor {
        if touched.contains(ObjectIdentifier(current)) {
          touch(view)
          break
        }
        ancestor = current.superview
      }
    }
    return touched
  }
}

private final class LeafView: View {}

/// A deterministic random source, so a failing seed can be replayed.
struct SeededRandom {
  private var state: UInt64
  init(seed: UInt64) { state = seed == 0 ? 0x9e37_79b9_7f4a_7c15 : seed }
  mutating func next() -> UInt64 {
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    return state
  }
  mutating func next(upTo bound: UInt64) -> UInt64 { bound == 0 ? 0 : next() % bound }
  mutating func coordinate() -> CGFloat { CGFloat(next(upTo: 4000)) / 8 }
  mutating func unit() -> CGFloat { CGFloat(next(upTo: 256)) / 255 }
}

extension Frame {
  /// The frame's diff lines as a client reads them (`begin` and `end` left out).
  var diffLines: [ServerLine] {
    String(decoding: body, as: UTF8.self).split(separator: "\n").map { ServerLine.parse(String($0)) }
  }
}

/// A client mirror written straight from PROTOCOL.md, independent of the engine's code.
struct ReferenceMirror {
  struct Node {
    var className: String
    var parent: Int?
    var children: [Int] = []
    var layout = ["0", "0", "0", "0"]
    var properties: [String: String] = [:]
  }
  var nodes: [Int: Node] = [:]
  var root: Int?

  struct Divergence: Error, CustomStringConvertible { var description: String }

  mutating func apply(_ frame: Frame) throws {
    if frame.isFull {
      nodes = [:]
      root = nil
    }
    for line in frame.diffLines {
      switch line {
      case .remove(let id):
        guard let node = nodes[id] else { throw Divergence(description: "remove of unknown \(id)") }
        if let parent = node.parent { nodes[parent]!.children.removeAll { $0 == id } } else { root = nil }
        var stack = [id]
        while let next = stack.popLast() {
          stack += nodes[next]?.children ?? []
          nodes[next] = nil
        }
      case .create(let id, let className, let parent, let index):
        guard nodes[id] == nil else { throw Divergence(description: "duplicate create \(id)") }
        nodes[id] = Node(className: className, parent: parent)
        if let parent {
          guard nodes[parent] != nil, index <= nodes[parent]!.children.count else {
            throw Divergence(description: "bad create \(id) under \(parent) at \(index)")
          }
          nodes[parent]!.children.insert(id, at: index)
        } else {
          root = id
        }
      case .move(let id, let parent, let index):
        guard let old = nodes[id]?.parent, nodes[parent] != nil else {
          throw Divergence(description: "bad move \(id)")
        }
        nodes[old]!.children.removeAll { $0 == id }
        guard index <= nodes[parent]!.children.count else {
          throw Divergence(description: "bad move index \(id) \(index)")
        }
        nodes[parent]!.children.insert(id, at: index)
        nodes[id]!.parent = parent
      case .layout(let id, let frame):
        guard nodes[id] != nil, frame.count == 4 else { throw Divergence(description: "bad layout of \(id)") }
        // The engine writes these numbers itself: each must be in its canonical form.
        guard frame.allSatisfy({ CanonicalNumber.parse($0).map(CanonicalNumber.format) == $0 }) else {
          throw Divergence(description: "layout of \(id) not canonical: \(frame)")
        }
        nodes[id]!.layout = frame
      case .shift(let parent, let from, let count, let dx, let dy):
        guard let children = nodes[parent]?.children, from >= 0, from + count <= children.count else {
          throw Divergence(description: "bad shift \(parent) \(from) \(count)")
        }
        let offset = [dx, dy]
        for id in children[from..<(from + count)] {
          let layout = nodes[id]!.layout
          nodes[id]!.layout = [
            CanonicalNumber.shifted(layout[0], by: offset[0])!,
            CanonicalNumber.shifted(layout[1], by: offset[1])!,
            layout[2], layout[3],
          ]
        }
      case .render(let id, let properties):
        guard nodes[id] != nil else { throw Divergence(description: "render of unknown \(id)") }
        for field in properties {
          nodes[id]!.properties[field.key] = field.value == "none" ? nil : field.value
        }
      default:
        throw Divergence(description: "not a diff line: \(line)")
      }
    }
    guard nodes.count == frame.viewCount else {
      throw Divergence(
        description: "frame \(frame.sequence): \(nodes.count) views, frame says \(frame.viewCount)")
    }
  }

  func hashFromScratch() -> UInt64 {
    var sum: UInt64 = 0
    for (id, node) in nodes {
      var previous = "-"
      if let parent = node.parent, let index = nodes[parent]!.children.firstIndex(of: id), index > 0 {
        previous = String(nodes[parent]!.children[index - 1])
      }
      sum &+= FNV1a.hash("s \(id) \(node.className) \(node.parent.map(String.init) ?? "-") \(previous)")
      sum &+= FNV1a.hash("l \(id) \(node.layout.joined(separator: " "))")
      for (key, value) in node.properties { sum &+= FNV1a.hash("p \(id) \(key)=\(value)") }
    }
    return sum
  }

  /// Takes the engine's next frame, expects its diff lines (begin and end left out) to be
  /// `lines`, applies it, and expects the mirror to equal the window and the frame's hash.
  mutating func expectNextFrame(
    of engine: DiffEngine, window: Window, lines: [String], context: String
  ) throws {
    let frame = try #require(engine.makeFrame(), "\(context): no frame")
    #expect(Array(frame.lines.dropFirst().dropLast()) == lines, "\(context)")
    try apply(frame)
    try expectEqual(to: window, engine: engine, context: context)
    #expect(hashFromScratch() == frame.hash, "\(context): hash")
  }

  func expectEqual(to window: Window, engine: DiffEngine, context: String) throws {
    var count = 0
    func check(_ view: View, parent: Int?) throws {
      count += 1
      let id = try #require(engine.id(of: view), "\(context): a live view has no id")
      let node = try #require(nodes[id], "\(context): view \(id) missing from the mirror")
      #expect(node.className == view.wireClassName, "\(context): class of \(id)")
      #expect(node.parent == parent, "\(context): parent of \(id)")
      let frame = view.frame
      let layout = [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height].map {
        CanonicalNumber.format(Double($0))
      }
      #expect(node.layout == layout, "\(context): layout of \(id)")
      let properties = Dictionary(
        uniqueKeysWithValues: view.renderProperties.map { ($0.key, $0.value.wireText) })
      #expect(node.properties == properties, "\(context): properties of \(id)")
      #expect(
        node.children == view.subviews.compactMap { engine.id(of: $0) }, "\(context): children of \(id)")
      for child in view.subviews { try check(child, parent: id) }
    }
    try check(window, parent: nil)
    #expect(count == nodes.count, "\(context): mirror holds \(nodes.count) views, server \(count)")
  }
}
