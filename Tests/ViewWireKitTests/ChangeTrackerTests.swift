import Foundation
import Testing
import ViewWireDiff
import ViewWireKit

/// What a window records between two frames is bounded by its views, not by how often they
/// change: each of the tracker's queues holds a view once (audit: removing a view the client
/// holds appended it to the detached list every time, and re-adding one that needed layout
/// queued it again, so a client that did not read grew the lists for as long as its app ran).
struct ChangeTrackerTests {
  /// A window holding `a` and `b`, each with one child, both sent in a first frame.
  final class Scene {
    let window = Window(size: CGSize(width: 200, height: 200))
    let a = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let b = View(frame: CGRect(x: 100, y: 0, width: 100, height: 100))
    let child = View(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
    let other = View(frame: CGRect(x: 20, y: 20, width: 10, height: 10))
    let engine: DiffEngine

    init() {
      window.addSubview(a)
      window.addSubview(b)
      a.addSubview(child)
      b.addSubview(other)
      engine = DiffEngine(window: window)
      _ = engine.makeFrame()
    }
  }

  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    /// One change, repeated 10,000 times with no frame in between.
    let change: @Sendable (Scene, Int) -> Void
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "a held view is removed and added back") { scene, _ in
      scene.child.removeFromSuperview()
      scene.a.addSubview(scene.child)
    },
    Case(name: "a held view moves between two parents") { scene, step in
      (step % 2 == 0 ? scene.b : scene.a).addSubview(scene.child)
    },
    Case(name: "a view that needs layout and display leaves and comes back") { scene, step in
      scene.other.setNeedsLayout()
      scene.other.setNeedsDisplay()
      scene.other.removeFromSuperview()
      scene.b.insertSubview(scene.other, at: step % 2)
    },
    Case(name: "a held subtree is taken out and put back with a change") { scene, step in
      scene.a.removeFromSuperview()
      scene.child.alpha = step % 2 == 0 ? 0.5 : 1
      scene.window.insertSubview(scene.a, at: step % 3)
    },
  ]

  @Test(arguments: cases)
  func tenThousandChangesQueueEachViewOnce(_ testCase: Case) {
    let scene = Scene()
    for step in 0..<10_000 { testCase.change(scene, step) }
    // Five views, each at most once in each of the four queues.
    #expect(scene.window.changes.queuedCount <= 5 * 4, "\(scene.window.changes.queuedCount) entries")
    // The frame that follows is right: its hash, kept term by term, is that of the whole tree.
    let incremental = scene.engine.makeFrame()?.hash ?? scene.engine.hash
    #expect(scene.window.changes.queuedCount == 0)
    #expect(incremental == scene.engine.makeFullFrame().hash)
  }

  /// The list of changed views the engine gives back after a frame (`ChangeTracker.recycle`),
  /// kept for the frame after next, holds none of that frame's views, and every frame made from
  /// a recycled list carries its own changes: frames of one, several, no and many changed views
  /// (more than a recycled list keeps room for) in turn.
  @Test func recycledChangeListsKeepNoViewAndFramesStayRight() {
    let scene = Scene()
    weak var dropped: View?
    do {
      let extra = View(frame: CGRect(x: 1, y: 1, width: 5, height: 5))
      scene.b.addSubview(extra)
      _ = scene.engine.makeFrame()
      extra.alpha = 0.5
      #expect(scene.engine.makeFrame() != nil)
      extra.removeFromSuperview()
      _ = scene.engine.makeFrame()
      dropped = extra
    }
    #expect(dropped == nil, "a recycled list kept a view alive")
    var many: [View] = []
    for index in 0..<80 {
      let view = View(frame: CGRect(x: index, y: 0, width: 1, height: 1))
      many.append(view)
      scene.a.addSubview(view)
    }
    _ = scene.engine.makeFrame()
    for round in 0..<6 {
      let alpha = 0.1 + 0.1 * Double(round)
      let changed: [View] =
        switch round % 3 {
        case 0: [scene.child]
        case 1: [scene.child, scene.other, scene.a]
        default: many
        }
      for view in changed { view.alpha = alpha }
      let frame = scene.engine.makeFrame()
      #expect(frame != nil, "round \(round): no frame for \(changed.count) changed views")
      #expect(scene.engine.hash == scene.engine.makeRepeatedFullFrame().hash, "round \(round)")
      #expect(scene.engine.makeFrame() == nil, "round \(round): a change was sent twice")
    }
  }
}
