public import ViewWireProtocol

/// A client's copy of the server's view tree, kept by applying frames (PROTOCOL.md section 6)
/// and checked against every frame's hash (section 7).
///
/// A frame is applied atomically: its lines are buffered until `end`, then applied in order. The
/// hash is computed from the spec's strings with plain FNV-1a over the whole tree, independent of
/// the server's incremental bookkeeping, so a mismatch reveals a bug on either side.
public struct Mirror: Sendable {
  /// One view as the client holds it, in wire terms (ids and wire texts), since the hash
  /// digests exactly what the server wrote.
  public struct Node: Sendable, Equatable {
    /// The view's id from its `create` line; stable for the view's life, so `#ID` targets it.
    public var id: Int
    /// The app's class name as sent (`Button`, `SquareView`), which the hash includes.
    public var className: String
    /// The parent's id, or nil for the root: the tree is kept by ids, not references, so a
    /// `Mirror` stays a value that copies cheaply and applies a frame to a copy.
    public var parent: Int?
    /// The children's ids in order (drawing order, first at the bottom), as `create` and `move`
    /// placed them; the order is in the hash through each view's previous sibling.
    public var children: [Int] = []
    /// `X Y W H` as canonical texts, kept as text because the hash digests the text.
    public var frame: [String] = ["0", "0", "0", "0"]
    /// Render properties as wire texts (strings with their quotes and escapes), for the same
    /// reason; `Mirror.text(of:_:)` unquotes one.
    public var properties: [String: String] = [:]
  }

  /// Why a frame could not be applied, or did not check out; each is a reason to `resync`.
  public enum Failure: Error, Equatable, CustomStringConvertible {
    /// A line that cannot apply to the mirror (an unknown view, a taken id, a frame inside a
    /// frame), with what was wrong.
    case malformed(String)
    /// The mirror's hash after the frame differs from the server's (section 7).
    case hashMismatch(sequence: Int, expected: UInt64, computed: UInt64)
    /// The mirror holds a different number of views than the frame's `views=` says.
    case countMismatch(sequence: Int, expected: Int, computed: Int)
    /// An incremental frame does not follow the last one applied, so frames were lost.
    case sequenceGap(expected: Int, got: Int)

    /// The failure in words, with both sides' values, for logs and the console.
    public var description: String {
      switch self {
      case .malformed(let text): return "malformed frame: \(text)"
      case .hashMismatch(let sequence, let expected, let computed):
        return "frame \(sequence): server hash \(FNV1a.hex(expected)), mirror hash \(FNV1a.hex(computed))"
      case .countMismatch(let sequence, let expected, let computed):
        return "frame \(sequence): server has \(expected) views, mirror \(computed)"
      case .sequenceGap(let expected, let got): return "expected frame \(expected), got \(got)"
      }
    }
  }

  /// Every view by id, for lookups by `#ID`; `depthFirst` gives them in tree order.
  public private(set) var nodes: [Int: Node] = [:]
  /// The root view's id (the window), or nil while the mirror is empty.
  public private(set) var rootID: Int?
  /// The last frame applied.
  public private(set) var sequence = 0
  private var pending: [ServerLine]?
  private var pendingIsFull = false

  /// An empty mirror, as a client holds before its first frame (hash `0000000000000000`).
  public init() {}

  /// Whether a frame is open (between `begin` and `end`).
  public var isInFrame: Bool { pending != nil }

  /// Drops a frame whose `end` never came (the connection broke inside it).
  public mutating func dropUnfinishedFrame() { pending = nil }

  /// Feeds one server line; frame lines are buffered and applied at `end`. Returns true when
  /// the line belonged to a frame. A `bye` drops an unfinished frame and returns false.
  ///
  /// A frame that fails is dropped whole and the mirror stays as the previous frame left it, so
  /// a caller can wait for a full frame to replace it (`MirrorSync` does).
  @discardableResult
  public mutating func consume(_ line: ServerLine) throws(Failure) -> Bool {
    switch line {
    case .frameBegin(let sequence, let isFull):
      guard pending == nil else {
        pending = nil  // neither frame can be applied whole; a client resyncs
        throw .malformed("frame \(sequence) begins inside another frame")
      }
      // A full frame replaces the mirror, so it is taken whatever its number: it is how a
      // client that lost track (a mismatch, a new mirror) gets back in step (section 7).
      guard isFull || sequence == self.sequence + 1 else {
        throw .sequenceGap(expected: self.sequence + 1, got: sequence)
      }
      pending = []
      pendingIsFull = isFull
      return true
    case .frameEnd(let sequence, let hash, let viewCount):
      guard let lines = pending else { throw .malformed("frame \(sequence) ends without beginning") }
      pending = nil
      var next = self
      if pendingIsFull {
        next.nodes = [:]
        next.rootID = nil
      }
      for line in lines { try next.apply(line) }
      next.sequence = sequence
      let computed = next.hash
      guard computed == hash else {
        throw .hashMismatch(sequence: sequence, expected: hash, computed: computed)
      }
      guard next.nodes.count == viewCount else {
        throw .countMismatch(sequence: sequence, expected: viewCount, computed: next.nodes.count)
      }
      self = next
      return true
    case .remove, .create, .move, .layout, .shift, .render:
      guard pending != nil else { throw .malformed("a diff line outside a frame") }
      pending?.append(line)
      return true
    case .bye:
      // The stall farewell may follow an unfinished frame (PROTOCOL.md section 4): the frame is
      // dropped, as when the connection breaks mid-frame, and the line is the caller's.
      pending = nil
      return false
    default:
      return false
    }
  }

  private mutating func apply(_ line: ServerLine) throws(Failure) {
    switch line {
    case .remove(let id):
      guard let node = nodes[id] else { throw .malformed("remove \(id): no such view") }
      if let parent = node.parent { nodes[parent]?.children.removeAll { $0 == id } }
      if rootID == id { rootID = nil }
      removeSubtree(id)
    case .create(let id, let className, let parent, let index):
      guard nodes[id] == nil else { throw .malformed("create \(id): the id is taken") }
      nodes[id] = Node(id: id, className: className, parent: parent)
      if let parent {
        guard let children = nodes[parent]?.children, index >= 0, index <= children.count else {
          throw .malformed("create \(id): bad parent \(parent) or index \(index)")
        }
        nodes[parent]?.children.insert(id, at: index)
      } else {
        rootID = id
      }
    case .move(let id, let parent, let index):
      guard let node = nodes[id], nodes[parent] != nil else { throw .malformed("move \(id): unknown view") }
      if let old = node.parent { nodes[old]?.children.removeAll { $0 == id } }
      guard index >= 0, index <= nodes[parent]!.children.count else {
        throw .malformed("move \(id): bad index")
      }
      nodes[parent]?.children.insert(id, at: index)
      nodes[id]?.parent = parent
    case .layout(let id, let frame):
      guard nodes[id] != nil else { throw .malformed("layout \(id): no such view") }
      nodes[id]?.frame = frame
    case .shift(let parent, let from, let count, let dx, let dy):
      // Compared without adding: a hostile count must not overflow.
      guard let children = nodes[parent]?.children, from >= 0, count >= 0, from <= children.count,
        count <= children.count - from
      else { throw .malformed("shift \(parent) \(from) \(count): no such children") }
      for id in children[from..<(from + count)] {
        guard let frame = nodes[id]?.frame, frame.count == 4,
          let x = CanonicalNumber.shifted(frame[0], by: dx), let y = CanonicalNumber.shifted(frame[1], by: dy)
        else { throw .malformed("shift \(parent): bad frame of view \(id)") }
        nodes[id]?.frame = [x, y, frame[2], frame[3]]
      }
    case .render(let id, let properties):
      guard nodes[id] != nil else { throw .malformed("render \(id): no such view") }
      for property in properties {
        nodes[id]?.properties[property.key] = property.value == "none" ? nil : property.value
      }
    default:
      break
    }
  }

  private mutating func removeSubtree(_ id: Int) {
    guard let node = nodes.removeValue(forKey: id) else { return }
    for child in node.children { removeSubtree(child) }
  }

  /// The tree hash of section 7, computed from scratch.
  public var hash: UInt64 {
    var sum: UInt64 = 0
    for node in nodes.values {
      let parent = node.parent.map(String.init) ?? "-"
      var previous = "-"
      if let parentID = node.parent, let siblings = nodes[parentID]?.children,
        let index = siblings.firstIndex(of: node.id), index > 0
      {
        previous = String(siblings[index - 1])
      }
      sum = sum &+ FNV1a.hash("s \(node.id) \(node.className) \(parent) \(previous)")
      sum = sum &+ FNV1a.hash("l \(node.id) \(node.frame.joined(separator: " "))")
      for (key, value) in node.properties { sum = sum &+ FNV1a.hash("p \(node.id) \(key)=\(value)") }
    }
    return sum
  }

  // MARK: Queries for scripts

  /// The first view, depth-first, whose `ident` is `identifier`.
  public func node(identifier: String) -> Node? {
    let quoted = Quoting.quote(identifier)
    return depthFirst.first { $0.properties["ident"] == quoted }
  }

  /// A property's text with quotes and escapes undone (`"Login"` gives `Login`).
  public func text(of node: Node, _ key: String) -> String? {
    node.properties[key].flatMap(RawWords.unquote)
  }

  /// Every view, depth-first from the root.
  public var depthFirst: [Node] {
    var result: [Node] = []
    func visit(_ id: Int) {
      guard let node = nodes[id] else { return }
      result.append(node)
      for child in node.children { visit(child) }
    }
    if let rootID { visit(rootID) }
    return result
  }

  /// The tree as the server's `tree` lines print it, without their first word: one line per view,
  /// depth-first, `DEPTH ID CLASS X Y W H KEY=VALUE...` with keys sorted in byte order.
  ///
  /// Text rather than a structure, so a test compares it with the server's printout line for
  /// line (every value as its wire text) and shows a difference as lines.
  public var treeLines: [String] {
    var lines: [String] = []
    func visit(_ id: Int, depth: Int) {
      guard let node = nodes[id] else { return }
      let properties = node.properties.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
      lines.append(
        ([String(depth), String(id), node.className] + node.frame + properties.map { "\($0.key)=\($0.value)" })
          .joined(separator: " "))
      for child in node.children { visit(child, depth: depth + 1) }
    }
    if let rootID { visit(rootID, depth: 0) }
    return lines
  }

  /// The view's frame in window coordinates (origins summed up the parent chain; scroll offsets
  /// subtracted).
  public func windowFrame(of id: Int) -> (x: Double, y: Double, width: Double, height: Double)? {
    guard let node = nodes[id], node.frame.count == 4 else { return nil }
    var x = Double(node.frame[0]) ?? 0
    var y = Double(node.frame[1]) ?? 0
    var parent = node.parent
    while let parentID = parent, let parentNode = nodes[parentID] {
      x += Double(parentNode.frame[0]) ?? 0
      y += Double(parentNode.frame[1]) ?? 0
      if let offset = parentNode.properties["offset"].flatMap(RawWords.unquote) {
        let parts = offset.split(separator: ",").compactMap { Double($0) }
        if parts.count == 2 {
          x -= parts[0]
          y -= parts[1]
        }
      }
      parent = parentNode.parent
    }
    return (x, y, Double(node.frame[2]) ?? 0, Double(node.frame[3]) ?? 0)
  }
}
