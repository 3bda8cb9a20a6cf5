import Foundation
import Testing
import ViewWireDiff
import ViewWireKit
import ViewWireProtocol

/// The hash term of what the client holds for each render property sits beside the value
/// (`RenderProperties.Entry.sentTerm`); these sequences lose or restore entries within a frame.
struct RenderPropertyHashTests {
  /// bg red, then nil and red again in one frame (nothing to send), then the view goes: the
  /// removal must subtract the term of the red the client still holds.
  @Test func aValueRemovedAndSetBackThenTheViewRemoved() throws {
    let window = Window(size: CGSize(width: 100, height: 100))
    let child = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    child.backgroundColor = .red
    window.addSubview(child)
    let engine = DiffEngine(window: window)
    var mirror = ReferenceMirror()
    try mirror.apply(engine.makeFrame()!)
    child.backgroundColor = nil
    child.backgroundColor = .red
    #expect(engine.makeFrame() == nil)
    #expect(mirror.hashFromScratch() == engine.hash, "after restore")
    child.removeFromSuperview()
    try mirror.expectNextFrame(
      of: engine, window: window, lines: ["remove 2"], context: "restored then removed")
  }

  /// alpha 0.5 -> 1 -> 0.5 in one frame, then the parent is removed and the child reparented.
  @Test func aRestoredAlphaThenItsParentRemovedAndTheViewKept() throws {
    let window = Window(size: CGSize(width: 100, height: 100))
    let parent = View(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
    let child = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    child.alpha = 0.5
    parent.addSubview(child)
    window.addSubview(parent)
    let engine = DiffEngine(window: window)
    var mirror = ReferenceMirror()
    try mirror.apply(engine.makeFrame()!)
    child.alpha = 1
    child.alpha = 0.5
    #expect(engine.makeFrame() == nil)
    window.addSubview(child)
    parent.removeFromSuperview()
    let frame = try #require(engine.makeFrame())
    try mirror.apply(frame)
    try mirror.expectEqual(to: window, engine: engine, context: "reparent")
    #expect(mirror.hashFromScratch() == frame.hash, "reparent hash")
  }

  /// Random sessions of render properties: set to nil and back, several keys per frame, views
  /// removed while their properties changed, views re-added and moved while out of the window,
  /// full frames in between; the server's incremental hash must equal the client's every frame.
  /// (A whole-change review's test; 4,000 seeds passed once, 200 run here.)
  @Test(arguments: 0..<200)
  func randomRenderSessionsKeepTheHashExact(seed: UInt64) throws {
    var random = SeededRandom(seed: seed &* 104_729 &+ 7)
    let window = Window(size: CGSize(width: 390, height: 844))
    let engine = DiffEngine(window: window)
    var mirror = ReferenceMirror()
    try mirror.apply(engine.makeFrame()!)
    var pool: [View] = []
    for _ in 0..<8 {
      let v = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      pool.append(v)
    }
    let keys = ["bg", "k1", "k2", "zz"]
    let values: [WireValue?] = [nil, .string("a"), .string("b"), .number(1)]
    func inWindow() -> [View] {
      var out: [View] = []
      var stack: [View] = [window]
      while let v = stack.popLast() { out.append(v); stack += v.subviews }
      return out
    }
    for step in 0..<80 {
      for _ in 0..<Int(random.next(upTo: 6) + 1) {
        let live = inWindow()
        let all = live + pool.filter { $0.window == nil }
        switch random.next(upTo: 10) {
        case 0, 1, 2, 3:  // several property sets, including nil and back
          let v = all[Int(random.next(upTo: UInt64(all.count)))]
          for _ in 0..<Int(random.next(upTo: 4) + 1) {
            let key = keys[Int(random.next(upTo: UInt64(keys.count)))]
            v.setRenderProperty(key, values[Int(random.next(upTo: UInt64(values.count)))])
          }
        case 4:  // toggle: nil and back to the same value
          let v = all[Int(random.next(upTo: UInt64(all.count)))]
          let key = keys[Int(random.next(upTo: UInt64(keys.count)))]
          let old = v.renderProperties[key]
          v.setRenderProperty(key, old == nil ? .string("t") : nil)
          v.setRenderProperty(key, old)
        case 5:  // remove
          let candidates = live.filter { $0 !== window }
          guard !candidates.isEmpty else { continue }
          candidates[Int(random.next(upTo: UInt64(candidates.count)))].removeFromSuperview()
        case 6, 7:  // add / reparent any view into the window
          let candidates = all.filter { $0 !== window }
          guard !candidates.isEmpty else { continue }
          let v = candidates[Int(random.next(upTo: UInt64(candidates.count)))]
          let parents = live.filter { !$0.isDescendant(of: v) }
          let p = parents[Int(random.next(upTo: UInt64(parents.count)))]
          p.insertSubview(v, at: Int(random.next(upTo: UInt64(p.subviews.count + 1))))
        case 8:  // move a detached view under another detached view
          let out = pool.filter { $0.window == nil }
          guard out.count >= 2 else { continue }
          let a = out[Int(random.next(upTo: UInt64(out.count)))]
          let b = out[Int(random.next(upTo: UInt64(out.count)))]
          if a !== b && !a.isDescendant(of: b) { a.addSubview(b) }
        default:  // layout
          let v = all[Int(random.next(upTo: UInt64(all.count)))]
          if v !== window { v.frame.origin.x = CGFloat(random.next(upTo: 5)) }
        }
      }
      let context = "seed \(seed) step \(step)"
      if random.next(upTo: 12) == 0 {
        let full = engine.makeFullFrame()
        try mirror.apply(full)
        try mirror.expectEqual(to: window, engine: engine, context: context + " full")
        #expect(mirror.hashFromScratch() == full.hash, "\(context) full: hash")
        continue
      }
      if let frame = engine.makeFrame() {
        try mirror.apply(frame)
        #expect(mirror.hashFromScratch() == frame.hash, "\(context): hash")
      } else {
        #expect(mirror.hashFromScratch() == engine.hash, "\(context) (no frame): hash")
      }
      try mirror.expectEqual(to: window, engine: engine, context: context)
    }
  }
}
