import Foundation
import Testing
import ViewWireDiff
import ViewWireKit

/// Hierarchy operations as a client sees them: each operation's frame, line for line, and the
/// view-level properties (border, clipping, centre, tag, fitting sizes, layout once per frame).
struct HierarchyDiffTests {
  /// The window (#1) holds `parent` (#2) with `a`, `b`, `c` (#3, #4, #5) and `other` (#6).
  final class Scene {
    let window = Window(size: CGSize(width: 200, height: 200))
    let parent = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let a = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    let b = View(frame: CGRect(x: 10, y: 0, width: 10, height: 10))
    let c = View(frame: CGRect(x: 20, y: 0, width: 10, height: 10))
    let other = View(frame: CGRect(x: 100, y: 0, width: 100, height: 100))
    let engine: DiffEngine

    init() {
      window.addSubview(parent)
      for view in [a, b, c] { parent.addSubview(view) }
      window.addSubview(other)
      engine = DiffEngine(window: window)
      _ = engine.makeFrame()
    }

    func diffLines() -> [String] { engine.nextDiffLines() }

    var order: [Int] { parent.subviews.compactMap { engine.id(of: $0) } }
  }

  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let operation: @Sendable (Scene) -> Void
    /// The ids of `parent`'s subviews afterwards.
    let order: [Int]
    let lines: [String]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "bring the back view to the front", operation: { $0.parent.bringSubviewToFront($0.a) },
      order: [4, 5, 3], lines: ["move 3 2 2"]),
    Case(
      name: "bring the front view to the front", operation: { $0.parent.bringSubviewToFront($0.c) },
      order: [3, 4, 5], lines: []),
    Case(
      name: "send the front view to the back", operation: { $0.parent.sendSubviewToBack($0.c) },
      order: [5, 3, 4], lines: ["move 5 2 0"]),
    Case(
      name: "send the back view to the back", operation: { $0.parent.sendSubviewToBack($0.a) },
      order: [3, 4, 5], lines: []),
    Case(
      name: "exchange the first and the last",
      operation: { $0.parent.exchangeSubview(at: 0, withSubviewAt: 2) },
      order: [5, 4, 3], lines: ["move 5 2 0", "move 4 2 1"]),
    Case(
      name: "exchange an index with itself",
      operation: { $0.parent.exchangeSubview(at: 1, withSubviewAt: 1) },
      order: [3, 4, 5], lines: []),
    Case(
      name: "exchange out of range", operation: { $0.parent.exchangeSubview(at: 0, withSubviewAt: 9) },
      order: [3, 4, 5], lines: []),
    Case(
      name: "insert a sibling at index 1", operation: { $0.parent.insertSubview($0.c, at: 1) },
      order: [3, 5, 4], lines: ["move 5 2 1"]),
    Case(
      name: "insert beyond the end clamps to the end", operation: { $0.parent.insertSubview($0.a, at: 99) },
      order: [4, 5, 3], lines: ["move 3 2 2"]),
    Case(
      name: "insert above a sibling", operation: { $0.parent.insertSubview($0.a, aboveSubview: $0.b) },
      order: [4, 3, 5], lines: ["move 4 2 0"]),
    Case(
      name: "insert below a sibling", operation: { $0.parent.insertSubview($0.c, belowSubview: $0.a) },
      order: [5, 3, 4], lines: ["move 5 2 0"]),
    Case(
      name: "insert another parent's view at index 0",
      operation: { $0.parent.insertSubview($0.other, at: 0) },
      order: [6, 3, 4, 5], lines: ["move 6 2 0"]),
    Case(
      name: "insert a new view below a sibling",
      operation: { scene in
        let new = View(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
        scene.parent.insertSubview(new, belowSubview: scene.b)
      },
      order: [3, 7, 4, 5], lines: ["create 7 View 2 1", "layout 7 1 2 3 4"]),
    Case(
      name: "insert a new view above the front view",
      operation: { scene in scene.parent.insertSubview(View(), aboveSubview: scene.c) },
      order: [3, 4, 5, 7], lines: ["create 7 View 2 3"]),
    Case(
      name: "move a subview to another parent and back to its place",
      operation: { scene in
        scene.other.addSubview(scene.b)
        scene.parent.insertSubview(scene.b, at: 1)
      },
      order: [3, 4, 5], lines: []),
    Case(
      name: "remove then bring to front does nothing to the removed view",
      operation: { scene in
        scene.b.removeFromSuperview()
        scene.parent.bringSubviewToFront(scene.b)
      },
      order: [3, 5], lines: ["remove 4"]),
  ]

  @Test(arguments: cases)
  func operationSendsTheseLines(_ testCase: Case) {
    let scene = Scene()
    testCase.operation(scene)
    #expect(scene.diffLines() == testCase.lines)
    #expect(scene.order == testCase.order)
  }

  // MARK: View properties on the wire

  struct PropertyCase: CustomTestStringConvertible, Sendable {
    let name: String
    let change: @Sendable (View) -> Void
    let lines: [String]
    var testDescription: String { name }
  }

  static let propertyCases: [PropertyCase] = [
    PropertyCase(name: "border width", change: { $0.layer.borderWidth = 2 }, lines: ["render 3 border=2"]),
    PropertyCase(
      name: "border colour", change: { $0.layer.borderColor = Color.red.cgColor },
      lines: ["render 3 borderColor=#ff0000ff"]),
    PropertyCase(name: "clipping", change: { $0.clipsToBounds = true }, lines: ["render 3 clips=true"]),
    PropertyCase(
      name: "clipping through the layer", change: { $0.layer.masksToBounds = true },
      lines: ["render 3 clips=true"]),
    PropertyCase(
      name: "corner radius", change: { $0.layer.cornerRadius = 4.5 }, lines: ["render 3 radius=4.5"]),
    PropertyCase(
      name: "centre", change: { $0.center = CGPoint(x: 50, y: 50) }, lines: ["layout 3 45 45 10 10"]),
    PropertyCase(name: "tag sends nothing", change: { $0.tag = 7 }, lines: []),
    PropertyCase(
      name: "border removed again",
      change: { view in
        view.layer.borderWidth = 2
        view.layer.borderWidth = 0
      }, lines: []),
  ]

  @Test(arguments: propertyCases)
  func propertySendsTheseLines(_ testCase: PropertyCase) {
    let scene = Scene()
    testCase.change(scene.a)
    #expect(scene.diffLines() == testCase.lines)
  }

  @Test func viewWithTagSearchesDepthFirstIncludingItself() {
    let scene = Scene()
    scene.parent.tag = 1
    scene.b.tag = 2
    scene.other.tag = 2
    #expect(scene.window.viewWithTag(1) === scene.parent)
    #expect(scene.window.viewWithTag(2) === scene.b, "parent's subtree comes before its later sibling")
    #expect(scene.parent.viewWithTag(1) === scene.parent)
    #expect(scene.c.viewWithTag(2) == nil)
  }

  @Test func sizeToFitUsesSizeThatFitsAndKeepsTheOrigin() {
    let plain = View(frame: CGRect(x: 5, y: 6, width: 30, height: 40))
    #expect(plain.sizeThatFits(CGSize(width: 1, height: 1)) == CGSize(width: 30, height: 40))
    let label = Label(frame: CGRect(x: 5, y: 6, width: 1, height: 1))
    label.text = "abcd"
    label.sizeToFit()
    // The text model: four half-em characters at 17 points, one 21-point line.
    #expect(label.frame == CGRect(x: 5, y: 6, width: 34, height: 21))
  }

  // MARK: Layout once per frame

  @Test func layoutSubviewsRunsOncePerFrameHoweverOftenTheSizeChanges() {
    let window = Window(size: CGSize(width: 200, height: 200))
    let view = CountingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    window.addSubview(view)
    let engine = DiffEngine(window: window)
    _ = engine.makeFrame()
    #expect(view.layouts == 1, "the first frame lays the new view out")
    view.frame.size.width = 20
    view.bounds.size.height = 30
    view.frame = CGRect(x: 1, y: 1, width: 40, height: 40)
    view.setNeedsLayout()
    _ = engine.makeFrame()
    #expect(view.layouts == 2)
    view.frame.origin = CGPoint(x: 9, y: 9)
    view.center = CGPoint(x: 100, y: 100)
    _ = engine.makeFrame()
    #expect(view.layouts == 2, "moving without resizing does not lay out")
    view.frame.size = CGSize(width: 41, height: 41)
    view.frame.size = CGSize(width: 40, height: 40)
    _ = engine.makeFrame()
    #expect(view.layouts == 3, "a size changed and changed back still asked for layout, once")
  }

  @Test func aParentResizingItsChildLaysTheChildOutInTheSamePass() {
    let window = Window(size: CGSize(width: 200, height: 200))
    let parent = CountingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let child = CountingView()
    parent.addSubview(child)
    parent.onLayout = { view in child.frame = view.bounds.insetBy(dx: 10, dy: 10) }
    window.addSubview(parent)
    window.prepareFrame()
    #expect((parent.layouts, child.layouts) == (1, 1))
    parent.frame.size = CGSize(width: 60, height: 60)
    window.prepareFrame()
    #expect((parent.layouts, child.layouts) == (2, 2))
    #expect(child.frame == CGRect(x: 10, y: 10, width: 40, height: 40))
  }
}

private final class CountingView: View {
  var layouts = 0
  var onLayout: ((View) -> Void)?

  override func layoutSubviews() {
    layouts += 1
    onLayout?(self)
  }
}
