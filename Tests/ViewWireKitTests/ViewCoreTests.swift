import Foundation
import Testing
import ViewWireKit

/// The kit core behaves as UIKit does: geometry, hierarchy, the layout pass, first appearance.
struct ViewCoreTests {
  // MARK: Geometry

  @Test func settingTheFrameSetsCenterAndBounds() {
    let view = View(frame: CGRect(x: 10, y: 20, width: 100, height: 40))
    #expect(view.center == CGPoint(x: 60, y: 40))
    #expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 40))
    view.center = CGPoint(x: 0, y: 0)
    #expect(view.frame == CGRect(x: -50, y: -20, width: 100, height: 40))
  }

  @Test func changingTheBoundsSizeKeepsTheCenter() {
    let view = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    view.bounds = CGRect(x: 0, y: 0, width: 50, height: 20)
    #expect(view.center == CGPoint(x: 50, y: 50))
    #expect(view.frame == CGRect(x: 25, y: 40, width: 50, height: 20))
  }

  @Test func convertingPointsAccountsForOriginsAndScrollOffsets() {
    let window = Window(size: CGSize(width: 300, height: 300))
    let outer = View(frame: CGRect(x: 10, y: 20, width: 200, height: 200))
    let inner = View(frame: CGRect(x: 5, y: 5, width: 50, height: 50))
    window.addSubview(outer)
    outer.addSubview(inner)
    #expect(inner.convert(CGPoint(x: 1, y: 1), to: nil) == CGPoint(x: 16, y: 26))
    outer.bounds.origin = CGPoint(x: 0, y: 10)  // scrolled down by 10
    #expect(inner.convert(CGPoint(x: 1, y: 1), to: nil) == CGPoint(x: 16, y: 16))
    #expect(inner.convert(CGPoint(x: 16, y: 16), from: nil) == CGPoint(x: 1, y: 1))
  }

  // MARK: Hierarchy

  @Test func hierarchyOperationsKeepOrderAndParents() {
    let parent = View()
    let (a, b, c) = (View(), View(), View())
    a.tag = 1
    b.tag = 2
    c.tag = 3
    parent.addSubview(a)
    parent.addSubview(b)
    parent.insertSubview(c, at: 0)
    #expect(parent.subviews.map(\.tag) == [3, 1, 2])
    parent.bringSubviewToFront(c)
    #expect(parent.subviews.map(\.tag) == [1, 2, 3])
    parent.sendSubviewToBack(b)
    #expect(parent.subviews.map(\.tag) == [2, 1, 3])
    parent.exchangeSubview(at: 0, withSubviewAt: 2)
    #expect(parent.subviews.map(\.tag) == [3, 1, 2])
    parent.insertSubview(a, belowSubview: c)
    #expect(parent.subviews.map(\.tag) == [1, 3, 2])
    parent.insertSubview(a, aboveSubview: b)
    #expect(parent.subviews.map(\.tag) == [3, 2, 1])
    let other = View()
    other.addSubview(b)
    #expect(parent.subviews.map(\.tag) == [3, 1])
    #expect(b.superview === other)
    c.removeFromSuperview()
    #expect(c.superview == nil)
    #expect(parent.viewWithTag(1) === a)
  }

  /// `superview` is unowned, as UIKit's is unretained: a subview that outlives its superview
  /// (held elsewhere) is left with none, and reading it neither traps nor dangles.
  @Test func aSubviewThatOutlivesItsSuperviewHasNone() {
    let child = Label()
    weak var gone: View?
    do {
      let parent = View()
      parent.addSubview(child)
      gone = parent
      #expect(child.superview === parent)
    }
    #expect(gone == nil)
    #expect(child.superview == nil)
    let adopter = View()
    adopter.addSubview(child)
    #expect(child.superview === adopter)
  }

  /// The walks up the tree (a point's conversion, a layout's depth, a touch's recognizers) go
  /// through `superview`'s unretained storage: once the parent is removed or gone, they stop at
  /// the child instead of reading the parent.
  @Test func walksUpTheTreeStopWhereTheParentWent() {
    let child = View(frame: CGRect(x: 5, y: 7, width: 10, height: 10))
    let kept = View(frame: CGRect(x: 1, y: 2, width: 10, height: 10))
    weak var gone: View?
    do {
      let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
      let parent = View(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
      root.addSubview(parent)
      parent.addSubview(child)
      parent.addSubview(kept)
      gone = parent
      #expect(child.convert(CGPoint.zero, to: nil) == CGPoint(x: 105, y: 107))
      #expect(child.depth(below: root) == 2)
      #expect(kept.convert(CGPoint.zero, to: nil) == CGPoint(x: 101, y: 102))
      kept.removeFromSuperview()
      #expect(kept.superview == nil)
      #expect(kept.convert(CGPoint.zero, to: nil) == .zero)
      #expect(kept.depth(below: root) == nil)
    }
    #expect(gone == nil)
    #expect(child.superview == nil)
    #expect(child.convert(CGPoint.zero, to: nil) == .zero)
    #expect(child.depth(below: child) == 0)
  }

  /// A view whose `deinit` takes its subviews out, as UIKit code does.
  private final class TearingDown: View {
    deinit {
      for subview in subviews {
        subview.removeFromSuperview()
      }
    }
  }

  /// In a subclass's `deinit` the subviews still have their superview (UIKit's is unretained
  /// too), and taking them out works and leaves them without one.
  @Test func aDeinitMayTakeItsSubviewsOut() {
    let child = Label()
    do {
      let parent = TearingDown()
      parent.addSubview(child)
      let window = Window(size: CGSize(width: 100, height: 100))
      window.addSubview(parent)
      parent.removeFromSuperview()
    }
    #expect(child.superview == nil)
  }

  /// A window subclass that counts its own layout passes and drawing.
  private final class CountingWindow: Window {
    var layouts = 0
    var draws = 0
    override func layoutSubviews() { layouts += 1 }
    override func draw(_ rect: CGRect) { draws += 1 }
  }

  /// A window lays itself out and draws before its first frame, as every view in it does.
  @Test func aWindowSubclassIsLaidOutAndDrawnLikeItsViews() {
    let window = CountingWindow(size: CGSize(width: 100, height: 100))
    window.prepareFrame()
    #expect((window.layouts, window.draws) == (1, 1))
    window.setNeedsLayout()
    window.prepareFrame()
    #expect(window.layouts == 2)
  }

  @Test func viewsKnowTheirWindowAndLoseItWhenRemoved() {
    let window = Window(size: CGSize(width: 10, height: 10))
    let parent = View()
    let child = View()
    parent.addSubview(child)
    #expect(child.window == nil)
    window.addSubview(parent)
    #expect(child.window === window)
    parent.removeFromSuperview()
    #expect(child.window == nil)
  }

  // MARK: Layout

  @Test func layoutRunsParentsFirstAndOncePerPass() {
    let window = Window(size: CGSize(width: 100, height: 100))
    var log: [String] = []
    let parent = RecordingView(name: "parent") { log.append($0) }
    let child = RecordingView(name: "child") { log.append($0) }
    parent.addSubview(child)
    window.addSubview(parent)
    parent.resizeChildOnLayout = child
    window.prepareFrame()
    #expect(log == ["parent", "child"])
    log = []
    window.prepareFrame()
    #expect(log.isEmpty, "nothing changed, nothing lays out")
    parent.frame.size = CGSize(width: 50, height: 50)
    window.prepareFrame()
    #expect(log == ["parent"], "the child's size did not change, so only the parent lays out")
  }

  @Test func firstAppearanceFollowsUIKitsOrder() {
    let window = Window(size: CGSize(width: 100, height: 100))
    var events: [String] = []
    window.traceSink = { kind, detail in if kind == "lifecycle" { events.append(detail) } }
    let controller = RecordingController { events.append($0) }
    window.rootViewController = controller
    window.prepareFrame()
    #expect(
      events == [
        "RecordingController loadView", "RecordingController viewDidLoad",
        "RecordingController viewWillAppear", "RecordingController viewIsAppearing",
        // The window's trace names each layout callback just before the override runs.
        "RecordingController viewWillLayoutSubviews", "viewWillLayoutSubviews",
        "RootView layoutSubviews", "layoutSubviews",
        "RecordingController viewDidLayoutSubviews", "viewDidLayoutSubviews",
        "RecordingController viewDidAppear",
      ])
  }
}

private final class RecordingView: View {
  let name: String
  let record: (String) -> Void
  weak var resizeChildOnLayout: View?

  required init() { fatalError("made only with init(name:record:)") }

  init(name: String, record: @escaping (String) -> Void) {
    self.name = name
    self.record = record
    super.init(frame: .zero)
  }

  override func layoutSubviews() {
    record(name)
    resizeChildOnLayout?.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
  }
}

private final class RecordingController: ViewController {
  let record: (String) -> Void
  init(record: @escaping (String) -> Void) {
    self.record = record
    super.init(nibName: nil, bundle: nil)
  }
  override func loadView() {
    view = RootView(record: record)
  }
  override func viewWillLayoutSubviews() { record("viewWillLayoutSubviews") }
  override func viewDidLayoutSubviews() { record("viewDidLayoutSubviews") }

  final class RootView: View {
    let record: (String) -> Void
    required init() { fatalError("made only with init(record:)") }

    init(record: @escaping (String) -> Void) {
      self.record = record
      super.init(frame: .zero)
    }
    override func layoutSubviews() { record("layoutSubviews") }
  }
}
